/*
 * yote_limits.h - every size, nesting and count limit on what the suite
 * reads, in one place (man/yote.5, LIMITS, states them for users).
 *
 * Every reader (YAML, archive, lines) refuses a game over any of these
 * with YOTE_D_LIMIT and a message that names the limit (the game passed
 * over as any bad one: YOTE_EVALUE, the code of the error too; a limit of
 * the whole input, YOTE_ELIMIT, ends it), and
 * no writer writes a game a reader would refuse.  Most of them are checked
 * once, on the finished tree, by yote_record_check_limits (node.c); the
 * readers also check them while reading so that memory never grows past
 * them before the check.  Included by yote.h: part of the public API.
 */
#ifndef YOTE_LIMITS_H
#define YOTE_LIMITS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif
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
#define YOTE_MAX_COUNT 4294967295UL     /* a position's two counters
					   (plies since a capture, the
					   ply): read up to it, and a
					   move played stops them at it */

/* ------------------------------------------------------------ other files */
/* Every file a tool reads besides the games is read whole within one of
 * these (textfile.c); a text one is refused at its first NUL byte. */
#define YOTE_MAX_RULES_FILE (64UL << 10)        /* bytes of a ruleset file */
#define YOTE_MAX_RULES_DEPTH 8          /* nesting in a ruleset file */
#define YOTE_MAX_CRITERIA_FILE (1UL << 20)      /* bytes of a criteria file
						   (--criteria) */
#define YOTE_MAX_OPENINGS_FILE (16UL << 20)     /* bytes of an openings
						   file (yote-play -O) */

struct yote_record;
struct yote_error;
struct yote_rules;
struct yote_pos;
struct yote_movelist;

/*
 * Check a record against the limits above that a tree shows (values,
 * nesting, keys, list items, values per game): 0, or YOTE_ELIMIT with
 * err naming the limit and the node over it (diag YOTE_D_LIMIT).  The
 * reader (reader.c) calls this on every record of every format.
 */
int yote_record_check_limits(const struct yote_record *rec,
    struct yote_error *err);

/* ------------------------------------------------------------ bounded work */

/*
 * yote_count_moves, but counting no further than limit: the count when it
 * is at most limit, else limit + 1.  Time proportional to the smaller of
 * the count and limit (a custom ruleset's position can have more moves
 * than could be counted in a lifetime).
 */
unsigned long long yote_count_moves_upto(const struct yote_rules *r,
    const struct yote_pos *p, unsigned long long limit);

/*
 * yote_gen_moves_from, giving up past max moves (max <= YOTE_MAX_MOVES):
 * the count, or YOTE_ELIMIT once more than max were found (out then holds
 * the first max), YOTE_ENOMEM.  Time proportional to max.
 */
long yote_gen_moves_from_max(const struct yote_rules *r,
    const struct yote_pos *p, int from, size_t max,
    struct yote_movelist *out);

/*
 * yote_perft into *out: 0, or YOTE_ELIMIT when a position on the way has
 * more than YOTE_MAX_MOVES moves (counted no further: each position costs
 * at most that), YOTE_ENOMEM.
 */
int yote_perft_max(const struct yote_rules *r, const struct yote_pos *p,
    int depth, unsigned long long *out);

/*
 * Whether a record's rules: may name a ruleset file (1, the default) or
 * not (0: such a record is invalid [bad-rules], no file is opened; a
 * ruleset an archive carries is still used).  For the whole process,
 * every checker alike (the library makes some): call it before any
 * checker is used, from one thread.  Not thread-safe: it sets a plain
 * flag that every checker and stream reads, without a lock, so calling
 * it while another thread uses one is a data race.  The tools call it with 0 when
 * YOTE_NO_RULES_FILES is set (yote(5), ENVIRONMENT).
 */
void yote_checker_allow_files(int allow);

#ifdef __cplusplus
}
#endif
#endif
