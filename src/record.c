/*
 * record.c - game records as YAML: a tree of values per document, read
 * from libyaml's event stream and written through its emitter.
 *
 * A collection is a stream of documents, one game each, so memory follows
 * the largest game, never the collection.  Nothing is interpreted here
 * (checker.c does that): the tree keeps every key in order, with each
 * scalar's tag and quoting style, so that reading then writing a record
 * loses nothing.  Aliases are refused: a record has no use for them and
 * expanding them is how small files become huge.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "yote_int.h"
#include "yote_fmt.h"

/* ------------------------------------------------------------ nodes */

static struct yote_node *
node_new(enum yote_node_type type)
{
	struct yote_node *n = calloc(1, sizeof(*n));

	if (n != NULL)
		n->type = type;
	return n;
}

/* A scalar and its text in one allocation: records are mostly scalars. */
static struct yote_node *
scalar_new(const char *text, size_t len)
{
	struct yote_node *n;

	if (len > SIZE_MAX - sizeof(*n) - 1 ||
	    (n = malloc(sizeof(*n) + len + 1)) == NULL)
		return NULL;
	memset(n, 0, sizeof(*n));
	n->type = YOTE_NODE_SCALAR;
	n->text = (char *)(n + 1);
	memcpy(n->text, text, len);
	n->text[len] = '\0';
	n->len = len;
	return n;
}

int
yote_node_set_text(struct yote_node *n, const char *text, size_t len)
{
	char *t;

	if ((t = malloc(len + 1)) == NULL)
		return YOTE_ENOMEM;
	if (text != NULL)
		memcpy(t, text, len);
	else
		memset(t, 0, len);
	t[len] = '\0';
	if (n->text != (char *)(n + 1))
		free(n->text);
	n->text = t;
	n->len = len;
	return 0;
}

struct yote_node *
yote_node_scalar(const char *text)
{
	return scalar_new(text, strlen(text));
}

struct yote_node *
yote_node_seq(void)
{
	return node_new(YOTE_NODE_SEQ);
}

struct yote_node *
yote_node_map(void)
{
	return node_new(YOTE_NODE_MAP);
}

void
yote_node_free(struct yote_node *n)
{
	size_t i;

	if (n == NULL)
		return;
	for (i = 0; i < n->n; i++)
		yote_node_free(n->kids[i]);
	free(n->kids);
	if (n->text != (char *)(n + 1))
		free(n->text);
	free(n->tag);
	free(n);
}

int
yote_node_push(struct yote_node *seq, struct yote_node *kid)
{
	struct yote_node **nk;

	if (seq->n == seq->cap) {
		size_t cap = seq->cap ? seq->cap * 2 : 8;

		if ((nk = realloc(seq->kids, cap * sizeof(*nk))) == NULL) {
			yote_node_free(kid);
			return YOTE_ENOMEM;
		}
		seq->kids = nk;
		seq->cap = cap;
	}
	seq->kids[seq->n++] = kid;
	return 0;
}

struct yote_node *
yote_node_copy(const struct yote_node *n)
{
	struct yote_node *c;
	size_t i;

	if (n->type == YOTE_NODE_SCALAR)
		c = scalar_new(n->text, n->len);
	else
		c = node_new(n->type);
	if (c == NULL)
		return NULL;
	c->style = n->style;
	c->line = n->line;
	c->col = n->col;
	if (n->tag != NULL && (c->tag = strdup(n->tag)) == NULL) {
		yote_node_free(c);
		return NULL;
	}
	for (i = 0; i < n->n; i++) {
		struct yote_node *k = yote_node_copy(n->kids[i]);

		if (k == NULL || yote_node_push(c, k) != 0) {
			yote_node_free(c);
			return NULL;
		}
	}
	return c;
}

int
yote_node_is(const struct yote_node *n, const char *text)
{
	return n != NULL && n->type == YOTE_NODE_SCALAR &&
	    n->len == strlen(text) && memcmp(n->text, text, n->len) == 0;
}

static long
map_find(const struct yote_node *map, const char *key)
{
	size_t i;

	if (map == NULL || map->type != YOTE_NODE_MAP)
		return -1;
	for (i = 0; i + 1 < map->n; i += 2)
		if (yote_node_is(map->kids[i], key))
			return (long)i;
	return -1;
}

struct yote_node *
yote_node_get(const struct yote_node *map, const char *key)
{
	long i = map_find(map, key);

	return i < 0 ? NULL : map->kids[i + 1];
}

int
yote_node_set(struct yote_node *map, const char *key, struct yote_node *value)
{
	struct yote_node *k;
	long i = map_find(map, key);

	if (i >= 0) {
		yote_node_free(map->kids[i + 1]);
		map->kids[i + 1] = value;
		return 0;
	}
	if ((k = yote_node_scalar(key)) == NULL) {
		yote_node_free(value);
		return YOTE_ENOMEM;
	}
	if (yote_node_push(map, k) != 0) {
		yote_node_free(value);
		return YOTE_ENOMEM;
	}
	if (yote_node_push(map, value) != 0) {
		map->n--;
		yote_node_free(k);
		return YOTE_ENOMEM;
	}
	return 0;
}

int
yote_node_remove(struct yote_node *map, const char *key)
{
	long i = map_find(map, key);

	if (i < 0)
		return 0;
	yote_node_free(map->kids[i]);
	yote_node_free(map->kids[i + 1]);
	memmove(&map->kids[i], &map->kids[i + 2],
	    (map->n - (size_t)i - 2) * sizeof(map->kids[0]));
	map->n -= 2;
	return 1;
}

void
yote_record_free(struct yote_record *rec)
{
	if (rec == NULL)
		return;
	yote_node_free(rec->root);
	free(rec->embedded);
	free(rec);
}

/* ------------------------------------------------------------ reading */

struct yote_reader {
	yaml_parser_t parser;
	FILE *fp;
	const char *name;
	int started;            /* parser initialised */
	int in_doc;             /* inside a document */
	int done;               /* nothing more to read */
	unsigned long games;    /* documents begun */
	size_t since_event;     /* bytes read since the last event */
	size_t doc_bytes;       /* bytes read since the document began */
	yaml_mark_t last;       /* end of the last event: where a value
				   too long to read began */
	int over_limit;         /* the read handler refused: a size limit */
	int io_errno;           /* the read handler failed: errno */
	/* format detection: the first bytes are read before libyaml's */
	int format;             /* enum yote_format */
	unsigned char head[8];  /* the first bytes of the input */
	size_t headlen, headpos;
	unsigned flags;         /* YOTE_READ_* */
	unsigned long plies;    /* moves in the record last returned */
	struct yote_arc_reader *arc;    /* an archive's decoder */
	struct yote_lines_reader *lines;        /* a lines file's */
};

/* Read handler: plain fread, counting bytes to enforce the size limits
 * before libyaml buffers an endless scalar. */
static int
reader_read(void *data, unsigned char *buf, size_t size, size_t *got)
{
	struct yote_reader *rd = data;
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
yote_reader_open(FILE *fp, const char *name, struct yote_reader **out)
{
	struct yote_reader *rd;

	*out = NULL;
	if ((rd = calloc(1, sizeof(*rd))) == NULL)
		return YOTE_ENOMEM;
	if (!yaml_parser_initialize(&rd->parser)) {
		free(rd);
		return YOTE_ENOMEM;
	}
	rd->started = 1;
	rd->fp = fp;
	rd->name = name;
	/* peek at the first bytes: an archive, a lines file, or YAML */
	while (rd->headlen < sizeof(rd->head)) {
		size_t n = fread(rd->head + rd->headlen, 1,
		    sizeof(rd->head) - rd->headlen, fp);

		if (n == 0)
			break;
		rd->headlen += n;
	}
	rd->format = yote_format_detect(rd->head, rd->headlen);
	if ((rd->format == YOTE_FORMAT_ARCHIVE && yote_arc_open(fp, name,
	    rd->head, rd->headlen, &rd->games, &rd->arc) != 0) ||
	    (rd->format == YOTE_FORMAT_LINES && yote_lines_open(fp, name,
	    rd->head, rd->headlen, &rd->games, &rd->lines) != 0)) {
		yaml_parser_delete(&rd->parser);
		free(rd);
		return YOTE_ENOMEM;
	}
	yaml_parser_set_input(&rd->parser, reader_read, rd);
	*out = rd;
	return 0;
}

int
yote_reader_format(const struct yote_reader *rd)
{
	return rd->format;
}

void
yote_reader_set_flags(struct yote_reader *rd, unsigned flags)
{
	rd->flags = flags;
}

unsigned long
yote_reader_plies(const struct yote_reader *rd)
{
	return rd->plies;
}

void
yote_reader_close(struct yote_reader *rd)
{
	if (rd == NULL)
		return;
	if (rd->started)
		yaml_parser_delete(&rd->parser);
	yote_arc_close(rd->arc);
	yote_lines_close(rd->lines);
	free(rd);
}

unsigned long
yote_reader_games(const struct yote_reader *rd)
{
	return rd->games;
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
stream_failed(struct yote_reader *rd, struct yote_error *err)
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
		err->game = rd->in_doc ? rd->games : rd->games + 1;
	return code;
}

static int
next_event(struct yote_reader *rd, yaml_event_t *ev)
{
	int ok;

	rd->since_event = 0;
	if ((ok = yaml_parser_parse(&rd->parser, ev)))
		rd->last = ev->end_mark;
	return ok;
}

/* Skip the rest of a document after a problem in it. */
static int
skip_document(struct yote_reader *rd, struct yote_error *err)
{
	yaml_event_t ev;
	int type;

	for (;;) {
		if (!next_event(rd, &ev))
			return stream_failed(rd, err);
		type = ev.type;
		yaml_event_delete(&ev);
		if (type == YAML_DOCUMENT_END_EVENT) {
			rd->in_doc = 0;
			return 0;
		}
	}
}

static int
doc_problem(struct yote_reader *rd, struct yote_error *err, int diag,
    const yaml_mark_t *m, const char *msg)
{
	int rc;

	yote_error_set(err, YOTE_EVALUE, "%s", msg);
	at_mark(err, m);
	if (err != NULL) {
		err->diag = diag;
		err->game = rd->games;
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

static int
yaml_next(struct yote_reader *rd, struct yote_record **out,
    struct yote_error *err)
{
	struct yote_node *stack[YOTE_MAX_DEPTH + 1], *root = NULL, *n;
	struct yote_record *rec;
	yaml_event_t ev;
	yaml_mark_t start;
	int depth = 0, rc;

	*out = NULL;
	if (rd->done)
		return 0;
	/* up to the start of a document */
	for (;;) {
		if (!next_event(rd, &ev))
			return stream_failed(rd, err);
		if (ev.type == YAML_STREAM_END_EVENT) {
			yaml_event_delete(&ev);
			rd->done = 1;
			return 0;
		}
		if (ev.type == YAML_DOCUMENT_START_EVENT)
			break;
		yaml_event_delete(&ev);
	}
	start = ev.start_mark;
	yaml_event_delete(&ev);
	rd->games++;
	rd->in_doc = 1;
	rd->doc_bytes = 0;
	for (;;) {
		if (!next_event(rd, &ev)) {
			free_partial(stack, depth, root);
			return stream_failed(rd, err);
		}
		n = NULL;
		switch (ev.type) {
		case YAML_DOCUMENT_END_EVENT:
			yaml_event_delete(&ev);
			rd->in_doc = 0;
			if ((rec = calloc(1, sizeof(*rec))) == NULL) {
				yote_node_free(root);
				return yote_error_set(err, YOTE_ENOMEM,
				    "out of memory");
			}
			rec->root = root;
			rec->game = rd->games;
			rec->line = start.line + 1;
			rec->col = start.column + 1;
			*out = rec;
			return 1;
		case YAML_ALIAS_EVENT:
			free_partial(stack, depth, root);
			rc = doc_problem(rd, err, YOTE_D_BAD_TYPE,
			    &ev.start_mark, "aliases (*name) are not allowed "
			    "in a record");
			yaml_event_delete(&ev);
			return rc;
		case YAML_SCALAR_EVENT:
			if (ev.data.scalar.length > YOTE_MAX_SCALAR) {
				free_partial(stack, depth, root);
				rc = doc_problem(rd, err, YOTE_D_LIMIT,
				    &ev.start_mark, "a scalar longer than "
				    "1 MiB (the limit)");
				yaml_event_delete(&ev);
				return rc;
			}
			n = scalar_new((const char *)ev.data.scalar.value,
			    ev.data.scalar.length);
			if (n != NULL)
				n->style = ev.data.scalar.style;
			if (n != NULL && ev.data.scalar.tag != NULL)
				n->tag = strdup((char *)ev.data.scalar.tag);
			break;
		case YAML_SEQUENCE_START_EVENT:
		case YAML_MAPPING_START_EVENT:
			if (depth == YOTE_MAX_DEPTH) {
				free_partial(stack, depth, root);
				rc = doc_problem(rd, err, YOTE_D_LIMIT,
				    &ev.start_mark, "nesting deeper than 64 "
				    "levels (the limit)");
				yaml_event_delete(&ev);
				return rc;
			}
			n = node_new(ev.type == YAML_SEQUENCE_START_EVENT ?
			    YOTE_NODE_SEQ : YOTE_NODE_MAP);
			if (n != NULL) {
				n->style = ev.type == YAML_SEQUENCE_START_EVENT ?
				    (int)ev.data.sequence_start.style :
				    (int)ev.data.mapping_start.style;
				if (ev.data.sequence_start.tag != NULL &&
				    ev.type == YAML_SEQUENCE_START_EVENT)
					n->tag = strdup((char *)
					    ev.data.sequence_start.tag);
				if (ev.data.mapping_start.tag != NULL &&
				    ev.type == YAML_MAPPING_START_EVENT)
					n->tag = strdup((char *)
					    ev.data.mapping_start.tag);
			}
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
		if (n == NULL) {
			yaml_event_delete(&ev);
			goto nomem;
		}
		n->line = ev.start_mark.line + 1;
		n->col = ev.start_mark.column + 1;
		if (ev.type == YAML_SCALAR_EVENT) {
			yaml_event_delete(&ev);
			if (attach(stack, depth, &root, n) != 0)
				goto nomem;
		} else {
			yaml_event_delete(&ev);
			stack[depth++] = n;
		}
	}
nomem:
	free_partial(stack, depth, root);
	rd->done = 1;
	return yote_error_set(err, YOTE_ENOMEM, "out of memory");
}

/* Length of the UTF-8 sequence at s (at most n bytes), 0 if invalid. */
static size_t
utf8_char(const unsigned char *s, size_t n)
{
	size_t len, i;
	unsigned long c;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xC2 && s[0] <= 0xDF)
		len = 2, c = s[0] & 0x1F;
	else if (s[0] >= 0xE0 && s[0] <= 0xEF)
		len = 3, c = s[0] & 0x0F;
	else if (s[0] >= 0xF0 && s[0] <= 0xF4)
		len = 4, c = s[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3F);
	}
	if ((len == 3 && (c < 0x800 || (c >= 0xD800 && c <= 0xDFFF))) ||
	    (len == 4 && (c < 0x10000 || c > 0x10FFFF)))
		return 0;
	return len;
}

/* The first node whose text is not UTF-8 (YAML holds nothing else). */
static const struct yote_node *
bad_utf8(const struct yote_node *n)
{
	const struct yote_node *bad;
	const unsigned char *t;
	size_t i, k, len;

	if (n == NULL)
		return NULL;
	for (k = 0; k < 2; k++) {
		t = (const unsigned char *)(k ? n->tag : n->text);
		if (t == NULL)
			continue;
		len = k ? strlen(n->tag) : n->len;
		for (i = 0; i < len; i += utf8_char(t + i, len - i))
			if (utf8_char(t + i, len - i) == 0)
				return n;
	}
	for (i = 0; i < n->n; i++)
		if ((bad = bad_utf8(n->kids[i])) != NULL)
			return bad;
	return NULL;
}

int
yote_reader_next(struct yote_reader *rd, struct yote_record **out,
    struct yote_error *err)
{
	const struct yote_node *moves, *bad;
	int rc;

	rd->plies = 0;
	if (rd->arc != NULL)
		rc = yote_arc_next(rd->arc, rd->flags, out, &rd->plies, err);
	else
		rc = rd->lines != NULL ? yote_lines_next(rd->lines, out, err) :
		    yaml_next(rd, out, err);
	/* libyaml checks YAML input; the other formats are checked here */
	if (rc == 1 && (rd->arc != NULL || rd->lines != NULL) &&
	    (bad = bad_utf8((*out)->root)) != NULL) {
		yote_error_set(err, YOTE_EVALUE, "a value that is not UTF-8 "
		    "text: a record holds UTF-8 only");
		if (err != NULL) {
			err->diag = YOTE_D_YAML;
			err->game = (*out)->game;
			err->line = bad->line;
			err->col = bad->col;
		}
		yote_record_free(*out);
		*out = NULL;
		return YOTE_EVALUE;
	}
	if (rd->arc != NULL)
		return rc;
	if (rc == 1 && (moves = yote_node_get((*out)->root, "moves")) !=
	    NULL && moves->type == YOTE_NODE_SEQ)
		rd->plies = (unsigned long)moves->n;
	return rc;
}

long
yote_reader_skip(struct yote_reader *rd, unsigned long n,
    struct yote_error *err)
{
	struct yote_record *rec;
	unsigned long start = rd->games;
	int rc;

	if (rd->arc != NULL)
		return yote_arc_skip(rd->arc, rd->flags, n, err);
	while (rd->games - start < n) {
		if ((rc = rd->lines != NULL ? yote_lines_next(rd->lines, &rec,
		    err) : yaml_next(rd, &rec, err)) == 0)
			break;
		if (rc == 1)
			yote_record_free(rec);
		else if (rc != YOTE_EVALUE)
			return rc;
	}
	return (long)(rd->games - start);
}

/* ------------------------------------------------------------ writing */

struct yote_writer {
	yaml_emitter_t em;
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

	*out = NULL;
	if ((w = calloc(1, sizeof(*w))) == NULL)
		return YOTE_ENOMEM;
	if (!yaml_emitter_initialize(&w->em)) {
		free(w);
		return YOTE_ENOMEM;
	}
	yaml_emitter_set_output_file(&w->em, fp);
	yaml_emitter_set_unicode(&w->em, 1);
	yaml_emitter_set_width(&w->em, 78);
	emit(w, &ev, yaml_stream_start_event_initialize(&ev,
	    YAML_UTF8_ENCODING));
	*out = w;
	return 0;
}

static int
emit_node(struct yote_writer *w, const struct yote_node *n)
{
	yaml_event_t ev;
	size_t i;
	int implicit = n->tag == NULL;

	switch (n->type) {
	case YOTE_NODE_SCALAR:
		return emit(w, &ev, yaml_scalar_event_initialize(&ev, NULL,
		    (yaml_char_t *)n->tag, (yaml_char_t *)n->text,
		    (int)n->len, implicit, implicit,
		    (yaml_scalar_style_t)n->style));
	case YOTE_NODE_SEQ:
		emit(w, &ev, yaml_sequence_start_event_initialize(&ev, NULL,
		    (yaml_char_t *)n->tag, implicit,
		    (yaml_sequence_style_t)n->style));
		for (i = 0; i < n->n; i++)
			emit_node(w, n->kids[i]);
		return emit(w, &ev, yaml_sequence_end_event_initialize(&ev));
	default:
		emit(w, &ev, yaml_mapping_start_event_initialize(&ev, NULL,
		    (yaml_char_t *)n->tag, implicit,
		    (yaml_mapping_style_t)n->style));
		for (i = 0; i < n->n; i++)
			emit_node(w, n->kids[i]);
		return emit(w, &ev, yaml_mapping_end_event_initialize(&ev));
	}
}

int
yote_writer_put(struct yote_writer *w, const struct yote_record *rec)
{
	yaml_event_t ev;
	struct yote_node empty = { 0 };

	emit(w, &ev, yaml_document_start_event_initialize(&ev, NULL, NULL,
	    NULL, 0));
	if (rec->root != NULL)
		emit_node(w, rec->root);
	else {
		empty.type = YOTE_NODE_SCALAR;
		empty.text = (char *)"";
		emit_node(w, &empty);
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
	if (!w->failed && !yaml_emitter_flush(&w->em))
		w->failed = 1;
	failed = w->failed;
	yaml_emitter_delete(&w->em);
	free(w);
	return failed ? YOTE_EIO : 0;
}
