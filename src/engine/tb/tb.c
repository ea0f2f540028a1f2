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
 * does.  For the rest, as Syzygy does for chess's 50-move rule, a second
 * retrograde pass gives every won or lost position its distance to
 * zeroing (dtz): the plies to the first capture or the end, the winner
 * keeping the win and hurrying, the loser delaying.  A placement leaves
 * the class but does not zero the counter, so it adds 1 to the dtz it
 * leads to.  Under a limit L, counter c, the value is kept when c + dtz
 * <= L and is a draw otherwise, provided no position a capture can lead
 * to (the table's reach) has a dtz above L; else the probe says it does
 * not know.  The ply counter only matters for first-move-placement at
 * plies 1 and 2, which the tables do not cover.
 */
#include <stdlib.h>
#include <string.h>

#include "tb_int.h"

/* ---------------------------------------------------------------- indexing */

static void
class_of(const struct yote_pos *p, struct yote_tb_class *c)
{
	c->board[0] = popcount64(p->pieces[0]);
	c->board[1] = popcount64(p->pieces[1]);
	c->hand[0] = p->hand[0];
	c->hand[1] = p->hand[1];
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

	tb_class_sizes(tb, c, &n0, &n1);
	return ((uint64_t)p->side * n0 + set_rank(tb, p->pieces[0], 0)) * n1 +
	    set_rank(tb, p->pieces[1], p->pieces[0]);
}

static void
pos_unindex(const struct yote_tb *tb, const struct yote_tb_class *c,
    uint64_t i, struct yote_pos *p)
{
	uint64_t n0, n1;

	tb_class_sizes(tb, c, &n0, &n1);
	memset(p, 0, sizeof(*p));
	p->hand[0] = (uint8_t)c->hand[0];
	p->hand[1] = (uint8_t)c->hand[1];
	p->ply = 3;             /* past any first-move-placement */
	p->pieces[0] = set_unrank(tb, i / n1 % n0, c->board[0], 0);
	p->pieces[1] = set_unrank(tb, i % n1, c->board[1], p->pieces[0]);
	p->side = (uint8_t)(i / n1 / n0);
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
	uint8_t *z;             /* dtz: the table's, and while solving the
				   winner's best by a move out */
	uint8_t *zout;          /* the loser's longest dtz by a move out */
	uint8_t *inside;        /* in-class moves */
	int reach;              /* for the table's reach */
	struct level *lev;      /* by level */
	size_t nlev;
};

#define F_NOLOSS 1      /* a move leaves the class for a draw or a win */
#define F_DONE 2        /* propagated */
#define F_ZDONE 4       /* dtz propagated */

/* One ply more than dtz z, saturated. */
static unsigned
z_plus1(unsigned z)
{
	return z >= Z_LONG - 1 ? Z_LONG : z + 1;
}

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
	unsigned d, zwin, zall, step;
	uint64_t ci;

	for (i = 0; i < n; i++) {
		if (yote_tb_out_of_time(tb)) {
			rc = TB_STOPPED;
			break;
		}
		pos_unindex(tb, sv->c, i, &p);
		yote_pos_outcome(r, &p, &o);
		if (o.result != YOTE_RES_NONE) {
			sv->val[i] = terminal_value(&p, &o);
			sv->z[i] = 0;
			sv->inside[i] = 0;
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
		zwin = Z_LONG;
		zall = 0;
		for (j = 0; j < nm; j++) {
			q = p;
			yote_pos_play(r, &q, &l.v[j]);
			class_of(&q, &cc);
			if (tb_class_key(tb, &cc) == tb_class_key(tb, sv->c)) {
				inside++;
				continue;
			}
			rc = get_table(tb, &cc, &t, NULL, err);
			if (rc != 0)
				goto out;
			ci = pos_index(tb, &cc, &q);
			cv = t->v[ci];
			d = cv == V_DRAW ? 0 : (cv - 1u) / 2u;
			/* a capture zeroes the counter (and so does any move
			   out but a placement); a placement does not */
			if (tb_class_total(&cc) < tb_class_total(sv->c)) {
				step = 1;
				if (sv->reach < t->maxz)
					sv->reach = t->maxz;
			} else
				step = z_plus1(t->z[ci]);
			if (sv->reach < t->reach)
				sv->reach = t->reach;
			if (zall < step)
				zall = step;
			if (cv != V_DRAW && !(cv & 1) && step < zwin)
				zwin = step;    /* keeps the win */
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
		sv->inside[i] = (uint8_t)inside;
		sv->z[i] = (uint8_t)zwin;
		sv->zout[i] = (uint8_t)zall;
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
	int s = !q->side, d, x, i, to[2], rc;
	uint64_t own = q->pieces[s], empty = empty_squares(r, q), b;
	struct yote_pos p;

	if (r->opening == YOTE_OPEN_HAND_FIRST && q->hand[s] > 0)
		return 0;
	for (b = own; b; b &= b - 1) {
		x = lsb64(b);
		for (d = 0; d < 4; d++) {
			/* a step, then a plain self-jump */
			to[0] = r->adj[x][d];
			if (to[0] >= 0 && !(empty & BIT(to[0])))
				to[0] = -1;
			to[1] = r->selfjump == YOTE_SJ_PLAIN ?
			    jump_to(r, x, d, own, empty) : -1;
			for (i = 0; i < 2; i++) {
				if (to[i] < 0)
					continue;
				p = *q;
				p.side = (uint8_t)s;
				p.pieces[s] = (own & ~BIT(x)) | BIT(to[i]);
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
			if (yote_tb_out_of_time(sv->tb))
				return TB_STOPPED;
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

/* i moves to a position lost with dtz k - 1: i, a win, can reach it. */
static int
z_from_loss(struct solver *sv, uint64_t i, unsigned k)
{
	if ((sv->flag[i] & F_ZDONE) || k >= sv->z[i])
		return 0;
	sv->z[i] = (uint8_t)k;
	return push(sv, k, i);
}

/* i moves to a position won with dtz k - 1: if i is lost, one more move
   of its is known. */
static int
z_from_win(struct solver *sv, uint64_t i, unsigned k)
{
	uint16_t v = sv->val[i];

	if (v == V_DRAW || (v & 1))
		return 0;       /* not a loss: the move gives up the value */
	if (sv->maxd[i] < k)
		sv->maxd[i] = (uint16_t)k;
	if (--sv->cnt[i] > 0)
		return 0;
	sv->z[i] = (uint8_t)(sv->maxd[i] < Z_LONG ? sv->maxd[i] : Z_LONG);
	return sv->z[i] < Z_LONG ? push(sv, sv->z[i], i) : 0;
}

/*
 * The distance to zeroing, once the values are known: retrograde again,
 * by levels of dtz, over the moves that keep the value (every move of the
 * loser, the winner's moves to lost positions).  Level k holds positions
 * with dtz k; distances of Z_LONG plies or more are stored as Z_LONG.
 */
/* Position i has dtz k when it comes up at level k and is not done. */
static int
z_settle(struct solver *sv, uint64_t i, size_t k)
{
	struct yote_pos q;

	if ((sv->flag[i] & F_ZDONE) || sv->z[i] != k)
		return 0;       /* done already, or queued for a longer dtz */
	sv->flag[i] |= F_ZDONE;
	pos_unindex(sv->tb, sv->c, i, &q);
	return unmoves(sv, &q, (sv->val[i] & 1) ? z_from_win : z_from_loss,
	    (unsigned)k + 1);
}

static int
solve_dtz(struct solver *sv, uint64_t n, struct yote_error *err)
{
	size_t k, j;
	uint64_t i;
	uint16_t v;
	int rc;

	for (k = 0; k < sv->nlev; k++) {
		free(sv->lev[k].v);
		memset(&sv->lev[k], 0, sizeof(sv->lev[k]));
	}
	for (i = 0; i < n; i++) {
		v = sv->val[i];
		sv->flag[i] &= (uint8_t)~F_ZDONE;
		rc = 0;
		if (v == V_DRAW)
			sv->z[i] = 0;
		else if (v == V_WIN(0) || v == V_LOSS(0))
			rc = push(sv, 0, i);    /* finished */
		else if (v & 1) {
			if (sv->z[i] < Z_LONG)
				rc = push(sv, sv->z[i], i);
		} else {
			sv->cnt[i] = sv->inside[i];
			sv->maxd[i] = sv->zout[i];
			if (sv->inside[i] == 0) {
				sv->z[i] = sv->zout[i];
				if (sv->z[i] < Z_LONG)
					rc = push(sv, sv->z[i], i);
			}
		}
		if (rc != 0)
			return yote_error_set(err, rc, "out of memory");
	}
	for (k = 0; k < sv->nlev && k < Z_LONG; k++) {
		for (j = 0; j < sv->lev[k].n; j++) {
			if (yote_tb_out_of_time(sv->tb))
				return TB_STOPPED;
			if ((rc = z_settle(sv, sv->lev[k].v[j], k)) != 0)
				return yote_error_set(err, rc, "out of memory");
		}
		free(sv->lev[k].v);
		sv->lev[k].v = NULL;
	}
	for (i = 0; i < n; i++)
		if (sv->val[i] != V_DRAW && !(sv->flag[i] & F_ZDONE))
			sv->z[i] = Z_LONG;
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
	sv.z = t->z;
	sv.cnt = malloc(t->n);
	sv.flag = malloc(t->n);
	sv.maxd = malloc(t->n * sizeof(*sv.maxd));
	sv.zout = malloc(t->n);
	sv.inside = malloc(t->n);
	if (!sv.cnt || !sv.flag || !sv.maxd || !sv.zout || !sv.inside) {
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
	if ((rc = solve_dtz(&sv, t->n, err)) != 0)
		goto out;
	t->maxz = 0;
	for (i = 0; i < t->n; i++)
		if (t->z[i] > t->maxz)
			t->maxz = t->z[i];
	t->reach = sv.reach;
out:
	if (rc == YOTE_ENOMEM && err && !err->msg[0])
		yote_error_set(err, rc, "out of memory");
	for (k = 0; k < sv.nlev; k++)
		free(sv.lev[k].v);
	free(sv.lev);
	free(sv.cnt);
	free(sv.flag);
	free(sv.maxd);
	free(sv.zout);
	free(sv.inside);
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
	st->longest_dtz = t->maxz;
	st->reach = t->reach;
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
		if (yote_tb_out_of_time(tb))
			return TB_STOPPED;
		pos_unindex(tb, c, i, &p);
		q = p;
		q.pieces[0] = p.pieces[1];
		q.pieces[1] = p.pieces[0];
		q.hand[0] = p.hand[1];
		q.hand[1] = p.hand[0];
		q.side = (uint8_t)!p.side;
		t->v[i] = o->v[pos_index(tb, swapped, &q)];
		t->z[i] = o->z[pos_index(tb, swapped, &q)];
	}
	t->maxz = o->maxz;
	t->reach = o->reach;
	return 0;
}

/* Class c with the sides exchanged. */
static void
class_swap(const struct yote_tb_class *c, struct yote_tb_class *sw)
{
	sw->board[0] = c->board[1];
	sw->hand[0] = c->hand[1];
	sw->board[1] = c->board[0];
	sw->hand[1] = c->hand[0];
}

/* The solved table of class c, from memory, the cache or solving. */
static int
get_table(struct yote_tb *tb, const struct yote_tb_class *c,
    struct table **out, struct yote_tb_stats *st, struct yote_error *err)
{
	struct table *t = &tb->tab[tb_class_key(tb, c)];
	struct yote_tb_class swapped;
	uint64_t n0, n1, bytes = 0;
	int rc = 0, wrc;

	if (st)
		memset(st, 0, sizeof(*st));
	*out = t;
	if (t->state == 1)
		goto done;
	if (t->state != 0)
		return 1;       /* looked for once is enough */
	tb_class_sizes(tb, c, &n0, &n1);
	t->n = 2 * n0 * n1;
	t->v = malloc(t->n * sizeof(*t->v));
	t->z = malloc(t->n);
	if (!t->v || !t->z) {
		rc = yote_error_set(err, YOTE_ENOMEM, "out of memory");
		goto fail;
	}
	if (tb->dir && !(tb->flags & YOTE_TB_NO_CACHE) &&
	    yote_tb_load(tb, c, t)) {
		t->state = 1;
		tb->held += KEEP_BYTES * t->n;
		goto done;
	}
	if (tb->flags & YOTE_TB_NO_BUILD) {
		yote_tb_table_free(tb, t);
		t->state = 2;
		return 1;
	}
	class_swap(c, &swapped);
	if (tb_class_key(tb, &swapped) < tb_class_key(tb, c))
		rc = mirror_class(tb, c, &swapped, t, err);
	else
		rc = solve_class(tb, c, t, err);
	if (rc != 0)
		goto fail;
	t->state = 1;
	tb->held += KEEP_BYTES * t->n;
	if (st)
		st->built = 1;
	if (tb->dir && !(tb->flags & YOTE_TB_NO_CACHE)) {
		/* a table that cannot be saved still serves from memory */
		wrc = yote_tb_save(tb, c, t, &bytes, st ? err : NULL);
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
	yote_tb_table_free(tb, t);
	if (rc == YOTE_ENOMEM && !(t->noted & 1U << YOTE_TB_NOTE_MEMORY)) {
		t->noted |= 1U << YOTE_TB_NOTE_MEMORY;
		yote_tb_note_class(tb, YOTE_TB_NOTE_MEMORY, c, "is not built: out of "
		    "memory; its positions are searched instead");
	}
	if (rc < 0)
		t->state = 3;
	return rc;
}

/*
 * The table of class c for a probe or yote_tb_build: get_table within
 * the memory cap and the search's budget.  A build the deadline stopped
 * is not tried again with as little time.
 */
static int
get_admitted(struct yote_tb *tb, const struct yote_tb_class *c,
    struct table **out, struct yote_tb_stats *st, struct yote_error *err)
{
	struct table *t = &tb->tab[tb_class_key(tb, c)];
	long left;
	int rc;

	*out = t;
	if ((t->state == 0 || t->state == 1) && yote_tb_admit(tb, c, t) != 0)
		return 1;
	left = yote_tb_ms_left(tb);
	rc = get_table(tb, c, out, st, err);
	if (rc == TB_STOPPED) {
		yote_tb_stopped(tb, c, t, left);
		return 1;
	}
	return rc;
}

/* ---------------------------------------------------------------- API */

/* The cache directory when none is given, and in *base the length of
 * its part that must exist ($HOME, the folder of $XDG_CACHE_HOME): never
 * made. */
static char *
default_dir(size_t *base)
{
	const char *e;
	char *d;
	size_t len;

	*base = 0;
	if ((e = getenv("YOTE_TB_DIR")) && *e)
		return strdup(e);
	/* relative: invalid, as the XDG base directory specification has it */
	if ((e = getenv("XDG_CACHE_HOME")) && *e == '/') {
		len = strlen(e) + 16;
		if ((d = malloc(len)))
			snprintf(d, len, "%s/yote/tb", e);
		for (len = strlen(e); len > 1 && e[len - 1] == '/'; len--)
			;
		while (len > 0 && e[len - 1] != '/')
			len--;
		*base = len > 1 ? len - 1 : 0;
		return d;
	}
	if ((e = getenv("HOME")) && *e) {
		len = strlen(e) + 24;
		if ((d = malloc(len)))
			snprintf(d, len, "%s/.cache/yote/tb", e);
		*base = strlen(e);
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
	tb->memory = YOTE_TB_MEMORY;
	tb->hash = yote_tb_rules_hash(r);
	ncls = (size_t)tb->dim * tb->dim * tb->dim * tb->dim;
	tb->tab = calloc(ncls, sizeof(*tb->tab));
	if (!(flags & YOTE_TB_NO_CACHE))
		tb->dir = dir ? strdup(dir) : default_dir(&tb->dir_base);
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
		for (i = 0; i < ncls; i++) {
			free(tb->tab[i].v);
			free(tb->tab[i].z);
		}
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

	class_of(p, &c);
	/* most positions a search asks about: too many pieces (the same
	 * answer as yote_tb_class_valid's, without the call) */
	if (tb_class_total(&c) > tb->max)
		return 0;
	if ((p->pieces[0] | p->pieces[1]) & ~tb->rules.board ||
	    (p->pieces[0] & p->pieces[1]) || p->side > 1)
		return 0;
	if (tb->rules.opening == YOTE_OPEN_FIRST_PLACE && p->ply <= 2)
		return 0;
	return yote_tb_class_valid(tb, &c);
}

int
yote_tb_serves(const struct yote_tb *tb, const struct yote_rules *r)
{
	return &tb->rules == r || (yote_tb_rules_hash(r) == tb->hash &&
	    r->board == tb->rules.board && r->move_limit ==
	    tb->rules.move_limit);
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
					if (!yote_tb_class_valid(tb, &c))
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

	if (!yote_tb_class_valid(tb, c))
		return yote_error_set(err, YOTE_EVALUE,
		    "material class %d+%d against %d+%d is not covered",
		    c->board[0], c->hand[0], c->board[1], c->hand[1]);
	if (!st)
		st = &tmp;
	rc = get_admitted(tb, c, &t, st, err);
	if (rc == 1 && t->state == 2)
		return yote_error_set(err, YOTE_EVALUE,
		    "no table on disk and building is off");
	if (rc == 1 && t->state == 3)
		return yote_error_set(err, YOTE_ELIMIT, "material class "
		    "%d+%d against %d+%d is not built: it needs more memory "
		    "than the tables may take", c->board[0], c->hand[0],
		    c->board[1], c->hand[1]);
	if (rc == 1)
		return yote_error_set(err, YOTE_ELIMIT, "material class "
		    "%d+%d against %d+%d is beyond the budget",
		    c->board[0], c->hand[0], c->board[1], c->hand[1]);
	return rc != 0 ? rc : st->save_error;
}

int
yote_tb_probe(struct yote_tb *tb, const struct yote_pos *p, int *wdl,
    int *plies, struct yote_error *err)
{
	struct yote_tb_class c;
	struct yote_outcome o;
	struct table *t = NULL;
	uint64_t i = 0, lim = (uint64_t)tb->rules.move_limit;
	uint16_t v;
	int d, w;

	if (!yote_tb_covers(tb, p))
		return 0;
	/* a finished game, the move limit included, needs no table */
	yote_pos_outcome(&tb->rules, p, &o);
	if (o.result != YOTE_RES_NONE) {
		v = terminal_value(p, &o);
	} else {
		class_of(p, &c);
		if (get_admitted(tb, &c, &t, NULL, err) != 0)
			return 0;       /* not to be had now: unknown */
		i = pos_index(tb, &c, p);
		v = t->v[i];
	}
	d = v == V_DRAW ? 0 : (v - 1) / 2;
	w = v == V_DRAW ? 0 : (v & 1) ? 1 : -1;
	if (t && v != V_DRAW && lim && p->since_capture + (uint64_t)d > lim) {
		if (t->z[i] == Z_LONG || t->reach == Z_LONG ||
		    (uint64_t)t->reach > lim)
			return 0;       /* a capture may lead to a cursed
					   position */
		if (p->since_capture + (uint64_t)t->z[i] > lim)
			w = d = 0;      /* the counter runs out first */
		/* else d, the distance without the limit, is a lower bound */
	}
	*wdl = w;
	*plies = d;
	return 1;
}

int
yote_tb_score(int wdl, int plies)
{
	return wdl > 0 ? YOTE_WIN - plies : wdl < 0 ? -(YOTE_WIN - plies) : 0;
}
