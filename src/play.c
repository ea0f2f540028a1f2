/*
 * play.c - yote-play's engine players at their levels, games and their
 * records, record output, and engine matches played on threads (play.h).
 */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "play.h"
#include "tool.h"

/* ------------------------------------------------------------ levels */

static const struct level levels[] = {
	{ "beginner", 1, 0, 35, 150 },
	{ "casual", 2, 0, 12, 60 },
	{ "club", 4, 0, 0, 0 },
	{ "expert", 7, 400000, 0, 0 },
	{ "master", 12, 3000000, 0, 0 },
	/* a baseline for matches: the best move by the evaluation one ply
	 * ahead, no search */
	{ "greedy", 1, 0, 0, 1 },
};
#define NLEVELS ((int)(sizeof(levels) / sizeof(levels[0])))

const struct level *
level_by_name(const char *s)
{
	int i;

	for (i = 0; i < NLEVELS; i++)
		if (strcmp(levels[i].name, s) == 0)
			return &levels[i];
	return NULL;
}

/* ------------------------------------------------------------ randomness */

static uint64_t
rng_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

static unsigned long
rng_below(uint64_t *s, unsigned long n)
{
	return n ? (unsigned long)(rng_next(s) % n) : 0;
}

/* ------------------------------------------------------------ a game */

int
game_init(struct game *g, const struct yote_rules *r,
    const struct yote_pos *start)
{
	memset(g, 0, sizeof(*g));
	g->r = r;
	return (g->play = yote_game_new(r, start)) == NULL ? -1 : 0;
}

void
game_free(struct game *g)
{
	yote_game_free(g->play);
	g->play = NULL;
}

const struct yote_pos *
game_now(const struct game *g)
{
	return yote_game_now(g->play);
}

size_t
game_plies(const struct game *g)
{
	return yote_game_plies(g->play);
}

/* Play a legal move: 0, or -1 when out of memory. */
int
game_play(struct game *g, const struct yote_move *m)
{
	return yote_game_play(g->play, m, NULL) == 0 ? 0 : -1;
}

/* Ended by the rules?  Sets result and termination. */
int
game_over(struct game *g)
{
	struct yote_outcome o;

	yote_pos_outcome(g->r, game_now(g), &o);
	if (o.term == YOTE_TERM_NONE)
		return 0;
	g->result = o.result;
	g->term = o.term;
	return 1;
}

/* The record of a game (NULL when out of memory); round may be NULL. */
struct yote_record *
game_record(const struct game *g, const char *event, const char *first,
    const char *second, const char *round)
{
	struct yote_record *rec;
	struct yote_tag tags[5];
	char date[32];
	time_t now = time(NULL);
	struct tm tm;
	size_t n = 0;

	localtime_r(&now, &tm);
	strftime(date, sizeof(date), "%Y-%m-%d", &tm);
	tags[n++] = (struct yote_tag){ "event", event, YOTE_STYLE_ANY };
	tags[n++] = (struct yote_tag){ "date", date, YOTE_STYLE_ANY };
	if (round != NULL)      /* double-quoted: a name, not a number */
		tags[n++] = (struct yote_tag){ "round", round,
		    YOTE_STYLE_DOUBLE };
	tags[n++] = (struct yote_tag){ "first", first, YOTE_STYLE_ANY };
	tags[n++] = (struct yote_tag){ "second", second, YOTE_STYLE_ANY };
	if (yote_game_record(g->play, NULL, tags, n, g->result, g->term, &rec,
	    NULL) != 0)
		return NULL;
	return rec;
}

/* ------------------------------------------------------------ engine moves */

int
engine_history(struct yote_engine *e, const struct game *g)
{
	/* the game's positions lie one after the other (yote.h) */
	return yote_engine_set_history(e, yote_game_pos(g->play, 0),
	    game_plies(g) + 1) == 0 ? 0 : -1;
}

/*
 * The engine's move at its level: the best, or (low levels) a random one
 * now and then, or one of those within the level's slack.
 */
int
engine_move(struct player *pl, const struct game *g, struct yote_move *out,
    int *score)
{
	const struct yote_rules *r = g->r;
	const struct yote_pos *p = game_now(g);
	struct yote_limits lim;
	struct yote_search_result sr;
	struct yote_movelist l = { 0 };
	struct yote_pos q;
	int *sc, best, v;
	size_t i, n, pick;

	memset(&lim, 0, sizeof(lim));
	lim.depth = pl->lv->depth;
	lim.nodes = pl->lv->nodes;
	if (engine_history(pl->e, g) != 0 || yote_gen_moves(r, p, &l) <= 0) {
		yote_movelist_free(&l);
		return -1;
	}
	if (pl->lv->blunder > 0 && (int)rng_below(&pl->rng, 100) <
	    pl->lv->blunder) {
		*out = l.v[rng_below(&pl->rng, l.n)];
		*score = 0;
		yote_movelist_free(&l);
		return 0;
	}
	if (pl->lv->slack > 0 && l.n > 1) {
		/* score each move one search shallower, keep the near-best */
		if ((sc = malloc(l.n * sizeof(int))) == NULL) {
			yote_movelist_free(&l);
			return -1;
		}
		lim.depth = pl->lv->depth > 1 ? pl->lv->depth - 1 : 0;
		best = -YOTE_WIN - 1;
		for (i = 0; i < l.n; i++) {
			q = *p;
			yote_pos_play(r, &q, &l.v[i]);
			if (lim.depth > 0) {
				yote_engine_search(pl->e, r, &q, &lim, &sr,
				    NULL, NULL);
				v = -sr.score;
			} else
				v = -yote_evaluate(r, &q);
			sc[i] = v;
			if (v > best)
				best = v;
		}
		for (i = n = 0; i < l.n; i++)
			if (sc[i] >= best - pl->lv->slack)
				n++;
		pick = rng_below(&pl->rng, n);
		for (i = 0; i < l.n; i++)
			if (sc[i] >= best - pl->lv->slack && pick-- == 0)
				break;
		*out = l.v[i];
		*score = sc[i];
		free(sc);
		yote_movelist_free(&l);
		return 0;
	}
	yote_movelist_free(&l);
	if (yote_engine_search(pl->e, r, p, &lim, &sr, NULL, NULL) != 0 ||
	    sr.nmoves == 0)
		return -1;
	*out = sr.best;
	*score = sr.score;
	return 0;
}

int
out_open(struct outfile *o, const char *path)
{
	memset(o, 0, sizeof(*o));
	if (path == NULL || strcmp(path, "-") == 0)
		o->fp = stdout;
	else if ((o->fp = tool_atomic_open(path)) == NULL) {
		tool_warn("%s: %s", path, strerror(errno));
		return EXIT_IO;
	} else
		o->path = path;
	if (yote_writer_open(o->fp, &o->w) != 0) {
		if (o->path != NULL)
			tool_atomic_close(o->fp, o->path, 0);
		return EXIT_IO;
	}
	return EXIT_OK;
}

int
out_put(struct outfile *o, const struct yote_record *rec)
{
	return yote_writer_put(o->w, rec) == 0 ? EXIT_OK : EXIT_IO;
}

/* Finish: keep the new file only when everything was written. */
int
out_close(struct outfile *o, int ok)
{
	int bad = yote_writer_close(o->w) != 0;

	if (o->path == NULL)
		return bad ? EXIT_IO : EXIT_OK;
	if (bad && ok)
		tool_warn("%s: write error; the old file is left as it was",
		    o->path);
	return tool_atomic_close(o->fp, o->path, ok && !bad) != EXIT_OK ||
	    bad ? EXIT_IO : EXIT_OK;
}

/* ------------------------------------------------------------ matches */

struct match_game {
	unsigned long index;    /* 0-based */
	struct yote_pos start;  /* after the opening */
	struct game g;
	const struct level *lv[2];      /* level playing first, second */
	int a_first;            /* level A moves first */
	int done, failed;
};

struct match {
	const struct yote_rules *r;
	const struct level *a, *b;
	unsigned long ngames;
	struct yote_pos *openings;      /* one per pair of games */
	unsigned long nopenings;
	struct match_game *mg;
	const struct match_opts *o;
	pthread_mutex_t mu;     /* hands out the games to the threads */
	int mu_live;            /* mu is initialised */
	unsigned long next;
};

static void
play_one(struct match *mt, struct match_game *m, struct player pl[2])
{
	struct yote_move mv;
	int score, s;

	if (game_init(&m->g, mt->r, &m->start) != 0) {
		m->failed = 1;
		return;
	}
	for (;;) {
		if (game_over(&m->g))
			break;
		if (game_plies(&m->g) >= (size_t)mt->o->max_plies) {
			m->g.result = YOTE_RES_DRAW;
			m->g.term = YOTE_TERM_ADJUDICATION;
			break;
		}
		s = game_now(&m->g)->side;
		if (engine_move(&pl[s], &m->g, &mv, &score) != 0 ||
		    game_play(&m->g, &mv) != 0) {
			m->failed = 1;
			break;
		}
	}
}

static void *
match_worker(void *arg)
{
	struct match *mt = arg;
	struct player pl[2];
	struct match_game *m;
	struct yote_tb *tb;
	unsigned long i;
	int s;

	/* one handle on the tables for the thread's two engines */
	tb = engopt_tb(mt->o->eng, mt->r);
	for (s = 0; s < 2; s++)
		if ((pl[s].e = yote_engine_new(mt->o->eng->hash_mb)) != NULL)
			yote_engine_set_tb(pl[s].e, tb);
	for (;;) {
		pthread_mutex_lock(&mt->mu);
		i = mt->next++;
		pthread_mutex_unlock(&mt->mu);
		if (i >= mt->ngames)
			break;
		m = &mt->mg[i];
		if (pl[0].e == NULL || pl[1].e == NULL) {
			m->failed = 1;
			continue;
		}
		for (s = 0; s < 2; s++) {
			pl[s].lv = m->lv[s];
			/* each game its own seeds: results do not depend on
			 * which thread plays it */
			pl[s].rng = mt->o->seed ^ (0x51ED27ULL * (i + 1)) ^
			    ((uint64_t)s << 40);
			yote_engine_clear(pl[s].e);
		}
		play_one(mt, m, pl);
		pthread_mutex_lock(&mt->mu);
		m->done = 1;
		pthread_mutex_unlock(&mt->mu);
	}
	yote_engine_free(pl[0].e);
	yote_engine_free(pl[1].e);
	yote_tb_close(tb);
	return NULL;
}

/* Is the record's final position a usable opening for the match? */
static int
opening_usable(const struct match *mt, const struct yote_game_info *info)
{
	struct yote_outcome o;

	if (info->rules != mt->r && (info->rules == NULL ||
	    strcmp(info->rules->name, mt->r->name) != 0))
		return 0;
	yote_pos_outcome(mt->r, &info->final, &o);
	return o.term == YOTE_TERM_NONE;
}

/* The final positions of the games of the openings file, up to pairs of them,
 * into mt->openings; how many in *have.  EXIT_OK or EXIT_IO. */
static int
openings_read(struct match *mt, unsigned long pairs, unsigned long *have)
{
	struct yote_reader *rd = NULL;
	struct yote_record *rec;
	struct yote_checker *ck;
	struct yote_game_info info;
	struct yote_error e;
	FILE *fp;
	unsigned long gameno = 0;
	int rc;

	*have = 0;
	if ((fp = fopen(mt->o->openings, "rb")) == NULL) {
		tool_warn("%s: %s", mt->o->openings, strerror(errno));
		return EXIT_IO;
	}
	if ((ck = yote_checker_new()) == NULL ||
	    yote_reader_open(fp, mt->o->openings, &rd) != 0) {
		tool_warn("out of memory");
		yote_checker_free(ck);
		fclose(fp);
		return EXIT_IO;
	}
	yote_checker_set_rules(ck, mt->r);
	while (*have < pairs) {
		yote_error_clear(&e);
		if ((rc = yote_reader_next(rd, &rec, &e)) == 0)
			break;
		gameno++;
		if (rc < 0) {
			e.file = mt->o->openings;
			tool_diag(&e);
			if (rc == YOTE_EVALUE)
				continue;
			break;
		}
		if (yote_checker_play(ck, rec, mt->o->openings, &info, NULL, NULL,
		    NULL) < 0 || info.played < info.plies)
			/* a prefix of an illegal game is no opening */
			tool_warn("%s: game %lu: not used as an opening: its "
			    "moves cannot all be played (see yote-validate)",
			    mt->o->openings, gameno);
		else if (opening_usable(mt, &info))
			mt->openings[(*have)++] = info.final;
		yote_record_free(rec);
	}
	yote_reader_close(rd);
	yote_checker_free(ck);
	fclose(fp);
	return EXIT_OK;
}

/* pairs openings of the match's random plies from the start. */
static int
openings_random(struct match *mt, unsigned long pairs)
{
	struct yote_movelist l = { 0 };
	uint64_t rng = mt->o->seed ^ 0x0DE11ULL;
	unsigned long i;
	int k, tries;

	for (i = 0; i < pairs; i++) {
		for (tries = 0; tries < 100; tries++) {
			yote_pos_start(mt->r, &mt->openings[i]);
			for (k = 0; k < mt->o->random_plies; k++) {
				if (yote_gen_moves(mt->r, &mt->openings[i],
				    &l) <= 0)
					break;
				yote_pos_play(mt->r, &mt->openings[i],
				    &l.v[rng_below(&rng, l.n)]);
			}
			if (k == mt->o->random_plies)
				break;
		}
	}
	yote_movelist_free(&l);
	return EXIT_OK;
}

/* Openings: K random plies from the start, or the games of a file. */
static int
make_openings(struct match *mt, unsigned long pairs)
{
	unsigned long i, have;
	int status;

	if ((mt->openings = calloc(pairs, sizeof(*mt->openings))) == NULL) {
		tool_warn("out of memory");
		return EXIT_IO;
	}
	mt->nopenings = pairs;
	if (mt->o->openings == NULL)
		return openings_random(mt, pairs);
	if ((status = openings_read(mt, pairs, &have)) != EXIT_OK)
		return status;
	if (have == 0) {
		tool_warn("%s: no usable opening for %s", mt->o->openings,
		    mt->r->name);
		return EXIT_INVALID;
	}
	/* fewer openings than pairs: cycle through them */
	for (i = have; i < pairs; i++)
		mt->openings[i] = mt->openings[i % have];
	return EXIT_OK;
}

/* Elo difference for a score fraction, and its 95% margin. */
static void
elo(double w, double d, double l, double *diff, double *margin)
{
	double n = w + d + l, s, var;

	*diff = *margin = 0;
	if (n == 0)
		return;
	s = (w + d / 2) / n;
	var = (w * (1 - s) * (1 - s) + d * (0.5 - s) * (0.5 - s) +
	    l * s * s) / n;
	if (s <= 0 || s >= 1) {
		*diff = s <= 0 ? -INFINITY : INFINITY;
		return;
	}
	*diff = 400 * log10(s / (1 - s));     /* +0, not -0, at 50% */
	/* d(elo)/ds = 400 / (ln 10 s (1 - s)) */
	*margin = 1.96 * sqrt(var / n) * 400 / (log(10) * s * (1 - s));
}

/* Everything a match holds, released whatever state it got to. */
static void
match_free(struct match *mt)
{
	unsigned long i;

	if (mt->mg != NULL)
		for (i = 0; i < mt->ngames; i++)
			game_free(&mt->mg[i].g);
	if (mt->mu_live)
		pthread_mutex_destroy(&mt->mu);
	free(mt->mg);
	free(mt->openings);
	memset(mt, 0, sizeof(*mt));
}

/* The openings and the games to play, each with its colours. */
static int
match_setup(struct match *mt, const struct yote_rules *r,
    const struct level *a, const struct level *b, unsigned long games,
    int self_play, const struct match_opts *mo)
{
	unsigned long i;
	int status;

	memset(mt, 0, sizeof(*mt));
	mt->r = r;
	mt->a = a;
	mt->b = b;
	mt->o = mo;
	mt->ngames = games;
	if ((status = make_openings(mt, self_play ? games : (games + 1) / 2)) !=
	    EXIT_OK)
		return status;
	if ((mt->mg = calloc(games, sizeof(*mt->mg))) == NULL ||
	    pthread_mutex_init(&mt->mu, NULL) != 0) {
		tool_warn("out of memory");
		return EXIT_IO;
	}
	mt->mu_live = 1;
	for (i = 0; i < games; i++) {
		struct match_game *m = &mt->mg[i];

		m->index = i;
		m->start = mt->openings[self_play ? i : i / 2];
		m->a_first = self_play || i % 2 == 0;
		m->lv[0] = m->a_first ? a : b;
		m->lv[1] = m->a_first ? b : a;
	}
	return EXIT_OK;
}

/* Play every game, on the match's jobs threads (or this one if none starts). */
static int
match_play(struct match *mt)
{
	pthread_t *th;
	int j, started;

	if ((th = calloc((size_t)mt->o->jobs, sizeof(*th))) == NULL) {
		tool_warn("out of memory");
		return EXIT_IO;
	}
	for (started = 0; started < mt->o->jobs; started++)
		if (pthread_create(&th[started], NULL, match_worker, mt) != 0) {
			tool_warn("cannot start a thread");
			break;
		}
	if (started == 0)
		match_worker(mt);
	for (j = 0; j < started; j++)
		pthread_join(th[j], NULL);
	free(th);
	return EXIT_OK;
}

/* Score the games for A (w, d, l) and write their records to out (may
 * be NULL); the exit status. */
static int
match_results(struct match *mt, int self_play, struct outfile *out,
    unsigned long wdl[3])
{
	struct yote_record *rec;
	char round[32], fn[64], sn[64];
	unsigned long i;
	int status = EXIT_OK, a_score;

	for (i = 0; i < mt->ngames; i++) {
		struct match_game *m = &mt->mg[i];

		if (m->failed) {
			tool_warn("game %lu failed (out of memory)", i + 1);
			status = EXIT_IO;
			continue;
		}
		a_score = m->g.result == YOTE_RES_DRAW ? 1 :
		    (m->g.result == YOTE_RES_FIRST) == m->a_first ? 2 : 0;
		wdl[a_score == 2 ? 0 : a_score == 1 ? 1 : 2]++;
		if (out == NULL)
			continue;
		snprintf(round, sizeof(round), "%lu", i + 1);
		snprintf(fn, sizeof(fn), "yote-play %s", m->lv[0]->name);
		snprintf(sn, sizeof(sn), "yote-play %s", m->lv[1]->name);
		rec = game_record(&m->g, self_play ? "yote-play self-play" :
		    "yote-play match", fn, sn, round);
		if (rec == NULL)
			tool_warn("game %lu: out of memory", i + 1);
		if (rec == NULL || out_put(out, rec) != EXIT_OK)
			status = EXIT_IO;
		yote_record_free(rec);
	}
	if (out != NULL && out_close(out, status == EXIT_OK) != EXIT_OK)
		status = EXIT_IO;
	return status;
}

/* The match's score and Elo difference, for A. */
static void
match_summary(const struct match *mt, const unsigned long wdl[3])
{
	double diff, margin, n = (double)mt->ngames;

	elo((double)wdl[0], (double)wdl[1], (double)wdl[2], &diff, &margin);
	printf("%s vs %s, %s rules, %lu games: +%lu =%lu -%lu (score "
	    "%.1f%%)\n", mt->a->name, mt->b->name, mt->r->name, mt->ngames,
	    wdl[0], wdl[1], wdl[2], mt->ngames ? 100.0 * ((double)wdl[0] +
	    (double)wdl[1] / 2) / n : 0.0);
	if (isfinite(diff))
		printf("Elo difference: %+.0f +/- %.0f (95%%)\n", diff, margin);
	else
		printf("Elo difference: %s (no game %s)\n", diff > 0 ? "+inf" :
		    "-inf", diff > 0 ? "lost" : "won");
}

int
run_match(const struct yote_rules *r, const struct level *a,
    const struct level *b, unsigned long games, int self_play,
    const struct match_opts *mo)
{
	struct match mt;
	struct outfile out, *o = NULL;
	unsigned long wdl[3] = { 0, 0, 0 };
	int status;

	if (!self_play && games % 2)
		games++;        /* both colours of every opening */
	if ((status = match_setup(&mt, r, a, b, games, self_play,
	    mo)) == EXIT_OK)
		status = match_play(&mt);
	if (status == EXIT_OK && (self_play || mo->out != NULL) &&
	    (status = out_open(&out, self_play && mo->out == NULL ? "-" :
	    mo->out)) == EXIT_OK)
		o = &out;
	if (status == EXIT_OK) {
		status = match_results(&mt, self_play, o, wdl);
		if (!self_play)
			match_summary(&mt, wdl);
	}
	match_free(&mt);
	return status;
}

