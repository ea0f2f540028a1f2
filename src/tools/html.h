/*
 * html.h - study pages: games as one self-contained HTML file (board,
 * move list, annotations, evaluation curve), for yote-replay --html and
 * yote-analyze --html.  Not part of libyote.
 */
#ifndef YOTE_HTML_H
#define YOTE_HTML_H

#include "yote.h"

struct html_page;

/*
 * Start a page at path, written atomically (tool_atomic_open: the old
 * file stays until html_close succeeds).  NULL when it cannot be made
 * (said with tool_warn).
 */
struct html_page *html_open(const char *path);

/*
 * Add a game: rec, game rec->game of the input named file, played through
 * as g (its plies up to the first bad move; yote_game_from_record), info
 * what playing it found.  The page numbers its games from 1 in the order
 * they are added, and says in its game list where each came from when
 * that is not one input's games in order.  The page copies what it needs.
 * Returns EXIT_OK, or EXIT_IO when out of memory (said at html_close).
 */
int html_add(struct html_page *pg, const char *file,
    const struct yote_record *rec, const struct yote_game *g,
    const struct yote_game_info *info);

/*
 * A yote_diag_fn (ctx the page): the first problem said of the game
 * about to be added, shown with it in the game list when html_add's
 * info counts problems (an invalid game).  e NULL: forget it (the game
 * is not added).
 */
void html_diag(void *ctx, const struct yote_error *e);

/*
 * Finish the page and free pg: with ok and no earlier error, put it in
 * place of path; else remove it and leave the old file (tool_atomic_close,
 * which says so).  Returns EXIT_OK or EXIT_IO.  NULL is ignored
 * (EXIT_OK).
 */
int html_close(struct html_page *pg, int ok);

#endif
