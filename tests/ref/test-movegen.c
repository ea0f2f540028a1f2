/*
 * test-movegen.c - libyote's side of the differential test against the
 * reference generator tests/ref/refgen.c (see tests/ref/README.md).
 *
 * Two modes:
 *
 *   test-movegen -g [-n COUNT] [-s SEED] [-M MAXMOVES] RULES...
 *	Play random games from the start position of each ruleset and write
 *	COUNT distinct positions per ruleset as RULES<TAB>POSITION lines,
 *	RULES spelled as refgen spells it (a built-in name or
 *	custom:W:H:P:opening:chain:bonus:selfjump:blocked:few:limit).
 *
 *   test-movegen [-c] [-x] < LINES
 *	Answer each RULES<TAB>POSITION line exactly as refgen does:
 *	RULES<TAB>POSITION<TAB>STATUS<TAB>MOVES, the moves strcmp-sorted and
 *	space-separated (-c: their number).  Whatever disagrees inside the
 *	library is appended to the line as further TAB-separated fields
 *	starting with "!!", so the line no longer matches refgen's: the
 *	generated count against yote_count_moves, duplicate moves, the
 *	status against the move list.  -x adds slower checks: the position
 *	string reads back to itself, yote_gen_moves_from square by square
 *	gives the same moves, every move's text reads back to the same move
 *	and passes yote_move_check, yote_pos_play leaves the position that
 *	the move's text describes (worked out here on a plain grid), and
 *	yote_pos_has_capture agrees with the list.
 *
 *   test-movegen -l
 *	List the rulesets the differential test runs: the four built-in ones,
 *	then the custom ones below (after checking that each one's embedded
 *	YAML loads to the parameters its custom: spec names).
 *
 * Why random playouts rather than random boards: only reachable positions
 * (and a few set-up variants of them) are worth a disagreement report.  The
 * games mix policies so that every way a game ends shows up: uniform play,
 * capture-hungry play that prefers the longest chain (few pieces, capture-
 * all), capture-shy play (move limit, full boards, blocked sides), and play
 * that turns from shy to hungry halfway.
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "yote.h"
#include "rng.h"

#define MAX_RULES_CACHE 64
#define PLAY_MAX_MOVES 200000   /* a game stops at a position with more */

/*
 * Custom rulesets: each stresses parameter combinations the built-in ones
 * leave out.  The YAML goes through yote_rules_load_buffer; the spec is what
 * refgen reads, and must describe the same parameters.
 */
struct custom {
	const char *spec;       /* refgen's custom:... name */
	const char *yaml;       /* the same ruleset as a ruleset file */
};

#define YAML_HEAD "yote-rules: 1\nsides: [white, black]\n"

static const struct custom customs[] = {
	/* the README's example: 4x4, chains with a bonus from board or hand,
	 * bridges, a short move limit */
	{ "custom:4:4:5:none:yes:mandatory-any:bridge:loses:off:10",
	  YAML_HEAD "name: c4x4-any-bridge\nboard: 4x4\npieces: 5\n"
	  "opening: none\nchain: yes\nbonus: mandatory-any\n"
	  "self-jump: bridge\nblocked: loses\nfew-pieces: off\n"
	  "no-capture-limit: 10\n" },
	/* 3x3, more pieces than points: full boards, both sides blocked */
	{ "custom:3:3:5:first-move-placement:yes:optional-board:plain:"
	  "loses-unless-both:off:off",
	  YAML_HEAD "name: c3x3\nboard: 3x3\npieces: 5\n"
	  "opening: first-move-placement\nchain: yes\nbonus: optional-board\n"
	  "self-jump: plain\nblocked: loses-unless-both\nfew-pieces: off\n"
	  "no-capture-limit: off\n" },
	/* 8x8, all 64 points, optional bonus with chains */
	{ "custom:8:8:10:none:yes:optional-board:no:more-captured-wins:3:off",
	  YAML_HEAD "name: c8x8-optional\nboard: 8x8\npieces: 10\n"
	  "opening: none\nchain: yes\nbonus: optional-board\nself-jump: no\n"
	  "blocked: more-captured-wins\nfew-pieces: 3\n"
	  "no-capture-limit: off\n" },
	/* no bonus, hand-first with plain self-jumps, few-pieces 2 */
	{ "custom:5:4:6:hand-first:no:none:plain:loses:2:off",
	  YAML_HEAD "name: c5x4-none-handfirst\nboard: 5x4\npieces: 6\n"
	  "opening: hand-first\nchain: no\nbonus: none\nself-jump: plain\n"
	  "blocked: loses\nfew-pieces: 2\nno-capture-limit: off\n" },
	/* hand-first with bridges (a bridge is a capture), limit 10, both
	 * sides blocked on a full 4x3 board */
	{ "custom:4:3:6:hand-first:yes:mandatory-board:bridge:"
	  "loses-unless-both:off:10",
	  YAML_HEAD "name: c4x3-handfirst-bridge\nboard: 4x3\npieces: 6\n"
	  "opening: hand-first\nchain: yes\nbonus: mandatory-board\n"
	  "self-jump: bridge\nblocked: loses-unless-both\nfew-pieces: off\n"
	  "no-capture-limit: 10\n" },
	/* two columns: only vertical jumps */
	{ "custom:2:3:3:none:yes:mandatory-any:plain:loses-unless-both:off:"
	  "off",
	  YAML_HEAD "name: c2x3\nboard: 2x3\npieces: 3\nopening: none\n"
	  "chain: yes\nbonus: mandatory-any\nself-jump: plain\n"
	  "blocked: loses-unless-both\nfew-pieces: off\n"
	  "no-capture-limit: off\n" },
	/* a long thin board, first-move-placement with bridges and the bonus
	 * from the hand, few-pieces above the usual 3 */
	{ "custom:8:2:8:first-move-placement:yes:mandatory-any:bridge:"
	  "more-captured-wins:4:30",
	  YAML_HEAD "name: c8x2\nboard: 8x2\npieces: 8\n"
	  "opening: first-move-placement\nchain: yes\nbonus: mandatory-any\n"
	  "self-jump: bridge\nblocked: more-captured-wins\nfew-pieces: 4\n"
	  "no-capture-limit: 30\n" },
	/* chains without any bonus: long chains, pieces stay on the board */
	{ "custom:8:7:24:none:yes:none:bridge:more-captured-wins:off:50",
	  YAML_HEAD "name: c8x7-none-chain\nboard: 8x7\npieces: 24\n"
	  "opening: none\nchain: yes\nbonus: none\nself-jump: bridge\n"
	  "blocked: more-captured-wins\nfew-pieces: off\n"
	  "no-capture-limit: 50\n" },
	/* the most pieces a side may have, hands of 64, every point filled */
	{ "custom:8:8:64:hand-first:no:mandatory-any:no:loses-unless-both:off:"
	  "off",
	  YAML_HEAD "name: c8x8-64\nboard: 8x8\npieces: 64\n"
	  "opening: hand-first\nchain: no\nbonus: mandatory-any\n"
	  "self-jump: no\nblocked: loses-unless-both\nfew-pieces: off\n"
	  "no-capture-limit: off\n" },
	/* traditional's board with an optional bonus in chains, plain jumps */
	{ "custom:6:5:12:none:yes:optional-board:plain:loses:3:off",
	  YAML_HEAD "name: c6x5-optional-chain\nboard: 6x5\npieces: 12\n"
	  "opening: none\nchain: yes\nbonus: optional-board\n"
	  "self-jump: plain\nblocked: loses\nfew-pieces: 3\n"
	  "no-capture-limit: off\n" },
	/* tall and narrow, single jumps with an optional bonus, bridges */
	{ "custom:3:8:6:first-move-placement:no:optional-board:bridge:"
	  "loses-unless-both:3:20",
	  YAML_HEAD "name: c3x8\nboard: 3x8\npieces: 6\n"
	  "opening: first-move-placement\nchain: no\nbonus: optional-board\n"
	  "self-jump: bridge\nblocked: loses-unless-both\nfew-pieces: 3\n"
	  "no-capture-limit: 20\n" },
	/* three pieces each and few-pieces 2: the draw after one capture */
	{ "custom:7:6:3:none:no:mandatory-board:no:loses:2:off",
	  YAML_HEAD "name: c7x6-three\nboard: 7x6\npieces: 3\nopening: none\n"
	  "chain: no\nbonus: mandatory-board\nself-jump: no\n"
	  "blocked: loses\nfew-pieces: 2\nno-capture-limit: off\n" },
};

#define NCUSTOM (sizeof(customs) / sizeof(customs[0]))

static const char *prog = "test-movegen";

/* ------------------------------------------------------------ PRNG */

/* 1 with probability per/1000. */
static int
rng_chance(uint64_t *s, unsigned per)
{
	return splitmix_next(s) % 1000 < per;
}

static uint64_t
fnv1a(const char *t)
{
	uint64_t h = 0xCBF29CE484222325ULL;

	for (; *t != '\0'; t++)
		h = (h ^ (unsigned char)*t) * 0x100000001B3ULL;
	return h;
}

/* ------------------------------------------------------------ rulesets */

/* refgen's name of a ruleset: the built-in name or the custom: spec. */
static void
rules_spec(const struct yote_rules *r, char *buf, size_t len)
{
	char few[16], limit[16];

	if (r->builtin) {
		snprintf(buf, len, "%s", r->name);
		return;
	}
	if (r->few_pieces)
		snprintf(few, sizeof(few), "%d", r->few_pieces);
	else
		snprintf(few, sizeof(few), "off");
	if (r->move_limit)
		snprintf(limit, sizeof(limit), "%d", r->move_limit);
	else
		snprintf(limit, sizeof(limit), "off");
	snprintf(buf, len, "custom:%d:%d:%d:%s:%s:%s:%s:%s:%s:%s", r->width,
	    r->height, r->pieces, yote_opening_name(r->opening),
	    r->chain ? "yes" : "no", yote_bonus_name(r->bonus),
	    yote_selfjump_name(r->selfjump), yote_blocked_name(r->blocked),
	    few, limit);
}

static int
pick_name(const char *s, const char *(*name)(int), int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(s, name(i)) == 0)
			return i;
	return -1;
}

/* Adapters: the name functions take enums. */
static const char *opening_name(int v) { return yote_opening_name(v); }
static const char *bonus_name(int v) { return yote_bonus_name(v); }
static const char *selfjump_name(int v) { return yote_selfjump_name(v); }
static const char *blocked_name(int v) { return yote_blocked_name(v); }
static const char *chain_name(int v) { return v ? "yes" : "no"; }

/* "off" -> 0, a number 1..100000 -> itself, else -1. */
static int
off_or_number(const char *s)
{
	char *end;
	long v;

	if (strcmp(s, "off") == 0)
		return 0;
	v = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || v < 1 || v > 100000)
		return -1;
	return (int)v;
}

/*
 * Build a ruleset from refgen's custom: spec by filling struct yote_rules
 * and calling yote_rules_finish.  Returns NULL (message in err) if the
 * spec cannot be read or the library refuses it.
 */
static struct yote_rules *
rules_from_spec(const char *spec, char *err, size_t errlen)
{
	struct yote_rules *r;
	struct yote_error e;
	char tmp[256], *f[11], *t, *colon;
	int nf = 0, v[5];

	if (strncmp(spec, "custom:", 7) != 0 || strlen(spec) >= sizeof(tmp)) {
		snprintf(err, errlen, "unknown ruleset");
		return NULL;
	}
	strcpy(tmp, spec + 7);
	for (t = tmp; nf < 11; t = colon + 1) {
		f[nf++] = t;
		if ((colon = strchr(t, ':')) == NULL)
			break;
		*colon = '\0';
	}
	if (nf != 10) {
		snprintf(err, errlen, "custom ruleset: need 10 fields");
		return NULL;
	}
	v[0] = pick_name(f[3], opening_name, 3);
	v[1] = pick_name(f[4], chain_name, 2);
	v[2] = pick_name(f[5], bonus_name, 4);
	v[3] = pick_name(f[6], selfjump_name, 3);
	v[4] = pick_name(f[7], blocked_name, 3);
	if (v[0] < 0 || v[1] < 0 || v[2] < 0 || v[3] < 0 || v[4] < 0 ||
	    off_or_number(f[8]) < 0 || off_or_number(f[9]) < 0) {
		snprintf(err, errlen, "custom ruleset: bad parameter");
		return NULL;
	}
	if ((r = calloc(1, sizeof(*r))) == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	snprintf(r->name, sizeof(r->name), "custom");
	snprintf(r->side_name[0], sizeof(r->side_name[0]), "white");
	snprintf(r->side_name[1], sizeof(r->side_name[1]), "black");
	r->width = atoi(f[0]);
	r->height = atoi(f[1]);
	r->pieces = atoi(f[2]);
	r->opening = (enum yote_opening)v[0];
	r->chain = v[1];
	r->bonus = (enum yote_bonus)v[2];
	r->selfjump = (enum yote_selfjump)v[3];
	r->blocked = (enum yote_blocked)v[4];
	r->few_pieces = off_or_number(f[8]);
	r->move_limit = off_or_number(f[9]);
	yote_error_clear(&e);
	if (yote_rules_finish(r, &e) != 0) {
		/* e.msg may be longer than err: copy what fits */
		strncpy(err, e.msg, errlen - 1);
		err[errlen - 1] = '\0';
		free(r);
		return NULL;
	}
	return r;
}

static int
same_parameters(const struct yote_rules *a, const struct yote_rules *b)
{
	return a->width == b->width && a->height == b->height &&
	    a->pieces == b->pieces && a->opening == b->opening &&
	    a->chain == b->chain && a->bonus == b->bonus &&
	    a->selfjump == b->selfjump && a->blocked == b->blocked &&
	    a->few_pieces == b->few_pieces && a->move_limit == b->move_limit &&
	    a->board == b->board && a->not_col_first == b->not_col_first &&
	    a->not_col_last == b->not_col_last &&
	    memcmp(a->adj, b->adj, sizeof(a->adj)) == 0 &&
	    memcmp(a->jump, b->jump, sizeof(a->jump)) == 0;
}

/*
 * Load custom ruleset i from its YAML and check it against its spec.
 * Returns the loaded ruleset, or NULL after a message.
 */
static struct yote_rules *
load_custom(size_t i)
{
	struct yote_rules *y, *s;
	struct yote_error e;
	char spec[256], err[256];

	yote_error_clear(&e);
	if (yote_rules_load_buffer(customs[i].yaml, strlen(customs[i].yaml),
	    "custom", &y, &e) != 0) {
		fprintf(stderr, "%s: custom ruleset %zu: %lu:%lu: %s\n", prog,
		    i + 1, e.line, e.col, e.msg);
		return NULL;
	}
	rules_spec(y, spec, sizeof(spec));
	if (strcmp(spec, customs[i].spec) != 0) {
		fprintf(stderr, "%s: custom ruleset %zu: the YAML loads as %s, "
		    "the spec says %s\n", prog, i + 1, spec, customs[i].spec);
		yote_rules_free(y);
		return NULL;
	}
	if ((s = rules_from_spec(customs[i].spec, err, sizeof(err))) == NULL) {
		fprintf(stderr, "%s: %s: %s\n", prog, customs[i].spec, err);
		yote_rules_free(y);
		return NULL;
	}
	if (!same_parameters(y, s)) {
		fprintf(stderr, "%s: %s: yote_rules_load_buffer and "
		    "yote_rules_finish disagree\n", prog, customs[i].spec);
		free(s);
		yote_rules_free(y);
		return NULL;
	}
	free(s);
	return y;
}

/* A ruleset by refgen's name; cached, never freed.  NULL if unknown. */
static const struct yote_rules *
rules_get(const char *spec, char *err, size_t errlen)
{
	static struct {
		char spec[256];
		const struct yote_rules *r;
	} cache[MAX_RULES_CACHE];
	static int ncache;
	const struct yote_rules *r;
	int i;

	for (i = 0; i < ncache; i++)
		if (strcmp(cache[i].spec, spec) == 0)
			return cache[i].r;
	if ((r = yote_rules_by_name(spec)) == NULL &&
	    (r = rules_from_spec(spec, err, errlen)) == NULL)
		return NULL;
	if (ncache < MAX_RULES_CACHE && strlen(spec) < sizeof(cache[0].spec)) {
		snprintf(cache[ncache].spec, sizeof(cache[0].spec), "%s", spec);
		cache[ncache++].r = r;
	}
	return r;
}

/* ------------------------------------------------------------ answering */

/* A growable string. */
struct buf {
	char *s;
	size_t n, cap;
};

static void
buf_add(struct buf *b, const char *t)
{
	size_t len = strlen(t);
	char *ns;

	if (b->n + len + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 256;

		while (cap < b->n + len + 1)
			cap *= 2;
		if ((ns = realloc(b->s, cap)) == NULL) {
			fprintf(stderr, "%s: out of memory\n", prog);
			exit(3);
		}
		b->s = ns;
		b->cap = cap;
	}
	memcpy(b->s + b->n, t, len + 1);
	b->n += len;
}

static void
buf_printf(struct buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void
buf_printf(struct buf *b, const char *fmt, ...)
{
	char t[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(t, sizeof(t), fmt, ap);
	va_end(ap);
	buf_add(b, t);
}

static int
cmp_text(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The position after move text mv, worked out here on a grid of
 * characters from the text alone (as refgen's perft does), written as a
 * position string: a check on yote_pos_play that shares nothing with it
 * but the bit sets it starts from.  Returns -1 on text it cannot follow.
 */
static int
play_text(const struct yote_rules *r, const struct yote_pos *p,
    const char *mv, char *out, size_t outlen)
{
	char g[YOTE_MAX_SIDE][YOTE_MAX_SIDE], me = p->side ? 'o' : 'x';
	int hand[2] = { p->hand[0], p->hand[1] }, row, col, r2, c2, run;
	int captured = 0, n;
	size_t o = 0;
	const char *s = mv;

	for (row = 0; row < r->height; row++)
		for (col = 0; col < r->width; col++) {
			uint64_t b = (uint64_t)1 << (row * r->width + col);

			g[row][col] = (p->pieces[0] & b) ? 'x' :
			    (p->pieces[1] & b) ? 'o' : '.';
		}
#define SQUARE(rr, cc) do {						\
		if (*s < 'a' || *s >= 'a' + r->width)			\
			return -1;					\
		(cc) = *s++ - 'a';					\
		for (n = 0; *s >= '0' && *s <= '9'; s++)		\
			n = 10 * n + (*s - '0');			\
		if (n < 1 || n > r->height)				\
			return -1;					\
		(rr) = n - 1;						\
	} while (0)
	SQUARE(row, col);
	if (*s == '\0') {
		g[row][col] = me;
		hand[p->side]--;
	}
	while (*s != '\0') {
		char op = *s++;

		if (op == '+') {
			if (*s == '@') {
				s++;
				hand[!p->side]--;
			} else {
				SQUARE(r2, c2);
				g[r2][c2] = '.';
			}
			continue;
		}
		if (op != '-' && op != 'x')
			return -1;
		SQUARE(r2, c2);
		if (op == 'x') {
			g[(row + r2) / 2][(col + c2) / 2] = '.';
			captured = 1;
		}
		g[row][col] = '.';
		g[r2][c2] = me;
		row = r2;
		col = c2;
	}
#undef SQUARE
	for (row = r->height - 1; row >= 0; row--) {
		for (col = run = 0; col < r->width; col++) {
			if (g[row][col] == '.') {
				run++;
				continue;
			}
			if (run > 0 && o + 1 < outlen)
				out[o++] = (char)('0' + run);
			run = 0;
			if (o + 1 < outlen)
				out[o++] = g[row][col];
		}
		if (run > 0 && o + 1 < outlen)
			out[o++] = (char)('0' + run);
		if (row > 0 && o + 1 < outlen)
			out[o++] = '/';
	}
	snprintf(out + o, outlen - o, " %c %d %d %lu %lu",
	    p->side ? 'x' : 'o', hand[0], hand[1], captured ? 0UL :
	    (unsigned long)p->since_capture + 1, (unsigned long)p->ply + 1);
	return 0;
}

/*
 * The -x checks.  texts[i] is the text of l->v[i]; the list is sorted.
 * Problems go to `notes`.
 */
static void
extra_checks(const struct yote_rules *r, const char *pos_text,
    const struct yote_pos *p, const struct yote_movelist *l,
    char *const *texts, int over, struct buf *notes)
{
	struct yote_movelist part = { 0 };
	struct yote_move_text mt;
	struct yote_move m;
	struct yote_error e;
	char t[YOTE_MOVE_TEXT], t2[YOTE_MOVE_TEXT], ptext[YOTE_POS_TEXT];
	char **all, want[YOTE_POS_TEXT];
	struct yote_pos q;
	size_t i, k, n = 0;
	int sq, cap = 0, bad = 0;

	/* the position reads back to itself (in lower case: readers also
	 * take X and O) */
	yote_pos_format(r, p, ptext);
	for (i = 0; ptext[i] != '\0' && ptext[i] == (pos_text[i] == 'X' ?
	    'x' : pos_text[i] == 'O' ? 'o' : pos_text[i]); i++)
		;
	if (ptext[i] != '\0' || pos_text[i] != '\0')
		buf_printf(notes, "\t!! yote_pos_format gives '%s'", ptext);

	/* square by square, the same moves */
	all = malloc((l->n + 1) * sizeof(*all));
	for (sq = 0; all != NULL && sq < r->squares && !bad; sq++) {
		if (yote_gen_moves_from(r, p, sq, &part) < 0) {
			buf_add(notes, "\t!! yote_gen_moves_from: out of memory");
			break;
		}
		for (k = 0; k < part.n; k++) {
			if (part.v[k].from != sq) {
				buf_printf(notes, "\t!! yote_gen_moves_from(%s)"
				    " gives %s", yote_square_name(r, sq, t),
				    yote_move_format(r, &part.v[k], t2));
				bad = 1;
			}
			if (n == l->n) {
				bad = 1;
				break;
			}
			all[n++] = strdup(yote_move_format(r, &part.v[k], t));
		}
	}
	if (all != NULL && !bad) {
		qsort(all, n, sizeof(*all), cmp_text);
		for (i = 0; i < n && strcmp(all[i], texts[i]) == 0; i++)
			;
		if (n != l->n || i != n)
			buf_printf(notes, "\t!! yote_gen_moves_from square by "
			    "square: %zu moves, not %zu", n, l->n);
	}
	for (i = 0; all != NULL && i < n; i++)
		free(all[i]);
	free(all);
	yote_movelist_free(&part);

	/* every move reads back to itself and is legal */
	for (i = 0; i < l->n; i++) {
		cap |= yote_move_is_capture(&l->v[i]);
		yote_error_clear(&e);
		if (yote_move_parse(texts[i], &mt, &e) != 0 ||
		    yote_move_from_text(r, &mt, &m, &e) != 0) {
			buf_printf(notes, "\t!! %s does not read back: %s",
			    texts[i], e.msg);
			break;
		}
		if (!yote_move_equal(&m, &l->v[i])) {
			buf_printf(notes, "\t!! %s reads back as another move "
			    "(%s)", texts[i], yote_move_format(r, &m, t));
			break;
		}
		if (yote_move_is_capture(&l->v[i]) != (strchr(texts[i], 'x') !=
		    NULL)) {
			buf_printf(notes, "\t!! yote_move_is_capture(%s) is "
			    "wrong", texts[i]);
			break;
		}
		/* yote_pos_play does what the text says */
		q = *p;
		yote_pos_play(r, &q, &l->v[i]);
		yote_pos_format(r, &q, ptext);
		if (play_text(r, p, texts[i], want, sizeof(want)) != 0 ||
		    strcmp(ptext, want) != 0) {
			buf_printf(notes, "\t!! yote_pos_play(%s) gives '%s', "
			    "not '%s'", texts[i], ptext, want);
			break;
		}
		/* yote_move_check regenerates from the square: keep it to
		 * lists where that stays cheap */
		if (l->n <= 400 && yote_move_check(r, p, &m, &e) != 0) {
			buf_printf(notes, "\t!! yote_move_check(%s): %s",
			    texts[i], e.msg);
			break;
		}
	}

	/* a capture in the list iff yote_pos_has_capture says so */
	if (!over && cap != yote_pos_has_capture(r, p, p->side))
		buf_printf(notes, "\t!! yote_pos_has_capture says %d",
		    !cap);
}

/* Answer one RULES<TAB>POSITION line; returns 0, or 1 if invalid. */
static int
answer(char *line, int count_only, int extra, struct buf *out)
{
	static struct yote_movelist l;
	const struct yote_rules *r;
	struct yote_outcome o;
	struct yote_error e;
	struct yote_pos p;
	struct buf notes = { 0 };
	char *tab, *pos, **texts = NULL, err[256];
	unsigned long long cnt;
	long n;
	size_t i, dup = 0;

	out->n = 0;
	if ((tab = strchr(line, '\t')) == NULL) {
		fprintf(stderr, "%s: expected RULES<TAB>POSITION\n", prog);
		buf_printf(out, "%s\t\tinvalid\t", line);
		return 1;
	}
	*tab = '\0';
	pos = tab + 1;
	if ((tab = strchr(pos, '\t')) != NULL)
		*tab = '\0';
	if ((r = rules_get(line, err, sizeof(err))) == NULL) {
		fprintf(stderr, "%s: %s: %s\n", prog, line, err);
		buf_printf(out, "%s\t%s\tinvalid\t", line, pos);
		return 1;
	}
	yote_error_clear(&e);
	if (yote_pos_parse(r, pos, &p, &e) != 0) {
		fprintf(stderr, "%s: %s: %s\n", prog, pos, e.msg);
		buf_add(out, line);
		buf_add(out, "\t");
		buf_add(out, pos);
		buf_add(out, "\tinvalid\t");
		return 1;
	}

	yote_pos_outcome(r, &p, &o);
	if ((n = yote_gen_moves(r, &p, &l)) < 0) {
		fprintf(stderr, "%s: out of memory\n", prog);
		exit(3);
	}
	cnt = yote_count_moves(r, &p);
	yote_movelist_sort(r, &l);

	buf_add(out, line);
	buf_add(out, "\t");
	buf_add(out, pos);
	if (o.term == YOTE_TERM_NONE)
		buf_add(out, "\t*\t");
	else
		buf_printf(out, "\t%s %s\t", yote_result_text(o.result),
		    yote_termination_text(o.term));

	if (l.n > 0 && (texts = malloc(l.n * sizeof(*texts))) == NULL) {
		fprintf(stderr, "%s: out of memory\n", prog);
		exit(3);
	}
	for (i = 0; i < l.n; i++) {
		char t[YOTE_MOVE_TEXT];

		texts[i] = strdup(yote_move_format(r, &l.v[i], t));
		if (texts[i] == NULL) {
			fprintf(stderr, "%s: out of memory\n", prog);
			exit(3);
		}
		if (i > 0 && strcmp(texts[i - 1], texts[i]) > 0)
			buf_printf(&notes, "\t!! not sorted: %s before %s",
			    texts[i - 1], texts[i]);
		if (i > 0 && strcmp(texts[i - 1], texts[i]) == 0 &&
		    dup++ < 5)
			buf_printf(&notes, "\t!! DUPLICATE %s", texts[i]);
		if (!count_only)
			buf_printf(out, i ? " %s" : "%s", texts[i]);
	}
	if (count_only)
		buf_printf(out, "%ld", n);

	if ((unsigned long long)n != cnt || (size_t)n != l.n)
		buf_printf(&notes, "\t!! COUNT yote_count_moves=%llu, "
		    "yote_gen_moves=%ld", cnt, n);
	if (o.term == YOTE_TERM_NONE && n == 0)
		buf_add(&notes, "\t!! not over, but no moves");
	if (o.term != YOTE_TERM_NONE && n != 0)
		buf_add(&notes, "\t!! over, but has moves");
	if (extra)
		extra_checks(r, pos, &p, &l, texts, o.term != YOTE_TERM_NONE,
		    &notes);
	if (notes.n > 0) {
		buf_add(out, notes.s);
		fprintf(stderr, "%s: %s: %s%s\n", prog, line, pos, notes.s);
	}
	for (i = 0; i < l.n; i++)
		free(texts[i]);
	free(texts);
	free(notes.s);
	return 0;
}

static int
answer_all(int count_only, int extra)
{
	struct buf out = { 0 };
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int bad = 0;

	while ((len = getline(&line, &cap, stdin)) != -1) {
		while (len > 0 && (line[len - 1] == '\n' ||
		    line[len - 1] == '\r'))
			line[--len] = '\0';
		if (len == 0 || line[0] == '#') {
			printf("%s\n", line);
			continue;
		}
		bad |= answer(line, count_only, extra, &out);
		fputs(out.s, stdout);
		putchar('\n');
	}
	free(line);
	free(out.s);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "%s: write error\n", prog);
		return 3;
	}
	return bad;
}

/* ------------------------------------------------------------ generating */

/* How a game is played; drawn afresh for every game. */
struct policy {
	unsigned capture;       /* per mille: take a capture when there is one */
	unsigned longest;       /* per mille: that capture is a longest one */
	unsigned turn;          /* ply after which capture becomes 950 (0: never) */
	unsigned sample;        /* per mille: write the position */
	unsigned maxply;        /* stop the game here */
};

/* A set of 64-bit keys (FNV-1a of the written line) to skip repeats. */
struct seen {
	uint64_t *v;
	size_t cap, n;
};

/* 1 if new (and now remembered). */
static int
seen_add(struct seen *s, uint64_t h)
{
	size_t i;

	if (h == 0)
		h = 1;
	if (2 * (s->n + 1) > s->cap) {
		struct seen t = { 0 };

		t.cap = s->cap ? 2 * s->cap : 4096;
		if ((t.v = calloc(t.cap, sizeof(*t.v))) == NULL) {
			fprintf(stderr, "%s: out of memory\n", prog);
			exit(3);
		}
		for (i = 0; i < s->cap; i++)
			if (s->v[i] != 0)
				seen_add(&t, s->v[i]);
		free(s->v);
		*s = t;
	}
	for (i = h % s->cap; s->v[i] != 0; i = (i + 1) % s->cap)
		if (s->v[i] == h)
			return 0;
	s->v[i] = h;
	s->n++;
	return 1;
}

struct sampler {
	const struct yote_rules *r;
	const char *spec;
	struct seen seen;
	size_t want, got;
	unsigned long long maxmoves;
};

/* Write p unless seen before or its move list is too long for refgen. */
static void
emit(struct sampler *sm, const struct yote_pos *p)
{
	char text[YOTE_POS_TEXT];

	if (sm->got >= sm->want)
		return;
	yote_pos_format(sm->r, p, text);
	if (yote_count_moves(sm->r, p) > sm->maxmoves)
		return;
	if (!seen_add(&sm->seen, fnv1a(text)))
		return;
	printf("%s\t%s\n", sm->spec, text);
	sm->got++;
}

/*
 * Set-up variants of a reached position, valid by notation.md but not
 * necessarily reachable: the other side to move, the ply moved back to
 * 1 or 2, the no-capture counter at the limit, hands emptied.  They reach
 * the corners of the end checks that play seldom reaches.
 */
static void
emit_variants(struct sampler *sm, const struct yote_pos *p, uint64_t *rng)
{
	const struct yote_rules *r = sm->r;
	struct yote_pos q;

	q = *p;
	q.side = (uint8_t)!q.side;
	emit(sm, &q);
	if (r->opening == YOTE_OPEN_FIRST_PLACE) {
		q = *p;
		q.ply = 1 + (uint32_t)splitmix_below(rng, 2);
		if (rng_chance(rng, 500))
			q.hand[q.side] = 0;
		emit(sm, &q);
	}
	if (r->move_limit) {
		q = *p;
		q.since_capture = (uint32_t)r->move_limit -
		    (uint32_t)splitmix_below(rng, 2);
		emit(sm, &q);
		q.since_capture += 7;
		emit(sm, &q);
	}
	if (p->hand[0] || p->hand[1]) {
		q = *p;
		switch (splitmix_below(rng, 3)) {
		case 0:
			q.hand[0] = 0;
			break;
		case 1:
			q.hand[1] = 0;
			break;
		default:
			q.hand[0] = q.hand[1] = 0;
		}
		if (rng_chance(rng, 300))
			q.side = (uint8_t)!q.side;
		emit(sm, &q);
	}
}

static void
draw_policy(struct policy *pol, uint64_t *rng, const struct yote_rules *r)
{
	static const unsigned capture[] = { 0, 30, 250, 500, 800, 950, 1000 };
	unsigned placing = 2 * (unsigned)r->pieces;

	pol->capture = capture[splitmix_below(rng, sizeof(capture) /
	    sizeof(capture[0]))];
	pol->longest = rng_chance(rng, 500) ? 700 : 0;
	pol->turn = rng_chance(rng, 250) ?
	    placing + (unsigned)splitmix_below(rng, 80) : 0;
	pol->sample = 40 + (unsigned)splitmix_below(rng, 120);
	pol->maxply = placing + 40 + (unsigned)splitmix_below(rng, 400);
	if (r->move_limit && pol->capture < 100)
		pol->maxply += 2 * (unsigned)r->move_limit;
}

/* Pick a move from l by the policy. */
static size_t
choose(const struct policy *pol, unsigned ply, const struct yote_movelist *l,
    uint64_t *rng, size_t *idx)
{
	size_t i, ncap = 0, nother = 0, k, best = 0;
	unsigned capture = pol->capture;

	for (i = 0; i < l->n; i++)
		if (yote_move_is_capture(&l->v[i]))
			idx[ncap++] = i;
	for (i = 0; i < l->n; i++)
		if (!yote_move_is_capture(&l->v[i]))
			idx[ncap + nother++] = i;
	if (pol->turn && ply >= pol->turn)
		capture = 950;
	if (ncap == 0 || (nother > 0 && !rng_chance(rng, capture)))
		return nother ? idx[ncap + splitmix_below(rng, nother)] :
		    idx[splitmix_below(rng, ncap)];
	if (rng_chance(rng, pol->longest)) {
		/* one of the longest chains, at random */
		for (i = 0; i < ncap; i++)
			if (l->v[idx[i]].nseg > best)
				best = l->v[idx[i]].nseg;
		for (i = k = 0; i < ncap; i++)
			if (l->v[idx[i]].nseg == best)
				idx[k++] = idx[i];
		return idx[splitmix_below(rng, k)];
	}
	return idx[splitmix_below(rng, ncap)];
}

static int
generate(const struct yote_rules *r, const char *spec, size_t count,
    uint64_t seed, unsigned long long maxmoves)
{
	struct sampler sm = { 0 };
	struct yote_movelist l = { 0 };
	struct policy pol;
	struct yote_pos p;
	uint64_t rng = seed ^ fnv1a(spec);
	size_t *idx = NULL, idxcap = 0, games = 0;
	unsigned ply;

	sm.r = r;
	sm.spec = spec;
	sm.want = count;
	sm.maxmoves = maxmoves;
	while (sm.got < count) {
		if (++games > 100 * count + 1000) {
			fprintf(stderr, "%s: %s: only %zu distinct positions\n",
			    prog, spec, sm.got);
			break;
		}
		draw_policy(&pol, &rng, r);
		yote_pos_start(r, &p);
		if (games == 1)
			emit(&sm, &p);
		for (ply = 1; ply <= pol.maxply && sm.got < count; ply++) {
			/* chains with a bonus choice at every capture can
			 * have millions of moves: give such games up */
			if (yote_count_moves(r, &p) > PLAY_MAX_MOVES)
				break;
			if (yote_gen_moves(r, &p, &l) < 0) {
				fprintf(stderr, "%s: out of memory\n", prog);
				return 3;
			}
			if (l.n == 0) {
				/* the game is over: the end and some set-up
				 * variants of it */
				emit(&sm, &p);
				emit_variants(&sm, &p, &rng);
				break;
			}
			/* later plies are worth more than the opening */
			if (rng_chance(&rng, ply > (unsigned)r->pieces ?
			    pol.sample : pol.sample / 4))
				emit(&sm, &p);
			if (rng_chance(&rng, 15))
				emit_variants(&sm, &p, &rng);
			if (l.n > idxcap) {
				free(idx);
				idxcap = l.n;
				if ((idx = malloc(idxcap * sizeof(*idx))) ==
				    NULL) {
					fprintf(stderr, "%s: out of memory\n",
					    prog);
					return 3;
				}
			}
			yote_pos_play(r, &p, &l.v[choose(&pol, ply, &l, &rng,
			    idx)]);
		}
	}
	free(idx);
	free(sm.seen.v);
	yote_movelist_free(&l);
	return 0;
}

/* ------------------------------------------------------------ main */

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: %s [-c] [-x] < LINES\n"
	    "       %s -g [-M MAXMOVES] [-n COUNT] [-s SEED] RULES...\n"
	    "       %s -l\n"
	    "\n"
	    "  -c, --count           print the number of moves, not the moves\n"
	    "  -g, --generate        write COUNT random positions per ruleset\n"
	    "  -h, --help            this help\n"
	    "  -l, --list            list the rulesets the test runs\n"
	    "  -M, --max-moves N     skip positions with more moves (20000)\n"
	    "  -n, --positions N     positions per ruleset (1000)\n"
	    "  -s, --seed N          seed of the random games (1)\n"
	    "  -x, --extra           more checks inside the library\n",
	    prog, prog, prog);
}

static int
number(const char *s, unsigned long long *out)
{
	char *end;

	*out = strtoull(s, &end, 0);
	return *s != '\0' && *end == '\0' ? 0 : -1;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "count", no_argument, NULL, 'c' },
		{ "extra", no_argument, NULL, 'x' },
		{ "generate", no_argument, NULL, 'g' },
		{ "help", no_argument, NULL, 'h' },
		{ "list", no_argument, NULL, 'l' },
		{ "max-moves", required_argument, NULL, 'M' },
		{ "positions", required_argument, NULL, 'n' },
		{ "seed", required_argument, NULL, 's' },
		{ NULL, 0, NULL, 0 }
	};
	const struct yote_rules *r;
	unsigned long long count = 1000, seed = 1, maxmoves = 20000;
	int c, gen = 0, list = 0, count_only = 0, extra = 0, status = 0;
	char err[256];
	size_t i;

	while ((c = getopt_long(argc, argv, "M:cghln:s:x", longopts, NULL)) !=
	    -1) {
		switch (c) {
		case 'M':
			if (number(optarg, &maxmoves) != 0)
				goto bad;
			break;
		case 'c':
			count_only = 1;
			break;
		case 'g':
			gen = 1;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'l':
			list = 1;
			break;
		case 'n':
			if (number(optarg, &count) != 0)
				goto bad;
			break;
		case 's':
			if (number(optarg, &seed) != 0)
				goto bad;
			break;
		case 'x':
			extra = 1;
			break;
		default:
			goto bad;
		}
	}
	if (list) {
		for (i = 0; i < (size_t)yote_rules_builtin_count(); i++)
			printf("%s\n", yote_rules_builtin(i)->name);
		for (i = 0; i < NCUSTOM; i++) {
			const struct yote_rules *y = load_custom(i);

			if (y == NULL)
				return 1;
			yote_rules_free(y);
			printf("%s\n", customs[i].spec);
		}
		return 0;
	}
	if (!gen) {
		if (optind < argc)
			goto bad;
		return answer_all(count_only, extra);
	}
	if (optind == argc)
		goto bad;
	for (; optind < argc && status == 0; optind++) {
		const char *spec = argv[optind];
		struct yote_rules *own = NULL;

		r = yote_rules_by_name(spec);
		for (i = 0; r == NULL && i < NCUSTOM; i++)
			if (strcmp(spec, customs[i].spec) == 0) {
				/* through the YAML loader */
				if ((own = load_custom(i)) == NULL)
					return 1;
				r = own;
			}
		if (r == NULL && (r = rules_get(spec, err, sizeof(err))) ==
		    NULL) {
			fprintf(stderr, "%s: %s: %s\n", prog, spec, err);
			return 2;
		}
		status = generate(r, spec, (size_t)count, seed, maxmoves);
		yote_rules_free(own);
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "%s: write error\n", prog);
		return 3;
	}
	return status;
bad:
	usage(stderr);
	return 2;
}
