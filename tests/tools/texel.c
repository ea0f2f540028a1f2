/*
 * texel - fit the evaluation weights to labelled positions (Texel's
 * method): formats/engine.md, "How the weights were tuned".
 *
 *   texel --label [--depth D] [--skip N] FILE...
 *   texel [--depth D] [--k K] [--rounds N] [--fix k,...] [--rules R]
 *         [--from k=v,...] [--outcome] DATA...
 *
 * --label: every position of the games of FILE (records) after the first
 * N plies (default 8), once each per ruleset, is searched to depth D
 * (default 6) with the default weights; a line per position goes to
 * standard output:
 *   ruleset <TAB> position <TAB> score <TAB> result
 * the score and the game's result (1, 0.5, 0, or - when the game was
 * adjudicated or unfinished) from the side to move's view.  Positions the
 * search proves won or lost, and those without a move, are left out.
 *
 * Otherwise: the lines of DATA are the positions; the label of one is
 * W(score) = 1 / (1 + exp(-K score)) (K of the annotator, 0.0027), or its
 * game's result with --outcome (positions without one left out).  The
 * weights w (the default ones, changed by --from) are fitted to minimise
 *   E(w) = mean (label - W(q(pos; w)))^2
 * where q is the score of a search to depth D (default 1: every move and
 * the captures that follow, the quiescence search) under w, or with
 * --depth 0 the static evaluation (positions with a capture pending left
 * out).  Coordinate descent: each weight in turn moves by +step or -step
 * while that lowers E; a weight whose step helps neither way has its
 * step halved; done when every step is 1 and no move helps, or after N
 * rounds (default 20).  One position in five (every fifth line) is held
 * out of the fit and its error printed beside: a check of overfitting.
 * Prints E before and after, per ruleset and in all, and the weights.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "yote.h"
#include "yote_engine.h"
#include "weights.h"

#define MAXRULES 8

struct sample {
	const struct yote_rules *r;
	int rules;              /* index into rule_list */
	int held;               /* held out of the fit */
	double y;               /* label */
	struct yote_pos p;
};

static const struct yote_rules *rule_list[MAXRULES];
static int nrules;
static struct sample *v;
static size_t n, cap;
static double K = 0.0027;
static int depth = -1;          /* -1: the default of the mode */
static struct yote_engine *eng;

static int
rule_id(const struct yote_rules *r)
{
	int i;

	for (i = 0; i < nrules; i++)
		if (rule_list[i] == r)
			return i;
	if (nrules == MAXRULES)
		return -1;
	rule_list[nrules] = r;
	return nrules++;
}

static void
add(const struct yote_rules *r, const struct yote_pos *p, double y)
{
	if (n == cap) {
		cap = cap ? 2 * cap : 4096;
		v = realloc(v, cap * sizeof(*v));
		if (v == NULL)
			exit(1);
	}
	v[n].r = r;
	v[n].rules = rule_id(r);
	v[n].held = n % 5 == 4;
	v[n].y = y;
	v[n].p = *p;
	n++;
}

/* ----------------------------------------------------------- labelling */

/* Positions seen, per ruleset: an open-addressing set of hashes. */
#define SEEN_BITS 21
static uint64_t *seen;

static int
seen_before(const struct yote_rules *r, const struct yote_pos *p)
{
	const uint64_t mask = ((uint64_t)1 << SEEN_BITS) - 1;
	uint64_t h = yote_pos_hash(p) ^ ((uint64_t)(uintptr_t)r *
	    0x9E3779B97F4A7C15ULL), i;

	if (h == 0)
		h = 1;
	if (seen == NULL && (seen = calloc(mask + 1, sizeof(*seen))) == NULL)
		exit(1);
	if (++n > mask / 2)
		return 1;       /* full: no more positions */
	for (i = h & mask; seen[i] != 0; i = (i + 1) & mask)
		if (seen[i] == h)
			return 1;
	seen[i] = h;
	return 0;
}

/* A bad game or input, on standard error: FILE:LINE: game N: message. */
static void
say(void *ctx, const struct yote_error *e)
{
	(void)ctx;
	fprintf(stderr, "texel: %s:%lu: game %lu: %s\n", e->file ? e->file :
	    "?", e->line, e->game, e->msg);
}

static void
label_game(const struct yote_game_info *info, struct yote_game *g,
    const char *result, int skip, const struct yote_limits *lim)
{
	const struct yote_rules *r = info->rules;
	struct yote_search_result sr;
	const struct yote_pos *p;
	char buf[YOTE_POS_TEXT];
	size_t k;

	yote_engine_clear(eng);
	for (k = (size_t)skip; k <= yote_game_plies(g); k++) {
		p = yote_game_pos(g, k);
		if (seen_before(r, p))
			continue;
		yote_engine_search(eng, r, p, lim, &sr, NULL, NULL);
		if (sr.nmoves == 0 || abs(sr.score) > YOTE_WIN_BOUND)
			continue;
		printf("%s\t%s\t%d\t", r->name, yote_pos_format(r, p, buf),
		    sr.score);
		if (*result == '-')
			printf("-\n");
		else if (*result == '=')
			printf("0.5\n");
		else
			printf("%d\n", (*result == 'F') == (p->side ==
			    YOTE_FIRST));
	}
}

/* Label the positions of the valid games of files (--label), read
 * through the library's stream: every format, bad games and inputs said. */
static int
label(char **files, int nfiles, int skip, int d)
{
	struct yote_limits lim = { .depth = d };
	struct yote_stream *s;
	struct yote_stream_game *sg;
	const struct yote_node *t;
	const char *res;
	int i, st;

	if ((s = yote_stream_new()) == NULL)
		return 3;
	for (i = 0; i < nfiles; i++)
		if (yote_stream_add(s, files[i]) != 0)
			return 3;
	yote_stream_set_diag(s, say, NULL);
	yote_stream_set_flags(s, YOTE_STREAM_PLAY);
	while (yote_stream_next(s, &sg) > 0) {
		if (sg->verdict == YOTE_VERDICT_INVALID || sg->played == NULL)
			continue;
		t = yote_node_get(sg->rec->root, "termination");
		res = sg->info.result < 1 || (t != NULL &&
		    (yote_node_is(t, "adjudication") ||
		    yote_node_is(t, "unfinished"))) ? "-" :
		    sg->info.result == YOTE_RES_FIRST ? "F" :
		    sg->info.result == YOTE_RES_SECOND ? "S" : "=";
		label_game(&sg->info, sg->played, res, skip, &lim);
	}
	st = yote_stream_status(s);
	yote_stream_free(s);
	return st;
}

/* ------------------------------------------------------------- fitting */

static int
load(const char *file, int outcome, const struct yote_rules *only)
{
	char line[512], *f[4], *save;
	const struct yote_rules *r;
	struct yote_error err;
	struct yote_pos p;
	unsigned long lno = 0;
	double y;
	FILE *fp;
	int i;

	if ((fp = fopen(file, "r")) == NULL) {
		perror(file);
		return 3;
	}
	while (fgets(line, sizeof(line), fp) != NULL) {
		lno++;
		line[strcspn(line, "\n")] = '\0';
		f[0] = strtok_r(line, "\t", &save);
		for (i = 1; i < 4 && f[i - 1] != NULL; i++)
			f[i] = strtok_r(NULL, "\t", &save);
		if (f[0] == NULL || f[3] == NULL ||
		    (r = yote_rules_by_name(f[0])) == NULL ||
		    yote_pos_parse(r, f[1], &p, &err) != 0) {
			fprintf(stderr, "texel: %s:%lu: bad line\n", file, lno);
			fclose(fp);
			return 1;
		}
		if (only != NULL && r != only)
			continue;
		if (outcome && *f[3] == '-')
			continue;
		if (depth == 0 && yote_pos_has_capture(r, &p, p.side))
			continue;
		y = outcome ? atof(f[3]) : 1 / (1 + exp(-K * atof(f[2])));
		add(r, &p, y);
	}
	fclose(fp);
	return 0;
}

struct errors {
	double sum[MAXRULES][2];        /* squared errors: fitted, held out */
	size_t cnt[MAXRULES][2];
	double fit;                     /* mean over the fitted positions */
};

static void
error(const struct yote_eval_weights *w, struct errors *e)
{
	struct yote_limits lim = { .depth = depth };
	struct yote_search_result sr;
	double q, d, s = 0;
	size_t i, c = 0;
	int score;

	memset(e, 0, sizeof(*e));
	yote_engine_set_weights(eng, w);
	yote_engine_clear(eng);
	for (i = 0; i < n; i++) {
		if (depth == 0)
			score = yote_evaluate_w(v[i].r, &v[i].p, w);
		else {
			yote_engine_search(eng, v[i].r, &v[i].p, &lim, &sr,
			    NULL, NULL);
			score = sr.score;
		}
		q = 1 / (1 + exp(-K * score));
		d = (q - v[i].y) * (q - v[i].y);
		e->sum[v[i].rules][v[i].held] += d;
		e->cnt[v[i].rules][v[i].held]++;
		if (!v[i].held) {
			s += d;
			c++;
		}
	}
	e->fit = c ? s / (double)c : 0;
}

/* The positions of ruleset rules (-1: all), fitted or held out, and
 * their mean error in *m. */
static size_t
mean(const struct errors *e, int rules, int held, double *m)
{
	double s = 0;
	size_t c = 0;
	int i;

	for (i = 0; i < nrules; i++)
		if (rules < 0 || rules == i) {
			s += e->sum[i][held];
			c += e->cnt[i][held];
		}
	*m = c ? s / (double)c : 0;
	return c;
}

static void
report(const char *what, const struct yote_eval_weights *w,
    const struct errors *e)
{
	double m0, m1;
	size_t c0, c1;
	int i;

	printf("%s: ", what);
	weights_print(stdout, w);
	for (i = -1; i < nrules; i++) {
		c0 = mean(e, i, 0, &m0);
		c1 = mean(e, i, 1, &m1);
		printf("  %-12s fitted %6zu  E %.6f   held out %5zu  E %.6f\n",
		    i < 0 ? "all" : rule_list[i]->name, c0, m0, c1, m1);
	}
	fflush(stdout);
}

/* Coordinate descent from *w, the weights of fix[] left alone. */
static void
fit(struct yote_eval_weights *w, const int *fix, int rounds)
{
	struct yote_eval_weights t;
	struct errors e;
	double best;
	int step[NWEIGHTS], *f = weight_fields(w), *tf, round, i, dir, moved,
	    any;

	error(w, &e);
	best = e.fit;
	for (i = 0; i < (int)NWEIGHTS; i++)
		step[i] = f[i] / 4 > 1 ? f[i] / 4 : 1;
	for (round = 1; round <= rounds; round++) {
		any = 0;
		for (i = 0; i < (int)NWEIGHTS; i++) {
			if (fix[i])
				continue;
			moved = 0;
			for (dir = 1; dir >= -1; dir -= 2) {
				for (;;) {
					t = *w;
					tf = weight_fields(&t);
					tf[i] += dir * step[i];
					if (tf[i] < (i == weight_index("decay")
					    ? 1 : 0))
						break;
					error(&t, &e);
					if (e.fit >= best)
						break;
					best = e.fit;
					*w = t;
					moved = 1;
				}
				if (moved)
					break;
			}
			if (moved)
				any = 1;
			else if (step[i] > 1) {
				step[i] /= 2;
				any = 1;
			}
		}
		printf("round %d  E %.6f  ", round, best);
		weights_print(stdout, w);
		fflush(stdout);
		if (!any)
			break;
	}
}

int
main(int argc, char *argv[])
{
	struct yote_eval_weights w = yote_eval_default;
	const struct yote_rules *only = NULL;
	struct errors e;
	int fix[NWEIGHTS] = { 0 }, i, j, lab = 0, skip = 8, rounds = 20,
	    outcome = 0, rc;
	char *copy, *tok, *save;

	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		if (strcmp(argv[i], "--label") == 0)
			lab = 1;
		else if (strcmp(argv[i], "--outcome") == 0)
			outcome = 1;
		else if (i + 1 == argc)
			break;
		else if (strcmp(argv[i], "--depth") == 0)
			depth = atoi(argv[++i]);
		else if (strcmp(argv[i], "--skip") == 0)
			skip = atoi(argv[++i]);
		else if (strcmp(argv[i], "--k") == 0)
			K = atof(argv[++i]);
		else if (strcmp(argv[i], "--rounds") == 0)
			rounds = atoi(argv[++i]);
		else if (strcmp(argv[i], "--rules") == 0) {
			if ((only = yote_rules_by_name(argv[++i])) == NULL)
				return 2;
		} else if (strcmp(argv[i], "--from") == 0) {
			if (weights_parse(&w, argv[++i], "texel") != 0)
				return 2;
		} else if (strcmp(argv[i], "--fix") == 0) {
			copy = strdup(argv[++i]);
			for (tok = strtok_r(copy, ",", &save); tok;
			    tok = strtok_r(NULL, ",", &save)) {
				if ((j = weight_index(tok)) < 0)
					return 2;
				fix[j] = 1;
			}
			free(copy);
		} else
			break;
	}
	if (i == argc || (i < argc && argv[i][0] == '-')) {
		fprintf(stderr, "usage: texel --label [--depth D] [--skip N] "
		    "FILE...\n       texel [--depth D] [--k K] [--rounds N] "
		    "[--fix k,...] [--rules R]\n             [--from k=v,...] "
		    "[--outcome] DATA...\n");
		return 2;
	}
	if ((eng = yote_engine_new(lab ? 16 : 4)) == NULL)
		return 1;
	if (lab) {
		rc = label(argv + i, argc - i, skip, depth < 0 ? 6 : depth);
		yote_engine_free(eng);
		free(seen);
		return rc;
	}
	if (depth < 0)
		depth = 1;
	for (; i < argc; i++)
		if ((rc = load(argv[i], outcome, only)) != 0)
			return rc;
	error(&w, &e);
	report("before", &w, &e);
	fit(&w, fix, rounds);
	error(&w, &e);
	report("after", &w, &e);
	yote_engine_free(eng);
	free(v);
	return 0;
}
