/*
 * yote-replay - replay recorded games: diagrams, positions, pictures.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "argrecord.h"
#include "diagram.h"
#include "html.h"
#include "step.h"
#include "svgfile.h"
#include "tool.h"

struct opts {
	long ply;               /* --ply N, -1 unless given */
	int final;              /* --final */
	int positions;          /* --positions */
	int ascii;              /* --ascii */
	int interactive;        /* -i */
	const char *svg;        /* --svg FILE */
	const char *svg_dir;    /* --svg-dir DIR */
	const char *html;       /* --html FILE */
	const char *rules;      /* --rules, for records without rules: */
	const char *start;      /* --start POS, or NULL */
	const char *start_opt;  /* "--start" or "--position", as typed */
	const char *moves;      /* --moves 'MOVE ...', or NULL */
	const char *output;     /* -o FILE, NULL: standard output */
};

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: %s [options] [FILE...]\n"
	    "       %s --start POS --moves 'MOVE ...' [options]\n"
	    "\n"
	    "Replay every game of each FILE (standard input when none, or -).\n"
	    "\n"
	    "  -a, --ascii          plain ASCII diagrams, no colour\n"
	    "  -e, --event TEXT     only games whose event contains TEXT\n"
	    "  -F, --final          only the final position\n"
	    "  -g, --game N         only game N of each input, or games 1-10,15,20-\n"
	    "  -h, --help           this help\n"
	    "      --html FILE      every game as one study page (HTML)\n"
	    "  -i, --interactive    step through the game at a terminal\n"
	    "  -m, --moves 'M ...'  replay these moves (with --start, no file)\n"
	    "  -n, --ply N          only the position after ply N (0: start)\n"
	    "  -o, --output FILE    the diagrams or --positions into FILE, whole\n"
	    "                       or not at all\n"
	    "  -P, --player TEXT    only games where a player's name contains TEXT\n"
	    "      --site, --date, --result... the other criteria of yote-convert(1)\n"
	    "  -p, --positions      ply, move, position string, game and file per\n"
	    "                       ply (TSV)\n"
	    "  -r, --rules R        ruleset for records without rules: (classic)\n"
	    "      --start POS      the start position for --moves, or drawn alone\n"
	    "      --position POS   the same, as yote-analyze names it\n"
	    "      --svg FILE       an SVG picture of the --ply/--final position\n"
	    "      --svg-dir DIR    an SVG picture of every position, into DIR\n"
	    "  -V, --version        print the version\n"
	    "\n"
	    "Exit status: 0 ok, 1 a game could not be replayed, 2 usage, 3 I/O.\n",
	    tool_name, tool_name);
}

/* What replaying the games shares: the options and where output goes. */
struct replay {
	const struct opts *opt;
	struct html_page *page; /* --html: the page being written */
	int shown;              /* games shown as text so far */
	int quit;               /* -i: the user quit */
	FILE *out;              /* the diagrams and positions */
	unsigned long input;    /* the input being read, from 0 */
	unsigned long pictures; /* --svg: pictures written so far */
};

/* Every diagnostic: said, and with --html kept for the game list. */
static void
replay_diag(void *ctx, const struct yote_error *e)
{
	struct replay *rp = ctx;

	if (e != NULL)
		tool_stream_diag(NULL, e);
	if (rp->page != NULL)
		html_diag(rp->page, e);
}

/* Output one replayed game in the chosen form. */
static int
show_game(struct replay *rp, const struct replayed *g,
    const struct yote_game_info *info)
{
	const struct opts *opt = rp->opt;
	enum draw_style st = draw_style_for(rp->out, opt->ascii);
	size_t at;

	if (rp->page != NULL)
		return html_add(rp->page, g->file, g->rec, g->play, info);
	if (opt->positions) {
		diagram_positions(g);
		return EXIT_OK;
	}
	if (opt->svg_dir != NULL)
		return svgfile_game(g, opt->svg_dir, rp->input);
	if (opt->ply >= 0 || opt->final || opt->svg != NULL) {
		at = opt->ply >= 0 ? (size_t)opt->ply : g->n;
		if (at > g->n) {
			/* in the words of yote-analyze --from-ply */
			struct yote_error e;

			yote_error_clear(&e);
			yote_error_set(&e, YOTE_EVALUE, "--ply %zu: the game "
			    "has %zu pl%s%s; there is no ply %zu", at, g->n,
			    g->n == 1 ? "y" : "ies", g->bad ? " that could be "
			    "replayed" : "", at);
			e.file = g->file;
			e.game = g->rec->game;
			tool_diag(&e);
			return EXIT_INVALID;
		}
		if (opt->svg != NULL) {
			/* the k-th picture as yote-analyze --graph names it */
			char path[4096];

			tool_kth_path(opt->svg, ++rp->pictures, path,
			    sizeof(path));
			return svgfile_write(g, at, path, 1);
		}
		diagram_header(g, rp->shown++ > 0);
		diagram_position(g, at, st);
		return EXIT_OK;
	}
	if (opt->interactive) {
		diagram_header(g, rp->shown++ > 0);
		rp->quit = step_game(g, st, info->played >= info->plies);
		return EXIT_OK;
	}
	diagram_game(g, info, st, rp->shown++ > 0);
	return EXIT_OK;
}

/* Show one game as played (up to its first bad move, said already);
 * returns the exit status it calls for. */
static int
replay(struct replay *rp, const struct yote_record *rec, const char *name,
    const struct yote_game *play, const struct yote_game_info *info,
    int bad)
{
	struct replayed g;
	int status;

	if (play == NULL)
		return EXIT_INVALID;    /* no ruleset: nothing to replay */
	memset(&g, 0, sizeof(g));
	g.rec = rec;
	g.file = name;
	g.play = play;
	g.bad = bad;
	g.out = rp->out;
	g.r = info->rules;
	g.n = yote_game_plies(play);
	status = show_game(rp, &g, info);
	return bad && status < EXIT_INVALID ? EXIT_INVALID : status;
}

/* --start/--moves: a record made from the command line. */
static int
replay_args(struct replay *rp, const struct yote_rules *r)
{
	const struct opts *opt = rp->opt;
	struct yote_record rec;
	struct yote_game_info info;
	struct yote_error e;
	struct yote_pos pos;
	struct yote_checker *ck;
	struct yote_game *play = NULL;
	long problems;
	int status;

	memset(&rec, 0, sizeof(rec));
	rec.game = 1;
	/* a bad --start is a bad option value (the moves are checked as
	 * a game's) */
	yote_error_clear(&e);
	if (opt->start != NULL && yote_pos_parse(r != NULL ? r :
	    yote_rules_by_name("classic"), opt->start, &pos, &e) != 0)
		return tool_bad_position(opt->start_opt, opt->start, &e);
	if ((ck = tool_checker(r)) == NULL)
		return EXIT_IO;
	if ((rec.root = argrecord_new(opt->rules, opt->start,
	    opt->moves)) == NULL) {
		tool_warn("out of memory");
		yote_checker_free(ck);
		return EXIT_IO;
	}
	problems = yote_game_from_record(ck, &rec, "--moves", &info,
	    replay_diag, rp, &play);
	if (problems == YOTE_ENOMEM) {
		tool_warn("out of memory");
		status = EXIT_IO;
	} else
		status = replay(rp, &rec, "--moves", play, &info, problems > 0);
	yote_game_free(play);
	yote_node_free(rec.root);
	yote_checker_free(ck);
	return status;
}

/* The options into opt and s's selection: -1 to go on, else the exit
 * status. */
static int
parse_options(int argc, char *argv[], struct yote_stream *s,
    struct opts *opt)
{
	enum { OPT_SVG = 256, OPT_SVG_DIR, OPT_HTML };
	static const struct option longopts[] = {
		{ "ascii", no_argument, NULL, 'a' },
		{ "final", no_argument, NULL, 'F' },
		{ "help", no_argument, NULL, 'h' },
		{ "html", required_argument, NULL, OPT_HTML },
		{ "interactive", no_argument, NULL, 'i' },
		{ "moves", required_argument, NULL, 'm' },
		{ "ply", required_argument, NULL, 'n' },
		{ "output", required_argument, NULL, 'o' },
		/* yote-analyze's name for a position given: not taken as
		 * an abbreviation of --positions */
		{ "position", required_argument, NULL, 's' },
		{ "positions", no_argument, NULL, 'p' },
		{ "rules", required_argument, NULL, 'r' },
		/* long only: -s is --summary in the suite (yote(7)) */
		{ "start", required_argument, NULL, 's' },
		{ "svg", required_argument, NULL, OPT_SVG },
		{ "svg-dir", required_argument, NULL, OPT_SVG_DIR },
		{ "version", no_argument, NULL, 'V' },
		SELECT_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	long long n;
	int c, st, li = -1;

	while ((c = tool_getopt(argc, argv, ":FP:Vae:g:him:n:o:pr:", longopts,
	    &li)) != -1) {
		if (tool_select_option(s, c, optarg, &st)) {
			if (st != EXIT_OK)
				return st;
			continue;
		}
		switch (c) {
		case 'F':
			opt->final = 1;
			break;
		case 'V':
			return tool_version();
		case 'a':
			opt->ascii = 1;
			break;
		case 'h':
			return tool_help(usage);
		case 'i':
			opt->interactive = 1;
			break;
		case 'm':
			opt->moves = optarg;
			break;
		case 'n':
			if (tool_number(optarg, "--ply", 0, YOTE_MAX_PLIES,
			    &n) != 0)
				return EXIT_USAGE;
			opt->ply = (long)n;
			break;
		case 'o':
			opt->output = optarg;   /* "-": NULL once checked */
			break;
		case 'p':
			opt->positions = 1;
			break;
		case 'r':
			opt->rules = optarg;
			break;
		case 's':       /* long only: li is its entry */
			opt->start = optarg;
			opt->start_opt = strcmp(longopts[li].name,
			    "position") == 0 ? "--position" : "--start";
			break;
		case OPT_SVG:
			opt->svg = optarg;
			break;
		case OPT_SVG_DIR:
			opt->svg_dir = optarg;
			break;
		case OPT_HTML:
			opt->html = optarg;
			break;
		default:
			return tool_bad_option(c, argv, longopts);
		}
	}
	return -1;
}

/* Options that exclude or need each other: -1 to go on, else the exit
 * status. */
static int
check_options(int argc, char *argv[], const struct opts *opt)
{
	struct stat sb;
	int modes, err, i;

	modes = opt->positions + opt->interactive + (opt->svg != NULL) +
	    (opt->svg_dir != NULL) + (opt->html != NULL);
	if (modes > 1)
		return tool_usage_error("--positions, --interactive, --svg, "
		    "--svg-dir and --html exclude each other");
	if (opt->html != NULL && (opt->final || opt->ply >= 0))
		return tool_usage_error("--html writes whole games; it does not "
		    "take --ply or --final (open a ply with #gNpM)");
	if (opt->final && opt->ply >= 0)
		return tool_usage_error("give --ply or --final, not both");
	if (opt->ascii && modes > opt->interactive)
		return tool_usage_error("--ascii draws the diagrams; --positions, "
		    "--svg, --svg-dir and --html draw none");
	if ((opt->positions || opt->svg_dir != NULL) && (opt->final ||
	    opt->ply >= 0))
		return tool_usage_error("--positions and --svg-dir take every "
		    "ply; not --ply or --final (the diagrams and --svg do)");
	if (opt->output != NULL && modes > opt->positions)
		return tool_usage_error("-o takes the diagrams or --positions; "
		    "--svg, --svg-dir and --html name their own files, and "
		    "--interactive is for the terminal");
	if (opt->interactive && (!isatty(STDIN_FILENO) ||
	    !isatty(STDOUT_FILENO)))
		return tool_usage_error("--interactive needs a terminal");
	if ((opt->start != NULL || opt->moves != NULL) && optind < argc)
		return tool_usage_error("--start/--moves replace the input "
		    "file");
	if (opt->interactive && optind == argc && opt->moves == NULL &&
	    opt->start == NULL)
		return tool_usage_error("--interactive reads its commands "
		    "from the terminal: give a FILE or --start/--moves");
	for (i = optind; opt->interactive && i < argc; i++)
		if (tool_is_stdin(argv[i]))
			return tool_usage_error("--interactive reads its "
			    "commands from the terminal: '%s' is the "
			    "terminal too; give a FILE", tool_text(argv[i]));
	if (opt->interactive && (opt->final || opt->ply >= 0))
		return tool_usage_error("--interactive goes through the whole "
		    "game; it does not take --ply or --final");
	/* in the words of every file option (tool_output_open) */
	if (opt->svg_dir != NULL && (err = stat(opt->svg_dir, &sb) != 0 ?
	    errno : S_ISDIR(sb.st_mode) ? 0 : ENOTDIR) != 0) {
		tool_warn("%s: cannot write: %s", opt->svg_dir, strerror(err));
		return EXIT_IO;
	}
	return -1;
}

/* Replay every game the stream hands over, until the user quits. */
static int
replay_stream(struct replay *rp, struct yote_stream *s)
{
	struct yote_stream_game *g;
	int status = EXIT_OK, st, rc;

	yote_stream_set_flags(s, YOTE_STREAM_PLAY);
	yote_stream_set_diag(s, replay_diag, rp);
	/* a write error (said) stops the replay where it happened */
	while (!rp->quit && status < EXIT_IO &&
	    (rc = yote_stream_next(s, &g)) > 0) {
		if (g->rec == NULL) {
			replay_diag(rp, NULL);
			continue;       /* unreadable: said */
		}
		rp->input = g->input;
		st = replay(rp, g->rec, g->file, g->played, &g->info,
		    g->verdict == YOTE_VERDICT_INVALID);
		if (st > status)
			status = st;
	}
	return tool_stream_status(s, status);
}

int
main(int argc, char *argv[])
{
	struct opts opt = { .ply = -1 };
	struct replay rp = { .opt = &opt, .out = stdout };
	const struct yote_rules *r = NULL;
	struct yote_stream *s;
	int owned = 0, status, st;

	tool_init(argv[0]);
	if ((s = tool_stream_new()) == NULL)
		return EXIT_IO;
	if ((status = parse_options(argc, argv, s, &opt)) >= 0 ||
	    (status = check_options(argc, argv, &opt)) >= 0)
		goto out;
	if (opt.output != NULL && strcmp(opt.output, "-") == 0)
		opt.output = NULL;      /* checked as a file, written to stdout */
	if ((opt.start != NULL || opt.moves != NULL) && (status =
	    tool_select_unused(s, opt.moves != NULL ? "--moves" :
	    "--start")) != EXIT_OK)
		goto out;
	status = EXIT_OK;
	if (opt.rules != NULL && (r = tool_rules(opt.rules, &owned,
	    &status)) == NULL)
		goto out;
	yote_stream_set_rules(s, r);
	/* the inputs (and a selection that cannot choose) before any
	 * output file is begun */
	if (opt.start == NULL && opt.moves == NULL && (status =
	    tool_stream_inputs(s, argv + optind, argc - optind)) != EXIT_OK)
		goto out;
	/* -i: every byte typed goes to the line editor (lineedit.h) */
	if (opt.interactive)
		setvbuf(stdin, NULL, _IONBF, 0);
	if ((rp.out = tool_output_open(opt.output)) == NULL) {
		status = EXIT_IO;
		goto out;
	}
	if (opt.html != NULL && (rp.page = html_open(opt.html)) == NULL)
		status = EXIT_IO;
	else if (opt.start != NULL || opt.moves != NULL)
		status = replay_args(&rp, r);
	else
		status = replay_stream(&rp, s);
	if (rp.page != NULL && (st = html_close(rp.page, status < EXIT_USAGE)) >
	    status)
		status = st;
	status = tool_held_done(status);        /* --svg's pictures */
	status = tool_output_done(rp.out, opt.output, status);
	status = tool_stdout_done(status);
out:
	yote_stream_free(s);
	if (owned)
		yote_rules_free(r);
	return tool_status(status);
}
