/*
 * input.h - the tools' side of the stream of games (yote_stream.h): the
 * selection options every tool that reads games takes, the same letters
 * and long names everywhere (yote(7), THE SUITE'S OPTIONS), and a stream
 * whose diagnostics are printed in the suite's one form.
 */
#ifndef YOTE_INPUT_H
#define YOTE_INPUT_H

#include <getopt.h>

#include "yote.h"

/* getopt_long values of the selection options without a letter:
 * SELECT_OPT + i for yote_select_keys[i]. */
enum { SELECT_OPT = 0x200, SELECT_OPT_CRITERIA = SELECT_OPT + 0x40,
	SELECT_OPT_INVERT };

/*
 * The selection options, for a tool's getopt_long table; their short
 * forms -g (--game), -P (--player) and -e (--event) go in its optstring
 * as "e:g:P:".  SELECT_LONGOPTS_BY_PLAY are those of a game's play
 * (number, players, date, result, length, positions) and the files of
 * criteria; SELECT_LONGOPTS_BY_HEADER the criteria whose names a tool
 * that writes records (yote-play) keeps for the record's own headers
 * and who moves first: there they are only criteria file keys.
 */
#define SELECT_LONGOPTS_BY_PLAY \
	{ "game", required_argument, NULL, 'g' }, \
	{ "player", required_argument, NULL, 'P' }, \
	{ "date", required_argument, NULL, SELECT_OPT + 6 }, \
	{ "result", required_argument, NULL, SELECT_OPT + 7 }, \
	{ "termination", required_argument, NULL, SELECT_OPT + 8 }, \
	{ "ruleset", required_argument, NULL, SELECT_OPT + 9 }, \
	{ "plies", required_argument, NULL, SELECT_OPT + 10 }, \
	{ "reaches", required_argument, NULL, SELECT_OPT + 11 }, \
	{ "pattern", required_argument, NULL, SELECT_OPT + 12 }, \
	{ "criteria", required_argument, NULL, SELECT_OPT_CRITERIA }, \
	{ "invert", no_argument, NULL, SELECT_OPT_INVERT }
#define SELECT_LONGOPTS_BY_HEADER \
	{ "event", required_argument, NULL, 'e' }, \
	{ "first", required_argument, NULL, SELECT_OPT + 1 }, \
	{ "second", required_argument, NULL, SELECT_OPT + 2 }, \
	{ "site", required_argument, NULL, SELECT_OPT + 4 }, \
	{ "round", required_argument, NULL, SELECT_OPT + 5 }
#define SELECT_LONGOPTS SELECT_LONGOPTS_BY_PLAY, SELECT_LONGOPTS_BY_HEADER

/*
 * getopt's value c with its optarg: when it is a selection option, take
 * it into s's selection and return 1 with *status 0, or with *status the
 * exit status after the error is said (EXIT_USAGE for a bad value,
 * EXIT_IO for a criteria file that cannot be read); 0 for another option.
 */
int tool_select_option(struct yote_stream *s, int c, const char *arg,
    int *status);

/*
 * Whether the selection can choose anything (--invert needs a criterion
 * to turn round): 0, else EXIT_USAGE after saying why.  tool_stream_inputs
 * asks it; a tool that adds its inputs itself asks it first.
 */
int tool_select_checked(struct yote_stream *s);

/*
 * A mode that reads no games (what: "--perft", "--merge-summaries"...):
 * 0 when no selection was given, else EXIT_USAGE after saying that it
 * does not go with one (it would be left aside in silence).
 */
int tool_select_unused(struct yote_stream *s, const char *what);

/*
 * A stream whose diagnostics tool_diag prints; NULL after saying "out of memory".  Made before the
 * options, which fill its selection.
 */
struct yote_stream *tool_stream_new(void);

/* Its inputs: the nfiles files, standard input when none, once the
 * selection is complete.  0, EXIT_USAGE (said) for a selection that can
 * choose nothing (yote_select_check), or EXIT_IO after saying "out of
 * memory". */
int tool_stream_inputs(struct yote_stream *s, char *const files[],
    int nfiles);

/* The diagnostic callback tool_stream_new sets (ctx unused). */
void tool_stream_diag(void *ctx, const struct yote_error *e);

/*
 * The exit status of a stream read to the end and of the tool's own
 * status: the worse of the two; a stream that ran out of memory says 3.
 */
int tool_stream_status(const struct yote_stream *s, int status);

/* Whether path names the standard input: "-", or the same file
 * (/dev/stdin, the terminal by its name). */
int tool_is_stdin(const char *path);

#endif
