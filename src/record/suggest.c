/*
 * suggest.c - scorer-error repair (yote_repair.h): the edits of a
 * record's moves that make it valid to its end.
 *
 * The written game is played once, its positions kept up to the first
 * move that fails (or to the end, when only the result disagrees).  An
 * edit can only help at or before that move: an edit after it leaves it
 * failing.  Each edit is tried by playing the written moves after it from
 * the position it leaves, stopping at the first that fails; a replay that
 * comes back, before the failure, to the very position the written game
 * had at the same move would fail as the written game does, and stops
 * there too.  The best edits found are kept in order, and an edit whose
 * rank could not enter them is not tried at all.
 */
#include <stdlib.h>
#include <string.h>

#include "yote_int.h"

/* One move as written. */
struct written {
	const struct yote_node *node;   /* its text, or NULL */
	const char *text;               /* "" when there is none */
	size_t len;                     /* its length */
	struct yote_move m;
	int ok;                         /* m is the text, on the board */
};

struct search {
	const struct yote_rules *r;
	int res, term;                  /* declared, or -1 */
	size_t n;                       /* moves written */
	struct written *w;
	struct yote_pos *pos;           /* pos[k]: before written move k */
	size_t fail;                    /* the first written move that
					   fails; n: the result disagrees */
	struct yote_repair *best;       /* the best found, in order */
	size_t nbest, max;
	unsigned long long work, limit; /* moves tried, and the most */
	struct yote_movelist list;
	int partial;                    /* collecting the firsts of pairs */
	size_t reach;                   /* of the last replay */
	struct first *firsts;           /* (partial) the closest edits that
					   carry the record past fail */
	size_t nfirst;
};

/* A first edit of a pair, and how far the record then goes. */
struct first {
	struct yote_repair c;
	size_t reach;
};
#define FIRSTS 4                /* first edits tried for pairs */

const char *
yote_edit_name(enum yote_edit e)
{
	static const char *const names[] = { "replace", "swap", "drop",
		"insert" };

	return (unsigned)e < 4 ? names[e] : "?";
}

const char *
yote_near_name(enum yote_near n)
{
	static const char *const names[] = { "other", "one-character",
		"same-squares", "chain-cut-short", "chain-too-long",
		"bonus-square" };

	return (unsigned)n < 6 ? names[n] : "?";
}

/*
 * The same position for what follows: everything but the ply counter,
 * which matters only while the first two plies are placements.
 */
static int
same_state(const struct yote_pos *a, const struct yote_pos *b)
{
	return a->pieces[0] == b->pieces[0] && a->pieces[1] == b->pieces[1] &&
	    a->hand[0] == b->hand[0] && a->hand[1] == b->hand[1] &&
	    a->side == b->side && a->since_capture == b->since_capture &&
	    (a->ply == b->ply || (a->ply > 2 && b->ply > 2));
}

/*
 * How far the written moves from k on, played from p, take the record:
 * the first that fails (s->fail when the replay meets the written game
 * before it fails, as written), s->n when every move is legal but the
 * result or termination disagrees, s->n + 1 when the record is valid.
 */
static size_t
tail_reach(struct search *s, struct yote_pos p, size_t k)
{
	struct yote_outcome o;

	for (; k < s->n; k++) {
		if (k <= s->fail && same_state(&p, &s->pos[k]))
			return s->fail; /* as written from here: it fails */
		s->work++;
		if (!s->w[k].ok || !yote_move_legal(s->r, &p, &s->w[k].m,
		    NULL))
			return k;
		yote_pos_play(s->r, &p, &s->w[k].m);
	}
	if (k <= s->fail && same_state(&p, &s->pos[k]))
		return s->fail;
	yote_pos_outcome(s->r, &p, &o);
	return yote_result_problem(s->r, &p, &o, s->res, s->term) ==
	    YOTE_RP_NONE ? s->n + 1 : s->n;
}

/* Whether an edit that leaves p before written move k is kept: it makes
 * the record valid, or (collecting the firsts of pairs) it carries the
 * record past the move where it broke. */
static int
passes(struct search *s, struct yote_pos p, size_t k)
{
	s->reach = tail_reach(s, p, k);
	return s->partial ? s->reach > s->fail : s->reach == s->n + 1;
}

/* The rank of two edits: < 0 when a comes first. */
static int
rank_cmp(const struct yote_repair *a, const struct yote_repair *b)
{
	unsigned da = a->distance + (a->edits == 2 ? a->then.distance : 0);
	unsigned db = b->distance + (b->edits == 2 ? b->then.distance : 0);
	int c;

	if ((a->edits == 2) != (b->edits == 2))
		return a->edits == 2 ? 1 : -1;
	if (da != db)
		return da < db ? -1 : 1;
	if (a->edit != b->edit)
		return a->edit < b->edit ? -1 : 1;
	if (a->gap != b->gap)
		return a->gap < b->gap ? -1 : 1;
	if (a->ply != b->ply)
		return a->ply < b->ply ? -1 : 1;
	if ((c = strcmp(a->move, b->move)) != 0 || a->edits != 2)
		return c;
	if (a->then.ply != b->then.ply)
		return a->then.ply < b->then.ply ? -1 : 1;
	return strcmp(a->then.move, b->then.move);
}

/* Whether an edit of that rank could be among the best. */
static int
may_enter(const struct search *s, const struct yote_repair *c)
{
	return s->partial || s->nbest < s->max ||
	    rank_cmp(c, &s->best[s->max - 1]) < 0;
}

/* The firsts of pairs: the closest writing, then the furthest reach. */
static int
better_first(const struct first *a, const struct first *b)
{
	return a->c.distance != b->c.distance ? a->c.distance <
	    b->c.distance : a->reach > b->reach;
}

static void
enter_first(struct search *s, const struct yote_repair *c)
{
	struct first f = { *c, s->reach };
	size_t i;

	if (s->nfirst < FIRSTS)
		i = s->nfirst++;
	else if (better_first(&f, &s->firsts[FIRSTS - 1]))
		i = FIRSTS - 1;
	else
		return;
	for (; i > 0 && better_first(&f, &s->firsts[i - 1]); i--)
		s->firsts[i] = s->firsts[i - 1];
	s->firsts[i] = f;
}

static void
enter(struct search *s, const struct yote_repair *c)
{
	size_t i;

	if (s->partial) {
		enter_first(s, c);
		return;
	}
	i = s->nbest < s->max ? s->nbest++ : s->max - 1;

	while (i > 0 && rank_cmp(c, &s->best[i - 1]) < 0) {
		s->best[i] = s->best[i - 1];
		i--;
	}
	s->best[i] = *c;
}

/* The squares of a move text, sorted, as a string ("c3c5e1"). */
static void
squares_of(const char *t, char *out, size_t size)
{
	char sq[YOTE_MAX_SEGS * 2 + 2][4];
	size_t n = 0, i, j, k = 0;

	while (*t != '\0' && n < sizeof(sq) / sizeof(sq[0])) {
		if ((*t | 0x20) >= 'a' && (*t | 0x20) <= 'z' &&
		    t[1] >= '0' && t[1] <= '9') {
			sq[n][0] = (char)(*t | 0x20);
			sq[n][1] = t[1];
			sq[n][2] = t[2] >= '0' && t[2] <= '9' ? t[2] : '\0';
			sq[n++][3] = '\0';
			t += sq[n - 1][2] != '\0' ? 3 : 2;
		} else
			t++;
	}
	/* a few squares: sorted by insertion */
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && strcmp(sq[j - 1], sq[j]) > 0; j--) {
			char tmp[4];

			memcpy(tmp, sq[j], 4);
			memcpy(sq[j], sq[j - 1], 4);
			memcpy(sq[j - 1], tmp, 4);
		}
	for (i = 0; i < n && k + 4 < size; i++)
		for (j = 0; sq[i][j] != '\0'; j++)
			out[k++] = sq[i][j];
	out[k] = '\0';
}

/* Whether the first n segments of two moves are the same. */
static int
same_segments(const struct yote_move *a, const struct yote_move *b, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (a->seg_to[i] != b->seg_to[i] ||
		    a->seg_bonus[i] != b->seg_bonus[i])
			return 0;
	return 1;
}

/*
 * How far apart the characters of two texts of one length are (c3 and c4
 * 1, c3 and c5 2: a square one off is the likelier slip); of two lengths,
 * the characters added or dropped.
 */
static unsigned
gap(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	unsigned g = 0;

	if (la != lb)
		return (unsigned)(la > lb ? la - lb : lb - la);
	for (; *a != '\0'; a++, b++)
		g += (unsigned)abs((*a | 0x20) - (*b | 0x20));
	return g;
}

/* How close move m (its text in c->move) is to what was written: sets
 * c->near, c->distance and c->gap. */
static void
closeness(const struct written *w, const struct yote_move *m,
    struct yote_repair *c)
{
	char a[YOTE_MOVE_TEXT], b[YOTE_MOVE_TEXT];
	size_t d;
	int i;

	c->near = YOTE_NEAR_OTHER;
	c->distance = 1;
	if (w->ok && w->m.from == m->from && yote_move_is_capture(m) &&
	    yote_move_is_capture(&w->m)) {
		if (m->nseg > w->m.nseg && same_segments(m, &w->m,
		    w->m.nseg)) {
			c->near = YOTE_NEAR_CHAIN_SHORT;
			return;
		}
		if (m->nseg < w->m.nseg && same_segments(m, &w->m, m->nseg)) {
			c->near = YOTE_NEAR_CHAIN_LONG;
			return;
		}
		for (i = 0; i < m->nseg && m->nseg == w->m.nseg &&
		    m->seg_to[i] == w->m.seg_to[i]; i++)
			;
		if (i == m->nseg && m->nseg == w->m.nseg)
			c->near = YOTE_NEAR_BONUS;
	}
	/* a text longer than any move (a value gone wrong, megabytes
	 * perhaps) is far from every move, and not read again a move */
	if (w->len > YOTE_DISTANCE_MAX) {
		c->distance = 1000;
		c->gap = 0;
		return;
	}
	d = yote_text_distance(w->text, c->move);
	c->gap = gap(w->text, c->move);
	if (c->near == YOTE_NEAR_BONUS) {
		c->distance = d > 1000 ? 1000 : (unsigned)d;
		return;
	}
	if (d == 1) {
		c->near = YOTE_NEAR_ONE_CHAR;
		return;
	}
	squares_of(w->text, a, sizeof(a));
	squares_of(c->move, b, sizeof(b));
	if (a[0] != '\0' && strcmp(a, b) == 0) {
		c->near = YOTE_NEAR_SAME_SQUARES;
		return;
	}
	c->distance = d > 1000 ? 1000 : (unsigned)d;
}

/* The moves legal before written move k, in s->list: 0, or < 0 when
 * they cannot be listed. */
static long
legal_moves(struct search *s, size_t k)
{
	s->list.n = 0;
	return yote_gen_moves(s->r, &s->pos[k], &s->list);
}

/*
 * Replacements and insertions at written move k.  The replay comes first:
 * it is cheaper than the writing's distance (a position under chained
 * rules has thousands of moves, nearly all failing within a ply or two).
 */
static int
try_moves(struct search *s, size_t k)
{
	struct yote_repair c;
	struct yote_pos p;
	const struct yote_move *m;
	long got;
	size_t i;

	if ((got = legal_moves(s, k)) < 0)
		return got == YOTE_ENOMEM ? YOTE_ENOMEM : 0;
	for (i = 0; i < s->list.n && s->work < s->limit; i++) {
		m = &s->list.v[i];
		memset(&c, 0, sizeof(c));
		c.ply = k + 1;
		c.edit = YOTE_EDIT_REPLACE;
		c.distance = 1;         /* the best it could rank */
		p = s->pos[k];
		yote_pos_play(s->r, &p, m);
		/* replaced */
		if (k < s->n && !(s->w[k].ok && yote_move_equal(m,
		    &s->w[k].m)) && may_enter(s, &c) &&
		    passes(s, p, k + 1)) {
			c.at = s->w[k].node;
			yote_move_format(s->r, m, c.move);
			closeness(&s->w[k], m, &c);
			if (may_enter(s, &c))
				enter(s, &c);
		}
		/* inserted (ranked without its text first: no text is less) */
		c.edit = YOTE_EDIT_INSERT;
		c.near = YOTE_NEAR_OTHER;
		c.distance = 2;
		c.gap = 0;
		c.move[0] = '\0';
		c.at = k < s->n ? s->w[k].node : NULL;
		if (may_enter(s, &c) && passes(s, p, k)) {
			yote_move_format(s->r, m, c.move);
			if (may_enter(s, &c))
				enter(s, &c);
		}
	}
	return 0;
}

/* A swap of written moves k and k + 1, and a drop of move k. */
static void
try_order(struct search *s, size_t k)
{
	struct yote_repair c;
	struct yote_pos p;
	const struct written *a = &s->w[k], *b = &s->w[k + 1];

	memset(&c, 0, sizeof(c));
	c.ply = k + 1;
	c.at = a->node;
	c.distance = 2;
	c.edit = YOTE_EDIT_DROP;
	/* a move written twice: one drop says it, the second copy's */
	if (!(k + 1 < s->n && strcmp(a->text, b->text) == 0) &&
	    may_enter(s, &c) && passes(s, s->pos[k], k + 1))
		enter(s, &c);
	if (k + 1 >= s->n || !a->ok || !b->ok || yote_move_equal(&a->m,
	    &b->m))
		return;
	c.edit = YOTE_EDIT_SWAP;
	c.next = b->node;
	p = s->pos[k];
	s->work += 2;
	if (!may_enter(s, &c) || !yote_move_legal(s->r, &p, &b->m, NULL))
		return;
	yote_pos_play(s->r, &p, &b->m);
	if (!yote_move_legal(s->r, &p, &a->m, NULL))
		return;
	yote_pos_play(s->r, &p, &a->m);
	if (passes(s, p, k + 2))
		enter(s, &c);
}

/* The written game played up to its first failure: pos and fail. */
static void
play_written(struct search *s, const struct yote_pos *start)
{
	size_t k;

	s->pos[0] = *start;
	for (k = 0; k < s->n; k++) {
		if (!s->w[k].ok || !yote_move_legal(s->r, &s->pos[k],
		    &s->w[k].m, NULL))
			break;
		s->pos[k + 1] = s->pos[k];
		yote_pos_play(s->r, &s->pos[k + 1], &s->w[k].m);
	}
	s->fail = k;
}

/* The moves as written, and the written game played up to its first
 * failure: 0 or YOTE_ENOMEM. */
static int
written_game(struct search *s, const struct yote_node *moves,
    const struct yote_pos *start)
{
	struct yote_move_text mt;
	struct written *w;
	const struct yote_node *mn;
	size_t k;

	if ((s->w = calloc(s->n + 1, sizeof(*s->w))) == NULL ||
	    (s->pos = malloc((s->n + 1) * sizeof(*s->pos))) == NULL)
		return YOTE_ENOMEM;
	for (k = 0; k < s->n; k++) {
		w = &s->w[k];
		mn = moves->kids[k];
		if (mn != NULL && mn->type != YOTE_NODE_SCALAR)
			mn = yote_item_move(mn);
		/* an item without a move: the item, for its place */
		w->node = mn != NULL ? mn : moves->kids[k];
		w->text = mn != NULL && mn->text != NULL ? mn->text : "";
		w->len = strlen(w->text);
		w->ok = mn != NULL && w->len == mn->len &&
		    yote_move_parse(w->text, &mt, NULL) == 0 &&
		    yote_move_from_text(s->r, &mt, &w->m, NULL) == 0;
	}
	play_written(s, start);
	return 0;
}

/* Every edit from the failure back: the edits nearest it rank first
 * among equals, and enter first.  0 or YOTE_ENOMEM. */
static int
search_edits(struct search *s)
{
	size_t k;
	int rc;

	for (k = s->fail + 1; k-- > 0 && s->work < s->limit;) {
		if (k < s->n)
			try_order(s, k);
		if ((rc = try_moves(s, k)) != 0)
			return rc;
	}
	return 0;
}

/*
 * The moves written with a pair's first edit f made, into t (its w and
 * pos allocated, its fail found).  0 or YOTE_ENOMEM.
 */
static int
edited_game(const struct search *s, const struct yote_repair *f,
    const struct yote_pos *start, struct search *t)
{
	struct yote_move_text mt;
	struct written e = { 0 }, tmp;
	size_t k = f->ply - 1, n = s->n;

	t->n = n + (f->edit == YOTE_EDIT_INSERT) - (f->edit == YOTE_EDIT_DROP);
	if ((t->w = calloc(t->n + 1, sizeof(*t->w))) == NULL ||
	    (t->pos = malloc((t->n + 1) * sizeof(*t->pos))) == NULL)
		return YOTE_ENOMEM;
	e.text = f->move;
	e.len = strlen(f->move);
	e.node = k < n ? s->w[k].node : NULL;
	e.ok = yote_move_parse(f->move, &mt, NULL) == 0 &&
	    yote_move_from_text(s->r, &mt, &e.m, NULL) == 0;
	memcpy(t->w, s->w, k * sizeof(*t->w));
	if (f->edit == YOTE_EDIT_INSERT) {
		t->w[k] = e;
		memcpy(t->w + k + 1, s->w + k, (n - k) * sizeof(*t->w));
	} else if (f->edit == YOTE_EDIT_DROP)
		memcpy(t->w + k, s->w + k + 1, (n - k - 1) * sizeof(*t->w));
	else {
		memcpy(t->w + k, s->w + k, (n - k) * sizeof(*t->w));
		if (f->edit == YOTE_EDIT_REPLACE)
			t->w[k] = e;
		else {  /* a swap */
			tmp = t->w[k];
			t->w[k] = t->w[k + 1];
			t->w[k + 1] = tmp;
		}
	}
	play_written(t, start);
	return 0;
}

/* The record's ply of ply p of the game edited by f. */
static unsigned long
record_ply(const struct yote_repair *f, unsigned long p)
{
	if (f->edit == YOTE_EDIT_DROP && p >= f->ply)
		return p + 1;
	if (f->edit == YOTE_EDIT_INSERT && p > f->ply)
		return p - 1;
	return p;
}

/* Edit e as the second of a pair. */
static void
to_then(struct yote_repair_edit *d, const struct yote_repair *e)
{
	d->edit = e->edit;
	d->near = e->near;
	d->ply = e->ply;
	d->distance = e->distance;
	d->at = e->at;
	d->next = e->next;
	memcpy(d->move, e->move, sizeof(d->move));
}

/* Pair f and e (e's ply already the record's) into s->best, the earlier
 * ply first, once: the same pair comes from either of its edits. */
static void
enter_pair(struct search *s, const struct yote_repair *f,
    const struct yote_repair *e)
{
	struct yote_repair pair, second;
	size_t i;

	pair = e->ply < f->ply ? *e : *f;
	second = e->ply < f->ply ? *f : *e;
	pair.edits = 2;
	to_then(&pair.then, &second);
	for (i = 0; i < s->nbest; i++)
		if (rank_cmp(&pair, &s->best[i]) == 0 &&
		    pair.then.edit == s->best[i].then.edit)
			return;
	if (may_enter(s, &pair))
		enter(s, &pair);
}

/* The pairs whose first edit is f: into s->best.  0 or YOTE_ENOMEM. */
static int
second_edits(struct search *s, const struct yote_repair *f,
    const struct yote_pos *start)
{
	struct search t;
	struct yote_repair e;
	size_t i;
	int rc;

	/* the same search, on the moves edited */
	t = (struct search){ .r = s->r, .res = s->res, .term = s->term,
		.max = s->max, .work = s->work, .limit = s->limit };
	if ((t.best = calloc(t.max, sizeof(*t.best))) == NULL ||
	    edited_game(s, f, start, &t) != 0) {
		rc = YOTE_ENOMEM;
		goto done;
	}
	/* the second edit before the first as well as after it: a slip
	 * made good by the other is found from either */
	if ((rc = search_edits(&t)) != 0)
		goto done;
	for (i = 0; i < t.nbest; i++) {
		e = t.best[i];
		e.ply = record_ply(f, e.ply);
		enter_pair(s, f, &e);
	}
done:
	s->work = t.work;
	free(t.best);
	free(t.w);
	free(t.pos);
	yote_movelist_free(&t.list);
	return rc;
}

/*
 * Two slips: the closest first edits that carry the record past where it
 * broke (FIRSTS of them), each followed by every single edit after it.
 * 0 or YOTE_ENOMEM.
 */
static int
search_pairs(struct search *s, const struct yote_pos *start)
{
	struct first f[FIRSTS];
	size_t i;
	int rc;

	s->partial = 1;
	s->firsts = f;
	s->nfirst = 0;
	rc = search_edits(s);
	s->partial = 0;
	for (i = 0; rc == 0 && i < s->nfirst && s->work < s->limit; i++)
		rc = second_edits(s, &f[i].c, start);
	return rc;
}

long
yote_record_repair(const struct yote_record *rec,
    const struct yote_game_info *info, const struct yote_repair_opts *o,
    struct yote_repair *out, int *complete)
{
	const struct yote_node *moves;
	struct yote_outcome oc;
	struct search s;
	size_t i;
	long rc;

	*complete = 1;
	moves = rec->root != NULL && rec->root->type == YOTE_NODE_MAP ?
	    yote_node_get(rec->root, "moves") : NULL;
	/* a result or termination that is no value of its key is a slip
	 * of its own, said as such, not one of the moves */
	if (info->rules == NULL || moves == NULL ||
	    moves->type != YOTE_NODE_SEQ || (info->result < 0 &&
	    yote_node_get(rec->root, "result") != NULL) || (info->term < 0 &&
	    yote_node_get(rec->root, "termination") != NULL))
		return YOTE_EVALUE;
	memset(&s, 0, sizeof(s));
	s.r = info->rules;
	s.res = info->result;
	s.term = info->term;
	s.n = moves->n;
	s.best = out;
	s.max = o != NULL && o->max > 0 ? o->max : YOTE_REPAIR_MAX;
	s.limit = o != NULL && o->work > 0 ? o->work : YOTE_REPAIR_WORK;
	if ((rc = written_game(&s, moves, &info->start)) != 0)
		goto done;
	if (s.fail == s.n) {
		yote_pos_outcome(s.r, &s.pos[s.n], &oc);
		if (yote_result_problem(s.r, &s.pos[s.n], &oc, s.res,
		    s.term) == YOTE_RP_NONE) {
			rc = YOTE_EVALUE;       /* the moves are not the
						   problem */
			goto done;
		}
	}
	if ((rc = search_edits(&s)) != 0)
		goto done;
	/* no one edit: two slips? (a result the moves do not give is
	 * no slip of the moves: the record goes nowhere past it) */
	if (s.nbest == 0 && s.fail < s.n && s.work < s.limit &&
	    (rc = search_pairs(&s, &info->start)) != 0)
		goto done;
	for (i = 0; i < s.nbest; i++)
		out[i].edits = out[i].edits == 2 ? 2 : 1;
	*complete = s.work < s.limit;
	rc = (long)s.nbest;
done:
	free(s.w);
	free(s.pos);
	yote_movelist_free(&s.list);
	return rc;
}
