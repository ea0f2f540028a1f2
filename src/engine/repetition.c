/*
 * repetition.c - draws by repetition for the search (search_int.h): the
 * scan back over the line and the game before the root, and, for a long
 * game before the root, the same answer from its positions sorted by
 * hash, so that a node costs a binary search instead of a scan of every
 * ply since the last capture (a `position ... moves ...` of 150,000
 * plies made every node of the protocol's search scan 75,000 of them).
 */
#include <stdlib.h>

#include "search_int.h"

/* Past the scan is slower than the sorted lookup. */
#define PAST_SCAN 64

/*
 * Whether the position of hash h at line index at is a draw by
 * repetition, looking back over the last `since` plies (none before a
 * capture).  Entries from nhist on are the searched line (the root and
 * after): meeting one again is a draw at once.  Entries before nhist are
 * the game before the root: Yote has no repetition rule and a player
 * who went back to a position once may go elsewhere the next time, so,
 * as chess engines treat the game before the root, such a position
 * counts only on its third time (it is there twice already).
 */
int
yote_srch_repeated(const uint64_t *rep, size_t nhist, size_t at, uint32_t since,
    uint64_t h)
{
	size_t k, back;
	int before = 0;

	for (back = 2; back <= since && back <= at; back += 2) {
		k = at - back;
		if (rep[k] == h && (k >= nhist || ++before == 2))
			return 1;
	}
	return 0;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * The game before the root that a node can look back to: when no
 * capture came on the line, a node at ply k has since = root_since + k,
 * so yote_srch_repeated scans the history from nhist - root_since on, the
 * entries of the node's parity (side to move) only.  Those, sorted.
 */
int
yote_srch_past_build(struct yote_srch_past *sp, const uint64_t *rep, size_t nhist,
    uint32_t root_since)
{
	size_t lo = nhist > root_since ? nhist - root_since : 0, k, n = nhist -
	    lo;
	uint64_t *nv;
	int i;

	sp->n[0] = sp->n[1] = 0;
	if (n <= PAST_SCAN)
		return 0;
	if (n > sp->cap) {
		if ((nv = realloc(sp->v, n * sizeof(*nv))) == NULL)
			return YOTE_ENOMEM;
		sp->v = nv;
		sp->cap = n;
	}
	/* parity 0 from the front of v, parity 1 from its back */
	for (k = lo; k < nhist; k++)
		if (k % 2 == 0)
			sp->v[sp->n[0]++] = rep[k];
		else
			sp->v[n - ++sp->n[1]] = rep[k];
	for (i = 0; i < 2; i++)
		qsort(sp->v + (i ? n - sp->n[1] : 0), sp->n[i],
		    sizeof(uint64_t), cmp_u64);
	sp->base1 = n - sp->n[1];
	return 0;
}

/* How many of the sorted entries of that parity are h (2 at most). */
static int
past_count(const struct yote_srch_past *sp, int parity, uint64_t h)
{
	const uint64_t *v = sp->v + (parity ? sp->base1 : 0);
	size_t lo = 0, hi = sp->n[parity], mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (v[mid] < h)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (lo < sp->n[parity] && v[lo] == h) + (lo + 1 < sp->n[parity] &&
	    v[lo + 1] == h);
}

int
yote_srch_past_repeated(const struct yote_srch_past *sp, const uint64_t *rep,
    size_t nhist, size_t ply, uint32_t since, uint64_t h)
{
	/* the line itself: any return is a draw */
	if (yote_srch_repeated(rep + nhist, 0, ply, since < ply ? since : (uint32_t)
	    ply, h))
		return 1;
	/* the game before: a capture on the line hides it; else twice */
	return since >= ply && past_count(sp, (int)((nhist + ply) % 2), h) >= 2;
}

void
yote_srch_past_free(struct yote_srch_past *sp)
{
	free(sp->v);
}
