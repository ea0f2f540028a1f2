/*
 * svgfile.c - SVG files of a replayed game's positions (svgfile.h); the
 * pictures are draw_svg's.
 */
#include <stdio.h>
#include <string.h>

#include "svgfile.h"
#include "tool.h"

/* Ply i's best move, when the record names one other than the move
 * played and legal in its place, into m; else NULL. */
static const struct yote_move *
best_move(const struct replayed *g, size_t i, const char *text,
    struct yote_move *m)
{
	struct yote_movelist scratch = { 0 };
	struct yote_move_text mt;
	struct yote_error e;
	char played[YOTE_MOVE_TEXT];
	int legal;

	if (text == NULL || i == 0 || strcmp(text, yote_move_format(g->r,
	    yote_game_move(g->play, i), played)) == 0 ||
	    yote_move_parse(text, &mt, &e) != 0 ||
	    yote_move_from_text(g->r, &mt, m, &e) != 0)
		return NULL;
	legal = yote_move_legal(g->r, yote_game_pos(g->play, i - 1), m,
	    &scratch) == 1;
	yote_movelist_free(&scratch);
	return legal ? m : NULL;
}

/* A player's name in a picture's title, at most: the smallest picture
 * (5 by 5 points) holds two of them and the ply at 16 px. */
#define SVG_NAME_CHARS 14

int
svgfile_write(const struct replayed *g, size_t i, const char *path,
    int hold)
{
	char title[300], text[YOTE_MOVE_TEXT], line[600], comment[600];
	char fc[128], sc[128];
	const char *f = yote_node_text(g->rec->root, "first");
	const char *s = yote_node_text(g->rec->root, "second");
	const char *best;
	struct draw_notes notes;
	struct yote_move bm;
	FILE *fp;
	int bad;

	/* names cut so that the ply and the move stay in the picture */
	tool_cut(fc, sizeof(fc), f ? f : "?", SVG_NAME_CHARS);
	tool_cut(sc, sizeof(sc), s ? s : "?", SVG_NAME_CHARS);
	if (i == 0)
		snprintf(title, sizeof(title), "%s - %s: start", fc, sc);
	else
		snprintf(title, sizeof(title), "%s - %s: ply %zu, %s", fc, sc,
		    i, yote_move_format(g->r, yote_game_move(g->play, i),
		    text));
	if ((fp = tool_output_open(path)) == NULL)
		return EXIT_IO;
	diagram_notes(g, i, line, sizeof(line), comment, sizeof(comment),
	    &best);
	notes.line = line;
	notes.comment = comment;
	notes.best = best_move(g, i, best, &bm);
	bad = draw_svg(fp, g->r, yote_game_pos(g->play, i), i ?
	    yote_game_move(g->play, i) : NULL, title, &notes);
	/* a write error is said by tool_atomic_hold or _close, with its
	 * reason */
	return (hold ? tool_atomic_hold(fp, path) : tool_atomic_close(fp,
	    path, 1)) != EXIT_OK || bad ? EXIT_IO : EXIT_OK;
}

int
svgfile_game(const struct replayed *g, const char *dir, unsigned long input)
{
	char path[4096], in[32] = "";
	size_t i;
	int status = EXIT_OK;

	if (input > 0)
		snprintf(in, sizeof(in), "in%lu-", input + 1);
	for (i = 0; i <= g->n && status == EXIT_OK; i++) {
		snprintf(path, sizeof(path), "%s/%sgame%lu-ply%03zu.svg", dir,
		    in, g->rec->game, i);
		status = svgfile_write(g, i, path, 0);
	}
	return status;
}
