/*
 * onepos.h - what yote-analyze does with one position instead of games:
 * count its move sequences (--perft), list its legal moves (--moves),
 * search it for the best move (--best).  Tool support, not libyote.
 */
#ifndef YOTE_ONEPOS_H
#define YOTE_ONEPOS_H

#include <stdio.h>

#include "engopt.h"

/*
 * The number of legal move sequences of depth plies from p, on out
 * (standard output or -o FILE); with divide (and depth >= 1) first the count under each first
 * move, sorted, one a line.  Returns EXIT_OK, EXIT_INVALID after saying
 * that a position had more moves than YOTE_MAX_MOVES, or EXIT_IO after
 * saying "out of memory".
 */
int onepos_perft(FILE *out, const struct yote_rules *r,
    const struct yote_pos *p, int depth, int divide);

/* p's legal moves, sorted, one a line on out; returns as
 * onepos_perft. */
int onepos_moves(FILE *out, const struct yote_rules *r,
    const struct yote_pos *p);

/*
 * Search p within lim with an engine made from eng: an "info" line for
 * each depth done and a "bestmove" line on out.  Returns
 * EXIT_OK, or EXIT_IO after saying that memory ran out.
 */
int onepos_best(FILE *out, const struct yote_rules *r,
    const struct yote_pos *p, const struct engopt *eng,
    const struct yote_limits *lim);

#endif
