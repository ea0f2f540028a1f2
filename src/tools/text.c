/*
 * text.c - untrusted text on its way out: what a record holds reaches a
 * terminal, a picture, a TSV field or a JSON string as text, never as
 * commands or markup (yote_escape, yote.h), and its width in columns.
 */
#define _XOPEN_SOURCE 700    /* wcwidth */
#include <ctype.h>
#include <locale.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

#include "tool.h"

const char *
tool_text(const char *s)
{
	static _Thread_local char ring[TOOL_TEXT_RING][TOOL_TEXT_MAX];
	static _Thread_local unsigned next;
	char *buf = ring[next++ % TOOL_TEXT_RING];

	if (s == NULL)
		return NULL;
	yote_escape(buf, TOOL_TEXT_MAX, s, 0);
	return buf;
}

int
tool_put_text(FILE *fp, const char *src, unsigned how)
{
	const unsigned char *s = (const unsigned char *)src;
	size_t n = strlen(src), k, olen;
	char one[YOTE_ESC_MAX];

	while (n > 0) {
		k = yote_escape_char((const char *)s, n, how, one, &olen);
		if (fwrite(one, 1, olen, fp) != olen)
			return -1;
		s += k;
		n -= k;
	}
	return 0;
}

/* Is byte c the start of a character (not a UTF-8 continuation)? */
#define STARTS(c) (((unsigned char)(c) & 0xC0) != 0x80)

/*
 * The columns a terminal gives code point cp: 0 for a combining mark or
 * a zero-width character, 2 for a wide one (libc's wcwidth, asked under
 * C.UTF-8 whatever the user's locale, so that every tool counts alike);
 * 1 when that locale is missing or wcwidth knows no width (a control
 * character is never printed as itself).
 */
static locale_t utf8;

static void
utf8_open(void)
{
	utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
}

static int
cp_width(unsigned long cp)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	locale_t old;
	int w;

	if (cp < 0x80)
		return 1;
	pthread_once(&once, utf8_open);     /* tables are written from
						   threads too (-j) */
	if (utf8 == (locale_t)0)
		return 1;
	old = uselocale(utf8);
	w = wcwidth((wchar_t)cp);
	uselocale(old);
	return w < 0 ? 1 : w;
}

size_t
tool_chars(const char *s, size_t n)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		k += STARTS(s[i]);
	return k;
}

size_t
tool_width(const char *src, size_t n)
{
	const unsigned char *s = (const unsigned char *)src;
	unsigned long cp;
	size_t k, cols = 0;

	while (n > 0) {
		if ((k = yote_utf8_char((const char *)s, n, &cp)) == 0) {
			k = 1;          /* a byte that is no character: one */
			cols++;
		} else
			cols += (size_t)cp_width(cp);
		s += k;
		n -= k;
	}
	return cols;
}

/* The columns src takes as tool_put_text writes it. */
static size_t
shown_width(const char *src, unsigned how)
{
	size_t n = strlen(src), k, olen, cols = 0;
	char one[YOTE_ESC_MAX];

	for (; n > 0; src += k, n -= k) {
		k = yote_escape_char(src, n, how, one, &olen);
		cols += tool_width(one, olen);
	}
	return cols;
}

int
tool_put_cell(FILE *fp, const char *src, int width, unsigned how)
{
	const unsigned char *s = (const unsigned char *)src;
	size_t n = strlen(src), k, olen;
	char one[YOTE_ESC_MAX];
	int cols = 0, w, room = width;

	/* a text cut short says so: "..." in its last three columns, as
	 * the suite's other outputs mark a cut (two names that differ past
	 * the cell's width would read the same) */
	if (width > 3 && shown_width(src, how) > (size_t)width)
		room = width - 3;
	while (n > 0) {
		k = yote_escape_char((const char *)s, n, how, one, &olen);
		w = (int)tool_width(one, olen);
		if (width > 0 && cols + w > room)
			break;  /* never half a character or an escape */
		if (fwrite(one, 1, olen, fp) != olen)
			return -1;
		cols += w;
		s += k;
		n -= k;
	}
	if (n > 0 && room < width) {
		fputs("...", fp);
		cols += 3;
	}
	for (; cols < width; cols++)
		putc(' ', fp);
	return 0;
}

char *
tool_cut(char *dst, size_t size, const char *src, int chars)
{
	size_t n = strlen(src), k, olen, end = 0, total = 0, c;
	const char *p;
	char one[YOTE_ESC_MAX];
	int limit;

	/* the text as shown: its characters, an escape's each counted */
	for (p = src, k = n; k > 0; p += c, k -= c) {
		c = yote_escape_char(p, k, 0, one, &olen);
		total += tool_chars(one, olen);
	}
	/* cut: the last characters give way to "..." */
	limit = total <= (size_t)chars ? chars : chars - 3;
	for (total = 0; n > 0; src += k, n -= k) {
		k = yote_escape_char(src, n, 0, one, &olen);
		c = tool_chars(one, olen);
		if ((int)(total + c) > limit || end + olen + 4 > size)
			break;
		memcpy(dst + end, one, olen);
		end += olen;
		total += c;
	}
	if (n > 0) {
		memcpy(dst + end, "...", 3);
		end += 3;
	}
	dst[end] = '\0';
	return dst;
}

const char *
tool_escape_cut(const char *line, const char *at)
{
	const char *b;
	size_t k, len, i;

	for (k = 1; k < 6 && at - k >= line; k++) {
		b = at - k;
		if (b[0] != '\\' || (b[1] != 'x' && b[1] != 'u'))
			continue;
		len = b[1] == 'x' ? 4 : 6;
		for (i = 2; i < len && isxdigit((unsigned char)b[i]); i++)
			;
		/* a whole escape that at would split: cut before it */
		if (i == len && k < len)
			return b > line ? b : at;
	}
	return at;
}

void
tool_wrap(FILE *fp, const char *text, int indent)
{
	const char *p = text, *q, *brk;
	int width = TOOL_COLS, cols, w;
	size_t k;

	while (*p != '\0') {
		brk = NULL;
		for (q = p, cols = 0; *q != '\0' && *q != '\n'; q++) {
			/* columns, not characters: an accent as a mark of
			 * its own takes none, a wide character two */
			if (STARTS(*q)) {
				for (k = 1; q[k] != '\0' && !STARTS(q[k]); k++)
					;
				if (cols + (w = (int)tool_width(q, k)) > width)
					break;
				cols += w;
			}
			if (*q == ' ')
				brk = q;
		}
		if (*q == '\0' || *q == '\n' || *q == ' ')
			brk = q;        /* the rest fits, or up to a blank */
		else if (brk == NULL || brk == p)
			/* a word longer than a line: cut, never within an
			 * escape (\u202e) */
			brk = tool_escape_cut(p, q);
		fprintf(fp, "%.*s\n", (int)(brk - p), p);
		/* the blanks at a break go; a line's own indent stays */
		if (*brk == '\n')
			p = brk + 1;
		else
			p = brk + strspn(brk, " ");
		if (*p != '\0') {
			fprintf(fp, "%*s", indent, "");
			width = TOOL_COLS - indent;
		}
	}
}

void
tool_put_field(FILE *fp, const struct yote_record *rec, const char *key,
    const char *dflt)
{
	const char *v = yote_node_text(rec->root, key);

	putc('\t', fp);
	if (v == NULL)
		fputs(dflt, fp);
	else
		tool_put_text(fp, v, YOTE_ESC_FIELD);
}
