/*
 * movetext.c - a move typed or sent, judged as yote-validate judges a
 * record's (movetext.h): the notation first (yote_move_parse, whose
 * error has the character), then the board and the position.
 */
#include <stdio.h>

#include "movetext.h"

int
movetext_read(const struct yote_rules *r, const struct yote_pos *p,
    const char *text, const char *shown, struct yote_move *m, char *msg,
    size_t size)
{
	struct yote_move_text mt;
	struct yote_error e;

	yote_error_clear(&e);
	if (yote_move_parse(text, &mt, &e) != 0) {
		snprintf(msg, size, "bad move '%s': %s at character %lu", shown,
		    e.msg, e.col);
		return MOVETEXT_BAD;
	}
	if (yote_move_from_text(r, &mt, m, &e) == 0 &&
	    yote_move_check(r, p, m, &e) == 0)
		return 0;
	snprintf(msg, size, "illegal move '%s': %s", shown, e.msg);
	return MOVETEXT_ILLEGAL;
}
