/*
 * search.c - the engine: iterative-deepening principal variation search
 * with a transposition table, move ordering and a quiescence search.
 *
 * - Negamax alpha-beta, PVS: the first move gets the full window, the
 *   others a null window and a re-search when they beat alpha.
 * - Transposition table of 16-byte entries keyed by Zobrist hashes (the
 *   position's board, hands and side, plus the plies since the last
 *   capture, which the move limit and the evaluation depend on, and the
 *   opening plies, which change what is legal).  A move
 *   is kept as its index in the generator's order, which is fixed for a
 *   position.
 * - Ordering: hash move, captures by pieces removed, two killers per ply,
 *   history counts.
 * - Quiescence: captures only, with stand-pat, at most QDEPTH plies and
 *   the QWIDTH best captures by gain, different jumps first (chains can
 *   give thousands).
 * - Exact scores for ends by the rules: a win in n plies scores
 *   YOTE_WIN - n; blocked, few-pieces and move-limit come from the
 *   position itself (status.c), so every ruleset's ends are exact.
 * - Budgets: depth, nodes (deterministic), wall-clock time (checked every
 *   1024 nodes).  An unfinished iteration is thrown away.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "yote_int.h"

#define QDEPTH 8
#define QWIDTH 24
#define INF (YOTE_WIN + 1)
#define LISTS (YOTE_MAX_PLY + QDEPTH + 2)

enum { TT_EXACT = 1, TT_LOWER = 2, TT_UPPER = 3 };

struct tt_entry {
	uint64_t key;
	int16_t score;
	uint8_t depth;
	uint8_t flag;
	uint16_t move;          /* index in generator order, 0xFFFF none */
	uint16_t pad;
};

struct ordered {
	int *score;             /* ordering score per move */
	int *idx;               /* the move's index in generator order */
	size_t cap;
};

struct yote_engine {
	struct tt_entry *tt;
	size_t tt_mask;
	int history[2][YOTE_MAX_SQUARES + 1][YOTE_MAX_SQUARES];
	struct yote_move killer[LISTS][2];
	struct yote_movelist list[LISTS];
	struct ordered ord[LISTS];
	struct yote_move pv[YOTE_MAX_PLY][YOTE_MAX_PLY];
	int pvlen[YOTE_MAX_PLY];
	/* one search */
	const struct yote_rules *r;
	unsigned long long nodes, node_limit;
	struct timespec t0;
	long movetime;
	int stop, oom;
};

static uint64_t
mix64(uint64_t z)
{
	z += 0x9E3779B97F4A7C15ULL;
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

static uint64_t
search_key(const struct yote_rules *r, const struct yote_pos *p)
{
	uint64_t k = yote_pos_hash(p);

	/* the evaluation fades with the plies since the last capture */
	k ^= mix64(p->since_capture + 1);
	if (r->opening == YOTE_OPEN_FIRST_PLACE && p->ply <= 2)
		k ^= mix64(1000 + p->ply);
	return k;
}

struct yote_engine *
yote_engine_new(size_t hash_mb)
{
	struct yote_engine *e;
	size_t n = 1;

	if (hash_mb < 1)
		hash_mb = 1;
	if (hash_mb > 4096)
		hash_mb = 4096;
	while (n * 2 * sizeof(struct tt_entry) <= hash_mb << 20)
		n *= 2;
	if ((e = calloc(1, sizeof(*e))) == NULL)
		return NULL;
	if ((e->tt = calloc(n, sizeof(struct tt_entry))) == NULL) {
		free(e);
		return NULL;
	}
	e->tt_mask = n - 1;
	return e;
}

void
yote_engine_free(struct yote_engine *e)
{
	int i;

	if (e == NULL)
		return;
	for (i = 0; i < LISTS; i++) {
		yote_movelist_free(&e->list[i]);
		free(e->ord[i].score);
		free(e->ord[i].idx);
	}
	free(e->tt);
	free(e);
}

void
yote_engine_clear(struct yote_engine *e)
{
	memset(e->tt, 0, (e->tt_mask + 1) * sizeof(struct tt_entry));
	memset(e->history, 0, sizeof(e->history));
	memset(e->killer, 0, sizeof(e->killer));
}

static long
elapsed_ms(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long)(t.tv_sec - t0->tv_sec) * 1000 +
	    (t.tv_nsec - t0->tv_nsec) / 1000000;
}

static void
check_budget(struct yote_engine *e)
{
	if (e->node_limit && e->nodes >= e->node_limit)
		e->stop = 1;
	if (e->movetime && (e->nodes & 1023) == 0 &&
	    elapsed_ms(&e->t0) >= e->movetime)
		e->stop = 1;
}

/* Enemy pieces a move removes: jumped ones and bonus ones. */
static int
gain(const struct yote_move *m)
{
	int i, n = 0;

	if (!yote_move_is_capture(m))
		return 0;
	for (i = m->kind == YOTE_BRIDGE; i < m->nseg; i++)
		n += 1 + (m->seg_bonus[i] != YOTE_BONUS_NO);
	return n;
}

/*
 * Quiescence order: more pieces removed first; among captures that remove
 * as many, every jump's first bonus choice before any jump's second.  The
 * generator lists a jump's bonus choices (a dozen; a chain's, hundreds)
 * one after the other, so without the second key the QWIDTH captures
 * taken could all be one jump and miss every other piece's capture.
 */
static void
capture_order(const struct yote_movelist *l, int *sc)
{
	const int cap = (1 << 22) - 1;
	const struct yote_move *m, *prev = NULL;
	int rank = 0;
	size_t i;

	for (i = 0; i < l->n; i++, prev = m) {
		m = &l->v[i];
		if (prev != NULL && m->kind == prev->kind &&
		    m->from == prev->from && m->seg_to[0] == prev->seg_to[0])
			rank += rank < cap;
		else
			rank = 0;
		sc[i] = gain(m) * (cap + 1) - rank;
	}
}

static int *
hist_slot(struct yote_engine *e, int side, const struct yote_move *m)
{
	return &e->history[side][m->kind == YOTE_PLACE ? YOTE_MAX_SQUARES :
	    m->from][m->nseg ? m->seg_to[0] : m->from];
}

/* Score terminal positions (no legal move). */
static int
terminal(const struct yote_rules *r, const struct yote_pos *p, int ply)
{
	struct yote_outcome o;

	yote_pos_outcome(r, p, &o);
	if (o.result == YOTE_RES_DRAW || o.result == YOTE_RES_NONE)
		return 0;
	return (o.result == YOTE_RES_FIRST) == (p->side == YOTE_FIRST) ?
	    YOTE_WIN - ply : -(YOTE_WIN - ply);
}

static int
tt_score_in(int s, int ply)
{
	return s > YOTE_WIN_BOUND ? s + ply : s < -YOTE_WIN_BOUND ? s - ply : s;
}

static int
tt_score_out(int s, int ply)
{
	return s > YOTE_WIN_BOUND ? s - ply : s < -YOTE_WIN_BOUND ? s + ply : s;
}

static int
ensure_scores(struct yote_engine *e, int ply, size_t n)
{
	int *ns, *ni;

	if (e->ord[ply].cap >= n)
		return 0;
	if ((ns = realloc(e->ord[ply].score, n * sizeof(int))) == NULL) {
		e->oom = 1;
		return -1;
	}
	e->ord[ply].score = ns;
	if ((ni = realloc(e->ord[ply].idx, n * sizeof(int))) == NULL) {
		e->oom = 1;
		return -1;
	}
	e->ord[ply].idx = ni;
	e->ord[ply].cap = n;
	return 0;
}

/*
 * Bring the best-scored remaining move to position i (selection: most
 * nodes cut off after a few moves, so sorting everything would waste).
 * idx, when not NULL, follows the moves.
 */
static void
pick(struct yote_movelist *l, int *sc, int *idx, size_t i)
{
	size_t j, best = i;
	struct yote_move t;
	int ts;

	for (j = i + 1; j < l->n; j++)
		if (sc[j] > sc[best])
			best = j;
	if (best == i)
		return;
	t = l->v[i];
	l->v[i] = l->v[best];
	l->v[best] = t;
	ts = sc[i];
	sc[i] = sc[best];
	sc[best] = ts;
	if (idx != NULL) {
		ts = idx[i];
		idx[i] = idx[best];
		idx[best] = ts;
	}
}

static int
qsearch(struct yote_engine *e, const struct yote_pos *p, int alpha, int beta,
    int ply, int qd)
{
	const struct yote_rules *r = e->r;
	struct yote_movelist *l = &e->list[ply];
	struct yote_pos q;
	int stand, v, *sc;
	size_t i, n;

	e->nodes++;
	check_budget(e);
	if (yote_over_unless_blocked(r, p) || !yote_raw_has_move(r, p,
	    p->side))
		return terminal(r, p, ply);
	stand = yote_evaluate(r, p);
	if (stand >= beta || qd >= QDEPTH || ply >= LISTS - 1)
		return stand;
	if (stand > alpha)
		alpha = stand;
	if (yote_gen_captures(r, p, l) < 0) {
		e->oom = 1;
		return stand;
	}
	n = l->n;
	if (n == 0 || ensure_scores(e, ply, n) != 0)
		return stand;
	sc = e->ord[ply].score;
	capture_order(l, sc);
	if (n > QWIDTH)
		n = QWIDTH;
	for (i = 0; i < n && !e->stop; i++) {
		pick(l, sc, NULL, i);
		q = *p;
		yote_pos_play(r, &q, &l->v[i]);
		v = -qsearch(e, &q, -beta, -alpha, ply + 1, qd + 1);
		if (v > stand)
			stand = v;
		if (v > alpha) {
			alpha = v;
			if (v >= beta)
				break;
		}
	}
	return stand;
}

static int
search(struct yote_engine *e, const struct yote_pos *p, int depth, int alpha,
    int beta, int ply)
{
	const struct yote_rules *r = e->r;
	struct yote_movelist *l = &e->list[ply];
	struct tt_entry *te;
	struct yote_pos q;
	uint64_t key;
	int best = -INF, v, flag = TT_UPPER, *sc, *idx, tt_move = -1, bi = -1;
	int pvnode = beta - alpha > 1, k;
	size_t i, n;

	e->pvlen[ply] = 0;
	if (ply >= YOTE_MAX_PLY - 1)
		return yote_evaluate(r, p);
	if (depth <= 0)
		return qsearch(e, p, alpha, beta, ply, 0);
	e->nodes++;
	check_budget(e);
	if (e->stop)
		return 0;
	key = search_key(r, p);
	te = &e->tt[key & e->tt_mask];
	if (te->key == key) {
		tt_move = te->move == 0xFFFF ? -1 : te->move;
		if (te->depth >= depth && !pvnode) {
			v = tt_score_out(te->score, ply);
			if (te->flag == TT_EXACT ||
			    (te->flag == TT_LOWER && v >= beta) ||
			    (te->flag == TT_UPPER && v <= alpha))
				return v;
		}
	}
	if (yote_gen_moves(r, p, l) < 0) {
		e->oom = 1;
		e->stop = 1;
		return 0;
	}
	n = l->n;
	if (n == 0)
		return terminal(r, p, ply);
	if (ensure_scores(e, ply, n) != 0) {
		e->stop = 1;
		return 0;
	}
	sc = e->ord[ply].score;
	idx = e->ord[ply].idx;
	for (i = 0; i < n; i++) {
		const struct yote_move *m = &l->v[i];

		idx[i] = (int)i;
		if ((int)i == tt_move)
			sc[i] = 1 << 30;
		else if (yote_move_is_capture(m))
			sc[i] = (1 << 24) + gain(m) * 4096;
		else if (yote_move_equal(m, &e->killer[ply][0]))
			sc[i] = (1 << 23) + 1;
		else if (yote_move_equal(m, &e->killer[ply][1]))
			sc[i] = 1 << 23;
		else
			sc[i] = *hist_slot(e, p->side, m);
	}
	for (i = 0; i < n && !e->stop; i++) {
		pick(l, sc, idx, i);
		q = *p;
		yote_pos_play(r, &q, &l->v[i]);
		if (i == 0)
			v = -search(e, &q, depth - 1, -beta, -alpha, ply + 1);
		else {
			v = -search(e, &q, depth - 1, -alpha - 1, -alpha,
			    ply + 1);
			if (v > alpha && v < beta && !e->stop)
				v = -search(e, &q, depth - 1, -beta, -alpha,
				    ply + 1);
		}
		if (e->stop)
			return 0;
		if (v > best) {
			best = v;
			bi = (int)i;
			if (v > alpha) {
				alpha = v;
				flag = TT_EXACT;
				e->pv[ply][0] = l->v[i];
				for (k = 0; k < e->pvlen[ply + 1]; k++)
					e->pv[ply][k + 1] = e->pv[ply + 1][k];
				e->pvlen[ply] = e->pvlen[ply + 1] + 1;
				if (v >= beta) {
					flag = TT_LOWER;
					if (!yote_move_is_capture(&l->v[i])) {
						e->killer[ply][1] =
						    e->killer[ply][0];
						e->killer[ply][0] = l->v[i];
						*hist_slot(e, p->side,
						    &l->v[i]) += depth * depth;
					}
					break;
				}
			}
		}
	}
	if (bi >= 0) {
		te->key = key;
		te->score = (int16_t)tt_score_in(best, ply);
		te->depth = (uint8_t)depth;
		te->flag = (uint8_t)flag;
		te->move = idx[bi] < 0xFFFF ? (uint16_t)idx[bi] : 0xFFFF;
	}
	return best;
}

int
yote_engine_search(struct yote_engine *e, const struct yote_rules *r,
    const struct yote_pos *p, const struct yote_limits *lim,
    struct yote_search_result *out, yote_info_fn info, void *ctx)
{
	int depth, maxdepth, v, i;

	memset(out, 0, sizeof(*out));
	e->r = r;
	e->nodes = 0;
	e->node_limit = lim->nodes;
	e->movetime = lim->movetime_ms;
	e->stop = 0;
	e->oom = 0;
	clock_gettime(CLOCK_MONOTONIC, &e->t0);
	maxdepth = lim->depth > 0 ? lim->depth : YOTE_MAX_PLY - 4;
	if (maxdepth > YOTE_MAX_PLY - 4)
		maxdepth = YOTE_MAX_PLY - 4;
	if (lim->depth <= 0 && !lim->nodes && !lim->movetime_ms)
		maxdepth = 6;
	/* little material: look for the exact result */
	if (lim->endgame && yote_pos_remaining(p, 0) + yote_pos_remaining(p,
	    1) <= YOTE_ENDGAME_PIECES && maxdepth < 16) {
		maxdepth = 16;
		if (!e->node_limit || e->node_limit > YOTE_ENDGAME_NODES)
			e->node_limit = YOTE_ENDGAME_NODES;
	}
	if (yote_gen_moves(r, p, &e->list[0]) < 0)
		return YOTE_ENOMEM;
	out->nmoves = (int)e->list[0].n;
	if (out->nmoves == 0) {
		out->score = terminal(r, p, 0);
		return 0;
	}
	out->best = e->list[0].v[0];
	out->score = yote_evaluate(r, p);
	for (depth = 1; depth <= maxdepth; depth++) {
		v = search(e, p, depth, -INF, INF, 0);
		if (e->oom)
			return YOTE_ENOMEM;
		if (e->stop)
			break;
		out->score = v;
		out->depth = depth;
		if (e->pvlen[0] > 0) {
			out->best = e->pv[0][0];
			out->pvlen = e->pvlen[0];
			for (i = 0; i < out->pvlen; i++)
				out->pv[i] = e->pv[0][i];
		}
		out->nodes = e->nodes;
		out->ms = elapsed_ms(&e->t0);
		if (info != NULL)
			info(ctx, out);
		/* a proven result needs no deeper look */
		if ((v > YOTE_WIN_BOUND && YOTE_WIN - v <= depth) ||
		    (v < -YOTE_WIN_BOUND && YOTE_WIN + v <= depth))
			break;
	}
	out->nodes = e->nodes;
	out->ms = elapsed_ms(&e->t0);
	return 0;
}

/* ------------------------------------------------------------ testing */

static int
minimax_q(const struct yote_rules *r, const struct yote_pos *p, int ply,
    int qd)
{
	struct yote_movelist l = { 0 };
	struct yote_pos q;
	int stand, v;
	size_t i, n;

	if (yote_over_unless_blocked(r, p) || !yote_raw_has_move(r, p,
	    p->side))
		return terminal(r, p, ply);
	stand = yote_evaluate(r, p);
	if (qd >= QDEPTH)
		return stand;
	yote_gen_captures(r, p, &l);
	/* the same QWIDTH best captures, in the same order, as qsearch */
	n = l.n;
	{
		int *sc = malloc((n ? n : 1) * sizeof(int));

		if (sc == NULL) {
			yote_movelist_free(&l);
			return stand;
		}
		capture_order(&l, sc);
		if (n > QWIDTH)
			n = QWIDTH;
		for (i = 0; i < n; i++) {
			pick(&l, sc, NULL, i);
			q = *p;
			yote_pos_play(r, &q, &l.v[i]);
			v = -minimax_q(r, &q, ply + 1, qd + 1);
			if (v > stand)
				stand = v;
		}
		free(sc);
	}
	yote_movelist_free(&l);
	return stand;
}

static int
minimax_at(const struct yote_rules *r, const struct yote_pos *p, int depth,
    int ply)
{
	struct yote_movelist l = { 0 };
	struct yote_pos q;
	int best = -INF, v;
	size_t i;

	if (depth <= 0)
		return minimax_q(r, p, ply, 0);
	if (yote_gen_moves(r, p, &l) <= 0) {
		yote_movelist_free(&l);
		return terminal(r, p, ply);
	}
	for (i = 0; i < l.n; i++) {
		q = *p;
		yote_pos_play(r, &q, &l.v[i]);
		v = -minimax_at(r, &q, depth - 1, ply + 1);
		if (v > best)
			best = v;
	}
	yote_movelist_free(&l);
	return best;
}

int
yote_minimax(const struct yote_rules *r, const struct yote_pos *p, int depth)
{
	return minimax_at(r, p, depth, 0);
}
