/*
 * terminal.h - yote-play's interactive session at a terminal: a person
 * against the engine, or two people, typing moves and commands (moves,
 * hint, undo, resign, draw, save, board, help, quit) at a prompt, with
 * the board drawn after every ply; Ctrl-C asks whether to abandon the
 * game, a hangup ends it as unfinished.  Tool support, not libyote.
 */
#ifndef YOTE_TERMINAL_H
#define YOTE_TERMINAL_H

#include "session.h"

/*
 * Play one game from start under r at the terminal (standard input is a
 * terminal; standard output may be a pipe, which only loses the colours),
 * as opt says, and write its record to opt->out at the end.  Returns the
 * exit status.
 */
int terminal_play(const struct yote_rules *r, const struct yote_pos *start,
    const struct session_opts *opt);

#endif
