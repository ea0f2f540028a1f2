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
#include "engopt.h"

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

int
level_budget(const char *name, int *depth, unsigned long long *nodes)
{
	const struct level *lv = level_by_name(name);

	if (lv == NULL)
		return -1;
	*depth = lv->depth;
	*nodes = lv->nodes;
	return 0;
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

struct yote_record *
game_record(const struct game *g, const struct game_names *nm,
    const uint64_t *seed)
{
	struct yote_record *rec;
	struct yote_tag tags[7];
	char date[32], num[32];
	time_t now = time(NULL);
	struct tm tm;
	size_t n = 0;

	localtime_r(&now, &tm);
	strftime(date, sizeof(date), "%Y-%m-%d", &tm);
	tags[n++] = (struct yote_tag){ "event", nm->event, YOTE_STYLE_ANY };
	if (nm->site != NULL)
		tags[n++] = (struct yote_tag){ "site", nm->site,
		    YOTE_STYLE_ANY };
	tags[n++] = (struct yote_tag){ "date", date, YOTE_STYLE_ANY };
	if (nm->round != NULL)  /* double-quoted: a name, not a number */
		tags[n++] = (struct yote_tag){ "round", nm->round,
		    YOTE_STYLE_DOUBLE };
	tags[n++] = (struct yote_tag){ "first", nm->first, YOTE_STYLE_ANY };
	tags[n++] = (struct yote_tag){ "second", nm->second, YOTE_STYLE_ANY };
	if (seed != NULL) {     /* formats/record.md: to play it again */
		snprintf(num, sizeof(num), "%llu", (unsigned long long)*seed);
		tags[n++] = (struct yote_tag){ "seed", num, YOTE_STYLE_ANY };
	}
	if (yote_game_record(g->play, nm->rules, tags, n, g->result, g->term, &rec,
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
	else if ((o->fp = tool_output_open(path)) == NULL)
		return EXIT_IO;
	else
		o->path = path;
	if (yote_writer_open(o->fp, &o->w) != 0) {
		tool_warn("out of memory");
		if (o->path != NULL)
			tool_atomic_close(o->fp, o->path, 0);
		return EXIT_IO;
	}
	return EXIT_OK;
}

/*
 * The record, flushed: a reader of the output sees each game as soon as
 * it is written, and a full disk shows at the first game it stops.  A
 * failed write is said once, with its reason, by what closes the stream:
 * tool_atomic_close for a file, tool_stdout_done for standard output.
 */
int
out_put(struct outfile *o, const struct yote_record *rec)
{
	int rc;

	if (o->failed)
		return EXIT_IO;
	if ((rc = yote_writer_put(o->w, rec)) == YOTE_ELIMIT)
		return tool_record_over(o->path != NULL ? o->path :
		    "standard output", rec);
	if (rc != 0 || fflush(o->fp) != 0) {
		o->failed = 1;
		return EXIT_IO;
	}
	return EXIT_OK;
}

/* Finish: keep the new file only when everything was written. */
int
out_close(struct outfile *o, int ok)
{
	int bad = yote_writer_close(o->w) != 0 || o->failed;

	/* a write error: said by the closer, with its reason */
	if (o->path == NULL)
		return bad ? EXIT_IO : EXIT_OK;
	return tool_atomic_close(o->fp, o->path, ok && !bad) != EXIT_OK ||
	    bad ? EXIT_IO : EXIT_OK;
}

/* ------------------------------------------------------------ matches */

/*
 * Games are handed out in order to the threads and written in order as
 * they finish: a game that finishes early waits in a ring of `window`
 * slots for the games before it, and a thread that would run more than
 * `window` games ahead of the oldest unfinished one waits first.  So
 * memory holds a window of records whatever the number of games, and
 * the output does not depend on -j.
 */
enum slot_state { SLOT_FREE, SLOT_DONE, SLOT_FAILED };

struct finished {
	enum slot_state state;
	struct yote_record *rec;        /* to write, or NULL (no output) */
	enum yote_result result;
	enum yote_termination term;
};

struct match {
	int input_status;       /* the openings file's exit status */
	const struct yote_rules *r;
	const struct level *a, *b;
	unsigned long ngames;
	int self_play;
	struct yote_pos *openings;      /* from a file, or NULL: random */
	unsigned long nopenings;
	const struct match_opts *o;
	struct outfile *out;    /* where the records go, or NULL */
	pthread_mutex_t mu;     /* guards everything below */
	pthread_cond_t cv;      /* a game was written, or the match stops */
	int mu_live, cv_live;   /* mu, cv initialised */
	unsigned long next;     /* the next game to hand out */
	unsigned long written;  /* games reported so far, in order */
	struct finished *ring;  /* game i waits in ring[i % window] */
	unsigned long window;
	unsigned long wdl[3];   /* level A's wins, draws, losses so far */
	int status;             /* EXIT_OK until a game or a write fails */
};

/* Level A moves first in game i (0-based)?  Each opening is played with
 * both colours, A first in the even games. */
static int
a_first(const struct match *mt, unsigned long i)
{
	return mt->self_play || i % 2 == 0;
}

/* The opening of game i: the pair's file opening, or random plies drawn
 * from the seed and the pair's number (the same whatever -j). */
static void
opening(const struct match *mt, unsigned long i, struct yote_pos *p)
{
	struct yote_movelist l = { 0 };
	struct yote_outcome out;
	struct yote_pos q, best;
	unsigned long pair = mt->self_play ? i : i / 2;
	uint64_t rng = mt->o->seed ^ 0x0DE11ULL ^ ((uint64_t)(pair + 1) << 21);
	int k, tries, best_k = -1;

	if (mt->openings != NULL) {
		*p = mt->openings[pair % mt->nopenings];
		return;
	}
	/* a walk that ends the game is drawn again: its last ply is taken
	 * back, and after 100 tries the longest walk left open is used (a
	 * game decided by the random plies is no game of the engines) */
	yote_pos_start(mt->r, &best);
	for (tries = 0; tries < 100; tries++) {
		yote_pos_start(mt->r, p);
		for (k = 0; k < mt->o->random_plies; k++) {
			if (yote_gen_moves(mt->r, p, &l) <= 0)
				break;
			q = *p;
			yote_pos_play(mt->r, &q, &l.v[rng_below(&rng, l.n)]);
			yote_pos_outcome(mt->r, &q, &out);
			if (out.term != YOTE_TERM_NONE)
				break;
			*p = q;
		}
		if (k > best_k) {
			best_k = k;
			best = *p;
		}
		if (k == mt->o->random_plies)
			break;
	}
	*p = best;
	yote_movelist_free(&l);
}

/* Play game i to its end or the adjudication; 0, or -1 out of memory. */
static int
play_one(struct match *mt, struct game *g, struct player pl[2])
{
	struct yote_move mv;
	int score, s;

	for (;;) {
		if (game_over(g))
			return 0;
		if (game_plies(g) >= (size_t)mt->o->max_plies) {
			g->result = YOTE_RES_DRAW;
			g->term = YOTE_TERM_ADJUDICATION;
			return 0;
		}
		s = game_now(g)->side;
		if (engine_move(&pl[s], g, &mv, &score) != 0 ||
		    game_play(g, &mv) != 0)
			return -1;
	}
}

/* Game i played by the thread's engines, into f (its record made when
 * the match writes records). */
static void
match_game(struct match *mt, unsigned long i, struct player pl[2],
    struct finished *f)
{
	struct yote_pos start;
	struct game g;
	struct game_names nm;
	char round[32], fn[64], sn[64];
	int s, af = a_first(mt, i);

	memset(f, 0, sizeof(*f));
	f->state = SLOT_FAILED;
	if (pl[0].e == NULL || pl[1].e == NULL)
		return;
	opening(mt, i, &start);
	for (s = 0; s < 2; s++) {
		pl[s].lv = (s == 0) == af ? mt->a : mt->b;
		/* each game its own seeds: results do not depend on which
		 * thread plays it */
		pl[s].rng = mt->o->seed ^ (0x51ED27ULL * (i + 1)) ^
		    ((uint64_t)s << 40);
		yote_engine_clear(pl[s].e);
	}
	if (game_init(&g, mt->r, &start) != 0 || play_one(mt, &g, pl) != 0) {
		game_free(&g);
		return;
	}
	f->result = g.result;
	f->term = g.term;
	f->state = SLOT_DONE;
	if (mt->out != NULL) {
		snprintf(round, sizeof(round), "%lu", i + 1);
		snprintf(fn, sizeof(fn), "yote-play %s", pl[0].lv->name);
		snprintf(sn, sizeof(sn), "yote-play %s", pl[1].lv->name);
		nm = (struct game_names){ mt->o->event != NULL ? mt->o->event :
		    mt->self_play ? "yote-play self-play" : "yote-play match",
		    mt->o->site, round, fn, sn, mt->o->rules };
		if ((f->rec = game_record(&g, &nm, &mt->o->seed)) == NULL)
			f->state = SLOT_FAILED;
	}
	game_free(&g);
}

/* Likelihood of superiority: the chance that A is the stronger, from
 * the wins and losses alone (draws say nothing about which is). */
static double
los(double w, double l)
{
	return w + l == 0 ? 0.5 : 0.5 * (1 + erf((w - l) / sqrt(2 * (w + l))));
}

/* Report game i, the next in order (lock held): its record written, and
 * for a match the game and the running score on stderr, as
 * cutechess-cli prints them. */
static void
match_report(struct match *mt, unsigned long i, struct finished *f)
{
	int a_score, af = a_first(mt, i);
	const struct level *fst = af ? mt->a : mt->b, *snd = af ? mt->b : mt->a;
	unsigned long n;

	if (f->state == SLOT_FAILED) {
		if (mt->status == EXIT_OK)
			tool_warn("game %lu failed (out of memory); the match "
			    "stops", i + 1);
		mt->status = EXIT_IO;
		return;
	}
	if (mt->status != EXIT_OK)
		return;
	a_score = f->result == YOTE_RES_DRAW ? 1 :
	    (f->result == YOTE_RES_FIRST) == af ? 2 : 0;
	mt->wdl[a_score == 2 ? 0 : a_score == 1 ? 1 : 2]++;
	if (f->rec != NULL && out_put(mt->out, f->rec) != EXIT_OK) {
		mt->status = EXIT_IO;
		return;
	}
	if (mt->self_play || mt->o->quiet)
		return;
	n = mt->wdl[0] + mt->wdl[1] + mt->wdl[2];
	fprintf(stderr, "Finished game %lu (%s vs %s): %s {%s}\n"
	    "Score of %s vs %s: %lu - %lu - %lu  [%.3f] %lu\n", i + 1,
	    fst->name, snd->name, yote_result_text(f->result),
	    yote_termination_text(f->term), mt->a->name, mt->b->name,
	    mt->wdl[0], mt->wdl[2], mt->wdl[1], ((double)mt->wdl[0] +
	    (double)mt->wdl[1] / 2) / (double)n, n);
}

/* Write out the finished games that are next in order (lock held). */
static void
match_flush(struct match *mt)
{
	struct finished *f;

	while (mt->written < mt->ngames &&
	    (f = &mt->ring[mt->written % mt->window])->state != SLOT_FREE) {
		match_report(mt, mt->written, f);
		yote_record_free(f->rec);
		memset(f, 0, sizeof(*f));
		mt->written++;
	}
}

static void *
match_worker(void *arg)
{
	struct match *mt = arg;
	struct player pl[2];
	struct finished f;
	struct yote_tb *tb;
	unsigned long i;
	int s;

	/* one handle on the tables for the thread's two engines */
	tb = engopt_tb(mt->o->eng, mt->r);
	for (s = 0; s < 2; s++)
		if ((pl[s].e = yote_engine_new(mt->o->eng->hash_mb)) != NULL)
			yote_engine_set_tb(pl[s].e, tb);
	pthread_mutex_lock(&mt->mu);
	for (;;) {
		while (mt->next < mt->ngames && mt->status == EXIT_OK &&
		    mt->next >= mt->written + mt->window)
			pthread_cond_wait(&mt->cv, &mt->mu);
		if (mt->next >= mt->ngames || mt->status != EXIT_OK)
			break;
		i = mt->next++;
		pthread_mutex_unlock(&mt->mu);
		match_game(mt, i, pl, &f);
		pthread_mutex_lock(&mt->mu);
		mt->ring[i % mt->window] = f;
		match_flush(mt);
		pthread_cond_broadcast(&mt->cv);
	}
	pthread_mutex_unlock(&mt->mu);
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

	/* by its parameters: two files may share a name, not a board */
	if (info->rules == NULL || !yote_rules_same(info->rules, mt->r))
		return 0;
	yote_pos_outcome(mt->r, &info->final, &o);
	return o.term == YOTE_TERM_NONE;
}

/* Keep one more opening; 0, or -1 when out of memory. */
static int
opening_keep(struct match *mt, const struct yote_pos *p, unsigned long *cap)
{
	struct yote_pos *more;

	if (mt->nopenings == *cap) {
		*cap = *cap ? 2 * *cap : 16;
		if ((more = realloc(mt->openings, *cap * sizeof(*more))) ==
		    NULL)
			return -1;
		mt->openings = more;
	}
	mt->openings[mt->nopenings++] = *p;
	return 0;
}

/*
 * The final positions of the openings file's games, up to pairs of them,
 * into mt->openings, read through the stream every tool reads with: an
 * invalid game is said as yote-validate says it and not used (the match
 * still runs; its exit status is then 1).  EXIT_OK, EXIT_INVALID (none
 * usable) or EXIT_IO.
 */
static int
openings_read(struct match *mt, unsigned long pairs)
{
	struct yote_stream *s = mt->o->sel;
	struct yote_stream_game *g;
	unsigned long cap = 0;
	int status = EXIT_OK;

	if (yote_stream_add(s, mt->o->openings) != 0) {
		tool_warn("out of memory");
		return EXIT_IO;
	}
	yote_stream_set_rules(s, mt->r);
	yote_stream_set_input_max(s, YOTE_MAX_OPENINGS_FILE, "an openings file");
	/* every game taken is judged, as in every tool, once the openings
	 * needed are kept too: what is said of the file, and the exit
	 * status, do not depend on --games */
	while (status == EXIT_OK && yote_stream_next(s, &g) > 0) {
		if (g->verdict == YOTE_VERDICT_INVALID)
			continue;       /* said */
		if (mt->nopenings < pairs && opening_usable(mt, &g->info) &&
		    opening_keep(mt, &g->info.final, &cap) != 0) {
			tool_warn("out of memory");
			status = EXIT_IO;
		}
	}
	mt->input_status = yote_stream_status(s);
	if (mt->input_status == EXIT_IO)
		status = EXIT_IO;
	if (status == EXIT_OK && mt->nopenings == 0) {
		tool_warn("%s: no usable opening for %s",
		    strcmp(mt->o->openings, "-") == 0 ? "<stdin>" :
		    mt->o->openings, mt->r->name);
		return EXIT_INVALID;
	}
	return status;
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

	if (mt->ring != NULL)
		for (i = 0; i < mt->window; i++)
			yote_record_free(mt->ring[i].rec);
	if (mt->mu_live)
		pthread_mutex_destroy(&mt->mu);
	if (mt->cv_live)
		pthread_cond_destroy(&mt->cv);
	free(mt->ring);
	free(mt->openings);
	memset(mt, 0, sizeof(*mt));
}

/* The openings (from a file) and the ring of finished games. */
static int
match_setup(struct match *mt, const struct yote_rules *r,
    const struct level *a, const struct level *b, unsigned long games,
    int self_play, const struct match_opts *mo)
{
	int status;

	memset(mt, 0, sizeof(*mt));
	mt->r = r;
	mt->a = a;
	mt->b = b;
	mt->o = mo;
	mt->ngames = games;
	mt->self_play = self_play;
	if (mo->openings != NULL && (status = openings_read(mt, self_play ?
	    games : (games + 1) / 2)) != EXIT_OK)
		return status;
	mt->window = 4 * (unsigned long)mo->jobs;
	if ((mt->ring = calloc(mt->window, sizeof(*mt->ring))) == NULL ||
	    pthread_mutex_init(&mt->mu, NULL) != 0) {
		tool_warn("out of memory");
		return EXIT_IO;
	}
	mt->mu_live = 1;
	if (pthread_cond_init(&mt->cv, NULL) != 0) {
		tool_warn("out of memory");
		return EXIT_IO;
	}
	mt->cv_live = 1;
	return EXIT_OK;
}

/* Play every game, on the match's jobs threads (no more than there are
 * games; this one if none starts). */
static void
match_play(struct match *mt)
{
	pthread_t *th;
	unsigned long jobs = (unsigned long)mt->o->jobs;
	unsigned long j, started = 0;

	if (jobs > mt->ngames)
		jobs = mt->ngames;
	if ((th = calloc(jobs, sizeof(*th))) != NULL)
		for (; started < jobs; started++)
			if (pthread_create(&th[started], NULL, match_worker,
			    mt) != 0) {
				tool_warn("cannot start a thread");
				break;
			}
	if (started == 0)
		match_worker(mt);
	for (j = 0; j < started; j++)
		pthread_join(th[j], NULL);
	free(th);
}

/* The match's score, Elo difference and LOS, for A, on stdout. */
static void
match_summary(const struct match *mt)
{
	const unsigned long *wdl = mt->wdl;
	double diff, margin, n = (double)(wdl[0] + wdl[1] + wdl[2]);

	elo((double)wdl[0], (double)wdl[1], (double)wdl[2], &diff, &margin);
	if (mt->o->json) {
		printf("{\"kind\":\"match\",\"a\":\"%s\",\"b\":\"%s\","
		    "\"rules\":\"", mt->a->name, mt->b->name);
		tool_put_text(stdout, mt->r->name, YOTE_ESC_JSON);
		/* score and LOS in percent, as every figure of the suite's
		 * JSON (yote-explore's score, yote-analyze's accuracy) */
		printf("\",\"games\":%lu,\"wins\":%lu,\"draws\":%lu,"
		    "\"losses\":%lu,\"score\":%.2f,", mt->ngames, wdl[0],
		    wdl[1], wdl[2], n > 0 ? 100.0 * ((double)wdl[0] +
		    (double)wdl[1] / 2) / n : 0.0);
		if (isfinite(diff))
			printf("\"elo\":%.1f,\"elo_margin\":%.1f,", diff,
			    margin);
		else
			printf("\"elo\":null,\"elo_margin\":null,");
		printf("\"los\":%.2f}\n", 100 * los((double)wdl[0],
		    (double)wdl[2]));
		return;
	}
	printf("%s vs %s, %s rules, %lu game%s: +%lu =%lu -%lu (score "
	    "%.1f%%)\n", mt->a->name, mt->b->name, tool_text(mt->r->name),
	    mt->ngames, mt->ngames == 1 ? "" : "s", wdl[0], wdl[1], wdl[2], n > 0 ? 100.0 *
	    ((double)wdl[0] + (double)wdl[1] / 2) / n : 0.0);
	if (isfinite(diff))
		printf("Elo difference: %+.0f +/- %.0f (95%%), LOS %.1f%%\n",
		    diff, margin, 100 * los((double)wdl[0], (double)wdl[2]));
	else
		printf("Elo difference: %s (no game %s), LOS %.1f%%\n",
		    diff > 0 ? "+inf" : "-inf", diff > 0 ? "lost" : "won",
		    100 * los((double)wdl[0], (double)wdl[2]));
}

int
run_match(const struct yote_rules *r, const struct level *a,
    const struct level *b, unsigned long games, int self_play,
    const struct match_opts *mo)
{
	struct match mt;
	struct outfile out;
	int status;

	if (!self_play && games % 2)
		games++;        /* both colours of every opening */
	/* the output begun before the openings are read, as every tool
	 * begins its output before it reads games: a signal or a failure
	 * while they are read says what became of the file */
	if ((self_play || mo->out != NULL) && (status = out_open(&out,
	    self_play && mo->out == NULL ? "-" : mo->out)) != EXIT_OK)
		return status;
	if ((status = match_setup(&mt, r, a, b, games, self_play, mo)) !=
	    EXIT_OK) {
		if (self_play || mo->out != NULL) {
			out_close(&out, 0);
			tool_output_report(out.path, 0, 0, 0, 0, EXIT_IO);
		}
		match_free(&mt);
		return status;
	}
	if (self_play || mo->out != NULL)
		mt.out = &out;
	match_play(&mt);
	status = mt.status;
	if (mt.out != NULL && out_close(mt.out, status == EXIT_OK) != EXIT_OK)
		status = EXIT_IO;
	if (!self_play && status == EXIT_OK)
		match_summary(&mt);
	if (status == EXIT_OK)
		status = mt.input_status;      /* an invalid opening, said */
	match_free(&mt);
	return status;
}
