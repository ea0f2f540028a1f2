/*
 * collection.c - what searching a collection of games needs from the
 * library: positions matched against patterns (formats/patterns.md), a
 * key of a whole game (its ruleset, start and moves, whatever its headers
 * say), so that duplicates are found by keeping 16 bytes a game.
 *
 * A pattern carries its own board size (from its rows), so it applies
 * to the games of any ruleset with that board; a game on another board
 * never matches it.  Patterns are read where position strings are
 * (position.c), by the same reader.
 */
#include <string.h>

#include "yote_int.h"

/* ------------------------------------------------------------ patterns */

void
yote_pattern_of_pos(const struct yote_rules *r, const struct yote_pos *p,
    struct yote_pattern *pat)
{
	memset(pat, 0, sizeof(*pat));
	pat->width = r->width;
	pat->height = r->height;
	pat->on[0] = p->pieces[0];
	pat->on[1] = p->pieces[1];
	pat->empty = r->board & ~(p->pieces[0] | p->pieces[1]);
	pat->side = p->side;
	pat->hand[0] = p->hand[0];
	pat->hand[1] = p->hand[1];
}

int
yote_pattern_exact(const struct yote_pattern *pat)
{
	uint64_t all = pat->width * pat->height >= 64 ? ~0ULL :
	    (1ULL << (pat->width * pat->height)) - 1;

	return (pat->on[0] | pat->on[1] | pat->empty) == all &&
	    pat->side >= 0 && pat->hand[0] >= 0 && pat->hand[1] >= 0;
}

int
yote_pattern_match(const struct yote_rules *r, const struct yote_pattern *pat,
    const struct yote_pos *p)
{
	if (r->width != pat->width || r->height != pat->height)
		return 0;
	return (p->pieces[0] & pat->on[0]) == pat->on[0] &&
	    (p->pieces[1] & pat->on[1]) == pat->on[1] &&
	    ((p->pieces[0] | p->pieces[1]) & pat->empty) == 0 &&
	    (pat->side < 0 || pat->side == p->side) &&
	    (pat->hand[0] < 0 || pat->hand[0] == p->hand[0]) &&
	    (pat->hand[1] < 0 || pat->hand[1] == p->hand[1]);
}

/* ------------------------------------------------------------ game keys */

/*
 * Two lanes, each a chain of a different 64-bit finaliser (splitmix64's
 * and MurmurHash3's), so that a collision needs both to collide: about
 * one pair in 2^128, nothing to fear among 10^9 games.
 */
static uint64_t
mix_a(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

static uint64_t
mix_b(uint64_t z)
{
	z = (z ^ (z >> 33)) * 0xFF51AFD7ED558CCDULL;
	z = (z ^ (z >> 33)) * 0xC4CEB9FE1A85EC53ULL;
	return z ^ (z >> 33);
}

static void
key_word(struct yote_game_key *k, uint64_t w)
{
	k->h[0] = mix_a(k->h[0] ^ w) + 0x9E3779B97F4A7C15ULL;
	k->h[1] = mix_b(k->h[1] + w * 0xD6E8FEB86659FD93ULL) ^ k->h[0];
}

void
yote_game_key_text(struct yote_game_key *k, const char *text, size_t len)
{
	uint64_t w;
	size_t i, j;

	key_word(k, 0x7465787400000000ULL | (uint64_t)len);
	for (i = 0; i < len; i += 8) {
		w = 0;
		for (j = i; j < len && j < i + 8; j++)
			w = w << 8 | (unsigned char)text[j];
		key_word(k, w);
	}
}

void
yote_game_key_start(struct yote_game_key *k, const struct yote_rules *r,
    const struct yote_pos *start)
{
	k->h[0] = 0x596F7465ULL;
	k->h[1] = 0x67616D65ULL;
	/* the ruleset by what yote_rules_same compares, not by its name:
	 * two files may both say name: mini */
	key_word(k, (uint64_t)r->width << 16 | (uint64_t)r->height << 8 |
	    (uint64_t)r->pieces);
	key_word(k, (uint64_t)r->opening << 32 | (uint64_t)r->chain << 24 |
	    (uint64_t)r->bonus << 16 | (uint64_t)r->selfjump << 8 |
	    (uint64_t)r->blocked);
	key_word(k, (uint64_t)(uint32_t)r->few_pieces << 32 |
	    (uint32_t)r->move_limit);
	key_word(k, start->pieces[0]);
	key_word(k, start->pieces[1]);
	key_word(k, (uint64_t)start->hand[0] << 40 |
	    (uint64_t)start->hand[1] << 32 | start->side);
	key_word(k, (uint64_t)start->since_capture << 32 | start->ply);
}

void
yote_game_key_move(struct yote_game_key *k, const struct yote_move *m)
{
	uint64_t w = (uint64_t)m->kind << 16 | (uint64_t)m->from << 8 |
	    m->nseg;
	int i;

	/* a placement is one word, a step two: the common moves stay cheap */
	for (i = 0; i < m->nseg; i++) {
		if (i % 3 == 0) {
			key_word(k, w);
			w = 1;
		}
		w = w << 16 | (uint64_t)m->seg_to[i] << 8 | m->seg_bonus[i];
	}
	key_word(k, w);
}
