/*
 * players.c - the players' figures and their rating fit (players.h).
 * A row per player, found by name through an open-addressing hash table,
 * and 12 bytes per finished game for the fit.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nfd_table.h"
#include "players.h"
#include "tool.h"

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

struct players {
	struct player *v;
	size_t n, cap;
	uint32_t *slot;         /* name hash table: index + 1, 0 free */
	size_t nslot;
	struct pgame *g;
	size_t ng, gcap;
	unsigned long self;     /* games of a player against itself */
	unsigned long unnamed;  /* sides without a name (none, "", "  ") */
};

struct players *
players_new(void)
{
	return calloc(1, sizeof(struct players));
}

void
players_free(struct players *pl)
{
	size_t i;

	if (pl == NULL)
		return;
	for (i = 0; i < pl->n; i++)
		free(pl->v[i].name);
	free(pl->v);
	free(pl->slot);
	free(pl->g);
	free(pl);
}

static uint64_t
name_hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

static int
slot_grow(struct players *pl)
{
	size_t i, j, n = pl->nslot ? 2 * pl->nslot : 1024;
	uint32_t *s = calloc(n, sizeof(*s));

	if (s == NULL)
		return YOTE_ENOMEM;
	for (i = 0; i < pl->n; i++) {
		for (j = name_hash(pl->v[i].name) & (n - 1); s[j] != 0;
		    j = (j + 1) & (n - 1))
			;
		s[j] = (uint32_t)i + 1;
	}
	free(pl->slot);
	pl->slot = s;
	pl->nslot = n;
	return 0;
}

/* The index of the player of that name, added when new; -1 out of memory. */
static long
player_of(struct players *pl, const char *name)
{
	size_t j;
	void *nv;

	if ((pl->n + 1) * 2 > pl->nslot && slot_grow(pl) != 0)
		return -1;
	for (j = name_hash(name) & (pl->nslot - 1); pl->slot[j] != 0;
	    j = (j + 1) & (pl->nslot - 1))
		if (strcmp(pl->v[pl->slot[j] - 1].name, name) == 0)
			return (long)pl->slot[j] - 1;
	if (pl->n == pl->cap) {
		if ((nv = realloc(pl->v, (pl->cap ? 2 * pl->cap : 256) *
		    sizeof(*pl->v))) == NULL)
			return -1;
		pl->v = nv;
		pl->cap = pl->cap ? 2 * pl->cap : 256;
	}
	memset(&pl->v[pl->n], 0, sizeof(pl->v[pl->n]));
	if ((pl->v[pl->n].name = strdup(name)) == NULL)
		return -1;
	pl->slot[j] = (uint32_t)++pl->n;
	return (long)pl->n - 1;
}

/* 1 when n names no player: no name, or one of blanks only. */
static int
no_player(const struct yote_node *n)
{
	return n == NULL || n->type != YOTE_NODE_SCALAR ||
	    n->text[strspn(n->text, " \t")] == '\0';
}

/* The player of a side: the index, -1 for none named (no_player: counted),
 * -2 out of memory. */
static long
side_player(struct players *pl, const struct yote_record *rec,
    const char *key)
{
	const struct yote_node *n = yote_node_get(rec->root, key);
	long i;

	if (no_player(n)) {
		pl->unnamed++;
		return -1;
	}
	return (i = player_of(pl, n->text)) < 0 ? -2 : i;
}

/* A game for the players' figures: each named side gets its result, and
 * the fit takes the finished games between two players; a game with one
 * name on both sides is only counted (pl->self). */
int
players_game(struct players *pl, const struct yote_record *rec,
    unsigned long plies)
{
	const char *rt = yote_node_text(rec->root, "result");
	const struct yote_node *fn = yote_node_get(rec->root, "first");
	const struct yote_node *sn = yote_node_get(rec->root, "second");
	int res = rt != NULL ? yote_result_parse(rt) : -1;
	long a, b;
	void *nv;

	/* one name on both sides (a self-play collection): the game says
	 * nothing of the player, and counted on both sides it would be
	 * two games, won and lost */
	if (!no_player(fn) && sn != NULL && sn->type == YOTE_NODE_SCALAR &&
	    fn->len == sn->len && memcmp(fn->text, sn->text, fn->len) == 0) {
		pl->self++;
		return 0;
	}
	if ((a = side_player(pl, rec, "first")) == -2 ||
	    (b = side_player(pl, rec, "second")) == -2)
		return YOTE_ENOMEM;
	if (a >= 0)
		score_add(&pl->v[a].side[0], res, YOTE_FIRST, plies);
	if (b >= 0)
		score_add(&pl->v[b].side[1], res, YOTE_SECOND, plies);
	if (a < 0 || b < 0 || (res != YOTE_RES_FIRST &&
	    res != YOTE_RES_SECOND && res != YOTE_RES_DRAW))
		return 0;
	if (pl->ng == pl->gcap) {
		if ((nv = realloc(pl->g, (pl->gcap ? 2 * pl->gcap : 1024) *
		    sizeof(*pl->g))) == NULL)
			return YOTE_ENOMEM;
		pl->g = nv;
		pl->gcap = pl->gcap ? 2 * pl->gcap : 1024;
	}
	pl->g[pl->ng].a = (uint32_t)a;
	pl->g[pl->ng].b = (uint32_t)b;
	pl->g[pl->ng++].half = (uint8_t)(res == YOTE_RES_FIRST ? 2 :
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
players_scale(struct players *pl)
{
	double t = 0, f, d, x;
	size_t i;
	int k;

	for (k = 0; k < 30; k++) {
		f = -0.5 * (double)pl->n;
		d = 0;
		for (i = 0; i < pl->n; i++) {
			x = exp(t) * pl->v[i].gamma;
			f += x / (x + 1);
			d += x / ((x + 1) * (x + 1));
		}
		if (d <= 0 || fabs(f / d) < 1e-12)
			break;
		t -= f / d;
	}
	for (i = 0; i < pl->n; i++)
		pl->v[i].gamma *= exp(t);
}

/*
 * The ratings that make the results most likely under the Bradley-Terry
 * model on the Elo scale (a draw half a win for each side), found by
 * Hunter's MM iteration: gamma_i = points_i / sum over i's games of
 * 1 / (gamma_i + gamma_opponent), each round followed by the best common
 * factor (players_scale).  Each player also has one virtual draw with a
 * player fixed at PLAYERS_RATING_BASE, which anchors the scale and keeps the
 * rating of a player who won or lost every game finite.
 */
static void
players_fit(struct players *pl)
{
	size_t i, k, it;
	double change, g, swap;
	struct pgame *p;

	for (i = 0; i < pl->n; i++) {
		pl->v[i].gamma = 1.0;
		pl->v[i].points = 0.5;
	}
	for (k = 0; k < pl->ng; k++) {
		pl->v[pl->g[k].a].points += pl->g[k].half / 2.0;
		pl->v[pl->g[k].b].points += (2 - pl->g[k].half) / 2.0;
	}
	for (it = 0; it < 10000; it++) {
		for (i = 0; i < pl->n; i++)
			pl->v[i].den = 1.0 / (pl->v[i].gamma + 1.0);
		for (k = 0; k < pl->ng; k++) {
			p = &pl->g[k];
			g = 1.0 / (pl->v[p->a].gamma + pl->v[p->b].gamma);
			pl->v[p->a].den += g;
			pl->v[p->b].den += g;
		}
		for (i = 0; i < pl->n; i++) {
			pl->v[i].den = pl->v[i].points / pl->v[i].den;
			swap = pl->v[i].gamma;
			pl->v[i].gamma = pl->v[i].den;
			pl->v[i].den = swap;     /* the gamma before */
		}
		players_scale(pl);
		change = 0;
		for (i = 0; i < pl->n; i++)
			change = fmax(change, fabs(log(pl->v[i].gamma /
			    pl->v[i].den)));
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
player_row(FILE *fp, enum tool_fmt fmt, const struct player *p)
{
	const struct score *f = &p->side[0], *s = &p->side[1];
	struct score all;
	double elo = PLAYERS_RATING_BASE + 400.0 * log10(p->gamma);
	char pct[16], rating[16];

	all.win = f->win + s->win;
	all.draw = f->draw + s->draw;
	all.loss = f->loss + s->loss;
	all.games = f->games + s->games;
	fig_text(pct, fmt, score_decided(&all), score_pct(&all), 1, 7, "%");
	fig_text(rating, fmt, score_decided(&all), elo, 0, 6, "");
	if (fmt == TOOL_FMT_TEXT) {
		tool_put_cell(fp, p->name, 24, 0);
		fprintf(fp, " %6lu  %6lu %6lu %6lu  %6lu %6lu %6lu %s %s\n",
		    all.games, f->win, f->draw, f->loss, s->win, s->draw,
		    s->loss, pct, rating);
		return;
	}
	if (fmt == TOOL_FMT_TSV) {
		tool_put_text(fp, p->name, YOTE_ESC_FIELD);
		fprintf(fp, "\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t%s\t%s\n",
		    all.games, f->win, f->draw, f->loss, s->win, s->draw,
		    s->loss, score_unfinished(&all), pct, rating);
		return;
	}
	fputs("{\"kind\":\"player\",\"player\":\"", fp);
	tool_put_text(fp, p->name, YOTE_ESC_JSON);
	putc('"', fp);
	fprintf(fp, ",\"games\":%lu,\"first\":{\"wins\":%lu,\"draws\":%lu,"
	    "\"losses\":%lu},\"second\":{\"wins\":%lu,\"draws\":%lu,"
	    "\"losses\":%lu},\"unfinished\":%lu,\"score\":%s,"
	    "\"rating\":%s}\n", all.games, f->win, f->draw, f->loss, s->win,
	    s->draw, s->loss, score_unfinished(&all), pct, rating);
}

static int
by_char(const void *key, const void *row)
{
	unsigned long c = *(const unsigned long *)key;
	const unsigned short *r = row;

	return c < r[0] ? -1 : c > r[0];
}

/* Code point c to o as UTF-8, A to Z as a to z: past what was written. */
static char *
put_folded(char *o, unsigned long c)
{
	return o + yote_utf8_put(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c,
	    o);
}

/*
 * name with case, spaces at either end, runs of spaces and the
 * zero-width characters (U+200B to U+200D, U+2060, U+FEFF) taken out, and
 * each character that has a canonical decomposition written decomposed
 * (U+00EF as i and U+0308), in a new string: two names with the same are
 * one player to a reader, not to the figures.  NULL when out of memory.
 * A decomposition writes at most 4 characters of 3 bytes for the 2 or 3
 * bytes of the character.
 */
static char *
name_key(const char *name)
{
	size_t n = strlen(name), len, i;
	const char *end = name + n;
	char *k = malloc(6 * n + 1), *o = k;
	const unsigned short *d;
	unsigned long c;
	int space = 0;

	if (k == NULL)
		return NULL;
	for (; *name != '\0'; name += len) {
		if ((len = yote_utf8_char(name, (size_t)(end - name), &c)) == 0) {
			c = (unsigned char)*name | 0x100000; /* a stray byte */
			len = 1;
		}
		if (c == ' ' || c == '\t') {
			space = o > k;
			continue;
		}
		if ((c >= 0x200B && c <= 0x200D) || c == 0x2060 ||
		    c == 0xFEFF)
			continue;
		if (space)
			*o++ = ' ';
		space = 0;
		if (c > 0xFFFF) {
			memcpy(o, name, len);   /* as it is */
			o += len;
		} else if ((d = bsearch(&c, nfd_table, sizeof(nfd_table) /
		    sizeof(*nfd_table), sizeof(*nfd_table), by_char)) != NULL) {
			for (i = 1; i < 5 && d[i] != 0; i++)
				o = put_folded(o, d[i]);
		} else
			o = put_folded(o, c);
	}
	*o = '\0';
	return k;
}

struct keyed {
	char *key;
	size_t i;
};

static int
by_key(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	return c != 0 ? c : x->i < y->i ? -1 : x->i > y->i;
}

/* Warn of the players whose names differ only in what name_key leaves
 * out: they are counted apart, and a reader would take them for one. */
static void
warn_alike(const struct players *pl)
{
	struct keyed *k = calloc(pl->n + 1, sizeof(*k));
	size_t i, j, m, len;
	char *msg;
	FILE *fp;

	if (k == NULL)
		return;
	for (i = 0; i < pl->n; i++) {
		k[i].i = i;
		if ((k[i].key = name_key(pl->v[i].name)) == NULL)
			goto out;
	}
	qsort(k, pl->n, sizeof(*k), by_key);
	for (i = 0; i < pl->n; i = j) {
		for (j = i + 1; j < pl->n && strcmp(k[i].key, k[j].key) == 0;
		    j++)
			;
		if (j - i < 2)
			continue;
		if ((fp = open_memstream(&msg, &len)) == NULL)
			break;
		for (m = i; m < j; m++)
			fprintf(fp, "%s'%s'", m == i ? "" : m + 1 < j ? ", " :
			    " and ", pl->v[k[m].i].name);
		if (fclose(fp) == 0)
			tool_warn("players %s: the names differ only in case, "
			    "spaces, invisible characters or Unicode form, and "
			    "are counted apart", msg);
		free(msg);
	}
out:
	for (i = 0; i < pl->n; i++)
		free(k[i].key);
	free(k);
}

void
players_report(struct players *pl, FILE *fp, enum tool_fmt fmt)
{
	size_t i;

	warn_alike(pl);
	players_fit(pl);
	if (pl->n > 0)    /* no players: pl->v is NULL, which qsort may not get */
		qsort(pl->v, pl->n, sizeof(*pl->v), player_order);
	if (fmt == TOOL_FMT_TEXT)
		fprintf(fp, "%-24s %6s  %-20s  %-20s\n%-24s %6s  %6s %6s %6s  "
		    "%6s %6s %6s %7s %6s\n", "", "", "------- first ------",
		    "------ second ------", "player", "games", "wins",
		    "draws", "losses", "wins", "draws", "losses", "score",
		    "rating");
	else if (fmt == TOOL_FMT_TSV)
		fprintf(fp, "player\tgames\tfirst_wins\tfirst_draws\tfirst_losses\t"
		    "second_wins\tsecond_draws\tsecond_losses\tunfinished\t"
		    "score\trating\n");
	for (i = 0; i < pl->n; i++)
		player_row(fp, fmt, &pl->v[i]);
	if (fmt == TOOL_FMT_TEXT && pl->self > 0)
		fprintf(fp, "(%lu game%s of a player against itself left "
		    "out)\n", pl->self, pl->self == 1 ? "" : "s");
	if (fmt == TOOL_FMT_TEXT && pl->unnamed > 0)
		fprintf(fp, "(%lu side%s without a player's name left out)\n",
		    pl->unnamed, pl->unnamed == 1 ? "" : "s");
}

