/*
 * minimax.c - the search's test oracle: plain minimax with the search's
 * own move lists, quiescence, ends and repetition rule, no table and no
 * pruning (yote_engine.h).  Exponential: for tests only.
 */
#include <stdlib.h>

#include "search_int.h"

static int
minimax_q(const struct yote_rules *r, const struct yote_pos *p, int ply,
    int qd)
{
	struct yote_movelist l = { 0 };
	struct yote_pos q;
	int stand, v, *sc, *idx;
	size_t i, n;

	if (yote_srch_is_terminal(r, p))
		return yote_srch_terminal(r, p, ply);
	stand = yote_evaluate(r, p);
	if (qd >= QDEPTH || ply >= LISTS - 1)
		return stand;
	if (yote_srch_gen_quiet_end(r, p, &l, qd) <= 0) {
		yote_movelist_free(&l);
		return stand;
	}
	sc = malloc(l.n * sizeof(int));
	idx = malloc(l.n * sizeof(int));
	if (sc != NULL && idx != NULL) {
		/* the same captures, in the same order, as qsearch */
		n = yote_srch_q_order(r, &yote_eval_default, p, &l, sc, idx, ply);
		for (i = 0; i < n; i++) {
			q = *p;
			yote_pos_play(r, &q, &l.v[idx[i]]);
			v = -minimax_q(r, &q, ply + 1, qd + 1);
			if (v > stand)
				stand = v;
		}
	}
	free(sc);
	free(idx);
	yote_movelist_free(&l);
	return stand;
}

static int
minimax_at(const struct yote_rules *r, const struct yote_pos *p, int depth,
    int ply, uint64_t *line)
{
	struct yote_movelist l = { 0 };
	struct yote_pos q;
	int best = -INF, v;
	size_t i;

	line[ply] = yote_pos_hash(p);
	if (ply > 0 && yote_srch_repeated(line, 0, (size_t)ply, p->since_capture,
	    line[ply]))
		return 0;
	if (depth <= 0)
		return minimax_q(r, p, ply, 0);
	if (yote_srch_gen_node(r, p, &l, ply) <= 0) {
		yote_movelist_free(&l);
		return yote_srch_terminal(r, p, ply);
	}
	for (i = 0; i < l.n; i++) {
		q = *p;
		yote_pos_play(r, &q, &l.v[i]);
		v = -minimax_at(r, &q, depth - 1, ply + 1, line);
		if (v > best)
			best = v;
	}
	yote_movelist_free(&l);
	return best;
}

int
yote_minimax_move(const struct yote_rules *r, const struct yote_pos *p,
    const struct yote_move *m, int depth)
{
	uint64_t line[YOTE_MAX_PLY + 1];
	struct yote_pos q = *p;

	if (depth > YOTE_MAX_PLY - 4)
		depth = YOTE_MAX_PLY - 4;
	if (depth < 1)
		depth = 1;
	line[0] = yote_pos_hash(p);
	yote_pos_play(r, &q, m);
	return -minimax_at(r, &q, depth - 1, 1, line);
}

int
yote_minimax(const struct yote_rules *r, const struct yote_pos *p, int depth)
{
	uint64_t line[YOTE_MAX_PLY + 1];

	if (depth > YOTE_MAX_PLY - 4)
		depth = YOTE_MAX_PLY - 4;
	return minimax_at(r, p, depth, 0, line);
}
