/*
 * yote-analyze - engine analysis of recorded games (annotations lichess
 * style), of single positions, and move lists and perft.  The games are
 * analysed in parallel (annopool.c) and each is written here as it comes
 * back: as an annotated record, as --summary rows (annosummary.c) or onto
 * a study page (html.c), and as an evaluation chart (evalgraph.c); one
 * position goes to onepos.c.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "annopool.h"
#include "annosummary.h"
#include "evalgraph.h"
#include "html.h"
#include "onepos.h"
#include "tool.h"

struct opts {
	struct engopt eng;      /* budget, hash, jobs, endgame tables */
	struct yote_annotate_opts ao;   /* the budget with its defaults;
					   --only, --side, --from-ply */
	int summary;            /* --summary */
	enum tool_fmt fmt;       /* --format, --tsv */
	int fmt_given;
	const char *graph;      /* --graph FILE.svg */
	const char *output;     /* -o FILE, else standard output */
	const char *html;       /* --html FILE: a study page, no records */
	const char *rules;      /* --rules */
	const char *position;   /* --position */
	int perft;              /* --perft DEPTH, or -1 */
	int divide;             /* --divide */
	int moves;              /* --moves */
	int best;               /* --best */
	int thorough;           /* --thorough */
};

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: %s [options] [FILE...]\n"
	    "       %s --best [--position POS] [--rules R] [budget]\n"
	    "       %s --perft DEPTH [--divide] [--rules R] [--position POS]\n"
	    "       %s --moves [--rules R] [--position POS]\n"
	    "\n"
	    "Annotate every game of FILE (standard input when none, or -) with\n"
	    "engine evaluations, better moves and inaccuracies, mistakes and\n"
	    "blunders; the annotated records go to standard output.\n"
	    "\n"
	    "      --best            search one position, print info and bestmove\n"
	    "  -D, --depth N         search each position N plies (default: 7,\n"
	    "                        within 1000000 nodes)\n"
	    "  -d, --divide          with --perft: the count under each first move\n"
	    "  -f, --format FMT      the --summary table as text (default), tsv\n"
	    "                        or json (JSON Lines)\n"
	    "      --from-ply N      analyse from ply N on\n"
	    "  -e, --event TEXT      only games whose event contains TEXT\n"
	    "  -g, --game N          only game N of each input, or games\n"
	    "                        1-10,15,20-\n"
	    "      --graph FILE      the evaluation as an SVG chart (game k > 1:\n"
	    "                        FILE with -k before .svg)\n"
	    "  -H, --hash MB         transposition table per thread (default 16)\n"
	    "  -h, --help            this help\n"
	    "      --html FILE       the annotated games as one study page (HTML)\n"
	    "                        instead of records on standard output\n"
	    "  -j, --jobs N          analyse N games at a time (default 1)\n"
	    "      --moves           list the legal moves, sorted, one per line\n"
	    "  -N, --nodes N         search each position at most N nodes\n"
	    "  -P, --player TEXT     only games where a player's name contains TEXT\n"
	    "      --site, --date, --result... the other criteria of yote-convert(1)\n"
	    "  -o, --output FILE     write the records (or --summary, --perft,\n"
	    "                        --moves, --best) to FILE, whole or not at all\n"
	    "      --only CLASS      annotate only inaccuracies, mistakes or\n"
	    "                        blunders (and worse)\n"
	    "      --perft DEPTH     count the legal move sequences of length DEPTH\n"
	    "      --position POS    the position for --best, --moves, --perft\n"
	    "  -r, --rules R         ruleset (default classic, or the record's)\n"
	    "  -s, --summary         a table per game and side, no records\n"
	    "      --side SIDE       annotate only first or second (x, o,\n"
	    "                        white, black, red)\n"
	    "  -T, --movetime MS     search each position at most MS milliseconds\n"
	    "      --thorough        depth 8 and on to 10 where cheap: about twice\n"
	    "                        the time, more of a deeper search's flags\n"
	    "      --tsv             the same as --format=tsv\n"
	    "      --tb-dir DIR      endgame tables' cache (default\n"
	    "                        ~/.cache/yote/tb)\n"
	    "      --tb-pieces N     endgame tables up to N pieces (default 5)\n"
	    "      --tb-memory SIZE  memory for building endgame tables\n"
	    "                        (default 128M; K, M, G)\n"
	    "      --no-tb           no endgame tables\n"
	    "  -V, --version         print the version\n"
	    "\n"
	    "An invalid game is named as yote-validate names it; its moves up to\n"
	    "the first bad one are annotated and the record is written as it is.\n"
	    "\n"
	    "Exit status: 0 ok, 1 some game invalid, 2 usage, 3 I/O.\n",
	    tool_name, tool_name, tool_name, tool_name);
}

/* Where the analysed games go. */
struct out {
	const struct opts *o;
	FILE *fp;               /* the data: standard output or -o FILE */
	struct yote_writer *w;  /* the records, unless --summary or --html */
	struct annosummary sm;  /* --summary */
	struct html_page *page; /* --html */
	struct yote_checker *ck;        /* --html: replays the games */
	struct yote_rebase *rebase;     /* rules: paths named from -o's */
};

/* --html: the annotated record onto the page, played through again. */
static int
page_game(struct out *out, const struct annopool_game *ag)
{
	struct yote_game_info info;
	struct yote_game *g = NULL;
	int status = EXIT_OK;

	/* its problems were said; played again for the page's game list */
	if (yote_game_from_record(out->ck, ag->rec, ag->file, &info, html_diag,
	    out->page, &g) == YOTE_ENOMEM)
		status = EXIT_IO;
	else if (g != NULL)
		status = html_add(out->page, ag->file, ag->rec, g, &info);
	yote_game_free(g);
	return status;
}

/* One game analysed, in input order: out it goes (annopool_put_fn). */
static int
write_game(void *ctx, const struct annopool_game *g)
{
	struct out *out = ctx;
	const struct opts *o = out->o;
	int status = EXIT_OK, rc;

	if (o->summary) {
		if (g->an->analysed)
			annosummary_rows(&out->sm, g->rec, g->file, g->an);
	} else if (out->page != NULL) {
		if (page_game(out, g) != EXIT_OK)
			status = EXIT_IO;
	} else if (tool_rebase(&out->rebase, g->rec, g->file, o->output, 0) ==
	    EXIT_IO)
		status = EXIT_IO;
	else if ((rc = yote_writer_put(out->w, g->rec)) == YOTE_ELIMIT)
		/* annotations took it over a limit of a game */
		status = tool_record_over(g->file, g->rec);
	else if (rc != 0)
		status = EXIT_IO;       /* said where the output is closed */
	if (o->graph != NULL && g->an->analysed &&
	    evalgraph_write(o->graph, g->k, g->rec, g->an) != 0)
		status = EXIT_IO;
	return status;
}

/* Open where the games go: 0, or EXIT_IO (said). */
static int
out_open(struct out *out, const struct opts *o,
    const struct yote_rules *fallback)
{
	memset(out, 0, sizeof(*out));
	out->o = o;
	if (o->html != NULL) {
		if ((out->ck = tool_checker(fallback)) == NULL)
			return EXIT_IO;
		if ((out->page = html_open(o->html)) == NULL) {
			yote_checker_free(out->ck);
			return EXIT_IO;
		}
		return EXIT_OK;
	}
	if ((out->fp = tool_output_open(o->output)) == NULL)
		return EXIT_IO;
	if (!o->summary && yote_writer_open(out->fp, &out->w) != 0) {
		tool_warn("out of memory");
		if (o->output != NULL)
			tool_atomic_close(out->fp, o->output, 0);
		return EXIT_IO;
	}
	out->sm.fp = out->fp;
	out->sm.fmt = o->fmt;
	out->sm.side = o->ao.side;
	return EXIT_OK;
}

static int
analyse_files(struct yote_stream *s, const struct yote_rules *fallback,
    const struct opts *o)
{
	struct annopool_conf pc;
	struct out out;
	int status, games = EXIT_OK, st, ok;

	if (out_open(&out, o, fallback) != EXIT_OK)
		return EXIT_IO;
	pc.eng = &o->eng;
	pc.ao = &o->ao;
	pc.fallback = fallback;
	pc.jobs = o->eng.jobs;
	pc.progress = isatty(STDERR_FILENO);
	status = annopool_run(s, &pc, write_game, &out, &games);
	yote_rebase_free(out.rebase);
	if (status < 0) {
		yote_writer_close(out.w);
		html_close(out.page, 0);
		yote_checker_free(out.ck);
		return tool_held_done(EXIT_IO);
	}
	if (o->summary && games < EXIT_IO)
		annosummary_header(&out.sm);    /* a table of no games */
	/* a write error is said where the output is closed */
	if (out.w != NULL && yote_writer_close(out.w) != 0)
		games = EXIT_IO;
	ok = games < EXIT_IO && status < EXIT_IO;
	if (out.page != NULL && (st = html_close(out.page, ok)) > games)
		games = st;
	/* --graph's charts, with the run's status */
	if ((st = tool_held_done(games > status ? games : status)) > games)
		games = st;
	if (o->output != NULL && out.fp != NULL)
		games = tool_output_done(out.fp, o->output, games > status ?
		    games : status);
	yote_checker_free(out.ck);
	return games > status ? games : status;
}

/* ------------------------------------------------------------ main */

/* The options into o: -1 to go on, else the exit status. */
static int
parse_options(int argc, char *argv[], struct yote_stream *s,
    struct opts *o)
{
	/* long only: their letters mean other things in the suite (yote(7)) */
	enum { OPT_BEST = 0x300, OPT_FROM_PLY, OPT_GRAPH, OPT_MOVES, OPT_ONLY,
		OPT_PERFT, OPT_POSITION, OPT_SIDE, OPT_TSV, OPT_HTML,
		OPT_THOROUGH };
	static const struct option longopts[] = {
		{ "best", no_argument, NULL, OPT_BEST },
		{ "depth", required_argument, NULL, 'D' },
		{ "divide", no_argument, NULL, 'd' },
		{ "format", required_argument, NULL, 'f' },
		{ "from-ply", required_argument, NULL, OPT_FROM_PLY },
		{ "graph", required_argument, NULL, OPT_GRAPH },
		{ "hash", required_argument, NULL, 'H' },
		{ "help", no_argument, NULL, 'h' },
		{ "html", required_argument, NULL, OPT_HTML },
		{ "jobs", required_argument, NULL, 'j' },
		{ "moves", no_argument, NULL, OPT_MOVES },
		{ "nodes", required_argument, NULL, 'N' },
		{ "only", required_argument, NULL, OPT_ONLY },
		{ "output", required_argument, NULL, 'o' },
		{ "perft", required_argument, NULL, OPT_PERFT },
		{ "position", required_argument, NULL, OPT_POSITION },
		{ "rules", required_argument, NULL, 'r' },
		{ "side", required_argument, NULL, OPT_SIDE },
		{ "summary", no_argument, NULL, 's' },
		{ "movetime", required_argument, NULL, 'T' },
		{ "thorough", no_argument, NULL, OPT_THOROUGH },
		{ "tsv", no_argument, NULL, OPT_TSV },
		{ "version", no_argument, NULL, 'V' },
		ENGOPT_LONGOPTS,
		SELECT_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	long long x;
	int c, f, st;

	memset(o, 0, sizeof(*o));
	engopt_init(&o->eng);
	o->perft = -1;
	o->ao.side = -1;
	while ((c = engopt_getopt(&o->eng, argc, argv,
	    ":D:H:N:P:T:Vde:f:g:hj:o:r:s", longopts)) != -1) {
		if (tool_select_option(s, c, optarg, &st)) {
			if (st != EXIT_OK)
				return st;
			continue;
		}
		switch (c) {
		case ENGOPT_BAD:
			return EXIT_USAGE;
		case OPT_POSITION:
			o->position = optarg;
			break;
		case 'o':
			o->output = strcmp(optarg, "-") == 0 ? NULL : optarg;
			break;
		case 's':
			o->summary = 1;
			break;
		case OPT_THOROUGH:
			o->thorough = 1;
			break;
		case OPT_TSV:           /* -f tsv: the last one given wins */
			o->fmt = TOOL_FMT_TSV;
			o->fmt_given = 1;
			break;
		case 'f':
			if ((f = tool_format(optarg, 1)) < 0)
				return EXIT_USAGE;
			o->fmt = (enum tool_fmt)f;
			o->fmt_given = 1;
			break;
		case 'V':
			return tool_version();
		case OPT_BEST:
			o->best = 1;
			break;
		case 'd':
			o->divide = 1;
			break;
		case OPT_FROM_PLY:
			if (tool_number(optarg, "--from-ply", 1, 1000000000, &x) != 0)
				return EXIT_USAGE;
			o->ao.from_ply = (unsigned long)x;
			break;
		case OPT_GRAPH:
			o->graph = optarg;
			break;
		case 'h':
			return tool_help(usage);
		case OPT_HTML:
			o->html = optarg;
			break;
		case OPT_MOVES:
			o->moves = 1;
			break;
		case OPT_ONLY:
			/* the words a user types: one or many, or the mark */
			if (strcmp(optarg, "inaccuracies") == 0 ||
			    strcmp(optarg, "inaccuracy") == 0 ||
			    strcmp(optarg, "?!") == 0)
				o->ao.only = YOTE_CLASS_INACCURACY;
			else if (strcmp(optarg, "mistakes") == 0 ||
			    strcmp(optarg, "mistake") == 0 ||
			    strcmp(optarg, "?") == 0)
				o->ao.only = YOTE_CLASS_MISTAKE;
			else if (strcmp(optarg, "blunders") == 0 ||
			    strcmp(optarg, "blunder") == 0 ||
			    strcmp(optarg, "?" "?") == 0)
				o->ao.only = YOTE_CLASS_BLUNDER;
			else
				return tool_usage_error("--only: expected "
				    "inaccuracies, mistakes or blunders (or "
				    "their marks), not '%s'", optarg);
			break;
		case OPT_PERFT:
			if (tool_number(optarg, "--perft", 0, 64, &x) != 0)
				return EXIT_USAGE;
			o->perft = (int)x;
			break;
		case 'r':
			o->rules = optarg;
			break;
		case OPT_SIDE:
			if ((o->ao.side = tool_side(optarg)) < 0)
				return tool_usage_error("--side: expected first "
				    "or second (x, o, or a side's name: white, "
				    "black, red), not '%s'", optarg);
			break;
		default:
			return tool_bad_option(c, argv, longopts);
		}
	}
	o->ao.lim = o->eng.lim;
	o->ao.figures_only = o->summary;
	return -1;
}

/* Options that exclude or need each other: -1 to go on, else EXIT_USAGE. */
static int
check_options(const struct opts *o)
{
	if ((o->perft >= 0) + o->moves + o->best > 1)
		return tool_usage_error("give one of --perft, --moves, --best");
	if (o->divide && o->perft < 0)
		return tool_usage_error("--divide goes with --perft");
	if (o->fmt_given && !o->summary)
		return tool_usage_error("--tsv and --format go with --summary");
	if (o->summary && o->ao.only != YOTE_CLASS_NONE)
		return tool_usage_error("--only picks the annotations written; "
		    "--summary writes none");
	if (o->html != NULL && (o->summary || o->perft >= 0 || o->moves ||
	    o->best))
		return tool_usage_error("--html writes the annotated games; it "
		    "does not go with --summary, --perft, --moves or --best");
	if (o->html != NULL && o->output != NULL)
		return tool_usage_error("-o takes the records or --summary; "
		    "--html names its own file");
	if (o->graph != NULL && (o->perft >= 0 || o->moves || o->best))
		return tool_usage_error("--graph charts annotated games; it "
		    "does not go with --perft, --moves or --best");
	/* one output per stream: charts amid records would break both */
	if (o->graph != NULL && strcmp(o->graph, "-") == 0 &&
	    (o->html != NULL ? strcmp(o->html, "-") == 0 : o->output == NULL))
		return tool_usage_error("--graph - and the %s would share the "
		    "standard output: give one of them a file", o->html != NULL ?
		    "study page" : o->summary ? "summary" : "records");
	/* what annotates games, and a search's budget, are refused where
	 * nothing uses them, as --divide without --perft is */
	if ((o->perft >= 0 || o->moves || o->best) && (o->summary ||
	    o->ao.only != YOTE_CLASS_NONE || o->ao.side >= 0 ||
	    o->ao.from_ply > 0 || o->eng.jobs_given))
		return tool_usage_error("-s, --only, --side, --from-ply and -j "
		    "go with the annotation of games, not with --perft, "
		    "--moves or --best");
	if ((o->perft >= 0 || o->moves) && (o->ao.lim.depth ||
	    o->ao.lim.nodes || o->ao.lim.movetime_ms || o->thorough ||
	    o->eng.hash_given || o->eng.tb_given))
		return tool_usage_error("--perft and --moves search nothing: "
		    "no budget (--depth, --nodes, --movetime, --thorough), "
		    "--hash or table option");
	if (o->thorough && (o->ao.lim.depth || o->ao.lim.nodes ||
	    o->ao.lim.movetime_ms))
		return tool_usage_error("--thorough is a budget of its own: "
		    "not with --depth, --nodes or --movetime");
	return -1;
}

/* --perft, --moves or --best on one position. */
static int
one_position(const struct yote_rules *r, const struct opts *o)
{
	struct yote_error e;
	struct yote_pos pos;
	FILE *fp;
	int status;

	yote_error_clear(&e);
	if (o->position == NULL)
		yote_pos_start(r, &pos);
	else if (yote_pos_parse(r, o->position, &pos, &e) != 0) {
		return tool_bad_position("--position", o->position, &e);
	}
	/* -o FILE as for games: whole or not at all */
	if ((fp = tool_output_open(o->output)) == NULL)
		return EXIT_IO;
	status = o->moves ? onepos_moves(fp, r, &pos) : o->best ?
	    onepos_best(fp, r, &pos, &o->eng, &o->ao.lim) : onepos_perft(fp, r,
	    &pos, o->perft, o->divide);
	return tool_output_done(fp, o->output, status);
}

int
main(int argc, char *argv[])
{
	const struct yote_rules *r = NULL;
	struct yote_stream *s;
	struct opts o;
	char engine[64];
	int owned = 0, status = EXIT_OK, on_position;

	tool_init(argv[0]);
	if ((s = tool_stream_new()) == NULL)
		return EXIT_IO;
	if ((status = parse_options(argc, argv, s, &o)) >= 0 ||
	    (status = check_options(&o)) >= 0)
		goto out;
	status = EXIT_OK;
	if (o.thorough) {
		o.ao.lim.depth = YOTE_ANNOTATE_THOROUGH_DEPTH;
		o.ao.lim.nodes = YOTE_ANNOTATE_NODES;
		o.ao.lim.deepen = YOTE_ANNOTATE_THOROUGH_DEEPEN;
		o.ao.lim.deepen_nodes = YOTE_ANNOTATE_THOROUGH_DEEPEN_NODES;
	} else if (!o.ao.lim.depth && !o.ao.lim.nodes &&
	    !o.ao.lim.movetime_ms) {
		o.ao.lim.depth = YOTE_ANNOTATE_DEPTH;
		o.ao.lim.nodes = YOTE_ANNOTATE_NODES;
		o.ao.lim.deepen = YOTE_ANNOTATE_DEEPEN;
		o.ao.lim.deepen_nodes = YOTE_ANNOTATE_DEEPEN_NODES;
	}
	o.ao.lim.endgame = 1;
	snprintf(engine, sizeof(engine), "yote-analyze %s", YOTE_VERSION);
	o.ao.engine = engine;
	on_position = o.perft >= 0 || o.moves || o.best;
	if ((o.rules != NULL || on_position) &&
	    (r = tool_rules(o.rules, &owned, &status)) == NULL)
		goto out;
	if (o.best || !on_position)
		engopt_check(&o.eng, r);
	if (on_position && optind < argc)
		status = tool_usage_error("unexpected argument '%s'",
		    argv[optind]);
	else if (on_position && (status = tool_select_unused(s, o.perft >= 0 ?
	    "--perft" : o.moves ? "--moves" : "--best")) != EXIT_OK)
		;
	else if (on_position)
		status = one_position(r, &o);
	else if (o.position != NULL)
		status = tool_usage_error("--position goes with --best, "
		    "--moves or --perft");
	else if ((status = tool_stream_inputs(s, argv + optind,
	    argc - optind)) == EXIT_OK) {
		yote_stream_set_rules(s, r);
		status = analyse_files(s, r, &o);
	}
	status = tool_stdout_done(status);
out:
	yote_stream_free(s);
	if (owned)
		yote_rules_free(r);
	return tool_status(status);
}
