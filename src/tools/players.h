/*
 * players.h - yote-explore --players: per player the games, the results
 * with each side, the score and a performance rating fitted to all the
 * results (Bradley-Terry on the Elo scale).  Tool support, not libyote.
 */
#ifndef YOTE_PLAYERS_H
#define YOTE_PLAYERS_H

#include <stdio.h>

#include "figures.h"
#include "yote.h"

#define PLAYERS_RATING_BASE 1500.0      /* the virtual opponent's rating */

struct players;

/* An empty table; NULL when out of memory (not said).  players_free it. */
struct players *players_new(void);

/* Free pl and what it holds; NULL ok. */
void players_free(struct players *pl);

/*
 * Count a game of plies plies: each side named (first:, second:) gets its
 * result; the rating fit takes the finished games between two players
 * named differently.  Returns 0, or YOTE_ENOMEM.
 */
int players_game(struct players *pl, const struct yote_record *rec,
    unsigned long plies);

/*
 * Fit the ratings and write a row per player onto fp in form fmt, most
 * games first (the table is sorted so).  Write errors are left in fp.
 */
void players_report(struct players *pl, FILE *fp, enum tool_fmt fmt);

#endif
