/*
 * step.c - a replayed game stepped through at a terminal (step.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "step.h"

int
step_game(const struct replayed *g, enum draw_style st)
{
	char line[64], *end;
	size_t at = 0;
	long n;

	for (;;) {
		fputs("\n", stdout);
		diagram_position(g, at, st);
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
