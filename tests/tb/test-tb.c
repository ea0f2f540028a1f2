/*
 * test-tb.c - the endgame tables' tests (TAP): src/tb.c against the
 * library's move generator, against a brute-force search, and its cache.
 *
 * usage: test-tb [-v]   (run from the project root; files in a fresh
 *                        temporary directory, removed at the end)
 *
 *  1. Consistency, on the tiny rulesets of tests/tb/ (every rule option
 *     between them) and tests/rules/tiny.yaml: every position of every
 *     class up to the ruleset's limit is probed, and its value must follow
 *     from its children's, one ply down, through yote_gen_moves: a win in
 *     d has a move to a position lost in d - 1 and none faster; a loss in
 *     d has only moves to positions the opponent wins, the slowest in
 *     d - 1; a draw has a drawing move and no winning one; a finished game
 *     is 0 plies from its result.  (The move limit is left out here, as
 *     the tables leave it out.)
 *  2. Brute force: on positions spread over the classes, a depth-limited
 *     search with no tables decides exactly the wins and losses of d plies
 *     or fewer, with the same d, and nothing else.
 *  3. The move limit: under a limit above every dtz, the dtz each probe
 *     implies follows from the moves (the winner's least over moves that
 *     keep the win, the loser's greatest; a capture counts 1); under a
 *     small limit, the probes at the last counters before it agree with
 *     a search that carries the counter up to the next capture.
 *  4. A known result: under ndar-kepp, three pieces against one in the
 *     position the engine's tests use is a win in 11 plies up to a
 *     counter of 109 and a draw from 110; coverage.
 *  5. The cache: where files go, a round trip, a damaged, cut, foreign or
 *     format-1 file rebuilt, a directory that cannot be written.
 *
 * -v prints the first mismatches as TAP comments.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "yote.h"
#include "tap.h"

static int verbose;
static char tmpdir[256];

/* The rulesets and the pieces their tables go up to. */
static const struct {
	const char *file;
	int max;
	unsigned long every;    /* brute force on every nth position */
} tiny[] = {
	{ "tests/tb/tb-chain-plain.yaml", 5, 997 },
	{ "tests/tb/tb-bridge-captured.yaml", 5, 1999 },
	{ "tests/tb/tb-optional.yaml", 5, 997 },
	{ "tests/tb/tb-hand-any.yaml", 5, 1999 },
	{ "tests/tb/tb-hand-bridge.yaml", 5, 997 },
	{ "tests/tb/tb-chain-any.yaml", 4, 997 },
	{ "tests/rules/tiny.yaml", 6, 37 },
};

/* ---------------------------------------------------------------- positions */

typedef void (*pos_fn)(void *ctx, const struct yote_pos *p);

static void
each_board(const struct yote_rules *r, int sq, int left, struct yote_pos *p,
    int max, pos_fn fn, void *ctx)
{
	int used, h0, h1, s;

	if (sq == r->squares) {
		used = __builtin_popcountll(p->pieces[0] | p->pieces[1]);
		for (h0 = 0; h0 + used <= max && h0 <= r->pieces; h0++)
			for (h1 = 0; h0 + h1 + used <= max &&
			    h1 <= r->pieces; h1++)
				for (s = 0; s < 2; s++) {
					if (__builtin_popcountll(p->pieces[0])
					    + h0 > r->pieces ||
					    __builtin_popcountll(p->pieces[1])
					    + h1 > r->pieces)
						continue;
					p->hand[0] = (uint8_t)h0;
					p->hand[1] = (uint8_t)h1;
					p->side = (uint8_t)s;
					fn(ctx, p);
				}
		return;
	}
	each_board(r, sq + 1, left, p, max, fn, ctx);
	if (left == 0)
		return;
	for (s = 0; s < 2; s++) {
		p->pieces[s] |= (uint64_t)1 << sq;
		each_board(r, sq + 1, left - 1, p, max, fn, ctx);
		p->pieces[s] &= ~((uint64_t)1 << sq);
	}
}

/* Every position with at most max pieces in all, at ply 5. */
static void
each_pos(const struct yote_rules *r, int max, pos_fn fn, void *ctx)
{
	struct yote_pos p;

	memset(&p, 0, sizeof(p));
	p.ply = 5;
	each_board(r, 0, max, &p, max, fn, ctx);
}

/* ---------------------------------------------------------------- consistency */

struct cons {
	struct yote_tb *tb;
	const struct yote_rules *r;     /* the ruleset without move limit */
	struct yote_movelist l;
	unsigned long positions, bad, wins, draws, losses;
	unsigned long sample, every;    /* brute force: every nth position */
	struct yote_pos picked[64];
	int npicked;
};

static void
mismatch(struct cons *c, const struct yote_pos *p, const char *why)
{
	char buf[YOTE_POS_TEXT];

	if (c->bad++ < 5 && verbose)
		printf("# %s: %s\n", yote_pos_format(c->r, p, buf), why);
}

static void
check_pos(void *ctx, const struct yote_pos *p)
{
	struct cons *c = ctx;
	struct yote_outcome o;
	struct yote_error err;
	struct yote_pos q;
	int wdl, d, cw, cd, minloss = -1, maxwin = -1, alwin = 1, draw = 0;
	long n, i;

	c->positions++;
	if (c->npicked < 64 && c->positions % c->every == 0)
		c->picked[c->npicked++] = *p;
	if (yote_tb_probe(c->tb, p, &wdl, &d, &err) != 1) {
		mismatch(c, p, "not answered");
		return;
	}
	c->wins += wdl > 0;
	c->draws += wdl == 0;
	c->losses += wdl < 0;
	yote_pos_outcome(c->r, p, &o);
	if (o.result != YOTE_RES_NONE) {
		int want = o.result == YOTE_RES_DRAW ? 0 :
		    (o.result == YOTE_RES_FIRST) == (p->side == YOTE_FIRST) ?
		    1 : -1;
		if (wdl != want || d != 0)
			mismatch(c, p, "finished game");
		return;
	}
	n = yote_gen_moves(c->r, p, &c->l);
	if (n <= 0)
		bail("no moves in a game that goes on");
	for (i = 0; i < n; i++) {
		q = *p;
		yote_pos_play(c->r, &q, &c->l.v[i]);
		q.since_capture = 0;
		if (yote_tb_probe(c->tb, &q, &cw, &cd, &err) != 1) {
			mismatch(c, &q, "child not answered");
			return;
		}
		if (cw < 0 && (minloss < 0 || cd < minloss))
			minloss = cd;
		if (cw > 0 && cd > maxwin)
			maxwin = cd;
		if (cw <= 0)
			alwin = 0;
		if (cw == 0)
			draw = 1;
	}
	if (wdl > 0 && minloss != d - 1)
		mismatch(c, p, "win without the move that wins that fast");
	if (wdl < 0 && (!alwin || maxwin != d - 1))
		mismatch(c, p, "loss with a better or a slower defence");
	if (wdl == 0 && (minloss >= 0 || !draw || d != 0))
		mismatch(c, p, "draw with a win or without a drawing move");
}

/* ---------------------------------------------------------------- brute force */

#define BF_UNKNOWN (-1000)

/* 1 when p is finished, *v its result for the side to move (1, 0, -1). */
static int
finished(const struct yote_rules *r, const struct yote_pos *p, int *v)
{
	struct yote_outcome o;

	yote_pos_outcome(r, p, &o);
	if (o.result == YOTE_RES_NONE)
		return 0;
	*v = o.result == YOTE_RES_DRAW ? 0 :
	    (o.result == YOTE_RES_FIRST) == (p->side == YOTE_FIRST) ? 1 : -1;
	return 1;
}

/*
 * Exact value within depth plies, side to move's view: d + 1 won in d,
 * -(d + 1) lost in d, 0 a finished draw, BF_UNKNOWN not decided within
 * depth.
 */
static int
brute(const struct yote_rules *r, const struct yote_pos *p, int depth)
{
	struct yote_movelist l = { 0 };
	struct yote_pos q;
	int best = BF_UNKNOWN, v, allwin = 1, slow = 0;
	long n, i;

	if (finished(r, p, &v))
		return v;
	if (depth == 0)
		return BF_UNKNOWN;
	n = yote_gen_moves(r, p, &l);
	if (n < 0)
		bail("out of memory");
	for (i = 0; i < n; i++) {
		q = *p;
		yote_pos_play(r, &q, &l.v[i]);
		v = brute(r, &q, depth - 1);
		if (v < 0 && v != BF_UNKNOWN) {         /* opponent lost in -v-1 */
			if (best == BF_UNKNOWN || best < 0 || -v + 1 < best)
				best = -v + 1;
			allwin = 0;
		} else if (v > 0) {
			if (v > slow)
				slow = v;
		} else
			allwin = 0;
	}
	yote_movelist_free(&l);
	if (best != BF_UNKNOWN)
		return best;
	return allwin ? -(slow + 1) : BF_UNKNOWN;
}

static void
check_brute(struct cons *c, const char *name)
{
	struct yote_error err;
	int i, wdl, d, v, want, depth, bad = 0, decided = 0, pieces;
	char buf[YOTE_POS_TEXT];

	for (i = 0; i < c->npicked; i++) {
		const struct yote_pos *p = &c->picked[i];

		pieces = yote_pos_remaining(p, 0) + yote_pos_remaining(p, 1);
		depth = pieces <= 3 ? 7 : pieces == 4 ? 5 : 4;
		if (yote_tb_probe(c->tb, p, &wdl, &d, &err) != 1)
			bail("probe failed");
		v = brute(c->r, p, depth);
		want = wdl == 0 || d > depth ? BF_UNKNOWN :
		    wdl > 0 ? d + 1 : -(d + 1);
		if (v == 0 && wdl == 0 && d == 0)
			want = 0;
		decided += want != BF_UNKNOWN;
		if (v != want) {
			bad++;
			if (verbose)
				printf("# %s: table %d in %d, brute force %d "
				    "at depth %d\n", yote_pos_format(c->r, p,
				    buf), wdl, d, v, depth);
		}
	}
	ok(bad == 0 && c->npicked > 0, "%s: %d positions agree with a "
	    "brute-force search (%d decided within its depth), %d differ",
	    name, c->npicked, decided, bad);
}

static void
run_tiny(void)
{
	struct yote_rules *r, nolimit;
	struct yote_error err;
	struct cons c;
	size_t i;

	for (i = 0; i < sizeof(tiny) / sizeof(tiny[0]); i++) {
		if (yote_rules_load_file(tiny[i].file, &r, &err) != 0)
			bail(err.msg);
		nolimit = *r;
		nolimit.move_limit = 0;
		memset(&c, 0, sizeof(c));
		c.r = &nolimit;
		c.every = tiny[i].every;
		if (yote_tb_open(&nolimit, tmpdir, tiny[i].max, 0, &c.tb,
		    &err) != 0)
			bail(err.msg);
		each_pos(r, tiny[i].max, check_pos, &c);
		ok(c.bad == 0 && c.positions > 0, "%s: %lu positions up to %d "
		    "pieces (%lu won, %lu drawn, %lu lost) agree with their "
		    "moves, %lu do not", tiny[i].file, c.positions,
		    tiny[i].max, c.wins, c.draws, c.losses, c.bad);
		check_brute(&c, tiny[i].file);
		yote_movelist_free(&c.l);
		yote_tb_close(c.tb);
		yote_rules_free(r);
	}
}

/* ---------------------------------------------------------------- move limit */

#define Z_LIMIT 250     /* a limit above every dtz of the tiny rulesets */

/*
 * The distance to zeroing of p as the probe shows it under a limit of
 * Z_LIMIT plies (p's counter ignored): Z_LIMIT less the largest counter
 * at which p is still won or lost; 0 for a draw, -1 when unknown.
 */
static int
dtz_of(struct yote_tb *tb, const struct yote_pos *p0)
{
	struct yote_error err;
	struct yote_pos p = *p0;
	int lo = 0, hi = Z_LIMIT, mid, wdl, d;

	p.since_capture = 0;
	if (yote_tb_probe(tb, &p, &wdl, &d, &err) != 1)
		return -1;
	if (wdl == 0)
		return 0;
	/* the largest counter still decided, between lo and hi */
	while (lo < hi) {
		mid = (lo + hi + 1) / 2;
		p.since_capture = (uint32_t)mid;
		if (yote_tb_probe(tb, &p, &wdl, &d, &err) != 1)
			return -1;
		if (wdl != 0)
			lo = mid;
		else
			hi = mid - 1;
	}
	return Z_LIMIT - lo;
}

struct zcons {
	struct yote_tb *tb;             /* under a limit of Z_LIMIT */
	const struct yote_rules *r;     /* that ruleset */
	struct yote_movelist l;
	unsigned long positions, bad, longest;
};

/*
 * dtz follows from the moves: a win's dtz is the least, over its moves to
 * lost positions, of 1 for a capture and 1 + the dtz reached otherwise;
 * a loss's the largest over all its moves.
 */
static void
check_dtz(void *ctx, const struct yote_pos *p)
{
	struct zcons *c = ctx;
	struct yote_error err;
	struct yote_outcome o;
	struct yote_pos q, p0 = *p;
	int wdl, d, cw, cd, z, zq, step, best = -1;
	long n, i;
	char buf[YOTE_POS_TEXT];

	c->positions++;
	p0.since_capture = 0;
	yote_pos_outcome(c->r, &p0, &o);
	if (o.result != YOTE_RES_NONE ||
	    yote_tb_probe(c->tb, &p0, &wdl, &d, &err) != 1 || wdl == 0)
		return;
	z = dtz_of(c->tb, &p0);
	if ((unsigned long)z > c->longest)
		c->longest = (unsigned long)z;
	n = yote_gen_moves(c->r, &p0, &c->l);
	for (i = 0; i < n; i++) {
		q = p0;
		yote_pos_play(c->r, &q, &c->l.v[i]);
		q.since_capture = 0;
		if (yote_tb_probe(c->tb, &q, &cw, &cd, &err) != 1) {
			best = -2;
			break;
		}
		if (wdl > 0 && cw >= 0)
			continue;       /* gives the win up */
		zq = dtz_of(c->tb, &q);
		step = yote_move_is_capture(&c->l.v[i]) ? 1 : 1 + zq;
		if (best < 0 || (wdl > 0 ? step < best : step > best))
			best = step;
	}
	if (z <= 0 || best != z) {
		if (c->bad++ < 5 && verbose)
			printf("# %s: dtz %d, from its moves %d\n",
			    yote_pos_format(c->r, &p0, buf), z, best);
	}
}

/*
 * The value with the counter, side to move's view (1, 0, -1; -2
 * unknown): searched while no capture is played, which the counter
 * bounds; after a capture the tables answer at counter 0.
 */
static int
cbrute(struct yote_tb *tb, const struct yote_rules *r,
    const struct yote_pos *p)
{
	struct yote_movelist l = { 0 };
	struct yote_error err;
	struct yote_pos q;
	int v, best = -1, unknown = 0, wdl, d;
	long n, i;

	if (finished(r, p, &v))
		return v;
	n = yote_gen_moves(r, p, &l);
	if (n < 0)
		bail("out of memory");
	for (i = 0; i < n && best < 1; i++) {
		q = *p;
		yote_pos_play(r, &q, &l.v[i]);
		if (yote_move_is_capture(&l.v[i]))
			v = yote_tb_probe(tb, &q, &wdl, &d, &err) == 1 ?
			    wdl : -2;
		else
			v = cbrute(tb, r, &q);
		if (v == -2)
			unknown = 1;
		else if (-v > best)
			best = -v;
	}
	yote_movelist_free(&l);
	return best < 1 && unknown ? -2 : best;
}

struct lcons {
	struct yote_tb *tb;             /* under the small limit */
	const struct yote_rules *r;
	unsigned long probes, bad, unknown, unsearched, draws_by_limit;
	unsigned long n, every;
};

/* Under the small limit, at counters from the limit down to limit - 3
   (limit - 5 on every nth position), table and search agree. */
static void
check_limit(void *ctx, const struct yote_pos *p)
{
	struct lcons *c = ctx;
	struct yote_error err;
	struct yote_pos q = *p;
	int k, wdl, d, v, back, w0, d0;
	char buf[YOTE_POS_TEXT];

	back = c->n++ % c->every == 0 ? 4 : 2;
	q.since_capture = 0;
	if (yote_tb_probe(c->tb, &q, &w0, &d0, &err) != 1)
		w0 = -2;
	for (k = 0; k <= back && k <= c->r->move_limit; k++) {
		q.since_capture = (uint32_t)(c->r->move_limit - k);
		c->probes++;
		if (yote_tb_probe(c->tb, &q, &wdl, &d, &err) != 1) {
			c->unknown++;
			continue;
		}
		v = cbrute(c->tb, c->r, &q);
		if (v == -2) {
			c->unsearched++;
			continue;       /* a capture leads to an unknown */
		}
		c->draws_by_limit += wdl == 0 && w0 != 0 && w0 != -2;
		if (v != wdl && c->bad++ < 5 && verbose)
			printf("# %s: table %d, search %d\n",
			    yote_pos_format(c->r, &q, buf), wdl, v);
	}
}

static void
run_limit(void)
{
	struct yote_rules *r, lr;
	struct yote_error err;
	struct zcons z;
	struct lcons lc;
	size_t i;

	for (i = 0; i < sizeof(tiny) / sizeof(tiny[0]); i++) {
		if (yote_rules_load_file(tiny[i].file, &r, &err) != 0)
			bail(err.msg);
		lr = *r;
		lr.move_limit = Z_LIMIT;
		memset(&z, 0, sizeof(z));
		z.r = &lr;
		if (yote_tb_open(&lr, tmpdir, tiny[i].max, 0, &z.tb, &err) != 0)
			bail(err.msg);
		each_pos(r, tiny[i].max, check_dtz, &z);
		ok(z.bad == 0, "%s: the dtz of every won or lost position "
		    "follows from its moves (longest %lu), %lu do not",
		    tiny[i].file, z.longest, z.bad);
		yote_movelist_free(&z.l);
		yote_tb_close(z.tb);

		lr.move_limit = 8 + 2 * (int)(i % 3);
		memset(&lc, 0, sizeof(lc));
		lc.r = &lr;
		lc.every = 7;
		if (yote_tb_open(&lr, tmpdir, tiny[i].max, 0, &lc.tb,
		    &err) != 0)
			bail(err.msg);
		each_pos(r, tiny[i].max, check_limit, &lc);
		ok(lc.bad == 0 && lc.probes > 2 * lc.unknown, "%s: under a "
		    "limit of %d plies, %lu probes near the limit (%lu draws "
		    "by the limit) agree with a search with the counter, %lu "
		    "differ, %lu unknown, %lu beyond the search",
		    tiny[i].file, lr.move_limit, lc.probes - lc.unknown -
		    lc.unsearched - lc.bad, lc.draws_by_limit, lc.bad,
		    lc.unknown, lc.unsearched);
		yote_tb_close(lc.tb);
		yote_rules_free(r);
	}
}

/* ---------------------------------------------------------------- known results */

/*
 * yote_tb_classes lists each class after those it leads to: built in that
 * order, every class is solved on its own turn, none earlier as another's
 * dependency.
 */
static void
run_order(const struct yote_rules *r)
{
	struct yote_tb_class cls[256];
	struct yote_tb_stats st;
	struct yote_error err;
	struct yote_tb *tb;
	size_t n, i, late = 0;
	int reach = 0, dtz = 0;

	if (yote_tb_open(r, NULL, 4, YOTE_TB_NO_CACHE, &tb, &err) != 0)
		bail(err.msg);
	n = yote_tb_classes(tb, NULL);
	if (n > 256)
		bail("too many classes");
	yote_tb_classes(tb, cls);
	for (i = 0; i < n; i++) {
		if (yote_tb_build(tb, &cls[i], &st, &err) != 0)
			bail(err.msg);
		late += !st.built;
		if (st.reach > reach)
			reach = st.reach;
		if (st.longest_dtz > dtz)
			dtz = st.longest_dtz;
	}
	/* 4 pieces in all, each split between board and hand: C(7, 3) */
	ok(n == 35 + 20 + 10 + 4 + 1 && late == 0, "%s: %zu classes up to 4 "
	    "pieces, each built on its own turn (%zu were not)", r->name, n,
	    late);
	ok(reach <= dtz && dtz > 0 &&
	    (!r->move_limit || reach <= r->move_limit),
	    "%s: the longest dtz is %d plies, the longest after a capture %d: "
	    "no cursed position up to 4 pieces", r->name, dtz, reach);
	yote_tb_close(tb);
}

static void
run_known(void)
{
	const struct yote_rules *nk = yote_rules_by_name("ndar-kepp");
	const struct yote_rules *cl = yote_rules_by_name("classic");
	struct yote_tb *tb;
	struct yote_error err;
	struct yote_pos p;
	struct yote_pos q;
	int wdl = 9, d = -1, rc, bad;

	if (yote_tb_open(nk, tmpdir, 4, 0, &tb, &err) != 0)
		bail(err.msg);
	if (yote_pos_parse(nk, "x4/5/2o2/5/4x x 1 0 10 60", &p, &err) != 0)
		bail(err.msg);
	rc = yote_tb_probe(tb, &p, &wdl, &d, &err);
	ok(rc == 1 && wdl == 1 && d == 11 &&
	    yote_tb_score(wdl, d) == YOTE_WIN - 11,
	    "ndar-kepp: three against one wins in 11 plies (got %d, %d, %d)",
	    rc, wdl, d);
	p.since_capture = 109;
	rc = yote_tb_probe(tb, &p, &wdl, &d, &err);
	ok(rc == 1 && wdl == 1 && d == 11,
	    "ndar-kepp: the win fits in the move limit at 109 plies");
	/* the win has no capture (dtz 11 too): from 110 on, the counter
	   runs out first; near the limit a search with the counter agrees */
	for (rc = 110, bad = 0; rc <= 120; rc++) {
		p.since_capture = (uint32_t)rc;
		if (yote_tb_probe(tb, &p, &wdl, &d, &err) != 1 || wdl != 0 ||
		    (rc >= 117 && cbrute(tb, nk, &p) != 0))
			bad++;
	}
	ok(bad == 0, "ndar-kepp: from 110 plies without capture the win is "
	    "a draw (%d counters wrong)", bad);
	p.since_capture = 120;
	rc = yote_tb_probe(tb, &p, &wdl, &d, &err);
	ok(rc == 1 && wdl == 0 && d == 0,
	    "ndar-kepp: at 120 plies the game is drawn");
	if (yote_pos_parse(nk, "x4/5/5/5/5 o 0 0 130 60", &q, &err) != 0)
		bail(err.msg);
	rc = yote_tb_probe(tb, &q, &wdl, &d, &err);
	ok(rc == 1 && wdl == -1 && d == 0, "ndar-kepp: a finished game is "
	    "lost, its counter past the limit (got %d, %d, %d)", rc, wdl, d);
	p.since_capture = 0;
	p.hand[0] = 3;
	ok(!yote_tb_covers(tb, &p) &&
	    yote_tb_probe(tb, &p, &wdl, &d, &err) == 0,
	    "ndar-kepp: six pieces are not covered by a 4-piece table");
	ok(yote_tb_score(-1, 4) == -(YOTE_WIN - 4) && yote_tb_score(0, 0) == 0,
	    "scores follow the engine's convention");
	yote_tb_close(tb);
	run_order(nk);

	if (yote_tb_open(cl, NULL, 4, YOTE_TB_NO_CACHE, &tb, &err) != 0)
		bail(err.msg);
	if (yote_pos_parse(cl, "6/6/2o3/2x3/6 o 11 11 0 2", &p, &err) != 0)
		bail(err.msg);
	p.hand[0] = p.hand[1] = 0;
	ok(!yote_tb_covers(tb, &p) && yote_tb_dir(tb) == NULL,
	    "classic: ply 2 (first-move-placement) is not covered");
	p.ply = 3;
	rc = yote_tb_probe(tb, &p, &wdl, &d, &err);
	ok(rc == 1 && wdl == 1 && d == 1,
	    "classic: at ply 3 the capture wins at once (%d %d %d)", rc, wdl,
	    d);
	yote_tb_close(tb);
	ok(yote_tb_open(cl, NULL, 0, 0, &tb, &err) == YOTE_EVALUE &&
	    tb == NULL, "max_pieces 0 is refused");
}

/* ---------------------------------------------------------------- cache */

/* The cache file of the class "b0.h0-b1.h1" in dir, into path. */
static int
find_file(const char *dir, const char *cls, char *path, size_t len)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char tail[64];
	int found = 0;
	size_t n, t;

	if (!d)
		return 0;
	snprintf(tail, sizeof(tail), "-%s.ytb", cls);
	t = strlen(tail);
	while ((e = readdir(d)) != NULL) {
		n = strlen(e->d_name);
		if (n > t && strcmp(e->d_name + n - t, tail) == 0) {
			snprintf(path, len, "%s/%s", dir, e->d_name);
			found = 1;
		}
	}
	closedir(d);
	return found;
}

static int
build(const struct yote_rules *r, const char *dir, unsigned flags,
    struct yote_tb_stats *st)
{
	struct yote_tb_class c = { { 2, 2 }, { 0, 0 } };
	struct yote_error err;
	struct yote_tb *tb;
	int rc;

	if (yote_tb_open(r, dir, 4, flags, &tb, &err) != 0)
		bail(err.msg);
	memset(st, 0, sizeof(*st));
	rc = yote_tb_build(tb, &c, st, &err);
	yote_tb_close(tb);
	return rc;
}

static void
damage(const char *path, long at, int cut)
{
	FILE *fp = fopen(path, "r+b");
	int ch;

	if (!fp)
		bail("cannot open the cache file");
	if (cut) {
		fclose(fp);
		if (truncate(path, at) != 0)
			bail("cannot cut the cache file");
		return;
	}
	fseek(fp, at, SEEK_SET);
	ch = fgetc(fp);
	fseek(fp, at, SEEK_SET);
	fputc(ch ^ 0x5a, fp);
	fclose(fp);
}

static void
copy_file(const char *from, const char *to)
{
	FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
	int ch;

	if (!in || !out)
		bail("cannot copy a cache file");
	while ((ch = fgetc(in)) != EOF)
		fputc(ch, out);
	fclose(in);
	fclose(out);
}

static void
run_cache(void)
{
	struct yote_rules *r;
	struct yote_tb_stats st, st2;
	struct yote_error err;
	struct yote_tb *tb;
	struct yote_pos p;
	char dir[300], path[600], other[700], bad[300];
	int wdl, d, rc;
	FILE *fp;

	if (yote_rules_load_file("tests/tb/tb-chain-any.yaml", &r, &err) != 0)
		bail(err.msg);
	snprintf(dir, sizeof(dir), "%s/cache/sub", tmpdir);
	rc = build(r, dir, 0, &st);
	ok(rc == 0 && st.built && st.file_bytes > 0 &&
	    find_file(dir, "2.0-2.0", path, sizeof(path)),
	    "a table is built and saved, its directory made (%llu bytes)",
	    st.file_bytes);
	rc = build(r, dir, YOTE_TB_NO_BUILD, &st2);
	ok(rc == 0 && !st2.built && st2.positions == st.positions &&
	    st2.wins == st.wins && st2.draws == st.draws &&
	    st2.longest == st.longest, "it is read back the same");

	damage(path, 100, 0);
	ok(build(r, dir, YOTE_TB_NO_BUILD, &st2) == YOTE_EVALUE,
	    "a damaged file is not used");
	rc = build(r, dir, 0, &st2);
	ok(rc == 0 && st2.built && st2.wins == st.wins &&
	    build(r, dir, YOTE_TB_NO_BUILD, &st2) == 0,
	    "a damaged file is rebuilt and saved again");
	damage(path, 30, 1);
	rc = build(r, dir, 0, &st2);
	ok(rc == 0 && st2.built && st2.losses == st.losses,
	    "a file cut short is rebuilt");
	damage(path, 10, 0);
	rc = build(r, dir, 0, &st2);
	ok(rc == 0 && st2.built, "a file with a damaged header is rebuilt");
	/* format 1 had no dtz bytes: such a file is not read as format 2 */
	fp = fopen(path, "r+b");
	if (!fp || fseek(fp, 8, SEEK_SET) != 0 || fputc(1, fp) == EOF)
		bail("cannot rewrite the cache file's version");
	fclose(fp);
	rc = build(r, dir, 0, &st2);
	ok(rc == 0 && st2.built && st2.wins == st.wins &&
	    build(r, dir, YOTE_TB_NO_BUILD, &st2) == 0,
	    "a file of format version 1 is rebuilt");
	if (!find_file(dir, "2.0-0.0", other, sizeof(other)))
		bail("no file for class 2.0-0.0");
	copy_file(other, path);
	rc = build(r, dir, 0, &st2);
	ok(rc == 0 && st2.built && st2.draws == st.draws,
	    "another class's file under this name is rebuilt");

	/* no cache directory can be made under a plain file */
	snprintf(bad, sizeof(bad), "%s/plain", tmpdir);
	fp = fopen(bad, "w");
	if (fp)
		fclose(fp);
	snprintf(bad, sizeof(bad), "%s/plain/tb", tmpdir);
	rc = build(r, bad, 0, &st2);
	ok(rc == YOTE_EIO && st2.built && st2.save_error == YOTE_EIO &&
	    st2.wins == st.wins, "an unwritable directory: YOTE_EIO, the "
	    "table still built");
	if (yote_tb_open(r, bad, 4, 0, &tb, &err) != 0)
		bail(err.msg);
	if (yote_pos_parse(r, "1x2/1o2/4 x 0 0 0 9", &p, &err) != 0)
		bail(err.msg);
	rc = yote_tb_probe(tb, &p, &wdl, &d, &err);
	ok(rc == 1 && wdl == 1 && d == 1, "and a probe there still answers");
	yote_tb_close(tb);
	snprintf(bad, sizeof(bad), "%s/empty", tmpdir);
	if (yote_tb_open(r, bad, 4, YOTE_TB_NO_BUILD, &tb, &err) != 0)
		bail(err.msg);
	ok(yote_tb_probe(tb, &p, &wdl, &d, &err) == 0 &&
	    yote_tb_probe(tb, &p, &wdl, &d, &err) == 0,
	    "YOTE_TB_NO_BUILD without files: unknown, and nothing built");
	yote_tb_close(tb);

	/* where the files go by default */
	snprintf(path, sizeof(path), "%s/env", tmpdir);
	setenv("YOTE_TB_DIR", path, 1);
	yote_tb_open(r, NULL, 2, 0, &tb, &err);
	ok(strcmp(yote_tb_dir(tb), path) == 0, "$YOTE_TB_DIR first");
	yote_tb_close(tb);
	unsetenv("YOTE_TB_DIR");
	setenv("XDG_CACHE_HOME", path, 1);
	snprintf(other, sizeof(other), "%s/yote/tb", path);
	yote_tb_open(r, NULL, 2, 0, &tb, &err);
	ok(strcmp(yote_tb_dir(tb), other) == 0, "then $XDG_CACHE_HOME/yote/tb");
	yote_tb_close(tb);
	unsetenv("XDG_CACHE_HOME");
	setenv("HOME", path, 1);
	snprintf(other, sizeof(other), "%s/.cache/yote/tb", path);
	yote_tb_open(r, NULL, 2, 0, &tb, &err);
	ok(strcmp(yote_tb_dir(tb), other) == 0, "then $HOME/.cache/yote/tb");
	yote_tb_close(tb);
	yote_rules_free(r);
}

int
main(int argc, char **argv)
{
	const char *t = getenv("TMPDIR");
	char cmd[400];

	verbose = argc > 1 && strcmp(argv[1], "-v") == 0;
	snprintf(tmpdir, sizeof(tmpdir), "%s/yote-tb-XXXXXX", t && *t ? t :
	    "/tmp");
	if (!mkdtemp(tmpdir))
		bail("cannot make a temporary directory");
	run_tiny();
	run_limit();
	run_known();
	run_cache();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", tmpdir);
	return tap_plan();
}
