/*
 * openings.h - yote-explore's opening tree: from one position, each move
 * played next in the games that reach it, how often, how it scored for
 * the side that played it and when those games ended; and so on for
 * every line of up to a given number of moves.  Tool support, not
 * libyote.
 */
#ifndef YOTE_OPENINGS_H
#define YOTE_OPENINGS_H

#include <stdio.h>

#include "figures.h"
#include "yote.h"

#define OPENINGS_MAX_DEPTH 64   /* the longest line a tree keeps */

struct optree;

/*
 * An empty tree of lines of up to depth moves (1..OPENINGS_MAX_DEPTH)
 * whose position is the start of the first game counted, unless
 * optree_set_position says otherwise.  NULL when out of memory (not
 * said).  optree_free it.
 */
struct optree *optree_new(int depth);

/* Free t and what it holds; NULL ok. */
void optree_free(struct optree *t);

/*
 * The tree's position, from --position's text: a whole position (every
 * point, the side to move and both hands; its counters play no part),
 * its hands held to the pieces of r (-r; NULL: the built-in ruleset of
 * its board).  Returns EXIT_OK, or EXIT_USAGE after the usage error
 * naming option.
 */
int optree_set_position(struct optree *t, const struct yote_rules *r,
    const char *text, const char *option);

/* The tree's position as a pattern (for yote_stream_set_reaching). */
const struct yote_pattern *optree_position(const struct optree *t);

/*
 * Count a valid game, played through (g->played): when it reaches the
 * tree's position, its result goes to the position and to each move of
 * its line from there.  Returns 0, or YOTE_ENOMEM.
 */
int optree_game(struct optree *t, const struct yote_stream_game *g);

/*
 * Write the tree onto fp in form fmt: the position's figures, then each
 * move played in at least min_games games, most played first, with the
 * moves after it below it.  Without a game counted, says "no games" and
 * writes nothing.  Returns 0, or YOTE_ENOMEM (not said); write errors
 * are left in fp.
 */
int optree_report(const struct optree *t, FILE *fp, enum tool_fmt fmt,
    unsigned long min_games);

#endif
