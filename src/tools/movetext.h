/*
 * movetext.h - a move typed or sent to yote-play (its protocol, its pipe
 * mode), judged and said in yote-validate's words, so that a typo and an
 * illegal move are told apart everywhere alike.  Tool support, not
 * libyote.
 */
#ifndef YOTE_MOVETEXT_H
#define YOTE_MOVETEXT_H

#include <stddef.h>

#include "yote.h"

#define MOVETEXT_BAD 1          /* not a move of the notation at all */
#define MOVETEXT_ILLEGAL 2      /* a move, not legal there */

/*
 * The move text (shown as shown) in position p under r: 0, and the move
 * in *m, when it is legal; else what is wrong into msg (size bytes) and
 * MOVETEXT_BAD, "bad move 'TEXT': why at character N" (a typo), or
 * MOVETEXT_ILLEGAL, "illegal move 'TEXT': why" (not legal in p, or not
 * on this board).
 */
int movetext_read(const struct yote_rules *r, const struct yote_pos *p,
    const char *text, const char *shown, struct yote_move *m, char *msg,
    size_t size);

#endif
