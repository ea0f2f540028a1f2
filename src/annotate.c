/*
 * annotate.c - from engine scores to the words of an annotation: win
 * chances, the class of a move, accuracy.
 *
 * As lichess does for chess: a score s (hundredths of a piece, the
 * mover's view) becomes a chance to win W(s) = 1 / (1 + exp(-K s)); a
 * move's loss is W(before) - W(after) in percentage points, and
 *   loss >= 15: blunder (??), >= 10: mistake (?), >= 5: inaccuracy (?!).
 * A forced win scores W = 100, a forced loss 0, so missing a win is
 * graded like any other loss.  K was fitted to the outcomes of engine
 * self-play games (formats/engine.md); the accuracy of a move is
 * 103.1668 exp(-0.04354 loss) - 3.1669, clamped to 0..100.
 */
#include <math.h>
#include <stdio.h>

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

enum yote_class
yote_classify(int before, int after)
{
	double l = yote_move_loss(before, after);

	if (l >= 15.0)
		return YOTE_CLASS_BLUNDER;
	if (l >= 10.0)
		return YOTE_CLASS_MISTAKE;
	if (l >= 5.0)
		return YOTE_CLASS_INACCURACY;
	return YOTE_CLASS_NONE;
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

	return n[c];
}

const char *
yote_class_nag(enum yote_class c)
{
	static const char *const n[] = { "", "?!", "?", "??" };

	return n[c];
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
