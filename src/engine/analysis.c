/*
 * analysis.c - annotating one game: search every position, value every
 * move played, search again deeper the moves that would be called
 * mistakes or blunders, and write the grades into the record.
 *
 * Why it is done this way:
 *  - A move is judged against the best move at the same horizon.  The
 *    search of the position before a move, to depth d, values the move
 *    played at minus the value of the position after it at depth d - 1;
 *    that value comes for free from iteration d - 1 of the search of the
 *    next position, which iterative deepening passes through.  Judging
 *    the move by the full depth-d search after it would compare two
 *    horizons (d + 1 plies against d), and the engine's own move could
 *    then show a loss.  When the move played is the best move, its value
 *    is the position's, exactly.
 *  - The default budget (yote-analyze's) goes past depth 7 where that is
 *    cheap, to depth 8, 9 and 10 while the search foresees each further
 *    iteration ending within 120,000 nodes (yote_limits' deepen): in the
 *    endings, on sparse boards and in the placements of the opening,
 *    depth 7 misses tactics a depth-10 look sees (a capture set up nine
 *    plies ahead, and the reply that misses it flagged in turn), and
 *    there a deeper look costs little.  On tests/bench-annotate.sh's
 *    held-out games the default then finds 92.9% of the flags of a
 *    depth-10 search instead of 88.8% with two iterations within 50,000
 *    nodes, for 38% more CPU (30% on the main games), with three within
 *    75,000; within 120,000 nodes (360,000 after an iteration whose
 *    score moved a piece), once the search reduced threatening moves
 *    less, 95.5% and 96.4% (held-out) of a depth-10 search of that
 *    engine, 5.2 and 5.3 times its cost.  The dense middlegames stay at depth 7,
 *    and their deeper tactics are most of the misses left.  A position
 *    searched to depth 9 is judged, as any, at the same horizon: the
 *    move played by the position after it at depth 8.
 *  - Every search starts from a clear table (yote_engine_clear: a new
 *    generation, not a pass over the table).  Filled by the searches of
 *    other positions, the table changed the move order and so what the
 *    reductions cut: a depth-10 search of one position scored +1.53 as
 *    the game's first look at it and -1.78 as a re-search after others,
 *    and a grade could depend on where the annotation began.  The clear
 *    table costs about a tenth more time.
 *  - A move that would be graded a mistake or a blunder is searched again
 *    two plies deeper, before and after, at the same horizon again, and
 *    graded by that: at the budget's depth the best move changes in a
 *    third of the positions, and one flag in ten did not hold up against
 *    a search three plies deeper (tests/bench-annotate.sh).  Only the
 *    flags in doubt are: a loss of 30 points or more held up as well
 *    without it.  Moves graded below a mistake are not, unless the
 *    position after them, searched to the full depth (one ply deeper
 *    than the horizon that judged them), would make them a blunder: that
 *    search has already been made, and it finds a few of the tactics the
 *    horizon misses (on tests/bench-annotate.sh's held-out games, 3 of
 *    the 20 plies it picks are flags of the longer search).  Searching
 *    the inaccuracies again instead found no flag more that the longer
 *    search confirmed, for a quarter to a third more time; the misses
 *    are mostly tactics deeper than either look.  Three plies deeper
 *    instead of two (with 16 times the nodes, the re-searches within
 *    twice the first searches' nodes) held 98.6% of the flags against
 *    the depth-10 search instead of 95.9% on the main games, 97.4%
 *    instead of 97.3% on the held-out ones, and found 94.7% and 93.4%
 *    instead of 93.4% and 92.9%, for 1.5 and 1.7 times the CPU: a game
 *    of 100 plies then took up to 9.5 s.
 *  - The re-searches are made after every ply is judged, the verdict
 *    nearest the line between a mistake and an inaccuracy first, and
 *    only while they have cost fewer nodes than the game's first
 *    searches: a beginner's game, where every other move is a blunder in
 *    doubt, cost three times its first searches (13.2 million nodes per
 *    100 plies, against a median of 3.7: tests/bench-annotate.sh's
 *    costliest game), and now costs at most about twice (8.6).
 *  - Each search is given the game's earlier positions, so that a line
 *    that goes back to one of them is seen for the draw it can become
 *    (the search counts an earlier position on its third time only).
 *    Without this, a winning move that merely allows the opponent to go
 *    back once was called a blunder, and the opponent's move that did not
 *    go back another.
 *  - The grades themselves (a proven win kept is no mistake...) are
 *    annotate.c's, from the mover's view; the evaluations written are
 *    from the first side's view, as PGN's [%eval] and lichess write
 *    them, and the analysis: header says so (eval-view: first).  Older
 *    records, without eval-view, hold the mover's view: their evaluations
 *    are turned to the first side's view when the record is annotated
 *    again, so that one record never mixes the two.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "yote_int.h"

/* Re-searches: this many times the first search's nodes, at least ... */
#define DEEP_FACTOR 4
#define DEEP_MIN_NODES 20000ULL
#define DEEP_MAX_NODES 2000000ULL       /* ... and never more than this */
#define DOUBT_CLEAR 30.0        /* a loss of this many points is clear */

/* One search of a position, with the score of each iteration. */
struct searched {
	struct yote_search_result sr;
	int at[YOTE_MAX_PLY + 1];       /* at[d]: score after iteration d */
};

/*
 * What grading keeps of one search, a few numbers and its moves as text,
 * instead of the whole search (8.9 KB: the line's moves are 136 bytes
 * each): a 100,000-ply game kept 10 KB a ply.
 */
struct seen {
	int score, depth, nmoves;       /* the search's */
	int at_d, at;           /* the score after iteration at_d, the one
				   the previous ply's judge asks (0: none) */
	int played;             /* its best move is the move played next */
	int pvlen;
	size_t text;            /* best move then pv, each NUL-ended, at
				   this offset of the pool */
	unsigned long long nodes;
};

/* A ply in doubt, and how much (the less, the more). */
struct doubt {
	double rank;
	size_t ply;
};

/* One ply's verdict, from the mover's view. */
struct verdict {
	int before, after;      /* the best move's value, the played one's */
	enum yote_class c;
	const struct seen *by;  /* the search that judged */
};

struct work {
	struct yote_engine *e;
	const struct yote_rules *r;
	const struct yote_annotate_opts *o;
	struct yote_annotation *out;
	const struct yote_game *g;     /* the game as played */
	size_t n;               /* its plies */
	struct yote_pos *hist;  /* its positions, 0..n */
	struct seen *s;         /* s[i]: position i under the budget */
	struct seen *deep_seen; /* deep_seen[i]: the re-search that judged
				   ply i */
	struct searched cur, deep, tmp; /* the last search, re-searches */
	char *pool;             /* the moves of s[] as text */
	size_t used, size;
	int oom;                /* a node could not be made */
	struct verdict *v;      /* v[i]: ply i's verdict */
	struct doubt *order;    /* the plies in doubt, most doubtful first */
};

static void
keep_iteration(void *ctx, const struct yote_search_result *sr)
{
	struct searched *s = ctx;

	if (sr->depth >= 0 && sr->depth <= YOTE_MAX_PLY)
		s->at[sr->depth] = sr->score;
}

/*
 * Search position i of the game, knowing the positions before it, from a
 * clear table: a verdict is the position's and the budget's, whatever
 * was searched before it.
 */
static int
search(struct work *w, size_t i, const struct yote_limits *lim,
    struct searched *s)
{
	memset(s->at, 0, sizeof(s->at));
	yote_engine_clear(w->e);
	if (yote_engine_walk_history(w->e, w->hist, i) != 0 ||
	    yote_engine_search(w->e, w->r, &w->hist[i], lim, &s->sr,
	    keep_iteration, s) != 0)
		return YOTE_ENOMEM;
	w->out->positions++;
	w->out->nodes += s->sr.nodes;
	return 0;
}

static int
proven(int score)
{
	return score > YOTE_WIN_BOUND || score < -YOTE_WIN_BOUND;
}

/* Move m as text at the end of the pool. */
static void
pool_move(struct work *w, const struct yote_move *m)
{
	char text[YOTE_MOVE_TEXT], *nv;
	size_t len = strlen(yote_move_format(w->r, m, text)) + 1;

	if (w->used + len > w->size) {
		if ((nv = realloc(w->pool, 2 * w->size + len)) == NULL) {
			w->oom = 1;
			return;
		}
		w->pool = nv;
		w->size = 2 * w->size + len;
	}
	memcpy(w->pool + w->used, text, len);
	w->used += len;
}

/*
 * Keep of search s of position i what grading asks: at_d is the depth
 * value_at asks of it when the ply before it is judged (prev: the search
 * of position i - 1, or NULL).
 */
static void
note(struct work *w, size_t i, const struct searched *s,
    const struct seen *prev, struct seen *out)
{
	const struct yote_search_result *sr = &s->sr;
	int k;

	memset(out, 0, sizeof(*out));
	out->score = sr->score;
	out->depth = sr->depth;
	out->nmoves = sr->nmoves;
	out->nodes = sr->nodes;
	out->played = i < w->n && sr->nmoves > 0 &&
	    yote_move_equal(yote_game_move(w->g, i + 1), &sr->best);
	if (prev != NULL) {
		out->at_d = prev->depth - 1 < 1 ? 1 : prev->depth - 1;
		if (sr->depth >= out->at_d)
			out->at = s->at[out->at_d];
		else
			out->at_d = 0;
	}
	out->text = w->used;
	if (sr->nmoves == 0)
		return;
	pool_move(w, &sr->best);
	for (k = 0; k < sr->pvlen; k++)
		pool_move(w, &sr->pv[k]);
	out->pvlen = sr->pvlen;
}

/*
 * Position i's value (side to move's view) at depth d: from its search s
 * when that got there or proved the result, else from a search of its own
 * to d within lim's nodes and time (s may then be NULL).
 */
static int
value_at(struct work *w, size_t i, const struct seen *s,
    int d, const struct yote_limits *lim, int *v)
{
	struct yote_limits to = *lim;

	if (d < 1)
		d = 1;
	if (s != NULL && (s->nmoves == 0 || proven(s->score))) {
		*v = s->score;
		return 0;
	}
	if (s != NULL && s->at_d == d) {
		*v = s->at;
		return 0;
	}
	to.depth = d;
	to.endgame = 0;         /* exactly to d: the same horizon */
	to.deepen = 0;
	if (search(w, i, &to, &w->tmp) != 0)
		return YOTE_ENOMEM;
	*v = w->tmp.sr.score;
	return 0;
}

/* Judge ply i by the search b of the position before it. */
static int
judge(struct work *w, size_t i, const struct seen *b,
    const struct seen *after, const struct yote_limits *lim,
    struct verdict *v)
{
	int x;

	v->by = b;
	v->before = b->score;
	if (b->played)
		/* a proven result is one ply nearer after its move */
		v->after = v->before + (v->before > YOTE_WIN_BOUND) -
		    (v->before < -YOTE_WIN_BOUND);
	else if (proven(v->before)) {
		/* a search that proves a result stops early: it sets no
		 * horizon, and a slower win needs the deepest look we have */
		if (after == NULL && search(w, i, lim, &w->tmp) != 0)
			return YOTE_ENOMEM;
		v->after = -(after != NULL ? after->score : w->tmp.sr.score);
	} else if (value_at(w, i, after, b->depth - 1, lim,
	    &x) != 0)
		return YOTE_ENOMEM;
	else
		v->after = -x;
	v->c = yote_classify(v->before, v->after);
	return 0;
}

/*
 * Whether ply i's verdict v is in doubt, and must hold up deeper: a
 * mistake or a blunder that lost less than DOUBT_CLEAR points, or one
 * that a proven result decided (a loss of DOUBT_CLEAR points or more
 * held up: on tests/bench-annotate.sh's games, searching these again
 * changed no flag, and it was a fifth of the re-searching); or a lesser
 * move that the full-depth search of the position after it would call
 * a blunder.
 */
static int
in_doubt(const struct work *w, size_t i, const struct verdict *v)
{
	if (v->c < YOTE_CLASS_MISTAKE)
		return yote_classify(v->before, -w->s[i].score) ==
		    YOTE_CLASS_BLUNDER;
	return yote_move_loss(v->before, v->after) < DOUBT_CLEAR ||
	    proven(v->before) || proven(v->after) ||
	    proven(w->s[i].score);
}

/* A mistake or a blunder in doubt must hold up two plies deeper. */
static int
judge_deeper(struct work *w, size_t i, struct verdict *v)
{
	const struct seen *b = &w->s[i - 1];
	struct yote_limits deep = w->o->lim;
	unsigned long long cap = b->nodes;

	w->out->researched++;
	cap = (cap > DEEP_MIN_NODES ? cap : DEEP_MIN_NODES) * DEEP_FACTOR;
	deep.nodes = cap < DEEP_MAX_NODES ? cap : DEEP_MAX_NODES;
	deep.movetime_ms *= DEEP_FACTOR;
	deep.deepen = 0;
	/* a proven value before the move needs no deeper look; after does */
	if (proven(b->score))
		deep.depth = (w->s[i].depth > deep.depth ?
		    w->s[i].depth : deep.depth) + 2;
	else
		deep.depth = b->depth + 2;
	if (deep.depth > YOTE_MAX_PLY - 4)
		deep.depth = YOTE_MAX_PLY - 4;
	if (!proven(b->score)) {
		if (search(w, i - 1, &deep, &w->deep) != 0)
			return YOTE_ENOMEM;
		note(w, i - 1, &w->deep, NULL, &w->deep_seen[i]);
		b = &w->deep_seen[i];
	}
	return judge(w, i, b, NULL, &deep, v);
}

/* Whether ply i is graded: its mover is the side asked for, or any. */
static int
graded(const struct work *w, size_t i)
{
	return w->o->side < 0 ||
	    w->o->side == yote_game_pos(w->g, i - 1)->side;
}

/* How far ply i's verdict is from the line between a mistake and less
 * (0 when a proven result is in it): the nearest is searched again first. */
static double
doubt_rank(const struct work *w, size_t i)
{
	const struct verdict *v = &w->v[i];
	double l = yote_move_loss(v->before, v->after) - 10.0;

	if (proven(v->before) || proven(v->after) || proven(w->s[i].score))
		return 0;
	return l < 0 ? -l : l;
}

static int
by_rank(const void *a, const void *b)
{
	const struct doubt *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return x->ply < y->ply ? -1 : x->ply > y->ply;
}

/*
 * The verdicts in doubt searched again, the most doubtful first, while
 * the re-searches have cost fewer nodes than the game's first searches
 * (first): the beginner's game, where every other move is in doubt, then
 * costs at most about twice its first searches.
 */
static int
research(struct work *w, size_t from, unsigned long long first)
{
	unsigned long long start = w->out->nodes;
	size_t i, k, n = 0;

	for (i = from + 1; i <= w->n; i++)
		if (graded(w, i) && in_doubt(w, i, &w->v[i])) {
			w->order[n].ply = i;
			w->order[n++].rank = doubt_rank(w, i);
		}
	qsort(w->order, n, sizeof(*w->order), by_rank);
	for (k = 0; k < n && w->out->nodes - start < first; k++) {
		i = w->order[k].ply;
		if (judge_deeper(w, i, &w->v[i]) != 0)
			return YOTE_ENOMEM;
	}
	return 0;
}

/* ------------------------------------------------------------ writing */

static void
put(struct work *w, struct yote_node *map, const char *key,
    const char *text)
{
	struct yote_node *n = yote_node_scalar(text);

	if (n == NULL || yote_node_set(map, key, n) != 0)
		w->oom = 1;
}

static int
first_view(int score, int mover)
{
	return mover == YOTE_FIRST ? score : -score;
}

/* Ply i's moves item as a mapping (a plain move becomes move: ...). */
static struct yote_node *
item_map(struct work *w, struct yote_node *moves, size_t i)
{
	struct yote_node *item = moves->kids[i], *map;

	if (item->type != YOTE_NODE_SCALAR)
		return item;
	if ((map = yote_node_map()) == NULL) {
		w->oom = 1;
		return NULL;
	}
	map->line = item->line;
	map->col = item->col;
	moves->kids[i] = NULL;  /* owned by map from here, even on failure */
	if (yote_node_set(map, "move", item) != 0) {
		yote_node_free(map);
		moves->kids[i] = yote_node_scalar("?");
		w->oom = 1;
		return NULL;
	}
	moves->kids[i] = map;
	return map;
}

static void
annotate_item(struct work *w, struct yote_node *moves, size_t i, int mover,
    const struct verdict *v)
{
	struct yote_node *item, *pv;
	const char *text;
	char sc[16];
	int k;

	if ((item = item_map(w, moves, i)) == NULL)
		return;
	moves->style = YOTE_STYLE_BLOCK;     /* one annotated ply per entry */
	item->style = YOTE_STYLE_BLOCK;
	put(w, item, "eval-before", yote_score_text(first_view(v->before,
	    mover), sc));
	put(w, item, "eval", yote_score_text(first_view(v->after, mover),
	    sc));
	/* the better move only where the move played is graded */
	if (v->c != YOTE_CLASS_NONE && v->by->nmoves > 0 && !w->oom) {
		text = w->pool + v->by->text;
		put(w, item, "best", text);
		if ((pv = yote_node_seq()) == NULL) {
			w->oom = 1;
			return;
		}
		pv->style = YOTE_STYLE_FLOW;
		for (k = 0; k < v->by->pvlen; k++) {
			text += strlen(text) + 1;
			if (yote_node_push(pv, yote_node_scalar(text)) != 0)
				w->oom = 1;
		}
		if (yote_node_set(item, "pv", pv) != 0)
			w->oom = 1;
		put(w, item, "class", yote_class_name(v->c));
		put(w, item, "nag", yote_class_nag(v->c));
	} else {
		yote_node_remove(item, "best");
		yote_node_remove(item, "pv");
		yote_node_remove(item, "class");
		yote_node_remove(item, "nag");
	}
}

/*
 * Ply i's annotation keys removed: a move this run grades below --only
 * carries none, and what an earlier run left there (a blunder this run
 * calls good) would be read for this run's.
 */
static void
clear_item(struct yote_node *moves, size_t i)
{
	static const char *const keys[] = { "eval-before", "eval", "best",
		"pv", "class", "nag" };
	struct yote_node *item = moves->kids[i];
	size_t k;

	if (item == NULL || item->type != YOTE_NODE_MAP)
		return;
	for (k = 0; k < sizeof(keys) / sizeof(*keys); k++)
		yote_node_remove(item, keys[k]);
}

static void
put_count(struct work *w, struct yote_node *map, const char *key,
    unsigned long long v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%llu", v);
	put(w, map, key, buf);
}

static void
put_mean(struct work *w, struct yote_node *map, const char *key,
    double sum, unsigned long n)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%.1f", sum / (double)n);
	put(w, map, key, buf);
}

static void
add_summary(struct work *w, struct yote_record *rec)
{
	const struct yote_limits *lim = &w->o->lim;
	struct yote_node *an, *side;
	int s;

	if ((an = yote_node_map()) == NULL) {
		w->oom = 1;
		return;
	}
	if (w->o->engine != NULL)
		put(w, an, "engine", w->o->engine);
	put(w, an, "eval-view", "first");
	if (lim->depth)
		put_count(w, an, "depth", (unsigned long long)lim->depth);
	if (lim->nodes)
		put_count(w, an, "nodes", lim->nodes);
	if (lim->movetime_ms)
		put_count(w, an, "movetime",
		    (unsigned long long)lim->movetime_ms);
	if (lim->deepen > 0) {
		put_count(w, an, "deepen", (unsigned long long)lim->deepen);
		put_count(w, an, "deepen-nodes", lim->deepen_nodes);
	}
	for (s = 0; s < 2; s++) {
		const struct yote_side_stats *st = &w->out->st[s];

		if (w->o->side >= 0 && w->o->side != s)
			continue;
		if ((side = yote_node_map()) == NULL) {
			w->oom = 1;
			break;
		}
		side->style = YOTE_STYLE_FLOW;
		put_count(w, side, "inaccuracies",
		    st->n[YOTE_CLASS_INACCURACY]);
		put_count(w, side, "mistakes", st->n[YOTE_CLASS_MISTAKE]);
		put_count(w, side, "blunders", st->n[YOTE_CLASS_BLUNDER]);
		/* none without a move analysed (not a perfect 100) */
		if (st->moves) {
			put_mean(w, side, "average-loss", st->loss, st->moves);
			put_mean(w, side, "accuracy", st->accuracy, st->moves);
		}
		if (yote_node_set(an, s ? "second" : "first", side) != 0)
			w->oom = 1;
	}
	if (yote_node_set(rec->root, "analysis", an) != 0)
		w->oom = 1;
}

/* ------------------------------------------------------------ reading back */

/* 1 when rec's evaluations are the first side's, 0 the mover's, -1 unknown. */
static int
record_view(const struct yote_record *rec)
{
	const struct yote_node *an = yote_node_get(rec->root, "analysis");
	const struct yote_node *view = yote_node_get(an, "eval-view");

	if (view == NULL)
		return 0;       /* written before eval-view existed */
	return yote_node_is(view, "first") ? 1 : -1;
}

int
yote_annotation_eval(const struct yote_record *rec,
    const struct yote_node *item, const char *key, int mover, int *score)
{
	const struct yote_node *n = yote_node_get(item, key);
	int view = record_view(rec);

	if (n == NULL || n->type != YOTE_NODE_SCALAR || view < 0 ||
	    yote_score_parse(n->text, score) != 0)
		return YOTE_EVALUE;
	if (view == 0)
		*score = first_view(*score, mover);
	return 0;
}

/* Turn an older record's mover-view evaluations to the first side's. */
static void
convert_view(struct work *w, struct yote_record *rec,
    struct yote_node *moves)
{
	static const char *const keys[] = { "eval-before", "eval" };
	char sc[16];
	size_t i;
	int k, mover, v;

	if (record_view(rec) != 0)
		return;
	for (i = 0; i < moves->n; i++) {
		/* sides alternate; past a bad move, go on alternating */
		if (i < w->n)
			mover = yote_game_pos(w->g, i)->side;
		else
			mover = (yote_game_now(w->g)->side + (int)(i - w->n)) &
			    1;
		for (k = 0; k < 2; k++)
			if (yote_annotation_eval(rec, moves->kids[i], keys[k],
			    mover, &v) == 0)
				put(w, moves->kids[i], keys[k],
				    yote_score_text(v, sc));
	}
}

/* ------------------------------------------------------------ one game */

static int
grade(struct work *w, struct yote_record *rec)
{
	const struct yote_annotate_opts *o = w->o;
	struct yote_annotation *out = w->out;
	struct yote_node *moves = yote_node_get(rec->root, "moves");
	struct verdict v;
	size_t i, first = out->first;
	unsigned long long start = out->nodes;
	int s;

	for (i = first; i <= w->n; i++) {
		if (search(w, i, &o->lim, &w->cur) != 0)
			return YOTE_ENOMEM;
		note(w, i, &w->cur, i > first ? &w->s[i - 1] : NULL, &w->s[i]);
		out->wc[i] = yote_win_chance(first_view(w->s[i].score,
		    yote_game_pos(w->g, i)->side));
	}
	if (o->figures_only)
		moves = NULL;
	if (moves != NULL && moves->type == YOTE_NODE_SEQ)
		convert_view(w, rec, moves);
	for (i = first + 1; i <= w->n; i++)
		if (graded(w, i) && judge(w, i, &w->s[i - 1], &w->s[i],
		    &o->lim, &w->v[i]) != 0)
			return YOTE_ENOMEM;
	/* then those in doubt, within the first searches' nodes again */
	if (research(w, first, out->nodes - start) != 0)
		return YOTE_ENOMEM;
	for (i = first + 1; i <= w->n; i++) {
		if (!graded(w, i))
			continue;
		s = yote_game_pos(w->g, i - 1)->side;
		v = w->v[i];
		/* the chart's values are the record's: the verdict's, a
		 * re-search's where there was one, not the first search's */
		out->wc[i] = yote_win_chance(first_view(v.after, s));
		if (i == first + 1)
			out->wc[first] = yote_win_chance(first_view(v.before,
			    s));
		out->st[s].moves++;
		out->st[s].n[v.c]++;
		out->st[s].loss += yote_move_loss(v.before, v.after);
		out->st[s].accuracy += yote_move_accuracy(v.before, v.after);
		if (o->only != YOTE_CLASS_NONE && v.c < o->only) {
			if (moves != NULL && i - 1 < moves->n)
				clear_item(moves, i - 1);
			continue;
		}
		out->cls[i - 1] = v.c;
		if (moves != NULL && i - 1 < moves->n)
			annotate_item(w, moves, i - 1, s, &v);
	}
	if (!o->figures_only)
		add_summary(w, rec);
	out->analysed = 1;
	return w->oom ? YOTE_ENOMEM : 0;
}

long
yote_annotate_game(struct yote_engine *e, struct yote_checker *ck,
    struct yote_record *rec, const char *file,
    const struct yote_annotate_opts *o, struct yote_annotation *out,
    yote_diag_fn diag, void *ctx)
{
	struct yote_game_info info;
	struct yote_game *g = NULL;
	struct work w;
	long problems;
	size_t n, i;

	memset(out, 0, sizeof(*out));
	memset(&w, 0, sizeof(w));
	w.e = e;
	w.o = o;
	w.out = out;
	problems = yote_game_from_record(ck, rec, file, &info, diag, ctx,
	    &g);
	if (problems == YOTE_ENOMEM || g == NULL)
		goto out;
	w.g = g;
	w.r = yote_game_rules(g);
	w.n = n = yote_game_plies(g);
	out->plies = n;
	out->first = o->from_ply > 1 ? o->from_ply - 1 : 0;
	if (out->first > n)
		goto out;
	if ((w.hist = malloc((n + 1) * sizeof(*w.hist))) == NULL ||
	    (w.s = calloc(n + 1, sizeof(*w.s))) == NULL ||
	    (out->wc = calloc(n + 1, sizeof(*out->wc))) == NULL ||
	    (out->cls = calloc(n + 1, sizeof(*out->cls))) == NULL ||
	    (w.v = calloc(n + 1, sizeof(*w.v))) == NULL ||
	    (w.order = calloc(n + 1, sizeof(*w.order))) == NULL ||
	    (w.deep_seen = calloc(n + 1, sizeof(*w.deep_seen))) == NULL) {
		problems = YOTE_ENOMEM;
		goto out;
	}
	for (i = 0; i <= n; i++)
		w.hist[i] = *yote_game_pos(g, i);
	yote_engine_set_history(e, NULL, 0);    /* walked from here */
	if (grade(&w, rec) != 0)
		problems = YOTE_ENOMEM;
out:
	free(w.s);
	free(w.v);
	free(w.order);
	free(w.deep_seen);
	free(w.pool);
	free(w.hist);
	yote_engine_set_history(e, NULL, 0);
	yote_game_free(g);
	return problems;
}

void
yote_annotation_free(struct yote_annotation *a)
{
	if (a == NULL)
		return;
	free(a->wc);
	free(a->cls);
	a->wc = NULL;
	a->cls = NULL;
}
