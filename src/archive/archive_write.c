/*
 * archive_write.c - the archive writer (yote_archive_*, formats/archive.md):
 * games are checked, their moves ranked, and they are coded into the
 * current data block; a full block is deflated and written with its
 * header, and closing the writer writes the index and the end block.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "archive_int.h"

#define BLOCK_BYTES (1UL << 20) /* close a block past this much data */

struct block_ruleset {          /* a ruleset in the block's table */
	const struct yote_rules *r;     /* built-in, or NULL */
	char *text;                     /* else the ruleset file's text */
	size_t len;
};

#define MAX_DIAGS 32

struct yote_archive_writer {
	FILE *fp;
	unsigned flags;
	unsigned long block_games;
	int failed;             /* the archive is unusable: this code */
	char why[256];          /* and why */
	uint64_t off;           /* bytes written in this member */
	uint64_t member_games;  /* games in the blocks written */
	uint64_t spend;         /* what the games coded so far decode to, at
	                         * most (ARC_EXPANSION in archive_int.h) */
	uint64_t game_spend;    /* that of the game being added */
	struct yote_checker *ck;
	/* the block being filled */
	int open;
	unsigned long games;
	struct block_ruleset rules[MAX_RULESETS];
	size_t nrules;
	struct buf hdr, mov, lit, payload, z;
	struct tree_coder hc;
	struct rc mrc;
	struct mover mv;
	/* the game being added */
	size_t nply;            /* its plies */
	struct yote_error diags[MAX_DIAGS];
	size_t ndiag;
	unsigned long more_diags;
	int bad_start;          /* the checker refused the start position */
	/* the index: one entry per data block */
	uint64_t *idx_off;
	uint32_t *idx_games;
	size_t nidx, capidx;
	/* the position index: the keys of the block's positions */
	uint64_t *pk;
	size_t npk, cappk;
	int pk_none;            /* this block gets no set (a game as text,
				   too many positions) */
	int pk_bits;            /* the sets' 2^-bits false positives */
	struct buf hs;          /* a set coded */
	struct yote_archive_stats st;
};

static int
w_fail(struct yote_archive_writer *w, int code, const char *why,
    struct yote_error *err)
{
	if (!w->failed) {
		w->failed = code;
		snprintf(w->why, sizeof(w->why), "%s", why);
	}
	return yote_error_set(err, w->failed, "%s", w->why);
}

static int
w_write(struct yote_archive_writer *w, const void *p, size_t n,
    struct yote_error *err)
{
	char why[256];

	if (w->failed)
		return yote_error_set(err, w->failed, "%s", w->why);
	if (fwrite(p, 1, n, w->fp) != n) {
		snprintf(why, sizeof(why), "write error: %s", strerror(errno));
		return w_fail(w, YOTE_EIO, why, err);
	}
	w->off += n;
	w->st.bytes += n;
	return 0;
}

int
yote_archive_writer_open(FILE *fp, unsigned flags,
    struct yote_archive_writer **out, struct yote_error *err)
{
	struct yote_archive_writer *w;
	unsigned char h[MEMBER_HEAD];
	int rc;

	if (out == NULL || fp == NULL) {
		if (out != NULL)
			*out = NULL;
		return yote_error_set(err, YOTE_EVALUE, "no stream to write "
		    "the archive to");
	}
	*out = NULL;
	if ((w = calloc(1, sizeof(*w))) == NULL ||
	    (w->ck = yote_checker_new()) == NULL) {
		free(w);
		return yote_error_set(err, YOTE_ENOMEM, "out of memory");
	}
	w->fp = fp;
	w->flags = flags;
	w->block_games = YOTE_ARCHIVE_BLOCK_GAMES;
	w->pk_bits = HSET_BITS;
	yote_arc_member_head(h, flags & YOTE_ARCHIVE_VERSION1 ? 1 : 2);
	if ((rc = w_write(w, h, sizeof(h), err)) != 0) {
		yote_checker_free(w->ck);
		free(w);
		return rc;
	}
	*out = w;
	return 0;
}

void
yote_archive_writer_set_rules(struct yote_archive_writer *w,
    const struct yote_rules *r)
{
	yote_checker_set_rules(w->ck, r);
}

void
yote_archive_writer_set_block(struct yote_archive_writer *w,
    unsigned long games)
{
	w->block_games = games > 0 ? games : 1;
}

void
yote_archive_writer_set_index_bits(struct yote_archive_writer *w, int bits)
{
	w->pk_bits = bits < 1 ? 1 : bits > 16 ? 16 : bits;
}

void
yote_archive_writer_stats(const struct yote_archive_writer *w,
    struct yote_archive_stats *st)
{
	*st = w->st;
}

static void
w_diag(void *ctx, const struct yote_error *e)
{
	struct yote_archive_writer *w = ctx;

	if (e->diag == YOTE_D_BAD_START)
		w->bad_start = 1;
	if (w->ndiag < MAX_DIAGS)
		w->diags[w->ndiag++] = *e;
	else
		w->more_diags++;
}

static void
w_block_start(struct yote_archive_writer *w)
{
	yote_keys_init(&w->hc);
	w->hdr.n = w->mov.n = w->lit.n = 0;
	yote_rc_enc_init(&w->hc.rc, &w->hdr);
	w->hc.lit_out = &w->lit;
	yote_rc_enc_init(&w->mrc, &w->mov);
	yote_mover_init(&w->mv);
	w->games = 0;
	w->nrules = 0;
	w->open = 1;
}

static void
w_rules_clear(struct yote_archive_writer *w)
{
	size_t i;

	for (i = 0; i < w->nrules; i++)
		free(w->rules[i].text);
	w->nrules = 0;
}

/*
 * Before a data block that ends at byte offset end of the member: a
 * padding block when the games so far decode to more than a reader
 * allows for that many bytes (ARC_EXPANSION), so that whatever is
 * written can be read back.  Only freakishly repetitive games need it.
 */
static int
w_pad(struct yote_archive_writer *w, uint64_t end, struct yote_error *err)
{
	unsigned char h[BLOCK_HEAD], *zero;
	uint64_t need = (w->spend + ARC_EXPANSION - 1) / ARC_EXPANSION, n;
	int rc = 0;

	if (need <= end)
		return 0;
	need = need - end > BLOCK_HEAD ? need - end - BLOCK_HEAD : 1;
	n = need < YOTE_ARCHIVE_MAX_BLOCK ? need : YOTE_ARCHIVE_MAX_BLOCK;
	if ((zero = calloc(1, (size_t)n)) == NULL)
		return w_fail(w, YOTE_ENOMEM, "out of memory", err);
	while (rc == 0 && need > 0) {
		n = need < YOTE_ARCHIVE_MAX_BLOCK ? need : YOTE_ARCHIVE_MAX_BLOCK;
		yote_arc_block_head(h, 'P', (uint32_t)n, (uint32_t)n, 0, 0,
		    yote_crc(zero, (size_t)n));
		if ((rc = w_write(w, h, sizeof(h), err)) == 0)
			rc = w_write(w, zero, (size_t)n, err);
		need -= n;
	}
	free(zero);
	return rc;
}

/* Deflate w->payload into w->z and write it as a block of this type. */
static int
w_block_out(struct yote_archive_writer *w, int type, uint32_t games,
    uint64_t first, struct yote_error *err)
{
	unsigned char h[BLOCK_HEAD];
	int rc;

	if (w->payload.oom)
		return w_fail(w, YOTE_ENOMEM, "out of memory", err);
	if (w->payload.n > YOTE_ARCHIVE_MAX_BLOCK)
		return w_fail(w, YOTE_ELIMIT, "a block larger than the limit "
		    "(a game too large for an archive)", err);
	if ((rc = yote_arc_deflate(&w->payload, &w->z)) != 0)
		return w_fail(w, YOTE_ENOMEM, rc == -1 ? "out of memory" :
		    "zlib: cannot compress", err);
	if (type == 'D' && (rc = w_pad(w, w->off + BLOCK_HEAD + w->z.n,
	    err)) != 0)
		return rc;
	yote_arc_block_head(h, type, (uint32_t)w->z.n, (uint32_t)w->payload.n,
	    games, first, yote_crc(w->z.p, w->z.n));
	if ((rc = w_write(w, h, sizeof(h), err)) != 0)
		return rc;
	return w_write(w, w->z.p, w->z.n, err);
}

/*
 * The keys of the positions of game g (NULL: a game stored as text,
 * whose block then gets no set) for the block's position set.
 */
static int
w_hset_add(struct yote_archive_writer *w, const struct yote_game *g,
    struct yote_error *err)
{
	size_t i, n = g != NULL ? yote_game_plies(g) + 1 : 0;
	uint64_t *nk;

	if (!(w->flags & YOTE_ARCHIVE_POSITION_INDEX) || w->pk_none)
		return 0;
	if (g == NULL || n > HSET_MAX_KEYS - w->npk) {
		w->pk_none = 1;
		return 0;
	}
	if (w->npk + n > w->cappk) {
		size_t cap = w->cappk ? 2 * w->cappk : 4096;

		while (cap < w->npk + n)
			cap *= 2;
		if ((nk = realloc(w->pk, cap * sizeof(*nk))) == NULL)
			return w_fail(w, YOTE_ENOMEM, "out of memory", err);
		w->pk = nk;
		w->cappk = cap;
	}
	for (i = 0; i < n; i++)
		w->pk[w->npk++] = yote_hset_key(yote_game_pos(g, i));
	return 0;
}

/*
 * Before the data block of the games coded: their position set, in a
 * block of type H that names the data block by its games (a reader of
 * a pipe learns what the block holds before it reaches it).
 */
static int
w_hset_out(struct yote_archive_writer *w, struct yote_error *err)
{
	unsigned char h[BLOCK_HEAD];
	uint64_t before = w->st.bytes;
	size_t n = w->npk;
	int rc;

	w->npk = 0;
	if (!(w->flags & YOTE_ARCHIVE_POSITION_INDEX) || w->pk_none) {
		w->pk_none = 0;
		return 0;
	}
	w->hs.n = 0;
	if (yote_hset_encode(&w->hs, w->pk, n, w->pk_bits, &n) != 0)
		return w_fail(w, YOTE_ENOMEM, "out of memory", err);
	yote_arc_block_head(h, 'H', (uint32_t)w->hs.n, (uint32_t)w->hs.n,
	    (uint32_t)w->games, w->member_games, yote_crc(w->hs.p, w->hs.n));
	if ((rc = w_write(w, h, sizeof(h), err)) != 0 ||
	    (rc = w_write(w, w->hs.p, w->hs.n, err)) != 0)
		return rc;
	w->st.pos_bytes += w->st.bytes - before;
	w->st.pos_keys += n;
	return 0;
}

static int
w_block_flush(struct yote_archive_writer *w, struct yote_error *err)
{
	struct buf *p = &w->payload;
	uint64_t off;
	size_t i;
	int rc;

	if (!w->open)
		return 0;
	w->open = 0;
	yote_rc_flush(&w->hc.rc);
	yote_rc_flush(&w->mrc);
	p->n = 0;
	yote_buf_byte(p, w->flags & YOTE_ARCHIVE_VERSION1 ? LAYOUT : LAYOUT2);
	yote_buf_varint(p, w->nrules);
	for (i = 0; i < w->nrules; i++) {
		const struct block_ruleset *e = &w->rules[i];

		yote_buf_byte(p, e->text == NULL ? 0 : 1);
		if (e->text == NULL) {
			yote_buf_varint(p, strlen(e->r->name));
			yote_buf_put(p, e->r->name, strlen(e->r->name));
		} else {
			yote_buf_varint(p, e->len);
			yote_buf_put(p, e->text, e->len);
		}
	}
	yote_buf_varint(p, w->hdr.n);
	yote_buf_varint(p, w->mov.n);
	yote_buf_varint(p, w->lit.n);
	yote_buf_put(p, w->hdr.p, w->hdr.n);
	yote_buf_put(p, w->mov.p, w->mov.n);
	yote_buf_put(p, w->lit.p, w->lit.n);
	w->st.move_bytes += w->mov.n;
	w->st.head_bytes += w->hdr.n + w->lit.n;
	yote_keys_free(&w->hc);
	w_rules_clear(w);
	if (w->hdr.oom || w->mov.oom || w->lit.oom)
		return w_fail(w, YOTE_ENOMEM, "out of memory", err);
	if ((rc = w_hset_out(w, err)) != 0 ||
	    (rc = w_block_out(w, 'D', (uint32_t)w->games, w->member_games,
	    err)) != 0)
		return rc;
	off = w->off - BLOCK_HEAD - w->z.n;     /* after any padding */
	if (w->nidx == w->capidx) {
		size_t cap = w->capidx ? 2 * w->capidx : 64;
		uint64_t *o = realloc(w->idx_off, cap * sizeof(*o));
		uint32_t *g;

		if (o == NULL)
			return w_fail(w, YOTE_ENOMEM, "out of memory", err);
		w->idx_off = o;
		if ((g = realloc(w->idx_games, cap * sizeof(*g))) == NULL)
			return w_fail(w, YOTE_ENOMEM, "out of memory", err);
		w->idx_games = g;
		w->capidx = cap;
	}
	w->idx_off[w->nidx] = off;
	w->idx_games[w->nidx++] = (uint32_t)w->games;
	w->member_games += w->games;
	w->st.blocks++;
	return 0;
}

/* The table index of ruleset r in this block, adding it; -1 if full. */
static long
w_rules_index(struct yote_archive_writer *w, const struct yote_rules *r)
{
	struct block_ruleset *e;
	char *text = NULL;
	size_t i, len = 0;
	FILE *m;

	if (!r->builtin) {
		if ((m = open_memstream(&text, &len)) == NULL)
			return YOTE_ENOMEM;
		if (yote_rules_write(r, m) != 0) {
			fclose(m);
			free(text);
			return YOTE_ENOMEM;
		}
		if (fclose(m) != 0) {
			free(text);
			return YOTE_ENOMEM;
		}
	}
	for (i = 0; i < w->nrules; i++) {
		e = &w->rules[i];
		if (r->builtin ? e->r == r : e->text != NULL && e->len == len &&
		    memcmp(e->text, text, len) == 0) {
			free(text);
			return (long)i;
		}
	}
	if (w->nrules == MAX_RULESETS) {
		free(text);
		return -1;
	}
	e = &w->rules[w->nrules];
	e->r = r->builtin ? r : NULL;
	e->text = text;
	e->len = len;
	return (long)w->nrules++;
}

/* Nodes and text bytes under n, to keep within what a reader accepts. */
static void
tree_size(const struct yote_node *n, int depth, size_t *nodes,
    size_t *bytes, int *deep)
{
	size_t i;

	if (n == NULL)
		return;
	(*nodes)++;
	*bytes += n->type == YOTE_NODE_SCALAR ? n->len : 0;
	*bytes += n->tag != NULL ? strlen(n->tag) : 0;
	if (depth > YOTE_MAX_DEPTH || (n->type == YOTE_NODE_MAP && (n->n % 2 ||
	    n->n / 2 > YOTE_MAX_KEYS)) || (n->type == YOTE_NODE_SEQ &&
	    n->n > YOTE_MAX_PLIES))
		*deep = 1;
	for (i = 0; i < n->n; i++)
		tree_size(n->kids[i], depth + 1, nodes, bytes, deep);
}

/* How the game's start is coded: START_DEFAULT, START_KEY or START_TEXT. */
static int
w_start_mode(const struct yote_record *rec,
    const struct yote_game_info *info)
{
	const struct yote_node *v;
	struct yote_pos def, q;

	yote_pos_start(info->rules, &def);
	if (yote_pos_same(&def, &info->start))
		return START_DEFAULT;
	v = yote_node_get(rec->root, "start");
	if (v != NULL && v->type == YOTE_NODE_SCALAR &&
	    yote_pos_parse(info->rules, v->text, &q, NULL) == 0 &&
	    yote_pos_same(&q, &info->start))
		return START_KEY;
	return START_TEXT;
}

/* Code the game whose plies are ranked (or raw) into the block. */
static int
w_encode(struct yote_archive_writer *w, const struct yote_record *rec,
    const struct yote_game_info *info, int raw, struct yote_error *err)
{
	struct tree_coder *h = &w->hc;
	struct game_ctx g;
	char text[YOTE_POS_TEXT] = "";
	long ri = 0;
	int mode = START_DEFAULT, rc;

	if (!raw && (ri = w_rules_index(w, info->rules)) < 0) {
		/* a new ruleset and no room in this block: start another */
		if ((rc = w_block_flush(w, err)) != 0)
			return rc;
		w_block_start(w);
		if ((ri = w_rules_index(w, info->rules)) < 0)
			return w_fail(w, YOTE_ENOMEM, "out of memory", err);
	}
	memset(&g, 0, sizeof(g));
	g.raw = raw;
	if (!raw) {
		mode = w_start_mode(rec, info);
		if (mode == START_TEXT)
			yote_pos_format(info->rules, &info->start, text);
		g.moves = yote_node_get(rec->root, "moves");
		g.canon = w->mv.canon.p;
		g.canon_off = w->mv.canon_off;
	}
	if ((rc = yote_keys_enc_head(h, raw, (uint32_t)ri, mode, text)) != 0)
		return w_fail(w, rc, "out of memory", err);
	if (yote_keys_enc_tree(h, rec->root, &g) != 0)
		return w_fail(w, YOTE_ENOMEM, "out of memory", err);
	if (!raw)
		(w->flags & YOTE_ARCHIVE_VERSION1 ? yote_mover_encode :
		    yote_mover2_encode)(&w->mv, &w->mrc, w->nply);
	w->games++;
	w->spend += w->game_spend;
	w->st.games++;
	if (raw)
		w->st.raw++;
	else
		w->st.plies += w->nply;
	return 0;
}

/* A problem with game of file, its message still to write. */
static void
w_problem(struct yote_error *e, int code, int diag, const char *file,
    unsigned long game)
{
	memset(e, 0, sizeof(*e));
	e->code = code;
	e->diag = diag;
	e->file = file;
	e->game = game;
}

/* Hand the problems the checker found to the caller. */
static void
w_report(struct yote_archive_writer *w, yote_diag_fn diag, void *ctx,
    const struct yote_record *rec, const char *file)
{
	struct yote_error e;
	size_t i;

	if (diag == NULL)
		return;
	for (i = 0; i < w->ndiag; i++)
		diag(ctx, &w->diags[i]);
	if (w->more_diags > 0) {
		w_problem(&e, YOTE_EVALUE, YOTE_D_LIMIT, file, rec->game);
		snprintf(e.msg, sizeof(e.msg), "%lu more problems in this game",
		    w->more_diags);
		diag(ctx, &e);
	}
}

/*
 * Add game g (NULL: no ruleset) that the checker played from rec with
 * info; returns as yote_archive_put.
 */
static int
w_put(struct yote_archive_writer *w, const struct yote_record *rec,
    const char *file, yote_diag_fn diag, void *ctx,
    const struct yote_game_info *info, const struct yote_game *g,
    struct yote_error *err)
{
	const struct yote_node *root = rec->root, *moves = NULL;
	int raw, rc;

	if (root != NULL && root->type == YOTE_NODE_MAP)
		moves = yote_node_get(root, "moves");
	raw = moves == NULL || moves->type != YOTE_NODE_SEQ || g == NULL ||
	    w->bad_start || info->played != moves->n;
	w->nply = g != NULL ? yote_game_plies(g) : 0;
	if (!raw && (rc = (w->flags & YOTE_ARCHIVE_VERSION1 ?
	    yote_mover_rank_game : yote_mover2_rank_game)(&w->mv, g)) != 0) {
		if (rc == YOTE_ENOMEM)
			return w_fail(w, rc, "out of memory", err);
		if (rc == YOTE_ELIMIT && w->ndiag == 0) {
			/* a legal game: only its ranks are out of reach */
			struct yote_error *e = &w->diags[w->ndiag++];

			w_problem(e, YOTE_ELIMIT, YOTE_D_LIMIT, file,
			    rec->game);
			e->ply = (unsigned long)w->mv.fail_ply;
			/* at the move, as the checker's problems are */
			if (e->ply >= 1 && e->ply <= moves->n &&
			    moves->kids[e->ply - 1] != NULL) {
				e->line = moves->kids[e->ply - 1]->line;
				e->col = moves->kids[e->ply - 1]->col;
			}
			snprintf(e->msg, sizeof(e->msg), "more legal moves "
			    "than the limit of %lu (YOTE_MAX_MOVES) in the "
			    "position before this move: its moves cannot be "
			    "stored as ranks%s", YOTE_MAX_MOVES,
			    w->flags & YOTE_ARCHIVE_KEEP_INVALID ?
			    "; stored as text" : "; not stored (keep it as "
			    "text with --keep-invalid)");
		}
		raw = 1;
	}
	if (raw) {
		if (w->ndiag == 0) {    /* cannot happen; say something */
			struct yote_error *e = &w->diags[w->ndiag++];

			w_problem(e, YOTE_EILLEGAL, YOTE_D_ILLEGAL_MOVE, file,
			    rec->game);
			snprintf(e->msg, sizeof(e->msg), "the moves cannot be "
			    "ranked");
		}
		w_report(w, diag, ctx, rec, file);
		if (!(w->flags & YOTE_ARCHIVE_KEEP_INVALID))
			return YOTE_EILLEGAL;
	}
	if (!w->open)
		w_block_start(w);
	if ((rc = w_encode(w, rec, info, raw, err)) != 0 ||
	    (rc = w_hset_add(w, raw ? NULL : g, err)) != 0)
		return rc;
	if ((w->games >= w->block_games || w->hdr.n + w->mov.n + w->lit.n >=
	    BLOCK_BYTES) && (rc = w_block_flush(w, err)) != 0)
		return rc;
	return raw;
}

int
yote_archive_put(struct yote_archive_writer *w,
    const struct yote_record *rec, const char *file, yote_diag_fn diag,
    void *ctx, struct yote_error *err)
{
	struct yote_game_info info;
	struct yote_game *g;
	size_t nodes = 0, bytes = 0;
	int deep = 0, rc;
	long problems;

	if (w->failed)
		return yote_error_set(err, w->failed, "%s", w->why);
	w->nply = w->ndiag = 0;
	w->more_diags = 0;
	w->bad_start = 0;
	tree_size(rec->root, 0, &nodes, &bytes, &deep);
	w->game_spend = (uint64_t)nodes * ARC_NODE_COST + bytes + YOTE_POS_TEXT;
	if (deep || nodes > NODE_LIMIT || bytes > YOTE_MAX_DOCUMENT ||
	    yote_record_check_limits(rec, NULL) != 0) {
		struct yote_error e;

		w_problem(&e, YOTE_ELIMIT, YOTE_D_LIMIT, file, rec->game);
		/* the limit by name, as a reader would refuse it */
		if (yote_record_check_limits(rec, &e) == 0)
			snprintf(e.msg, sizeof(e.msg), "a game too large or "
			    "too deep for an archive");
		e.file = file;
		e.game = rec->game;
		if (diag != NULL)
			diag(ctx, &e);
		return YOTE_EILLEGAL;
	}
	problems = yote_game_from_record(w->ck, rec, file, &info, w_diag, w,
	    &g);
	if (problems == YOTE_ENOMEM)
		return w_fail(w, YOTE_ENOMEM, "out of memory", err);
	rc = w_put(w, rec, file, diag, ctx, &info, g, err);
	yote_game_free(g);
	return rc;
}

int
yote_archive_writer_close(struct yote_archive_writer *w,
    struct yote_archive_stats *st, struct yote_error *err)
{
	unsigned char h[BLOCK_HEAD];
	uint64_t idx_at, prev = 0;
	size_t i;
	int rc = 0;

	if (w == NULL)
		return 0;
	if (!w->failed && w->open)
		rc = w_block_flush(w, err);
	idx_at = w->off;
	if (rc == 0 && !w->failed && !(w->flags & YOTE_ARCHIVE_NO_INDEX)) {
		w->payload.n = 0;
		yote_buf_varint(&w->payload, w->nidx);
		for (i = 0; i < w->nidx; i++) {
			yote_buf_varint(&w->payload, w->idx_off[i] - prev);
			yote_buf_varint(&w->payload, w->idx_games[i]);
			prev = w->idx_off[i];
		}
		rc = w_block_out(w, 'X', (uint32_t)w->nidx, 0, err);
	}
	if (rc == 0 && !w->failed) {
		yote_arc_end_head(h, w->off, w->member_games,
		    (uint32_t)(w->off - idx_at));
		rc = w_write(w, h, sizeof(h), err);
	}
	/* fp's buffer too: a full disk is said here, not only at fclose */
	if (rc == 0 && !w->failed && (fflush(w->fp) != 0 || ferror(w->fp)))
		rc = yote_error_set(err, YOTE_EIO, "write error: %s",
		    strerror(errno));
	if (rc == 0 && w->failed)
		rc = yote_error_set(err, w->failed, "%s", w->why);
	if (st != NULL)
		*st = w->st;
	if (w->open)
		yote_keys_free(&w->hc);
	w_rules_clear(w);
	yote_checker_free(w->ck);
	yote_buf_free(&w->hdr);
	yote_buf_free(&w->mov);
	yote_buf_free(&w->lit);
	yote_buf_free(&w->payload);
	yote_buf_free(&w->z);
	yote_buf_free(&w->hs);
	free(w->pk);
	yote_mover_free(&w->mv);
	free(w->idx_off);
	free(w->idx_games);
	free(w);
	return rc;
}
