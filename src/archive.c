/*
 * archive.c - collections of games as compressed archives
 * (formats/archive.md, yote-archive(5)).
 *
 * An archive is one or more members (so `cat a.yta b.yta` is an archive
 * of both); a member is a 16-byte header, data blocks, an optional index
 * block and a 32-byte end block.  Every block header carries the CRC-32
 * of itself and of its payload, so a flipped byte or a cut is found and
 * named, and the games of every intact block still come out.
 *
 * A data block holds up to N games, coded into three streams that are
 * deflated together (zlib over many games, never one game alone):
 *  - the moves: each move is its rank among the legal moves of its
 *    position in a fixed order (best first by a one-ply score, ties by
 *    canonical text), coded with an adaptive binary model for the score
 *    level and uniformly within the level, by a range coder;
 *  - the record trees: every key and value in order with its YAML style
 *    and tag, coded by a second range coder with per-key models (the
 *    value before, values seen, the value that came after the same
 *    preceding value, numbers changed by a small step), so that headers
 *    that repeat cost next to nothing;
 *  - literals: the bytes of values seen for the first time.
 * A block decodes on its own (models start afresh in each block), which
 * is what lets a reader skip or lose a block and go on with the next.
 *
 * Memory is one block plus one game, whatever the collection.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "yote_int.h"
#include "yote_fmt.h"

#define MEMBER_HEAD 16          /* magic, version, flags, CRC */
#define BLOCK_HEAD 32           /* tag, lengths, games, first, CRCs */
#define BLOCK_BYTES (1UL << 20) /* close a block past this much data */
#define LAYOUT 0                /* payload layout of version 1 */
#define MAX_RULESETS 256        /* rulesets one block may use */
#define NODE_LIMIT (YOTE_MAX_DOCUMENT / 2)      /* nodes in one game */

static const unsigned char magic[8] = { 0x89, 'Y', 'T', 'A', '\r', '\n',
	0x1A, '\n' };

/* ------------------------------------------------------------ bytes */

struct buf {
	unsigned char *p;
	size_t n, cap;
	int oom;                /* an allocation failed: contents unusable */
};

static int
buf_grow(struct buf *b, size_t more)
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

static void
buf_put(struct buf *b, const void *d, size_t n)
{
	if (n == 0 || buf_grow(b, n) != 0)
		return;
	memcpy(b->p + b->n, d, n);
	b->n += n;
}

static void
buf_byte(struct buf *b, unsigned c)
{
	if (buf_grow(b, 1) != 0)
		return;
	b->p[b->n++] = (unsigned char)c;
}

static void
buf_varint(struct buf *b, uint64_t v)
{
	while (v >= 0x80) {
		buf_byte(b, (unsigned)(v & 0x7F) | 0x80);
		v >>= 7;
	}
	buf_byte(b, (unsigned)v);
}

static void
buf_free(struct buf *b)
{
	free(b->p);
	b->p = NULL;
	b->n = b->cap = 0;
	b->oom = 0;
}

static void
put32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)v;
	p[1] = (unsigned char)(v >> 8);
	p[2] = (unsigned char)(v >> 16);
	p[3] = (unsigned char)(v >> 24);
}

static void
put64(unsigned char *p, uint64_t v)
{
	put32(p, (uint32_t)v);
	put32(p + 4, (uint32_t)(v >> 32));
}

static uint32_t
get32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

static uint64_t
get64(const unsigned char *p)
{
	return (uint64_t)get32(p) | (uint64_t)get32(p + 4) << 32;
}

static uint32_t
crc(const unsigned char *p, size_t n)
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

/* A cursor over bytes in memory; reads past the end set bad. */
struct cur {
	const unsigned char *p;
	size_t n, pos;
	int bad;
};

static uint64_t
cur_varint(struct cur *c)
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

static const unsigned char *
cur_take(struct cur *c, size_t n)
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

/* ------------------------------------------------------------ range coder */

/*
 * A binary arithmetic (range) coder in the style of LZMA's: 32-bit range,
 * carries propagated through a cached byte.  Probabilities are 16-bit
 * estimates that the bit is 0, moved 1/32 of the way towards each bit
 * seen.  The same struct and the same calls encode or decode, so every
 * model below is written once.
 */
typedef uint16_t prob_t;

#define PROB_BITS 16
#define PROB_INIT 0x8000
#define PROB_SHIFT 5
#define RC_TOP (1U << 24)

struct rc {
	int dec;                /* 1: decoding */
	uint32_t range;
	/* encoder */
	uint64_t low;
	unsigned char cache;
	uint64_t pending;       /* bytes held back for a carry */
	struct buf *out;
	/* decoder */
	uint32_t code;
	struct cur in;
	size_t over;            /* bytes wanted past the end */
};

static void
rc_enc_init(struct rc *rc, struct buf *out)
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

static void
rc_dec_init(struct rc *rc, const unsigned char *p, size_t n)
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
			buf_byte(rc->out, (temp + carry) & 0xFF);
			temp = 0xFF;
		} while (--rc->pending != 0);
		rc->cache = (unsigned char)(rc->low >> 24);
	}
	rc->pending++;
	rc->low = (rc->low & 0x00FFFFFFU) << 8;
}

static void
rc_flush(struct rc *rc)
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
static int
rc_bit(struct rc *rc, prob_t *p, int bit)
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
static uint32_t
rc_flat(struct rc *rc, uint32_t v, uint32_t n)
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
static uint64_t
rc_uniform(struct rc *rc, uint64_t v, uint64_t n)
{
	uint64_t hi, nhi, rest;

	if (n <= 65536)
		return rc_flat(rc, (uint32_t)v, (uint32_t)n);
	nhi = (n + 65535) >> 16;
	hi = rc_uniform(rc, v >> 16, nhi);
	rest = n - (hi << 16);
	return hi << 16 | rc_flat(rc, (uint32_t)(v & 0xFFFF),
	    rest > 65536 ? 65536 : (uint32_t)rest);
}

/* An adaptive Elias-gamma code for integers >= 0. */
#define GAMMA_MANT 12
struct gamma {
	prob_t len[64];
	prob_t mant[GAMMA_MANT][GAMMA_MANT];
};

static void
gamma_init(struct gamma *g)
{
	size_t i, j;

	for (i = 0; i < 64; i++)
		g->len[i] = PROB_INIT;
	for (i = 0; i < GAMMA_MANT; i++)
		for (j = 0; j < GAMMA_MANT; j++)
			g->mant[i][j] = PROB_INIT;
}

static uint64_t
rc_gamma(struct rc *rc, struct gamma *g, uint64_t v)
{
	uint64_t x = v + 1;
	int nb = 0, i, b;

	if (!rc->dec)
		while (nb < 62 && (x >> (nb + 1)) != 0)
			nb++;
	for (i = 0; i < 62; i++)
		if (!rc_bit(rc, &g->len[i], i < nb))
			break;
	nb = i;
	if (rc->dec)
		x = 1;
	for (i = nb - 1; i >= 0; i--) {
		b = (int)(x >> i) & 1;
		if (nb < GAMMA_MANT)
			b = rc_bit(rc, &g->mant[nb][nb - 1 - i], b);
		else
			b = (int)rc_flat(rc, (uint32_t)b, 2);
		if (rc->dec)
			x = x << 1 | (uint64_t)b;
	}
	return x - 1;
}

/* Code v in [0, 2^bits) through a tree of adaptive bits (probs[2^bits]). */
static unsigned
rc_tree(struct rc *rc, prob_t *probs, int bits, unsigned v)
{
	unsigned m = 1;
	int i;

	for (i = bits - 1; i >= 0; i--)
		m = m << 1 | (unsigned)rc_bit(rc, &probs[m], (int)(v >> i) & 1);
	return m - (1U << bits);
}

static void
probs_init(prob_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = PROB_INIT;
}

/* ------------------------------------------------------------ move model */

/*
 * The order the ranks refer to.  Every legal move gets a score from a
 * one-ply look (move_score); moves are ordered by score, best first,
 * then by canonical text (strcmp).  A move is coded as its level (the
 * number of distinct scores above its own) with one adaptive bit per
 * level passed, then its place among the moves of its level, uniformly.
 * The bit for "below level j" is modelled in a context of j, of the gap
 * between the scores of levels j and j+1 and of their sizes: a level
 * far above the next is rarely left, a thin one more often.
 */
#define TIER_J 16
#define TIER_CTX 32

struct mover {
	prob_t tier[TIER_J][TIER_CTX];
	struct yote_movelist list;
	long *score;            /* score of list.v[i] */
	long *level;            /* the distinct scores, best first */
	uint32_t *count;        /* moves with score level[j] */
	size_t nlevel;
	size_t cap;             /* room in score, level, count */
	struct buf text;        /* one level's moves: index, text */
	const char **ptr;       /* their texts, sorted */
	size_t tcap;            /* room in ptr */
};

static void
mover_init(struct mover *mv)
{
	probs_init(&mv->tier[0][0], TIER_J * TIER_CTX);
}

static void
mover_free(struct mover *mv)
{
	yote_movelist_free(&mv->list);
	free(mv->score);
	free(mv->level);
	free(mv->count);
	free(mv->ptr);
	buf_free(&mv->text);
	memset(mv, 0, sizeof(*mv));
}

static int
win_for(int side)
{
	return side == YOTE_FIRST ? YOTE_RES_FIRST : YOTE_RES_SECOND;
}

/*
 * The score of m in p for the side to move s: 16 per enemy piece taken;
 * a move that ends the game is +1000 if s wins, -1000 if s loses, and
 * for a draw 8 per piece s is behind; otherwise -22 when the opponent
 * then has a capture, +4 when s then has one, and +3 for a placement.
 */
static long
move_score(const struct yote_rules *r, const struct yote_pos *p,
    const struct yote_move *m)
{
	struct yote_pos q = *p;
	struct yote_outcome o;
	int s = p->side;
	long v;

	yote_pos_play(r, &q, m);
	v = 16L * (yote_pos_remaining(p, !s) - yote_pos_remaining(&q, !s));
	yote_pos_outcome(r, &q, &o);
	if (o.term != YOTE_TERM_NONE) {
		if ((int)o.result == win_for(s))
			return v + 1000;
		if ((int)o.result == win_for(!s))
			return v - 1000;
		return v + 8L * (yote_pos_remaining(&q, !s) -
		    yote_pos_remaining(&q, s));
	}
	if (yote_pos_has_capture(r, &q, !s))
		v -= 22;
	if (yote_pos_has_capture(r, &q, s))
		v += 4;
	if (m->kind == YOTE_PLACE)
		v += 3;
	return v;
}

/* Generate and score the moves of p; returns their count or an error. */
static long
mover_rank(struct mover *mv, const struct yote_rules *r,
    const struct yote_pos *p)
{
	long n = yote_gen_moves(r, p, &mv->list), *s;
	uint32_t *c;
	size_t i, j;

	if (n <= 0)
		return n;
	if ((size_t)n > mv->cap) {
		size_t cap = (size_t)n * 2;

		if ((s = realloc(mv->score, cap * sizeof(*s))) == NULL)
			return YOTE_ENOMEM;
		mv->score = s;
		if ((s = realloc(mv->level, cap * sizeof(*s))) == NULL)
			return YOTE_ENOMEM;
		mv->level = s;
		if ((c = realloc(mv->count, cap * sizeof(*c))) == NULL)
			return YOTE_ENOMEM;
		mv->count = c;
		mv->cap = cap;
	}
	/*
	 * The distinct scores, best first, and how many moves have each:
	 * few levels, so insertion beats sorting every score.
	 */
	j = 0;
	for (i = 0; i < (size_t)n; i++) {
		long sc = move_score(r, p, &mv->list.v[i]);
		size_t lo = 0, hi = j;

		mv->score[i] = sc;
		while (lo < hi) {       /* level[] is strictly decreasing */
			size_t mid = (lo + hi) / 2;

			if (mv->level[mid] > sc)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < j && mv->level[lo] == sc) {
			mv->count[lo]++;
			continue;
		}
		memmove(&mv->level[lo + 1], &mv->level[lo],
		    (j - lo) * sizeof(*mv->level));
		memmove(&mv->count[lo + 1], &mv->count[lo],
		    (j - lo) * sizeof(*mv->count));
		mv->level[lo] = sc;
		mv->count[lo] = 1;
		j++;
	}
	mv->nlevel = j;
	return n;
}

static size_t
level_of(const struct mover *mv, long score)
{
	size_t lo = 0, hi = mv->nlevel - 1;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (mv->level[mid] > score)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The context of the bit "below level j" (j + 1 < nlevel). */
static unsigned
tier_ctx(const struct mover *mv, size_t j)
{
	long gap = mv->level[j] - mv->level[j + 1];
	uint32_t c0 = mv->count[j], c1 = mv->count[j + 1];
	unsigned g, q;

	g = gap <= 3 ? (unsigned)gap : gap <= 6 ? 4 : gap <= 9 ? 5 :
	    gap <= 15 ? 6 : 7;
	q = 2 * (uint64_t)c1 < c0 ? 0 : c1 < c0 ? 1 :
	    c1 < 2 * (uint64_t)c0 ? 2 : 3;
	return g * 4 + q;
}

/*
 * The moves of level t with their texts, sorted by text: text holds, for
 * each, the move's index in list (a size_t) then its text; ptr[] points
 * at the texts.  Returns their count or YOTE_ENOMEM.
 */
static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static long
level_texts(struct mover *mv, const struct yote_rules *r, size_t t)
{
	char text[YOTE_MOVE_TEXT];
	size_t i, k = 0, len;

	mv->text.n = 0;
	if (mv->count[t] > mv->tcap) {
		const char **o = realloc(mv->ptr, mv->count[t] * sizeof(*o));

		if (o == NULL)
			return YOTE_ENOMEM;
		mv->ptr = o;
		mv->tcap = mv->count[t];
	}
	/* the buffer moves as it grows: pointers once it is full */
	for (i = 0; i < mv->list.n; i++) {
		if (mv->score[i] != mv->level[t])
			continue;
		len = strlen(yote_move_format(r, &mv->list.v[i], text));
		buf_put(&mv->text, &i, sizeof(i));
		buf_put(&mv->text, text, len + 1);
		k++;
	}
	if (mv->text.oom)
		return YOTE_ENOMEM;
	for (i = 0, len = 0; i < k; i++) {
		mv->ptr[i] = (const char *)mv->text.p + len + sizeof(size_t);
		len += sizeof(size_t) + strlen(mv->ptr[i]) + 1;
	}
	if (k > 1)
		qsort(mv->ptr, k, sizeof(*mv->ptr), cmp_str);
	return (long)k;
}

/* The index in list of the move whose text level_texts put at p. */
static size_t
text_move(const char *p)
{
	size_t i;

	memcpy(&i, p - sizeof(size_t), sizeof(i));
	return i;
}

/* What coding one move needs, worked out before anything is written. */
struct ply_sym {
	uint32_t tier;          /* its level, 0 = best */
	uint32_t levels;        /* levels in the position */
	uint64_t k;             /* moves in its level */
	uint64_t i;             /* its place among them */
	size_t ctx;             /* offset of its bit contexts */
};

/* ------------------------------------------------------------ tree models */

/*
 * Record trees are coded node by node.  Each node belongs to a slot, named
 * by where it sits: the root is "", the value of root key K is "/K", the
 * keys of a mapping in slot S are S"{}", its values S"/"KEY, the items of
 * a list S"[]".  A slot has its own models, so "first" values are
 * predicted from earlier "first" values only:
 *  - the node's shape (type, style, tag or not): same as last time, or
 *    6 bits;
 *  - a scalar's text, first match of: the slot's last value; the value
 *    that followed the same context (the previous key, or the previous
 *    pair's value) last time; the last value with its numbers moved by
 *    small steps (2026-03-14 after 2026-03-13); a value seen before in
 *    this block (by index, 12 bits through adaptive bits); else literal
 *    bytes (length here, bytes in the literal stream).
 */
#define SLOT_MAX 256
#define SLOT_NAME 64
#define SLOT_HASH 512
#define DICT_BITS 12
#define DICT_MAX (1U << DICT_BITS)
#define DICT_HASH (2 * DICT_MAX)
#define DICT_STR 256            /* longer values never enter a dictionary */
#define DICT_BYTES (1UL << 20)  /* text one slot's dictionary may hold */
#define ASSOC 256
#define RUNS 8                  /* numbers in a value a delta may move */
#define RUN_DIGITS 18

struct slot {
	char name[SLOT_NAME];
	size_t namelen;
	unsigned shape;         /* shape of the last node */
	prob_t p_shape, shape_tree[64];
	unsigned char *prev;    /* the last value, or NULL */
	size_t prevlen;
	prob_t p_repeat, p_assoc, p_delta, p_dict, p_canon;
	unsigned char **dict;   /* values seen (NUL-terminated copies) */
	size_t *dictlen;
	uint32_t ndict;
	size_t dictbytes;
	int32_t *dicthash;      /* DICT_HASH: index into dict, or -1 */
	prob_t *dicttree;       /* DICT_MAX */
	uint32_t assoc_ctx[ASSOC];
	int32_t assoc_val[ASSOC];       /* dict index, or -1 */
	prob_t d_zero[RUNS], d_sign[RUNS];
	struct gamma d_mag[RUNS];
	struct gamma g_len, g_count;
};

/* Shapes: type in bits 0-1, style in 2-4, tag in 5. */
enum { SH_SCALAR, SH_SEQ, SH_MAP, SH_NULL };

struct hcoder {
	struct rc rc;           /* the tree stream */
	struct buf *lit_out;    /* encoder: literal bytes */
	struct cur lit;         /* decoder: literal bytes */
	struct slot *slot[SLOT_MAX];
	int nslot;
	int16_t hash[SLOT_HASH];        /* slot index + 1, 0 free */
	prob_t p_raw, p_same_rules, p_start[2], p_simple;
	prob_t plies[1024];
	prob_t item_style[8];
	struct gamma g_rules, g_plies;
	uint32_t prev_rules;
	int bad;                /* decoder: the data make no sense */
	const char *why;        /* decoder: why */
	size_t nodes, bytes;    /* decoder: this game's size so far */
};

static uint32_t
fnv(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint32_t h = 2166136261U;

	while (n-- > 0)
		h = (h ^ *s++) * 16777619U;
	return h;
}

static void
slot_free(struct slot *s)
{
	uint32_t i;

	if (s == NULL)
		return;
	for (i = 0; i < s->ndict; i++)
		free(s->dict[i]);
	free(s->dict);
	free(s->dictlen);
	free(s->dicthash);
	free(s->dicttree);
	free(s->prev);
	free(s);
}

static void
hc_init(struct hcoder *h)
{
	memset(h, 0, sizeof(*h));
	h->p_raw = h->p_same_rules = h->p_simple = PROB_INIT;
	h->p_start[0] = h->p_start[1] = PROB_INIT;
	probs_init(h->plies, 1024);
	probs_init(h->item_style, 8);
	gamma_init(&h->g_rules);
	gamma_init(&h->g_plies);
}

static void
hc_free(struct hcoder *h)
{
	int i;

	for (i = 0; i < h->nslot; i++)
		slot_free(h->slot[i]);
	h->nslot = 0;
}

static struct slot *
slot_new(const char *name, size_t n)
{
	struct slot *s = calloc(1, sizeof(*s));
	int i;

	if (s == NULL)
		return NULL;
	memcpy(s->name, name, n);
	s->namelen = n;
	s->shape = 64;          /* none yet */
	s->p_shape = s->p_repeat = s->p_assoc = s->p_delta = s->p_dict =
	    s->p_canon = PROB_INIT;
	probs_init(s->shape_tree, 64);
	for (i = 0; i < ASSOC; i++)
		s->assoc_val[i] = -1;
	probs_init(s->d_zero, RUNS);
	probs_init(s->d_sign, RUNS);
	for (i = 0; i < RUNS; i++)
		gamma_init(&s->d_mag[i]);
	gamma_init(&s->g_len);
	gamma_init(&s->g_count);
	return s;
}

/*
 * The slot named parent + sep + key (names are cut at SLOT_NAME - 1
 * bytes; past SLOT_MAX slots, all share the last one).  NULL when out of
 * memory.
 */
static struct slot *
slot_get(struct hcoder *h, const struct slot *parent, const char *sep,
    const unsigned char *key, size_t keylen)
{
	char name[SLOT_NAME];
	size_t n = 0, k;
	uint32_t x;
	struct slot *s;

	if (parent != NULL) {
		memcpy(name, parent->name, parent->namelen);
		n = parent->namelen;
	}
	k = strlen(sep);
	if (k > SLOT_NAME - 1 - n)
		k = SLOT_NAME - 1 - n;
	memcpy(name + n, sep, k);
	n += k;
	k = keylen;
	if (k > SLOT_NAME - 1 - n)
		k = SLOT_NAME - 1 - n;
	if (k > 0)
		memcpy(name + n, key, k);
	n += k;
	x = fnv(name, n) % SLOT_HASH;
	while (h->hash[x] != 0) {
		s = h->slot[h->hash[x] - 1];
		if (s->namelen == n && memcmp(s->name, name, n) == 0)
			return s;
		x = (x + 1) % SLOT_HASH;
	}
	if (h->nslot == SLOT_MAX)
		return h->slot[SLOT_MAX - 1];
	if ((s = slot_new(name, n)) == NULL)
		return NULL;
	h->slot[h->nslot++] = s;
	h->hash[x] = (int16_t)h->nslot;
	return s;
}

static long
dict_find(const struct slot *s, const unsigned char *t, size_t n)
{
	uint32_t x;
	int32_t i;

	if (s->ndict == 0 || n > DICT_STR)
		return -1;
	x = fnv(t, n) % DICT_HASH;
	while ((i = s->dicthash[x]) >= 0) {
		if (s->dictlen[i] == n && memcmp(s->dict[i], t, n) == 0)
			return i;
		x = (x + 1) % DICT_HASH;
	}
	return -1;
}

/* Remember a value just coded: last value, dictionary, context. */
static int
slot_update(struct slot *s, uint32_t actx, const unsigned char *t, size_t n)
{
	long i = dict_find(s, t, n);
	unsigned char *c;

	if (i < 0 && n <= DICT_STR && s->ndict < DICT_MAX &&
	    s->dictbytes + n <= DICT_BYTES) {
		uint32_t x;

		if (s->dict == NULL) {
			s->dict = malloc(DICT_MAX * sizeof(*s->dict));
			s->dictlen = malloc(DICT_MAX * sizeof(*s->dictlen));
			s->dicthash = malloc(DICT_HASH * sizeof(*s->dicthash));
			s->dicttree = malloc(DICT_MAX * sizeof(*s->dicttree));
			if (s->dict == NULL || s->dictlen == NULL ||
			    s->dicthash == NULL || s->dicttree == NULL)
				return YOTE_ENOMEM;
			memset(s->dicthash, 0xFF, DICT_HASH *
			    sizeof(*s->dicthash));
			probs_init(s->dicttree, DICT_MAX);
		}
		if ((c = malloc(n + 1)) == NULL)
			return YOTE_ENOMEM;
		memcpy(c, t, n);
		c[n] = '\0';
		i = (long)s->ndict++;
		s->dict[i] = c;
		s->dictlen[i] = n;
		s->dictbytes += n;
		x = fnv(t, n) % DICT_HASH;
		while (s->dicthash[x] >= 0)
			x = (x + 1) % DICT_HASH;
		s->dicthash[x] = (int32_t)i;
	}
	s->assoc_ctx[actx % ASSOC] = actx;
	s->assoc_val[actx % ASSOC] = (int32_t)i;
	if ((c = realloc(s->prev, n + 1)) == NULL)
		return YOTE_ENOMEM;
	memcpy(c, t, n);
	c[n] = '\0';
	s->prev = c;
	s->prevlen = n;
	return 0;
}

/* The value predicted by context actx, or -1. */
static long
slot_assoc(const struct slot *s, uint32_t actx)
{
	long i;

	if (s->assoc_ctx[actx % ASSOC] != actx)
		return -1;
	i = s->assoc_val[actx % ASSOC];
	if (i < 0)
		return -1;
	if (s->prev != NULL && s->dictlen[i] == s->prevlen &&
	    memcmp(s->dict[i], s->prev, s->prevlen) == 0)
		return -1;      /* no news: the last value was tried */
	return i;
}

/* Runs of digits and of other bytes, for deltas. */
struct runs {
	int n;                  /* runs */
	int digits;             /* of which digit runs */
	size_t at[2 * RUNS + 1], len[2 * RUNS + 1];
	int isdig[2 * RUNS + 1];
};

static int
isdigit_byte(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/* Split t into runs; -1 when it has too many or too long ones. */
static int
runs_split(const unsigned char *t, size_t n, struct runs *r)
{
	size_t i = 0, j;

	r->n = r->digits = 0;
	while (i < n) {
		int d = isdigit_byte(t[i]);

		for (j = i; j < n && isdigit_byte(t[j]) == d; j++)
			;
		if (r->n == 2 * RUNS + 1 || (d && j - i > RUN_DIGITS))
			return -1;
		r->at[r->n] = i;
		r->len[r->n] = j - i;
		r->isdig[r->n] = d;
		r->n++;
		r->digits += d;
		i = j;
	}
	return r->digits > 0 && r->digits <= RUNS ? 0 : -1;
}

static uint64_t
run_value(const unsigned char *t, size_t n)
{
	uint64_t v = 0;

	while (n-- > 0)
		v = v * 10 + (uint64_t)(*t++ - '0');
	return v;
}

/* v in decimal, zero-padded to width; returns its length. */
static size_t
run_format(uint64_t v, size_t width, char *out)
{
	char tmp[24];
	size_t n = 0, k = 0;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	while (n + k < width)
		out[k++] = '0';
	while (n > 0)
		out[k++] = tmp[--n];
	return k;
}

/* Deltas that turn prev into t, run by run; 0 when they do. */
static int
delta_of(const unsigned char *prev, size_t pn, const struct runs *pr,
    const unsigned char *t, size_t n, int64_t *d)
{
	struct runs r;
	char f[32];
	int i, k = 0;

	if (runs_split(t, n, &r) != 0 || r.n != pr->n)
		return -1;
	for (i = 0; i < r.n; i++) {
		if (r.isdig[i] != pr->isdig[i])
			return -1;
		if (!r.isdig[i]) {
			if (r.len[i] != pr->len[i] || memcmp(t + r.at[i],
			    prev + pr->at[i], r.len[i]) != 0)
				return -1;
			continue;
		}
		uint64_t v = run_value(t + r.at[i], r.len[i]);
		uint64_t pv = run_value(prev + pr->at[i], pr->len[i]);

		if (run_format(v, pr->len[i], f) != r.len[i] ||
		    memcmp(f, t + r.at[i], r.len[i]) != 0)
			return -1;
		d[k++] = (int64_t)v - (int64_t)pv;
	}
	(void)pn;
	return 0;
}

/* ------------------------------------------------------------ tree coding */

/* What coding one game's tree needs beside the tree. */
struct gctx {
	int raw;                        /* the moves are text, not ranks */
	/* encoder */
	const struct yote_node *moves;  /* the list coded as ranks */
	const unsigned char *canon;     /* canonical texts of its moves */
	const size_t *canon_off;
	/* decoder */
	struct yote_node **fix;         /* nodes whose text is move i's */
	unsigned long *fix_ply;
	size_t nfix, capfix;
	unsigned long cur;              /* the moves item being decoded */
	struct yote_node *moves_out;    /* the decoded moves list */
	unsigned long plies;            /* its length */
};

static unsigned
node_shape(const struct yote_node *n)
{
	unsigned type;

	if (n == NULL)
		return SH_NULL;
	type = n->type == YOTE_NODE_SCALAR ? SH_SCALAR : n->type ==
	    YOTE_NODE_SEQ ? SH_SEQ : SH_MAP;
	return type | ((unsigned)n->style & 7) << 2 | (n->tag != NULL) << 5;
}

static unsigned
code_shape(struct hcoder *h, struct slot *s, unsigned shape)
{
	if (s->shape < 64 && rc_bit(&h->rc, &s->p_shape, shape == s->shape))
		return s->shape;
	shape = rc_tree(&h->rc, s->shape_tree, 6, shape);
	s->shape = shape;
	return shape;
}

static void
code_plies(struct hcoder *h, struct gctx *g, unsigned long n)
{
	unsigned v = rc_tree(&h->rc, h->plies, 10, n < 1023 ? (unsigned)n :
	    1023);

	if (v == 1023)
		n = 1023 + (unsigned long)rc_gamma(&h->rc, &h->g_plies,
		    n - 1023);
	else
		n = v;
	g->plies = n;
}

static int
enc_text(struct hcoder *h, struct slot *s, uint32_t actx,
    const unsigned char *t, size_t n)
{
	struct rc *rc = &h->rc;
	struct runs pr;
	int64_t d[RUNS];
	long i;
	int k;

	if (s->prev != NULL && rc_bit(rc, &s->p_repeat, s->prevlen == n &&
	    memcmp(s->prev, t, n) == 0))
		return slot_update(s, actx, t, n);
	if ((i = slot_assoc(s, actx)) >= 0 && rc_bit(rc, &s->p_assoc,
	    s->dictlen[i] == n && memcmp(s->dict[i], t, n) == 0))
		return slot_update(s, actx, t, n);
	if (s->prev != NULL && runs_split(s->prev, s->prevlen, &pr) == 0 &&
	    rc_bit(rc, &s->p_delta, delta_of(s->prev, s->prevlen, &pr, t, n,
	    d) == 0)) {
		for (k = 0; k < pr.digits; k++)
			if (rc_bit(rc, &s->d_zero[k], d[k] != 0)) {
				rc_bit(rc, &s->d_sign[k], d[k] < 0);
				rc_gamma(rc, &s->d_mag[k], (uint64_t)(d[k] < 0 ?
				    -d[k] : d[k]) - 1);
			}
		return slot_update(s, actx, t, n);
	}
	if (s->ndict > 0) {
		i = dict_find(s, t, n);
		if (rc_bit(rc, &s->p_dict, i >= 0)) {
			rc_tree(rc, s->dicttree, DICT_BITS, (unsigned)i);
			return slot_update(s, actx, t, n);
		}
	}
	rc_gamma(rc, &s->g_len, n);
	buf_put(h->lit_out, t, n);
	return slot_update(s, actx, t, n);
}

static int
dec_bad(struct hcoder *h, const char *why)
{
	if (!h->bad) {
		h->bad = 1;
		h->why = why;
	}
	return -1;
}

/* Decode a text into a new NUL-terminated buffer. */
static int
dec_text(struct hcoder *h, struct slot *s, uint32_t actx, char **out,
    size_t *outn)
{
	struct rc *rc = &h->rc;
	struct runs pr;
	const unsigned char *src = NULL;
	unsigned char *t;
	size_t n = 0, m;
	long i;
	int k, r;

	*out = NULL;
	if (s->prev != NULL && rc_bit(rc, &s->p_repeat, 0)) {
		src = s->prev;
		n = s->prevlen;
	} else if ((i = slot_assoc(s, actx)) >= 0 &&
	    rc_bit(rc, &s->p_assoc, 0)) {
		src = s->dict[i];
		n = s->dictlen[i];
	} else if (s->prev != NULL && runs_split(s->prev, s->prevlen,
	    &pr) == 0 && rc_bit(rc, &s->p_delta, 0)) {
		char num[32];

		if ((t = malloc(s->prevlen + RUNS * 20 + 1)) == NULL)
			return -2;
		for (r = k = 0; r < pr.n; r++) {
			const unsigned char *at = s->prev + pr.at[r];
			uint64_t v;

			if (!pr.isdig[r]) {
				memcpy(t + n, at, pr.len[r]);
				n += pr.len[r];
				continue;
			}
			v = run_value(at, pr.len[r]);
			if (rc_bit(rc, &s->d_zero[k], 0)) {
				int neg = rc_bit(rc, &s->d_sign[k], 0);
				uint64_t mag = rc_gamma(rc, &s->d_mag[k], 0) + 1;

				if (neg ? mag > v : mag > 999999999999999999ULL - v) {
					free(t);
					return dec_bad(h, "a number out of range");
				}
				v = neg ? v - mag : v + mag;
			}
			k++;
			m = run_format(v, pr.len[r], num);
			memcpy(t + n, num, m);
			n += m;
		}
		t[n] = '\0';
		goto done;
	} else if (s->ndict > 0 && rc_bit(rc, &s->p_dict, 0)) {
		i = (long)rc_tree(rc, s->dicttree, DICT_BITS, 0);
		if ((uint32_t)i >= s->ndict)
			return dec_bad(h, "a value index out of range");
		src = s->dict[i];
		n = s->dictlen[i];
	} else {
		uint64_t len = rc_gamma(rc, &s->g_len, 0);

		if (len > YOTE_MAX_SCALAR)
			return dec_bad(h, "a value longer than the limit");
		n = (size_t)len;
		if ((src = cur_take(&h->lit, n)) == NULL)
			return dec_bad(h, "literal bytes missing");
	}
	if ((t = malloc(n + 1)) == NULL)
		return -2;
	if (n > 0)
		memcpy(t, src, n);
	t[n] = '\0';
done:
	if (rc->over > 8) {
		free(t);
		return dec_bad(h, "the tree stream ends early");
	}
	h->bytes += n;
	if (h->bytes > YOTE_MAX_DOCUMENT) {
		free(t);
		return dec_bad(h, "a game larger than the limit");
	}
	if (slot_update(s, actx, t, n) != 0) {
		free(t);
		return -2;
	}
	*out = (char *)t;
	*outn = n;
	return 0;
}

static int enc_moves(struct hcoder *, struct slot *, const struct yote_node *,
    struct gctx *);
static int dec_moves(struct hcoder *, struct slot *, struct gctx *,
    struct yote_node **);

/* Tags share one slot, "!". */
static int
enc_tag(struct hcoder *h, const char *tag)
{
	struct slot *k = slot_get(h, NULL, "!", NULL, 0);

	if (k == NULL)
		return YOTE_ENOMEM;
	return enc_text(h, k, 0, (const unsigned char *)tag, strlen(tag));
}

static uint32_t
text_ctx(const struct yote_node *n)
{
	return n != NULL && n->type == YOTE_NODE_SCALAR ?
	    fnv(n->text, n->len) : 0;
}

/*
 * Code node n in slot s.  canon: n is a move whose canonical text that
 * is (one bit when it is written so); item_canon: n is a moves item and
 * the value of its first "move" key is that move.
 */
static int
enc_node(struct hcoder *h, struct slot *s, uint32_t actx,
    const struct yote_node *n, int depth, const char *canon,
    const char *item_canon, struct gctx *g)
{
	struct slot *k, *v;
	uint32_t pk = 0, pv = 0;
	size_t i;
	int rc, found = 0;

	code_shape(h, s, node_shape(n));
	if (n == NULL)
		return 0;
	if (n->tag != NULL && (rc = enc_tag(h, n->tag)) != 0)
		return rc;
	switch (n->type) {
	case YOTE_NODE_SCALAR:
		if (canon != NULL && rc_bit(&h->rc, &s->p_canon, n->len ==
		    strlen(canon) && memcmp(n->text, canon, n->len) == 0))
			return 0;
		return enc_text(h, s, actx, (const unsigned char *)n->text,
		    n->len);
	case YOTE_NODE_SEQ:
		rc_gamma(&h->rc, &s->g_count, n->n);
		if ((k = slot_get(h, s, "[]", NULL, 0)) == NULL)
			return YOTE_ENOMEM;
		for (i = 0; i < n->n; i++) {
			if ((rc = enc_node(h, k, pk, n->kids[i], depth + 1,
			    NULL, NULL, g)) != 0)
				return rc;
			pk = text_ctx(n->kids[i]);
		}
		return 0;
	default:
		rc_gamma(&h->rc, &s->g_count, n->n / 2);
		if ((k = slot_get(h, s, "{}", NULL, 0)) == NULL)
			return YOTE_ENOMEM;
		for (i = 0; i + 1 < n->n; i += 2) {
			const struct yote_node *key = n->kids[i];
			const struct yote_node *val = n->kids[i + 1];
			const char *vc = NULL;

			if ((rc = enc_node(h, k, pk, key, depth + 1, NULL, NULL,
			    g)) != 0)
				return rc;
			if (key != NULL && key->type == YOTE_NODE_SCALAR)
				v = slot_get(h, s, "/", (const unsigned char *)
				    key->text, key->len);
			else
				v = slot_get(h, s, "/?", NULL, 0);
			if (v == NULL)
				return YOTE_ENOMEM;
			if (item_canon != NULL && !found &&
			    yote_node_is(key, "move")) {
				found = 1;
				vc = item_canon;
			}
			if (depth == 0 && !g->raw && val == g->moves)
				rc = enc_moves(h, v, val, g);
			else
				rc = enc_node(h, v, pv, val, depth + 1, vc, NULL,
				    g);
			if (rc != 0)
				return rc;
			pk = text_ctx(key);
			/* a move's text may come from the move stream later */
			pv = vc != NULL ? 0 : text_ctx(val);
		}
		return 0;
	}
}

static int
enc_moves(struct hcoder *h, struct slot *s, const struct yote_node *seq,
    struct gctx *g)
{
	struct slot *k;
	unsigned style = 1;
	size_t i;
	int rc;

	code_shape(h, s, node_shape(seq));
	if (seq->tag != NULL && (rc = enc_tag(h, seq->tag)) != 0)
		return rc;
	code_plies(h, g, seq->n);
	for (i = 0; i < seq->n; i++)
		if (seq->kids[i]->type == YOTE_NODE_SCALAR) {
			style = (unsigned)seq->kids[i]->style & 7;
			break;
		}
	rc_tree(&h->rc, h->item_style, 3, style);
	if ((k = slot_get(h, s, "[]", NULL, 0)) == NULL)
		return YOTE_ENOMEM;
	for (i = 0; i < seq->n; i++) {
		const struct yote_node *it = seq->kids[i];
		const char *canon = (const char *)g->canon + g->canon_off[i];
		int simple = it->type == YOTE_NODE_SCALAR && it->tag == NULL &&
		    ((unsigned)it->style & 7) == style &&
		    it->len == strlen(canon) && memcmp(it->text, canon,
		    it->len) == 0;

		if (rc_bit(&h->rc, &h->p_simple, simple))
			continue;
		if ((rc = enc_node(h, k, 0, it, 2, canon, canon, g)) != 0)
			return rc;
	}
	return 0;
}

static struct yote_node *
node_make(struct hcoder *h, unsigned shape)
{
	struct yote_node *n;

	if (++h->nodes > NODE_LIMIT) {
		dec_bad(h, "more nodes than the limit");
		return NULL;
	}
	if ((n = calloc(1, sizeof(*n))) == NULL)
		return NULL;
	n->type = (shape & 3) == SH_SCALAR ? YOTE_NODE_SCALAR :
	    (shape & 3) == SH_SEQ ? YOTE_NODE_SEQ : YOTE_NODE_MAP;
	n->style = (int)(shape >> 2 & 7);
	return n;
}

/* Remember that node n gets the text of move g->cur. */
static int
add_fix(struct gctx *g, struct yote_node *n)
{
	if (g->nfix == g->capfix) {
		size_t cap = g->capfix ? 2 * g->capfix : 256;
		struct yote_node **f = realloc(g->fix, cap * sizeof(*f));
		unsigned long *p;

		if (f == NULL)
			return -2;
		g->fix = f;
		if ((p = realloc(g->fix_ply, cap * sizeof(*p))) == NULL)
			return -2;
		g->fix_ply = p;
		g->capfix = cap;
	}
	g->fix[g->nfix] = n;
	g->fix_ply[g->nfix++] = g->cur;
	return 0;
}

/* Push kid onto n's kids; -2 when out of memory (kid freed). */
static int
push(struct yote_node *n, struct yote_node *kid)
{
	return yote_node_push(n, kid) == 0 ? 0 : -2;
}

/* Decode a node into *out; 0, -1 (bad data: h->why) or -2 (memory). */
static int
dec_node(struct hcoder *h, struct slot *s, uint32_t actx, int depth,
    int canon, int item_canon, struct gctx *g, struct yote_node **out)
{
	struct yote_node *n, *kid;
	struct slot *k, *v;
	unsigned shape;
	uint64_t count, i;
	uint32_t pk = 0, pv = 0;
	size_t len;
	int rc, found = 0;

	*out = NULL;
	if (depth > YOTE_MAX_DEPTH)
		return dec_bad(h, "nesting deeper than the limit");
	shape = code_shape(h, s, 0);
	if (h->rc.over > 8)
		return dec_bad(h, "the tree stream ends early");
	if ((shape & 3) == SH_NULL)
		return 0;
	if ((n = node_make(h, shape)) == NULL)
		return h->bad ? -1 : -2;
	if (shape & 32) {
		if ((k = slot_get(h, NULL, "!", NULL, 0)) == NULL) {
			yote_node_free(n);
			return -2;
		}
		if ((rc = dec_text(h, k, 0, &n->tag, &len)) != 0) {
			yote_node_free(n);
			return rc;
		}
	}
	switch (n->type) {
	case YOTE_NODE_SCALAR:
		if (canon && rc_bit(&h->rc, &s->p_canon, 0)) {
			if ((n->text = calloc(1, 1)) == NULL ||
			    add_fix(g, n) != 0) {
				yote_node_free(n);
				return -2;
			}
			break;
		}
		if ((rc = dec_text(h, s, actx, &n->text, &n->len)) != 0) {
			yote_node_free(n);
			return rc;
		}
		break;
	case YOTE_NODE_SEQ:
		count = rc_gamma(&h->rc, &s->g_count, 0);
		if ((k = slot_get(h, s, "[]", NULL, 0)) == NULL) {
			yote_node_free(n);
			return -2;
		}
		for (i = 0; i < count; i++) {
			if ((rc = dec_node(h, k, pk, depth + 1, 0, 0, g,
			    &kid)) != 0 || (rc = push(n, kid)) != 0) {
				yote_node_free(n);
				return rc;
			}
			pk = text_ctx(kid);
		}
		break;
	default:
		count = rc_gamma(&h->rc, &s->g_count, 0);
		if ((k = slot_get(h, s, "{}", NULL, 0)) == NULL) {
			yote_node_free(n);
			return -2;
		}
		for (i = 0; i < count; i++) {
			struct yote_node *key;
			int vc = 0;

			if ((rc = dec_node(h, k, pk, depth + 1, 0, 0, g,
			    &key)) != 0 || (rc = push(n, key)) != 0) {
				yote_node_free(n);
				return rc;
			}
			if (key != NULL && key->type == YOTE_NODE_SCALAR)
				v = slot_get(h, s, "/", (const unsigned char *)
				    key->text, key->len);
			else
				v = slot_get(h, s, "/?", NULL, 0);
			if (v == NULL) {
				yote_node_free(n);
				return -2;
			}
			if (item_canon && !found && yote_node_is(key, "move"))
				found = vc = 1;
			if (depth == 0 && !g->raw && g->moves_out == NULL &&
			    yote_node_is(key, "moves"))
				rc = dec_moves(h, v, g, &kid);
			else
				rc = dec_node(h, v, pv, depth + 1, vc, 0, g,
				    &kid);
			if (rc != 0 || (rc = push(n, kid)) != 0) {
				yote_node_free(n);
				return rc;
			}
			pk = text_ctx(key);
			pv = vc ? 0 : text_ctx(kid);
		}
		break;
	}
	*out = n;
	return 0;
}

static int
dec_moves(struct hcoder *h, struct slot *s, struct gctx *g,
    struct yote_node **out)
{
	struct yote_node *seq, *it;
	struct slot *k;
	unsigned shape, style;
	unsigned long i;
	size_t len;
	int rc;

	*out = NULL;
	shape = code_shape(h, s, 0);
	if ((shape & 3) != SH_SEQ)
		return dec_bad(h, "a moves list that is not a list");
	if ((seq = node_make(h, shape)) == NULL)
		return h->bad ? -1 : -2;
	g->moves_out = seq;
	if (shape & 32) {
		if ((k = slot_get(h, NULL, "!", NULL, 0)) == NULL ||
		    (rc = dec_text(h, k, 0, &seq->tag, &len)) != 0) {
			yote_node_free(seq);
			return k == NULL ? -2 : rc;
		}
	}
	code_plies(h, g, 0);
	if (g->plies > NODE_LIMIT) {
		yote_node_free(seq);
		return dec_bad(h, "more moves than the limit");
	}
	style = rc_tree(&h->rc, h->item_style, 3, 0);
	if ((k = slot_get(h, s, "[]", NULL, 0)) == NULL) {
		yote_node_free(seq);
		return -2;
	}
	for (i = 0; i < g->plies; i++) {
		g->cur = i;
		if (rc_bit(&h->rc, &h->p_simple, 0)) {
			if ((it = node_make(h, SH_SCALAR | style << 2)) == NULL) {
				yote_node_free(seq);
				return h->bad ? -1 : -2;
			}
			if ((it->text = calloc(1, 1)) == NULL ||
			    add_fix(g, it) != 0) {
				yote_node_free(it);
				yote_node_free(seq);
				return -2;
			}
		} else if ((rc = dec_node(h, k, 0, 2, 1, 1, g, &it)) != 0) {
			yote_node_free(seq);
			return rc;
		}
		if (it == NULL) {
			yote_node_free(seq);
			return dec_bad(h, "a moves item without a move");
		}
		if ((rc = push(seq, it)) != 0) {
			yote_node_free(seq);
			return rc;
		}
		if (h->rc.over > 8) {
			yote_node_free(seq);
			return dec_bad(h, "the tree stream ends early");
		}
	}
	*out = seq;
	return 0;
}

/* ------------------------------------------------------------ writer */

struct wrules {                 /* a ruleset in the block's table */
	const struct yote_rules *r;     /* built-in, or NULL */
	char *text;                     /* else the ruleset file's text */
	size_t len;
};

#define MAX_DIAGS 32

struct yote_archive_writer {
	FILE *fp;
	unsigned flags;
	unsigned long block_games;
	int failed;             /* the archive is unusable: this code */
	char why[256];          /* and why */
	uint64_t off;           /* bytes written in this member */
	uint64_t member_games;  /* games in the blocks written */
	struct yote_checker *ck;
	/* the block being filled */
	int open;
	unsigned long games;
	struct wrules rules[MAX_RULESETS];
	size_t nrules;
	struct buf hdr, mov, lit, payload, z;
	struct hcoder hc;
	struct rc mrc;
	struct mover mv;
	/* the game being added */
	struct yote_pos *before;
	struct yote_move *moves;
	size_t nply, capply;
	struct ply_sym *sym;
	size_t capsym;
	struct buf ctxs;        /* bit contexts of every ply */
	struct buf canon;       /* canonical move texts */
	size_t *canon_off;
	size_t capcanon;
	struct yote_error diags[MAX_DIAGS];
	size_t ndiag;
	unsigned long more_diags;
	int bad_start;          /* the checker refused the start position */
	int oom;
	/* the index: one entry per data block */
	uint64_t *idx_off;
	uint32_t *idx_games;
	size_t nidx, capidx;
	struct yote_archive_stats st;
};

static int
w_fail(struct yote_archive_writer *w, int code, const char *why,
    struct yote_error *err)
{
	if (!w->failed) {
		w->failed = code;
		snprintf(w->why, sizeof(w->why), "%s", why);
	}
	return yote_error_set(err, w->failed, "%s", w->why);
}

static int
w_write(struct yote_archive_writer *w, const void *p, size_t n,
    struct yote_error *err)
{
	char why[256];

	if (w->failed)
		return yote_error_set(err, w->failed, "%s", w->why);
	if (fwrite(p, 1, n, w->fp) != n) {
		snprintf(why, sizeof(why), "write error: %s", strerror(errno));
		return w_fail(w, YOTE_EIO, why, err);
	}
	w->off += n;
	w->st.bytes += n;
	return 0;
}

int
yote_archive_writer_open(FILE *fp, unsigned flags,
    struct yote_archive_writer **out, struct yote_error *err)
{
	struct yote_archive_writer *w;
	unsigned char h[MEMBER_HEAD];
	int rc;

	*out = NULL;
	if ((w = calloc(1, sizeof(*w))) == NULL ||
	    (w->ck = yote_checker_new()) == NULL) {
		free(w);
		return yote_error_set(err, YOTE_ENOMEM, "out of memory");
	}
	w->fp = fp;
	w->flags = flags;
	w->block_games = YOTE_ARCHIVE_BLOCK_GAMES;
	memcpy(h, magic, 8);
	h[8] = YOTE_ARCHIVE_VERSION;
	h[9] = h[10] = h[11] = 0;
	put32(h + 12, crc(h, 12));
	if ((rc = w_write(w, h, sizeof(h), err)) != 0) {
		yote_checker_free(w->ck);
		free(w);
		return rc;
	}
	*out = w;
	return 0;
}

void
yote_archive_writer_set_rules(struct yote_archive_writer *w,
    const struct yote_rules *r)
{
	yote_checker_set_rules(w->ck, r);
}

void
yote_archive_writer_set_block(struct yote_archive_writer *w,
    unsigned long games)
{
	w->block_games = games > 0 ? games : 1;
}

void
yote_archive_writer_stats(const struct yote_archive_writer *w,
    struct yote_archive_stats *st)
{
	*st = w->st;
}

static void
w_diag(void *ctx, const struct yote_error *e)
{
	struct yote_archive_writer *w = ctx;

	if (e->diag == YOTE_D_BAD_START)
		w->bad_start = 1;
	if (w->ndiag < MAX_DIAGS)
		w->diags[w->ndiag++] = *e;
	else
		w->more_diags++;
}

static int
w_ply(void *ctx, unsigned long ply, const struct yote_pos *before,
    const struct yote_move *m, const struct yote_pos *after,
    const struct yote_node *item)
{
	struct yote_archive_writer *w = ctx;

	(void)ply;
	(void)after;
	(void)item;
	if (w->nply == w->capply) {
		size_t cap = w->capply ? 2 * w->capply : 256;
		struct yote_pos *b = realloc(w->before, cap * sizeof(*b));
		struct yote_move *m2;

		if (b == NULL) {
			w->oom = 1;
			return 1;
		}
		w->before = b;
		if ((m2 = realloc(w->moves, cap * sizeof(*m2))) == NULL) {
			w->oom = 1;
			return 1;
		}
		w->moves = m2;
		w->capply = cap;
	}
	w->before[w->nply] = *before;
	w->moves[w->nply++] = *m;
	return 0;
}

static int
pos_equal(const struct yote_pos *a, const struct yote_pos *b)
{
	return a->pieces[0] == b->pieces[0] && a->pieces[1] == b->pieces[1] &&
	    a->hand[0] == b->hand[0] && a->hand[1] == b->hand[1] &&
	    a->side == b->side && a->since_capture == b->since_capture &&
	    a->ply == b->ply;
}

/*
 * Work out every ply's rank before anything is written.  Returns 0, -1
 * when a move is not among those generated (cannot happen for a move the
 * checker accepted) or YOTE_ENOMEM.
 */
static int
w_rank(struct yote_archive_writer *w, const struct yote_rules *r)
{
	struct mover *mv = &w->mv;
	char mtext[YOTE_MOVE_TEXT], text[YOTE_MOVE_TEXT];
	size_t i, j, idx;
	long n;

	if (w->nply > w->capsym) {
		struct ply_sym *s = realloc(w->sym, w->nply * sizeof(*s));
		size_t *o;

		if (s == NULL)
			return YOTE_ENOMEM;
		w->sym = s;
		w->capsym = w->nply;
		if ((o = realloc(w->canon_off, w->nply * sizeof(*o))) == NULL)
			return YOTE_ENOMEM;
		w->canon_off = o;
	}
	w->ctxs.n = w->canon.n = 0;
	for (i = 0; i < w->nply; i++) {
		struct ply_sym *sy = &w->sym[i];

		if ((n = mover_rank(mv, r, &w->before[i])) < 0)
			return YOTE_ENOMEM;
		for (idx = 0; idx < (size_t)n; idx++)
			if (yote_move_equal(&mv->list.v[idx], &w->moves[i]))
				break;
		if (idx == (size_t)n)
			return -1;
		yote_move_format(r, &w->moves[i], mtext);
		w->canon_off[i] = w->canon.n;
		buf_put(&w->canon, mtext, strlen(mtext) + 1);
		sy->levels = (uint32_t)mv->nlevel;
		sy->tier = (uint32_t)level_of(mv, mv->score[idx]);
		sy->k = mv->count[sy->tier];
		sy->i = 0;
		sy->ctx = w->ctxs.n;
		for (j = 0; j + 1 < mv->nlevel && j <= sy->tier; j++)
			buf_byte(&w->ctxs, tier_ctx(mv, j));
		if (sy->k < 2)
			continue;
		for (j = 0; j < (size_t)n; j++) {
			if (j == idx || mv->score[j] != mv->score[idx])
				continue;
			yote_move_format(r, &mv->list.v[j], text);
			if (strcmp(text, mtext) < 0)
				sy->i++;
		}
	}
	return w->ctxs.oom || w->canon.oom ? YOTE_ENOMEM : 0;
}

static void
w_block_start(struct yote_archive_writer *w)
{
	hc_init(&w->hc);
	w->hdr.n = w->mov.n = w->lit.n = 0;
	rc_enc_init(&w->hc.rc, &w->hdr);
	w->hc.lit_out = &w->lit;
	rc_enc_init(&w->mrc, &w->mov);
	mover_init(&w->mv);
	w->games = 0;
	w->nrules = 0;
	w->open = 1;
}

static void
w_rules_clear(struct yote_archive_writer *w)
{
	size_t i;

	for (i = 0; i < w->nrules; i++)
		free(w->rules[i].text);
	w->nrules = 0;
}

/* Deflate w->payload into w->z and write it as a block of this type. */
static int
w_block_out(struct yote_archive_writer *w, int type, uint32_t games,
    uint64_t first, struct yote_error *err)
{
	unsigned char h[BLOCK_HEAD];
	uLongf zlen;
	int rc;

	if (w->payload.oom)
		return w_fail(w, YOTE_ENOMEM, "out of memory", err);
	if (w->payload.n > YOTE_ARCHIVE_MAX_BLOCK)
		return w_fail(w, YOTE_ELIMIT, "a block larger than the limit "
		    "(a game too large for an archive)", err);
	zlen = compressBound((uLong)w->payload.n);
	w->z.n = 0;
	if (buf_grow(&w->z, zlen) != 0)
		return w_fail(w, YOTE_ENOMEM, "out of memory", err);
	if (compress2(w->z.p, &zlen, w->payload.p, (uLong)w->payload.n,
	    Z_BEST_COMPRESSION) != Z_OK)
		return w_fail(w, YOTE_ENOMEM, "zlib: cannot compress", err);
	h[0] = 'Y';
	h[1] = 'T';
	h[2] = 'B';
	h[3] = (unsigned char)type;
	put32(h + 4, (uint32_t)zlen);
	put32(h + 8, (uint32_t)w->payload.n);
	put32(h + 12, games);
	put64(h + 16, first);
	put32(h + 24, crc(w->z.p, zlen));
	put32(h + 28, crc(h, 28));
	if ((rc = w_write(w, h, sizeof(h), err)) != 0)
		return rc;
	return w_write(w, w->z.p, zlen, err);
}

static int
w_block_flush(struct yote_archive_writer *w, struct yote_error *err)
{
	struct buf *p = &w->payload;
	uint64_t off = w->off;
	size_t i;
	int rc;

	if (!w->open)
		return 0;
	w->open = 0;
	rc_flush(&w->hc.rc);
	rc_flush(&w->mrc);
	p->n = 0;
	buf_byte(p, LAYOUT);
	buf_varint(p, w->nrules);
	for (i = 0; i < w->nrules; i++) {
		const struct wrules *e = &w->rules[i];

		buf_byte(p, e->text == NULL ? 0 : 1);
		if (e->text == NULL) {
			buf_varint(p, strlen(e->r->name));
			buf_put(p, e->r->name, strlen(e->r->name));
		} else {
			buf_varint(p, e->len);
			buf_put(p, e->text, e->len);
		}
	}
	buf_varint(p, w->hdr.n);
	buf_varint(p, w->mov.n);
	buf_varint(p, w->lit.n);
	buf_put(p, w->hdr.p, w->hdr.n);
	buf_put(p, w->mov.p, w->mov.n);
	buf_put(p, w->lit.p, w->lit.n);
	w->st.move_bytes += w->mov.n;
	w->st.head_bytes += w->hdr.n + w->lit.n;
	hc_free(&w->hc);
	w_rules_clear(w);
	if (w->hdr.oom || w->mov.oom || w->lit.oom)
		return w_fail(w, YOTE_ENOMEM, "out of memory", err);
	if ((rc = w_block_out(w, 'D', (uint32_t)w->games, w->member_games,
	    err)) != 0)
		return rc;
	if (w->nidx == w->capidx) {
		size_t cap = w->capidx ? 2 * w->capidx : 64;
		uint64_t *o = realloc(w->idx_off, cap * sizeof(*o));
		uint32_t *g;

		if (o == NULL)
			return w_fail(w, YOTE_ENOMEM, "out of memory", err);
		w->idx_off = o;
		if ((g = realloc(w->idx_games, cap * sizeof(*g))) == NULL)
			return w_fail(w, YOTE_ENOMEM, "out of memory", err);
		w->idx_games = g;
		w->capidx = cap;
	}
	w->idx_off[w->nidx] = off;
	w->idx_games[w->nidx++] = (uint32_t)w->games;
	w->member_games += w->games;
	w->st.blocks++;
	return 0;
}

/* The table index of ruleset r in this block, adding it; -1 if full. */
static long
w_rules_index(struct yote_archive_writer *w, const struct yote_rules *r)
{
	struct wrules *e;
	char *text = NULL;
	size_t i, len = 0;
	FILE *m;

	if (!r->builtin) {
		if ((m = open_memstream(&text, &len)) == NULL)
			return YOTE_ENOMEM;
		if (yote_rules_write(r, m) != 0) {
			fclose(m);
			free(text);
			return YOTE_ENOMEM;
		}
		if (fclose(m) != 0) {
			free(text);
			return YOTE_ENOMEM;
		}
	}
	for (i = 0; i < w->nrules; i++) {
		e = &w->rules[i];
		if (r->builtin ? e->r == r : e->text != NULL && e->len == len &&
		    memcmp(e->text, text, len) == 0) {
			free(text);
			return (long)i;
		}
	}
	if (w->nrules == MAX_RULESETS) {
		free(text);
		return -1;
	}
	e = &w->rules[w->nrules];
	e->r = r->builtin ? r : NULL;
	e->text = text;
	e->len = len;
	return (long)w->nrules++;
}

/* Nodes and text bytes under n, to keep within what a reader accepts. */
static void
tree_size(const struct yote_node *n, int depth, size_t *nodes,
    size_t *bytes, int *deep)
{
	size_t i;

	if (n == NULL)
		return;
	(*nodes)++;
	*bytes += n->type == YOTE_NODE_SCALAR ? n->len : 0;
	*bytes += n->tag != NULL ? strlen(n->tag) : 0;
	if (depth > YOTE_MAX_DEPTH || (n->type == YOTE_NODE_MAP && n->n % 2))
		*deep = 1;
	for (i = 0; i < n->n; i++)
		tree_size(n->kids[i], depth + 1, nodes, bytes, deep);
}

/* Code the game whose plies are ranked (or raw) into the block. */
static int
w_encode(struct yote_archive_writer *w, const struct yote_record *rec,
    const struct yote_game_info *info, int raw, struct yote_error *err)
{
	struct hcoder *h;
	struct gctx g;
	struct slot *s;
	const struct yote_node *root = rec->root, *v;
	struct yote_pos def, q;
	char text[YOTE_POS_TEXT];
	long ri = 0;
	size_t i, j;
	unsigned mode = 0;
	int rc;

	if (!raw && (ri = w_rules_index(w, info->rules)) < 0) {
		/* a new ruleset and no room in this block: start another */
		if ((rc = w_block_flush(w, err)) != 0)
			return rc;
		w_block_start(w);
		if ((ri = w_rules_index(w, info->rules)) < 0)
			return w_fail(w, YOTE_ENOMEM, "out of memory", err);
	}
	h = &w->hc;
	memset(&g, 0, sizeof(g));
	g.raw = raw;
	rc_bit(&h->rc, &h->p_raw, raw);
	if (!raw) {
		if (!rc_bit(&h->rc, &h->p_same_rules, (uint32_t)ri ==
		    h->prev_rules))
			rc_gamma(&h->rc, &h->g_rules, (uint64_t)ri);
		h->prev_rules = (uint32_t)ri;
		yote_pos_start(info->rules, &def);
		if (!pos_equal(&def, &info->start)) {
			mode = 2;
			v = yote_node_get(root, "start");
			if (v != NULL && v->type == YOTE_NODE_SCALAR &&
			    yote_pos_parse(info->rules, v->text, &q, NULL) ==
			    0 && pos_equal(&q, &info->start))
				mode = 1;
		}
		if (rc_bit(&h->rc, &h->p_start[0], mode != 0) &&
		    rc_bit(&h->rc, &h->p_start[1], mode == 2)) {
			yote_pos_format(info->rules, &info->start, text);
			if ((s = slot_get(h, NULL, "#start", NULL, 0)) == NULL)
				return w_fail(w, YOTE_ENOMEM, "out of memory",
				    err);
			if ((rc = enc_text(h, s, 0, (const unsigned char *)text,
			    strlen(text))) != 0)
				return w_fail(w, rc, "out of memory", err);
		}
		g.moves = yote_node_get(root, "moves");
		g.canon = w->canon.p;
		g.canon_off = w->canon_off;
	}
	if ((s = slot_get(h, NULL, "", NULL, 0)) == NULL ||
	    (rc = enc_node(h, s, 0, root, 0, NULL, NULL, &g)) != 0)
		return w_fail(w, YOTE_ENOMEM, "out of memory", err);
	for (i = 0; !raw && i < w->nply; i++) {
		const struct ply_sym *sy = &w->sym[i];
		const unsigned char *cx = w->ctxs.p + sy->ctx;

		for (j = 0; j + 1 < sy->levels; j++)
			if (!rc_bit(&w->mrc, &w->mv.tier[j < TIER_J ? j :
			    TIER_J - 1][cx[j]], sy->tier > j))
				break;
		if (sy->k > 1)
			rc_uniform(&w->mrc, sy->i, sy->k);
	}
	w->games++;
	w->st.games++;
	if (raw)
		w->st.raw++;
	else
		w->st.plies += w->nply;
	return 0;
}

/* Hand the problems the checker found to the caller. */
static void
w_report(struct yote_archive_writer *w, yote_diag_fn diag, void *ctx,
    const struct yote_record *rec, const char *file)
{
	struct yote_error e;
	size_t i;

	if (diag == NULL)
		return;
	for (i = 0; i < w->ndiag; i++)
		diag(ctx, &w->diags[i]);
	if (w->more_diags > 0) {
		memset(&e, 0, sizeof(e));
		e.code = YOTE_EVALUE;
		e.diag = YOTE_D_LIMIT;
		e.file = file;
		e.game = rec->game;
		snprintf(e.msg, sizeof(e.msg), "%lu more problems in this game",
		    w->more_diags);
		diag(ctx, &e);
	}
}

int
yote_archive_put(struct yote_archive_writer *w,
    const struct yote_record *rec, const char *file, yote_diag_fn diag,
    void *ctx, struct yote_error *err)
{
	struct yote_game_info info;
	const struct yote_node *root = rec->root, *moves = NULL;
	size_t nodes = 0, bytes = 0;
	int deep = 0, raw, rc;
	long problems;

	if (w->failed)
		return yote_error_set(err, w->failed, "%s", w->why);
	w->nply = w->ndiag = 0;
	w->more_diags = 0;
	w->bad_start = w->oom = 0;
	tree_size(root, 0, &nodes, &bytes, &deep);
	if (deep || nodes > NODE_LIMIT || bytes > YOTE_MAX_DOCUMENT) {
		struct yote_error e;

		memset(&e, 0, sizeof(e));
		e.code = YOTE_ELIMIT;
		e.diag = YOTE_D_LIMIT;
		e.file = file;
		e.game = rec->game;
		snprintf(e.msg, sizeof(e.msg), "a game too large or too deep "
		    "for an archive");
		if (diag != NULL)
			diag(ctx, &e);
		return YOTE_EILLEGAL;
	}
	problems = yote_checker_play(w->ck, rec, file, &info, w_diag, w_ply,
	    w);
	if (problems == YOTE_ENOMEM || w->oom)
		return yote_error_set(err, YOTE_ENOMEM, "out of memory");
	if (root != NULL && root->type == YOTE_NODE_MAP)
		moves = yote_node_get(root, "moves");
	raw = moves == NULL || moves->type != YOTE_NODE_SEQ ||
	    info.rules == NULL || w->bad_start || info.played != moves->n;
	if (!raw && (rc = w_rank(w, info.rules)) != 0) {
		if (rc == YOTE_ENOMEM)
			return yote_error_set(err, rc, "out of memory");
		raw = 1;
	}
	if (raw) {
		if (w->ndiag == 0) {    /* cannot happen; say something */
			struct yote_error e;

			memset(&e, 0, sizeof(e));
			e.code = YOTE_EILLEGAL;
			e.diag = YOTE_D_ILLEGAL_MOVE;
			e.file = file;
			e.game = rec->game;
			snprintf(e.msg, sizeof(e.msg), "the moves cannot be "
			    "ranked");
			w->diags[w->ndiag++] = e;
		}
		w_report(w, diag, ctx, rec, file);
		if (!(w->flags & YOTE_ARCHIVE_KEEP_INVALID))
			return YOTE_EILLEGAL;
	}
	if (!w->open)
		w_block_start(w);
	if ((rc = w_encode(w, rec, &info, raw, err)) != 0)
		return rc;
	if ((w->games >= w->block_games || w->hdr.n + w->mov.n + w->lit.n >=
	    BLOCK_BYTES) && (rc = w_block_flush(w, err)) != 0)
		return rc;
	return raw;
}

int
yote_archive_writer_close(struct yote_archive_writer *w,
    struct yote_archive_stats *st, struct yote_error *err)
{
	unsigned char h[BLOCK_HEAD];
	uint64_t idx_at, prev = 0;
	size_t i;
	int rc = 0;

	if (w == NULL)
		return 0;
	if (!w->failed && w->open)
		rc = w_block_flush(w, err);
	idx_at = w->off;
	if (rc == 0 && !w->failed && !(w->flags & YOTE_ARCHIVE_NO_INDEX)) {
		w->payload.n = 0;
		buf_varint(&w->payload, w->nidx);
		for (i = 0; i < w->nidx; i++) {
			buf_varint(&w->payload, w->idx_off[i] - prev);
			buf_varint(&w->payload, w->idx_games[i]);
			prev = w->idx_off[i];
		}
		rc = w_block_out(w, 'X', (uint32_t)w->nidx, 0, err);
	}
	if (rc == 0 && !w->failed) {
		memset(h, 0, sizeof(h));
		h[0] = 'Y';
		h[1] = 'T';
		h[2] = 'B';
		h[3] = 'E';
		put64(h + 4, w->off);
		put64(h + 12, w->member_games);
		put32(h + 20, (uint32_t)(w->off - idx_at));
		put32(h + 28, crc(h, 28));
		rc = w_write(w, h, sizeof(h), err);
	}
	if (rc == 0 && w->failed)
		rc = yote_error_set(err, w->failed, "%s", w->why);
	if (st != NULL)
		*st = w->st;
	if (w->open)
		hc_free(&w->hc);
	w_rules_clear(w);
	yote_checker_free(w->ck);
	buf_free(&w->hdr);
	buf_free(&w->mov);
	buf_free(&w->lit);
	buf_free(&w->payload);
	buf_free(&w->z);
	buf_free(&w->ctxs);
	buf_free(&w->canon);
	mover_free(&w->mv);
	free(w->before);
	free(w->moves);
	free(w->sym);
	free(w->canon_off);
	free(w->idx_off);
	free(w->idx_games);
	free(w);
	return rc;
}

/* ------------------------------------------------------------ format */

int
yote_format_detect(const unsigned char *head, size_t len)
{
	size_t i, same = 0;

	if (len == 0)
		return YOTE_FORMAT_YAML;
	if (head[0] == magic[0])
		return YOTE_FORMAT_ARCHIVE;
	for (i = 0; i < len && i < 8; i++)
		same += head[i] == magic[i];
	if (len >= 8 && same >= 6)
		return YOTE_FORMAT_ARCHIVE;
	return head[0] == '@' ? YOTE_FORMAT_LINES : YOTE_FORMAT_YAML;
}

/* ------------------------------------------------------------ reader */

enum { S_MEMBER, S_BLOCKS, S_DONE };

struct dblock {                 /* the data block being handed out */
	unsigned char *data;    /* its payload, inflated */
	size_t len;
	uint64_t off;           /* byte offset of its header */
	unsigned long number;   /* 1-based, in the stream */
	unsigned long games;    /* games in it */
	unsigned long next;     /* games handed out or passed */
	unsigned long first;    /* stream number of its first game */
	const struct yote_rules *rules[MAX_RULESETS];
	struct yote_rules *owned[MAX_RULESETS];
	size_t nrules;
	struct hcoder hc;
	struct rc mrc;
	int no_moves;           /* moves left undecoded: mrc is behind */
};

struct yote_arc_reader {
	FILE *fp;
	const char *name;
	unsigned char *pb;      /* bytes to hand out before fp's */
	size_t pblen, pbpos;
	uint64_t off;           /* bytes consumed so far */
	long long base;         /* fp's offset of byte 0, or -1 */
	unsigned long *games;   /* games accounted for (the reader's count) */
	int state;
	int io_errno;
	uint64_t member_off;    /* where the current member starts */
	unsigned long member_base;      /* games before it */
	uint64_t member_games;  /* its games accounted for */
	unsigned long blocks;   /* data blocks met */
	struct dblock *blk;
	struct mover mv;
	struct gctx g;
};

static size_t
a_read(struct yote_arc_reader *a, void *dst, size_t n)
{
	unsigned char *d = dst;
	size_t got = 0, k;

	if (a->pbpos < a->pblen) {
		k = a->pblen - a->pbpos < n ? a->pblen - a->pbpos : n;
		memcpy(d, a->pb + a->pbpos, k);
		a->pbpos += k;
		got = k;
	}
	if (got < n) {
		k = fread(d + got, 1, n - got, a->fp);
		if (k < n - got && ferror(a->fp))
			a->io_errno = errno ? errno : EIO;
		got += k;
	}
	a->off += got;
	return got;
}

/* Put bytes back to be read again from offset off. */
static int
a_unread(struct yote_arc_reader *a, const unsigned char *p, size_t n,
    uint64_t off)
{
	unsigned char *nb = malloc(n + (a->pblen - a->pbpos) + 1);

	if (nb == NULL)
		return YOTE_ENOMEM;
	memcpy(nb, p, n);
	memcpy(nb + n, a->pb + a->pbpos, a->pblen - a->pbpos);
	n += a->pblen - a->pbpos;
	free(a->pb);
	a->pb = nb;
	a->pblen = n;
	a->pbpos = 0;
	a->off = off;
	return 0;
}

static int
a_seek(struct yote_arc_reader *a, uint64_t off)
{
	if (a->base < 0 || off > (uint64_t)LLONG_MAX - (uint64_t)a->base ||
	    fseeko(a->fp, (off_t)(a->base + (long long)off), SEEK_SET) != 0)
		return -1;
	a->pblen = a->pbpos = 0;
	a->off = off;
	return 0;
}

/* Pass over n bytes; -1 when the input ends first. */
static int
a_skip(struct yote_arc_reader *a, uint64_t n)
{
	unsigned char tmp[8192];
	size_t k;

	if (a->pbpos < a->pblen) {
		k = a->pblen - a->pbpos < n ? a->pblen - a->pbpos : (size_t)n;
		a->pbpos += k;
		a->off += k;
		n -= k;
	}
	if (n > 0 && a->base >= 0 && n < (uint64_t)LLONG_MAX &&
	    fseeko(a->fp, (off_t)n, SEEK_CUR) == 0) {
		a->off += n;
		return 0;
	}
	while (n > 0) {
		if ((k = a_read(a, tmp, n < sizeof(tmp) ? (size_t)n :
		    sizeof(tmp))) == 0)
			return -1;
		n -= k;
	}
	return 0;
}

/* Report a problem of the stream; codes other than YOTE_EVALUE end it. */
static int
a_err(struct yote_arc_reader *a, struct yote_error *err, int code,
    unsigned long game, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

static int
a_err(struct yote_arc_reader *a, struct yote_error *err, int code,
    unsigned long game, const char *fmt, ...)
{
	char msg[sizeof(err->msg)];
	va_list ap;

	if (a->io_errno) {
		code = YOTE_EIO;
		snprintf(msg, sizeof(msg), "read error: %s",
		    strerror(a->io_errno));
	} else {
		va_start(ap, fmt);
		vsnprintf(msg, sizeof(msg), fmt, ap);
		va_end(ap);
	}
	if (code != YOTE_EVALUE)
		a->state = S_DONE;
	yote_error_set(err, code, "%s", msg);
	if (err != NULL) {
		err->diag = code == YOTE_EIO ? YOTE_D_IO : code ==
		    YOTE_ELIMIT ? YOTE_D_LIMIT : YOTE_D_DAMAGED;
		err->game = game;
	}
	return code;
}

static int
valid_block_head(const unsigned char *h)
{
	return h[0] == 'Y' && h[1] == 'T' && h[2] == 'B' &&
	    crc(h, 28) == get32(h + 28);
}

static int
valid_member_head(const unsigned char *h)
{
	return memcmp(h, magic, 8) == 0 && crc(h, 12) == get32(h + 12);
}

static int
magic_like(const unsigned char *h, size_t n)
{
	size_t i, same = 0;

	for (i = 0; i < n && i < 8; i++)
		same += h[i] == magic[i];
	return same >= 6 || (n > 0 && h[0] == magic[0]);
}

/*
 * After a bad header at byte offset from (have: the bytes read from
 * there), find the next valid block or member header and leave it to be
 * read next.  1 when found, 0 at the end of the input, or YOTE_ENOMEM.
 */
static int
a_resync(struct yote_arc_reader *a, const unsigned char *have, size_t nhave,
    uint64_t from)
{
	struct buf b = { NULL, 0, 0, 0 };
	uint64_t at = from + 1;         /* offset of b.p[0] */
	size_t p, k;
	int eof = 0, rc;

	if (nhave > 1)
		buf_put(&b, have + 1, nhave - 1);
	for (;;) {
		for (p = 0; p < b.n; p++) {
			if (p + BLOCK_HEAD > b.n && (!eof ||
			    p + MEMBER_HEAD > b.n))
				break;
			if (p + BLOCK_HEAD <= b.n && b.p[p] == 'Y' &&
			    valid_block_head(b.p + p))
				goto found;
			if (b.p[p] == magic[0] && valid_member_head(b.p + p))
				goto found;
		}
		if (eof || a->io_errno || b.oom) {
			buf_free(&b);
			return b.oom ? YOTE_ENOMEM : 0;
		}
		/* keep what could not be checked yet, read more */
		memmove(b.p, b.p + p, b.n - p);
		b.n -= p;
		at += p;
		if (buf_grow(&b, 65536) != 0)
			continue;
		k = a_read(a, b.p + b.n, 65536);
		b.n += k;
		eof = k < 65536;
	}
found:
	rc = a_unread(a, b.p + p, b.n - p, at + p);
	buf_free(&b);
	return rc == 0 ? 1 : rc;
}

static void
blk_free(struct dblock *b)
{
	size_t i;

	if (b == NULL)
		return;
	for (i = 0; i < b->nrules; i++)
		yote_rules_free(b->owned[i]);
	hc_free(&b->hc);
	free(b->data);
	free(b);
}

/* Read a block's payload table and streams; 0 or -1 with *why. */
static int
blk_parse(struct dblock *b, char *why, size_t whylen)
{
	struct cur c = { b->data, b->len, 0, 0 };
	struct yote_error e;
	const unsigned char *p, *hs, *ms, *ls;
	uint64_t n, hl, ml, ll;
	size_t i;
	char name[64];

	if ((p = cur_take(&c, 1)) == NULL || *p != LAYOUT) {
		snprintf(why, whylen, "unknown block layout");
		return -1;
	}
	if ((n = cur_varint(&c)) > MAX_RULESETS) {
		snprintf(why, whylen, "%llu rulesets", (unsigned long long)n);
		return -1;
	}
	for (i = 0; i < n; i++) {
		const unsigned char *kind = cur_take(&c, 1);
		uint64_t len = cur_varint(&c);

		if (kind == NULL || (p = cur_take(&c, (size_t)len)) == NULL ||
		    len != (size_t)len || *kind > 1) {
			snprintf(why, whylen, "a bad ruleset table");
			return -1;
		}
		if (*kind == 0) {
			if (len >= sizeof(name)) {
				snprintf(why, whylen, "a bad ruleset name");
				return -1;
			}
			memcpy(name, p, len);
			name[len] = '\0';
			if ((b->rules[i] = yote_rules_by_name(name)) == NULL) {
				snprintf(why, whylen, "unknown built-in ruleset "
				    "'%s'", name);
				return -1;
			}
		} else {
			yote_error_clear(&e);
			if (yote_rules_load_buffer((const char *)p, (size_t)len,
			    "archive ruleset", &b->owned[i], &e) != 0) {
				snprintf(why, whylen, "ruleset %zu cannot be "
				    "read: %.120s", i + 1, e.msg);
				return -1;
			}
			b->rules[i] = b->owned[i];
		}
		b->nrules = i + 1;
	}
	hl = cur_varint(&c);
	ml = cur_varint(&c);
	ll = cur_varint(&c);
	if ((hs = cur_take(&c, (size_t)hl)) == NULL ||
	    (ms = cur_take(&c, (size_t)ml)) == NULL ||
	    (ls = cur_take(&c, (size_t)ll)) == NULL || c.pos != c.n) {
		snprintf(why, whylen, "bad stream lengths");
		return -1;
	}
	hc_init(&b->hc);
	rc_dec_init(&b->hc.rc, hs, (size_t)hl);
	b->hc.lit.p = ls;
	b->hc.lit.n = (size_t)ll;
	rc_dec_init(&b->mrc, ms, (size_t)ml);
	return 0;
}

/* "games 4097-6144", "game 12", or "no games". */
static const char *
range_text(unsigned long first, unsigned long count, char *buf, size_t n)
{
	if (count == 0)
		snprintf(buf, n, "no games");
	else if (count == 1)
		snprintf(buf, n, "game %lu", first);
	else
		snprintf(buf, n, "games %lu-%lu", first, first + count - 1);
	return buf;
}

/* "after game 12", or "before any game". */
static const char *
after_text(unsigned long games, char *buf, size_t n)
{
	if (games == 0)
		snprintf(buf, n, "before any game");
	else
		snprintf(buf, n, "after game %lu", games);
	return buf;
}

/*
 * Read up to the next data block and load it (1), or pass over it
 * whole when it holds no more than want_skip games (2, *skipped set);
 * 0 at the end; a negative code as yote_reader_next.
 */
static int
a_advance(struct yote_arc_reader *a, unsigned long want_skip,
    unsigned long *skipped, struct yote_error *err)
{
	unsigned char h[BLOCK_HEAD];
	char why[200], rg[64];
	struct dblock *b;
	uint64_t at, clen, ulen, first, total;
	unsigned long bgames, g0, lost;
	uLongf got;
	size_t n;
	int rc;

	for (;;) {
		if (a->state == S_DONE)
			return 0;
		at = a->off;
		if (a->state == S_MEMBER) {
			n = a_read(a, h, MEMBER_HEAD);
			if (a->io_errno)
				return a_err(a, err, YOTE_EIO, 0, "read error");
			if (n == 0) {
				a->state = S_DONE;
				return 0;
			}
			if (n == MEMBER_HEAD && valid_member_head(h)) {
				unsigned v = (unsigned)h[8] | (unsigned)h[9] << 8;

				if (v != YOTE_ARCHIVE_VERSION)
					return a_err(a, err, YOTE_ESYNTAX,
					    *a->games + 1, "archive version %u at "
					    "byte offset %llu is not supported "
					    "(this reader reads version %d)", v,
					    (unsigned long long)at,
					    YOTE_ARCHIVE_VERSION);
				a->state = S_BLOCKS;
				a->member_off = at;
				a->member_base = *a->games;
				a->member_games = 0;
				continue;
			}
			if (n < MEMBER_HEAD && magic_like(h, n))
				return a_err(a, err, YOTE_ESYNTAX, *a->games +
				    1, "archive truncated at byte offset %llu: "
				    "the member header at byte offset %llu is "
				    "incomplete", (unsigned long long)a->off,
				    (unsigned long long)at);
			if (at > 0 && !magic_like(h, n))
				return a_err(a, err, YOTE_ESYNTAX, *a->games +
				    1, "unexpected data at byte offset %llu "
				    "after the end of an archive member",
				    (unsigned long long)at);
			/* a damaged member header: go on with its blocks */
			if ((rc = a_resync(a, h, n, at)) < 0)
				return a_err(a, err, rc, 0, "out of memory");
			a->state = S_BLOCKS;
			a->member_off = at;
			a->member_base = *a->games;
			a->member_games = 0;
			if (rc == 0)
				return a_err(a, err, YOTE_ESYNTAX, *a->games +
				    1, "archive damaged at byte offset %llu: "
				    "bad member header, and no block follows",
				    (unsigned long long)at);
			return a_err(a, err, YOTE_EVALUE, *a->games + 1,
			    "archive damaged at byte offset %llu: bad member "
			    "header; going on at byte offset %llu",
			    (unsigned long long)at, (unsigned long long)a->off);
		}
		n = a_read(a, h, BLOCK_HEAD);
		if (a->io_errno)
			return a_err(a, err, YOTE_EIO, 0, "read error");
		if (n == 0)
			return a_err(a, err, YOTE_ESYNTAX, *a->games + 1,
			    "archive truncated at byte offset %llu: the "
			    "member that starts at byte offset %llu has no end "
			    "block (%s)", (unsigned long long)at,
			    (unsigned long long)a->member_off,
			    after_text(*a->games, rg, sizeof(rg)));
		if (n < BLOCK_HEAD)
			return a_err(a, err, YOTE_ESYNTAX, *a->games + 1,
			    "archive truncated at byte offset %llu: the block "
			    "header at byte offset %llu is incomplete (%s)",
			    (unsigned long long)a->off, (unsigned long long)at,
			    after_text(*a->games, rg, sizeof(rg)));
		if (!valid_block_head(h)) {
			if ((rc = a_resync(a, h, n, at)) < 0)
				return a_err(a, err, rc, 0, "out of memory");
			if (rc == 0)
				return a_err(a, err, YOTE_ESYNTAX, *a->games +
				    1, "archive damaged at byte offset %llu: "
				    "bad block header (%s), and no valid block "
				    "follows", (unsigned long long)at,
				    after_text(*a->games, rg, sizeof(rg)));
			return a_err(a, err, YOTE_EVALUE, *a->games + 1,
			    "archive damaged at byte offset %llu: bad block "
			    "header (%s); going on at byte offset %llu",
			    (unsigned long long)at, after_text(*a->games, rg,
			    sizeof(rg)), (unsigned long long)a->off);
		}
		if (h[3] == 'E') {
			total = get64(h + 12);
			a->state = S_MEMBER;
			if (total > a->member_games) {
				lost = (unsigned long)(total - a->member_games);
				g0 = a->member_base +
				    (unsigned long)a->member_games + 1;
				*a->games = g0 + lost - 1;
				return a_err(a, err, YOTE_EVALUE, g0, "archive "
				    "damaged: %s of the member that starts at "
				    "byte offset %llu are missing",
				    range_text(g0, lost, rg, sizeof(rg)),
				    (unsigned long long)a->member_off);
			}
			continue;
		}
		clen = get32(h + 4);
		ulen = get32(h + 8);
		bgames = get32(h + 12);
		first = get64(h + 16);
		if (h[3] != 'D') {      /* the index, or a kind to pass over */
			unsigned char *p;

			if (clen > YOTE_ARCHIVE_MAX_BLOCK)
				return a_err(a, err, YOTE_ELIMIT, *a->games + 1,
				    "archive block at byte offset %llu larger "
				    "than the limit", (unsigned long long)at);
			if ((p = malloc(clen + 1)) == NULL)
				return a_err(a, err, YOTE_ENOMEM, 0,
				    "out of memory");
			n = a_read(a, p, clen);
			rc = crc(p, n) == get32(h + 24);
			free(p);
			if (n < clen)
				return a_err(a, err, YOTE_ESYNTAX, *a->games +
				    1, "archive truncated at byte offset %llu: "
				    "the index block at byte offset %llu ends "
				    "early", (unsigned long long)a->off,
				    (unsigned long long)at);
			if (!rc)
				return a_err(a, err, YOTE_EVALUE, *a->games +
				    1, "archive damaged: the index block at "
				    "byte offset %llu fails its checksum "
				    "(no games lost)", (unsigned long long)at);
			continue;
		}
		a->blocks++;
		if (first > ULONG_MAX - a->member_base - bgames - 1)
			return a_err(a, err, YOTE_ELIMIT, *a->games + 1,
			    "archive block %lu at byte offset %llu: too many "
			    "games", a->blocks, (unsigned long long)at);
		g0 = a->member_base + (unsigned long)first + 1;
		if (clen > YOTE_ARCHIVE_MAX_BLOCK ||
		    ulen > YOTE_ARCHIVE_MAX_BLOCK)
			return a_err(a, err, YOTE_ELIMIT, g0, "archive block "
			    "%lu at byte offset %llu (%s) larger than the "
			    "limit of %lu bytes", a->blocks,
			    (unsigned long long)at, range_text(g0, bgames, rg,
			    sizeof(rg)), YOTE_ARCHIVE_MAX_BLOCK);
		if (bgames <= want_skip && first == a->member_games) {
			if (a_skip(a, clen) != 0)
				return a_err(a, err, YOTE_ESYNTAX, g0, "archive "
				    "truncated at byte offset %llu: block %lu "
				    "at byte offset %llu (%s) ends early",
				    (unsigned long long)a->off, a->blocks,
				    (unsigned long long)at, range_text(g0,
				    bgames, rg, sizeof(rg)));
			a->member_games = first + bgames;
			*a->games = g0 + bgames - 1;
			*skipped = bgames;
			return 2;
		}
		if ((b = calloc(1, sizeof(*b))) == NULL ||
		    (b->data = malloc(ulen + 1)) == NULL) {
			free(b);
			return a_err(a, err, YOTE_ENOMEM, 0, "out of memory");
		}
		{
			unsigned char *z = malloc(clen + 1);

			if (z == NULL) {
				blk_free(b);
				return a_err(a, err, YOTE_ENOMEM, 0,
				    "out of memory");
			}
			n = a_read(a, z, clen);
			if (n < clen) {
				free(z);
				blk_free(b);
				return a_err(a, err, YOTE_ESYNTAX, g0, "archive "
				    "truncated at byte offset %llu: block %lu "
				    "at byte offset %llu (%s) ends early",
				    (unsigned long long)a->off, a->blocks,
				    (unsigned long long)at, range_text(g0,
				    bgames, rg, sizeof(rg)));
			}
			rc = crc(z, clen) != get32(h + 24) ? -1 : 0;
			got = (uLongf)ulen;
			if (rc == 0 && (uncompress(b->data, &got, z, (uLong)clen)
			    != Z_OK || got != ulen))
				rc = -2;
			free(z);
		}
		a->member_games = first + bgames;
		if (rc != 0) {
			blk_free(b);
			*a->games = g0 + bgames - 1;
			return a_err(a, err, YOTE_EVALUE, g0, "archive damaged: "
			    "block %lu at byte offset %llu (%s) %s; its games "
			    "are lost", a->blocks, (unsigned long long)at,
			    range_text(g0, bgames, rg, sizeof(rg)), rc == -1 ?
			    "fails its checksum" : "cannot be decompressed");
		}
		b->len = (size_t)ulen;
		b->off = at;
		b->number = a->blocks;
		b->games = bgames;
		b->first = g0;
		if (blk_parse(b, why, sizeof(why)) != 0) {
			blk_free(b);
			*a->games = g0 + bgames - 1;
			return a_err(a, err, YOTE_EVALUE, g0, "archive damaged: "
			    "block %lu at byte offset %llu (%s): %s; its games "
			    "are lost", a->blocks, (unsigned long long)at,
			    range_text(g0, bgames, rg, sizeof(rg)), why);
		}
		mover_init(&a->mv);
		a->blk = b;
		lost = 0;
		if (g0 > *a->games + 1) {
			lost = g0 - *a->games - 1;
			g0 = *a->games + 1;
			*a->games += lost;
			return a_err(a, err, YOTE_EVALUE, g0, "archive damaged: "
			    "%s missing before block %lu at byte offset %llu",
			    range_text(g0, lost, rg, sizeof(rg)), a->blocks,
			    (unsigned long long)at);
		}
		return 1;
	}
}

/* Set node n's text to the move text t. */
static int
set_text(struct yote_node *n, const char *t)
{
	return yote_node_set_text(n, t, strlen(t)) == 0 ? 0 : -2;
}

/* Decode the moves of the game just read into its fix-ups. */
static int
a_moves(struct yote_arc_reader *a, struct dblock *b,
    const struct yote_rules *r, struct yote_pos *pos)
{
	struct mover *mv = &a->mv;
	struct hcoder *h = &b->hc;
	struct gctx *g = &a->g;
	size_t j, t, fx = 0;
	uint64_t k, place;
	unsigned long i;
	long n;
	const char *text;

	for (i = 0; i < g->plies; i++) {
		if ((n = mover_rank(mv, r, pos)) < 0)
			return -2;
		if (n == 0)
			return dec_bad(h, "more moves than the game has");
		t = 0;
		for (j = 0; j + 1 < mv->nlevel; j++) {
			if (!rc_bit(&b->mrc, &mv->tier[j < TIER_J ? j :
			    TIER_J - 1][tier_ctx(mv, j)], 0))
				break;
			t = j + 1;
		}
		k = mv->count[t];
		place = k > 1 ? rc_uniform(&b->mrc, 0, k) : 0;
		if (b->mrc.over > 8)
			return dec_bad(h, "the moves stream ends early");
		if (level_texts(mv, r, t) < 0)
			return -2;
		text = mv->ptr[place];
		for (; fx < g->nfix && g->fix_ply[fx] == i; fx++)
			if (set_text(g->fix[fx], text) != 0)
				return -2;
		yote_pos_play(r, pos, &mv->list.v[text_move(text)]);
	}
	return 0;
}

/* Hand out the next game of the current block. */
static int
a_game(struct yote_arc_reader *a, unsigned flags, struct yote_record **out,
    unsigned long *plies, struct yote_error *err)
{
	struct dblock *b = a->blk;
	struct hcoder *h = &b->hc;
	struct gctx *g = &a->g;
	struct yote_node *root = NULL, *v;
	struct yote_record *rec;
	const struct yote_rules *r = NULL;
	struct yote_pos pos;
	struct slot *s;
	char *start = NULL, rg[64];
	size_t len, i;
	unsigned long game = b->first + b->next;
	uint64_t ri;
	int raw, mode = 0, rc = 0;

	b->next++;
	*a->games = game;
	*plies = 0;
	g->nfix = 0;
	g->moves_out = NULL;
	g->plies = 0;
	h->nodes = h->bytes = 0;
	raw = rc_bit(&h->rc, &h->p_raw, 0);
	g->raw = raw;
	if (!raw) {
		ri = rc_bit(&h->rc, &h->p_same_rules, 0) ? h->prev_rules :
		    rc_gamma(&h->rc, &h->g_rules, 0);
		if (ri >= b->nrules)
			rc = dec_bad(h, "a ruleset out of range");
		else {
			h->prev_rules = (uint32_t)ri;
			r = b->rules[ri];
		}
		if (rc == 0 && rc_bit(&h->rc, &h->p_start[0], 0))
			mode = rc_bit(&h->rc, &h->p_start[1], 0) ? 2 : 1;
		if (rc == 0 && mode == 2) {
			if ((s = slot_get(h, NULL, "#start", NULL, 0)) == NULL)
				rc = -2;
			else
				rc = dec_text(h, s, 0, &start, &len);
		}
	}
	if (rc == 0) {
		if ((s = slot_get(h, NULL, "", NULL, 0)) == NULL)
			rc = -2;
		else
			rc = dec_node(h, s, 0, 0, 0, 0, g, &root);
	}
	if (rc == 0 && !raw) {
		if (g->moves_out == NULL)
			rc = dec_bad(h, "no moves list");
		else if (mode == 0)
			yote_pos_start(r, &pos);
		else if (mode == 1) {
			v = yote_node_get(root, "start");
			if (v == NULL || v->type != YOTE_NODE_SCALAR ||
			    yote_pos_parse(r, v->text, &pos, NULL) != 0)
				rc = dec_bad(h, "a bad start position");
		} else if (yote_pos_parse(r, start, &pos, NULL) != 0)
			rc = dec_bad(h, "a bad start position");
	}
	free(start);
	if (rc == 0 && !raw) {
		*plies = g->plies;
		if (b->no_moves)        /* the moves stream fell behind */
			flags |= YOTE_READ_NO_MOVES;
		if (flags & YOTE_READ_NO_MOVES)
			b->no_moves = 1;
		else
			rc = a_moves(a, b, r, &pos);
	} else if (rc == 0 && (v = yote_node_get(root, "moves")) != NULL &&
	    v->type == YOTE_NODE_SEQ)
		*plies = (unsigned long)v->n;
	if (rc == 0 && (flags & YOTE_READ_NO_MOVES) &&
	    (v = yote_node_get(root, "moves")) != NULL &&
	    v->type == YOTE_NODE_SEQ) {
		for (i = 0; i < v->n; i++)
			yote_node_free(v->kids[i]);
		v->n = 0;
	}
	if (rc == 0 && (h->rc.over > 8 || h->bad))
		rc = dec_bad(h, "the tree stream ends early");
	if (rc == 0 && (rec = calloc(1, sizeof(*rec))) == NULL)
		rc = -2;
	if (rc != 0) {
		yote_node_free(root);
		if (rc == -2)
			return a_err(a, err, YOTE_ENOMEM, game, "out of memory");
		/* the rest of the block cannot be trusted */
		*a->games = b->first + b->games - 1;
		rc = a_err(a, err, YOTE_EVALUE, game, "archive damaged: block "
		    "%lu at byte offset %llu (game %lu): %s; %s lost",
		    b->number, (unsigned long long)b->off, game, h->why ?
		    h->why : "bad data", range_text(game, b->games - b->next +
		    1, rg, sizeof(rg)));
		blk_free(b);
		a->blk = NULL;
		return rc;
	}
	rec->root = root;
	rec->game = game;
	/* a ruleset file stored in the archive travels with its games */
	if (r != NULL && !r->builtin &&
	    (rec->embedded = malloc(sizeof(*rec->embedded))) != NULL)
		*rec->embedded = *r;
	*out = rec;
	return 1;
}

int
yote_arc_open(FILE *fp, const char *name, const unsigned char *head,
    size_t len, unsigned long *games, struct yote_arc_reader **out)
{
	struct yote_arc_reader *a;
	long long pos;

	*out = NULL;
	if ((a = calloc(1, sizeof(*a))) == NULL ||
	    (a->pb = malloc(len + 1)) == NULL) {
		free(a);
		return YOTE_ENOMEM;
	}
	memcpy(a->pb, head, len);
	a->pblen = len;
	a->fp = fp;
	a->name = name;
	a->games = games;
	a->state = S_MEMBER;
	pos = (long long)ftello(fp);
	a->base = pos >= (long long)len && fseeko(fp, 0, SEEK_CUR) == 0 ?
	    pos - (long long)len : -1;
	*out = a;
	return 0;
}

void
yote_arc_close(struct yote_arc_reader *a)
{
	if (a == NULL)
		return;
	blk_free(a->blk);
	mover_free(&a->mv);
	free(a->g.fix);
	free(a->g.fix_ply);
	free(a->pb);
	free(a);
}

int
yote_arc_next(struct yote_arc_reader *a, unsigned flags,
    struct yote_record **out, unsigned long *plies, struct yote_error *err)
{
	unsigned long skipped;
	int rc;

	*out = NULL;
	*plies = 0;
	for (;;) {
		if (a->blk != NULL && a->blk->next < a->blk->games)
			return a_game(a, flags, out, plies, err);
		blk_free(a->blk);
		a->blk = NULL;
		if ((rc = a_advance(a, 0, &skipped, err)) != 1)
			return rc;
	}
}

/* One member found by walking end blocks back from the end of the file. */
struct member {
	uint64_t start;         /* byte offset of its header */
	uint64_t games;         /* games in it */
	uint64_t end;           /* byte offset of its end block */
	uint32_t ilen;          /* bytes of its index block, 0 if none */
};

/*
 * Go straight to the block holding game n + 1 through the index: walk
 * the end blocks back from the end of the file, read the index of the
 * member that holds the game, seek to the block.  1 when done, 0 when it
 * cannot (not seekable, no index, anything odd): nothing has changed.
 */
static int
a_jump(struct yote_arc_reader *a, unsigned long n)
{
	struct member *m = NULL, *nm;
	unsigned char h[BLOCK_HEAD], *z = NULL, *u = NULL;
	size_t nmem = 0, cap = 0, i;
	uint64_t end, pos, cum = 0, off = 0, bg = 0, clen, ulen, nb, k;
	long long e;
	uLongf got;
	struct cur c;
	int done = 0;

	if (a->base < 0 || fseeko(a->fp, 0, SEEK_END) != 0 ||
	    (e = (long long)ftello(a->fp)) < a->base)
		goto out;
	end = (uint64_t)(e - a->base);
	for (pos = end; pos > 0;) {
		if (pos < MEMBER_HEAD + BLOCK_HEAD || a_seek(a, pos -
		    BLOCK_HEAD) != 0 || a_read(a, h, BLOCK_HEAD) != BLOCK_HEAD ||
		    !valid_block_head(h) || h[3] != 'E' || get64(h + 4) >
		    pos - BLOCK_HEAD)
			goto out;
		if (nmem == cap) {
			cap = cap ? 2 * cap : 16;
			if (cap > (1U << 20) ||
			    (nm = realloc(m, cap * sizeof(*m))) == NULL)
				goto out;
			m = nm;
		}
		m[nmem].end = pos - BLOCK_HEAD;
		m[nmem].start = m[nmem].end - get64(h + 4);
		m[nmem].games = get64(h + 12);
		m[nmem].ilen = get32(h + 20);
		pos = m[nmem++].start;
	}
	/* members from the first; find the one holding game n + 1 */
	for (i = nmem; i-- > 0;) {
		if (n < cum + m[i].games)
			break;
		cum += m[i].games;
		if (i == 0)
			goto out;       /* past the end: read it plainly */
	}
	if (nmem == 0 || m[i].ilen < BLOCK_HEAD || m[i].ilen > m[i].end -
	    m[i].start || a_seek(a, m[i].end - m[i].ilen) != 0 ||
	    a_read(a, h, BLOCK_HEAD) != BLOCK_HEAD || !valid_block_head(h) ||
	    h[3] != 'X')
		goto out;
	clen = get32(h + 4);
	ulen = get32(h + 8);
	if (clen > YOTE_ARCHIVE_MAX_BLOCK || ulen > YOTE_ARCHIVE_MAX_BLOCK ||
	    (z = malloc(clen + 1)) == NULL || (u = malloc(ulen + 1)) == NULL ||
	    a_read(a, z, clen) != clen || crc(z, clen) != get32(h + 24))
		goto out;
	got = (uLongf)ulen;
	if (uncompress(u, &got, z, (uLong)clen) != Z_OK || got != ulen)
		goto out;
	c.p = u;
	c.n = (size_t)ulen;
	c.pos = 0;
	c.bad = 0;
	nb = cur_varint(&c);
	for (k = 0; k < nb && !c.bad; k++) {
		uint64_t d = cur_varint(&c), g = cur_varint(&c);

		off += d;
		if (n - cum < bg + g)
			break;
		bg += g;
	}
	if (c.bad || k == nb || off >= m[i].end - m[i].start)
		goto out;
	if (a_seek(a, m[i].start + off) != 0)
		goto out;
	a->state = S_BLOCKS;
	a->member_off = m[i].start;
	a->member_base = (unsigned long)cum;
	a->member_games = bg;
	a->blocks = (unsigned long)k;
	*a->games = (unsigned long)(cum + bg);
	done = 1;
out:
	if (!done && a->base >= 0) {
		/* back where we were: the start of the input */
		fseeko(a->fp, (off_t)a->base, SEEK_SET);
		a->pbpos = 0;
		a->off = 0;
		a->pblen = 0;
	}
	free(m);
	free(z);
	free(u);
	return done;
}

long
yote_arc_skip(struct yote_arc_reader *a, unsigned flags, unsigned long n,
    struct yote_error *err)
{
	unsigned long start = *a->games, target, skipped, plies;
	struct yote_record *rec;
	struct dblock *b;
	int rc;

	if (n > ULONG_MAX - start)
		n = ULONG_MAX - start;
	target = start + n;
	if (n > 0 && start == 0 && a->blk == NULL && a->blocks == 0 &&
	    a->state == S_MEMBER && a->off == 0 && a->pbpos == 0)
		a_jump(a, n);
	while (*a->games < target) {
		if ((b = a->blk) != NULL && b->next < b->games) {
			if (target - *a->games >= b->games - b->next) {
				*a->games = b->first + b->games - 1;
				b->next = b->games;
				continue;
			}
			rc = a_game(a, flags, &rec, &plies, err);
			if (rc == 1)
				yote_record_free(rec);
			else if (rc != YOTE_EVALUE)
				return rc;
			continue;
		}
		blk_free(a->blk);
		a->blk = NULL;
		rc = a_advance(a, target - *a->games, &skipped, err);
		if (rc == 0)
			break;
		if (rc < 0 && rc != YOTE_EVALUE)
			return rc;
	}
	return (long)(*a->games - start);
}
