/*
 * yaml_read.c - records read as YAML: a tree of nodes per document, built
 * from libyaml's event stream.
 *
 * A collection is a stream of documents, one game each, so memory follows
 * the largest game, never the collection.  Nothing is interpreted here
 * (checker.c does that).  Aliases are refused: a record has no use for
 * them and expanding them is how small files become huge.  The reader
 * (reader.c) hands a stream here once it has seen that it is YAML.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "yote_int.h"
#include "yote_fmt.h"

struct yote_yaml_reader {
	yaml_parser_t parser;
	FILE *fp;
	int in_doc;             /* inside a document */
	int done;               /* nothing more to read */
	unsigned long *games;   /* documents begun (the reader's counter) */
	size_t since_event;     /* bytes read since the last event */
	size_t doc_bytes;       /* bytes read since the document began */
	yaml_mark_t last;       /* end of the last event: where a value
				   too long to read began */
	int over_limit;         /* the read handler refused: a size limit */
	int io_errno;           /* the read handler failed: errno */
	unsigned char head[8];  /* what format detection read, to replay */
	size_t headlen, headpos;
};

/* Read handler: plain fread, counting bytes to enforce the size limits
 * before libyaml buffers an endless scalar. */
static int
reader_read(void *data, unsigned char *buf, size_t size, size_t *got)
{
	struct yote_yaml_reader *rd = data;
	size_t n = 0;

	/* the bytes format detection read come first */
	if (rd->headpos < rd->headlen) {
		n = rd->headlen - rd->headpos < size ? rd->headlen -
		    rd->headpos : size;
		memcpy(buf, rd->head + rd->headpos, n);
		rd->headpos += n;
	}
	n += fread(buf + n, 1, size - n, rd->fp);
	if (n == 0 && ferror(rd->fp)) {
		rd->io_errno = errno ? errno : EIO;
		return 0;
	}
	rd->since_event += n;
	rd->doc_bytes += n;
	if (rd->since_event > 2 * YOTE_MAX_SCALAR + 65536 ||
	    rd->doc_bytes > YOTE_MAX_DOCUMENT + 65536) {
		rd->over_limit = 1;
		return 0;
	}
	*got = n;
	return 1;
}

int
yote_yaml_open(FILE *fp, const unsigned char *head, size_t len,
    unsigned long *games, struct yote_yaml_reader **out)
{
	struct yote_yaml_reader *rd;

	*out = NULL;
	if (len > sizeof(rd->head) || (rd = calloc(1, sizeof(*rd))) == NULL)
		return YOTE_ENOMEM;
	if (!yaml_parser_initialize(&rd->parser)) {
		free(rd);
		return YOTE_ENOMEM;
	}
	rd->fp = fp;
	rd->games = games;
	memcpy(rd->head, head, len);
	rd->headlen = len;
	yaml_parser_set_input(&rd->parser, reader_read, rd);
	*out = rd;
	return 0;
}

void
yote_yaml_close(struct yote_yaml_reader *rd)
{
	if (rd == NULL)
		return;
	yaml_parser_delete(&rd->parser);
	free(rd);
}

static void
at_mark(struct yote_error *err, const yaml_mark_t *m)
{
	if (err != NULL) {
		err->line = m->line + 1;
		err->col = m->column + 1;
	}
}

/* The stream cannot go on: say why, from libyaml's or our own reason. */
static int
stream_failed(struct yote_yaml_reader *rd, struct yote_error *err)
{
	yaml_parser_t *p = &rd->parser;
	int code;

	rd->done = 1;
	if (rd->io_errno) {
		code = yote_error_set(err, YOTE_EIO, "read error: %s",
		    strerror(rd->io_errno));
		if (err != NULL)
			err->diag = YOTE_D_IO;
		return code;    /* a failing file, not a game */
	}
	if (rd->over_limit) {
		if (rd->doc_bytes > YOTE_MAX_DOCUMENT)
			code = yote_error_set(err, YOTE_ELIMIT, "a game longer "
			    "than %lu MiB (the limit): input refused",
			    YOTE_MAX_DOCUMENT >> 20);
		else
			code = yote_error_set(err, YOTE_ELIMIT, "a value "
			    "longer than %lu MiB (the limit) starts here: "
			    "input refused", YOTE_MAX_SCALAR >> 20);
		at_mark(err, &rd->last);
		if (err != NULL)
			err->diag = YOTE_D_LIMIT;
		goto out;
	}
	if (p->error == YAML_READER_ERROR) {
		if (p->problem_value != -1)
			code = yote_error_set(err, YOTE_ESYNTAX, "not a YAML "
			    "text: %s (byte 0x%02X at offset %zu)",
			    p->problem ? p->problem : "unreadable input",
			    (unsigned)p->problem_value & 0xFF,
			    p->problem_offset);
		else
			code = yote_error_set(err, YOTE_ESYNTAX, "not a YAML "
			    "text: %s (at offset %zu)",
			    p->problem ? p->problem : "unreadable input",
			    p->problem_offset);
		at_mark(err, &p->mark);
	} else if (p->error == YAML_MEMORY_ERROR) {
		code = yote_error_set(err, YOTE_ENOMEM, "out of memory");
	} else {
		code = yote_error_set(err, YOTE_ESYNTAX, "YAML syntax error: "
		    "%s%s%s", p->problem ? p->problem : "unreadable input",
		    p->context ? " " : "", p->context ? p->context : "");
		at_mark(err, &p->problem_mark);
	}
	if (err != NULL)
		err->diag = YOTE_D_YAML;
	goto out;
out:
	/* the game the failure belongs to: the open one, or the next */
	if (err != NULL)
		err->game = rd->in_doc ? *rd->games : *rd->games + 1;
	return code;
}

static int
next_event(struct yote_yaml_reader *rd, yaml_event_t *ev)
{
	int ok;

	rd->since_event = 0;
	if ((ok = yaml_parser_parse(&rd->parser, ev)))
		rd->last = ev->end_mark;
	return ok;
}

/*
 * Read events up to one of type want, or the end of the stream: the type
 * of the event found (the start of the last one read in *at, if at is not
 * NULL), or an error code.
 */
static int
skip_to(struct yote_yaml_reader *rd, yaml_event_type_t want, yaml_mark_t *at,
    struct yote_error *err)
{
	yaml_event_t ev;
	int type;

	for (;;) {
		if (!next_event(rd, &ev))
			return stream_failed(rd, err);
		type = (int)ev.type;
		if (at != NULL)
			*at = ev.start_mark;
		yaml_event_delete(&ev);
		if (type == (int)want || type == YAML_STREAM_END_EVENT) {
			rd->done = type == YAML_STREAM_END_EVENT;
			return type;
		}
	}
}

/* Skip the rest of a document after a problem in it. */
static int
skip_document(struct yote_yaml_reader *rd, struct yote_error *err)
{
	int rc = skip_to(rd, YAML_DOCUMENT_END_EVENT, NULL, err);

	if (rc < 0)
		return rc;
	rd->in_doc = 0;
	return 0;
}

static int
doc_problem(struct yote_yaml_reader *rd, struct yote_error *err, int diag,
    const yaml_mark_t *m, const char *msg)
{
	int rc;

	yote_error_set(err, YOTE_EVALUE, "%s", msg);
	at_mark(err, m);
	if (err != NULL) {
		err->diag = diag;
		err->game = *rd->games;
	}
	if ((rc = skip_document(rd, NULL)) != 0) {
		/* the skipped rest had a worse problem: report that one */
		return stream_failed(rd, err);
	}
	return YOTE_EVALUE;
}

/* Free a document cut short: open collections are not yet attached. */
static void
free_partial(struct yote_node **stack, int depth, struct yote_node *root)
{
	while (depth > 0)
		yote_node_free(stack[--depth]);
	yote_node_free(root);
}

/* Add a finished node to its parent, or make it the document's root. */
static int
attach(struct yote_node **stack, int depth, struct yote_node **root,
    struct yote_node *n)
{
	if (depth == 0) {
		*root = n;
		return 0;
	}
	return yote_node_push(stack[depth - 1], n);
}

/* A node for a scalar or a collection's start, with its style and tag. */
static struct yote_node *
node_from_event(const yaml_event_t *ev)
{
	struct yote_node *n;
	const yaml_char_t *tag;

	if (ev->type == YAML_SCALAR_EVENT) {
		n = yote_scalar_new((const char *)ev->data.scalar.value,
		    ev->data.scalar.length);
		tag = ev->data.scalar.tag;
		if (n != NULL)
			n->style = (int)ev->data.scalar.style;
	} else if (ev->type == YAML_SEQUENCE_START_EVENT) {
		n = yote_node_new(YOTE_NODE_SEQ);
		tag = ev->data.sequence_start.tag;
		if (n != NULL)
			n->style = (int)ev->data.sequence_start.style;
	} else {
		n = yote_node_new(YOTE_NODE_MAP);
		tag = ev->data.mapping_start.tag;
		if (n != NULL)
			n->style = (int)ev->data.mapping_start.style;
	}
	if (n == NULL)
		return NULL;
	if (tag != NULL)
		n->tag = strdup((const char *)tag);
	n->line = ev->start_mark.line + 1;
	n->col = ev->start_mark.column + 1;
	return n;
}

/* Up to the start of the next document: 1, 0 at the end, or an error. */
static int
document_start(struct yote_yaml_reader *rd, yaml_mark_t *start,
    struct yote_error *err)
{
	int rc = skip_to(rd, YAML_DOCUMENT_START_EVENT, start, err);

	return rc < 0 ? rc : rc == YAML_DOCUMENT_START_EVENT;
}

/* The record of a finished document (takes root); 1 or YOTE_ENOMEM. */
static int
finish_record(struct yote_yaml_reader *rd, struct yote_node *root,
    const yaml_mark_t *start, struct yote_record **out,
    struct yote_error *err)
{
	struct yote_record *rec;

	rd->in_doc = 0;
	if ((rec = calloc(1, sizeof(*rec))) == NULL) {
		yote_node_free(root);
		return yote_error_set(err, YOTE_ENOMEM, "out of memory");
	}
	rec->root = root;
	rec->game = *rd->games;
	rec->line = start->line + 1;
	rec->col = start->column + 1;
	*out = rec;
	return 1;
}

int
yote_yaml_next(struct yote_yaml_reader *rd, struct yote_record **out,
    struct yote_error *err)
{
	struct yote_node *stack[YOTE_MAX_DEPTH + 1], *root = NULL, *n;
	const char *limit;
	yaml_event_t ev;
	yaml_mark_t start = { 0, 0, 0 };
	int depth = 0, rc, diag;

	*out = NULL;
	if (rd->done)
		return 0;
	if ((rc = document_start(rd, &start, err)) != 1)
		return rc;
	(*rd->games)++;
	rd->in_doc = 1;
	rd->doc_bytes = 0;
	for (;;) {
		if (!next_event(rd, &ev)) {
			free_partial(stack, depth, root);
			return stream_failed(rd, err);
		}
		limit = NULL;
		diag = YOTE_D_LIMIT;
		switch (ev.type) {
		case YAML_DOCUMENT_END_EVENT:
			yaml_event_delete(&ev);
			return finish_record(rd, root, &start, out, err);
		case YAML_ALIAS_EVENT:
			limit = "aliases (*name) are not allowed in a record";
			diag = YOTE_D_BAD_TYPE;
			break;
		case YAML_SCALAR_EVENT:
			if (ev.data.scalar.length > YOTE_MAX_SCALAR)
				limit = "a scalar longer than 1 MiB (the limit)";
			break;
		case YAML_SEQUENCE_START_EVENT:
		case YAML_MAPPING_START_EVENT:
			if (depth == YOTE_MAX_DEPTH)
				limit = "nesting deeper than 64 levels (the "
				    "limit)";
			break;
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT:
			n = stack[--depth];
			yaml_event_delete(&ev);
			if (attach(stack, depth, &root, n) != 0)
				goto nomem;
			continue;
		default:
			yaml_event_delete(&ev);
			continue;
		}
		if (limit != NULL) {
			free_partial(stack, depth, root);
			rc = doc_problem(rd, err, diag, &ev.start_mark, limit);
			yaml_event_delete(&ev);
			return rc;
		}
		n = node_from_event(&ev);
		yaml_event_delete(&ev);
		if (n == NULL)
			goto nomem;
		if (n->type != YOTE_NODE_SCALAR)
			stack[depth++] = n;
		else if (attach(stack, depth, &root, n) != 0)
			goto nomem;
	}
nomem:
	free_partial(stack, depth, root);
	rd->done = 1;
	return yote_error_set(err, YOTE_ENOMEM, "out of memory");
}
