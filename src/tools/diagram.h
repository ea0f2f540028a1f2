/*
 * diagram.h - a replayed game as text (yote-replay): its header, a line
 * and a board a ply, one position, how it ended, the whole game, and
 * its positions as TSV.
 * Tool support, not libyote.
 */
#ifndef YOTE_DIAGRAM_H
#define YOTE_DIAGRAM_H

#include <stddef.h>
#include <stdio.h>

#include "draw.h"
#include "yote.h"

/* One game as replayed: the positions after each ply, and the moves. */
struct replayed {
	const struct yote_record *rec;
	const char *file;       /* the input's name, for --positions */
	const struct yote_rules *r;
	const struct yote_game *play;   /* the plies replayed */
	size_t n;               /* how many */
	int bad;                /* a diagnostic was printed */
	FILE *out;              /* where the text goes: standard output, or
				   -o FILE */
};

/*
 * "Game 3: Event, round 2, date" and the players with their sides and
 * the ruleset, on standard output, after a blank line when blank (every
 * game but the first); names escaped (tool_text).
 */
void diagram_header(const struct replayed *g, int blank);

/*
 * Ply i's annotations (its moves item, when a mapping) in words, escaped
 * as yote_escape shows text (how 0), each value cut at 160 bytes: into
 * line the grade, evaluation, best move, line and other keys ("blunder
 * ??, eval -3.04 (before -0.04), best e5, line e5 e1 a2"), and into
 * comment the comment; either empty when the ply has none.  best gets
 * the best move's text (NULL when none).
 */
void diagram_notes(const struct replayed *g, size_t i, char *line,
    size_t lsize, char *comment, size_t csize, const char **best);

/* The position after ply i (0: the start): the ply's line with what it
 * removed, its annotations (diagram_notes), the board in style st, and
 * the position string. */
void diagram_position(const struct replayed *g, size_t i,
    enum draw_style st);

/* A line a ply: its number, move, the position after it, the game's
 * number and the input's name, separated by tabs (--positions). */
void diagram_positions(const struct replayed *g);

/* How the game ended, in words (the replay's last line): its outcome on the
 * board, or the result its record declares. */
void diagram_end(const struct replayed *g);

/* The whole game: header (diagram_header), the start, every ply with its
 * board, and how it ended (or where the replay stopped, info saying that
 * not all the plies were played). */
void diagram_game(const struct replayed *g, const struct yote_game_info *info,
    enum draw_style st, int blank);

#endif
