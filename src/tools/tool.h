/*
 * tool.h - what every yote-* tool shares: the one diagnostic form, the
 * exit statuses, and --rules handling.  Not part of libyote (the library
 * never prints).
 */
#ifndef YOTE_TOOL_H
#define YOTE_TOOL_H

#include <getopt.h>
#include <stdio.h>

#include "yote.h"
#include "input.h"

enum tool_exit {
	EXIT_OK = 0,            /* all good */
	EXIT_INVALID = 1,       /* input rejected */
	EXIT_USAGE = 2,         /* usage error */
	EXIT_IO = 3             /* I/O or system error */
};

extern const char *tool_name;   /* set by tool_init */

/* Set the name used in messages (argv[0] without directories), and
 * ignore SIGXFSZ (a write past ulimit -f fails as on a full disk). */
void tool_init(const char *argv0);

/* A tool's exit status: status, or EXIT_IO when a message could not be
 * written to standard error (nowhere left to say it). */
int tool_status(int status);

/* Whether environment variable name is set to anything but empty or 0. */
int tool_env_on(const char *name);

/*
 * Print one diagnostic to stderr in the suite's one form:
 *   prog: file:line:col: game N, ply P: message
 * leaving out the parts the error does not have.
 */
void tool_diag(const struct yote_error *e);

/*
 * The same diagnostic as one JSON object on a line of out, the form of
 * yote-validate -f json: kind "problem", program, file ("" when none),
 * line, column, game, ply (0 when unknown), problem (its name: problem,
 * or when NULL yote_diag_name(e->diag)), message and severity.
 */
void tool_diag_json(FILE *out, const struct yote_error *e,
    const char *problem);


/* Text from a file on its way out: through yote_escape (yote.h), as
 * every diagnostic is (tool_diag, tool_warn).  how: YOTE_ESC_* or 0. */

/* Onto fp, whole; 0 or -1 on a write error. */
int tool_put_text(FILE *fp, const char *src, unsigned how);

/*
 * src as tool_put_text writes it, in a table's cell of width characters
 * (width 0: no limit): only whole characters and whole escapes, so that
 * a cut never leaves half of one (\u202 of \u202e), a cut text ending in
 * "..." within the width, then spaces up to width.  0, or -1 on a write
 * error.
 */
int tool_put_cell(FILE *fp, const char *src, int width, unsigned how);

/*
 * src as shown (escaped as tool_text does), cut to at most chars
 * characters, whole characters and whole escapes, with "..." in place of
 * what is cut, into dst (size bytes, which it never passes): for a name
 * in a title of fixed width, which an escape (\u202e, six characters for
 * one) must not push past it.  Returns dst.
 */
char *tool_cut(char *dst, size_t size, const char *src, int chars);

/* Where a line of shown text that must be cut at `at` (no blank to break
 * at) is cut: at, or the start of an escape (\xHH, \uXXXX) that at would
 * split, when that escape does not begin the line. */
const char *tool_escape_cut(const char *line, const char *at);

/* The characters of the UTF-8 text s[0..n): the bytes that begin one. */
size_t tool_chars(const char *s, size_t n);

/*
 * The columns the UTF-8 text s[0..n) takes on a terminal: a combining
 * mark none, a wide character two, a byte that is no character one.
 */
size_t tool_width(const char *s, size_t n);

/*
 * Text for a terminal of 80 columns: text onto fp broken at blanks into
 * lines of at most TOOL_COLS columns (as tool_width counts them; a
 * word longer than a line is cut; the blanks at a break are dropped, a
 * line's own leading blanks kept), each '\n' in it starting a new line,
 * every line after the first indented by indent blanks.  text is shown as
 * it is: escape what came from a file first (yote_escape).
 */
#define TOOL_COLS 79
void tool_wrap(FILE *fp, const char *text, int indent);

/* A tab, then a record's header key as one TSV field (YOTE_ESC_FIELD), or
 * dflt when the record has no such scalar: a column of a --list line. */
void tool_put_field(FILE *fp, const struct yote_record *rec, const char *key,
    const char *dflt);

/*
 * For printf arguments: s escaped (how 0) in one of TOOL_TEXT_RING
 * buffers of the calling thread, so that up to so many can be used in
 * one call; cut at TOOL_TEXT_MAX - 1 bytes.  NULL for NULL.
 */
#define TOOL_TEXT_RING 8
#define TOOL_TEXT_MAX 1024
const char *tool_text(const char *s);

/* Print "prog: message" to stderr. */
void tool_warn(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/*
 * --version: "tool VERSION" on standard output; returns EXIT_OK, or
 * EXIT_IO (with a message) when it could not be written.
 */
int tool_version(void);

/*
 * --help: usage(stdout); returns EXIT_OK, or EXIT_IO (with a message) when
 * the help could not be written, as any other output.
 */
int tool_help(void (*usage)(FILE *));

/*
 * A side as a user names it: first or x (0), second or o (1), or a side's
 * name in a built-in ruleset (white, red: 0; black: 1), in any letter
 * case; -1 for anything else.
 */
int tool_side(const char *word);

/*
 * The getopt_long value of another tool's long option name that a tool
 * lists (with optional_argument) so that getopt does not take it for a
 * shortening of one of its own: tool_bad_option says it is unknown.
 */
#define TOOL_OPT_FOREIGN 0x3FF

/*
 * getopt_long (longindex as there), except that an option naming a file to write or read
 * (--output, --svg, --svg-dir, --html, --graph, --openings, --criteria,
 * --tb-dir) given an empty value is returned as TOOL_OPT_EMPTY, for
 * tool_bad_option: '-o ""' is a slip, not a file to fail on at the end.
 */
#define TOOL_OPT_EMPTY 0x3FE
int tool_getopt(int argc, char *const argv[], const char *optstring,
    const struct option *longopts, int *longindex);

/*
 * For getopt_long's '?' and ':' (optstrings start with ':'),
 * TOOL_OPT_FOREIGN and TOOL_OPT_EMPTY: the usage error naming the option,
 * and the long option of longopts it is probably a slip for; returns
 * EXIT_USAGE.
 */
int tool_bad_option(int c, char *const argv[],
    const struct option *longopts);

/*
 * -f/--format's value, one reading in every tool: TOOL_FMT_TEXT for
 * "text" (or "table", yote-explore's older name), TOOL_FMT_TSV for "tsv"
 * when tsv is 1, TOOL_FMT_JSON for "json"; on anything else prints the
 * usage error naming the forms the tool takes and returns -1.
 */
enum tool_fmt { TOOL_FMT_TEXT, TOOL_FMT_TSV, TOOL_FMT_JSON };
int tool_format(const char *arg, int tsv);

/*
 * A figure that does not exist (a score of no finished game, the mean of
 * no move) as every tool writes it in fmt: "-" in a text table, an empty
 * field in TSV, null in JSON.
 */
const char *tool_fmt_none(enum tool_fmt fmt);

/*
 * An option's number: decimal, lo..hi.  On anything else prints the usage
 * error naming the option and returns -1.
 */
int tool_number(const char *arg, const char *name, long long lo,
    long long hi, long long *out);

/*
 * At the end of a tool: flush standard output; on a write error say so and
 * return EXIT_IO, else status.  A write error is said here, or by
 * tool_atomic_close for a file, and nowhere else: a writer that fails
 * returns EXIT_IO and leaves the stream's error flag to be seen.
 */
int tool_stdout_done(int status);

/* Say that a write on standard output failed with err: "write error on
 * standard output: reason", once however many streams write there (-o -,
 * --svg -, --graph -, and standard output itself). */
void tool_stdout_failed(int err);

/*
 * Why a write on fp failed, as an errno value (EIO when it cannot tell):
 * stdio drops what it failed to write, and errno with it, so one byte
 * more is written and flushed, and fails again with the reason (a full
 * disk says so, not "I/O error").  For a stream in error, whose output
 * is refused whatever that byte does.
 */
int tool_write_errno(FILE *fp);

/*
 * A record checker that takes r (may be NULL: classic) for records
 * without rules:; NULL when out of memory (said).  yote_checker_free it.
 */
struct yote_checker *tool_checker(const struct yote_rules *r);

/* The exit status an error code calls for. */
int tool_exit_for(int code);

/*
 * Resolve --rules NAME|FILE.  On failure prints the diagnostic and returns
 * NULL with *status set to the exit status to use.
 */
const struct yote_rules *tool_rules(const char *spec, int *owned,
    int *status);

/*
 * Write a file named on the command line (-o FILE, --svg FILE, ...),
 * whole or not at all (man/yote.7, OUTPUT FILES):
 *  - tool_atomic_open writes a temporary file beside the target, with
 *    the mode the target has or would get; a symbolic link is followed,
 *    so that the file it names is replaced and the link stays; a device
 *    or a FIFO (/dev/null, /dev/stdout, a pipe) is written directly, as
 *    the shell's > would; a folder or a file we may not write is refused.
 *    NULL with errno set when it cannot (not said: the caller names the
 *    file).  At most four at a time.
 *  - tool_atomic_close(fp, path, ok) renames the temporary file over the
 *    target when ok and every write, the flush and the fsync succeeded;
 *    else it removes it and says so with path and the reason ("path: No
 *    space left on device; the old file is left as it was") when ok or a
 *    write failed (the stream's error flag: a writer leaves it to be said
 *    here).  A caller that passes ok 0 with no write failed has said why
 *    itself (tool_output_report can add that the file was not written).
 *    Returns EXIT_IO when a write failed, else EXIT_OK.
 *  - path "-" is standard output: a stream of its own on it, flushed
 *    after what standard output held.
 * While such a file is open, the signals whose default is to end the
 * process (SIGHUP, SIGINT, SIGTERM, SIGPIPE, SIGALRM, ...) remove the
 * temporary file before they do, and SIGXFSZ is ignored (a write past a
 * file-size limit fails as on a full disk); a signal the tool was
 * started with ignored (nohup) stays ignored, and one the tool handles
 * itself stays its own.
 */
FILE *tool_atomic_open(const char *path);
int tool_atomic_close(FILE *fp, const char *path, int ok);

/*
 * Files of a set written whole or not at all together (the pictures of
 * --svg and --graph: one a game):
 *  - tool_atomic_hold(fp, path) closes a file of tool_atomic_open as
 *    tool_atomic_close(fp, path, 1) does, but keeps its temporary file
 *    until the run ends (standard output, a device or a FIFO is written
 *    as it goes); a failed write is said, EXIT_IO, else EXIT_OK.
 *  - tool_held_done(status) puts every held file in place when status is
 *    0 or 1, else removes them and says so in one line ("r.svg and 764
 *    more: not written, as the run failed (said above); those there
 *    before are left as they were"); the status, or EXIT_IO when a file
 *    could not be put in place (said).
 * A signal that ends the tool removes them as it removes the files of
 * tool_atomic_open, and says so in one line.
 */
int tool_atomic_hold(FILE *fp, const char *path);
int tool_held_done(int status);

/*
 * The file of the k-th game's picture (yote-analyze --graph, yote-replay
 * --svg): base for the first, else base with -k before a final .svg (or
 * at its end): eval.svg, eval-2.svg, ...; "-" (standard output) for
 * every one.
 */
void tool_kth_path(const char *base, unsigned long k, char *buf,
    size_t size);

/*
 * The last line of a tool that writes a collection (man/yote.7, OUTPUT):
 * when games were left out or written invalid (status 1) "FILE: N games
 * written, K of them invalid, M left out (said above), R repeats left
 * out", each part only when there are such games (repeats: left out by
 * --dedupe, and not said); when it stopped on an error (status 3) that
 * FILE was not written and the old one is left as it was (unless
 * tool_atomic_close said so already).  On standard output an error of
 * output is said by tool_stdout_done, as in every tool, and an input
 * that could not be read by the stream: nothing more to say.
 * file: NULL for standard output.
 */
void tool_output_report(const char *file, unsigned long long written,
    unsigned long long kept, unsigned long long left_out,
    unsigned long long repeats, int status);

/*
 * A record a writer refused as over a limit (YOTE_ELIMIT of
 * yote_writer_put): said as a reader would say it, game number and file,
 * and that it was not written.  EXIT_INVALID.
 */
int tool_record_over(const char *file, const struct yote_record *rec);

/*
 * rec, read from the file from, about to be written to the file to (NULL:
 * standard output): a relative rules: path named again from there
 * (yote_record_rebase_rules, its last answer kept in *cache), embed as
 * there.  Every tool that writes records calls it, so a record written
 * elsewhere names the same ruleset file.  Returns that function's code,
 * or EXIT_IO for YOTE_ENOMEM, said.
 */
int tool_rebase(struct yote_rebase **cache, struct yote_record *rec,
    const char *from, const char *to, int embed);

/*
 * The start of a file named with -o (path; NULL: standard output, which
 * is returned): tool_atomic_open, saying "path: cannot write: reason"
 * when it cannot (NULL then).
 */
FILE *tool_output_open(const char *path);

/*
 * The end of a file named with -o (path; NULL: standard output, nothing
 * to do) by a tool whose exit status so far is status: put in place when
 * status is below 3, else removed with a message saying that the file was
 * not written and the old one left as it was.  Returns the exit status.
 */
int tool_output_done(FILE *fp, const char *path, int status);

/*
 * tool_output_done for a report: st is the run's exit status, status the
 * part of it that came from no input.  When the report holds what the
 * inputs' failures were (holds: yote-validate's JSON, where an input not
 * read is a problem "io"), an input's failure alone (st 3) keeps the file:
 * it is written whole, and 3 returned.
 */
int tool_report_done(FILE *fp, const char *path, int status, int st,
    int holds);

/*
 * For a tool's own signal handler (async-signal-safe): remove every
 * temporary file tool_atomic_open and tool_tmp_make made and has not yet
 * put in place; tell: say so on standard error (of tool_atomic_open's).
 */
void tool_output_abandon(int tell);

/*
 * A temporary file for others' files (the endgame tables' cache, through
 * yote_tb_io): mkstemp(tmpl), removed, as tool_atomic_open's are, by the
 * signals that would end the tool; SIGXFSZ is ignored from then on (a
 * write past a file-size limit fails with EFBIG).  Safe from any thread.
 * The descriptor, or -1 (errno).  tool_tmp_end renames tmp to path, or
 * removes it when path is NULL, and forgets it: 0, or -1 (errno; a file
 * not renamed is still removed by a signal until tool_tmp_end(tmp, NULL)).
 */
int tool_tmp_make(char *tmpl);
int tool_tmp_end(const char *tmp, const char *path);

/* The line every usage error ends with: "Try 'prog --help' for more
 * information." on the standard error (tool_usage_error prints it too). */
void tool_usage_hint(void);

/*
 * A position string given as an option (yote-analyze --position,
 * yote-replay --start) that yote_pos_parse refused with e: a usage error
 * in the words yote-explore --position uses; returns EXIT_USAGE.
 */
int tool_bad_position(const char *option, const char *text,
    const struct yote_error *e);

/* An option's text that goes into the records written (a player's name,
 * an event): EXIT_OK when it is UTF-8, else a usage error naming the
 * first byte that is not (EXIT_USAGE). */
int tool_text_arg(const char *option, const char *arg);

/* Print "prog: unknown option; see prog --help" style usage error. */
int tool_usage_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

#endif
