/*
 * archive_io.c - the bytes of archives (formats/archive.md): growing
 * buffers, varints, little-endian integers, CRC-32 and the framing of
 * member and block headers, and zlib for the block payloads.
 */
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "archive_int.h"

const unsigned char yote_arc_magic[8] = { 0x89, 'Y', 'T', 'A', '\r', '\n',
	0x1A, '\n' };

int
yote_buf_grow(struct buf *b, size_t more)
{
	unsigned char *np;
	size_t cap;

	if (b->oom)
		return -1;
	if (b->cap - b->n >= more)
		return 0;
	cap = b->cap ? b->cap : 256;
	while (cap - b->n < more) {
		if (cap > SIZE_MAX / 2) {
			b->oom = 1;
			return -1;
		}
		cap *= 2;
	}
	if ((np = realloc(b->p, cap)) == NULL) {
		b->oom = 1;
		return -1;
	}
	b->p = np;
	b->cap = cap;
	return 0;
}

void
yote_buf_varint(struct buf *b, uint64_t v)
{
	while (v >= 0x80) {
		yote_buf_byte(b, (unsigned)(v & 0x7F) | 0x80);
		v >>= 7;
	}
	yote_buf_byte(b, (unsigned)v);
}

void
yote_buf_free(struct buf *b)
{
	free(b->p);
	b->p = NULL;
	b->n = b->cap = 0;
	b->oom = 0;
}

uint32_t
yote_crc(const unsigned char *p, size_t n)
{
	uLong c = crc32(0L, Z_NULL, 0);

	while (n > 0) {
		uInt k = n > 0x40000000 ? 0x40000000 : (uInt)n;

		c = crc32(c, p, k);
		p += k;
		n -= k;
	}
	return (uint32_t)c;
}

uint64_t
yote_cur_varint(struct cur *c)
{
	uint64_t v = 0;
	int shift = 0;
	unsigned b;

	do {
		if (c->pos >= c->n || shift > 63) {
			c->bad = 1;
			return 0;
		}
		b = c->p[c->pos++];
		v |= (uint64_t)(b & 0x7F) << shift;
		shift += 7;
	} while (b & 0x80);
	return v;
}

const unsigned char *
yote_cur_take(struct cur *c, size_t n)
{
	const unsigned char *p;

	if (c->bad || n > c->n - c->pos) {
		c->bad = 1;
		return NULL;
	}
	p = c->p + c->pos;
	c->pos += n;
	return p;
}

/* ------------------------------------------------------------ framing */

void
yote_arc_member_head(unsigned char h[MEMBER_HEAD], int version)
{
	memcpy(h, yote_arc_magic, 8);
	h[8] = (unsigned char)version;
	h[9] = h[10] = h[11] = 0;
	put32(h + 12, yote_crc(h, 12));
}

void
yote_arc_block_head(unsigned char h[BLOCK_HEAD], int type, uint32_t clen,
    uint32_t ulen, uint32_t games, uint64_t first, uint32_t zcrc)
{
	h[0] = 'Y';
	h[1] = 'T';
	h[2] = 'B';
	h[3] = (unsigned char)type;
	put32(h + 4, clen);
	put32(h + 8, ulen);
	put32(h + 12, games);
	put64(h + 16, first);
	put32(h + 24, zcrc);
	put32(h + 28, yote_crc(h, 28));
}

void
yote_arc_end_head(unsigned char h[BLOCK_HEAD], uint64_t size,
    uint64_t games, uint32_t ilen)
{
	memset(h, 0, BLOCK_HEAD);
	h[0] = 'Y';
	h[1] = 'T';
	h[2] = 'B';
	h[3] = 'E';
	put64(h + 4, size);
	put64(h + 12, games);
	put32(h + 20, ilen);
	put32(h + 28, yote_crc(h, 28));
}

int
yote_arc_block_head_ok(const unsigned char *h)
{
	return h[0] == 'Y' && h[1] == 'T' && h[2] == 'B' &&
	    yote_crc(h, 28) == get32(h + 28);
}

int
yote_arc_member_head_ok(const unsigned char *h)
{
	return memcmp(h, yote_arc_magic, 8) == 0 &&
	    yote_crc(h, 12) == get32(h + 12);
}

int
yote_arc_magic_like(const unsigned char *h, size_t n)
{
	size_t i, same = 0;

	for (i = 0; i < n && i < 8; i++)
		same += h[i] == yote_arc_magic[i];
	return same >= 6 || (n > 0 && h[0] == yote_arc_magic[0]);
}

/*
 * The magic holds CR LF, then LF, so that a text-mode transfer shows at
 * its first bytes (as PNG's does): CR LF made CR CR LF (sed 's/$/\r/')
 * or left and the lone LF made CR LF (unix2dos), or CR LF made LF.
 */
const char *
yote_arc_magic_converted(const unsigned char *h, size_t n)
{
	static const unsigned char sed[] = "\r\r\n\x1a\r\n",
	    u2d[] = "\r\n\x1a\r\n", d2u[] = "\n\x1a\n";

	if (n < 10 || memcmp(h, yote_arc_magic, 4) != 0)
		return NULL;
	if (memcmp(h + 4, sed, 6) == 0 || memcmp(h + 4, u2d, 5) == 0)
		return "every LF byte made CR LF";
	return memcmp(h + 4, d2u, 3) == 0 ? "every CR LF made LF" : NULL;
}

int
yote_arc_deflate(const struct buf *in, struct buf *z)
{
	uLongf zlen = compressBound((uLong)in->n);

	z->n = 0;
	if (yote_buf_grow(z, zlen) != 0)
		return -1;
	if (compress2(z->p, &zlen, in->p, (uLong)in->n,
	    Z_BEST_COMPRESSION) != Z_OK)
		return -2;
	z->n = zlen;
	return 0;
}

int
yote_arc_inflatable(uint64_t clen, uint64_t ulen)
{
	return ulen <= clen * ARC_ZLIB_RATIO + ARC_ZLIB_SLACK;
}

int
yote_arc_inflate(const unsigned char *z, size_t clen, uint32_t zcrc,
    unsigned char *out, size_t ulen)
{
	uLongf got = (uLongf)ulen;

	if (yote_crc(z, clen) != zcrc)
		return -1;
	if (uncompress(out, &got, z, (uLong)clen) != Z_OK || got != ulen)
		return -2;
	return 0;
}

/* ------------------------------------------------------------ format */

int
yote_format_detect(const unsigned char *head, size_t len)
{
	size_t i, same = 0;

	if (len == 0)
		return YOTE_FORMAT_YAML;
	if (head[0] == yote_arc_magic[0])
		return YOTE_FORMAT_ARCHIVE;
	for (i = 0; i < len && i < 8; i++)
		same += head[i] == yote_arc_magic[i];
	if (len >= 8 && same >= 6)
		return YOTE_FORMAT_ARCHIVE;
	/* lines, with or without a byte order mark and empty lines before
	 * them */
	i = len >= 4 && memcmp(head, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	while (i < len && (head[i] == ' ' || head[i] == '\t' ||
	    head[i] == '\r' || head[i] == '\n'))
		i++;
	return i < len && head[i] == '@' ? YOTE_FORMAT_LINES :
	    YOTE_FORMAT_YAML;
}

/* ------------------------------------------------------------ messages */

/* "games 4097-6144", "game 12", or "no games". */
const char *
yote_arc_range_text(unsigned long first, unsigned long count, char *buf, size_t n)
{
	if (count == 0)
		snprintf(buf, n, "no games");
	else if (count == 1)
		snprintf(buf, n, "game %lu", first);
	else
		snprintf(buf, n, "games %lu-%lu", first, first + count - 1);
	return buf;
}

/* "its 2048 games are", "its game is": how many a lost block held. */
const char *
yote_arc_lost_text(unsigned long count, char *buf, size_t n)
{
	if (count == 1)
		snprintf(buf, n, "its game is");
	else
		snprintf(buf, n, "its %lu games are", count);
	return buf;
}

/* "after game 12", or "before any game". */
const char *
yote_arc_after_text(unsigned long games, char *buf, size_t n)
{
	if (games == 0)
		snprintf(buf, n, "before any game");
	else
		snprintf(buf, n, "after game %lu", games);
	return buf;
}
