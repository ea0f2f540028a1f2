/*
 * openings.c - the opening tree (openings.h).  A node for each distinct
 * line of moves from the position, children as a linked list, the moves'
 * text in one arena; a game is played through only up to the end of its
 * line.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "openings.h"
#include "tool.h"

struct node {
	uint32_t child, next;   /* first child, next sibling; 0: none */
	uint32_t text;          /* the move, at this offset of the arena */
	struct score sc;        /* for the side that played the move */
};

/* One game on its way through the position. */
struct walk {
	long at;                /* ply after which it stood there, -1 */
	int n;                  /* moves of its line kept */
	int mover[OPENINGS_MAX_DEPTH];
	char text[OPENINGS_MAX_DEPTH][YOTE_MOVE_TEXT];
};

struct optree {
	int depth;              /* moves a line keeps */
	struct node *v;         /* v[0]: the position itself */
	size_t n, cap;
	char *arena;
	size_t used, size;
	struct yote_pattern root;
	int root_set;           /* root and root_text are set */
	char root_text[YOTE_POS_TEXT];
	struct walk w;          /* the game being counted */
	unsigned long elsewhere;        /* games taken on another board than
					   the root's, which never reach it */
	int from_first;         /* the root is the first game's start (a
				   --position asked for is not: the games
				   of another board cannot reach it, and
				   an archive's index skips them unseen) */
};

/* What optree_report writes with. */
struct report {
	const struct optree *t;
	FILE *fp;
	enum tool_fmt fmt;
	unsigned long min_games;
	int width;              /* the text table's move column, indent in */
};

struct optree *
optree_new(int depth)
{
	struct optree *t = calloc(1, sizeof(*t));

	if (t == NULL)
		return NULL;
	t->depth = depth;
	t->cap = 1024;
	t->size = 1 << 16;
	t->v = calloc(t->cap, sizeof(*t->v));
	t->arena = malloc(t->size);
	t->n = 1;       /* node 0: the position itself */
	if (t->v == NULL || t->arena == NULL) {
		optree_free(t);
		return NULL;
	}
	return t;
}

void
optree_free(struct optree *t)
{
	if (t == NULL)
		return;
	free(t->v);
	free(t->arena);
	free(t);
}

const struct yote_pattern *
optree_position(const struct optree *t)
{
	return &t->root;
}

/* The child of node p for move text s, made when new; 0 out of memory. */
static uint32_t
tree_child(struct optree *t, uint32_t p, const char *s)
{
	uint32_t c;
	size_t len = strlen(s) + 1;
	void *nv;

	for (c = t->v[p].child; c != 0; c = t->v[c].next)
		if (strcmp(t->arena + t->v[c].text, s) == 0)
			return c;
	if (t->n == t->cap || t->n >= UINT32_MAX) {
		if (t->n >= UINT32_MAX || (nv = realloc(t->v, 2 *
		    t->cap * sizeof(*t->v))) == NULL)
			return 0;
		t->v = nv;
		t->cap *= 2;
	}
	while (t->used + len > t->size) {
		if (t->size >= UINT32_MAX / 2 ||
		    (nv = realloc(t->arena, 2 * t->size)) == NULL)
			return 0;
		t->arena = nv;
		t->size *= 2;
	}
	c = (uint32_t)t->n++;
	memset(&t->v[c], 0, sizeof(t->v[c]));
	t->v[c].text = (uint32_t)t->used;
	memcpy(t->arena + t->used, s, len);
	t->used += len;
	t->v[c].next = t->v[p].child;
	t->v[p].child = c;
	return c;
}

/*
 * The root's text: a whole pattern written as a position string without
 * its counters (they play no part), canonical whatever was typed.
 */
static void
root_text(struct optree *tr)
{
	const struct yote_pattern *p = &tr->root;
	char *t = tr->root_text;
	int row, col, run, sq;

	for (row = p->height - 1; row >= 0; row--) {
		for (col = 0, run = 0; col < p->width; col++) {
			sq = row * p->width + col;
			if (p->on[0] >> sq & 1 || p->on[1] >> sq & 1) {
				if (run > 0)
					*t++ = (char)('0' + run);
				run = 0;
				*t++ = p->on[0] >> sq & 1 ? 'x' : 'o';
			} else
				run++;
		}
		if (run > 0)
			*t++ = (char)('0' + run);
		*t++ = row > 0 ? '/' : ' ';
	}
	snprintf(t, sizeof(tr->root_text) - (size_t)(t - tr->root_text),
	    "%c %d %d", p->side == YOTE_FIRST ? 'x' : 'o', p->hand[0],
	    p->hand[1]);
	tr->root_set = 1;
}

/* The position exactly (a pattern would mix positions). */
int
optree_set_position(struct optree *t, const struct yote_rules *r,
    const char *text, const char *option)
{
	struct yote_error e;

	yote_error_clear(&e);
	if (yote_pattern_parse(r, text, YOTE_PATTERN_WHOLE, &t->root, &e) != 0)
		return tool_bad_position(option, text, &e);
	if (!yote_pattern_exact(&t->root))
		return tool_usage_error("%s: '%s' is not a whole "
		    "position: give every point, the side to move and both "
		    "hands", option, text);
	root_text(t);
	return EXIT_OK;
}

int
optree_game(struct optree *t, const struct yote_stream_game *g)
{
	struct walk *w = &t->w;
	const struct yote_rules *r = g->info.rules;
	const struct yote_pos *before;
	size_t i, n = yote_game_plies(g->played);
	unsigned long end;
	uint32_t at = 0;
	int k;

	w->at = -1;
	w->n = 0;
	if (!t->root_set) {
		yote_pattern_of_pos(r, &g->info.start, &t->root);
		root_text(t);
		t->from_first = 1;
	}
	for (i = 1; i <= n && w->n < t->depth; i++) {
		before = yote_game_pos(g->played, i - 1);
		if (w->at < 0 && yote_pattern_match(r, &t->root, before))
			w->at = (long)i - 1;
		if (w->at >= 0) {
			w->mover[w->n] = before->side;
			yote_move_format(r, yote_game_move(g->played, i),
			    w->text[w->n++]);
		}
	}
	if (w->at < 0 && i > n &&
	    yote_pattern_match(r, &t->root, yote_game_now(g->played)))
		w->at = (long)n;
	if (w->at < 0) {
		t->elsewhere += r->width != t->root.width ||
		    r->height != t->root.height;
		return 0;
	}
	end = g->info.start.ply - 1 + g->info.plies;
	score_add(&t->v[0].sc, g->info.result, t->root.side, end);
	for (k = 0; k < w->n; k++) {
		if ((at = tree_child(t, at, w->text[k])) == 0)
			return YOTE_ENOMEM;
		score_add(&t->v[at].sc, g->info.result, w->mover[k], end);
	}
	return 0;
}

/* A child as it is sorted: most played first, then by its move. */
struct kid {
	unsigned long games;
	const char *text;
	uint32_t c;
};

static int
kid_order(const void *a, const void *b)
{
	const struct kid *x = a, *y = b;

	if (x->games != y->games)
		return x->games > y->games ? -1 : 1;
	return strcmp(x->text, y->text);
}

static void
tree_row(const struct report *rp, uint32_t c, const struct score *parent,
    const char *line, int depth)
{
	const struct score *sc = &rp->t->v[c].sc;
	const char *t = rp->t->arena + rp->t->v[c].text;
	char pct[16], end[16];

	fig_text(pct, rp->fmt, score_decided(sc), score_pct(sc), 1, 7, "%");
	fig_text(end, rp->fmt, score_decided(sc), score_end(sc), 1, 6, "");
	switch (rp->fmt) {
	case TOOL_FMT_TEXT:
		fprintf(rp->fp, "%*s%-*s %8lu %6.1f%% %7lu %7lu %7lu %s "
		    "%s\n", 2 * depth, "", rp->width - 2 * depth, t,
		    sc->games, score_share(sc, parent), sc->win, sc->draw,
		    sc->loss, pct, end);
		break;
	case TOOL_FMT_TSV:
		fprintf(rp->fp, "%d\t%s\t%s\t%lu\t%lu\t%lu\t%lu\t%lu\t%s\t"
		    "%s\n", depth + 1, line, t, sc->games, sc->win, sc->draw,
		    sc->loss, score_unfinished(sc), pct, end);
		break;
	default:
		fprintf(rp->fp, "{\"kind\":\"line\",\"depth\":%d,\"line\":\"%s\","
		    "\"move\":\"%s\","
		    "\"games\":%lu,\"wins\":%lu,\"draws\":%lu,\"losses\":%lu,"
		    "\"unfinished\":%lu,\"score\":%s,\"end_ply\":%s}\n",
		    depth + 1, line, t, sc->games, sc->win, sc->draw, sc->loss,
		    score_unfinished(sc), pct, end);
		break;
	}
}

/* Print the children of p, most played first, and theirs below each. */
static int
tree_print(const struct report *rp, uint32_t p, char *line, size_t len,
    int depth)
{
	const struct optree *t = rp->t;
	struct kid *kids;
	uint32_t c;
	size_t n = 0, i, add;

	for (c = t->v[p].child; c != 0; c = t->v[c].next)
		n++;
	if (n == 0)
		return 0;
	if ((kids = malloc(n * sizeof(*kids))) == NULL)
		return YOTE_ENOMEM;
	for (n = 0, c = t->v[p].child; c != 0; c = t->v[c].next, n++) {
		kids[n].games = t->v[c].sc.games;
		kids[n].text = t->arena + t->v[c].text;
		kids[n].c = c;
	}
	qsort(kids, n, sizeof(*kids), kid_order);
	for (i = 0; i < n; i++) {
		if (kids[i].games < rp->min_games)
			continue;
		add = (size_t)sprintf(line + len, "%s%s", len ? " " : "",
		    kids[i].text);
		tree_row(rp, kids[i].c, &t->v[p].sc, line, depth);
		if (tree_print(rp, kids[i].c, line, len + add,
		    depth + 1) != 0) {
			free(kids);
			return YOTE_ENOMEM;
		}
		line[len] = '\0';
	}
	free(kids);
	return 0;
}

/* The widest move of the rows tree_print writes below p, with its
 * indent, or w when none is wider. */
static int
tree_width(const struct report *rp, uint32_t p, int depth, int w)
{
	const struct optree *t = rp->t;
	uint32_t c;
	int k;

	for (c = t->v[p].child; c != 0; c = t->v[c].next) {
		if (t->v[c].sc.games < rp->min_games)
			continue;
		if ((k = 2 * depth + (int)strlen(t->arena + t->v[c].text)) > w)
			w = k;
		w = tree_width(rp, c, depth + 1, w);
	}
	return w;
}

#define TREE_TSV_HEADER "depth\tline\tmove\tgames\twins\tdraws\tlosses\t" \
	"unfinished\tscore\tend_ply\n"

int
optree_report(const struct optree *t, FILE *fp, enum tool_fmt fmt,
    unsigned long min_games)
{
	const struct score *sc = &t->v[0].sc;
	struct report rp = { t, fp, fmt, min_games, 12 };
	char *line, pct[16], end[16];
	int rc;

	if (!t->root_set) {
		tool_warn("no games");
		/* TSV: its header alone, as every TSV table of no rows */
		if (fmt == TOOL_FMT_TSV)
			fputs(TREE_TSV_HEADER, fp);
		return 0;
	}
	/* a tree holds one board: the games of another are not in it */
	if (t->elsewhere > 0 && t->from_first)
		tool_warn("%lu game%s on another board than %s left out of "
		    "the tree (choose one ruleset with --ruleset)",
		    t->elsewhere, t->elsewhere == 1 ? "" : "s", t->root_text);
	/* a position no game reaches has no score and no end, not 0 */
	if (sc->games == 0 && fmt == TOOL_FMT_TEXT)
		fprintf(fp, "%s: no game reaches it (%s to move)\n",
		    t->root_text, t->root.side == YOTE_FIRST ? "x" : "o");
	else if (sc->games == 0 && fmt == TOOL_FMT_JSON)
		fprintf(fp, "{\"kind\":\"position\",\"position\":\"%s\","
		    "\"games\":0,\"wins\":0,\"draws\":0,\"losses\":0,"
		    "\"unfinished\":0,\"score\":null,\"end_ply\":null}\n",
		    t->root_text);
	if (sc->games == 0 && fmt != TOOL_FMT_TSV)
		return 0;
	fig_text(pct, fmt, score_decided(sc), score_pct(sc), 1, 0, "%");
	fig_text(end, fmt, score_decided(sc), score_end(sc), 1, 0, "");
	if (fmt == TOOL_FMT_TEXT) {
		fprintf(fp, "%s: %lu game%s; %s to move: +%lu =%lu -%lu "
		    "(%s), %lu unfinished%s%s%s\n", t->root_text, sc->games,
		    sc->games == 1 ? "" : "s", t->root.side ==
		    YOTE_FIRST ? "x" : "o", sc->win, sc->draw, sc->loss,
		    score_decided(sc) ? pct : "no score",
		    score_unfinished(sc), score_decided(sc) ?
		    "; finished games end at ply " : "",
		    score_decided(sc) ? end : "",
		    score_decided(sc) ? " on average" : "");
		/* the move column as wide as its widest row, so that the
		 * figures stay under their names */
		rp.width = tree_width(&rp, 0, 0, 12);
		fprintf(fp, "%-*s %8s %7s %7s %7s %7s %7s %6s\n", rp.width,
		    "move", "games", "share", "wins", "draws", "losses",
		    "score", "ends");
	} else if (fmt == TOOL_FMT_TSV)
		fputs(TREE_TSV_HEADER, fp);
	else
		fprintf(fp, "{\"kind\":\"position\",\"position\":\"%s\","
		    "\"games\":%lu,\"wins\":%lu,"
		    "\"draws\":%lu,\"losses\":%lu,\"unfinished\":%lu,"
		    "\"score\":%s,\"end_ply\":%s}\n", t->root_text,
		    sc->games, sc->win, sc->draw, sc->loss,
		    score_unfinished(sc), pct, end);
	if ((line = malloc((size_t)t->depth * YOTE_MOVE_TEXT + 1)) == NULL)
		return YOTE_ENOMEM;
	line[0] = '\0';
	rc = tree_print(&rp, 0, line, 0, 0);
	free(line);
	return rc;
}
