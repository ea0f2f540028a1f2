/*
 * yote-explore - what a collection says about a position and about its
 * players: the opening tree (each move played next, how often, how it
 * scored for the side that played it, and when those games ended), and
 * per player the games, results by colour and a performance rating.
 *
 * Games stream through one at a time; what stays in memory is the tree
 * (a node for each distinct line of up to --depth moves from the
 * position) or the player table (a row per player and 12 bytes per
 * game for the rating fit).  A game is played through only up to the
 * end of its line, with the checker every tool plays records with.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

#define MAX_DEPTH 64
#define RATING_BASE 1500.0      /* the virtual opponent's rating */

enum fmt { FMT_TABLE, FMT_TSV, FMT_JSON };

struct opts {
	int depth;              /* -d */
	int fmt;                /* -f */
	int players;            /* -P */
	unsigned long min_games;        /* -m */
	const char *position;   /* -p */
	const struct yote_rules *rules; /* -r */
	const char *output;     /* -o FILE, else standard output */
	FILE *out;              /* where the figures go */
};

static struct opts opt;

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: %s [-hV] [-D K] [-f FMT] [-r R] [--min-games N]\n"
	    "                    [--players] [--position POS] [selection] [FILE...]\n"
	    "\n"
	    "The opening tree of the games of every FILE (standard input when\n"
	    "none, or -) from a position: each move played next, its games,\n"
	    "its score for the side that played it and the average ply the\n"
	    "games ended at; or, with --players, the players' figures.\n"
	    "\n"
	    "  -D, --depth K        the tree K plies deep (1)\n"
	    "  -e, --event TEXT     only games whose event contains TEXT\n"
	    "  -f, --format FMT     table (default), tsv or json (JSON Lines)\n"
	    "  -g, --game N         only game N of each input, or games\n"
	    "                       1-10,15,20-\n"
	    "  -h, --help           this help\n"
	    "      --min-games N    leave out moves played in fewer games (1)\n"
	    "  -o, --output FILE    write FILE, whole or not at all\n"
	    "  -P, --player TEXT    only games where a player's name contains TEXT\n"
	    "      --players        per player: games, results with each side,\n"
	    "                       score and a performance rating\n"
	    "      --position POS   the tree's position (default: the start of\n"
	    "                       the first game); counters are ignored\n"
	    "  -r, --rules R        ruleset for records without rules: (classic)\n"
	    "  -V, --version        print the version\n"
	    "\n"
	    "Selection: the options of every tool (-g/--game, -P/--player,\n"
	    "-e/--event, --date, --result, --reaches, --pattern, --criteria\n"
	    "FILE, ...; see yote(7)) choose the games that count.  An invalid\n"
	    "game is named, as yote-validate names it, and left out.\n"
	    "\n"
	    "Exit status: 0 done, 1 some game invalid or input damaged, 2 usage,\n"
	    "3 I/O.\n",
	    tool_name);
}

/* ------------------------------------------------------------ output */

/* Text from a record as one field of one line. */
static void
put_field(const char *s)
{
	tool_put_text(opt.out, s, TOOL_ESC_FIELD);
}

static void
put_json(const char *s)
{
	putc('"', opt.out);
	tool_put_text(opt.out, s, TOOL_ESC_JSON);
	putc('"', opt.out);
}

static double
percent(double part, double whole)
{
	return whole > 0 ? 100.0 * part / whole : 0.0;
}

/* Results of some games for one side. */
struct score {
	unsigned long games, win, draw, loss;   /* loss + win + draw <= games */
	unsigned long long ends;        /* sum of the plies the games ended at */
};

/* Add a game's result (enum yote_result, or -1) for side s. */
static void
score_add(struct score *sc, int result, int s, unsigned long end)
{
	sc->games++;
	sc->ends += end;
	if (result == YOTE_RES_DRAW)
		sc->draw++;
	else if (result == (s == YOTE_FIRST ? YOTE_RES_FIRST : YOTE_RES_SECOND))
		sc->win++;
	else if (result == YOTE_RES_FIRST || result == YOTE_RES_SECOND)
		sc->loss++;
}

static double
score_pct(const struct score *sc)
{
	return percent(sc->win + 0.5 * sc->draw, (double)(sc->win + sc->draw +
	    sc->loss));
}

static unsigned long
score_unfinished(const struct score *sc)
{
	return sc->games - sc->win - sc->draw - sc->loss;
}

/* ------------------------------------------------------------ the tree */

struct node {
	uint32_t child, next;   /* first child, next sibling; 0: none */
	uint32_t text;          /* the move, at this offset of the arena */
	struct score sc;        /* for the side that played the move */
};

static struct {
	struct node *v;
	size_t n, cap;
	char *arena;
	size_t used, size;
	struct yote_pattern root;
	int root_set;
	char root_text[YOTE_POS_TEXT];
} tree;

static int
tree_init(void)
{
	tree.cap = 1024;
	tree.size = 1 << 16;
	tree.v = calloc(tree.cap, sizeof(*tree.v));
	tree.arena = malloc(tree.size);
	tree.n = 1;     /* node 0: the position itself */
	return tree.v != NULL && tree.arena != NULL ? 0 : YOTE_ENOMEM;
}

/* The child of node p for move text t, made when new; 0 out of memory. */
static uint32_t
tree_child(uint32_t p, const char *t)
{
	uint32_t c;
	size_t len = strlen(t) + 1;
	void *nv;

	for (c = tree.v[p].child; c != 0; c = tree.v[c].next)
		if (strcmp(tree.arena + tree.v[c].text, t) == 0)
			return c;
	if (tree.n == tree.cap || tree.n >= UINT32_MAX) {
		if (tree.n >= UINT32_MAX || (nv = realloc(tree.v, 2 *
		    tree.cap * sizeof(*tree.v))) == NULL)
			return 0;
		tree.v = nv;
		tree.cap *= 2;
	}
	while (tree.used + len > tree.size) {
		if (tree.size >= UINT32_MAX / 2 ||
		    (nv = realloc(tree.arena, 2 * tree.size)) == NULL)
			return 0;
		tree.arena = nv;
		tree.size *= 2;
	}
	c = (uint32_t)tree.n++;
	memset(&tree.v[c], 0, sizeof(tree.v[c]));
	tree.v[c].text = (uint32_t)tree.used;
	memcpy(tree.arena + tree.used, t, len);
	tree.used += len;
	tree.v[c].next = tree.v[p].child;
	tree.v[p].child = c;
	return c;
}

/* One game on its way through the position. */
struct walk {
	long at;                /* ply after which it stood there, -1 */
	int n;                  /* moves of its line kept */
	int mover[MAX_DEPTH];
	char text[MAX_DEPTH][YOTE_MOVE_TEXT];
};

/*
 * The root's text: a whole pattern written as a position string without
 * its counters (they play no part), canonical whatever was typed.
 */
static void
root_text(void)
{
	const struct yote_pattern *p = &tree.root;
	char *t = tree.root_text;
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
	snprintf(t, sizeof(tree.root_text) - (size_t)(t - tree.root_text),
	    "%c %d %d", p->side == YOTE_FIRST ? 'x' : 'o', p->hand[0],
	    p->hand[1]);
	tree.root_set = 1;
}

static void
set_root(const struct yote_rules *r, const struct yote_pos *p)
{
	yote_pattern_of_pos(r, p, &tree.root);
	root_text();
}

/* Count one valid game played through, from the tree's position to the
 * end of its line. */
static int
tree_game(const struct yote_stream_game *g)
{
	static struct walk w;
	const struct yote_rules *r = g->info.rules;
	const struct yote_pos *before;
	size_t i, n = yote_game_plies(g->played);
	unsigned long end;
	uint32_t at = 0;
	int k;

	w.at = -1;
	w.n = 0;
	if (!tree.root_set)
		set_root(r, &g->info.start);
	for (i = 1; i <= n && w.n < opt.depth; i++) {
		before = yote_game_pos(g->played, i - 1);
		if (w.at < 0 && yote_pattern_match(r, &tree.root, before))
			w.at = (long)i - 1;
		if (w.at >= 0) {
			w.mover[w.n] = before->side;
			yote_move_format(r, yote_game_move(g->played, i),
			    w.text[w.n++]);
		}
	}
	if (w.at < 0 && i > n &&
	    yote_pattern_match(r, &tree.root, yote_game_now(g->played)))
		w.at = (long)n;
	if (w.at < 0)
		return 0;
	end = g->info.start.ply - 1 + g->info.plies;
	score_add(&tree.v[0].sc, g->info.result, tree.root.side, end);
	for (k = 0; k < w.n; k++) {
		if ((at = tree_child(at, w.text[k])) == 0)
			return YOTE_ENOMEM;
		score_add(&tree.v[at].sc, g->info.result, w.mover[k], end);
	}
	return 0;
}

static int
node_order(const void *a, const void *b)
{
	const struct node *x = &tree.v[*(const uint32_t *)a];
	const struct node *y = &tree.v[*(const uint32_t *)b];

	if (x->sc.games != y->sc.games)
		return x->sc.games > y->sc.games ? -1 : 1;
	return strcmp(tree.arena + x->text, tree.arena + y->text);
}

static void
tree_row(uint32_t c, const struct score *parent, const char *line, int depth)
{
	const struct score *sc = &tree.v[c].sc;
	const char *t = tree.arena + tree.v[c].text;
	double ends = sc->games ? (double)sc->ends / (double)sc->games : 0.0;

	switch (opt.fmt) {
	case FMT_TABLE:
		fprintf(opt.out, "%*s%-*s %8lu %6.1f%% %7lu %7lu %7lu %6.1f%% %6.1f\n",
		    2 * depth, "", 12 - 2 * depth > 4 ? 12 - 2 * depth : 4, t,
		    sc->games, percent((double)sc->games, (double)parent->games),
		    sc->win, sc->draw, sc->loss, score_pct(sc), ends);
		break;
	case FMT_TSV:
		fprintf(opt.out, "%d\t%s\t%s\t%lu\t%lu\t%lu\t%lu\t%lu\t%.1f\t%.1f\n",
		    depth + 1, line, t, sc->games, sc->win, sc->draw, sc->loss,
		    score_unfinished(sc), score_pct(sc), ends);
		break;
	default:
		fprintf(opt.out, "{\"depth\":%d,\"line\":\"%s\",\"move\":\"%s\","
		    "\"games\":%lu,\"wins\":%lu,\"draws\":%lu,\"losses\":%lu,"
		    "\"unfinished\":%lu,\"score\":%.1f,\"end_ply\":%.1f}\n",
		    depth + 1, line, t, sc->games, sc->win, sc->draw, sc->loss,
		    score_unfinished(sc), score_pct(sc), ends);
		break;
	}
}

/* Print the children of p, most played first, and theirs below each. */
static int
tree_print(uint32_t p, char *line, size_t len, int depth)
{
	uint32_t c, *kids;
	size_t n = 0, i, add;

	for (c = tree.v[p].child; c != 0; c = tree.v[c].next)
		n++;
	if (n == 0)
		return 0;
	if ((kids = malloc(n * sizeof(*kids))) == NULL)
		return YOTE_ENOMEM;
	for (n = 0, c = tree.v[p].child; c != 0; c = tree.v[c].next)
		kids[n++] = c;
	qsort(kids, n, sizeof(*kids), node_order);
	for (i = 0; i < n; i++) {
		if (tree.v[kids[i]].sc.games < opt.min_games)
			continue;
		add = (size_t)sprintf(line + len, "%s%s", len ? " " : "",
		    tree.arena + tree.v[kids[i]].text);
		tree_row(kids[i], &tree.v[p].sc, line, depth);
		if (tree_print(kids[i], line, len + add, depth + 1) != 0) {
			free(kids);
			return YOTE_ENOMEM;
		}
		line[len] = '\0';
	}
	free(kids);
	return 0;
}

static int
tree_report(void)
{
	const struct score *sc = &tree.v[0].sc;
	char *line;
	int rc;

	if (!tree.root_set) {
		tool_warn("no games");
		return 0;
	}
	if (opt.fmt == FMT_TABLE) {
		fprintf(opt.out, "%s: %lu games; %s to move: +%lu =%lu -%lu (%.1f%%), "
		    "%lu unfinished; they end at ply %.1f on average\n",
		    tree.root_text, sc->games, tree.root.side == YOTE_FIRST ?
		    "x" : "o", sc->win, sc->draw, sc->loss, score_pct(sc),
		    score_unfinished(sc), sc->games ? (double)sc->ends /
		    (double)sc->games : 0.0);
		fprintf(opt.out, "%-12s %8s %7s %7s %7s %7s %7s %6s\n", "move", "games",
		    "share", "wins", "draws", "losses", "score", "ends");
	} else if (opt.fmt == FMT_TSV)
		fprintf(opt.out, "depth\tline\tmove\tgames\twins\tdraws\tlosses\t"
		    "unfinished\tscore\tend_ply\n");
	else
		fprintf(opt.out, "{\"position\":\"%s\",\"games\":%lu,\"wins\":%lu,"
		    "\"draws\":%lu,\"losses\":%lu,\"unfinished\":%lu,"
		    "\"score\":%.1f,\"end_ply\":%.1f}\n", tree.root_text,
		    sc->games, sc->win, sc->draw, sc->loss,
		    score_unfinished(sc), score_pct(sc), sc->games ?
		    (double)sc->ends / (double)sc->games : 0.0);
	if ((line = malloc((size_t)opt.depth * YOTE_MOVE_TEXT + 1)) == NULL)
		return YOTE_ENOMEM;
	line[0] = '\0';
	rc = tree_print(0, line, 0, 0);
	free(line);
	return rc;
}

/* ------------------------------------------------------------ players */

struct player {
	char *name;
	struct score side[2];   /* as the first side, as the second */
	double points;          /* won, draws as halves */
	double gamma;           /* rating as 10^(elo / 400) */
	double den;             /* the fit's sum for this round */
};

/* A finished game between two players, for the rating fit. */
struct pgame {
	uint32_t a, b;          /* first, second */
	uint8_t half;           /* first's points times 2 */
};

static struct {
	struct player *v;
	size_t n, cap;
	uint32_t *slot;         /* name hash table: index + 1, 0 free */
	size_t nslot;
	struct pgame *g;
	size_t ng, gcap;
} pl;

static uint64_t
name_hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

static int
slot_grow(void)
{
	size_t i, j, n = pl.nslot ? 2 * pl.nslot : 1024;
	uint32_t *s = calloc(n, sizeof(*s));

	if (s == NULL)
		return YOTE_ENOMEM;
	for (i = 0; i < pl.n; i++) {
		for (j = name_hash(pl.v[i].name) & (n - 1); s[j] != 0;
		    j = (j + 1) & (n - 1))
			;
		s[j] = (uint32_t)i + 1;
	}
	free(pl.slot);
	pl.slot = s;
	pl.nslot = n;
	return 0;
}

/* The index of the player of that name, added when new; -1 out of memory. */
static long
player_of(const char *name)
{
	size_t j;
	void *nv;

	if ((pl.n + 1) * 2 > pl.nslot && slot_grow() != 0)
		return -1;
	for (j = name_hash(name) & (pl.nslot - 1); pl.slot[j] != 0;
	    j = (j + 1) & (pl.nslot - 1))
		if (strcmp(pl.v[pl.slot[j] - 1].name, name) == 0)
			return (long)pl.slot[j] - 1;
	if (pl.n == pl.cap) {
		if ((nv = realloc(pl.v, (pl.cap ? 2 * pl.cap : 256) *
		    sizeof(*pl.v))) == NULL)
			return -1;
		pl.v = nv;
		pl.cap = pl.cap ? 2 * pl.cap : 256;
	}
	memset(&pl.v[pl.n], 0, sizeof(pl.v[pl.n]));
	if ((pl.v[pl.n].name = strdup(name)) == NULL)
		return -1;
	pl.slot[j] = (uint32_t)++pl.n;
	return (long)pl.n - 1;
}

/* The player of a side: the index, -1 for none named, -2 out of memory. */
static long
side_player(const struct yote_record *rec, const char *key)
{
	const struct yote_node *n = yote_node_get(rec->root, key);
	long i;

	if (n == NULL || n->type != YOTE_NODE_SCALAR || n->len == 0)
		return -1;
	return (i = player_of(n->text)) < 0 ? -2 : i;
}

/* A game for the players' figures: each named side gets its result; the
 * fit takes finished games between two players named differently. */
static int
players_game(const struct yote_record *rec, unsigned long plies)
{
	const struct yote_node *rn = yote_node_get(rec->root, "result");
	int res = rn != NULL && rn->type == YOTE_NODE_SCALAR ?
	    yote_result_parse(rn->text) : -1;
	long a, b;
	void *nv;

	if ((a = side_player(rec, "first")) == -2 ||
	    (b = side_player(rec, "second")) == -2)
		return YOTE_ENOMEM;
	if (a >= 0)
		score_add(&pl.v[a].side[0], res, YOTE_FIRST, plies);
	if (b >= 0)
		score_add(&pl.v[b].side[1], res, YOTE_SECOND, plies);
	if (a < 0 || b < 0 || a == b || (res != YOTE_RES_FIRST &&
	    res != YOTE_RES_SECOND && res != YOTE_RES_DRAW))
		return 0;
	if (pl.ng == pl.gcap) {
		if ((nv = realloc(pl.g, (pl.gcap ? 2 * pl.gcap : 1024) *
		    sizeof(*pl.g))) == NULL)
			return YOTE_ENOMEM;
		pl.g = nv;
		pl.gcap = pl.gcap ? 2 * pl.gcap : 1024;
	}
	pl.g[pl.ng].a = (uint32_t)a;
	pl.g[pl.ng].b = (uint32_t)b;
	pl.g[pl.ng++].half = (uint8_t)(res == YOTE_RES_FIRST ? 2 :
	    res == YOTE_RES_DRAW ? 1 : 0);
	return 0;
}

/*
 * The common factor of every gamma that fits the virtual draws best (the
 * real games depend on ratios only): c with sum c g / (c g + 1) = n / 2,
 * by Newton's method on log c.  Without it the iteration below creeps
 * along this one direction for thousands of rounds.
 */
static void
players_scale(void)
{
	double t = 0, f, d, x;
	size_t i;
	int k;

	for (k = 0; k < 30; k++) {
		f = -0.5 * (double)pl.n;
		d = 0;
		for (i = 0; i < pl.n; i++) {
			x = exp(t) * pl.v[i].gamma;
			f += x / (x + 1);
			d += x / ((x + 1) * (x + 1));
		}
		if (d <= 0 || fabs(f / d) < 1e-12)
			break;
		t -= f / d;
	}
	for (i = 0; i < pl.n; i++)
		pl.v[i].gamma *= exp(t);
}

/*
 * The ratings that make the results most likely under the Bradley-Terry
 * model on the Elo scale (a draw half a win for each side), found by
 * Hunter's MM iteration: gamma_i = points_i / sum over i's games of
 * 1 / (gamma_i + gamma_opponent), each round followed by the best common
 * factor (players_scale).  Each player also has one virtual draw with a
 * player fixed at RATING_BASE, which anchors the scale and keeps the
 * rating of a player who won or lost every game finite.
 */
static void
players_fit(void)
{
	size_t i, k, it;
	double change, g, swap;
	struct pgame *p;

	for (i = 0; i < pl.n; i++) {
		pl.v[i].gamma = 1.0;
		pl.v[i].points = 0.5;
	}
	for (k = 0; k < pl.ng; k++) {
		pl.v[pl.g[k].a].points += pl.g[k].half / 2.0;
		pl.v[pl.g[k].b].points += (2 - pl.g[k].half) / 2.0;
	}
	for (it = 0; it < 10000; it++) {
		for (i = 0; i < pl.n; i++)
			pl.v[i].den = 1.0 / (pl.v[i].gamma + 1.0);
		for (k = 0; k < pl.ng; k++) {
			p = &pl.g[k];
			g = 1.0 / (pl.v[p->a].gamma + pl.v[p->b].gamma);
			pl.v[p->a].den += g;
			pl.v[p->b].den += g;
		}
		for (i = 0; i < pl.n; i++) {
			pl.v[i].den = pl.v[i].points / pl.v[i].den;
			swap = pl.v[i].gamma;
			pl.v[i].gamma = pl.v[i].den;
			pl.v[i].den = swap;     /* the gamma before */
		}
		players_scale();
		change = 0;
		for (i = 0; i < pl.n; i++)
			change = fmax(change, fabs(log(pl.v[i].gamma /
			    pl.v[i].den)));
		if (change < 1e-7)  /* in log: 0.00002 Elo points */
			break;
	}
}

static int
player_order(const void *a, const void *b)
{
	const struct player *x = a, *y = b;
	unsigned long gx = x->side[0].games + x->side[1].games;
	unsigned long gy = y->side[0].games + y->side[1].games;

	if (gx != gy)
		return gx > gy ? -1 : 1;
	return strcmp(x->name, y->name);
}

static void
player_row(const struct player *p)
{
	const struct score *f = &p->side[0], *s = &p->side[1];
	struct score all;
	double elo = RATING_BASE + 400.0 * log10(p->gamma);

	all.win = f->win + s->win;
	all.draw = f->draw + s->draw;
	all.loss = f->loss + s->loss;
	all.games = f->games + s->games;
	if (opt.fmt == FMT_TABLE) {
		fprintf(opt.out, "%-24.24s %6lu  %6lu %6lu %6lu  %6lu %6lu %6lu %6.1f%% "
		    "%6.0f\n", tool_text(p->name), all.games, f->win, f->draw, f->loss,
		    s->win, s->draw, s->loss, score_pct(&all), elo);
		return;
	}
	if (opt.fmt == FMT_TSV) {
		put_field(p->name);
		fprintf(opt.out, "\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t%.1f\t%.0f\n",
		    all.games, f->win, f->draw, f->loss, s->win, s->draw,
		    s->loss, score_unfinished(&all), score_pct(&all), elo);
		return;
	}
	fprintf(opt.out, "{\"player\":");
	put_json(p->name);
	fprintf(opt.out, ",\"games\":%lu,\"first\":{\"wins\":%lu,\"draws\":%lu,"
	    "\"losses\":%lu},\"second\":{\"wins\":%lu,\"draws\":%lu,"
	    "\"losses\":%lu},\"unfinished\":%lu,\"score\":%.1f,"
	    "\"rating\":%.0f}\n", all.games, f->win, f->draw, f->loss, s->win,
	    s->draw, s->loss, score_unfinished(&all), score_pct(&all), elo);
}

static void
players_report(void)
{
	size_t i;

	players_fit();
	if (pl.n > 0)    /* no players: pl.v is NULL, which qsort may not get */
		qsort(pl.v, pl.n, sizeof(*pl.v), player_order);
	if (opt.fmt == FMT_TABLE)
		fprintf(opt.out, "%-24s %6s  %-20s  %-20s\n%-24s %6s  %6s %6s %6s  "
		    "%6s %6s %6s %7s %6s\n", "", "", "------- first ------",
		    "------ second ------", "player", "games", "wins",
		    "draws", "losses", "wins", "draws", "losses", "score",
		    "rating");
	else if (opt.fmt == FMT_TSV)
		fprintf(opt.out, "player\tgames\tfirst_wins\tfirst_draws\tfirst_losses\t"
		    "second_wins\tsecond_draws\tsecond_losses\tunfinished\t"
		    "score\trating\n");
	for (i = 0; i < pl.n; i++)
		player_row(&pl.v[i]);
	for (i = 0; i < pl.n; i++)
		free(pl.v[i].name);
	free(pl.v);
	free(pl.slot);
	free(pl.g);
}

/* ------------------------------------------------------------ input */

/* Count every valid game the stream hands over; the others are said. */
static int
explore(struct yote_stream *s)
{
	struct yote_stream_game *g;
	int rc = 0;

	/* only the games that reach the tree's position count: an
	 * archive's position index passes over the blocks without one */
	if (!opt.players && opt.position != NULL &&
	    yote_stream_set_reaching(s, &tree.root, 1) != 0)
		rc = YOTE_ENOMEM;
	yote_stream_set_flags(s, opt.players ? 0 : YOTE_STREAM_PLAY);
	while (rc == 0 && (rc = yote_stream_next(s, &g)) > 0) {
		rc = 0;
		if (g->verdict == YOTE_VERDICT_INVALID ||
		    (g->played == NULL && !opt.players))
			continue;       /* said, left out of the figures */
		rc = opt.players ? players_game(g->rec, g->plies) :
		    tree_game(g);
	}
	if (rc == YOTE_ENOMEM) {
		tool_warn("out of memory");
		return EXIT_IO;
	}
	return tool_stream_status(s, EXIT_OK);
}

/* -f's argument; -1 when unknown. */
static int
format_named(const char *s)
{
	if (strcmp(s, "table") == 0)
		return FMT_TABLE;
	if (strcmp(s, "tsv") == 0)
		return FMT_TSV;
	if (strcmp(s, "json") == 0)
		return FMT_JSON;
	return -1;
}

/* The options; -1 to go on, else the exit status to end with. */
static int
options(int argc, char *argv[], struct yote_stream *s, int *owned)
{
	/* --min-games, --players, --position: long only (yote(7)) */
	enum { OPT_MIN_GAMES = 0x300, OPT_PLAYERS, OPT_POSITION };
	static const struct option longopts[] = {
		{ "depth", required_argument, NULL, 'D' },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "min-games", required_argument, NULL, OPT_MIN_GAMES },
		{ "output", required_argument, NULL, 'o' },
		{ "players", no_argument, NULL, OPT_PLAYERS },
		{ "position", required_argument, NULL, OPT_POSITION },
		{ "rules", required_argument, NULL, 'r' },
		{ "version", no_argument, NULL, 'V' },
		SELECT_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	const char *rules = NULL;
	long long v;
	int c, status = EXIT_OK, st;

	while ((c = getopt_long(argc, argv, ":D:P:Ve:f:g:ho:r:", longopts,
	    NULL)) != -1) {
		if (tool_select_option(s, c, optarg, &st)) {
			if (st != EXIT_OK)
				return st;
			continue;
		}
		switch (c) {
		case OPT_PLAYERS:
			opt.players = 1;
			break;
		case 'o':
			opt.output = strcmp(optarg, "-") == 0 ? NULL : optarg;
			break;
		case 'V':
			return tool_version();
		case 'D':
			if (tool_number(optarg, "--depth", 1, MAX_DEPTH, &v))
				return EXIT_USAGE;
			opt.depth = (int)v;
			break;
		case 'f':
			if ((opt.fmt = format_named(optarg)) < 0)
				return tool_usage_error("--format: expected "
				    "table, tsv or json, not '%s'", optarg);
			break;
		case 'h':
			return tool_help(usage);
		case OPT_MIN_GAMES:
			if (tool_number(optarg, "--min-games", 1, 1000000000LL,
			    &v))
				return EXIT_USAGE;
			opt.min_games = (unsigned long)v;
			break;
		case OPT_POSITION:
			opt.position = optarg;
			break;
		case 'r':
			rules = optarg;
			break;
		default:
			return tool_bad_option(c, argv, longopts);
		}
	}
	if (rules != NULL && (opt.rules = tool_rules(rules, owned,
	    &status)) == NULL)
		return status;
	return -1;
}

/* -p: the tree's position, exactly (a pattern would mix positions). */
static int
root_option(void)
{
	struct yote_error e;

	yote_error_clear(&e);
	if (yote_pattern_parse(opt.position, &tree.root, &e) != 0)
		return tool_usage_error("--position: bad position '%s': %s",
		    opt.position, e.msg);
	if (!yote_pattern_exact(&tree.root))
		return tool_usage_error("--position: '%s' is not a whole "
		    "position: give every point, the side to move and both "
		    "hands", opt.position);
	root_text();
	return EXIT_OK;
}

int
main(int argc, char *argv[])
{
	struct yote_stream *s;
	int owned = 0, status, st;

	tool_init(argv[0]);
	opt.depth = 1;
	opt.min_games = 1;
	opt.out = stdout;
	if ((s = tool_stream_new()) == NULL)
		return EXIT_IO;
	if ((status = options(argc, argv, s, &owned)) >= 0)
		goto out;
	status = EXIT_OK;
	yote_stream_set_rules(s, opt.rules);
	if (opt.position != NULL && (status = root_option()) != EXIT_OK)
		goto out;
	if (tree_init() != 0 || tool_stream_inputs(s, argv + optind,
	    argc - optind) != 0) {
		status = EXIT_IO;
		goto out;
	}
	if (opt.output != NULL &&
	    (opt.out = tool_atomic_open(opt.output)) == NULL) {
		tool_warn("%s: cannot write: %s", opt.output, strerror(errno));
		status = EXIT_IO;
		goto out;
	}
	status = explore(s);
	if (status < EXIT_IO) {
		if (opt.players)
			players_report();
		else if (tree_report() != 0) {
			tool_warn("out of memory");
			status = EXIT_IO;
		}
	}
	if (opt.output != NULL) {
		st = tool_atomic_close(opt.out, opt.output, status < EXIT_IO);
		status = st > status ? st : status;
	}
	status = tool_stdout_done(status);
out:
	free(tree.v);
	free(tree.arena);
	yote_stream_free(s);
	if (owned)
		yote_rules_free(opt.rules);
	return status;
}
