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
#include "writer.h"

enum { OPT_LOSSY = 256, OPT_NO_INDEX, OPT_DUPLICATES, OPT_DEDUPE,
	OPT_POSITION_INDEX, OPT_ARCHIVE_VERSION };

struct opts {
	struct out_opts out;    /* how the collection is written */
	const char *output;     /* -o FILE, NULL: standard output */
	int duplicates;         /* --duplicates: report them instead */
	int dedupe;             /* --dedupe: leave out later copies */
	char **files;           /* the inputs, for --duplicates */
	int nfiles;
};

/* What --duplicates and --dedupe keep: the key of every game so far. */
struct dedupe {
	const struct opts *opt;
	struct yote_keyset *seen;
};


static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: %s [-hklsV] [-b N] [-g GAMES] [-o FILE] [-r R] [-t FMT]\n"
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
	    "                       .lines .txt, another one refused; yaml\n"
	    "                       on standard output)\n"
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
	    "      --ruleset R      played under ruleset R, named as -r names one\n"
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
parse_count(const char *s, unsigned long *out)
{
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	*out = strtoul(s, &end, 10);
	return errno != 0 || *end != '\0' || *out == 0 ? -1 : 0;
}

/* The long options without a letter: 0, an exit status, -1 not one. */
static int
long_option(struct opts *opt, int c, const char *arg)
{
	unsigned long n = 8;

	switch (c) {
	case OPT_LOSSY:
		opt->out.lossy = 1;
		return 0;
	case OPT_NO_INDEX:
		opt->out.no_index = 1;
		return 0;
	case OPT_POSITION_INDEX:        /* --position-index[=B] */
		if (arg != NULL && (parse_count(arg, &n) != 0 || n > 16))
			return tool_usage_error("--position-index: expected "
			    "bits from 1 to 16, not '%s'", arg);
		opt->out.pos_index = (int)n;
		return 0;
	case OPT_ARCHIVE_VERSION:
		if (strcmp(arg, "1") != 0 && strcmp(arg, "2") != 0)
			return tool_usage_error("--archive-version: expected 1 "
			    "or 2, not '%s'", arg);
		opt->out.arc_version = arg[0] - '0';
		return 0;
	case OPT_DEDUPE:
		opt->dedupe = 1;
		return 0;
	case OPT_DUPLICATES:
		opt->duplicates = 1;
		opt->out.report = 1;
		return 0;
	}
	return -1;
}

static int
worse(int a, int b)
{
	return a > b ? a : b;
}

#define GAME_BITS 40    /* a --dedupe key's value: input << 40 | game */

/* What diagnostics call input i. */
static const char *
input_name(const struct opts *opt, unsigned long i)
{
	return (int)i >= opt->nfiles || strcmp(opt->files[i], "-") == 0 ?
	    "<stdin>" : opt->files[i];
}

/*
 * Whether a selected game is written: --duplicates keeps the key of every
 * game and prints a line for each later one instead (a document without a
 * list of moves is no game to compare, and kept); under --dedupe the
 * stream has left the later ones out already (YOTE_STREAM_DEDUPE).
 */
static int
keep(struct dedupe *d, struct out *o, const struct yote_stream_game *g,
    int *status)
{
	uint64_t first;
	int rc;

	if (d->seen == NULL || !g->keyed)
		return !d->opt->duplicates;
	rc = yote_keyset_add(d->seen, &g->key, (uint64_t)g->input <<
	    GAME_BITS | (g->number & ((1ULL << GAME_BITS) - 1)), &first);
	if (rc < 0) {
		tool_warn("out of memory");
		*status = worse(*status, EXIT_IO);
		return 0;
	}
	if (rc == 1)
		return !d->opt->duplicates;
	tool_put_text(o->fp, g->file, YOTE_ESC_FIELD);
	fprintf(o->fp, "\t%lu\t", g->number);
	tool_put_text(o->fp, input_name(d->opt, (unsigned long)(first >>
	    GAME_BITS)), YOTE_ESC_FIELD);
	fprintf(o->fp, "\t%lu\n", (unsigned long)(first &
	    ((1ULL << GAME_BITS) - 1)));
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
convert(const struct opts *opt, struct yote_stream *s, struct out *o)
{
	struct yote_stream_game *g;
	struct dedupe d = { opt, NULL };
	int status = EXIT_OK;

	/* lines number the games of all the inputs as one collection: each
	 * input is read to its end, to count its games */
	yote_stream_set_flags(s, (opt->dedupe ? YOTE_STREAM_DEDUPE : 0) |
	    (opt->duplicates ? YOTE_STREAM_KEYS : 0) | (opt->out.to ==
	    OUT_LINES && !opt->out.list && !opt->duplicates && opt->nfiles > 1 ?
	    YOTE_STREAM_WHOLE : 0));
	if (opt->duplicates) {
		if ((d.seen = yote_keyset_new()) == NULL) {
			tool_warn("out of memory");
			return EXIT_IO;
		}
	}
	if (opt->out.stats)
		yote_stream_set_input_end(s, reach_report, NULL);
	while (status < EXIT_IO && yote_stream_next(s, &g) > 0) {
		if (g->rec == NULL) {
			o->left_out++;  /* could not be read: said */
			/* listed as yote-validate -l lists it */
			if (opt->out.list) {
				o->ply = -1;
				writer_list_lost(o, g->file, g->number);
			}
			continue;
		}
		o->ply = g->match;
		o->whole = g->whole;
		if (keep(&d, o, g, &status))
			status = worse(status, writer_put(o, g->file, g->rec,
			    g->plies, g->verdict == YOTE_VERDICT_INVALID));
	}
	if ((d.seen != NULL || opt->dedupe) && opt->out.stats) {
		size_t n, bytes;

		if (d.seen != NULL) {
			n = yote_keyset_count(d.seen);
			bytes = yote_keyset_bytes(d.seen);
		} else
			n = yote_stream_distinct(s, &bytes);
		fprintf(stderr, "%s: %zu distinct games (%zu bytes of keys)\n",
		    tool_name, n, bytes);
	}
	yote_keyset_free(d.seen);
	o->dupes = yote_stream_counts(s)->repeats;
	return tool_stream_status(s, status);
}

/* The options into opt: -1 to go on, else the exit status. */
static int
options(int argc, char *argv[], struct yote_stream *s, struct opts *opt,
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
		/* another tool's option, not a shortening of ours */
		{ "position", optional_argument, NULL, TOOL_OPT_FOREIGN },
		{ "output", required_argument, NULL, 'o' },
		{ "rules", required_argument, NULL, 'r' },
		/* the new name first: an abbreviation's message names it */
		{ "summary", no_argument, NULL, 's' },
		{ "stats", no_argument, NULL, 's' },    /* the old name */
		{ "to", required_argument, NULL, 't' },
		{ "version", no_argument, NULL, 'V' },
		{ "dedupe", no_argument, NULL, OPT_DEDUPE },
		{ "duplicates", no_argument, NULL, OPT_DUPLICATES },
		SELECT_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	struct out_opts *oo = &opt->out;
	const char *list;
	int c, st;

	while ((c = tool_getopt(argc, argv, ":P:Vb:e:g:hklo:r:st:",
	    longopts, NULL)) != -1) {
		if (tool_select_option(s, c, optarg, &st)) {
			if (st != EXIT_OK)
				return st;
			continue;
		}
		switch (c) {
		case 'V':
			return tool_version();
		case 'b':
			if (parse_count(optarg, &oo->block) != 0)
				return tool_usage_error("--block-games: expected "
				    "a count of 1 or more, not '%s'", optarg);
			break;
		case 'h':
			return tool_help(usage);
		case 'k':
			oo->keep_invalid = 1;
			break;
		case 'l':
			oo->list = 1;
			break;
		case 'o':
			opt->output = oo->output = strcmp(optarg, "-") == 0 ?
			    NULL : optarg;
			break;
		case 'r':
			*rules = optarg;
			break;
		case 's':
			oo->stats = 1;
			break;
		case 't':
			if ((oo->to = format_named(optarg)) == OUT_NONE)
				return tool_usage_error("--to: expected yaml, "
				    "archive or lines, not '%s'", optarg);
			break;
		default:
			if ((st = long_option(opt, c, optarg)) >= 0) {
				if (st != 0)
					return st;
				break;
			}
			return tool_bad_option(c, argv, longopts);
		}
	}
	/* a list's file is named as one likes: its name says no format */
	if (oo->to == OUT_NONE && opt->output != NULL && !oo->list &&
	    !opt->duplicates && (oo->to = format_of_path(opt->output)) ==
	    OUT_NONE)
		return tool_usage_error("cannot tell the output format from "
		    "'%s': name it .yaml, .yta or .lines, or use --to",
		    opt->output);
	/* a list is what is written: what would shape another output is
	 * refused, not left aside */
	if (opt->duplicates && opt->dedupe)
		return tool_usage_error("give --duplicates (a list of the "
		    "repeats) or --dedupe (the games without them), not both");
	if ((oo->list || opt->duplicates) && (oo->to != OUT_NONE ||
	    (oo->list && opt->duplicates)))
		return tool_usage_error("%s writes a list: not with %s",
		    opt->duplicates ? "--duplicates" : "-l", oo->to != OUT_NONE ?
		    "--to" : "-l");
	if (oo->to == OUT_NONE || opt->duplicates)
		oo->to = opt->duplicates ? OUT_LINES : OUT_YAML;
	/* the shape of an output not written is refused (yote(7)) */
	list = oo->list || opt->duplicates ? "a list is written" : NULL;
	if ((oo->to != OUT_ARCHIVE || list) && (oo->block || oo->no_index ||
	    oo->pos_index || oo->arc_version || oo->keep_invalid))
		return tool_usage_error("-b, -k, --no-index, --position-index "
		    "and --archive-version shape an archive, and %s", list ?
		    list : "the output is not one");
	if ((oo->to != OUT_LINES || list) && oo->lossy)
		return tool_usage_error("--lossy shapes lines, and %s", list ?
		    list : "the output is not lines");
	if (oo->to == OUT_ARCHIVE && opt->output == NULL && !oo->list &&
	    isatty(STDOUT_FILENO))
		return tool_usage_error("an archive is binary: write it with "
		    "-o FILE or redirect standard output");
	return -1;
}

/* Write the collection onto fp; the exit status. */
static int
write_all(const struct opts *opt, struct yote_stream *s, struct out *o,
    FILE *fp)
{
	static char outbuf[1 << 16];
	struct yote_error e;
	int status;

	setvbuf(fp, outbuf, _IOFBF, sizeof(outbuf));
	yote_error_clear(&e);
	if (writer_open(o, fp, &opt->out, &e) != 0) {
		tool_warn("%s", e.msg);
		return EXIT_IO;
	}
	status = convert(opt, s, o);
	yote_error_clear(&e);
	if (writer_close(o, &e) != 0) {
		if (e.code == YOTE_EIO)
			write_failed(o, e.msg);
		else
			tool_warn("%s", e.msg);
		status = EXIT_IO;
	}
	return status;
}

int
main(int argc, char *argv[])
{
	struct yote_stream *s;
	struct opts opt;
	struct out o;
	const char *rules = NULL;
	FILE *fp = stdout;
	int owned = 0, status = EXIT_OK;

	tool_init(argv[0]);
	memset(&opt, 0, sizeof(opt));
	memset(&o, 0, sizeof(o));
	opt.out.to = OUT_NONE;
	if ((s = tool_stream_new()) == NULL)
		return EXIT_IO;
	if ((status = options(argc, argv, s, &opt, &rules)) >= 0)
		goto out;
	status = EXIT_OK;
	if (rules != NULL && (opt.out.rules = tool_rules(rules, &owned,
	    &status)) == NULL)
		goto out;
	yote_stream_set_rules(s, opt.out.rules);
	opt.files = argv + optind;
	opt.nfiles = argc - optind;
	if ((status = tool_stream_inputs(s, opt.files, opt.nfiles)) != EXIT_OK)
		goto out;
	if ((fp = tool_output_open(opt.output)) == NULL) {
		status = EXIT_IO;
		goto out;
	}
	status = write_all(&opt, s, &o, fp);
	if (opt.output != NULL)
		status = worse(status, tool_atomic_close(fp, opt.output,
		    status < EXIT_IO));
	else
		status = tool_stdout_done(status);
	/* the last line: what was written (nothing for a list) */
	if (opt.out.list || opt.duplicates)
		tool_output_report(opt.output, 0, 0, 0, 0, status < EXIT_IO ?
		    EXIT_OK : status);
	else
		tool_output_report(opt.output, o.games, o.kept, o.left_out,
		    o.dupes, status);
out:
	yote_stream_free(s);
	if (owned)
		yote_rules_free(opt.out.rules);
	return tool_status(status);
}
