/*
 * line.h - whole input lines of any length up to a stated limit, for the
 * tools that read commands line by line (yote-play's protocol, and its
 * prompt and pipe mode).  Tool support, not libyote.
 */
#ifndef YOTE_LINE_H
#define YOTE_LINE_H

#include <stdio.h>

/* The longest command line the tools take (1 MiB: a game of some 150,000
 * plies as `position ... moves ...`). */
#define LINE_LIMIT ((size_t)1 << 20)

#define LINE_EOF (-1)           /* end of input, or a read error */
#define LINE_LONG (-2)          /* longer than the limit: dropped whole */
#define LINE_NUL (-5)           /* a NUL byte in it: text has none, so it
				   is dropped whole (-3 and -4 are
				   lineedit.h's) */

/*
 * Read the next line of fp into *buf (grown as needed, at most limit + 1
 * bytes; the caller frees it, *buf and *cap start as NULL and 0), without
 * its "\n" or "\r\n", and '\0'-terminated.  Returns its length;
 * LINE_EOF at the end of the input (a last line without "\n" is returned
 * first) or on a read error; LINE_LONG when the line is longer than limit
 * bytes: it is read to its end and dropped, so that no part of it is
 * taken for a line of its own (out of memory is a LINE_LONG too);
 * LINE_NUL when it holds a NUL byte, dropped whole likewise (a reader of
 * C strings would otherwise take the line as cut at it).
 */
long line_read(FILE *fp, char **buf, size_t *cap, size_t limit);

/* Room for n bytes and a '\0' in *buf (grown, doubling, from 256; *cap
 * its size); 0, or -1 when out of memory (*buf as it was). */
int line_room(char **buf, size_t *cap, size_t n);

#endif
