/*
 * yote-play - play the engine at a terminal, drive it from a program
 * (pipe mode and a line protocol), run engine matches, make collections.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "draw.h"
#include "protocol.h"
#include "tool.h"

/* ------------------------------------------------------------ levels */

/*
 * What each level does.  The low levels play imperfectly on purpose: with
 * probability `blunder` they pick at random among the moves, otherwise
 * among the moves within `slack` of the best at a shallow search.
 */
struct level {
	const char *name;
	int depth;              /* search depth */
	unsigned long long nodes;       /* node budget per move (0: none) */
	int blunder;            /* percent of moves chosen at random */
	int slack;              /* pick among moves this close to the best */
};

static const struct level levels[] = {
	{ "beginner", 1, 0, 35, 150 },
	{ "casual", 2, 0, 12, 60 },
	{ "club", 4, 0, 0, 0 },
	{ "expert", 7, 400000, 0, 0 },
	{ "master", 12, 3000000, 0, 0 },
	/* a baseline for matches: the best move by the evaluation one ply
	 * ahead, no search */
	{ "greedy", 1, 0, 0, 1 },
};
#define NLEVELS ((int)(sizeof(levels) / sizeof(levels[0])))

static const struct level *
level_by_name(const char *s)
{
	int i;

	for (i = 0; i < NLEVELS; i++)
		if (strcmp(levels[i].name, s) == 0)
			return &levels[i];
	return NULL;
}

/* ------------------------------------------------------------ randomness */

static uint64_t
rng_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

static unsigned long
rng_below(uint64_t *s, unsigned long n)
{
	return n ? (unsigned long)(rng_next(s) % n) : 0;
}

/* ------------------------------------------------------------ a game */

struct game {
	const struct yote_rules *r;
	struct history h;       /* the plies so far */
	enum yote_result result;
	enum yote_termination term;
};

static int
game_init(struct game *g, const struct yote_rules *r,
    const struct yote_pos *start)
{
	memset(g, 0, sizeof(*g));
	g->r = r;
	return history_init(&g->h, start);
}

static void
game_free(struct game *g)
{
	history_free(&g->h);
}

static const struct yote_pos *
game_now(const struct game *g)
{
	return &g->h.pos[g->h.n];
}

static int
game_play(struct game *g, const struct yote_move *m)
{
	struct yote_pos after = g->h.pos[g->h.n];

	yote_pos_play(g->r, &after, m);
	return history_push(&g->h, m, &after);
}

/* Ended by the rules?  Sets result and termination. */
static int
game_over(struct game *g)
{
	struct yote_outcome o;

	yote_pos_outcome(g->r, game_now(g), &o);
	if (o.term == YOTE_TERM_NONE)
		return 0;
	g->result = o.result;
	g->term = o.term;
	return 1;
}

/* The record of a game, through the library's writer. */
static struct yote_record *
game_record(const struct game *g, const char *event, const char *first,
    const char *second, const char *round, const struct yote_pos *start,
    int with_start)
{
	struct yote_record *rec;
	struct yote_node *root, *moves;
	char buf[YOTE_MOVE_TEXT], date[32];
	time_t now = time(NULL);
	struct tm tm;
	size_t i;

	if ((rec = calloc(1, sizeof(*rec))) == NULL)
		return NULL;
	if ((root = yote_node_map()) == NULL || (moves = yote_node_seq()) ==
	    NULL) {
		yote_node_free(root);
		free(rec);
		return NULL;
	}
	rec->root = root;
	localtime_r(&now, &tm);
	strftime(date, sizeof(date), "%Y-%m-%d", &tm);
	yote_node_set(root, "yote", yote_node_scalar("1"));
	yote_node_set(root, "rules", yote_node_scalar(g->r->name));
	yote_node_set(root, "event", yote_node_scalar(event));
	yote_node_set(root, "date", yote_node_scalar(date));
	if (round != NULL) {
		struct yote_node *rn = yote_node_scalar(round);

		if (rn != NULL)
			rn->style = YOTE_STYLE_DOUBLE;  /* a name, not a number */
		yote_node_set(root, "round", rn);
	}
	yote_node_set(root, "first", yote_node_scalar(first));
	yote_node_set(root, "second", yote_node_scalar(second));
	yote_node_set(root, "result", yote_node_scalar(
	    yote_result_text(g->result)));
	yote_node_set(root, "termination", yote_node_scalar(
	    g->term == YOTE_TERM_NONE ? "unfinished" :
	    yote_termination_text(g->term)));
	if (with_start)
		yote_node_set(root, "start", yote_node_scalar(
		    yote_pos_format(g->r, start, buf)));
	moves->style = YOTE_STYLE_FLOW;        /* [c3, d4, ...] */
	for (i = 0; i < g->h.n; i++)
		yote_node_push(moves, yote_node_scalar(yote_move_format(g->r,
		    &g->h.mv[i], buf)));
	yote_node_set(root, "moves", moves);
	return rec;
}

/* ------------------------------------------------------------ engine moves */

struct player {
	const struct level *lv;
	struct yote_engine *e;
	uint64_t rng;
};

/*
 * The engine's move at its level: the best, or (low levels) a random one
 * now and then, or one of those within the level's slack.
 */
static int
engine_move(struct player *pl, const struct yote_rules *r,
    const struct yote_pos *p, struct yote_move *out, int *score)
{
	struct yote_limits lim;
	struct yote_search_result sr;
	struct yote_movelist l = { 0 };
	struct yote_pos q;
	int *sc, best, v;
	size_t i, n, pick;

	memset(&lim, 0, sizeof(lim));
	lim.depth = pl->lv->depth;
	lim.nodes = pl->lv->nodes;
	if (yote_gen_moves(r, p, &l) <= 0) {
		yote_movelist_free(&l);
		return -1;
	}
	if (pl->lv->blunder > 0 && (int)rng_below(&pl->rng, 100) <
	    pl->lv->blunder) {
		*out = l.v[rng_below(&pl->rng, l.n)];
		*score = 0;
		yote_movelist_free(&l);
		return 0;
	}
	if (pl->lv->slack > 0 && l.n > 1) {
		/* score each move one search shallower, keep the near-best */
		if ((sc = malloc(l.n * sizeof(int))) == NULL) {
			yote_movelist_free(&l);
			return -1;
		}
		lim.depth = pl->lv->depth > 1 ? pl->lv->depth - 1 : 0;
		best = -YOTE_WIN - 1;
		for (i = 0; i < l.n; i++) {
			q = *p;
			yote_pos_play(r, &q, &l.v[i]);
			if (lim.depth > 0) {
				yote_engine_search(pl->e, r, &q, &lim, &sr,
				    NULL, NULL);
				v = -sr.score;
			} else
				v = -yote_evaluate(r, &q);
			sc[i] = v;
			if (v > best)
				best = v;
		}
		for (i = n = 0; i < l.n; i++)
			if (sc[i] >= best - pl->lv->slack)
				n++;
		pick = rng_below(&pl->rng, n);
		for (i = 0; i < l.n; i++)
			if (sc[i] >= best - pl->lv->slack && pick-- == 0)
				break;
		*out = l.v[i];
		*score = sc[i];
		free(sc);
		yote_movelist_free(&l);
		return 0;
	}
	yote_movelist_free(&l);
	if (yote_engine_search(pl->e, r, p, &lim, &sr, NULL, NULL) != 0 ||
	    sr.nmoves == 0)
		return -1;
	*out = sr.best;
	*score = sr.score;
	return 0;
}

/* ------------------------------------------------------------ options */

struct opts {
	const char *rules;
	const struct level *level;
	int engine_first;       /* --first engine */
	int hvh;                /* --human-vs-human */
	const char *out;        /* -o FILE */
	int protocol;           /* --protocol */
	const char *match;      /* --match A,B */
	long games;             /* --games N */
	long self_play;         /* --self-play N */
	int jobs;               /* -j N */
	const char *openings;   /* --openings FILE */
	int random_plies;       /* --random-plies K */
	uint64_t seed;          /* --seed */
	int seeded;
	int max_plies;          /* --max-plies: adjudication cap */
	size_t hash_mb;
	const char *name;       /* --name: the human's name */
	int ascii;
};

static struct opts opt;

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
	    "  -f, --first WHO         who moves first: human (default) or engine\n"
	    "  -g, --games N           games of a match (both colours of each\n"
	    "                          opening: N is rounded up to even)\n"
	    "  -H, --hash MB           transposition table per engine (16)\n"
	    "  -h, --help              this help\n"
	    "  -j, --jobs N            match games played at a time\n"
	    "  -l, --level L           beginner, casual, club (default), expert,\n"
	    "                          master\n"
	    "  -M, --max-plies N       adjudicate a draw after N plies (400)\n"
	    "  -m, --match A,B         level A against level B\n"
	    "  -n, --name NAME         the human player's name\n"
	    "  -o, --output FILE       write the game(s) as YAML records to FILE\n"
	    "  -O, --openings FILE     match openings: the games of FILE\n"
	    "  -p, --protocol          the line protocol for programs\n"
	    "  -R, --random-plies K    openings of K random plies (default 4)\n"
	    "  -r, --rules R           ruleset (default classic)\n"
	    "  -S, --self-play N       N engine games as YAML on standard output\n"
	    "  -s, --seed N            seed of the random choices\n"
	    "  -V, --version           print the version\n"
	    "  -2, --human-vs-human    two people at one terminal\n"
	    "\n"
	    "At the prompt: a move (c3, c3-c4, c3xc5+e1...), moves, hint, undo,\n"
	    "resign, draw, save FILE, board, help, quit.\n",
	    tool_name, tool_name, tool_name, tool_name, tool_name);
}

/* Write records atomically: into FILE.tmp, then rename. */
/* Records written to stdout, or atomically to a file (tool.c). */
struct outfile {
	const char *path;       /* NULL: standard output */
	FILE *fp;
	struct yote_writer *w;
};

static int
out_open(struct outfile *o, const char *path)
{
	memset(o, 0, sizeof(*o));
	if (path == NULL || strcmp(path, "-") == 0)
		o->fp = stdout;
	else if ((o->fp = tool_atomic_open(path)) == NULL) {
		tool_warn("%s: %s", path, strerror(errno));
		return EXIT_IO;
	} else
		o->path = path;
	if (yote_writer_open(o->fp, &o->w) != 0) {
		if (o->path != NULL)
			tool_atomic_close(o->fp, o->path, 0);
		return EXIT_IO;
	}
	return EXIT_OK;
}

static int
out_put(struct outfile *o, const struct yote_record *rec)
{
	return yote_writer_put(o->w, rec) == 0 ? EXIT_OK : EXIT_IO;
}

/* Finish: keep the new file only when everything was written. */
static int
out_close(struct outfile *o, int ok)
{
	int bad = yote_writer_close(o->w) != 0;

	if (o->path == NULL)
		return bad ? EXIT_IO : EXIT_OK;
	if (bad && ok)
		tool_warn("%s: write error; the old file is left as it was",
		    o->path);
	return tool_atomic_close(o->fp, o->path, ok && !bad) != EXIT_OK ||
	    bad ? EXIT_IO : EXIT_OK;
}

static int
save_game(const char *path, const struct game *g, const char *first,
    const char *second, const struct yote_pos *start, int with_start)
{
	struct outfile o;
	struct yote_record *rec;
	int st;

	if ((st = out_open(&o, path)) != EXIT_OK)
		return st;
	if ((rec = game_record(g, "yote-play", first, second, NULL, start,
	    with_start)) == NULL) {
		out_close(&o, 0);
		return EXIT_IO;
	}
	st = out_put(&o, rec);
	yote_record_free(rec);
	return out_close(&o, st == EXIT_OK) != EXIT_OK ? EXIT_IO : st;
}

/* ------------------------------------------------------------ at a terminal */

static void
show(const struct game *g, enum draw_style st, const char *who[2])
{
	const struct yote_pos *p = game_now(g);

	putchar('\n');
	draw_board(stdout, g->r, p, g->h.n ? draw_move_squares(g->r,
	    &g->h.mv[g->h.n - 1]) : 0, st);
	printf("Ply %lu: %s (%s) to move.\n", (unsigned long)p->ply,
	    g->r->side_name[p->side], who[p->side]);
}

/* Parse a typed move and check it; prints the reason when it is not. */
static int
read_move(const struct game *g, const char *text, struct yote_move *m,
    int quiet)
{
	const struct yote_rules *r = g->r;
	const struct yote_pos *p = game_now(g);
	struct yote_move_text mt;
	struct yote_movelist l = { 0 };
	struct yote_error e;
	char buf[YOTE_MOVE_TEXT], sq[4];
	size_t i;

	yote_error_clear(&e);
	if (yote_move_parse(text, &mt, &e) != 0) {
		if (!quiet)
			printf("'%s' is not a move: %s (at character %lu). "
			    "Type 'moves' for the legal moves, 'help' for "
			    "commands.\n", text, e.msg, e.col);
		return -1;
	}
	if (yote_move_from_text(r, &mt, m, &e) != 0 ||
	    yote_move_check(r, p, m, &e) != 0) {
		if (quiet)
			return -1;
		printf("Illegal: %s.", e.msg);
		if (yote_move_from_text(r, &mt, m, NULL) == 0 &&
		    yote_gen_moves_from(r, p, m->from, &l) > 0) {
			yote_movelist_sort(r, &l);
			printf(" Legal from %s:", yote_square_name(r, m->from,
			    sq));
			for (i = 0; i < l.n && i < 12; i++)
				printf(" %s", yote_move_format(r, &l.v[i], buf));
			if (l.n > 12)
				printf(" ... (%zu in all)", l.n);
		}
		putchar('\n');
		yote_movelist_free(&l);
		return -1;
	}
	return 0;
}

static void
list_all(const struct game *g)
{
	struct yote_movelist l = { 0 };
	char buf[YOTE_MOVE_TEXT];
	size_t i;

	if (yote_gen_moves(g->r, game_now(g), &l) <= 0) {
		printf("No legal moves.\n");
		yote_movelist_free(&l);
		return;
	}
	yote_movelist_sort(g->r, &l);
	printf("%zu legal moves:", l.n);
	for (i = 0; i < l.n; i++)
		printf("%s%s", i % 10 ? " " : "\n  ", yote_move_format(g->r,
		    &l.v[i], buf));
	putchar('\n');
	yote_movelist_free(&l);
}

static void
help_text(void)
{
	printf("Type a move in Yoté notation: c3 (place), c3-c4 (step),\n"
	    "c3xc5+e1 (capture, bonus e1; +@ from the hand), c3xc5+e1xe5+a2\n"
	    "(chain), c3-c5 (jump over your own piece), c3-c5xe5+a1 (bridge).\n"
	    "Commands: moves (list the legal moves), hint (ask the engine),\n"
	    "undo (take back your last move), resign, draw (offer a draw),\n"
	    "save FILE (write the game so far), board, help, quit.\n");
}

static int
interactive(const struct yote_rules *r, const struct yote_pos *start)
{
	struct game g;
	struct player eng;
	struct yote_move m;
	struct yote_search_result sr;
	struct yote_limits lim;
	enum draw_style st = draw_style_for(stdout, opt.ascii);
	const char *who[2];
	char line[512], buf[YOTE_MOVE_TEXT], sc[16], *cmd, *arg;
	const char *human = opt.name ? opt.name : "Human";
	char engname[64];
	int human_side = opt.engine_first ? YOTE_SECOND : YOTE_FIRST;
	int score, status = EXIT_OK, done = 0, declared = 0;
	size_t k;

	if (game_init(&g, r, start) != 0 ||
	    (eng.e = yote_engine_new(opt.hash_mb)) == NULL) {
		tool_warn("out of memory");
		return EXIT_IO;
	}
	eng.lv = opt.level;
	eng.rng = opt.seed;
	snprintf(engname, sizeof(engname), "yote-play (%s)", opt.level->name);
	if (opt.hvh) {
		who[0] = "first player";
		who[1] = "second player";
	} else {
		who[human_side] = human;
		who[!human_side] = engname;
	}
	printf("Yoté, %s rules: %s\n%s plays %s, %s plays %s.\n"
	    "Type 'help' for the commands.\n", r->name, r->description,
	    who[0], r->side_name[0], who[1], r->side_name[1]);
	while (!done) {
		if (game_over(&g))
			break;
		show(&g, st, who);
		if (!opt.hvh && game_now(&g)->side != human_side) {
			if (engine_move(&eng, r, game_now(&g), &m, &score) != 0 ||
			    game_play(&g, &m) != 0) {
				tool_warn("the engine failed (out of memory)");
				status = EXIT_IO;
				break;
			}
			printf("%s plays %s\n", engname, yote_move_format(r, &m,
			    buf));
			continue;
		}
		printf("%s> ", r->side_name[game_now(&g)->side]);
		fflush(stdout);
		if (fgets(line, sizeof(line), stdin) == NULL) {
			putchar('\n');
			done = 1;
			break;
		}
		line[strcspn(line, "\r\n")] = '\0';
		cmd = line + strspn(line, " \t");
		if ((arg = strpbrk(cmd, " \t")) != NULL) {
			*arg++ = '\0';
			arg += strspn(arg, " \t");
		}
		if (*cmd == '\0')
			continue;
		if (strcmp(cmd, "quit") == 0 || strcmp(cmd, "q") == 0) {
			done = 1;
		} else if (strcmp(cmd, "help") == 0 || strcmp(cmd, "?") == 0) {
			help_text();
		} else if (strcmp(cmd, "board") == 0) {
			continue;
		} else if (strcmp(cmd, "moves") == 0) {
			list_all(&g);
		} else if (strcmp(cmd, "hint") == 0) {
			memset(&lim, 0, sizeof(lim));
			lim.depth = 6;
			lim.nodes = 2000000;
			if (yote_engine_search(eng.e, r, game_now(&g), &lim,
			    &sr, NULL, NULL) == 0 && sr.nmoves > 0)
				printf("Hint: %s (%s for %s)\n",
				    yote_move_format(r, &sr.best, buf),
				    yote_score_text(sr.score, sc),
				    r->side_name[game_now(&g)->side]);
		} else if (strcmp(cmd, "undo") == 0) {
			k = opt.hvh ? 1 : game_now(&g)->side == human_side ? 2 :
			    1;
			if (g.h.n < k || (!opt.hvh && g.h.n - k < (size_t)
			    (opt.engine_first ? 1 : 0))) {
				printf("Nothing to take back.\n");
				continue;
			}
			g.h.n -= k;
			printf("Taken back: %zu pl%s.\n", k, k == 1 ? "y" :
			    "ies");
		} else if (strcmp(cmd, "resign") == 0) {
			g.result = game_now(&g)->side == YOTE_FIRST ?
			    YOTE_RES_SECOND : YOTE_RES_FIRST;
			g.term = YOTE_TERM_RESIGNATION;
			declared = 1;
			printf("%s resigns. Result: %s.\n",
			    r->side_name[game_now(&g)->side],
			    yote_result_text(g.result));
			break;
		} else if (strcmp(cmd, "draw") == 0) {
			const struct yote_pos *p = game_now(&g);
			int accept, c0 = yote_pos_captured_by(r, p, 0),
			    c1 = yote_pos_captured_by(r, p, 1);
			enum yote_result res = YOTE_RES_DRAW;

			/* under traditional the agreement is that no capture
			 * is left: the side that has captured more wins */
			if (r->blocked == YOTE_BLOCK_MORE_CAPTURED && c0 != c1)
				res = c0 > c1 ? YOTE_RES_FIRST : YOTE_RES_SECOND;
			if (opt.hvh) {
				printf("%s offers a draw. %s, accept (y/n)? ",
				    r->side_name[p->side],
				    r->side_name[!p->side]);
				fflush(stdout);
				accept = fgets(line, sizeof(line), stdin) !=
				    NULL && (line[0] == 'y' || line[0] == 'Y');
			} else if (res != YOTE_RES_DRAW) {
				/* the engine agrees to win, not to lose */
				accept = (res == YOTE_RES_FIRST) !=
				    (human_side == YOTE_FIRST);
			} else {
				memset(&lim, 0, sizeof(lim));
				lim.depth = 6;
				lim.nodes = 2000000;
				yote_engine_search(eng.e, r, p, &lim, &sr, NULL,
				    NULL);
				/* the human's view: the engine accepts when it
				 * is not better */
				accept = sr.score >= -50;
			}
			if (!accept) {
				printf("Draw declined.\n");
				continue;
			}
			g.term = YOTE_TERM_AGREEMENT;
			g.result = res;
			declared = 1;
			if (g.result == YOTE_RES_DRAW)
				printf("Draw agreed. Result: %s.\n",
				    yote_result_text(g.result));
			else    /* traditional: agreed that no capture is left */
				printf("Agreed: no more captures; %s has "
				    "captured more. Result: %s.\n",
				    r->side_name[g.result == YOTE_RES_FIRST ?
				    0 : 1], yote_result_text(g.result));
			break;
		} else if (strcmp(cmd, "save") == 0) {
			if (arg == NULL || *arg == '\0') {
				printf("save needs a file name: save FILE\n");
				continue;
			}
			g.term = YOTE_TERM_NONE;
			g.result = YOTE_RES_NONE;
			if (save_game(arg, &g, who[0], who[1], start,
			    memcmp(start, &g.h.pos[0], sizeof(*start)) != 0 ||
			    start->ply != 1) == EXIT_OK)
				printf("Saved to %s.\n", arg);
		} else if (read_move(&g, cmd, &m, 0) == 0) {
			if (game_play(&g, &m) != 0) {
				tool_warn("out of memory");
				status = EXIT_IO;
				break;
			}
		}
	}
	if (!declared && game_over(&g)) {
		show(&g, st, who);
		draw_ending(stdout, r, game_now(&g), &(struct yote_outcome){
		    g.result, g.term }, 1);
	} else if (!declared) {
		g.result = YOTE_RES_NONE;
		g.term = YOTE_TERM_UNFINISHED;
		printf("Game left unfinished after %zu pl%s.\n", g.h.n,
		    g.h.n == 1 ? "y" : "ies");
	}
	if (opt.out != NULL && save_game(opt.out, &g, who[0], who[1], start,
	    0) == EXIT_OK)
		printf("The game is in %s.\n", opt.out);
	else if (opt.out != NULL)
		status = EXIT_IO;
	yote_engine_free(eng.e);
	game_free(&g);
	return status;
}

/* ------------------------------------------------------------ pipe mode */

/* Moves in, one per line; the engine's replies out, one per line. */
static int
pipe_mode(const struct yote_rules *r, const struct yote_pos *start)
{
	struct game g;
	struct player eng;
	struct yote_move m;
	char line[1024], buf[YOTE_MOVE_TEXT];
	int score, status = EXIT_OK, human_side;

	if (game_init(&g, r, start) != 0 ||
	    (eng.e = yote_engine_new(opt.hash_mb)) == NULL) {
		tool_warn("out of memory");
		return EXIT_IO;
	}
	eng.lv = opt.level;
	eng.rng = opt.seed;
	human_side = opt.engine_first ? YOTE_SECOND : YOTE_FIRST;
	for (;;) {
		if (game_over(&g))
			break;
		if (game_now(&g)->side != human_side) {
			if (engine_move(&eng, r, game_now(&g), &m, &score) != 0 ||
			    game_play(&g, &m) != 0) {
				status = EXIT_IO;
				break;
			}
			printf("%s\n", yote_move_format(r, &m, buf));
			fflush(stdout);
			continue;
		}
		if (fgets(line, sizeof(line), stdin) == NULL)
			break;
		line[strcspn(line, "\r\n")] = '\0';
		if (line[0] == '\0' || line[0] == '#')
			continue;
		if (read_move(&g, line, &m, 1) != 0) {
			struct yote_move_text mt;
			struct yote_error e;

			yote_error_clear(&e);
			if (yote_move_parse(line, &mt, &e) == 0 &&
			    yote_move_from_text(r, &mt, &m, &e) == 0)
				yote_move_check(r, game_now(&g), &m, &e);
			tool_warn("ply %lu: illegal move '%s': %s",
			    (unsigned long)g.h.n + 1, line, e.msg);
			status = EXIT_INVALID;
			continue;
		}
		game_play(&g, &m);
	}
	if (game_over(&g)) {
		printf("result %s %s\n", yote_result_text(g.result),
		    yote_termination_text(g.term));
	} else {
		g.result = YOTE_RES_NONE;
		g.term = YOTE_TERM_UNFINISHED;
	}
	if (opt.out != NULL) {
		const char *who[2];
		char engname[64];

		snprintf(engname, sizeof(engname), "yote-play (%s)",
		    opt.level->name);
		who[human_side] = opt.name ? opt.name : "Human";
		who[!human_side] = engname;
		if (save_game(opt.out, &g, who[0], who[1], start, 0) !=
		    EXIT_OK)
			status = EXIT_IO;
	}
	yote_engine_free(eng.e);
	game_free(&g);
	return status;
}

/* ------------------------------------------------------------ protocol */

static int
protocol(const struct yote_rules *r)
{
	struct protocol *pr;
	char line[8192];

	if ((pr = protocol_new(r, opt.hash_mb, opt.level->depth,
	    opt.level->nodes)) == NULL) {
		tool_warn("out of memory");
		return EXIT_IO;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	while (fgets(line, sizeof(line), stdin) != NULL)
		if (protocol_line(pr, line, stdout) != 0)
			break;
	protocol_free(pr);
	return EXIT_OK;
}

/* ------------------------------------------------------------ matches */

struct match_game {
	unsigned long index;    /* 0-based */
	struct yote_pos start;  /* after the opening */
	struct game g;
	const struct level *lv[2];      /* level playing first, second */
	int a_first;            /* level A moves first */
	int done, failed;
};

struct match {
	const struct yote_rules *r;
	const struct level *a, *b;
	unsigned long ngames;
	struct yote_pos *openings;      /* one per pair of games */
	unsigned long nopenings;
	struct match_game *mg;
	pthread_mutex_t mu;
	unsigned long next;
	size_t hash_mb;
};

static void
play_one(struct match *mt, struct match_game *m, struct player pl[2])
{
	struct yote_move mv;
	int score, s;

	if (game_init(&m->g, mt->r, &m->start) != 0) {
		m->failed = 1;
		return;
	}
	for (;;) {
		if (game_over(&m->g))
			break;
		if ((int)m->g.h.n >= opt.max_plies) {
			m->g.result = YOTE_RES_DRAW;
			m->g.term = YOTE_TERM_ADJUDICATION;
			break;
		}
		s = game_now(&m->g)->side;
		if (engine_move(&pl[s], mt->r, game_now(&m->g), &mv,
		    &score) != 0 || game_play(&m->g, &mv) != 0) {
			m->failed = 1;
			break;
		}
	}
}

static void *
match_worker(void *arg)
{
	struct match *mt = arg;
	struct player pl[2];
	struct match_game *m;
	unsigned long i;
	int s;

	pl[0].e = yote_engine_new(mt->hash_mb);
	pl[1].e = yote_engine_new(mt->hash_mb);
	for (;;) {
		pthread_mutex_lock(&mt->mu);
		i = mt->next++;
		pthread_mutex_unlock(&mt->mu);
		if (i >= mt->ngames)
			break;
		m = &mt->mg[i];
		if (pl[0].e == NULL || pl[1].e == NULL) {
			m->failed = 1;
			continue;
		}
		for (s = 0; s < 2; s++) {
			pl[s].lv = m->lv[s];
			/* each game its own seeds: results do not depend on
			 * which thread plays it */
			pl[s].rng = opt.seed ^ (0x51ED27ULL * (i + 1)) ^
			    ((uint64_t)s << 40);
			yote_engine_clear(pl[s].e);
		}
		play_one(mt, m, pl);
		pthread_mutex_lock(&mt->mu);
		m->done = 1;
		pthread_mutex_unlock(&mt->mu);
	}
	yote_engine_free(pl[0].e);
	yote_engine_free(pl[1].e);
	return NULL;
}

/* Openings: K random plies from the start, or the games of a file. */
static int
make_openings(struct match *mt, unsigned long pairs)
{
	struct yote_movelist l = { 0 };
	uint64_t rng = opt.seed ^ 0x0DE11ULL;
	unsigned long i;
	int k, tries;

	if ((mt->openings = calloc(pairs, sizeof(*mt->openings))) == NULL)
		return EXIT_IO;
	mt->nopenings = pairs;
	if (opt.openings != NULL) {
		struct yote_reader *rd;
		struct yote_record *rec;
		struct yote_checker *ck;
		struct yote_game_info info;
		struct yote_error e;
		FILE *fp;
		unsigned long have = 0, gameno = 0;
		int rc;

		if ((fp = fopen(opt.openings, "rb")) == NULL) {
			tool_warn("%s: %s", opt.openings, strerror(errno));
			return EXIT_IO;
		}
		ck = yote_checker_new();
		if (ck == NULL || yote_reader_open(fp, opt.openings, &rd) != 0) {
			fclose(fp);
			yote_checker_free(ck);
			return EXIT_IO;
		}
		yote_checker_set_rules(ck, mt->r);
		while (have < pairs) {
			yote_error_clear(&e);
			rc = yote_reader_next(rd, &rec, &e);
			if (rc == 0)
				break;
			gameno++;
			if (rc < 0) {
				e.file = opt.openings;
				tool_diag(&e);
				if (rc == YOTE_EVALUE)
					continue;
				break;
			}
			if (yote_checker_play(ck, rec, opt.openings, &info,
			    NULL, NULL, NULL) < 0 || info.played <
			    info.plies) {
				/* a prefix of an illegal game is no opening */
				tool_warn("%s: game %lu: not used as an "
				    "opening: its moves cannot all be played "
				    "(see yote-validate)", opt.openings, gameno);
			} else if (info.rules == mt->r || (info.rules != NULL &&
			    strcmp(info.rules->name, mt->r->name) == 0)) {
				struct yote_outcome o;

				yote_pos_outcome(mt->r, &info.final, &o);
				if (o.term == YOTE_TERM_NONE)
					mt->openings[have++] = info.final;
			}
			yote_record_free(rec);
		}
		yote_reader_close(rd);
		yote_checker_free(ck);
		fclose(fp);
		if (have == 0) {
			tool_warn("%s: no usable opening for %s", opt.openings,
			    mt->r->name);
			return EXIT_INVALID;
		}
		/* fewer openings than pairs: cycle through them */
		for (i = have; i < pairs; i++)
			mt->openings[i] = mt->openings[i % have];
		return EXIT_OK;
	}
	for (i = 0; i < pairs; i++) {
		for (tries = 0; tries < 100; tries++) {
			yote_pos_start(mt->r, &mt->openings[i]);
			for (k = 0; k < opt.random_plies; k++) {
				if (yote_gen_moves(mt->r, &mt->openings[i],
				    &l) <= 0)
					break;
				yote_pos_play(mt->r, &mt->openings[i],
				    &l.v[rng_below(&rng, l.n)]);
			}
			if (k == opt.random_plies)
				break;
		}
	}
	yote_movelist_free(&l);
	return EXIT_OK;
}

/* Elo difference for a score fraction, and its 95% margin. */
static void
elo(double w, double d, double l, double *diff, double *margin)
{
	double n = w + d + l, s, var;

	*diff = *margin = 0;
	if (n == 0)
		return;
	s = (w + d / 2) / n;
	var = (w * (1 - s) * (1 - s) + d * (0.5 - s) * (0.5 - s) +
	    l * s * s) / n;
	if (s <= 0 || s >= 1) {
		*diff = s <= 0 ? -INFINITY : INFINITY;
		return;
	}
	*diff = 400 * log10(s / (1 - s));     /* +0, not -0, at 50% */
	/* d(elo)/ds = 400 / (ln 10 s (1 - s)) */
	*margin = 1.96 * sqrt(var / n) * 400 / (log(10) * s * (1 - s));
}

static int
run_match(const struct yote_rules *r, const struct level *a,
    const struct level *b, unsigned long games, int self_play)
{
	struct match mt;
	struct outfile out;
	pthread_t *th;
	unsigned long i, pairs, wa = 0, da = 0, la = 0;
	int j, status = EXIT_OK, have_out = 0;
	char round[32], fn[64], sn[64], buf[YOTE_POS_TEXT];
	struct yote_record *rec;
	double diff, margin;

	memset(&mt, 0, sizeof(mt));
	mt.r = r;
	mt.a = a;
	mt.b = b;
	mt.hash_mb = opt.hash_mb;
	if (!self_play && games % 2)
		games++;
	mt.ngames = games;
	pairs = self_play ? games : (games + 1) / 2;
	if ((status = make_openings(&mt, pairs)) != EXIT_OK) {
		free(mt.openings);
		return status;
	}
	if ((mt.mg = calloc(games, sizeof(*mt.mg))) == NULL) {
		free(mt.openings);
		return EXIT_IO;
	}
	for (i = 0; i < games; i++) {
		struct match_game *m = &mt.mg[i];

		m->index = i;
		m->start = mt.openings[self_play ? i : i / 2];
		m->a_first = self_play || i % 2 == 0;
		m->lv[0] = m->a_first ? a : b;
		m->lv[1] = m->a_first ? b : a;
	}
	pthread_mutex_init(&mt.mu, NULL);
	if ((th = calloc((size_t)opt.jobs, sizeof(*th))) == NULL)
		return EXIT_IO;
	for (j = 0; j < opt.jobs; j++)
		if (pthread_create(&th[j], NULL, match_worker, &mt) != 0) {
			tool_warn("cannot start a thread");
			opt.jobs = j;
			break;
		}
	if (opt.jobs == 0)
		match_worker(&mt);
	for (j = 0; j < opt.jobs; j++)
		pthread_join(th[j], NULL);
	free(th);
	if (self_play || opt.out != NULL) {
		if ((status = out_open(&out, self_play && opt.out == NULL ?
		    "-" : opt.out)) != EXIT_OK)
			goto done;
		have_out = 1;
	}
	for (i = 0; i < games; i++) {
		struct match_game *m = &mt.mg[i];
		int a_score;

		if (m->failed) {
			tool_warn("game %lu failed (out of memory)", i + 1);
			status = EXIT_IO;
			continue;
		}
		a_score = m->g.result == YOTE_RES_DRAW ? 1 :
		    (m->g.result == YOTE_RES_FIRST) == m->a_first ? 2 : 0;
		if (a_score == 2)
			wa++;
		else if (a_score == 1)
			da++;
		else
			la++;
		if (have_out) {
			snprintf(round, sizeof(round), "%lu", i + 1);
			snprintf(fn, sizeof(fn), "yote-play %s", m->lv[0]->name);
			snprintf(sn, sizeof(sn), "yote-play %s", m->lv[1]->name);
			rec = game_record(&m->g, self_play ? "yote-play "
			    "self-play" : "yote-play match", fn, sn, round,
			    &m->start, m->start.ply != 1 ||
			    m->start.pieces[0] || m->start.pieces[1] ||
			    m->start.hand[0] != r->pieces ||
			    m->start.hand[1] != r->pieces);
			if (rec == NULL || out_put(&out, rec) != EXIT_OK)
				status = EXIT_IO;
			yote_record_free(rec);
		}
		game_free(&m->g);
	}
	if (have_out && out_close(&out, status == EXIT_OK) != EXIT_OK)
		status = EXIT_IO;
	if (!self_play) {
		elo((double)wa, (double)da, (double)la, &diff, &margin);
		printf("%s vs %s, %s rules, %lu games: +%lu =%lu -%lu "
		    "(score %.1f%%)\n", a->name, b->name, r->name, games, wa,
		    da, la, games ? 100.0 * ((double)wa + (double)da / 2) /
		    (double)games : 0.0);
		if (isfinite(diff))
			printf("Elo difference: %+.0f +/- %.0f (95%%)\n", diff,
			    margin);
		else
			printf("Elo difference: %s (no game %s)\n", diff > 0 ?
			    "+inf" : "-inf", diff > 0 ? "lost" : "won");
	}
	(void)buf;
done:
	pthread_mutex_destroy(&mt.mu);
	free(mt.mg);
	free(mt.openings);
	return status;
}

/* ------------------------------------------------------------ main */

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "ascii", no_argument, NULL, 'a' },
		{ "first", required_argument, NULL, 'f' },
		{ "games", required_argument, NULL, 'g' },
		{ "hash", required_argument, NULL, 'H' },
		{ "help", no_argument, NULL, 'h' },
		{ "human-vs-human", no_argument, NULL, '2' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "level", required_argument, NULL, 'l' },
		{ "match", required_argument, NULL, 'm' },
		{ "max-plies", required_argument, NULL, 'M' },
		{ "name", required_argument, NULL, 'n' },
		{ "openings", required_argument, NULL, 'O' },
		{ "output", required_argument, NULL, 'o' },
		{ "protocol", no_argument, NULL, 'p' },
		{ "random-plies", required_argument, NULL, 'R' },
		{ "rules", required_argument, NULL, 'r' },
		{ "seed", required_argument, NULL, 's' },
		{ "self-play", required_argument, NULL, 'S' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	const struct yote_rules *r;
	const struct level *a = NULL, *b = NULL;
	struct yote_pos start;
	long long x;
	int c, owned = 0, status = EXIT_OK;
	char *comma;

	tool_init(argv[0]);
	opt.level = level_by_name("club");
	opt.jobs = 1;
	opt.hash_mb = 16;
	opt.random_plies = 4;
	opt.max_plies = 400;
	opt.games = -1;
	while ((c = getopt_long(argc, argv, ":2H:M:O:R:S:Vaf:g:hj:l:m:n:o:pr:s:",
	    longopts, NULL)) != -1) {
		switch (c) {
		case '2':
			opt.hvh = 1;
			break;
		case 'H':
			if (tool_number(optarg, "--hash", 1, 4096, &x) != 0)
				return EXIT_USAGE;
			opt.hash_mb = (size_t)x;
			break;
		case 'M':
			if (tool_number(optarg, "--max-plies", 1, 100000, &x) != 0)
				return EXIT_USAGE;
			opt.max_plies = (int)x;
			break;
		case 'O':
			opt.openings = optarg;
			break;
		case 'R':
			if (tool_number(optarg, "--random-plies", 0, 200, &x) != 0)
				return EXIT_USAGE;
			opt.random_plies = (int)x;
			break;
		case 'S':
			if (tool_number(optarg, "--self-play", 1, 100000000, &x) != 0)
				return EXIT_USAGE;
			opt.self_play = (long)x;
			break;
		case 'V':
			printf("%s %s\n", tool_name, YOTE_VERSION);
			return EXIT_OK;
		case 'a':
			opt.ascii = 1;
			break;
		case 'f':
			if (strcmp(optarg, "engine") == 0)
				opt.engine_first = 1;
			else if (strcmp(optarg, "human") == 0)
				opt.engine_first = 0;
			else
				return tool_usage_error("--first: expected human "
				    "or engine, not '%s'", optarg);
			break;
		case 'g':
			if (tool_number(optarg, "--games", 1, 100000000, &x) != 0)
				return EXIT_USAGE;
			opt.games = (long)x;
			break;
		case 'h':
			usage(stdout);
			return EXIT_OK;
		case 'j':
			if (tool_number(optarg, "--jobs", 1, 256, &x) != 0)
				return EXIT_USAGE;
			opt.jobs = (int)x;
			break;
		case 'l':
			if ((opt.level = level_by_name(optarg)) == NULL)
				return tool_usage_error("--level: expected "
				    "beginner, casual, club, expert, master or "
				    "greedy, "
				    "not '%s'", optarg);
			break;
		case 'm':
			opt.match = optarg;
			break;
		case 'n':
			opt.name = optarg;
			break;
		case 'o':
			opt.out = optarg;
			break;
		case 'p':
			opt.protocol = 1;
			break;
		case 'r':
			opt.rules = optarg;
			break;
		case 's':
			if (tool_number(optarg, "--seed", 0, 0x7FFFFFFFFFFFFFFFLL,
			    &x) != 0)
				return EXIT_USAGE;
			opt.seed = (uint64_t)x;
			opt.seeded = 1;
			break;
		default:
			return tool_bad_option(c, argv);
		}
	}
	if (optind < argc)
		return tool_usage_error("unexpected argument '%s'",
		    argv[optind]);
	if (opt.match != NULL) {
		if ((comma = strchr(opt.match, ',')) == NULL)
			return tool_usage_error("--match: expected two levels "
			    "A,B, e.g. club,expert");
		*comma = '\0';
		a = level_by_name(opt.match);
		b = level_by_name(comma + 1);
		if (a == NULL || b == NULL)
			return tool_usage_error("--match: unknown level '%s'",
			    a == NULL ? opt.match : comma + 1);
		if (opt.games < 0)
			return tool_usage_error("--match needs --games N");
	} else if (opt.games >= 0)
		return tool_usage_error("--games goes with --match");
	if ((opt.match != NULL) + (opt.self_play > 0) + opt.protocol +
	    opt.hvh > 1)
		return tool_usage_error("--match, --self-play, --protocol and "
		    "--human-vs-human exclude each other");
	if (opt.openings != NULL && opt.match == NULL && !opt.self_play)
		return tool_usage_error("--openings goes with --match or "
		    "--self-play");
	if (!opt.seeded)
		opt.seed = opt.match || opt.self_play ? 1 :
		    (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	if ((r = tool_rules(opt.rules, &owned, &status)) == NULL)
		return status;
	yote_pos_start(r, &start);
	if (opt.protocol)
		status = protocol(r);
	else if (opt.match != NULL)
		status = run_match(r, a, b, (unsigned long)opt.games, 0);
	else if (opt.self_play > 0)
		status = run_match(r, opt.level, opt.level,
		    (unsigned long)opt.self_play, 1);
	else if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO))
		status = interactive(r, &start);
	else if (opt.hvh)
		status = tool_usage_error("--human-vs-human needs a terminal");
	else
		status = pipe_mode(r, &start);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		tool_warn("write error on standard output");
		status = EXIT_IO;
	}
	if (owned)
		yote_rules_free(r);
	return status;
}
