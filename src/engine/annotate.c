/*
 * annotate.c - from engine scores to the words of an annotation: win
 * chances, the class of a move, accuracy.
 *
 * As lichess does for chess: a score s (hundredths of a piece, the
 * mover's view) becomes a chance to win W(s) = 1 / (1 + exp(-K s)); a
 * move's loss is W(before) - W(after) in percentage points, and
 *   loss >= 15: blunder (??), >= 10: mistake (?), >= 5: inaccuracy (?!).
 * A proven win (a search's mate score, or an endgame table's YOTE_WIN -
 * plies) has W = 100, a proven loss 0.  K was fitted to the outcomes of
 * engine self-play games (formats/engine.md); the accuracy of a move is
 * 103.1668 exp(-0.04354 loss) - 3.1669, clamped to 0..100.
 *
 * Proven results are graded as lichess grades mates, because a search
 * that proves a win in 3 often cannot prove the win in 5 that another
 * move keeps, and a plain loss of 100 - W(+6.00) = 16 would call that
 * slower win a blunder:
 *  - a proven win kept, however much slower, is no mistake at all;
 *  - a proven win let go is an inaccuracy while W(after) >= 75 (four
 *    pieces ahead: most likely still a win, only slower), a mistake
 *    while W(after) >= 60, else graded by its loss;
 *  - a proven loss walked into is an inaccuracy when W(before) <= 25
 *    (the game was lost anyway), a mistake when W(before) <= 40, else
 *    graded by its loss;
 *  - once a loss is proven, no move is graded.
 * Scores that prove nothing get the same two caps: a move that leaves the
 * mover at W >= 75, or that was made at W <= 25, is at most an
 * inaccuracy.  Four pieces from even, the likely result has not changed,
 * and searches of two depths there often differ by a capture one of them
 * does not see: on tests/bench-annotate.sh's games, most mistakes at W
 * 85..97 were not mistakes for a search three plies deeper, which
 * flagged others in the same stretch instead.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "yote_int.h"

double
yote_win_chance(int score)
{
	if (score > YOTE_WIN_BOUND)
		return 100.0;
	if (score < -YOTE_WIN_BOUND)
		return 0.0;
	return 100.0 / (1.0 + exp(-YOTE_WIN_K * score));
}

double
yote_move_loss(int before, int after)
{
	double l = yote_win_chance(before) - yote_win_chance(after);

	return l > 0 ? l : 0;
}

static enum yote_class
by_loss(double l)
{
	if (l >= 15.0)
		return YOTE_CLASS_BLUNDER;
	if (l >= 10.0)
		return YOTE_CLASS_MISTAKE;
	if (l >= 5.0)
		return YOTE_CLASS_INACCURACY;
	return YOTE_CLASS_NONE;
}

static enum yote_class
at_most(enum yote_class c, enum yote_class cap)
{
	return c < cap ? c : cap;
}

enum yote_class
yote_classify(int before, int after)
{
	enum yote_class c = by_loss(yote_move_loss(before, after));

	if (before < -YOTE_WIN_BOUND)
		return YOTE_CLASS_NONE;
	if (before > YOTE_WIN_BOUND) {
		if (after > YOTE_WIN_BOUND)
			return YOTE_CLASS_NONE;
		if (yote_win_chance(after) >= 75.0)
			return at_most(c, YOTE_CLASS_INACCURACY);
		if (yote_win_chance(after) >= 60.0)
			return at_most(c, YOTE_CLASS_MISTAKE);
		return c;
	}
	if (after < -YOTE_WIN_BOUND) {
		if (yote_win_chance(before) <= 25.0)
			return at_most(c, YOTE_CLASS_INACCURACY);
		if (yote_win_chance(before) <= 40.0)
			return at_most(c, YOTE_CLASS_MISTAKE);
	}
	/* as a proven result: still far ahead, or already far behind */
	if (yote_win_chance(after) >= 75.0 || yote_win_chance(before) <= 25.0)
		return at_most(c, YOTE_CLASS_INACCURACY);
	return c;
}

double
yote_move_accuracy(int before, int after)
{
	double a = 103.1668 * exp(-0.04354 * yote_move_loss(before, after)) -
	    3.1669;

	return a < 0 ? 0 : a > 100 ? 100 : a;
}

const char *
yote_class_name(enum yote_class c)
{
	static const char *const n[] = { "", "inaccuracy", "mistake",
		"blunder" };

	return YOTE_NAME_OF(n, c);
}

const char *
yote_class_nag(enum yote_class c)
{
	static const char *const n[] = { "", "?!", "?", "??" };

	return YOTE_NAME_OF(n, c);
}

char *
yote_score_text(int score, char *buf)
{
	if (score > YOTE_WIN_BOUND)
		sprintf(buf, "#+%d", YOTE_WIN - score);
	else if (score < -YOTE_WIN_BOUND)
		sprintf(buf, "#-%d", YOTE_WIN + score);
	else
		sprintf(buf, "%+.2f", score / 100.0);
	return buf;
}

int
yote_score_parse(const char *text, int *score)
{
	char *end;
	double v;
	long n;

	if (text[0] == '#' && (text[1] == '+' || text[1] == '-') &&
	    text[2] >= '0' && text[2] <= '9') {
		n = strtol(text + 2, &end, 10);
		if (*end != '\0' || n >= YOTE_WIN - YOTE_WIN_BOUND)
			return YOTE_EVALUE;
		*score = text[1] == '+' ? YOTE_WIN - (int)n :
		    -(YOTE_WIN - (int)n);
		return 0;
	}
	if ((text[0] != '+' && text[0] != '-') || text[1] < '0' ||
	    text[1] > '9')
		return YOTE_EVALUE;
	v = strtod(text, &end);
	if (*end != '\0' || fabs(v) * 100 > YOTE_WIN_BOUND)
		return YOTE_EVALUE;
	*score = (int)lround(v * 100);
	return 0;
}
