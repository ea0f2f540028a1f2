/*
 * archive_moves.c - the move-rank model of archives (formats/archive.md):
 * a move is coded as its rank among the legal moves of its position.
 *
 * The order the ranks refer to: every legal move gets a score from a
 * one-ply look (move_score); moves are ordered by score, best first,
 * then by canonical text (strcmp).  A move is coded as its level (the
 * number of distinct scores above its own) with one adaptive bit per
 * level passed, then its place among the moves of its level, uniformly.
 * The bit for "below level j" is modelled in a context of j, of the gap
 * between the scores of levels j and j+1 and of their sizes: a level
 * far above the next is rarely left, a thin one more often.
 */
#include <stdlib.h>
#include <string.h>

#include "archive_int.h"

/* What coding one move needs, worked out before anything is written. */
struct ply_sym {
	uint32_t tier;          /* its level, 0 = best */
	uint32_t levels;        /* levels in the position */
	uint64_t k;             /* moves in its level */
	uint64_t i;             /* its place among them */
	size_t ctx;             /* offset of its bit contexts */
};

void
yote_mover_init(struct mover *mv)
{
	yote_probs_init(&mv->tier[0][0], TIER_J * TIER_CTX);
}

void
yote_mover_free(struct mover *mv)
{
	yote_movelist_free(&mv->list);
	free(mv->score);
	free(mv->level);
	free(mv->count);
	yote_movelist_free(&mv->sq);
	free(mv->grp);
	yote_buf_free(&mv->text);
	free(mv->sym);
	yote_buf_free(&mv->ctxs);
	yote_buf_free(&mv->canon);
	free(mv->canon_off);
	memset(mv, 0, sizeof(*mv));
}

static int
win_for(int side)
{
	return side == YOTE_FIRST ? YOTE_RES_FIRST : YOTE_RES_SECOND;
}

/*
 * The score of m in p for the side to move s: 16 per enemy piece taken;
 * a move that ends the game is +1000 if s wins, -1000 if s loses, and
 * for a draw 8 per piece s is behind; otherwise -22 when the opponent
 * then has a capture, +4 when s then has one, and +3 for a placement.
 */
static long
move_score(const struct yote_rules *r, const struct yote_pos *p,
    const struct yote_move *m)
{
	struct yote_pos q = *p;
	struct yote_outcome o;
	int s = p->side;
	long v;

	yote_pos_play(r, &q, m);
	v = 16L * (yote_pos_remaining(p, !s) - yote_pos_remaining(&q, !s));
	yote_pos_outcome(r, &q, &o);
	if (o.term != YOTE_TERM_NONE) {
		if ((int)o.result == win_for(s))
			return v + 1000;
		if ((int)o.result == win_for(!s))
			return v - 1000;
		return v + 8L * (yote_pos_remaining(&q, !s) -
		    yote_pos_remaining(&q, s));
	}
	if (yote_pos_has_capture(r, &q, !s))
		v -= 22;
	if (yote_pos_has_capture(r, &q, s))
		v += 4;
	if (m->kind == YOTE_PLACE)
		v += 3;
	return v;
}

/* Whether the opening rule allows only placements now (movegen.c). */
static int
placements_only(const struct yote_rules *r, const struct yote_pos *p)
{
	return r->opening == YOTE_OPEN_FIRST_PLACE && p->ply <= 2;
}

/* Whether steps and plain self-jumps are allowed for side s (movegen.c). */
static int
steps_allowed(const struct yote_rules *r, const struct yote_pos *p, int s)
{
	return !(r->opening == YOTE_OPEN_HAND_FIRST && p->hand[s] > 0);
}

/*
 * What every move of one position shares, worked out once: the side to
 * move and both sides' pieces (board and hand).
 */
struct ply_ctx {
	const struct yote_rules *r;
	const struct yote_pos *p;
	int s;
	int rem_s, rem_o;
};

/* The points of `to` a jump reaches from `from` over `over` (movegen.c). */
static inline uint64_t
jumps(const struct yote_rules *r, uint64_t from, uint64_t over, uint64_t to)
{
	unsigned w = (unsigned)r->width;
	uint64_t n = (((from << w) & r->board & over) << w) & r->board;
	uint64_t so = ((from >> w) & over) >> w;
	uint64_t e = (((from << 1) & r->not_col_first & over) << 1) &
	    r->not_col_first;
	uint64_t wst = (((from >> 1) & r->not_col_last & over) >> 1) &
	    r->not_col_last;

	return (n | so | e | wst) & to;
}

/* yote_pos_has_capture for side s of q, own and opp its pieces. */
static inline int
has_capture(const struct yote_rules *r, int po, uint64_t own, uint64_t opp)
{
	uint64_t empty = r->board & ~(own | opp);

	if (po)
		return 0;
	if (jumps(r, own, opp, empty))
		return 1;
	return r->selfjump == YOTE_SJ_BRIDGE &&
	    jumps(r, jumps(r, own, own, empty), opp, empty) != 0;
}

/*
 * move_score without its slow parts, the same value: the material taken
 * is read off the move, the pieces left follow from it, a move that
 * takes nothing is played by bit operations, and the end of the game is
 * asked of the library only when the opponent may have no move
 * (blocked) or nothing left.
 */
static long
fast_score(const struct ply_ctx *c, const struct yote_move *m)
{
	const struct yote_rules *r = c->r;
	const struct yote_pos *p = c->p;
	struct yote_pos q;
	int s = c->s, gain = 0, ro, hco, hcs, po, i;
	uint64_t own, opp;
	long v;

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
	ro = c->rem_o - gain;
	v = 16L * gain;
	own = q.pieces[s];
	opp = q.pieces[!s];
	if (ro == 0 || !((q.hand[!s] > 0 && (r->board & ~(own | opp))) ||
	    yote_raw_has_move(r, &q, !s)))
		return move_score(r, p, m);     /* capture-all, blocked */
	po = r->opening == YOTE_OPEN_FIRST_PLACE && q.ply <= 2;
	hco = has_capture(r, po, opp, own);
	hcs = has_capture(r, po, own, opp);
	if ((r->few_pieces && ro <= r->few_pieces &&
	    c->rem_s <= r->few_pieces && !hco && !hcs) ||
	    (r->move_limit && q.since_capture >= (uint32_t)r->move_limit))
		return v + 8L * (ro - c->rem_s);        /* a draw */
	if (hco)
		v -= 22;
	if (hcs)
		v += 4;
	if (m->kind == YOTE_PLACE)
		v += 3;
	return v;
}

/* Room for n more moves in the list and their scores; 0 or an error. */
static int
mover_room(struct mover *mv, size_t n)
{
	size_t need = mv->list.n + n, cap;
	struct yote_move *v;
	long *s;
	uint32_t *c;

	if (need > YOTE_MAX_MOVES)
		return YOTE_ELIMIT;
	if (need > mv->list.cap) {
		cap = need * 2 < 64 ? 64 : need * 2;
		if ((v = realloc(mv->list.v, cap * sizeof(*v))) == NULL)
			return YOTE_ENOMEM;
		mv->list.v = v;
		mv->list.cap = cap;
	}
	if (need > mv->cap) {
		cap = mv->list.cap;
		if ((s = realloc(mv->score, cap * sizeof(*s))) == NULL)
			return YOTE_ENOMEM;
		mv->score = s;
		if ((s = realloc(mv->level, cap * sizeof(*s))) == NULL)
			return YOTE_ENOMEM;
		mv->level = s;
		if ((c = realloc(mv->count, cap * sizeof(*c))) == NULL)
			return YOTE_ENOMEM;
		mv->count = c;
		mv->cap = cap;
	}
	return 0;
}

/*
 * The moves of the piece on sq when it may capture: the library's list,
 * appended as a group whose order is not yet the text order (it is put
 * in order only where a rank needs it, group_place).  0 or an error.
 */
static int
gen_square(struct mover *mv, const struct yote_rules *r,
    const struct yote_pos *p, int sq)
{
	struct yote_movelist *l = &mv->sq;
	long n = yote_gen_moves_from(r, p, sq, l);
	int rc;

	if (n <= 0)
		return (int)n;
	if ((rc = mover_room(mv, (size_t)n)) != 0)
		return rc;
	if (mv->ngrp == mv->capgrp) {
		size_t cap = mv->capgrp ? 2 * mv->capgrp : 16;
		size_t *g = realloc(mv->grp, 2 * cap * sizeof(*g));

		if (g == NULL)
			return YOTE_ENOMEM;
		mv->grp = g;
		mv->capgrp = cap;
	}
	mv->grp[2 * mv->ngrp] = mv->list.n;
	mv->grp[2 * mv->ngrp + 1] = (size_t)n;
	mv->ngrp++;
	memcpy(mv->list.v + mv->list.n, l->v, (size_t)n * sizeof(*l->v));
	mv->list.n += (size_t)n;
	return 0;
}

/*
 * The legal moves of p in canonical text order (the order of strcmp on
 * their texts), without sorting texts: a move's text starts with the
 * name of its square, column letter then row digit, so the squares are
 * taken column by column; on one square a placement stands alone, and
 * the steps and self-jumps of a piece ("c3-b3") follow the order of
 * their landing squares, which is fixed by direction.  Only a piece that
 * may capture has its moves generated by the library, as a group in the
 * library's order (gen_square).  Returns the count or an error.
 */
static long
gen_canonical(struct mover *mv, const struct yote_rules *r,
    const struct yote_pos *p)
{
	/* landing squares in text order: west 2, west, south 2, south,
	   north, north 2, east, east 2 (d: 0 north, 1 south, 2 east, 3 west) */
	static const int dir[8] = { 3, 3, 1, 1, 0, 0, 2, 2 };
	static const int far[8] = { 1, 0, 1, 0, 0, 1, 0, 1 };
	int s = p->side, col, row, sq, k, to, steps, sj, rc;
	uint64_t own = p->pieces[s], opp = p->pieces[!s];
	uint64_t empty = r->board & ~(own | opp), cap = 0, t;
	struct yote_move m;

	mv->list.n = 0;
	mv->ngrp = mv->nstep = 0;
	if (yote_over_unless_blocked(r, p))
		return 0;
	steps = steps_allowed(r, p, s) && !placements_only(r, p);
	sj = steps && r->selfjump == YOTE_SJ_PLAIN;
	if (!placements_only(r, p)) {
		/* pieces with an enemy beside them and room beyond (captures),
		   or an own piece beside them and room beyond (bridges) */
		for (k = 0; k < 4; k++) {
			t = shift_dir(r, empty, k ^ 1);
			cap |= shift_dir(r, t & opp, k ^ 1);
			if (r->selfjump == YOTE_SJ_BRIDGE)
				cap |= shift_dir(r, t & own, k ^ 1);
		}
		cap &= own;
	}
	memset(&m, 0, sizeof(m));
	for (col = 0; col < r->width; col++)
		for (row = 0; row < r->height; row++) {
			sq = row * r->width + col;
			if (empty & BIT(sq)) {
				if (p->hand[s] == 0)
					continue;
				if ((rc = mover_room(mv, 1)) != 0)
					return rc;
				m.kind = YOTE_PLACE;
				m.from = (uint8_t)sq;
				m.nseg = 0;
				m.seg_bonus[0] = 0;
				mv->list.v[mv->list.n++] = m;
				continue;
			}
			if (!(own & BIT(sq)))
				continue;
			if (cap & BIT(sq)) {
				if ((rc = gen_square(mv, r, p, sq)) != 0)
					return rc;
				continue;
			}
			if (!steps || (rc = mover_room(mv, 8)) != 0) {
				if (!steps)
					continue;
				return rc;
			}
			for (k = 0; k < 8; k++) {
				if (far[k]) {
					if (!sj || (to = jump_to(r, sq, dir[k],
					    own, empty)) < 0)
						continue;
					m.kind = YOTE_SELFJUMP;
				} else {
					to = r->adj[sq][dir[k]];
					if (to < 0 || !(empty & BIT(to)))
						continue;
					m.kind = YOTE_STEP;
					mv->nstep++;
				}
				m.from = (uint8_t)sq;
				m.nseg = 1;
				m.seg_to[0] = (uint8_t)to;
				m.seg_bonus[0] = YOTE_BONUS_NO;
				mv->list.v[mv->list.n++] = m;
			}
		}
	return (long)mv->list.n;
}

/*
 * Placements and steps scored all at once (at_once), when the ruleset
 * has no bridges and the end of the game cannot come into it.  For each
 * kind, bitboards of the points where the move leaves the opponent (hco)
 * or the mover (hcs) a capture, as yote_pos_has_capture would find in
 * the position after it: for a placement, indexed by its point; for a
 * step in direction d, by the point it leaves.
 */
struct at_once {
	int place, step;                /* 1: that kind is scored so */
	uint64_t place_hco, place_hcs;
	uint64_t step_hco[4], step_hcs[4];
};

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
 * Fill *ao for p.  A move that takes nothing changes the board at one or
 * two points, so a capture after it is one that existed before and does
 * not use those points, or a new one through them: for a placement on
 * t, over the piece on t (opponent) or from t (mover); for a step from f
 * to t, also one landing on f, now empty.  The opponent is not blocked
 * after such a move when it has a piece in hand, or pieces beside two
 * empty points (one stays empty); nor is the game over by the move
 * limit or few pieces, which is checked first.
 */
static void
moves_at_once(const struct ply_ctx *c, size_t steps, struct at_once *ao)
{
	const struct yote_rules *r = c->r;
	const struct yote_pos *p = c->p;
	int s = c->s, d, e, no, ns;
	uint64_t w = p->pieces[s], o = p->pieces[!s];
	uint64_t empty = r->board & ~(w | o), beside = 0, lo, ls, t1, t2, b;
	uint8_t omid[9], ofrom[9], oland[9], smid[9], sfrom[9], sland[9];

	ao->place = ao->step = 0;
	if (r->selfjump == YOTE_SJ_BRIDGE || c->rem_o == 0 ||
	    (r->move_limit && p->since_capture + 1 >= (uint32_t)r->move_limit) ||
	    (r->few_pieces && c->rem_o <= r->few_pieces &&
	    c->rem_s <= r->few_pieces))
		return;
	for (d = 0; d < 4; d++)
		beside |= shift_dir(r, o, d);
	beside &= empty;
	if (p->hand[!s] == 0 && (beside & (beside - 1)) == 0)
		return;
	if (p->hand[!s] == 0 && r->opening == YOTE_OPEN_FIRST_PLACE &&
	    p->ply + 1 <= 2)
		return;
	ao->place = p->hand[s] > 0 && (p->hand[!s] == 0 ||
	    (empty & (empty - 1)) != 0);
	/* the boards of the steps cost more than scoring a few one by one */
	ao->step = steps >= 8;
	ao->place_hco = ao->place_hcs = 0;
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
	ao->place_hco = (t1 | lo) & empty;
	ao->place_hcs = (t2 | ls) & empty;
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
		ao->step_hco[d] = b;
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
		ao->step_hcs[d] = b;
	}
}

/* The direction of a step (0 north, 1 south, 2 east, 3 west). */
static int
step_dir(const struct yote_rules *r, const struct yote_move *m)
{
	int diff = m->seg_to[0] - m->from;

	return diff == r->width ? 0 : diff == -r->width ? 1 : diff == 1 ? 2 : 3;
}

/*
 * The legal moves of p in canonical order with their scores, and the
 * levels; returns their count or an error.
 */
static long
mover_rank(struct mover *mv, const struct yote_rules *r,
    const struct yote_pos *p)
{
	struct ply_ctx c;
	long n = gen_canonical(mv, r, p), sc;
	struct at_once ao;
	size_t i, j;
	int d;

	if (n <= 0)
		return n;
	c.r = r;
	c.p = p;
	c.s = p->side;
	c.rem_s = yote_pos_remaining(p, c.s);
	c.rem_o = yote_pos_remaining(p, !c.s);
	moves_at_once(&c, mv->nstep, &ao);
	/*
	 * The distinct scores, best first, and how many moves have each:
	 * few levels, so insertion beats sorting every score.
	 */
	j = 0;
	for (i = 0; i < (size_t)n; i++) {
		const struct yote_move *m = &mv->list.v[i];
		size_t lo = 0, hi = j;

		if (ao.place && m->kind == YOTE_PLACE)
			sc = 3 - 22 * (long)(ao.place_hco >> m->from & 1) +
			    4 * (long)(ao.place_hcs >> m->from & 1);
		else if (ao.step && m->kind == YOTE_STEP) {
			d = step_dir(r, m);
			sc = -22 * (long)(ao.step_hco[d] >> m->from & 1) +
			    4 * (long)(ao.step_hcs[d] >> m->from & 1);
		} else
			sc = fast_score(&c, m);
		mv->score[i] = sc;
		while (lo < hi) {       /* level[] is strictly decreasing */
			size_t mid = (lo + hi) / 2;

			if (mv->level[mid] > sc)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < j && mv->level[lo] == sc) {
			mv->count[lo]++;
			continue;
		}
		memmove(&mv->level[lo + 1], &mv->level[lo],
		    (j - lo) * sizeof(*mv->level));
		memmove(&mv->count[lo + 1], &mv->count[lo],
		    (j - lo) * sizeof(*mv->count));
		mv->level[lo] = sc;
		mv->count[lo] = 1;
		j++;
	}
	mv->nlevel = j;
	return n;
}

static size_t
level_of(const struct mover *mv, long score)
{
	size_t lo = 0, hi = mv->nlevel - 1;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (mv->level[mid] > score)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The context of the bit "below level j" (j + 1 < nlevel). */
static unsigned
tier_ctx(const struct mover *mv, size_t j)
{
	long gap = mv->level[j] - mv->level[j + 1];
	uint32_t c0 = mv->count[j], c1 = mv->count[j + 1];
	unsigned g, q;

	g = gap <= 3 ? (unsigned)gap : gap <= 6 ? 4 : gap <= 9 ? 5 :
	    gap <= 15 ? 6 : 7;
	q = 2 * (uint64_t)c1 < c0 ? 0 : c1 < c0 ? 1 :
	    c1 < 2 * (uint64_t)c0 ? 2 : 3;
	return g * 4 + q;
}

/*
 * The moves of group g whose score is sc, sorted by text into mv->text
 * as records of a text and the move's index; returns their count, or -1
 * out of memory.
 */
#define TREC (YOTE_MOVE_TEXT + sizeof(size_t))

static int
cmp_text(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

static long
group_texts(struct mover *mv, const struct yote_rules *r, size_t g, long sc)
{
	size_t i, k = 0, at = mv->grp[2 * g], n = mv->grp[2 * g + 1];

	mv->text.n = 0;
	if (yote_buf_grow(&mv->text, n * TREC) != 0)
		return -1;
	for (i = at; i < at + n; i++) {
		char *t = (char *)mv->text.p + k * TREC;

		if (mv->score[i] != sc)
			continue;
		yote_move_format(r, &mv->list.v[i], t);
		memcpy(t + YOTE_MOVE_TEXT, &i, sizeof(i));
		k++;
	}
	if (k > 1)
		qsort(mv->text.p, k, TREC, cmp_text);
	return (long)k;
}

/* The index in the list of the text record i of group_texts. */
static size_t
text_index(const struct mover *mv, size_t i)
{
	size_t k;

	memcpy(&k, mv->text.p + i * TREC + YOTE_MOVE_TEXT, sizeof(k));
	return k;
}

/*
 * The index of the move of score sc at place `place` in text order:
 * the list is in that order but for its groups.  -1 out of memory.
 */
static long
pick_place(struct mover *mv, const struct yote_rules *r, long sc,
    uint64_t place)
{
	size_t j = 0, g = 0, end;
	long k;

	for (;;) {
		end = g < mv->ngrp ? mv->grp[2 * g] : mv->list.n;
		for (; j < end; j++)
			if (mv->score[j] == sc && place-- == 0)
				return (long)j;
		/* a group: count its moves of this score first */
		for (k = 0, end = j + mv->grp[2 * g + 1]; j < end; j++)
			k += mv->score[j] == sc;
		if (place >= (uint64_t)k) {
			place -= (uint64_t)k;
			g++;
			continue;
		}
		if (group_texts(mv, r, g, sc) < 0)
			return -1;
		return (long)text_index(mv, (size_t)place);
	}
}

/* The place in text order of move idx among the moves of its score. */
static long
place_of(struct mover *mv, const struct yote_rules *r, size_t idx)
{
	long sc = mv->score[idx], k, i, n = 0;
	size_t j, g;

	for (g = 0; g < mv->ngrp; g++)
		if (idx < mv->grp[2 * g] + mv->grp[2 * g + 1])
			break;
	if (g == mv->ngrp || idx < mv->grp[2 * g]) {
		for (j = 0; j < idx; j++)
			n += mv->score[j] == sc;
		return n;
	}
	for (j = 0; j < mv->grp[2 * g]; j++)
		n += mv->score[j] == sc;
	if ((k = group_texts(mv, r, g, sc)) < 0)
		return -1;
	for (i = 0; i < k; i++)
		if (text_index(mv, (size_t)i) == idx)
			return n + i;
	return -1;
}

int
yote_mover_rank_game(struct mover *mv, const struct yote_game *g)
{
	const struct yote_rules *r = yote_game_rules(g);
	size_t n = yote_game_plies(g);
	char mtext[YOTE_MOVE_TEXT];
	size_t i, j, idx;
	long nm;

	if (n > mv->capsym) {
		struct ply_sym *s = realloc(mv->sym, n * sizeof(*s));
		size_t *o;

		if (s == NULL)
			return YOTE_ENOMEM;
		mv->sym = s;
		mv->capsym = n;
		if ((o = realloc(mv->canon_off, n * sizeof(*o))) == NULL)
			return YOTE_ENOMEM;
		mv->canon_off = o;
	}
	mv->ctxs.n = mv->canon.n = 0;
	for (i = 0; i < n; i++) {
		struct ply_sym *sy = &mv->sym[i];
		const struct yote_move *m = yote_game_move(g, i + 1);

		if ((nm = mover_rank(mv, r, yote_game_pos(g, i))) < 0) {
			mv->fail_ply = i + 1;
			return nm == YOTE_ELIMIT ? YOTE_ELIMIT : YOTE_ENOMEM;
		}
		for (idx = 0; idx < (size_t)nm; idx++)
			if (yote_move_equal(&mv->list.v[idx], m))
				break;
		if (idx == (size_t)nm)
			return -1;
		yote_move_format(r, m, mtext);
		mv->canon_off[i] = mv->canon.n;
		yote_buf_put(&mv->canon, mtext, strlen(mtext) + 1);
		sy->levels = (uint32_t)mv->nlevel;
		sy->tier = (uint32_t)level_of(mv, mv->score[idx]);
		sy->k = mv->count[sy->tier];
		sy->i = 0;
		sy->ctx = mv->ctxs.n;
		for (j = 0; j + 1 < mv->nlevel && j <= sy->tier; j++)
			yote_buf_byte(&mv->ctxs, tier_ctx(mv, j));
		if ((nm = place_of(mv, r, idx)) < 0)
			return YOTE_ENOMEM;
		sy->i = (uint64_t)nm;
	}
	return mv->ctxs.oom || mv->canon.oom ? YOTE_ENOMEM : 0;
}

void
yote_mover_encode(struct mover *mv, struct rc *rc, size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		const struct ply_sym *sy = &mv->sym[i];
		const unsigned char *cx = mv->ctxs.p + sy->ctx;

		for (j = 0; j + 1 < sy->levels; j++)
			if (!yote_rc_bit(rc, &mv->tier[j < TIER_J ? j :
			    TIER_J - 1][cx[j]], sy->tier > j))
				break;
		if (sy->k > 1)
			yote_rc_uniform(rc, sy->i, sy->k);
	}
}

int
yote_mover_decode(struct mover *mv, struct rc *rc, const struct yote_rules *r,
    struct yote_pos *pos, const char **text, const char **why)
{
	size_t j, t;
	uint64_t k, place;
	long n;

	*text = NULL;
	if ((n = mover_rank(mv, r, pos)) < 0)
		return -2;
	if (n == 0) {
		*why = "more moves than the game has";
		return -1;
	}
	t = 0;
	for (j = 0; j + 1 < mv->nlevel; j++) {
		if (!yote_rc_bit(rc, &mv->tier[j < TIER_J ? j : TIER_J - 1]
		    [tier_ctx(mv, j)], 0))
			break;
		t = j + 1;
	}
	k = mv->count[t];
	place = k > 1 ? yote_rc_uniform(rc, 0, k) : 0;
	if (rc->over > 8) {
		*why = "the moves stream ends early";
		return -1;
	}
	if ((n = pick_place(mv, r, mv->level[t], place)) < 0)
		return -2;
	j = (size_t)n;
	mv->last = mv->list.v[j];
	yote_move_format(r, &mv->last, mv->mtext);
	*text = mv->mtext;
	yote_pos_play(r, pos, &mv->last);
	return 0;
}
