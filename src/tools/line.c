/*
 * line.c - whole lines of bounded length (line.h).  A fixed buffer and
 * fgets would cut a long line in two and run its tail as a line of its
 * own; here a line is taken whole or refused whole.
 */
#include <stdlib.h>
#include <string.h>

#include "line.h"

int
line_room(char **buf, size_t *cap, size_t n)
{
	size_t c = *cap ? *cap : 256;
	char *nb;

	if (n + 1 <= *cap)
		return 0;
	while (c < n + 1)
		c *= 2;
	if ((nb = realloc(*buf, c)) == NULL)
		return -1;
	*buf = nb;
	*cap = c;
	return 0;
}

long
line_read(FILE *fp, char **buf, size_t *cap, size_t limit)
{
	size_t n = 0;
	int c, over = 0;

	if (line_room(buf, cap, 0) != 0)
		over = 1;
	flockfile(fp);
	while ((c = getc_unlocked(fp)) != EOF && c != '\n') {
		if (over)
			continue;
		if (n >= limit || line_room(buf, cap, n + 1) != 0) {
			over = 1;
			continue;
		}
		(*buf)[n++] = (char)c;
	}
	funlockfile(fp);
	if (c == EOF && n == 0 && !over)
		return LINE_EOF;
	if (over)
		return LINE_LONG;
	if (n > 0 && (*buf)[n - 1] == '\r')
		n--;
	(*buf)[n] = '\0';
	return memchr(*buf, '\0', n) != NULL ? LINE_NUL : (long)n;
}
