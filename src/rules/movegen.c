/*
 * movegen.c - legal moves, move counting and playing a move.
 *
 * The rules implemented here (rules.md sections 2 and 3):
 *
 * - A turn is one move: a placement from the hand onto an empty point, a
 *   step to an adjacent empty point, a capture, or (by ruleset) a self-jump.
 *   Adjacent is orthogonal only.
 * - A capture jumps an adjacent enemy piece to the empty point straight
 *   beyond; the jumped piece is removed at once, then the bonus removal:
 *   mandatory-board (an enemy board piece if any is left, else none),
 *   optional-board (a board piece or nothing), mandatory-any (a board piece
 *   or one from the hand, '@', if the enemy has anything left), none.
 * - With chains, the same piece may jump again after the bonus; every
 *   prefix ending after a bonus is a move of its own.  The bonus may open
 *   the next landing square; the start square is empty once left, so a
 *   chain may land on it again.
 * - Self-jump plain: over an own adjacent piece, a whole move.  Bridge: a
 *   self-jump only as the first jump of a turn that captures at least once.
 * - Opening: first-move-placement allows only placements while the ply
 *   about to be played is 1 or 2; hand-first forbids steps and plain
 *   self-jumps while the mover has pieces in hand (a bridge is a capture).
 * - A finished position (status.c) has no legal moves.
 *
 * Moves are built by a depth-first walk over the capture tree; counting
 * walks the same tree without storing moves, and where chains are off it
 * counts with bit operations alone: every single capture then has the same
 * number of bonus choices.
 */
#include <stdlib.h>
#include <string.h>

#include "yote_int.h"
#include "yote_engine.h"

struct gen {
	const struct yote_rules *r;
	struct yote_movelist *out;
	struct yote_move cur;   /* the move being built */
	int oom;                /* 1: an allocation failed, 2: too many */
	uint64_t bonus;         /* bonus squares allowed (the engine's
				   choice), every one for the rules' lists */
	size_t limit;           /* moves before giving up (the engine's
				   lists), else YOTE_MAX_MOVES */
};

void
yote_movelist_free(struct yote_movelist *l)
{
	if (l == NULL)
		return;
	free(l->v);
	l->v = NULL;
	l->n = l->cap = 0;
}

/*
 * Room for one more move in g's list: 1, or 0 with g->oom set (past the
 * limit, or no memory).  Apart from emit, which is inline: it runs for
 * every move generated, and the list has room nearly always.
 */
static int
emit_room(struct gen *g)
{
	struct yote_movelist *l = g->out;
	struct yote_move *nv;

	if (l->n >= g->limit) {
		g->oom = 2;
		return 0;
	}
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 64;

		if (l->n >= YOTE_MAX_MOVES) {
			g->oom = 2;     /* the stated limit, not the machine */
			return 0;
		}
		if ((nv = realloc(l->v, cap * sizeof(*nv))) == NULL) {
			g->oom = 1;
			return 0;
		}
		l->v = nv;
		l->cap = cap;
	}
	return 1;
}

static inline void
emit(struct gen *g)
{
	struct yote_movelist *l = g->out;
	struct yote_move *d;

	if ((l->n >= g->limit || l->n == l->cap) && !emit_room(g))
		return;
	d = &l->v[l->n++];
	/* only the bytes the move uses, most often: a move is 136 bytes, and
	 * the whole copy was a tenth of a search's instructions; the bytes
	 * past nseg are never read (yote_move_equal compares nseg of each) */
	if (g->cur.nseg <= 8) {
		memcpy(d, &g->cur, offsetof(struct yote_move, seg_to) + 8);
		memcpy(d->seg_bonus, g->cur.seg_bonus, 8);
	} else
		*d = g->cur;
}

/*
 * A placement (nseg 0) or a move of one segment to `to`, emitted from
 * these values, not through g->cur: a wide read of bytes just written
 * one by one waits for them to reach the cache (the processor cannot hand
 * them on), and that wait was most of the generator's time.  Only the
 * bytes the move uses are written.
 */
static inline void
emit_short(struct gen *g, int kind, int from, int nseg, int to)
{
	struct yote_movelist *l = g->out;
	struct yote_move *d;

	if ((l->n >= g->limit || l->n == l->cap) && !emit_room(g))
		return;
	d = &l->v[l->n++];
	d->kind = (uint8_t)kind;
	d->from = (uint8_t)from;
	d->nseg = (uint8_t)nseg;
	d->pad = 0;
	if (nseg) {
		d->seg_to[0] = (uint8_t)to;
		d->seg_bonus[0] = YOTE_BONUS_NO;
	}
}

/* Bonus choices after a capture, counted; opp is the enemy board after
 * the jumped piece left it. */
static unsigned
bonus_choices(const struct yote_rules *r, uint64_t opp, int opphand)
{
	unsigned k = (unsigned)popcount64(opp);

	switch (r->bonus) {
	case YOTE_BONUS_OPTIONAL_BOARD:
		return k + 1;
	case YOTE_BONUS_MANDATORY_BOARD:
		return k ? k : 1;
	case YOTE_BONUS_MANDATORY_ANY:
		k += opphand > 0;
		return k ? k : 1;
	default:
		return 1;
	}
}

static void chain(struct gen *, int, uint64_t, uint64_t, int, int);

/*
 * The bonus pieces to try after a jump landing on land (own and opp: the
 * board after it): those allowed, with those that block the next jump of
 * a chain from land, or else the lowest one; and, as the allowed ones
 * were chosen before the move, the ones that could take the piece on
 * land at once.
 */
static inline uint64_t
bonus_set(const struct gen *g, uint64_t own, uint64_t opp, int land)
{
	const struct yote_rules *r = g->r;
	uint64_t b = opp & g->bonus, empty = r->board & ~(own | opp), take = 0;
	int d, j;

	if (~g->bonus == 0)
		return opp;
	for (d = 0; d < 4; d++) {
		if (r->chain && (j = jump_to(r, land, d, opp, opp)) >= 0)
			b |= BIT(j);
		if ((j = r->adj[land][d]) >= 0 && (opp & BIT(j)) &&
		    jump_to(r, j, d ^ 1, own, empty) >= 0)
			take |= BIT(j);
	}
	return (b ? b : opp & -opp) | take;
}

/* After segment nseg-1 landed on land: record the bonus, emit, go on. */
static void
after_bonus(struct gen *g, int nseg, int land, uint64_t own, uint64_t opp,
    int opphand, int bonus)
{
	g->cur.nseg = (uint8_t)nseg;
	g->cur.seg_bonus[nseg - 1] = (uint8_t)bonus;
	emit(g);
	if (g->r->chain && opp != 0 && nseg < YOTE_MAX_SEGS)
		chain(g, land, own, opp, opphand, nseg);
}

/*
 * Captures by the piece on sq; the move so far has nseg segments.
 */
static void
chain(struct gen *g, int sq, uint64_t own, uint64_t opp, int opphand,
    int nseg)
{
	const struct yote_rules *r = g->r;
	uint64_t empty = r->board & ~(own | opp), own2, opp2, b;
	int d, mid, land;

	for (d = 0; d < 4 && !g->oom; d++) {
		if ((land = jump_to(r, sq, d, opp, empty)) < 0)
			continue;
		mid = r->adj[sq][d];
		opp2 = opp & ~BIT(mid);
		own2 = (own & ~BIT(sq)) | BIT(land);
		g->cur.seg_to[nseg] = (uint8_t)land;
		switch (r->bonus) {
		case YOTE_BONUS_NONE:
			after_bonus(g, nseg + 1, land, own2, opp2, opphand,
			    YOTE_BONUS_NO);
			break;
		case YOTE_BONUS_OPTIONAL_BOARD:
			after_bonus(g, nseg + 1, land, own2, opp2, opphand,
			    YOTE_BONUS_NO);
			for (b = bonus_set(g, own2, opp2, land); b; b &= b - 1)
				after_bonus(g, nseg + 1, land, own2,
				    opp2 & ~(b & -b), opphand, lsb64(b));
			break;
		case YOTE_BONUS_MANDATORY_BOARD:
			if (opp2 == 0)
				after_bonus(g, nseg + 1, land, own2, opp2,
				    opphand, YOTE_BONUS_NO);
			for (b = bonus_set(g, own2, opp2, land); b; b &= b - 1)
				after_bonus(g, nseg + 1, land, own2,
				    opp2 & ~(b & -b), opphand, lsb64(b));
			break;
		case YOTE_BONUS_MANDATORY_ANY:
			if (opp2 == 0 && opphand == 0)
				after_bonus(g, nseg + 1, land, own2, opp2,
				    opphand, YOTE_BONUS_NO);
			for (b = bonus_set(g, own2, opp2, land); b; b &= b - 1)
				after_bonus(g, nseg + 1, land, own2,
				    opp2 & ~(b & -b), opphand, lsb64(b));
			if (opphand > 0)
				after_bonus(g, nseg + 1, land, own2, opp2,
				    opphand - 1, YOTE_BONUS_HAND);
			break;
		}
	}
}

/*
 * A count's budget: chain nodes it may still visit.  Every node but the
 * first of each piece counts a move, so a count of at most `limit` moves
 * never runs out of a budget of limit + COUNT_SLACK, and one that runs
 * out has more than limit moves.
 */
#define COUNT_SLACK 1024        /* > pieces + bridge starts */

struct budget {
	unsigned long long left;
	int out;                /* ran out */
};

/* One capture continued: this move, plus what the piece may still take. */
static unsigned long long chain_count(const struct yote_rules *, int,
    uint64_t, uint64_t, int, int, struct budget *);

static inline unsigned long long
with_rest(const struct yote_rules *r, int land, uint64_t own, uint64_t opp,
    int opphand, int depth, struct budget *bu)
{
	return 1 + (opp ? chain_count(r, land, own, opp, opphand, depth, bu) :
	    0);
}

/* Counting twin of chain(). */
static unsigned long long
chain_count(const struct yote_rules *r, int sq, uint64_t own, uint64_t opp,
    int opphand, int depth, struct budget *bu)
{
	uint64_t empty = r->board & ~(own | opp), own2, opp2, b;
	unsigned long long n = 0;
	int d, mid, land;

	if (bu->left == 0) {
		bu->out = 1;
		return 0;
	}
	bu->left--;
	for (d = 0; d < 4 && !bu->out; d++) {
		if ((land = jump_to(r, sq, d, opp, empty)) < 0)
			continue;
		mid = r->adj[sq][d];
		opp2 = opp & ~BIT(mid);
		if (!r->chain || depth + 1 >= YOTE_MAX_SEGS) {
			n += bonus_choices(r, opp2, opphand);
			continue;
		}
		own2 = (own & ~BIT(sq)) | BIT(land);
		switch (r->bonus) {
		case YOTE_BONUS_NONE:
		case YOTE_BONUS_OPTIONAL_BOARD:
			n += with_rest(r, land, own2, opp2, opphand, depth + 1,
			    bu);
			if (r->bonus == YOTE_BONUS_NONE)
				continue;
			break;
		case YOTE_BONUS_MANDATORY_BOARD:
			n += opp2 == 0;
			break;
		case YOTE_BONUS_MANDATORY_ANY:
			n += opp2 == 0 && opphand == 0;
			if (opphand > 0)
				n += with_rest(r, land, own2, opp2,
				    opphand - 1, depth + 1, bu);
			break;
		}
		for (b = opp2; b && !bu->out; b &= b - 1)
			n += with_rest(r, land, own2, opp2 & ~(b & -b),
			    opphand, depth + 1, bu);
	}
	return n;
}

/* Whether the opening rule allows only placements now. */
static inline int
placements_only(const struct yote_rules *r, const struct yote_pos *p)
{
	return r->opening == YOTE_OPEN_FIRST_PLACE && p->ply <= 2;
}

/* Whether steps and plain self-jumps are allowed for side s. */
static inline int
steps_allowed(const struct yote_rules *r, const struct yote_pos *p, int s)
{
	return !(r->opening == YOTE_OPEN_HAND_FIRST && p->hand[s] > 0);
}

/* Captures and bridges by the piece on sq. */
static void
piece_captures(struct gen *g, const struct yote_pos *p, int s, int sq)
{
	const struct yote_rules *r = g->r;
	uint64_t own = p->pieces[s], opp = p->pieces[!s];
	uint64_t empty = r->board & ~(own | opp);
	int d, land;

	g->cur.from = (uint8_t)sq;
	g->cur.kind = YOTE_CAPTURE;
	chain(g, sq, own, opp, p->hand[!s], 0);
	if (r->selfjump != YOTE_SJ_BRIDGE)
		return;
	for (d = 0; d < 4; d++) {
		if ((land = jump_to(r, sq, d, own, empty)) < 0)
			continue;
		g->cur.kind = YOTE_BRIDGE;
		g->cur.seg_to[0] = (uint8_t)land;
		g->cur.seg_bonus[0] = YOTE_BONUS_NO;
		chain(g, land, (own & ~BIT(sq)) | BIT(land), opp, p->hand[!s],
		    1);
	}
}

/*
 * The pieces of own that piece_captures may find a capture for: those
 * with an enemy piece beside them and an empty point beyond; every one
 * where bridges are allowed (a bridge's capture starts where its
 * self-jump lands).  The others are passed over without the walk, which
 * was most of the calls and found nothing.
 */
static inline uint64_t
capturers(const struct yote_rules *r, uint64_t own, uint64_t opp,
    uint64_t empty)
{
	uint64_t from = 0;
	int d;

	if (r->selfjump == YOTE_SJ_BRIDGE)
		return own;
	for (d = 0; d < 4; d++)
		from |= shift_dir(r, opp & shift_dir(r, empty, d ^ 1), d ^ 1);
	return own & from;
}

/*
 * Moves of side s from the squares in `from`, ignoring whether the game
 * is over.
 */
static void
gen_raw(struct gen *g, const struct yote_pos *p, int s, uint64_t from)
{
	const struct yote_rules *r = g->r;
	uint64_t own = p->pieces[s], opp = p->pieces[!s];
	uint64_t empty = r->board & ~(own | opp), b;
	uint64_t capt = capturers(r, own, opp, empty);
	int sq, d, to, land, steps = steps_allowed(r, p, s);

	memset(&g->cur, 0, offsetof(struct yote_move, seg_to));
	if (p->hand[s] > 0)
		for (b = empty & from; b; b &= b - 1)
			emit_short(g, YOTE_PLACE, lsb64(b), 0, 0);
	if (placements_only(r, p))
		return;
	for (b = own & from; b; b &= b - 1) {
		sq = lsb64(b);
		if (steps)
			for (d = 0; d < 4; d++) {
				to = r->adj[sq][d];
				if (to >= 0 && (empty & BIT(to)))
					emit_short(g, YOTE_STEP, sq, 1, to);
			}
		if (steps && r->selfjump == YOTE_SJ_PLAIN)
			for (d = 0; d < 4; d++) {
				land = jump_to(r, sq, d, own, empty);
				if (land >= 0)
					emit_short(g, YOTE_SELFJUMP, sq, 1,
					    land);
			}
		if (capt & BIT(sq))
			piece_captures(g, p, s, sq);
	}
}

/* The points of `to` that a jump reaches from a point of `from` over a
 * point of `over`, in any direction. */
static inline uint64_t
jumps(const struct yote_rules *r, uint64_t from, uint64_t over, uint64_t to)
{
	uint64_t hit = 0;
	int d;

	for (d = 0; d < 4; d++)
		hit |= shift_dir(r, shift_dir(r, from, d) & over, d) & to;
	return hit;
}

/*
 * Captures available to side s by bit operations.  A bridge is a
 * self-jump, then a capture from where it landed; the point it left
 * cannot be that capture's landing (that jump would pass over its own
 * piece), so the points empty before the move are the ones to test.
 */
int
yote_pos_has_capture(const struct yote_rules *r, const struct yote_pos *p,
    int s)
{
	uint64_t own = p->pieces[s], opp = p->pieces[!s];
	uint64_t empty = r->board & ~(own | opp);

	if (placements_only(r, p))
		return 0;
	if (jumps(r, own, opp, empty))
		return 1;
	return r->selfjump == YOTE_SJ_BRIDGE &&
	    jumps(r, jumps(r, own, own, empty), opp, empty) != 0;
}

/* Count the moves of side s, ignoring whether the game is over. */
static unsigned long long
count_raw(const struct yote_rules *r, const struct yote_pos *p, int s,
    struct budget *bu)
{
	uint64_t own = p->pieces[s], opp = p->pieces[!s];
	uint64_t empty = r->board & ~(own | opp), b, own2, caps;
	unsigned long long n = 0;
	int d, d2, sq, land, opphand = p->hand[!s];

	if (p->hand[s] > 0)
		n += (unsigned)popcount64(empty);
	if (placements_only(r, p))
		return n;
	if (steps_allowed(r, p, s)) {
		for (d = 0; d < 4; d++)
			n += (unsigned)popcount64(shift_dir(r, own, d) & empty);
		if (r->selfjump == YOTE_SJ_PLAIN)
			for (d = 0; d < 4; d++)
				n += (unsigned)popcount64(shift_dir(r,
				    shift_dir(r, own, d) & own, d) & empty);
	}
	if (!r->chain) {
		caps = 0;
		for (d = 0; d < 4; d++)
			caps += (unsigned)popcount64(shift_dir(r,
			    shift_dir(r, own, d) & opp, d) & empty);
		n += caps * (opp ? bonus_choices(r, opp & (opp - 1),
		    opphand) : 0);
	} else {
		for (b = own; b; b &= b - 1)
			n += chain_count(r, lsb64(b), own, opp, opphand, 0,
			    bu);
	}
	if (r->selfjump != YOTE_SJ_BRIDGE)
		return n;
	for (b = own; b; b &= b - 1) {
		sq = lsb64(b);
		for (d = 0; d < 4; d++) {
			if ((land = jump_to(r, sq, d, own, empty)) < 0)
				continue;
			own2 = (own & ~BIT(sq)) | BIT(land);
			if (r->chain) {
				n += chain_count(r, land, own2, opp, opphand,
				    1, bu);
				continue;
			}
			for (d2 = 0; d2 < 4; d2++)
				if (jump_to(r, land, d2, opp,
				    ~(own2 | opp)) >= 0)
					n += bonus_choices(r, opp & (opp - 1),
					    opphand);
		}
	}
	return n;
}

/* Any move at all for side s, ignoring whether the game is over. */
int
yote_raw_has_move(const struct yote_rules *r, const struct yote_pos *p, int s)
{
	uint64_t own = p->pieces[s], opp = p->pieces[!s];
	uint64_t empty = r->board & ~(own | opp);
	int d;

	if (p->hand[s] > 0 && empty)
		return 1;
	if (placements_only(r, p))
		return 0;
	if (steps_allowed(r, p, s)) {
		for (d = 0; d < 4; d++)
			if (shift_dir(r, own, d) & empty)
				return 1;
		if (r->selfjump == YOTE_SJ_PLAIN)
			for (d = 0; d < 4; d++)
				if (shift_dir(r, shift_dir(r, own, d) & own, d) &
				    empty)
					return 1;
	}
	return yote_pos_has_capture(r, p, s);
}

/* A generator for r into out (emptied), with these bonus points and
 * limit (struct gen). */
static void
gen_init(struct gen *g, const struct yote_rules *r, uint64_t bonus,
    size_t limit, struct yote_movelist *out)
{
	out->n = 0;
	g->r = r;
	g->out = out;
	g->oom = 0;
	g->bonus = bonus;
	g->limit = limit;
}

/* The moves generated, or the error that stopped the generator. */
static long
gen_done(const struct gen *g)
{
	return g->oom ? (g->oom == 2 ? YOTE_ELIMIT : YOTE_ENOMEM) :
	    (long)g->out->n;
}

static long
gen_from_mask(const struct yote_rules *r, const struct yote_pos *p,
    uint64_t from, uint64_t bonus, size_t limit, struct yote_movelist *out)
{
	struct gen g;

	gen_init(&g, r, bonus, limit, out);
	if (yote_over_unless_blocked(r, p))
		return 0;
	gen_raw(&g, p, p->side, from);
	return gen_done(&g);
}

long
yote_gen_piece_append(const struct yote_rules *r, const struct yote_pos *p,
    int from, struct yote_movelist *out)
{
	struct gen g;
	size_t n0 = out->n;

	g.r = r;
	g.out = out;
	g.oom = 0;
	g.bonus = ~(uint64_t)0;
	g.limit = YOTE_MAX_MOVES;
	gen_raw(&g, p, p->side, BIT(from));
	return g.oom ? (g.oom == 2 ? YOTE_ELIMIT : YOTE_ENOMEM) :
	    (long)(out->n - n0);
}

static long
captures_masked(const struct yote_rules *r, const struct yote_pos *p,
    uint64_t bonus, size_t limit, struct yote_movelist *out)
{
	struct gen g;
	uint64_t b;

	gen_init(&g, r, bonus, limit, out);
	if (placements_only(r, p) || yote_over_unless_blocked(r, p))
		return 0;
	memset(&g.cur, 0, offsetof(struct yote_move, seg_to));
	for (b = capturers(r, p->pieces[p->side], p->pieces[!p->side],
	    empty_squares(r, p)); b; b &= b - 1)
		piece_captures(&g, p, p->side, lsb64(b));
	return gen_done(&g);
}

long
yote_gen_captures(const struct yote_rules *r, const struct yote_pos *p,
    struct yote_movelist *out)
{
	return captures_masked(r, p, ~(uint64_t)0, YOTE_MAX_MOVES, out);
}

long
yote_gen_moves(const struct yote_rules *r, const struct yote_pos *p,
    struct yote_movelist *out)
{
	return gen_from_mask(r, p, r->board, ~(uint64_t)0, YOTE_MAX_MOVES,
	    out);
}

long
yote_gen_moves_from(const struct yote_rules *r, const struct yote_pos *p,
    int from, struct yote_movelist *out)
{
	if (from < 0 || from >= r->squares) {
		out->n = 0;
		return 0;
	}
	return gen_from_mask(r, p, BIT(from), ~(uint64_t)0, YOTE_MAX_MOVES,
	    out);
}

/* Whether a jump from `at` over a point of `over` lands on `to`. */
static int
jumps_to(const struct yote_rules *r, int at, uint64_t over, uint64_t empty,
    int to)
{
	int d;

	for (d = 0; d < 4; d++)
		if (jump_to(r, at, d, over, empty) == to)
			return 1;
	return 0;
}

/*
 * Whether the bonus of a capture is one the generator would make
 * (chain() and after_bonus()); takes it off *opp or *hand.
 */
static int
bonus_legal(const struct yote_rules *r, int bonus, uint64_t *opp, int *hand)
{
	int must = (r->bonus == YOTE_BONUS_MANDATORY_BOARD && *opp) ||
	    (r->bonus == YOTE_BONUS_MANDATORY_ANY && (*opp || *hand));

	if (bonus == YOTE_BONUS_NO)
		return !must;
	if (bonus == YOTE_BONUS_HAND) {
		if (r->bonus != YOTE_BONUS_MANDATORY_ANY || *hand == 0)
			return 0;
		(*hand)--;
		return 1;
	}
	if (r->bonus == YOTE_BONUS_NONE || bonus >= r->squares ||
	    !(*opp & BIT(bonus)))
		return 0;
	*opp &= ~BIT(bonus);
	return 1;
}

/*
 * A self-jump, capture or bridge checked along its own path, segment by
 * segment, as the generator would build it: the work is the move's
 * length, where generating the piece's moves to look for it could be
 * millions (a custom ruleset's chains with bonus choices).
 */
static int
jump_legal(const struct yote_rules *r, const struct yote_pos *p,
    const struct yote_move *m)
{
	int s = p->side, at = m->from, i = 0, land, hand = p->hand[!s];
	uint64_t own = p->pieces[s], opp = p->pieces[!s];
	uint64_t empty = r->board & ~(own | opp);

	if (!(own & BIT(at)) || m->nseg < 1 || m->nseg > YOTE_MAX_SEGS ||
	    placements_only(r, p) || yote_over_unless_blocked(r, p))
		return 0;
	if (m->kind == YOTE_SELFJUMP)
		return r->selfjump == YOTE_SJ_PLAIN && m->nseg == 1 &&
		    steps_allowed(r, p, s) && m->seg_to[0] < r->squares &&
		    jumps_to(r, at, own, empty, m->seg_to[0]);
	if (m->kind == YOTE_BRIDGE) {
		land = m->seg_to[0];
		if (r->selfjump != YOTE_SJ_BRIDGE || m->nseg < 2 ||
		    m->seg_bonus[0] != YOTE_BONUS_NO || land >= r->squares ||
		    !jumps_to(r, at, own, empty, land))
			return 0;
		own = (own & ~BIT(at)) | BIT(land);
		empty = r->board & ~(own | opp);
		at = land;
		i = 1;
	} else if (m->kind != YOTE_CAPTURE)
		return 0;
	if (!r->chain && m->nseg - i > 1)
		return 0;
	for (; i < m->nseg; i++) {
		land = m->seg_to[i];
		if (opp == 0 || land >= r->squares ||
		    !jumps_to(r, at, opp, empty, land))
			return 0;
		opp &= ~BIT((at + land) / 2);   /* the point jumped over */
		if (!bonus_legal(r, m->seg_bonus[i], &opp, &hand))
			return 0;
		own = (own & ~BIT(at)) | BIT(land);
		empty = r->board & ~(own | opp);
		at = land;
	}
	return 1;
}

long
yote_gen_moves_from_max(const struct yote_rules *r, const struct yote_pos *p,
    int from, size_t max, struct yote_movelist *out)
{
	if (from < 0 || from >= r->squares) {
		out->n = 0;
		return 0;
	}
	return gen_from_mask(r, p, BIT(from), ~(uint64_t)0, max <
	    YOTE_MAX_MOVES ? max : YOTE_MAX_MOVES, out);
}

/* A placement's legality, by bit tests (empty: p's empty squares). */
static inline int
place_legal(const struct yote_rules *r, const struct yote_pos *p,
    const struct yote_move *m, uint64_t empty)
{
	return p->hand[p->side] > 0 && (empty & BIT(m->from)) &&
	    !yote_over_unless_blocked(r, p);
}

/* A step's legality, by bit tests (empty: p's empty squares). */
static inline int
step_legal(const struct yote_rules *r, const struct yote_pos *p,
    const struct yote_move *m, uint64_t empty)
{
	const int8_t *adj;
	int s = p->side, to;

	if (!(p->pieces[s] & BIT(m->from)) || m->nseg != 1 ||
	    !(empty & BIT(m->seg_to[0])) || placements_only(r, p) ||
	    !steps_allowed(r, p, s))
		return 0;
	/* a neighbour: the four compared at once, no loop whose exit
	 * depends on the direction the game moved in */
	adj = r->adj[m->from];
	to = m->seg_to[0];
	if (!((adj[0] == to) | (adj[1] == to) | (adj[2] == to) |
	    (adj[3] == to)))
		return 0;
	return !yote_over_unless_blocked(r, p);
}

int
yote_move_legal(const struct yote_rules *r, const struct yote_pos *p,
    const struct yote_move *m, struct yote_movelist *scratch)
{
	uint64_t empty = empty_squares(r, p);

	if (m->from >= r->squares)
		return 0;
	/* placements and steps by bit tests; the rest along their path */
	if (m->kind == YOTE_PLACE)
		return place_legal(r, p, m, empty);
	if (m->kind == YOTE_STEP)
		return step_legal(r, p, m, empty);
	(void)scratch;
	return jump_legal(r, p, m);
}

unsigned long long
yote_count_moves(const struct yote_rules *r, const struct yote_pos *p)
{
	struct budget bu = { ~0ULL, 0 };

	if (yote_over_unless_blocked(r, p))
		return 0;
	return count_raw(r, p, p->side, &bu);
}

unsigned long long
yote_count_moves_upto(const struct yote_rules *r, const struct yote_pos *p,
    unsigned long long limit)
{
	struct budget bu = { limit + COUNT_SLACK, 0 };
	unsigned long long n;

	if (limit > ~0ULL - COUNT_SLACK - 1)
		return yote_count_moves(r, p);
	if (yote_over_unless_blocked(r, p))
		return 0;
	n = count_raw(r, p, p->side, &bu);
	return bu.out || n > limit ? limit + 1 : n;
}

/* The counters after a ply (capture: it took pieces); they stop at
 * YOTE_MAX_COUNT: what is printed is read. */
static inline void
ply_counted(struct yote_pos *p, int capture)
{
	if (capture)
		p->since_capture = 0;
	else if (p->since_capture < YOTE_MAX_COUNT)
		p->since_capture++;
	if (p->ply < YOTE_MAX_COUNT)
		p->ply++;
	p->side = (uint8_t)!p->side;
}

void
yote_pos_play(const struct yote_rules *r, struct yote_pos *p,
    const struct yote_move *m)
{
	int s = p->side, i, at = m->from, to;

	(void)r;
	if (m->kind == YOTE_PLACE) {
		p->pieces[s] |= BIT(at);
		p->hand[s]--;
	} else {
		p->pieces[s] &= ~BIT(at);
		for (i = 0; i < m->nseg; i++) {
			to = m->seg_to[i];
			if (m->kind == YOTE_CAPTURE || (m->kind == YOTE_BRIDGE &&
			    i > 0)) {
				p->pieces[!s] &= ~BIT((at + to) / 2);
				if (m->seg_bonus[i] == YOTE_BONUS_HAND)
					p->hand[!s]--;
				else if (m->seg_bonus[i] != YOTE_BONUS_NO)
					p->pieces[!s] &= ~BIT(m->seg_bonus[i]);
			}
			at = to;
		}
		p->pieces[s] |= BIT(at);
	}
	ply_counted(p, move_is_capture(m));
}

/*
 * yote_move_legal, then yote_pos_play when legal, in one call: a record's
 * placements and steps (most of its moves) are tested and played without
 * a second look at the move or the position.
 */
int
yote_pos_play_legal(const struct yote_rules *r, struct yote_pos *p,
    const struct yote_move *m)
{
	uint64_t empty = empty_squares(r, p);
	int s = p->side;

	if (m->from >= r->squares)
		return 0;
	if (m->kind == YOTE_PLACE) {
		if (!place_legal(r, p, m, empty))
			return 0;
		p->pieces[s] |= BIT(m->from);
		p->hand[s]--;
	} else if (m->kind == YOTE_STEP) {
		if (!step_legal(r, p, m, empty))
			return 0;
		p->pieces[s] ^= BIT(m->from) | BIT(m->seg_to[0]);
	} else {
		if (!jump_legal(r, p, m))
			return 0;
		yote_pos_play(r, p, m);
		return 1;
	}
	ply_counted(p, 0);
	return 1;
}

int
yote_move_is_capture(const struct yote_move *m)
{
	return move_is_capture(m);
}

int
yote_move_equal(const struct yote_move *a, const struct yote_move *b)
{
	return move_equal(a, b);
}

int
yote_perft_max(const struct yote_rules *r, const struct yote_pos *p,
    int depth, unsigned long long *out)
{
	struct yote_movelist l = { 0 };
	struct yote_pos q;
	unsigned long long n, sub;
	size_t i;
	long rc;

	*out = 0;
	if (depth <= 0) {
		*out = 1;
		return 0;
	}
	/* counted first even deeper down: a list of that many moves would
	 * take all of YOTE_MAX_MOVES' memory before failing */
	if ((n = yote_count_moves_upto(r, p, YOTE_MAX_MOVES)) > YOTE_MAX_MOVES)
		return YOTE_ELIMIT;
	if (depth == 1) {
		*out = n;
		return 0;
	}
	if ((rc = yote_gen_moves(r, p, &l)) < 0) {
		yote_movelist_free(&l);
		return (int)rc;
	}
	for (i = 0, n = 0; i < l.n; i++) {
		q = *p;
		yote_pos_play(r, &q, &l.v[i]);
		if ((rc = yote_perft_max(r, &q, depth - 1, &sub)) != 0) {
			yote_movelist_free(&l);
			return (int)rc;
		}
		n += sub;
	}
	yote_movelist_free(&l);
	*out = n;
	return 0;
}

unsigned long long
yote_perft(const struct yote_rules *r, const struct yote_pos *p, int depth)
{
	unsigned long long n;

	return yote_perft_max(r, p, depth, &n) == 0 ? n : 0;
}


/* ------------------------------------------------------------ the engine's */

/*
 * The engine's lists (yote_engine.h): the bonus removal limited to the
 * enemy pieces in `bonus`, so that a dense board's thousands of bonus
 * variants of a capture shrink to a few, and a list that would pass
 * `limit` moves given up early.
 */
long
yote_gen_captures_q(const struct yote_rules *r, const struct yote_pos *p,
    uint64_t bonus, size_t limit, struct yote_movelist *out)
{
	return captures_masked(r, p, bonus, limit, out);
}

long
yote_gen_moves_q(const struct yote_rules *r, const struct yote_pos *p,
    uint64_t bonus, size_t limit, struct yote_movelist *out)
{
	return gen_from_mask(r, p, r->board, bonus, limit < YOTE_MAX_MOVES ?
	    limit : YOTE_MAX_MOVES, out);
}

/*
 * A list for a position with more moves than any list may hold: from
 * each square, its first per_square moves in generator order.  Every
 * move legal, the work bounded by per_square times the squares.
 */
long
yote_gen_moves_capped(const struct yote_rules *r, const struct yote_pos *p,
    size_t per_square, struct yote_movelist *out)
{
	struct gen g;
	size_t done = 0;
	int sq;

	gen_init(&g, r, ~(uint64_t)0, 0, out);
	if (yote_over_unless_blocked(r, p))
		return 0;
	for (sq = 0; sq < r->squares; sq++) {
		g.limit = done + per_square;
		g.oom = 0;
		gen_raw(&g, p, p->side, BIT(sq));
		if (g.oom == 1)
			return YOTE_ENOMEM;
		done = out->n;
	}
	return (long)out->n;
}
