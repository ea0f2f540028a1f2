/*
 * search_int.h - what the search shares with its test oracle
 * (minimax.c): the same move lists, the same quiescence order, the same
 * ends and repetitions, so that the two score alike; and the engine's
 * state, which engine.c makes and search.c uses.  Not installed.
 */
#ifndef YOTE_SEARCH_INT_H
#define YOTE_SEARCH_INT_H

#include <stdatomic.h>
#include <time.h>

#include "yote_int.h"
#include "yote_engine.h"

#define QDEPTH 8                /* quiescence plies at most */
#define QWIDTH 24               /* captures searched at a quiescence node */
#define INF (YOTE_WIN + 1)
#define LISTS (YOTE_MAX_PLY + QDEPTH + 2)

/* searchgen.c: */

/* The score of p, which has no move or is over by the rules, at ply. */
int yote_srch_terminal(const struct yote_rules *r, const struct yote_pos *p,
    int ply);
/* Whether q has no move or is over by the rules. */
int yote_srch_is_terminal(const struct yote_rules *r, const struct yote_pos *q);
/* Whether quiet move m, q the position after it, threatens a capture. */
int yote_srch_threatens(const struct yote_rules *r, const struct yote_pos *q,
    const struct yote_move *m);
/* The moves searched at a node (every legal move at the root). */
long yote_srch_gen_node(const struct yote_rules *r, const struct yote_pos *p,
    struct yote_movelist *l, int ply);
/* The captures of quiescence at its plies-deep qd. */
long yote_srch_gen_quiet_end(const struct yote_rules *r, const struct yote_pos *p,
    struct yote_movelist *l, int qd);
/* Order the captures of l (scores in sc, generator indexes in idx, both
 * l->n long): the k-th to search is l->v[idx[k]]; returns how many of
 * them are searched. */
size_t yote_srch_q_order(const struct yote_rules *r,
    const struct yote_eval_weights *w, const struct yote_pos *p,
    struct yote_movelist *l, int *sc, int *idx, int ply);
/* Bring the best-scored of the n moves from place i on to place i of the
 * order: sc their scores, idx their indexes in the list, both swapped (the
 * list itself stays in generator order). */
void yote_srch_pick(int *sc, int *idx, size_t n, size_t i);
/* Lists longer than this are sorted whole (yote_srch_sort) instead: picking
 * from 150,000 root moves one at a time took 20 s a depth. */
#define YOTE_SRCH_PICK_MAX 1024
/* Sort the n scores sc, best first, equal scores by idx (distinct: the
 * generator's order), idx following; n log n. */
void yote_srch_sort(int *sc, int *idx, size_t n);
/* Line ply of the principal variation: mv, then line ply + 1 after it.
 * Only a node with an open window keeps one: a null window's line is
 * either searched again with an open one or fails high, and a node that
 * fails high is not its parent's line. */
void yote_srch_pv_put(struct yote_move (*pv)[YOTE_MAX_PLY], int *pvlen,
    int ply, const struct yote_move *mv);
/* The root's moves into l: 0 or a YOTE_E* code. */
int yote_srch_root_moves(const struct yote_rules *r, const struct yote_pos *p,
    struct yote_movelist *l);
/* Is m among only[0..nonly) (go searchmoves)?  Every move is when only
 * is NULL. */
int yote_srch_root_allowed(const struct yote_move *only, size_t nonly,
    const struct yote_move *m);
/* l cut down to the moves among only[0..nonly), in its order: how many
 * are left; 0, and l as it was, when none of them is in it. */
size_t yote_srch_root_restrict(struct yote_movelist *l,
    const struct yote_move *only, size_t nonly);

/* repetition.c: */

/* Whether hash h at rep[at] repeats a position before it (repetition.c
 * says how the game before nhist counts). */
int yote_srch_repeated(const uint64_t *rep, size_t nhist, size_t at,
    uint32_t since, uint64_t h);

/*
 * The game before the root and the line searched (repetition.c): rep[0..n)
 * the history's hashes, rep[n + ply] the line's, rep[0..valid) still the
 * hashes of the positions last given.  For a long history, past counts
 * the window of it that a search can look back to, by hash, kept from
 * one search to the next.  yote_srch_hist_set(hs, pos, n, keep): the
 * history pos[0..n), hashing only from valid on when keep says pos
 * begins as the positions last given; yote_srch_past_build at a
 * search's start, for its root's plies since a capture; both 0 or
 * YOTE_ENOMEM.  yote_srch_past_repeated(hs, ply, since, h) is then
 * yote_srch_repeated(rep, n, n + ply, since, h).
 */
struct past_slot;
struct yote_srch_past {
	struct past_slot *t;    /* open addressing, linear probing */
	size_t mask;            /* slots - 1 (t NULL: none) */
	size_t used;            /* slots holding a hash */
	size_t lo, hi;          /* rep[lo..hi) are counted */
	int on;                 /* a window longer than a scan: ask t */
};
struct yote_srch_hist {
	uint64_t *rep;
	size_t n, cap, valid;
	struct yote_srch_past past;
};
int yote_srch_hist_init(struct yote_srch_hist *hs);
int yote_srch_hist_set(struct yote_srch_hist *hs, const struct yote_pos *pos,
    size_t n, int keep);
void yote_srch_hist_free(struct yote_srch_hist *hs);
int yote_srch_past_build(struct yote_srch_hist *hs, uint32_t root_since);
int yote_srch_past_repeated(const struct yote_srch_hist *hs, size_t ply,
    uint32_t since, uint64_t h);

/*
 * The endgame tables of an engine (search_tb.c): the caller's handle
 * (given), or the engine's own, opened for the ruleset searched with dir,
 * pieces, memory and io.  Init sets the defaults; free closes its own.
 * yote_srch_tb_begin gives the handle a search under r uses (NULL:
 * none) with the search's budget set on it (half of movetime from t0,
 * YOTE_TB_NODE_POSITIONS positions a node, halt); the search clears it
 * (yote_tb_set_budget(tb, NULL)) when it ends.
 */
struct yote_srch_tb {
	struct yote_tb *given;          /* not owned */
	struct yote_tb *own;            /* opened for the ruleset searched */
	char *dir;                      /* of own (NULL: the default) */
	int pieces;                     /* of own, 0: none */
	unsigned long long memory;      /* of own: the cap */
	struct yote_tb_io io;           /* of own */
};
void yote_srch_tb_init(struct yote_srch_tb *st);
void yote_srch_tb_free(struct yote_srch_tb *st);
void yote_srch_tb_setup(struct yote_srch_tb *st, unsigned long long memory,
    const struct yote_tb_io *io);
int yote_srch_tb_use(struct yote_srch_tb *st, const char *dir,
    int max_pieces);
struct yote_tb *yote_srch_tb_begin(struct yote_srch_tb *st,
    const struct yote_rules *r, const struct timespec *t0, long movetime,
    unsigned long long nodes, const atomic_int *halt);

/* search.c and engine.c: the engine's state, private to them. */

struct tt_entry {
	uint64_t key;
	int16_t score;
	uint8_t depth;
	uint8_t flag;
	uint16_t move;          /* index in generator order, 0xFFFF none */
	uint16_t gen;           /* the engine's generation that stored it */
};

struct ordered {
	int *score;             /* ordering score per move */
	int *idx;               /* the move's index in generator order */
	size_t cap;
};

struct yote_engine {
	struct yote_eval_weights w;
	struct tt_entry *tt;    /* in tt_mem, aligned (tt_alloc) */
	void *tt_mem;
	size_t tt_mask;
	uint16_t gen;           /* an entry of another generation is empty */
	int history[2][YOTE_MAX_SQUARES + 1][YOTE_MAX_SQUARES];
	struct yote_move killer[LISTS][2];
	struct yote_movelist list[LISTS];
	struct ordered ord[LISTS];
	struct yote_move pv[YOTE_MAX_PLY][YOTE_MAX_PLY];
	int pvlen[YOTE_MAX_PLY];
	struct yote_srch_hist hist;     /* repetition (search_int.h) */
	/* one search */
	const struct yote_rules *r;
	unsigned long long nodes, node_limit;
	unsigned long long moves;       /* moves generated by this search */
	unsigned long work;     /* of them since the clock was read */
	struct timespec t0;
	long movetime;
	int stop, oom, must_finish;
	int deepen;             /* iterations past the depth asked (limits) */
	unsigned long long deepen_nodes;
	int exact;              /* no reductions: the score minimax gives */
	int full;               /* this search: no reductions (a mate search) */
	const struct yote_move *only;   /* root moves searched, or NULL */
	size_t nonly;
	struct yote_move prev_best;     /* searched first at the root */
	int have_prev;
	struct yote_search_result part; /* best of the unfinished iteration */
	int have_part;
	int seldepth;           /* deepest ply reached */
	/* driven from another thread (yote-play's protocol) */
	const atomic_int *halt;         /* stop when it is non-zero */
	int multipv;                    /* root lines wanted, >= 1 */
	struct yote_move excl[YOTE_MULTIPV_MAX];        /* lines found */
	struct yote_move line_prev[YOTE_MULTIPV_MAX];   /* last depth's */
	int nexcl;
	yote_root_fn root_fn;
	void *root_ctx;
	/* endgame tables: the caller's, the engine's own, this search's */
	struct yote_srch_tb tbs;        /* the caller's, the engine's own */
	struct yote_tb *tb;             /* used by this search, or NULL */
};


#endif
