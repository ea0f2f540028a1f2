/*
 * yote-explore - what a collection says about a position and about its
 * players: the opening tree (each move played next, how often, how it
 * scored for the side that played it, and when those games ended:
 * openings.c), and per player the games, results by colour and a
 * performance rating (players.c).
 *
 * Games stream through one at a time; what stays in memory is the tree
 * (a node for each distinct line of up to --depth moves from the
 * position) or the player table (a row per player and 12 bytes per
 * game for the rating fit).  A game is played through only up to the
 * end of its line, with the checker every tool plays records with.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "openings.h"
#include "players.h"
#include "tool.h"

struct opts {
	int depth;              /* -D */
	enum tool_fmt fmt;   /* -f */
	int players;            /* --players */
	unsigned long min_games;        /* --min-games */
	const char *position;   /* --position */
	const struct yote_rules *rules; /* -r */
	const char *output;     /* -o FILE, else standard output */
};

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: %s [-hV] [-D K] [-f FMT] [-r R] [--min-games N]\n"
	    "                    [--players] [--position POS] [selection] [FILE...]\n"
	    "\n"
	    "The opening tree of the games of every FILE (standard input when\n"
	    "none, or -) from a position: each move played next, its games,\n"
	    "its score for the side that played it and the average ply the\n"
	    "games ended at; or, with --players, the players' figures.\n"
	    "\n"
	    "  -D, --depth K        the tree K plies deep (1)\n"
	    "  -e, --event TEXT     only games whose event contains TEXT\n"
	    "  -f, --format FMT     text (a table, default), tsv or json (JSON\n"
	    "                       Lines); --tsv: -f tsv\n"
	    "  -g, --game N         only game N of each input, or games\n"
	    "                       1-10,15,20-\n"
	    "  -h, --help           this help\n"
	    "      --min-games N    leave out moves played in fewer games (1)\n"
	    "  -o, --output FILE    write FILE, whole or not at all\n"
	    "  -P, --player TEXT    only games where a player's name contains TEXT\n"
	    "      --players        per player: games, results with each side,\n"
	    "                       score and a performance rating\n"
	    "      --position POS   the tree's position (default: the start of\n"
	    "                       the first game); counters are ignored\n"
	    "  -r, --rules R        ruleset for records without rules: (classic)\n"
	    "  -V, --version        print the version\n"
	    "\n"
	    "Selection: the options of every tool (-g/--game, -P/--player,\n"
	    "-e/--event, --date, --result, --reaches, --pattern, --criteria\n"
	    "FILE, ...; see yote(7)) choose the games that count.  An invalid\n"
	    "game is named, as yote-validate names it, and left out.\n"
	    "\n"
	    "Exit status: 0 done, 1 some game invalid or input damaged, 2 usage,\n"
	    "3 I/O.\n",
	    tool_name);
}

/* Count every valid game the stream hands over; the others are said. */
static int
explore(struct yote_stream *s, const struct opts *o, struct optree *t,
    struct players *pl)
{
	struct yote_stream_game *g;
	int rc = 0;

	/* only the games that reach the tree's position count: an
	 * archive's position index passes over the blocks without one */
	if (!o->players && o->position != NULL &&
	    yote_stream_set_reaching(s, optree_position(t), 1) != 0)
		rc = YOTE_ENOMEM;
	yote_stream_set_flags(s, o->players ? 0 : YOTE_STREAM_PLAY);
	while (rc == 0 && (rc = yote_stream_next(s, &g)) > 0) {
		rc = 0;
		if (g->verdict == YOTE_VERDICT_INVALID ||
		    (g->played == NULL && !o->players))
			continue;       /* said, left out of the figures */
		rc = o->players ? players_game(pl, g->rec, g->plies) :
		    optree_game(t, g);
	}
	if (rc == YOTE_ENOMEM) {
		tool_warn("out of memory");
		return EXIT_IO;
	}
	return tool_stream_status(s, EXIT_OK);
}


/* The options; -1 to go on, else the exit status to end with. */
static int
options(int argc, char *argv[], struct yote_stream *s, struct opts *o,
    int *owned)
{
	/* --min-games, --players, --position, --tsv: long only (yote(7)) */
	enum { OPT_MIN_GAMES = 0x300, OPT_PLAYERS, OPT_POSITION, OPT_TSV };
	static const struct option longopts[] = {
		{ "depth", required_argument, NULL, 'D' },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "min-games", required_argument, NULL, OPT_MIN_GAMES },
		{ "output", required_argument, NULL, 'o' },
		{ "players", no_argument, NULL, OPT_PLAYERS },
		{ "position", required_argument, NULL, OPT_POSITION },
		{ "rules", required_argument, NULL, 'r' },
		{ "tsv", no_argument, NULL, OPT_TSV },
		{ "version", no_argument, NULL, 'V' },
		SELECT_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	const char *rules = NULL, *tree = NULL;
	long long v;
	int c, f, status = EXIT_OK, st;

	memset(o, 0, sizeof(*o));
	o->depth = 1;
	o->min_games = 1;
	while ((c = tool_getopt(argc, argv, ":D:P:Ve:f:g:ho:r:",
	    longopts, NULL)) != -1) {
		if (tool_select_option(s, c, optarg, &st)) {
			if (st != EXIT_OK)
				return st;
			continue;
		}
		switch (c) {
		case OPT_PLAYERS:
			o->players = 1;
			break;
		case 'o':
			o->output = strcmp(optarg, "-") == 0 ? NULL : optarg;
			break;
		case 'V':
			return tool_version();
		case 'D':
			if (tool_number(optarg, "--depth", 1,
			    OPENINGS_MAX_DEPTH, &v))
				return EXIT_USAGE;
			o->depth = (int)v;
			tree = "--depth";
			break;
		case 'f':
			if ((f = tool_format(optarg, 1)) < 0)
				return EXIT_USAGE;
			o->fmt = (enum tool_fmt)f;
			break;
		case OPT_TSV:           /* -f tsv, as yote-analyze has it */
			o->fmt = TOOL_FMT_TSV;
			break;
		case 'h':
			return tool_help(usage);
		case OPT_MIN_GAMES:
			if (tool_number(optarg, "--min-games", 1, 1000000000LL,
			    &v))
				return EXIT_USAGE;
			o->min_games = (unsigned long)v;
			tree = "--min-games";
			break;
		case OPT_POSITION:
			o->position = optarg;
			tree = "--position";
			break;
		case 'r':
			rules = optarg;
			break;
		default:
			return tool_bad_option(c, argv, longopts);
		}
	}
	/* as -o: refused where it would be left aside */
	if (o->players && tree != NULL)
		return tool_usage_error("%s shapes the opening tree, which "
		    "--players does not draw (choose games with --reaches)",
		    tree);
	if (rules != NULL && (o->rules = tool_rules(rules, owned,
	    &status)) == NULL)
		return status;
	return -1;
}

int
main(int argc, char *argv[])
{
	struct yote_stream *s;
	struct optree *t = NULL;
	struct players *pl = NULL;
	struct opts o;
	FILE *out = stdout;
	int owned = 0, status;

	tool_init(argv[0]);
	if ((s = tool_stream_new()) == NULL)
		return EXIT_IO;
	if ((status = options(argc, argv, s, &o, &owned)) >= 0)
		goto out;
	yote_stream_set_rules(s, o.rules);
	status = EXIT_IO;
	if ((t = optree_new(o.depth)) == NULL || (o.players &&
	    (pl = players_new()) == NULL))
		goto out;
	if (o.position != NULL && (status = optree_set_position(t, o.rules,
	    o.position, "--position")) != EXIT_OK)
		goto out;
	if ((status = tool_stream_inputs(s, argv + optind, argc - optind)) !=
	    EXIT_OK)
		goto out;
	if ((out = tool_output_open(o.output)) == NULL) {
		status = EXIT_IO;
		goto out;
	}
	status = explore(s, &o, t, pl);
	if (status < EXIT_IO) {
		if (o.players)
			players_report(pl, out, o.fmt);
		else if (optree_report(t, out, o.fmt, o.min_games) != 0) {
			tool_warn("out of memory");
			status = EXIT_IO;
		}
	}
	status = tool_output_done(out, o.output, status);
	status = tool_stdout_done(status);
out:
	optree_free(t);
	players_free(pl);
	yote_stream_free(s);
	if (owned)
		yote_rules_free(o.rules);
	return tool_status(status);
}
