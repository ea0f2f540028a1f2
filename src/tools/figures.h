/*
 * figures.h - results of games as yote-explore counts them: the score of
 * some games for one side, and the three forms its figures are written
 * in.  Tool support, not libyote.
 */
#ifndef YOTE_FIGURES_H
#define YOTE_FIGURES_H

#include "tool.h"

/* Results of some games for one side. */
struct score {
	unsigned long games, win, draw, loss;   /* loss + win + draw <= games */
	unsigned long long ends;        /* sum of the plies the games ended at */
};

/* Add a game's result (enum yote_result, or -1 for none) for side s
 * (YOTE_FIRST or YOTE_SECOND), the game ending at ply end. */
void score_add(struct score *sc, int result, int s, unsigned long end);

/* The side's score in percent of its finished games: a win 1, a draw
 * 1/2; 0 with none finished. */
double score_pct(const struct score *sc);

/* sc's games in percent of whole's; 0 when whole has none. */
double score_share(const struct score *sc, const struct score *whole);

/* Whether some of the games have a result (a score to give). */
int score_decided(const struct score *sc);

/* Games without a result. */
unsigned long score_unfinished(const struct score *sc);

/* The average ply the games ended at; 0 without games. */
double score_end(const struct score *sc);

/*
 * A figure into buf (16 bytes) as fmt writes it, in the table width
 * wide, with suffix after it there (a percent sign): or, when there is
 * none (a score of no finished game), '-' in the table, an empty field
 * in TSV and null in JSON, as every figures table says it.
 */
const char *fig_text(char *buf, enum tool_fmt fmt, int have, double v,
    int decimals, int width, const char *suffix);

#endif
