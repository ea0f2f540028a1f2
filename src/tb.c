/*
 * tb.c - endgame tables: every position of small material solved exactly,
 * under any ruleset (formats/tablebase.md).
 *
 * A material class is the number of pieces each side has on the board and
 * in hand, (b0, h0, b1, h1).  Within a class only steps and plain
 * self-jumps are played; a placement moves to (b+1, h-1) and a capture or
 * a bridge to a class with fewer remaining pieces.  So the classes form a
 * DAG ordered by (remaining pieces, pieces in hand), and each class is
 * solved on its own once the classes it leads to are known.
 *
 * Solving a class is retrograde analysis by levels: level k holds the
 * positions decided as won or lost in k plies.  The library's generator
 * (yote_gen_moves, yote_pos_play, yote_pos_outcome) gives every forward
 * move once; moves that leave the class are looked up in the tables
 * already solved, moves inside it are counted.  Going back from a decided
 * position uses un-steps and un-self-jumps, the only moves that stay in a
 * class, so the counts and the backward moves see the same edges.
 *
 * The no-capture counter is left out of the solution (the class is solved
 * with no move limit): a draw stays a draw under any limit, and a win in d
 * plies is a win under the limit when since_capture + d <= limit, because
 * the winner's strategy ends the game within d plies whatever the loser
 * does.  Otherwise the probe says it does not know.  The ply counter only
 * matters for first-move-placement at plies 1 and 2, which the tables do
 * not cover.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "yote_int.h"
#include "yote_engine.h"

#define TB_MAGIC "\211YTB\r\n\032\n"    /* 8 bytes, as the archive's */
#define TB_VERSION 1
#define TB_HEAD 48                      /* bytes of the file header */

/* Values, side to move's view: 0 draw, 1 + 2d won in d, 2 + 2d lost in d. */
#define V_DRAW 0
#define V_WIN(d) ((uint16_t)(1 + 2 * (d)))
#define V_LOSS(d) ((uint16_t)(2 + 2 * (d)))
#define V_UNKNOWN 0xFFFF                /* while solving */
#define MAX_DIST 32000

struct table {
	uint16_t *v;            /* value per index */
	uint64_t n;             /* positions */
	int state;              /* 0 not yet asked, 1 solved, 2 missing
				   (YOTE_TB_NO_BUILD) */
};

struct yote_tb {
	struct yote_rules rules;        /* as given */
	struct yote_rules solve;        /* the same without a move limit */
	char *dir;                      /* cache directory, NULL: none */
	int max;                        /* largest remaining total covered */
	unsigned flags;                 /* YOTE_TB_* */
	uint64_t hash;                  /* of the rule fields that matter */
	int dim;                        /* max + 1: one class axis */
	struct table *tab;              /* dim^4, by class */
	uint64_t binom[YOTE_MAX_SQUARES + 1][YOTE_MAX_SQUARES + 1];
};

/* ---------------------------------------------------------------- indexing */

static int
class_key(const struct yote_tb *tb, const struct yote_tb_class *c)
{
	return ((c->board[0] * tb->dim + c->hand[0]) * tb->dim + c->board[1]) *
	    tb->dim + c->hand[1];
}

static void
class_of(const struct yote_pos *p, struct yote_tb_class *c)
{
	c->board[0] = popcount64(p->pieces[0]);
	c->board[1] = popcount64(p->pieces[1]);
	c->hand[0] = p->hand[0];
	c->hand[1] = p->hand[1];
}

static int
class_total(const struct yote_tb_class *c)
{
	return c->board[0] + c->hand[0] + c->board[1] + c->hand[1];
}

static void class_sizes(const struct yote_tb *, const struct yote_tb_class *,
    uint64_t *, uint64_t *);

/* Within the limits, and small enough to index with 32 bits. */
static int
class_valid(const struct yote_tb *tb, const struct yote_tb_class *c)
{
	uint64_t n0, n1;
	int s;

	for (s = 0; s < 2; s++)
		if (c->board[s] < 0 || c->hand[s] < 0 ||
		    c->hand[s] > YOTE_MAX_PIECES)
			return 0;
	if (class_total(c) > tb->max ||
	    c->board[0] + c->board[1] > tb->rules.squares)
		return 0;
	class_sizes(tb, c, &n0, &n1);
	return n0 * n1 <= UINT32_MAX / 2;
}

/* Sets of the first side's pieces, sets of the second's among the rest. */
static void
class_sizes(const struct yote_tb *tb, const struct yote_tb_class *c,
    uint64_t *n0, uint64_t *n1)
{
	int sq = tb->rules.squares;

	*n0 = tb->binom[sq][c->board[0]];
	*n1 = tb->binom[sq - c->board[0]][c->board[1]];
}

/* Colex rank of set among the squares not in skip. */
static uint64_t
set_rank(const struct yote_tb *tb, uint64_t set, uint64_t skip)
{
	uint64_t r = 0;
	int k = 0, q;

	for (; set; set &= set - 1) {
		q = lsb64(set);
		q -= popcount64(skip & (BIT(q) - 1));
		r += tb->binom[q][++k];
	}
	return r;
}

/* The set of k squares of rank r among the squares not in skip. */
static uint64_t
set_unrank(const struct yote_tb *tb, uint64_t r, int k, uint64_t skip)
{
	uint64_t set = 0, b = tb->rules.board & ~skip;
	int sqs[YOTE_MAX_SQUARES], nfree = 0, q;

	for (; b; b &= b - 1)
		sqs[nfree++] = lsb64(b);
	q = nfree;
	for (; k > 0; k--) {
		do
			q--;
		while (tb->binom[q][k] > r);
		r -= tb->binom[q][k];
		set |= BIT(sqs[q]);
	}
	return set;
}

static uint64_t
pos_index(const struct yote_tb *tb, const struct yote_tb_class *c,
    const struct yote_pos *p)
{
	uint64_t n0, n1;

	class_sizes(tb, c, &n0, &n1);
	return ((uint64_t)p->side * n0 + set_rank(tb, p->pieces[0], 0)) * n1 +
	    set_rank(tb, p->pieces[1], p->pieces[0]);
}

static void
pos_unindex(const struct yote_tb *tb, const struct yote_tb_class *c,
    uint64_t i, struct yote_pos *p)
{
	uint64_t n0, n1;

	class_sizes(tb, c, &n0, &n1);
	memset(p, 0, sizeof(*p));
	p->hand[0] = (uint8_t)c->hand[0];
	p->hand[1] = (uint8_t)c->hand[1];
	p->ply = 3;             /* past any first-move-placement */
	p->pieces[0] = set_unrank(tb, i / n1 % n0, c->board[0], 0);
	p->pieces[1] = set_unrank(tb, i % n1, c->board[1], p->pieces[0]);
	p->side = (uint8_t)(i / n1 / n0);
}

/* ---------------------------------------------------------------- files */

static void
put32(unsigned char *b, uint32_t v)
{
	int i;

	for (i = 0; i < 4; i++)
		b[i] = (unsigned char)(v >> (8 * i));
}

static void
put64(unsigned char *b, uint64_t v)
{
	int i;

	for (i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> (8 * i));
}

static uint32_t
get32(const unsigned char *b)
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
	    (uint32_t)b[3] << 24;
}

static uint64_t
get64(const unsigned char *b)
{
	return (uint64_t)get32(b) | (uint64_t)get32(b + 4) << 32;
}

/* FNV-1a over the parameters the solution depends on. */
static uint64_t
rules_hash(const struct yote_rules *r)
{
	int f[9] = { TB_VERSION, r->width, r->height, (int)r->opening,
		r->chain, (int)r->bonus, (int)r->selfjump, (int)r->blocked,
		r->few_pieces };
	uint64_t h = 0xcbf29ce484222325ULL;
	int i;

	for (i = 0; i < 9; i++) {
		h ^= (uint64_t)(uint32_t)f[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

static char *
class_path(const struct yote_tb *tb, const struct yote_tb_class *c)
{
	size_t len = strlen(tb->dir) + 64;
	char *path = malloc(len);

	if (path)
		snprintf(path, len, "%s/%016llx-%d.%d-%d.%d.ytb", tb->dir,
		    (unsigned long long)tb->hash, c->board[0], c->hand[0],
		    c->board[1], c->hand[1]);
	return path;
}

static uint32_t
crc_of(const void *buf, size_t len)
{
	const unsigned char *p = buf;
	uLong crc = crc32(0L, Z_NULL, 0);
	uInt k;

	while (len > 0) {
		k = len > (1U << 30) ? 1U << 30 : (uInt)len;
		crc = crc32(crc, p, k);
		p += k;
		len -= k;
	}
	return (uint32_t)crc;
}

/* The header: magic, version, rules hash, board, class, sizes, CRCs. */
static void
make_head(const struct yote_tb *tb, const struct yote_tb_class *c,
    uint64_t n, uint64_t zlen, uint32_t dcrc, unsigned char *h)
{
	memset(h, 0, TB_HEAD);
	memcpy(h, TB_MAGIC, 8);
	put32(h + 8, TB_VERSION);
	put64(h + 12, tb->hash);
	h[20] = (unsigned char)tb->rules.width;
	h[21] = (unsigned char)tb->rules.height;
	h[22] = (unsigned char)c->board[0];
	h[23] = (unsigned char)c->hand[0];
	h[24] = (unsigned char)c->board[1];
	h[25] = (unsigned char)c->hand[1];
	put64(h + 28, n);
	put64(h + 36, zlen);
	put32(h + 44, dcrc);
}

/* 1 when the file is there, whole and ours (t->v filled), else 0. */
static int
load_table(struct yote_tb *tb, const struct yote_tb_class *c, struct table *t)
{
	unsigned char head[TB_HEAD], want[TB_HEAD], *z = NULL;
	uint64_t zlen, i;
	uLongf outlen;
	char *path = class_path(tb, c);
	FILE *fp = path ? fopen(path, "rb") : NULL;
	int ok = 0;

	free(path);
	if (!fp)
		return 0;
	if (fread(head, 1, TB_HEAD, fp) != TB_HEAD)
		goto out;
	zlen = get64(head + 36);
	make_head(tb, c, t->n, zlen, get32(head + 44), want);
	if (memcmp(head, want, TB_HEAD) != 0 || zlen > 4 * t->n + 1024)
		goto out;
	z = malloc(zlen ? zlen : 1);
	if (!z || fread(z, 1, zlen, fp) != zlen || fgetc(fp) != EOF)
		goto out;
	outlen = (uLongf)(t->n * 2);
	if (uncompress((Bytef *)t->v, &outlen, z, (uLong)zlen) != Z_OK ||
	    outlen != t->n * 2 || crc_of(t->v, outlen) != get32(head + 44))
		goto out;
	/* stored little-endian */
	for (i = 0; i < t->n; i++) {
		const unsigned char *b = (const unsigned char *)&t->v[i];
		t->v[i] = (uint16_t)(b[0] | b[1] << 8);
	}
	ok = 1;
out:
	free(z);
	fclose(fp);
	return ok;
}

static int
make_dirs(char *path)
{
	char *s;

	for (s = path + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(path, 0777) != 0 && errno != EEXIST) {
			*s = '/';
			return -1;
		}
		*s = '/';
	}
	if (mkdir(path, 0777) != 0 && errno != EEXIST)
		return -1;
	return 0;
}

/* Write the table to a temporary file and rename it into place. */
static int
save_table(struct yote_tb *tb, const struct yote_tb_class *c,
    const struct table *t, uint64_t *bytes, struct yote_error *err)
{
	unsigned char head[TB_HEAD], *raw, *z;
	uLongf zlen;
	uint64_t i;
	char *path, *tmp;
	FILE *fp;
	int fd, rc = 0;

	raw = malloc(t->n * 2);
	zlen = compressBound((uLong)(t->n * 2));
	z = malloc(zlen);
	path = class_path(tb, c);
	tmp = path ? malloc(strlen(path) + 8) : NULL;
	if (!raw || !z || !tmp) {
		rc = yote_error_set(err, YOTE_ENOMEM, "out of memory");
		goto out;
	}
	for (i = 0; i < t->n; i++) {
		raw[2 * i] = (unsigned char)t->v[i];
		raw[2 * i + 1] = (unsigned char)(t->v[i] >> 8);
	}
	if (compress2(z, &zlen, raw, (uLong)(t->n * 2), 6) != Z_OK) {
		rc = yote_error_set(err, YOTE_ENOMEM, "out of memory");
		goto out;
	}
	make_head(tb, c, t->n, zlen, crc_of(raw, t->n * 2), head);
	sprintf(tmp, "%s.XXXXXX", path);
	if (make_dirs(tb->dir) != 0 || (fd = mkstemp(tmp)) < 0) {
		rc = yote_error_set(err, YOTE_EIO, "%s: %s", tb->dir,
		    strerror(errno));
		goto out;
	}
	(void)fchmod(fd, 0644);         /* mkstemp's 0600 would hide a shared
					   cache from other users */
	fp = fdopen(fd, "wb");
	if (!fp) {
		close(fd);
		remove(tmp);
		rc = yote_error_set(err, YOTE_EIO, "%s: %s", tmp,
		    strerror(errno));
		goto out;
	}
	if (fwrite(head, 1, TB_HEAD, fp) != TB_HEAD ||
	    fwrite(z, 1, zlen, fp) != zlen) {
		rc = yote_error_set(err, YOTE_EIO, "%s: %s", tmp,
		    strerror(errno));
		fclose(fp);
		remove(tmp);
		goto out;
	}
	if (fclose(fp) != 0 || rename(tmp, path) != 0) {
		rc = yote_error_set(err, YOTE_EIO, "%s: %s", path,
		    strerror(errno));
		remove(tmp);
		goto out;
	}
	if (bytes)
		*bytes = TB_HEAD + (uint64_t)zlen;
out:
	free(raw);
	free(z);
	free(path);
	free(tmp);
	return rc;
}

/* ---------------------------------------------------------------- solving */

static int get_table(struct yote_tb *, const struct yote_tb_class *,
    struct table **, struct yote_tb_stats *, struct yote_error *);

/* Positions decided at one level, to be propagated backward. */
struct level {
	uint32_t *v;
	size_t n, cap;
};

struct solver {
	struct yote_tb *tb;
	const struct yote_tb_class *c;
	uint16_t *val;          /* V_*, V_UNKNOWN while open */
	uint8_t *cnt;           /* in-class moves not yet known to lose */
	uint8_t *flag;          /* F_* */
	uint16_t *maxd;         /* longest opponent win among moves so far */
	struct level *lev;      /* by level */
	size_t nlev;
};

#define F_NOLOSS 1      /* a move leaves the class for a draw or a win */
#define F_DONE 2        /* propagated */

static int
push(struct solver *sv, size_t k, uint64_t i)
{
	struct level *l;
	void *nv;
	size_t n;

	if (k >= sv->nlev) {
		n = k + 16;
		nv = realloc(sv->lev, n * sizeof(*sv->lev));
		if (!nv)
			return YOTE_ENOMEM;
		sv->lev = nv;
		memset(sv->lev + sv->nlev, 0, (n - sv->nlev) * sizeof(*sv->lev));
		sv->nlev = n;
	}
	l = &sv->lev[k];
	if (l->n == l->cap) {
		n = l->cap ? 2 * l->cap : 1024;
		nv = realloc(l->v, n * sizeof(*l->v));
		if (!nv)
			return YOTE_ENOMEM;
		l->v = nv;
		l->cap = n;
	}
	l->v[l->n++] = (uint32_t)i;
	return 0;
}

/* The value for the side to move of a finished position. */
static uint16_t
terminal_value(const struct yote_pos *p, const struct yote_outcome *o)
{
	if (o->result == YOTE_RES_DRAW)
		return V_DRAW;
	if ((o->result == YOTE_RES_FIRST) == (p->side == YOTE_FIRST))
		return V_WIN(0);
	return V_LOSS(0);
}

/*
 * First pass: finished positions are decided at level 0; the moves of the
 * others are sorted into those that stay in the class (counted) and those
 * that leave it (looked up).
 */
static int
solve_init(struct solver *sv, uint64_t n, struct yote_error *err)
{
	struct yote_tb *tb = sv->tb;
	const struct yote_rules *r = &tb->solve;
	struct yote_movelist l = { 0 };
	struct yote_outcome o;
	struct yote_tb_class cc;
	struct yote_pos p, q;
	struct table *t;
	uint64_t i;
	long nm, j;
	int rc = 0, win, loss, noloss, inside;
	uint16_t cv;
	unsigned d;

	for (i = 0; i < n; i++) {
		pos_unindex(tb, sv->c, i, &p);
		yote_pos_outcome(r, &p, &o);
		if (o.result != YOTE_RES_NONE) {
			sv->val[i] = terminal_value(&p, &o);
			if (sv->val[i] != V_DRAW && (rc = push(sv, 0, i)) != 0)
				break;
			continue;
		}
		nm = yote_gen_moves(r, &p, &l);
		if (nm < 0) {
			rc = yote_error_set(err, (int)nm,
			    "cannot generate the moves");
			break;
		}
		win = -1;
		loss = -1;
		noloss = 0;
		inside = 0;
		for (j = 0; j < nm; j++) {
			q = p;
			yote_pos_play(r, &q, &l.v[j]);
			class_of(&q, &cc);
			if (class_key(tb, &cc) == class_key(tb, sv->c)) {
				inside++;
				continue;
			}
			rc = get_table(tb, &cc, &t, NULL, err);
			if (rc != 0)
				goto out;
			cv = t->v[pos_index(tb, &cc, &q)];
			d = cv == V_DRAW ? 0 : (cv - 1u) / 2u;
			if (cv == V_DRAW)
				noloss = 1;
			else if (cv & 1) {      /* the opponent wins in d */
				if (loss < (int)d)
					loss = (int)d;
			} else if (win < 0 || (int)d < win)
				win = (int)d;
		}
		if (win >= 0)
			noloss = 1;     /* a move out wins: never lost */
		if (inside > 255) {
			rc = yote_error_set(err, YOTE_ELIMIT,
			    "too many moves inside a class");
			break;
		}
		sv->cnt[i] = (uint8_t)inside;
		sv->flag[i] = (uint8_t)(noloss ? F_NOLOSS : 0);
		sv->maxd[i] = (uint16_t)(loss < 0 ? 0 : loss);
		if (win >= 0 && (rc = push(sv, (size_t)win + 1, i)) != 0)
			break;
		if (win < 0 && !noloss && inside == 0) {
			/* every move leaves the class and loses */
			sv->val[i] = V_LOSS(loss + 1);
			if ((rc = push(sv, (size_t)loss + 1, i)) != 0)
				break;
		}
	}
out:
	yote_movelist_free(&l);
	return rc;
}

/*
 * The positions with an in-class move to q: the side that moved stepped
 * or self-jumped onto one of its pieces.  Calls back with each index.
 */
static int
unmoves(struct solver *sv, const struct yote_pos *q,
    int (*fn)(struct solver *, uint64_t, unsigned), unsigned k)
{
	const struct yote_rules *r = &sv->tb->solve;
	int s = !q->side, d, x, y, rc;
	uint64_t own = q->pieces[s], empty = empty_squares(r, q), b;
	struct yote_pos p;

	if (r->opening == YOTE_OPEN_HAND_FIRST && q->hand[s] > 0)
		return 0;
	for (b = own; b; b &= b - 1) {
		x = lsb64(b);
		for (d = 0; d < 4; d++) {
			y = r->adj[x][d];
			if (y >= 0 && (empty & BIT(y))) {
				p = *q;
				p.side = (uint8_t)s;
				p.pieces[s] = (own & ~BIT(x)) | BIT(y);
				if ((rc = fn(sv, pos_index(sv->tb, sv->c, &p),
				    k)) != 0)
					return rc;
			}
			y = r->jump[x][d];
			if (r->selfjump == YOTE_SJ_PLAIN && y >= 0 &&
			    (empty & BIT(y)) && (own & BIT(r->adj[x][d]))) {
				p = *q;
				p.side = (uint8_t)s;
				p.pieces[s] = (own & ~BIT(x)) | BIT(y);
				if ((rc = fn(sv, pos_index(sv->tb, sv->c, &p),
				    k)) != 0)
					return rc;
			}
		}
	}
	return 0;
}

/* A move of i leads to a position lost in k - 1: i wins in k. */
static int
back_from_loss(struct solver *sv, uint64_t i, unsigned k)
{
	if (sv->val[i] != V_UNKNOWN)
		return 0;
	sv->val[i] = V_WIN(k);
	return push(sv, k, i);
}

/* A move of i leads to a position the opponent wins in k - 1. */
static int
back_from_win(struct solver *sv, uint64_t i, unsigned k)
{
	if (sv->val[i] != V_UNKNOWN)
		return 0;
	if (sv->maxd[i] < k - 1)
		sv->maxd[i] = (uint16_t)(k - 1);
	if (--sv->cnt[i] > 0 || (sv->flag[i] & F_NOLOSS))
		return 0;
	sv->val[i] = V_LOSS(sv->maxd[i] + 1);
	return push(sv, (size_t)sv->maxd[i] + 1, i);
}

static int
solve_levels(struct solver *sv, struct yote_error *err)
{
	struct yote_pos q;
	size_t k, j;
	uint64_t i;
	uint16_t v;
	int rc;

	for (k = 0; k < sv->nlev; k++) {
		if (k >= MAX_DIST)
			return yote_error_set(err, YOTE_ELIMIT,
			    "a distance beyond %d plies", MAX_DIST);
		for (j = 0; j < sv->lev[k].n; j++) {
			i = sv->lev[k].v[j];
			if (sv->flag[i] & F_DONE)
				continue;
			if (sv->val[i] == V_UNKNOWN)
				sv->val[i] = V_WIN(k);  /* by a move out */
			v = sv->val[i];
			if (v != V_WIN(k) && v != V_LOSS(k))
				continue;       /* decided earlier otherwise */
			sv->flag[i] |= F_DONE;
			pos_unindex(sv->tb, sv->c, i, &q);
			rc = unmoves(sv, &q, (v & 1) ? back_from_win :
			    back_from_loss, (unsigned)k + 1);
			if (rc != 0)
				return yote_error_set(err, rc, "out of memory");
		}
		free(sv->lev[k].v);
		sv->lev[k].v = NULL;
	}
	return 0;
}

static int
solve_class(struct yote_tb *tb, const struct yote_tb_class *c,
    struct table *t, struct yote_error *err)
{
	struct solver sv;
	uint64_t i;
	size_t k;
	int rc;

	memset(&sv, 0, sizeof(sv));
	sv.tb = tb;
	sv.c = c;
	sv.val = t->v;
	sv.cnt = malloc(t->n);
	sv.flag = malloc(t->n);
	sv.maxd = malloc(t->n * sizeof(*sv.maxd));
	if (!sv.cnt || !sv.flag || !sv.maxd) {
		rc = yote_error_set(err, YOTE_ENOMEM, "out of memory");
		goto out;
	}
	for (i = 0; i < t->n; i++)
		sv.val[i] = V_UNKNOWN;
	memset(sv.flag, 0, t->n);
	if ((rc = solve_init(&sv, t->n, err)) != 0 ||
	    (rc = solve_levels(&sv, err)) != 0)
		goto out;
	/* what no side can force is a draw, cycles included */
	for (i = 0; i < t->n; i++)
		if (sv.val[i] == V_UNKNOWN)
			sv.val[i] = V_DRAW;
out:
	if (rc == YOTE_ENOMEM && err && !err->msg[0])
		yote_error_set(err, rc, "out of memory");
	for (k = 0; k < sv.nlev; k++)
		free(sv.lev[k].v);
	free(sv.lev);
	free(sv.cnt);
	free(sv.flag);
	free(sv.maxd);
	return rc;
}

static void
count_stats(const struct table *t, struct yote_tb_stats *st)
{
	uint64_t i;
	unsigned d;

	st->positions = t->n;
	st->wins = st->draws = st->losses = 0;
	st->longest = 0;
	for (i = 0; i < t->n; i++) {
		if (t->v[i] == V_DRAW) {
			st->draws++;
			continue;
		}
		d = (t->v[i] - 1u) / 2u;
		if (t->v[i] & 1)
			st->wins++;
		else
			st->losses++;
		if ((int)d > st->longest)
			st->longest = (int)d;
	}
}

/*
 * The rules treat both sides alike (only the ply counter, which the
 * tables leave out, says who began), so a class is its colour-swapped
 * class with the sides exchanged: copied, not solved again.
 */
static int
mirror_class(struct yote_tb *tb, const struct yote_tb_class *c,
    const struct yote_tb_class *swapped, struct table *t,
    struct yote_error *err)
{
	struct table *o;
	struct yote_pos p, q;
	uint64_t i;
	int rc;

	if ((rc = get_table(tb, swapped, &o, NULL, err)) != 0)
		return rc;
	for (i = 0; i < t->n; i++) {
		pos_unindex(tb, c, i, &p);
		q = p;
		q.pieces[0] = p.pieces[1];
		q.pieces[1] = p.pieces[0];
		q.hand[0] = p.hand[1];
		q.hand[1] = p.hand[0];
		q.side = (uint8_t)!p.side;
		t->v[i] = o->v[pos_index(tb, swapped, &q)];
	}
	return 0;
}

/* The solved table of class c, from memory, the cache or solving. */
static int
get_table(struct yote_tb *tb, const struct yote_tb_class *c,
    struct table **out, struct yote_tb_stats *st, struct yote_error *err)
{
	struct table *t = &tb->tab[class_key(tb, c)];
	struct yote_tb_class swapped;
	uint64_t n0, n1, bytes = 0;
	int rc = 0, wrc;

	if (st)
		memset(st, 0, sizeof(*st));
	*out = t;
	if (t->state == 1)
		goto done;
	if (t->state == 2)
		return 1;       /* looked for once is enough */
	class_sizes(tb, c, &n0, &n1);
	t->n = 2 * n0 * n1;
	t->v = malloc(t->n * sizeof(*t->v));
	if (!t->v)
		return yote_error_set(err, YOTE_ENOMEM, "out of memory");
	if (tb->dir && !(tb->flags & YOTE_TB_NO_CACHE) &&
	    load_table(tb, c, t)) {
		t->state = 1;
		goto done;
	}
	if (tb->flags & YOTE_TB_NO_BUILD) {
		free(t->v);
		t->v = NULL;
		t->state = 2;
		return 1;
	}
	swapped.board[0] = c->board[1];
	swapped.hand[0] = c->hand[1];
	swapped.board[1] = c->board[0];
	swapped.hand[1] = c->hand[0];
	if (class_key(tb, &swapped) < class_key(tb, c))
		rc = mirror_class(tb, c, &swapped, t, err);
	else
		rc = solve_class(tb, c, t, err);
	if (rc != 0)
		goto fail;
	t->state = 1;
	if (st)
		st->built = 1;
	if (tb->dir && !(tb->flags & YOTE_TB_NO_CACHE)) {
		/* a table that cannot be saved still serves from memory */
		wrc = save_table(tb, c, t, &bytes, st ? err : NULL);
		if (st) {
			st->file_bytes = bytes;
			if (wrc != 0)
				st->save_error = wrc;
		}
	}
done:
	if (st)
		count_stats(t, st);
	return 0;
fail:
	free(t->v);
	t->v = NULL;
	t->n = 0;
	return rc;
}

/* ---------------------------------------------------------------- API */

static char *
default_dir(void)
{
	const char *e;
	char *d;
	size_t len;

	if ((e = getenv("YOTE_TB_DIR")) && *e)
		return strdup(e);
	if ((e = getenv("XDG_CACHE_HOME")) && *e) {
		len = strlen(e) + 16;
		if ((d = malloc(len)))
			snprintf(d, len, "%s/yote/tb", e);
		return d;
	}
	if ((e = getenv("HOME")) && *e) {
		len = strlen(e) + 24;
		if ((d = malloc(len)))
			snprintf(d, len, "%s/.cache/yote/tb", e);
		return d;
	}
	return NULL;
}

int
yote_tb_open(const struct yote_rules *r, const char *dir, int max_pieces,
    unsigned flags, struct yote_tb **out, struct yote_error *err)
{
	struct yote_tb *tb;
	size_t ncls;
	int i, j;

	*out = NULL;
	if (max_pieces < 1 || max_pieces > YOTE_TB_MAX_PIECES)
		return yote_error_set(err, YOTE_EVALUE,
		    "endgame tables cover 1 to %d pieces, not %d",
		    YOTE_TB_MAX_PIECES, max_pieces);
	tb = calloc(1, sizeof(*tb));
	if (!tb)
		return yote_error_set(err, YOTE_ENOMEM, "out of memory");
	tb->rules = *r;
	tb->solve = *r;
	tb->solve.move_limit = 0;
	tb->max = max_pieces;
	tb->dim = max_pieces + 1;
	tb->flags = flags;
	tb->hash = rules_hash(r);
	ncls = (size_t)tb->dim * tb->dim * tb->dim * tb->dim;
	tb->tab = calloc(ncls, sizeof(*tb->tab));
	if (!(flags & YOTE_TB_NO_CACHE))
		tb->dir = dir ? strdup(dir) : default_dir();
	if (!tb->tab || (!(flags & YOTE_TB_NO_CACHE) && !tb->dir && dir)) {
		yote_tb_close(tb);
		return yote_error_set(err, YOTE_ENOMEM, "out of memory");
	}
	for (i = 0; i <= YOTE_MAX_SQUARES; i++) {
		tb->binom[i][0] = 1;
		for (j = 1; j <= i; j++)
			tb->binom[i][j] = tb->binom[i - 1][j - 1] +
			    (j < i ? tb->binom[i - 1][j] : 0);
	}
	*out = tb;
	return 0;
}

void
yote_tb_close(struct yote_tb *tb)
{
	size_t i, ncls;

	if (!tb)
		return;
	if (tb->tab) {
		ncls = (size_t)tb->dim * tb->dim * tb->dim * tb->dim;
		for (i = 0; i < ncls; i++)
			free(tb->tab[i].v);
	}
	free(tb->tab);
	free(tb->dir);
	free(tb);
}

const char *
yote_tb_dir(const struct yote_tb *tb)
{
	return tb->dir;
}

int
yote_tb_covers(const struct yote_tb *tb, const struct yote_pos *p)
{
	struct yote_tb_class c;

	if ((p->pieces[0] | p->pieces[1]) & ~tb->rules.board ||
	    (p->pieces[0] & p->pieces[1]) || p->side > 1)
		return 0;
	if (tb->rules.opening == YOTE_OPEN_FIRST_PLACE && p->ply <= 2)
		return 0;
	class_of(p, &c);
	return class_valid(tb, &c);
}

int
yote_tb_serves(const struct yote_tb *tb, const struct yote_rules *r)
{
	return &tb->rules == r || (rules_hash(r) == tb->hash &&
	    r->board == tb->rules.board && r->move_limit ==
	    tb->rules.move_limit);
}

int
yote_tb_ready(const struct yote_tb *tb, const struct yote_pos *p)
{
	struct yote_tb_class c;

	class_of(p, &c);
	return tb->tab[class_key(tb, &c)].state != 0;
}

size_t
yote_tb_classes(const struct yote_tb *tb, struct yote_tb_class *out)
{
	struct yote_tb_class c;
	size_t n = 0;
	int t, ht, b0, h0;

	/* by remaining pieces, then by pieces in hand: the order of the DAG */
	for (t = 0; t <= tb->max; t++)
		for (ht = 0; ht <= t; ht++)
			for (b0 = 0; b0 <= t - ht; b0++)
				for (h0 = 0; h0 <= ht; h0++) {
					c.board[0] = b0;
					c.hand[0] = h0;
					c.board[1] = t - ht - b0;
					c.hand[1] = ht - h0;
					if (!class_valid(tb, &c))
						continue;
					if (out)
						out[n] = c;
					n++;
				}
	return n;
}

int
yote_tb_build(struct yote_tb *tb, const struct yote_tb_class *c,
    struct yote_tb_stats *st, struct yote_error *err)
{
	struct yote_tb_stats tmp;
	struct table *t;
	int rc;

	if (!class_valid(tb, c))
		return yote_error_set(err, YOTE_EVALUE,
		    "material class %d+%d against %d+%d is not covered",
		    c->board[0], c->hand[0], c->board[1], c->hand[1]);
	if (!st)
		st = &tmp;
	rc = get_table(tb, c, &t, st, err);
	if (rc == 1)
		return yote_error_set(err, YOTE_EVALUE,
		    "no table on disk and building is off");
	return rc != 0 ? rc : st->save_error;
}

int
yote_tb_probe(struct yote_tb *tb, const struct yote_pos *p, int *wdl,
    int *plies, struct yote_error *err)
{
	struct yote_tb_class c;
	struct yote_outcome o;
	struct table *t;
	uint16_t v;
	int rc, d;

	if (!yote_tb_covers(tb, p))
		return 0;
	/* a finished game, the move limit included, needs no table */
	yote_pos_outcome(&tb->rules, p, &o);
	if (o.result != YOTE_RES_NONE) {
		v = terminal_value(p, &o);
	} else {
		class_of(p, &c);
		rc = get_table(tb, &c, &t, NULL, err);
		if (rc != 0)
			return rc > 0 ? 0 : rc;
		v = t->v[pos_index(tb, &c, p)];
	}
	d = v == V_DRAW ? 0 : (v - 1) / 2;
	if (v != V_DRAW && tb->rules.move_limit &&
	    (uint64_t)p->since_capture + (uint64_t)d >
	    (uint64_t)tb->rules.move_limit)
		return 0;       /* the counter may cut the win short */
	*wdl = v == V_DRAW ? 0 : (v & 1) ? 1 : -1;
	*plies = d;
	return 1;
}

int
yote_tb_score(int wdl, int plies)
{
	return wdl > 0 ? YOTE_WIN - plies : wdl < 0 ? -(YOTE_WIN - plies) : 0;
}
