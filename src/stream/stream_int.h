/*
 * stream_int.h - private: the selection's parts that the stream
 * (stream.c) asks of it (select.c).
 */
#ifndef YOTE_STREAM_INT_H
#define YOTE_STREAM_INT_H

#include "yote.h"

/* The keys, in the order of yote_select_keys. */
enum select_key { SEL_PLAYER, SEL_FIRST, SEL_SECOND, SEL_EVENT, SEL_SITE,
	SEL_ROUND, SEL_DATE, SEL_RESULT, SEL_TERMINATION, SEL_RULESET,
	SEL_PLIES, SEL_REACHES, SEL_PATTERN, SEL_NKEYS };

struct select_crit;

struct yote_select {
	struct {
		unsigned long lo, hi;   /* hi ULONG_MAX: to the end */
	} range[YOTE_SELECT_RANGES];
	int nrange;                     /* 0: every number */
	struct select_crit *crit[SEL_NKEYS];    /* alternatives per key */
	int invert;             /* keep the games that fail the keys */
	int want_key;           /* compute each game's key (duplicates) */
	int stdin_read;         /* a criteria file read standard input */
	const struct yote_rules *rules; /* for records without rules: */
	struct yote_checker *ck;        /* plays games through, when needed */
	const char *crit_file;  /* the criteria file being read, or NULL */
};

/* What yote_select_game found about one game. */
struct select_game {
	int pass;               /* 1: the game is selected */
	long ply;               /* first ply whose position matched, or -1 */
	struct yote_game_key key;       /* when keyed */
	int keyed;              /* 1: key is the game's */
	int played;             /* 1: the game was played through */
};

struct yote_select *yote_select_new(const struct yote_rules *rules);
void yote_select_free(struct yote_select *s);

/* Whether number game is selected (by number alone). */
int yote_select_number(const struct yote_select *s, unsigned long game);

/* Whether every selected number is below game: reading may stop. */
int yote_select_past(const struct yote_select *s, unsigned long game);

/* How many numbers of lo..hi are selected (by number alone), the lowest
 * of them in *first (0 when none; first may be NULL). */
unsigned long yote_select_count(const struct yote_select *s,
    unsigned long lo, unsigned long hi, unsigned long *first);

/* The first number selected (1 when numbers are not asked about). */
unsigned long yote_select_first(const struct yote_select *s);

/* The first range start past an input of games games, or 0. */
unsigned long yote_select_missing(const struct yote_select *s,
    unsigned long games);

/* The ranges (a bit each) that numbers lo..hi meet; and the lowest start,
 * not above games, of a range that hits does not hold, or 0 (a numbered
 * lines file may skip numbers). */
uint64_t yote_select_hits(const struct yote_select *s, unsigned long lo,
    unsigned long hi);
unsigned long yote_select_unmet(const struct yote_select *s, uint64_t hits,
    unsigned long games);

/* Let an archive's position index pass over the blocks that cannot hold
 * a game selected or reaching one of extra; 0 or YOTE_ENOMEM. */
int yote_select_reaching(const struct yote_select *s, struct yote_reader *rd,
    const struct yote_pattern *extra, size_t nextra);

/* Decide on one record (numbers, then keys, then positions); plies its
 * moves.  0 or YOTE_ENOMEM. */
int yote_select_game(struct yote_select *s, const struct yote_record *rec,
    const char *file, unsigned long plies, struct select_game *out);

/*
 * 1 when the reader gave up before the end of its input, the rest of it
 * not read (the error said so: "the rest of the input is not read"): no
 * next game found within the bound of the search after a broken one
 * (yote(5), LIMITS), or more games than YOTE_MAX_GAMES.  The input was
 * then not read whole, as after a read error.  0 otherwise (reader.c).
 */
int yote_reader_stopped(const struct yote_reader *rd);

/* fopen for reading, "-" being standard input; a directory is refused.
 * 0, or YOTE_EIO with the reason in err->msg. */
int yote_file_open(const char *path, FILE **out, struct yote_error *err);

#endif
