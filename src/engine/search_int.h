/*
 * search_int.h - what the search shares with its test oracle
 * (minimax.c): the same move lists, the same quiescence order, the same
 * ends and repetitions, so that the two score alike.  Not installed.
 */
#ifndef YOTE_SEARCH_INT_H
#define YOTE_SEARCH_INT_H

#include "yote_int.h"
#include "yote_engine.h"

#define QDEPTH 8                /* quiescence plies at most */
#define QWIDTH 24               /* captures searched at a quiescence node */
#define INF (YOTE_WIN + 1)
#define LISTS (YOTE_MAX_PLY + QDEPTH + 2)

/* The score of p, which has no move or is over by the rules, at ply. */
int yote_srch_terminal(const struct yote_rules *r, const struct yote_pos *p,
    int ply);
/* Whether q has no move or is over by the rules. */
int yote_srch_is_terminal(const struct yote_rules *r, const struct yote_pos *q);
/* The moves searched at a node (every legal move at the root). */
long yote_srch_gen_node(const struct yote_rules *r, const struct yote_pos *p,
    struct yote_movelist *l, int ply);
/* The captures of quiescence at its plies-deep qd. */
long yote_srch_gen_quiet_end(const struct yote_rules *r, const struct yote_pos *p,
    struct yote_movelist *l, int qd);
/* Order the captures of l (scores in sc, generator indexes in idx, both
 * l->n long); returns how many of them are searched. */
size_t yote_srch_q_order(const struct yote_rules *r,
    const struct yote_eval_weights *w, const struct yote_pos *p,
    struct yote_movelist *l, int *sc, int *idx, int ply);
/* Whether hash h at rep[at] repeats a position before it (repetition.c
 * says how the game before nhist counts). */
int yote_srch_repeated(const uint64_t *rep, size_t nhist, size_t at,
    uint32_t since, uint64_t h);

/*
 * The same answer for a long game before the root: yote_srch_past_build
 * sorts the entries of rep[0..nhist) that a search from a root with
 * root_since plies since the last capture can look back to, when there
 * are more than a few (else it leaves n[0] + n[1] = 0: scan them); 0 or
 * YOTE_ENOMEM.  yote_srch_past_repeated(sp, rep, nhist, ply, since, h) is
 * then yote_srch_repeated(rep, nhist, nhist + ply, since, h).  The structure
 * starts zeroed and is freed by yote_srch_past_free.
 */
struct yote_srch_past {
	uint64_t *v;            /* parity 0 at the front, 1 from base1 */
	size_t n[2], base1, cap;
};
int yote_srch_past_build(struct yote_srch_past *sp, const uint64_t *rep, size_t nhist,
    uint32_t root_since);
int yote_srch_past_repeated(const struct yote_srch_past *sp, const uint64_t *rep,
    size_t nhist, size_t ply, uint32_t since, uint64_t h);
void yote_srch_past_free(struct yote_srch_past *sp);

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

#endif
