/*
 * eval.c - the static evaluation: what a position is worth to the side to
 * move when no capture is being played out.
 *
 * What it knows about the game:
 *  - material: every piece, on the board or in hand, counts the same
 *    (a capture removes two where the bonus rule gives one);
 *  - trades: being 6 against 3 is better than 12 against 9, so an
 *    advantage weighs more as material comes off; the side ahead wants
 *    exchanges, the side behind avoids them;
 *  - pieces in hand cannot be jumped: worth a little more, except where
 *    the bonus may take from the hand (mandatory-any);
 *  - exposure: a piece with an enemy beside it and an empty point beyond
 *    is lost next move unless defended, and the side to move can save one
 *    threatened piece, not several; a piece with an open line through it
 *    can be attacked later; a corner piece can never be jumped;
 *  - mobility: steps available; where a blocked side loses, running out
 *    of moves is fatal, so it weighs more there;
 *  - progress: the longer since the last capture, the less an advantage
 *    is worth (it has not been turned into captures), so the side ahead
 *    is pushed to act, and under a move limit the draw comes closer;
 *  - pressing: in an ending, the side ahead gains by closing in on the
 *    weaker side's pieces and taking their steps away, so that its best
 *    moves lead somewhere instead of shuffling (the search scores a
 *    repeated position as a draw, so a shuffle gains nothing).
 * The weights are set by self-play matches between variants (formats/
 * engine.md says how); each engine holds its own copy, which the tuning
 * tool changes through yote_engine_set_weights.
 */
#include <string.h>

#include "yote_int.h"
#include "yote_engine.h"

/*
 * Built for any x86-64 (no -mpopcnt), popcount64 asks the processor at
 * each call whether it has the instruction.  The evaluation, a seventh of
 * a search's instructions, is built twice instead, with the instruction
 * and without, and the loader picks one once (gcc or clang, x86-64).
 */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__POPCNT__) && \
    defined(__linux__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define EVAL_CLONES __attribute__((target_clones("popcnt", "default")))
#define eval_popcount(b) __builtin_popcountll(b)
/* gcc inlines into a clone only what it is told to */
#define EVAL_INLINE __attribute__((always_inline)) inline
#endif
#endif
#ifndef EVAL_CLONES
#define EVAL_CLONES
#define EVAL_INLINE inline
#define eval_popcount(b) popcount64(b)
#endif

/* pieces left on both sides together below which pressing counts */
#define PRESS_PIECES 10

const struct yote_eval_weights yote_eval_default = {
	.trade = 40,            /* advantage x 24 / pieces left, x this/100 */
	.hand = 8,              /* a piece in hand over one on the board */
	.corner = 6,            /* a corner piece */
	.threat = 70,           /* each threatened piece beyond the first */
	.initiative = 25,       /* the mover can capture */
	.open = 6,              /* a piece with an open line through it */
	.mobility = 3,          /* a step */
	.mobility_blocked = 5,  /* a step where a blocked side loses */
	.shut_in = 60,          /* no step and nothing in hand */
	.decay = 100,           /* plies without capture halving the edge */
	.press = 8,             /* an ending's weaker piece near the stronger
				   side, or a step it lacks */
};

/*
 * The lines both sides' pieces stand on, from the shifts of the pieces
 * and of the empty points in each direction, each made once (a shift of
 * a union is the union of the shifts): the pieces of each side an enemy
 * piece could jump now (an enemy on one side, empty on the other), the
 * pieces of each side with an open line through them (empty on one side,
 * empty or an enemy on the other), and each side's steps.
 */
struct lines {
	uint64_t caught[2];     /* [0] own pieces the enemy can jump, [1] the
				   enemy's that own pieces can */
	uint64_t open[2];       /* [0] own, [1] the enemy's */
	int steps[2];           /* [0] own, [1] the enemy's */
};

static EVAL_INLINE void
lines_of(const struct yote_rules *r, uint64_t own, uint64_t opp,
    uint64_t empty, struct lines *l)
{
	uint64_t so[4], sp[4], se[4];
	int d;

	for (d = 0; d < 4; d++) {
		so[d] = shift_dir(r, own, d);
		sp[d] = shift_dir(r, opp, d);
		se[d] = shift_dir(r, empty, d);
	}
	memset(l, 0, sizeof(*l));
	for (d = 0; d < 4; d++) {
		l->caught[0] |= own & sp[d] & se[d ^ 1];
		l->caught[1] |= opp & so[d] & se[d ^ 1];
		l->open[0] |= own & se[d] & (se[d ^ 1] | sp[d ^ 1]);
		l->open[1] |= opp & se[d] & (se[d ^ 1] | so[d ^ 1]);
		l->steps[0] += eval_popcount(so[d] & empty);
		l->steps[1] += eval_popcount(sp[d] & empty);
	}
}

static EVAL_INLINE uint64_t
corners(const struct yote_rules *r)
{
	return (uint64_t)1 | ((uint64_t)1 << (r->width - 1)) |
	    ((uint64_t)1 << (r->squares - r->width)) |
	    ((uint64_t)1 << (r->squares - 1));
}

static EVAL_INLINE int
mobility(const struct yote_rules *r, uint64_t own, uint64_t empty)
{
	int d, n = 0;

	for (d = 0; d < 4; d++)
		n += eval_popcount(shift_dir(r, own, d) & empty);
	return n;
}

/* Squares next to the pieces of b, and b. */
static EVAL_INLINE uint64_t
around(const struct yote_rules *r, uint64_t b)
{
	return b | shift_dir(r, b, 0) | shift_dir(r, b, 1) |
	    shift_dir(r, b, 2) | shift_dir(r, b, 3);
}

/*
 * The stronger side's hold on the weaker one in an ending: weak pieces
 * one or two steps from a strong piece, and the steps the weak side lacks.
 * Without it every quiet move of a won ending looks alike and the search
 * cannot tell progress from a shuffle.
 */
static EVAL_INLINE int
press(const struct yote_rules *r, uint64_t strong, uint64_t weak,
    uint64_t empty)
{
	uint64_t near1 = around(r, strong), near2 = around(r, near1);

	return eval_popcount(weak & near1) + eval_popcount(weak & near2) +
	    4 * eval_popcount(weak) - mobility(r, weak, empty);
}

int
yote_evaluate(const struct yote_rules *r, const struct yote_pos *p)
{
	return yote_evaluate_w(r, p, &yote_eval_default);
}

EVAL_CLONES int
yote_evaluate_w(const struct yote_rules *r, const struct yote_pos *p,
    const struct yote_eval_weights *w)
{
	const int s = p->side, o = !s;
	uint64_t own = p->pieces[s], opp = p->pieces[o];
	uint64_t empty = r->board & ~(own | opp);
	struct lines ln;
	int score, ms, mo, ts, to, rs, ro, mob_w, since, decay;

	rs = yote_pos_remaining(p, s);
	ro = yote_pos_remaining(p, o);
	score = 100 * (rs - ro);
	if (rs + ro > 0)
		score += (rs - ro) * w->trade * 24 / (rs + ro);
	score += (r->bonus == YOTE_BONUS_MANDATORY_ANY ? w->hand / 4 :
	    w->hand) * (p->hand[s] - p->hand[o]);
	score += w->corner * (eval_popcount(own & corners(r)) -
	    eval_popcount(opp & corners(r)));
	lines_of(r, own, opp, empty, &ln);
	ts = eval_popcount(ln.caught[0]);
	to = eval_popcount(ln.caught[1]);
	if (ts > 1)
		score -= w->threat * (ts - 1);
	if (to > 0)
		score += w->initiative;
	score += w->open * (eval_popcount(ln.open[1]) -
	    eval_popcount(ln.open[0]));
	mob_w = r->blocked == YOTE_BLOCK_LOSES ? w->mobility_blocked :
	    w->mobility;
	ms = ln.steps[0];
	mo = ln.steps[1];
	score += mob_w * (ms - mo);
	if (r->blocked == YOTE_BLOCK_LOSES && mo == 0 && p->hand[o] == 0)
		score += w->shut_in;
	if (r->blocked == YOTE_BLOCK_LOSES && ms == 0 && p->hand[s] == 0)
		score -= w->shut_in;
	if (rs + ro <= PRESS_PIECES && rs != ro)
		score += (rs > ro ? 1 : -1) * w->press * (rs > ro ?
		    press(r, own, opp, empty) : press(r, opp, own, empty));
	/* an edge not turned into captures fades */
	since = (int)(p->since_capture > 1000 ? 1000 : p->since_capture);
	if (r->move_limit) {
		decay = r->move_limit - since;
		score = score * (decay > 0 ? decay : 0) / r->move_limit;
	} else if (w->decay > 0)
		score = score * w->decay / (w->decay + since);
	return score;
}
