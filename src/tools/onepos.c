/*
 * onepos.c - one position instead of games (onepos.h): perft counts,
 * the list of legal moves, and a search for the best move that prints
 * what it finds as it goes.
 */
#include <stdio.h>

#include "onepos.h"

/* A count or list that met the move limit, or memory: say which. */
static int
perft_failed(long rc)
{
	if (rc == YOTE_ELIMIT) {
		tool_warn("a position with more than %lu legal moves (the "
		    "limit; see yote(5), LIMITS)", YOTE_MAX_MOVES);
		return EXIT_INVALID;
	}
	tool_warn("out of memory");
	return EXIT_IO;
}

int
onepos_perft(FILE *out, const struct yote_rules *r, const struct yote_pos *p,
    int depth, int divide)
{
	struct yote_movelist l = { 0 };
	struct yote_pos q;
	unsigned long long total = 0, n;
	char text[YOTE_MOVE_TEXT];
	size_t i;
	int rc;

	if (!divide || depth < 1) {
		if ((rc = yote_perft_max(r, p, depth, &n)) != 0)
			return perft_failed(rc);
		fprintf(out, "%llu\n", n);
		return EXIT_OK;
	}
	if ((rc = (int)yote_gen_moves(r, p, &l)) < 0) {
		yote_movelist_free(&l);
		return perft_failed(rc);
	}
	yote_movelist_sort(r, &l);
	for (i = 0; i < l.n; i++) {
		q = *p;
		yote_pos_play(r, &q, &l.v[i]);
		if ((rc = yote_perft_max(r, &q, depth - 1, &n)) != 0) {
			yote_movelist_free(&l);
			return perft_failed(rc);
		}
		total += n;
		fprintf(out, "%s %llu\n", yote_move_format(r, &l.v[i], text),
		    n);
	}
	fprintf(out, "%llu\n", total);
	yote_movelist_free(&l);
	return EXIT_OK;
}

int
onepos_moves(FILE *out, const struct yote_rules *r, const struct yote_pos *p)
{
	struct yote_movelist l = { 0 };
	char text[YOTE_MOVE_TEXT];
	size_t i;
	long rc;

	/* counted first: a list over the limit would take its memory */
	if (yote_count_moves_upto(r, p, YOTE_MAX_MOVES) > YOTE_MAX_MOVES)
		return perft_failed(YOTE_ELIMIT);
	if ((rc = yote_gen_moves(r, p, &l)) < 0) {
		yote_movelist_free(&l);
		return perft_failed(rc);
	}
	yote_movelist_sort(r, &l);
	for (i = 0; i < l.n; i++)
		fprintf(out, "%s\n", yote_move_format(r, &l.v[i], text));
	yote_movelist_free(&l);
	return EXIT_OK;
}

struct best_ctx {
	const struct yote_rules *r;
	FILE *out;
};

/* Each depth the search finishes, as an "info" line. */
static void
print_info(void *ctx, const struct yote_search_result *sr)
{
	const struct best_ctx *bc = ctx;
	char text[YOTE_MOVE_TEXT], sc[16];
	int i;

	fprintf(bc->out, "info depth %d score %s nodes %llu time %ld pv",
	    sr->depth, yote_score_text(sr->score, sc), sr->nodes, sr->ms);
	for (i = 0; i < sr->pvlen; i++)
		fprintf(bc->out, " %s", yote_move_format(bc->r, &sr->pv[i],
		    text));
	putc('\n', bc->out);
	fflush(bc->out);
}

int
onepos_best(FILE *out, const struct yote_rules *r, const struct yote_pos *p,
    const struct engopt *eng, const struct yote_limits *lim)
{
	struct yote_engine *e;
	struct yote_search_result sr;
	struct best_ctx bc;
	char text[YOTE_MOVE_TEXT];

	if ((e = engopt_engine(eng)) == NULL) {
		tool_warn("out of memory for a %zu MiB hash table",
		    eng->hash_mb);
		return EXIT_IO;
	}
	bc.r = r;
	bc.out = out;
	if (yote_engine_search(e, r, p, lim, &sr, print_info, &bc) != 0) {
		yote_engine_free(e);
		tool_warn("out of memory");
		return EXIT_IO;
	}
	if (sr.nmoves == 0)
		fprintf(out, "bestmove (none)\n");
	else
		fprintf(out, "bestmove %s\n", yote_move_format(r, &sr.best,
		    text));
	yote_engine_free(e);
	return EXIT_OK;
}
