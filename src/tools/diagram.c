/*
 * diagram.c - a replayed game as text: header, ply lines with what each
 * capture removed, boards, positions and the ending (diagram.h).
 */
#include <stdio.h>
#include <string.h>

#include "diagram.h"
#include "tool.h"

/* "removes c2 (jumped) and e1 (bonus)" for a capture, into buf. */
static void
describe_removal(const struct yote_rules *r, const struct yote_pos *before,
    const struct yote_move *m, char *buf, size_t size)
{
	size_t used = 0;
	int i, at = m->from, first = 1;
	char a[4];

#define CLAMP() do { if (used >= size) used = size - 1; } while (0)
	buf[0] = '\0';
	if (!yote_move_is_capture(m))
		return;
	for (i = 0; i < m->nseg && used < size; i++) {
		if (m->kind == YOTE_BRIDGE && i == 0) {
			at = m->seg_to[i];
			continue;
		}
		yote_square_name(r, (at + m->seg_to[i]) / 2, a);
		used += (size_t)snprintf(buf + used, size - used, "%s%s "
		    "(jumped)", first ? "removes " : ", ", a);
		CLAMP();
		first = 0;
		if (m->seg_bonus[i] == YOTE_BONUS_HAND)
			used += (size_t)snprintf(buf + used, size - used,
			    ", one from %s's hand (bonus)",
			    tool_text(r->side_name[!before->side]));
		else if (m->seg_bonus[i] != YOTE_BONUS_NO)
			used += (size_t)snprintf(buf + used, size - used,
			    ", %s (bonus)", yote_square_name(r,
			    m->seg_bonus[i], a));
		CLAMP();
		at = m->seg_to[i];
	}
#undef CLAMP
}

void
diagram_header(const struct replayed *g, int blank)
{
	const struct yote_record *rec = g->rec;
	const char *ev = yote_node_text(rec->root, "event");
	const char *f = yote_node_text(rec->root, "first");
	const char *s = yote_node_text(rec->root, "second");
	const char *rd = yote_node_text(rec->root, "round");
	const char *date = yote_node_text(rec->root, "date");

	char line[6 * TOOL_TEXT_MAX];
	size_t n;

	if (blank)
		putc('\n', g->out);
	/* names from the file, escaped (tool_text), wrapped to 80 columns */
	n = (size_t)snprintf(line, sizeof(line), "Game %lu", rec->game);
	if (ev != NULL)
		n += (size_t)snprintf(line + n, sizeof(line) - n, ": %s",
		    tool_text(ev));
	if (rd != NULL && n < sizeof(line))
		n += (size_t)snprintf(line + n, sizeof(line) - n,
		    ", round %s", tool_text(rd));
	if (date != NULL && n < sizeof(line))
		snprintf(line + n, sizeof(line) - n, ", %s", tool_text(date));
	tool_wrap(g->out, line, 4);
	snprintf(line, sizeof(line), "%s (%s) - %s (%s), %s", f ? tool_text(f) :
	    "?", tool_text(g->r->side_name[0]), s ? tool_text(s) : "?",
	    tool_text(g->r->side_name[1]), tool_text(g->r->name));
	tool_wrap(g->out, line, 4);
}

void
diagram_end(const struct replayed *g)
{
	const struct yote_rules *r = g->r;
	const struct yote_pos *p = yote_game_pos(g->play, g->n);
	struct yote_outcome o;
	const char *res = yote_node_text(g->rec->root, "result");
	const char *term = yote_node_text(g->rec->root, "termination");

	yote_pos_outcome(r, p, &o);
	if (o.term == YOTE_TERM_NONE) {
		if (res == NULL && term == NULL)
			fprintf(g->out, "The game is not over (%s to move).\n",
			    tool_text(r->side_name[p->side]));
		else
			fprintf(g->out, "Result: %s%s%s (declared; the position is not "
			    "finished)\n", res ? tool_text(res) : "*", term ?
			    ", " : "", term ? tool_text(term) : "");
		return;
	}
	draw_ending(g->out, r, p, &o, 0);
}

/* " key value" onto buf at *used, value escaped and cut (diagram_notes). */
static void
note_add(char *buf, size_t size, size_t *used, const char *key,
    const char *value)
{
	char v[160];

	if (*used >= size - 1)
		return;
	yote_escape(v, sizeof(v), value, 0);
	*used += (size_t)snprintf(buf + *used, size - *used, "%s%s%s%s",
	    *used > 0 ? ", " : "", key, *key != '\0' ? " " : "", v);
	if (*used >= size)
		*used = size - 1;
}

/* An evaluation key of ply i's item from the first side's view, as the
 * other tools show it (an older record holds the mover's), or as written
 * when it is no score; NULL when absent. */
static const char *
eval_text(const struct replayed *g, const struct yote_node *item,
    const char *key, size_t i, char *buf)
{
	int v;

	if (i - 1 <= yote_game_plies(g->play) &&
	    yote_annotation_eval(g->rec, item, key,
	    yote_game_pos(g->play, i - 1)->side, &v) == 0)
		return yote_score_text(v, buf);
	return yote_node_text(item, key);
}

void
diagram_notes(const struct replayed *g, size_t i, char *line, size_t lsize,
    char *comment, size_t csize, const char **best)
{
	static const char *const shown[] = { "move", "class", "nag", "eval",
		"eval-before", "best", "pv", "comment", NULL };
	const struct yote_node *moves = yote_node_get(g->rec->root, "moves");
	const struct yote_node *item, *pv, *k;
	const char *v, *nag;
	char text[800], sc[16];
	size_t used = 0, j, n, t;

	line[0] = comment[0] = '\0';
	*best = NULL;
	if (moves == NULL || moves->type != YOTE_NODE_SEQ || i == 0 ||
	    i > moves->n || (item = moves->kids[i - 1])->type !=
	    YOTE_NODE_MAP)
		return;
	v = yote_node_text(item, "class");
	nag = yote_node_text(item, "nag");
	if (v != NULL || nag != NULL) {
		snprintf(text, sizeof(text), "%.300s%s%.300s", v ? v : "",
		    v && nag ? " " : "", nag ? nag : "");
		note_add(line, lsize, &used, "", text);
	}
	if ((v = eval_text(g, item, "eval", i, sc)) != NULL) {
		note_add(line, lsize, &used, "eval", v);
		if ((v = eval_text(g, item, "eval-before", i, sc)) != NULL &&
		    used + 12 < lsize)
			used += (size_t)snprintf(line + used, lsize - used,
			    " (before %s)", tool_text(v));
	}
	if ((*best = yote_node_text(item, "best")) != NULL)
		note_add(line, lsize, &used, "best", *best);
	if ((pv = yote_node_get(item, "pv")) != NULL &&
	    pv->type == YOTE_NODE_SEQ) {
		for (j = t = 0; j < pv->n && t + 1 < sizeof(text); j++)
			if (pv->kids[j]->type == YOTE_NODE_SCALAR)
				t += (size_t)snprintf(text + t, sizeof(text) - t,
				    "%s%s", t ? " " : "", pv->kids[j]->text);
		note_add(line, lsize, &used, "line", text);
	}
	for (j = 0; j + 1 < item->n; j += 2) {
		k = item->kids[j];
		for (n = 0; shown[n] != NULL && (k->type != YOTE_NODE_SCALAR ||
		    strcmp(k->text, shown[n]) != 0); n++)
			;
		if (shown[n] == NULL && k->type == YOTE_NODE_SCALAR &&
		    item->kids[j + 1]->type == YOTE_NODE_SCALAR) {
			yote_escape(text, 40, k->text, 0);
			note_add(line, lsize, &used, text,
			    item->kids[j + 1]->text);
		}
	}
	if ((v = yote_node_text(item, "comment")) != NULL)
		yote_escape(comment, csize, v, 0);
}

/* Ply i's line, its annotations, and the board after it. */
static void
print_ply(const struct replayed *g, size_t i, enum draw_style st)
{
	char text[YOTE_MOVE_TEXT], rem[600], text2[1024], line[1200];
	const struct yote_move *m = yote_game_move(g->play, i);
	const char *best;
	const struct yote_pos *before = yote_game_pos(g->play, i - 1);

	/* each line wrapped to 80 columns, as the SVG picture wraps its
	 * notes: a long chain's removals, an engine's line, a comment */
	describe_removal(g->r, before, m, rem, sizeof(rem));
	snprintf(line, sizeof(line), "Ply %zu, %s: %s%s%s%s", i,
	    tool_text(g->r->side_name[before->side]), yote_move_format(g->r, m,
	    text), rem[0] ? " (" : "", rem, rem[0] ? ")" : "");
	tool_wrap(g->out, line, 4);
	diagram_notes(g, i, rem, sizeof(rem), text2, sizeof(text2), &best);
	if (rem[0] != '\0') {
		snprintf(line, sizeof(line), "  Notes: %s", rem);
		tool_wrap(g->out, line, 4);
	}
	if (text2[0] != '\0') {
		snprintf(line, sizeof(line), "  Comment: %s", text2);
		tool_wrap(g->out, line, 4);
	}
	draw_board(g->out, g->r, yote_game_pos(g->play, i),
	    draw_move_squares(g->r, m), st);
}

/* The start position's string and board. */
static void
print_start(const struct replayed *g, enum draw_style st)
{
	char buf[YOTE_POS_TEXT];

	fprintf(g->out, "Start: %s\n", yote_pos_format(g->r, yote_game_pos(g->play, 0),
	    buf));
	draw_board(g->out, g->r, yote_game_pos(g->play, 0), 0, st);
}

void
diagram_position(const struct replayed *g, size_t i, enum draw_style st)
{
	char buf[YOTE_POS_TEXT];

	if (i == 0) {
		print_start(g, st);
		return;
	}
	print_ply(g, i, st);
	fprintf(g->out, "Position: %s\n", yote_pos_format(g->r, yote_game_pos(g->play,
	    i), buf));
}

void
diagram_game(const struct replayed *g, const struct yote_game_info *info,
    enum draw_style st, int blank)
{
	size_t i;

	diagram_header(g, blank);
	print_start(g, st);
	for (i = 1; i <= g->n; i++) {
		putc('\n', g->out);
		print_ply(g, i, st);
	}
	putc('\n', g->out);
	if (info->played < info->plies)
		fprintf(g->out, "Replay stopped after ply %zu.\n", g->n);
	else
		diagram_end(g);
}

void
diagram_positions(const struct replayed *g)
{
	char buf[YOTE_POS_TEXT], text[YOTE_MOVE_TEXT];
	size_t i;

	for (i = 1; i <= g->n; i++) {
		fprintf(g->out, "%zu\t%s\t%s\t%lu\t", i, yote_move_format(
		    g->r, yote_game_move(g->play, i), text), yote_pos_format(
		    g->r, yote_game_pos(g->play, i), buf), g->rec->game);
		/* the file name as every --list and --tsv writes it: one
		 * field of one line */
		tool_put_text(g->out, g->file, YOTE_ESC_FIELD);
		putc('\n', g->out);
	}
}
