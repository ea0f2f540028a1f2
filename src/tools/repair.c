/*
 * repair.c - yote-validate --suggest: what yote_record_repair found, in
 * the form of the tool's other lines: the place, the game and the ply,
 * what is written and what would make the record valid.
 */
#include <stdlib.h>
#include <string.h>

#include "repair.h"
#include "tool.h"

#define SHOWN 60                /* bytes of a move text shown */

/* A move as written, quoted: its first SHOWN bytes, escaped. */
static void
put_move(FILE *out, const char *text, int json)
{
	char buf[SHOWN + 4];
	size_t len = strlen(text);

	memcpy(buf, text, len > SHOWN ? SHOWN : len);
	strcpy(buf + (len > SHOWN ? SHOWN : len), len > SHOWN ? "..." : "");
	putc(json ? '"' : '\'', out);
	tool_put_text(out, buf, json ? YOTE_ESC_JSON : 0);
	putc(json ? '"' : '\'', out);
}

static const char *
text_of(const struct yote_node *n)
{
	return n != NULL && n->text != NULL ? n->text : "";
}

static const char *
why(enum yote_edit edit, enum yote_near n)
{
	static const char *const near[] = { "another move",
		"one character changed", "the same squares",
		"the capture chain written cut short",
		"the capture chain written too long", "another bonus square" };

	switch (edit) {
	case YOTE_EDIT_REPLACE:
		return near[n];
	case YOTE_EDIT_SWAP:
		return "two moves swapped";
	case YOTE_EDIT_DROP:
		return "a move too many";
	default:
		return "a move missing";
	}
}

/* One edit of a suggestion, the first or the second of a pair. */
struct step {
	enum yote_edit edit;
	enum yote_near near;
	unsigned long ply;
	unsigned distance;
	const struct yote_node *at, *next;
	const char *move;
};

static struct step
first_step(const struct yote_repair *e)
{
	struct step s = { e->edit, e->near, e->ply, e->distance, e->at,
		e->next, e->move };

	return s;
}

static struct step
second_step(const struct yote_repair *e)
{
	struct step s = { e->then.edit, e->then.near, e->then.ply,
		e->then.distance, e->then.at, e->then.next, e->then.move };

	return s;
}

/* file:line:col: game G[, ply P]: (lines where known) */
static void
put_place(FILE *out, const struct yote_stream_game *g,
    const struct yote_node *at, unsigned long ply)
{
	unsigned long line = at != NULL ? at->line : g->rec->line;
	unsigned long col = at != NULL ? at->col : g->rec->col;

	tool_put_text(out, g->file, 0);
	if (line > 0)
		fprintf(out, ":%lu:%lu", line, col);
	fprintf(out, ": game %lu", g->number);
	if (ply > 0)
		fprintf(out, ", ply %lu", ply);
	fputs(": ", out);
}

/* "written 'W', valid with 'V' (why)" and its kin. */
static void
text_step(FILE *out, const struct step *e)
{
	if (e->at == NULL)
		fputs("nothing written", out);
	else if (e->at->type != YOTE_NODE_SCALAR)
		fputs("written no move", out);
	else {
		fputs("written ", out);
		put_move(out, text_of(e->at), 0);
	}
	switch (e->edit) {
	case YOTE_EDIT_SWAP:
		fputs(" then ", out);
		put_move(out, text_of(e->next), 0);
		fputs(", valid with ", out);
		put_move(out, text_of(e->next), 0);
		fputs(" then ", out);
		put_move(out, text_of(e->at), 0);
		break;
	case YOTE_EDIT_DROP:
		fputs(", valid without it", out);
		break;
	default:
		fputs(", valid with ", out);
		put_move(out, e->move, 0);
		if (e->edit == YOTE_EDIT_INSERT)
			fputs(e->at != NULL ? " before it" : " at the end",
			    out);
		break;
	}
	fprintf(out, " (%s)", why(e->edit, e->near));
}

static void
text_line(FILE *out, const struct yote_stream_game *g,
    const struct yote_repair *e, size_t rank)
{
	struct step a = first_step(e), b = second_step(e);

	put_place(out, g, a.at, a.ply);
	fprintf(out, "suggestion %zu: ", rank);
	text_step(out, &a);
	if (e->edits == 2) {
		/* two slips: the second's place, as the first's */
		fprintf(out, "; and at ply %lu", b.ply);
		if (b.at != NULL && b.at->line > 0)
			fprintf(out, " (%lu:%lu)", b.at->line, b.at->col);
		fputs(": ", out);
		text_step(out, &b);
	}
	putc('\n', out);
}

/* "edit":...,"written":[...],"valid":[...] of one edit. */
static void
json_step(FILE *out, const struct step *e)
{
	fprintf(out, "\"edit\":\"%s\",\"near\":\"%s\",\"distance\":%u,"
	    "\"written\":[", yote_edit_name(e->edit), yote_near_name(e->near),
	    e->distance);
	if (e->at != NULL && e->edit != YOTE_EDIT_INSERT)
		put_move(out, text_of(e->at), 1);
	if (e->edit == YOTE_EDIT_SWAP) {
		putc(',', out);
		put_move(out, text_of(e->next), 1);
	}
	fputs("],\"valid\":[", out);
	if (e->edit == YOTE_EDIT_SWAP) {
		put_move(out, text_of(e->next), 1);
		putc(',', out);
		put_move(out, text_of(e->at), 1);
	} else if (e->edit != YOTE_EDIT_DROP)
		put_move(out, e->move, 1);
	putc(']', out);
}

static void
json_line(FILE *out, const struct yote_stream_game *g,
    const struct yote_repair *e, size_t rank)
{
	struct step a = first_step(e), b = second_step(e);

	fputs("{\"kind\":\"suggestion\",\"file\":", out);
	put_move(out, g->file, 1);
	fprintf(out, ",\"line\":%lu,\"column\":%lu,\"game\":%lu,\"ply\":%lu,"
	    "\"rank\":%zu,", a.at != NULL ? a.at->line : g->rec->line,
	    a.at != NULL ? a.at->col : g->rec->col, g->number, a.ply, rank);
	json_step(out, &a);
	fprintf(out, ",\"edits\":%u", e->edits);
	if (e->edits == 2) {
		fprintf(out, ",\"then\":{\"line\":%lu,\"column\":%lu,"
		    "\"ply\":%lu,", b.at != NULL ? b.at->line : 0,
		    b.at != NULL ? b.at->col : 0, b.ply);
		json_step(out, &b);
		putc('}', out);
	}
	fputs("}\n", out);
}

/*
 * A game that no one edit mends.  When its moves are all legal and end
 * the game on the board, the slip is in the result or termination line:
 * the line says what the moves give, at the key miswritten.
 */
static int
none_line(FILE *out, int json, const struct yote_stream_game *g,
    int complete)
{
	const struct yote_game_info *in = &g->info;
	int ended = complete && in->played == in->plies && in->rules != NULL &&
	    in->outcome.term != YOTE_TERM_NONE;
	/* for a game the board does not end, a termination that says it
	 * does (capture-all, blocked, few-pieces, move-limit) is the
	 * slip, else the result */
	int board_term = in->term >= YOTE_TERM_CAPTURE_ALL &&
	    in->term <= YOTE_TERM_MOVE_LIMIT;
	/* at the line miswritten, where the diagnostic is: the result,
	 * else the termination */
	const struct yote_node *at = ended ? yote_node_get(g->rec->root,
	    in->result == (int)in->outcome.result && yote_node_get(
	    g->rec->root, "termination") != NULL ? "termination" : "result") :
	    in->played != in->plies ? NULL : yote_node_get(g->rec->root,
	    board_term ? "termination" : "result");
	const char *res = yote_result_text(in->outcome.result);
	const char *term = yote_termination_text(in->outcome.term);

	if (json) {
		fputs("{\"kind\":\"suggestion\",\"file\":", out);
		put_move(out, g->file, 1);
		fprintf(out, ",\"line\":%lu,\"column\":%lu,\"game\":%lu,"
		    "\"ply\":0,\"rank\":0,\"edit\":\"none\",\"complete\":%s",
		    at != NULL ? at->line : g->rec->line, at != NULL ? at->col :
		    g->rec->col, g->number, complete ? "true" : "false");
		if (ended)
			fprintf(out, ",\"result\":\"%s\",\"termination\":\"%s\"",
			    res, term);
		fputs("}\n", out);
		return 0;
	}
	put_place(out, g, at, 0);
	/* pairs are tried where a move fails, not for a result alone */
	fputs(in->played == in->plies ? "no suggestion: no one edit of the "
	    "moves makes the record valid" : "no suggestion: neither one "
	    "edit of the moves nor two make the record valid", out);
	if (!complete)
		fputs(" (the search stopped at its work limit)", out);
	else if (ended)
		fprintf(out, "; its moves are all legal and give result: %s, "
		    "termination: %s", res, term);
	else if (in->played == in->plies)
		fputs("; its moves are all legal: is the result or termination "
		    "wrong?", out);
	putc('\n', out);
	return 0;
}

int
repair_print(FILE *out, int json, size_t max,
    const struct yote_stream_game *g)
{
	struct yote_repair_opts o = { max, 0 };
	struct yote_repair *v;
	long n, i;
	int complete;

	if (g->rec == NULL || g->verdict != YOTE_VERDICT_INVALID)
		return 0;
	if ((v = malloc(max * sizeof(*v))) == NULL)
		return YOTE_ENOMEM;
	n = yote_record_repair(g->rec, &g->info, &o, v, &complete);
	for (i = 0; i < n; i++)
		(json ? json_line : text_line)(out, g, &v[i], (size_t)i + 1);
	free(v);
	if (n != 0)
		return n == YOTE_ENOMEM ? YOTE_ENOMEM : 0;
	return none_line(out, json, g, complete);
}
