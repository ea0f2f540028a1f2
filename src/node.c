/*
 * node.c - record nodes: a YAML value as a tree that keeps every key in
 * order, with each scalar's tag and quoting style, so that reading then
 * writing a record loses nothing.  Every reader builds these and every
 * writer walks them; nothing here knows a format.
 */
#include <stdlib.h>
#include <string.h>

#include "yote_int.h"

struct yote_node *
yote_node_new(enum yote_node_type type)
{
	struct yote_node *n = calloc(1, sizeof(*n));

	if (n != NULL)
		n->type = type;
	return n;
}

/* A scalar and its text in one allocation: records are mostly scalars. */
struct yote_node *
yote_scalar_new(const char *text, size_t len)
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
	return yote_scalar_new(text, strlen(text));
}

struct yote_node *
yote_node_seq(void)
{
	return yote_node_new(YOTE_NODE_SEQ);
}

struct yote_node *
yote_node_map(void)
{
	return yote_node_new(YOTE_NODE_MAP);
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

	if (kid == NULL)
		return YOTE_ENOMEM;
	if (seq == NULL || seq->type == YOTE_NODE_SCALAR) {
		yote_node_free(kid);
		return YOTE_EVALUE;
	}
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
		c = yote_scalar_new(n->text, n->len);
	else
		c = yote_node_new(n->type);
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
	long i;

	/* A NULL value is most often a failed yote_node_scalar() passed on. */
	if (value == NULL)
		return YOTE_ENOMEM;
	if (map == NULL || map->type != YOTE_NODE_MAP || key == NULL) {
		yote_node_free(value);
		return YOTE_EVALUE;
	}
	if ((i = map_find(map, key)) >= 0) {
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
	free(rec->played);
	free(rec);
}

const struct yote_node *
yote_item_move(const struct yote_node *item)
{
	if (item == NULL)
		return NULL;
	if (item->type == YOTE_NODE_MAP)
		item = yote_node_get(item, "move");
	return item != NULL && item->type == YOTE_NODE_SCALAR ? item : NULL;
}

/* ------------------------------------------------------------ limits */

const char *
yote_limit_grow(const struct yote_node *parent, unsigned long nodes)
{
	if (nodes >= YOTE_MAX_NODES)
		return "a game with more than 1048576 values (the limit)";
	if (parent == NULL)
		return NULL;
	if (parent->type == YOTE_NODE_MAP && parent->n >= 2 * YOTE_MAX_KEYS)
		return "a mapping with more than 4096 keys (the limit)";
	if (parent->type == YOTE_NODE_SEQ && parent->n >= YOTE_MAX_PLIES)
		return "a list with more than 131072 items (the limit)";
	return NULL;
}

const char *
yote_limit_scalar(size_t len)
{
	return len > YOTE_MAX_SCALAR ? "a value longer than 1 MiB (the limit)" :
	    NULL;
}

const char *
yote_limit_depth(int depth)
{
	return depth > YOTE_MAX_DEPTH ? "nesting deeper than 64 levels (the "
	    "limit)" : NULL;
}

/* The first node of n's tree over a limit, or NULL with *why; depth
 * counts the collections down to n, n included if it is one. */
static const struct yote_node *
over_limit(const struct yote_node *n, int depth, unsigned long *nodes,
    const char **why)
{
	const struct yote_node *bad;
	size_t i;

	if (n == NULL)
		return NULL;
	if ((n->type != YOTE_NODE_SCALAR &&
	    (*why = yote_limit_depth(depth)) != NULL) ||
	    (*why = yote_limit_grow(NULL, (*nodes)++)) != NULL ||
	    (n->type == YOTE_NODE_SCALAR &&
	    (*why = yote_limit_scalar(n->len)) != NULL))
		return n;
	if (n->type == YOTE_NODE_MAP && n->n > 2 * YOTE_MAX_KEYS) {
		*why = "a mapping with more than 4096 keys (the limit)";
		return n->kids[2 * YOTE_MAX_KEYS];
	}
	if (n->type == YOTE_NODE_SEQ && n->n > YOTE_MAX_PLIES) {
		*why = "a list with more than 131072 items (the limit)";
		return n->kids[YOTE_MAX_PLIES];
	}
	for (i = 0; i < n->n; i++)
		if ((bad = over_limit(n->kids[i], depth + 1, nodes, why)) !=
		    NULL)
			return bad;
	return NULL;
}

int
yote_record_check_limits(const struct yote_record *rec,
    struct yote_error *err)
{
	const struct yote_node *bad;
	const char *why = NULL;
	unsigned long nodes = 0;

	if ((bad = over_limit(rec->root, 1, &nodes, &why)) == NULL)
		return 0;
	yote_error_set(err, YOTE_ELIMIT, "%s", why);
	if (err != NULL) {
		err->diag = YOTE_D_LIMIT;
		err->game = rec->game;
		err->line = bad->line;
		err->col = bad->col;
	}
	return YOTE_ELIMIT;
}
