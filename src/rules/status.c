/*
 * status.c - the end of the game (rules.md section 4).
 *
 * After every move, with S the side to move and O the side that just
 * moved, the first of these that applies ends the game:
 *  1. capture-all: S has no piece left on the board or in hand; O wins.
 *  2. blocked: S has no legal move.  loses: S loses.  loses-unless-both:
 *     S loses unless O, with only the side to move flipped, has no move
 *     either; then more pieces on the board wins, equal draws.
 *     more-captured-wins: more pieces captured wins, equal draws.
 *  3. few-pieces: both sides have at most N pieces (board and hand) and
 *     neither has a capture, each as if it were to move: draw.
 *  4. move-limit: N plies in a row without a capture: draw.
 * The same checks apply to a set-up start position.  And whether what a
 * record declares agrees with them (section 8): a finished game carries
 * its true result; in a game not over, a result other than * needs a
 * termination that allows it (resignation 1-0 or 0-1, agreement the
 * result the rules give it, time and adjudication any), and * goes
 * with unfinished or none.
 */

#include <stdio.h>
#include <string.h>

#include "yote_int.h"

static enum yote_result
winner(int s)
{
	return s == YOTE_FIRST ? YOTE_RES_FIRST : YOTE_RES_SECOND;
}

static enum yote_result
compare(int first, int second)
{
	if (first == second)
		return YOTE_RES_DRAW;
	return first > second ? YOTE_RES_FIRST : YOTE_RES_SECOND;
}

void
yote_pos_outcome(const struct yote_rules *r, const struct yote_pos *p,
    struct yote_outcome *o)
{
	int s = p->side, other = !s;
	struct yote_pos flipped;

	o->result = YOTE_RES_NONE;
	o->term = yote_end_unless_blocked(r, p);
	if (o->term == YOTE_TERM_CAPTURE_ALL) {
		o->result = winner(other);
		return;
	}
	if (!yote_raw_has_move(r, p, s)) {
		o->term = YOTE_TERM_BLOCKED;
		switch (r->blocked) {
		case YOTE_BLOCK_LOSES:
			o->result = winner(other);
			break;
		case YOTE_BLOCK_LOSES_UNLESS_BOTH:
			flipped = *p;
			flipped.side = (uint8_t)other;
			if (yote_raw_has_move(r, &flipped, other))
				o->result = winner(other);
			else
				o->result = compare(popcount64(p->pieces[0]),
				    popcount64(p->pieces[1]));
			break;
		case YOTE_BLOCK_MORE_CAPTURED:
			o->result = compare(yote_pos_captured_by(r, p, 0),
			    yote_pos_captured_by(r, p, 1));
			break;
		}
		return;
	}
	if (o->term != YOTE_TERM_NONE)
		o->result = YOTE_RES_DRAW;      /* few-pieces, move-limit */
}

static const char *const result_texts[] = { "*", "1-0", "0-1", "1/2-1/2" };

/* The result a declared agreement gives (rules.md section 4): a draw, or
 * where a blocked game is scored by captures, by them. */
enum yote_result
yote_agreement_result(const struct yote_rules *r, const struct yote_pos *p)
{
	if (r->blocked != YOTE_BLOCK_MORE_CAPTURED)
		return YOTE_RES_DRAW;
	return compare(yote_pos_captured_by(r, p, YOTE_FIRST),
	    yote_pos_captured_by(r, p, YOTE_SECOND));
}

/* A declared result and termination against the position (rules.md
 * section 8). */
int
yote_result_problem(const struct yote_rules *r, const struct yote_pos *final,
    const struct yote_outcome *o, int res, int term)
{
	if (o->term != YOTE_TERM_NONE) {
		/* the game is over: only the truth will do */
		if (res >= 0 && res != (int)o->result)
			return YOTE_RP_RESULT;
		return term >= 0 && term != (int)o->term ?
		    YOTE_RP_TERMINATION : YOTE_RP_NONE;
	}
	if (term >= 0 && term <= YOTE_TERM_MOVE_LIMIT)
		return YOTE_RP_NOT_FINISHED;
	if (res < 0)
		return YOTE_RP_NONE;
	if (res == YOTE_RES_NONE)
		return term >= 0 && term != YOTE_TERM_UNFINISHED ?
		    YOTE_RP_STAR : YOTE_RP_NONE;
	switch (term) {
	case -1:
		return YOTE_RP_NO_TERMINATION;
	case YOTE_TERM_UNFINISHED:
		return YOTE_RP_UNFINISHED;
	case YOTE_TERM_RESIGNATION:
		return res == YOTE_RES_DRAW ? YOTE_RP_RESIGNATION :
		    YOTE_RP_NONE;
	case YOTE_TERM_AGREEMENT:
		return res != (int)yote_agreement_result(r, final) ?
		    YOTE_RP_AGREEMENT : YOTE_RP_NONE;
	default:        /* time, adjudication: any result */
		return YOTE_RP_NONE;
	}
}

const char *
yote_result_text(enum yote_result res)
{
	return YOTE_NAME_OF(result_texts, res);
}

int
yote_result_parse(const char *s)
{
	return yote_name_index(s, result_texts, 4);
}

static const char *const term_texts[] = { "", "capture-all", "blocked",
	"few-pieces", "move-limit", "agreement", "resignation", "time",
	"adjudication", "unfinished" };

const char *
yote_termination_text(enum yote_termination t)
{
	return YOTE_NAME_OF(term_texts, t);
}

int
yote_termination_parse(const char *s)
{
	/* from 1: "" names no termination */
	int i = yote_name_index(s, term_texts + 1,
	    (int)(sizeof(term_texts) / sizeof(term_texts[0])) - 1);

	return i < 0 ? -1 : i + 1;
}

/*
 * " (did you mean '1-0'?)" for a result or termination that is a slip
 * for one: other dashes, a one-half sign, letter case, a letter or two.
 */
void
yote_value_hint(const char *text, int result, char *buf, size_t size)
{
	const char *cands[12], *hint;
	char norm[48];
	size_t n = 0, i;
	const unsigned char *p;

	for (p = (const unsigned char *)text; *p && n + 4 < sizeof(norm);
	    p++) {
		if (p[0] == 0xE2 && (p[1] == 0x80 || p[1] == 0x88) && p[2]) {
			norm[n++] = '-';        /* en/em dash, minus sign */
			p += 2;
		} else if (p[0] == 0xC2 && p[1] == 0xBD) {
			memcpy(norm + n, "1/2", 3);     /* the one-half sign */
			n += 3;
			p++;
		} else if (*p != ' ')
			norm[n++] = (char)*p;
	}
	norm[n] = '\0';
	for (i = 0; i < (result ? 4u : 9u); i++)
		cands[i] = result ? yote_result_text((enum yote_result)i) :
		    yote_termination_text((enum yote_termination)(i + 1));
	cands[i] = NULL;
	hint = yote_suggest(norm, cands);
	for (i = 0; hint == NULL && cands[i] != NULL; i++)
		if (strcmp(norm, cands[i]) == 0)
			hint = cands[i];
	if (hint != NULL)
		snprintf(buf, size, " (did you mean '%s'?)", hint);
	else
		buf[0] = '\0';
}

static int
leap_year(long y)
{
	return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

int
yote_date_check(const char *text)
{
	static const int mdays[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30,
		31, 30, 31 };
	size_t n = strlen(text), i;
	int y = 0, m = 1, d = 1;

	if (n != 4 && n != 7 && n != 10)
		return 1;
	for (i = 0; i < n; i++)
		if ((i == 4 || i == 7) ? text[i] != '-' : text[i] < '0' ||
		    text[i] > '9')
			return 1;
	y = (text[0] - '0') * 1000 + (text[1] - '0') * 100 +
	    (text[2] - '0') * 10 + (text[3] - '0');
	if (n >= 7)
		m = (text[5] - '0') * 10 + (text[6] - '0');
	if (n == 10)
		d = (text[8] - '0') * 10 + (text[9] - '0');
	if (m < 1 || m > 12 || d < 1 ||
	    d > mdays[m - 1] + (m == 2 && leap_year(y)))
		return 2;
	return 0;
}
