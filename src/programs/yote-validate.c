/*
 * yote-validate - check recorded games against the rules and their
 * declared results.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

struct opts {
	int quiet;              /* -q: nothing but the exit status */
	int summary;            /* --summary: counts at the end */
	int list;               /* --list: one line per game */
	int json;               /* --format=json */
	int strict;             /* --strict: warnings are errors */
	struct tool_select sel; /* --game, --player, --event */
};

struct totals {
	unsigned long games, valid, invalid, plies;
	unsigned long warnings, warned;         /* warnings, games with some */
};

static struct opts opt;

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: %s [-hlqsV] [--format text|json] [--rules R] [--strict]\n"
	    "       [--game N] [--player TEXT] [--event TEXT] [FILE...]\n"
	    "\n"
	    "Check every game of every FILE (standard input when none, or -)\n"
	    "against the rules and its declared result.\n"
	    "\n"
	    "  -e, --event TEXT   only games whose event contains TEXT\n"
	    "  -f, --format FMT   diagnostics as text (stderr, default) or json\n"
	    "                     (one object per line, on standard output)\n"
	    "  -g, --game N       only game N of each file, or games 1-10,15,20-\n"
	    "  -h, --help         this help\n"
	    "  -l, --list         one line per game: file, game, first, second,\n"
	    "                     result, plies, verdict (tab-separated)\n"
	    "  -P, --player TEXT  only games where a player's name contains TEXT\n"
	    "      --site, --date, --result... the other criteria of yote-convert(1)\n"
	    "  -q, --quiet        print nothing; the exit status tells\n"
	    "  -r, --rules R      ruleset for records without rules: (classic)\n"
	    "  -s, --summary      print counts of games, valid, invalid, plies\n"
	    "                     (and warnings, when there are some)\n"
	    "      --strict       warnings (unknown keys, odd dates) are errors\n"
	    "  -V, --version      print the version\n"
	    "\n"
	    "Exit status: 0 all valid (warnings or not), 1 some game invalid,\n"
	    "2 usage, 3 I/O.\n",
	    tool_name);
}

static void
json_string(const char *s)
{
	putchar('"');
	tool_put_text(stdout, s, TOOL_ESC_JSON);
	putchar('"');
}

static void
diag(void *ctx, const struct yote_error *e)
{
	(void)ctx;
	if (opt.quiet)
		return;
	if (!opt.json) {
		tool_diag(e);
		return;
	}
	fputs("{\"kind\":\"problem\",\"program\":", stdout);
	json_string(tool_name);
	fputs(",\"file\":", stdout);
	json_string(e->file ? e->file : "");
	printf(",\"line\":%lu,\"column\":%lu,\"game\":%lu,\"ply\":%lu,"
	    "\"problem\":", e->line, e->col, e->game, e->ply);
	json_string(yote_diag_name(e->diag));
	fputs(",\"message\":", stdout);
	json_string(e->msg);
	printf(",\"severity\":\"%s\"}\n", e->code == 0 &&
	    yote_diag_is_warning(e->diag) ? "warning" : "error");
}

/* A header value for --list, one field (tool_escape). */
static void
list_field(const struct yote_record *rec, const char *key, const char *dflt)
{
	const struct yote_node *n = yote_node_get(rec->root, key);

	putchar('\t');
	if (n == NULL || n->type != YOTE_NODE_SCALAR)
		fputs(dflt, stdout);
	else
		tool_put_text(stdout, n->text, TOOL_ESC_FIELD);
}

/* A header value as a JSON member ,"key":"value" (dflt when absent). */
static void
json_field(const struct yote_record *rec, const char *key, const char *dflt)
{
	const struct yote_node *n = rec != NULL ?
	    yote_node_get(rec->root, key) : NULL;

	printf(",\"%s\":", key);
	json_string(n == NULL || n->type != YOTE_NODE_SCALAR ? dflt : n->text);
}

static void
list_line(const char *file, unsigned long game, const struct yote_record *rec,
    unsigned long plies, int valid)
{
	if (opt.json) {
		fputs("{\"kind\":\"game\",\"file\":", stdout);
		json_string(file);
		printf(",\"game\":%lu", game);
		json_field(rec, "first", "?");
		json_field(rec, "second", "?");
		json_field(rec, "result", "*");
		printf(",\"plies\":%lu,\"verdict\":\"%s\"}\n", plies,
		    valid ? "valid" : "invalid");
		return;
	}
	tool_put_text(stdout, file, TOOL_ESC_FIELD);
	printf("\t%lu", game);
	if (rec != NULL) {
		list_field(rec, "first", "?");
		list_field(rec, "second", "?");
		list_field(rec, "result", "*");
	} else
		fputs("\t?\t?\t*", stdout);
	printf("\t%lu\t%s\n", plies, valid ? "valid" : "invalid");
}

/* Validate one input; returns the worst exit status it calls for. */
static int
validate_file(struct yote_checker *ck, const char *path, struct totals *t)
{
	struct tool_input in;
	struct yote_record *rec;
	struct yote_game_info info;
	struct yote_error e;
	unsigned long counted = 0, lost;
	long problems, skipped;
	int rc, status = EXIT_OK, past;

	if (tool_input_open(&in, path, diag, NULL) != 0)
		return EXIT_IO;
	yote_error_clear(&e);
	if ((skipped = tool_select_skip(&opt.sel, in.rd, &e)) < 0) {
		e.file = in.name;
		diag(NULL, &e);
		tool_input_close(&in);
		return tool_exit_for((int)skipped);
	}
	counted = (unsigned long)skipped;
	for (;;) {
		rc = tool_input_next(&in, &rec, &e);
		if (rc == 0)
			break;
		if (rc < 0) {
			if (rc == YOTE_EVALUE && e.game > 0 &&
			    !tool_select_number(&opt.sel, e.game))
				continue;       /* a game not asked for */
			diag(NULL, &e);
			status = rc == YOTE_EIO || rc == YOTE_ENOMEM ? EXIT_IO :
			    status > EXIT_INVALID ? status : EXIT_INVALID;
			if (e.game > counted) {
				if (opt.list && !opt.quiet)
					list_line(in.name, e.game, NULL, 0, 0);
				/* a lost archive block: all its games */
				lost = yote_reader_games(in.rd);
				lost = lost > e.game ? lost : e.game;
				t->games += lost - counted;
				t->invalid += lost - counted;
				counted = lost;
			}
			if (!tool_input_fatal(rc))
				continue;
			break;
		}
		counted = rec->game;
		if ((rc = tool_select_record(&opt.sel, rec, in.name,
		    yote_reader_plies(in.rd))) <= 0) {
			if (rc < 0) {
				tool_warn("out of memory");
				yote_record_free(rec);
				status = EXIT_IO;
				break;
			}
			past = tool_select_past(&opt.sel, rec->game + 1);
			yote_record_free(rec);
			if (past)
				break;
			continue;
		}
		problems = yote_checker_play(ck, rec, in.name, &info, diag,
		    NULL, NULL);
		if (problems == YOTE_ENOMEM) {
			tool_warn("out of memory");
			yote_record_free(rec);
			status = EXIT_IO;
			break;
		}
		t->games++;
		t->plies += info.played;
		t->warnings += info.warnings;
		t->warned += info.warnings > 0;
		if (problems == 0)
			t->valid++;
		else {
			t->invalid++;
			if (status < EXIT_INVALID)
				status = EXIT_INVALID;
		}
		if (opt.list && !opt.quiet)
			list_line(in.name, rec->game, rec, info.plies,
			    problems == 0);
		yote_record_free(rec);
	}
	if (status < EXIT_IO && tool_select_check(&opt.sel, in.name,
	    yote_reader_games(in.rd)) != EXIT_OK)
		status = EXIT_INVALID;
	tool_input_close(&in);
	return status;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "game", required_argument, NULL, 'g' },
		{ "help", no_argument, NULL, 'h' },
		{ "list", no_argument, NULL, 'l' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "rules", required_argument, NULL, 'r' },
		{ "strict", no_argument, NULL, 'W' },
		{ "summary", no_argument, NULL, 's' },
		{ "version", no_argument, NULL, 'V' },
		SELECT_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	static char *stdin_only[] = { (char *)"-", NULL };
	const struct yote_rules *r = NULL;
	struct yote_checker *ck;
	struct totals t = { 0, 0, 0, 0, 0, 0 };
	const char *rules = NULL;
	char **files;
	int c, i, owned = 0, status = EXIT_OK, st, taken;

	tool_init(argv[0]);
	while ((c = getopt_long(argc, argv, ":P:Ve:f:g:hlqr:s", longopts, NULL)) !=
	    -1) {
		if ((taken = tool_select_option(&opt.sel, c, optarg)) != 0) {
			if (taken < 0)
				return EXIT_USAGE;
			continue;
		}
		switch (c) {
		case 'V':
			return tool_version();
		case 'f':
			if (strcmp(optarg, "json") == 0)
				opt.json = 1;
			else if (strcmp(optarg, "text") == 0)
				opt.json = 0;
			else
				return tool_usage_error("--format: expected "
				    "text or json, not '%s'", optarg);
			break;
		case 'h':
			return tool_help(usage);
		case 'l':
			opt.list = 1;
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
		default:
			return tool_bad_option(c, argv, longopts);
		}
	}
	if (rules != NULL && (r = tool_rules(rules, &owned, &status)) == NULL)
		return status;
	if ((ck = tool_checker(r)) == NULL)
		return EXIT_IO;
	yote_checker_set_warnings(ck, opt.strict ? YOTE_WARN_STRICT :
	    YOTE_WARN_REPORT);
	files = optind < argc ? argv + optind : stdin_only;
	for (i = 0; files[i] != NULL; i++) {
		st = validate_file(ck, files[i], &t);
		if (st > status)
			status = st;
	}
	if (opt.summary && !opt.quiet && opt.json)
		printf("{\"kind\":\"summary\",\"games\":%lu,\"valid\":%lu,"
		    "\"invalid\":%lu,\"plies\":%lu,\"warnings\":%lu,"
		    "\"games_with_warnings\":%lu}\n", t.games, t.valid,
		    t.invalid, t.plies, t.warnings, t.warned);
	else if (opt.summary && !opt.quiet) {
		printf("%lu game%s, %lu valid, %lu invalid, %lu pl%s",
		    t.games, t.games == 1 ? "" : "s", t.valid, t.invalid,
		    t.plies, t.plies == 1 ? "y" : "ies");
		/* the line stays as it was for clean input, for scripts */
		if (t.warnings > 0)
			printf(", %lu warning%s in %lu game%s", t.warnings,
			    t.warnings == 1 ? "" : "s", t.warned,
			    t.warned == 1 ? "" : "s");
		putchar('\n');
	}
	yote_checker_free(ck);
	tool_select_free(&opt.sel);
	if (owned)
		yote_rules_free(r);
	status = tool_stdout_done(status);
	return status;
}
