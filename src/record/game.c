/*
 * game.c - a game played through: a ruleset, a start position, the moves
 * and the position after each; filled by playing moves (checked against
 * the rules) or by the record checker, and turned back into a record.
 */
#include <stdlib.h>
#include <string.h>

#include "yote_int.h"

struct yote_game {
	const struct yote_rules *r;     /* a reference (yote_rules_keep) */
	struct yote_pos *pos;   /* pos[0] the start, pos[i] after ply i */
	struct yote_move *mv;   /* mv[i - 1] made ply i */
	size_t n, cap;          /* plies, allocated positions */
	struct yote_movelist list;      /* scratch for legality tests */
};

/* A game with room for its first plies and no start yet. */
static struct yote_game *
game_alloc(void)
{
	struct yote_game *g;

	if ((g = calloc(1, sizeof(*g))) == NULL)
		return NULL;
	g->cap = 128;
	g->pos = malloc(g->cap * sizeof(*g->pos));
	g->mv = malloc(g->cap * sizeof(*g->mv));
	if (g->pos == NULL || g->mv == NULL) {
		yote_game_free(g);
		return NULL;
	}
	return g;
}

struct yote_game *
yote_game_new(const struct yote_rules *r, const struct yote_pos *start)
{
	struct yote_game *g;

	if ((g = game_alloc()) == NULL)
		return NULL;
	g->r = yote_rules_keep(r);
	if (start != NULL)
		g->pos[0] = *start;
	else
		yote_pos_start(r, &g->pos[0]);
	return g;
}

void
yote_game_free(struct yote_game *g)
{
	if (g == NULL)
		return;
	yote_rules_free(g->r);
	free(g->pos);
	free(g->mv);
	yote_movelist_free(&g->list);
	free(g);
}

/* Add a ply known to be legal, leading to after (NULL: play it); 0 or
 * YOTE_ENOMEM. */
static int
push(struct yote_game *g, const struct yote_move *m,
    const struct yote_pos *after)
{
	struct yote_pos *np;
	struct yote_move *nm;
	size_t cap;

	if (g->n + 2 > g->cap) {
		cap = g->cap * 2;
		if ((np = realloc(g->pos, cap * sizeof(*np))) == NULL)
			return YOTE_ENOMEM;
		g->pos = np;
		if ((nm = realloc(g->mv, cap * sizeof(*nm))) == NULL)
			return YOTE_ENOMEM;
		g->mv = nm;
		g->cap = cap;
	}
	g->mv[g->n] = *m;
	if (after != NULL)
		g->pos[g->n + 1] = *after;
	else {
		g->pos[g->n + 1] = g->pos[g->n];
		yote_pos_play(g->r, &g->pos[g->n + 1], m);
	}
	g->n++;
	return 0;
}

int
yote_game_play(struct yote_game *g, const struct yote_move *m,
    struct yote_error *err)
{
	int found;

	found = yote_move_legal(g->r, &g->pos[g->n], m, &g->list);
	if (found < 0)
		return yote_error_set(err, found, found == YOTE_ELIMIT ?
		    "more legal moves from one square than the limit" :
		    "out of memory");
	if (!found) {
		if (yote_move_check(g->r, &g->pos[g->n], m, err) != 0)
			return YOTE_EILLEGAL;
		/* the two tests disagree only on a move the generator lacks */
		return yote_error_set(err, YOTE_EILLEGAL, "not a legal move");
	}
	if (push(g, m, NULL) != 0)
		return yote_error_set(err, YOTE_ENOMEM, "out of memory");
	return 0;
}

int
yote_game_undo(struct yote_game *g, size_t n)
{
	if (n > g->n)
		return YOTE_EVALUE;
	g->n -= n;
	return 0;
}

size_t
yote_game_plies(const struct yote_game *g)
{
	return g->n;
}

const struct yote_rules *
yote_game_rules(const struct yote_game *g)
{
	return g->r;
}

const struct yote_pos *
yote_game_pos(const struct yote_game *g, size_t i)
{
	return i <= g->n ? &g->pos[i] : NULL;
}

const struct yote_pos *
yote_game_now(const struct yote_game *g)
{
	return &g->pos[g->n];
}

const struct yote_move *
yote_game_move(const struct yote_game *g, size_t i)
{
	return i >= 1 && i <= g->n ? &g->mv[i - 1] : NULL;
}

/* ------------------------------------------------------------ from a record */

/* The checker has one context for both callbacks: the game and the
 * caller's diagnostics. */
struct collect {
	struct yote_game *g;
	int oom;
	int bad_start;          /* the start position could not be read */
	yote_diag_fn diag;
	void *ctx;
};

static void
collect_diag(void *arg, const struct yote_error *e)
{
	struct collect *c = arg;

	if (e->diag == YOTE_D_BAD_START)
		c->bad_start = 1;
	if (c->diag != NULL)
		c->diag(c->ctx, e);
}

static int
collect_ply(void *ctx, unsigned long ply, const struct yote_pos *before,
    const struct yote_move *m, const struct yote_pos *after,
    const struct yote_node *item)
{
	struct collect *c = ctx;

	(void)ply;
	(void)before;
	(void)item;
	if (push(c->g, m, after) != 0) {
		c->oom = 1;
		return 1;
	}
	return 0;
}

long
yote_game_from_record(struct yote_checker *ck, const struct yote_record *rec,
    const char *file, struct yote_game_info *info, yote_diag_fn diag,
    void *ctx, struct yote_game **out)
{
	struct collect c;
	long problems;

	*out = NULL;
	/* the ruleset and start are known once the checker has read the
	 * record: the plies come with their positions meanwhile */
	if ((c.g = game_alloc()) == NULL)
		return YOTE_ENOMEM;
	c.oom = 0;
	c.bad_start = 0;
	c.diag = diag;
	c.ctx = ctx;
	problems = yote_checker_play(ck, rec, file, info, collect_diag,
	    collect_ply, &c);
	if (c.oom || problems == YOTE_ENOMEM) {
		yote_game_free(c.g);
		return YOTE_ENOMEM;
	}
	/* no game without its start: not the rules' start in its place,
	 * which a replay would show and an analysis grade as the game's */
	if (info->rules == NULL || c.bad_start) {
		yote_game_free(c.g);
		return problems;
	}
	c.g->r = yote_rules_keep(info->rules);
	c.g->pos[0] = info->start;
	*out = c.g;
	return problems;
}

/* ------------------------------------------------------------ to a record */

/* Set key to a new scalar of text in style; 0 or YOTE_ENOMEM. */
static int
set_scalar(struct yote_node *map, const char *key, const char *text,
    int style)
{
	struct yote_node *v;

	if ((v = yote_node_scalar(text)) == NULL)
		return YOTE_ENOMEM;
	v->style = style;
	return yote_node_set(map, key, v);
}

static int
build(const struct yote_game *g, const char *rules,
    const struct yote_tag *tags, size_t ntags, enum yote_result result,
    enum yote_termination term, struct yote_node *root)
{
	struct yote_node *moves, *mv;
	struct yote_pos start;
	char buf[YOTE_POS_TEXT > YOTE_MOVE_TEXT ? YOTE_POS_TEXT :
	    YOTE_MOVE_TEXT];
	size_t i;
	int bad = 0;

	bad |= set_scalar(root, "yote", "1", YOTE_STYLE_ANY);
	bad |= set_scalar(root, "rules", rules ? rules : g->r->name,
	    YOTE_STYLE_ANY);
	for (i = 0; i < ntags; i++)
		bad |= set_scalar(root, tags[i].key, tags[i].value,
		    tags[i].style);
	bad |= set_scalar(root, "result", yote_result_text(result),
	    YOTE_STYLE_ANY);
	bad |= set_scalar(root, "termination", term == YOTE_TERM_NONE ?
	    "unfinished" : yote_termination_text(term), YOTE_STYLE_ANY);
	yote_pos_start(g->r, &start);
	if (!yote_pos_same(&g->pos[0], &start))
		bad |= set_scalar(root, "start", yote_pos_format(g->r,
		    &g->pos[0], buf), YOTE_STYLE_ANY);
	if (bad || (moves = yote_node_seq()) == NULL)
		return YOTE_ENOMEM;
	moves->style = YOTE_STYLE_FLOW;
	if (yote_node_set(root, "moves", moves) != 0)
		return YOTE_ENOMEM;
	for (i = 0; i < g->n; i++)
		if ((mv = yote_node_scalar(yote_move_format(g->r, &g->mv[i],
		    buf))) == NULL || yote_node_push(moves, mv) != 0)
			return YOTE_ENOMEM;
	return 0;
}

int
yote_game_record(const struct yote_game *g, const char *rules,
    const struct yote_tag *tags, size_t ntags, enum yote_result result,
    enum yote_termination term, struct yote_record **out,
    struct yote_error *err)
{
	struct yote_record *rec;

	*out = NULL;
	if ((rec = calloc(1, sizeof(*rec))) == NULL ||
	    (rec->root = yote_node_map()) == NULL ||
	    build(g, rules, tags, ntags, result, term, rec->root) != 0) {
		yote_record_free(rec);
		return yote_error_set(err, YOTE_ENOMEM, "out of memory");
	}
	rec->game = 1;
	*out = rec;
	return 0;
}
