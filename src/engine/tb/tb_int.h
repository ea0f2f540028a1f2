/*
 * tb_int.h - the endgame tables' private parts shared by src/tb.c (solving
 * and probing) and src/tb_file.c (the cache files; formats/tablebase.md).
 */
#ifndef YOTE_TB_INT_H
#define YOTE_TB_INT_H

#include "yote_int.h"

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
				   (YOTE_TB_NO_BUILD) */
};

struct yote_tb {
	struct yote_rules rules;        /* as given */
	struct yote_rules solve;        /* the same without a move limit */
	char *dir;                      /* cache directory, NULL: none */
	int max;                        /* largest remaining total covered */
	unsigned flags;                 /* YOTE_TB_* */
	uint64_t hash;                  /* of the rule fields that matter */
	int dim;                        /* max + 1: one class axis */
	struct table *tab;              /* dim^4, by class */
	uint64_t binom[YOTE_MAX_SQUARES + 1][YOTE_MAX_SQUARES + 1];
};

/* The rules hash of the file names and headers. */
uint64_t yote_tb_rules_hash(const struct yote_rules *r);

/* 1 when class c's file is there, whole and ours (t->v, t->z, t->maxz and
   t->reach filled; t->n set by the caller), else 0. */
int yote_tb_load(struct yote_tb *tb, const struct yote_tb_class *c,
    struct table *t);

/* Save t: 0, *bytes the file's size; YOTE_EIO or YOTE_ENOMEM. */
int yote_tb_save(struct yote_tb *tb, const struct yote_tb_class *c,
    const struct table *t, uint64_t *bytes, struct yote_error *err);

#endif
