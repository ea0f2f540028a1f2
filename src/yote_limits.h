/*
 * yote_limits.h - every size, nesting and count limit on what the suite
 * reads, in one place (man/yote.5, LIMITS, states them for users).
 *
 * Every reader (YAML, archive, lines) refuses a game over any of these
 * with YOTE_ELIMIT / YOTE_D_LIMIT and a message that names the limit, and
 * no writer writes a game a reader would refuse.  Most of them are checked
 * once, on the finished tree, by yote_record_check_limits (node.c); the
 * readers also check them while reading so that memory never grows past
 * them before the check.  Included by yote.h: part of the public API.
 */
#ifndef YOTE_LIMITS_H
#define YOTE_LIMITS_H

/* ------------------------------------------------------------ one game */
#define YOTE_MAX_SCALAR (1UL << 20)     /* bytes in one value (1 MiB) */
#define YOTE_MAX_DEPTH 64               /* nesting of lists and mappings */
#define YOTE_MAX_KEYS 4096              /* keys in one mapping */
#define YOTE_MAX_PLIES (1UL << 17)      /* moves in one game (131072); items
					   in any one list */
#define YOTE_MAX_NODES (1UL << 20)      /* values (scalars, lists, mappings)
					   in one game */
#define YOTE_MAX_DOCUMENT (64UL << 20)  /* bytes of one game's text: a YAML
					   document, a line */

/* ------------------------------------------------------------ one input */
#define YOTE_MAX_GAMES 1000000000UL     /* games in one input */

/* ------------------------------------------------------------ positions */
#define YOTE_MAX_MOVES (1UL << 22)      /* moves one list may hold, and
					   one count counts (4194304) */

/* ------------------------------------------------------------ ruleset files */
#define YOTE_MAX_RULES_FILE (64UL << 10)        /* bytes of a ruleset file */
#define YOTE_MAX_RULES_DEPTH 8          /* nesting in a ruleset file */

struct yote_record;
struct yote_error;

/*
 * Check a record against the limits above that a tree shows (values,
 * nesting, keys, list items, values per game): 0, or YOTE_ELIMIT with
 * err naming the limit and the node over it (diag YOTE_D_LIMIT).  The
 * reader (reader.c) calls this on every record of every format.
 */
int yote_record_check_limits(const struct yote_record *rec,
    struct yote_error *err);

#endif
