/*
 * rebase.c - a record's ruleset file named again for a record written
 * elsewhere.  A relative path in rules: is read from the folder of the
 * record's own file (formats/record.md), so a record copied to another
 * folder as it was would name another file, or none.
 */
/* realpath */
#define _XOPEN_SOURCE 700

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "yote_int.h"

/* dir of file (the working directory when it has none) joined to rest,
 * or NULL when out of memory. */
static char *
join(const char *file, const char *rest)
{
	const char *slash = NULL;
	size_t dirlen = 0;
	char *p;

	if (file != NULL && strcmp(file, "<stdin>") != 0)
		slash = strrchr(file, '/');
	if (slash != NULL)
		dirlen = (size_t)(slash - file) + 1;
	if ((p = malloc(dirlen + strlen(rest) + 1)) == NULL)
		return NULL;
	memcpy(p, file, dirlen);
	strcpy(p + dirlen, rest);
	return p;
}

/* The path from the folder dir to the file to, both from the root with
 * no '.', '..' or symbolic links (realpath); NULL when out of memory. */
static char *
relative(const char *dir, const char *to)
{
	size_t i = 0, k = 0, ups = 0, j;
	char *p;

	while (dir[i] != '\0' && dir[i] == to[i])
		if (dir[i++] == '/')
			k = i;
	if (dir[i] == '\0' && to[i] == '/')
		k = i + 1;      /* to is under dir */
	else
		for (j = k; dir[j] != '\0'; j++)
			if (dir[j] != '/' && (j == k || dir[j - 1] == '/'))
				ups++;
	if ((p = malloc(3 * ups + strlen(to + k) + 1)) == NULL)
		return NULL;
	for (j = 0; j < ups; j++)
		memcpy(p + 3 * j, "../", 3);
	strcpy(p + 3 * ups, to + k);
	return p;
}

/* The last answer: for the rules: text `text` of a record read from a
 * file in folder `dir` (to and embed are a writer's, the same each
 * time), the text written (NULL: as it was), the ruleset loaded, the
 * code returned. */
struct yote_rebase {
	char *dir, *text, *out;
	struct yote_rules *rules;
	int rc;
};

void
yote_rebase_free(struct yote_rebase *c)
{
	if (c == NULL)
		return;
	free(c->dir);
	free(c->text);
	free(c->out);
	free(c->rules);
	free(c);
}

/* The folder part of file, "" for none. */
static size_t
dir_len(const char *file)
{
	const char *slash = file != NULL && strcmp(file, "<stdin>") != 0 ?
	    strrchr(file, '/') : NULL;

	return slash != NULL ? (size_t)(slash - file) + 1 : 0;
}

/* rec as the cached answer c says, when c holds the answer for it: 1
 * (done, *rc set), else 0. */
static int
from_cache(const struct yote_rebase *c, struct yote_record *rec,
    struct yote_node *n, const char *from, int *rc)
{
	size_t d = dir_len(from);

	if (c == NULL || strlen(c->dir) != d || strncmp(c->dir, from, d) != 0 ||
	    strcmp(c->text, n->text) != 0)
		return 0;
	*rc = c->rc;
	if (c->rules != NULL && rec->embedded == NULL) {
		if ((rec->embedded = malloc(sizeof(*rec->embedded))) == NULL) {
			*rc = YOTE_ENOMEM;
			return 1;
		}
		memcpy(rec->embedded, c->rules, sizeof(*c->rules));
		rec->embedded->refs = 0;        /* the record's alone */
	}
	if (c->out != NULL && yote_node_set_text(n, c->out, strlen(c->out)) !=
	    0)
		*rc = YOTE_ENOMEM;
	return 1;
}

/* Keep the answer rc for the text `text` read from `from` in *cache:
 * what n says now, rec's ruleset; a failure to keep it costs only
 * speed. */
static void
to_cache(struct yote_rebase **cache, const char *from, const char *text,
    const struct yote_node *n, const struct yote_record *rec, int rc)
{
	struct yote_rebase *c;
	size_t d = dir_len(from);

	if (cache == NULL || rc == YOTE_ENOMEM)
		return;
	yote_rebase_free(*cache);
	*cache = NULL;
	if ((c = calloc(1, sizeof(*c))) == NULL ||
	    (c->dir = malloc(d + 1)) == NULL ||
	    (c->text = strdup(text)) == NULL ||
	    (strcmp(n->text, text) != 0 && (c->out = strdup(n->text)) ==
	    NULL) || (rec->embedded != NULL && (c->rules =
	    malloc(sizeof(*c->rules))) == NULL)) {
		yote_rebase_free(c);
		return;
	}
	memcpy(c->dir, from, d);
	c->dir[d] = '\0';
	if (c->rules != NULL) {
		memcpy(c->rules, rec->embedded, sizeof(*c->rules));
		c->rules->refs = 0;
	}
	c->rc = rc;
	*cache = c;
}

static int rebase_one(struct yote_record *, struct yote_node *,
    const char *, const char *, int);

int
yote_record_rebase_rules(struct yote_record *rec, const char *from,
    const char *to, int embed, struct yote_rebase **cache)
{
	struct yote_node *n;
	char *text;
	int rc, had = rec->embedded != NULL;

	if (rec->root == NULL || (n = yote_node_get(rec->root, "rules")) ==
	    NULL || n->type != YOTE_NODE_SCALAR || strlen(n->text) != n->len ||
	    !yote_rules_spec_is_file(n->text))
		return 0;
	/* a record that brought its own ruleset keeps it: the cache's is
	 * only for those that had none */
	if (!had && cache != NULL && from_cache(*cache, rec, n, from, &rc))
		return rc;
	if ((text = strdup(n->text)) == NULL)
		return YOTE_ENOMEM;
	rc = rebase_one(rec, n, from, to, embed);
	if (!had)
		to_cache(cache, from, text, n, rec, rc);
	free(text);
	return rc;
}

static int
rebase_one(struct yote_record *rec, struct yote_node *n, const char *from,
    const char *to, int embed)
{
	char *read, *real = NULL, *dir = NULL, *outdir = NULL, *rel = NULL;
	int rc = 0;

	if ((read = n->text[0] == '/' ? strdup(n->text) : join(from,
	    n->text)) == NULL)
		return YOTE_ENOMEM;
	if ((real = realpath(read, NULL)) == NULL) {
		free(read);
		return 1;
	}
	free(read);
	/* the record is checked where it is written from (an archive's
	 * writer): no longer from the file, which it names from elsewhere */
	if (embed && rec->embedded == NULL && yote_rules_load_file(real,
	    &rec->embedded, NULL) != 0) {
		rec->embedded = NULL;
		free(real);
		return 1;
	}
	if (n->text[0] == '/')
		goto out;       /* from the root: the same file everywhere */
	if (to != NULL) {
		if ((dir = join(to, ".")) == NULL ||
		    (outdir = realpath(dir, NULL)) == NULL) {
			/* no folder to start from: from the root */
		} else if ((rel = relative(outdir, real)) == NULL) {
			rc = YOTE_ENOMEM;
			goto out;
		}
	}
	if (strcmp(rel != NULL ? rel : real, n->text) != 0 &&
	    yote_node_set_text(n, rel != NULL ? rel : real, strlen(rel !=
	    NULL ? rel : real)) != 0)
		rc = YOTE_ENOMEM;
out:
	free(real);
	free(dir);
	free(outdir);
	free(rel);
	return rc;
}
