/*
 * figures.c - the score of some games for one side (figures.h).
 */
#include <stdio.h>
#include <string.h>

#include "figures.h"
#include "yote.h"

static double
percent(double part, double whole)
{
	return whole > 0 ? 100.0 * part / whole : 0.0;
}

void
score_add(struct score *sc, int result, int s, unsigned long end)
{
	sc->games++;
	if (result == YOTE_RES_DRAW)
		sc->draw++;
	else if (result == (s == YOTE_FIRST ? YOTE_RES_FIRST : YOTE_RES_SECOND))
		sc->win++;
	else if (result == YOTE_RES_FIRST || result == YOTE_RES_SECOND)
		sc->loss++;
	else
		return;         /* unfinished: where its record stops is no end */
	sc->ends += end;
}

double
score_pct(const struct score *sc)
{
	return percent(sc->win + 0.5 * sc->draw, (double)(sc->win + sc->draw +
	    sc->loss));
}

double
score_share(const struct score *sc, const struct score *whole)
{
	return percent((double)sc->games, (double)whole->games);
}

unsigned long
score_unfinished(const struct score *sc)
{
	return sc->games - sc->win - sc->draw - sc->loss;
}

double
score_end(const struct score *sc)
{
	unsigned long n = sc->win + sc->draw + sc->loss;

	return n ? (double)sc->ends / (double)n : 0.0;
}

int
score_decided(const struct score *sc)
{
	return sc->win + sc->draw + sc->loss > 0;
}

const char *
fig_text(char *buf, enum tool_fmt fmt, int have, double v, int decimals,
    int width, const char *suffix)
{
	if (!have)
		snprintf(buf, 16, "%*s", fmt == TOOL_FMT_TEXT ? width : 0,
		    tool_fmt_none(fmt));
	else if (fmt == TOOL_FMT_TEXT)
		snprintf(buf, 16, "%*.*f%s", width - (int)strlen(suffix),
		    decimals, v, suffix);
	else
		snprintf(buf, 16, "%.*f", decimals, v);
	return buf;
}
