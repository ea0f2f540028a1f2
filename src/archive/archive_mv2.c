/*
 * archive_mv2.c - move model 2 of archives (formats/archive.md section
 * 6.2), the model of block layout 1.
 *
 * Model 1 ranks every legal move by a one-ply score, so a reader must
 * score every move of every position, the dozens of chained captures
 * of each capturing piece included, to know which moves share a level.
 * Model 2 codes a move as a few decisions, each among choices that are
 * cheap to list:
 *
 *  - whether it is a capture, in a context of the position;
 *  - a move that takes nothing: its level among the moves that take
 *    nothing, by the class of what it leaves (a capture for the
 *    opponent, for the mover), worked out for all of them at once on
 *    bitboards, then its place in text order, as in model 1;
 *  - a capture: its first jump among the first jumps, then the bonus
 *    piece after each jump among the enemy's pieces, each ranked by
 *    what it leaves, then whether the piece jumps again and where.
 *
 * One walk does both sides: the writer walks a move it knows and keeps
 * the decisions (ops) to code them once the whole game is ranked; the
 * reader walks with decisions read from the range coder.
 */
#include <stdlib.h>
#include <string.h>

#include "archive_int.h"

/* A decision kept by the writer: an adaptive bit or a flat value. */
struct op {
	uint32_t prob;          /* index in mv->m2_probs, FLAT for a flat
				   value */
	uint32_t v, n;
};

#define FLAT UINT32_MAX

/* A walk over one move's decisions. */
struct walk {
	struct mover *mv;
	struct rc *rc;          /* reader: the decisions' source */
	const struct yote_move *want;   /* writer: the move */
};

/* Decision: an adaptive bit (truth: the writer's answer). */
static int
w_bit(struct walk *w, unsigned prob, int truth)
{
	struct op o;

	if (w->rc != NULL)
		return yote_rc_dbit(w->rc, &w->mv->m2_probs[prob]);
	o.prob = prob;
	o.v = (uint32_t)truth;
	o.n = 0;
	yote_buf_put(&w->mv->ctxs, &o, sizeof(o));
	return truth;
}

/* Decision: a flat value in [0, n). */
static uint64_t
w_flat(struct walk *w, uint64_t n, uint64_t truth)
{
	struct op o;

	if (n <= 1)
		return 0;
	if (w->rc != NULL)
		return yote_rc_uniform(w->rc, 0, n);
	o.prob = FLAT;
	o.v = (uint32_t)truth;
	o.n = (uint32_t)n;
	yote_buf_put(&w->mv->ctxs, &o, sizeof(o));
	return truth;
}

/* Decision: a level among nl (best first), as model 1 codes it. */
static size_t
w_level(struct walk *w, unsigned base, const long *lv, const uint32_t *cnt,
    size_t nl, size_t truth)
{
	size_t j;

	for (j = 0; j + 1 < nl; j++)
		if (!w_bit(w, base + (unsigned)(j < TIER_J ? j : TIER_J - 1) *
		    TIER_CTX + yote_arc_level_ctx(lv[j] - lv[j + 1], cnt[j],
		    cnt[j + 1]), truth > j))
			return j;
	return nl - 1;
}

/* -------------------------------------------------- moves that take nothing */

/*
 * The moves of a position that take nothing, as boards by kind and class
 * (cl = 2 opp_capture + mover_capture: they leave the opponent a
 * capture, the mover one): placements by their point, steps and plain
 * self-jumps by their piece and direction.
 */
struct quiet {
	uint64_t place[4], step[4][4], selfjumps[4][4];
	uint32_t cnt[8];        /* moves per slot, best score first */
	long lv[8];             /* the scores of the slots not empty */
	int ls[8];              /* and which slot each is */
	size_t nl;
	uint64_t capt;          /* pieces that may capture or bridge */
	int has_selfjumps;      /* selfjumps[][] holds moves */
};

/*
 * The slots, best first, each (placement, class): 1 placements, 0 steps
 * and self-jumps; the class 2 opp_capture + mover_capture.  One list,
 * three tables (the decoder reads them every ply): slot_place, slot_cl,
 * and slot_score, the rule's score of such a move (7, 4, 3, 0, -15, -18,
 * -19, -22).
 */
#define SLOTS(X) X(1, 1) X(0, 1) X(1, 0) X(0, 0) X(1, 3) X(0, 3) X(1, 2) \
	X(0, 2)
#define SLOT_PLACE(place, cl) place,
#define SLOT_CL(place, cl) cl,
#define SLOT_SCORE(place, cl) SCORE_GOING_ON(0, (cl) >> 1, (cl) & 1, place),
static const int slot_place[8] = { SLOTS(SLOT_PLACE) };
static const int slot_cl[8] = { SLOTS(SLOT_CL) };
static const long slot_score[8] = { SLOTS(SLOT_SCORE) };
/* The slot of [placement][class]. */
static const int slot_of[2][4] = { { 3, 1, 7, 5 }, { 2, 0, 6, 4 } };

/* The moves of t by class: 2 (after them the opponent has a capture) +
   1 (the mover has one). */
static inline void
split_by_class(uint64_t t, uint64_t opp_capture, uint64_t mover_capture,
    uint64_t out[4])
{
	uint64_t a = t & ~opp_capture, b = t & opp_capture;

	out[0] = a & ~mover_capture;
	out[1] = a & mover_capture;
	out[2] = b & ~mover_capture;
	out[3] = b & mover_capture;
}

/*
 * The moves of p that take nothing into *q, and the pieces that may
 * capture; returns the number of levels they make (0: none).
 */
static long
quiet_moves(const struct yote_rules *r, const struct yote_pos *p,
    struct quiet *q)
{
	struct ply_ctx c;
	struct at_once ao;
	int s = p->side, d, cl, j, placements_only, steps, bridges;
	unsigned any = 0;
	uint64_t own = p->pieces[s], opp = p->pieces[!s], empty, t, opp_capture,
	    mover_capture;
	uint64_t x, E[4];

	q->capt = 0;
	q->nl = 0;
	q->has_selfjumps = 0;
	if (yote_over_unless_blocked(r, p))
		return 0;
	empty = r->board & ~(own | opp);
	/* E[d]: the points whose neighbour towards d is empty */
	E[0] = empty >> r->width;
	E[1] = (empty << r->width) & r->board;
	E[2] = (empty >> 1) & r->not_col_last;
	E[3] = (empty << 1) & r->not_col_first;
	placements_only = yote_mv_placements_only(r, p);
	steps = !placements_only && yote_mv_steps_allowed(r, p, s);
	if (!placements_only) {
		/* the points beside an enemy with room beyond: a capture
		   starts from such a piece, a bridge self-jumps onto such
		   an empty point */
		x = shift_dir(r, E[0] & opp, 1) | shift_dir(r, E[1] & opp, 0) |
		    shift_dir(r, E[2] & opp, 3) | shift_dir(r, E[3] & opp, 2);
		q->capt = own & x;
		t = empty & x;
		if (r->selfjump == YOTE_SJ_BRIDGE && t)
			for (d = 0; d < 4; d++)
				q->capt |= shift_dir(r, shift_dir(r, t,
				    d ^ 1) & own, d ^ 1) & own;
	}
	c.r = r;
	c.p = p;
	c.side = s;
	c.mover_left = c.opp_left = 0;
	yote_arc_boards(&c, &ao);
	bridges = r->selfjump == YOTE_SJ_BRIDGE && !placements_only;
	/* the classes, kind by kind: a test a ply, not a move */
	for (d = 0; d < 4; d++) {
		t = steps ? own & E[d] : 0;
		opp_capture = ao.step_opp_capture[d];
		mover_capture = ao.step_mover_capture[d];
		if (bridges && t != 0)
			yote_arc_bridge_boards(&c, &ao, d, t, &opp_capture,
			    &mover_capture);
		split_by_class(t, opp_capture, mover_capture, q->step[d]);
	}
	t = p->hand[s] > 0 ? empty : 0;
	opp_capture = ao.place_opp_capture;
	mover_capture = ao.place_mover_capture;
	if (bridges && t != 0)
		yote_arc_bridge_boards(&c, &ao, 4, t, &opp_capture,
		    &mover_capture);
	split_by_class(t, opp_capture, mover_capture, q->place);
	if (steps && r->selfjump == YOTE_SJ_PLAIN)
		for (d = 0; d < 4; d++) {
			/* over an own piece onto an empty point */
			t = own & shift_dir_v(r, own, d ^ 1) &
			    shift_dir_v(r, E[d], d ^ 1);
			split_by_class(t, ao.selfjump_opp_capture[d],
			    ao.selfjump_mover_capture[d], q->selfjumps[d]);
			q->has_selfjumps |= t != 0;
		}
	/* the slots with moves, found without a branch each; their counts
	   when they are needed */
	for (cl = 0; cl < 4; cl++) {
		x = q->step[0][cl] | q->step[1][cl] | q->step[2][cl] |
		    q->step[3][cl];
		if (q->has_selfjumps)
			x |= q->selfjumps[0][cl] | q->selfjumps[1][cl] |
			    q->selfjumps[2][cl] |
			    q->selfjumps[3][cl];
		any |= (unsigned)(x != 0) << slot_of[0][cl];
		any |= (unsigned)(q->place[cl] != 0) << slot_of[1][cl];
	}
	for (j = 0; j < 8; j++) {      /* eight turns, always: no branch */
		q->lv[q->nl] = slot_score[j];
		q->ls[q->nl] = j;
		q->nl += any >> j & 1;
	}
	return (long)q->nl;
}

/* The number of moves of level i of *q. */
static uint32_t
q_count(const struct quiet *q, size_t i)
{
	int cl = slot_cl[q->ls[i]], d;
	uint32_t n = 0;

	if (slot_place[q->ls[i]])
		n = (uint32_t)popcount64(q->place[cl]);
	else
		for (d = 0; d < 4; d++)
			/* a piece steps towards d onto an empty point or
			   jumps over its own piece there: never both */
			n += (uint32_t)popcount64(q->step[d][cl] |
			    (q->has_selfjumps ? q->selfjumps[d][cl] : 0));
	return n;
}

/* A quiet move: from, kind, one segment to `to`, into *out. */
static void
set_quiet(struct yote_move *out, int kind, int from, int to)
{
	memset(out, 0, offsetof(struct yote_move, seg_to));
	out->kind = (uint8_t)kind;
	out->from = (uint8_t)from;
	if (kind != YOTE_PLACE) {
		out->nseg = 1;
		out->seg_to[0] = (uint8_t)to;
		out->seg_bonus[0] = YOTE_BONUS_NO;
	}
}

/*
 * Walk the moves of slot j in text order: the one at `place` into *out
 * (want NULL), or the place of want; -1 when there is none.
 */
static long
quiet_pick(const struct yote_rules *r, const struct quiet *q, int j,
    uint64_t place, const struct yote_move *want, struct yote_move *out)
{
	uint64_t ms[4], mj[4] = { 0, 0, 0, 0 }, c0, any, x, b;
	int cl = slot_cl[j], d, col, sq, k, to, far;
	uint64_t n = 0;

	c0 = r->board & ~r->not_col_first;  /* the first column */
	if (slot_place[j]) {
		for (col = 0; col < r->width; col++) {
			x = q->place[cl] & (c0 << col);
			if (want == NULL) {
				/* a column at a time; in a column the bits
				   come in row order, which is text order */
				k = popcount64(x);
				if (place >= (uint64_t)k) {
					place -= (uint64_t)k;
					continue;
				}
				while (place-- > 0)
					x &= x - 1;
				set_quiet(out, YOTE_PLACE, lsb64(x), 0);
				return 0;
			}
			for (; x; x &= x - 1) {
				sq = lsb64(x);
				if (want->kind == YOTE_PLACE &&
				    want->from == sq) {
					set_quiet(out, YOTE_PLACE, sq, 0);
					return (long)n;
				}
				n++;
			}
		}
		return -1;
	}
	for (d = 0; d < 4; d++) {
		ms[d] = q->step[d][cl];
		if (q->has_selfjumps)
			mj[d] = q->selfjumps[d][cl];
	}
	any = ms[0] | ms[1] | ms[2] | ms[3] | mj[0] | mj[1] | mj[2] | mj[3];
	if (want == NULL) {
		/* the moves of each square counted for the whole board: a
		   piece steps or self-jumps towards d, not both, so four
		   boards, added bit by bit (p0 + 2 p1 + 4 p2) */
		uint64_t u0 = ms[0] | mj[0], u1 = ms[1] | mj[1];
		uint64_t u2 = ms[2] | mj[2], u3 = ms[3] | mj[3];
		uint64_t s0 = u0 ^ u1, s1 = u2 ^ u3, k0 = u0 & u1, k1 = u2 & u3;
		uint64_t k2 = s0 & s1, p0 = s0 ^ s1, p1 = k0 ^ k1 ^ k2;
		uint64_t p2 = (k0 & k1) | (k2 & (k0 ^ k1));

		for (col = 0; col < r->width; col++)
			for (x = any & (c0 << col); x; x &= x - 1) {
				unsigned m;

				sq = lsb64(x);
				k = (int)(p0 >> sq & 1) +
				    2 * (int)(p1 >> sq & 1) +
				    4 * (int)(p2 >> sq & 1);
				if (place >= (uint64_t)k) {
					place -= (uint64_t)k;
					continue;
				}
				/* here: a bit per landing slot, text order */
				m = (unsigned)(mj[3] >> sq & 1) |
				    (unsigned)(ms[3] >> sq & 1) << 1 |
				    (unsigned)(mj[1] >> sq & 1) << 2 |
				    (unsigned)(ms[1] >> sq & 1) << 3 |
				    (unsigned)(ms[0] >> sq & 1) << 4 |
				    (unsigned)(mj[0] >> sq & 1) << 5 |
				    (unsigned)(ms[2] >> sq & 1) << 6 |
				    (unsigned)(mj[2] >> sq & 1) << 7;
				while (place-- > 0)
					m &= m - 1;
				k = __builtin_ctz(m);
				d = yote_mv_slot_dir[k];
				far = yote_mv_slot_far[k];
				set_quiet(out, far ? YOTE_SELFJUMP : YOTE_STEP,
				    sq, far ? r->jump[sq][d] : r->adj[sq][d]);
				return 0;
			}
		return -1;
	}
	for (col = 0; col < r->width; col++)
		for (x = any & (c0 << col); x; x &= x - 1) {
			sq = lsb64(x);
			b = BIT(sq);
			for (k = 0; k < 8; k++) {
				d = yote_mv_slot_dir[k];
				far = yote_mv_slot_far[k];
				if (!((far ? mj : ms)[d] & b))
					continue;
				to = far ? r->jump[sq][d] : r->adj[sq][d];
				if (want != NULL ? want->from == sq &&
				    want->nseg == 1 && want->seg_to[0] == to &&
				    want->kind == (far ? YOTE_SELFJUMP :
				    YOTE_STEP) : n == place) {
					set_quiet(out, far ? YOTE_SELFJUMP :
					    YOTE_STEP, sq, to);
					return (long)n;
				}
				n++;
			}
		}
	return -1;
}

/* The slot of the quiet move m in *q, or -1. */
static int
quiet_slot(const struct yote_rules *r, const struct quiet *q,
    const struct yote_move *m)
{
	int j, d, cl;

	for (j = 0; j < 8; j++) {
		cl = slot_cl[j];
		if (slot_place[j]) {
			if (m->kind == YOTE_PLACE &&
			    (q->place[cl] & BIT(m->from)))
				return j;
			continue;
		}
		for (d = 0; d < 4; d++) {
			if (m->kind == YOTE_STEP &&
			    r->adj[m->from][d] == m->seg_to[0] &&
			    (q->step[d][cl] & BIT(m->from)))
				return j;
			if (m->kind == YOTE_SELFJUMP && q->has_selfjumps &&
			    r->jump[m->from][d] == m->seg_to[0] &&
			    (q->selfjumps[d][cl] & BIT(m->from)))
				return j;
		}
	}
	return -1;
}

/* The context of the bit "a capture" (M2_JUMP - M2_CAP of them). */
static unsigned
cap_context(const struct yote_rules *r, const struct yote_pos *p,
    const struct quiet *q)
{
	int s = p->side, n = popcount64(q->capt), best;
	uint64_t own = p->pieces[s], opp = p->pieces[!s];
	int threat = jumps(r, opp, own, r->board & ~(own | opp)) != 0;

	/* the best quiet move's slot, placements and steps of a class
	   together past the first two */
	best = q->nl == 0 ? 6 : q->ls[0] < 4 ? q->ls[0] : 4 + (q->ls[0] >= 6);
	return (unsigned)(((threat * 3) + (n > 3 ? 2 : n - 1)) * 7 + best);
}

/* The quiet move of the walk; 0, -1 (no such move). */
static int
walk_quiet(struct walk *w, const struct yote_rules *r, struct quiet *q,
    struct yote_move *out)
{
	size_t t = 0;
	uint64_t place = 0;
	long at;
	uint32_t cj, cn;
	int j;

	if (w->want != NULL) {
		if ((j = quiet_slot(r, q, w->want)) < 0)
			return -1;
		while (q->ls[t] != j)
			t++;
		if ((at = quiet_pick(r, q, j, 0, w->want, out)) < 0)
			return -1;
		place = (uint64_t)at;
	}
	/* each level's count once, and only as far as the level coded */
	cj = q_count(q, 0);
	for (j = 0; j + 1 < (int)q->nl; j++) {
		cn = q_count(q, (size_t)j + 1);
		if (!w_bit(w, M2_QUIET + (unsigned)(j < TIER_J ? j :
		    TIER_J - 1) * TIER_CTX + yote_arc_level_ctx(q->lv[j] -
		    q->lv[j + 1], cj, cn), t > (size_t)j))
			break;
		cj = cn;
	}
	t = (size_t)j;
	place = w_flat(w, cj, place);
	return quiet_pick(r, q, q->ls[t], place, w->want, out) < 0 ? -1 : 0;
}

/* ------------------------------------------------------------- captures */

/* A first jump: from, over mid to land; a bridge first self-jumps to z. */
struct first_jump {
	uint8_t from, z, mid, land;
	int8_t bridge;
	long sc;
};

#define MAX_JUMP1 (64 * 20)    /* 4 jumps, 4 x 4 bridges a piece */

/* The position during a capture: the mover's pieces, the enemy's. */
struct capture_pos {
	uint64_t own, opp;
	int hand;               /* the enemy's pieces in hand */
	int at;                 /* the capturing piece */
};

/*
 * The score of a first jump, by score_rule: a piece more taken when the
 * piece can jump again, and whether the opponent then has a direct
 * capture (bonus aside).
 */
static long
jump1_score(const struct yote_rules *r, uint64_t own, uint64_t opp,
    const struct first_jump *j)
{
	uint64_t o2 = opp & ~BIT(j->mid);
	uint64_t w2 = (own & ~BIT(j->from)) | BIT(j->land);
	uint64_t e2 = r->board & ~(w2 | o2);

	return score_rule(r->chain && jumps(r, BIT(j->land), o2, e2),
	    SCORE_GOES_ON, 0, jumps(r, o2, w2, e2) != 0, 0, 0);
}

/* The directions d whose board b[d] holds sq, as bits: no test each. */
static inline unsigned
dirs_at(const uint64_t b[4], int sq)
{
	return (unsigned)(b[0] >> sq & 1) | (unsigned)(b[1] >> sq & 1) << 1 |
	    (unsigned)(b[2] >> sq & 1) << 2 | (unsigned)(b[3] >> sq & 1) << 3;
}

/* The first jumps of p's side to move from the pieces of capt. */
static size_t
first_jumps(const struct yote_rules *r, const struct yote_pos *p,
    uint64_t capt, struct first_jump *v)
{
	int s = p->side, col, sq, d, e, z;
	uint64_t own = p->pieces[s], opp = p->pieces[!s], c0, x, any = 0;
	uint64_t empty = r->board & ~(own | opp), jd[4], bd[4], fz[4];
	unsigned m, k;
	size_t n = 0;

	/* by direction, the pieces that jump an enemy (jd), the empty
	   points a capture can start from (fz), the pieces that self-jump
	   onto one (bd): bits, not a test a move */
	for (d = 0; d < 4; d++) {
		x = shift_dir_v(r, opp & shift_dir_v(r, empty, d ^ 1), d ^ 1);
		jd[d] = own & x;
		fz[d] = empty & x;
		any |= jd[d];
	}
	x = fz[0] | fz[1] | fz[2] | fz[3];
	for (d = 0; d < 4; d++) {
		bd[d] = r->selfjump != YOTE_SJ_BRIDGE ? 0 : own &
		    shift_dir_v(r, own & shift_dir_v(r, x, d ^ 1), d ^ 1);
		any |= bd[d];
	}
	c0 = r->board & ~r->not_col_first;     /* the first column */
	for (col = 0; col < r->width; col++)
		for (x = any & capt & (c0 << col); x; x &= x - 1) {
			sq = lsb64(x);
			for (m = dirs_at(jd, sq); m; m &= m - 1) {
				d = __builtin_ctz(m);
				v[n].from = v[n].z = (uint8_t)sq;
				v[n].mid = (uint8_t)r->adj[sq][d];
				v[n].land = (uint8_t)r->jump[sq][d];
				v[n].bridge = 0;
				n++;
			}
			for (m = dirs_at(bd, sq); m; m &= m - 1) {
				d = __builtin_ctz(m);
				z = r->jump[sq][d];
				/* the capture's landing is never sq, which
				   the self-jump empties (it would jump the
				   piece it jumped) */
				for (k = dirs_at(fz, z); k; k &= k - 1) {
					e = __builtin_ctz(k);
					v[n].from = (uint8_t)sq;
					v[n].z = (uint8_t)z;
					v[n].mid = (uint8_t)r->adj[z][e];
					v[n].land = (uint8_t)r->jump[z][e];
					v[n].bridge = 1;
					n++;
				}
			}
		}
	for (x = 0; x < n; x++)
		v[x].sc = jump1_score(r, own, opp, &v[x]);
	return n;
}

/* Sorted distinct scores of n items (best first) and their counts. */
static size_t
levels_of(const long *sc, size_t n, long *lv, uint32_t *cnt)
{
	size_t i, j, k, nl = 0;

	for (i = 0; i < n; i++) {
		for (j = 0; j < nl && lv[j] > sc[i]; j++)
			;
		if (j < nl && lv[j] == sc[i]) {
			cnt[j]++;
			continue;
		}
		for (k = nl; k > j; k--) {
			lv[k] = lv[k - 1];
			cnt[k] = cnt[k - 1];
		}
		lv[j] = sc[i];
		cnt[j] = 1;
		nl++;
	}
	return nl;
}

/* The capture's first jump: decided, played on *c, written into *out. */
static int
walk_jump1(struct walk *w, const struct yote_rules *r,
    const struct yote_pos *p, uint64_t capt, struct capture_pos *c,
    struct yote_move *out)
{
	struct mover *mv = w->mv;
	struct first_jump *v;
	const struct yote_move *m = w->want;
	long sc[MAX_JUMP1], lv[8];
	uint32_t cnt[8];
	size_t n, i, nl, t = 0, at = 0, k;
	int z, land;

	if (mv->first_jump_buf == NULL &&
	    (mv->first_jump_buf = malloc(MAX_JUMP1 *
	    sizeof(*mv->first_jump_buf))) == NULL)
		return -2;
	v = mv->first_jump_buf;
	if ((n = first_jumps(r, p, capt, v)) == 0)
		return -1;
	for (i = 0; i < n; i++)
		sc[i] = v[i].sc;
	nl = levels_of(sc, n, lv, cnt);
	if (m != NULL) {
		z = m->kind == YOTE_BRIDGE ? m->seg_to[0] : m->from;
		land = m->seg_to[m->kind == YOTE_BRIDGE];
		for (i = 0; i < n; i++)
			if (v[i].from == m->from && v[i].z == z &&
			    v[i].land == land &&
			    v[i].bridge == (m->kind == YOTE_BRIDGE))
				break;
		if (i == n)
			return -1;
		for (t = 0; lv[t] != v[i].sc; t++)
			;
		for (k = 0; k < i; k++)
			at += v[k].sc == lv[t];
	}
	t = w_level(w, M2_JUMP, lv, cnt, nl, t);
	at = (size_t)w_flat(w, cnt[t], at);
	for (i = 0; i < n; i++)
		if (v[i].sc == lv[t] && at-- == 0)
			break;
	if (i == n)
		return -1;
	memset(out, 0, offsetof(struct yote_move, seg_to));
	out->from = v[i].from;
	out->kind = v[i].bridge ? YOTE_BRIDGE : YOTE_CAPTURE;
	out->nseg = 0;
	if (v[i].bridge) {
		out->seg_to[0] = v[i].z;
		out->seg_bonus[0] = YOTE_BONUS_NO;
		out->nseg = 1;
	}
	out->seg_to[out->nseg++] = v[i].land;
	c->own = (p->pieces[p->side] & ~BIT(v[i].from)) | BIT(v[i].land);
	c->opp = p->pieces[!p->side] & ~BIT(v[i].mid);
	c->hand = p->hand[!p->side];
	c->at = v[i].land;
	return 0;
}

/*
 * The bonus classes, best first: 0 a win, then by what is left: whether
 * the piece can jump again (chains), the opponent has a capture, the
 * mover has one.
 */
#define NBCL 9

/* The class of a choice that is not a win. */
static int
bonus_class(int cont, int oc, int sc)
{
	return 1 + 4 * !!oc + 2 * !cont + !sc;
}

/*
 * The score of each bonus class by the rule, a further jump counted as a
 * piece more taken (a table: searched for the class of a level).
 */
#define BONUS_SCORE(cl) SCORE_GOING_ON((((cl) - 1) & 2) == 0, (cl) >= 5, \
	(cl) & 1, 0)
static const long bonus_score[NBCL] = { SCORE_DECIDED, BONUS_SCORE(1),
	BONUS_SCORE(2), BONUS_SCORE(3), BONUS_SCORE(4), BONUS_SCORE(5),
	BONUS_SCORE(6), BONUS_SCORE(7), BONUS_SCORE(8) };

/*
 * The board of removals (of the pieces in `rem`) after which the piece
 * on `at` can jump again, and in *now whether it can before any.
 */
static uint64_t
keeps_jump(const struct yote_rules *r, const struct capture_pos *c,
    uint64_t rem,
    int *now)
{
	uint64_t empty = r->board & ~(c->own | c->opp), mids = 0, open = 0;
	int d, mid, land;

	for (d = 0; d < 4; d++) {
		if ((mid = r->adj[c->at][d]) < 0 || !(c->opp & BIT(mid)) ||
		    (land = r->jump[c->at][d]) < 0)
			continue;
		if (empty & BIT(land))
			mids |= BIT(mid);
		else if (c->opp & BIT(land))
			open |= BIT(land);
	}
	*now = mids != 0;
	mids = popcount64(mids) >= 2 ? rem : mids ? rem & ~mids : 0;
	return mids | (rem & open);
}

/*
 * After a jump: the board b of removals (of the pieces in `rem`) after
 * which the side with pieces `pcs` (facing `foe`) still has a capture,
 * and in *now whether it has one before any removal.  jumper: the
 * side's captures die with their capturing piece (the opponent's);
 * else with the piece they jump (the mover's).  Two such pieces: no
 * removal kills every capture.
 */
static uint64_t
keeps_capture(const struct yote_rules *r, uint64_t pcs, uint64_t foe,
    uint64_t rem, int jumper, int *now)
{
	uint64_t empty = r->board & ~(pcs | foe), key = 0;
	int d;

	for (d = 0; d < 4; d++)
		key |= jumper ? shift_dir_v(r, shift_dir_v(r, empty, d ^ 1) &
		    foe, d ^ 1) & pcs : shift_dir_v(r, pcs, d) & foe &
		    shift_dir_v(r, empty, d ^ 1);
	*now = key != 0;
	key = popcount64(key) >= 2 ? rem : key ? rem & ~key : 0;
	/* or a removal opens a landing point */
	return key | (rem & jumps(r, pcs, foe, rem));
}

/* The bonus choices after a jump: the board ones, and one more. */
struct bonus {
	uint64_t board;         /* enemy pieces that may be taken */
	int extra;              /* YOTE_BONUS_NO or _HAND as a choice, or 0 */
	uint64_t cls[NBCL];     /* board choices by class */
	int extra_cls;
};

/* The bonus choices of *c under r; 0 when there is no choice to make. */
static int
bonus_choices(const struct yote_rules *r, const struct capture_pos *c,
    struct bonus *b)
{
	uint64_t opp_capture, mover_capture, cont = 0;
	int opp_capture_now, mover_capture_now, jumps_now = 0,
	    rem = popcount64(c->opp) + c->hand, cl;

	b->board = 0;
	b->extra = 0;
	switch (r->bonus) {
	case YOTE_BONUS_NONE:
		return 0;
	case YOTE_BONUS_OPTIONAL_BOARD:
		b->board = c->opp;
		b->extra = YOTE_BONUS_NO;
		break;
	case YOTE_BONUS_MANDATORY_BOARD:
		b->board = c->opp;
		break;
	case YOTE_BONUS_MANDATORY_ANY:
		b->board = c->opp;
		b->extra = c->hand > 0 ? YOTE_BONUS_HAND : 0;
		break;
	}
	if (b->board == 0 && b->extra == 0)
		return 0;
	opp_capture = keeps_capture(r, c->opp, c->own, b->board, 1,
	    &opp_capture_now);
	mover_capture = keeps_capture(r, c->own, c->opp, b->board, 0,
	    &mover_capture_now);
	if (r->chain)
		cont = keeps_jump(r, c, b->board, &jumps_now);
	memset(b->cls, 0, sizeof(b->cls));
	if (rem - 1 == 0)
		b->cls[0] = b->board;
	else
		for (cl = 1; cl < NBCL; cl++)
			b->cls[cl] = b->board &
			    (cl >= 5 ? opp_capture : ~opp_capture) &
			    (cl & 1 ? mover_capture : ~mover_capture) &
			    ((cl - 1) & 2 ? ~cont : cont);
	if (b->extra == YOTE_BONUS_HAND && rem - 1 == 0)
		b->extra_cls = 0;
	else
		b->extra_cls = bonus_class(jumps_now, opp_capture_now,
		    mover_capture_now);
	return 1;
}

/* The bonus after the jump just made: decided and played on *c. */
static int
walk_bonus(struct walk *w, const struct yote_rules *r, struct capture_pos *c,
    struct yote_move *out)
{
	const struct yote_move *m = w->want;
	struct bonus b;
	uint64_t c0 = 0, x, mask;
	long lv[NBCL];
	uint32_t cnt[NBCL];
	size_t nl = 0, t = 0, at = 0;
	int seg = out->nseg - 1, cl, want = 0, wcl = -1, col, sq;

	if (!bonus_choices(r, c, &b)) {
		out->seg_bonus[seg] = YOTE_BONUS_NO;
		return m == NULL || m->seg_bonus[seg] == YOTE_BONUS_NO ? 0 : -1;
	}
	c0 = r->board & ~r->not_col_first;     /* the first column */
	if (m != NULL) {
		want = m->seg_bonus[seg];
		if (want == YOTE_BONUS_NO || want == YOTE_BONUS_HAND) {
			if (want != b.extra)
				return -1;
			wcl = b.extra_cls;
		} else if (want < 64 && (b.board & BIT(want))) {
			for (cl = 0; cl < NBCL; cl++)
				if (b.cls[cl] & BIT(want))
					wcl = cl;
		}
		if (wcl < 0)
			return -1;
	}
	for (cl = 0; cl < NBCL; cl++) {
		uint32_t k = (uint32_t)popcount64(b.cls[cl]) +
		    (b.extra && b.extra_cls == cl);

		if (k == 0)
			continue;
		if (cl == wcl)
			t = nl;
		lv[nl] = bonus_score[cl];
		cnt[nl++] = k;
	}
	if (m != NULL && (want == YOTE_BONUS_NO || want == YOTE_BONUS_HAND))
		at = 0;
	else if (m != NULL) {
		/* the extra choice first, then the squares column by column */
		at = b.extra && b.extra_cls == wcl;
		mask = b.cls[wcl];
		for (col = 0; col < r->width; col++)
			for (x = mask & (c0 << col); x; x &= x - 1) {
				if (lsb64(x) == want)
					goto found;
				at++;
			}
found:		;
	}
	t = w_level(w, M2_BONUS, lv, cnt, nl, t);
	at = (size_t)w_flat(w, cnt[t], at);
	for (cl = 0; cl < NBCL && bonus_score[cl] != lv[t]; cl++)
		;
	if (b.extra && b.extra_cls == cl && at-- == 0) {
		out->seg_bonus[seg] = (uint8_t)b.extra;
		if (b.extra == YOTE_BONUS_HAND)
			c->hand--;
		return 0;
	}
	for (col = 0; col < r->width; col++)
		for (x = b.cls[cl] & (c0 << col); x; x &= x - 1)
			if (at-- == 0) {
				sq = lsb64(x);
				out->seg_bonus[seg] = (uint8_t)sq;
				c->opp &= ~BIT(sq);
				return 0;
			}
	return -1;
}

/* The jumps the capturing piece of *c may make next, by direction. */
static int
next_jumps(const struct yote_rules *r, const struct capture_pos *c, int land[4])
{
	uint64_t empty = r->board & ~(c->own | c->opp);
	int d, n = 0;

	for (d = 0; d < 4; d++)
		if ((land[d] = jump_to(r, c->at, d, c->opp, empty)) >= 0)
			n++;
	return n;
}

/* A capture: first jump, bonus, and jumps again while it goes on. */
static int
walk_capture(struct walk *w, const struct yote_rules *r,
    const struct yote_pos *p, uint64_t capt, struct yote_move *out)
{
	const struct yote_move *m = w->want;
	struct capture_pos c;
	int rc, land[4], n, d, more, k, at;
	uint64_t pick;

	if ((rc = walk_jump1(w, r, p, capt, &c, out)) != 0)
		return rc;
	for (;;) {
		if ((rc = walk_bonus(w, r, &c, out)) != 0)
			return rc;
		if (!r->chain || c.opp == 0 || out->nseg >= YOTE_MAX_SEGS ||
		    (n = next_jumps(r, &c, land)) == 0)
			break;
		at = 0;
		if (m != NULL && m->nseg > out->nseg) {
			for (d = 0; d < 4 && land[d] != m->seg_to[out->nseg];
			    d++)
				at += land[d] >= 0;
			if (d == 4)
				return -1;
		}
		k = out->nseg - (out->kind == YOTE_BRIDGE);
		more = w_bit(w, M2_MORE + (unsigned)(n > 1) +
		    2 * (unsigned)(k > 3 ? 3 : k - 1),
		    m != NULL && m->nseg > out->nseg);
		if (!more)
			break;
		pick = w_flat(w, (uint64_t)n, (uint64_t)at);
		for (d = 0; d < 4; d++)
			if (land[d] >= 0 && pick-- == 0)
				break;
		if (d == 4)
			return -1;
		c.opp &= ~BIT(r->adj[c.at][d]);
		c.own = (c.own & ~BIT(c.at)) | BIT(land[d]);
		c.at = land[d];
		out->seg_to[out->nseg++] = (uint8_t)land[d];
	}
	if (m != NULL && m->nseg != out->nseg)
		return -1;
	return 0;
}

/* ------------------------------------------------------------- a move */

/*
 * The move of p: the walk's (w->want) or read.  0, -1 (no such move:
 * bad data, or a move the model does not know) or -2 out of memory.
 */
static int
walk_ply(struct walk *w, const struct yote_rules *r,
    const struct yote_pos *p, struct yote_move *out)
{
	struct quiet q;
	long n;
	int cap, truth = w->want != NULL && yote_move_is_capture(w->want);

	n = quiet_moves(r, p, &q);
	if (n == 0 && q.capt == 0)
		return -1;
	cap = n == 0 ? 1 : q.capt == 0 ? 0 :
	    w_bit(w, M2_CAP + cap_context(r, p, &q), truth);
	if (w->want != NULL && cap != truth)
		return -1;
	if (cap)
		return walk_capture(w, r, p, q.capt, out);
	return walk_quiet(w, r, &q, out);
}

int
yote_mover2_rank_game(struct mover *mv, const struct yote_game *g)
{
	const struct yote_rules *r = yote_game_rules(g);
	size_t n = yote_game_plies(g), i;
	char move_text[YOTE_MOVE_TEXT];
	struct yote_move out;
	struct walk w;
	int rc;

	if (yote_mv_canon_room(mv, n) != 0)
		return YOTE_ENOMEM;
	mv->ctxs.n = mv->canon.n = 0;
	memset(&w, 0, sizeof(w));
	w.mv = mv;
	for (i = 0; i < n; i++) {
		const struct yote_move *m = yote_game_move(g, i + 1);

		w.want = m;
		if ((rc = walk_ply(&w, r, yote_game_pos(g, i), &out)) != 0) {
			mv->fail_ply = i + 1;
			return rc == -2 ? YOTE_ENOMEM : -1;
		}
		yote_move_format(r, m, move_text);
		mv->canon_off[i] = mv->canon.n;
		yote_buf_put(&mv->canon, move_text, strlen(move_text) + 1);
	}
	return mv->ctxs.oom || mv->canon.oom ? YOTE_ENOMEM : 0;
}

void
yote_mover2_encode(struct mover *mv, struct rc *rc, size_t n)
{
	const struct op *o = (const struct op *)(void *)mv->ctxs.p;
	size_t i, k = mv->ctxs.n / sizeof(*o);

	(void)n;
	for (i = 0; i < k; i++)
		if (o[i].prob == FLAT)
			yote_rc_uniform(rc, o[i].v, o[i].n);
		else
			yote_rc_bit(rc, &mv->m2_probs[o[i].prob], (int)o[i].v);
}

int
yote_mover2_decode(struct mover *mv, struct rc *rc,
    const struct yote_rules *r, struct yote_pos *pos, const char **text,
    const char **why)
{
	struct walk w;
	int e;

	*text = NULL;
	memset(&w, 0, sizeof(w));
	w.mv = mv;
	w.rc = rc;
	e = walk_ply(&w, r, pos, &mv->last);
	if (e == -2)
		return -2;
	if (rc->over > 8) {
		*why = "the moves stream ends early";
		return -1;
	}
	if (e != 0) {
		*why = "a move the position does not have";
		return -1;
	}
	mv->move_text_len = yote_mv_text(r, &mv->last, mv->move_text);
	*text = mv->move_text;
	yote_pos_play(r, pos, &mv->last);
	return 0;
}

/* ------------------------------------------------------------ for tests */

/* The captures that go on from *c, the jump just made (nseg so far). */
static unsigned long long
count_on(const struct yote_rules *r, const struct capture_pos *c, int nseg)
{
	struct bonus b;
	struct capture_pos c2[65];
	unsigned long long n = 0;
	uint64_t x;
	int k = 0, i, land[4], d;

	if (!bonus_choices(r, c, &b))
		c2[k++] = *c;
	else {
		if (b.extra) {
			c2[k] = *c;
			c2[k++].hand -= b.extra == YOTE_BONUS_HAND;
		}
		for (x = b.board; x; x &= x - 1) {
			c2[k] = *c;
			c2[k++].opp &= ~(x & -x);
		}
	}
	for (i = 0; i < k; i++) {
		n++;
		if (!r->chain || c2[i].opp == 0 || nseg >= YOTE_MAX_SEGS ||
		    next_jumps(r, &c2[i], land) == 0)
			continue;
		for (d = 0; d < 4; d++) {
			struct capture_pos c3 = c2[i];

			if (land[d] < 0)
				continue;
			c3.opp &= ~BIT(r->adj[c3.at][d]);
			c3.own = (c3.own & ~BIT(c3.at)) | BIT(land[d]);
			c3.at = land[d];
			n += count_on(r, &c3, nseg + 1);
		}
	}
	return n;
}

unsigned long long
yote_mover2_count(struct mover *mv, const struct yote_rules *r,
    const struct yote_pos *p)
{
	struct quiet q;
	struct capture_pos c;
	unsigned long long n = 0;
	size_t i, nj;
	int s = p->side;

	quiet_moves(r, p, &q);
	for (i = 0; i < q.nl; i++)
		n += q_count(&q, i);
	if (q.capt == 0)
		return n;
	if (mv->first_jump_buf == NULL &&
	    (mv->first_jump_buf = malloc(MAX_JUMP1 *
	    sizeof(*mv->first_jump_buf))) == NULL)
		return 0;
	nj = first_jumps(r, p, q.capt, mv->first_jump_buf);
	for (i = 0; i < nj; i++) {
		const struct first_jump *j = &mv->first_jump_buf[i];

		c.own = (p->pieces[s] & ~BIT(j->from)) | BIT(j->land);
		c.opp = p->pieces[!s] & ~BIT(j->mid);
		c.hand = p->hand[!s];
		c.at = j->land;
		n += count_on(r, &c, 1 + j->bridge);
	}
	return n;
}
