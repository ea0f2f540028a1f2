/*
 * fuzz-archive.c - archives built from fuzz-chosen structure.  Random
 * bytes almost never pass an archive's CRC-32s, so a byte-level fuzzer
 * stays at the door; here the input describes the archive instead (which
 * headers, which counts, lengths and game numbers, which checksums are
 * right) and the harness builds it, deflating the payloads and computing
 * every checksum and length it is not told to get wrong.  Then every
 * game is read and checked, and a second reader skips into the archive
 * as --game N does, through the index.
 *
 * The first input byte says how the second reader skips (bit 0: without
 * the moves; the others: how many games, less one).  The rest is a list
 * of steps, each a byte (its value mod 6 says which) and its fields,
 * little-endian; the input ends where a field is cut:
 *
 *   0 member header  u16 version (0: the current one), u8 flags
 *   1 data block     u8 flags, u32 games, u64 first, u32 clen, u32 ulen,
 *                    u16 L, L bytes of payload (inflated)
 *   2 index block    u8 flags, u16 L, L bytes of payload (inflated)
 *   3 end block      u8 flags, u64 size, u64 games, u32 index length
 *   4 raw bytes      u16 L, L bytes
 *   5 data block     u8 flags, u32 games, u8 R, R bytes (built-in
 *     with a payload  rulesets by number), u16 H, u16 M, u16 L, then the
 *     laid out        tree, move and literal streams (H + M + L bytes);
 *                     flag 128: layout 1 (move model 2), else 0
 *
 * Flags: 1 a wrong header CRC, 2 a wrong payload CRC, 4 the compressed
 * length from the field (else the real one; end block: the member size),
 * 8 the inflated length from the field (end block: the games), 16 the
 * payload stored as it is, not deflated, 32 the first game from the
 * field (else the games before it in the member; end block: the index
 * length), 64 another block type (its letter: the low byte of first),
 * 128 (index block) the payload made from the member's blocks so far, a
 * true index.  tests/tools/yta.py writes such inputs from archives (the
 * seeds under tests/fuzz/seeds/archive/).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "yote.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct in {                     /* the description being read */
	const uint8_t *p;
	size_t n, pos;
	int cut;
};

struct out {                    /* the archive being built */
	unsigned char *p;
	size_t n, cap;
	size_t member;          /* offset of the member's header */
	uint64_t games;         /* games of the member's data blocks */
	size_t index_at;        /* offset of the last index block, or 0 */
	uint64_t boff[64];      /* the member's data blocks, for an index */
	uint32_t bgames[64];
	size_t nb;
};

static uint64_t
get(struct in *in, int bytes)
{
	uint64_t v = 0;
	int i;

	if (in->cut || in->n - in->pos < (size_t)bytes) {
		in->cut = 1;
		return 0;
	}
	for (i = 0; i < bytes; i++)
		v |= (uint64_t)in->p[in->pos++] << (8 * i);
	return v;
}

static const uint8_t *
take(struct in *in, size_t *len)
{
	const uint8_t *p = in->p + in->pos;

	if (in->cut)
		return NULL;
	if (*len > in->n - in->pos)
		*len = in->n - in->pos;
	in->pos += *len;
	return p;
}

static int
put(struct out *o, const void *p, size_t n)
{
	if (o->n + n > o->cap) {
		size_t cap = (o->cap + n) * 2;
		unsigned char *np = realloc(o->p, cap);

		if (np == NULL)
			return -1;
		o->p = np;
		o->cap = cap;
	}
	if (n > 0)
		memcpy(o->p + o->n, p, n);
	o->n += n;
	return 0;
}

static void
le(unsigned char *p, uint64_t v, int bytes)
{
	int i;

	for (i = 0; i < bytes; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static uint32_t
crc(const void *p, size_t n)
{
	return (uint32_t)crc32(crc32(0L, Z_NULL, 0), p, (uInt)n);
}

static void
varint(unsigned char *b, size_t *n, uint64_t v)
{
	while (v >= 0x80) {
		b[(*n)++] = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	b[(*n)++] = (unsigned char)v;
}

/* A block of type t around the inflated payload pl. */
static int
block(struct out *o, int t, unsigned flags, uint32_t games, uint64_t first,
    uint32_t clen, uint32_t ulen, const uint8_t *pl, size_t len)
{
	unsigned char h[32], *z = NULL;
	uLongf zn = compressBound((uLong)len);
	const unsigned char *body = pl;
	size_t bn = len;
	int rc;

	if (!(flags & 16)) {
		if ((z = malloc(zn + 1)) == NULL ||
		    compress(z, &zn, pl, (uLong)len) != Z_OK) {
			free(z);
			return -1;
		}
		body = z;
		bn = zn;
	}
	memcpy(h, "YTB", 3);
	h[3] = (unsigned char)((flags & 64) ? (int)(first & 0xFF) : t);
	le(h + 4, (flags & 4) ? clen : bn, 4);
	le(h + 8, (flags & 8) ? ulen : len, 4);
	le(h + 12, games, 4);
	le(h + 16, (flags & 32) || t != 'D' ? first : o->games, 8);
	le(h + 24, crc(body, bn) ^ ((flags & 2) ? 1 : 0), 4);
	le(h + 28, crc(h, 28) ^ ((flags & 1) ? 1 : 0), 4);
	if (t == 'D' && o->nb < 64) {
		o->boff[o->nb] = o->n - o->member;
		o->bgames[o->nb++] = games;
	}
	if (t == 'D')
		o->games += games;
	if (t == 'X')
		o->index_at = o->n;
	rc = put(o, h, 32) || put(o, body, bn);
	free(z);
	return rc;
}

static int
step_member(struct in *in, struct out *o)
{
	unsigned char h[16];
	unsigned v = (unsigned)get(in, 2), flags = (unsigned)get(in, 1);

	memcpy(h, "\211YTA\r\n\032\n", 8);
	le(h + 8, v == 0 ? 1 : v, 2);
	le(h + 10, 0, 2);
	le(h + 12, crc(h, 12) ^ (flags & 1), 4);
	o->member = o->n;
	o->games = 0;
	o->index_at = 0;
	o->nb = 0;
	return put(o, h, 16);
}

static int
step_data(struct in *in, struct out *o)
{
	unsigned flags = (unsigned)get(in, 1);
	uint32_t games = (uint32_t)get(in, 4);
	uint64_t first = get(in, 8);
	uint32_t clen = (uint32_t)get(in, 4), ulen = (uint32_t)get(in, 4);
	size_t len = (size_t)get(in, 2);
	const uint8_t *pl = take(in, &len);

	if (pl == NULL)
		return 0;
	return block(o, 'D', flags, games, first, clen, ulen, pl, len);
}

static int
step_index(struct in *in, struct out *o)
{
	unsigned flags = (unsigned)get(in, 1);
	size_t len = (size_t)get(in, 2), i;
	const uint8_t *pl = take(in, &len);
	unsigned char idx[64 * 20 + 10];
	uint64_t prev = 0;

	if (pl == NULL)
		return 0;
	if (flags & 128) {
		len = 0;
		varint(idx, &len, o->nb);
		for (i = 0; i < o->nb; i++) {
			varint(idx, &len, o->boff[i] - prev);
			varint(idx, &len, o->bgames[i]);
			prev = o->boff[i];
		}
		pl = idx;
	}
	return block(o, 'X', flags & ~32U, (uint32_t)o->nb, 0, 0, 0, pl, len);
}

static int
step_end(struct in *in, struct out *o)
{
	unsigned flags = (unsigned)get(in, 1);
	uint64_t size = get(in, 8), games = get(in, 8);
	uint32_t ilen = (uint32_t)get(in, 4);
	unsigned char h[32];

	if (in->cut)
		return 0;
	memset(h, 0, sizeof(h));
	memcpy(h, "YTBE", 4);
	le(h + 4, (flags & 4) ? size : o->n - o->member, 8);
	le(h + 12, (flags & 8) ? games : o->games, 8);
	le(h + 20, (flags & 32) ? ilen : o->index_at ? (uint64_t)(o->n -
	    o->index_at) : 0, 4);
	le(h + 28, crc(h, 28) ^ (flags & 1), 4);
	return put(o, h, 32);
}

static int
step_raw(struct in *in, struct out *o)
{
	size_t len = (size_t)get(in, 2);
	const uint8_t *p = take(in, &len);

	return p == NULL ? 0 : put(o, p, len);
}

/* A data block whose payload is laid out as a reader expects it. */
static int
step_laid(struct in *in, struct out *o)
{
	static const char *const names[] = { "classic", "traditional",
		"damasi", "ndar-kepp" };
	unsigned flags = (unsigned)get(in, 1);
	uint32_t games = (uint32_t)get(in, 4);
	size_t nr = (size_t)get(in, 1), i, hl, ml, ll, n = 0, s;
	unsigned char *pl;
	const uint8_t *p;
	int rc;

	if (in->cut || (pl = malloc(16 + nr * 16 + 3 * 10 + 3 * 65536)) ==
	    NULL)
		return 0;
	pl[n++] = (flags & 128) ? 1 : 0;        /* the move model */
	varint(pl, &n, nr);
	for (i = 0; i < nr; i++) {
		const char *name = names[get(in, 1) % 4];

		pl[n++] = 0;
		varint(pl, &n, strlen(name));
		memcpy(pl + n, name, strlen(name));
		n += strlen(name);
	}
	hl = (size_t)get(in, 2);
	ml = (size_t)get(in, 2);
	ll = (size_t)get(in, 2);
	s = hl + ml + ll;
	if ((p = take(in, &s)) == NULL) {
		free(pl);
		return 0;
	}
	/* a cut input shortens the streams, last first */
	if (s < hl + ml + ll) {
		ll = s > hl + ml ? s - hl - ml : 0;
		ml = s > hl ? (s - hl < ml ? s - hl : ml) : 0;
		hl = s < hl ? s : hl;
	}
	varint(pl, &n, hl);
	varint(pl, &n, ml);
	varint(pl, &n, ll);
	memcpy(pl + n, p, hl + ml + ll);
	n += hl + ml + ll;
	rc = block(o, 'D', flags & ~(4U | 8U | 64U | 128U), games, 0, 0, 0, pl,
	    n);
	free(pl);
	return rc;
}

static int
build(const uint8_t *data, size_t size, struct out *o)
{
	struct in in = { data, size, 1, 0 };
	static int (*const steps[])(struct in *, struct out *) = {
		step_member, step_data, step_index, step_end, step_raw,
		step_laid
	};

	while (!in.cut && in.pos < in.n)
		if (steps[in.p[in.pos++] % 6](&in, o) != 0)
			return -1;
	return 0;
}

/* Read every game, as yote-validate does; game numbers only grow. */
static void
read_all(const unsigned char *p, size_t n)
{
	struct yote_reader *rd;
	struct yote_record *rec;
	struct yote_checker *ck = yote_checker_new();
	struct yote_game_info info;
	struct yote_error e;
	unsigned long last = 0;
	FILE *fp = fmemopen((void *)p, n, "rb");
	int rc, k = 0;

	if (fp == NULL || ck == NULL || yote_reader_open(fp, "fuzz", &rd) != 0)
		goto out;
	while (k++ < 5000 && (rc = yote_reader_next(rd, &rec, &e)) != 0) {
		if (rc < 0) {
			if (rc != YOTE_EVALUE)
				break;
			continue;
		}
		if (rec == NULL || rec->game <= last)
			abort();        /* no record, or numbered backwards */
		last = rec->game;
		if (k < 50)
			yote_checker_play(ck, rec, "fuzz", &info, NULL, NULL,
			    NULL);
		yote_record_free(rec);
	}
	yote_reader_close(rd);
out:
	yote_checker_free(ck);
	if (fp != NULL)
		fclose(fp);
}

/* Skip as --game N does, then read a few games. */
static void
read_skip(const unsigned char *p, size_t n, unsigned how)
{
	struct yote_reader *rd;
	struct yote_record *rec;
	struct yote_error e;
	FILE *fp = fmemopen((void *)p, n, "rb");
	long skipped;
	int rc, k;

	if (fp == NULL || yote_reader_open(fp, "fuzz", &rd) != 0)
		goto out;
	if (how & 1)
		yote_reader_set_flags(rd, YOTE_READ_NO_MOVES);
	skipped = yote_reader_skip(rd, (how >> 1) + 1, &e);
	for (k = 0; skipped >= 0 && k < 3; k++) {
		if ((rc = yote_reader_next(rd, &rec, &e)) == 0)
			break;
		if (rc < 0) {
			if (rc != YOTE_EVALUE)
				break;
			continue;
		}
		/* a game handed out after N skipped is past game N */
		if (rec == NULL || rec->game <= (unsigned long)skipped)
			abort();
		yote_record_free(rec);
	}
	yote_reader_close(rd);
out:
	if (fp != NULL)
		fclose(fp);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct out o;

	if (size == 0)
		return 0;
	memset(&o, 0, sizeof(o));
	if (build(data, size, &o) == 0 && o.n > 0) {
		read_all(o.p, o.n);
		read_skip(o.p, o.n, data[0]);
	}
	free(o.p);
	return 0;
}
