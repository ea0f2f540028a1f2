/*
 * error.c - errors and diagnostic names: the bottom layer, which every
 * other file of the library may call and which calls none of them.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "yote_int.h"

void
yote_error_clear(struct yote_error *err)
{
	if (err != NULL)
		yote_error_reset(err);
}

int
yote_error_vset(struct yote_error *err, int code, const char *fmt,
    va_list ap)
{
	if (err == NULL)
		return code;
	/* a new problem: nothing of one said before in the same object
	 * (its place, game, ply, kind) may stay with it; the caller places
	 * this one */
	memset(err, 0, sizeof(*err));
	err->code = code;
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	return code;
}

int
yote_error_set(struct yote_error *err, int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	yote_error_vset(err, code, fmt, ap);
	va_end(ap);
	return code;
}

static const char *const diag_names[YOTE_D_COUNT] = { "none", "yaml",
	"limit", "not-a-mapping", "missing-key", "bad-version", "bad-type",
	"bad-rules", "bad-start", "move-syntax", "illegal-move", "after-end",
	"bad-result", "bad-termination", "result-mismatch", "io",
	"duplicate-key", "damaged-archive", "unknown-key", "suspect-value",
	"no-such-game", "missing-result" };

const char *
yote_diag_name(int diag)
{
	return diag >= 0 && diag < YOTE_D_COUNT ? diag_names[diag] : "?";
}

int
yote_diag_is_warning(int diag)
{
	return diag == YOTE_D_UNKNOWN_KEY || diag == YOTE_D_SUSPECT_VALUE ||
	    diag == YOTE_D_NO_RESULT;
}

/*
 * The characters of s (UTF-8; a byte that does not begin a well-formed
 * character counts as one) into cp, ASCII letters in lower case; their
 * number, or (size_t)-1 when there are more than YOTE_DISTANCE_MAX.
 */
static size_t
distance_chars(const char *s, uint32_t *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = 0, len, i;
	uint32_t c;

	while (*u != '\0') {
		if (n == YOTE_DISTANCE_MAX)
			return (size_t)-1;
		len = *u < 0xC0 ? 1 : *u < 0xE0 ? 2 : *u < 0xF0 ? 3 : 4;
		c = len == 1 ? *u : *u & (0x7Fu >> len);
		for (i = 1; i < len; i++) {
			if ((u[i] & 0xC0) != 0x80)
				break;
			c = c << 6 | (u[i] & 0x3Fu);
		}
		if (i < len) {  /* cut short: the byte alone */
			len = 1;
			c = *u;
		}
		cp[n++] = c < 0x80 ? (uint32_t)tolower((int)c) : c;
		u += len;
	}
	return n;
}

/*
 * Edit distance in characters with swaps of neighbours (frist -> first is
 * one edit; c3\u2013c4, an en dash for the hyphen, too), letters compared
 * without case, so that Rules -> rules is none: three rows of the table
 * kept, so texts up to YOTE_DISTANCE_MAX characters (longer ones are never
 * close to anything: (size_t)-1).
 */
size_t
yote_text_distance(const char *a, const char *b)
{
	size_t rows[3][YOTE_DISTANCE_MAX + 1], la, lb;
	size_t *d2, *d1, *d0, *t, i, j, c;
	uint32_t ca[YOTE_DISTANCE_MAX], cb[YOTE_DISTANCE_MAX];

	if ((la = distance_chars(a, ca)) == (size_t)-1 ||
	    (lb = distance_chars(b, cb)) == (size_t)-1)
		return (size_t)-1;
	d2 = rows[0];   /* row i - 2 */
	d1 = rows[1];   /* row i - 1 */
	d0 = rows[2];   /* row i */
	for (j = 0; j <= lb; j++)
		d1[j] = j;
	for (i = 1; i <= la; i++) {
		d0[0] = i;
		for (j = 1; j <= lb; j++) {
			c = ca[i - 1] != cb[j - 1];
			d0[j] = d1[j - 1] + c;
			if (d1[j] + 1 < d0[j])
				d0[j] = d1[j] + 1;
			if (d0[j - 1] + 1 < d0[j])
				d0[j] = d0[j - 1] + 1;
			if (i > 1 && j > 1 && ca[i - 1] == cb[j - 2] &&
			    ca[i - 2] == cb[j - 1] && d2[j - 2] + 1 < d0[j])
				d0[j] = d2[j - 2] + 1;
		}
		/* the rows move up one */
		t = d2;
		d2 = d1;
		d1 = d0;
		d0 = t;
	}
	return d1[lb];
}

const char *
yote_suggest(const char *word, const char *const *cands)
{
	const char *best = NULL;
	size_t bd = (size_t)-1, d, len = strlen(word);

	for (; *cands != NULL; cands++) {
		if (strcmp(word, *cands) == 0)
			return NULL;    /* not a typo at all */
		if ((d = yote_text_distance(word, *cands)) < bd) {
			bd = d;
			best = *cands;
		}
	}
	/* a case slip, or few edits in a word long enough to tell */
	return best != NULL && (bd == 0 || (bd <= 2 && 2 * bd < len)) ?
	    best : NULL;
}

/* Characters of the valid UTF-8 text s (n bytes): bytes that begin one. */
size_t
yote_utf8_chars(const char *s, size_t n)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xC0) != 0x80;
	return c;
}
