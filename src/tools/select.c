/*
 * select.c - choosing games by their keys and the positions they pass
 * through (select.h), and keying them for duplicates.
 *
 * Header criteria are tested first, from the record's keys alone; a game
 * is played through (with a yote_checker, as every tool plays records)
 * only when a position is asked about or its key is wanted, and playing
 * stops at the first matching position when the key is not wanted.
 */
#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "select.h"
#include "tool.h"

/* One criterion: an alternative of its key. */
struct select_crit {
	struct select_crit *next;
	char *text;             /* the value given (a glob for text keys) */
	char *lo, *hi;          /* date range bounds, NULL when open */
	unsigned long nlo, nhi; /* plies range */
	struct yote_pattern pat;        /* --reaches, --pattern */
};

static const char *const key_name[SEL_NKEYS] = {
	"player", "first", "second", "event", "site", "round", "date",
	"result", "termination", "ruleset", "plies", "reaches", "pattern"
};

int
select_init(struct select *s, const struct yote_rules *rules)
{
	memset(s, 0, sizeof(*s));
	s->rules = rules;
	return 0;
}

void
select_free(struct select *s)
{
	struct select_crit *c, *next;
	int k;

	for (k = 0; k < SEL_NKEYS; k++)
		for (c = s->crit[k]; c != NULL; c = next) {
			next = c->next;
			free(c->text);
			free(c);
		}
	yote_checker_free(s->ck);
	memset(s, 0, sizeof(*s));
}

int
select_active(const struct select *s)
{
	int k;

	for (k = 0; k < SEL_NKEYS; k++)
		if (s->crit[k] != NULL)
			return 1;
	return s->invert;
}

int
select_needs_moves(const struct select *s)
{
	return s->want_key || s->crit[SEL_REACHES] != NULL ||
	    s->crit[SEL_PATTERN] != NULL;
}

int
select_reaching(const struct select *s, struct yote_reader *rd)
{
	const struct select_crit *c;
	struct yote_pattern *pos;
	size_t n = 0;
	int rc;

	if (s->crit[SEL_REACHES] == NULL || s->crit[SEL_PATTERN] != NULL ||
	    s->invert)
		return 0;
	for (c = s->crit[SEL_REACHES]; c != NULL; c = c->next)
		n++;
	if ((pos = malloc(n * sizeof(*pos))) == NULL)
		return YOTE_ENOMEM;
	n = 0;
	for (c = s->crit[SEL_REACHES]; c != NULL; c = c->next)
		pos[n++] = c->pat;
	rc = yote_reader_reaching(rd, pos, n);
	free(pos);
	return rc == YOTE_ENOMEM ? rc : 0;
}

/* A date bound: digits and '-' only, starting with a digit. */
static int
date_ok(const char *d)
{
	if (!isdigit((unsigned char)*d))
		return 0;
	for (; *d != '\0'; d++)
		if (!isdigit((unsigned char)*d) && *d != '-')
			return 0;
	return 1;
}

static int
count_ok(const char *t, unsigned long *out)
{
	char *end;

	if (!isdigit((unsigned char)*t))
		return 0;
	errno = 0;
	*out = strtoul(t, &end, 10);
	return errno == 0 && *end == '\0';
}

/* "A..B", "A..", "..B" or "A" (lo = hi = A) in c->text, split in place. */
static int
parse_range(struct select_crit *c)
{
	char *dots = strstr(c->text, "..");

	if (dots == NULL) {
		c->lo = c->hi = c->text;
		return 0;
	}
	*dots = '\0';
	c->lo = c->text[0] != '\0' ? c->text : NULL;
	c->hi = dots[2] != '\0' ? dots + 2 : NULL;
	return c->lo == NULL && c->hi == NULL ? -1 : 0;
}

/* Check and digest a criterion's value; 0 or EXIT_USAGE (said). */
static int
crit_parse(int k, struct select_crit *c, const char *arg)
{
	struct yote_error e;

	switch (k) {
	case SEL_DATE:
		if (parse_range(c) != 0 || (c->lo != NULL && !date_ok(c->lo)) ||
		    (c->hi != NULL && !date_ok(c->hi)))
			return tool_usage_error("--date: expected D, D1..D2, "
			    "D.. or ..D with dates like 2026, 2026-03 or "
			    "2026-03-14, not '%s'", arg);
		return 0;
	case SEL_PLIES:
		c->nlo = 0;
		c->nhi = (unsigned long)-1;
		if (parse_range(c) != 0 || (c->lo != NULL &&
		    !count_ok(c->lo, &c->nlo)) || (c->hi != NULL &&
		    !count_ok(c->hi, &c->nhi)))
			return tool_usage_error("--plies: expected N, N..M, "
			    "N.. or ..M, not '%s'", arg);
		return 0;
	case SEL_RESULT:
		if (yote_result_parse(arg) < 0)
			return tool_usage_error("--result: expected 1-0, 0-1, "
			    "1/2-1/2 or *, not '%s'", arg);
		return 0;
	case SEL_TERMINATION:
		if (yote_termination_parse(arg) < 0)
			return tool_usage_error("--termination: unknown "
			    "termination '%s'", arg);
		return 0;
	case SEL_REACHES:
	case SEL_PATTERN:
		yote_error_clear(&e);
		if (yote_pattern_parse(arg, &c->pat, &e) != 0)
			return tool_usage_error("--%s: bad %s '%s': %s",
			    key_name[k], k == SEL_REACHES ? "position" :
			    "pattern", arg, e.msg);
		if (k == SEL_REACHES && !yote_pattern_exact(&c->pat))
			return tool_usage_error("--reaches: '%s' is a pattern, "
			    "not a position: give every point, the side to "
			    "move and both hands, or use --pattern", arg);
		return 0;
	default:
		return 0;
	}
}

int
select_add(struct select *s, int k, const char *arg)
{
	struct select_crit *c, **tail;
	int rc;

	if ((c = calloc(1, sizeof(*c))) == NULL ||
	    (c->text = strdup(arg)) == NULL) {
		free(c);
		tool_warn("out of memory");
		return EXIT_IO;
	}
	if ((rc = crit_parse(k, c, arg)) != 0) {
		free(c->text);
		free(c);
		return rc;
	}
	for (tail = &s->crit[k]; *tail != NULL; tail = &(*tail)->next)
		;
	*tail = c;
	return 0;
}

int
select_option(struct select *s, int c, const char *arg)
{
	if (c >= SELECT_OPT && c < SELECT_OPT + SEL_NKEYS)
		return select_add(s, c - SELECT_OPT, arg);
	if (c == SELECT_OPT_CRITERIA)
		return select_file(s, arg);
	if (c == SELECT_OPT_INVERT) {
		s->invert = 1;
		return 0;
	}
	return -1;
}

/* One line of a criteria file, cut to its key and value in place. */
static int
file_line(struct select *s, const char *path, unsigned long n, char *line)
{
	char *v, *end;
	int k;

	line[strcspn(line, "\r\n")] = '\0';
	while (isspace((unsigned char)*line))
		line++;
	if (*line == '\0' || *line == '#')
		return 0;
	v = line + strcspn(line, " \t");
	end = v + strlen(v);
	if (*v != '\0')
		*v++ = '\0';
	while (isspace((unsigned char)*v))
		v++;
	while (end > v && isspace((unsigned char)end[-1]))
		*--end = '\0';
	for (k = 0; k < SEL_NKEYS; k++)
		if (strcmp(line, key_name[k]) == 0)
			break;
	if (k == SEL_NKEYS)
		return tool_usage_error("%s:%lu: unknown key '%s' (player, "
		    "first, second, event, site, round, date, result, "
		    "termination, ruleset, plies, reaches, pattern)", path, n,
		    line);
	if (*v == '\0')
		return tool_usage_error("%s:%lu: '%s' without a value", path,
		    n, line);
	if (select_add(s, k, v) != 0) {
		tool_warn("%s:%lu: in this criterion", path, n);
		return EXIT_USAGE;
	}
	return 0;
}

int
select_file(struct select *s, const char *path)
{
	char why[256], *line = NULL;
	size_t cap = 0;
	unsigned long n = 0;
	FILE *fp;
	int rc = 0;

	if ((fp = tool_open(path, why, sizeof(why))) == NULL) {
		tool_warn("%s: %s", path, why);
		return EXIT_IO;
	}
	while (rc == 0 && getline(&line, &cap, fp) != -1)
		rc = file_line(s, path, ++n, line);
	if (rc == 0 && ferror(fp)) {
		tool_warn("%s: read error", path);
		rc = EXIT_IO;
	}
	free(line);
	if (fp != stdin)
		fclose(fp);
	return rc;
}

/* ------------------------------------------------------------ headers */

static const char *
header(const struct yote_record *rec, const char *key)
{
	const struct yote_node *n = yote_node_get(rec->root, key);

	return n != NULL && n->type == YOTE_NODE_SCALAR ? n->text : NULL;
}

/*
 * A text criterion: a glob (Awa*, *Diop) when it has *, ? or [, else a
 * text the value contains, as the tools' --player and --event always
 * took it (Diop finds Awa Diop).
 */
static int
glob_is(const char *pat, const char *v)
{
	if (v == NULL)
		return 0;
	if (strpbrk(pat, "*?[") == NULL)
		return strstr(v, pat) != NULL;
	return fnmatch(pat, v, 0) == 0;
}

static int
crit_holds(const struct select *s, int k, const struct select_crit *c,
    const struct yote_record *rec, unsigned long plies)
{
	const char *v;

	switch (k) {
	case SEL_PLAYER:
		return glob_is(c->text, header(rec, "first")) ||
		    glob_is(c->text, header(rec, "second"));
	case SEL_DATE:
		if ((v = header(rec, "date")) == NULL)
			return 0;
		return (c->lo == NULL || strcmp(v, c->lo) >= 0) &&
		    (c->hi == NULL || strncmp(v, c->hi, strlen(c->hi)) <= 0);
	case SEL_RESULT:
		return (v = header(rec, "result")) != NULL &&
		    strcmp(v, c->text) == 0;
	case SEL_TERMINATION:
		return (v = header(rec, "termination")) != NULL &&
		    strcmp(v, c->text) == 0;
	case SEL_RULESET:
		if ((v = header(rec, "rules")) == NULL)
			v = s->rules != NULL ? s->rules->name : "classic";
		return glob_is(c->text, v);
	case SEL_PLIES:
		return plies >= c->nlo && plies <= c->nhi;
	default:        /* first, second, event, site, round */
		return glob_is(c->text, header(rec, key_name[k]));
	}
}

/* 1 when every header key asked about has an alternative that holds. */
static int
headers_hold(const struct select *s, const struct yote_record *rec,
    unsigned long plies)
{
	const struct select_crit *c;
	int k;

	for (k = 0; k < SEL_REACHES; k++) {
		if (s->crit[k] == NULL)
			continue;
		for (c = s->crit[k]; c != NULL; c = c->next)
			if (crit_holds(s, k, c, rec, plies))
				break;
		if (c == NULL)
			return 0;
	}
	return 1;
}

/* ------------------------------------------------------------ positions */

struct scan {
	struct select *s;
	struct select_game *out;
	const struct yote_game_info *info;
	int look;               /* still looking for a position */
};

static int
pos_matches(const struct select *s, const struct yote_rules *r,
    const struct yote_pos *p)
{
	const struct select_crit *c;
	int k;

	for (k = SEL_REACHES; k <= SEL_PATTERN; k++)
		for (c = s->crit[k]; c != NULL; c = c->next)
			if (yote_pattern_match(r, &c->pat, p))
				return 1;
	return 0;
}

static int
scan_ply(void *ctx, unsigned long ply, const struct yote_pos *before,
    const struct yote_move *m, const struct yote_pos *after,
    const struct yote_node *item)
{
	struct scan *sc = ctx;
	const struct yote_rules *r = sc->info->rules;

	(void)item;
	if (ply == 1 && sc->s->want_key)
		yote_game_key_start(&sc->out->key, r, before);
	if (sc->s->want_key)
		yote_game_key_move(&sc->out->key, m);
	if (sc->look) {
		if (ply == 1 && pos_matches(sc->s, r, before))
			sc->out->ply = 0;
		else if (pos_matches(sc->s, r, after))
			sc->out->ply = (long)ply;
		if (sc->out->ply >= 0)
			sc->look = 0;
	}
	return !sc->look && !sc->s->want_key;
}

/*
 * The key of a game that cannot be played: its ruleset, start and moves
 * as written.  0 when it has no list of moves: not a game to compare.
 */
static int
text_key(const struct yote_record *rec, struct yote_game_key *k)
{
	const struct yote_node *moves, *mn;
	const char *v;
	size_t i;

	k->h[0] = 0x756E706C61796564ULL;
	k->h[1] = 0;
	if ((moves = yote_node_get(rec->root, "moves")) == NULL ||
	    moves->type != YOTE_NODE_SEQ)
		return 0;
	v = header(rec, "rules");
	yote_game_key_text(k, v != NULL ? v : "", v != NULL ? strlen(v) : 0);
	v = header(rec, "start");
	yote_game_key_text(k, v != NULL ? v : "", v != NULL ? strlen(v) : 0);
	for (i = 0; i < moves->n; i++)
		if ((mn = yote_item_move(moves->kids[i])) != NULL)
			yote_game_key_text(k, mn->text, mn->len);
		else
			yote_game_key_text(k, "", 0);
	return 1;
}

/* Play rec through for its positions and its key. */
static int
scan_game(struct select *s, const struct yote_record *rec, const char *file,
    int look, struct select_game *out)
{
	const struct yote_node *moves;
	struct yote_game_info info;
	struct scan sc;
	long rc;

	if (s->ck == NULL) {
		if ((s->ck = yote_checker_new()) == NULL)
			return YOTE_ENOMEM;
		if (s->rules != NULL)
			yote_checker_set_rules(s->ck, s->rules);
	}
	sc.s = s;
	sc.out = out;
	sc.info = &info;
	sc.look = look;
	rc = yote_checker_play(s->ck, rec, file, &info, NULL, scan_ply, &sc);
	if (rc < 0)
		return (int)rc;
	out->played = info.rules != NULL && info.played == info.plies;
	if (info.rules != NULL && info.plies == 0) {
		/* no ply was played: the start is the only position */
		if (s->want_key)
			yote_game_key_start(&out->key, info.rules,
			    &info.start);
		if (look && pos_matches(s, info.rules, &info.start))
			out->ply = 0;
	}
	if (!s->want_key)
		return 0;
	moves = yote_node_get(rec->root, "moves");
	if (moves == NULL || moves->type != YOTE_NODE_SEQ)
		out->keyed = 0;         /* no game to compare */
	else
		out->keyed = out->played || text_key(rec, &out->key);
	return 0;
}

int
select_game(struct select *s, const struct yote_record *rec,
    const char *file, unsigned long plies, struct select_game *out)
{
	int hold, look, rc;

	memset(out, 0, sizeof(*out));
	out->ply = -1;
	hold = headers_hold(s, rec, plies);
	look = hold && (s->crit[SEL_REACHES] != NULL ||
	    s->crit[SEL_PATTERN] != NULL);
	if ((look || s->want_key) &&
	    (rc = scan_game(s, rec, file, look, out)) != 0)
		return rc;
	if (look && out->ply < 0)
		hold = 0;
	out->pass = hold != s->invert;
	return 0;
}

/* ------------------------------------------------------------ key sets */

/* Open addressing with linear probes: a key is its own hash. */

struct keyset_slot {
	uint64_t h[2];          /* the key; {0, 0} marks a free slot */
	uint64_t value;         /* what the caller stored with it */
};

struct keyset {
	struct keyset_slot *slot;
	size_t cap;             /* slots, a power of two */
	size_t n;               /* keys held */
};

struct keyset *
keyset_new(void)
{
	struct keyset *s = calloc(1, sizeof(*s));

	if (s == NULL)
		return NULL;
	s->cap = 1024;
	if ((s->slot = calloc(s->cap, sizeof(*s->slot))) == NULL) {
		free(s);
		return NULL;
	}
	return s;
}

void
keyset_free(struct keyset *s)
{
	if (s == NULL)
		return;
	free(s->slot);
	free(s);
}

size_t
keyset_count(const struct keyset *s)
{
	return s->n;
}

size_t
keyset_bytes(const struct keyset *s)
{
	return sizeof(*s) + s->cap * sizeof(*s->slot);
}

/* The slot of h, or the free slot where it would go. */
static struct keyset_slot *
keyset_find(struct keyset_slot *slot, size_t cap, const uint64_t h[2])
{
	size_t i = (size_t)h[0] & (cap - 1);

	while ((slot[i].h[0] | slot[i].h[1]) != 0 &&
	    (slot[i].h[0] != h[0] || slot[i].h[1] != h[1]))
		i = (i + 1) & (cap - 1);
	return &slot[i];
}

static int
keyset_grow(struct keyset *s)
{
	struct keyset_slot *old = s->slot, *to;
	size_t i, cap = s->cap * 2;

	if (cap > SIZE_MAX / sizeof(*old) ||
	    (s->slot = calloc(cap, sizeof(*old))) == NULL) {
		s->slot = old;
		return YOTE_ENOMEM;
	}
	for (i = 0; i < s->cap; i++)
		if ((old[i].h[0] | old[i].h[1]) != 0) {
			to = keyset_find(s->slot, cap, old[i].h);
			*to = old[i];
		}
	free(old);
	s->cap = cap;
	return 0;
}

int
keyset_add(struct keyset *s, const struct yote_game_key *k,
    uint64_t value, uint64_t *first)
{
	struct keyset_slot *sl;
	uint64_t h[2];

	h[0] = k->h[0];
	h[1] = k->h[1] | ((k->h[0] | k->h[1]) == 0);    /* never {0, 0} */
	sl = keyset_find(s->slot, s->cap, h);
	if ((sl->h[0] | sl->h[1]) != 0) {
		if (first != NULL)
			*first = sl->value;
		return 0;
	}
	/* at most 3/4 full, so that probes stay short */
	if ((s->n + 1) * 4 > s->cap * 3) {
		if (keyset_grow(s) != 0)
			return YOTE_ENOMEM;
		sl = keyset_find(s->slot, s->cap, h);
	}
	sl->h[0] = h[0];
	sl->h[1] = h[1];
	sl->value = value;
	s->n++;
	return 1;
}
