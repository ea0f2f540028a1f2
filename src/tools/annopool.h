/*
 * annopool.h - yote-analyze's games analysed in parallel: worker threads,
 * each with its own engine and checker, annotate the games of a stream
 * while the main thread reads the next ones; the main thread hands them
 * back to the program in input order, each after the diagnostics it
 * called for, and keeps a progress line on standard error.  Tool support,
 * not libyote.
 */
#ifndef YOTE_ANNOPOOL_H
#define YOTE_ANNOPOOL_H

#include "engopt.h"

/* How the games are analysed; the pool keeps the pointers, not copies. */
struct annopool_conf {
	const struct engopt *eng;       /* each worker's engine and tables */
	const struct yote_annotate_opts *ao;    /* what to annotate, how */
	const struct yote_rules *fallback;      /* for records without
						   rules: (NULL: classic) */
	int jobs;               /* worker threads, at least 1 */
	int progress;           /* keep a progress line on standard error */
};

/* One game analysed, as the pool hands it to the program. */
struct annopool_game {
	struct yote_record *rec;        /* annotated; the pool frees it */
	const char *file;               /* the input it came from */
	const struct yote_annotation *an;       /* what the analysis found */
	unsigned long k;        /* its place among the games handed out,
				   from 1 */
	int status;             /* the worst exit status so far (an error
				   already said need not be said again) */
};

/*
 * What the program does with each game, in input order on the calling
 * thread: returns EXIT_OK, or the exit status it calls for (said).  Once
 * the status is EXIT_IO (a write failed, no memory), no more games are
 * read or put: the tool stops where the error happened.
 */
typedef int (*annopool_put_fn)(void *ctx, const struct annopool_game *g);

/*
 * Analyse every game of s (its inputs set) with c->jobs threads and hand
 * each to put(ctx, ...); the stream's diagnostics come out on standard
 * error in input order, before the game they belong with.  Returns the
 * stream's exit status (tool_stream_status), with *games the worst of
 * the games' own (EXIT_INVALID for a game with a diagnostic, EXIT_IO out
 * of memory or for a worker without an engine) and of put's; or -1, with
 * *games untouched, when no worker could start (said).
 */
int annopool_run(struct yote_stream *s, const struct annopool_conf *c,
    annopool_put_fn put, void *ctx, int *games);

#endif
