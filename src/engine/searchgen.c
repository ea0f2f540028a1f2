/*
 * searchgen.c - the search's move lists (search_int.h): the moves searched
 * at a node, the captures of quiescence and their order, the root's moves
 * and the searchmoves that restrict them, and the score of a position
 * the rules end.  The search (search.c) and its test oracle (minimax.c)
 * both take them from here, so that the two search the same moves.
 */
#include <stdlib.h>

#include "yote_int.h"
#include "yote_engine.h"
#include "search_int.h"

/* enemy pieces left at or below which quiescence takes every bonus choice */
#define QFULL_PIECES 4
/* how many enemy pieces quiescence considers as bonus removals */
#define QBONUS 3
/* captures up to which quiescence, and the search below the root, take
 * every bonus choice */
#define QFULL_MAX 24
#define MAIN_FULL 0

/* Score terminal positions (no legal move). */
int
yote_srch_terminal(const struct yote_rules *r, const struct yote_pos *p, int ply)
{
	struct yote_outcome o;

	yote_pos_outcome(r, p, &o);
	if (o.result == YOTE_RES_DRAW || o.result == YOTE_RES_NONE)
		return 0;
	return (o.result == YOTE_RES_FIRST) == (p->side == YOTE_FIRST) ?
	    YOTE_WIN - ply : -(YOTE_WIN - ply);
}

/*
 * Bring the best-scored remaining move to place i of the order (selection:
 * most nodes cut off after a few moves, so sorting everything would
 * waste).  Only the scores and the indexes move, not the moves (136 bytes
 * each).
 */
void
yote_srch_pick(int *sc, int *idx, size_t n, size_t i)
{
	size_t j, best = i;
	int t, top = sc[i];

	/* without a branch (conditional moves): which score is the highest
	 * so far is no pattern a processor predicts */
	for (j = i + 1; j < n; j++) {
		t = sc[j] > top;
		best = t ? j : best;
		top = t ? sc[j] : top;
	}
	if (best == i)
		return;
	t = sc[i];
	sc[i] = sc[best];
	sc[best] = t;
	t = idx[i];
	idx[i] = idx[best];
	idx[best] = t;
}

static void
swap2(int *sc, int *idx, size_t a, size_t b)
{
	int t = sc[a];

	sc[a] = sc[b];
	sc[b] = t;
	t = idx[a];
	idx[a] = idx[b];
	idx[b] = t;
}

/* Whether move a comes after move b in the search's order. */
static int
later(const int *sc, const int *idx, size_t a, size_t b)
{
	return sc[a] < sc[b] || (sc[a] == sc[b] && idx[a] > idx[b]);
}

/* Move root down the heap of the first end moves (the latest on top). */
static void
sift(int *sc, int *idx, size_t root, size_t end)
{
	size_t child;

	for (; (child = 2 * root + 1) < end; root = child) {
		if (child + 1 < end && later(sc, idx, child + 1, child))
			child++;
		if (!later(sc, idx, child, root))
			break;
		swap2(sc, idx, root, child);
	}
}

void
yote_srch_pv_put(struct yote_move (*pv)[YOTE_MAX_PLY], int *pvlen, int ply,
    const struct yote_move *mv)
{
	int k;

	pv[ply][0] = *mv;
	for (k = 0; k < pvlen[ply + 1]; k++)
		pv[ply][k + 1] = pv[ply + 1][k];
	pvlen[ply] = pvlen[ply + 1] + 1;
}

/* A heap sort: in place, and the order is total, so no stability needed. */
void
yote_srch_sort(int *sc, int *idx, size_t n)
{
	size_t k, end;

	for (k = n / 2; k-- > 0;)
		sift(sc, idx, k, n);
	for (end = n; end > 1;) {
		swap2(sc, idx, 0, --end);
		sift(sc, idx, 0, end);
	}
}

/*
 * The enemy pieces the search may take as bonus below the root: those
 * that could capture one of the mover's pieces, then those touching one,
 * at most QBONUS.  All of them when the enemy is nearly out of pieces (a
 * capture-all or few-pieces ending must not depend on a choice left out).
 */
static uint64_t
q_bonus(const struct yote_rules *r, const struct yote_pos *p)
{
	uint64_t own = p->pieces[p->side], opp = p->pieces[!p->side];
	uint64_t empty = r->board & ~(own | opp), att = 0, touch = 0, pick1;
	uint64_t out = 0;
	int d, k, left = yote_pos_remaining(p, !p->side);

	if (left <= QFULL_PIECES || (r->few_pieces && left <= r->few_pieces +
	    2))
		return ~(uint64_t)0;
	for (d = 0; d < 4; d++) {
		att |= opp & shift_dir(r, own & shift_dir(r, empty, d ^ 1),
		    d ^ 1);
		touch |= opp & shift_dir(r, own, d);
	}
	touch &= ~att;
	for (k = 0; k < QBONUS && (att | touch); k++) {
		pick1 = att ? att & -att : touch & -touch;
		out |= pick1;
		att &= ~pick1;
		touch &= ~pick1;
	}
	return out;
}

/*
 * The root's moves: all of them or, where there are more than a list may
 * hold (custom rulesets), the first CAPPED from each square, so that a
 * huge position is still searched, on legal moves, in bounded time.
 * Counted first: the full list would take the limit's memory first.
 */
#define CAPPED 256
#define NODE_LIST 16384         /* moves below the root, before CAPPED */
#define QLIST 4096              /* captures in quiescence, at most */

int
yote_srch_root_moves(const struct yote_rules *r, const struct yote_pos *p,
    struct yote_movelist *l)
{
	long n;

	if (yote_count_moves_upto(r, p, YOTE_MAX_MOVES) <= YOTE_MAX_MOVES)
		n = yote_gen_moves(r, p, l);
	else
		n = yote_gen_moves_capped(r, p, CAPPED, l);
	return n < 0 ? (int)n : 0;
}

/*
 * The moves searched at a node: every legal move at the root, where the
 * answer is chosen; below it, captures take their bonus among the pieces
 * of q_bonus only (a dense board has thousands of bonus variants).
 */
long
yote_srch_gen_node(const struct yote_rules *r, const struct yote_pos *p,
    struct yote_movelist *l, int ply)
{
	long n;

	if (ply == 0)
		return yote_srch_root_moves(r, p, l) == 0 ? (long)l->n : YOTE_ENOMEM;
	/* no capture (told by bit operations, not by generating one): no
	 * bonus to choose */
	if (!yote_pos_has_capture(r, p, p->side))
		n = 0;
	else
		n = MAIN_FULL ? yote_gen_captures_q(r, p, ~(uint64_t)0,
		    MAIN_FULL, l) : YOTE_ELIMIT;
	if (n == YOTE_ELIMIT)
		n = yote_gen_moves_q(r, p, q_bonus(r, p), NODE_LIST, l);
	else if (n >= 0)
		n = yote_gen_moves(r, p, l);
	/* more than a list holds even so: a few from each square */
	return n == YOTE_ELIMIT ? yote_gen_moves_capped(r, p, CAPPED, l) : n;
}


/*
 * The captures of quiescence: at its first ply all of them when they are
 * few, so that the capture the horizon cuts into is judged with every
 * bonus choice; then the limited ones (all choices everywhere multiply
 * into similar lines that cost tenfold).
 */
long
yote_srch_gen_quiet_end(const struct yote_rules *r, const struct yote_pos *p,
    struct yote_movelist *l, int qd)
{
	long n = yote_gen_captures_q(r, p, ~(uint64_t)0, qd == 0 ? QFULL_MAX :
	    0, l);

	if (n == YOTE_ELIMIT)
		n = yote_gen_captures_q(r, p, q_bonus(r, p), QLIST, l);
	/* more even so (custom rulesets): the first QLIST, all legal */
	return n == YOTE_ELIMIT ? (long)l->n : n;
}

/*
 * Whether the piece quiet move m put down or moved (q: the position after
 * it) can capture next: an enemy piece beside it with an empty point
 * beyond.  Such a move is what a check is in chess, the late one the
 * search reduces least.
 */
int
yote_srch_threatens(const struct yote_rules *r, const struct yote_pos *q,
    const struct yote_move *m)
{
	int at = m->nseg == 0 ? m->from : m->seg_to[m->nseg - 1], d, over, land;
	uint64_t opp = q->pieces[q->side];
	uint64_t empty = r->board & ~(q->pieces[0] | q->pieces[1]);

	for (d = 0; d < 4; d++) {
		over = r->adj[at][d];
		land = r->jump[at][d];
		if (over >= 0 && land >= 0 && (opp >> over & 1) &&
		    (empty >> land & 1))
			return 1;
	}
	return 0;
}

/* Whether q has no move or is over by the rules: then yote_srch_terminal() scores it. */
int
yote_srch_is_terminal(const struct yote_rules *r, const struct yote_pos *q)
{
	return yote_over_unless_blocked(r, q) || !yote_raw_has_move(r, q,
	    q->side);
}

/*
 * Score every capture by the position after it (exact when that ends the
 * game, else minus the opponent's static evaluation, an upper bound of
 * the capture's quiescence value), and bring the min(n, QWIDTH) best to
 * the front, best first, ties in generator order.  Returns how many.
 * The same for the search and for minimax, whatever the window.
 */
size_t
yote_srch_q_order(const struct yote_rules *r, const struct yote_eval_weights *w,
    const struct yote_pos *p, struct yote_movelist *l, int *sc, int *idx,
    int ply)
{
	struct yote_pos q;
	size_t i, k = l->n < QWIDTH ? l->n : QWIDTH;

	for (i = 0; i < l->n; i++) {
		q = *p;
		yote_pos_play(r, &q, &l->v[i]);
		sc[i] = yote_srch_is_terminal(r, &q) ? -yote_srch_terminal(r, &q, ply + 1) :
		    -yote_evaluate_w(r, &q, w);
		idx[i] = (int)i;
	}
	for (i = 0; i < k; i++)
		yote_srch_pick(sc, idx, l->n, i);
	return k;
}

int
yote_srch_root_allowed(const struct yote_move *only, size_t nonly,
    const struct yote_move *m)
{
	size_t i;

	for (i = 0; i < nonly; i++)
		if (yote_move_equal(m, &only[i]))
			return 1;
	return only == NULL;
}

size_t
yote_srch_root_restrict(struct yote_movelist *l, const struct yote_move *only,
    size_t nonly)
{
	size_t i, n = 0;

	if (only == NULL)
		return l->n;
	for (i = 0; i < l->n; i++)
		n += yote_srch_root_allowed(only, nonly, &l->v[i]);
	if (n == 0)
		return 0;
	for (i = n = 0; i < l->n; i++)
		if (yote_srch_root_allowed(only, nonly, &l->v[i]))
			l->v[n++] = l->v[i];
	l->n = n;
	return n;
}
