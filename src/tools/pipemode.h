/*
 * pipemode.h - yote-play driven by a program through a pipe: moves and
 * commands (moves, hint, undo, resign, draw, save FILE, quit) in, one a
 * line, the engine's moves and the answers out, one a line; refusals on
 * standard error.  Tool support, not libyote.
 */
#ifndef YOTE_PIPEMODE_H
#define YOTE_PIPEMODE_H

#include "session.h"

/*
 * Play one game from start under r, reading standard input to its end or
 * to the end of the game, as opt says, and write its record to opt->out
 * at the end.  Returns the exit status: 1 when a line was refused.
 */
int pipe_play(const struct yote_rules *r, const struct yote_pos *start,
    const struct session_opts *opt);

#endif
