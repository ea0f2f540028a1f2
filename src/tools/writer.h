/*
 * writer.h - the collection a tool writes (writer.c): YAML, an archive or
 * the lines format, or with --list a line per game; the counts its last
 * line reports (tool_output_report).
 */
#ifndef YOTE_WRITER_H
#define YOTE_WRITER_H

#include <stdio.h>

#include "yote.h"

enum out_format { OUT_NONE = -1, OUT_YAML, OUT_ARCHIVE, OUT_LINES };

/* How the collection is written. */
struct out_opts {
	int to;                 /* enum out_format */
	int list;               /* --list: a line per game instead */
	int report;             /* --duplicates: a report, no games written */
	int keep_invalid;       /* -k: archive games that cannot be played,
				   as text */
	int lossy;              /* --lossy: lines drop what they cannot hold */
	int no_index;           /* --no-index */
	int pos_index;          /* --position-index: its bits, else 0 */
	int arc_version;        /* --archive-version, 0 for the latest */
	int stats;              /* -s: sizes on standard error at the end */
	unsigned long block;    /* games per archive block, 0: the default */
	const struct yote_rules *rules; /* for records without rules: */
	const char *output;     /* the file written, NULL: standard output
				   (a relative ruleset path is named from
				   its folder) */
};

/* A collection being written. */
struct out {
	FILE *fp;
	const struct out_opts *oo;
	struct yote_writer *yaml;
	struct yote_archive_writer *arc;
	unsigned long long games;       /* games written */
	unsigned long long kept;        /* invalid games written as written */
	unsigned long long left_out;    /* games rejected or unreadable */
	unsigned long long dupes;       /* --dedupe: later copies left out */
	unsigned long long plies;       /* their moves */
	long ply;               /* --list: the ply of --reaches/--pattern */
	char gone[256];         /* the last ruleset file said to be gone */
	struct yote_rebase *rebase;     /* the last rules: path rebased */
	unsigned long whole;    /* the number a line carries: the game's
				   in all the inputs (yote_stream_game) */
};

/* The format a name (yaml, archive, lines) or a file name's extension
 * (.yaml .yml, .yta, .lines .txt) calls for, or OUT_NONE. */
int format_named(const char *s);
int format_of_path(const char *path);

/* Start writing onto fp; 0, or an error code with e. */
int writer_open(struct out *o, FILE *fp, const struct out_opts *oo,
    struct yote_error *e);

/*
 * Write one record read from name, with plies moves; invalid: the stream
 * has said what is wrong with it (an archive still takes it when its
 * moves can be played, or with -k as text).  A ruleset file named by a
 * relative path is named again from the output's folder (from the root
 * in an archive, which carries the ruleset, and on standard output).
 * Returns the exit status it calls for.
 */
int writer_put(struct out *o, const char *name, struct yote_record *rec,
    unsigned long plies, int invalid);

/* --list: the line of game number of input name, which could not be read
 * (no record): its names '?', result '*', no plies. */
void writer_list_lost(struct out *o, const char *name, unsigned long number);

/*
 * A write onto o->fp failed (msg: what the writer said): EXIT_IO.  A
 * write error of the stream is said, with its reason, where the output
 * is closed (tool_stdout_done, tool_atomic_close); msg is said here only
 * when the stream holds no error.
 */
int write_failed(const struct out *o, const char *msg);

/* Finish the collection (an archive's index and end); 0, or an error
 * code with e. */
int writer_close(struct out *o, struct yote_error *e);

#endif
