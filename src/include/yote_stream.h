/*
 * yote_stream.h - the stream of games: what every tool of the suite reads
 * through (included by yote.h).
 *
 * A stream opens its inputs one after the other (files or standard input,
 * each in whatever format it is: YAML, archive or lines), chooses the games
 * a selection asks for, judges each one as yote-validate does and hands it
 * over with its verdict.  It keeps the counts and the exit status they call
 * for, so that every tool says the same of the same input:
 *
 *   - a selection is one set of criteria with one parser: game numbers and
 *     ranges (1-10,15,20-), header keys (player, event, date...), positions
 *     (reaches, pattern), and criteria files;
 *   - on an archive, game numbers go through its index and --reaches
 *     through its position index: blocks that cannot hold a selected game
 *     are not decoded;
 *   - every problem (an illegal move, a result the position contradicts, a
 *     damaged input, a game number past the end) goes to one diagnostic
 *     callback, complete with file, line, column, game and ply; the stream
 *     never prints;
 *   - a game is handed over valid, valid with warnings, or invalid; a game
 *     that could not be read at all is handed over invalid, without a
 *     record, so that a list can show it.
 *
 * The exit status a stream's counts call for (yote_stream_status) is the
 * suite's: 0 every game valid, 1 some game invalid or unreadable or a
 * selected number missing, 3 an input that could not be read or no memory.
 *
 * Threads: a stream, with its selection, its reader and its checkers,
 * serves one thread at a time; distinct streams may run in distinct
 * threads at once, as distinct key sets may: they share only the built-in
 * rulesets (made once, read only) and yote_checker_allow_files's setting.
 */
/* yote.h first, which includes this file in its place: included on its
 * own, this file then finds what it uses declared */
#include "yote.h"

#ifndef YOTE_STREAM_H
#define YOTE_STREAM_H

#ifdef __cplusplus
extern "C" {
#endif
/* ---------------------------------------------------------------- selection */

/*
 * Which games a stream hands over.  Criteria of one key are alternatives
 * (a game passes when any holds); criteria of different keys must all
 * hold; game numbers are asked of every input.  Opaque.  A selection is
 * its stream's, and used from its stream's thread only.
 */
struct yote_select;

/* The keys a criterion can have, as yote_select_add takes them. */
extern const char *const yote_select_keys[];    /* NULL-terminated */

/*
 * Game numbers and ranges of each input: "N", "N-M", "N-" (to the end),
 * separated by commas, at most YOTE_SELECT_RANGES of them; a number too
 * large to hold is as good as "to the end" when it is a range's end, and
 * refused as a start.  Replaces the numbers given before.  0, or
 * YOTE_EVALUE with err->msg saying what was expected (also for a NULL
 * sel or arg).
 */
#define YOTE_SELECT_RANGES 64
int yote_select_games(struct yote_select *sel, const char *arg,
    struct yote_error *err);

/*
 * One criterion: key one of yote_select_keys ("player", "first", "second",
 * "event", "site", "round": text, a glob when it holds * ? or [; "date":
 * D, D1..D2, D.. or ..D; "result"; "termination"; "ruleset"; "plies":
 * N, N..M, N.. or ..M; "reaches": an exact position; "pattern": a
 * position pattern, formats/patterns.md, yote-convert(1)).  The refused
 * forms are yote(7)'s, Selecting games.  0, YOTE_EVALUE with the reason
 * in err->msg (also for a NULL sel, key or value), or YOTE_ENOMEM; for a
 * "ruleset" that names a file, as yote_rules_get: YOTE_EIO when it cannot
 * be read, YOTE_ESYNTAX (or YOTE_ELIMIT) when it is no valid ruleset.
 */
int yote_select_add(struct yote_select *sel, const char *key,
    const char *value, struct yote_error *err);

/*
 * Criteria from a file, "key value" a line ('#' comments, blank lines).
 * 0; YOTE_EVALUE (err: file, line and why; or a NULL sel or path);
 * YOTE_EIO when it cannot be read; YOTE_ENOMEM.
 */
int yote_select_file(struct yote_select *sel, const char *path,
    struct yote_error *err);

/* Keep the games that fail the criteria instead (game numbers still
 * hold). */
void yote_select_invert(struct yote_select *sel);

/* 1 when some criterion or number was given. */
int yote_select_active(const struct yote_select *sel);

/*
 * Whether the selection as a whole can choose games: 0, or YOTE_EVALUE
 * with err->msg saying why not (an inversion without a criterion to turn
 * round: game numbers are not turned round, so it chose nothing).  For
 * once every option is read.
 */
int yote_select_check(const struct yote_select *sel, struct yote_error *err);

/* ---------------------------------------------------------------- stream */

struct yote_stream;

/* A new stream without inputs; NULL when out of memory. */
struct yote_stream *yote_stream_new(void);

/* Free a stream, its selection, its current game; NULL is ignored. */
void yote_stream_free(struct yote_stream *s);

/* The stream's selection, to fill before the first yote_stream_next. */
struct yote_select *yote_stream_select(struct yote_stream *s);

/* The ruleset for records without rules: (default classic; not owned). */
void yote_stream_set_rules(struct yote_stream *s, const struct yote_rules *r);

/* Whether slips that leave a record valid are looked for (yote.h,
 * enum yote_warnings; by default they are not). */
void yote_stream_set_warnings(struct yote_stream *s, enum yote_warnings w);

/* Where every diagnostic goes (NULL: nowhere).  A game's are said once it
 * is judged, in the order of the places they name (line, then column; the
 * first 256, and any more as they are found). */
void yote_stream_set_diag(struct yote_stream *s, yote_diag_fn fn, void *ctx);

/*
 * Positions every selected game must reach (besides the selection's),
 * used only to pass over the archive blocks that cannot hold one; copied.
 * 0, YOTE_EVALUE (s NULL, or pos NULL with n > 0) or YOTE_ENOMEM.
 */
int yote_stream_set_reaching(struct yote_stream *s,
    const struct yote_pattern *pos, size_t n);

/*
 * Called when an input has been read (to its end, or as far as it could
 * be), before its reader is closed: name as in diagnostics, rd for its
 * figures (yote_reader_reach_stats).
 */
typedef void (*yote_input_fn)(void *ctx, const char *name,
    const struct yote_reader *rd);
void yote_stream_set_input_end(struct yote_stream *s, yote_input_fn fn,
    void *ctx);

#define YOTE_STREAM_PLAY 1      /* hand over each game played through
				   (yote_stream_game.played) */
#define YOTE_STREAM_KEYS 2      /* and its key, for duplicates */
#define YOTE_STREAM_DEDUPE 4    /* only the first game of each key: the
				   later ones are passed over before they
				   are judged (never said invalid) and
				   counted as repeats; implies KEYS */
#define YOTE_STREAM_WHOLE 8     /* read every input to its end, though
				   the games chosen are behind, so that
				   yote_stream_game.whole counts each
				   input's games (else it counts those
				   read) */
void yote_stream_set_flags(struct yote_stream *s, unsigned flags);

/*
 * Add an input: a path, or "-" for standard input (named "<stdin>" in
 * diagnostics).  It is opened when the stream gets to it.  0, YOTE_EVALUE
 * (s or path NULL) or YOTE_ENOMEM.
 */
int yote_stream_add(struct yote_stream *s, const char *path);

/*
 * Read each input whole, at most max bytes of it, before its games
 * (what names such a file in messages: "an openings file"): an input
 * larger is refused, said with the limit, and makes the status 1, so
 * that no input named by an option can be read for ever (/dev/zero) or
 * hold more than max bytes of memory.  0: no limit (the default; an
 * input is read as it comes, a game at a time).
 */
void yote_stream_set_input_max(struct yote_stream *s, size_t max,
    const char *what);

/*
 * Whether an archive's position index may pass over the blocks it says
 * hold none of the positions searched for (1), or every block is decoded
 * and its games matched (0, the default).  A set is a claim that only
 * decoding its block can check, so believing it is for archives of
 * trusted origin: a crafted one, its checksums made to hold, hides the
 * games it covers, and an index may only cost time (formats/archive.md,
 * section 12.3).  The tools set it from YOTE_TRUST_INDEX (yote(5)).
 */
void yote_stream_set_trust_index(struct yote_stream *s, int on);

/* The verdict on one game. */
enum yote_verdict {
	YOTE_VERDICT_VALID,     /* no problem */
	YOTE_VERDICT_WARNED,    /* valid, with warnings */
	YOTE_VERDICT_INVALID    /* rejected (or could not be read) */
};

/* The name of a verdict: "valid", "warnings", "invalid". */
const char *yote_verdict_name(enum yote_verdict v);

/* One game handed over; it belongs to the stream until the next call. */
struct yote_stream_game {
	const char *file;       /* the input's name ("<stdin>" for -) */
	unsigned long input;    /* its index among the inputs, from 0 */
	unsigned long number;   /* the game's number in its input */
	unsigned long whole;    /* its number in all the inputs as one
				   collection: number plus the games of the
				   inputs before (the end of each said) */
	struct yote_record *rec;        /* NULL: the game could not be read
					   (each game asked for of a damaged
					   archive block, one by one) */
	enum yote_verdict verdict;
	struct yote_game_info info;     /* what judging found (rules NULL
					   when rec is NULL) */
	unsigned long plies;    /* items of its moves list */
	long match;             /* the first ply whose position matched a
				   reaches or pattern criterion (0: the
				   start), -1 when none was asked */
	struct yote_game *played;       /* YOTE_STREAM_PLAY: the game up to
					   its first bad move, or NULL */
	struct yote_game_key key;       /* YOTE_STREAM_KEYS, when keyed */
	int keyed;              /* 1: key is the game's (it has moves) */
};

/*
 * The next selected game: 1 with *out, 0 at the end of the last input.
 * A game that cannot be read, an input that cannot be opened or read
 * further, are said and counted, and the stream goes on with what can
 * still be read; memory that runs out while an input is read ends that
 * input (said, status 3), and the stream goes on with the next one.
 */
int yote_stream_next(struct yote_stream *s, struct yote_stream_game **out);

/* Take the current game's record (and its played game) from the stream:
 * the caller frees them (yote_record_free, yote_game_free). */
void yote_stream_take(struct yote_stream *s, struct yote_record **rec,
    struct yote_game **played);

/* What the stream has handed over and found so far. */
struct yote_stream_counts {
	unsigned long games;    /* selected games seen, unreadable included */
	unsigned long valid;    /* valid without warnings */
	unsigned long warned;   /* valid with warnings */
	unsigned long invalid;  /* invalid or unreadable */
	unsigned long plies;    /* plies played legally */
	unsigned long warnings; /* warnings said */
	unsigned long with_warnings;    /* games with some, of any verdict */
	unsigned long missing;  /* selected numbers past an input's end */
	unsigned long inputs_failed;    /* inputs that could not be
					   opened (an I/O error: status 3;
					   over a size limit: 1), or whose
					   reading stopped before their end
					   (a read error, no memory, a reader
					   that gave up: 3) */
	unsigned long repeats;  /* YOTE_STREAM_DEDUPE: games passed over
				   as repeats of an earlier one */
};
const struct yote_stream_counts *yote_stream_counts(
    const struct yote_stream *s);

/* YOTE_STREAM_DEDUPE: the distinct games kept so far, and the bytes
 * their keys take in *bytes. */
size_t yote_stream_distinct(const struct yote_stream *s, size_t *bytes);

/* The exit status the counts call for: 0, 1 or 3 (yote(7)). */
int yote_stream_status(const struct yote_stream *s);

/* How much of the current input has been read, 0 to 1, or -1 when that
 * cannot be told (standard input, a pipe). */
double yote_stream_progress(const struct yote_stream *s);

/* ---------------------------------------------------------------- key sets */

/*
 * A set of game keys, each with a value (a game's place): 24 bytes a key
 * in a table kept at most 3/4 full, so 32 to 64 bytes a distinct game.
 * yote_keyset_new: NULL when out of memory; yote_keyset_free accepts
 * NULL.  yote_keyset_add: 1 when k was new (stored with value), 0 when it
 * was there (*first, when not NULL, gets the value stored with it),
 * YOTE_EVALUE (s or k NULL), or YOTE_ENOMEM.
 */
struct yote_keyset;
struct yote_keyset *yote_keyset_new(void);
void yote_keyset_free(struct yote_keyset *s);
int yote_keyset_add(struct yote_keyset *s, const struct yote_game_key *k,
    uint64_t value, uint64_t *first);
size_t yote_keyset_count(const struct yote_keyset *s);
size_t yote_keyset_bytes(const struct yote_keyset *s);

#ifdef __cplusplus
}
#endif
#endif /* YOTE_STREAM_H */
