/*
 * move_cache.h - private to checker.c: the moves it has read before, by
 * their text, so that a collection's moves are parsed once each.
 */
#ifndef YOTE_MOVE_CACHE_H
#define YOTE_MOVE_CACHE_H

#include <stdint.h>
#include <string.h>

#include "yote_int.h"

/*
 * Moves read before: collections repeat the same few hundred move texts,
 * and a look-up costs a fraction of yote_move_parse and
 * yote_move_from_text.  Keyed by the text and the board's size (all
 * that yote_move_from_text reads of the rules; a ruleset's address may be
 * reused once it is freed), direct-mapped; only moves that both read
 * without a problem, whose problems are always found anew.
 */
#define MOVE_CACHE 2048         /* entries, a power of two */
#define CACHED_TEXT 15          /* longest text kept */
#define CACHED_SEGS 4           /* most segments kept */

/* 32 bytes, the array aligned to 64: an entry is on one cache line */
struct cached_move {
	uint64_t a, b;          /* the text, as text_words gives it: with
				   len, every byte of it */
	unsigned char len;      /* 0: empty */
	uint8_t width, height;  /* the board (64 squares at most) */
	uint8_t kind, from, nseg;
	uint8_t seg_to[CACHED_SEGS], seg_bonus[CACHED_SEGS];
	uint8_t pad[2];         /* to 32 bytes */
};
_Static_assert(sizeof(struct cached_move) == 32, "a cache entry is 32 bytes");

/*
 * Bytes i to i + 7 of t, or with w4 bytes i to i + 3, in a word (memcpy
 * of a constant size is a load, whatever the alignment).
 */
static inline uint64_t
word8(const char *t, size_t i)
{
	uint64_t w;

	memcpy(&w, t + i, sizeof(w));
	return w;
}

static inline uint64_t
word4(const char *t, size_t i)
{
	uint32_t w;

	memcpy(&w, t + i, sizeof(w));
	return w;
}

/*
 * A text of 1 to 16 bytes as two words: its first and its last bytes,
 * overlapping when it is shorter than two words (every byte counted,
 * none read past its end), so that a hash and a comparison each take a
 * few instructions in place of a loop a byte.
 */
static inline void
text_words(const char *t, size_t len, uint64_t *a, uint64_t *b)
{
	if (len >= 8) {
		*a = word8(t, 0);
		*b = word8(t, len - 8);
	} else if (len >= 4) {
		*a = word4(t, 0);
		*b = word4(t, len - 4);
	} else {
		*a = (uint64_t)(unsigned char)t[0] |
		    (uint64_t)(unsigned char)t[len / 2] << 8 |
		    (uint64_t)(unsigned char)t[len - 1] << 16;
		*b = 0;
	}
}

/* The entry for text (len bytes) on r's board in the cache, and the
 * text's words in w: NULL when it cannot be kept, or there is no cache. */
static inline struct cached_move *
move_slot(struct cached_move *cache, const struct yote_rules *r,
    const char *text, size_t len, uint64_t w[2])
{
	uint64_t a, b, h;

	if (cache == NULL || len == 0 || len > CACHED_TEXT)
		return NULL;
	text_words(text, len, &a, &b);
	w[0] = a;
	w[1] = b;
	/* two products that do not wait on each other, then the high
	 * bits, the best mixed, pick the entry */
	h = (a ^ (uint64_t)(r->width * 256 + r->height) << 40 ^ len) *
	    0x9E3779B97F4A7C15u ^ b * 0xC2B2AE3D27D4EB4Fu;
	h ^= h >> 29;
	return &cache[(h * 0x165667B19E3779F9u) >> 53 & (MOVE_CACHE - 1)];
}

/* The move of a text read before (its words w, from move_slot), from
 * the cache: 1, else 0. */
static int
cached_move(const struct cached_move *c, const struct yote_rules *r,
    const struct yote_node *mn, const uint64_t w[2], struct yote_move *m)
{
	if (c == NULL || c->len != mn->len || c->width != r->width ||
	    c->height != r->height || c->a != w[0] || c->b != w[1])
		return 0;
	m->kind = c->kind;
	m->from = c->from;
	m->nseg = c->nseg;
	m->pad = 0;
	/* all four, whatever nseg: a copy with no loop to mispredict (the
	 * move's segments past nseg are never read) */
	memcpy(m->seg_to, c->seg_to, CACHED_SEGS);
	memcpy(m->seg_bonus, c->seg_bonus, CACHED_SEGS);
	return 1;
}

/* Keep the move m of text mn (read without a problem, its words w) in
 * c. */
static void
keep_move(struct cached_move *c, const struct yote_rules *r,
    const struct yote_node *mn, const uint64_t w[2],
    const struct yote_move *m)
{
	int i;

	if (c == NULL || m->nseg > CACHED_SEGS)
		return;
	c->len = (unsigned char)mn->len;
	c->a = w[0];
	c->b = w[1];
	c->width = (uint8_t)r->width;
	c->height = (uint8_t)r->height;
	c->kind = m->kind;
	c->from = m->from;
	c->nseg = m->nseg;
	for (i = 0; i < m->nseg; i++) {
		c->seg_to[i] = m->seg_to[i];
		c->seg_bonus[i] = m->seg_bonus[i];
	}
}

/*
 * How many moves ahead a move text's cache entry is fetched: the cache
 * is larger than the first-level one and a game picks its entries at
 * random, and a move is played in less time than the fetch takes.
 */
#define AHEAD 8

/* The entry of move i (its words in w), fetched: NULL when there is none
 * (past the end, not a move text, not kept). */
static inline struct cached_move *
look_ahead(struct cached_move *cache, const struct yote_rules *r,
    const struct yote_node *moves, size_t i, uint64_t w[2])
{
	const struct yote_node *mn;
	struct cached_move *c;

	if (i >= moves->n || (mn = moves->kids[i]) == NULL ||
	    mn->type != YOTE_NODE_SCALAR ||
	    (c = move_slot(cache, r, mn->text, mn->len, w)) == NULL)
		return NULL;
	__builtin_prefetch(c);
	return c;
}

#endif
