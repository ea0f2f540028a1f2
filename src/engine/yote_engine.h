/*
 * yote_engine.h - the engine's private interface: evaluation weights,
 * the quiescence capture generator and the test oracle.  For search.c,
 * eval.c, movegen.c and the engine's tests and tuning tool; not
 * installed.
 */
#ifndef YOTE_ENGINE_H
#define YOTE_ENGINE_H

#include <stdatomic.h>
#include <time.h>

#include "yote.h"

/* The evaluation's weights (eval.c says what each one does). */
struct yote_eval_weights {
	int trade, hand, corner, threat, initiative, open, mobility,
	    mobility_blocked, shut_in, decay, press;
};

/* The weights every new engine starts with. */
extern const struct yote_eval_weights yote_eval_default;

/* The evaluation of p under weights w (side to move's view). */
int yote_evaluate_w(const struct yote_rules *r, const struct yote_pos *p,
    const struct yote_eval_weights *w);

/* Give engine e its own weights (copied); for the tuning tool. */
void yote_engine_set_weights(struct yote_engine *e,
    const struct yote_eval_weights *w);

/*
 * on = 1: no late move reductions, so that a search scores exactly what
 * yote_minimax does (the tests' comparison); 0, the default: reduce.
 */
void yote_engine_set_exact(struct yote_engine *e, int on);


/*
 * tb.c, for the search: whether tb holds the tables of ruleset r (the
 * rules the solution depends on, and the move limit its probes apply).
 */
int yote_tb_serves(const struct yote_tb *tb, const struct yote_rules *r);

/*
 * A search's budget for the tables it builds or reads (NULL: none, as
 * after the search): a class is not started, or is given up, past the
 * deadline or once *halt is set, and not used at all when it and the
 * classes it may lead to hold more than positions (0: any number).
 */
struct yote_tb_budget {
	struct timespec deadline;       /* CLOCK_MONOTONIC */
	int timed;                      /* deadline set */
	unsigned long long positions;   /* 0: no such limit */
	const atomic_int *halt;         /* NULL: none */
};
void yote_tb_set_budget(struct yote_tb *tb, const struct yote_tb_budget *b);

/*
 * movegen.c: the engine's move lists.  Like yote_gen_captures and
 * yote_gen_moves, except that a bonus removal takes only enemy board
 * pieces in `bonus`, those that block a chain's next jump (the lowest
 * enemy piece when none of them is left) and those that could take the
 * capturing piece where it lands (the hand and "none" stay where the
 * rule allows them).  bonus = ~0 gives
 * the rules' lists.  Both give up with YOTE_ELIMIT as soon as the list
 * would pass `limit` moves (at most YOTE_MAX_MOVES).
 */
long yote_gen_captures_q(const struct yote_rules *r, const struct yote_pos *p,
    uint64_t bonus, size_t limit, struct yote_movelist *out);
long yote_gen_moves_q(const struct yote_rules *r, const struct yote_pos *p,
    uint64_t bonus, size_t limit, struct yote_movelist *out);

/*
 * For a position with more moves than a list may hold (custom rulesets):
 * the first per_square legal moves from each square, in generator order;
 * the count or YOTE_ENOMEM, in time bounded by per_square x squares.
 */
long yote_gen_moves_capped(const struct yote_rules *r,
    const struct yote_pos *p, size_t per_square, struct yote_movelist *out);

/*
 * Plain minimax to depth with the same quiescence (same capture set, same
 * width, same order) and evaluation, no tables and no pruning, and with
 * the search's repetition rule along the line: what yote_engine_search
 * must score at that depth from a cleared engine with no history.  For
 * tests; exponential.
 */
int yote_minimax(const struct yote_rules *r, const struct yote_pos *p,
    int depth);

/*
 * The score of move m in p, depth plies in all (at least 1), as the
 * search's root scores it: the position after m is below the root.
 */
int yote_minimax_move(const struct yote_rules *r, const struct yote_pos *p,
    const struct yote_move *m, int depth);

#endif
