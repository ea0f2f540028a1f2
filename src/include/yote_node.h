/*
 * yote_node.h - record nodes: a YAML value as a tree (node.c), the part of
 * the public API that every reader builds and every writer walks.
 * Included by yote.h (kept apart so that yote.h stays a readable size);
 * include yote.h, not this file.
 */
/* yote.h first, which includes this file in its place: included on its
 * own, this file then finds what it uses declared */
#include "yote.h"

#ifndef YOTE_NODE_H
#define YOTE_NODE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif
/*
 * A YAML value as read from a record, kept whole so that rewriting a
 * record loses nothing: scalars keep their text, tag and quoting style,
 * mappings their key order.  A mapping's kids alternate key, value.
 */
enum yote_node_type { YOTE_NODE_SCALAR, YOTE_NODE_SEQ, YOTE_NODE_MAP };

/*
 * Styles (struct yote_node.style), with libyaml's values, so that a record
 * read and written again keeps its quoting and layout.  A scalar's style is
 * one of ANY (the writer chooses), PLAIN, SINGLE ('quoted'), DOUBLE
 * ("quoted"), LITERAL (|) or FOLDED (>); a sequence's or mapping's is ANY,
 * BLOCK (one entry a line) or FLOW ([a, b] and {k: v}).
 */
#define YOTE_STYLE_ANY 0
#define YOTE_STYLE_PLAIN 1
#define YOTE_STYLE_SINGLE 2
#define YOTE_STYLE_DOUBLE 3
#define YOTE_STYLE_LITERAL 4
#define YOTE_STYLE_FOLDED 5
#define YOTE_STYLE_BLOCK 1
#define YOTE_STYLE_FLOW 2

struct yote_node {
	enum yote_node_type type;
	unsigned char mem;      /* private (node.c): the parts an arena holds */
	char *text;             /* scalar text (NUL-terminated), else NULL */
	size_t len;             /* scalar length (the text may hold NULs) */
	char *tag;              /* explicit tag, or NULL */
	int style;              /* YOTE_STYLE_*: scalar or collection style */
	size_t n;               /* kids: items, or 2 x pairs for a mapping */
	size_t cap;             /* allocated kids */
	struct yote_node **kids;
	unsigned long line, col;        /* 1-based start in the input; 0 if made */
};

/*
 * Ownership.  A node, its text, its tag and the array of its kids are
 * each either the heap's or an arena's (below).  yote_node_free frees a
 * node's heap parts and its kids, and leaves what an arena holds to the
 * arena, so a tree may mix both: push heap nodes into a tree read from a
 * stream, remove or replace its nodes, as with any tree.  What an arena
 * holds lives until the arena is freed; the arena of a record read from a
 * stream is the record's, freed by yote_record_free: a node kept beyond
 * its record must be a copy (yote_node_copy makes heap nodes).  Set a
 * tag (a heap string, freed with the node) only on a node without one.
 */

/* New nodes; NULL when out of memory.  Free with yote_node_free. */
struct yote_node *yote_node_scalar(const char *text);
struct yote_node *yote_node_seq(void);
struct yote_node *yote_node_map(void);

/*
 * Replace a scalar's text with a copy of len bytes of text (zeros when
 * text is NULL, for the caller to fill in); 0, YOTE_EVALUE (n NULL) or
 * YOTE_ENOMEM.  Never
 * free or assign n->text directly: a new scalar keeps it in its own
 * allocation.
 */
int yote_node_set_text(struct yote_node *n, const char *text, size_t len);

/* Free a node and everything under it; NULL is ignored. */
void yote_node_free(struct yote_node *n);

/* A deep copy, or NULL when out of memory. */
struct yote_node *yote_node_copy(const struct yote_node *n);

/*
 * Append kid to a sequence (or, key then value, to a mapping); takes
 * ownership of kid (freed on failure).  0; YOTE_ENOMEM when out of memory
 * or kid is NULL (a failed yote_node_* allocation passed straight on);
 * YOTE_EVALUE when seq is NULL or a scalar.
 */
int yote_node_push(struct yote_node *seq, struct yote_node *kid);

/*
 * Set key in a mapping: replaces the value in place when the key exists
 * (keeping the order), else appends.  Takes ownership of value (freed on
 * failure).  0; YOTE_ENOMEM when out of memory or value is NULL (so that
 * yote_node_set(m, k, yote_node_scalar(s)) reports a failed allocation);
 * YOTE_EVALUE when map is NULL or not a mapping, or key is NULL.
 */
int yote_node_set(struct yote_node *map, const char *key,
    struct yote_node *value);

/* The value of key in a mapping, or NULL (also when map is not one). */
struct yote_node *yote_node_get(const struct yote_node *map, const char *key);

/* The text of key's value in a mapping when that value is a scalar (a
 * record's header, as written), else NULL. */
const char *yote_node_text(const struct yote_node *map, const char *key);

/* Remove key from a mapping; 1 if it was there. */
int yote_node_remove(struct yote_node *map, const char *key);

/* 1 if the node is a scalar equal to text. */
int yote_node_is(const struct yote_node *n, const char *text);

/*
 * Arenas: the nodes of one tree made from a few large blocks and freed
 * all at once, for a reader that builds a tree per game (a malloc and a
 * free per value would cost it more than the parsing).  size_hint: the
 * bytes the tree will likely need (the last tree's yote_arena_used), 0
 * if unknown.  NULL when out of memory.
 */
struct yote_arena;
struct yote_arena *yote_arena_new(size_t size_hint);

/* Free an arena and every node made in it; NULL is ignored.  A node that
 * is not the arena's in a tree of its nodes is not freed with it: free
 * the tree first (yote_node_free), then the arena, as yote_record_free
 * does. */
void yote_arena_free(struct yote_arena *a);

/* Bytes of the arena in use. */
size_t yote_arena_used(const struct yote_arena *a);

/* A scalar of len bytes (a NUL added), a sequence, a mapping, in the
 * arena; NULL when out of memory. */
struct yote_node *yote_arena_scalar(struct yote_arena *a, const char *text,
    size_t len);
struct yote_node *yote_arena_collection(struct yote_arena *a,
    enum yote_node_type type);

/* Give n (a collection without kids) the nkids kids of kids, the array
 * in the arena (the kids themselves are not copied): 0, YOTE_EVALUE (a
 * or n NULL, or kids NULL with nkids > 0) or YOTE_ENOMEM. */
int yote_arena_set_kids(struct yote_arena *a, struct yote_node *n,
    struct yote_node *const *kids, size_t nkids);

/* Give the scalar n a copy of text (len bytes, a NUL added) in the
 * arena, in place of its text: 0, YOTE_EVALUE (a or n NULL) or
 * YOTE_ENOMEM. */
int yote_arena_set_text(struct yote_arena *a, struct yote_node *n,
    const char *text, size_t len);

/* Give n (without a tag) a copy of tag in the arena: 0, YOTE_EVALUE (a, n
 * or tag NULL) or YOTE_ENOMEM. */
int yote_arena_set_tag(struct yote_arena *a, struct yote_node *n,
    const char *tag);

#ifdef __cplusplus
}
#endif
#endif
