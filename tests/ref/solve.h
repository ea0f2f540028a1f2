/*
 * solve.h - an exact solver for small Yoté games (tests/ref/solve.c), a
 * test oracle written from the rules contract only, on top of the reference
 * move generator ref.c.  See README.md.
 *
 * Values are from the side to move's point of view:
 *   REF_WIN - d    the side to move wins in d plies with best play
 *   0              a draw (also: play that can go on for ever)
 *   -(REF_WIN - d) the side to move loses in d plies
 * The winner takes the fastest win, the loser the slowest loss.
 */
#ifndef REF_SOLVE_H
#define REF_SOLVE_H

#include "ref.h"

#define REF_WIN 30000

struct ref_solver;

/* A solver for ruleset R (copied); NULL when out of memory.  R->P must be
 * at most 15 and the board at most 25 points. */
struct ref_solver *ref_solver_new(const Rules *R);
void ref_solver_free(struct ref_solver *s);

/* Add a start position: the solver covers every position reachable from
 * its start positions.  0, or -1 when out of memory. */
int ref_solver_add(struct ref_solver *s, const Pos *p);

/* Explore and solve.  0, or -1 when out of memory. */
int ref_solver_run(struct ref_solver *s);

/* Positions without the plies-since-capture counter ("base" positions). */
long ref_solver_count(const struct ref_solver *s);

/* Values of the counter that differ: the ruleset's no-capture limit + 1
 * (counter 0..limit, where limit stands for every value >= limit), or 1
 * when the ruleset has no limit (the counter does not matter). */
int ref_solver_layers(const struct ref_solver *s);

/* Base position i (0 <= i < count) with counter k (0 <= k < layers). */
void ref_solver_position(const struct ref_solver *s, long i, int k, Pos *out);

/* The value of base position i with counter k. */
int ref_solver_value_at(const struct ref_solver *s, long i, int k);

/* Whether base position i is finished by the rules (whatever k is). */
int ref_solver_terminal(const struct ref_solver *s, long i);

/* The index of p's base position, or -1 when p is not among them. */
long ref_solver_find(const struct ref_solver *s, const Pos *p);

/* The value of p: 0 with *v set, or -1 when p is not among the positions. */
int ref_solver_value(const struct ref_solver *s, const Pos *p, int *v);

/* The value of a move to a position of value v (that position's side to
 * move's view), one ply later, from the mover's view. */
int ref_value_back(int v);

/* Check every value against its successors (v = the best ref_value_back
 * of them; a finished position's value by the rules).  Returns the number
 * of positions that disagree; the first is described in why (256 bytes). */
long ref_solver_check(const struct ref_solver *s, char *why);

/*
 * Plain minimax over the reference generator, with no table: the value of
 * p when the game ends within depth plies with best play (a forced win or
 * loss, or a draw the rules declare), else REF_UNKNOWN.  For checking the
 * solver on the positions it samples; exponential.
 */
#define REF_UNKNOWN (-REF_WIN - 1)
int ref_horizon(const Rules *R, const Pos *p, int depth);

#endif
