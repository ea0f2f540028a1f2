/*
 * yote-convert - convert game collections between YAML, archives and the
 * lines format, or list them.
 *
 * Every input is read by yote_reader, which tells the three formats apart
 * by their first bytes; the output format comes from --to or the output
 * file's extension.  A file named with -o is written whole or not at all
 * (tool_atomic_open): it holds every game that could be read, or on an
 * I/O error the old file stays.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tool.h"

enum out_format { OUT_NONE = -1, OUT_YAML, OUT_ARCHIVE, OUT_LINES };

enum { OPT_LOSSY = 256, OPT_NO_INDEX, OPT_DUPLICATES, OPT_DEDUPE,
	OPT_POSITION_INDEX, OPT_ARCHIVE_VERSION };

struct opts {
	int to;                 /* enum out_format */
	int keep_invalid;       /* -k */
	int list;               /* -l */
	int lossy;              /* --lossy */
	int no_index;           /* --no-index */
	int pos_index;          /* --position-index: its bits, else 0 */
	int arc_version;        /* --archive-version, 0 for the latest */
	int stats;              /* -s */
	unsigned long block;    /* -b, 0 for the default */
	const struct yote_rules *rules; /* -r */
	int duplicates;         /* --duplicates: report them instead */
	int dedupe;             /* --dedupe: leave out later copies */
	struct yote_keyset *seen;       /* keys of the games kept so far */
	char **files;           /* the inputs, for --duplicates */
};

/* Where the output goes. */
struct out {
	FILE *fp;
	int fmt;                        /* enum out_format */
	struct yote_writer *yaml;
	struct yote_archive_writer *arc;
	unsigned long long games;       /* games written */
	unsigned long long kept;        /* invalid games written as written */
	unsigned long long left_out;    /* games rejected or unreadable */
	unsigned long long dupes;       /* --dedupe: later copies left out */
	unsigned long long plies;       /* their moves */
	long ply;               /* --list: the ply of --reaches/--pattern */
};

static struct opts opt;


static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: %s [-hklsV] [-b N] [-g N[-M]] [-o FILE] [-r R] [-t FMT]\n"
	    "                    [--archive-version N] [--lossy] [--no-index]\n"
	    "                    [--position-index[=B]]\n"
	    "                    [selection] [FILE...]\n"
	    "\n"
	    "Convert the games of every FILE (standard input when none, or -),\n"
	    "YAML, archive or lines alike, to one collection on standard output\n"
	    "or in FILE.\n"
	    "\n"
	    "  -b, --block-games N  games per archive block (%d)\n"
	    "  -g, --game N         only game N of each input, or games\n"
	    "                       1-10,15,20-\n"
	    "  -h, --help           this help\n"
	    "  -k, --keep-invalid   archive: keep games whose moves cannot be\n"
	    "                       played, as text (else they are skipped)\n"
	    "  -l, --list           one line per game instead: file, game,\n"
	    "                       first, second, result, plies, date, event\n"
	    "  -o, --output FILE    write FILE, whole or not at all\n"
	    "  -r, --rules R        ruleset for records without rules: (classic)\n"
	    "  -s, --summary        print sizes and bits per move to stderr\n"
	    "                       (also --stats)\n"
	    "  -t, --to FMT         yaml, archive or lines (default: from the\n"
	    "                       extension of FILE: .yaml .yml, .yta,\n"
	    "                       .lines .txt; else yaml)\n"
	    "  -V, --version        print the version\n"
	    "      --archive-version N  archive: write version N, 1 or 2 (2;\n"
	    "                       1 for readers older than version 2)\n"
	    "      --lossy          lines: drop what a line cannot hold\n"
	    "                       (annotations, tags, nested values)\n"
	    "      --no-index       archive: write no index\n"
	    "      --position-index[=B]  archive: write the positions each\n"
	    "                       block reaches, for fast --reaches (B bits\n"
	    "                       a position: 2^-B false positives; 8)\n"
	    "\n"
	    "Selection (repeat a key for alternatives; different keys must all\n"
	    "hold; TEXT may hold the wildcards * ? [...]):\n"
	    "  -P, --player TEXT    either side     --first TEXT, --second TEXT\n"
	    "  -e, --event TEXT     --site TEXT     --round TEXT\n"
	    "      --date D[..D]    a date or range: 2026, 2026-03..2026-06-30\n"
	    "      --result R       1-0 0-1 1/2-1/2 *   --termination T\n"
	    "      --ruleset TEXT   the rules: key (-r's or classic when none)\n"
	    "      --plies N[..M]   number of moves\n"
	    "      --reaches POS    passes through the position (counters\n"
	    "                       ignored); --list adds the ply\n"
	    "      --pattern PAT    a position matching PAT (formats/patterns.md)\n"
	    "      --criteria FILE  criteria from FILE, 'key value' a line\n"
	    "      --invert         keep the games that do not match\n"
	    "      --duplicates     report the games that repeat an earlier\n"
	    "                       one (same start and moves): file, game,\n"
	    "                       file and game of the first\n"
	    "      --dedupe         leave out games that repeat an earlier one\n"
	    "\n"
	    "An invalid game is named as yote-validate names it and written as\n"
	    "it is where the output can hold it (YAML, lines; an archive holds\n"
	    "it when its moves are legal, or with -k as text), else left out.\n"
	    "\n"
	    "Exit status: 0 all converted, 1 some game invalid or input damaged,\n"
	    "2 usage, 3 I/O.\n", tool_name, YOTE_ARCHIVE_BLOCK_GAMES);
}

static int
format_named(const char *s)
{
	if (strcmp(s, "yaml") == 0)
		return OUT_YAML;
	if (strcmp(s, "archive") == 0)
		return OUT_ARCHIVE;
	if (strcmp(s, "lines") == 0)
		return OUT_LINES;
	return OUT_NONE;
}

/* The output format a file name's extension calls for, or OUT_NONE. */
static int
format_of_path(const char *path)
{
	static const struct {
		const char *ext;
		int fmt;
	} exts[] = {
		{ ".yaml", OUT_YAML }, { ".yml", OUT_YAML },
		{ ".yta", OUT_ARCHIVE }, { ".lines", OUT_LINES },
		{ ".txt", OUT_LINES },
	};
	size_t i, n = strlen(path), k;

	for (i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
		k = strlen(exts[i].ext);
		if (n > k && strcmp(path + n - k, exts[i].ext) == 0)
			return exts[i].fmt;
	}
	return OUT_NONE;
}

static int
parse_count(const char *s, unsigned long *out)
{
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	*out = strtoul(s, &end, 10);
	return errno != 0 || *end != '\0' || *out == 0 ? -1 : 0;
}

/* --position-index[=B]: 0, or EXIT_USAGE after saying why. */
static int
pos_index_option(const char *arg)
{
	unsigned long n = 8;

	if (arg != NULL && (parse_count(arg, &n) != 0 || n > 16))
		return tool_usage_error("--position-index: expected bits from "
		    "1 to 16, not '%s'", arg);
	opt.pos_index = (int)n;
	return 0;
}

/* The long options without a letter: 0, an exit status, -1 not one. */
static int
long_option(int c, const char *arg)
{
	switch (c) {
	case OPT_LOSSY:
		opt.lossy = 1;
		return 0;
	case OPT_NO_INDEX:
		opt.no_index = 1;
		return 0;
	case OPT_POSITION_INDEX:
		return pos_index_option(arg) != 0 ? EXIT_USAGE : 0;
	case OPT_ARCHIVE_VERSION:
		if (strcmp(arg, "1") != 0 && strcmp(arg, "2") != 0)
			return tool_usage_error("--archive-version: expected 1 "
			    "or 2, not '%s'", arg);
		opt.arc_version = arg[0] - '0';
		return 0;
	case OPT_DEDUPE:
		opt.dedupe = 1;
		return 0;
	case OPT_DUPLICATES:
		opt.duplicates = 1;
		return 0;
	}
	return -1;
}

static int
out_open(struct out *o, FILE *fp, struct yote_error *e)
{
	unsigned flags = 0;
	int rc;

	memset(o, 0, sizeof(*o));
	o->fp = fp;
	o->fmt = opt.to;
	if (opt.list)
		return 0;
	switch (o->fmt) {
	case OUT_YAML:
		if (yote_writer_open(fp, &o->yaml) != 0)
			return yote_error_set(e, YOTE_ENOMEM, "out of memory");
		return 0;
	case OUT_ARCHIVE:
		if (opt.keep_invalid)
			flags |= YOTE_ARCHIVE_KEEP_INVALID;
		if (opt.no_index)
			flags |= YOTE_ARCHIVE_NO_INDEX;
		if (opt.pos_index > 0)
			flags |= YOTE_ARCHIVE_POSITION_INDEX;
		if (opt.arc_version == 1)
			flags |= YOTE_ARCHIVE_VERSION1;
		if ((rc = yote_archive_writer_open(fp, flags, &o->arc, e)) != 0)
			return rc;
		if (opt.pos_index > 0)
			yote_archive_writer_set_index_bits(o->arc,
			    opt.pos_index);
		if (opt.rules != NULL)
			yote_archive_writer_set_rules(o->arc, opt.rules);
		if (opt.block > 0)
			yote_archive_writer_set_block(o->arc, opt.block);
		return 0;
	default:
		return 0;
	}
}

static int
out_close(struct out *o, struct yote_error *e)
{
	struct yote_archive_stats st;
	int rc = 0;

	if (o->yaml != NULL && yote_writer_close(o->yaml) != 0)
		rc = yote_error_set(e, YOTE_EIO, "write error: %s",
		    strerror(errno));
	if (o->arc != NULL) {
		rc = yote_archive_writer_close(o->arc, &st, e);
		if (rc == 0) {
			if (opt.stats)
				fprintf(stderr, "%s: %llu games (%llu as text), "
				    "%llu plies, %llu blocks; %llu bytes: %.3f "
				    "bits per move (ranks %.3f, headers %.3f "
				    "before zlib)\n", tool_name, st.games,
				    st.raw, st.plies, st.blocks, st.bytes,
				    st.plies ? 8.0 * (double)st.bytes /
				    (double)st.plies : 0.0, st.plies ? 8.0 *
				    (double)st.move_bytes / (double)st.plies :
				    0.0, st.plies ? 8.0 * (double)st.head_bytes /
				    (double)st.plies : 0.0);
			if (opt.stats && st.pos_keys > 0)
				fprintf(stderr, "%s: position index: %llu "
				    "bytes for %llu positions (%.2f bits "
				    "each), %.3f bits per move\n", tool_name,
				    st.pos_bytes, st.pos_keys, 8.0 *
				    (double)st.pos_bytes / (double)st.pos_keys,
				    st.plies ? 8.0 * (double)st.pos_bytes /
				    (double)st.plies : 0.0);
		}
	} else if (opt.stats && !opt.list)
		fprintf(stderr, "%s: %llu games, %llu plies\n", tool_name,
		    o->games, o->plies);
	return rc;
}

/* A header value for --list, one field (tool_escape). */
static void
list_field(FILE *fp, const struct yote_record *rec, const char *key,
    const char *dflt)
{
	const struct yote_node *n = yote_node_get(rec->root, key);

	putc('\t', fp);
	if (n == NULL || n->type != YOTE_NODE_SCALAR)
		fputs(dflt, fp);
	else
		tool_put_text(fp, n->text, TOOL_ESC_FIELD);
}

/* Write one record; returns the exit status it calls for (an invalid
 * game was said by the stream: its status is the stream's). */
static int
out_put(struct out *o, const char *name, const struct yote_record *rec,
    unsigned long plies, int invalid)
{
	struct yote_error e;
	int rc;

	yote_error_clear(&e);
	if (opt.list) {
		tool_put_text(o->fp, name, TOOL_ESC_FIELD);
		fprintf(o->fp, "\t%lu", rec->game);
		list_field(o->fp, rec, "first", "?");
		list_field(o->fp, rec, "second", "?");
		list_field(o->fp, rec, "result", "*");
		fprintf(o->fp, "\t%lu", plies);
		list_field(o->fp, rec, "date", "?");
		list_field(o->fp, rec, "event", "?");
		if (o->ply >= 0)
			fprintf(o->fp, "\t%ld", o->ply);
		putc('\n', o->fp);
		return EXIT_OK;
	}
	/* the stream has said what is wrong with an invalid game */
	switch (o->fmt) {
	case OUT_YAML:
		if (yote_writer_put(o->yaml, rec) != 0) {
			tool_warn("write error: %s", strerror(errno));
			return EXIT_IO;
		}
		break;
	case OUT_LINES:
		rc = yote_lines_put(o->fp, rec, opt.lossy ? YOTE_LINES_LOSSY :
		    0, &e);
		if (rc == YOTE_EIO) {
			tool_warn("%s", e.msg);
			return EXIT_IO;
		}
		if (rc != 0) {
			e.file = name;
			e.game = rec->game;
			tool_diag(&e);
			if (rc < 0) {
				o->left_out++;
				return EXIT_INVALID;
			}
		}
		break;
	default:
		rc = yote_archive_put(o->arc, rec, name, invalid ? NULL :
		    tool_stream_diag, NULL, &e);
		if (rc == YOTE_EILLEGAL) {
			o->left_out++;
			return EXIT_INVALID;
		}
		if (rc < 0) {
			tool_warn("%s", e.msg);
			return tool_exit_for(rc);
		}
		if (rc == 1) {
			memset(&e, 0, sizeof(e));
			e.file = name;
			e.game = rec->game;
			snprintf(e.msg, sizeof(e.msg), "kept as text "
			    "(--keep-invalid)");
			tool_diag(&e);
			o->games++;
			o->kept++;
			return EXIT_OK;
		}
		break;
	}
	o->games++;
	o->kept += invalid != 0;
	o->plies += plies;
	return EXIT_OK;
}

/* ------------------------------------------------------------ input */

static int
worse(int a, int b)
{
	return a > b ? a : b;
}

/* ------------------------------------------------------------ games */

#define GAME_BITS 40    /* a --dedupe key's value: input << 40 | game */

/* What diagnostics call input i. */
static const char *
input_name(unsigned long i)
{
	return opt.files == NULL || strcmp(opt.files[i], "-") == 0 ?
	    "<stdin>" : opt.files[i];
}

/*
 * Whether a selected game is written: --dedupe and --duplicates keep the
 * key of every game (the first of each is written; --duplicates prints a
 * line for each later one instead; a document without a list of moves
 * is no game to compare, and kept).
 */
static int
collect_keep(struct out *o, const struct yote_stream_game *g, int *status)
{
	uint64_t first;
	int rc;

	if (opt.seen == NULL || !g->keyed)
		return !opt.duplicates;
	rc = yote_keyset_add(opt.seen, &g->key, (uint64_t)g->input <<
	    GAME_BITS | (g->number & ((1ULL << GAME_BITS) - 1)), &first);
	if (rc < 0) {
		tool_warn("out of memory");
		*status = worse(*status, EXIT_IO);
		return 0;
	}
	if (rc == 1)
		return !opt.duplicates;
	if (opt.duplicates) {
		tool_put_text(o->fp, g->file, TOOL_ESC_FIELD);
		fprintf(o->fp, "\t%lu\t", g->number);
		tool_put_text(o->fp, input_name((unsigned long)(first >>
		    GAME_BITS)), TOOL_ESC_FIELD);
		fprintf(o->fp, "\t%lu\n", (unsigned long)(first &
		    ((1ULL << GAME_BITS) - 1)));
	} else
		o->dupes++;
	return 0;
}

/* --summary: what the position index did for --reaches. */
static void
reach_report(void *ctx, const char *name, const struct yote_reader *rd)
{
	struct yote_reach_stats rs;

	(void)ctx;
	yote_reader_reach_stats(rd, &rs);
	if (rs.passed + rs.searched + rs.unindexed > 0)
		fprintf(stderr, "%s: %s: position index: %lu blocks passed "
		    "over, %lu searched, %lu without a set\n", tool_name,
		    name, rs.passed, rs.searched, rs.unindexed);
}

/* Convert (or list) every game the stream hands over. */
static int
convert(struct yote_stream *s, struct out *o)
{
	struct yote_stream_game *g;
	int status = EXIT_OK;

	if (opt.duplicates || opt.dedupe)
		yote_stream_set_flags(s, YOTE_STREAM_KEYS);
	if (opt.stats)
		yote_stream_set_input_end(s, reach_report, NULL);
	while (status < EXIT_IO && yote_stream_next(s, &g) > 0) {
		if (g->rec == NULL) {
			o->left_out++;  /* could not be read: said */
			continue;
		}
		o->ply = g->match;
		if (collect_keep(o, g, &status))
			status = worse(status, out_put(o, g->file, g->rec,
			    g->plies, g->verdict == YOTE_VERDICT_INVALID));
	}
	return tool_stream_status(s, status);
}

/* After the options: what --duplicates and --dedupe need. */
static int
collect_setup(char **files)
{
	opt.files = files;
	if (!opt.duplicates && !opt.dedupe)
		return EXIT_OK;
	if ((opt.seen = yote_keyset_new()) == NULL) {
		tool_warn("out of memory");
		return EXIT_IO;
	}
	return EXIT_OK;
}

static void
collect_done(void)
{
	if (opt.seen != NULL && opt.stats)
		fprintf(stderr, "%s: %zu distinct games (%zu bytes of keys)\n",
		    tool_name, yote_keyset_count(opt.seen),
		    yote_keyset_bytes(opt.seen));
	yote_keyset_free(opt.seen);
}

/* The options into opt and *output: -1 to go on, else the exit status. */
static int
options(int argc, char *argv[], struct yote_stream *s, const char **output,
    const char **rules)
{
	static const struct option longopts[] = {
		{ "block-games", required_argument, NULL, 'b' },
		{ "help", no_argument, NULL, 'h' },
		{ "keep-invalid", no_argument, NULL, 'k' },
		{ "list", no_argument, NULL, 'l' },
		{ "archive-version", required_argument, NULL,
		    OPT_ARCHIVE_VERSION },
		{ "lossy", no_argument, NULL, OPT_LOSSY },
		{ "no-index", no_argument, NULL, OPT_NO_INDEX },
		{ "position-index", optional_argument, NULL,
		    OPT_POSITION_INDEX },
		{ "output", required_argument, NULL, 'o' },
		{ "rules", required_argument, NULL, 'r' },
		{ "stats", no_argument, NULL, 's' },    /* the old name */
		{ "summary", no_argument, NULL, 's' },
		{ "to", required_argument, NULL, 't' },
		{ "version", no_argument, NULL, 'V' },
		{ "dedupe", no_argument, NULL, OPT_DEDUPE },
		{ "duplicates", no_argument, NULL, OPT_DUPLICATES },
		SELECT_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	int c, st;

	while ((c = getopt_long(argc, argv, ":P:Vb:e:g:hklo:r:st:", longopts,
	    NULL)) != -1) {
		if (tool_select_option(s, c, optarg, &st)) {
			if (st != EXIT_OK)
				return st;
			continue;
		}
		switch (c) {
		case 'V':
			return tool_version();
		case 'b':
			if (parse_count(optarg, &opt.block) != 0)
				return tool_usage_error("--block-games: expected "
				    "a count of 1 or more, not '%s'", optarg);
			break;
		case 'h':
			return tool_help(usage);
		case 'k':
			opt.keep_invalid = 1;
			break;
		case 'l':
			opt.list = 1;
			break;
		case 'o':
			*output = strcmp(optarg, "-") == 0 ? NULL : optarg;
			break;
		case 'r':
			*rules = optarg;
			break;
		case 's':
			opt.stats = 1;
			break;
		case 't':
			if ((opt.to = format_named(optarg)) == OUT_NONE)
				return tool_usage_error("--to: expected yaml, "
				    "archive or lines, not '%s'", optarg);
			break;
		default:
			if ((st = long_option(c, optarg)) >= 0) {
				if (st != 0)
					return st;
				break;
			}
			return tool_bad_option(c, argv, longopts);
		}
	}
	if (opt.to == OUT_NONE && *output != NULL && !opt.list &&
	    (opt.to = format_of_path(*output)) == OUT_NONE)
		return tool_usage_error("cannot tell the output format from "
		    "'%s': name it .yaml, .yta or .lines, or use --to",
		    *output);
	if (opt.to == OUT_NONE || opt.duplicates)
		opt.to = opt.duplicates ? OUT_LINES : OUT_YAML;
	if (opt.to == OUT_ARCHIVE && *output == NULL && !opt.list &&
	    isatty(STDOUT_FILENO))
		return tool_usage_error("an archive is binary: write it with "
		    "-o FILE or redirect standard output");
	return -1;
}

/* The last line: what was written, when something was left out or kept
 * invalid (man/yote.7, OUTPUT). */
static void
report(const char *output, const struct out *o, int status)
{
	if (opt.list || opt.duplicates)
		tool_output_report(output, 0, 0, 0, status < EXIT_IO ?
		    EXIT_OK : status);
	else
		tool_output_report(output, o->games, o->kept, o->left_out +
		    o->dupes, status);
}

int
main(int argc, char *argv[])
{
	static char outbuf[1 << 16];
	struct yote_stream *s;
	struct out o;
	struct yote_error e;
	const char *output = NULL, *rules = NULL;
	FILE *fp = stdout;
	int owned = 0, status = EXIT_OK;

	tool_init(argv[0]);
	opt.to = OUT_NONE;
	memset(&o, 0, sizeof(o));
	if ((s = tool_stream_new()) == NULL)
		return EXIT_IO;
	if ((status = options(argc, argv, s, &output, &rules)) >= 0)
		goto out;
	status = EXIT_OK;
	if (rules != NULL && (opt.rules = tool_rules(rules, &owned,
	    &status)) == NULL)
		goto out;
	yote_stream_set_rules(s, opt.rules);
	if ((status = tool_stream_inputs(s, argv + optind, argc - optind)) !=
	    EXIT_OK || (status = collect_setup(argc > optind ? argv + optind :
	    NULL)) != EXIT_OK)
		goto out;
	if (output != NULL && (fp = tool_atomic_open(output)) == NULL) {
		tool_warn("%s: cannot write: %s", output, strerror(errno));
		status = EXIT_IO;
		goto out;
	}
	setvbuf(fp, outbuf, _IOFBF, sizeof(outbuf));
	yote_error_clear(&e);
	if (out_open(&o, fp, &e) != 0) {
		tool_warn("%s", e.msg);
		status = EXIT_IO;
	} else {
		status = convert(s, &o);
		yote_error_clear(&e);
		if (out_close(&o, &e) != 0) {
			tool_warn("%s", e.msg);
			status = EXIT_IO;
		}
	}
	if (output != NULL)
		status = worse(status, tool_atomic_close(fp, output, status <
		    EXIT_IO));
	else
		status = tool_stdout_done(status);
	report(output, &o, status);
out:
	collect_done();
	yote_stream_free(s);
	if (owned)
		yote_rules_free(opt.rules);
	return status;
}
