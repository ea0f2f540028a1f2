/*
 * annosummary.h - yote-analyze --summary: a row per analysed game and
 * side (inaccuracies, mistakes, blunders, average loss, accuracy), as a
 * text table, TSV or JSON Lines.  Tool support, not libyote.
 */
#ifndef YOTE_ANNOSUMMARY_H
#define YOTE_ANNOSUMMARY_H

#include <stdio.h>

#include "yote.h"
#include "tool.h"

/* The table being written; the caller fills the first three fields and
 * zeroes header_done. */
struct annosummary {
	FILE *fp;               /* where the rows go */
	enum tool_fmt fmt;
	int side;               /* only this side's row (0, 1), or -1: both */
	int header_done;        /* the header line is out (none for JSON) */
};

/* The header line, unless it is out already (or JSON): before the first
 * row, and at the end when no game had one, so that a table of no games
 * is its header alone, as yote-explore --players writes it. */
void annosummary_header(struct annosummary *sm);

/* The rows of one game rec of file, as analysed (an), after the header
 * when it is the first game.  Write errors are left in sm->fp. */
void annosummary_rows(struct annosummary *sm, const struct yote_record *rec,
    const char *file, const struct yote_annotation *an);

#endif
