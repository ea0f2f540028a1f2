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
	free(mv->ptr);
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

/* Generate and score the moves of p; returns their count or an error. */
static long
mover_rank(struct mover *mv, const struct yote_rules *r,
    const struct yote_pos *p)
{
	long n = yote_gen_moves(r, p, &mv->list), *s;
	uint32_t *c;
	size_t i, j;

	if (n <= 0)
		return n;
	if ((size_t)n > mv->cap) {
		size_t cap = (size_t)n * 2;

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
	/*
	 * The distinct scores, best first, and how many moves have each:
	 * few levels, so insertion beats sorting every score.
	 */
	j = 0;
	for (i = 0; i < (size_t)n; i++) {
		long sc = move_score(r, p, &mv->list.v[i]);
		size_t lo = 0, hi = j;

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
 * The moves of level t with their texts, sorted by text: text holds, for
 * each, the move's index in list (a size_t) then its text; ptr[] points
 * at the texts.  Returns their count or YOTE_ENOMEM.
 */
static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static long
level_texts(struct mover *mv, const struct yote_rules *r, size_t t)
{
	char text[YOTE_MOVE_TEXT];
	size_t i, k = 0, len;

	mv->text.n = 0;
	if (mv->count[t] > mv->tcap) {
		const char **o = realloc(mv->ptr, mv->count[t] * sizeof(*o));

		if (o == NULL)
			return YOTE_ENOMEM;
		mv->ptr = o;
		mv->tcap = mv->count[t];
	}
	/* the buffer moves as it grows: pointers once it is full */
	for (i = 0; i < mv->list.n; i++) {
		if (mv->score[i] != mv->level[t])
			continue;
		len = strlen(yote_move_format(r, &mv->list.v[i], text));
		yote_buf_put(&mv->text, &i, sizeof(i));
		yote_buf_put(&mv->text, text, len + 1);
		k++;
	}
	if (mv->text.oom)
		return YOTE_ENOMEM;
	for (i = 0, len = 0; i < k; i++) {
		mv->ptr[i] = (const char *)mv->text.p + len + sizeof(size_t);
		len += sizeof(size_t) + strlen(mv->ptr[i]) + 1;
	}
	if (k > 1)
		qsort(mv->ptr, k, sizeof(*mv->ptr), cmp_str);
	return (long)k;
}

/* The index in list of the move whose text level_texts put at p. */
static size_t
text_move(const char *p)
{
	size_t i;

	memcpy(&i, p - sizeof(size_t), sizeof(i));
	return i;
}


int
yote_mover_rank_game(struct mover *mv, const struct yote_game *g)
{
	const struct yote_rules *r = yote_game_rules(g);
	size_t n = yote_game_plies(g);
	char mtext[YOTE_MOVE_TEXT], text[YOTE_MOVE_TEXT];
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
		if (sy->k < 2)
			continue;
		for (j = 0; j < (size_t)nm; j++) {
			if (j == idx || mv->score[j] != mv->score[idx])
				continue;
			yote_move_format(r, &mv->list.v[j], text);
			if (strcmp(text, mtext) < 0)
				sy->i++;
		}
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
	if (level_texts(mv, r, t) < 0)
		return -2;
	*text = mv->ptr[place];
	yote_pos_play(r, pos, &mv->list.v[text_move(*text)]);
	return 0;
}
