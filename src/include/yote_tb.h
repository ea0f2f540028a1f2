/*
 * yote_tb.h - endgame tables (src/engine/tb/): the part of the public API
 * that builds, reads and probes them.  Included by yote.h (kept apart so
 * that yote.h stays a readable size); include yote.h, not this file.
 */
/* yote.h first, which includes this file in its place: included on its
 * own, this file then finds what it uses declared */
#include "yote.h"

#ifndef YOTE_TB_H
#define YOTE_TB_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif
/*
 * Endgame tables (src/engine/tb/, formats/tablebase.md; installed:
 * yote-analyze(1), ENDGAME TABLES): every position with
 * few pieces left solved exactly under one ruleset, built-in or custom,
 * by retrograde analysis.  A table per material class is built on first
 * use and cached on disk; later opens read it back.
 *
 * A position is covered when both sides together have at most max_pieces
 * remaining (board + hand) and, under first-move-placement, the ply is 3
 * or more.  The tables are solved without the move limit and hold for
 * each position its distance to zeroing (dtz: plies to the first capture
 * or the end, value kept), so a probe is exact under the limit: a win or
 * loss stands when since_capture + dtz <= limit and is a draw otherwise.
 * It says "unknown" only where a capture can lead to a class whose dtz
 * exceeds the limit (and then only for results longer than the plies
 * left).  See yote_tb_probe for the distance it reports.
 *
 * A struct yote_tb is not safe to use from two threads at once (a probe
 * may build a table): open one per thread or build every class first.
 */
struct yote_tb;

#define YOTE_TB_MAX_PIECES 12   /* largest max_pieces */
#define YOTE_TB_NO_BUILD 1      /* only read tables from the cache */
#define YOTE_TB_NO_CACHE 2      /* build in memory; no files read or written */

/* A material class: pieces of each side on the board and in hand. */
struct yote_tb_class {
	int board[2];           /* first, second side: on the board */
	int hand[2];            /* in hand */
};

/* What yote_tb_build found (also when the table came from the cache). */
struct yote_tb_stats {
	unsigned long long positions;   /* in the class, both sides to move */
	unsigned long long wins, draws, losses; /* for the side to move */
	int longest;            /* longest win or loss, plies */
	int built;              /* 1: solved now, 0: read from the cache */
	unsigned long long file_bytes;  /* cache file written, 0 if none */
	int save_error;         /* YOTE_E* when the file could not be saved */
	int longest_dtz;        /* longest distance to zeroing, plies (255:
				   255 or more) */
	int reach;              /* longest dtz a capture can lead to: under
				   a move limit below it, long results are
				   unknown */
};

/*
 * Open the tables of ruleset r (copied: r need not outlive the result)
 * for up to max_pieces remaining pieces in total (1..YOTE_TB_MAX_PIECES).
 * dir is the cache directory, or NULL for $YOTE_TB_DIR, else
 * $XDG_CACHE_HOME/yote/tb, else $HOME/.cache/yote/tb (none without
 * $HOME); it is created when a table is first saved, with its parents,
 * except $XDG_CACHE_HOME and $HOME themselves: when they do not exist,
 * the tables stay in memory.  flags: YOTE_TB_*.  The memory cap is
 * YOTE_TB_MEMORY (yote_tb_set_memory).  Nothing is built yet.  Returns 0
 * with *out set (free with yote_tb_close), YOTE_EVALUE or YOTE_ENOMEM.
 */
int yote_tb_open(const struct yote_rules *r, const char *dir, int max_pieces,
    unsigned flags, struct yote_tb **out, struct yote_error *err);

/* Free the tables held in memory (the cache files stay); NULL ignored. */
void yote_tb_close(struct yote_tb *tb);

/* The cache directory in use, or NULL when there is none. Owned by tb. */
const char *yote_tb_dir(const struct yote_tb *tb);

/*
 * Whether tables can be saved in the cache directory: 0 when it exists
 * and may be written, or can be made; else YOTE_EIO with err saying why
 * (a file in the way, no permission, $HOME missing: it is never made).
 * 0 when there is no cache directory at all.  Reads, makes nothing.
 */
int yote_tb_writable(const struct yote_tb *tb, struct yote_error *err);

/*
 * The memory cap: the bytes that the tables of one handle may take,
 * those kept in memory and those being built (about 3 bytes a position
 * kept, 10 more while a class is solved).  A class whose building, with
 * every class it may lead to, needs more is never built nor read: its
 * positions are not covered by probes (they answer 0, "unknown") and
 * yote_tb_build refuses it with YOTE_ELIMIT; tables in memory that the
 * next class does not need are dropped to make room (read again, or
 * built again without a cache, when met again).  0: no cap.
 */
#define YOTE_TB_MEMORY (128ULL << 20)   /* the default cap, 128 MiB */
void yote_tb_set_memory(struct yote_tb *tb, unsigned long long bytes);

/* What the tables tell the program through yote_tb_io.note. */
enum yote_tb_note {
	YOTE_TB_NOTE_MEMORY = 1,        /* a class beyond the memory cap:
					   not built */
	YOTE_TB_NOTE_BUDGET,            /* a class beyond a search's budget
					   (time or nodes): not built */
	YOTE_TB_NOTE_REFUSED,           /* a cache file refused (not a
					   regular file, damaged, impossible
					   values): the class is built again */
	YOTE_TB_NOTE_UNSAVED            /* a table that could not be saved
					   (a full disk, a file-size limit):
					   kept in memory */
};

/*
 * How the tables talk to the program and make their files; any member
 * may be NULL (the default).  note: told once per class (MEMORY, BUDGET)
 * or once per handle (REFUSED, UNSAVED), with a message such as
 * "/c/tb/x.ytb: position 12 says won in 32767 plies; the format allows
 * 32000 at most".  tmp_make: make a temporary file from template as
 * mkstemp(3) does (a program that removes its temporary files on a
 * signal registers it there); tmp_end: rename tmp to path, or remove tmp
 * when path is NULL, and forget it: 0, or -1 with errno.  The defaults
 * are mkstemp, rename and unlink.  ctx is passed to each.  Copied.
 */
struct yote_tb_io {
	void (*note)(void *ctx, int kind, const char *msg);
	int (*tmp_make)(void *ctx, char *tmpl);
	int (*tmp_end)(void *ctx, const char *tmp, const char *path);
	void *ctx;
};
void yote_tb_set_io(struct yote_tb *tb, const struct yote_tb_io *io);

/*
 * 1 if p is covered (see above: its class within max_pieces, and past ply
 * 2 under first-move-placement), else 0.  Cheap: builds and reads nothing.
 * A covered position can still probe as unknown because of the move limit.
 */
int yote_tb_covers(const struct yote_tb *tb, const struct yote_pos *p);

/*
 * The exact value of p for the side to move, its counter and the move
 * limit included: *wdl 1 won, 0 drawn, -1 lost, and *plies the number of
 * plies to the end of the game with best play (the winner fastest, the
 * loser slowest; 0 for a finished game and for draws).  When the result
 * is longer than the plies the limit leaves (since_capture + *plies >
 * limit) but the win still fits through captures, *plies is the distance
 * without the limit, a lower bound of the true one.  Builds or reads the class's table (and those it leads to) on
 * first use, within the memory cap and the budget a search set
 * (yote_tb_set_memory, yote_engine_use_tb); a table that cannot be saved
 * is kept in memory.  Returns 1 with the value, 0 when p is not covered,
 * the move limit makes the answer unknown, or the table cannot be had:
 * missing under YOTE_TB_NO_BUILD, beyond the memory cap or out of memory
 * (for good, for this handle), or beyond the search's budget (for
 * searches of as little).  An allocation that fails is such a 0, not an
 * error: the caller searches on without that table.
 */
int yote_tb_probe(struct yote_tb *tb, const struct yote_pos *p, int *wdl,
    int *plies, struct yote_error *err);

/* A probe result as a search score: YOTE_WIN - plies, 0, -(YOTE_WIN -
 * plies), the convention of yote_engine_search. */
int yote_tb_score(int wdl, int plies);

/*
 * The classes covered, in an order in which each class comes after every
 * class it leads to (building them in this order solves each once): the
 * number of them, and when out is not NULL, the classes in out (the
 * caller allocates: call with NULL first for the count).
 */
size_t yote_tb_classes(const struct yote_tb *tb, struct yote_tb_class *out);

/*
 * Build (or read from the cache) the table of class c and every class it
 * leads to, and fill st (may be NULL).  Returns 0; YOTE_EVALUE when c is
 * not covered; YOTE_ENOMEM; YOTE_ELIMIT (beyond the memory cap, or a
 * distance beyond the format); YOTE_EIO when the table was built but
 * could not be saved (it is still used from memory).
 */
int yote_tb_build(struct yote_tb *tb, const struct yote_tb_class *c,
    struct yote_tb_stats *st, struct yote_error *err);

#ifdef __cplusplus
}
#endif
#endif
