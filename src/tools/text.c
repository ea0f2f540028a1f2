/*
 * text.c - untrusted text on its way out: what a record holds reaches a
 * terminal, a picture, a TSV field or a JSON string as text, never as
 * commands or markup (tool.h, tool_escape).
 */
#define _XOPEN_SOURCE 700    /* wcwidth */
#include <locale.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

#include "tool.h"


/*
 * The length of the well-formed UTF-8 character at s (n bytes left, n >
 * 0), with its code point in *cp; 0 when the bytes are not one (a stray
 * continuation byte, a cut sequence, an overlong form, a surrogate, or a
 * code point above U+10FFFF).
 */
static size_t
utf8_char(const unsigned char *s, size_t n, unsigned long *cp)
{
	size_t len, i;
	unsigned long c;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] < 0xC2 || s[0] > 0xF4)
		return 0;
	len = s[0] < 0xE0 ? 2 : s[0] < 0xF0 ? 3 : 4;
	if (n < len)
		return 0;
	c = s[0] & (0x7F >> len);
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3F);
	}
	if ((len == 3 && c < 0x800) || (len == 4 && c < 0x10000) ||
	    c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
		return 0;
	*cp = c;
	return len;
}

/*
 * The bidirectional controls: embeddings and overrides (U+202A-202E),
 * isolates (U+2066-2069), the marks LRM, RLM (U+200E, U+200F) and ALM
 * (U+061C).  Shown as they are, an override in a name turns the rest of
 * the line round ("1-0" reads "0-1"), so they are shown as \uXXXX.  So
 * are the line and paragraph separators (U+2028, U+2029): the second
 * ends the bidirectional run too, and either ends a line for many
 * readers of a TSV row (Python's splitlines, JavaScript).
 */
static int
bidi_control(unsigned long cp)
{
	return (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 &&
	    cp <= 0x2069) || cp == 0x200E || cp == 0x200F || cp == 0x061C ||
	    cp == 0x2028 || cp == 0x2029;
}

/*
 * Characters that take no room and are seen nowhere: the zero width space
 * (U+200B), the word joiner and invisible operators (U+2060-2064) and the
 * zero width no-break space, which is also the byte order mark (U+FEFF).
 * A byte order mark inside a line of a file joined with cat, or one of
 * these pasted into a move, makes 'f3-d3' unreadable and a message about
 * its fifth character a riddle, so they are shown as \uXXXX, as the bidi
 * controls.  The joiners U+200C and U+200D are left: names are written
 * with them.
 */
static int
invisible(unsigned long cp)
{
	return cp == 0x200B || (cp >= 0x2060 && cp <= 0x2064) ||
	    cp == 0xFEFF;
}

/*
 * How the character at s (n > 0 bytes left) is shown: into out (at most
 * TOOL_ESC_MAX bytes, not terminated), its length in *olen.  Returns the
 * input bytes it stands for.  Control characters (C0, DEL, C1) and bytes
 * that are not UTF-8 become \xHH, one per byte, so that nothing reaches
 * a terminal that it would obey, and XML gets only characters XML 1.0
 * allows (U+FFFE and U+FFFF are shown by their bytes too).  Bidirectional
 * controls and invisible characters become \uXXXX, in JSON too (where that
 * is their escape).
 */
#define TOOL_ESC_MAX 12
static size_t
esc_char(const unsigned char *s, size_t n, unsigned how, char *out,
    size_t *olen)
{
	static const char hex[] = "0123456789abcdef";
	unsigned long cp = 0;
	size_t len = utf8_char(s, n, &cp), i;
	const char *ent = NULL;

	if (len > 0 && (how & TOOL_ESC_FIELD) && (cp == '\t' || cp == '\n' ||
	    cp == '\r')) {
		out[0] = ' ';
		*olen = 1;
		return 1;
	}
	if (len > 0 && (bidi_control(cp) || invisible(cp))) {
		*olen = (size_t)snprintf(out, TOOL_ESC_MAX, "\\u%04lx", cp);
		return len;
	}
	if (how & TOOL_ESC_JSON) {
		if (len == 0 || cp < 0x20 || (cp >= 0x7F && cp <= 0x9F)) {
			*olen = (size_t)snprintf(out, TOOL_ESC_MAX, "\\u%04lx",
			    len == 0 ? 0xFFFDUL : cp);
			return len == 0 ? 1 : len;
		}
		if (cp == '"' || cp == '\\') {
			out[0] = '\\';
			out[1] = (char)cp;
			*olen = 2;
			return 1;
		}
	} else if (len == 0 || cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) ||
	    cp == 0xFFFE || cp == 0xFFFF) {
		if (len == 0)
			len = 1;
		for (i = 0; i < len; i++) {
			out[4 * i] = '\\';
			out[4 * i + 1] = 'x';
			out[4 * i + 2] = hex[s[i] >> 4];
			out[4 * i + 3] = hex[s[i] & 15];
		}
		*olen = 4 * len;
		return len;
	}
	if (how & TOOL_ESC_XML)
		ent = cp == '<' ? "&lt;" : cp == '>' ? "&gt;" : cp == '&' ?
		    "&amp;" : cp == '"' ? "&quot;" : cp == '\'' ? "&#39;" :
		    NULL;
	if (ent != NULL) {
		*olen = strlen(ent);
		memcpy(out, ent, *olen);
	} else {
		memcpy(out, s, len);
		*olen = len;
	}
	return len;
}

size_t
tool_escape(char *dst, size_t size, const char *src, unsigned how)
{
	const unsigned char *s = (const unsigned char *)src;
	size_t n = strlen(src), used = 0, k, olen, i, at[4] = { 0 };
	char one[TOOL_ESC_MAX];

	if (size == 0)
		return 0;
	for (i = 0; n > 0; i++) {
		k = esc_char(s, n, how, one, &olen);
		if (used + olen >= size) {
			/* cut after a whole character (or reference), among
			 * the last four, and say so */
			for (k = 0; k < 4 && k < i && used + 3 >= size; k++)
				used = at[(i - 1 - k) % 4];
			if (used + 3 < size) {
				memcpy(dst + used, "...", 3);
				used += 3;
			}
			break;
		}
		at[i % 4] = used;
		memcpy(dst + used, one, olen);
		used += olen;
		s += k;
		n -= k;
	}
	dst[used] = '\0';
	return used;
}

const char *
tool_text(const char *s)
{
	static _Thread_local char ring[TOOL_TEXT_RING][TOOL_TEXT_MAX];
	static _Thread_local unsigned next;
	char *buf = ring[next++ % TOOL_TEXT_RING];

	if (s == NULL)
		return NULL;
	tool_escape(buf, TOOL_TEXT_MAX, s, 0);
	return buf;
}

int
tool_put_text(FILE *fp, const char *src, unsigned how)
{
	const unsigned char *s = (const unsigned char *)src;
	size_t n = strlen(src), k, olen;
	char one[TOOL_ESC_MAX];

	while (n > 0) {
		k = esc_char(s, n, how, one, &olen);
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
		if ((k = utf8_char(s, n, &cp)) == 0) {
			k = 1;          /* a byte that is no character: one */
			cols++;
		} else
			cols += (size_t)cp_width(cp);
		s += k;
		n -= k;
	}
	return cols;
}

int
tool_put_cell(FILE *fp, const char *src, int width, unsigned how)
{
	const unsigned char *s = (const unsigned char *)src;
	size_t n = strlen(src), k, olen;
	char one[TOOL_ESC_MAX];
	int cols = 0, w;

	while (n > 0) {
		k = esc_char(s, n, how, one, &olen);
		w = (int)tool_width(one, olen);
		if (width > 0 && cols + w > width)
			break;  /* never half a character or an escape */
		if (fwrite(one, 1, olen, fp) != olen)
			return -1;
		cols += w;
		s += k;
		n -= k;
	}
	for (; cols < width; cols++)
		putc(' ', fp);
	return 0;
}

char *
tool_cut(char *dst, size_t size, const char *src, int chars)
{
	size_t i = 0, end = 0;
	int n = 0;

	/* the characters that fit, then whether any is left */
	while (src[i] != '\0' && n < chars) {
		i++;
		while (!STARTS(src[i]) && src[i] != '\0')
			i++;
		if (i + 4 > size)       /* room for "..." and the NUL */
			break;
		end = i;
		n++;
	}
	memcpy(dst, src, end);
	if (src[end] != '\0' && end + 4 <= size) {
		/* cut: the last character gives way to "..." */
		while (end > 0 && n + 3 > chars) {
			end--;
			while (end > 0 && !STARTS(src[end]))
				end--;
			n--;
		}
		memcpy(dst + end, "...", 3);
		end += 3;
	}
	dst[end] = '\0';
	return dst;
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
			brk = q;        /* a word longer than a line: cut */
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
		tool_put_text(fp, v, TOOL_ESC_FIELD);
}
