/*
 * yote-play - play the engine at a terminal, drive it from a program
 * (pipe mode and a line protocol), run engine matches, make collections.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engopt.h"
#include "input.h"
#include "pipemode.h"
#include "play.h"
#include "protocol.h"
#include "terminal.h"
#include "tool.h"

/* ------------------------------------------------------------ options */

/* yote-play's options, as parse_options fills them. */
struct opts {
	const char *rules;      /* --rules R */
	struct session_opts ses;        /* one game at the terminal or in
					   pipe mode; its level and seed are
					   those of matches too */
	int protocol;           /* --protocol */
	const char *match;      /* --match A,B */
	long games;             /* --games N */
	long self_play;         /* --self-play N */
	int jobs;               /* -j N */
	const char *openings;   /* --openings FILE */
	struct yote_stream *sel;        /* its stream, the selection of
					   its games in it */
	int random_plies;       /* --random-plies K */
	int seeded;             /* --seed given */
	int max_plies;          /* --max-plies: adjudication cap */
	struct engopt eng;      /* --hash, the endgame tables */
	int quiet;              /* -q: no game-by-game lines of a match */
	int json;               /* -f json: the match's result as JSON */
	unsigned given;         /* the options of one mode given (G_*) */
};

/* The ways yote-play runs, and the options that belong to some only. */
enum { M_GAME = 1, M_HVH = 2, M_PROTOCOL = 4, M_MATCH = 8, M_SELF = 16 };
enum { G_ASCII = 1, G_FIRST = 2, G_LEVEL = 4, G_MAX_PLIES = 8,
	G_RANDOM = 16, G_SEED = 32, G_QUIET = 64, G_FORMAT = 128,
	G_JOBS = 256, G_NAME = 512 };

static const struct mode_option {
	unsigned given;         /* G_* */
	const char *name;
	unsigned modes;         /* where it means something */
	const char *where;      /* ... in words */
} mode_options[] = {
	{ G_ASCII, "--ascii", M_GAME | M_HVH, "a game at the terminal" },
	{ G_FIRST, "--first", M_GAME, "a game against the engine" },
	{ G_LEVEL, "--level", M_GAME | M_PROTOCOL | M_SELF, "a game against "
	    "the engine, --self-play or --protocol (--match A,B names its "
	    "levels)" },
	{ G_MAX_PLIES, "--max-plies", M_MATCH | M_SELF, "--match or "
	    "--self-play" },
	{ G_RANDOM, "--random-plies", M_MATCH | M_SELF, "--match or "
	    "--self-play" },
	{ G_SEED, "--seed", M_GAME | M_MATCH | M_SELF, "a game against the "
	    "engine, --match or --self-play" },
	{ G_QUIET, "--quiet", M_MATCH, "--match (--self-play prints no line "
	    "per game)" },
	{ G_FORMAT, "--format", M_MATCH, "--match (its result)" },
	{ G_JOBS, "--jobs", M_MATCH | M_SELF, "--match or --self-play" },
	/* two humans: --first-player and --second-player name them */
	{ G_NAME, "--name", M_GAME, "a game against the engine (two humans "
	    "are named by --first-player and --second-player)" },
};

/* Games not ended after so many plies are drawn by adjudication: the
 * default of --max-plies, the length the README's and the tuning's
 * matches use too. */
#define MAX_PLIES_DEFAULT 300

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: %s [--rules R] [--level L] [--first human|engine] [-o FILE]\n"
	    "       %s --human-vs-human [--rules R] [-o FILE]\n"
	    "       %s --protocol\n"
	    "       %s --match A,B --games N [-j N] [--openings FILE |\n"
	    "                 --random-plies K] [-o FILE]\n"
	    "       %s --self-play N [--level L] [--random-plies K]\n"
	    "\n"
	    "  -a, --ascii             plain ASCII board\n"
	    "      --first WHO         who moves first: human (default) or engine\n"
	    "      --games N           games of a match (both colours of each\n"
	    "                          opening: N is rounded up to even)\n"
	    "  -H, --hash MB           transposition table per engine (16)\n"
	    "  -h, --help              this help\n"
	    "  -j, --jobs N            match games played at a time\n"
	    "  -L, --level L           beginner, casual, club (default), expert,\n"
	    "                          master, or greedy (a baseline)\n"
	    "  -M, --max-plies N       adjudicate a draw after N plies (%d)\n"
	    "      --match A,B         level A against level B\n"
	    "      --name NAME         the human player's name\n"
	    "  -o, --output FILE       write the game(s) as YAML records to FILE\n"
	    "  -O, --openings FILE     match openings: the games of FILE\n"
	    "  -g, --game N            with --openings: only game N of FILE,\n"
	    "                          or games 1-10,15,20-\n"
	    "  -P, --player TEXT       with --openings: only games where a\n"
	    "                          player's name contains TEXT\n"
	    "      --date, --result... the other criteria of yote-convert(1)\n"
	    "                          (--event, --site, --round, --first and\n"
	    "                          --second: in a --criteria FILE)\n"
	    "      --protocol          the line protocol for programs\n"
	    "  -q, --quiet             no line per finished game of a match\n"
	    "  -f, --format FMT        a match's result as text (default) or\n"
	    "                          json (one JSON object)\n"
	    "  -R, --random-plies K    openings of K random plies (default 4)\n"
	    "  -r, --rules R           ruleset (default classic)\n"
	    "  -S, --self-play N       N engine games as YAML on standard output\n"
	    "      --seed N            seed of the random choices\n"
	    "  -V, --version           print the version\n"
	    "      --event NAME        the record's event\n"
	    "      --first-player NAME, --second-player NAME\n"
	    "                          the names of the players of each side\n"
	    "      --round ROUND       the record's round (one game)\n"
	    "      --site SITE         the record's site\n"
	    "      --tb-dir DIR        endgame tables' cache (default\n"
	    "                          ~/.cache/yote/tb)\n"
	    "      --tb-pieces N       endgame tables up to N pieces (default 5)\n"
	    "      --tb-memory SIZE    memory for building endgame tables\n"
	    "                          (default 128M; K, M, G)\n"
	    "      --no-tb             no endgame tables\n"
	    "  -2, --human-vs-human    two people at one terminal\n"
	    "\n"
	    "At the prompt: a move (c3, c3-c4, c3xc5+e1...), moves, hint, undo,\n"
	    "resign, draw, save FILE, board, help, quit.  In pipe mode: moves,\n"
	    "hint, undo, resign, draw, save FILE, quit.  Lines of up to %d\n"
	    "bytes.\n"
	    "\n"
	    "Exit status: 0 ok (whatever the results), 1 input rejected (an\n"
	    "illegal move in pipe mode, an invalid openings file), 2 usage,\n"
	    "3 I/O.\n",
	    tool_name, tool_name, tool_name, tool_name, tool_name,
	    MAX_PLIES_DEFAULT, PLAY_LINE_MAX);
}

/* ------------------------------------------------------------ protocol */

static int
protocol(const struct yote_rules *r, const struct opts *opt)
{
	const struct level *lv = opt->ses.level;
	struct protocol *pr;
	int rc;

	if ((pr = protocol_new(r, opt->eng.hash_mb, lv->depth, lv->nodes)) ==
	    NULL || engopt_use_tb(protocol_engine(pr), &opt->eng,
	    protocol_tb_note, pr) != 0) {
		protocol_free(pr);
		tool_warn("out of memory");
		return EXIT_IO;
	}
	protocol_set_levels(pr, level_budget,
	    "beginner casual club expert master greedy", lv->name);
	setvbuf(stdout, NULL, _IOLBF, 0);
	/* a write error: said by tool_stdout_done, with its reason */
	if ((rc = protocol_run(pr, stdin, stdout)) == -2)
		tool_warn("cannot start the protocol's reader thread");
	else if (rc == -3)
		tool_warn("<stdin>: read error: %s",
		    strerror(protocol_read_errno(pr)));
	else if (rc == -1 && !ferror(stdout))
		tool_warn("write error on standard output");
	protocol_free(pr);
	return rc != 0 ? EXIT_IO : EXIT_OK;
}

/* ------------------------------------------------------------ main */

/* Long options without a letter. */
enum { OPT_EVENT = 0x300, OPT_FIRST_PLAYER, OPT_SECOND_PLAYER, OPT_ROUND,
	OPT_SITE, OPT_FIRST, OPT_GAMES };

/* A header option of the records written (getopt's c: --name, or from
 * OPT_EVENT to OPT_SITE): 1 with its status in *st (text that is not
 * UTF-8 refused), else 0. */
static int
header_option(struct session_opts *ses, int c, const char *arg, int *st)
{
	const char **to[] = { &ses->event, &ses->player[0], &ses->player[1],
		&ses->round, &ses->site, &ses->name };
	static const char *const name[] = { "--event", "--first-player",
		"--second-player", "--round", "--site", "--name" };
	int k = c == 'n' ? 5 : c >= OPT_EVENT && c <= OPT_SITE ?
	    c - OPT_EVENT : -1;

	if (k < 0)
		return 0;
	*to[k] = arg;
	*st = tool_text_arg(name[k], arg);
	return 1;
}

/*
 * The options into opt (its defaults set): -1 to go on, else the exit
 * status.  --first, --games, --match, --name, --protocol and --seed are
 * long only: their letters mean other things in the suite (yote(7)).
 */
static int
parse_options(int argc, char *argv[], struct opts *opt)
{
	static const struct option longopts[] = {
		{ "ascii", no_argument, NULL, 'a' },
		{ "event", required_argument, NULL, OPT_EVENT },
		{ "first", required_argument, NULL, OPT_FIRST },
		{ "format", required_argument, NULL, 'f' },
		{ "first-player", required_argument, NULL, OPT_FIRST_PLAYER },
		{ "games", required_argument, NULL, OPT_GAMES },
		{ "hash", required_argument, NULL, 'H' },
		{ "help", no_argument, NULL, 'h' },
		{ "human-vs-human", no_argument, NULL, '2' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "level", required_argument, NULL, 'L' },
		{ "match", required_argument, NULL, 'm' },
		{ "max-plies", required_argument, NULL, 'M' },
		{ "name", required_argument, NULL, 'n' },
		{ "openings", required_argument, NULL, 'O' },
		{ "output", required_argument, NULL, 'o' },
		{ "protocol", no_argument, NULL, 'p' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "random-plies", required_argument, NULL, 'R' },
		{ "round", required_argument, NULL, OPT_ROUND },
		{ "rules", required_argument, NULL, 'r' },
		{ "second-player", required_argument, NULL, OPT_SECOND_PLAYER },
		/* the other tools' criterion, not a shortening of ours */
		{ "second", optional_argument, NULL, TOOL_OPT_FOREIGN },
		{ "seed", required_argument, NULL, 's' },
		{ "self-play", required_argument, NULL, 'S' },
		{ "site", required_argument, NULL, OPT_SITE },
		{ "version", no_argument, NULL, 'V' },
		ENGOPT_LONGOPTS,
		SELECT_LONGOPTS_BY_PLAY,
		{ NULL, 0, NULL, 0 }
	};
	long long x;
	int c, f, st;

	engopt_init(&opt->eng);
	opt->ses.eng = &opt->eng;
	opt->ses.level = level_by_name("club");
	while ((c = engopt_getopt(&opt->eng, argc, argv,
	    ":2H:L:M:O:P:R:S:Vaf:g:hj:o:qr:", longopts)) != -1) {
		if (header_option(&opt->ses, c, optarg, &st)) {
			if (st != EXIT_OK)
				return st;
			opt->given |= c == 'n' ? G_NAME : 0;
			continue;
		}
		if (tool_select_option(opt->sel, c, optarg, &st)) {
			if (st != EXIT_OK)
				return st;
			continue;
		}
		switch (c) {
		case ENGOPT_BAD:
			return EXIT_USAGE;
		case '2':
			opt->ses.hvh = 1;
			break;
		case 'M':
			opt->given |= G_MAX_PLIES;
			if (tool_number(optarg, "--max-plies", 1, 100000, &x) != 0)
				return EXIT_USAGE;
			opt->max_plies = (int)x;
			break;
		case 'O':
			opt->openings = optarg;
			break;
		case 'R':
			opt->given |= G_RANDOM;
			if (tool_number(optarg, "--random-plies", 0, 200, &x) != 0)
				return EXIT_USAGE;
			opt->random_plies = (int)x;
			break;
		case 'S':
			if (tool_number(optarg, "--self-play", 1, 100000000, &x) != 0)
				return EXIT_USAGE;
			opt->self_play = (long)x;
			break;
		case 'V':
			return tool_version();
		case 'a':
			opt->given |= G_ASCII;
			opt->ses.ascii = 1;
			break;
		case 'f':
			opt->given |= G_FORMAT;
			if ((f = tool_format(optarg, 0)) < 0)
				return EXIT_USAGE;
			opt->json = f == TOOL_FMT_JSON;
			break;
		case OPT_FIRST:
			opt->given |= G_FIRST;
			if (strcmp(optarg, "engine") == 0)
				opt->ses.engine_first = 1;
			else if (strcmp(optarg, "human") == 0)
				opt->ses.engine_first = 0;
			else
				return tool_usage_error("--first: expected human "
				    "or engine, not '%s'", optarg);
			break;
		case OPT_GAMES:
			if (tool_number(optarg, "--games", 1, 100000000, &x) != 0)
				return EXIT_USAGE;
			opt->games = (long)x;
			break;
		case 'h':
			return tool_help(usage);
		case 'L':
			opt->given |= G_LEVEL;
			if ((opt->ses.level = level_by_name(optarg)) == NULL)
				return tool_usage_error("--level: expected "
				    "beginner, casual, club, expert, master or "
				    "greedy, not '%s'", optarg);
			break;
		case 'm':
			opt->match = optarg;
			break;
		case 'o':
			opt->ses.out = optarg;
			break;
		case 'p':
			opt->protocol = 1;
			break;
		case 'q':
			opt->given |= G_QUIET;
			opt->quiet = 1;
			break;
		case 'r':
			opt->rules = optarg;
			break;
		case 's':
			opt->given |= G_SEED;
			if (tool_number(optarg, "--seed", 0, 0x7FFFFFFFFFFFFFFFLL,
			    &x) != 0)
				return EXIT_USAGE;
			opt->ses.seed = (uint64_t)x;
			opt->seeded = 1;
			break;
		default:
			return tool_bad_option(c, argv, longopts);
		}
	}
	opt->jobs = opt->eng.jobs;
	if (optind < argc)
		return tool_usage_error("unexpected argument '%s'",
		    argv[optind]);
	return -1;
}

/* --match A,B into its levels, and the modes that exclude each other:
 * -1 to go on, else EXIT_USAGE. */
static int
check_modes(const struct opts *opt, const struct level **a,
    const struct level **b)
{
	const struct session_opts *ses = &opt->ses;
	char *comma;
	unsigned mode, given;
	size_t i;

	if (opt->match != NULL) {
		if ((comma = strchr(opt->match, ',')) == NULL)
			return tool_usage_error("--match: expected two levels "
			    "A,B, e.g. club,expert");
		*comma = '\0';
		*a = level_by_name(opt->match);
		*b = level_by_name(comma + 1);
		if (*a == NULL || *b == NULL)
			return tool_usage_error("--match: unknown level '%s'",
			    *a == NULL ? opt->match : comma + 1);
		if (opt->games < 0)
			return tool_usage_error("--match needs --games N");
	} else if (opt->games >= 0)
		return tool_usage_error("--games goes with --match");
	if ((opt->match != NULL) + (opt->self_play > 0) + opt->protocol +
	    ses->hvh > 1)
		return tool_usage_error("--match, --self-play, --protocol and "
		    "--human-vs-human exclude each other");
	if (opt->openings != NULL && opt->match == NULL && !opt->self_play)
		return tool_usage_error("--openings goes with --match or "
		    "--self-play");
	if (opt->openings == NULL &&
	    tool_select_unused(opt->sel, "yote-play without --openings") != 0)
		return EXIT_USAGE;
	if (opt->openings != NULL && (opt->given & G_RANDOM))
		return tool_usage_error("--random-plies and --openings exclude "
		    "each other");
	mode = opt->match != NULL ? M_MATCH : opt->self_play > 0 ? M_SELF :
	    opt->protocol ? M_PROTOCOL : ses->hvh ? M_HVH : M_GAME;
	given = opt->given | (opt->eng.jobs_given ? G_JOBS : 0);
	for (i = 0; i < sizeof(mode_options) / sizeof(mode_options[0]); i++)
		if ((given & mode_options[i].given) &&
		    !(mode_options[i].modes & mode))
			return tool_usage_error("%s goes with %s",
			    mode_options[i].name, mode_options[i].where);
	/* pipe mode draws no board */
	if ((given & G_ASCII) && mode == M_GAME && !isatty(STDIN_FILENO))
		return tool_usage_error("--ascii goes with a game at the "
		    "terminal; pipe mode draws no board");
	if (tool_select_checked(opt->sel) != 0)
		return EXIT_USAGE;
	if ((opt->match != NULL || opt->self_play > 0 || opt->protocol) &&
	    (ses->player[0] || ses->player[1] || ses->round))
		return tool_usage_error("--first-player, --second-player "
		    "and --round go with a game at the terminal or in pipe "
		    "mode");
	if (opt->protocol && (ses->event || ses->site || ses->out))
		return tool_usage_error("--event, --site and -o do not go with "
		    "--protocol, which writes no record");
	/* one output per stream, as yote-analyze --graph -: the result
	 * amid the records would break both */
	if (opt->match != NULL && ses->out != NULL && strcmp(ses->out,
	    "-") == 0)
		return tool_usage_error("-o - and the match's result would share "
		    "the standard output: give the games a file");
	return -1;
}

/* path from the root (the working directory's before a relative one), or
 * NULL with errno set. */
static char *
absolute(const char *path)
{
	char *cwd, *abs;
	size_t n;

	if (path[0] == '/')
		return strdup(path);
	while (path[0] == '.' && path[1] == '/')
		path += 2;
	if ((cwd = getcwd(NULL, 0)) == NULL)
		return NULL;
	n = strlen(cwd) + strlen(path) + 2;
	if ((abs = malloc(n)) != NULL)
		snprintf(abs, n, "%s/%s", cwd, path);
	free(cwd);
	return abs;
}

/* yote-play with its options' stream made: the exit status. */
static int
play(int argc, char *argv[], struct opts *o)
{
	struct opts opt = *o;
	const struct yote_rules *r;
	const struct level *a = NULL, *b = NULL;
	struct match_opts mo;
	struct yote_pos start;
	long games;
	char *path = NULL;
	int owned = 0, status;

	if ((status = parse_options(argc, argv, &opt)) >= 0 ||
	    (status = check_modes(&opt, &a, &b)) >= 0)
		return status;
	if (!opt.seeded)
		opt.ses.seed = opt.match || opt.self_play ? 1 :
		    (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	if ((r = tool_rules(opt.rules, &owned, &status)) == NULL)
		return status;
	/* a ruleset file is named in the records by its absolute path: a
	 * relative one is read from the record's own folder (yote(5)) */
	if (owned && (path = absolute(opt.rules)) == NULL) {
		tool_warn("%s: %s", opt.rules, strerror(errno));
		yote_rules_free(r);
		return EXIT_IO;
	}
	opt.ses.rules = path;
	yote_pos_start(r, &start);
	mo = (struct match_opts){ opt.ses.seed, opt.max_plies, opt.jobs,
	    opt.openings, opt.sel, opt.random_plies, &opt.eng, opt.ses.out,
	    opt.ses.event, opt.ses.site, path, opt.quiet, opt.json };
	if (!opt.ses.hvh && !opt.protocol)
		engopt_check(&opt.eng, r);
	/* a match's job holds two engines; no more jobs than games */
	games = opt.match != NULL ? opt.games + opt.games % 2 : opt.self_play;
	if ((opt.match != NULL || opt.self_play > 0) && (status =
	    engopt_memory(&opt.eng, 2 * (int)(games < opt.jobs ? games :
	    opt.jobs))) != 0) {
		if (owned)
			yote_rules_free(r);
		free(path);
		return status;
	}
	if (opt.protocol)
		status = protocol(r, &opt);
	else if (opt.match != NULL)
		status = run_match(r, a, b, (unsigned long)opt.games, 0, &mo);
	else if (opt.self_play > 0)
		status = run_match(r, opt.ses.level, opt.ses.level,
		    (unsigned long)opt.self_play, 1, &mo);
	else if (isatty(STDIN_FILENO))
		/* a person types: interactive even when the output goes
		 * through a pipe (yote-play | tee log), which only loses
		 * the colours */
		status = terminal_play(r, &start, &opt.ses);
	else if (opt.ses.hvh)
		status = tool_usage_error("--human-vs-human needs a terminal");
	else
		status = pipe_play(r, &start, &opt.ses);
	status = tool_stdout_done(status);
	if (owned)
		yote_rules_free(r);
	free(path);
	return status;
}

int
main(int argc, char *argv[])
{
	struct opts opt = { .games = -1, .random_plies = 4,
	    .max_plies = MAX_PLIES_DEFAULT };
	int status;

	tool_init(argv[0]);
	if ((opt.sel = tool_stream_new()) == NULL)
		return EXIT_IO;
	status = play(argc, argv, &opt);
	yote_stream_free(opt.sel);
	return tool_status(status);
}
