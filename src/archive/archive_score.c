/*
 * archive_score.c - the scores of moves that order the ranks of archives
 * (formats/archive.md section 6.1), and the boards that score every
 * placement and step of a position at once.  The rule itself is
 * score_rule (archive_int.h); yote_arc_score_by_play applies it to the
 * position the library plays, and every faster way here must give the
 * same number (tests/unit/test-archive.c, test_score_rule).
 */
#include <stdlib.h>
#include <string.h>

#include "archive_int.h"

#define CLASS_SCORE(cl) SCORE_GOING_ON(0, (cl) >> 1 & 1, (cl) & 1, (cl) >> 2)
const long yote_arc_class_score[8] = { CLASS_SCORE(0), CLASS_SCORE(1),
	CLASS_SCORE(2), CLASS_SCORE(3), CLASS_SCORE(4), CLASS_SCORE(5),
	CLASS_SCORE(6), CLASS_SCORE(7) };

/* The rule's view of outcome o for the mover s. */
static enum score_end
score_end_of(const struct yote_outcome *o, int s)
{
	int won = s == YOTE_FIRST ? YOTE_RES_FIRST : YOTE_RES_SECOND;
	int lost = s == YOTE_FIRST ? YOTE_RES_SECOND : YOTE_RES_FIRST;

	if (o->term == YOTE_TERM_NONE)
		return SCORE_GOES_ON;
	if ((int)o->result == won)
		return SCORE_WON;
	if ((int)o->result == lost)
		return SCORE_LOST;
	return SCORE_DRAWN;
}

long
yote_arc_score_by_play(const struct yote_rules *r, const struct yote_pos *p,
    const struct yote_move *m)
{
	struct yote_pos q = *p;
	struct yote_outcome o;
	enum score_end end;
	int s = p->side;

	yote_pos_play(r, &q, m);
	yote_pos_outcome(r, &q, &o);
	end = score_end_of(&o, s);
	/* the captures after it matter only if the game goes on */
	return score_rule(yote_pos_remaining(p, !s) -
	    yote_pos_remaining(&q, !s), end,
	    yote_pos_remaining(&q, !s) - yote_pos_remaining(&q, s),
	    end == SCORE_GOES_ON && yote_pos_has_capture(r, &q, !s),
	    end == SCORE_GOES_ON && yote_pos_has_capture(r, &q, s),
	    m->kind == YOTE_PLACE);
}

/*
 * yote_arc_score_by_play without its slow parts, the same value: the
 * material taken is read off the move, the pieces left follow from
 * it, a move that takes nothing is played by bit operations, and the
 * end of the game is asked of the library only when the opponent may
 * have no move (blocked) or nothing left.
 */
long
yote_arc_score(const struct ply_ctx *c, const struct yote_move *m)
{
	const struct yote_rules *r = c->r;
	const struct yote_pos *p = c->p;
	struct yote_pos q;
	int s = c->side, gain = 0, opp_left_after, opp_capture, mover_capture,
	    no_capture_yet, i;
	uint64_t own, opp;

	if (yote_move_is_capture(m)) {
		for (i = m->kind == YOTE_BRIDGE; i < m->nseg; i++)
			gain += 1 + (m->seg_bonus[i] != YOTE_BONUS_NO);
		q = *p;
		yote_pos_play(r, &q, m);
	} else {
		q.pieces[s] = p->pieces[s] ^ BIT(m->from);
		if (m->kind != YOTE_PLACE)
			q.pieces[s] ^= BIT(m->seg_to[0]);
		q.pieces[!s] = p->pieces[!s];
		q.hand[s] = (uint8_t)(p->hand[s] - (m->kind == YOTE_PLACE));
		q.hand[!s] = p->hand[!s];
		q.side = (uint8_t)!s;
		q.pad = p->pad;
		q.since_capture = p->since_capture + 1;
		q.ply = p->ply + 1;
	}
	opp_left_after = c->opp_left - gain;
	own = q.pieces[s];
	opp = q.pieces[!s];
	if (opp_left_after == 0 ||
	    !((q.hand[!s] > 0 && (r->board & ~(own | opp))) ||
	    yote_raw_has_move(r, &q, !s)))
		return yote_arc_score_by_play(r, p, m); /* capture-all,
							   blocked */
	no_capture_yet = r->opening == YOTE_OPEN_FIRST_PLACE && q.ply <= 2;
	opp_capture = has_capture(r, no_capture_yet, opp, own);
	mover_capture = has_capture(r, no_capture_yet, own, opp);
	if ((r->few_pieces && opp_left_after <= r->few_pieces &&
	    c->mover_left <= r->few_pieces && !opp_capture && !mover_capture) ||
	    (r->move_limit && q.since_capture >= (uint32_t)r->move_limit))
		return score_rule(gain, SCORE_DRAWN,
		    opp_left_after - c->mover_left, 0, 0, 0);
	return score_rule(gain, SCORE_GOES_ON, 0, opp_capture, mover_capture,
	    m->kind == YOTE_PLACE);
}

/*
 * yote_arc_score of a capture, for the decoder, by other code: the
 * position after it as bitboards and hands, without playing it; the
 * library is asked whether the opponent can move only when it has no
 * piece in hand to place and no piece beside an empty point.
 */
long
yote_arc_capture_score(const struct ply_ctx *c, const struct yote_move *m)
{
	const struct yote_rules *r = c->r;
	const struct yote_pos *p = c->p;
	int s = c->side, gain = 0, hand = p->hand[!s], opp_left_after,
	    opp_capture, mover_capture, no_capture_yet, i, at, to;
	uint64_t own = p->pieces[s], opp = p->pieces[!s], empty, near;
	struct yote_pos q;

	at = m->from;
	for (i = 0; i < m->nseg; i++) {
		to = m->seg_to[i];
		if (m->kind == YOTE_CAPTURE || i > 0) {
			opp &= ~BIT((at + to) / 2);
			gain++;
			if (m->seg_bonus[i] == YOTE_BONUS_HAND) {
				hand--;
				gain++;
			} else if (m->seg_bonus[i] != YOTE_BONUS_NO) {
				opp &= ~BIT(m->seg_bonus[i]);
				gain++;
			}
		}
		at = to;
	}
	own ^= BIT(m->from) ^ BIT(at);
	opp_left_after = c->opp_left - gain;
	empty = r->board & ~(own | opp);
	near = shift_dir(r, empty, 0) | shift_dir(r, empty, 1) |
	    shift_dir(r, empty, 2) | shift_dir(r, empty, 3);
	if (opp_left_after == 0)
		return yote_arc_score(c, m);
	if (!((hand > 0 && empty) || (opp & near))) {
		q = *p;
		yote_pos_play(r, &q, m);
		if (!yote_raw_has_move(r, &q, !s))
			return yote_arc_score(c, m);    /* blocked */
	}
	no_capture_yet = r->opening == YOTE_OPEN_FIRST_PLACE && p->ply + 1 <= 2;
	opp_capture = has_capture(r, no_capture_yet, opp, own);
	mover_capture = has_capture(r, no_capture_yet, own, opp);
	if (r->few_pieces && opp_left_after <= r->few_pieces &&
	    c->mover_left <= r->few_pieces && !opp_capture && !mover_capture)
		return score_rule(gain, SCORE_DRAWN,
		    opp_left_after - c->mover_left, 0, 0, 0);
	return score_rule(gain, SCORE_GOES_ON, 0, opp_capture, mover_capture,
	    0);
}

/*
 * Points f such that some capture of the list survives a move that
 * empties or fills f (gone: the capture used f as the point `at`) and
 * fills f + d (the capture landed there); d < 0: no second point.
 * lists: the captures' points `at` and landings, n of them.
 */
static uint64_t
survivors(const struct yote_rules *r, const uint8_t *at, const uint8_t *land,
    int n, int d)
{
	uint64_t any = 0;
	int i;

	if (n > 8)      /* a move kills at most 4 + 4 of them */
		return r->board;
	for (i = 0; i < n; i++)
		any |= r->board & ~BIT(at[i]) & (d < 0 ? ~BIT(land[i]) :
		    ~shift_dir(r, BIT(land[i]), d ^ 1));
	return any;
}

/*
 * The captures of the side with pieces `own` over `opp` into `empty`,
 * listed (at most 9: more say only "more than 8"): mid[] the piece
 * jumped, from[] the jumper, land[] the landing.  Returns their count.
 */
static int
list_captures(const struct yote_rules *r, uint64_t own, uint64_t opp,
    uint64_t empty, uint8_t *mid, uint8_t *from, uint8_t *land)
{
	uint64_t l;
	int d, n = 0, sq;

	for (d = 0; d < 4 && n <= 8; d++)
		for (l = shift_dir(r, shift_dir(r, own, d) & opp, d) & empty;
		    l && n <= 8; l &= l - 1) {
			sq = lsb64(l);
			mid[n] = (uint8_t)r->adj[sq][d ^ 1];
			from[n] = (uint8_t)r->jump[sq][d ^ 1];
			land[n] = (uint8_t)sq;
			n++;
		}
	return n;
}

/*
 * Whether moves that take nothing can be scored at once in p (1), and
 * whether placements can (ao->place); 0: score each one.
 */
int
yote_arc_at_once(const struct ply_ctx *c, int bridges, struct at_once *ao)
{
	const struct yote_rules *r = c->r;
	const struct yote_pos *p = c->p;
	int s = c->side, d;
	uint64_t w = p->pieces[s], o = p->pieces[!s];
	uint64_t empty = r->board & ~(w | o), beside = 0;

	ao->place = ao->step = 0;
	ao->place_opp_capture = ao->place_mover_capture = 0;
	if ((r->selfjump == YOTE_SJ_BRIDGE && !bridges) || c->opp_left == 0 ||
	    (r->move_limit && p->since_capture + 1 >= (uint32_t)r->move_limit) ||
	    (r->few_pieces && c->opp_left <= r->few_pieces &&
	    c->mover_left <= r->few_pieces))
		return 0;
	for (d = 0; d < 4; d++)
		beside |= shift_dir(r, o, d);
	beside &= empty;
	if (p->hand[!s] == 0 && (beside & (beside - 1)) == 0)
		return 0;
	if (p->hand[!s] == 0 && r->opening == YOTE_OPEN_FIRST_PLACE &&
	    p->ply + 1 <= 2)
		return 0;
	ao->place = p->hand[s] > 0 && (p->hand[!s] == 0 ||
	    (empty & (empty - 1)) != 0);
	return 1;
}

/*
 * Fill *ao for p.  A move that takes nothing changes the board at one or
 * two points, so a capture after it is one that existed before and does
 * not use those points, or a new one through them: for a placement on
 * t, over the piece on t (opponent) or from t (mover); for a step from f
 * to t, also one landing on f, now empty.  The opponent is not blocked
 * after such a move when it has a piece in hand, or pieces beside two
 * empty points (one stays empty); nor is the game over by the move
 * limit or few pieces, which is checked first.
 */
void
yote_arc_moves_at_once(const struct ply_ctx *c, size_t steps,
    struct at_once *ao)
{
	const struct yote_rules *r = c->r;
	const struct yote_pos *p = c->p;
	int s = c->side, d, e, no, ns;
	uint64_t w = p->pieces[s], o = p->pieces[!s];
	uint64_t empty = r->board & ~(w | o), lo, ls, t1, t2, b;
	uint8_t omid[9], ofrom[9], oland[9], smid[9], sfrom[9], sland[9];

	if (!yote_arc_at_once(c, 0, ao))
		return;
	/* the boards of the steps cost more than scoring a few one by one */
	ao->step = steps >= 8;
	if (r->opening == YOTE_OPEN_FIRST_PLACE && p->ply + 1 <= 2) {
		ao->step = 0;   /* no steps then anyway */
		return;
	}
	no = list_captures(r, o, w, empty, omid, ofrom, oland);
	ns = list_captures(r, w, o, empty, smid, sfrom, sland);
	lo = survivors(r, oland, oland, no, -1);
	ls = survivors(r, sland, sland, ns, -1);
	t1 = t2 = 0;
	for (d = 0; d < 4; d++) {
		t1 |= shift_dir(r, o, d) & shift_dir(r, empty, d ^ 1);
		t2 |= shift_dir(r, shift_dir(r, empty, d ^ 1) & o, d ^ 1);
	}
	/* placements: over the new piece, from it, or an old one */
	ao->place_opp_capture = (t1 | lo) & empty;
	ao->place_mover_capture = (t2 | ls) & empty;
	for (d = 0; ao->step && d < 4; d++) {
		/* opponent: an old one not over f nor onto t */
		b = survivors(r, omid, oland, no, d);
		/* over the piece now on t: from t + d into f, or across */
		t1 = shift_dir(r, o, d ^ 1);
		for (e = 0; e < 4; e++)
			if (e != (d ^ 1))
				t1 |= shift_dir(r, o, e) &
				    shift_dir(r, empty, e ^ 1);
		b |= shift_dir(r, t1, d ^ 1);
		/* onto f, over another piece of the mover's */
		for (e = 0; e < 4; e++)
			if (e != d)
				b |= shift_dir(r, w, e ^ 1) & shift_dir(r,
				    shift_dir(r, o, e ^ 1), e ^ 1);
		ao->step_opp_capture[d] = b;
		/* mover: an old one not from f nor onto t */
		b = survivors(r, sfrom, sland, ns, d);
		/* from t */
		t2 = 0;
		for (e = 0; e < 4; e++)
			t2 |= shift_dir(r, o, e ^ 1) & shift_dir(r,
			    shift_dir(r, empty, e ^ 1), e ^ 1);
		b |= shift_dir(r, t2, d ^ 1);
		/* onto f, over an enemy beside it */
		for (e = 0; e < 4; e++)
			b |= shift_dir(r, o, e ^ 1) & shift_dir(r,
			    shift_dir(r, w, e ^ 1), e ^ 1);
		ao->step_mover_capture[d] = b;
	}
}

/* The captures of one side in p, as points, at most 9 (more: 9). */
struct caps {
	int n;
	uint64_t at[9], land[9];        /* what a move must clear to kill it */
};

/*
 * The captures of the side with pieces `own` over `opp` into `empty`,
 * sh[d] being own shifted to d: at[] the piece jumped (jumped) or the
 * jumper (!jumped).
 */
static void
caps_list(const struct yote_rules *r, const uint64_t sh[4], uint64_t opp,
    uint64_t empty, int jumped, struct caps *cp)
{
	uint64_t l[4], x;
	int d, sq;

	/* the landings by direction, constant shifts */
	l[0] = shift_dir(r, sh[0] & opp, 0) & empty;
	l[1] = shift_dir(r, sh[1] & opp, 1) & empty;
	l[2] = shift_dir(r, sh[2] & opp, 2) & empty;
	l[3] = shift_dir(r, sh[3] & opp, 3) & empty;
	cp->n = 0;
	if ((l[0] | l[1] | l[2] | l[3]) == 0)
		return;         /* mostly */
	for (d = 0; d < 4 && cp->n <= 8; d++)
		for (x = l[d]; x && cp->n <= 8; x &= x - 1) {
			sq = lsb64(x);
			cp->land[cp->n] = BIT(sq);
			cp->at[cp->n++] = BIT(jumped ? r->adj[sq][d ^ 1] :
			    r->jump[sq][d ^ 1]);
		}
}

/*
 * survivors() over a caps list: the moves (placements: d < 0, indexed
 * by their point; steps to d: by the point left) after which one of the
 * captures is still there: all but those that kill every one, which
 * the intersection of what kills each gives.
 */
static uint64_t
caps_survive(const struct yote_rules *r, const struct caps *cp, int d)
{
	uint64_t all = ~(uint64_t)0;
	int i;

	if (cp->n == 0)
		return 0;
	if (cp->n > 8)  /* a move kills at most 4 + 4 of them */
		return r->board;
	for (i = 0; i < cp->n && all; i++)
		all &= d < 0 ? cp->land[i] : cp->at[i] |
		    shift_dir_v(r, cp->land[i], d ^ 1);
	return r->board & ~all;
}

/*
 * caps_survive for the steps of the four directions at once (far: for
 * the self-jumps, which land two points away).
 */
static void
caps_survive_by_dir(const struct yote_rules *r, const struct caps *cp, int far,
    uint64_t out[4])
{
	uint64_t all[4] = { ~(uint64_t)0, ~(uint64_t)0, ~(uint64_t)0,
		~(uint64_t)0 }, at, l;
	int i, d;

	if (cp->n == 0 || cp->n > 8) {
		at = cp->n == 0 ? 0 : r->board;
		out[0] = out[1] = out[2] = out[3] = at;
		return;
	}
	for (i = 0; i < cp->n; i++) {
		at = cp->at[i];
		l = cp->land[i];
		if (far) {
			all[0] &= at | shift_dir(r, shift_dir(r, l, 1), 1);
			all[1] &= at | shift_dir(r, shift_dir(r, l, 0), 0);
			all[2] &= at | shift_dir(r, shift_dir(r, l, 3), 3);
			all[3] &= at | shift_dir(r, shift_dir(r, l, 2), 2);
			continue;
		}
		all[0] &= at | shift_dir(r, l, 1);
		all[1] &= at | shift_dir(r, l, 0);
		all[2] &= at | shift_dir(r, l, 3);
		all[3] &= at | shift_dir(r, l, 2);
	}
	for (d = 0; d < 4; d++)
		out[d] = r->board & ~all[d];
}

/*
 * The boards of the plain self-jumps towards d, by the point f left (the
 * piece lands on f + 2d over its own piece on f + d): a capture after
 * one is one there was that did not jump (or was not made by) the piece
 * on f nor landed on f + 2d, or a new one over or from the piece now
 * there (t1: between an enemy and an empty point; t2: beside an enemy
 * with room beyond), or one landing on f (a capture over the mover's
 * piece, or by it).
 */
static void
sj_boards(const struct yote_rules *r, const uint64_t O[4],
    const uint64_t W[4], uint64_t w, uint64_t o, uint64_t t1, uint64_t t2,
    const struct caps *oc, const struct caps *sc, struct at_once *ao)
{
	uint64_t lo, ls, a[4], b[4];
	int d;

	lo = shift_dir(r, O[0] & w, 0) | shift_dir(r, O[1] & w, 1) |
	    shift_dir(r, O[2] & w, 2) | shift_dir(r, O[3] & w, 3);
	ls = shift_dir(r, W[0] & o, 0) | shift_dir(r, W[1] & o, 1) |
	    shift_dir(r, W[2] & o, 2) | shift_dir(r, W[3] & o, 3);
	caps_survive_by_dir(r, oc, 1, ao->selfjump_opp_capture);
	caps_survive_by_dir(r, sc, 1, ao->selfjump_mover_capture);
	shift4(r, t1, a);
	shift4(r, t2, b);
	shift_each(r, a, 0, a);
	shift_each(r, b, 0, b);
	for (d = 0; d < 4; d++) {
		ao->selfjump_opp_capture[d] |= a[d ^ 1] | lo;
		ao->selfjump_mover_capture[d] |= b[d ^ 1] | ls;
	}
}

/*
 * yote_arc_moves_at_once for the decoder, every board computed (no
 * threshold on the steps), by other code: straight-line, the shifted
 * boards worked out once and the captures as points, so that decoding
 * what the encoder ranks checks the one against the other.
 */
void
yote_arc_boards_at_once(const struct ply_ctx *c, int bridges,
    struct at_once *ao)
{
	const struct yote_rules *r = c->r;
	const struct yote_pos *p = c->p;

	if (!yote_arc_at_once(c, bridges, ao))
		return;
	ao->step = 1;
	if (r->opening == YOTE_OPEN_FIRST_PLACE && p->ply + 1 <= 2) {
		ao->step = 0;   /* no steps then anyway */
		return;
	}
	yote_arc_boards(c, ao);
}

void
yote_arc_boards(const struct ply_ctx *c, struct at_once *ao)
{
	const struct yote_rules *r = c->r;
	const struct yote_pos *p = c->p;
	int s = c->side;
	uint64_t w = p->pieces[s], o = p->pieces[!s];
	uint64_t empty = r->board & ~(w | o);
	uint64_t O[4], W[4], E[4], OO[4], EE[4], WW[4], tt[4], uu[4], y[4];
	uint64_t t1, t2, T2, V, a, b;
	struct caps oc, sc;

	ao->bridge_ready = 0;
	if (r->opening == YOTE_OPEN_FIRST_PLACE && p->ply + 1 <= 2) {
		/* one piece on the board at most: nothing to capture */
		ao->place_opp_capture = ao->place_mover_capture = 0;
		memset(ao->step_opp_capture, 0, sizeof(ao->step_opp_capture));
		memset(ao->step_mover_capture, 0,
		    sizeof(ao->step_mover_capture));
		return;
	}
	shift4(r, o, O);
	shift4(r, w, W);
	shift4(r, empty, E);
	caps_list(r, O, w, empty, 1, &oc);
	caps_list(r, W, o, empty, 0, &sc);
	shift_each(r, O, 0, OO);
	shift_each(r, E, 0, EE);
	shift_each(r, W, 0, WW);
	/* over a piece from the point beyond, by direction */
	tt[0] = O[0] & E[1];
	tt[1] = O[1] & E[0];
	tt[2] = O[2] & E[3];
	tt[3] = O[3] & E[2];
	t1 = tt[0] | tt[1] | tt[2] | tt[3];
	/* from the new piece over an enemy into an empty point */
	y[0] = E[1] & o;
	y[1] = E[0] & o;
	y[2] = E[3] & o;
	y[3] = E[2] & o;
	shift_each(r, y, 1, y);
	t2 = y[0] | y[1] | y[2] | y[3];
	ao->place_opp_capture = (t1 | caps_survive(r, &oc, -1)) & empty;
	ao->place_mover_capture = (t2 | caps_survive(r, &sc, -1)) & empty;
	/* steps to d: onto the point left, over a piece of the mover's */
	uu[0] = W[1] & OO[1];
	uu[1] = W[0] & OO[0];
	uu[2] = W[3] & OO[3];
	uu[3] = W[2] & OO[2];
	a = uu[0] | uu[1];
	b = uu[2] | uu[3];
	y[0] = uu[1] | b;
	y[1] = uu[0] | b;
	y[2] = a | uu[3];
	y[3] = a | uu[2];
	/* over the piece now on t, from beyond it or across */
	a = tt[0] | tt[1];
	b = tt[2] | tt[3];
	uu[0] = O[1] | tt[0] | b;       /* every tt but tt[1] */
	uu[1] = O[0] | tt[1] | b;
	uu[2] = O[3] | a | tt[2];
	uu[3] = O[2] | a | tt[3];
	shift_each(r, uu, 1, uu);
	T2 = (O[0] & EE[0]) | (O[1] & EE[1]) | (O[2] & EE[2]) |
	    (O[3] & EE[3]);
	V = (O[0] & WW[0]) | (O[1] & WW[1]) | (O[2] & WW[2]) |
	    (O[3] & WW[3]);
	caps_survive_by_dir(r, &oc, 0, ao->step_opp_capture);
	caps_survive_by_dir(r, &sc, 0, ao->step_mover_capture);
	shift4(r, T2, tt);
	for (s = 0; s < 4; s++) {
		ao->step_opp_capture[s] |= uu[s] | y[s];
		ao->step_mover_capture[s] |= tt[s ^ 1] | V;
	}
	if (r->selfjump == YOTE_SJ_PLAIN)
		sj_boards(r, O, W, w, o, t1, t2, &oc, &sc, ao);
}


