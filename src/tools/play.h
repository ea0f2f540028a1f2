/*
 * play.h - what yote-play plays with besides the terminal: the engine's
 * levels and players, games and their records, record output, and engine
 * matches.  Tool support, not libyote.
 */
#ifndef YOTE_PLAY_H
#define YOTE_PLAY_H

#include <stdint.h>
#include <stdio.h>

#include "yote.h"

struct engopt;

/*
 * What each level does.  The low levels play imperfectly on purpose: with
 * probability `blunder` they pick at random among the moves, otherwise
 * among the moves within `slack` of the best at a shallow search.
 */
struct level {
	const char *name;
	int depth;              /* search depth */
	unsigned long long nodes;       /* node budget per move (0: none) */
	int blunder;            /* percent of moves chosen at random */
	int slack;              /* pick among moves this close to the best */
};

/* The level of that name, or NULL. */
const struct level *level_by_name(const char *s);

/* The budget of the level of that name in *depth and *nodes: 0, or -1
 * when there is none (a protocol `go` without a budget, protocol.h). */
int level_budget(const char *name, int *depth, unsigned long long *nodes);

/* The engine playing at a level. */
struct player {
	const struct level *lv;
	struct yote_engine *e;  /* owned by whoever made the player */
	uint64_t rng;           /* the level's random choices */
};

/* A game being played, and how it ended when it has. */
struct game {
	const struct yote_rules *r;
	struct yote_game *play; /* the plies so far (libyote) */
	enum yote_result result;
	enum yote_termination term;
};

/*
 * The engine's move at its level in g's position now: the best, or (low
 * levels) a random one now and then, or one of those within the level's
 * slack.  The engine is told the game's earlier positions (repetitions).
 * 0, or -1 when there is none or memory ran out.
 */
int engine_move(struct player *pl, const struct game *g,
    struct yote_move *out, int *score);

/* Tell engine e the positions of g so far (engine_history); 0 or -1 (out
 * of memory). */
int engine_history(struct yote_engine *e, const struct game *g);

/* 0, or -1 when out of memory; game_free in any case. */
int game_init(struct game *g, const struct yote_rules *r,
    const struct yote_pos *start);
void game_free(struct game *g);
const struct yote_pos *game_now(const struct game *g);
size_t game_plies(const struct game *g);
/* Play a legal move: 0, or -1 when out of memory. */
int game_play(struct game *g, const struct yote_move *m);
/* Ended by the rules?  Sets result and termination. */
int game_over(struct game *g);
/* The headers of a game's record; site and round may be NULL. */
struct game_names {
	const char *event, *site, *round, *first, *second;
	const char *rules;      /* a ruleset file's path, or NULL: the
				   ruleset's name */
};

/*
 * The record of a game, with its names and, when seed is not NULL, the
 * seed: key (formats/record.md); NULL when out of memory.
 */
struct yote_record *game_record(const struct game *g,
    const struct game_names *nm, const uint64_t *seed);

/* Records written to standard output, or atomically to a file. */
struct outfile {
	const char *path;       /* NULL: standard output */
	FILE *fp;
	struct yote_writer *w;
	int failed;             /* a write failed (said) */
};

/*
 * Open path ("-" or NULL: standard output); EXIT_OK or EXIT_IO.  Every
 * failure of these three is said (once), with the reason.
 */
int out_open(struct outfile *o, const char *path);
/* Write one record and flush it; EXIT_OK or EXIT_IO. */
int out_put(struct outfile *o, const struct yote_record *rec);
/* Finish: keep the new file only when ok and all was written; EXIT_OK or
 * EXIT_IO. */
int out_close(struct outfile *o, int ok);

/* How a match is played. */
struct match_opts {
	uint64_t seed;          /* of every random choice */
	int max_plies;          /* adjudicate a draw after so many */
	int jobs;               /* games played at a time */
	const char *openings;   /* games whose final positions open, or NULL */
	struct yote_stream *sel;        /* the stream to read them with, its
					   selection made */
	int random_plies;       /* else openings of so many random plies */
	const struct engopt *eng;       /* hash and tables per engine */
	const char *out;        /* the records' file, or NULL */
	const char *event;      /* the records' event, or NULL: the default */
	const char *site;       /* their site, or NULL */
	const char *rules;      /* their rules: a ruleset file's absolute
				   path, or NULL: the ruleset's name */
	int quiet;              /* no game-by-game lines on stderr */
	int json;               /* the result as one JSON object */
};

/*
 * Level a against level b, games games (rounded up to even: each opening
 * with both colours), or self_play: games games of a against itself, the
 * records on standard output unless mo->out.  Each game is written as
 * soon as it and those before it are over, in order, whatever mo->jobs;
 * memory does not grow with the number of games.  A match prints each
 * game and the running score on stderr (unless mo->quiet) and its score,
 * Elo difference and LOS on stdout at the end.  Returns the exit status.
 */
int run_match(const struct yote_rules *r, const struct level *a,
    const struct level *b, unsigned long games, int self_play,
    const struct match_opts *mo);

#endif
