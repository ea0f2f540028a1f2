/*
 * archive_keys.c - the key/value models of archives and their coding
 * (formats/archive.md): a game's head and its record tree go into the
 * tree stream (range coded) and the literal stream (the bytes of values
 * seen for the first time); the moves list's items go there only where
 * they say more than the move stream does.
 *
 * Record trees are coded node by node.  Each node belongs to a slot, named
 * by where it sits: the root is "", the value of root key K is "/K", the
 * keys of a mapping in slot S are S"{}", its values S"/"KEY, the items of
 * a list S"[]".  A slot has its own models, so "first" values are
 * predicted from earlier "first" values only:
 *  - the node's shape (type, style, tag or not): same as last time, or
 *    6 bits;
 *  - a scalar's text, first match of: the slot's last value; the value
 *    that followed the same context (the previous key, or the previous
 *    pair's value) last time; the last value with its numbers moved by
 *    small steps (2026-03-14 after 2026-03-13); a value seen before in
 *    this block (by index, 12 bits through adaptive bits); else literal
 *    bytes (length here, bytes in the literal stream).
 */
#include <stdlib.h>
#include <string.h>

#include "archive_int.h"

#define SLOT_NAME 64
#define DICT_BITS 12
#define DICT_MAX (1U << DICT_BITS)
#define DICT_HASH (2 * DICT_MAX)
#define DICT_STR 256            /* longer values never enter a dictionary */
#define DICT_BYTES (1UL << 20)  /* text one slot's dictionary may hold */
#define ASSOC 256
#define RUNS 8                  /* numbers in a value a delta may move */
#define RUN_DIGITS 18

struct slot {
	char name[SLOT_NAME];
	size_t namelen;
	unsigned shape;         /* shape of the last node */
	prob_t p_shape, shape_tree[64];
	unsigned char *prev;    /* the last value, or NULL */
	size_t prevlen;
	size_t prevcap;         /* room at prev */
	prob_t p_repeat, p_assoc, p_delta, p_dict, p_canon;
	unsigned char **dict;   /* values seen (NUL-terminated copies) */
	size_t *dictlen;
	uint32_t ndict;
	size_t dictbytes;
	int32_t *dicthash;      /* DICT_HASH: index into dict, or -1 */
	prob_t *dicttree;       /* DICT_MAX */
	uint32_t assoc_ctx[ASSOC];
	int32_t assoc_val[ASSOC];       /* dict index, or -1 */
	prob_t d_zero[RUNS], d_sign[RUNS];
	struct gamma d_mag[RUNS];
	struct gamma g_len, g_count;
};

/* Shapes: type in bits 0-1, style in 2-4, tag in 5. */
enum { SH_SCALAR, SH_SEQ, SH_MAP, SH_NULL };


static uint32_t
fnv(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint32_t h = 2166136261U;

	while (n-- > 0)
		h = (h ^ *s++) * 16777619U;
	return h;
}

static void
slot_free(struct slot *s)
{
	uint32_t i;

	if (s == NULL)
		return;
	for (i = 0; i < s->ndict; i++)
		free(s->dict[i]);
	free(s->dict);
	free(s->dictlen);
	free(s->dicthash);
	free(s->dicttree);
	free(s->prev);
	free(s);
}

void
yote_keys_init(struct tree_coder *h)
{
	memset(h, 0, sizeof(*h));
	h->budget = UINT64_MAX;
	h->p_raw = h->p_same_rules = h->p_simple = PROB_INIT;
	h->p_start[0] = h->p_start[1] = PROB_INIT;
	yote_probs_init(h->plies, 1024);
	yote_probs_init(h->item_style, 8);
	yote_gamma_init(&h->g_rules);
	yote_gamma_init(&h->g_plies);
}

void
yote_keys_free(struct tree_coder *h)
{
	int i;

	for (i = 0; i < h->nslot; i++)
		slot_free(h->slot[i]);
	h->nslot = 0;
	yote_buf_free(&h->text);
	yote_buf_free(&h->tag);
	free(h->stk);
	h->stk = NULL;
	h->nstk = h->capstk = 0;
}

static struct slot *
slot_new(const char *name, size_t n)
{
	struct slot *s = calloc(1, sizeof(*s));
	int i;

	if (s == NULL)
		return NULL;
	memcpy(s->name, name, n);
	s->namelen = n;
	s->shape = 64;          /* none yet */
	s->p_shape = s->p_repeat = s->p_assoc = s->p_delta = s->p_dict =
	    s->p_canon = PROB_INIT;
	yote_probs_init(s->shape_tree, 64);
	for (i = 0; i < ASSOC; i++)
		s->assoc_val[i] = -1;
	yote_probs_init(s->d_zero, RUNS);
	yote_probs_init(s->d_sign, RUNS);
	for (i = 0; i < RUNS; i++)
		yote_gamma_init(&s->d_mag[i]);
	yote_gamma_init(&s->g_len);
	yote_gamma_init(&s->g_count);
	return s;
}

/*
 * The slot named parent + sep + key (names are cut at SLOT_NAME - 1
 * bytes; past SLOT_MAX slots, all share the last one).  NULL when out of
 * memory.
 */
static struct slot *
slot_get(struct tree_coder *h, const struct slot *parent, const char *sep,
    const unsigned char *key, size_t keylen)
{
	char name[SLOT_NAME];
	size_t n = 0, k;
	uint32_t x;
	struct slot *s;

	if (parent != NULL) {
		memcpy(name, parent->name, parent->namelen);
		n = parent->namelen;
	}
	k = strlen(sep);
	if (k > SLOT_NAME - 1 - n)
		k = SLOT_NAME - 1 - n;
	memcpy(name + n, sep, k);
	n += k;
	k = keylen;
	if (k > SLOT_NAME - 1 - n)
		k = SLOT_NAME - 1 - n;
	if (k > 0)
		memcpy(name + n, key, k);
	n += k;
	x = fnv(name, n) % SLOT_HASH;
	while (h->hash[x] != 0) {
		s = h->slot[h->hash[x] - 1];
		if (s->namelen == n && memcmp(s->name, name, n) == 0)
			return s;
		x = (x + 1) % SLOT_HASH;
	}
	if (h->nslot == SLOT_MAX)
		return h->slot[SLOT_MAX - 1];
	if ((s = slot_new(name, n)) == NULL)
		return NULL;
	h->slot[h->nslot++] = s;
	h->hash[x] = (int16_t)h->nslot;
	return s;
}

/* The slot of the value under map key `key` in the map of slot s: keyed
 * by the key's text, one shared slot for keys that are not scalars. */
static struct slot *
slot_of_key(struct tree_coder *h, const struct slot *s,
    const struct yote_node *key)
{
	if (key != NULL && key->type == YOTE_NODE_SCALAR)
		return slot_get(h, s, "/", (const unsigned char *)key->text,
		    key->len);
	return slot_get(h, s, "/?", NULL, 0);
}

static long
dict_find(const struct slot *s, const unsigned char *t, size_t n)
{
	uint32_t x;
	int32_t i;

	if (s->ndict == 0 || n > DICT_STR)
		return -1;
	x = fnv(t, n) % DICT_HASH;
	while ((i = s->dicthash[x]) >= 0) {
		if (s->dictlen[i] == n && memcmp(s->dict[i], t, n) == 0)
			return i;
		x = (x + 1) % DICT_HASH;
	}
	return -1;
}

/* Remember a value just coded: last value, dictionary, context. */
static int
slot_update(struct slot *s, uint32_t actx, const unsigned char *t, size_t n)
{
	long i = dict_find(s, t, n);
	unsigned char *c;

	if (i < 0 && n <= DICT_STR && s->ndict < DICT_MAX &&
	    s->dictbytes + n <= DICT_BYTES) {
		uint32_t x;

		if (s->dict == NULL) {
			s->dict = malloc(DICT_MAX * sizeof(*s->dict));
			s->dictlen = malloc(DICT_MAX * sizeof(*s->dictlen));
			s->dicthash = malloc(DICT_HASH * sizeof(*s->dicthash));
			s->dicttree = malloc(DICT_MAX * sizeof(*s->dicttree));
			if (s->dict == NULL || s->dictlen == NULL ||
			    s->dicthash == NULL || s->dicttree == NULL)
				return YOTE_ENOMEM;
			memset(s->dicthash, 0xFF, DICT_HASH *
			    sizeof(*s->dicthash));
			yote_probs_init(s->dicttree, DICT_MAX);
		}
		if ((c = malloc(n + 1)) == NULL)
			return YOTE_ENOMEM;
		memcpy(c, t, n);
		c[n] = '\0';
		i = (long)s->ndict++;
		s->dict[i] = c;
		s->dictlen[i] = n;
		s->dictbytes += n;
		x = fnv(t, n) % DICT_HASH;
		while (s->dicthash[x] >= 0)
			x = (x + 1) % DICT_HASH;
		s->dicthash[x] = (int32_t)i;
	}
	s->assoc_ctx[actx % ASSOC] = actx;
	s->assoc_val[actx % ASSOC] = (int32_t)i;
	if (n + 1 > s->prevcap) {       /* values mostly keep their size */
		size_t cap = n + 1 < 32 ? 32 : 2 * (n + 1);

		if ((c = realloc(s->prev, cap)) == NULL)
			return YOTE_ENOMEM;
		s->prev = c;
		s->prevcap = cap;
	}
	memcpy(s->prev, t, n);
	s->prev[n] = '\0';
	s->prevlen = n;
	return 0;
}

/* The value predicted by context actx, or -1. */
static long
slot_assoc(const struct slot *s, uint32_t actx)
{
	long i;

	if (s->assoc_ctx[actx % ASSOC] != actx)
		return -1;
	i = s->assoc_val[actx % ASSOC];
	if (i < 0)
		return -1;
	if (s->prev != NULL && s->dictlen[i] == s->prevlen &&
	    memcmp(s->dict[i], s->prev, s->prevlen) == 0)
		return -1;      /* no news: the last value was tried */
	return i;
}

/* Runs of digits and of other bytes, for deltas. */
struct runs {
	int n;                  /* runs */
	int digits;             /* of which digit runs */
	size_t at[2 * RUNS + 1], len[2 * RUNS + 1];
	int isdig[2 * RUNS + 1];
};

static int
isdigit_byte(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/* Split t into runs; -1 when it has too many or too long ones. */
static int
runs_split(const unsigned char *t, size_t n, struct runs *r)
{
	size_t i = 0, j;

	r->n = r->digits = 0;
	while (i < n) {
		int d = isdigit_byte(t[i]);

		for (j = i; j < n && isdigit_byte(t[j]) == d; j++)
			;
		if (r->n == 2 * RUNS + 1 || (d && j - i > RUN_DIGITS))
			return -1;
		r->at[r->n] = i;
		r->len[r->n] = j - i;
		r->isdig[r->n] = d;
		r->n++;
		r->digits += d;
		i = j;
	}
	return r->digits > 0 && r->digits <= RUNS ? 0 : -1;
}

static uint64_t
run_value(const unsigned char *t, size_t n)
{
	uint64_t v = 0;

	while (n-- > 0)
		v = v * 10 + (uint64_t)(*t++ - '0');
	return v;
}

/* v in decimal, zero-padded to width; returns its length. */
static size_t
run_format(uint64_t v, size_t width, char *out)
{
	char tmp[24];
	size_t n = 0, k = 0;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	while (n + k < width)
		out[k++] = '0';
	while (n > 0)
		out[k++] = tmp[--n];
	return k;
}

/* Deltas that turn prev into t, run by run; 0 when they do. */
static int
delta_of(const unsigned char *prev, size_t pn, const struct runs *pr,
    const unsigned char *t, size_t n, int64_t *d)
{
	struct runs r;
	char f[32];
	int i, k = 0;

	if (runs_split(t, n, &r) != 0 || r.n != pr->n)
		return -1;
	for (i = 0; i < r.n; i++) {
		if (r.isdig[i] != pr->isdig[i])
			return -1;
		if (!r.isdig[i]) {
			if (r.len[i] != pr->len[i] || memcmp(t + r.at[i],
			    prev + pr->at[i], r.len[i]) != 0)
				return -1;
			continue;
		}
		uint64_t v = run_value(t + r.at[i], r.len[i]);
		uint64_t pv = run_value(prev + pr->at[i], pr->len[i]);

		if (run_format(v, pr->len[i], f) != r.len[i] ||
		    memcmp(f, t + r.at[i], r.len[i]) != 0)
			return -1;
		d[k++] = (int64_t)v - (int64_t)pv;
	}
	(void)pn;
	return 0;
}

/* ------------------------------------------------------------ tree coding */


static unsigned
node_shape(const struct yote_node *n)
{
	unsigned type;

	if (n == NULL)
		return SH_NULL;
	type = n->type == YOTE_NODE_SCALAR ? SH_SCALAR : n->type ==
	    YOTE_NODE_SEQ ? SH_SEQ : SH_MAP;
	return type | ((unsigned)n->style & 7) << 2 | (n->tag != NULL) << 5;
}

static unsigned
code_shape(struct tree_coder *h, struct slot *s, unsigned shape)
{
	if (s->shape < 64 &&
	    yote_rc_bit(&h->rc, &s->p_shape, shape == s->shape))
		return s->shape;
	shape = yote_rc_tree(&h->rc, s->shape_tree, 6, shape);
	s->shape = shape;
	return shape;
}

static void
code_plies(struct tree_coder *h, struct game_ctx *g, unsigned long n)
{
	unsigned v = yote_rc_tree(&h->rc, h->plies, 10, n < 1023 ? (unsigned)n :
	    1023);

	if (v == 1023)
		n = 1023 + (unsigned long)yote_rc_gamma(&h->rc, &h->g_plies,
		    n - 1023);
	else
		n = v;
	g->plies = n;
}

static int
enc_text(struct tree_coder *h, struct slot *s, uint32_t actx,
    const unsigned char *t, size_t n)
{
	struct rc *rc = &h->rc;
	struct runs pr;
	int64_t d[RUNS];
	long i;
	int k;

	if (s->prev != NULL && yote_rc_bit(rc, &s->p_repeat, s->prevlen == n &&
	    memcmp(s->prev, t, n) == 0))
		return slot_update(s, actx, t, n);
	if ((i = slot_assoc(s, actx)) >= 0 && yote_rc_bit(rc, &s->p_assoc,
	    s->dictlen[i] == n && memcmp(s->dict[i], t, n) == 0))
		return slot_update(s, actx, t, n);
	if (s->prev != NULL && runs_split(s->prev, s->prevlen, &pr) == 0 &&
	    yote_rc_bit(rc, &s->p_delta, delta_of(s->prev, s->prevlen, &pr, t, n,
	    d) == 0)) {
		for (k = 0; k < pr.digits; k++)
			if (yote_rc_bit(rc, &s->d_zero[k], d[k] != 0)) {
				yote_rc_bit(rc, &s->d_sign[k], d[k] < 0);
				yote_rc_gamma(rc, &s->d_mag[k],
				    (uint64_t)(d[k] < 0 ? -d[k] : d[k]) - 1);
			}
		return slot_update(s, actx, t, n);
	}
	if (s->ndict > 0) {
		i = dict_find(s, t, n);
		if (yote_rc_bit(rc, &s->p_dict, i >= 0)) {
			yote_rc_tree(rc, s->dicttree, DICT_BITS, (unsigned)i);
			return slot_update(s, actx, t, n);
		}
	}
	yote_rc_gamma(rc, &s->g_len, n);
	yote_buf_put(h->lit_out, t, n);
	return slot_update(s, actx, t, n);
}

int
yote_keys_bad(struct tree_coder *h, const char *why)
{
	if (!h->bad) {
		h->bad = 1;
		h->why = why;
	}
	return -1;
}

/*
 * Use n of what the block may decode to; -1 (bad data) past it, so that
 * a few bytes that claim a huge game never become one.
 */
static int
spend(struct tree_coder *h, uint64_t n)
{
	if (n > h->budget)
		return yote_keys_bad(h, "more data than its size can hold (the "
		    "archive expansion limit)");
	h->budget -= n;
	return 0;
}

/*
 * Decode a text into h->text, NUL-terminated: *out points there until
 * the next text decoded.
 */
static int
dec_text(struct tree_coder *h, struct slot *s, uint32_t actx, const char **out,
    size_t *outn)
{
	struct rc *rc = &h->rc;
	struct runs pr;
	const unsigned char *src = NULL;
	unsigned char *t;
	size_t n = 0, m;
	long i;
	int k, r;

	*out = NULL;
	if (s->prev != NULL && yote_rc_dbit(rc, &s->p_repeat)) {
		src = s->prev;
		n = s->prevlen;
	} else if ((i = slot_assoc(s, actx)) >= 0 &&
	    yote_rc_dbit(rc, &s->p_assoc)) {
		src = s->dict[i];
		n = s->dictlen[i];
	} else if (s->prev != NULL && runs_split(s->prev, s->prevlen,
	    &pr) == 0 && yote_rc_dbit(rc, &s->p_delta)) {
		char num[32];

		if (yote_buf_grow(&h->text, s->prevlen + RUNS * 20 + 1) != 0)
			return -2;
		t = h->text.p;
		for (r = k = 0; r < pr.n; r++) {
			const unsigned char *at = s->prev + pr.at[r];
			uint64_t v;

			if (!pr.isdig[r]) {
				memcpy(t + n, at, pr.len[r]);
				n += pr.len[r];
				continue;
			}
			v = run_value(at, pr.len[r]);
			if (yote_rc_dbit(rc, &s->d_zero[k])) {
				int neg = yote_rc_dbit(rc, &s->d_sign[k]);
				uint64_t mag;

				mag = yote_rc_gamma(rc, &s->d_mag[k], 0) + 1;
				if (neg ? mag > v :
				    mag > 999999999999999999ULL - v)
					return yote_keys_bad(h,
					    "a number out of range");
				v = neg ? v - mag : v + mag;
			}
			k++;
			m = run_format(v, pr.len[r], num);
			memcpy(t + n, num, m);
			n += m;
		}
		t[n] = '\0';
		goto done;
	} else if (s->ndict > 0 && yote_rc_dbit(rc, &s->p_dict)) {
		i = (long)yote_rc_tree(rc, s->dicttree, DICT_BITS, 0);
		if ((uint32_t)i >= s->ndict)
			return yote_keys_bad(h, "a value index out of range");
		src = s->dict[i];
		n = s->dictlen[i];
	} else {
		uint64_t len = yote_rc_gamma(rc, &s->g_len, 0);

		if (len > YOTE_MAX_SCALAR)
			return yote_keys_bad(h, "a value longer than the limit");
		n = (size_t)len;
		if ((src = yote_cur_take(&h->lit, n)) == NULL)
			return yote_keys_bad(h, "literal bytes missing");
		/* the only bytes new to the block: the reader trusts the
		   rest to be UTF-8 when these are (yote_arc_checked) */
		for (m = 0; m < n && !h->not_utf8; m += k ? (size_t)k : 1)
			h->not_utf8 = (k = (int)yote_utf8_len(src + m,
			    n - m)) == 0;
	}
	/* (src may be the slot's own, which slot_update replaces) */
	if (yote_buf_grow(&h->text, n + 1) != 0)
		return -2;
	t = h->text.p;
	if (n > 0)
		memcpy(t, src, n);
	t[n] = '\0';
done:
	if (rc->over > 8)
		return yote_keys_bad(h, "the tree stream ends early");
	h->bytes += n;
	if (h->bytes > YOTE_MAX_DOCUMENT)
		return yote_keys_bad(h, "a game larger than the limit");
	if (spend(h, n) != 0)
		return -1;
	if (slot_update(s, actx, t, n) != 0)
		return -2;
	*out = (const char *)t;
	*outn = n;
	return 0;
}

static int enc_moves(struct tree_coder *, struct slot *,
    const struct yote_node *,
    struct game_ctx *);
static int dec_moves(struct tree_coder *, struct slot *, struct game_ctx *,
    struct yote_node **);

/* Tags share one slot, "!". */
static int
enc_tag(struct tree_coder *h, const char *tag)
{
	struct slot *k = slot_get(h, NULL, "!", NULL, 0);

	if (k == NULL)
		return YOTE_ENOMEM;
	return enc_text(h, k, 0, (const unsigned char *)tag, strlen(tag));
}

static uint32_t
text_ctx(const struct yote_node *n)
{
	return n != NULL && n->type == YOTE_NODE_SCALAR ?
	    fnv(n->text, n->len) : 0;
}

/*
 * Code node n in slot s.  canon: n is a move whose canonical text that
 * is (one bit when it is written so); item_canon: n is a moves item and
 * the value of its first "move" key is that move.
 */
static int
enc_node(struct tree_coder *h, struct slot *s, uint32_t actx,
    const struct yote_node *n, int depth, const char *canon,
    const char *item_canon, struct game_ctx *g)
{
	struct slot *k, *v;
	uint32_t pk = 0, pv = 0;
	size_t i;
	int rc, found = 0;

	code_shape(h, s, node_shape(n));
	if (n == NULL)
		return 0;
	if (n->tag != NULL && (rc = enc_tag(h, n->tag)) != 0)
		return rc;
	switch (n->type) {
	case YOTE_NODE_SCALAR:
		if (canon != NULL && yote_rc_bit(&h->rc, &s->p_canon, n->len ==
		    strlen(canon) && memcmp(n->text, canon, n->len) == 0))
			return 0;
		return enc_text(h, s, actx, (const unsigned char *)n->text,
		    n->len);
	case YOTE_NODE_SEQ:
		yote_rc_gamma(&h->rc, &s->g_count, n->n);
		if ((k = slot_get(h, s, "[]", NULL, 0)) == NULL)
			return YOTE_ENOMEM;
		for (i = 0; i < n->n; i++) {
			if ((rc = enc_node(h, k, pk, n->kids[i], depth + 1,
			    NULL, NULL, g)) != 0)
				return rc;
			pk = text_ctx(n->kids[i]);
		}
		return 0;
	default:
		yote_rc_gamma(&h->rc, &s->g_count, n->n / 2);
		if ((k = slot_get(h, s, "{}", NULL, 0)) == NULL)
			return YOTE_ENOMEM;
		for (i = 0; i + 1 < n->n; i += 2) {
			const struct yote_node *key = n->kids[i];
			const struct yote_node *val = n->kids[i + 1];
			const char *vc = NULL;

			if ((rc = enc_node(h, k, pk, key, depth + 1, NULL, NULL,
			    g)) != 0)
				return rc;
			if ((v = slot_of_key(h, s, key)) == NULL)
				return YOTE_ENOMEM;
			if (item_canon != NULL && !found &&
			    yote_node_is(key, "move")) {
				found = 1;
				vc = item_canon;
			}
			if (depth == 0 && !g->raw && val == g->moves)
				rc = enc_moves(h, v, val, g);
			else
				rc = enc_node(h, v, pv, val, depth + 1, vc, NULL,
				    g);
			if (rc != 0)
				return rc;
			pk = text_ctx(key);
			/* a move's text may come from the move stream later */
			pv = vc != NULL ? 0 : text_ctx(val);
		}
		return 0;
	}
}

static int
enc_moves(struct tree_coder *h, struct slot *s, const struct yote_node *seq,
    struct game_ctx *g)
{
	struct slot *k;
	unsigned style = 1;
	size_t i;
	int rc;

	code_shape(h, s, node_shape(seq));
	if (seq->tag != NULL && (rc = enc_tag(h, seq->tag)) != 0)
		return rc;
	code_plies(h, g, seq->n);
	for (i = 0; i < seq->n; i++)
		if (seq->kids[i]->type == YOTE_NODE_SCALAR) {
			style = (unsigned)seq->kids[i]->style & 7;
			break;
		}
	yote_rc_tree(&h->rc, h->item_style, 3, style);
	if ((k = slot_get(h, s, "[]", NULL, 0)) == NULL)
		return YOTE_ENOMEM;
	for (i = 0; i < seq->n; i++) {
		const struct yote_node *it = seq->kids[i];
		const char *canon = (const char *)g->canon + g->canon_off[i];
		int simple = it->type == YOTE_NODE_SCALAR && it->tag == NULL &&
		    ((unsigned)it->style & 7) == style &&
		    it->len == strlen(canon) && memcmp(it->text, canon,
		    it->len) == 0;

		if (yote_rc_bit(&h->rc, &h->p_simple, simple))
			continue;
		if ((rc = enc_node(h, k, 0, it, 2, canon, canon, g)) != 0)
			return rc;
	}
	return 0;
}

/*
 * Decoded trees are made in the game's arena (h->arena): no allocation
 * per value.  A collection's kids wait on h->stk until it is complete,
 * then go to the arena as one array.
 */

/* Count a node against the limits; 0, or -1 (h->why). */
static int
node_count(struct tree_coder *h)
{
	if (++h->nodes > NODE_LIMIT)
		return yote_keys_bad(h, "more values than the limit "
		    "(YOTE_MAX_NODES)");
	return spend(h, ARC_NODE_COST) != 0 ? -1 : 0;
}

/* Push kid on the stack of kids waiting; 0, -1 (no kid: the shape "no
   node" inside a collection) or -2. */
static int
stk_push(struct tree_coder *h, struct yote_node *kid)
{
	if (kid == NULL)
		return yote_keys_bad(h, "a missing node in a collection");
	if (h->nstk == h->capstk) {
		size_t cap = h->capstk ? 2 * h->capstk : 256;
		struct yote_node **k = realloc(h->stk, cap * sizeof(*k));

		if (k == NULL)
			return -2;
		h->stk = k;
		h->capstk = cap;
	}
	h->stk[h->nstk++] = kid;
	return 0;
}

/* Give n the kids waiting above base: 0 or -2. */
static int
stk_pop(struct tree_coder *h, struct yote_node *n, size_t base)
{
	int rc = h->nstk > base ? yote_arena_set_kids(h->arena, n,
	    h->stk + base, h->nstk - base) : 0;

	h->nstk = base;
	return rc == 0 ? 0 : -2;
}

/* A node of the shape's kind in the arena, its tag decoded (a scalar's
   text given), counted before; NULL with *rc set. */
static struct yote_node *
node_make(struct tree_coder *h, unsigned shape, const char *text, size_t len,
    int *rc)
{
	struct yote_node *n;
	struct slot *k;
	const char *tag = NULL;
	size_t tlen;

	if (shape & 32) {
		if ((k = slot_get(h, NULL, "!", NULL, 0)) == NULL) {
			*rc = -2;
			return NULL;
		}
		if ((*rc = dec_text(h, k, 0, &tag, &tlen)) != 0)
			return NULL;
		/* (h->text holds the tag now: keep it apart) */
		h->tag.n = 0;
		if (yote_buf_grow(&h->tag, tlen + 1) != 0) {
			*rc = -2;
			return NULL;
		}
		memcpy(h->tag.p, tag, tlen + 1);
		tag = (const char *)h->tag.p;
	}
	n = (shape & 3) == SH_SCALAR ? yote_arena_scalar(h->arena, text, len) :
	    yote_arena_collection(h->arena, (shape & 3) == SH_SEQ ?
	    YOTE_NODE_SEQ : YOTE_NODE_MAP);
	if (n == NULL || (tag != NULL && yote_arena_set_tag(h->arena, n,
	    tag) != 0)) {
		*rc = -2;
		return NULL;
	}
	n->style = (int)(shape >> 2 & 7);
	return n;
}

/* Remember that node n gets the text of move g->cur. */
static int
add_fix(struct game_ctx *g, struct yote_node *n)
{
	if (g->nfix == g->capfix) {
		size_t cap = g->capfix ? 2 * g->capfix : 256;
		struct yote_node **f = realloc(g->fix, cap * sizeof(*f));
		unsigned long *p;

		if (f == NULL)
			return -2;
		g->fix = f;
		if ((p = realloc(g->fix_ply, cap * sizeof(*p))) == NULL)
			return -2;
		g->fix_ply = p;
		g->capfix = cap;
	}
	g->fix[g->nfix] = n;
	g->fix_ply[g->nfix++] = g->cur;
	return 0;
}

/* A scalar node coded in slot s; 0, -1 (bad data: h->why) or -2. */
static int
dec_scalar(struct tree_coder *h, struct slot *s, uint32_t actx, unsigned shape,
    int canon, struct game_ctx *g, struct yote_node **out)
{
	const char *text;
	size_t len;
	int rc;

	/* the tag comes first in the stream: node_make decodes it */
	if (shape & 32) {
		if ((*out = node_make(h, shape, "", 0, &rc)) == NULL)
			return rc;
		if (canon && yote_rc_dbit(&h->rc, &s->p_canon))
			return add_fix(g, *out);
		if ((rc = dec_text(h, s, actx, &text, &len)) != 0)
			return rc;
		return yote_arena_set_text(h->arena, *out, text, len) == 0 ?
		    0 : -2;
	}
	if (canon && yote_rc_dbit(&h->rc, &s->p_canon)) {
		if ((*out = node_make(h, shape, "", 0, &rc)) == NULL)
			return rc;
		return add_fix(g, *out);
	}
	if ((rc = dec_text(h, s, actx, &text, &len)) != 0)
		return rc;
	return (*out = node_make(h, shape, text, len, &rc)) == NULL ? rc : 0;
}

/* Decode a node into *out; 0, -1 (bad data: h->why) or -2 (memory). */
static int
dec_node(struct tree_coder *h, struct slot *s, uint32_t actx, int depth,
    int canon, int item_canon, struct game_ctx *g, struct yote_node **out)
{
	struct yote_node *n, *kid;
	struct slot *k, *v;
	unsigned shape;
	uint64_t count, i;
	uint32_t pk = 0, pv = 0;
	size_t base = h->nstk;
	int rc, found = 0;

	*out = NULL;
	if (depth > YOTE_MAX_DEPTH)
		return yote_keys_bad(h, "nesting deeper than the limit");
	shape = code_shape(h, s, 0);
	if (h->rc.over > 8)
		return yote_keys_bad(h, "the tree stream ends early");
	if ((shape & 3) == SH_NULL)
		return 0;
	if ((rc = node_count(h)) != 0)
		return rc;
	if ((shape & 3) == SH_SCALAR)
		return dec_scalar(h, s, actx, shape, canon, g, out);
	if ((n = node_make(h, shape, NULL, 0, &rc)) == NULL)
		return rc;
	count = yote_rc_gamma(&h->rc, &s->g_count, 0);
	if (n->type == YOTE_NODE_SEQ) {
		if (count > YOTE_MAX_PLIES)
			return yote_keys_bad(h, "a list longer than the limit "
			    "(YOTE_MAX_PLIES)");
		if ((k = slot_get(h, s, "[]", NULL, 0)) == NULL)
			return -2;
		for (i = 0; i < count; i++) {
			if ((rc = dec_node(h, k, pk, depth + 1, 0, 0, g,
			    &kid)) != 0 || (rc = stk_push(h, kid)) != 0)
				return rc;
			pk = text_ctx(kid);
		}
		*out = n;
		return stk_pop(h, n, base);
	}
	if (count > YOTE_MAX_KEYS)
		return yote_keys_bad(h, "a mapping with more keys than the "
		    "limit (YOTE_MAX_KEYS)");
	if ((k = slot_get(h, s, "{}", NULL, 0)) == NULL)
		return -2;
	for (i = 0; i < count; i++) {
		struct yote_node *key;
		int vc = 0;

		if ((rc = dec_node(h, k, pk, depth + 1, 0, 0, g, &key)) != 0 ||
		    (rc = stk_push(h, key)) != 0)
			return rc;
		if ((v = slot_of_key(h, s, key)) == NULL)
			return -2;
		if (item_canon && !found && yote_node_is(key, "move"))
			found = vc = 1;
		if (depth == 0 && !g->raw && g->moves_out == NULL &&
		    yote_node_is(key, "moves"))
			rc = dec_moves(h, v, g, &kid);
		else
			rc = dec_node(h, v, pv, depth + 1, vc, 0, g, &kid);
		if (rc != 0 || (rc = stk_push(h, kid)) != 0)
			return rc;
		pk = text_ctx(key);
		pv = vc ? 0 : text_ctx(kid);
	}
	*out = n;
	return stk_pop(h, n, base);
}

static int
dec_moves(struct tree_coder *h, struct slot *s, struct game_ctx *g,
    struct yote_node **out)
{
	struct yote_node *seq, *it;
	struct slot *k;
	unsigned shape, style;
	unsigned long i;
	size_t base = h->nstk;
	int rc;

	*out = NULL;
	shape = code_shape(h, s, 0);
	if ((shape & 3) != SH_SEQ)
		return yote_keys_bad(h, "a moves list that is not a list");
	if ((rc = node_count(h)) != 0 ||
	    (seq = node_make(h, shape, NULL, 0, &rc)) == NULL)
		return rc;
	g->moves_out = seq;
	code_plies(h, g, 0);
	if (g->plies > YOTE_MAX_PLIES)
		return yote_keys_bad(h, "more moves than the limit "
		    "(YOTE_MAX_PLIES)");
	style = yote_rc_tree(&h->rc, h->item_style, 3, 0);
	if ((k = slot_get(h, s, "[]", NULL, 0)) == NULL)
		return -2;
	for (i = 0; i < g->plies; i++) {
		g->cur = i;
		if (yote_rc_dbit(&h->rc, &h->p_simple)) {
			/* node_make's work for a scalar without a tag */
			if ((rc = node_count(h)) != 0)
				return rc;
			if ((it = yote_arena_scalar(h->arena, "", 0)) == NULL ||
			    add_fix(g, it) != 0)
				return -2;
			it->style = (int)style;
		} else if ((rc = dec_node(h, k, 0, 2, 1, 1, g, &it)) != 0)
			return rc;
		if (it == NULL)
			return yote_keys_bad(h, "a moves item without a move");
		if ((rc = stk_push(h, it)) != 0)
			return rc;
		if (h->rc.over > 8)
			return yote_keys_bad(h, "the tree stream ends early");
	}
	*out = seq;
	return stk_pop(h, seq, base);
}

/* ------------------------------------------------------------ games */

int
yote_keys_enc_head(struct tree_coder *h, int raw, uint32_t ruleset,
    int start_mode, const char *start)
{
	struct slot *s;

	yote_rc_bit(&h->rc, &h->p_raw, raw);
	if (raw)
		return 0;
	if (!yote_rc_bit(&h->rc, &h->p_same_rules, ruleset == h->prev_rules))
		yote_rc_gamma(&h->rc, &h->g_rules, ruleset);
	h->prev_rules = ruleset;
	if (!yote_rc_bit(&h->rc, &h->p_start[0], start_mode != START_DEFAULT) ||
	    !yote_rc_bit(&h->rc, &h->p_start[1], start_mode == START_TEXT))
		return 0;
	if ((s = slot_get(h, NULL, "#start", NULL, 0)) == NULL)
		return YOTE_ENOMEM;
	return enc_text(h, s, 0, (const unsigned char *)start, strlen(start));
}

int
yote_keys_enc_tree(struct tree_coder *h, const struct yote_node *root,
    struct game_ctx *g)
{
	struct slot *s = slot_get(h, NULL, "", NULL, 0);

	if (s == NULL)
		return YOTE_ENOMEM;
	return enc_node(h, s, 0, root, 0, NULL, NULL, g);
}

int
yote_keys_dec_head(struct tree_coder *h, size_t nrules, int *raw,
    uint32_t *ruleset, int *start_mode, char **start)
{
	struct slot *s;
	const char *t;
	uint64_t ri;
	size_t len;
	int rc;

	*ruleset = 0;
	*start_mode = START_DEFAULT;
	*start = NULL;
	if ((*raw = yote_rc_dbit(&h->rc, &h->p_raw)) != 0)
		return 0;
	ri = yote_rc_dbit(&h->rc, &h->p_same_rules) ? h->prev_rules :
	    yote_rc_gamma(&h->rc, &h->g_rules, 0);
	if (ri >= nrules)
		return yote_keys_bad(h, "a ruleset out of range");
	h->prev_rules = (uint32_t)ri;
	*ruleset = (uint32_t)ri;
	if (!yote_rc_dbit(&h->rc, &h->p_start[0]))
		return 0;
	if (!yote_rc_dbit(&h->rc, &h->p_start[1])) {
		*start_mode = START_KEY;
		return 0;
	}
	*start_mode = START_TEXT;
	if ((s = slot_get(h, NULL, "#start", NULL, 0)) == NULL)
		return -2;
	if ((rc = dec_text(h, s, 0, &t, &len)) != 0)
		return rc;
	if ((*start = malloc(len + 1)) == NULL)
		return -2;
	memcpy(*start, t, len + 1);
	return 0;
}

int
yote_keys_dec_tree(struct tree_coder *h, struct game_ctx *g,
    struct yote_node **out,
    struct yote_arena **arena)
{
	struct slot *s = slot_get(h, NULL, "", NULL, 0);
	int rc;

	*out = NULL;
	*arena = h->arena = NULL;
	if (s == NULL || (h->arena = yote_arena_new(h->arena_hint)) == NULL)
		return -2;
	h->nstk = 0;
	if ((rc = dec_node(h, s, 0, 0, 0, 0, g, out)) != 0) {
		*out = NULL;    /* (its nodes are the arena's) */
		yote_arena_free(h->arena);
		h->arena = NULL;
		return rc;
	}
	h->arena_hint = yote_arena_used(h->arena);
	*arena = h->arena;
	return 0;
}

/* ------------------------------------------------------------ blocks */

void
yote_block_free(struct data_block *b)
{
	size_t i;

	if (b == NULL)
		return;
	for (i = 0; i < b->nrules; i++)
		yote_rules_free(b->owned[i]);
	yote_keys_free(&b->hc);
	free(b->data);
	free(b);
}

int
yote_block_parse(struct data_block *b, char *why, size_t whylen)
{
	struct cur c = { b->data, b->len, 0, 0 };
	struct yote_error e;
	const unsigned char *p, *hs, *ms, *ls;
	uint64_t n, hl, ml, ll;
	size_t i;
	char name[64];

	if ((p = yote_cur_take(&c, 1)) == NULL ||
	    (*p != LAYOUT && *p != LAYOUT2)) {
		snprintf(why, whylen, "unknown block layout");
		return -1;
	}
	b->layout = *p;
	if ((n = yote_cur_varint(&c)) > MAX_RULESETS) {
		snprintf(why, whylen, "%llu rulesets", (unsigned long long)n);
		return -1;
	}
	for (i = 0; i < n; i++) {
		const unsigned char *kind = yote_cur_take(&c, 1);
		uint64_t len = yote_cur_varint(&c);

		if (kind == NULL || (p = yote_cur_take(&c, (size_t)len)) == NULL ||
		    len != (size_t)len || *kind > 1) {
			snprintf(why, whylen, "a bad ruleset table");
			return -1;
		}
		if (*kind == 0) {
			if (len >= sizeof(name)) {
				snprintf(why, whylen, "a bad ruleset name");
				return -1;
			}
			memcpy(name, p, len);
			name[len] = '\0';
			if ((b->rules[i] = yote_rules_by_name(name)) == NULL) {
				snprintf(why, whylen, "unknown built-in ruleset "
				    "'%s'", name);
				return -1;
			}
		} else {
			yote_error_clear(&e);
			if (yote_rules_load_buffer((const char *)p, (size_t)len,
			    "archive ruleset", &b->owned[i], &e) != 0) {
				snprintf(why, whylen, "ruleset %zu cannot be "
				    "read: %.120s", i + 1, e.msg);
				return -1;
			}
			b->rules[i] = b->owned[i];
		}
		b->nrules = i + 1;
	}
	hl = yote_cur_varint(&c);
	ml = yote_cur_varint(&c);
	ll = yote_cur_varint(&c);
	if ((hs = yote_cur_take(&c, (size_t)hl)) == NULL ||
	    (ms = yote_cur_take(&c, (size_t)ml)) == NULL ||
	    (ls = yote_cur_take(&c, (size_t)ll)) == NULL || c.pos != c.n) {
		snprintf(why, whylen, "bad stream lengths");
		return -1;
	}
	yote_keys_init(&b->hc);
	yote_rc_dec_init(&b->hc.rc, hs, (size_t)hl);
	b->hc.lit.p = ls;
	b->hc.lit.n = (size_t)ll;
	yote_rc_dec_init(&b->mrc, ms, (size_t)ml);
	return 0;
}
