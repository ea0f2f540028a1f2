/*
 * yote-validate - check recorded games against the rules and their
 * declared results.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "repair.h"
#include "summary.h"
#include "tool.h"

enum { OPT_SUGGEST = 0x100, OPT_MERGE };

struct opts {
	int quiet;              /* -q: nothing but the exit status */
	int summary;            /* --summary: counts at the end */
	int list;               /* --list: one line per game */
	int json;               /* --format=json */
	int strict;             /* --strict: warnings are errors */
	size_t suggest;         /* --suggest: edits shown a game, 0 none */
	int merge;              /* --merge-summaries */
	const char *output;     /* -o FILE, NULL: standard output */
	FILE *out;              /* where the list, JSON and summary go */
};

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: %s [-hlqsV] [--format text|json] [--rules R] [--strict]\n"
	    "       [--suggest[=N]] [--game N] [--player TEXT] [--event TEXT]\n"
	    "       [FILE...]\n"
	    "       %s --merge-summaries [--format text|json] [FILE...]\n"
	    "\n"
	    "Check every game of every FILE (standard input when none, or -)\n"
	    "against the rules and its declared result.\n"
	    "\n"
	    "  -e, --event TEXT   only games whose event contains TEXT\n"
	    "  -f, --format FMT   diagnostics as text (stderr, default) or json\n"
	    "                     (one object per line, on standard output)\n"
	    "  -g, --game N       only game N of each input, or games 1-10,15,20-\n"
	    "  -h, --help         this help\n"
	    "  -l, --list         one line per game: file, game, first, second,\n"
	    "                     result, plies, verdict (tab-separated; valid,\n"
	    "                     warnings or invalid)\n"
	    "  -P, --player TEXT  only games where a player's name contains TEXT\n"
	    "      --site, --date, --result... the other criteria of yote-convert(1)\n"
	    "  -o, --output FILE  the list, JSON, suggestions or summary into\n"
	    "                     FILE, whole or not at all\n"
	    "  -q, --quiet        nothing said of the games or inputs; the exit\n"
	    "                     status tells\n"
	    "  -r, --rules R      ruleset for records without rules: (classic)\n"
	    "  -s, --summary      print counts of games, valid, invalid, plies\n"
	    "                     (and warnings, when there are some)\n"
	    "      --strict       warnings (unknown keys, odd dates, no result)\n"
	    "                     are errors\n"
	    "      --suggest[=N]  for each invalid game, the N (3) smallest\n"
	    "                     edits of its moves that make it valid\n"
	    "  -V, --version      print the version\n"
	    "\n"
	    "      --merge-summaries  add up the summaries of FILE, JSON or\n"
	    "                     text (runs over pieces of a collection);\n"
	    "                     other JSON lines are copied\n"
	    "\n"
	    "Exit status: 0 all valid (warnings or not), 1 some game invalid,\n"
	    "2 usage, 3 I/O.\n",
	    tool_name, tool_name);
}

static void
json_string(FILE *out, const char *s)
{
	putc('"', out);
	tool_put_text(out, s, YOTE_ESC_JSON);
	putc('"', out);
}

static void
diag(void *ctx, const struct yote_error *e)
{
	const struct opts *opt = ctx;

	if (opt->quiet)
		return;
	if (opt->json)
		tool_diag_json(opt->out, e, NULL);
	else
		tool_diag(e);
}

/* A header value as a JSON member ,"key":"value", or null when absent
 * (where the list writes ? and *). */
static void
json_field(FILE *out, const struct yote_record *rec, const char *key)
{
	const char *v = rec != NULL ? yote_node_text(rec->root, key) : NULL;

	fprintf(out, ",\"%s\":", key);
	if (v != NULL)
		json_string(out, v);
	else
		fputs("null", out);
}

static void
list_line(const struct opts *opt, const struct yote_stream_game *g)
{
	const struct yote_record *rec = g->rec;
	unsigned long plies = rec != NULL ? g->info.plies : 0;
	FILE *out = opt->out;

	if (opt->json) {
		fputs("{\"kind\":\"game\",\"file\":", out);
		json_string(out, g->file);
		fprintf(out, ",\"game\":%lu", g->number);
		json_field(out, rec, "first");
		json_field(out, rec, "second");
		json_field(out, rec, "result");
		fprintf(out, ",\"plies\":%lu,\"verdict\":\"%s\"}\n", plies,
		    yote_verdict_name(g->verdict));
		return;
	}
	tool_put_text(out, g->file, YOTE_ESC_FIELD);
	fprintf(out, "\t%lu", g->number);
	if (rec != NULL) {
		tool_put_field(out, rec, "first", "?");
		tool_put_field(out, rec, "second", "?");
		tool_put_field(out, rec, "result", "*");
	} else
		fputs("\t?\t?\t*", out);
	fprintf(out, "\t%lu\t%s\n", plies, yote_verdict_name(g->verdict));
}

/*
 * -o is written or refused, in every tool: -q would leave it empty, and
 * so would a run with nothing for it (the diagnostics go to the standard
 * error unless they are JSON); --merge-summaries writes its summary.
 */
static int
check_output(const struct opts *opt)
{
	if (opt->output == NULL)
		return EXIT_OK;
	if (opt->quiet)
		return tool_usage_error("-q prints nothing: it does not go "
		    "with -o");
	if (!opt->merge && !opt->list && !opt->json && !opt->summary &&
	    opt->suggest == 0)
		return tool_usage_error("-o takes the list, JSON, suggestions "
		    "or summary (-l, -f json, --suggest, -s): without one, "
		    "nothing would be written to it");
	return EXIT_OK;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "list", no_argument, NULL, 'l' },
		{ "merge-summaries", no_argument, NULL, OPT_MERGE },
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "rules", required_argument, NULL, 'r' },
		{ "strict", no_argument, NULL, 'W' },
		{ "suggest", optional_argument, NULL, OPT_SUGGEST },
		{ "summary", no_argument, NULL, 's' },
		{ "version", no_argument, NULL, 'V' },
		SELECT_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	struct opts opt;
	struct yote_stream *s;
	struct yote_stream_game *g;
	const struct yote_rules *r = NULL;
	const char *rules = NULL;
	long long n;
	int c, f, owned = 0, status = EXIT_OK, st;

	tool_init(argv[0]);
	memset(&opt, 0, sizeof(opt));
	opt.out = stdout;
	if ((s = tool_stream_new()) == NULL)
		return EXIT_IO;
	while ((c = tool_getopt(argc, argv, ":P:Ve:f:g:hlo:qr:s",
	    longopts, NULL)) != -1) {
		if (tool_select_option(s, c, optarg, &st)) {
			if (st != EXIT_OK) {
				yote_stream_free(s);
				return st;
			}
			continue;
		}
		switch (c) {
		case 'V':
			status = tool_version();
			goto out;
		case 'f':
			if ((f = tool_format(optarg, 0)) < 0) {
				status = EXIT_USAGE;
				goto out;
			}
			opt.json = f == TOOL_FMT_JSON;
			break;
		case 'h':
			status = tool_help(usage);
			goto out;
		case 'l':
			opt.list = 1;
			break;
		case 'o':
			opt.output = strcmp(optarg, "-") == 0 ? NULL : optarg;
			break;
		case 'q':
			opt.quiet = 1;
			break;
		case 'r':
			rules = optarg;
			break;
		case 's':
			opt.summary = 1;
			break;
		case 'W':
			opt.strict = 1;
			break;
		case OPT_MERGE:
			opt.merge = 1;
			break;
		case OPT_SUGGEST:
			n = YOTE_REPAIR_MAX;
			if (optarg != NULL && tool_number(optarg, "--suggest", 1,
			    1000, &n) != 0) {
				status = EXIT_USAGE;
				goto out;
			}
			opt.suggest = (size_t)n;
			break;
		default:
			status = tool_bad_option(c, argv, longopts);
			goto out;
		}
	}
	if ((status = check_output(&opt)) != EXIT_OK)
		goto out;
	if (opt.merge) {
		if ((status = tool_select_unused(s, "--merge-summaries")) !=
		    EXIT_OK)
			goto out;
		/* what would check games, left aside in silence */
		if (opt.list || opt.suggest > 0 || opt.strict || rules != NULL) {
			status = tool_usage_error("--merge-summaries reads "
			    "summaries, not games: -l, --suggest, --strict "
			    "and --rules do not go with it");
			goto out;
		}
		if ((opt.out = tool_output_open(opt.output)) == NULL) {
			status = EXIT_IO;
			goto out;
		}
		status = summary_merge(opt.quiet ? NULL : opt.out, opt.json,
		    argv + optind, argc - optind);
		status = tool_stdout_done(tool_report_done(opt.out,
		    opt.output, EXIT_OK, status, opt.json));
		goto out;
	}
	if (rules != NULL && (r = tool_rules(rules, &owned, &status)) == NULL)
		goto out;
	yote_stream_set_rules(s, r);
	yote_stream_set_warnings(s, opt.strict ? YOTE_WARN_STRICT :
	    YOTE_WARN_REPORT);
	yote_stream_set_diag(s, diag, &opt);
	if ((status = tool_stream_inputs(s, argv + optind, argc - optind)) !=
	    EXIT_OK)
		goto out;
	if ((opt.out = tool_output_open(opt.output)) == NULL) {
		status = EXIT_IO;
		goto out;
	}
	while ((c = yote_stream_next(s, &g)) > 0) {
		if (opt.list && !opt.quiet)
			list_line(&opt, g);
		if (opt.suggest > 0 && !opt.quiet && repair_print(opt.out,
		    opt.json, opt.suggest, g) != 0) {
			tool_warn("out of memory");
			status = EXIT_IO;
			break;
		}
	}
	if (opt.summary && !opt.quiet)
		summary_print(opt.out, opt.json, yote_stream_counts(s),
		    tool_stream_status(s, status));
	/* with -f json the diagnostics are the file's, an input that could
	 * not be read among them (problem "io") */
	status = tool_stdout_done(tool_report_done(opt.out, opt.output,
	    status, tool_stream_status(s, status), opt.json));
out:
	yote_stream_free(s);
	if (owned)
		yote_rules_free(r);
	return tool_status(status);
}
