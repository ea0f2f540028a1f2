/*
 * tune - self-play matches between two sets of evaluation weights, the
 * way the weights in src/engine/eval.c were first chosen (formats/engine.md).
 *
 *   tune [--rules R] [--games N] [--depth D] [--seed S] [--max-plies K]
 *        [--a k=v,...] [--b k=v,...]
 *
 * Both colours of each random opening (4 random plies), a fixed depth, a
 * draw by adjudication at the ply cap.  Prints wins, draws and losses of
 * A, how many games hit the cap, and the mean game length.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "yote.h"
#include "yote_engine.h"
#include "rng.h"
#include "weights.h"

int
main(int argc, char *argv[])
{
	const struct yote_rules *r = yote_rules_by_name("classic");
	struct yote_eval_weights wa, wb;
	struct yote_engine *e[2];
	struct yote_movelist l = { 0 };
	struct yote_search_result sr;
	struct yote_limits lim = { .depth = 3 };
	struct yote_outcome o;
	struct yote_pos start, p;
	uint64_t seed = 1;
	long games = 40, g, w = 0, d = 0, lo = 0, capped = 0, plies = 0;
	int i, k, maxp = 300, a_first;
	const char *sa = NULL, *sb = NULL;

	for (i = 1; i + 1 < argc; i += 2) {
		if (strcmp(argv[i], "--rules") == 0)
			r = yote_rules_by_name(argv[i + 1]);
		else if (strcmp(argv[i], "--games") == 0)
			games = atol(argv[i + 1]);
		else if (strcmp(argv[i], "--depth") == 0)
			lim.depth = atoi(argv[i + 1]);
		else if (strcmp(argv[i], "--seed") == 0)
			seed = strtoull(argv[i + 1], NULL, 10);
		else if (strcmp(argv[i], "--max-plies") == 0)
			maxp = atoi(argv[i + 1]);
		else if (strcmp(argv[i], "--a") == 0)
			sa = argv[i + 1];
		else if (strcmp(argv[i], "--b") == 0)
			sb = argv[i + 1];
		else {
			fprintf(stderr, "tune: unknown option %s\n", argv[i]);
			return 2;
		}
	}
	if (r == NULL)
		return 2;
	wa = wb = yote_eval_default;
	if (weights_parse(&wa, sa, "tune") != 0 ||
	    weights_parse(&wb, sb, "tune") != 0)
		return 2;
	/* engine 0 plays A's moves, engine 1 B's */
	e[0] = yote_engine_new(8);
	e[1] = yote_engine_new(8);
	if (e[0] == NULL || e[1] == NULL)
		return 1;
	yote_engine_set_weights(e[0], &wa);
	yote_engine_set_weights(e[1], &wb);
	for (g = 0; g < games; g++) {
		a_first = g % 2 == 0;
		if (a_first) {
			yote_pos_start(r, &start);
			for (k = 0; k < 4; k++) {
				yote_gen_moves(r, &start, &l);
				yote_pos_play(r, &start, &l.v[splitmix_below(&seed, l.n)]);
			}
		}
		p = start;
		yote_engine_clear(e[0]);
		yote_engine_clear(e[1]);
		for (k = 0;; k++) {
			int a_moves = (p.side == 0) == a_first;

			yote_pos_outcome(r, &p, &o);
			if (o.term != YOTE_TERM_NONE)
				break;
			if (k >= maxp) {
				o.result = YOTE_RES_DRAW;
				capped++;
				break;
			}
			yote_engine_search(e[!a_moves], r, &p, &lim, &sr, NULL,
			    NULL);
			yote_pos_play(r, &p, &sr.best);
		}
		plies += k;
		if (o.result == YOTE_RES_DRAW)
			d++;
		else if ((o.result == YOTE_RES_FIRST) == a_first)
			w++;
		else
			lo++;
	}
	printf("A +%ld =%ld -%ld  score %.1f%%  capped %ld  mean plies %.0f\n",
	    w, d, lo, 100.0 * ((double)w + (double)d / 2) / (double)games,
	    capped, (double)plies / (double)games);
	yote_movelist_free(&l);
	yote_engine_free(e[0]);
	yote_engine_free(e[1]);
	return 0;
}
