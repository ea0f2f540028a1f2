/*
 * repetition.c - draws by repetition for the search (search_int.h): the
 * game before the root as hashes, the scan back over the line and the
 * game, and, for a long game before the root, the same answer from a
 * count of its positions by hash, so that a node costs one look-up
 * instead of a scan of every ply since the last capture (a `position ...
 * moves ...` of 150,000 plies made every node of the protocol's search
 * scan 75,000 of them).
 *
 * The count follows the window a search can look back to from one
 * search to the next, adding and removing only the plies that entered or
 * left it, and the hashes are kept between searches when the history
 * given next begins as the last one did: an analysis walks a game's
 * positions one by one, and rebuilding both for each position made a
 * 100,000-ply game cost a sort of 50,000 hashes a ply (7 minutes).
 */
#include <stdlib.h>
#include <string.h>

#include "search_int.h"

/* Past the scan is slower than the look-up. */
#define PAST_SCAN 64

/* One hash of the window, and how often it is there at each parity. */
struct past_slot {
	uint64_t h;
	uint32_t c[2];          /* both 0: the slot is free */
};

int
yote_srch_repeated(const uint64_t *rep, size_t nhist, size_t at, uint32_t since,
    uint64_t h)
{
	size_t k, back;
	int before = 0;

	/*
	 * Entries from nhist on are the searched line (the root and after):
	 * meeting one again is a draw at once.  Entries before nhist are the
	 * game before the root: Yote has no repetition rule and a player who
	 * went back to a position once may go elsewhere the next time, so,
	 * as chess engines treat the game before the root, such a position
	 * counts only on its third time (it is there twice already).
	 */
	for (back = 2; back <= since && back <= at; back += 2) {
		k = at - back;
		if (rep[k] == h && (k >= nhist || ++before == 2))
			return 1;
	}
	return 0;
}

int
yote_srch_hist_init(struct yote_srch_hist *hs)
{
	memset(hs, 0, sizeof(*hs));
	if ((hs->rep = malloc((YOTE_MAX_PLY + 1) * sizeof(uint64_t))) == NULL)
		return YOTE_ENOMEM;
	hs->cap = YOTE_MAX_PLY + 1;
	return 0;
}

void
yote_srch_hist_free(struct yote_srch_hist *hs)
{
	free(hs->rep);
	free(hs->past.t);
}

/* Forget the count (its slots stay allocated). */
static void
past_clear(struct yote_srch_past *sp)
{
	if (sp->used > 0)
		memset(sp->t, 0, (sp->mask + 1) * sizeof(*sp->t));
	sp->used = 0;
	sp->lo = sp->hi = 0;
}

int
yote_srch_hist_set(struct yote_srch_hist *hs, const struct yote_pos *pos,
    size_t n, int keep)
{
	uint64_t *nr;
	size_t i;

	if (n + YOTE_MAX_PLY + 1 > hs->cap) {
		if ((nr = realloc(hs->rep, (n + YOTE_MAX_PLY + 1) *
		    sizeof(uint64_t))) == NULL)
			return YOTE_ENOMEM;
		hs->rep = nr;
		hs->cap = n + YOTE_MAX_PLY + 1;
	}
	if (!keep) {
		hs->valid = 0;
		past_clear(&hs->past);
	}
	for (i = hs->valid; i < n; i++)
		hs->rep[i] = yote_pos_hash(&pos[i]);
	if (n > hs->valid)
		hs->valid = n;
	hs->n = n;
	return 0;
}

/* Where hash h's probe starts. */
static size_t
past_home(const struct yote_srch_past *sp, uint64_t h)
{
	return (size_t)(h ^ h >> 29) & sp->mask;
}

/* The slot of hash h: where it is, or the free one where it would go. */
static size_t
past_slot(const struct yote_srch_past *sp, uint64_t h)
{
	size_t i = past_home(sp, h);

	while ((sp->t[i].c[0] | sp->t[i].c[1]) != 0 && sp->t[i].h != h)
		i = (i + 1) & sp->mask;
	return i;
}

/* Twice the slots, the hashes placed again: 0 or YOTE_ENOMEM. */
static int
past_grow(struct yote_srch_past *sp)
{
	struct past_slot *old = sp->t, *t;
	size_t n = old != NULL ? sp->mask + 1 : 0, size = n ? 2 * n : 256, i;

	if ((t = calloc(size, sizeof(*t))) == NULL)
		return YOTE_ENOMEM;
	sp->t = t;
	sp->mask = size - 1;
	for (i = 0; i < n; i++)
		if ((old[i].c[0] | old[i].c[1]) != 0)
			t[past_slot(sp, old[i].h)] = old[i];
	free(old);
	return 0;
}

/* Count rep[k] in (+1) or out (-1): 0 or YOTE_ENOMEM. */
static int
past_count_in(struct yote_srch_past *sp, const uint64_t *rep, size_t k,
    int in)
{
	size_t i, j, home;

	if (in && 2 * (sp->used + 1) > (sp->t != NULL ? sp->mask + 1 : 0) &&
	    past_grow(sp) != 0)
		return YOTE_ENOMEM;
	i = past_slot(sp, rep[k]);
	if (in) {
		sp->used += (sp->t[i].c[0] | sp->t[i].c[1]) == 0;
		sp->t[i].h = rep[k];
		sp->t[i].c[k % 2]++;
		return 0;
	}
	if (--sp->t[i].c[k % 2] != 0 || sp->t[i].c[!(k % 2)] != 0)
		return 0;
	/* the slot is free: move back the probes that passed over it */
	sp->used--;
	for (j = (i + 1) & sp->mask; (sp->t[j].c[0] | sp->t[j].c[1]) != 0;
	    j = (j + 1) & sp->mask) {
		home = past_home(sp, sp->t[j].h);
		if (((j - home) & sp->mask) >= ((j - i) & sp->mask)) {
			sp->t[i] = sp->t[j];
			memset(&sp->t[j], 0, sizeof(sp->t[j]));
			i = j;
		}
	}
	return 0;
}

/* Count rep[from..to) in or out: 0 or YOTE_ENOMEM. */
static int
past_span(struct yote_srch_past *sp, const uint64_t *rep, size_t from,
    size_t to, int in)
{
	for (; from < to; from++)
		if (past_count_in(sp, rep, from, in) != 0)
			return YOTE_ENOMEM;
	return 0;
}

/*
 * When no capture came on the line, a node at ply k has since =
 * root_since + k, so yote_srch_repeated scans the history from n -
 * root_since on, the entries of the node's parity only: the window
 * counted.  The rep entries from n on are the line's from here.
 */
int
yote_srch_past_build(struct yote_srch_hist *hs, uint32_t root_since)
{
	struct yote_srch_past *sp = &hs->past;
	size_t lo = hs->n > root_since ? hs->n - root_since : 0, hi = hs->n;

	if (hs->valid > hs->n)
		hs->valid = hs->n;
	sp->on = hi - lo > PAST_SCAN;
	if (!sp->on) {          /* scanned; the line may overwrite rep[hi..] */
		past_clear(sp);
		return 0;
	}
	if (lo >= sp->hi || hi <= sp->lo)
		past_clear(sp);
	if (sp->used == 0)
		sp->lo = sp->hi = lo;
	/* the counted entries are still rep's: the line starts past them */
	if (past_span(sp, hs->rep, hi, sp->hi, 0) != 0 ||
	    past_span(sp, hs->rep, sp->lo, lo, 0) != 0 ||
	    past_span(sp, hs->rep, lo, sp->lo, 1) != 0 ||
	    past_span(sp, hs->rep, sp->hi < hi ? sp->hi : hi, hi, 1) != 0) {
		past_clear(sp);
		sp->on = 0;
		return YOTE_ENOMEM;
	}
	sp->lo = lo;
	sp->hi = hi;
	return 0;
}

int
yote_srch_past_repeated(const struct yote_srch_hist *hs, size_t ply,
    uint32_t since, uint64_t h)
{
	const struct yote_srch_past *sp = &hs->past;
	const struct past_slot *s;

	if (!sp->on)
		return yote_srch_repeated(hs->rep, hs->n, hs->n + ply, since, h);
	/* the line itself: any return is a draw */
	if (yote_srch_repeated(hs->rep + hs->n, 0, ply, since < ply ? since :
	    (uint32_t)ply, h))
		return 1;
	/* the game before: a capture on the line hides it; else twice */
	if (since < ply)
		return 0;
	s = &sp->t[past_slot(sp, h)];
	return s->h == h && s->c[(hs->n + ply) % 2] >= 2;
}
