/*
 * fit-k - fit the constant K of the win-chance curve
 * W(s) = 1 / (1 + exp(-K s)) to the outcomes of recorded games.
 *
 *   fit-k [--depth D] [--skip N] FILE...
 *
 * Every position of every valid, decided-or-drawn game (adjudicated and
 * unfinished games are left out) after the first N plies is searched to
 * depth D; its score s, from the first side's view, and the game's result
 * y (1, 1/2, 0 for the first side) give the log-loss
 *   -sum y ln W(s) + (1 - y) ln(1 - W(s)),
 * minimised over K by golden-section search.  Positions with a proven
 * result are left out (they say nothing about K).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "yote.h"

struct sample {
	int s;                  /* score, first side's view */
	double y;               /* result for the first side */
};

static struct sample *v;
static size_t n, cap;


static double
loss(double k)
{
	double sum = 0, w;
	size_t i;

	for (i = 0; i < n; i++) {
		w = 1 / (1 + exp(-k * v[i].s));
		if (w < 1e-9)
			w = 1e-9;
		if (w > 1 - 1e-9)
			w = 1 - 1e-9;
		sum -= v[i].y * log(w) + (1 - v[i].y) * log(1 - w);
	}
	return sum / (double)(n ? n : 1);
}

int
main(int argc, char *argv[])
{
	struct yote_checker *ck = yote_checker_new();
	struct yote_reader *rd;
	struct yote_record *rec;
	struct yote_game_info info;
	struct yote_search_result sr;
	struct yote_limits lim = { .depth = 2 };
	struct yote_engine *e;
	struct yote_game *g;
	const struct yote_pos *p;
	const struct yote_node *t;
	double a = 0.0002, b = 0.05, x1, x2, f1, f2, y;
	int i, skip = 4;
	size_t k;
	FILE *fp;

	e = yote_engine_new(8);
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--depth") == 0 && i + 1 < argc) {
			lim.depth = atoi(argv[++i]);
			continue;
		}
		if (strcmp(argv[i], "--skip") == 0 && i + 1 < argc) {
			skip = atoi(argv[++i]);
			continue;
		}
		if ((fp = fopen(argv[i], "rb")) == NULL) {
			perror(argv[i]);
			return 3;
		}
		yote_reader_open(fp, argv[i], &rd);
		while (yote_reader_next(rd, &rec, NULL) == 1) {
			if (yote_game_from_record(ck, rec, argv[i], &info,
			    NULL, NULL, &g) != 0 || info.result < 1 ||
			    ((t = yote_node_get(rec->root, "termination")) !=
			    NULL && (yote_node_is(t, "adjudication") ||
			    yote_node_is(t, "unfinished")))) {
				yote_game_free(g);
				yote_record_free(rec);
				continue;
			}
			y = info.result == YOTE_RES_FIRST ? 1 :
			    info.result == YOTE_RES_SECOND ? 0 : 0.5;
			yote_engine_clear(e);
			for (k = (size_t)skip; k < yote_game_plies(g); k++) {
				p = yote_game_pos(g, k + 1);
				yote_engine_search(e, info.rules, p, &lim, &sr,
				    NULL, NULL);
				if (sr.nmoves == 0 || abs(sr.score) >
				    YOTE_WIN_BOUND)
					continue;
				if (n == cap) {
					cap = cap ? 2 * cap : 4096;
					v = realloc(v, cap * sizeof(*v));
				}
				v[n].s = p->side == YOTE_FIRST ? sr.score :
				    -sr.score;
				v[n].y = y;
				n++;
			}
			yote_game_free(g);
			yote_record_free(rec);
		}
		yote_reader_close(rd);
		fclose(fp);
	}
	/* golden-section search on K */
	x1 = b - (b - a) / 1.618034;
	x2 = a + (b - a) / 1.618034;
	f1 = loss(x1);
	f2 = loss(x2);
	for (i = 0; i < 60; i++) {
		if (f1 < f2) {
			b = x2;
			x2 = x1;
			f2 = f1;
			x1 = b - (b - a) / 1.618034;
			f1 = loss(x1);
		} else {
			a = x1;
			x1 = x2;
			f1 = f2;
			x2 = a + (b - a) / 1.618034;
			f2 = loss(x2);
		}
	}
	printf("positions %zu  K %.5f  log-loss %.4f (K=0: %.4f)\n", n,
	    (a + b) / 2, loss((a + b) / 2), loss(0));
	free(v);
	yote_engine_free(e);
	yote_checker_free(ck);
	return 0;
}
