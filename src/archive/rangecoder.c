/*
 * rangecoder.c - the binary range coder of archives and its small
 * models (formats/archive.md).
 *
 * A binary arithmetic (range) coder in the style of LZMA's: 32-bit range,
 * carries propagated through a cached byte.  Probabilities are 16-bit
 * estimates that the bit is 0, moved 1/32 of the way towards each bit
 * seen.  The same struct and the same calls encode or decode, so every
 * model is written once.
 */
#include <string.h>

#include "archive_int.h"


void
yote_rc_enc_init(struct rc *rc, struct buf *out)
{
	memset(rc, 0, sizeof(*rc));
	rc->range = 0xFFFFFFFFU;
	rc->pending = 1;
	rc->out = out;
}

static unsigned char
rc_next(struct rc *rc)
{
	if (rc->in.pos < rc->in.n)
		return rc->in.p[rc->in.pos++];
	rc->over++;
	return 0;
}

void
yote_rc_dec_init(struct rc *rc, const unsigned char *p, size_t n)
{
	int i;

	memset(rc, 0, sizeof(*rc));
	rc->dec = 1;
	rc->range = 0xFFFFFFFFU;
	rc->in.p = p;
	rc->in.n = n;
	for (i = 0; i < 5; i++)
		rc->code = rc->code << 8 | rc_next(rc);
}

static void
rc_shift_low(struct rc *rc)
{
	if ((uint32_t)rc->low < 0xFF000000U || (rc->low >> 32) != 0) {
		unsigned carry = (unsigned)(rc->low >> 32);
		unsigned temp = rc->cache;

		do {
			yote_buf_byte(rc->out, (temp + carry) & 0xFF);
			temp = 0xFF;
		} while (--rc->pending != 0);
		rc->cache = (unsigned char)(rc->low >> 24);
	}
	rc->pending++;
	rc->low = (rc->low & 0x00FFFFFFU) << 8;
}

void
yote_rc_flush(struct rc *rc)
{
	int i;

	for (i = 0; i < 5; i++)
		rc_shift_low(rc);
}

static void
rc_norm(struct rc *rc)
{
	while (rc->range < RC_TOP) {
		rc->range <<= 8;
		if (rc->dec)
			rc->code = rc->code << 8 | rc_next(rc);
		else
			rc_shift_low(rc);
	}
}

/* Code one bit with the adaptive probability *p; returns the bit. */
int
yote_rc_bit(struct rc *rc, prob_t *p, int bit)
{
	uint32_t bound = (rc->range >> PROB_BITS) * *p;

	if (rc->dec)
		bit = rc->code >= bound;
	if (!bit) {
		rc->range = bound;
		*p = (prob_t)(*p + (((1U << PROB_BITS) - *p) >> PROB_SHIFT));
	} else {
		if (rc->dec)
			rc->code -= bound;
		else
			rc->low += bound;
		rc->range -= bound;
		*p = (prob_t)(*p - (*p >> PROB_SHIFT));
	}
	rc_norm(rc);
	return bit;
}

/* Code v in [0, n), all values equally likely; n <= 65536. */
uint32_t
yote_rc_flat(struct rc *rc, uint32_t v, uint32_t n)
{
	uint32_t r = rc->range / n;

	if (rc->dec) {
		v = rc->code / r;
		if (v >= n) {           /* only damaged data gets here */
			v = n - 1;
			rc->over++;
		}
		rc->code -= r * v;
	} else
		rc->low += (uint64_t)r * v;
	rc->range = r;
	rc_norm(rc);
	return v;
}

/* Code v in [0, n) uniformly for any n >= 1. */
uint64_t
yote_rc_uniform(struct rc *rc, uint64_t v, uint64_t n)
{
	uint64_t hi, nhi, rest;

	if (n <= 65536)
		return yote_rc_flat(rc, (uint32_t)v, (uint32_t)n);
	nhi = (n + 65535) >> 16;
	hi = yote_rc_uniform(rc, v >> 16, nhi);
	rest = n - (hi << 16);
	return hi << 16 | yote_rc_flat(rc, (uint32_t)(v & 0xFFFF),
	    rest > 65536 ? 65536 : (uint32_t)rest);
}

void
yote_gamma_init(struct gamma *g)
{
	size_t i, j;

	for (i = 0; i < 64; i++)
		g->len[i] = PROB_INIT;
	for (i = 0; i < GAMMA_MANT; i++)
		for (j = 0; j < GAMMA_MANT; j++)
			g->mant[i][j] = PROB_INIT;
}

uint64_t
yote_rc_gamma(struct rc *rc, struct gamma *g, uint64_t v)
{
	uint64_t x = v + 1;
	int nb = 0, i, b;

	if (!rc->dec)
		while (nb < 62 && (x >> (nb + 1)) != 0)
			nb++;
	for (i = 0; i < 62; i++)
		if (!yote_rc_bit(rc, &g->len[i], i < nb))
			break;
	nb = i;
	if (rc->dec)
		x = 1;
	for (i = nb - 1; i >= 0; i--) {
		b = (int)(x >> i) & 1;
		if (nb < GAMMA_MANT)
			b = yote_rc_bit(rc, &g->mant[nb][nb - 1 - i], b);
		else
			b = (int)yote_rc_flat(rc, (uint32_t)b, 2);
		if (rc->dec)
			x = x << 1 | (uint64_t)b;
	}
	return x - 1;
}

/* Code v in [0, 2^bits) through a tree of adaptive bits (probs[2^bits]). */
unsigned
yote_rc_tree(struct rc *rc, prob_t *probs, int bits, unsigned v)
{
	unsigned m = 1;
	int i;

	for (i = bits - 1; i >= 0; i--)
		m = m << 1 |
		    (unsigned)yote_rc_bit(rc, &probs[m], (int)(v >> i) & 1);
	return m - (1U << bits);
}

void
yote_probs_init(prob_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = PROB_INIT;
}
