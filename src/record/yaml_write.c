/*
 * yaml_write.c - records written as YAML through libyaml's emitter, one
 * document a game, each node with the tag and style it was read with.
 */
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "yote_int.h"

_Static_assert(YOTE_STYLE_ANY == YAML_ANY_SCALAR_STYLE &&
    YOTE_STYLE_PLAIN == YAML_PLAIN_SCALAR_STYLE &&
    YOTE_STYLE_SINGLE == YAML_SINGLE_QUOTED_SCALAR_STYLE &&
    YOTE_STYLE_DOUBLE == YAML_DOUBLE_QUOTED_SCALAR_STYLE &&
    YOTE_STYLE_LITERAL == YAML_LITERAL_SCALAR_STYLE &&
    YOTE_STYLE_FOLDED == YAML_FOLDED_SCALAR_STYLE &&
    YOTE_STYLE_BLOCK == YAML_BLOCK_SEQUENCE_STYLE &&
    YOTE_STYLE_FLOW == YAML_FLOW_SEQUENCE_STYLE &&
    YOTE_STYLE_BLOCK == YAML_BLOCK_MAPPING_STYLE &&
    YOTE_STYLE_FLOW == YAML_FLOW_MAPPING_STYLE,
    "YOTE_STYLE_* are libyaml's values: records pass them through");

struct yote_writer {
	yaml_emitter_t em;
	FILE *fp;
	int failed;
};

static int
emit(struct yote_writer *w, yaml_event_t *ev, int made)
{
	if (made && w->failed) {
		/* the emitter never saw it: ours to free */
		yaml_event_delete(ev);
		return YOTE_EIO;
	}
	if (w->failed || !made || !yaml_emitter_emit(&w->em, ev)) {
		w->failed = 1;
		return YOTE_EIO;
	}
	return 0;
}

int
yote_writer_open(FILE *fp, struct yote_writer **out)
{
	struct yote_writer *w;
	yaml_event_t ev;

	if (out == NULL || fp == NULL) {
		if (out != NULL)
			*out = NULL;
		return YOTE_EVALUE;
	}
	*out = NULL;
	if ((w = calloc(1, sizeof(*w))) == NULL)
		return YOTE_ENOMEM;
	if (!yaml_emitter_initialize(&w->em)) {
		free(w);
		return YOTE_ENOMEM;
	}
	yaml_emitter_set_output_file(&w->em, fp);
	w->fp = fp;
	yaml_emitter_set_unicode(&w->em, 1);
	yaml_emitter_set_width(&w->em, 78);
	emit(w, &ev, yaml_stream_start_event_initialize(&ev,
	    YAML_UTF8_ENCODING));
	*out = w;
	return 0;
}

/* What a node is to the record, for the case its text is written in:
 * the root, the moves list, a moves item's mapping, a move, a position,
 * anything else. */
enum role { R_ROOT, R_MOVES, R_ITEM, R_MOVE, R_POSITION, R_OTHER };

/* The role of the value of key k in a mapping of role r. */
static enum role
value_role(enum role r, const struct yote_node *k)
{
	if (k == NULL || k->type != YOTE_NODE_SCALAR)
		return R_OTHER;
	if (r == R_ROOT && strcmp(k->text, "moves") == 0)
		return R_MOVES;
	if (r == R_ROOT && strcmp(k->text, "start") == 0)
		return R_POSITION;
	return r == R_ITEM && strcmp(k->text, "move") == 0 ? R_MOVE : R_OTHER;
}

static int
emit_node(struct yote_writer *w, const struct yote_node *n, enum role r)
{
	yaml_event_t ev;
	char buf[YOTE_MOVE_TEXT];
	const char *text;
	size_t i;
	int implicit = n->tag == NULL;

	switch (n->type) {
	case YOTE_NODE_SCALAR:
		/* a move and a position in lower case, as written by every
		 * writer of the suite */
		text = r == R_MOVE || r == R_POSITION ? yote_lower_case(n->text,
		    n->len, r == R_MOVE ? YOTE_CASE_MOVE : YOTE_CASE_POSITION,
		    buf, sizeof(buf)) : n->text;
		return emit(w, &ev, yaml_scalar_event_initialize(&ev, NULL,
		    (yaml_char_t *)n->tag, (yaml_char_t *)text,
		    (int)n->len, implicit, implicit,
		    (yaml_scalar_style_t)n->style));
	case YOTE_NODE_SEQ:
		emit(w, &ev, yaml_sequence_start_event_initialize(&ev, NULL,
		    (yaml_char_t *)n->tag, implicit,
		    (yaml_sequence_style_t)n->style));
		for (i = 0; i < n->n; i++)
			emit_node(w, n->kids[i], r != R_MOVES ? R_OTHER :
			    n->kids[i] != NULL && n->kids[i]->type ==
			    YOTE_NODE_MAP ? R_ITEM : R_MOVE);
		return emit(w, &ev, yaml_sequence_end_event_initialize(&ev));
	default:
		emit(w, &ev, yaml_mapping_start_event_initialize(&ev, NULL,
		    (yaml_char_t *)n->tag, implicit,
		    (yaml_mapping_style_t)n->style));
		for (i = 0; i < n->n; i++)
			emit_node(w, n->kids[i], i % 2 == 0 ? R_OTHER :
			    value_role(r, n->kids[i - 1]));
		return emit(w, &ev, yaml_mapping_end_event_initialize(&ev));
	}
}

int
yote_writer_put(struct yote_writer *w, const struct yote_record *rec)
{
	yaml_event_t ev;
	struct yote_node empty = { 0 };

	/* no writer writes a game a reader would refuse (yote_limits.h) */
	if (yote_record_check_limits(rec, NULL) != 0)
		return YOTE_ELIMIT;
	emit(w, &ev, yaml_document_start_event_initialize(&ev, NULL, NULL,
	    NULL, 0));
	if (rec->root != NULL)
		emit_node(w, rec->root, rec->root->type == YOTE_NODE_MAP ?
		    R_ROOT : R_OTHER);
	else {
		empty.type = YOTE_NODE_SCALAR;
		empty.text = (char *)"";
		emit_node(w, &empty, R_OTHER);
	}
	emit(w, &ev, yaml_document_end_event_initialize(&ev, 1));
	if (!w->failed && !yaml_emitter_flush(&w->em))
		w->failed = 1;
	return w->failed ? YOTE_EIO : 0;
}

int
yote_writer_close(struct yote_writer *w)
{
	yaml_event_t ev;
	int failed;

	if (w == NULL)
		return 0;
	emit(w, &ev, yaml_stream_end_event_initialize(&ev));
	/* and fp's buffer: a full disk is said here, not only at fclose */
	if (!w->failed && (!yaml_emitter_flush(&w->em) || fflush(w->fp) != 0 ||
	    ferror(w->fp)))
		w->failed = 1;
	failed = w->failed;
	yaml_emitter_delete(&w->em);
	free(w);
	return failed ? YOTE_EIO : 0;
}
