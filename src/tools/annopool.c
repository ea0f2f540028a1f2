/*
 * annopool.c - games analysed in parallel and handed back in input order
 * (annopool.h).  A ring of 4 slots a worker: the main thread reads a
 * game into the next free slot, a worker takes it and analyses it, and
 * the main thread hands the finished slots back in turn before it reads
 * on, so that memory holds a few games whatever the input's size.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "annopool.h"

/* One game in flight: read by the main thread, analysed by a worker,
 * handed back by the main thread in input order. */
struct job {
	struct yote_record *rec;        /* NULL: only a diagnostic */
	const char *file;
	char *diag;             /* diagnostics, in the one form */
	size_t diaglen, diagcap;
	int status;             /* exit status this game calls for */
	struct yote_annotation an;      /* what the analysis found */
	double seconds;         /* time the analysis took */
	int state;              /* 0 free, 1 ready, 2 running, 3 done */
};

struct pool {
	const struct annopool_conf *c;
	annopool_put_fn put;    /* the program's, and its context */
	void *ctx;
	pthread_mutex_t mu;
	pthread_cond_t work, done;
	struct job *slot;
	size_t width;           /* slots */
	unsigned long queued;   /* jobs handed in so far */
	unsigned long taken;    /* jobs taken by workers */
	int closing;
	int failed;             /* a worker could not start its engine */
	/* the main thread's: */
	int status;             /* the worst of the games' and put's */
	unsigned long games;
	unsigned long positions;
	unsigned long analysed;         /* games analysed */
	double seconds;         /* their analysis time */
	struct timespec t0;
	unsigned long read;     /* games read (handed in with a record) */
	double fraction;        /* of the current input read, or -1 */
	int read_all;           /* every input read: read is the total */
	int progress_shown;     /* columns of the progress line on stderr,
				   0 when none is unfinished */
};

static void
job_diag(void *ctx, const struct yote_error *e)
{
	struct job *j = ctx;
	char line[2048];
	size_t n = yote_error_format(e, tool_name, line, sizeof(line));
	char *nd;

	j->status = EXIT_INVALID;
	if (j->diaglen + n + 1 > j->diagcap) {
		size_t cap = (j->diagcap + n + 1) * 2;

		if ((nd = realloc(j->diag, cap)) == NULL)
			return;
		j->diag = nd;
		j->diagcap = cap;
	}
	memcpy(j->diag + j->diaglen, line, n + 1);
	j->diaglen += n;
}

static double
seconds_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) +
	    (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

/* Analyse one game with engine e: fills j's annotations and figures. */
static void
analyse(struct yote_engine *e, struct yote_checker *ck,
    const struct yote_annotate_opts *ao, struct job *j)
{
	struct timespec t0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	/* the stream has judged the game and said what is wrong with it */
	if (yote_annotate_game(e, ck, j->rec, j->file, ao, &j->an, NULL,
	    NULL) == YOTE_ENOMEM) {
		job_diag(j, &(struct yote_error){ .code = YOTE_ENOMEM,
		    .msg = "out of memory", .file = j->file,
		    .game = j->rec ? j->rec->game : 0 });
		j->status = EXIT_IO;
	} else if (ao->from_ply > j->an.plies && j->rec != NULL) {
		/* said as yote-replay says it of --ply */
		struct yote_error pe = { .code = YOTE_EVALUE,
		    .file = j->file, .game = j->rec->game };

		snprintf(pe.msg, sizeof(pe.msg), "--from-ply %lu: the game "
		    "has %zu pl%s; there is no ply %lu", ao->from_ply,
		    j->an.plies, j->an.plies == 1 ? "y" : "ies",
		    ao->from_ply);
		job_diag(j, &pe);
	}
	j->seconds = seconds_since(&t0);
}

static void *
worker(void *arg)
{
	struct pool *pl = arg;
	struct yote_engine *e = engopt_engine(pl->c->eng);
	struct yote_checker *ck = yote_checker_new();
	struct job *j;

	if (ck != NULL && pl->c->fallback != NULL)
		yote_checker_set_rules(ck, pl->c->fallback);
	pthread_mutex_lock(&pl->mu);
	if (e == NULL || ck == NULL)
		pl->failed = 1;
	for (;;) {
		while (pl->taken == pl->queued && !pl->closing)
			pthread_cond_wait(&pl->work, &pl->mu);
		if (pl->taken == pl->queued)
			break;
		j = &pl->slot[pl->taken++ % pl->width];
		j->state = 2;
		pthread_mutex_unlock(&pl->mu);
		if (j->rec != NULL && e != NULL && ck != NULL)
			analyse(e, ck, pl->c->ao, j);
		else if (j->rec != NULL)
			job_diag(j, &(struct yote_error){ .code = YOTE_ENOMEM,
			    .msg = "out of memory for the engine",
			    .file = j->file });
		pthread_mutex_lock(&pl->mu);
		j->state = 3;
		pthread_cond_broadcast(&pl->done);
	}
	pthread_mutex_unlock(&pl->mu);
	yote_engine_free(e);
	yote_checker_free(ck);
	return NULL;
}

/* "42 s", "3 min 05 s", "2 h 07 min" into buf. */
static void
duration(char *buf, size_t size, double sec)
{
	long t = sec < 0 ? 0 : sec > 1e8 ? 100000000 : (long)(sec + 0.5);

	if (t < 60)
		snprintf(buf, size, "%ld s", t);
	else if (t < 3600)
		snprintf(buf, size, "%ld min %02ld s", t / 60, t % 60);
	else
		snprintf(buf, size, "%ld h %02ld min", t / 3600, t / 60 % 60);
}

/*
 * The progress line: games done (handed back), of the total once every
 * input is read (until then of a total guessed from the part of the
 * input read, when that can be told), the share done and the time left
 * from the games done; the time a game and positions a second.  Parts go
 * in while the line fits 79 columns, so that it never wraps at 80; it
 * overwrites the last one whole.
 */
#define PROGRESS_COLS 79
static void
progress(struct pool *pl)
{
	double t = seconds_since(&pl->t0);
	unsigned long total = 0, done = pl->games;
	char line[4 * PROGRESS_COLS], part[128], left[32];
	size_t len;
	int n;

	/* the input is read ahead in blocks: near its end the part read
	 * says little of the games still in it */
	if (pl->read_all)
		total = pl->read;
	else if (pl->fraction > 0.01 && pl->fraction < 0.9)
		total = (unsigned long)((double)pl->read / pl->fraction + 0.5);
	if (total != 0 && total < pl->read)
		total = pl->read;
	len = (size_t)snprintf(line, sizeof(line), "%s: %lu", tool_name, done);
	if (total > 0)
		len += (size_t)snprintf(line + len, sizeof(line) - len,
		    " of %s%lu", pl->read_all ? "" : "about ", total);
	len += (size_t)snprintf(line + len, sizeof(line) - len, " game%s done",
	    (total > 0 ? total : done) == 1 ? "" : "s");
	for (n = 0; n < 4; n++) {
		part[0] = '\0';
		if (n == 0 && total > 0)
			snprintf(part, sizeof(part), " (%.0f%%)",
			    100.0 * (double)done / (double)total);
		else if (n == 1 && total > 0 && done > 0) {
			duration(left, sizeof(left), t / (double)done *
			    (double)(total - done));
			snprintf(part, sizeof(part), ", about %s left", left);
		} else if (n == 2 && pl->analysed > 0)
			snprintf(part, sizeof(part), ", %.1f s a game",
			    pl->seconds / (double)pl->analysed);
		else if (n == 3 && t > 0)
			snprintf(part, sizeof(part), ", %.0f positions/s",
			    (double)pl->positions / t);
		if (len + strlen(part) <= PROGRESS_COLS) {
			memcpy(line + len, part, strlen(part) + 1);
			len += strlen(part);
		}
	}
	fprintf(stderr, "\r%s%*s", line, pl->progress_shown > (int)len ?
	    pl->progress_shown - (int)len : 0, "");
	pl->progress_shown = (int)len;
}

/* End the progress line, so that what follows starts a line of its own. */
static void
progress_end(struct pool *pl)
{
	if (pl->progress_shown > 0)
		fputc('\n', stderr);
	pl->progress_shown = 0;
}

/* Hand a finished job to the program, in input order, and release it. */
static void
flush_job(struct pool *pl, struct job *j)
{
	struct annopool_game g;
	int st;

	if (j->diag != NULL) {
		progress_end(pl);
		fputs(j->diag, stderr);
	}
	if (j->status > pl->status)
		pl->status = j->status;
	if (j->rec != NULL) {
		pl->games++;
		pl->positions += j->an.positions;
		if (j->an.analysed) {
			pl->analysed++;
			pl->seconds += j->seconds;
		}
		g.rec = j->rec;
		g.file = j->file;
		g.an = &j->an;
		g.k = pl->games;
		g.status = pl->status;
		/* after an error of output (said), nothing more is put */
		if (pl->status < EXIT_IO &&
		    (st = pl->put(pl->ctx, &g)) > pl->status)
			pl->status = st;
	}
	yote_record_free(j->rec);
	free(j->diag);
	yote_annotation_free(&j->an);
	memset(j, 0, sizeof(*j));
}

/* Hand in a job, first handing back finished ones to make room. */
static void
pool_put(struct pool *pl, unsigned long *flushed, struct job *in)
{
	struct job *j;

	pthread_mutex_lock(&pl->mu);
	for (;;) {
		j = &pl->slot[*flushed % pl->width];
		if (*flushed < pl->queued && j->state == 3) {
			pthread_mutex_unlock(&pl->mu);
			flush_job(pl, j);
			if (pl->c->progress)
				progress(pl);
			pthread_mutex_lock(&pl->mu);
			(*flushed)++;
			continue;
		}
		if (in == NULL && *flushed == pl->queued)
			break;
		if (in != NULL && pl->queued - *flushed < pl->width)
			break;
		pthread_cond_wait(&pl->done, &pl->mu);
	}
	if (in != NULL) {
		j = &pl->slot[pl->queued % pl->width];
		*j = *in;
		j->state = 1;
		pl->queued++;
		pthread_cond_signal(&pl->work);
	}
	pthread_mutex_unlock(&pl->mu);
}

/* The stream's diagnostics go with the job being formed, so that they
 * come out in input order with its output. */
static void
stream_diag(void *ctx, const struct yote_error *e)
{
	job_diag(ctx, e);
}

/* Hand every game of the stream to the pool. */
static int
read_games(struct yote_stream *s, struct pool *pl, unsigned long *flushed)
{
	struct yote_stream_game *g;
	struct job j;
	int rc;

	memset(&j, 0, sizeof(j));
	yote_stream_set_diag(s, stream_diag, &j);
	/* a tool stops where an error of output happened: no more games
	 * analysed for nothing (pl->status is the flushing thread's, this
	 * one's) */
	while (pl->status < EXIT_IO && (rc = yote_stream_next(s, &g)) > 0) {
		j.file = g->file;
		if (g->rec != NULL) {
			yote_stream_take(s, &j.rec, NULL);
			pl->read++;
		}
		pl->fraction = yote_stream_progress(s);
		pool_put(pl, flushed, &j);
		memset(&j, 0, sizeof(j));
	}
	pl->read_all = 1;
	if (j.diag != NULL)     /* said at the end of an input */
		pool_put(pl, flushed, &j);
	return tool_stream_status(s, EXIT_OK);
}

int
annopool_run(struct yote_stream *s, const struct annopool_conf *c,
    annopool_put_fn put, void *ctx, int *games)
{
	struct pool pl;
	pthread_t *th;
	unsigned long flushed = 0;
	int i, n, status;

	memset(&pl, 0, sizeof(pl));
	clock_gettime(CLOCK_MONOTONIC, &pl.t0);
	pl.c = c;
	pl.put = put;
	pl.ctx = ctx;
	pl.width = (size_t)c->jobs * 4;
	pl.slot = calloc(pl.width, sizeof(*pl.slot));
	th = calloc((size_t)c->jobs, sizeof(*th));
	if (pl.slot == NULL || th == NULL) {
		tool_warn("out of memory");
		free(pl.slot);
		free(th);
		return -1;
	}
	pthread_mutex_init(&pl.mu, NULL);
	pthread_cond_init(&pl.work, NULL);
	pthread_cond_init(&pl.done, NULL);
	for (n = 0; n < c->jobs; n++)
		if (pthread_create(&th[n], NULL, worker, &pl) != 0) {
			tool_warn("cannot start thread: %s", strerror(errno));
			break;
		}
	status = -1;
	if (n > 0) {
		status = read_games(s, &pl, &flushed);
		pool_put(&pl, &flushed, NULL);
		pthread_mutex_lock(&pl.mu);
		pl.closing = 1;
		pthread_cond_broadcast(&pl.work);
		pthread_mutex_unlock(&pl.mu);
		for (i = 0; i < n; i++)
			pthread_join(th[i], NULL);
		progress_end(&pl);
		if (pl.failed && pl.status < EXIT_IO)
			pl.status = EXIT_IO;
		*games = pl.status;
	}
	free(pl.slot);
	free(th);
	pthread_mutex_destroy(&pl.mu);
	pthread_cond_destroy(&pl.work);
	pthread_cond_destroy(&pl.done);
	return status;
}
