/*
 * step.h - stepping through a replayed game at a terminal, one position
 * at a time, forward, back or to a ply (yote-replay --interactive).
 * Tool support, not libyote.
 */
#ifndef YOTE_STEP_H
#define YOTE_STEP_H

#include "diagram.h"

/*
 * Show g's positions in style st, starting at the start, as the commands
 * read from standard input ask: n (or an empty line) for the next, p the
 * previous, f the first, l the last, a ply number, q to quit.  Returns 0
 * when the user goes on past the last ply (the next game), 1 when the
 * user quits or the input ends.  The last ply's screen says how the game
 * ended, as a replay's last line does (whole: every ply was played),
 * else where the replay stopped.
 */
int step_game(const struct replayed *g, enum draw_style st, int whole);

#endif
