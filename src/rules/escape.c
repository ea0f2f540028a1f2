/*
 * escape.c - untrusted text on its way out: what a record holds (a name,
 * a comment, a move as written) reaches a terminal, a picture, a TSV
 * field or a JSON string as text, never as commands or markup
 * (yote_escape, yote.h); and the one form of a diagnostic line
 * (yote_error_format), which every tool prints.
 */
#include <stdio.h>
#include <string.h>

#include "yote_int.h"

/*
 * The length of the well-formed UTF-8 character at s (n bytes left, n >
 * 0), with its code point in *cp; 0 when the bytes are not one (a stray
 * continuation byte, a cut sequence, an overlong form, a surrogate, or a
 * code point above U+10FFFF).  cp may be NULL.
 */
size_t
yote_utf8_char(const char *text, size_t n, unsigned long *cp)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t len, i;
	unsigned long c;

	if (s[0] < 0x80) {
		if (cp != NULL)
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
	if (cp != NULL)
		*cp = c;
	return len;
}

size_t
yote_utf8_put(unsigned long cp, char *out)
{
	unsigned char *o = (unsigned char *)out;

	if (cp < 0x80) {
		o[0] = (unsigned char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (unsigned char)(0xC0 | cp >> 6);
		o[1] = (unsigned char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (unsigned char)(0xE0 | cp >> 12);
		o[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
		o[2] = (unsigned char)(0x80 | (cp & 0x3F));
		return 3;
	}
	o[0] = (unsigned char)(0xF0 | cp >> 18);
	o[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3F));
	o[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
	o[3] = (unsigned char)(0x80 | (cp & 0x3F));
	return 4;
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
 * YOTE_ESC_MAX bytes, not terminated), its length in *olen.  Returns the
 * input bytes it stands for.  Control characters (C0, DEL, C1) and bytes
 * that are not UTF-8 become \xHH, one per byte, so that nothing reaches
 * a terminal that it would obey, and XML gets only characters XML 1.0
 * allows (U+FFFE and U+FFFF are shown by their bytes too).  Bidirectional
 * controls and invisible characters become \uXXXX, in JSON too (where that
 * is their escape).
 */
size_t
yote_escape_char(const char *text, size_t n, unsigned how, char *out,
    size_t *olen)
{
	const unsigned char *s = (const unsigned char *)text;
	static const char hex[] = "0123456789abcdef";
	unsigned long cp = 0;
	size_t len = yote_utf8_char(text, n, &cp), i;
	const char *ent = NULL;

	if (len > 0 && (how & YOTE_ESC_FIELD) && (cp == '\t' || cp == '\n' ||
	    cp == '\r')) {
		out[0] = ' ';
		*olen = 1;
		return 1;
	}
	if (len > 0 && (bidi_control(cp) || invisible(cp))) {
		*olen = (size_t)snprintf(out, YOTE_ESC_MAX, "\\u%04lx", cp);
		return len;
	}
	if (how & YOTE_ESC_JSON) {
		if (len == 0 || cp < 0x20 || (cp >= 0x7F && cp <= 0x9F)) {
			*olen = (size_t)snprintf(out, YOTE_ESC_MAX, "\\u%04lx",
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
	if (how & YOTE_ESC_XML)
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
yote_escape(char *dst, size_t size, const char *src, unsigned how)
{
	const unsigned char *s = (const unsigned char *)src;
	size_t n = strlen(src), used = 0, k, olen, i, at[4] = { 0 };
	char one[YOTE_ESC_MAX];

	if (size == 0)
		return 0;
	for (i = 0; n > 0; i++) {
		k = yote_escape_char((const char *)s, n, how, one, &olen);
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

size_t
yote_error_format(const struct yote_error *e, const char *program,
    char *buf, size_t size)
{
	size_t n = 0;

	if (size < 2) {
		if (size == 1)
			buf[0] = '\0';
		return 0;
	}
#define ADD(...) do { if (n < size) n += (size_t)snprintf(buf + n, \
	size - n, __VA_ARGS__); } while (0)
#define ADD_TEXT(s) do { if (n + 1 < size) n += yote_escape(buf + n, \
	size - n - 1, (s), 0); } while (0)
	if (program != NULL)
		ADD("%s: ", program);
	if (e->file != NULL) {
		ADD_TEXT(e->file);
		if (e->line > 0) {
			ADD(":%lu", e->line);
			if (e->col > 0)
				ADD(":%lu", e->col);
		}
		ADD(": ");
	}
	if (e->game > 0) {
		ADD("game %lu", e->game);
		if (e->ply > 0)
			ADD(", ply %lu", e->ply);
		ADD(": ");
	} else if (e->ply > 0)
		ADD("ply %lu: ", e->ply);
	if (e->code == 0 && yote_diag_is_warning(e->diag))
		ADD("warning: ");
	ADD_TEXT(e->msg);
	/* the newline even when the message was cut */
	if (n >= size - 1)
		n = size - 2;
	buf[n++] = '\n';
	buf[n] = '\0';
#undef ADD_TEXT
#undef ADD
	return n;
}
