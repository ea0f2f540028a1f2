/*
 * checker.c - playing a record through, and checking it against the rules.
 *
 * What a record must satisfy (notation.md, rules.md sections 4 and 8):
 *  - a mapping with yote: 1 and a moves: list; rules: a built-in name or
 *    a ruleset file; start: a valid position (default: the empty board);
 *  - every move well-formed and legal in turn, none after the game ended;
 *  - a finished game carries its true result (and termination, if given);
 *  - in a game that is not over, a result other than * needs a declared
 *    termination: resignation with 1-0 or 0-1, agreement with the result
 *    the rules give it (a draw; where the ruleset scores a blocked game by
 *    captures, as traditional does, the side that captured more wins),
 *    time and adjudication with any decisive or drawn result;
 *  - * goes only with unfinished or with no termination.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "move_cache.h"
#include "yote_int.h"

#define RULES_CACHE 16          /* ruleset files kept loaded */

struct cached_rules {
	char *path;
	struct yote_rules *rules;
};

struct yote_checker {
	struct cached_rules cache[RULES_CACHE];
	struct cached_move *moves;      /* MOVE_CACHE, made on first use */
	/* the built-in ruleset the last record named, by that name: a
	 * collection names the same one game after game */
	char builtin_name[32];
	const struct yote_rules *builtin;
	int ncache;
	struct yote_movelist list;      /* reused for every move */
	const struct yote_rules *fallback;      /* for records without rules: */
	enum yote_warnings warn;
	char failed[700];       /* why the last ruleset file was refused */
};

/* Records may name files: a switch for the process (tools on untrusted
 * input turn it off), not per checker, since checkers are made inside the
 * library too (the archive writer's). */
static int files_allowed = 1;

void
yote_checker_allow_files(int allow)
{
	files_allowed = allow != 0;
}

void
yote_checker_set_rules(struct yote_checker *ck, const struct yote_rules *r)
{
	ck->fallback = r;
}

void
yote_checker_set_warnings(struct yote_checker *ck, enum yote_warnings level)
{
	ck->warn = level;
}

struct yote_checker *
yote_checker_new(void)
{
	return calloc(1, sizeof(struct yote_checker));
}

void
yote_checker_free(struct yote_checker *ck)
{
	int i;

	if (ck == NULL)
		return;
	for (i = 0; i < ck->ncache; i++) {
		free(ck->cache[i].path);
		yote_rules_free(ck->cache[i].rules);
	}
	yote_movelist_free(&ck->list);
	free(ck->moves);
	free(ck);
}

/* Everything one check needs to report a problem. */
struct run {
	const char *file;
	unsigned long game;
	yote_diag_fn diag;
	void *ctx;
	struct yote_game_info *info;
	enum yote_warnings warn;
};

static YOTE_COLD void
report(struct run *run, int diag, const struct yote_node *at,
    unsigned long ply, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

static void
report(struct run *run, int diag, const struct yote_node *at,
    unsigned long ply, const char *fmt, ...)
{
	struct yote_error e;
	va_list ap;
	int warning = yote_diag_is_warning(diag) &&
	    run->warn != YOTE_WARN_STRICT;

	if (warning)
		run->info->warnings++;
	else
		run->info->problems++;
	if (run->diag == NULL)
		return;
	memset(&e, 0, sizeof(e));
	e.code = warning ? 0 : diag == YOTE_D_ILLEGAL_MOVE ||
	    diag == YOTE_D_AFTER_END ? YOTE_EILLEGAL : YOTE_EVALUE;
	e.diag = diag;
	e.file = run->file;
	e.game = run->game;
	e.ply = ply;
	if (at != NULL) {
		e.line = at->line;
		e.col = at->col;
	}
	va_start(ap, fmt);
	vsnprintf(e.msg, sizeof(e.msg), fmt, ap);
	va_end(ap);
	run->diag(run->ctx, &e);
}

/* A ruleset file named in a record: relative to the record's folder. */
static const struct yote_rules *
rules_file(struct yote_checker *ck, const char *spec, const char *file,
    struct yote_error *err)
{
	struct yote_rules *r;
	const char *slash;
	char *path;
	size_t dirlen = 0;
	int i;

	if (spec[0] != '/' && file != NULL && (slash = strrchr(file, '/')))
		dirlen = (size_t)(slash - file) + 1;
	if ((path = malloc(dirlen + strlen(spec) + 1)) == NULL)
		return NULL;
	memcpy(path, file, dirlen);
	strcpy(path + dirlen, spec);
	for (i = 0; i < ck->ncache; i++)
		if (strcmp(ck->cache[i].path, path) == 0) {
			free(path);
			return ck->cache[i].rules;
		}
	if (yote_rules_load_file(path, &r, err) != 0) {
		/* the message must not point into path once it is freed */
		if (err != NULL && err->line > 0)
			snprintf(ck->failed, sizeof(ck->failed), "ruleset file "
			    "%s:%lu:%lu: %s", path, err->line, err->col,
			    err->msg);
		else if (err != NULL)
			snprintf(ck->failed, sizeof(ck->failed), "ruleset file "
			    "%s: %s", path, err->msg);
		free(path);
		return NULL;
	}
	if (ck->ncache == RULES_CACHE) {
		free(ck->cache[0].path);
		yote_rules_free(ck->cache[0].rules);
		memmove(&ck->cache[0], &ck->cache[1],
		    (RULES_CACHE - 1) * sizeof(ck->cache[0]));
		ck->ncache--;
	}
	ck->cache[ck->ncache].path = path;
	ck->cache[ck->ncache].rules = r;
	ck->ncache++;
	return r;
}

/* Whether the scalar n, the value of key, holds a NUL byte (a YAML "\0",
 * a lines "%00"), reported as diag: what is checked would stop there. */
static int
nul_in(struct run *run, const struct yote_node *n, const char *key,
    int diag)
{
	const char *z;

	if ((z = memchr(n->text, '\0', n->len)) == NULL)
		return 0;
	report(run, diag, n, 0, "'%s' holds a NUL byte at character %zu", key,
	    (size_t)(z - n->text) + 1);
	return 1;
}

static const struct yote_rules *
record_rules(struct yote_checker *ck, struct run *run,
    const struct yote_node *rn, const struct yote_rules *embedded)
{
	const struct yote_rules *r;
	struct yote_error e;
	char hint[80];

	if (rn == NULL)
		return ck->fallback ? ck->fallback :
		    yote_rules_by_name("classic");
	if (rn->type != YOTE_NODE_SCALAR) {
		report(run, YOTE_D_BAD_TYPE, rn, 0, "'rules' must be a "
		    "ruleset name or file");
		return NULL;
	}
	if (nul_in(run, rn, "rules", YOTE_D_BAD_RULES))
		return NULL;
	if (ck->builtin != NULL && rn->len < sizeof(ck->builtin_name) &&
	    memcmp(rn->text, ck->builtin_name, rn->len + 1) == 0)
		return ck->builtin;
	if (!yote_rules_spec_is_file(rn->text)) {
		yote_error_clear(&e);
		if (yote_rules_get(rn->text, &r, &e) != 0) {
			report(run, YOTE_D_BAD_RULES, rn, 0, "%s%s", e.msg,
			    yote_rules_hint(rn->text, hint, sizeof(hint)));
			return NULL;
		}
		/* a built-in: never owned, never freed */
		if (rn->len < sizeof(ck->builtin_name)) {
			memcpy(ck->builtin_name, rn->text, rn->len + 1);
			ck->builtin = r;
		}
		return r;
	}
	/* an archive brings the ruleset file along: no need for the file */
	if (embedded != NULL)
		return embedded;
	if (!files_allowed) {
		report(run, YOTE_D_BAD_RULES, rn, 0, "rules: this record names "
		    "a ruleset file, and records may not name files here "
		    "(YOTE_NO_RULES_FILES is set)");
		return NULL;
	}
	yote_error_clear(&e);
	ck->failed[0] = '\0';
	if ((r = rules_file(ck, rn->text, run->file, &e)) == NULL)
		report(run, YOTE_D_BAD_RULES, rn, 0, "%s", ck->failed[0] ?
		    ck->failed : "out of memory");
	return r;
}

/* A key of a mapping and where it stands, to sort the keys. */
struct key_at {
	const struct yote_node *k;
	size_t i;
};

/* By text, then by place: equal keys end up side by side, first first. */
static int
key_cmp(const void *a, const void *b)
{
	const struct key_at *x = a, *y = b;
	int c;

	if (x->k->len != y->k->len)
		return x->k->len < y->k->len ? -1 : 1;
	if ((c = memcmp(x->k->text, y->k->text, x->k->len)) != 0)
		return c;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* By place alone, to report in the order of the record. */
static int
place_cmp(const void *a, const void *b)
{
	const struct key_at *x = a, *y = b;

	return x->i < y->i ? -1 : x->i > y->i;
}

/*
 * YAML mappings have unique keys; a repeated one would hide a value.
 * Sorted, not compared pair by pair: a mapping may hold thousands of keys.
 * Each repeat is reported, in order, with the line of the first.
 */
/* The same keys, each repeat with its first, pair by pair: a record has
 * a dozen keys, and sorting them costs more. */
#define FEW_KEYS 24

static int
same_key(const struct yote_node *a, const struct yote_node *b)
{
	/* a node made empty may have no text at all */
	return a->len == b->len && (a->len == 0 || (a->text[0] == b->text[0] &&
	    memcmp(a->text, b->text, a->len) == 0));
}

/*
 * A key's bit among 64, from its length and its first and last bytes: the
 * same key, the same bit, and no two of the record format's keys
 * (record_keys, below) share one.
 */
static inline unsigned
key_bit(const struct yote_node *k)
{
	if (k->len == 0)
		return 0;
	return (unsigned)(k->len + 2 * (unsigned char)k->text[0] +
	    3 * (unsigned char)k->text[k->len - 1]) & 63;
}

/* " (first at line 12)", "at column 30" in one line (the lines format, a
 * flow mapping), or "" where lines are not known (an archive). */
static const char *
first_at(const struct yote_node *first, const struct yote_node *k, char b[48])
{
	if (first->line == 0)
		return "";
	snprintf(b, 48, first->line == k->line ? " (first at column %lu)" :
	    " (first at line %lu)", first->line == k->line ? first->col :
	    first->line);
	return b;
}

/* A key given twice: in the record (ply 0), or in the mapping of the
 * moves item of ply. */
static void
repeated_key(struct run *run, const struct yote_node *k,
    const struct yote_node *first, unsigned long ply)
{
	char at[48];

	report(run, YOTE_D_DUPLICATE_KEY, k, ply, "key '%s' given twice%s%s%s",
	    k->text, ply > 0 ? " in one move" : "", first_at(first, k, at),
	    ply > 0 ? "" : first->line != 0 && first->line ==
	    k->line ? ": a record gives each key once" : ": a record is one "
	    "game; are two games missing a '---' between them?");
}

/*
 * Two games joined without '---' between them read as one record whose
 * keys all come twice: one problem, at each 'yote' after the first, says
 * it, rather than one a key.  1 when there was such a 'yote'.
 */
static int
joined_games(struct run *run, const struct yote_node *map)
{
	const struct yote_node *k, *first = NULL;
	char at[48];
	size_t i;
	int joined = 0;

	for (i = 0; i + 1 < map->n; i += 2) {
		k = map->kids[i];
		if (k->type != YOTE_NODE_SCALAR || k->len != 4 ||
		    memcmp(k->text, "yote", 4) != 0)
			continue;
		if (first == NULL) {
			first = k;
			continue;
		}
		joined = 1;
		report(run, YOTE_D_DUPLICATE_KEY, k, 0, "key 'yote' again%s: "
		    "a second game begins here, %s", first_at(first, k, at),
		    first->line != 0 && first->line == k->line ?
		    "in the same line as the first" : "without the '---' "
		    "line that must come before it");
	}
	return joined;
}

static void
few_duplicates(struct run *run, const struct yote_node *map,
    unsigned long ply)
{
	const struct yote_node *k;
	uint64_t seen = 0, bit;
	size_t i, j;

	for (i = 0; i + 1 < map->n; i += 2) {
		if ((k = map->kids[i])->type != YOTE_NODE_SCALAR)
			continue;
		/* a key whose bit no key before it had is not a repeat: the
		 * keys before it compared only when one had that bit */
		bit = (uint64_t)1 << key_bit(k);
		if (!(seen & bit)) {
			seen |= bit;
			continue;
		}
		for (j = 0; j < i; j += 2)
			if (map->kids[j]->type == YOTE_NODE_SCALAR &&
			    same_key(map->kids[j], k))
				break;
		if (j < i)
			repeated_key(run, k, map->kids[j], ply);
	}
}

static void
check_duplicates(struct run *run, const struct yote_node *map,
    unsigned long ply)
{
	struct key_at *ks, *dup;
	size_t i, n = 0, nd = 0, first = 0;

	if (map->n >= 4 && ply == 0 && joined_games(run, map))
		return;
	if (map->n >= 4 && map->n <= 2 * FEW_KEYS) {
		few_duplicates(run, map, ply);
		return;
	}
	if (map->n < 4 || (ks = malloc(map->n / 2 * sizeof(*ks) * 2)) == NULL)
		return;
	for (i = 0; i + 1 < map->n; i += 2)
		if (map->kids[i]->type == YOTE_NODE_SCALAR) {
			ks[n].k = map->kids[i];
			ks[n++].i = i;
		}
	qsort(ks, n, sizeof(*ks), key_cmp);
	/* the repeats go to the second half, each with its first's node */
	dup = ks + map->n / 2;
	for (i = 1; i < n; i++) {
		if (ks[i].k->len != ks[first].k->len || memcmp(ks[i].k->text,
		    ks[first].k->text, ks[i].k->len) != 0) {
			first = i;
			continue;
		}
		dup[nd].k = ks[first].k;
		dup[nd++].i = ks[i].i;
	}
	qsort(dup, nd, sizeof(*dup), place_cmp);
	for (i = 0; i < nd; i++)
		repeated_key(run, map->kids[dup[i].i], dup[i].k, ply);
	free(ks);
}

/*
 * The keys of the record format, and of a moves item's mapping, with those
 * the suite's own tools write (analysis:, seed:).  A key beginning with
 * "x-" is a club's own and is never warned about.
 */
static const char *const record_keys[] = { "yote", "rules", "start",
	"result", "termination", "event", "site", "date", "round", "first",
	"second", "annotator", "source", "moves", "analysis", "seed",
	NULL };
static const char *const item_keys[] = { "move", "comment", "eval",
	"eval-before", "best", "pv", "class", "nag", "clock", NULL };

/* record_keys by key_bit (above; a key's length, first and last bytes),
 * so that a key is found with one look (a bit twice would not compile
 * quietly: -Woverride-init) */
#define KB(first, last, len) (((len) + 2 * (first) + 3 * (last)) & 63)
struct known_key {
	const char *name;
	unsigned char len;      /* strlen(name) */
};
#define KK(name) { name, sizeof(name) - 1 }
static const struct known_key record_key_at[64] = {
	[KB('y', 'e', 4)] = KK("yote"), [KB('r', 's', 5)] = KK("rules"),
	[KB('s', 't', 5)] = KK("start"), [KB('r', 't', 6)] = KK("result"),
	[KB('t', 'n', 11)] = KK("termination"),
	[KB('e', 't', 5)] = KK("event"), [KB('s', 'e', 4)] = KK("site"),
	[KB('d', 'e', 4)] = KK("date"), [KB('r', 'd', 5)] = KK("round"),
	[KB('f', 't', 5)] = KK("first"), [KB('s', 'd', 6)] = KK("second"),
	[KB('a', 'r', 9)] = KK("annotator"), [KB('s', 'e', 6)] = KK("source"),
	[KB('m', 's', 5)] = KK("moves"), [KB('a', 's', 8)] = KK("analysis"),
	[KB('s', 'd', 4)] = KK("seed"),
};

/* The keys whose values the checker reads (record_values), the header's
 * texts last (from RK_DATE), and those by key_bit, plus one (0: a key of
 * no value read). */
enum { RK_YOTE, RK_MOVES, RK_RESULT, RK_TERMINATION, RK_RULES, RK_START,
	RK_DATE, RK_EVENT, RK_SITE, RK_ROUND, RK_FIRST, RK_SECOND,
	RK_ANNOTATOR, RK_SOURCE, RK_N };
static const struct known_key rk_key[RK_N] = { KK("yote"), KK("moves"),
	KK("result"), KK("termination"), KK("rules"), KK("start"),
	KK("date"), KK("event"), KK("site"), KK("round"), KK("first"),
	KK("second"), KK("annotator"), KK("source") };
#undef KK
static const unsigned char record_value_at[64] = {
	[KB('y', 'e', 4)] = RK_YOTE + 1, [KB('m', 's', 5)] = RK_MOVES + 1,
	[KB('d', 'e', 4)] = RK_DATE + 1, [KB('r', 't', 6)] = RK_RESULT + 1,
	[KB('t', 'n', 11)] = RK_TERMINATION + 1,
	[KB('r', 's', 5)] = RK_RULES + 1, [KB('s', 't', 5)] = RK_START + 1,
	[KB('e', 't', 5)] = RK_EVENT + 1, [KB('s', 'e', 4)] = RK_SITE + 1,
	[KB('r', 'd', 5)] = RK_ROUND + 1, [KB('f', 't', 5)] = RK_FIRST + 1,
	[KB('s', 'd', 6)] = RK_SECOND + 1,
	[KB('a', 'r', 9)] = RK_ANNOTATOR + 1,
	[KB('s', 'e', 6)] = RK_SOURCE + 1,
};
#undef KB

/* strcmp(a, b) == 0 without a call: a key is a few bytes, and nearly
 * every key of a record is one of the known, so met once a key. */
static inline int
same_string(const char *a, const char *b)
{
	while (*a != '\0' && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

/* The len bytes of a and of b (len from 1 to 16) are the same: two
 * words each, no loop and no call, for a record's keys in every game. */
static inline int
same_words(const char *a, const char *b, size_t len)
{
	uint64_t a0, a1, b0, b1;

	text_words(a, len, &a0, &a1);
	text_words(b, len, &b0, &b1);
	return ((a0 ^ b0) | (a1 ^ b1)) == 0;
}

static void
check_keys(struct run *run, const struct yote_node *map,
    const char *const *known, const struct known_key *known_at,
    unsigned long ply)
{
	const struct yote_node *k;
	const struct known_key *kk;
	const char *const *w;
	const char *hint;
	size_t i;

	for (i = 0; i + 1 < map->n; i += 2) {
		k = map->kids[i];
		if (k == NULL)
			continue;
		if (k->type != YOTE_NODE_SCALAR) {
			/* ? [a, b]: no key the format knows is a list */
			report(run, YOTE_D_UNKNOWN_KEY, k, ply, "unknown key: "
			    "a %s as a key (the record's keys are text)",
			    k->type == YOTE_NODE_SEQ ? "list" : "mapping");
			continue;
		}
		/* the known key of its bit, most often: the list is gone
		 * through only for the others (a NUL ends a key, as ever) */
		if (known_at != NULL &&
		    (kk = &known_at[key_bit(k)])->name != NULL &&
		    (k->len == kk->len ? same_words(k->text, kk->name, k->len) :
		    same_string(kk->name, k->text)))
			continue;
		if (strncmp(k->text, "x-", 2) == 0)
			continue;
		/* the first letters told apart before a call */
		for (w = known; *w != NULL && ((*w)[0] != k->text[0] ||
		    !same_string(*w, k->text)); w++)
			;
		if (*w != NULL)
			continue;
		if ((hint = yote_suggest(k->text, known)) != NULL)
			report(run, YOTE_D_UNKNOWN_KEY, k, ply, "unknown key "
			    "'%.40s': did you mean '%s'?", k->text, hint);
		else
			report(run, YOTE_D_UNKNOWN_KEY, k, ply, "unknown key "
			    "'%.40s' (a key of your own begins with 'x-', as "
			    "in 'x-%.40s')", k->text, k->text);
	}
}

/* date: YYYY, YYYY-MM or YYYY-MM-DD, and a day the calendar has. */
static void
check_date(struct run *run, const struct yote_node *n)
{
	int bad;

	if (n == NULL)
		return;
	if (n->type != YOTE_NODE_SCALAR) {
		report(run, YOTE_D_SUSPECT_VALUE, n, 0, "'date' should be a "
		    "single value, YYYY-MM-DD");
		return;
	}
	if ((bad = yote_date_check(n->text)) == 1)
		report(run, YOTE_D_SUSPECT_VALUE, n, 0, "date '%.40s' is not "
		    "in the form YYYY-MM-DD (or YYYY-MM, or YYYY)", n->text);
	else if (bad == 2)
		report(run, YOTE_D_SUSPECT_VALUE, n, 0, "date '%s' is not a "
		    "day of the calendar", n->text);
}

/*
 * The values of the keys the checker reads, each that of the first such
 * key as yote_node_get would find it, in one pass over the record's
 * keys (a look-up a key would pass over all of them each time).
 */
static void
record_values(const struct yote_node *root, const struct yote_node **v)
{
	const struct yote_node *k;
	unsigned found = 0;
	size_t i;
	int j;

	for (j = 0; j < RK_N; j++)
		v[j] = NULL;
	for (i = 0; i + 1 < root->n; i += 2) {
		if ((k = root->kids[i]) == NULL ||
		    k->type != YOTE_NODE_SCALAR || k->len == 0)
			continue;
		/* the key's bit names the one key the text can be: a
		 * look in a table, not a jump that changes from key to
		 * key */
		if ((j = record_value_at[key_bit(k)] - 1) < 0)
			continue;
		if (!(found >> j & 1) && k->len == rk_key[j].len &&
		    same_words(k->text, rk_key[j].name, rk_key[j].len)) {
			found |= 1u << j;
			v[j] = root->kids[i + 1];
		}
	}
}

/* Warnings: keys of the record and of its moves items, and the date
 * (the values of moves: and date:). */
static void
check_slips(struct run *run, const struct yote_node *root,
    const struct yote_node *moves, const struct yote_node *date)
{
	size_t i;

	check_keys(run, root, record_keys, record_key_at, 0);
	check_date(run, date);
	if (moves == NULL || moves->type != YOTE_NODE_SEQ)
		return;
	for (i = 0; i < moves->n; i++)
		if (moves->kids[i]->type == YOTE_NODE_MAP)
			check_keys(run, moves->kids[i], item_keys, NULL, i + 1);
}

/* n, the value of key, if a scalar without a NUL byte; else NULL, with a
 * report (diag for a NUL byte). */
static const struct yote_node *
scalar_key(struct run *run, const struct yote_node *n, const char *key,
    int diag)
{
	if (n != NULL && n->type != YOTE_NODE_SCALAR) {
		report(run, YOTE_D_BAD_TYPE, n, 0, "'%s' must be a single "
		    "value, not a %s", key, n->type == YOTE_NODE_MAP ?
		    "mapping" : "list");
		return NULL;
	}
	if (n != NULL && nul_in(run, n, key, diag))
		return NULL;
	return n;
}

/* A header value (date:, event:, first:, ...) that holds a NUL byte:
 * refused as a value of the wrong kind. */
static void
header_text(struct run *run, const struct yote_node *n, const char *key)
{
	if (n != NULL && n->type == YOTE_NODE_SCALAR)
		(void)nul_in(run, n, key, YOTE_D_BAD_TYPE);
}

/*
 * "; legal from c3: c3-b3 c3-d3" or a count, after an illegal move.  Both
 * bounded: a custom ruleset's position may have more moves than could be
 * counted in a lifetime, and the message needs no more than a few.
 */
#define ALT_LIST 8              /* moves listed */
#define ALT_COUNT 10000         /* moves from the square counted */
#define ALT_ALL 1000000ULL      /* moves in all counted */

static YOTE_COLD void
alternatives(struct yote_checker *ck, const struct yote_rules *r,
    const struct yote_pos *p, int from, char *buf, size_t size)
{
	char text[YOTE_MOVE_TEXT], sq[4], all_text[48];
	unsigned long long all;
	size_t i, used;
	long n;

	buf[0] = '\0';
	yote_square_name(r, from, sq);
	n = yote_gen_moves_from_max(r, p, from, ALT_COUNT, &ck->list);
	if (n == 0 || (n < 0 && n != YOTE_ELIMIT)) {
		all = yote_count_moves_upto(r, p, ALT_ALL);
		if (all > ALT_ALL)
			snprintf(all_text, sizeof(all_text), "more than %llu",
			    ALT_ALL);
		else
			snprintf(all_text, sizeof(all_text), "%llu", all);
		snprintf(buf, size, " (no legal move from %s; %s legal "
		    "move%s in all)", sq, all_text, all == 1 ? "" : "s");
		return;
	}
	if (n == YOTE_ELIMIT || ck->list.n > ALT_LIST) {
		snprintf(buf, size, " (%s%zu legal moves from %s)", n ==
		    YOTE_ELIMIT ? "more than " : "", ck->list.n, sq);
		return;
	}
	yote_movelist_sort(r, &ck->list);
	used = (size_t)snprintf(buf, size, " (legal from %s:", sq);
	for (i = 0; i < ck->list.n && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, " %s",
		    yote_move_format(r, &ck->list.v[i], text));
	if (used < size)
		snprintf(buf + used, size - used, ")");
}

/*
 * The moves an archive decoded for rec, when they are still the record's
 * own: the same rules and start, and every item the canonical text of
 * its move (a caller may have edited the record since).  NULL: check
 * every move from its text.
 */
static const struct yote_played *
decoded_moves(const struct yote_record *rec, const struct yote_rules *r,
    const struct yote_pos *start, const struct yote_node *moves)
{
	const struct yote_played *pl = rec->played;
	const struct yote_node *mn;
	char text[YOTE_MOVE_TEXT];
	size_t i;

	if (pl == NULL || pl->n != moves->n || !(pl->rules == r ||
	    (r == rec->embedded && r != NULL)) ||
	    !yote_pos_same(&pl->start, start))
		return NULL;
	for (i = 0; i < moves->n; i++) {
		/* a move text as a rule: no call for it */
		mn = moves->kids[i];
		if (mn == NULL || (mn->type != YOTE_NODE_SCALAR &&
		    (mn = yote_item_move(mn)) == NULL))
			return NULL;
		/* the very text the reader gave it: not edited since */
		if (pl->text[i] != NULL && mn->text == pl->text[i])
			continue;
		if (mn->len != strlen(yote_move_format(r, &pl->v[i], text)) ||
		    memcmp(mn->text, text, mn->len) != 0)
			return NULL;
	}
	return pl;
}

/* Play the moves; returns 0 when all were legal. */
static int
play_moves(struct yote_checker *ck, struct run *run,
    const struct yote_rules *r, const struct yote_node *moves,
    const struct yote_played *pl, yote_ply_fn plyfn, void *ctx)
{
	struct yote_game_info *info = run->info;
	struct yote_move_text mt;
	struct yote_move m;
	struct yote_error e;
	struct yote_outcome o;
	struct yote_pos before;
	const struct yote_node *item, *mn;
	struct cached_move *slot, *ring[AHEAD];
	uint64_t w[2], rw[AHEAD][2];
	char alt[300];
	size_t i;
	int rc;

	/* decoded from an archive: legal by construction, played by the
	   reader already */
	if (pl != NULL && plyfn == NULL) {
		info->final = pl->final;
		info->played += moves->n;
		return 0;
	}
	if (pl != NULL) {
		for (i = 0; i < moves->n; i++) {
			before = info->final;
			yote_pos_play(r, &info->final, &pl->v[i]);
			info->played++;
			if (plyfn != NULL && plyfn(ctx, i + 1, &before,
			    &pl->v[i], &info->final, moves->kids[i]) != 0)
				return 1;
		}
		return 0;
	}
	/* cleared once: the first problem ends the loop */
	yote_error_reset(&e);
	if (ck->moves == NULL && (ck->moves = aligned_alloc(64, MOVE_CACHE *
	    sizeof(*ck->moves))) != NULL)
		memset(ck->moves, 0, MOVE_CACHE * sizeof(*ck->moves));
	for (i = 0; i < AHEAD; i++)
		ring[i] = look_ahead(ck->moves, r, moves, i, rw[i]);
	for (i = 0; i < moves->n; i++) {
		item = moves->kids[i];
		/* a move's text as a rule, a mapping with move: now and then */
		mn = item != NULL && item->type == YOTE_NODE_SCALAR ? item :
		    yote_item_move(item);
		if (mn == NULL) {
			report(run, YOTE_D_BAD_TYPE, item, i + 1, "a move must "
			    "be a move text or a mapping with 'move:'");
			return -1;
		}
		/* a move text's entry was found AHEAD moves before (the
		 * ring), and the one AHEAD moves on is fetched now */
		if (mn == item) {
			slot = ring[i % AHEAD];
			w[0] = rw[i % AHEAD][0];
			w[1] = rw[i % AHEAD][1];
		} else
			slot = move_slot(ck->moves, r, mn->text, mn->len, w);
		ring[i % AHEAD] = look_ahead(ck->moves, r, moves, i + AHEAD,
		    rw[i % AHEAD]);
		if (cached_move(slot, r, mn, w, &m))
			goto legal;
		if (strlen(mn->text) != mn->len) {
			report(run, YOTE_D_MOVE_SYNTAX, mn, i + 1, "bad move: a "
			    "NUL byte at character %zu", strlen(mn->text) + 1);
			return -1;
		}
		if ((rc = yote_move_parse(mn->text, &mt, &e)) == YOTE_ESYNTAX) {
			report(run, YOTE_D_MOVE_SYNTAX, mn, i + 1, "bad move "
			    "'%.40s': %s at character %lu", mn->text, e.msg,
			    e.col);
			return -1;
		}
		/* well-formed, and too long for any board: said as long
		 * move texts are in syntax errors */
		if (rc != 0 || yote_move_from_text(r, &mt, &m, &e) != 0) {
			yote_pos_outcome(r, &info->final, &o);
			if (o.term != YOTE_TERM_NONE)
				goto after_end;
			report(run, YOTE_D_ILLEGAL_MOVE, mn, i + 1,
			    "illegal move '%.*s%s': %s", rc != 0 ? 40 : (int)mn->len,
			    mn->text, rc != 0 ? "..." : "", e.msg);
			return -1;
		}
		keep_move(slot, r, mn, w, &m);
legal:
		if (plyfn != NULL)
			before = info->final;
		if (!yote_pos_play_legal(r, &info->final, &m)) {
			yote_pos_outcome(r, &info->final, &o);
			if (o.term != YOTE_TERM_NONE)
				goto after_end;
			yote_move_check(r, &info->final, &m, &e);
			alternatives(ck, r, &info->final, m.from, alt,
			    sizeof(alt));
			report(run, YOTE_D_ILLEGAL_MOVE, mn, i + 1,
			    "illegal move '%s': %s%s", mn->text, e.msg, alt);
			return -1;
		}
		info->played++;
		if (plyfn != NULL &&
		    plyfn(ctx, i + 1, &before, &m, &info->final, item) != 0)
			return 1;
	}
	return 0;
after_end:
	if (i == 0)
		report(run, YOTE_D_AFTER_END, mn, i + 1, "move '%s' after the "
		    "end of the game: the start position is already finished "
		    "(%s, %s)", mn->text, yote_termination_text(o.term),
		    yote_result_text(o.result));
	else
		report(run, YOTE_D_AFTER_END, mn, i + 1, "move '%s' after the "
		    "end of the game (%s, %s, after ply %lu)", mn->text,
		    yote_termination_text(o.term), yote_result_text(o.result),
		    (unsigned long)i);
	return -1;
}

static void
check_result(struct run *run, const struct yote_rules *r,
    const struct yote_node *resn, const struct yote_node *termn)
{
	struct yote_game_info *info = run->info;
	const struct yote_outcome *o = &info->outcome;
	const struct yote_node *at = resn != NULL ? resn : termn;

	switch (yote_result_problem(r, &info->final, o, info->result,
	    info->term)) {
	case YOTE_RP_NONE:
		break;
	case YOTE_RP_RESULT:
		report(run, YOTE_D_RESULT_MISMATCH, resn, 0, "result '%s' does "
		    "not match the final position: %s by %s", resn->text,
		    yote_result_text(o->result),
		    yote_termination_text(o->term));
		break;
	case YOTE_RP_TERMINATION:
		report(run, YOTE_D_RESULT_MISMATCH, termn, 0, "termination "
		    "'%s' does not match the final position: the game ended "
		    "by %s (%s)", termn->text, yote_termination_text(o->term),
		    yote_result_text(o->result));
		break;
	case YOTE_RP_NOT_FINISHED:
		report(run, YOTE_D_RESULT_MISMATCH, termn, 0, "termination "
		    "'%s' but the final position is not finished",
		    termn->text);
		break;
	case YOTE_RP_STAR:
		report(run, YOTE_D_RESULT_MISMATCH, at, 0, "result '*' goes "
		    "only with termination 'unfinished' or none, not '%s'",
		    termn->text);
		break;
	case YOTE_RP_NO_TERMINATION:
		report(run, YOTE_D_RESULT_MISMATCH, resn, 0, "result '%s' "
		    "but the final position is not finished and no "
		    "termination (resignation, agreement, time, adjudication) "
		    "is declared", resn->text);
		break;
	case YOTE_RP_UNFINISHED:
		report(run, YOTE_D_RESULT_MISMATCH, resn, 0, "result '%s' "
		    "with termination 'unfinished': expected '*'", resn->text);
		break;
	case YOTE_RP_RESIGNATION:
		report(run, YOTE_D_RESULT_MISMATCH, resn, 0, "result '%s' "
		    "with termination 'resignation': expected 1-0 or 0-1",
		    resn->text);
		break;
	case YOTE_RP_AGREEMENT:
		report(run, YOTE_D_RESULT_MISMATCH, resn, 0, "result '%s' "
		    "with termination 'agreement': under %s an agreement here "
		    "gives %s", resn->text, r->name, yote_result_text(
		    yote_agreement_result(r, &info->final)));
		break;
	}
}

const struct yote_rules *
yote_checker_rules(struct yote_checker *ck, const struct yote_record *rec,
    const char *file)
{
	const struct yote_node *val[RK_N];
	struct yote_game_info info;
	struct run run;

	if (ck == NULL || rec->root == NULL ||
	    rec->root->type != YOTE_NODE_MAP)
		return NULL;   /* (no checker: out of memory) */
	memset(&run, 0, sizeof(run));
	memset(&info, 0, sizeof(info));
	run.file = file;
	run.game = rec->game;
	run.info = &info;               /* counts nobody reads */
	record_values(rec->root, val);
	return record_rules(ck, &run, val[RK_RULES], rec->embedded);
}

long
yote_checker_play(struct yote_checker *ck, const struct yote_record *rec,
    const char *file, struct yote_game_info *info, yote_diag_fn diag,
    yote_ply_fn plyfn, void *ctx)
{
	const struct yote_node *root = rec->root, *v, *moves, *resn, *termn;
	const struct yote_node *val[RK_N];
	const struct yote_rules *r;
	struct yote_error e;
	struct run run;
	struct yote_node at;
	char hint[64];
	size_t i, maps = 0;     /* moves items that are mappings */
	int rc;

	memset(info, 0, sizeof(*info));
	info->result = info->term = -1;
	run.file = file;
	run.game = rec->game;
	run.diag = diag;
	run.ctx = ctx;
	run.info = info;
	run.warn = ck->warn;
	memset(&at, 0, sizeof(at));
	at.line = rec->line;
	at.col = rec->col;
	if (root == NULL || root->type != YOTE_NODE_MAP) {
		report(&run, YOTE_D_NOT_MAPPING, root != NULL &&
		    !(root->type == YOTE_NODE_SCALAR && root->len == 0) ?
		    root : &at, 0,
		    "expected a mapping of record keys (yote:, moves:, ...), "
		    "found %s", root == NULL || (root->type ==
		    YOTE_NODE_SCALAR && root->len == 0) ? "an empty document" :
		    root->type == YOTE_NODE_SEQ ? "a list" : "a single value");
		return (long)info->problems;
	}
	at.line = root->line;
	at.col = root->col;
	check_duplicates(&run, root, 0);
	record_values(root, val);
	if ((v = val[RK_YOTE]) == NULL)
		report(&run, YOTE_D_MISSING_KEY, &at, 0, "missing key 'yote' "
		    "(the record format version, 1)");
	else if (!yote_node_is(v, "1"))
		report(&run, YOTE_D_BAD_VERSION, v, 0, "unsupported record "
		    "version '%s': expected yote: 1", v->type ==
		    YOTE_NODE_SCALAR ? v->text : "?");
	/* the header's texts, which the tools show, match (a player, an
	 * event) and count by as text: up to a NUL byte only */
	for (i = RK_DATE; i < RK_N; i++)
		header_text(&run, val[i], rk_key[i].name);
	moves = val[RK_MOVES];
	if (moves == NULL)
		report(&run, YOTE_D_MISSING_KEY, &at, 0, "missing key 'moves' "
		    "(the list of moves; [] for none)");
	else if (moves->type != YOTE_NODE_SEQ) {
		report(&run, YOTE_D_BAD_TYPE, moves, 0, "'moves' must be a "
		    "list of moves, not %s", moves->type == YOTE_NODE_MAP ?
		    "a mapping" : "a single value");
		moves = NULL;
	}
	/* the moves in the record, whether or not they can be played */
	if (moves != NULL)
		info->plies = moves->n;
	/* a moves item's mapping repeats no key either (which move?) */
	for (i = 0; moves != NULL && i < moves->n; i++)
		if (moves->kids[i] != NULL &&
		    moves->kids[i]->type == YOTE_NODE_MAP) {
			check_duplicates(&run, moves->kids[i], i + 1);
			maps++;
		}
	/* the moves' keys too, when some item is a mapping: most games
	 * have none, and their moves need not be gone through again */
	if (ck->warn != YOTE_WARN_NONE)
		check_slips(&run, root, maps > 0 ? moves : NULL,
		    val[RK_DATE]);
	resn = scalar_key(&run, val[RK_RESULT], "result", YOTE_D_BAD_RESULT);
	if (resn != NULL &&
	    (info->result = yote_result_parse(resn->text)) < 0) {
		yote_value_hint(resn->text, 1, hint, sizeof(hint));
		report(&run, YOTE_D_BAD_RESULT, resn, 0, "unknown result "
		    "'%s': expected 1-0, 0-1, 1/2-1/2 or *%s", resn->text,
		    hint);
	}
	termn = scalar_key(&run, val[RK_TERMINATION], "termination",
	    YOTE_D_BAD_TERMINATION);
	if (termn != NULL &&
	    (info->term = yote_termination_parse(termn->text)) < 0) {
		yote_value_hint(termn->text, 0, hint, sizeof(hint));
		report(&run, YOTE_D_BAD_TERMINATION, termn, 0, "unknown "
		    "termination '%s': expected capture-all, blocked, "
		    "few-pieces, move-limit, agreement, resignation, time, "
		    "adjudication or unfinished%s", termn->text, hint);
	}
	if ((r = record_rules(ck, &run, val[RK_RULES],
	    rec->embedded)) == NULL)
		return (long)info->problems;
	info->rules = r;
	yote_pos_start(r, &info->start);
	if ((v = scalar_key(&run, val[RK_START], "start",
	    YOTE_D_BAD_START)) != NULL) {
		yote_error_reset(&e);
		if (yote_pos_parse(r, v->text, &info->start, &e) != 0) {
			report(&run, YOTE_D_BAD_START, v, 0, "bad start %s",
			    e.msg);
			return (long)info->problems;
		}
	} else if (val[RK_START] != NULL &&
	    val[RK_START]->type == YOTE_NODE_SCALAR)
		return (long)info->problems;    /* a NUL byte: a bad start */
	info->final = info->start;
	if (moves == NULL)
		return (long)info->problems;
	rc = play_moves(ck, &run, r, moves, decoded_moves(rec, r, &info->start,
	    moves), plyfn, ctx);
	if (rc < 0 || rc > 0)
		return (long)info->problems;
	yote_pos_outcome(r, &info->final, &info->outcome);
	if (resn == NULL && val[RK_RESULT] == NULL &&
	    info->outcome.term != YOTE_TERM_NONE && ck->warn != YOTE_WARN_NONE)
		report(&run, YOTE_D_NO_RESULT, moves->n > 0 ?
		    moves->kids[moves->n - 1] : moves, (unsigned long)moves->n,
		    "the game is over on the board (%s, %s) but the record "
		    "has no result: add result: %s%s%s",
		    yote_termination_text(info->outcome.term),
		    yote_result_text(info->outcome.result),
		    yote_result_text(info->outcome.result), termn == NULL ?
		    " and termination: " : "", termn == NULL ?
		    yote_termination_text(info->outcome.term) : "");
	/* an unreadable result or termination was reported already */
	if ((info->result >= 0 || info->term >= 0) &&
	    !(resn != NULL && info->result < 0) &&
	    !(termn != NULL && info->term < 0))
		check_result(&run, r, info->result >= 0 ? resn : NULL,
		    info->term >= 0 ? termn : NULL);
	return (long)info->problems;
}
