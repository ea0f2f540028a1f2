/*
 * terminal.c - the interactive session at a terminal: the prompt, the
 * commands typed at it and their help, the board after every ply, and
 * what Ctrl-C and hangups do (terminal.h).  Lines are typed with editing
 * and a history where the terminal allows (lineedit.h); every message
 * fits 80 columns (session_say).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lineedit.h"
#include "terminal.h"

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
	/* counted: a second Ctrl-C during the engine's search is the
	 * answer to the question the first one will ask */
	if (sig == SIGINT)
		interrupted = interrupted < 2 ? interrupted + 1 : 2;
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

/* Has a signal come that the prompt must see? (lineedit.h: the wait for
 * a line ends at once then) */
static int
signalled(void)
{
	return interrupted || hung_up;
}

/*
 * A line typed at the terminal after prompt, into *line: ledit_read's
 * results (LEDIT_INTR when a signal came first, also one that came just
 * before the wait: the check and the wait are one step, so a Ctrl-C is
 * never left pending behind a read).  history: a move or command, kept
 * for Up and Down; answers to questions are not.
 */
static long
term_line(struct session *s, const char *prompt, int history, char **line)
{
	catch_signals();
	return ledit_read(s->edit, prompt, history ? LEDIT_HISTORY : 0, line);
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
	/* after the last move the result follows, nobody is to move */
	if (!game_over(&s->g))
		session_say("Ply %lu: %s (%s) to move.", (unsigned long)p->ply,
		    s->side[p->side], tool_text(s->who[p->side]));
	s->shown = n;
}

static void
help_text(const struct session *s)
{
	printf("Type a move in Yoté notation: c3 (place), c3-c4 (step),\n"
	    "c3xc5+e1 (capture, bonus e1; +@ from the hand), c3xc5+e1xe5+a2\n"
	    "(chain), c3-c5 (jump over your own piece), c3-c5xe5+a1 (bridge).\n"
	    "Commands: moves (list the legal moves), hint (ask the engine),\n"
	    "undo (take back your last move), resign, draw (offer a draw),\n"
	    "save FILE (write the game so far), board, help, quit.\n");
	if (ledit_edits(s->edit))
		printf("Keys: Left/Right, Home/End (or Ctrl-A/Ctrl-E) move in "
		    "the line; Backspace,\nDelete, Ctrl-U/Ctrl-K (to the "
		    "start/end) delete; Up/Down recall earlier lines.\n");
	printf("Ctrl-C asks whether to abandon the game.\n");
}

/* Does the other side accept a draw offer whose result is res?  Between
 * two people the other is asked. */
static int
draw_accepted(struct session *s, enum yote_result res)
{
	const struct yote_pos *p = game_now(&s->g);
	char q[3 * TOOL_TEXT_MAX], *line;

	if (!s->opt->hvh)
		return session_engine_agrees(s, res);
	session_say("%s offers a draw.", s->side[p->side]);
	snprintf(q, sizeof(q), "%s, accept (y/n)? ", s->side[!p->side]);
	return term_line(s, q, 0, &line) >= 0 && (line[0] == 'y' ||
	    line[0] == 'Y');
}

static enum session_next
cmd_draw(struct session *s)
{
	enum yote_result res = session_agreed_result(s);

	if (!draw_accepted(s, res)) {
		session_say("Draw declined.");
		return SESSION_GO_ON;
	}
	session_agree(s, res);
	if (res == YOTE_RES_DRAW)
		session_say("Draw agreed. Result: %s.", yote_result_text(res));
	else
		session_say("Agreed: no more captures; %s has captured more. "
		    "Result: %s.", s->side[res == YOTE_RES_FIRST ? 0 : 1],
		    yote_result_text(res));
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
		help_text(s);
	else if (strcmp(cmd, "moves") == 0)
		session_list_moves(&s->g, 0);
	else if (strcmp(cmd, "hint") == 0)
		session_print_hint(s, 0);
	else if (strcmp(cmd, "undo") == 0) {
		if ((k = session_undo_plies(s)) == 0)
			session_say("Nothing to take back.");
		else {
			yote_game_undo(s->g.play, k);
			session_say("Taken back: %zu pl%s.", k, k == 1 ? "y" :
			    "ies");
		}
	} else if (strcmp(cmd, "resign") == 0) {
		side = game_now(&s->g)->side;
		session_resign(s);
		session_say("%s resigns. Result: %s.", s->side[side],
		    yote_result_text(s->g.result));
		return SESSION_ENDED;
	} else if (strcmp(cmd, "draw") == 0)
		return cmd_draw(s);
	else if (strcmp(cmd, "save") == 0) {
		if (arg == NULL)
			session_say("save needs a file name: save FILE");
		else if (session_save_now(s, arg) == EXIT_OK)
			session_say("Saved to %s.", tool_text(arg));
	} else if (session_read_move(&s->g, session_whole_line(cmd, arg), &m,
	    0) == 0 &&
	    game_play(&s->g, &m) != 0) {
		tool_warn("out of memory");
		return SESSION_FAILED;
	}
	return SESSION_GO_ON;
}

/* After Ctrl-C: abandon the game?  A second Ctrl-C or the end of the
 * input says yes.  The question starts on a line of its own (after the
 * terminal's "^C"), and its answer ends that line whatever it is. */
static int
abandon(struct session *s, int twice)
{
	char *line;
	long n;

	putchar('\n');
	if (s->opt->out != NULL)
		session_say("Abandoned, the game is written to %s as "
		    "unfinished.", tool_text(s->opt->out));
	else
		session_say("Abandoned, the game is not saved: answer n, then "
		    "'save FILE' keeps it.");
	interrupted = 0;
	if (twice)
		return 1;       /* the second Ctrl-C came before the question */
	n = term_line(s, "Abandon the game? (y/n) ", 0, &line);
	if (n == LEDIT_INTR || n == LINE_EOF)
		putchar('\n');
	interrupted = 0;
	return n == LEDIT_INTR || n == LINE_EOF || (n > 0 && (line[0] ==
	    'y' || line[0] == 'Y'));
}

/* The prompt, and the line typed at it carried out. */
static enum session_next
prompt(struct session *s)
{
	char pr[TOOL_TEXT_MAX + 3], *line;
	long n;

	for (;;) {
		if (hung_up)
			return SESSION_ENDED;
		if (interrupted) {
			int twice = interrupted > 1;

			interrupted = 0;
			if (abandon(s, twice))
				return SESSION_ENDED;
			continue;       /* hung up meanwhile? */
		}
		/* nobody reads the output any more (SIGPIPE ignored): the
		 * game ends as on a hangup */
		if (fflush(stdout) != 0 || ferror(stdout))
			return SESSION_ENDED;
		snprintf(pr, sizeof(pr), "%s> ", s->side[game_now(&s->g)->side]);
		/* term_line sets the handlers before the prompt shows: a
		 * Ctrl-C typed as soon as it shows finds them, not those a
		 * file write left */
		if ((n = term_line(s, pr, 1, &line)) == LEDIT_INTR)
			continue;
		if (n == LINE_EOF) {
			putchar('\n');
			return SESSION_ENDED;
		}
		if (n == LINE_LONG || n == LINE_NUL) {
			if (n == LINE_LONG)
				session_say("Line too long (more than %d "
				    "bytes): ignored.", PLAY_LINE_MAX);
			else
				session_say("A NUL byte in the line: "
				    "ignored.");
			continue;
		}
		return command(s, line);
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
		session_say("Game left unfinished after %zu pl%s.", n, n == 1 ?
		    "y" : "ies");
	}
	if (s->opt->out != NULL && session_save(s, s->opt->out) == EXIT_OK)
		session_say("The game is in %s.", tool_text(s->opt->out));
	else if (s->opt->out != NULL)
		status = EXIT_IO;
	if (s->save_failed)     /* a save command's (said then) */
		status = EXIT_IO;
	return status;
}

int
terminal_play(const struct yote_rules *r, const struct yote_pos *start,
    const struct session_opts *opt)
{
	struct session s;
	struct yote_move m;
	char buf[YOTE_MOVE_TEXT];
	enum session_next next = SESSION_GO_ON;
	int status;

	if ((status = session_open(&s, r, start, opt)) != EXIT_OK)
		return status;
	s.st = draw_style_for(stdout, opt->ascii);
	/* every byte typed goes to the editor, none waits in stdio */
	setvbuf(stdin, NULL, _IONBF, 0);
	if ((s.edit = ledit_new(PLAY_LINE_MAX, signalled)) == NULL) {
		tool_warn("out of memory");
		session_close(&s);
		return EXIT_IO;
	}
	catch_signals();
	/* a ruleset file need not describe itself */
	if (r->description[0] != '\0')
		session_say("Yoté, %s rules: %s", tool_text(r->name),
		    tool_text(r->description));
	else
		session_say("Yoté, %s rules.", tool_text(r->name));
	session_say("%s plays %s, %s plays %s.", tool_text(s.who[0]),
	    s.side[0], tool_text(s.who[1]), s.side[1]);
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
			session_say("%s plays %s", s.engname,
			    yote_move_format(r, &m, buf));
			continue;
		}
		next = prompt(&s);
	}
	status = end_game(&s, next == SESSION_FAILED ? EXIT_IO : EXIT_OK);
	ledit_free(s.edit);
	session_close(&s);
	return status;
}
