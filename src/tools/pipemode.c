/*
 * pipemode.c - yote-play driven through a pipe, a line a move or command
 * (pipemode.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "line.h"
#include "movetext.h"
#include "pipemode.h"

/* An illegal line of pipe mode: the reason on stderr, in yote-validate's
 * words (a line that is not a move at all, or an illegal move). */
static void
pipe_refuse(const struct session *s, const char *line)
{
	struct yote_move m;
	char why[700];

	movetext_read(s->r, game_now(&s->g), line, tool_text(line), &m, why,
	    sizeof(why));
	tool_warn("ply %lu: %s", (unsigned long)game_plies(&s->g) + 1, why);
}

/* One line of pipe mode: a command or a move. */
static enum session_next
pipe_command(struct session *s, char *line)
{
	struct yote_move m;
	char *cmd, *arg;
	size_t k;

	cmd = session_split_command(line, &arg);
	if (strcmp(cmd, "quit") == 0)
		return SESSION_ENDED;
	if (strcmp(cmd, "resign") == 0) {
		session_resign(s);
		return SESSION_ENDED;
	}
	if (strcmp(cmd, "draw") == 0) {
		if (session_engine_agrees(s, session_agreed_result(s))) {
			session_agree(s, session_agreed_result(s));
			return SESSION_ENDED;
		}
		printf("draw declined\n");
	} else if (strcmp(cmd, "undo") == 0) {
		if ((k = session_undo_plies(s)) == 0) {
			tool_warn("ply %lu: undo: nothing to take back",
			    (unsigned long)game_plies(&s->g) + 1);
			return SESSION_REFUSED;
		}
		yote_game_undo(s->g.play, k);
	} else if (strcmp(cmd, "moves") == 0)
		session_list_moves(&s->g, 1);
	else if (strcmp(cmd, "hint") == 0)
		session_print_hint(s, 1);
	else if (strcmp(cmd, "save") == 0) {
		if (arg == NULL) {
			tool_warn("save needs a file name: save FILE");
			return SESSION_REFUSED;
		}
		if (session_save_now(s, arg) != EXIT_OK)
			return SESSION_REFUSED;
	} else if (session_read_move(&s->g, cmd = session_whole_line(cmd,
	    arg), &m, 1) != 0) {
		pipe_refuse(s, cmd);
		return SESSION_REFUSED;
	} else if (game_play(&s->g, &m) != 0) {
		tool_warn("out of memory");
		return SESSION_FAILED;
	}
	return SESSION_GO_ON;
}

int
pipe_play(const struct yote_rules *r, const struct yote_pos *start,
    const struct session_opts *opt)
{
	struct session s;
	struct yote_move m;
	char buf[YOTE_MOVE_TEXT];
	enum session_next next = SESSION_GO_ON;
	unsigned long lineno = 0;
	long n;
	int status;

	if ((status = session_open(&s, r, start, opt)) != EXIT_OK)
		return status;
	while (next != SESSION_ENDED && next != SESSION_FAILED &&
	    !game_over(&s.g)) {
		if (game_now(&s.g)->side != s.human_side) {
			if (session_engine_turn(&s, &m) != 0) {
				tool_warn("the engine failed (out of memory)");
				next = SESSION_FAILED;
				break;
			}
			printf("%s\n", yote_move_format(r, &m, buf));
			fflush(stdout);
			continue;
		}
		errno = 0;
		if ((n = line_read(stdin, &s.line, &s.cap, PLAY_LINE_MAX)) ==
		    LINE_EOF) {
			if (ferror(stdin)) {    /* not the end a program meant */
				tool_warn("<stdin>: read error: %s",
				    strerror(errno ? errno : EIO));
				status = EXIT_IO;
			}
			break;
		}
		lineno++;
		if (n == LINE_LONG || n == LINE_NUL) {
			if (n == LINE_LONG)
				tool_warn("<stdin>:%lu: a line of more than %d "
				    "bytes: ignored whole", lineno,
				    PLAY_LINE_MAX);
			else
				tool_warn("<stdin>:%lu: a NUL byte: the line "
				    "is ignored whole", lineno);
			status = EXIT_INVALID;
			continue;
		}
		s.line[strcspn(s.line, "#")] = '\0';    /* a comment */
		if (s.line[strspn(s.line, " \t")] == '\0')
			continue;
		if ((next = pipe_command(&s, s.line)) == SESSION_REFUSED)
			status = EXIT_INVALID;
		fflush(stdout);
	}
	if (next == SESSION_FAILED)
		status = EXIT_IO;
	if (s.declared || game_over(&s.g))
		printf("result %s %s\n", yote_result_text(s.g.result),
		    yote_termination_text(s.g.term));
	else {
		s.g.result = YOTE_RES_NONE;
		s.g.term = YOTE_TERM_UNFINISHED;
	}
	if ((opt->out != NULL && session_save(&s, opt->out) != EXIT_OK) ||
	    s.save_failed)
		status = EXIT_IO;
	session_close(&s);
	return status;
}
