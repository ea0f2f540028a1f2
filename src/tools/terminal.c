/*
 * terminal.c - the interactive session at a terminal: the prompt, the
 * commands typed at it and their help, the board after every ply, and
 * what Ctrl-C and hangups do (terminal.h).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <unistd.h>

#include "line.h"
#include "terminal.h"

/* What term_line returns when a signal came before a line (line.h has
 * the other results). */
#define LINE_INTR (-3)

/*
 * Ctrl-C at the prompt asks whether to abandon the game instead of
 * killing the program with it; a hangup, SIGTERM or SIGPIPE (the tee of
 * `yote-play | tee log` gone, killed by the same Ctrl-C) ends the game as
 * unfinished and writes its record.  The handlers are set again before
 * every prompt (writing a file sets its own), and are not set for a
 * signal that was ignored when yote-play started (nohup).  The flags are
 * file-scope: a signal handler can set nothing else.
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

/* Does the other side accept a draw offer whose result is res?  Between
 * two people the other is asked. */
static int
draw_accepted(struct session *s, enum yote_result res)
{
	const struct yote_pos *p = game_now(&s->g);

	if (!s->opt->hvh)
		return session_engine_agrees(s, res);
	printf("%s offers a draw. %s, accept (y/n)? ",
	    s->side[p->side], s->side[!p->side]);
	fflush(stdout);
	return term_line(s) >= 0 && (s->line[0] == 'y' || s->line[0] == 'Y');
}

static enum session_next
cmd_draw(struct session *s)
{
	enum yote_result res = session_agreed_result(s);

	if (!draw_accepted(s, res)) {
		printf("Draw declined.\n");
		return SESSION_GO_ON;
	}
	session_agree(s, res);
	if (res == YOTE_RES_DRAW)
		printf("Draw agreed. Result: %s.\n", yote_result_text(res));
	else
		printf("Agreed: no more captures; %s has captured more. "
		    "Result: %s.\n", s->side[res == YOTE_RES_FIRST ?
		    0 : 1], yote_result_text(res));
	return SESSION_ENDED;
}

/* Carry out one typed line: a command or a move. */
static enum session_next
command(struct session *s, char *line)
{
	struct yote_move m;
	char *cmd, *arg;
	size_t k;
	int side;

	cmd = session_split_command(line, &arg);
	if (*cmd == '\0')
		return SESSION_GO_ON;
	if (strcmp(cmd, "board") == 0)
		s->shown = (size_t)-1;
	else if (strcmp(cmd, "quit") == 0 || strcmp(cmd, "q") == 0)
		return SESSION_ENDED;
	else if (strcmp(cmd, "help") == 0 || strcmp(cmd, "?") == 0)
		help_text();
	else if (strcmp(cmd, "moves") == 0)
		session_list_moves(&s->g, 0);
	else if (strcmp(cmd, "hint") == 0)
		session_print_hint(s, 0);
	else if (strcmp(cmd, "undo") == 0) {
		if ((k = session_undo_plies(s)) == 0)
			printf("Nothing to take back.\n");
		else {
			yote_game_undo(s->g.play, k);
			printf("Taken back: %zu pl%s.\n", k, k == 1 ? "y" :
			    "ies");
		}
	} else if (strcmp(cmd, "resign") == 0) {
		side = game_now(&s->g)->side;
		session_resign(s);
		printf("%s resigns. Result: %s.\n", s->side[side],
		    yote_result_text(s->g.result));
		return SESSION_ENDED;
	} else if (strcmp(cmd, "draw") == 0)
		return cmd_draw(s);
	else if (strcmp(cmd, "save") == 0) {
		if (arg == NULL)
			printf("save needs a file name: save FILE\n");
		else if (session_save_now(s, arg) == EXIT_OK)
			printf("Saved to %s.\n", arg);
	} else if (session_read_move(&s->g, cmd, &m, 0) == 0 &&
	    game_play(&s->g, &m) != 0) {
		tool_warn("out of memory");
		return SESSION_FAILED;
	}
	return SESSION_GO_ON;
}

/* After Ctrl-C: abandon the game?  A second Ctrl-C or the end of the
 * input says yes. */
static int
abandon(struct session *s)
{
	long n;

	if (s->opt->out != NULL)
		printf("\nAbandon the game? It is written to %s as "
		    "unfinished. (y/n) ", s->opt->out);
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
static enum session_next
prompt(struct session *s)
{
	long n;

	for (;;) {
		if (hung_up)
			return SESSION_ENDED;
		if (interrupted) {
			interrupted = 0;
			if (abandon(s))
				return SESSION_ENDED;
		}
		/* before the prompt shows: a Ctrl-C typed as soon as it
		   shows finds the handler, not one a file write left */
		catch_signals();
		printf("%s> ", s->side[game_now(&s->g)->side]);
		/* nobody reads the output any more (SIGPIPE ignored): the
		 * game ends as on a hangup */
		if (fflush(stdout) != 0 || ferror(stdout))
			return SESSION_ENDED;
		if ((n = term_line(s)) == LINE_INTR)
			continue;
		if (n == LINE_EOF) {
			putchar('\n');
			return SESSION_ENDED;
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
end_game(struct session *s, int status)
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
	if (s->opt->out != NULL && session_save(s, s->opt->out) == EXIT_OK)
		printf("The game is in %s.\n", s->opt->out);
	else if (s->opt->out != NULL)
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

int
terminal_play(const struct yote_rules *r, const struct yote_pos *start,
    const struct session_opts *opt)
{
	struct session s;
	struct yote_move m;
	char buf[YOTE_MOVE_TEXT], head[3 * TOOL_TEXT_MAX];
	enum session_next next = SESSION_GO_ON;
	int status;

	if ((status = session_open(&s, r, start, opt)) != EXIT_OK)
		return status;
	s.st = draw_style_for(stdout, opt->ascii);
	setvbuf(stdin, NULL, _IONBF, 0);
	catch_signals();
	snprintf(head, sizeof(head), "Yoté, %s rules: %s", tool_text(r->name),
	    tool_text(r->description));
	wrapped(head);
	snprintf(head, sizeof(head), "%s plays %s, %s plays %s.", s.who[0],
	    s.side[0], s.who[1], s.side[1]);
	wrapped(head);
	printf("Type 'help' for the commands.\n");
	while (next == SESSION_GO_ON && !game_over(&s.g)) {
		/* one board a ply: commands that leave the position as it
		 * was do not draw it again */
		if (s.shown != game_plies(&s.g))
			show(&s);
		if (!opt->hvh && game_now(&s.g)->side != s.human_side) {
			if (session_engine_turn(&s, &m) != 0) {
				tool_warn("the engine failed (out of memory)");
				next = SESSION_FAILED;
				break;
			}
			printf("%s plays %s\n", s.engname, yote_move_format(r,
			    &m, buf));
			continue;
		}
		next = prompt(&s);
	}
	status = end_game(&s, next == SESSION_FAILED ? EXIT_IO : EXIT_OK);
	session_close(&s);
	return status;
}
