/*
 * archive_bridge.c - which moves that take nothing leave a bridge
 * capture (rules.md section 2) to the opponent or to the mover, for
 * every placement and every step of a direction at once, on bitboards.
 *
 * A bridge of side X is five points: X pieces x and y in a line, the
 * empty z beyond them (the self-jump x over y to z), then an enemy u
 * beside z and the empty v beyond it (the capture z over u to v).  x is
 * left empty by the self-jump, but v is never x (u would be y, an X
 * piece), so every point is judged in the position before the bridge.
 *
 * A move that takes nothing changes one point (a placement on p: empty
 * to the mover's) or two (a step from f to t = f + d: f empties, t
 * fills).  A changed point always leaves the state any bridge through
 * it needed, so after the move a bridge either
 *  - was there before and passes through no changed point (it
 *    survives), or
 *  - passes through a changed point in its new state: the mover's new
 *    piece as x or y of the mover's bridge or as u of the opponent's;
 *    the point a step empties as z or v of either side's.
 * The first kind: the bridges before the move are found by their z
 * (few), and the moves that break all of them are the points every one
 * passes through.  The second kind: for each role of a changed point,
 * the other four points are in the position before the move, except
 * where one of them is the other changed point (worked out case by
 * case below; most such cases need a point in two states at once and
 * fall out of the boards on their own).
 *
 * The answers hold for the moves a caller asks about, which the boards
 * do not check: placements on empty points, steps of the mover's
 * pieces onto empty points.
 */
#include <string.h>

#include "archive_int.h"

/* shift_dir twice: the points two steps in d from those of b. */
static uint64_t
shift2(const struct yote_rules *r, uint64_t b, int d)
{
	return shift_dir(r, shift_dir(r, b, d), d);
}

/*
 * The points the bridges through z of side x (enemies y, empty e) all
 * pass through: z, the line of x and y if only one side of z has
 * them, the line of u and v if only one side has them.
 */
static uint64_t
through_all(const struct yote_rules *r, int z, uint64_t x, uint64_t y,
    uint64_t e)
{
	uint64_t line_in = 0, line_out = 0, two;
	int k, n_in = 0, n_out = 0, a, b;

	for (k = 0; k < 4; k++) {
		if ((a = r->adj[z][k]) < 0 || (b = r->jump[z][k]) < 0)
			continue;
		two = BIT(a) | BIT(b);
		if ((x & two) == two) {
			n_in++;
			line_in = two;
		} else if ((y & BIT(a)) && (e & BIT(b))) {
			n_out++;
			line_out = two;
		}
	}
	return BIT(z) | (n_in == 1 ? line_in : 0) |
	    (n_out == 1 ? line_out : 0);
}

/*
 * Into sv[kind] (d for the steps to d, 4 for placements): the moves
 * after which one of the bridges of side x (enemies y, empty e), whose
 * z are the points of h, is still there: those that change no point of
 * it.
 */
static void
survive(const struct yote_rules *r, uint64_t h, uint64_t x, uint64_t y,
    uint64_t e, uint64_t sv[5])
{
	uint64_t all[5], pts, any;
	int d;

	if (h == 0)
		return;
	for (d = 0; d < 5; d++)
		all[d] = r->board;
	for (any = r->board; h && any; h &= h - 1) {
		pts = through_all(r, lsb64(h), x, y, e);
		/* a step changes f and f + d */
		all[4] &= pts;
		any = all[4];
		for (d = 0; d < 4; d++)
			any |= all[d] &= pts | shift_dir(r, pts, d ^ 1);
	}
	for (d = 0; d < 5; d++)
		sv[d] = r->board & ~all[d];
}

void
yote_arc_bridge_pre(const struct yote_rules *r, const struct yote_pos *p,
    struct bridge_pre *b)
{
	uint64_t m = p->pieces[p->side], o = p->pieces[!p->side];
	uint64_t e = r->board & ~(m | o), ec;
	int k;

	memset(b, 0, sizeof(*b));
	b->m = m;
	b->o = o;
	b->e = e;
	/* the opponent: where its self-jumps land, whatever is there but
	   its own pieces (a step may empty a point) */
	b->so = jumps(r, o, o, r->board);
	b->opp = (b->so & ~o) != 0;
	if (b->opp) {
		b->zo = b->so & e;
		b->co = jumps(r, e, m, r->board);
		survive(r, b->zo & b->co, o, m, e, b->svo);
		/* the new piece as u, between a landing and an empty v */
		for (k = 0; k < 4; k++)
			b->newo |= shift_dir(r, b->zo, k) &
			    shift_dir(r, e, k ^ 1);
		/* the emptied point as v */
		b->vo = jumps(r, b->zo, m, r->board);
	}
	/* the mover: a point not the opponent's, beside an enemy with a
	   point beyond not the opponent's (a step may empty one) */
	b->own = jumps(r, e | m, o, e | m) != 0;
	if (!b->own)
		return;
	b->craw = jumps(r, e, o, r->board);
	ec = b->craw & e;
	b->zm = jumps(r, m, m, e);
	survive(r, b->zm & b->craw, m, o, e, b->svs);
	b->sjm = jumps(r, m, m, r->board);
	b->vm = jumps(r, b->zm, o, r->board);
	for (k = 0; k < 4; k++) {
		/* the new piece as y: x before it, z after it, in k */
		b->ys[k] = shift_dir(r, m, k) & shift_dir(r, ec, k ^ 1);
		/* as x: y and z after it against k */
		b->xs[k] = shift_dir(r, shift_dir(r, ec, k) & m, k);
	}
}

void
yote_arc_bridge_dir(const struct yote_rules *r, const struct bridge_pre *b,
    int d, uint64_t t, uint64_t *hco, uint64_t *hcs)
{
	uint64_t bo = 0, bs = 0, n;
	int k, back = d ^ 1;

	if (b->opp && d == 4)
		bo = b->newo | b->svo[4];
	else if (b->opp)
		/* t as u (z before t or, for z = f, a landing on f; v after
		   t or on f), f as z (u on t or beside f), f as v */
		bo = shift_dir(r, b->newo, back) |
		    (b->so & (b->co | shift2(r, b->e, back))) | b->vo |
		    shift2(r, b->zo, back) | b->svo[d];
	*hco |= bo & t;
	if (!b->own)
		return;
	if (d == 4) {
		n = 0;
		for (k = 0; k < 4; k++)
			n |= b->ys[k] | b->xs[k];
		bs = n | b->svs[4];
	} else {
		/* t as y: not with x on f (a in d); t as x: not with y on f
		   (xs[d]); for z on f (a against d), as f as z below */
		n = 0;
		for (k = 0; k < 4; k++)
			if (k != d)
				n |= b->ys[k] | b->xs[k];
		/* f as z: y, x before f, or t and the piece after it */
		bs = shift_dir(r, n, back) |
		    ((b->sjm | shift2(r, b->m, back)) & b->craw) | b->vm |
		    b->svs[d];
	}
	*hcs |= bs & t;
}

void
yote_arc_bridge_boards(const struct ply_ctx *c, struct at_once *ao, int d,
    uint64_t t, uint64_t *hco, uint64_t *hcs)
{
	if (!ao->bridge_ready) {
		yote_arc_bridge_pre(c->r, c->p, &ao->bridge);
		ao->bridge_ready = 1;
	}
	yote_arc_bridge_dir(c->r, &ao->bridge, d, t, hco, hcs);
}
