/*
 * yote_collection.h - the part of libyote's public interface that
 * searches collections of games (src/record/collection.c): position
 * patterns and
 * the key of a game.  yote.h includes it at its end (it is installed
 * beside it) and its conventions hold here: include yote.h.
 */
/* yote.h first, which includes this file in its place: included on its
 * own, this file then finds what it uses declared */
#include "yote.h"

#ifndef YOTE_COLLECTION_H
#define YOTE_COLLECTION_H

#ifdef __cplusplus
extern "C" {
#endif
/* ---------------------------------------------------------------- patterns */

/*
 * A pattern (formats/patterns.md; installed: yote-convert(1), --pattern)
 * is a position string whose points may
 * also be '?' (anything) or '.' (empty), whose side and hands may be '?',
 * and whose fields after the rows may be left out, the hands and the
 * counters in pairs; the two counters, when given, are read and ignored.
 * A full position string is a pattern that matches exactly that board,
 * side to move and hands.  A pattern carries its own board size (its
 * rows), and a position on another board never matches it.  A value type.
 */
struct yote_pattern {
	int width, height;      /* the board it is for, from its rows */
	uint64_t on[2];         /* points that must hold a piece of side s */
	uint64_t empty;         /* points that must be empty */
	int side;               /* side to move required, or -1 for either */
	int hand[2];            /* pieces in hand required, or -1 for any */
};

/* yote_pattern_parse flags */
#define YOTE_PATTERN_WHOLE 0x1  /* a whole position is wanted: the
				   messages do not offer '?' */

/*
 * Read a pattern into *pat, by the reader of yote_pos_parse and with its
 * words: a text of six fields without '?' and '.' is judged as a
 * position string is.  A hand, and a hand with the pieces on the board,
 * may not pass the pieces of a side: those of r (the ruleset the caller
 * expects, or NULL) when the pattern is for r's board, else those of the
 * first built-in ruleset of its board, else YOTE_MAX_PIECES.  Returns 0,
 * or YOTE_ESYNTAX with err->msg naming the field and the 1-based
 * character (also in err->col); err may be NULL.
 */
int yote_pattern_parse(const struct yote_rules *r, const char *s, int flags,
    struct yote_pattern *pat, struct yote_error *err);

/* The pattern that matches exactly p's board, side and hands under r. */
void yote_pattern_of_pos(const struct yote_rules *r, const struct yote_pos *p,
    struct yote_pattern *pat);

/* 1 when pat fixes every point, the side to move and both hands, else 0. */
int yote_pattern_exact(const struct yote_pattern *pat);

/* 1 when position p (under r) matches pat, else 0: a few bit tests. */
int yote_pattern_match(const struct yote_rules *r,
    const struct yote_pattern *pat, const struct yote_pos *p);

/* ---------------------------------------------------------------- game keys */

/*
 * The key of a game: a 128-bit hash of its ruleset (its parameters, as
 * yote_rules_same compares them, not its name), its start position
 * (counters included) and its moves, in order; headers and annotations
 * play no part, so two records of one game have one key,
 * and two different games share a key with a chance of about 2^-128.
 * Built as the game is played through: yote_game_key_start, then
 * yote_game_key_move for each ply.  A game that cannot be played may be
 * keyed by its text instead: yote_game_key_text adds len bytes.  A value
 * type; nothing to free.
 */
struct yote_game_key {
	uint64_t h[2];
};

void yote_game_key_start(struct yote_game_key *k, const struct yote_rules *r,
    const struct yote_pos *start);
void yote_game_key_move(struct yote_game_key *k, const struct yote_move *m);
void yote_game_key_text(struct yote_game_key *k, const char *text,
    size_t len);

#ifdef __cplusplus
}
#endif
#endif /* YOTE_COLLECTION_H */
