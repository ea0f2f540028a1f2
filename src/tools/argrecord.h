/*
 * argrecord.h - a game record made of command-line arguments: a start
 * position and moves as typed (yote-replay --start/--moves), for the
 * checker to judge like any record read from a file.  Tool support, not
 * libyote.
 */
#ifndef YOTE_ARGRECORD_H
#define YOTE_ARGRECORD_H

#include "yote.h"

/*
 * The record's root: yote: 1, rules: rules and start: start when not
 * NULL, and moves: the words of moves (split at blanks and commas; none
 * when NULL), each on line 1.  The caller frees it (yote_node_free).
 * NULL when out of memory.
 */
struct yote_node *argrecord_new(const char *rules, const char *start,
    const char *moves);

#endif
