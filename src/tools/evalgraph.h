/*
 * evalgraph.h - a game's evaluation as an SVG chart (yote-analyze
 * --graph): the first side's chance to win after each ply, with the
 * inaccuracies, mistakes and blunders marked.  Tool support, not libyote.
 */
#ifndef YOTE_EVALGRAPH_H
#define YOTE_EVALGRAPH_H

#include "yote.h"

/*
 * Write the chart of rec as an analysed (an) to the file named base for
 * the first game of the output and base with "-k" before its ".svg" (or
 * at its end) for game k > 1, so that games of several inputs, each
 * numbered from 1, do not overwrite each other's files; base "-" is
 * standard output, for every game, one chart after the other.  The file is
 * written whole or not at all (tool_atomic_open).  Returns EXIT_OK, or
 * EXIT_IO after saying why.
 */
int evalgraph_write(const char *base, unsigned long k,
    const struct yote_record *rec, const struct yote_annotation *an);

#endif
