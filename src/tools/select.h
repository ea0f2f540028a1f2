/*
 * select.h - choosing games from a collection, for the tools that read
 * collections (yote-convert, yote-explore): by their keys (players,
 * event, site, round, date, result, termination, ruleset, number of
 * plies) and by the positions they pass through, from options or from a
 * criteria file; and the key of each game for finding duplicates.
 *
 * Criteria of one key are alternatives (a game passes when any holds);
 * criteria of different keys must all hold.  --reaches and --pattern are
 * one key: a game passes when one of its positions matches any of them.
 * Part of bin/libyotetool.a, not of libyote.
 */
#ifndef YOTE_SELECT_H
#define YOTE_SELECT_H

#include "yote.h"

/* The selection keys, in the order of SELECT_LONGOPTS. */
enum select_key { SEL_PLAYER, SEL_FIRST, SEL_SECOND, SEL_EVENT, SEL_SITE,
	SEL_ROUND, SEL_DATE, SEL_RESULT, SEL_TERMINATION, SEL_RULESET,
	SEL_PLIES, SEL_REACHES, SEL_PATTERN, SEL_NKEYS };

/* getopt_long values of the selection options: SELECT_OPT + key. */
#define SELECT_OPT 0x200
#define SELECT_OPT_CRITERIA (SELECT_OPT + SEL_NKEYS)
#define SELECT_OPT_INVERT (SELECT_OPT + SEL_NKEYS + 1)

/* The selection options, for a tool's getopt_long table. */
#define SELECT_LONGOPTS \
	{ "player", required_argument, NULL, SELECT_OPT + SEL_PLAYER }, \
	{ "first", required_argument, NULL, SELECT_OPT + SEL_FIRST }, \
	{ "second", required_argument, NULL, SELECT_OPT + SEL_SECOND }, \
	{ "event", required_argument, NULL, SELECT_OPT + SEL_EVENT }, \
	{ "site", required_argument, NULL, SELECT_OPT + SEL_SITE }, \
	{ "round", required_argument, NULL, SELECT_OPT + SEL_ROUND }, \
	{ "date", required_argument, NULL, SELECT_OPT + SEL_DATE }, \
	{ "result", required_argument, NULL, SELECT_OPT + SEL_RESULT }, \
	{ "termination", required_argument, NULL, \
	    SELECT_OPT + SEL_TERMINATION }, \
	{ "ruleset", required_argument, NULL, SELECT_OPT + SEL_RULESET }, \
	{ "plies", required_argument, NULL, SELECT_OPT + SEL_PLIES }, \
	{ "reaches", required_argument, NULL, SELECT_OPT + SEL_REACHES }, \
	{ "pattern", required_argument, NULL, SELECT_OPT + SEL_PATTERN }, \
	{ "criteria", required_argument, NULL, SELECT_OPT_CRITERIA }, \
	{ "invert", no_argument, NULL, SELECT_OPT_INVERT }

struct select_crit;

struct select {
	struct select_crit *crit[SEL_NKEYS];    /* alternatives per key */
	int invert;             /* --invert: keep the games that fail */
	int want_key;           /* compute each game's key (duplicates) */
	const struct yote_rules *rules; /* for records without rules: */
	struct yote_checker *ck;        /* plays games through, when needed */
};

/* What select_game found about one game. */
struct select_game {
	int pass;               /* 1: the game is selected */
	long ply;               /* first ply whose position matched a
				   --reaches or --pattern (0: the start),
				   -1 when none did or none was asked */
	struct yote_game_key key;       /* when keyed */
	int keyed;              /* 1: key is the game's (want_key, and the
				   record has a list of moves) */
	int played;             /* 1: the game was played through */
};

/* Zero a selection; rules (may be NULL: classic) for records without
 * rules:.  Returns 0. */
int select_init(struct select *s, const struct yote_rules *rules);

/* Free what a selection holds. */
void select_free(struct select *s);

/*
 * Handle a getopt_long value c with its optarg: a selection option (0:
 * taken; EXIT_USAGE after the usage error is said), or -1 when c is
 * none of them.
 */
int select_option(struct select *s, int c, const char *arg);

/* Add one criterion of key k (0, or EXIT_USAGE after saying why). */
int select_add(struct select *s, int k, const char *arg);

/* Criteria from a file, a "key value" a line (EXIT_USAGE or EXIT_IO
 * after saying why, 0). */
int select_file(struct select *s, const char *path);

/* 1 when some criterion was given (or --invert). */
int select_active(const struct select *s);

/*
 * Before reading rd: let an archive's position index pass over the
 * blocks that cannot hold a game selected (yote_reader_reaching), when
 * the selection needs a position: --reaches without --pattern (a
 * pattern cannot use the index) nor --invert.  Returns 0 or YOTE_ENOMEM.
 */
int select_reaching(const struct select *s, struct yote_reader *rd);

/* 1 when the games must be played through: position criteria or keys. */
int select_needs_moves(const struct select *s);

/*
 * Decide on one record read from file: plies is the number of its moves
 * (yote_reader_plies).  Returns 0, or YOTE_ENOMEM.
 */
int select_game(struct select *s, const struct yote_record *rec,
    const char *file, unsigned long plies, struct select_game *out);

/*
 * A set of game keys, each with a value (a game's number): 24 bytes a
 * key, in a table kept at most 3/4 full, so 32 to 64 bytes a distinct
 * game.  keyset_new: NULL when out of memory; keyset_free accepts NULL.
 * keyset_add: 1 when k was new (stored with value), 0 when it was there
 * (*first, when not NULL, gets the value stored with it), YOTE_ENOMEM.
 * keyset_bytes: the memory the set holds.
 */
struct keyset;
struct keyset *keyset_new(void);
void keyset_free(struct keyset *s);
int keyset_add(struct keyset *s, const struct yote_game_key *k,
    uint64_t value, uint64_t *first);
size_t keyset_count(const struct keyset *s);
size_t keyset_bytes(const struct keyset *s);

#endif
