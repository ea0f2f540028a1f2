/*
 * draw.h - pictures of positions for the tools: a text diagram for
 * terminals and pipes, and an SVG diagram for study material.
 */
#ifndef YOTE_DRAW_H
#define YOTE_DRAW_H

#include <stdio.h>

#include "yote.h"

enum draw_style {
	DRAW_ASCII,             /* x, o and '.', no escape sequences */
	DRAW_UNICODE,           /* discs, no colour */
	DRAW_COLOUR             /* discs with ANSI colours */
};

/* The style for fp: colour on a terminal unless NO_COLOR is set, else
 * ASCII; force_ascii wins. */
enum draw_style draw_style_for(FILE *fp, int force_ascii);

/* Squares touched by the last move, to mark them; 0 when none. */
uint64_t draw_move_squares(const struct yote_rules *r,
    const struct yote_move *m);

/*
 * The board with coordinates, then the hands and captures of both sides.
 * mark: squares to highlight (colour style only).
 */
void draw_board(FILE *fp, const struct yote_rules *r, const struct yote_pos *p,
    uint64_t mark, enum draw_style st);

/* A ply's annotations on a picture (each member may be NULL). */
struct draw_notes {
	const char *line;       /* grade, evaluation, best move... */
	const char *comment;
	const struct yote_move *best;   /* drawn as an arrow (a ring where
					   it places) */
};

/*
 * An SVG picture of p: board, coordinates, both hands, the last move m
 * (may be NULL) marked, and notes (may be NULL) under the hands, wrapped
 * to the picture's width.  title may be NULL.  Returns 0 or -1 on a
 * write error.
 */
int draw_svg(FILE *fp, const struct yote_rules *r, const struct yote_pos *p,
    const struct yote_move *m, const char *title,
    const struct draw_notes *notes);

/* WORD in block letters (N, D, A, R, K, E, P, '-', '!' only). */
void draw_banner(FILE *fp, const char *word);

/*
 * "Result: 1-0, capture-all: black has no pieces left." for a finished
 * position, in words; under a hand-first, blocked-loses ruleset the
 * blocked side is announced as Ndar-Kepp (in block letters when big).
 * Lines wrapped to 80 columns (tool_wrap).
 */
void draw_ending(FILE *fp, const struct yote_rules *r, const struct yote_pos *p,
    const struct yote_outcome *o, int big);

/*
 * The same words, not wrapped and the banner small, with the sides named
 * name[0] and name[1] as they are given (draw_ending names them as the
 * ruleset does, escaped: tool_text), for a study page that puts the
 * names in itself.
 */
void draw_ending_named(FILE *fp, const struct yote_rules *r,
    const struct yote_pos *p, const struct yote_outcome *o,
    const char *const name[2]);

#endif
