/*
 * eval.c - the static evaluation: what a position is worth to the side to
 * move when no capture is being played out.
 *
 * What it knows about the game:
 *  - material: every piece, on the board or in hand, counts the same
 *    (a capture removes two where the bonus rule gives one);
 *  - pieces in hand cannot be jumped: worth a little more, except where
 *    the bonus may take from the hand (mandatory-any);
 *  - exposure: a piece with an enemy beside it and an empty point beyond
 *    is lost next move unless it is defended; the side to move can save
 *    one threatened piece, not several; a corner piece can never be
 *    jumped, an edge piece only along the edge;
 *  - mobility: steps available; where a blocked side loses, running out
 *    of moves is fatal, so it weighs more there.
 * The weights were set by self-play matches between variants (see
 * formats/engine.md).
 */
#include "yote_int.h"

/* Pieces of `victims` that `attackers` could jump now. */
static uint64_t
capturable(const struct yote_rules *r, uint64_t attackers, uint64_t victims,
    uint64_t empty)
{
	uint64_t hit = 0;
	int d, back;

	for (d = 0; d < 4; d++) {
		back = d ^ 1;           /* opposite direction */
		/* victim with an attacker on one side, empty on the other */
		hit |= shift_dir(r, attackers, d) & victims &
		    shift_dir(r, empty, back);
	}
	return hit;
}

/* Board pieces that can never be jumped: corners. */
static uint64_t
corners(const struct yote_rules *r)
{
	return (uint64_t)1 | ((uint64_t)1 << (r->width - 1)) |
	    ((uint64_t)1 << (r->squares - r->width)) |
	    ((uint64_t)1 << (r->squares - 1));
}

static int
mobility(const struct yote_rules *r, uint64_t own, uint64_t empty)
{
	int d, n = 0;

	for (d = 0; d < 4; d++)
		n += popcount64(shift_dir(r, own, d) & empty);
	return n;
}

int
yote_evaluate(const struct yote_rules *r, const struct yote_pos *p)
{
	const int s = p->side, o = !s;
	uint64_t own = p->pieces[s], opp = p->pieces[o];
	uint64_t empty = r->board & ~(own | opp);
	int score, ts, to, ms, mo, hand_w, mob_w;

	score = 100 * (yote_pos_remaining(p, s) - yote_pos_remaining(p, o));
	hand_w = r->bonus == YOTE_BONUS_MANDATORY_ANY ? 2 : 8;
	score += hand_w * (p->hand[s] - p->hand[o]);
	score += 6 * (popcount64(own & corners(r)) -
	    popcount64(opp & corners(r)));
	/* threats: the mover takes one of its targets and saves one piece */
	ts = popcount64(capturable(r, opp, own, empty));
	to = popcount64(capturable(r, own, opp, empty));
	if (ts > 1)
		score -= 70 * (ts - 1);
	if (to > 0)
		score += 25;
	mob_w = r->blocked == YOTE_BLOCK_LOSES ? 5 : 3;
	ms = mobility(r, own, empty);
	mo = mobility(r, opp, empty);
	score += mob_w * (ms - mo);
	/* shut in: no step and nothing in hand is close to losing there */
	if (r->blocked == YOTE_BLOCK_LOSES && mo == 0 && p->hand[o] == 0)
		score += 60;
	if (r->blocked == YOTE_BLOCK_LOSES && ms == 0 && p->hand[s] == 0)
		score -= 60;
	return score;
}
