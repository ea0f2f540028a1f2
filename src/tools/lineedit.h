/*
 * lineedit.h - a line typed at a terminal, with editing and a history:
 * yote-play's prompt and yote-replay --interactive.  Where standard input
 * and standard output are both a terminal the line is read in the
 * terminal's raw mode and edited here (no library: a few keys, drawn with
 * carriage returns and backspaces only, so that it works on any
 * terminal, TERM=dumb too); anywhere else it is read as it comes
 * (line.h).  Tool support, not libyote.
 *
 * The keys: Left/Right and Ctrl-B/Ctrl-F move a character, Home/End and
 * Ctrl-A/Ctrl-E to the start and the end, Backspace deletes before the
 * cursor, Delete and Ctrl-D at it (Ctrl-D on an empty line is the end of
 * the input), Ctrl-U deletes to the start, Ctrl-K to the end, Ctrl-W the
 * word before the cursor, Up/Down and Ctrl-P/Ctrl-N go through the
 * history, Enter ends the line.  Ctrl-C, Ctrl-\ and Ctrl-Z raise SIGINT,
 * SIGQUIT and SIGTSTP as the terminal would.  Other control keys and
 * escape sequences are refused with a bell, never put in the line.
 *
 * The terminal is put back as it was before ledit_read returns, whatever
 * ends the line: a signal that comes during the read (hangup, TERM, INT,
 * QUIT, PIPE, TSTP) is held until the terminal is restored, then given
 * to the handler that was set before, or to the default action, which
 * may end the process with the terminal as it found it.
 */
#ifndef YOTE_LINEEDIT_H
#define YOTE_LINEEDIT_H

#include <stddef.h>

#include "line.h"

/* ledit_read's results besides a length, LINE_EOF and LINE_LONG. */
#define LEDIT_INTR (-3)         /* a signal came first (its handler ran) */
#define LEDIT_KEY (-4)          /* a key for the caller (LEDIT_KEYS) */

/* ledit_read's flags. */
#define LEDIT_HISTORY 1         /* keep the line in the history */
#define LEDIT_KEYS 2            /* on an empty line, the arrows, Home,
				   End and keys not known here end the
				   read at once (LEDIT_KEY) */

/* The keys of LEDIT_KEY (ledit_key). */
enum ledit_keyname { LEDIT_LEFT = 1, LEDIT_RIGHT, LEDIT_UP, LEDIT_DOWN,
	LEDIT_HOME, LEDIT_END, LEDIT_OTHER };

struct ledit;

/*
 * An editor for lines of up to limit bytes; pending, when not NULL, says
 * whether a signal the caller handles has come already (the read then
 * returns LEDIT_INTR without waiting).  NULL when out of memory.  Standard
 * input must be unbuffered (setvbuf) before anything is read from it, so
 * that no typed byte waits in stdio where the editor does not look.
 */
struct ledit *ledit_new(size_t limit, int (*pending)(void));
void ledit_free(struct ledit *le);

/*
 * Show prompt (shown as given: the caller escapes what it did not write)
 * and read a line: its length, with the line in *line (ended by '\0',
 * without its newline, the editor's until the next read); LINE_EOF at the
 * end of the input; LINE_LONG for a longer line (not at a terminal: it is
 * read and dropped whole; at a terminal no more can be typed); LINE_NUL
 * for a line holding a NUL byte (not at a terminal: the editor refuses
 * control bytes); LEDIT_INTR;
 * LEDIT_KEY (flags LEDIT_KEYS), with the key in ledit_key and, for
 * LEDIT_OTHER, its bytes in *line.
 */
long ledit_read(struct ledit *le, const char *prompt, unsigned flags,
    char **line);

/* The key of the last LEDIT_KEY: an enum ledit_keyname. */
int ledit_key(const struct ledit *le);

/* Does le edit lines (at a terminal), or read them as they come? */
int ledit_edits(const struct ledit *le);

#endif
