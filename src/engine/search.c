/*
 * search.c - the engine: iterative-deepening principal variation search
 * with a transposition table, move ordering and a quiescence search.
 *
 * - Negamax alpha-beta, PVS: the first move gets the full window, the
 *   others a null window and a re-search when they beat alpha.  A late
 *   quiet move is searched a ply less first (two plies late in the list,
 *   unless it threatens a capture, as a check would be in chess).
 * - Transposition table of 16-byte entries keyed by Zobrist hashes (the
 *   position's board, hands and side, plus the plies since the last
 *   capture, which the move limit and the evaluation depend on, and the
 *   opening plies, which change what is legal).  A move
 *   is kept as its index in the generator's order, which is fixed for a
 *   position.
 * - Ordering: hash move, captures by pieces removed, two killers per ply,
 *   history counts.
 * - Quiescence: captures only, with stand-pat, at most QDEPTH plies; the
 *   captures are generated with few bonus choices per jump (the enemy
 *   pieces that attack or touch ours; every choice once the enemy is down
 *   to a few pieces), each is played and evaluated, and the QWIDTH best by
 *   that value are searched, best first.  A capture whose value after it
 *   (the opponent's stand-pat) cannot beat alpha is not searched: its
 *   score can only be lower, so this cut is exact, and it keeps captures
 *   that end the game, which are scored exactly.  Quiescence nodes use the
 *   transposition table too, by remaining quiescence plies.
 * - Repetition: a position met before along the line, or in the game's
 *   history before the root (yote_engine_set_history), is a draw (0).
 *   Only board, hands and side count; a capture or a placement cannot be
 *   undone, so only the plies since the last capture are looked at.
 * - Endgame tables (yote_engine_set_tb / yote_engine_use_tb): a covered
 *   position below the root scores what the table says, as a win or loss
 *   in so many plies from the root, and its exact entry goes in the
 *   transposition table; a covered root is not searched: its move is the
 *   table's (fastest win, slowest loss, a draw before a loss), so that a
 *   won ending is won.  A probe the move limit leaves unknown is searched,
 *   and so is a class the search's budget does not let it build: half the
 *   time, YOTE_TB_NODE_POSITIONS positions a node, and the memory cap.
 * - Exact scores for ends by the rules: a win in n plies scores
 *   YOTE_WIN - n; blocked, few-pieces and move-limit come from the
 *   position itself (status.c), so every ruleset's ends are exact.
 * - Budgets: depth, nodes (deterministic), wall-clock time (checked every
 *   1024 nodes); past the depth, more iterations while they are cheap,
 *   cheap meaning more nodes after a score that swung (deeper_fits).
 *   Depth 1 is always completed.  Of an unfinished
 *   iteration, the root moves searched to the end are kept: the previous
 *   best is searched first, so a move that beat it is better.
 */
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "yote_int.h"
#include "yote_engine.h"
#include "search_int.h"

/* late move reductions: from this depth, after this many moves */
#define LMR_DEPTH 3
#define LMR_MOVES 3
/* what a quiet move can add to the static value, at most (futility) */
#define FUT_MARGIN 150
/* table depth of a main-search entry: depth + QDEPTH; quiescence entries
 * store the quiescence plies left, 0..QDEPTH */
#define TT_MAIN(d) ((d) + QDEPTH)
/* table depth of an endgame table's value: good at every depth */
#define TT_TABLES 255

enum { TT_EXACT = 1, TT_LOWER = 2, TT_UPPER = 3 };

static uint64_t
mix64(uint64_t z)
{
	z += 0x9E3779B97F4A7C15ULL;
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/* The table's key of p, whose yote_pos_hash is h. */
static uint64_t
search_key(const struct yote_rules *r, const struct yote_pos *p, uint64_t h)
{
	uint64_t k = h;

	/* the evaluation fades with the plies since the last capture */
	k ^= mix64(p->since_capture + 1);
	if (r->opening == YOTE_OPEN_FIRST_PLACE && p->ply <= 2)
		k ^= mix64(1000 + p->ply);
	return k;
}

/*
 * The entry of key, asked of memory at once: the node reads it after some
 * work (the repetitions; in the quiescence the end test and the
 * evaluation), which then overlaps the wait for memory (the table's reads
 * were a quarter of the search's time).
 */
static inline struct tt_entry *
tt_slot(const struct yote_engine *e, uint64_t key)
{
	struct tt_entry *te = &e->tt[key & e->tt_mask];

#if defined(__GNUC__)
	__builtin_prefetch(te);
#endif
	return te;
}

static int tt_score_out(int, int);

static long
elapsed_ms(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long)(t.tv_sec - t0->tv_sec) * 1000 +
	    (t.tv_nsec - t0->tv_nsec) / 1000000;
}

/*
 * Depth 1 is completed whatever the budget (the dense damasi position of
 * issue 11 takes 57,760 nodes at depth 1, and its capture must not be
 * missed at 1 ms), but only within YOTE_DEPTH1_NODES nodes or
 * YOTE_DEPTH1_MOVES moves generated beyond the budget: a custom ruleset's
 * crowded position can take seconds at depth 1 (851,746 nodes of
 * quiescence for 46 root moves; 150,637 root moves).  A stop from
 * outside ends even depth 1.
 */
static int
past_grace(const struct yote_engine *e)
{
	return !e->must_finish || e->nodes >= e->node_limit +
	    YOTE_DEPTH1_NODES || e->moves >= YOTE_DEPTH1_MOVES;
}

static void
check_budget(struct yote_engine *e)
{
	if (e->halt != NULL && (e->nodes & 63) == 0 &&
	    atomic_load_explicit(e->halt, memory_order_relaxed))
		e->stop = 1;
	if (e->node_limit && e->nodes >= e->node_limit && past_grace(e))
		e->stop = 1;
	if (e->movetime && (e->nodes & 1023) == 0 && past_grace(e) &&
	    elapsed_ms(&e->t0) >= e->movetime)
		e->stop = 1;
}

/*
 * A node's moves cost time its count does not show (a custom ruleset's
 * node can generate and order thousands): the stop flag and the clock
 * are also looked at every WORK_STEP moves.
 */
#define WORK_STEP 16384

static void
spend(struct yote_engine *e, size_t moves)
{
	e->moves += moves;
	e->work += moves;
	if (e->work < WORK_STEP)
		return;
	e->work = 0;
	if (e->halt != NULL && atomic_load_explicit(e->halt,
	    memory_order_relaxed))
		e->stop = 1;
	if (e->movetime && past_grace(e) && elapsed_ms(&e->t0) >= e->movetime)
		e->stop = 1;
}

/*
 * The tables' value of p, met at ply, as a search score (a win in n plies
 * from p is YOTE_WIN - (ply + n)): 1 with *score, 0 when the tables do not
 * say (not covered, not within the budget, or the move limit may cut the
 * result short).  A table built now counts against the search's time
 * (tables_budget).
 */
static int
tb_score(struct yote_engine *e, const struct yote_pos *p, int ply,
    int *score)
{
	struct yote_error err;
	int wdl, plies, rc;

	if (e->tb == NULL || !yote_tb_covers(e->tb, p))
		return 0;
	rc = yote_tb_probe(e->tb, p, &wdl, &plies, &err);
	if (rc < 0) {
		e->oom = 1;
		e->stop = 1;
	}
	if (rc != 1)
		return 0;
	*score = yote_tb_score(wdl, plies);
	*score = tt_score_out(*score, ply);
	return 1;
}

/* Enemy pieces a move removes: jumped ones and bonus ones. */
static int
gain(const struct yote_move *m)
{
	int i, n = 0;

	if (!move_is_capture(m))
		return 0;
	for (i = m->kind == YOTE_BRIDGE; i < m->nseg; i++)
		n += 1 + (m->seg_bonus[i] != YOTE_BONUS_NO);
	return n;
}

static int *
hist_slot(struct yote_engine *e, int side, const struct yote_move *m)
{
	return &e->history[side][m->kind == YOTE_PLACE ? YOTE_MAX_SQUARES :
	    m->from][m->nseg ? m->seg_to[0] : m->from];
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
 * The quiescence value of p, whose table key is key.  stand0 is p's static
 * value where the caller has it (the quiescence above has valued every
 * capture by the position after it, yote_srch_q_order), NO_EVAL where it
 * has not: the evaluation is not made twice.
 */
#define NO_EVAL (INF + 1)

static int
qsearch(struct yote_engine *e, const struct yote_pos *p, int alpha, int beta,
    int ply, int qd, int stand0, uint64_t h)
{
	const struct yote_rules *r = e->r;
	struct yote_movelist *l = &e->list[ply];
	uint64_t key = search_key(r, p, h);
	struct tt_entry *te = tt_slot(e, key);
	struct yote_pos q;
	int stand, best, v, *sc, *idx, alpha0, tt_move = -1, bi = -1, flag;
	size_t i, n;

	e->nodes++;
	check_budget(e);
	if (ply > e->seldepth)
		e->seldepth = ply;
	if (yote_srch_is_terminal(r, p))
		return yote_srch_terminal(r, p, ply);
	if (tb_score(e, p, ply, &v))
		return v;
	stand = stand0 != NO_EVAL ? stand0 : yote_evaluate_w(r, p, &e->w);
	if (stand >= beta || qd >= QDEPTH || ply >= LISTS - 1)
		return stand;
	if (te->key == key && te->gen == e->gen && te->depth == QDEPTH - qd) {
		v = tt_score_out(te->score, ply);
		if (te->flag == TT_EXACT ||
		    (te->flag == TT_LOWER && v >= beta) ||
		    (te->flag == TT_UPPER && v <= alpha))
			return v;
		tt_move = te->move == 0xFFFF ? -1 : te->move;
	}
	alpha0 = alpha;
	if (stand > alpha)
		alpha = stand;
	best = stand;
	if (yote_srch_gen_quiet_end(r, p, l, qd) < 0) {
		e->oom = 1;
		return stand;
	}
	spend(e, l->n);
	if (l->n == 0 || ensure_scores(e, ply, l->n) != 0)
		return stand;
	sc = e->ord[ply].score;
	idx = e->ord[ply].idx;
	n = yote_srch_q_order(r, &e->w, p, l, sc, idx, ply);
	/* the table's move first, if it is among those searched */
	for (i = 1; tt_move >= 0 && i < n; i++)
		if (idx[i] == tt_move) {
			int ts = sc[i];

			memmove(&sc[1], &sc[0], i * sizeof(sc[0]));
			memmove(&idx[1], &idx[0], i * sizeof(idx[0]));
			sc[0] = ts;
			idx[0] = tt_move;
			break;
		}
	for (i = 0; i < n && !e->stop; i++) {
		if (sc[i] <= alpha) {
			/* bounded by its static value: cannot beat alpha */
			if (sc[i] > best)
				best = sc[i];
			continue;
		}
		q = *p;
		yote_pos_play(r, &q, &l->v[idx[i]]);
		/* sc[i] is minus q's static value (minus its exact score
		 * where q is an end, which qsearch returns before that) */
		v = -qsearch(e, &q, -beta, -alpha, ply + 1, qd + 1, -sc[i],
		    yote_pos_hash_child(h, p, &q));
		if (v > best) {
			best = v;
			bi = (int)i;
		}
		if (v > alpha) {
			alpha = v;
			if (v >= beta)
				break;
		}
	}
	if (e->stop)
		return best;
	flag = best >= beta ? TT_LOWER : best > alpha0 ? TT_EXACT : TT_UPPER;
	/* never over a main-search entry of another position */
	if (te->key == key || te->depth <= QDEPTH || te->gen != e->gen) {
		te->key = key;
		te->score = (int16_t)tt_score_in(best, ply);
		te->depth = (uint8_t)(QDEPTH - qd);
		te->flag = (uint8_t)flag;
		te->gen = e->gen;
		te->move = bi >= 0 && idx[bi] < 0xFFFF ? (uint16_t)idx[bi] :
		    0xFFFF;
	}
	return best;
}

/*
 * Futility near the frontier: at depth 1 or 2, off the principal variation,
 * when the static value plus FUT_MARGIN a ply cannot reach alpha, a quiet
 * move will not either; returns that bound, or -INF when quiet moves must be
 * searched.  Not in endings (10 pieces or fewer) nor where the opponent
 * could be shut in, where one quiet move can decide the game.
 */
static int
futile(struct yote_engine *e, const struct yote_pos *p, int depth,
    int alpha, int pvnode, int ply)
{
	const struct yote_rules *r = e->r;
	uint64_t opp = p->pieces[!p->side], empty = empty_squares(r, p);
	int v, d, steps = 0;

	if (e->exact || e->full || depth > 2 || pvnode || ply == 0 ||
	    alpha < -YOTE_WIN_BOUND || alpha > YOTE_WIN_BOUND ||
	    yote_pos_remaining(p, 0) + yote_pos_remaining(p, 1) <= 10)
		return -INF;
	for (d = 0; d < 4; d++)
		steps += popcount64(shift_dir(r, opp, d) & empty);
	if (p->hand[!p->side] == 0 && steps <= 4)
		return -INF;
	v = yote_evaluate_w(r, p, &e->w) + FUT_MARGIN * depth;
	return v <= alpha ? v : -INF;
}

/* A root move searched to the end that beat every one before it. */
static void
keep_root(struct yote_engine *e, int v)
{
	int i;

	e->part.score = v;
	e->part.best = e->pv[0][0];
	e->part.pvlen = e->pvlen[0];
	for (i = 0; i < e->pvlen[0]; i++)
		e->part.pv[i] = e->pv[0][i];
	e->have_part = 1;
}

/*
 * At the root: whether move m (number n in the search order) is left
 * out: not among the searchmoves, or one of the lines already found at
 * this depth (MultiPV); else tell the root callback that it is searched
 * now.
 */
static int
root_skip(struct yote_engine *e, const struct yote_move *m, int n, int depth)
{
	int i;

	if (!yote_srch_root_allowed(e->only, e->nonly, m))
		return 1;
	for (i = 0; i < e->nexcl; i++)
		if (yote_move_equal(m, &e->excl[i]))
			return 1;
	if (e->root_fn != NULL)
		e->root_fn(e->root_ctx, m, n, depth);
	return 0;
}

/*
 * The order the moves of l = e->list[ply] are searched in, as scores in
 * e->ord[ply]: the root's best move of the last iteration, the table's
 * move, captures by their gain, the two killers, then the history.
 */
static void
order(struct yote_engine *e, const struct yote_pos *p, int ply, int tt_move)
{
	const struct yote_movelist *l = &e->list[ply];
	const struct yote_move *k0 = &e->killer[ply][0];
	const struct yote_move *k1 = &e->killer[ply][1];
	int *sc = e->ord[ply].score, *idx = e->ord[ply].idx;
	int prev = ply == 0 && e->have_prev, side = p->side;
	/* the killers' squares read once: the stores into sc could change
	 * bytes, as the compiler sees it, so it read them for every move */
	int from0 = k0->from, from1 = k1->from;
	size_t i, n = l->n;

	for (i = 0; i < n; i++) {
		const struct yote_move *m = &l->v[i];

		idx[i] = (int)i;
		if (prev && move_equal(m, &e->prev_best))
			sc[i] = (1 << 30) + 1;
		else if ((int)i == tt_move)
			sc[i] = 1 << 30;
		else if (move_is_capture(m))
			sc[i] = (1 << 24) + gain(m) * 4096;
		else if (m->from == from0 && move_equal(m, k0))
			sc[i] = (1 << 23) + 1;
		else if (m->from == from1 && move_equal(m, k1))
			sc[i] = 1 << 23;
		else
			sc[i] = *hist_slot(e, side, m);
	}
}

/*
 * Move j of the order at ply picked now (of n), and its table entry asked
 * of memory while the move before it is searched: a node that searched
 * two moves without a cut will likely search them all, and each reads
 * its entry first thing (the wait for it was a third of search()'s own
 * time).  The order is the one picking it later gives.  Returns j + 1,
 * the first place not yet picked.
 */
static size_t
pick_ahead(struct yote_engine *e, const struct yote_pos *p, int ply,
    size_t n, size_t j)
{
	struct yote_pos q = *p;
	int *idx = e->ord[ply].idx;

	if (n <= YOTE_SRCH_PICK_MAX)
		yote_srch_pick(e->ord[ply].score, idx, n, j);
	yote_pos_play(e->r, &q, &e->list[ply].v[idx[j]]);
	(void)tt_slot(e, search_key(e->r, &q, yote_pos_hash_child(
	    e->hist.rep[e->hist.n + ply], p, &q)));
	return j + 1;
}

static int
search(struct yote_engine *e, const struct yote_pos *p, int depth, int alpha,
    int beta, int ply)
{
	const struct yote_rules *r = e->r;
	struct yote_movelist *l = &e->list[ply];
	struct tt_entry *te;
	struct yote_pos q;
	uint64_t key, h;
	const struct yote_move *mv;
	int best = -INF, v, flag = TT_UPPER, *sc, *idx, tt_move = -1, bi = -1;
	int pvnode = beta - alpha > 1, red, fut;
	size_t i, n, picked = 0;

	e->pvlen[ply] = 0;
	if (ply >= YOTE_MAX_PLY - 1)
		return yote_evaluate_w(r, p, &e->w);
	if (ply == 0)   /* below, the parent put it there from its own */
		e->hist.rep[e->hist.n] = yote_pos_hash(p);
	h = e->hist.rep[e->hist.n + ply];
	key = search_key(r, p, h);
	te = tt_slot(e, key);
	if (ply > 0 && yote_srch_past_repeated(&e->hist, (size_t)ply,
	    p->since_capture, h))
		return 0;
	if (depth <= 0)
		return qsearch(e, p, alpha, beta, ply, 0, NO_EVAL, h);
	e->nodes++;
	check_budget(e);
	if (e->stop)
		return 0;
	if (te->key == key && te->gen == e->gen && te->depth > QDEPTH &&
	    ply > 0) {
		tt_move = te->move == 0xFFFF ? -1 : te->move;
		if (te->depth >= TT_MAIN(depth) && !pvnode) {
			v = tt_score_out(te->score, ply);
			if (te->flag == TT_EXACT ||
			    (te->flag == TT_LOWER && v >= beta) ||
			    (te->flag == TT_UPPER && v <= alpha))
				return v;
		}
	}
	if (ply > 0 && tb_score(e, p, ply, &v)) {
		te->key = key;
		te->score = (int16_t)tt_score_in(v, ply);
		te->depth = TT_TABLES;
		te->flag = TT_EXACT;
		te->gen = e->gen;
		te->move = 0xFFFF;
		return v;
	}
	if (e->stop)
		return 0;
	if (yote_srch_gen_node(r, p, l, ply) < 0) {
		e->oom = 1;
		e->stop = 1;
		return 0;
	}
	n = l->n;
	if (n == 0)
		return yote_srch_terminal(r, p, ply);
	spend(e, n);
	if (e->stop)
		return 0;
	if (ensure_scores(e, ply, n) != 0) {
		e->stop = 1;
		return 0;
	}
	sc = e->ord[ply].score;
	idx = e->ord[ply].idx;
	order(e, p, ply, tt_move);
	fut = futile(e, p, depth, alpha, pvnode, ply);
	if (n > YOTE_SRCH_PICK_MAX)
		yote_srch_sort(sc, idx, n);
	for (i = 0; i < n && !e->stop; i++) {
		if (n <= YOTE_SRCH_PICK_MAX && i >= picked)
			yote_srch_pick(sc, idx, n, i);
		mv = &l->v[idx[i]];
		if (fut > -INF && i > 0 && sc[i] < 1 << 23) {
			/* a quiet move cannot lift this node to alpha, nor
			 * can those after it, picked in order */
			if (fut > best)
				best = fut;
			break;
		}
		if (ply == 0 && root_skip(e, mv, (int)i + 1, depth))
			continue;
		q = *p;
		yote_pos_play(r, &q, mv);
		e->hist.rep[e->hist.n + ply + 1] =
		    yote_pos_hash_child(h, p, &q);
		if (i >= 1 && i + 1 < n && depth >= 2)
			picked = pick_ahead(e, p, ply, n, i + 1);
		if (best == -INF)       /* the first move searched */
			v = -search(e, &q, depth - 1, -beta, -alpha, ply + 1);
		else {
			/* a late quiet move is first looked at one ply less */
			red = !e->exact && !e->full && ply > 0 &&
			    depth >= LMR_DEPTH &&
			    i >= LMR_MOVES && sc[i] < 1 << 23;
			/* two plies, unless it threatens a capture */
			if (red && depth >= LMR_DEPTH + 1 && i >= 3 * LMR_MOVES &&
			    !yote_srch_threatens(r, &q, mv))
				red = 2;
			v = -search(e, &q, depth - 1 - red, -alpha - 1, -alpha,
			    ply + 1);
			if (red && v > alpha && !e->stop)
				v = -search(e, &q, depth - 1, -alpha - 1,
				    -alpha, ply + 1);
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
				if (pvnode)
					yote_srch_pv_put(e->pv, e->pvlen, ply,
					    mv);
				if (ply == 0)
					keep_root(e, v);
				if (v >= beta) {
					flag = TT_LOWER;
					if (!move_is_capture(mv)) {
						e->killer[ply][1] =
						    e->killer[ply][0];
						e->killer[ply][0] = *mv;
						*hist_slot(e, p->side,
						    mv) += depth * depth;
					}
					break;
				}
			}
		}
	}
	if (bi >= 0 && ply > 0) {
		te->key = key;
		te->score = (int16_t)tt_score_in(best, ply);
		te->depth = (uint8_t)TT_MAIN(depth);
		te->flag = (uint8_t)flag;
		te->gen = e->gen;
		te->move = idx[bi] < 0xFFFF ? (uint16_t)idx[bi] : 0xFFFF;
	}
	return best;
}

static int iterate(struct yote_engine *, const struct yote_rules *,
    const struct yote_pos *, int, struct yote_search_result *, yote_info_fn,
    void *);
static int tb_root(struct yote_engine *, const struct yote_pos *,
    struct yote_search_result *, yote_info_fn, void *);

int
yote_engine_search(struct yote_engine *e, const struct yote_rules *r,
    const struct yote_pos *p, const struct yote_limits *lim,
    struct yote_search_result *out, yote_info_fn info, void *ctx)
{
	size_t nhist = e->hist.n;
	int maxdepth, rc;

	/* deeper than a search's stack of plies: refused (it was searched
	 * to YOTE_MAX_PLY - 4 in silence) */
	if (lim->depth > YOTE_MAX_PLY - 4)
		return YOTE_EVALUE;

	memset(out, 0, sizeof(*out));
	e->r = r;
	e->nodes = 0;
	e->moves = 0;
	e->work = 0;
	e->seldepth = 0;
	e->nexcl = 0;
	e->have_prev = 0;
	e->node_limit = lim->nodes;
	e->movetime = lim->movetime_ms;
	e->stop = 0;
	e->oom = 0;
	clock_gettime(CLOCK_MONOTONIC, &e->t0);
	maxdepth = lim->depth > 0 ? lim->depth : YOTE_MAX_PLY - 4;
	if (lim->depth <= 0 && !lim->nodes && !lim->movetime_ms && lim->mate <= 0)
		maxdepth = 6;
	if (lim->mate > 0 && lim->mate < maxdepth)
		maxdepth = lim->mate;
	/* little material: look for the exact result */
	if (lim->endgame && yote_pos_remaining(p, 0) + yote_pos_remaining(p,
	    1) <= YOTE_ENDGAME_PIECES && maxdepth < 16) {
		maxdepth = 16;
		if (!e->node_limit || e->node_limit > YOTE_ENDGAME_NODES)
			e->node_limit = YOTE_ENDGAME_NODES;
	}
	e->tb = yote_srch_tb_begin(&e->tbs, r, &e->t0, e->movetime,
	    e->node_limit, e->halt);
	if ((rc = yote_srch_root_moves(r, p, &e->list[0])) != 0)
		goto out;
	e->only = lim->searchmoves;
	e->nonly = lim->nsearchmoves;
	if (yote_srch_root_restrict(&e->list[0], lim->searchmoves,
	    lim->nsearchmoves) == 0)
		e->only = NULL;         /* none of them legal: every move */
	/* the history may end with the root itself */
	if (nhist > 0 && e->hist.rep[nhist - 1] == yote_pos_hash(p))
		e->hist.n--;
	if (yote_srch_past_build(&e->hist, p->since_capture) != 0) {
		rc = YOTE_ENOMEM;
		goto out;
	}
	e->full = lim->mate > 0;
	e->deepen = lim->deepen > 0 && lim->mate <= 0 && lim->depth > 0 &&
	    maxdepth == lim->depth ? lim->deepen : 0;
	if (maxdepth + e->deepen > YOTE_MAX_PLY - 4)
		e->deepen = YOTE_MAX_PLY - 4 - maxdepth;
	e->deepen_nodes = lim->deepen_nodes;
	/* the tables' move may not be one of the searchmoves */
	rc = e->only == NULL ? tb_root(e, p, out, info, ctx) : 0;
	if (rc == 0)
		rc = iterate(e, r, p, maxdepth, out, info, ctx);
	else if (rc == 1)
		rc = 0;
out:
	e->full = 0;
	e->only = NULL;
	e->nonly = 0;
	e->hist.n = nhist;
	if (e->tb != NULL)
		yote_tb_set_budget(e->tb, NULL);
	return rc;
}

/* Line j of this depth searched to the end with score v: note it (the
 * first line is the search's result) and tell the caller. */
static void
line_done(struct yote_engine *e, int j, int depth, int v,
    struct yote_search_result *out, yote_info_fn info, void *ctx)
{
	struct yote_search_result ln;
	int i;

	if (j == 0) {
		out->score = v;
		out->depth = depth;
		if (e->pvlen[0] > 0) {
			out->best = e->pv[0][0];
			out->pvlen = e->pvlen[0];
			for (i = 0; i < out->pvlen; i++)
				out->pv[i] = e->pv[0][i];
			e->prev_best = out->best;
			e->have_prev = 1;
		}
	}
	if (e->pvlen[0] > 0) {
		e->excl[j] = e->pv[0][0];
		e->line_prev[j] = e->pv[0][0];
	}
	out->nodes = e->nodes;
	out->ms = elapsed_ms(&e->t0);
	out->seldepth = e->seldepth > depth ? e->seldepth : depth;
	out->multipv = 1;
	if (info == NULL)
		return;
	if (j == 0) {
		info(ctx, out);
		return;
	}
	ln = *out;
	ln.multipv = j + 1;
	ln.score = v;
	ln.pvlen = e->pvlen[0];
	for (i = 0; i < ln.pvlen; i++)
		ln.pv[i] = e->pv[0][i];
	if (ln.pvlen > 0)
		ln.best = ln.pv[0];
	info(ctx, &ln);
}

/*
 * Past the depth asked (limits' deepen): whether one more iteration is
 * likely to end within deepen_nodes in all, its nodes foreseen as the
 * last one's (last) grown by their ratio to the one before (prev), at
 * least DEEPEN_GROWTH.  It is then stopped at deepen_nodes (or the node
 * limit, when lower), and an iteration stopped so is not used.  An
 * iteration whose score moved by DEEPEN_SWING or more from the one
 * before (swing) has not settled: a tactic is coming into view, which
 * one more ply often decides (depth 6 +2.89, 7 +0.27, 8 +2.82), so the
 * next may take DEEPEN_SWING_NODES times as many nodes.
 */
#define DEEPEN_GROWTH 2
#define DEEPEN_SWING 100        /* a piece */
#define DEEPEN_SWING_NODES 3

static int
deeper_fits(struct yote_engine *e, unsigned long long last,
    unsigned long long prev, int swing)
{
	unsigned long long g = prev > 0 ? last / prev : DEEPEN_GROWTH;
	unsigned long long cap = e->deepen_nodes;

	if (swing >= DEEPEN_SWING)
		cap *= DEEPEN_SWING_NODES;
	if (g < DEEPEN_GROWTH)
		g = DEEPEN_GROWTH;
	if (e->nodes + last * g > cap)
		return 0;
	if (!e->node_limit || e->node_limit > cap)
		e->node_limit = cap;
	return 1;
}

/*
 * Iterative deepening from the root p, up to maxdepth (and deepen more
 * while they fit).  With MultiPV, each depth searches the root again for
 * every further line, without the moves of the lines found before it.
 */
static int
iterate(struct yote_engine *e, const struct yote_rules *r,
    const struct yote_pos *p, int maxdepth, struct yote_search_result *out,
    yote_info_fn info, void *ctx)
{
	int depth, v = 0, v0, i, j, lines, have_lines = 0, pv0 = 0, swing = 0;
	unsigned long long last = 0, prev = 0, from;

	out->nmoves = (int)e->list[0].n;
	if (out->nmoves == 0) {
		out->score = yote_srch_terminal(r, p, 0);
		return 0;
	}
	out->best = e->list[0].v[0];
	out->score = yote_evaluate_w(r, p, &e->w);
	lines = e->multipv < out->nmoves ? e->multipv : out->nmoves;
	for (depth = 1; depth <= maxdepth + e->deepen; depth++) {
		if (depth > maxdepth && !deeper_fits(e, last, prev, swing))
			break;
		from = e->nodes;
		v0 = 0;
		for (j = 0; j < lines; j++) {
			e->nexcl = j;
			if (j > 0) {
				/* this line's move of the depth before first */
				e->have_prev = j < have_lines;
				e->prev_best = e->line_prev[j];
			}
			e->have_part = 0;
			e->must_finish = depth == 1 && j == 0;
			v = search(e, p, depth, -INF, INF, 0);
			e->must_finish = 0;
			if (e->oom || e->stop)
				break;
			line_done(e, j, depth, v, out, info, ctx);
			if (j == 0)
				v0 = v;
		}
		e->nexcl = 0;
		if (lines > 1) {
			e->prev_best = out->best;
			e->have_prev = out->depth == depth;
		}
		if (e->oom)
			return YOTE_ENOMEM;
		if (e->stop) {
			if (j == 0 && e->have_part && depth <= maxdepth) {
				out->score = e->part.score;
				out->best = e->part.best;
				out->pvlen = e->part.pvlen;
				for (i = 0; i < out->pvlen; i++)
					out->pv[i] = e->part.pv[i];
			}
			break;
		}
		have_lines = lines;
		swing = depth > 1 ? abs(v0 - pv0) : 0;
		pv0 = v0;
		prev = last;
		last = e->nodes - from;
		/* a proven result needs no deeper look */
		if ((v0 > YOTE_WIN_BOUND && YOTE_WIN - v0 <= depth) ||
		    (v0 < -YOTE_WIN_BOUND && YOTE_WIN + v0 <= depth))
			break;
	}
	out->nodes = e->nodes;
	out->ms = elapsed_ms(&e->t0);
	out->seldepth = e->seldepth > out->depth ? e->seldepth : out->depth;
	out->multipv = 1;
	return 0;
}

/*
 * The tables' best move in p at ply (in e->list[ply]): the fastest win,
 * else a draw, else the slowest loss; among drawing moves the one the
 * evaluation likes best (the opponent may still go wrong), else the first
 * in generator order among equals.  1 with *m and its *score (a search
 * score at ply), 0 when a
 * move leads out of the tables' cover, or a negative YOTE_E* code.  A
 * move whose value the move limit leaves unknown is passed over: when p's
 * own value is known, a move that keeps it is known too (its result comes
 * as soon or sooner, counting from p).
 */
static int
tb_best(struct yote_engine *e, const struct yote_pos *p, int ply,
    struct yote_move *m, int *score)
{
	struct yote_movelist *l = &e->list[ply];
	struct yote_pos q;
	int v, ev, best = -INF, best_ev = -INF;
	size_t i;

	if (yote_gen_moves(e->r, p, l) < 0)
		return YOTE_ENOMEM;
	for (i = 0; i < l->n; i++) {
		q = *p;
		yote_pos_play(e->r, &q, &l->v[i]);
		if (!yote_tb_covers(e->tb, &q))
			return 0;
		e->nodes++;
		if (!tb_score(e, &q, ply + 1, &v)) {
			if (e->oom)
				return YOTE_ENOMEM;
			continue;
		}
		ev = v == 0 ? -yote_evaluate_w(e->r, &q, &e->w) : 0;
		if (-v > best || (-v == best && ev > best_ev)) {
			best = -v;
			best_ev = ev;
			*m = l->v[i];
		}
	}
	*score = best;
	return best > -INF;
}

/*
 * A root the tables cover and know is not searched: its move is the
 * table's, and the principal variation the table's line to the end of
 * the game (a draw's: its first move).  Depth is the line's length,
 * nodes the probes.  1 done, 0 search it, or a negative YOTE_E* code.
 */
static int
tb_root(struct yote_engine *e, const struct yote_pos *p,
    struct yote_search_result *out, yote_info_fn info, void *ctx)
{
	struct yote_pos q = *p;
	int v, k, rc;

	if (e->list[0].n == 0 || !tb_score(e, p, 0, &v))
		return e->oom ? YOTE_ENOMEM : 0;
	e->nodes++;
	for (k = 0; k < YOTE_MAX_PLY; k++) {
		if ((rc = tb_best(e, &q, k, &out->pv[k], &v)) < 0)
			return rc;
		if (rc == 0)
			break;
		if (k == 0)
			out->score = v;
		yote_pos_play(e->r, &q, &out->pv[k]);
		out->pvlen = k + 1;
		if (v == 0 || yote_srch_is_terminal(e->r, &q))
			break;
	}
	if (out->pvlen == 0)
		return 0;
	/* tb_best used the lists: the root's is the caller's */
	if ((v = yote_srch_root_moves(e->r, p, &e->list[0])) != 0)
		return v;
	out->nmoves = (int)e->list[0].n;
	out->best = out->pv[0];
	out->depth = out->pvlen;
	/* the line the tables give, the one line: its length is the
	 * deepest ply, and it is line 1 (MultiPV is not served here) */
	out->seldepth = out->pvlen;
	out->multipv = 1;
	out->nodes = e->nodes;
	out->ms = elapsed_ms(&e->t0);
	if (info != NULL)
		info(ctx, out);
	return 1;
}
