/*
 * yote-play - play the engine at a terminal, drive it from a program
 * (pipe mode and a line protocol), run engine matches, make collections.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <sys/select.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "draw.h"
#include "line.h"
#include "play.h"
#include "protocol.h"
#include "tool.h"
#include "engopt.h"

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
	struct engopt eng;      /* --hash, the endgame tables */
	const char *name;       /* --name: the human's name */
	const char *player[2];  /* --first-player, --second-player */
	const char *event;      /* --event */
	const char *site;       /* --site */
	const char *round;      /* --round */
	int quiet;              /* -q: no game-by-game lines of a match */
	int json;               /* -f json: the match's result as JSON */
	int ascii;
};

static struct opts opt;

/*
 * Lines typed at the prompt or sent in pipe mode: read whole (line.h),
 * up to PLAY_LINE_MAX bytes (the newline not counted), longer ones refused
 * whole, never cut into two commands.  LINE_INTR: a signal came first.
 */
#define PLAY_LINE_MAX 4096
#define LINE_INTR (-3)

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
	    "                          master\n"
	    "  -M, --max-plies N       adjudicate a draw after N plies (%d)\n"
	    "      --match A,B         level A against level B\n"
	    "      --name NAME         the human player's name\n"
	    "  -o, --output FILE       write the game(s) as YAML records to FILE\n"
	    "  -O, --openings FILE     match openings: the games of FILE\n"
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
	    "      --no-tb             no endgame tables\n"
	    "  -2, --human-vs-human    two people at one terminal\n"
	    "\n"
	    "At the prompt: a move (c3, c3-c4, c3xc5+e1...), moves, hint, undo,\n"
	    "resign, draw, save FILE, board, help, quit.  In pipe mode: moves,\n"
	    "hint, undo, resign, draw, save FILE, quit.  Lines of up to %d\n"
	    "bytes.\n",
	    tool_name, tool_name, tool_name, tool_name, tool_name,
	    MAX_PLIES_DEFAULT, PLAY_LINE_MAX);
}

/* ------------------------------------------------------------ a session */

/* One game of a person against the engine (or another person). */
struct session {
	const struct yote_rules *r;
	struct game g;
	struct player eng;
	const char *who[2];     /* the names of first and second */
	char engname[64];       /* "yote-play (LEVEL)" */
	int human_side;         /* the side the human plays (not --hvh) */
	int declared;           /* ended by resignation or agreement */
	enum draw_style st;     /* of the diagrams */
	size_t shown;           /* plies when the board was last drawn */
	char side[2][TOOL_TEXT_MAX];    /* the sides' names, escaped: a
					   ruleset file names them */
	char *line;             /* the last line read (line_read's buffer) */
	size_t cap;
};

/* The game, the engine and the names; EXIT_OK, or EXIT_IO (said). */
static int
session_open(struct session *s, const struct yote_rules *r,
    const struct yote_pos *start)
{
	memset(s, 0, sizeof(*s));
	s->r = r;
	s->shown = (size_t)-1;
	if (game_init(&s->g, r, start) != 0 ||
	    (s->eng.e = engopt_engine(&opt.eng)) == NULL) {
		game_free(&s->g);
		tool_warn("out of memory");
		return EXIT_IO;
	}
	s->eng.lv = opt.level;
	s->eng.rng = opt.seed;
	snprintf(s->engname, sizeof(s->engname), "yote-play (%s)",
	    opt.level->name);
	s->human_side = opt.engine_first ? YOTE_SECOND : YOTE_FIRST;
	tool_escape(s->side[0], sizeof(s->side[0]), r->side_name[0], 0);
	tool_escape(s->side[1], sizeof(s->side[1]), r->side_name[1], 0);
	if (opt.hvh) {
		s->who[0] = "first player";
		s->who[1] = "second player";
	} else {
		s->who[s->human_side] = opt.name ? opt.name : "Human";
		s->who[!s->human_side] = s->engname;
	}
	if (opt.player[0] != NULL)
		s->who[0] = opt.player[0];
	if (opt.player[1] != NULL)
		s->who[1] = opt.player[1];
	return EXIT_OK;
}

static void
session_close(struct session *s)
{
	yote_engine_free(s->eng.e);
	game_free(&s->g);
	free(s->line);
}

/* The game so far into path, with the session's names (and the seed when
 * the engine played); the exit status, every failure said. */
static int
save_game(const struct session *s, const char *path)
{
	struct game_names nm = { opt.event ? opt.event : "yote-play",
	    opt.site, opt.round, s->who[0], s->who[1] };
	struct outfile o;
	struct yote_record *rec;
	int st;

	if ((st = out_open(&o, path)) != EXIT_OK)
		return st;
	if ((rec = game_record(&s->g, &nm, opt.hvh ? NULL : &opt.seed)) ==
	    NULL) {
		tool_warn("out of memory");
		out_close(&o, 0);
		return EXIT_IO;
	}
	st = out_put(&o, rec);
	yote_record_free(rec);
	return out_close(&o, st == EXIT_OK) != EXIT_OK ? EXIT_IO : st;
}

/* The engine's move, played; the move in m.  0, or -1 when it failed. */
static int
engine_turn(struct session *s, struct yote_move *m)
{
	int score;

	if (engine_move(&s->eng, &s->g, m, &score) != 0 ||
	    game_play(&s->g, m) != 0)
		return -1;
	return 0;
}

/* The engine's view of the position now, as a hint would give it. */
static int
engine_hint(struct session *s, struct yote_search_result *sr)
{
	struct yote_limits lim;

	memset(&lim, 0, sizeof(lim));
	lim.depth = 6;
	lim.nodes = 2000000;
	if (engine_history(s->eng.e, &s->g) != 0)
		return YOTE_ENOMEM;
	return yote_engine_search(s->eng.e, s->r, game_now(&s->g), &lim, sr,
	    NULL, NULL);
}

/* Plies that undo takes back now: the human's last move and the engine's
 * answer (one ply between two people); 0 when there is nothing to take
 * back (the engine's opening move is not the human's). */
static size_t
undo_plies(const struct session *s)
{
	size_t n = game_plies(&s->g), k;

	k = opt.hvh ? 1 : game_now(&s->g)->side == s->human_side ? 2 : 1;
	if (n < k || (!opt.hvh && n - k < (size_t)(opt.engine_first ? 1 :
	    0)))
		return 0;
	return k;
}

/* The side to move resigns. */
static void
resign(struct session *s)
{
	int side = game_now(&s->g)->side;

	s->g.result = side == YOTE_FIRST ? YOTE_RES_SECOND : YOTE_RES_FIRST;
	s->g.term = YOTE_TERM_RESIGNATION;
	s->declared = 1;
}

/* The result an agreement gives now: a draw, except under traditional,
 * where the agreement is that no capture is left and the side that has
 * captured more wins. */
static enum yote_result
agreed_result(const struct session *s)
{
	const struct yote_rules *r = s->r;
	const struct yote_pos *p = game_now(&s->g);
	int c0 = yote_pos_captured_by(r, p, 0), c1 = yote_pos_captured_by(r,
	    p, 1);

	if (r->blocked == YOTE_BLOCK_MORE_CAPTURED && c0 != c1)
		return c0 > c1 ? YOTE_RES_FIRST : YOTE_RES_SECOND;
	return YOTE_RES_DRAW;
}

/* Does the engine accept an agreement whose result is res? */
static int
engine_agrees(struct session *s, enum yote_result res)
{
	struct yote_search_result sr;

	if (res != YOTE_RES_DRAW)       /* the engine agrees to win, not to lose */
		return (res == YOTE_RES_FIRST) != (s->human_side == YOTE_FIRST);
	if (engine_hint(s, &sr) != 0)
		return 0;
	/* the human's view: the engine accepts when it is not better */
	return sr.score >= -50;
}

/* End the game by agreement with result res. */
static void
agree(struct session *s, enum yote_result res)
{
	s->g.term = YOTE_TERM_AGREEMENT;
	s->g.result = res;
	s->declared = 1;
}

/* Leading and trailing blanks off line; the command and its argument
 * (NULL when none). */
static char *
split_command(char *line, char **arg)
{
	char *cmd = line + strspn(line, " \t"), *end = cmd + strlen(cmd);

	while (end > cmd && (end[-1] == ' ' || end[-1] == '\t'))
		*--end = '\0';
	if ((*arg = strpbrk(cmd, " \t")) != NULL) {
		*(*arg)++ = '\0';
		*arg += strspn(*arg, " \t");
	}
	return cmd;
}

/* ------------------------------------------------------------ at a terminal */

/*
 * Ctrl-C at the prompt asks whether to abandon the game instead of
 * killing the program with it; a hangup, SIGTERM or SIGPIPE (the tee of
 * `yote-play | tee log` gone, killed by the same Ctrl-C) ends the game as
 * unfinished and writes its record.  The handlers are set again before
 * every prompt (writing a file sets its own), and are not set for a
 * signal that was ignored when yote-play started (nohup).
 */
static volatile sig_atomic_t interrupted, hung_up;
#define NSIGS 4

static void
on_signal(int sig)
{
	if (sig == SIGINT)
		interrupted = 1;
	else
		hung_up = 1;
}

static void
catch_signals(void)
{
	static const int sigs[NSIGS] = { SIGINT, SIGHUP, SIGTERM, SIGPIPE };
	static int ignored[NSIGS], checked;
	struct sigaction sa, old;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;      /* no SA_RESTART: a read returns */
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < NSIGS; i++) {
		if (!checked && sigaction(sigs[i], NULL, &old) == 0)
			ignored[i] = old.sa_handler == SIG_IGN;
		if (!ignored[i])
			sigaction(sigs[i], &sa, NULL);
	}
	checked = 1;
}

/*
 * Wait until the terminal has a line: 0, or LINE_INTR when a signal came
 * first, also one that came just before the wait (the check and the wait
 * are one step, so a Ctrl-C is never left pending behind a read).
 * Standard input is unbuffered at the terminal, so that a line read
 * leaves nothing behind in stdio for this wait to miss.
 */
static int
wait_line(void)
{
	sigset_t block, old;
	fd_set rd;
	int r = -1;

	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGHUP);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGPIPE);
	sigprocmask(SIG_BLOCK, &block, &old);
	FD_ZERO(&rd);
	FD_SET(STDIN_FILENO, &rd);
	if (!interrupted && !hung_up)
		r = pselect(STDIN_FILENO + 1, &rd, NULL, NULL, NULL, &old);
	sigprocmask(SIG_SETMASK, &old, NULL);
	return r < 0 ? LINE_INTR : 0;
}

/* A line typed at the terminal into s->line: line_read's results, or
 * LINE_INTR. */
static long
term_line(struct session *s)
{
	long n;

	catch_signals();
	if (wait_line() != 0)
		return LINE_INTR;
	errno = 0;
	n = line_read(stdin, &s->line, &s->cap, PLAY_LINE_MAX);
	if (n == LINE_EOF && ferror(stdin) && errno == EINTR) {
		clearerr(stdin);
		return LINE_INTR;
	}
	return n;
}

static void
show(struct session *s)
{
	const struct yote_game *play = s->g.play;
	const struct yote_pos *p = game_now(&s->g);
	size_t n = yote_game_plies(play);

	putchar('\n');
	draw_board(stdout, s->r, p, n ? draw_move_squares(s->r,
	    yote_game_move(play, n)) : 0, s->st);
	printf("Ply %lu: %s (%s) to move.\n", (unsigned long)p->ply,
	    s->side[p->side], s->who[p->side]);
	s->shown = n;
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
				printf("%s%s", i % 6 ? " " : "\n  ",
				    yote_move_format(r, &l.v[i], buf));
			if (l.n > 12)
				printf(" ... (%zu in all)", l.n);
		}
		putchar('\n');
		yote_movelist_free(&l);
		return -1;
	}
	return 0;
}

/* The legal moves, sorted, ten a line (terminal) or on one line after
 * `moves` (pipe mode). */
static void
list_all(const struct game *g, int pipe)
{
	struct yote_movelist l = { 0 };
	char buf[YOTE_MOVE_TEXT];
	size_t i;

	if (yote_gen_moves(g->r, game_now(g), &l) <= 0 && !pipe) {
		printf("No legal moves.\n");
		yote_movelist_free(&l);
		return;
	}
	yote_movelist_sort(g->r, &l);
	if (pipe)
		fputs("moves", stdout);
	else
		printf("%zu legal moves:", l.n);
	for (i = 0; i < l.n; i++)
		printf("%s%s", pipe || i % 10 ? " " : "\n  ",
		    yote_move_format(g->r, &l.v[i], buf));
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
	    "save FILE (write the game so far), board, help, quit.\n"
	    "Ctrl-C asks whether to abandon the game.\n");
}

/* What a command leaves the session to do. */
enum next { GO_ON, GAME_ENDED, FAILED, REFUSED };

static void
cmd_hint(struct session *s, int pipe)
{
	struct yote_search_result sr;
	char buf[YOTE_MOVE_TEXT], sc[16];

	if (engine_hint(s, &sr) != 0 || sr.nmoves == 0)
		printf(pipe ? "hint (none)\n" : "No hint: no legal move.\n");
	else if (pipe)
		printf("hint %s %s\n", yote_move_format(s->r, &sr.best, buf),
		    yote_score_text(sr.score, sc));
	else
		printf("Hint: %s (%s for %s)\n", yote_move_format(s->r,
		    &sr.best, buf), yote_score_text(sr.score, sc),
		    s->side[game_now(&s->g)->side]);
}

/* Does the other side accept a draw offer whose result is res?  Between
 * two people the other is asked. */
static int
draw_accepted(struct session *s, enum yote_result res)
{
	const struct yote_pos *p = game_now(&s->g);

	if (!opt.hvh)
		return engine_agrees(s, res);
	printf("%s offers a draw. %s, accept (y/n)? ",
	    s->side[p->side], s->side[!p->side]);
	fflush(stdout);
	return term_line(s) >= 0 && (s->line[0] == 'y' || s->line[0] == 'Y');
}

static enum next
cmd_draw(struct session *s)
{
	enum yote_result res = agreed_result(s);

	if (!draw_accepted(s, res)) {
		printf("Draw declined.\n");
		return GO_ON;
	}
	agree(s, res);
	if (res == YOTE_RES_DRAW)
		printf("Draw agreed. Result: %s.\n", yote_result_text(res));
	else
		printf("Agreed: no more captures; %s has captured more. "
		    "Result: %s.\n", s->side[res == YOTE_RES_FIRST ?
		    0 : 1], yote_result_text(res));
	return GAME_ENDED;
}

/* save FILE: the game so far, unfinished; the exit status (said). */
static int
cmd_save(struct session *s, const char *arg)
{
	s->g.term = YOTE_TERM_NONE;
	s->g.result = YOTE_RES_NONE;
	return save_game(s, arg);
}

/* Carry out one typed line: a command or a move. */
static enum next
command(struct session *s, char *line)
{
	struct yote_move m;
	char *cmd, *arg;
	size_t k;
	int side;

	cmd = split_command(line, &arg);
	if (*cmd == '\0')
		return GO_ON;
	if (strcmp(cmd, "board") == 0)
		s->shown = (size_t)-1;
	else if (strcmp(cmd, "quit") == 0 || strcmp(cmd, "q") == 0)
		return GAME_ENDED;
	else if (strcmp(cmd, "help") == 0 || strcmp(cmd, "?") == 0)
		help_text();
	else if (strcmp(cmd, "moves") == 0)
		list_all(&s->g, 0);
	else if (strcmp(cmd, "hint") == 0)
		cmd_hint(s, 0);
	else if (strcmp(cmd, "undo") == 0) {
		if ((k = undo_plies(s)) == 0)
			printf("Nothing to take back.\n");
		else {
			yote_game_undo(s->g.play, k);
			printf("Taken back: %zu pl%s.\n", k, k == 1 ? "y" :
			    "ies");
		}
	} else if (strcmp(cmd, "resign") == 0) {
		side = game_now(&s->g)->side;
		resign(s);
		printf("%s resigns. Result: %s.\n", s->side[side],
		    yote_result_text(s->g.result));
		return GAME_ENDED;
	} else if (strcmp(cmd, "draw") == 0)
		return cmd_draw(s);
	else if (strcmp(cmd, "save") == 0) {
		if (arg == NULL)
			printf("save needs a file name: save FILE\n");
		else if (cmd_save(s, arg) == EXIT_OK)
			printf("Saved to %s.\n", arg);
	} else if (read_move(&s->g, cmd, &m, 0) == 0 &&
	    game_play(&s->g, &m) != 0) {
		tool_warn("out of memory");
		return FAILED;
	}
	return GO_ON;
}

/* After Ctrl-C: abandon the game?  A second Ctrl-C or the end of the
 * input says yes. */
static int
abandon(struct session *s)
{
	long n;

	if (opt.out != NULL)
		printf("\nAbandon the game? It is written to %s as "
		    "unfinished. (y/n) ", opt.out);
	else
		printf("\nAbandon the game? It is not saved: answer n and "
		    "type 'save FILE' to keep it. (y/n) ");
	fflush(stdout);
	n = term_line(s);
	interrupted = 0;
	if (n == LINE_INTR || n == LINE_EOF)
		putchar('\n');
	return n == LINE_INTR || n == LINE_EOF || (n > 0 && (s->line[0] ==
	    'y' || s->line[0] == 'Y'));
}

/* The prompt, and the line typed at it carried out. */
static enum next
prompt(struct session *s)
{
	long n;

	for (;;) {
		if (hung_up)
			return GAME_ENDED;
		if (interrupted) {
			interrupted = 0;
			if (abandon(s))
				return GAME_ENDED;
		}
		/* before the prompt shows: a Ctrl-C typed as soon as it
		   shows finds the handler, not one a file write left */
		catch_signals();
		printf("%s> ", s->side[game_now(&s->g)->side]);
		/* nobody reads the output any more (SIGPIPE ignored): the
		 * game ends as on a hangup */
		if (fflush(stdout) != 0 || ferror(stdout))
			return GAME_ENDED;
		if ((n = term_line(s)) == LINE_INTR)
			continue;
		if (n == LINE_EOF) {
			putchar('\n');
			return GAME_ENDED;
		}
		if (n == LINE_LONG) {
			printf("Line too long (more than %d bytes): "
			    "ignored.\n", PLAY_LINE_MAX);
			continue;
		}
		return command(s, s->line);
	}
}

/* How the game ended, and the record of it (-o); the exit status. */
static int
session_end(struct session *s, int status)
{
	size_t n = game_plies(&s->g);

	if (!s->declared && game_over(&s->g)) {
		if (s->shown != n)
			show(s);
		draw_ending(stdout, s->r, game_now(&s->g), &(struct
		    yote_outcome){ s->g.result, s->g.term }, 1);
	} else if (!s->declared) {
		s->g.result = YOTE_RES_NONE;
		s->g.term = YOTE_TERM_UNFINISHED;
		printf("Game left unfinished after %zu pl%s.\n", n, n == 1 ?
		    "y" : "ies");
	}
	if (opt.out != NULL && save_game(s, opt.out) == EXIT_OK)
		printf("The game is in %s.\n", opt.out);
	else if (opt.out != NULL)
		status = EXIT_IO;
	return status;
}

/* text, broken at spaces into lines that fit 80 columns (UTF-8 letters
 * counted as one). */
static void
wrapped(const char *text)
{
	const char *p = text, *brk, *q;
	int cols, brk_cols;

	while (*p != '\0') {
		brk = NULL;
		for (q = p, cols = brk_cols = 0; *q != '\0' && cols <= 78;
		    q++) {
			if (*q == ' ') {
				brk = q;
				brk_cols = cols;
			}
			if (((unsigned char)*q & 0xC0) != 0x80)
				cols++;
		}
		if (*q == '\0' && cols <= 78)
			brk = q;
		else if (brk == NULL || brk_cols == 0)
			brk = q;        /* one word too long: cut it */
		printf("%.*s\n", (int)(brk - p), p);
		p = brk + (*brk == ' ');
	}
}

static int
interactive(const struct yote_rules *r, const struct yote_pos *start)
{
	struct session s;
	struct yote_move m;
	char buf[YOTE_MOVE_TEXT], head[3 * TOOL_TEXT_MAX];
	enum next next = GO_ON;
	int status;

	if ((status = session_open(&s, r, start)) != EXIT_OK)
		return status;
	s.st = draw_style_for(stdout, opt.ascii);
	setvbuf(stdin, NULL, _IONBF, 0);
	catch_signals();
	snprintf(head, sizeof(head), "Yoté, %s rules: %s", tool_text(r->name),
	    tool_text(r->description));
	wrapped(head);
	snprintf(head, sizeof(head), "%s plays %s, %s plays %s.", s.who[0],
	    s.side[0], s.who[1], s.side[1]);
	wrapped(head);
	printf("Type 'help' for the commands.\n");
	while (next == GO_ON && !game_over(&s.g)) {
		/* one board a ply: commands that leave the position as it
		 * was do not draw it again */
		if (s.shown != game_plies(&s.g))
			show(&s);
		if (!opt.hvh && game_now(&s.g)->side != s.human_side) {
			if (engine_turn(&s, &m) != 0) {
				tool_warn("the engine failed (out of memory)");
				next = FAILED;
				break;
			}
			printf("%s plays %s\n", s.engname, yote_move_format(r,
			    &m, buf));
			continue;
		}
		next = prompt(&s);
	}
	status = session_end(&s, next == FAILED ? EXIT_IO : EXIT_OK);
	session_close(&s);
	return status;
}

/* ------------------------------------------------------------ pipe mode */

/* An illegal line of pipe mode: the reason on stderr. */
static void
pipe_refuse(const struct session *s, const char *line)
{
	struct yote_move_text mt;
	struct yote_move m;
	struct yote_error e;

	yote_error_clear(&e);
	if (yote_move_parse(line, &mt, &e) == 0 &&
	    yote_move_from_text(s->r, &mt, &m, &e) == 0)
		yote_move_check(s->r, game_now(&s->g), &m, &e);
	tool_warn("ply %lu: illegal move '%s': %s", (unsigned long)
	    game_plies(&s->g) + 1, line, e.msg);
}

/* One line of pipe mode: a command or a move. */
static enum next
pipe_command(struct session *s, char *line)
{
	struct yote_move m;
	char *cmd, *arg;
	size_t k;

	cmd = split_command(line, &arg);
	if (strcmp(cmd, "quit") == 0)
		return GAME_ENDED;
	if (strcmp(cmd, "resign") == 0) {
		resign(s);
		return GAME_ENDED;
	}
	if (strcmp(cmd, "draw") == 0) {
		if (engine_agrees(s, agreed_result(s))) {
			agree(s, agreed_result(s));
			return GAME_ENDED;
		}
		printf("draw declined\n");
	} else if (strcmp(cmd, "undo") == 0) {
		if ((k = undo_plies(s)) == 0) {
			tool_warn("ply %lu: undo: nothing to take back",
			    (unsigned long)game_plies(&s->g) + 1);
			return REFUSED;
		}
		yote_game_undo(s->g.play, k);
	} else if (strcmp(cmd, "moves") == 0)
		list_all(&s->g, 1);
	else if (strcmp(cmd, "hint") == 0)
		cmd_hint(s, 1);
	else if (strcmp(cmd, "save") == 0) {
		if (arg == NULL) {
			tool_warn("save needs a file name: save FILE");
			return REFUSED;
		}
		if (cmd_save(s, arg) != EXIT_OK)
			return REFUSED;
	} else if (read_move(&s->g, cmd, &m, 1) != 0) {
		pipe_refuse(s, cmd);
		return REFUSED;
	} else if (game_play(&s->g, &m) != 0) {
		tool_warn("out of memory");
		return FAILED;
	}
	return GO_ON;
}

/* Moves and commands in, one per line; the engine's replies out, one per
 * line. */
static int
pipe_mode(const struct yote_rules *r, const struct yote_pos *start)
{
	struct session s;
	struct yote_move m;
	char buf[YOTE_MOVE_TEXT];
	enum next next = GO_ON;
	unsigned long lineno = 0;
	long n;
	int status;

	if ((status = session_open(&s, r, start)) != EXIT_OK)
		return status;
	while (next != GAME_ENDED && next != FAILED && !game_over(&s.g)) {
		if (game_now(&s.g)->side != s.human_side) {
			if (engine_turn(&s, &m) != 0) {
				tool_warn("the engine failed (out of memory)");
				next = FAILED;
				break;
			}
			printf("%s\n", yote_move_format(r, &m, buf));
			fflush(stdout);
			continue;
		}
		if ((n = line_read(stdin, &s.line, &s.cap, PLAY_LINE_MAX)) ==
		    LINE_EOF)
			break;
		lineno++;
		if (n == LINE_LONG) {
			tool_warn("<stdin>:%lu: a line of more than %d bytes: "
			    "ignored whole", lineno, PLAY_LINE_MAX);
			status = EXIT_INVALID;
			continue;
		}
		s.line[strcspn(s.line, "#")] = '\0';    /* a comment */
		if (s.line[strspn(s.line, " \t")] == '\0')
			continue;
		if ((next = pipe_command(&s, s.line)) == REFUSED)
			status = EXIT_INVALID;
		fflush(stdout);
	}
	if (next == FAILED)
		status = EXIT_IO;
	if (s.declared || game_over(&s.g))
		printf("result %s %s\n", yote_result_text(s.g.result),
		    yote_termination_text(s.g.term));
	else {
		s.g.result = YOTE_RES_NONE;
		s.g.term = YOTE_TERM_UNFINISHED;
	}
	if (opt.out != NULL && save_game(&s, opt.out) != EXIT_OK)
		status = EXIT_IO;
	session_close(&s);
	return status;
}

/* ------------------------------------------------------------ protocol */

/* The budget of a protocol `go` without one at a level (Level option). */
static int
level_budget(const char *name, int *depth, unsigned long long *nodes)
{
	const struct level *lv = level_by_name(name);

	if (lv == NULL)
		return -1;
	*depth = lv->depth;
	*nodes = lv->nodes;
	return 0;
}

static int
protocol(const struct yote_rules *r)
{
	struct protocol *pr;
	int rc;

	if ((pr = protocol_new(r, opt.eng.hash_mb, opt.level->depth,
	    opt.level->nodes)) == NULL || yote_engine_use_tb(protocol_engine(pr),
	    opt.eng.tb_dir, opt.eng.tb_pieces) != 0) {
		protocol_free(pr);
		tool_warn("out of memory");
		return EXIT_IO;
	}
	protocol_set_levels(pr, level_budget,
	    "beginner casual club expert master", opt.level->name);
	setvbuf(stdout, NULL, _IOLBF, 0);
	rc = protocol_run(pr, stdin, stdout);
	protocol_free(pr);
	if (rc != 0) {
		tool_warn(rc == -2 ? "cannot start the protocol's reader thread" :
		    "standard output: write error");
		return EXIT_IO;
	}
	return EXIT_OK;
}

/* ------------------------------------------------------------ main */

/* Long options without a letter. */
enum { OPT_EVENT = 0x200, OPT_FIRST_PLAYER, OPT_SECOND_PLAYER, OPT_ROUND,
	OPT_SITE, OPT_FIRST };

/* The options into opt: -1 to go on, else the exit status. */
static int
parse_options(int argc, char *argv[])
{
	/*
	 * --first, --games, --match, --name, --protocol and --seed are long
	 * only: their letters mean other things in the suite (yote(7)).
	 */
	static const struct option longopts[] = {
		{ "ascii", no_argument, NULL, 'a' },
		{ "event", required_argument, NULL, OPT_EVENT },
		{ "first", required_argument, NULL, OPT_FIRST },
		{ "format", required_argument, NULL, 'f' },
		{ "first-player", required_argument, NULL, OPT_FIRST_PLAYER },
		{ "games", required_argument, NULL, 'g' },
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
		{ "seed", required_argument, NULL, 's' },
		{ "self-play", required_argument, NULL, 'S' },
		{ "site", required_argument, NULL, OPT_SITE },
		{ "version", no_argument, NULL, 'V' },
		ENGOPT_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	long long x;
	int c;

	engopt_init(&opt.eng);
	opt.level = level_by_name("club");
	opt.random_plies = 4;
	opt.max_plies = MAX_PLIES_DEFAULT;
	opt.games = -1;
	while ((c = engopt_getopt(&opt.eng, argc, argv,
	    ":2H:L:M:O:R:S:Vaf:hj:o:qr:", longopts)) != -1) {
		switch (c) {
		case ENGOPT_BAD:
			return EXIT_USAGE;
		case OPT_EVENT:
			opt.event = optarg;
			break;
		case OPT_FIRST_PLAYER:
			opt.player[0] = optarg;
			break;
		case OPT_SECOND_PLAYER:
			opt.player[1] = optarg;
			break;
		case OPT_ROUND:
			opt.round = optarg;
			break;
		case OPT_SITE:
			opt.site = optarg;
			break;
		case '2':
			opt.hvh = 1;
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
			return tool_version();
		case 'a':
			opt.ascii = 1;
			break;
		case 'f':
			if ((opt.json = strcmp(optarg, "json") == 0) == 0 &&
			    strcmp(optarg, "text") != 0)
				return tool_usage_error("--format: expected "
				    "text or json, not '%s'", optarg);
			break;
		case OPT_FIRST:
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
			return tool_help(usage);
		case 'L':
			if ((opt.level = level_by_name(optarg)) == NULL)
				return tool_usage_error("--level: expected "
				    "beginner, casual, club, expert, master or "
				    "greedy, not '%s'", optarg);
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
		case 'q':
			opt.quiet = 1;
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
			return tool_bad_option(c, argv, longopts);
		}
	}
	opt.jobs = opt.eng.jobs;
	if (optind < argc)
		return tool_usage_error("unexpected argument '%s'",
		    argv[optind]);
	return -1;
}

/* --match A,B into its levels, and the modes that exclude each other:
 * -1 to go on, else EXIT_USAGE. */
static int
check_modes(const struct level **a, const struct level **b)
{
	char *comma;

	if (opt.match != NULL) {
		if ((comma = strchr(opt.match, ',')) == NULL)
			return tool_usage_error("--match: expected two levels "
			    "A,B, e.g. club,expert");
		*comma = '\0';
		*a = level_by_name(opt.match);
		*b = level_by_name(comma + 1);
		if (*a == NULL || *b == NULL)
			return tool_usage_error("--match: unknown level '%s'",
			    *a == NULL ? opt.match : comma + 1);
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
	if ((opt.match != NULL || opt.self_play > 0 || opt.protocol) &&
	    (opt.player[0] || opt.player[1] || opt.name || opt.round))
		return tool_usage_error("--first-player, --second-player, "
		    "--name and --round go with a game at the terminal or in "
		    "pipe mode");
	if (opt.protocol && (opt.event || opt.site))
		return tool_usage_error("--event and --site do not go with "
		    "--protocol");
	return -1;
}

int
main(int argc, char *argv[])
{
	const struct yote_rules *r;
	const struct level *a = NULL, *b = NULL;
	struct match_opts mo;
	struct yote_pos start;
	long games;
	int owned = 0, status;

	tool_init(argv[0]);
	if ((status = parse_options(argc, argv)) >= 0 ||
	    (status = check_modes(&a, &b)) >= 0)
		return status;
	if (!opt.seeded)
		opt.seed = opt.match || opt.self_play ? 1 :
		    (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	if ((r = tool_rules(opt.rules, &owned, &status)) == NULL)
		return status;
	yote_pos_start(r, &start);
	mo = (struct match_opts){ opt.seed, opt.max_plies, opt.jobs,
	    opt.openings, opt.random_plies, &opt.eng, opt.out, opt.event,
	    opt.site, opt.quiet, opt.json };
	if (!opt.hvh)
		engopt_check(&opt.eng, r);
	/* a match's job holds two engines; no more jobs than games */
	games = opt.match != NULL ? opt.games + opt.games % 2 : opt.self_play;
	if ((opt.match != NULL || opt.self_play > 0) && (status =
	    engopt_memory(&opt.eng, 2 * (int)(games < opt.jobs ? games :
	    opt.jobs))) != 0) {
		if (owned)
			yote_rules_free(r);
		return status;
	}
	if (opt.protocol)
		status = protocol(r);
	else if (opt.match != NULL)
		status = run_match(r, a, b, (unsigned long)opt.games, 0, &mo);
	else if (opt.self_play > 0)
		status = run_match(r, opt.level, opt.level,
		    (unsigned long)opt.self_play, 1, &mo);
	else if (isatty(STDIN_FILENO))
		/* a person types: interactive even when the output goes
		 * through a pipe (yote-play | tee log), which only loses
		 * the colours */
		status = interactive(r, &start);
	else if (opt.hvh)
		status = tool_usage_error("--human-vs-human needs a terminal");
	else
		status = pipe_mode(r, &start);
	status = tool_stdout_done(status);
	if (owned)
		yote_rules_free(r);
	return status;
}
