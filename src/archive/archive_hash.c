/*
 * archive_hash.c - the position index of an archive (formats/archive.md
 * section 12): for each data block, the set of positions its games
 * reach, so that a search for a position (--reaches) passes over the
 * blocks that cannot hold it without decoding them.
 *
 * A position's key is its Zobrist hash, yote_pos_hash: board, side to
 * move and hands, the two counters left out, which is exactly what
 * --reaches compares.  A block's set is a Golomb-compressed set: the
 * keys mapped onto [0, n 2^bits) (n the distinct keys), sorted, and the
 * gaps Rice-coded with bits low bits, about bits + 1.6 bits a position
 * for a false positive rate of 2^-bits: smaller than a Bloom filter of
 * the same rate (1.44 bits times as many).  The fingerprints are cut
 * into buckets of about HSET_BUCKET, each coded on its own after a table
 * of their lengths, so that a search decodes one bucket of each set.
 *
 * The set goes in a block of type H just before the data block it
 * covers, with that block's game count and first game in its header:
 * readers of version 1 pass over a type they do not know, and a reader
 * of a pipe knows what the next block holds before it reaches it.
 */
#include <stdlib.h>
#include <string.h>

#include "archive_int.h"

#define HSET_RICE 1     /* the only kind of set so far */

/* The high 64 bits of a * b: maps a uniform key onto [0, b). */
static uint64_t
mulhi64(uint64_t a, uint64_t b)
{
	uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32;
	uint64_t b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
	uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
	uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) +
	    (p10 & 0xFFFFFFFFu);

	return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

static int
key_order(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Sort keys and drop repeats; the count left. */
static size_t
sort_unique(uint64_t *key, size_t n)
{
	size_t i, m = 0;

	if (n == 0)
		return 0;
	qsort(key, n, sizeof(*key), key_order);
	for (i = 1; i < n; i++)
		if (key[i] != key[m])
			key[++m] = key[i];
	return m + 1;
}

uint64_t
yote_hset_key(const struct yote_pos *p)
{
	return yote_pos_hash(p);
}

/* Bits, highest first, into a byte buffer. */
struct bit_writer {
	struct buf *b;
	uint64_t acc;
	int nacc;
};

static void
bitw_put(struct bit_writer *w, uint64_t v, int n)
{
	while (n > 0) {
		int k = n < 32 ? n : 32;

		n -= k;
		w->acc = w->acc << k | ((v >> n) & ((1ULL << k) - 1));
		w->nacc += k;
		while (w->nacc >= 8) {
			w->nacc -= 8;
			yote_buf_byte(w->b, (unsigned)(w->acc >> w->nacc) & 0xFF);
		}
	}
}

/* The Rice code of the fingerprints f[0..k) from base, to a byte's end. */
static void
rice_bucket(struct buf *out, const uint64_t *f, size_t k, uint64_t base,
    int bits)
{
	struct bit_writer w = { out, 0, 0 };
	uint64_t q, d;
	size_t i;

	for (i = 0; i < k; i++) {
		d = f[i] - base;
		base = f[i];
		for (q = d >> bits; q >= 32; q -= 32)
			bitw_put(&w, 0xFFFFFFFFu, 32);
		bitw_put(&w, ((1ULL << q) - 1) << 1, (int)q + 1);
		bitw_put(&w, d, bits);
	}
	if (w.nacc > 0)
		bitw_put(&w, 0, 8 - w.nacc);
}

int
yote_hset_encode(struct buf *out, uint64_t *key, size_t n, int bits,
    size_t *distinct)
{
	struct buf code = { NULL, 0, 0, 0 };
	uint64_t range, f, width, nb, j;
	size_t i, k, m = 0, at, *len;

	*distinct = n = sort_unique(key, n);
	range = (uint64_t)n << bits;
	/* the map is monotone: the fingerprints come out sorted */
	for (i = 0; i < n; i++) {
		f = mulhi64(key[i], range);
		if (m == 0 || f != key[m - 1])
			key[m++] = f;
	}
	nb = (m + HSET_BUCKET - 1) / HSET_BUCKET;
	nb += nb == 0;
	width = range / nb + (range % nb != 0);
	if ((len = calloc((size_t)nb, sizeof(*len))) == NULL)
		return YOTE_ENOMEM;
	for (i = j = 0; j < nb; j++) {
		at = code.n;
		for (k = i; k < m && key[k] / width == j; k++)
			;
		rice_bucket(&code, key + i, k - i, j * width, bits);
		len[j] = code.n - at;
		i = k;
	}
	yote_buf_byte(out, HSET_RICE);
	yote_buf_byte(out, (unsigned)bits);
	yote_buf_varint(out, n);
	yote_buf_varint(out, nb);
	for (j = 0; j < nb; j++)
		yote_buf_varint(out, len[j]);
	yote_buf_put(out, code.p, code.n);
	free(len);
	i = code.oom;
	yote_buf_free(&code);
	return out->oom || i ? YOTE_ENOMEM : 0;
}

/* Bits, highest first, from bytes: a window of up to 64 of them. */
struct bit_reader {
	const unsigned char *p;
	size_t len, at;
	uint64_t win;           /* the next n bits, from its top; 0 below */
	int n;
};

static void
bitr_fill(struct bit_reader *r)
{
	while (r->n <= 56 && r->at < r->len) {
		r->win |= (uint64_t)r->p[r->at++] << (56 - r->n);
		r->n += 8;
	}
}

/* The next Rice-coded gap with b (1-32) low bits; -1 past the bytes. */
static int
bitr_gap(struct bit_reader *r, int b, uint64_t *gap)
{
	uint64_t q = 0;
	int z;

	/* the quotient: the ones before the first zero, a window at a time */
	for (;;) {
		bitr_fill(r);
		if (r->n == 0)
			return -1;
		z = ~r->win == 0 ? 64 : __builtin_clzll(~r->win);
		if (z < r->n)
			break;
		q += (uint64_t)r->n;
		r->win = 0;
		r->n = 0;
	}
	r->win = z == 63 ? 0 : r->win << (z + 1);
	r->n -= z + 1;
	bitr_fill(r);
	if (r->n < b)
		return -1;
	*gap = ((uint64_t)q + (uint64_t)z) << b | r->win >> (64 - b);
	r->win <<= b;
	r->n -= b;
	return 0;
}

/* Whether the bucket of len bytes at p, from base, holds fingerprint t. */
static int
in_bucket(const unsigned char *p, size_t len, uint64_t base, uint64_t t,
    int bits)
{
	struct bit_reader r = { p, len, 0, 0, 0 };
	uint64_t gap;

	/* the zero bits that pad the last byte can only repeat base */
	while (base < t && bitr_gap(&r, bits, &gap) == 0)
		base += gap;
	return base == t;
}

/*
 * Whether the set at p (len bytes) may hold one of the nkey sorted keys:
 * 1 it may, 0 it holds none, -1 it is not a set this reader knows.
 */
int
yote_hset_find(const unsigned char *p, size_t len, const uint64_t *key,
    size_t nkey)
{
	struct cur c = { p, len, 0, 0 }, tab;
	const unsigned char *head = yote_cur_take(&c, 2);
	uint64_t n, nb, range, width, t, j, b, off, blen, total = 0;
	size_t i, codes;
	int bits;

	if (head == NULL || head[0] != HSET_RICE || head[1] < 1 ||
	    head[1] > 32)
		return -1;
	bits = head[1];
	n = yote_cur_varint(&c);
	nb = yote_cur_varint(&c);
	if (c.bad || n < 1 || nb < 1 || nb > len ||
	    n > (UINT64_MAX >> bits))
		return -1;
	range = n << bits;
	width = range / nb + (range % nb != 0);
	tab = c;
	for (b = 0; b < nb && !c.bad; b++)
		if ((blen = yote_cur_varint(&c)) > len)
			return -1;
		else
			total += blen;
	if (c.bad || total > len - c.pos)
		return -1;
	codes = c.pos;
	for (i = 0; i < nkey; i++) {
		t = mulhi64(key[i], range);
		j = t / width;          /* < nb, as t < range */
		c = tab;
		for (off = 0, b = 0; b < j; b++)
			off += yote_cur_varint(&c);
		blen = yote_cur_varint(&c);
		if (in_bucket(p + codes + off, (size_t)blen, j * width, t, bits))
			return 1;
	}
	return 0;
}

/* ------------------------------------------------------------ reader */

int
yote_hfilter_set(struct hfilter *hf, const struct yote_pattern *pat,
    size_t n)
{
	struct yote_pos p;
	uint64_t *key = NULL;
	size_t i;

	for (i = 0; i < n; i++)
		if (!yote_pattern_exact(&pat[i]))
			return YOTE_EVALUE;
	if (n > 0 && (key = malloc(n * sizeof(*key))) == NULL)
		return YOTE_ENOMEM;
	memset(&p, 0, sizeof(p));
	for (i = 0; i < n; i++) {
		p.pieces[0] = pat[i].on[0];
		p.pieces[1] = pat[i].on[1];
		p.hand[0] = (uint8_t)pat[i].hand[0];
		p.hand[1] = (uint8_t)pat[i].hand[1];
		p.side = (uint8_t)pat[i].side;
		key[i] = yote_hset_key(&p);
	}
	free(hf->key);
	hf->key = key;
	hf->nkey = sort_unique(key, n);
	hf->have = 0;
	return 0;
}

void
yote_hfilter_block(struct hfilter *hf, const unsigned char *h,
    const unsigned char *p, size_t len)
{
	int rc;

	if (hf->nkey == 0)
		return;
	rc = yote_hset_find(p, len, hf->key, hf->nkey);
	hf->have = rc >= 0;
	hf->absent = rc == 0;
	hf->games = get32(h + 12);
	hf->first = get64(h + 16);
}

int
yote_hfilter_absent(struct hfilter *hf, uint64_t first, uint32_t games)
{
	int have = hf->have && hf->first == first && hf->games == games;

	hf->have = 0;
	if (hf->nkey == 0)
		return 0;
	if (!have)
		hf->st.unindexed++;
	else if (hf->absent)
		hf->st.passed++;
	else
		hf->st.searched++;
	return have && hf->absent;
}

void
yote_hfilter_free(struct hfilter *hf)
{
	free(hf->key);
	memset(hf, 0, sizeof(*hf));
}
