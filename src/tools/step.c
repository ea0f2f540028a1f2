/*
 * step.c - a replayed game stepped through at a terminal (step.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lineedit.h"
#include "step.h"
#include "tool.h"

/* A command line's length at most. */
#define STEP_LINE_MAX 64

/*
 * The command a line names: n, p, f, l, q or h, each also as its word
 * (next, prev, first, last, quit, help; ? for help too), the empty line
 * n; 0 for anything else, so that a word that only begins like one
 * ("quack", "nonsense") is explained, not carried out.
 */
static int
command_of(const char *line)
{
	static const char *const words[][3] = { { "n", "next", "" },
		{ "p", "prev", "previous" }, { "f", "first", "" },
		{ "l", "last", "" }, { "q", "quit", "" }, { "h", "help", "?" } };
	size_t i, j;

	if (line[0] == '\0')
		return 'n';
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		for (j = 0; j < 3; j++)
			if (words[i][j][0] != '\0' && strcmp(line,
			    words[i][j]) == 0)
				return words[i][0][0];
	return 0;
}

int
step_game(const struct replayed *g, enum draw_style st, int whole)
{
	struct ledit *le;
	char prompt[96], *line, *end;
	const char *cmd;
	size_t at = 0;
	long n;
	int quit = -1;

	if ((le = ledit_new(STEP_LINE_MAX, NULL)) == NULL) {
		tool_warn("out of memory");
		return 1;
	}
	while (quit < 0) {
		fputs("\n", stdout);
		diagram_position(g, at, st);
		if (at == g->n && whole)
			diagram_end(g);
		else if (at == g->n)
			printf("Replay stopped after ply %zu.\n", g->n);
		snprintf(prompt, sizeof(prompt), "[ply %zu of %zu] n)ext p)rev "
		    "f)irst l)ast NUMBER q)uit> ", at, g->n);
		if ((n = ledit_read(le, prompt, LEDIT_KEYS, &line)) ==
		    LINE_EOF) {
			quit = 1;
			break;
		}
		if (n == LEDIT_INTR)
			continue;
		cmd = n == LINE_LONG || n == LINE_NUL ? "?" : line;
		/* the arrow keys: a ply back or on, the start or the end */
		if (n == LEDIT_KEY)
			switch (ledit_key(le)) {
			case LEDIT_LEFT:
				cmd = "p";
				break;
			case LEDIT_RIGHT:
				cmd = "n";
				break;
			case LEDIT_UP:
			case LEDIT_HOME:
				cmd = "f";
				break;
			case LEDIT_DOWN:
			case LEDIT_END:
				cmd = "l";
				break;
			default:
				printf("unknown key '%s': n, p, f, l, a ply "
				    "number, q, or the arrow keys\n",
				    tool_text(line));
				continue;
			}
		switch (command_of(cmd)) {
		case 'n':
			if (at < g->n)
				at++;
			else
				quit = 0;       /* past the end: next game */
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
			quit = 1;
			break;
		case 'h':
			printf("n (or Enter, Right): the next ply; p (Left): the "
			    "previous one; f (Up, Home):\nthe start; l (Down, "
			    "End): the last ply; a ply number from 0 to %zu; q: "
			    "quit\n", g->n);
			break;
		default:
			n = strtol(cmd, &end, 10);
			if (*end == '\0' && n >= 0 && (size_t)n <= g->n)
				at = (size_t)n;
			else
				printf("unknown command '%s': n, p, f, l, a ply "
				    "number from 0 to %zu, q, or the arrow "
				    "keys\n", tool_text(cmd), g->n);
		}
	}
	ledit_free(le);
	return quit;
}
