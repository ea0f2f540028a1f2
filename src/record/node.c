/*
 * node.c - record nodes: a YAML value as a tree that keeps every key in
 * order, with each scalar's tag and quoting style, so that reading then
 * writing a record loses nothing.  Every reader builds these and every
 * writer walks them; nothing here knows a format.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "yote_int.h"
#include "yote_fmt.h"

struct yote_node *
yote_node_new(enum yote_node_type type)
{
	struct yote_node *n = calloc(1, sizeof(*n));

	if (n != NULL)
		n->type = type;
	return n;
}

/* A scalar in n, its text right after it (room for len + 1 bytes). */
static inline struct yote_node *
scalar_init(struct yote_node *n, const char *text, size_t len, int mem)
{
	memset(n, 0, sizeof(*n));
	n->type = YOTE_NODE_SCALAR;
	n->mem = (unsigned char)mem;
	n->text = (char *)(n + 1);
	yote_copy_text(n->text, text, len);
	n->text[len] = '\0';
	n->len = len;
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
	return scalar_init(n, text, len, 0);
}

int
yote_node_set_text(struct yote_node *n, const char *text, size_t len)
{
	char *t;

	if (n == NULL)
		return YOTE_EVALUE;
	if ((t = malloc(len + 1)) == NULL)
		return YOTE_ENOMEM;
	if (text != NULL)
		memcpy(t, text, len);
	else
		memset(t, 0, len);
	t[len] = '\0';
	if (n->text != (char *)(n + 1) && !(n->mem & MEM_TEXT))
		free(n->text);
	n->text = t;
	n->len = len;
	n->mem &= (unsigned char)~MEM_TEXT;
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
	struct yote_node *k;
	size_t i;

	if (n == NULL)
		return;
	for (i = 0; i < n->n; i++) {
		k = n->kids[i];
		/* an arena's scalar as it was read has nothing to free */
		if (k != NULL && (k->mem & ~MEM_TEXT) == MEM_NODE &&
		    k->type == YOTE_NODE_SCALAR && k->tag == NULL &&
		    (k->text == (char *)(k + 1) || (k->mem & MEM_TEXT)))
			continue;
		yote_node_free(k);
	}
	if (!(n->mem & MEM_KIDS))
		free(n->kids);
	if (n->text != (char *)(n + 1) && !(n->mem & MEM_TEXT))
		free(n->text);
	if (!(n->mem & MEM_TAG))
		free(n->tag);
	if (!(n->mem & MEM_NODE))
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

		/* an arena's array cannot grow: the heap's from here on */
		if ((nk = realloc(seq->mem & MEM_KIDS ? NULL : seq->kids,
		    cap * sizeof(*nk))) == NULL) {
			yote_node_free(kid);
			return YOTE_ENOMEM;
		}
		if (seq->mem & MEM_KIDS)
			memcpy(nk, seq->kids, seq->n * sizeof(*nk));
		seq->mem &= (unsigned char)~MEM_KIDS;
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
	const struct yote_node *k;
	size_t i, len;

	if (map == NULL || map->type != YOTE_NODE_MAP)
		return -1;
	/* yote_node_is, the key's length taken once */
	len = strlen(key);
	for (i = 0; i + 1 < map->n; i += 2) {
		k = map->kids[i];
		/* the first bytes told apart before a call */
		if (k != NULL && k->type == YOTE_NODE_SCALAR && k->len == len &&
		    (len == 0 || (k->text[0] == key[0] &&
		    memcmp(k->text, key, len) == 0)))
			return (long)i;
	}
	return -1;
}

struct yote_node *
yote_node_get(const struct yote_node *map, const char *key)
{
	long i = map_find(map, key);

	return i < 0 ? NULL : map->kids[i + 1];
}

const char *
yote_node_text(const struct yote_node *map, const char *key)
{
	const struct yote_node *n = yote_node_get(map, key);

	return n != NULL && n->type == YOTE_NODE_SCALAR ? n->text : NULL;
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

/* ------------------------------------------------------------ arenas */

/*
 * Blocks, the first holding the arena itself.  While a tree is small its
 * blocks are small too: a request below 1 KiB is one that glibc serves
 * from its per-thread cache, where a larger one first merges every small
 * chunk freed lately (libyaml frees one or more per event), which costs
 * more than the block and slows libyaml's next requests.  Past
 * ARENA_SMALL_BLOCKS, or after a hint of a large tree, each block is
 * twice the last, so that a tree of any size takes few.  A block is used
 * from its start, the rest of the last one left when a request does not
 * fit.  Every piece is aligned for a node.
 */
struct arena_block {
	struct arena_block *next;
	size_t size;            /* bytes after the header */
};

#define ARENA_ALIGN YOTE_ARENA_ALIGN
#define ARENA_HINT_MAX (1UL << 20)      /* a first block at most: a huge
					   game does not make the next
					   small one take as much */
#define ARENA_HEAD ((sizeof(struct arena_block) + ARENA_ALIGN - 1) / \
	ARENA_ALIGN * ARENA_ALIGN)
#define ARENA_SELF ((sizeof(struct yote_arena) + ARENA_ALIGN - 1) / \
	ARENA_ALIGN * ARENA_ALIGN)
#define ARENA_SMALL (1000 - ARENA_HEAD) /* a small block's bytes: the
					   request stays under 1 KiB */
#define ARENA_SMALL_BLOCKS 24           /* small blocks before doubling */
#define ARENA_KEEP (64 * 1024)          /* the most bytes of blocks kept */

/*
 * The blocks of the last arena freed, when they were few (ARENA_KEEP),
 * for the next one: a reader makes an arena a game and its record frees
 * it, and each block costs a malloc and a free otherwise (seven a game of
 * usual size).  One chain for the process, taken and given back whole,
 * atomically, since records are made and freed in several threads.
 */
static _Atomic(struct arena_block *) kept_blocks;

static int
arena_block(struct yote_arena *a, size_t need)
{
	struct arena_block *b;
	/* small blocks of two sizes in turn: glibc caches seven chunks of
	 * a size, and a game takes about that many blocks */
	size_t size = a->nblocks < ARENA_SMALL_BLOCKS || a->blocks == NULL ?
	    ARENA_SMALL - (a->nblocks & 1) * 64 : 2 * a->blocks->size;

	if (size < need)
		size = need;
	if ((b = a->spare) != NULL && b->size >= need) {
		a->spare = b->next;
		size = b->size;
	} else if (size > SIZE_MAX - ARENA_HEAD ||
	    (b = malloc(ARENA_HEAD + size)) == NULL)
		return -1;
	b->next = a->blocks;
	b->size = size;
	a->blocks = b;
	a->nblocks++;
	a->p = (char *)b + ARENA_HEAD;
	a->end = a->p + size;
	return 0;
}

static inline void *
arena_alloc(struct yote_arena *a, size_t size)
{
	void *p;

	if (size > SIZE_MAX - ARENA_ALIGN)
		return NULL;
	size = (size + ARENA_ALIGN - 1) & ~(ARENA_ALIGN - 1);
	if ((size_t)(a->end - a->p) < size && arena_block(a, size) != 0)
		return NULL;
	p = a->p;
	a->p += size;
	a->used += size;
	return p;
}

struct yote_arena *
yote_arena_new(size_t size_hint)
{
	struct yote_arena arena = { NULL, NULL, NULL, 0, 0, NULL }, *a;

	/* the arena in its first block, made the size of the last tree
	 * when that was large */
	if (size_hint > ARENA_HINT_MAX)
		size_hint = ARENA_HINT_MAX;
	if (size_hint > ARENA_SMALL * ARENA_SMALL_BLOCKS)
		arena.nblocks = ARENA_SMALL_BLOCKS;
	else
		size_hint = 0;
	arena.spare = atomic_exchange(&kept_blocks, NULL);
	if (arena_block(&arena, ARENA_SELF + size_hint + size_hint / 8) != 0) {
		arena.blocks = arena.spare;
		arena.spare = NULL;
		yote_arena_free(&arena);
		return NULL;
	}
	a = (struct yote_arena *)arena.p;
	*a = arena;
	a->p += ARENA_SELF;
	return a;
}

void
yote_arena_free(struct yote_arena *a)
{
	struct arena_block *b, *next, *blocks, *none = NULL;
	size_t bytes = 0;

	if (a == NULL)
		return;
	/* its blocks and its spares in one chain (a is in one of them),
	 * kept for the next arena when they are few and none are kept */
	blocks = a->blocks;
	for (b = blocks; b != NULL; b = b->next) {
		bytes += b->size;
		if (b->next == NULL) {
			b->next = a->spare;
			break;
		}
	}
	for (b = blocks != NULL ? b->next : NULL; b != NULL; b = b->next)
		bytes += b->size;
	if (blocks == NULL)
		blocks = a->spare;
	if (bytes <= ARENA_KEEP && blocks != NULL &&
	    atomic_compare_exchange_strong(&kept_blocks, &none, blocks))
		return;
	for (b = blocks; b != NULL; b = next) {
		next = b->next;
		free(b);
	}
}

size_t
yote_arena_used(const struct yote_arena *a)
{
	return a->used;
}

struct yote_node *
yote_arena_scalar(struct yote_arena *a, const char *text, size_t len)
{
	struct yote_node *n;

	if (len > SIZE_MAX - sizeof(*n) - ARENA_ALIGN - 1 ||
	    (n = arena_alloc(a, sizeof(*n) + len + 1)) == NULL)
		return NULL;
	return scalar_init(n, text, len, MEM_NODE);
}

struct yote_node *
yote_arena_scalar_at(struct yote_arena *a, const char *text, size_t len,
    int style, unsigned long line, unsigned long col)
{
	struct yote_node *n = yote_arena_scalar(a, text, len);

	if (n != NULL) {
		n->style = style;
		n->line = line;
		n->col = col;
	}
	return n;
}

struct yote_node *
yote_arena_collection(struct yote_arena *a, enum yote_node_type type)
{
	struct yote_node *n = arena_alloc(a, sizeof(*n));

	if (n == NULL)
		return NULL;
	memset(n, 0, sizeof(*n));
	n->type = type;
	n->mem = MEM_NODE;
	return n;
}

int
yote_arena_set_kids(struct yote_arena *a, struct yote_node *n,
    struct yote_node *const *kids, size_t nkids)
{
	struct yote_node **k;

	if (a == NULL || n == NULL || (kids == NULL && nkids > 0))
		return YOTE_EVALUE;
	if (nkids == 0)
		return 0;
	if (nkids > SIZE_MAX / sizeof(*k) ||
	    (k = arena_alloc(a, nkids * sizeof(*k))) == NULL)
		return YOTE_ENOMEM;
	memcpy(k, kids, nkids * sizeof(*k));
	n->kids = k;
	n->n = n->cap = nkids;
	n->mem |= MEM_KIDS;
	return 0;
}

int
yote_arena_set_text(struct yote_arena *a, struct yote_node *n,
    const char *text, size_t len)
{
	char *t;

	if (a == NULL || n == NULL)
		return YOTE_EVALUE;
	if (len > SIZE_MAX - ARENA_ALIGN - 1 ||
	    (t = arena_alloc(a, len + 1)) == NULL)
		return YOTE_ENOMEM;
	/* an archive's move texts come this way, one a ply */
	yote_copy_text(t, text, len);
	t[len] = '\0';
	if (n->text != (char *)(n + 1) && !(n->mem & MEM_TEXT))
		free(n->text);
	n->text = t;
	n->len = len;
	n->mem |= MEM_TEXT;
	return 0;
}

int
yote_arena_set_tag(struct yote_arena *a, struct yote_node *n,
    const char *tag)
{
	size_t len;

	if (a == NULL || n == NULL || tag == NULL)
		return YOTE_EVALUE;
	len = strlen(tag);
	if ((n->tag = arena_alloc(a, len + 1)) == NULL)
		return YOTE_ENOMEM;
	memcpy(n->tag, tag, len + 1);
	n->mem |= MEM_TAG;
	return 0;
}

/* ------------------------------------------------------------ records */

void
yote_record_free(struct yote_record *rec)
{
	if (rec == NULL)
		return;
	/* the heap's parts of the tree first, then the arena under them */
	yote_node_free(rec->root);
	yote_arena_free(rec->arena);
	yote_rules_free(rec->embedded);
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
