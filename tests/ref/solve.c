/*
 * solve.c - exact values of small Yoté games, for testing the engine.
 *
 * Written from the rules contract (rules.md sections 1-8) on top of the
 * reference generator ref.c; nothing here comes from src/.
 *
 * 1. Explore: every position reachable from the start positions, without
 *    the plies-since-capture counter, each with its legal moves (as
 *    ref_legal_moves lists them, applied with ref_apply_move) and whether
 *    each is a capture.  Positions that differ only in the ply counter are
 *    the same position, except under first-move-placement, where ply 1, ply
 *    2 and "ply 3 or later" are told apart (rules.md section 7).
 * 2. Solve.  Without a no-capture limit the counter does not matter, and the
 *    values come from retrograde analysis: finished positions first, then
 *    backwards in order of distance (a position is won at d + 1 as soon as
 *    one successor is lost at d; lost when its last successor turns out won,
 *    at that one's distance + 1).  Whatever is left is a draw: neither side
 *    can force an end, so play goes on for ever.
 *    With a limit N the counter is part of the position (0..N, N standing
 *    for N and more), and the game graph has no cycles: a move that is no
 *    capture leaves both sides' remaining pieces as they were and adds one
 *    to the counter; a capture takes at least one piece and resets it.  So
 *    groups of equal material are solved from the smallest up, and in each
 *    group from counter N down to 0, each value the best over the moves.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solve.h"

#define CAPTURE_BIT 0x80000000u

struct ref_solver {
	Rules R;
	long n, cap;            /* positions */
	uint64_t *key;          /* position i's key */
	uint32_t *ply;          /* the ply it was first reached at */
	int16_t *term;          /* its value when finished, else INT16_MIN */
	long *off;              /* moves of i: edge[off[i] .. off[i + 1]) */
	uint32_t *edge;         /* successor index | CAPTURE_BIT */
	long nedge, capedge;
	long hcap;              /* hash table: key -> index + 1 (0 empty) */
	uint64_t *hkey;
	int32_t *hval;
	int layers;
	int16_t *val;           /* val[i * layers + k] */
};

static int ply_class(const Rules *R, long ply)
{
	if (R->opening != OPEN_FIRST_MOVE_PLACEMENT)
		return 0;
	return ply <= 2 ? (int)ply : 3;
}

static uint64_t pos_key(const Rules *R, const Pos *p)
{
	uint64_t k = 0;

	for (int r = R->H - 1; r >= 0; r--)
		for (int c = R->W - 1; c >= 0; c--)
			k = k * 3 + (p->g[r][c] == 'x' ? 1u :
			    p->g[r][c] == 'o' ? 2u : 0u);
	k = k * 2 + (uint64_t)p->side;
	k = k * 16 + (uint64_t)p->hand[0];
	k = k * 16 + (uint64_t)p->hand[1];
	return k * 4 + (uint64_t)ply_class(R, p->ply);
}

static void key_pos(const Rules *R, uint64_t k, long ply, Pos *p)
{
	memset(p, 0, sizeof(*p));
	k /= 4;         /* the ply class comes back through ply */
	p->hand[1] = (int)(k % 16);
	k /= 16;
	p->hand[0] = (int)(k % 16);
	k /= 16;
	p->side = (int)(k % 2);
	k /= 2;
	for (int r = 0; r < R->H; r++)
		for (int c = 0; c < R->W; c++) {
			int v = (int)(k % 3);
			k /= 3;
			p->g[r][c] = v == 1 ? 'x' : v == 2 ? 'o' : '.';
		}
	p->ply = ply;
	p->psc = 0;
}

static uint64_t mix(uint64_t k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdULL;
	k ^= k >> 33;
	k *= 0xc4ceb9fe1a85ec53ULL;
	return k ^ (k >> 33);
}

static long hfind(const struct ref_solver *s, uint64_t k)
{
	if (s->hcap == 0)
		return -1;
	for (long h = (long)(mix(k) & (uint64_t)(s->hcap - 1));;
	    h = (h + 1) & (s->hcap - 1)) {
		if (s->hval[h] == 0)
			return -1;
		if (s->hkey[h] == k)
			return s->hval[h] - 1;
	}
}

static void hput(struct ref_solver *s, uint64_t k, long i)
{
	long h = (long)(mix(k) & (uint64_t)(s->hcap - 1));

	while (s->hval[h] != 0)
		h = (h + 1) & (s->hcap - 1);
	s->hkey[h] = k;
	s->hval[h] = (int32_t)(i + 1);
}

static int hgrow(struct ref_solver *s)
{
	long ncap = s->hcap ? 2 * s->hcap : 1024;
	uint64_t *ok = s->hkey;
	int32_t *ov = s->hval;
	long ocap = s->hcap;

	s->hkey = calloc((size_t)ncap, sizeof(*s->hkey));
	s->hval = calloc((size_t)ncap, sizeof(*s->hval));
	if (s->hkey == NULL || s->hval == NULL) {
		free(s->hkey);
		free(s->hval);
		s->hkey = ok;
		s->hval = ov;
		return -1;
	}
	s->hcap = ncap;
	for (long h = 0; h < ocap; h++)
		if (ov[h] != 0)
			hput(s, ok[h], ov[h] - 1);
	free(ok);
	free(ov);
	return 0;
}

static void *grow(void *p, long *cap, long need, size_t size)
{
	if (need <= *cap)
		return p;
	long n = *cap ? *cap : 1024;
	while (n < need)
		n *= 2;
	void *q = realloc(p, (size_t)n * size);
	if (q != NULL)
		*cap = n;
	return q;
}

/* index of the position with key k, added (first reached at ply) when new;
 * -1 when out of memory */
static long intern(struct ref_solver *s, uint64_t k, long ply)
{
	long i = hfind(s, k);

	if (i >= 0)
		return i;
	if (2 * (s->n + 1) > s->hcap && hgrow(s) != 0)
		return -1;
	long cap = s->cap;
	uint64_t *key = grow(s->key, &cap, s->n + 1, sizeof(*key));
	if (key == NULL)
		return -1;
	s->key = key;
	cap = s->cap;
	uint32_t *pl = grow(s->ply, &cap, s->n + 1, sizeof(*pl));
	if (pl == NULL)
		return -1;
	s->ply = pl;
	s->cap = cap;
	s->key[s->n] = k;
	s->ply[s->n] = (uint32_t)ply;
	hput(s, k, s->n);
	return s->n++;
}

struct ref_solver *ref_solver_new(const Rules *R)
{
	struct ref_solver *s;

	if (R->P > 15 || R->W * R->H > 25 || R->W > MAXW || R->H > MAXH)
		return NULL;
	if ((s = calloc(1, sizeof(*s))) == NULL)
		return NULL;
	s->R = *R;
	s->layers = R->limit == OFF ? 1 : R->limit + 1;
	return s;
}

void ref_solver_free(struct ref_solver *s)
{
	if (s == NULL)
		return;
	free(s->key);
	free(s->ply);
	free(s->term);
	free(s->off);
	free(s->edge);
	free(s->hkey);
	free(s->hval);
	free(s->val);
	free(s);
}

int ref_solver_add(struct ref_solver *s, const Pos *p)
{
	return intern(s, pos_key(&s->R, p), p->ply) < 0 ? -1 : 0;
}

/* the value of a finished position for its side to move, from the status
 * text of ref_legal_moves ("1-0 blocked", "1/2-1/2 few-pieces", ...) */
static int16_t status_value(const char *status, int side)
{
	if (strncmp(status, "1/2", 3) == 0)
		return 0;
	int winner = strncmp(status, "1-0", 3) == 0 ? 0 : 1;
	return winner == side ? REF_WIN : -REF_WIN;
}

static int explore(struct ref_solver *s)
{
	MoveList m = { 0 };
	char status[64];
	Pos p, q;
	long tcap = 0;
	int rc = -1;

	for (long i = 0; i < s->n; i++) {
		long need = i + 2;
		long c = tcap;
		int16_t *t = grow(s->term, &c, need, sizeof(*t));
		if (t == NULL)
			goto out;
		s->term = t;
		c = tcap;
		long *o = grow(s->off, &c, need, sizeof(*o));
		if (o == NULL)
			goto out;
		s->off = o;
		tcap = c;

		key_pos(&s->R, s->key[i], s->ply[i], &p);
		s->off[i] = s->nedge;
		/* the counter is 0 here, so the move limit never ends the
		 * game: what is finished is finished whatever the counter */
		if (ref_legal_moves(&s->R, &p, &m, status)) {
			s->term[i] = status_value(status, p.side);
			continue;
		}
		s->term[i] = INT16_MIN;
		for (size_t j = 0; j < m.n; j++) {
			q = p;
			if (ref_apply_move(&s->R, &q, m.v[j]) != 0)
				goto out;
			long k = intern(s, pos_key(&s->R, &q), q.ply);
			if (k < 0)
				goto out;
			uint32_t *e = grow(s->edge, &s->capedge, s->nedge + 1,
			    sizeof(*e));
			if (e == NULL)
				goto out;
			s->edge = e;
			s->edge[s->nedge++] = (uint32_t)k |
			    (strchr(m.v[j], 'x') ? CAPTURE_BIT : 0);
		}
	}
	if (s->off == NULL && (s->off = malloc(sizeof(*s->off))) == NULL)
		goto out;
	s->off[s->n] = s->nedge;
	rc = 0;
out:
	ref_ml_free(&m);
	return rc;
}

int ref_value_back(int v)
{
	return v > 0 ? -(v - 1) : v < 0 ? -(v + 1) : 0;
}

/* retrograde analysis, without a move limit (layers == 1) */
static int retrograde(struct ref_solver *s)
{
	long n = s->n, *poff = NULL, *queue = NULL, head = 0, tail = 0;
	uint32_t *pred = NULL;
	int32_t *left = NULL;
	char *done = NULL;
	int rc = -1;

	poff = calloc((size_t)n + 1, sizeof(*poff));
	pred = malloc(((size_t)s->nedge + 1) * sizeof(*pred));
	left = malloc(((size_t)n + 1) * sizeof(*left));
	queue = malloc(((size_t)n + 1) * sizeof(*queue));
	done = calloc((size_t)n + 1, 1);
	if (!poff || !pred || !left || !queue || !done)
		goto out;
	/* predecessors, one per move (two moves to the same position count
	 * twice, as they do in left[]) */
	for (long e = 0; e < s->nedge; e++)
		poff[(s->edge[e] & ~CAPTURE_BIT) + 1]++;
	for (long i = 0; i < n; i++)
		poff[i + 1] += poff[i];
	for (long i = 0; i < n; i++)
		for (long e = s->off[i]; e < s->off[i + 1]; e++) {
			long t = s->edge[e] & ~CAPTURE_BIT;
			pred[poff[t]++] = (uint32_t)i;
		}
	for (long i = n; i > 0; i--)
		poff[i] = poff[i - 1];
	poff[0] = 0;

	for (long i = 0; i < n; i++) {
		s->val[i] = 0;
		left[i] = (int32_t)(s->off[i + 1] - s->off[i]);
		if (s->term[i] != INT16_MIN) {
			s->val[i] = s->term[i];
			done[i] = 1;
			queue[tail++] = i;
		}
	}
	/* FIFO order is order of distance: each position enters one ply
	 * further than the one that settled it */
	while (head < tail) {
		long t = queue[head++];
		int v = s->val[t];
		for (long j = poff[t]; j < poff[t + 1]; j++) {
			long p = pred[j];
			if (done[p])
				continue;
			if (v < 0) {            /* a move to a lost position */
				s->val[p] = (int16_t)ref_value_back(v);
				done[p] = 1;
				queue[tail++] = p;
			} else if (v > 0 && --left[p] == 0) {
				/* every move leads to a win for the other
				 * side: this one, reached last, is the
				 * slowest */
				s->val[p] = (int16_t)ref_value_back(v);
				done[p] = 1;
				queue[tail++] = p;
			}
			/* v == 0: a drawn successor; p is never lost */
		}
	}
	rc = 0;
out:
	free(poff);
	free(pred);
	free(left);
	free(queue);
	free(done);
	return rc;
}

static int16_t best_layer(const struct ref_solver *s, long i, int k)
{
	int best = -REF_WIN - 1;

	for (long e = s->off[i]; e < s->off[i + 1]; e++) {
		long t = s->edge[e] & ~CAPTURE_BIT;
		int kt = (s->layers == 1 || (s->edge[e] & CAPTURE_BIT)) ?
		    0 : k + 1;
		int v = ref_value_back(s->val[t * s->layers + kt]);
		if (v > best)
			best = v;
	}
	return (int16_t)best;
}

static int material(const struct ref_solver *s, long i)
{
	Pos p;

	key_pos(&s->R, s->key[i], s->ply[i], &p);
	return ref_remaining(&s->R, &p, 0) + ref_remaining(&s->R, &p, 1);
}

/* with a move limit: groups of equal material from the smallest up, in
 * each from counter limit down to 0 */
static int layered(struct ref_solver *s)
{
	int L = s->layers - 1, maxm = 2 * s->R.P;
	long *order = malloc(((size_t)s->n + 1) * sizeof(*order));
	long *start = calloc((size_t)maxm + 2, sizeof(*start));
	int *mat = malloc(((size_t)s->n + 1) * sizeof(*mat));

	if (!order || !start || !mat) {
		free(order);
		free(start);
		free(mat);
		return -1;
	}
	for (long i = 0; i < s->n; i++) {
		mat[i] = material(s, i);
		start[mat[i] + 1]++;
	}
	for (int m = 0; m <= maxm; m++)
		start[m + 1] += start[m];
	for (long i = 0; i < s->n; i++)
		order[start[mat[i]]++] = i;
	for (int m = maxm; m > 0; m--)
		start[m] = start[m - 1];
	start[0] = 0;

	for (int m = 0; m <= maxm; m++)
		for (int k = L; k >= 0; k--)
			for (long j = start[m]; j < start[m + 1]; j++) {
				long i = order[j];
				int16_t *v = &s->val[i * s->layers + k];
				if (s->term[i] != INT16_MIN)
					*v = s->term[i];
				else if (k == L)
					*v = 0;         /* move-limit */
				else
					*v = best_layer(s, i, k);
			}
	free(order);
	free(start);
	free(mat);
	return 0;
}

int ref_solver_run(struct ref_solver *s)
{
	if (explore(s) != 0)
		return -1;
	s->val = malloc(((size_t)s->n * (size_t)s->layers + 1) *
	    sizeof(*s->val));
	if (s->val == NULL)
		return -1;
	return s->layers == 1 ? retrograde(s) : layered(s);
}

long ref_solver_count(const struct ref_solver *s)
{
	return s->n;
}

int ref_solver_layers(const struct ref_solver *s)
{
	return s->layers;
}

void ref_solver_position(const struct ref_solver *s, long i, int k, Pos *out)
{
	long ply = s->ply[i];

	key_pos(&s->R, s->key[i], ply, out);
	out->psc = k;
	/* a counter cannot exceed the plies played, except under the opening
	 * rule, whose first two plies must keep their number */
	if (ply_class(&s->R, ply) != 1 && ply_class(&s->R, ply) != 2 &&
	    out->ply < k + 1)
		out->ply = k + 1;
}

int ref_solver_value_at(const struct ref_solver *s, long i, int k)
{
	return s->val[i * s->layers + k];
}

int ref_solver_terminal(const struct ref_solver *s, long i)
{
	return s->term[i] != INT16_MIN;
}

long ref_solver_find(const struct ref_solver *s, const Pos *p)
{
	return hfind(s, pos_key(&s->R, p));
}

int ref_solver_value(const struct ref_solver *s, const Pos *p, int *v)
{
	long i = ref_solver_find(s, p);

	if (i < 0)
		return -1;
	long k = p->psc < s->layers - 1 ? p->psc : s->layers - 1;
	*v = ref_solver_value_at(s, i, (int)k);
	return 0;
}

long ref_solver_check(const struct ref_solver *s, char *why)
{
	long bad = 0;
	char text[MAXLINE];
	Pos p;

	for (long i = 0; i < s->n; i++)
		for (int k = 0; k < s->layers; k++) {
			int v = s->val[i * s->layers + k], want;
			if (s->term[i] != INT16_MIN)
				want = s->term[i];
			else if (s->layers > 1 && k == s->layers - 1)
				want = 0;
			else
				want = best_layer(s, i, k);
			if (v == want)
				continue;
			if (bad++ == 0) {
				ref_solver_position(s, i, k, &p);
				ref_format_position(&s->R, &p, text);
				snprintf(why, 256, "%.160s: value %d, best "
				    "move gives %d", text, v, want);
			}
		}
	return bad;
}

int ref_horizon(const Rules *R, const Pos *p, int depth)
{
	MoveList m = { 0 };
	char status[64];
	int best = REF_UNKNOWN, unknown = 0;

	if (ref_legal_moves(R, p, &m, status)) {
		ref_ml_free(&m);
		return status_value(status, p->side);
	}
	if (depth == 0) {
		ref_ml_free(&m);
		return REF_UNKNOWN;
	}
	for (size_t j = 0; j < m.n; j++) {
		Pos q = *p;
		ref_apply_move(R, &q, m.v[j]);
		int v = ref_horizon(R, &q, depth - 1);
		if (v == REF_UNKNOWN) {
			unknown = 1;
			continue;
		}
		v = ref_value_back(v);
		if (v > best)
			best = v;
		if (best == REF_WIN - 1)
			break;          /* nothing is faster */
	}
	ref_ml_free(&m);
	/* a move whose end lies beyond the horizon could be better than
	 * anything but a win found within it */
	return unknown && best <= 0 ? REF_UNKNOWN : best;
}
