/*
 * summary.h - yote-validate --summary and --merge-summaries: the counts of
 * a run as a line or a JSON object, and the JSON summaries of runs over
 * pieces of a collection (GNU parallel --pipe) added up into the one a
 * single run would give.  Tool support, not libyote.
 */
#ifndef YOTE_TOOL_SUMMARY_H
#define YOTE_TOOL_SUMMARY_H

#include <stdio.h>

#include "yote.h"

/* The counts n of a run whose exit status is status, as the text line or
 * (json) the JSON object of --summary. */
void summary_print(FILE *out, int json, const struct yote_stream_counts *n,
    int status);

/*
 * --merge-summaries: read the JSON Lines of the nfiles files (standard
 * input when none, or "-"), add up their summary objects, copy every
 * other JSON object to out as it is, and print the total as
 * summary_print does.  Returns the exit status the total calls for: the
 * worst of the runs', 1 when some game is invalid or a line is not a
 * JSON object or no summary was found, 3 when a file cannot be read.
 * What cannot be merged is said as yote-validate says a bad game: on the
 * standard error, or (json) as a problem object in out, among the lines
 * copied ("io", "limit", "not-a-summary", "bad-summary", "no-summary").
 * out NULL (-q): nothing is printed nor said, the exit status alone tells.
 */
int summary_merge(FILE *out, int json, char *const *files, int nfiles);

#endif
