/*
 * tb_int.h - the endgame tables' private parts shared by tb.c (solving
 * and probing), tb_budget.c (what they may spend) and tb_file.c (the
 * cache files; formats/tablebase.md).
 */
#ifndef YOTE_TB_INT_H
#define YOTE_TB_INT_H

#include "yote_int.h"
#include "yote_engine.h"

#define TB_MAGIC "\211YTB\r\n\032\n"    /* 8 bytes, as the archive's */
#define TB_VERSION 2                    /* 2: the dtz byte */
#define TB_HEAD 48                      /* bytes of the file header */

/* Values, side to move's view: 0 draw, 1 + 2d won in d, 2 + 2d lost in d. */
#define V_DRAW 0
#define V_WIN(d) ((uint16_t)(1 + 2 * (d)))
#define V_LOSS(d) ((uint16_t)(2 + 2 * (d)))
#define V_UNKNOWN 0xFFFF                /* while solving */
#define MAX_DIST 32000
#define Z_LONG 255                      /* dtz byte: 255 plies or more */

struct table {
	uint16_t *v;            /* value per index */
	uint8_t *z;             /* dtz per index: plies to the first
				   capture or the end, value kept; 0 for
				   draws and finished games */
	uint64_t n;             /* positions */
	int maxz;               /* largest dtz of the class */
	int reach;              /* largest dtz of a class a capture from
				   here can lead to, at once or later */
	int state;              /* 0 not yet asked, 1 solved, 2 missing
				   (YOTE_TB_NO_BUILD), 3 beyond the memory
				   cap */
	uint64_t need_pos;      /* positions of the class and of every
				   class it may lead to; 0: not counted */
	uint64_t need_bytes;    /* memory to build them all */
	long slow_ms;           /* not built within a search's time of so
				   many ms: not tried with as little again */
	unsigned noted;         /* notes given of it, 1 << YOTE_TB_NOTE_* */
};

struct yote_tb {
	struct yote_rules rules;        /* as given */
	struct yote_rules solve;        /* the same without a move limit */
	char *dir;                      /* cache directory, NULL: none */
	size_t dir_base;                /* leading bytes of dir that must
					   exist ($HOME): never made */
	int max;                        /* largest remaining total covered */
	unsigned flags;                 /* YOTE_TB_* */
	uint64_t hash;                  /* of the rule fields that matter */
	int dim;                        /* max + 1: one class axis */
	struct table *tab;              /* dim^4, by class */
	uint64_t binom[YOTE_MAX_SQUARES + 1][YOTE_MAX_SQUARES + 1];
	unsigned long long memory;      /* cap in bytes, 0: none */
	unsigned long long held;        /* bytes of the tables in memory */
	struct yote_tb_io io;           /* notes and temporary files */
	unsigned noted;                 /* notes of files given, by kind */
	struct yote_tb_budget bud;      /* this search's (yote_engine.h) */
	int have_bud;
	unsigned ticks;                 /* positions done since the clock
					   was last read */
};

#define TB_STOPPED 2            /* a build stopped by the search's budget */

/* Bytes a position: kept (the value and the dtz), and while its class is
 * solved (the solver's counts, flags and distances, and the lists of
 * positions decided at each level) */
#define KEEP_BYTES 3
#define SOLVE_BYTES 10

static inline int
tb_class_key(const struct yote_tb *tb, const struct yote_tb_class *c)
{
	return ((c->board[0] * tb->dim + c->hand[0]) * tb->dim + c->board[1]) *
	    tb->dim + c->hand[1];
}

static inline int
tb_class_total(const struct yote_tb_class *c)
{
	return c->board[0] + c->hand[0] + c->board[1] + c->hand[1];
}

/* Sets of the first side's pieces, sets of the second's among the rest. */
static inline void
tb_class_sizes(const struct yote_tb *tb, const struct yote_tb_class *c,
    uint64_t *n0, uint64_t *n1)
{
	int sq = tb->rules.squares;

	*n0 = tb->binom[sq][c->board[0]];
	*n1 = tb->binom[sq - c->board[0]][c->board[1]];
}

/*
 * tb_budget.c, below tb.c: what the tables may spend.  class_valid: c
 * within the handle's pieces and indexable in 32 bits.  table_free: t's
 * arrays freed (its memory no longer held; state left to the caller).
 * admit: whether class c may be had for the search under way (1 no, said
 * once; 0 yes, room made in memory).  ms_left: milliseconds to the
 * search's deadline (0: none).  stopped: a build the deadline stopped,
 * left ms before it, noted.  out_of_time: whether the budget stops the
 * build under way, one more position done.  note_class: "class
 * 3+0v2+0 " and the rest, to io.note.
 */
int yote_tb_class_valid(const struct yote_tb *tb, const struct yote_tb_class *c);
void yote_tb_table_free(struct yote_tb *tb, struct table *t);
int yote_tb_admit(struct yote_tb *tb, const struct yote_tb_class *c,
    struct table *t);
long yote_tb_ms_left(const struct yote_tb *tb);
void yote_tb_stopped(struct yote_tb *tb, const struct yote_tb_class *c,
    struct table *t, long left);
int yote_tb_out_of_time(struct yote_tb *tb);
void yote_tb_note_class(struct yote_tb *tb, int kind,
    const struct yote_tb_class *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Tell the program (io.note) once per handle and kind, for the files. */
void yote_tb_note(struct yote_tb *tb, int kind, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* The rules hash of the file names and headers. */
uint64_t yote_tb_rules_hash(const struct yote_rules *r);

/* 1 when class c's file is there, a regular file, whole, ours and with
   only values the format allows (t->v, t->z, t->maxz and t->reach filled;
   t->n set by the caller), else 0 (a file refused is noted). */
int yote_tb_load(struct yote_tb *tb, const struct yote_tb_class *c,
    struct table *t);

/* Save t through a temporary file (tb->io): 0, *bytes the file's size;
   YOTE_EIO or YOTE_ENOMEM (err filled, the temporary file removed). */
int yote_tb_save(struct yote_tb *tb, const struct yote_tb_class *c,
    const struct table *t, uint64_t *bytes, struct yote_error *err);

#endif
