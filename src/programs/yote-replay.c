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

#include "draw.h"
#include "html.h"
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
};

static struct opts opt;
static struct html_page *page;  /* --html: the page being written */

/* One game as replayed: positions after each ply, and the moves. */
struct game {
	const struct yote_record *rec;
	const char *file;       /* the input's name, for --positions */
	const struct yote_rules *r;
	struct yote_game *play; /* the plies replayed */
	size_t n;               /* how many */
	int bad;                /* a diagnostic was printed */
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
	    "  -g, --game N         only game N of the stream, or games 1-10,15,20-\n"
	    "  -h, --help           this help\n"
	    "      --html FILE      every game as one study page (HTML)\n"
	    "  -i, --interactive    step through the game at a terminal\n"
	    "  -m, --moves 'M ...'  replay these moves (with --start, no file)\n"
	    "  -n, --ply N          only the position after ply N (0: start)\n"
	    "  -P, --player TEXT    only games where a player's name contains TEXT\n"
	    "      --site, --date, --result... the other criteria of yote-convert(1)\n"
	    "  -p, --positions      ply, move, position string, game and file per\n"
	    "                       ply (TSV)\n"
	    "  -r, --rules R        ruleset for records without rules: (classic)\n"
	    "      --start POS      the start position for --moves\n"
	    "      --svg FILE       an SVG picture of the --ply/--final position\n"
	    "      --svg-dir DIR    an SVG picture of every position, into DIR\n"
	    "  -V, --version        print the version\n"
	    "\n"
	    "Exit status: 0 ok, 1 a game could not be replayed, 2 usage, 3 I/O.\n",
	    tool_name, tool_name);
}


static const char *
header(const struct yote_record *rec, const char *key)
{
	const struct yote_node *n = yote_node_get(rec->root, key);

	return n != NULL && n->type == YOTE_NODE_SCALAR ? n->text : NULL;
}

/* "removes c2 (jumped) and e1 (bonus)" for a capture, into buf. */
static void
describe_removal(const struct yote_rules *r, const struct yote_pos *before,
    const struct yote_move *m, char *buf, size_t size)
{
	size_t used = 0;
	int i, at = m->from, first = 1;
	char a[4];

#define CLAMP() do { if (used >= size) used = size - 1; } while (0)
	buf[0] = '\0';
	if (!yote_move_is_capture(m))
		return;
	for (i = 0; i < m->nseg && used < size; i++) {
		if (m->kind == YOTE_BRIDGE && i == 0) {
			at = m->seg_to[i];
			continue;
		}
		yote_square_name(r, (at + m->seg_to[i]) / 2, a);
		used += (size_t)snprintf(buf + used, size - used, "%s%s "
		    "(jumped)", first ? "removes " : ", ", a);
		CLAMP();
		first = 0;
		if (m->seg_bonus[i] == YOTE_BONUS_HAND)
			used += (size_t)snprintf(buf + used, size - used,
			    ", one from %s's hand (bonus)",
			    tool_text(r->side_name[!before->side]));
		else if (m->seg_bonus[i] != YOTE_BONUS_NO)
			used += (size_t)snprintf(buf + used, size - used,
			    ", %s (bonus)", yote_square_name(r,
			    m->seg_bonus[i], a));
		CLAMP();
		at = m->seg_to[i];
	}
#undef CLAMP
}

static void
print_header(const struct game *g)
{
	static int games_shown;
	const struct yote_record *rec = g->rec;
	const char *ev = header(rec, "event"), *f = header(rec, "first");
	const char *s = header(rec, "second"), *rd = header(rec, "round");
	const char *date = header(rec, "date");

	if (games_shown++ > 0)
		putchar('\n');
	/* names from the file, escaped (tool_text) */
	printf("Game %lu", rec->game);
	if (ev != NULL)
		printf(": %s", tool_text(ev));
	if (rd != NULL)
		printf(", round %s", tool_text(rd));
	if (date != NULL)
		printf(", %s", tool_text(date));
	printf("\n%s (%s) - %s (%s), %s\n", f ? tool_text(f) : "?",
	    tool_text(g->r->side_name[0]), s ? tool_text(s) : "?",
	    tool_text(g->r->side_name[1]), tool_text(g->r->name));
}

/* How the game ended, in words. */
static void
print_end(const struct game *g, const struct yote_game_info *info)
{
	const struct yote_rules *r = g->r;
	const struct yote_pos *p = yote_game_pos(g->play, g->n);
	struct yote_outcome o;
	const char *res = header(g->rec, "result");
	const char *term = header(g->rec, "termination");

	yote_pos_outcome(r, p, &o);
	(void)info;
	if (o.term == YOTE_TERM_NONE) {
		if (res == NULL && term == NULL)
			printf("The game is not over (%s to move).\n",
			    tool_text(r->side_name[p->side]));
		else
			printf("Result: %s%s%s (declared; the position is not "
			    "finished)\n", res ? tool_text(res) : "*", term ?
			    ", " : "", term ? tool_text(term) : "");
		return;
	}
	draw_ending(stdout, r, p, &o, 0);
}

static void
print_ply(const struct game *g, size_t i, enum draw_style st)
{
	char text[YOTE_MOVE_TEXT], rem[600];
	const struct yote_move *m = yote_game_move(g->play, i);

	describe_removal(g->r, yote_game_pos(g->play, i - 1), m, rem, sizeof(rem));
	printf("Ply %zu, %s: %s%s%s%s\n", i, tool_text(g->r->side_name[
	    yote_game_pos(g->play, i - 1)->side]),
	    yote_move_format(g->r, m, text), rem[0] ? " (" : "", rem,
	    rem[0] ? ")" : "");
	draw_board(stdout, g->r, yote_game_pos(g->play, i), draw_move_squares(g->r, m), st);
}

static int
write_svg(const struct game *g, size_t i, const char *path)
{
	char title[300], text[YOTE_MOVE_TEXT];
	const char *f = header(g->rec, "first"), *s = header(g->rec, "second");
	FILE *fp;
	int bad;

	if (i == 0)
		snprintf(title, sizeof(title), "%s - %s: start", f ? f : "?",
		    s ? s : "?");
	else
		snprintf(title, sizeof(title), "%s - %s: ply %zu, %s", f ? f :
		    "?", s ? s : "?", i, yote_move_format(g->r,
		    yote_game_move(g->play, i), text));
	if ((fp = tool_atomic_open(path)) == NULL) {
		tool_warn("%s: %s", path, strerror(errno));
		return EXIT_IO;
	}
	bad = draw_svg(fp, g->r, yote_game_pos(g->play, i), i ? yote_game_move(g->play, i) : NULL, title);
	if (bad)
		tool_warn("%s: write error; the old file is left as it was",
		    path);
	return tool_atomic_close(fp, path, !bad) != EXIT_OK || bad ? EXIT_IO :
	    EXIT_OK;
}

static void
show_position(const struct game *g, size_t i, enum draw_style st)
{
	char buf[YOTE_POS_TEXT];

	if (i == 0) {
		printf("Start: %s\n", yote_pos_format(g->r, yote_game_pos(g->play, 0), buf));
		draw_board(stdout, g->r, yote_game_pos(g->play, 0), 0, st);
	} else {
		print_ply(g, i, st);
		printf("Position: %s\n", yote_pos_format(g->r, yote_game_pos(g->play, i),
		    buf));
	}
}

/* -i: step through at the terminal.  Returns 1 when the user quits. */
static int
interact(const struct game *g, enum draw_style st)
{
	char line[64], *end;
	size_t at = 0;
	long n;

	for (;;) {
		fputs("\n", stdout);
		show_position(g, at, st);
		printf("[ply %zu of %zu] n)ext p)rev f)irst l)ast NUMBER q)uit> ",
		    at, g->n);
		fflush(stdout);
		if (fgets(line, sizeof(line), stdin) == NULL)
			return 1;
		line[strcspn(line, "\r\n")] = '\0';
		switch (line[0]) {
		case '\0':
		case 'n':
			if (at < g->n)
				at++;
			else
				return 0;       /* past the end: next game */
			break;
		case 'p':
			if (at > 0)
				at--;
			break;
		case 'f':
			at = 0;
			break;
		case 'l':
			at = g->n;
			break;
		case 'q':
			return 1;
		default:
			n = strtol(line, &end, 10);
			if (*end == '\0' && n >= 0 && (size_t)n <= g->n)
				at = (size_t)n;
			else
				printf("unknown command '%s': n, p, f, l, a ply "
				    "number from 0 to %zu, or q\n", line, g->n);
		}
	}
}

/* Output one replayed game in the chosen form. */
static int
show_game(struct game *g, const struct yote_game_info *info, int *quit)
{
	enum draw_style st = draw_style_for(stdout, opt.ascii);
	char buf[YOTE_POS_TEXT], text[YOTE_MOVE_TEXT], path[4096];
	size_t i, at;
	int status = EXIT_OK;

	if (page != NULL)
		return html_add(page, g->rec, g->play, info);
	if (opt.positions) {
		for (i = 1; i <= g->n; i++)
			printf("%zu\t%s\t%s\t%lu\t%s\n", i,
			    yote_move_format(g->r, yote_game_move(g->play, i),
			    text), yote_pos_format(g->r, yote_game_pos(g->play,
			    i), buf), g->rec->game, g->file);
		return EXIT_OK;
	}
	if (opt.svg_dir != NULL) {
		for (i = 0; i <= g->n && status == EXIT_OK; i++) {
			snprintf(path, sizeof(path), "%s/game%lu-ply%03zu.svg",
			    opt.svg_dir, g->rec->game, i);
			status = write_svg(g, i, path);
		}
		return status;
	}
	if (opt.ply >= 0 || opt.final || opt.svg != NULL) {
		at = opt.ply >= 0 ? (size_t)opt.ply : g->n;
		if (at > g->n) {
			tool_warn("game %lu has %zu pl%s%s; there is no ply %zu",
			    g->rec->game, g->n, g->n == 1 ? "y" : "ies",
			    g->bad ? " that could be replayed" : "", at);
			return EXIT_INVALID;
		}
		if (opt.svg != NULL)
			return write_svg(g, at, opt.svg);
		print_header(g);
		show_position(g, at, st);
		return EXIT_OK;
	}
	if (opt.interactive) {
		print_header(g);
		*quit = interact(g, st);
		return EXIT_OK;
	}
	print_header(g);
	printf("Start: %s\n", yote_pos_format(g->r, yote_game_pos(g->play, 0), buf));
	draw_board(stdout, g->r, yote_game_pos(g->play, 0), 0, st);
	for (i = 1; i <= g->n; i++) {
		putchar('\n');
		print_ply(g, i, st);
	}
	putchar('\n');
	if (info->played < info->plies)
		printf("Replay stopped after ply %zu.\n", g->n);
	else
		print_end(g, info);
	return EXIT_OK;
}

/* Show one game as played (up to its first bad move, said already);
 * returns the exit status it calls for. */
static int
replay(const struct yote_record *rec, const char *name,
    struct yote_game *play, const struct yote_game_info *info, int bad,
    int *quit)
{
	struct game g;
	int status;

	if (play == NULL)
		return EXIT_INVALID;    /* no ruleset: nothing to replay */
	memset(&g, 0, sizeof(g));
	g.rec = rec;
	g.file = name;
	g.play = play;
	g.bad = bad;
	g.r = info->rules;
	g.n = yote_game_plies(play);
	status = show_game(&g, info, quit);
	return bad && status < EXIT_INVALID ? EXIT_INVALID : status;
}

/* Set key to a new scalar of text; 0, or non-zero when out of memory. */
static int
set_text(struct yote_node *map, const char *key, const char *text)
{
	struct yote_node *v = yote_node_scalar(text);

	return v == NULL || yote_node_set(map, key, v) != 0;
}

/* The record --start and --moves make (moves as typed, for the checker
 * to judge), or NULL when out of memory. */
static struct yote_node *
args_record(const char *start, const char *moves)
{
	struct yote_node *root, *list = NULL, *v;
	char *copy, *tok, *save;
	int bad;

	if ((root = yote_node_map()) == NULL)
		return NULL;
	if ((copy = strdup(moves ? moves : "")) == NULL) {
		yote_node_free(root);
		return NULL;
	}
	bad = set_text(root, "yote", "1");
	if (opt.rules != NULL)
		bad |= set_text(root, "rules", opt.rules);
	if (start != NULL)
		bad |= set_text(root, "start", start);
	if (!bad && ((list = yote_node_seq()) == NULL ||
	    yote_node_set(root, "moves", list) != 0))
		bad = 1;
	for (tok = strtok_r(copy, " \t,", &save); tok != NULL && !bad;
	    tok = strtok_r(NULL, " \t,", &save)) {
		if ((v = yote_node_scalar(tok)) == NULL ||
		    yote_node_push(list, v) != 0)
			bad = 1;
		else
			v->line = 1;
	}
	free(copy);
	if (bad) {
		yote_node_free(root);
		return NULL;
	}
	return root;
}

/* --start/--moves: a record made from the command line. */
static int
replay_args(const struct yote_rules *r, const char *start, const char *moves)
{
	struct yote_record rec;
	struct yote_game_info info;
	struct yote_checker *ck;
	struct yote_game *play = NULL;
	long problems;
	int status, quit = 0;

	memset(&rec, 0, sizeof(rec));
	rec.game = 1;
	if ((ck = tool_checker(r)) == NULL)
		return EXIT_IO;
	if ((rec.root = args_record(start, moves)) == NULL) {
		tool_warn("out of memory");
		yote_checker_free(ck);
		return EXIT_IO;
	}
	problems = yote_game_from_record(ck, &rec, "--moves", &info,
	    tool_stream_diag, NULL, &play);
	if (problems == YOTE_ENOMEM) {
		tool_warn("out of memory");
		status = EXIT_IO;
	} else
		status = replay(&rec, "--moves", play, &info, problems > 0,
		    &quit);
	yote_game_free(play);
	yote_node_free(rec.root);
	yote_checker_free(ck);
	return status;
}

/* The options into opt, start and moves: -1 to go on, else the exit
 * status. */
static int
parse_options(int argc, char *argv[], struct yote_stream *s,
    const char **start, const char **moves)
{
	enum { OPT_SVG = 256, OPT_SVG_DIR, OPT_HTML };
	static const struct option longopts[] = {
		{ "ascii", no_argument, NULL, 'a' },
		{ "final", no_argument, NULL, 'F' },
		{ "game", required_argument, NULL, 'g' },
		{ "help", no_argument, NULL, 'h' },
		{ "html", required_argument, NULL, OPT_HTML },
		{ "interactive", no_argument, NULL, 'i' },
		{ "moves", required_argument, NULL, 'm' },
		{ "ply", required_argument, NULL, 'n' },
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
	char *end;
	int c, st;

	opt.ply = -1;
	while ((c = getopt_long(argc, argv, ":FP:Vae:g:him:n:pr:", longopts,
	    NULL)) != -1) {
		if (tool_select_option(s, c, optarg, &st)) {
			if (st != EXIT_OK)
				return st;
			continue;
		}
		switch (c) {
		case 'F':
			opt.final = 1;
			break;
		case 'V':
			return tool_version();
		case 'a':
			opt.ascii = 1;
			break;
		case 'h':
			return tool_help(usage);
		case 'i':
			opt.interactive = 1;
			break;
		case 'm':
			*moves = optarg;
			break;
		case 'n':
			opt.ply = strtol(optarg, &end, 10);
			if (*optarg == '\0' || *end != '\0' || opt.ply < 0)
				return tool_usage_error("--ply: expected a ply "
				    "number from 0, not '%s'", optarg);
			break;
		case 'p':
			opt.positions = 1;
			break;
		case 'r':
			opt.rules = optarg;
			break;
		case 's':
			*start = optarg;
			break;
		case OPT_SVG:
			opt.svg = optarg;
			break;
		case OPT_SVG_DIR:
			opt.svg_dir = optarg;
			break;
		case OPT_HTML:
			opt.html = optarg;
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
check_options(int argc, const char *start, const char *moves)
{
	struct stat sb;
	int modes;

	modes = opt.positions + opt.interactive + (opt.svg != NULL) +
	    (opt.svg_dir != NULL) + (opt.html != NULL);
	if (modes > 1)
		return tool_usage_error("--positions, --interactive, --svg, "
		    "--svg-dir and --html exclude each other");
	if (opt.html != NULL && (opt.final || opt.ply >= 0))
		return tool_usage_error("--html writes whole games; it does not "
		    "take --ply or --final (open a ply with #gNpM)");
	if (opt.final && opt.ply >= 0)
		return tool_usage_error("give --ply or --final, not both");
	if (opt.interactive && (!isatty(STDIN_FILENO) ||
	    !isatty(STDOUT_FILENO)))
		return tool_usage_error("--interactive needs a terminal");
	if ((start != NULL || moves != NULL) && optind < argc)
		return tool_usage_error("--start/--moves replace the input "
		    "file");
	if (opt.interactive && optind == argc && moves == NULL &&
	    start == NULL)
		return tool_usage_error("--interactive reads its commands "
		    "from the terminal: give a FILE or --start/--moves");
	if (opt.interactive && (opt.final || opt.ply >= 0))
		return tool_usage_error("--interactive goes through the whole "
		    "game; it does not take --ply or --final");
	if (opt.svg_dir != NULL && (stat(opt.svg_dir, &sb) != 0 ||
	    !S_ISDIR(sb.st_mode))) {
		tool_warn("%s: not a directory", opt.svg_dir);
		return EXIT_IO;
	}
	return -1;
}

/* Replay every game the stream hands over, until the user quits. */
static int
replay_stream(struct yote_stream *s)
{
	struct yote_stream_game *g;
	int status = EXIT_OK, st, quit = 0, rc;

	yote_stream_set_flags(s, YOTE_STREAM_PLAY);
	while (!quit && (rc = yote_stream_next(s, &g)) > 0) {
		if (g->rec == NULL)
			continue;       /* unreadable: said */
		st = replay(g->rec, g->file, g->played, &g->info,
		    g->verdict == YOTE_VERDICT_INVALID, &quit);
		if (st > status)
			status = st;
	}
	return tool_stream_status(s, status);
}

int
main(int argc, char *argv[])
{
	const struct yote_rules *r = NULL;
	struct yote_stream *s;
	const char *start = NULL, *moves = NULL;
	int owned = 0, status, st;

	tool_init(argv[0]);
	if ((s = tool_stream_new()) == NULL)
		return EXIT_IO;
	if ((status = parse_options(argc, argv, s, &start, &moves)) >= 0 ||
	    (status = check_options(argc, start, moves)) >= 0)
		goto out;
	status = EXIT_OK;
	if (opt.rules != NULL && (r = tool_rules(opt.rules, &owned,
	    &status)) == NULL)
		goto out;
	yote_stream_set_rules(s, r);
	if (opt.html != NULL && (page = html_open(opt.html)) == NULL)
		status = EXIT_IO;
	else if (start != NULL || moves != NULL)
		status = replay_args(r, start, moves);
	else if ((status = tool_stream_inputs(s, argv + optind,
	    argc - optind)) == EXIT_OK)
		status = replay_stream(s);
	if (page != NULL && (st = html_close(page, status < EXIT_IO)) >
	    status)
		status = st;
	status = tool_stdout_done(status);
out:
	yote_stream_free(s);
	if (owned)
		yote_rules_free(r);
	return status;
}
