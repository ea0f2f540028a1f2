/*
 * text_input.c - the bytes of a text stream (YAML records), decoded to
 * UTF-8 for the reader (yaml_read.c) and libyaml alike.
 *
 * libyaml reads UTF-16 that starts with a byte order mark, but then the
 * reader's own work (lines, marker lines, the
 * bytes kept to resume at) would look at UTF-16 bytes as if they were
 * UTF-8: no marker line is ever found, and a second byte order mark (two
 * files joined with cat) is text in the middle of a document.  So the
 * input is decoded here, before anything looks at it: libyaml and the
 * reader see UTF-8 only.  A byte order mark at the start of a line, of any
 * of the three encodings, sets the encoding from there on, and is handed
 * on as the UTF-8 one, which is passed over as every byte order mark at
 * the start of a line is (yaml_read.c).  A file without one joined after
 * a file in another encoding starts with "---" (formats/record.md 1):
 * that line in the other encoding sets it too.  A UTF-16 code unit that is half
 * a pair alone, and a byte that ends the input in the middle of a unit,
 * become bytes that are not UTF-8, which libyaml refuses at their place.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "yote_int.h"
#include "yote_fmt.h"

#define INPUT_BLOCK 65536       /* bytes read at a time from a file */

enum { ENC_UTF8, ENC_UTF16LE, ENC_UTF16BE };

/* The next byte of the input as it is, or EOF (io_errno set on a
 * failure). */
static inline int
raw_byte(struct yote_text_input *rd)
{
	int c;

	if (rd->rpushn > 0)
		return rd->rpush[--rd->rpushn];
	if (rd->headpos < rd->headlen)
		return rd->head[rd->headpos++];
	if (rd->ipos < rd->ilen)
		return rd->ibuf[rd->ipos++];
	if (rd->eof)
		return EOF;
	if (rd->ibuf != NULL) {
		rd->ipos = 0;
		if ((rd->ilen = fread(rd->ibuf, 1, INPUT_BLOCK, rd->fp)) > 0)
			return rd->ibuf[rd->ipos++];
		c = EOF;
	} else
		/* one reader per stream and thread: no lock per byte */
		c = getc_unlocked(rd->fp);
	if (c == EOF) {
		if (ferror(rd->fp))
			rd->io_errno = errno ? errno : EIO;
		rd->eof = 1;
	}
	return c;
}

/* Give c back to raw_byte (bytes looked at ahead, last one first). */
static void
raw_unget(struct yote_text_input *rd, int c)
{
	if (c != EOF)
		rd->rpush[rd->rpushn++] = (unsigned char)c;
}

/* Code point cp as UTF-8 into the bytes decoded, not yet handed out. */
static void
pend_utf8(struct yote_text_input *rd, unsigned long cp)
{
	rd->pendpos = 0;
	rd->pendlen = yote_utf8_put(cp, (char *)rd->pend);
}

/*
 * Whether the next bytes are pat[0..n) ('*': a space, a tab or a line
 * end); taken when they are and take is set, else given back.
 */
static int
raw_looks(struct yote_text_input *rd, const char *pat, size_t n, int take)
{
	int got[8], ok = 1;
	size_t i = 0;

	while (ok && i < n) {
		if ((got[i] = raw_byte(rd)) == EOF) {
			ok = 0;
			break;
		}
		ok = pat[i] == '*' ? got[i] != 0 &&
		    strchr(" \t\r\n", got[i]) != NULL :
		    got[i] == (unsigned char)pat[i];
		i++;
	}
	if (ok && take)
		return 1;
	while (i > 0)
		raw_unget(rd, got[--i]);
	return ok;
}

/* At the start of a line: a byte order mark, or "---" in the other
 * encoding. */
static void
line_start(struct yote_text_input *rd)
{
	int c;

	rd->dec_bol = 0;
	/* most lines start with none of the bytes looked for; a '-' only
	 * begins "---" in UTF-16 when a NUL follows it (a game's "---" line
	 * does not: no need to look further) */
	if (rd->enc == ENC_UTF8 && rd->rpushn == 0 &&
	    rd->headpos == rd->headlen && rd->ipos < rd->ilen &&
	    (c = rd->ibuf[rd->ipos]) != 0 && c != 0xEF && c != 0xFF &&
	    c != 0xFE && (c != '-' || (rd->ipos + 1 < rd->ilen &&
	    rd->ibuf[rd->ipos + 1] != 0)))
		return;
	if (raw_looks(rd, "\xEF\xBB\xBF", 3, 1))
		rd->enc = ENC_UTF8;
	else if (raw_looks(rd, "\xFF\xFE", 2, 1))
		rd->enc = ENC_UTF16LE;
	else if (raw_looks(rd, "\xFE\xFF", 2, 1))
		rd->enc = ENC_UTF16BE;
	else {
		if (rd->enc == ENC_UTF8 && raw_looks(rd, "-\0-\0-\0", 6, 0))
			rd->enc = ENC_UTF16LE;
		else if (rd->enc == ENC_UTF8 &&
		    raw_looks(rd, "\0-\0-\0-", 6, 0))
			rd->enc = ENC_UTF16BE;
		else if (rd->enc != ENC_UTF8 && raw_looks(rd, "---*", 4, 0))
			rd->enc = ENC_UTF8;
		return;
	}
	pend_utf8(rd, 0xFEFF);
}

/* The next UTF-16 code unit, -2 for a byte alone at the end, or EOF. */
static long
utf16_unit(struct yote_text_input *rd)
{
	int a, b;

	if ((a = raw_byte(rd)) == EOF)
		return EOF;
	if ((b = raw_byte(rd)) == EOF)
		return -2;
	return rd->enc == ENC_UTF16LE ? (long)(b << 8 | a) :
	    (long)(a << 8 | b);
}

int
yote_input_byte(struct yote_text_input *rd)
{
	long u, v;
	int c;

	if (rd->pendpos < rd->pendlen)
		return rd->pend[rd->pendpos++];
	if (rd->dec_bol) {
		line_start(rd);
		if (rd->pendpos < rd->pendlen)
			return rd->pend[rd->pendpos++];
	}
	if (rd->enc == ENC_UTF8) {
		c = raw_byte(rd);
		rd->dec_bol = c == '\n';
		return c;
	}
	if ((u = utf16_unit(rd)) == EOF)
		return EOF;
	if (u == -2) {
		/* half a unit: a byte UTF-8 never has */
		rd->pend[0] = 0xFF;
		rd->pendpos = 0;
		rd->pendlen = 1;
	} else if (u >= 0xD800 && u < 0xDC00) {
		/* a pair, else the half alone, as UTF-8 refuses it */
		if ((v = utf16_unit(rd)) >= 0xDC00 && v < 0xE000)
			u = 0x10000 + ((u - 0xD800) << 10) + (v - 0xDC00);
		else if (v >= 0) {
			raw_unget(rd, rd->enc == ENC_UTF16LE ? (int)(v >> 8) :
			    (int)(v & 0xFF));
			raw_unget(rd, rd->enc == ENC_UTF16LE ? (int)(v & 0xFF) :
			    (int)(v >> 8));
		}
		pend_utf8(rd, (unsigned long)u);
	} else
		pend_utf8(rd, (unsigned long)u);
	rd->dec_bol = u == '\n';
	return rd->pend[rd->pendpos++];
}

/*
 * yote_input_line from a regular file in UTF-8: read in large blocks (a
 * file never makes a read wait for more bytes), the line found with
 * memchr.
 */
static size_t
take_buffered(struct yote_text_input *rd, unsigned char *buf, size_t size)
{
	const unsigned char *nl = NULL;
	size_t n = 0, k;
	int c;

	while (n < size && nl == NULL) {
		if (rd->ipos == rd->ilen) {
			/* raw_byte fills the block, or finds the end */
			if ((c = raw_byte(rd)) == EOF)
				break;
			rd->ipos--;
		}
		k = rd->ilen - rd->ipos;
		if (k > size - n)
			k = size - n;
		if ((nl = memchr(rd->ibuf + rd->ipos, '\n', k)) != NULL)
			k = (size_t)(nl - (rd->ibuf + rd->ipos)) + 1;
		memcpy(buf + n, rd->ibuf + rd->ipos, k);
		rd->ipos += k;
		n += k;
	}
	rd->dec_bol = nl != NULL;
	return n;
}

/*
 * Up to size bytes of the input into buf, stopping after a newline: the
 * count (0 at the end, io_errno set on a failure).  A pipe a byte at a
 * time, not with fread: fread waits for a whole buffer, and a pipe must be
 * read game by game as the games come.
 */
size_t
yote_input_line(struct yote_text_input *rd, unsigned char *buf, size_t size)
{
	size_t n = 0;
	int c;

	if (rd->dec_bol && rd->pendpos == rd->pendlen)
		line_start(rd);
	/* the common case: UTF-8 from a file, nothing looked at ahead */
	if (rd->ibuf != NULL && rd->enc == ENC_UTF8 && !rd->eof &&
	    rd->pendpos == rd->pendlen && rd->rpushn == 0 &&
	    rd->headpos == rd->headlen)
		return take_buffered(rd, buf, size);
	while (n < size && (c = yote_input_byte(rd)) != EOF) {
		buf[n++] = (unsigned char)c;
		if (c == '\n')
			break;
	}
	return n;
}

const unsigned char *
yote_input_ahead(const struct yote_text_input *rd, size_t *avail)
{
	/* at a line's start, in UTF-8, nothing looked at or decoded ahead:
	 * the block's bytes are the input's as they are */
	if (rd->ibuf == NULL || rd->enc != ENC_UTF8 || !rd->dec_bol ||
	    rd->pendpos != rd->pendlen || rd->rpushn != 0 ||
	    rd->headpos != rd->headlen) {
		*avail = 0;
		return NULL;
	}
	*avail = rd->ilen - rd->ipos;
	return rd->ibuf + rd->ipos;
}

void
yote_input_pass(struct yote_text_input *rd, size_t n)
{
	rd->ipos += n;
}

int
yote_input_init(struct yote_text_input *rd, FILE *fp,
    const unsigned char *head, size_t len)
{
	struct stat st;
	int fd;

	memset(rd, 0, sizeof(*rd));
	rd->fp = fp;
	rd->dec_bol = 1;
	if ((rd->head = malloc(len + 1)) == NULL)
		return YOTE_ENOMEM;
	memcpy(rd->head, head, len);
	rd->headlen = len;
	/* a regular file is read ahead in blocks; a pipe or a terminal a
	 * byte at a time, so that nothing waits */
	if ((fd = fileno(fp)) >= 0 && fstat(fd, &st) == 0 &&
	    S_ISREG(st.st_mode) && (rd->ibuf = malloc(INPUT_BLOCK)) == NULL) {
		yote_input_free(rd);
		return YOTE_ENOMEM;
	}
	return 0;
}

void
yote_input_free(struct yote_text_input *rd)
{
	free(rd->head);
	free(rd->ibuf);
	rd->head = rd->ibuf = NULL;
}
