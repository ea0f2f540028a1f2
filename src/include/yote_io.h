/*
 * yote_io.h - libyote's collections on disk: telling a stream's format,
 * archives (formats/archive.md, yote-archive(5)) and the lines format
 * (formats/lines.md, yote-convert(1)).
 * Included by yote.h, whose types it uses; include yote.h, not this.
 */
/* yote.h first, which includes this file in its place: included on its
 * own, this file then finds what it uses declared */
#include "yote.h"

#ifndef YOTE_IO_H
#define YOTE_IO_H

#ifdef __cplusplus
extern "C" {
#endif
/* ---------------------------------------------------------------- formats */

/*
 * Three formats hold collections of games, and every reader takes all
 * three, telling them apart by the first bytes of the input:
 *  - an archive (formats/archive.md, yote-archive(5)) starts with the
 *    8 bytes YOTE_ARCHIVE_MAGIC;
 *  - the lines format (formats/lines.md, yote-convert(1)) starts with '@',
 *    which no YAML
 *    text can start with;
 *  - anything else is YAML (formats/record.md, yote(5)).
 * yote_reader_open peeks at the first bytes itself and yote_reader_next
 * hands out the same struct yote_record trees whatever the format.
 */
enum yote_format { YOTE_FORMAT_YAML, YOTE_FORMAT_ARCHIVE, YOTE_FORMAT_LINES };

#define YOTE_ARCHIVE_MAGIC "\211YTA\r\n\032\n"  /* 8 bytes; no text starts so */
#define YOTE_ARCHIVE_VERSION 2          /* the archive version written */
#define YOTE_ARCHIVE_BLOCK_GAMES 2048   /* default games per block */
#define YOTE_ARCHIVE_MAX_BLOCK (256UL << 20)    /* largest block, bytes */

/*
 * The format of an input whose first len bytes are head (len may be less
 * than 8 for a short input): an enum yote_format.  A head that matches at
 * least 6 of the 8 magic bytes, or starts with the magic's first byte, is
 * an archive, so that a damaged magic is reported as damage.  A head
 * whose first byte that is not blank, a line end or a byte order mark is
 * '@' is the lines format (a sorted or joined lines file may start with
 * empty lines); yote_reader_open reads on past such bytes, up to
 * YOTE_DETECT_MAX in all, before it decides.
 */
#define YOTE_DETECT_MAX 65536
int yote_format_detect(const unsigned char *head, size_t len);

/* The format rd detected when it was opened: an enum yote_format. */
int yote_reader_format(const struct yote_reader *rd);

/* Reader flags, for yote_reader_set_flags. */
#define YOTE_READ_NO_MOVES 1    /* archives: leave moves: an empty list and
                                 * do not decode the moves (fast listing) */

/* Set reader flags before the first yote_reader_next. */
void yote_reader_set_flags(struct yote_reader *rd, unsigned flags);

/*
 * Items in the moves: list of the record yote_reader_next last returned
 * (also when YOTE_READ_NO_MOVES left the list empty); 0 when it has none.
 */
unsigned long yote_reader_plies(const struct yote_reader *rd);

/*
 * Pass over the next n games without handing them out.  An archive skips
 * whole blocks without decompressing them, and on a seekable input uses
 * the archive's index to go straight to the block it needs.  Returns the
 * number of games passed (fewer than n at the end of the stream), or a
 * negative code as yote_reader_next when the stream cannot be read
 * further, or when damage among the games passed over reaches past them
 * (an archive block that holds games n + 1 and on too: err->game is its
 * first game, yote_reader_games its last, and reading may go on after
 * it).  Problems in the games passed over alone are not reported.
 */
long yote_reader_skip(struct yote_reader *rd, unsigned long n,
    struct yote_error *err);

/*
 * Search for positions: from now on, the games of an archive's data
 * blocks whose position index (YOTE_ARCHIVE_POSITION_INDEX) shows that
 * none of the n positions is reached are passed over without being
 * decoded, and not handed out (they still count in yote_reader_games).
 * Every other game is handed out as always, those of blocks without an
 * index, with a damaged one or one that does not match its block
 * included: the caller still checks each game it gets, since a set may
 * say "maybe" of a position that is not there (formats/archive.md
 * section 12, yote-archive(5) Position index).  The positions are exact
 * patterns (yote_pattern_exact), compared as --reaches compares them:
 * board, side to move and hands.
 * n = 0 stops the search.  YAML and lines are read as always.  Returns
 * 0, YOTE_EVALUE when a pattern is not exact (nothing changes) or
 * YOTE_ENOMEM.  Only for an archive whose origin is trusted: a set that
 * says "not there" is believed, and nothing short of decoding the block
 * can check it, so a crafted set (its checksums made to hold) hides
 * games that do reach a position.  The stream uses it only when asked
 * (yote_stream_set_trust_index).
 */
struct yote_pattern;            /* yote_collection.h */

int yote_reader_reaching(struct yote_reader *rd,
    const struct yote_pattern *pos, size_t n);

/* What the position index did for yote_reader_reaching: data blocks */
struct yote_reach_stats {
	unsigned long passed;   /* passed over: their sets hold none */
	unsigned long searched; /* decoded: their sets may hold one */
	unsigned long unindexed;        /* decoded: no usable set */
};

void yote_reader_reach_stats(const struct yote_reader *rd,
    struct yote_reach_stats *st);

/* ---------------------------------------------------------------- archives */

/*
 * An archive writer (formats/archive.md, yote-archive(5)): games go in one
 * at a time and
 * out in blocks of YOTE_ARCHIVE_BLOCK_GAMES, each compressed with zlib
 * and checksummed, so memory is one block whatever the collection.
 * Moves are stored as ranks among the legal moves, which needs them to be
 * legal: yote_archive_put plays every game through a yote_checker.
 */
struct yote_archive_writer;

#define YOTE_ARCHIVE_KEEP_INVALID 1     /* store unplayable games as text */
#define YOTE_ARCHIVE_NO_INDEX 2         /* write no index at the end */
#define YOTE_ARCHIVE_POSITION_INDEX 4   /* write a position index: before
					   each data block, the set of the
					   positions its games reach
					   (formats/archive.md section 12,
					   yote-archive(5)) */
#define YOTE_ARCHIVE_VERSION1 8         /* write version 1 (move model 1),
					   which readers before version 2
					   read; slower to read */

/*
 * Start an archive on fp (not closed by the writer): writes the member
 * header.  flags: YOTE_ARCHIVE_*.  Returns 0, YOTE_EVALUE (fp or out
 * NULL), YOTE_ENOMEM or YOTE_EIO;
 * *out is freed by yote_archive_writer_close.
 */
int yote_archive_writer_open(FILE *fp, unsigned flags,
    struct yote_archive_writer **out, struct yote_error *err);

/* The ruleset for records without rules: (default classic); not owned,
 * must outlive the writer. */
void yote_archive_writer_set_rules(struct yote_archive_writer *w,
    const struct yote_rules *r);

/* Games per block (1 and up; default YOTE_ARCHIVE_BLOCK_GAMES): smaller
 * blocks make --game N faster and lose less to damage, larger ones make
 * smaller archives. */
void yote_archive_writer_set_block(struct yote_archive_writer *w,
    unsigned long games);

/*
 * Add one game.  file names the record's input (for messages and ruleset
 * paths, as for yote_checker_play; may be NULL).  Returns
 *   0              stored, moves as ranks;
 *   1              its moves cannot be played (an illegal move, a bad
 *                  start or ruleset, not a record at all) and the writer
 *                  keeps invalid games: stored whole as text, and every
 *                  problem was sent to diag;
 *   YOTE_EILLEGAL  the same without YOTE_ARCHIVE_KEEP_INVALID: not
 *                  stored; every problem was sent to diag; and, kept or
 *                  not, a game over a limit of yote_limits.h (a reader
 *                  would refuse it), the limit sent to diag;
 *   YOTE_EIO, YOTE_ENOMEM, YOTE_ELIMIT  (err says why; the archive is
 *                  unusable from here).
 * Problems that do not stop the moves from being played (a wrong result,
 * an unknown key) are not reported: the game is kept as it is.
 */
int yote_archive_put(struct yote_archive_writer *w,
    const struct yote_record *rec, const char *file, yote_diag_fn diag,
    void *ctx, struct yote_error *err);

/*
 * With YOTE_ARCHIVE_POSITION_INDEX: the sets' false positive rate is
 * 2^-bits, 1 <= bits <= 16 (default 8), at about bits + 1.6 bits for each
 * distinct position of a block.  Set it before the first game.
 */
void yote_archive_writer_set_index_bits(struct yote_archive_writer *w,
    int bits);

/* What a writer has written so far. */
struct yote_archive_stats {
	unsigned long long games;       /* games stored */
	unsigned long long raw;         /* of which stored as text */
	unsigned long long plies;       /* moves stored as ranks */
	unsigned long long blocks;      /* data blocks written */
	unsigned long long bytes;       /* bytes written */
	unsigned long long move_bytes;  /* ranks, before zlib */
	unsigned long long head_bytes;  /* headers and annotations, before zlib */
	unsigned long long pos_bytes;   /* the position index, headers included */
	unsigned long long pos_keys;    /* distinct positions in its sets */
};

void yote_archive_writer_stats(const struct yote_archive_writer *w,
    struct yote_archive_stats *st);

/*
 * Write the last block, the index and the end of the member, flush the
 * stream, and free w.
 * When st is not NULL it gets the final figures.  Returns 0 or YOTE_EIO
 * / YOTE_ENOMEM (err says why).  NULL is ignored.
 */
int yote_archive_writer_close(struct yote_archive_writer *w,
    struct yote_archive_stats *st, struct yote_error *err);

/* ---------------------------------------------------------------- lines */

/*
 * The lines format (formats/lines.md; installed: yote-convert(1), lines):
 * one game per line, for grep, sort
 * and awk.  A line holds a record whose values are scalars or lists of
 * scalars (the moves): no annotations, tags or nested values.
 */
#define YOTE_LINES_LOSSY 1      /* drop what a line cannot hold */

/*
 * Write rec as one line on fp.  Returns 0; YOTE_EVALUE when rec holds
 * something a line cannot, YOTE_ELIMIT for a record over a limit of
 * yote_limits.h or a line over YOTE_MAX_DOCUMENT (err says what; nothing
 * is written); with YOTE_LINES_LOSSY, 1 when
 * something was dropped (err says what) and the line written; YOTE_EIO
 * when fp is in error (a write that failed is seen once fp's buffer is
 * flushed: fflush(fp) tells at the end).
 */
int yote_lines_put(FILE *fp, const struct yote_record *rec, unsigned flags,
    struct yote_error *err);

/* ------------------------------------------------------ rulesets elsewhere */

/*
 * A ruleset file named in rec's rules: by a relative path is read from the
 * folder of the record's file (yote(5)); for a record read from the file
 * from (NULL or "<stdin>": the working directory) and written to the file
 * to, rules: names it again so that it still finds the same file:
 * relative to to's folder, or from the root when to is NULL (standard
 * output).  embed (an archive written): the ruleset is also loaded into
 * rec->embedded, if empty, so that the record is checked without the
 * path, now wrong from from.  Returns 0 (also when rules: names no file,
 * or the path needs no change), 1 when the file named does not exist or
 * is no ruleset (rules: left as it was), YOTE_ENOMEM.  cache (NULL, or
 * the address of a pointer that starts NULL, freed with
 * yote_rebase_free): the last answer is kept, so that the games of one
 * folder naming one file cost one lookup, not one each.
 */
struct yote_rebase;
int yote_record_rebase_rules(struct yote_record *rec, const char *from,
    const char *to, int embed, struct yote_rebase **cache);
void yote_rebase_free(struct yote_rebase *cache);

#ifdef __cplusplus
}
#endif
#endif /* YOTE_IO_H */
