/*
 * svgfile.h - SVG pictures of a replayed game's positions written to
 * files, each titled with the players and the ply (yote-replay --svg and
 * --svg-dir).  Tool support, not libyote.
 */
#ifndef YOTE_SVGFILE_H
#define YOTE_SVGFILE_H

#include <stddef.h>

#include "diagram.h"

/*
 * The position after ply i of g (0: the start), its last move marked,
 * into path, written atomically (tool_atomic_open): the old file stays
 * when writing fails; with hold, put in place with the run's other
 * pictures when it ends well (tool_atomic_hold, tool_held_done: --svg's
 * one a game).  Returns EXIT_OK, or EXIT_IO after saying why.
 */
int svgfile_write(const struct replayed *g, size_t i, const char *path,
    int hold);

/*
 * Every position of g, from the start, into dir/gameN-plyMMM.svg (N the
 * game's number in its input), or dir/inK-gameN-plyMMM.svg for the K-th
 * input from the second on (input counts from 0), as each input numbers
 * its games from 1; stops at the first failure.  Each is put in place as
 * it is made: a picture a ply of a whole collection is too many files to
 * hold back to the end.  Returns EXIT_OK or EXIT_IO (said).
 */
int svgfile_game(const struct replayed *g, const char *dir,
    unsigned long input);

#endif
