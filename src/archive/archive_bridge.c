/*
 * archive_bridge.c - which moves that take nothing leave a bridge
 * capture (formats/rules.md section 2) to the opponent or to the mover, for
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
#include "archive_int.h"

/* Five boards cleared: stores, not a call to memset (a ply's work is
   small enough for the call to count). */
static inline void
clear5(uint64_t *v)
{
	v[0] = v[1] = v[2] = v[3] = v[4] = 0;
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
	uint64_t Z = BIT(z), A[4], B[4], line_in = 0, line_out = 0;
	uint64_t two, in, out;
	int k, n_in = 0, n_out = 0;

	/* the point beside z and the one beyond, by direction: shifts, not
	   tests (a test per direction is mispredicted) */
	shift4(r, Z, A);
	shift_each(r, A, 0, B);
	for (k = 0; k < 4; k++) {
		two = A[k] | B[k];
		in = (A[k] & x) != 0 && (B[k] & x) != 0;
		out = !in && (A[k] & y) != 0 && (B[k] & e) != 0;
		n_in += (int)in;
		n_out += (int)out;
		line_in |= two & (0 - in);
		line_out |= two & (0 - out);
	}
	return Z | (n_in == 1 ? line_in : 0) | (n_out == 1 ? line_out : 0);
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

	if (h == 0) {
		clear5(sv);
		return;
	}
	for (d = 0; d < 5; d++)
		all[d] = r->board;
	for (any = r->board; h && any; h &= h - 1) {
		pts = through_all(r, lsb64(h), x, y, e);
		all[4] &= pts;
		any = all[4];
		/* a step changes f and f + d */
		for (d = 0; d < 4; d++)
			any |= all[d] &= pts | shift_dir_v(r, pts, d ^ 1);
	}
	for (d = 0; d < 5; d++)
		sv[d] = r->board & ~all[d];
}

/* The jumps from the points whose shifts are X over a piece of y. */
static uint64_t
jump4(const struct yote_rules *r, const uint64_t X[4], uint64_t y)
{
	uint64_t in[4], out[4];

	in[0] = X[0] & y;
	in[1] = X[1] & y;
	in[2] = X[2] & y;
	in[3] = X[3] & y;
	shift_each(r, in, 0, out);
	return out[0] | out[1] | out[2] | out[3];
}

/*
 * The moves after which the opponent has a bridge capture, into
 * b->opp_capture; m, o, e: the mover's pieces, the opponent's, the
 * empty points, and O, E the last two by direction.
 */
static void
opp_bridges(const struct yote_rules *r, uint64_t m, uint64_t o, uint64_t e,
    const uint64_t O[4], const uint64_t E[4], struct bridge_boards *b)
{
	uint64_t so, zo, co, fix, Z[4], ZZ[4], EE[4], N[4], sv[5];
	int d;

	/* where its self-jumps land, whatever is there but its own pieces
	   (a step may empty a point) */
	so = jump4(r, O, o);
	if ((so & ~o) == 0) {
		clear5(b->opp_capture);
		return;
	}
	zo = so & e;
	shift4(r, zo, Z);
	/* the points it can capture from, over the mover's pieces */
	co = jump4(r, E, m);
	survive(r, zo & co, o, m, e, sv);
	/* the new piece as u, between a landing and an empty v */
	b->opp_capture[4] = (Z[0] & E[1]) | (Z[1] & E[0]) | (Z[2] & E[3]) |
	    (Z[3] & E[2]);
	/* f as z, u not on t; f as v, u not on t */
	fix = (so & co) | jump4(r, Z, m);
	shift4(r, b->opp_capture[4], N);
	shift_each(r, E, 0, EE);
	shift_each(r, Z, 0, ZZ);
	for (d = 0; d < 4; d++)
		/* t as u: z before it (v after it, or v on f), or z on f
		   (a landing there, v after t) */
		b->opp_capture[d] = N[d ^ 1] | ZZ[d ^ 1] | (so & EE[d ^ 1]) |
		    fix |
		    sv[d];
	b->opp_capture[4] |= sv[4];
}

/* The moves after which the mover has a bridge capture, into
   b->mover_capture; M: m by direction. */
static void
own_bridges(const struct yote_rules *r, uint64_t m, uint64_t o, uint64_t e,
    const uint64_t M[4], const uint64_t E[4], struct bridge_boards *b)
{
	uint64_t craw, sjm, zm, fix, C[4], X[4], MM[4], sv[5];
	int d;

	/* a point not the opponent's, beside an enemy with a point beyond
	   not the opponent's (a step may empty one) */
	craw = jump4(r, E, o);
	if (((craw | jump4(r, M, o)) & ~o) == 0) {
		clear5(b->mover_capture);
		return;
	}
	sjm = jump4(r, M, m);
	zm = sjm & e;
	survive(r, zm & craw, m, o, e, sv);
	/* the new piece as x, y and z before it in d; as y, x before it
	   in d ^ 1, z after it */
	shift4(r, craw & e, C);
	X[0] = C[0] & m;
	X[1] = C[1] & m;
	X[2] = C[2] & m;
	X[3] = C[3] & m;
	shift_each(r, X, 0, X);
	for (d = 0; d < 4; d++)
		X[d] |= M[d] & C[d ^ 1];
	b->mover_capture[4] = X[0] | X[1] | X[2] | X[3] | sv[4];
	/* for t: neither with x or y on f, the piece gone: by d */
	C[0] = X[1] | X[2] | X[3];
	C[1] = X[0] | X[2] | X[3];
	C[2] = X[0] | X[1] | X[3];
	C[3] = X[0] | X[1] | X[2];
	shift_each(r, C, 1, C);
	/* f as z, y and x before it or y on t and x beyond; f as v */
	shift4(r, zm, X);
	fix = (sjm & craw) | jump4(r, X, o);
	shift_each(r, M, 0, MM);
	for (d = 0; d < 4; d++)
		b->mover_capture[d] = C[d] | (MM[d ^ 1] & craw) | fix | sv[d];
}

void
yote_arc_bridges(const struct yote_rules *r, const struct yote_pos *p,
    struct bridge_boards *b)
{
	uint64_t m = p->pieces[p->side], o = p->pieces[!p->side];
	uint64_t e = r->board & ~(m | o), M[4], O[4], E[4];

	shift4(r, m, M);
	shift4(r, o, O);
	shift4(r, e, E);
	opp_bridges(r, m, o, e, O, E, b);
	own_bridges(r, m, o, e, M, E, b);
}
