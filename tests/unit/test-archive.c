/*
 * test-archive.c - cmocka tests of archives and the lines format through
 * the library: record trees written and read back must be equal node by
 * node (type, text and length, tag, style, key order), for hand-made
 * records with every feature and for seeded random ones under every
 * built-in ruleset.  Then the parts of the format on their own, through
 * the private src/archive/archive_int.h: varints and byte cursors, CRCs
 * and block framing, the range coder over random symbol streams, the
 * move models (every legal move ranked and back), every fast way of
 * scoring a move against the one scoring rule, the key/value models and
 * the position sets.
 *
 * Run with CMOCKA_MESSAGE_OUTPUT=TAP for prove (tests/archive-api.t does).
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <yaml.h>
#include <zlib.h>

#include "yote.h"
#include "archive_int.h"
#include "rng.h"

/* ------------------------------------------------------------ helpers */

static uint64_t rng = 88172645463325252ULL;

static unsigned long
rnd(unsigned long n)
{
	return (unsigned long)(xorshift_next(&rng) % n);
}

/* 0 when a and b are the same tree, else 1 with the first difference. */
static int
node_diff(const struct yote_node *a, const struct yote_node *b,
    const char *where, char *why, size_t whylen)
{
	char sub[512];
	size_t i;

	if (a == NULL || b == NULL) {
		if (a == b)
			return 0;
		snprintf(why, whylen, "%s: one node missing", where);
		return 1;
	}
	if (a->type != b->type)
		snprintf(why, whylen, "%s: type %d != %d", where, a->type,
		    b->type);
	else if (a->style != b->style)
		snprintf(why, whylen, "%s: style %d != %d", where, a->style,
		    b->style);
	else if ((a->tag == NULL) != (b->tag == NULL) ||
	    (a->tag != NULL && strcmp(a->tag, b->tag) != 0))
		snprintf(why, whylen, "%s: tag %s != %s", where,
		    a->tag ? a->tag : "-", b->tag ? b->tag : "-");
	else if (a->type == YOTE_NODE_SCALAR && (a->len != b->len ||
	    memcmp(a->text, b->text, a->len) != 0))
		snprintf(why, whylen, "%s: text '%.*s' != '%.*s'", where,
		    (int)a->len, a->text, (int)b->len, b->text);
	else if (a->n != b->n)
		snprintf(why, whylen, "%s: %zu kids != %zu", where, a->n, b->n);
	else {
		for (i = 0; i < a->n; i++) {
			if (a->type == YOTE_NODE_MAP && i % 2 == 1 &&
			    a->kids[i - 1]->type == YOTE_NODE_SCALAR)
				snprintf(sub, sizeof(sub), "%.400s/%s", where,
				    a->kids[i - 1]->text);
			else
				snprintf(sub, sizeof(sub), "%.400s/%zu", where, i);
			if (node_diff(a->kids[i], b->kids[i], sub, why, whylen))
				return 1;
		}
		return 0;
	}
	return 1;
}

/* a and b are the same tree, or the test fails naming where. */
static void
node_eq(const struct yote_node *a, const struct yote_node *b,
    const char *where)
{
	char why[1024];

	if (node_diff(a, b, where, why, sizeof(why)))
		fail_msg("%s", why);
}

/* n, made just now, in that style (the test fails when n is NULL) */
static struct yote_node *
styled(struct yote_node *n, int style)
{
	assert_non_null(n);
	n->style = style;
	return n;
}

static struct yote_node *
scalar(const char *text, int style)
{
	return styled(yote_node_scalar(text), style);
}

static void
set(struct yote_node *map, const char *key, struct yote_node *v)
{
	struct yote_node *k = scalar(key, YAML_PLAIN_SCALAR_STYLE);

	assert_int_equal(yote_node_push(map, k), 0);
	assert_int_equal(yote_node_push(map, v), 0);
}

static struct yote_node *
seq(int style)
{
	return styled(yote_node_seq(), style);
}

static struct yote_node *
map(int style)
{
	return styled(yote_node_map(), style);
}

static char *
xstrdup(const char *s)
{
	char *c = strdup(s);

	assert_non_null(c);
	return c;
}

/* Random bytes: printable mostly, now and then anything at all. */
static struct yote_node *
random_scalar(void)
{
	static const char *const pool[] = { "Awa Diop", "2026-03-14",
		"2026-03-15", "3.1", "3.2", "Dakar", "", "1-0", "*", "x" };
	struct yote_node *n;
	size_t len, i;

	if (rnd(3) != 0)
		return scalar(pool[rnd(10)], (int)rnd(6));
	len = rnd(40);
	n = scalar("", (int)rnd(6));
	assert_int_equal(yote_node_set_text(n, NULL, len), 0);
	for (i = 0; i < len; i++)
		/* any byte a YAML value can hold: UTF-8, controls, NUL */
		n->text[i] = (char)(rnd(8) == 0 ? rnd(32) : 32 + rnd(95));
	n->text[len] = '\0';
	n->len = len;
	if (rnd(8) == 0)
		n->tag = xstrdup(rnd(2) ? "tag:yaml.org,2002:str" : "!mine");
	return n;
}

static struct yote_node *
random_value(int depth)
{
	struct yote_node *n;
	size_t i, k;

	switch (depth > 3 ? 0 : rnd(5)) {
	case 3:
		n = seq((int)rnd(3));
		for (i = 0, k = rnd(4); i < k; i++)
			assert_int_equal(yote_node_push(n,
			    random_value(depth + 1)), 0);
		return n;
	case 4:
		n = map((int)rnd(3));
		for (i = 0, k = rnd(4); i < k; i++) {
			char key[16];

			snprintf(key, sizeof(key), "k%lu", rnd(5));
			set(n, key, random_value(depth + 1));
		}
		if (rnd(6) == 0)
			n->tag = xstrdup("!thing");
		return n;
	default:
		return random_scalar();
	}
}

/*
 * A random game under r: random headers, a random legal game, some
 * moves written as annotated mappings, upper case or quoted.
 */
static struct yote_node *
random_game(const struct yote_rules *r, int with_rules)
{
	struct yote_node *root = map(YAML_BLOCK_MAPPING_STYLE), *moves, *it;
	struct yote_movelist l = { NULL, 0, 0 };
	struct yote_pos p;
	char text[YOTE_MOVE_TEXT], pos[YOTE_POS_TEXT];
	unsigned long i, n;
	int setup = rnd(6) == 0;

	yote_pos_start(r, &p);
	set(root, "yote", scalar("1", YAML_PLAIN_SCALAR_STYLE));
	if (with_rules)
		set(root, "rules", scalar(r->name, YAML_PLAIN_SCALAR_STYLE));
	if (rnd(2))
		set(root, "event", random_scalar());
	set(root, "first", random_scalar());
	if (rnd(3) == 0)
		set(root, "extra", random_value(1));
	if (setup) {
		/* a few random plies, then start from there */
		for (i = 0, n = rnd(12); i < n; i++) {
			if (yote_gen_moves(r, &p, &l) <= 0)
				break;
			yote_pos_play(r, &p, &l.v[rnd(l.n)]);
		}
		set(root, "start", scalar(yote_pos_format(r, &p, pos),
		    YAML_PLAIN_SCALAR_STYLE));
	}
	moves = seq(rnd(2) ? YAML_FLOW_SEQUENCE_STYLE :
	    YAML_BLOCK_SEQUENCE_STYLE);
	if (rnd(10) == 0)
		moves->tag = xstrdup("tag:yaml.org,2002:seq");
	for (i = 0, n = rnd(120); i < n; i++) {
		size_t k;

		if (yote_gen_moves(r, &p, &l) <= 0)
			break;
		k = rnd(l.n);
		yote_move_format(r, &l.v[k], text);
		yote_pos_play(r, &p, &l.v[k]);
		switch (rnd(10)) {
		case 0:
			it = map(YAML_BLOCK_MAPPING_STYLE);
			if (rnd(2))
				set(it, "comment", random_scalar());
			set(it, "move", scalar(text, YAML_PLAIN_SCALAR_STYLE));
			/* values after the move vary, as an analysis's do */
			set(it, "eval", random_scalar());
			set(it, "best", scalar(text, YAML_PLAIN_SCALAR_STYLE));
			if (rnd(2)) {
				struct yote_node *pv = seq(
				    YAML_FLOW_SEQUENCE_STYLE);

				assert_int_equal(yote_node_push(pv,
				    scalar("a1", 1)), 0);
				set(it, "pv", pv);
			}
			if (rnd(3) == 0)
				set(it, "move", scalar("second", 1));
			break;
		case 1:
			for (k = 0; text[k]; k++)
				if (text[k] >= 'a' && text[k] <= 'z')
					text[k] = (char)(text[k] - 'a' + 'A');
			it = scalar(text, YAML_PLAIN_SCALAR_STYLE);
			break;
		case 2:
			it = scalar(text, YAML_SINGLE_QUOTED_SCALAR_STYLE);
			break;
		case 3:
			it = scalar(text, YAML_PLAIN_SCALAR_STYLE);
			it->tag = xstrdup("!m");
			break;
		default:
			it = scalar(text, YAML_PLAIN_SCALAR_STYLE);
			break;
		}
		assert_int_equal(yote_node_push(moves, it), 0);
	}
	set(root, "moves", moves);
	if (rnd(4) == 0)
		set(root, "result", scalar("*", YAML_DOUBLE_QUOTED_SCALAR_STYLE));
	yote_movelist_free(&l);
	return root;
}

/* Games whose moves an archive cannot rank: kept as text. */
static struct yote_node *
invalid_game(int kind)
{
	struct yote_node *root, *moves;

	switch (kind) {
	case 0:
		return scalar("just text", YAML_PLAIN_SCALAR_STYLE);
	case 1:
		root = seq(YAML_BLOCK_SEQUENCE_STYLE);
		assert_int_equal(yote_node_push(root, scalar("a", 1)), 0);
		return root;
	case 2:
		root = map(YAML_BLOCK_MAPPING_STYLE);
		set(root, "yote", scalar("1", YAML_PLAIN_SCALAR_STYLE));
		set(root, "moves", scalar("c3 d4", YAML_PLAIN_SCALAR_STYLE));
		return root;
	case 3:
		root = map(YAML_BLOCK_MAPPING_STYLE);
		set(root, "yote", scalar("1", YAML_PLAIN_SCALAR_STYLE));
		set(root, "start", scalar("6/6/6 x 1 1 0 1", 1));
		set(root, "moves", seq(YAML_FLOW_SEQUENCE_STYLE));
		return root;
	case 4:
		root = map(YAML_BLOCK_MAPPING_STYLE);
		set(root, "yote", scalar("1", YAML_PLAIN_SCALAR_STYLE));
		set(root, "rules", scalar("no-such-rules", 1));
		set(root, "moves", seq(YAML_FLOW_SEQUENCE_STYLE));
		return root;
	default:
		root = map(YAML_BLOCK_MAPPING_STYLE);
		set(root, "yote", scalar("1", YAML_PLAIN_SCALAR_STYLE));
		moves = seq(YAML_FLOW_SEQUENCE_STYLE);
		assert_int_equal(yote_node_push(moves, scalar("c3", 1)), 0);
		assert_int_equal(yote_node_push(moves, scalar("c3", 1)), 0);
		assert_int_equal(yote_node_push(moves, scalar("zz9", 1)), 0);
		set(root, "moves", moves);
		return root;
	}
}

struct collected {
	int n;
};

static void
count_diag(void *ctx, const struct yote_error *e)
{
	struct collected *c = ctx;

	assert_true(e->msg[0] != '\0');
	c->n++;
}

/*
 * Write roots[0..n) into an archive in memory (blocks of bgames), read
 * it back and compare every tree.  want[i]: the put result expected.
 */
static void
archive_roundtrip(struct yote_node **roots, const int *want, size_t n,
    unsigned flags, unsigned long bgames)
{
	struct yote_archive_writer *w;
	struct yote_archive_stats st;
	struct yote_reader *rd;
	struct yote_record rec, *got;
	struct yote_error e;
	struct collected c = { 0 };
	char *data = NULL, where[64];
	size_t len = 0, i;
	FILE *fp;
	int rc;

	fp = open_memstream(&data, &len);
	assert_non_null(fp);
	yote_error_clear(&e);
	assert_int_equal(yote_archive_writer_open(fp, flags, &w, &e), 0);
	yote_archive_writer_set_block(w, bgames);
	for (i = 0; i < n; i++) {
		memset(&rec, 0, sizeof(rec));
		rec.root = roots[i];
		rec.game = i + 1;
		c.n = 0;
		rc = yote_archive_put(w, &rec, NULL, count_diag, &c, &e);
		if (rc != want[i])
			fail_msg("game %zu: put gave %d, expected %d", i + 1, rc,
			    want[i]);
		if (rc != 0 && c.n == 0)
			fail_msg("game %zu: no diagnostic", i + 1);
	}
	assert_int_equal(yote_archive_writer_close(w, &st, &e), 0);
	assert_int_equal(fclose(fp), 0);
	assert_int_equal(st.bytes, len);
	fp = fmemopen(data, len, "rb");
	assert_non_null(fp);
	assert_int_equal(yote_reader_open(fp, "mem", &rd), 0);
	assert_int_equal(yote_reader_format(rd), YOTE_FORMAT_ARCHIVE);
	for (i = 0; i < n; i++) {
		if (want[i] < 0)
			continue;
		yote_error_clear(&e);
		rc = yote_reader_next(rd, &got, &e);
		if (rc != 1)
			fail_msg("game %zu: read gave %d: %s", i + 1, rc, e.msg);
		snprintf(where, sizeof(where), "game %zu", i + 1);
		node_eq(roots[i], got->root, where);
		yote_record_free(got);
	}
	assert_int_equal(yote_reader_next(rd, &got, &e), 0);
	yote_reader_close(rd);
	fclose(fp);
	free(data);
}

/* ------------------------------------------------------------ tests */

static void
test_detect(void **state)
{
	static const unsigned char arc[] = "\211YTA\r\n\032\n";
	static const unsigned char bent[] = "\211YTB\r\n\032\n";
	static const unsigned char flip0[] = "\011YTA\r\n\032\n";

	(void)state;
	assert_int_equal(yote_format_detect(arc, 8), YOTE_FORMAT_ARCHIVE);
	assert_int_equal(yote_format_detect(bent, 8), YOTE_FORMAT_ARCHIVE);
	assert_int_equal(yote_format_detect(flip0, 8), YOTE_FORMAT_ARCHIVE);
	assert_int_equal(yote_format_detect(arc, 2), YOTE_FORMAT_ARCHIVE);
	assert_int_equal(yote_format_detect((const unsigned char *)"@yote=1",
	    7), YOTE_FORMAT_LINES);
	assert_int_equal(yote_format_detect((const unsigned char *)"---\nyo",
	    6), YOTE_FORMAT_YAML);
	assert_int_equal(yote_format_detect((const unsigned char *)"", 0),
	    YOTE_FORMAT_YAML);
}

static void
test_features(void **state)
{
	struct yote_node *roots[12], *root, *moves, *it, *pv;
	int want[12];
	size_t i, n = 0;

	(void)state;
	/* the smallest record */
	root = map(YAML_BLOCK_MAPPING_STYLE);
	set(root, "yote", scalar("1", YAML_PLAIN_SCALAR_STYLE));
	set(root, "moves", seq(YAML_FLOW_SEQUENCE_STYLE));
	roots[n] = root;
	want[n++] = 0;
	/* every style, tags, a NUL byte, nested unknown keys, annotations */
	root = map(YAML_BLOCK_MAPPING_STYLE);
	set(root, "yote", scalar("1", YAML_PLAIN_SCALAR_STYLE));
	set(root, "rules", scalar("traditional", YAML_DOUBLE_QUOTED_SCALAR_STYLE));
	set(root, "event", scalar("Saint-Louis Open", YAML_SINGLE_QUOTED_SCALAR_STYLE));
	set(root, "notes", scalar("line one\nline two\n", YAML_LITERAL_SCALAR_STYLE));
	set(root, "folded", scalar("a b c", YAML_FOLDED_SCALAR_STYLE));
	it = scalar("", YAML_DOUBLE_QUOTED_SCALAR_STYLE);
	assert_int_equal(yote_node_set_text(it, "a\0b", 3), 0);
	set(root, "nul", it);
	it = scalar("3", YAML_PLAIN_SCALAR_STYLE);
	it->tag = xstrdup("tag:yaml.org,2002:str");
	set(root, "round", it);
	pv = map(YAML_FLOW_MAPPING_STYLE);
	set(pv, "a", seq(YAML_FLOW_SEQUENCE_STYLE));
	set(pv, "b", map(YAML_BLOCK_MAPPING_STYLE));
	set(root, "unknown", pv);
	moves = seq(YAML_BLOCK_SEQUENCE_STYLE);
	assert_int_equal(yote_node_push(moves, scalar("c3", 1)), 0);
	it = map(YAML_BLOCK_MAPPING_STYLE);
	set(it, "move", scalar("D4", YAML_PLAIN_SCALAR_STYLE));
	set(it, "comment", scalar("upper case, annotated", 1));
	pv = seq(YAML_FLOW_SEQUENCE_STYLE);
	assert_int_equal(yote_node_push(pv, scalar("c2", 1)), 0);
	assert_int_equal(yote_node_push(pv, scalar("b4", 1)), 0);
	set(it, "pv", pv);
	set(it, "clock", scalar("0:04:59", 1));
	assert_int_equal(yote_node_push(moves, it), 0);
	assert_int_equal(yote_node_push(moves, scalar("c2",
	    YAML_DOUBLE_QUOTED_SCALAR_STYLE)), 0);
	set(root, "moves", moves);
	set(root, "moves", scalar("a second moves key", 1));
	roots[n] = root;
	want[n++] = 0;
	/* a record without rules:, and one set up at ply 5 */
	root = map(YAML_FLOW_MAPPING_STYLE);
	set(root, "yote", scalar("1", YAML_PLAIN_SCALAR_STYLE));
	set(root, "start", scalar("6/6/6/1x4/xo2o1 o 10 9 0 6", 1));
	moves = seq(YAML_FLOW_SEQUENCE_STYLE);
	assert_int_equal(yote_node_push(moves, scalar("c1", 1)), 0);
	set(root, "moves", moves);
	roots[n] = root;
	want[n++] = 0;
	/* what cannot be ranked is refused without KEEP_INVALID ... */
	for (i = 0; i < 6; i++) {
		roots[n] = invalid_game((int)i);
		want[n++] = YOTE_EILLEGAL;
	}
	archive_roundtrip(roots, want, n, 0, 2);
	/* ... and kept as text with it */
	for (i = 3; i < n; i++)
		want[i] = 1;
	archive_roundtrip(roots, want, n, YOTE_ARCHIVE_KEEP_INVALID, 2);
	for (i = 0; i < n; i++)
		yote_node_free(roots[i]);
}

static void
test_random(void **state)
{
	enum { N = 240 };
	struct yote_node *roots[N];
	int want[N];
	size_t i;
	int k;

	(void)state;
	for (k = 0; k < yote_rules_builtin_count(); k++) {
		const struct yote_rules *r = yote_rules_builtin(k);

		for (i = 0; i < N; i++) {
			roots[i] = random_game(r, k > 0 || rnd(2));
			want[i] = 0;
		}
		archive_roundtrip(roots, want, N, 0, 1 + rnd(40));
		for (i = 0; i < N; i++)
			yote_node_free(roots[i]);
	}
}

/* An archive of n random classic games in memory, blocks of bgames. */
static char *
make_archive(struct yote_node **roots, size_t n, unsigned long bgames,
    size_t *len)
{
	struct yote_archive_writer *w;
	struct yote_record rec;
	struct yote_error e;
	char *data = NULL;
	FILE *fp = open_memstream(&data, len);
	size_t i;

	assert_non_null(fp);
	assert_int_equal(yote_archive_writer_open(fp, 0, &w, &e), 0);
	yote_archive_writer_set_block(w, bgames);
	for (i = 0; i < n; i++) {
		memset(&rec, 0, sizeof(rec));
		rec.root = roots[i];
		rec.game = i + 1;
		assert_int_equal(yote_archive_put(w, &rec, NULL, NULL, NULL,
		    &e), 0);
	}
	assert_int_equal(yote_archive_writer_close(w, NULL, &e), 0);
	assert_int_equal(fclose(fp), 0);
	return data;
}

/* Close what reading an archive of make_archive took, and its games. */
static void
done_reading(struct yote_reader *rd, FILE *fp, char *data,
    struct yote_node **roots, size_t n)
{
	size_t i;

	yote_reader_close(rd);
	fclose(fp);
	free(data);
	for (i = 0; i < n; i++)
		yote_node_free(roots[i]);
}

static void
test_skip(void **state)
{
	enum { N = 50 };
	struct yote_node *roots[N];
	struct yote_reader *rd;
	struct yote_record *got;
	struct yote_error e;
	const struct yote_rules *r = yote_rules_by_name("classic");
	char *data;
	size_t len, i, at;
	FILE *fp;

	(void)state;
	for (i = 0; i < N; i++)
		roots[i] = random_game(r, 1);
	data = make_archive(roots, N, 8, &len);
	for (at = 0; at <= N; at += 7) {
		fp = fmemopen(data, len, "rb");
		assert_non_null(fp);
		assert_int_equal(yote_reader_open(fp, "mem", &rd), 0);
		assert_int_equal(yote_reader_skip(rd, at, &e), (long)at);
		assert_int_equal(yote_reader_games(rd), at);
		if (at < N) {
			assert_int_equal(yote_reader_next(rd, &got, &e), 1);
			assert_int_equal(got->game, at + 1);
			node_eq(roots[at], got->root, "skipped to");
			yote_record_free(got);
			/* and on, within the block */
			assert_int_equal(yote_reader_skip(rd, 3, &e),
			    at + 4 <= N ? 3 : (long)(N - at - 1));
		} else
			assert_int_equal(yote_reader_next(rd, &got, &e), 0);
		yote_reader_close(rd);
		fclose(fp);
	}
	/* past the end */
	fp = fmemopen(data, len, "rb");
	assert_int_equal(yote_reader_open(fp, "mem", &rd), 0);
	assert_int_equal(yote_reader_skip(rd, 1000, &e), N);
	yote_reader_close(rd);
	fclose(fp);
	/* headers only: moves left empty, plies counted */
	fp = fmemopen(data, len, "rb");
	assert_int_equal(yote_reader_open(fp, "mem", &rd), 0);
	yote_reader_set_flags(rd, YOTE_READ_NO_MOVES);
	for (i = 0; i < N; i++) {
		const struct yote_node *m;

		assert_int_equal(yote_reader_next(rd, &got, &e), 1);
		m = yote_node_get(got->root, "moves");
		assert_non_null(m);
		assert_int_equal(m->n, 0);
		assert_int_equal(yote_reader_plies(rd),
		    yote_node_get(roots[i], "moves")->n);
		assert_non_null(yote_node_get(got->root, "first"));
		yote_record_free(got);
	}
	done_reading(rd, fp, data, roots, N);
}

/* A record that a line can hold: scalars of every style, moves. */
static struct yote_node *
line_game(void)
{
	static const char *const odd[] = { "tab\there", "100%", "a=b",
		"\"quoted", "'single", "|bar", ">gt", "[bracket", "new\nline",
		"", " lead", "trail ", "Ndeye Guèye" };
	struct yote_node *root = map(YAML_BLOCK_MAPPING_STYLE), *moves;
	char key[16];
	int i, n = 1 + (int)rnd(5);

	set(root, "yote", scalar("1", YAML_PLAIN_SCALAR_STYLE));
	for (i = 0; i < n; i++) {
		snprintf(key, sizeof(key), rnd(4) ? "k%d" : "k=%d\t", i);
		set(root, key, scalar(odd[rnd(13)], 1 + (int)rnd(5)));
	}
	moves = seq(YAML_FLOW_SEQUENCE_STYLE);
	assert_int_equal(yote_node_push(moves, scalar("c3", 1)), 0);
	assert_int_equal(yote_node_push(moves, scalar("odd item", 1)), 0);
	assert_int_equal(yote_node_push(moves, scalar("d4", 1)), 0);
	set(root, "moves", moves);
	return root;
}

static void
test_lines(void **state)
{
	enum { N = 60 };
	struct yote_node *roots[N], *bad, *it;
	struct yote_record rec, *got;
	struct yote_reader *rd;
	struct yote_error e;
	char *data = NULL, where[32];
	size_t len = 0, i;
	FILE *fp;

	(void)state;
	fp = open_memstream(&data, &len);
	assert_non_null(fp);
	for (i = 0; i < N; i++) {
		roots[i] = line_game();
		memset(&rec, 0, sizeof(rec));
		rec.root = roots[i];
		assert_int_equal(yote_lines_put(fp, &rec, 0, &e), 0);
	}
	/* annotations: refused, or dropped with LOSSY */
	bad = line_game();
	it = map(YAML_BLOCK_MAPPING_STYLE);
	set(it, "move", scalar("e5", 1));
	set(it, "comment", scalar("!", 1));
	assert_int_equal(yote_node_push(yote_node_get(bad, "moves"), it), 0);
	rec.root = bad;
	yote_error_clear(&e);
	assert_int_equal(yote_lines_put(fp, &rec, 0, &e), YOTE_EVALUE);
	assert_non_null(strstr(e.msg, "annotations"));
	assert_int_equal(yote_lines_put(fp, &rec, YOTE_LINES_LOSSY, &e), 1);
	assert_int_equal(fclose(fp), 0);
	assert_int_equal(data[0], '@');
	fp = fmemopen(data, len, "rb");
	assert_int_equal(yote_reader_open(fp, "mem", &rd), 0);
	assert_int_equal(yote_reader_format(rd), YOTE_FORMAT_LINES);
	for (i = 0; i < N; i++) {
		assert_int_equal(yote_reader_next(rd, &got, &e), 1);
		assert_int_equal(got->line, i + 1);
		snprintf(where, sizeof(where), "line %zu", i + 1);
		node_eq(roots[i], got->root, where);
		yote_record_free(got);
	}
	assert_int_equal(yote_reader_next(rd, &got, &e), 1);
	it = yote_node_get(got->root, "moves");
	assert_int_equal(it->n, 4);
	assert_string_equal(it->kids[3]->text, "e5");
	yote_record_free(got);
	assert_int_equal(yote_reader_next(rd, &got, &e), 0);
	yote_reader_close(rd);
	fclose(fp);
	free(data);
	for (i = 0; i < N; i++)
		yote_node_free(roots[i]);
	yote_node_free(bad);
}

/*
 * test-archive --keys FILE...: every record of every FILE (any format)
 * through an archive in memory (invalid games kept as text) and back,
 * compared key by key; TAP, one test per file.
 */
static int
keys_file(const char *path, char *why, size_t whylen, unsigned long *games)
{
	struct yote_archive_writer *w;
	struct yote_reader *rd;
	struct yote_record **recs = NULL, *rec;
	struct yote_error e;
	char *data = NULL, where[64];
	size_t len = 0, n = 0, cap = 0, i;
	FILE *fp, *mem;
	int rc, bad = 0;

	if ((fp = fopen(path, "rb")) == NULL) {
		snprintf(why, whylen, "cannot open");
		return 1;
	}
	if (yote_reader_open(fp, path, &rd) != 0)
		abort();
	while ((rc = yote_reader_next(rd, &rec, &e)) != 0) {
		if (rc < 0) {
			if (rc == YOTE_EVALUE)
				continue;
			break;
		}
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			if ((recs = realloc(recs, cap * sizeof(*recs))) == NULL)
				abort();
		}
		recs[n++] = rec;
	}
	yote_reader_close(rd);
	fclose(fp);
	*games = n;
	if ((mem = open_memstream(&data, &len)) == NULL ||
	    yote_archive_writer_open(mem, YOTE_ARCHIVE_KEEP_INVALID, &w,
	    &e) != 0)
		abort();
	for (i = 0; i < n; i++)
		if (yote_archive_put(w, recs[i], path, NULL, NULL, &e) < 0) {
			snprintf(why, whylen, "game %lu not stored: %s",
			    recs[i]->game, e.msg);
			bad = 1;
		}
	if (yote_archive_writer_close(w, NULL, &e) != 0 || fclose(mem) != 0)
		abort();
	if ((mem = fmemopen(data, len, "rb")) == NULL ||
	    yote_reader_open(mem, "mem", &rd) != 0)
		abort();
	for (i = 0; i < n && !bad; i++) {
		if (yote_reader_next(rd, &rec, &e) != 1) {
			snprintf(why, whylen, "game %zu: %s", i + 1, e.msg);
			bad = 1;
			break;
		}
		snprintf(where, sizeof(where), "game %lu", recs[i]->game);
		bad = node_diff(recs[i]->root, rec->root, where, why, whylen);
		yote_record_free(rec);
	}
	if (!bad && yote_reader_next(rd, &rec, &e) != 0) {
		snprintf(why, whylen, "more games than written");
		bad = 1;
	}
	yote_reader_close(rd);
	fclose(mem);
	free(data);
	for (i = 0; i < n; i++)
		yote_record_free(recs[i]);
	free(recs);
	return bad;
}

static int
keys_main(int argc, char *argv[])
{
	char why[1024];
	unsigned long games;
	int i, failed = 0;

	printf("1..%d\n", argc);
	for (i = 0; i < argc; i++) {
		why[0] = '\0';
		if (keys_file(argv[i], why, sizeof(why), &games) == 0)
			printf("ok %d - %s: %lu games equal key by key\n", i + 1,
			    argv[i], games);
		else {
			printf("not ok %d - %s: %s\n", i + 1, argv[i], why);
			failed = 1;
		}
	}
	return failed;
}

/* ------------------------------------------------------------ the parts */

/*
 * The parts of the archive format on their own, through the private
 * interface (archive_int.h): bytes, framing, the range coder, the move
 * model and the key/value models.
 */

static void
test_bytes(void **state)
{
	static const uint64_t v[] = { 0, 1, 127, 128, 300, 16383, 16384,
		0xFFFFFFFFULL, 0x100000000ULL, UINT64_MAX };
	static const unsigned char v300[] = { 0xAC, 0x02 };
	struct buf b = { NULL, 0, 0, 0 };
	struct cur c;
	unsigned char h[8];
	size_t i;

	(void)state;
	yote_buf_varint(&b, 300);
	assert_int_equal(b.n, 2);
	assert_memory_equal(b.p, v300, 2);
	b.n = 0;
	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		yote_buf_varint(&b, v[i]);
	yote_buf_put(&b, "tail", 4);
	assert_int_equal(b.oom, 0);
	c = (struct cur){ b.p, b.n, 0, 0 };
	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		assert_true(yote_cur_varint(&c) == v[i]);
	assert_memory_equal(yote_cur_take(&c, 4), "tail", 4);
	assert_int_equal(c.pos, c.n);
	assert_int_equal(c.bad, 0);
	/* past the end: NULL, 0, and bad stays set */
	assert_null(yote_cur_take(&c, 1));
	assert_int_equal(c.bad, 1);
	c = (struct cur){ b.p, 1, 0, 0 };       /* a varint cut short */
	yote_cur_varint(&c);
	yote_cur_varint(&c);
	assert_int_equal(c.bad, 1);
	memset(h, 0x80, sizeof(h));             /* no end within 64 bits */
	b.n = 0;
	for (i = 0; i < 2; i++)
		yote_buf_put(&b, h, sizeof(h));
	c = (struct cur){ b.p, b.n, 0, 0 };
	assert_int_equal(yote_cur_varint(&c), 0);
	assert_int_equal(c.bad, 1);
	put64(h, 0x0102030405060708ULL);
	assert_int_equal(h[0], 8);
	assert_int_equal(h[7], 1);
	assert_true(get64(h) == 0x0102030405060708ULL);
	assert_true(get32(h + 4) == 0x01020304U);
	yote_buf_free(&b);
	assert_null(b.p);
}

static void
test_framing(void **state)
{
	unsigned char m[MEMBER_HEAD], h[BLOCK_HEAD], *big, *back;
	struct buf in = { NULL, 0, 0, 0 }, z = { NULL, 0, 0, 0 };
	size_t i;

	(void)state;
	/* the CRC-32 of zlib, PNG and gzip */
	assert_true(yote_crc((const unsigned char *)"123456789", 9) ==
	    0xCBF43926U);
	assert_true(yote_crc((const unsigned char *)"", 0) == 0);
	yote_arc_member_head(m, YOTE_ARCHIVE_VERSION);
	assert_memory_equal(m, yote_arc_magic, 8);
	assert_int_equal(m[8], YOTE_ARCHIVE_VERSION);
	assert_true(yote_arc_member_head_ok(m));
	assert_true(yote_arc_magic_like(m, 5));
	assert_int_equal(yote_format_detect(m, sizeof(m)), YOTE_FORMAT_ARCHIVE);
	for (i = 0; i < MEMBER_HEAD; i++) {
		m[i] ^= 0x10;
		assert_false(yote_arc_member_head_ok(m));
		m[i] ^= 0x10;
	}
	assert_false(yote_arc_magic_like((const unsigned char *)"yote: 1\n",
	    8));
	/* a block: payload deflated, framed, checked and inflated */
	for (i = 0; i < 100000; i++)
		yote_buf_byte(&in, (unsigned)(rnd(4) == 0 ? rnd(256) : 'a' +
		    i % 7));
	assert_int_equal(yote_arc_deflate(&in, &z), 0);
	assert_true(z.n < in.n);
	yote_arc_block_head(h, 'D', (uint32_t)z.n, (uint32_t)in.n, 7, 42,
	    yote_crc(z.p, z.n));
	assert_true(yote_arc_block_head_ok(h));
	assert_int_equal(h[3], 'D');
	assert_true(get32(h + 4) == z.n && get32(h + 8) == in.n);
	assert_true(get32(h + 12) == 7 && get64(h + 16) == 42);
	for (i = 0; i < BLOCK_HEAD; i++) {
		h[i] ^= 1;
		assert_false(yote_arc_block_head_ok(h));
		h[i] ^= 1;
	}
	back = malloc(in.n);
	assert_non_null(back);
	assert_int_equal(yote_arc_inflate(z.p, z.n, get32(h + 24), back, in.n),
	    0);
	assert_memory_equal(back, in.p, in.n);
	/* a wrong length or a flipped byte */
	assert_int_equal(yote_arc_inflate(z.p, z.n, get32(h + 24), back,
	    in.n - 1), -2);
	z.p[z.n / 2] ^= 4;
	assert_int_equal(yote_arc_inflate(z.p, z.n, get32(h + 24), back, in.n),
	    -1);
	assert_int_equal(yote_arc_inflate(z.p, z.n, yote_crc(z.p, z.n), back,
	    in.n) != 0, 1);
	yote_arc_end_head(h, 1234, 56, 78);
	assert_true(yote_arc_block_head_ok(h));
	assert_int_equal(h[3], 'E');
	assert_true(get64(h + 4) == 1234 && get64(h + 12) == 56 &&
	    get32(h + 20) == 78);
	/* the CRC of a buffer is the CRC of its parts, chained by zlib */
	big = malloc(3 << 20);
	assert_non_null(big);
	for (i = 0; i < 3u << 20; i++)
		big[i] = (unsigned char)(i * 2654435761U >> 24);
	assert_true(yote_crc(big, 3 << 20) == (uint32_t)crc32(crc32(0L,
	    big, 1 << 20), big + (1 << 20), 2 << 20));
	free(big);
	free(back);
	yote_buf_free(&in);
	yote_buf_free(&z);
}

/* One symbol of a random stream for the range coder. */
struct sym {
	int kind;               /* 0 bit, 1 flat, 2 uniform, 3 gamma, 4 tree */
	int ctx;                /* which model */
	uint64_t n;             /* flat, uniform: the range */
	uint64_t v;             /* the value */
};

struct models {
	prob_t bit[8];
	struct gamma gamma[3];
	prob_t tree[3][256];
};

static void
models_init(struct models *m)
{
	int i;

	yote_probs_init(m->bit, 8);
	for (i = 0; i < 3; i++) {
		yote_gamma_init(&m->gamma[i]);
		yote_probs_init(m->tree[i], 256);
	}
}

static uint64_t
code_sym(struct rc *rc, struct models *m, const struct sym *s)
{
	switch (s->kind) {
	case 0:
		return (uint64_t)yote_rc_bit(rc, &m->bit[s->ctx], (int)s->v);
	case 1:
		return yote_rc_flat(rc, (uint32_t)s->v, (uint32_t)s->n);
	case 2:
		return yote_rc_uniform(rc, s->v, s->n);
	case 3:
		return yote_rc_gamma(rc, &m->gamma[s->ctx], s->v);
	default:
		return yote_rc_tree(rc, m->tree[s->ctx], 8, (unsigned)s->v);
	}
}

static void
random_sym(struct sym *s)
{
	static const uint64_t big[] = { 1, 2, 65536, 65537, 1000003,
		0xFFFFFFFFFFFFULL, 1ULL << 63 };

	s->kind = (int)rnd(5);
	s->ctx = (int)rnd(3);
	switch (s->kind) {
	case 0:                 /* skewed: the models have something to learn */
		s->ctx = (int)rnd(8);
		s->v = rnd(16) < (unsigned long)s->ctx * 2;
		break;
	case 1:
		s->n = 1 + rnd(65536);
		s->v = rnd((unsigned long)s->n);
		break;
	case 2:
		s->n = rnd(2) ? big[rnd(7)] : 1 + rnd(1UL << 40);
		s->v = rnd(4) == 0 ? s->n - 1 : rnd(2) ? 0 : (uint64_t)rnd(
		    (unsigned long)(s->n > ULONG_MAX ? ULONG_MAX : s->n));
		break;
	case 3:
		s->v = rnd(3) == 0 ? (uint64_t)rnd(1UL << (rnd(62) + 1)) :
		    rnd(20);
		break;
	default:
		s->v = rnd(256) & (rnd(2) ? 0x0F : 0xFF);
		break;
	}
}

static void
test_rangecoder(void **state)
{
	struct models *em = malloc(sizeof(*em)), *dm = malloc(sizeof(*dm));
	struct buf out = { NULL, 0, 0, 0 }, again = { NULL, 0, 0, 0 };
	struct rc enc, dec;
	struct sym *s;
	size_t n, i;
	int round;

	(void)state;
	assert_non_null(em);
	assert_non_null(dm);
	for (round = 0; round < 40; round++) {
		n = round == 0 ? 0 : 1 + rnd(round < 20 ? 50 : 20000);
		s = calloc(n + 1, sizeof(*s));
		assert_non_null(s);
		for (i = 0; i < n; i++)
			random_sym(&s[i]);
		out.n = 0;
		models_init(em);
		yote_rc_enc_init(&enc, &out);
		for (i = 0; i < n; i++)
			assert_true(code_sym(&enc, em, &s[i]) == s[i].v);
		yote_rc_flush(&enc);
		assert_int_equal(out.oom, 0);
		/* the same symbols give the same bytes */
		again.n = 0;
		models_init(em);
		yote_rc_enc_init(&enc, &again);
		for (i = 0; i < n; i++)
			code_sym(&enc, em, &s[i]);
		yote_rc_flush(&enc);
		assert_int_equal(again.n, out.n);
		assert_memory_equal(again.p, out.p, out.n);
		models_init(dm);
		yote_rc_dec_init(&dec, out.p, out.n);
		for (i = 0; i < n; i++) {
			struct sym d = s[i];

			d.v = 0;
			if (code_sym(&dec, dm, &d) != s[i].v)
				fail_msg("round %d, symbol %zu of %zu (kind %d): "
				    "decoded a different value", round, i, n,
				    s[i].kind);
		}
		assert_int_equal(dec.over, 0);
		free(s);
	}
	/* a stream of likely bits costs far less than a bit each */
	out.n = 0;
	models_init(em);
	yote_rc_enc_init(&enc, &out);
	for (i = 0; i < 80000; i++)
		yote_rc_bit(&enc, &em->bit[0], rnd(100) == 0);
	yote_rc_flush(&enc);
	assert_true(out.n < 80000 / 8 / 4);
	yote_buf_free(&out);
	yote_buf_free(&again);
	free(em);
	free(dm);
}

/* Rank game g's plies, code them, and decode them back from its start. */
static void
moves_roundtrip(struct mover *enc, struct mover *dec, struct buf *out,
    const struct yote_game *g, int model)
{
	const struct yote_rules *r = yote_game_rules(g);
	struct yote_pos q;
	struct rc rc;
	const char *text, *why;
	char want[YOTE_MOVE_TEXT];
	size_t i, n = yote_game_plies(g);

	assert_int_equal((model == 1 ? yote_mover_rank_game :
	    yote_mover2_rank_game)(enc, g), 0);
	out->n = 0;
	yote_mover_init(enc);
	yote_rc_enc_init(&rc, out);
	(model == 1 ? yote_mover_encode : yote_mover2_encode)(enc, &rc, n);
	yote_rc_flush(&rc);
	yote_mover_init(dec);
	yote_rc_dec_init(&rc, out->p, out->n);
	q = *yote_game_pos(g, 0);
	for (i = 0; i < n; i++) {
		assert_int_equal((model == 1 ? yote_mover_decode :
		    yote_mover2_decode)(dec, &rc, r, &q, &text, &why), 0);
		assert_string_equal(text, yote_move_format(r,
		    yote_game_move(g, i + 1), want));
		assert_string_equal(text, (const char *)enc->canon.p +
		    enc->canon_off[i]);
		assert_memory_equal(&q, yote_game_pos(g, i + 1), sizeof(q));
	}
}

/* The built-in rulesets, and the custom ones of tests/rules. */
static const char *const builtin_names[] = { "classic", "traditional",
	"damasi", "ndar-kepp" };
static const char *const custom_names[] = { "chain-any", "chain-nobonus",
	"chain-optional", "hand-bridge", "hand-plain", "huge-chains", "tiny" };
#define NCUSTOM (sizeof(custom_names) / sizeof(custom_names[0]))

/* The custom ruleset tests/rules/<name>.yaml; the caller frees it. */
static struct yote_rules *
test_rules(const char *name)
{
	struct yote_rules *own;
	struct yote_error e;
	char path[256];

	snprintf(path, sizeof(path), "tests/rules/%s.yaml", name);
	yote_error_clear(&e);
	assert_int_equal(yote_rules_load_file(path, &own, &e), 0);
	return own;
}

/*
 * The move models: in positions of random games under every built-in
 * ruleset and the custom ones of tests/rules, every legal move is
 * ranked, coded, and decoded back to the same move; model 2 can code
 * as many moves as the position has, so it codes exactly the legal
 * ones.  Then whole games go through at once.
 */
static void
moves_of(const struct yote_rules *r, int model, unsigned seed_plies)
{
	struct yote_movelist l = { NULL, 0, 0 };
	struct mover enc, dec;
	struct buf out = { NULL, 0, 0, 0 };
	struct yote_game *g, *one;
	struct rc rc;
	const char *text, *why;
	size_t i, k, n, step;
	long nm;

	memset(&enc, 0, sizeof(enc));
	memset(&dec, 0, sizeof(dec));
	assert_non_null(g = yote_game_new(r, NULL));
	/* one random game; every move of every position of it */
	for (n = 0; n < seed_plies; n++) {
		if ((nm = yote_gen_moves(r, yote_game_now(g), &l)) <= 0)
			break;
		if (model == 2)
			assert_int_equal(yote_mover2_count(&enc, r,
			    yote_game_now(g)), (unsigned long long)nm);
		/* thousands of chained captures: a sample of them */
		step = nm > 400 ? (size_t)nm / 200 : 1;
		for (k = rnd(step); k < (size_t)nm; k += step) {
			one = yote_game_new(r, yote_game_now(g));
			assert_non_null(one);
			assert_int_equal(yote_game_play(one, &l.v[k], NULL), 0);
			moves_roundtrip(&enc, &dec, &out, one, model);
			yote_game_free(one);
		}
		assert_int_equal(yote_game_play(g, &l.v[rnd(l.n)], NULL), 0);
	}
	/* the whole game, in one stream, with models that learn */
	moves_roundtrip(&enc, &dec, &out, g, model);
	/* moves decoded where they do not fit: a failure says why */
	yote_rc_dec_init(&rc, out.p, out.n);
	for (i = 0; i < 40; i++) {
		struct yote_pos q = *yote_game_now(g);

		why = NULL;
		if ((model == 1 ? yote_mover_decode : yote_mover2_decode)(&dec,
		    &rc, r, &q, &text, &why) != 0) {
			assert_non_null(why);
			break;
		}
	}
	yote_game_free(g);
	yote_mover_free(&enc);
	yote_mover_free(&dec);
	yote_movelist_free(&l);
	yote_buf_free(&out);
}

static void
test_moves(void **state)
{
	struct yote_rules *own;
	size_t i;
	int model, round;

	(void)state;
	for (model = 1; model <= 2; model++)
		for (i = 0; i < 4; i++)
			moves_of(yote_rules_by_name(builtin_names[i]), model,
			    200);
	for (i = 0; i < NCUSTOM; i++) {
		own = test_rules(custom_names[i]);
		/* model 2 several games: each walks other positions */
		for (round = 0; round < 3; round++)
			moves_of(own, 2, 120);
		yote_rules_free(own);
	}
}

/*
 * The boards of bridges after every move that takes nothing, at once
 * (yote_arc_bridges, and through at_once), against
 * yote_mv_bridge_boards, which tries the moves one by one: bit for bit,
 * for placements and the steps of each direction, from empty boards and
 * from random boards of direct captures (it only adds bits, and skips
 * a move already in both).  Returns how many moves leave a bridge, so
 * that a test can see that its positions had some.
 */
static unsigned long
bridges_in(const struct yote_rules *r, const struct yote_pos *p)
{
	struct bridge_boards b;
	struct ply_ctx c = { r, p, p->side, 0, 0 };
	struct at_once ao;
	uint64_t own = p->pieces[p->side], t, h0[2], h[2], w[2];
	uint64_t empty = r->board & ~(p->pieces[0] | p->pieces[1]);
	unsigned long n = 0;
	int d, round;

	yote_arc_bridges(r, p, &b);
	ao.bridge_ready = 0;
	for (d = 0; d <= 4; d++)
		for (round = 0; round < 2; round++) {
			t = d < 4 ? own & shift_dir(r, empty, d ^ 1) : empty;
			h0[0] = h0[1] = 0;
			if (round) {
				h0[0] = xorshift_next(&rng) &
				    xorshift_next(&rng);
				h0[1] = xorshift_next(&rng) &
				    xorshift_next(&rng);
			}
			w[0] = h0[0];
			w[1] = h0[1];
			yote_mv_bridge_boards(r, p, d, t, &w[0], &w[1]);
			h[0] = h0[0] | (b.opp_capture[d] & t);
			h[1] = h0[1] | (b.mover_capture[d] & t);
			if (h[0] != w[0] || h[1] != w[1])
				fail_msg("side %d, board %llx/%llx, kind %d: "
				    "opponent %llx not %llx, mover %llx not "
				    "%llx",
				    p->side,
				    (unsigned long long)p->pieces[0],
				    (unsigned long long)p->pieces[1], d,
				    (unsigned long long)h[0],
				    (unsigned long long)w[0],
				    (unsigned long long)h[1],
				    (unsigned long long)w[1]);
			if (!round)
				n += (unsigned long)popcount64(h[0]) +
				    (unsigned long)popcount64(h[1]);
			/* as quiet_moves asks, the boards found once */
			h[0] = h0[0];
			h[1] = h0[1];
			yote_arc_bridge_boards(&c, &ao, d, t, &h[0], &h[1]);
			assert_true(h[0] == w[0] && h[1] == w[1]);
		}
	return n;
}

/* Random pieces, a density per position from empty to full, and a side. */
static unsigned long
bridges_random(const struct yote_rules *r, int count)
{
	struct yote_pos p;
	unsigned long n = 0;
	unsigned dens, bias;
	int i, sq;

	for (i = 0; i < count; i++) {
		memset(&p, 0, sizeof(p));
		dens = (unsigned)rnd(101);
		bias = (unsigned)rnd(101);
		for (sq = 0; sq < r->width * r->height; sq++)
			if (rnd(100) < dens)
				p.pieces[rnd(100) < bias] |= BIT(sq);
		p.side = (uint8_t)rnd(2);
		n += bridges_in(r, &p);
	}
	return n;
}

/* The positions of random games, both sides to move. */
static unsigned long
bridges_games(const struct yote_rules *r, int count)
{
	struct yote_movelist l = { NULL, 0, 0 };
	struct yote_game *g;
	unsigned long n = 0;
	long nm;
	int i;

	for (i = 0; i < count; i++) {
		assert_non_null(g = yote_game_new(r, NULL));
		while ((nm = yote_gen_moves(r, yote_game_now(g), &l)) > 0 &&
		    yote_game_plies(g) < 300) {
			n += bridges_in(r, yote_game_now(g));
			assert_int_equal(yote_game_play(g,
			    &l.v[rnd((unsigned long)nm)], NULL), 0);
		}
		yote_game_free(g);
	}
	yote_movelist_free(&l);
	return n;
}

/*
 * The classes model 2 gives the moves that take nothing, from boards
 * (yote_arc_boards, its self-jump boards, the bridges), against each
 * move played and the position after it asked, under ruleset r: every
 * placement, step and plain self-jump of every position of `games`
 * random games.  Returns the moves compared.
 */
static unsigned long
classes_games(const struct yote_rules *r, int games)
{
	struct yote_movelist l = { NULL, 0, 0 };
	struct yote_game *g;
	struct at_once ao;
	struct ply_ctx c;
	unsigned long n = 0;
	long nm;
	size_t k;
	int i, ply, d, s;

	for (i = 0; i < games; i++) {
		assert_non_null(g = yote_game_new(r, NULL));
		for (ply = 0; ply < 300; ply++) {
			const struct yote_pos *p = yote_game_now(g);

			if ((nm = yote_gen_moves(r, p, &l)) <= 0)
				break;
			memset(&c, 0, sizeof(c));
			c.r = r;
			c.p = p;
			c.side = s = p->side;
			yote_arc_boards(&c, &ao);
			for (k = 0; k < (size_t)nm; k++) {
				const struct yote_move *m = &l.v[k];
				uint64_t opp_capture, mover_capture;
				struct yote_pos q = *p;

				if (yote_move_is_capture(m) ||
				    (r->opening == YOTE_OPEN_FIRST_PLACE &&
				    p->ply + 1 <= 2))
					continue;
				for (d = 0; d < 4 && m->kind != YOTE_PLACE &&
				    (m->kind == YOTE_STEP ? r->adj :
				    r->jump)[m->from][d] != m->seg_to[0]; d++)
					;
				opp_capture = m->kind == YOTE_PLACE ?
				    ao.place_opp_capture :
				    m->kind == YOTE_STEP ?
				    ao.step_opp_capture[d] :
				    ao.selfjump_opp_capture[d];
				mover_capture = m->kind == YOTE_PLACE ?
				    ao.place_mover_capture :
				    m->kind == YOTE_STEP ?
				    ao.step_mover_capture[d] :
				    ao.selfjump_mover_capture[d];
				if (r->selfjump == YOTE_SJ_BRIDGE)
					yote_arc_bridge_boards(&c, &ao,
					    m->kind == YOTE_PLACE ? 4 : d,
					    BIT(m->from), &opp_capture,
					        &mover_capture);
				yote_pos_play(r, &q, m);
				if ((int)(opp_capture >> m->from & 1) !=
				    yote_pos_has_capture(r, &q, !s) ||
				    (int)(mover_capture >> m->from & 1) !=
				    yote_pos_has_capture(r, &q, s)) {
					char pos[YOTE_POS_TEXT], mt[YOTE_MOVE_TEXT];

					yote_pos_format(r, p, pos);
					fail_msg("%s, %s: classes %d %d, played %d %d",
					    pos, yote_move_format(r, m, mt),
					    (int)(opp_capture >> m->from & 1),
					    (int)(mover_capture >> m->from & 1),
					    yote_pos_has_capture(r, &q, !s),
					    yote_pos_has_capture(r, &q, s));
				}
				n++;
			}
			assert_int_equal(yote_game_play(g, &l.v[rnd(l.n)],
			    NULL), 0);
		}
		yote_game_free(g);
	}
	yote_movelist_free(&l);
	return n;
}

/* classes_games under every built-in ruleset and the custom ones. */
static void
test_classes(void **state)
{
	static const char *const files[] = { "hand-plain", "hand-bridge",
		"chain-optional", "chain-any" };
	struct yote_rules *own;
	size_t i;

	(void)state;
	for (i = 0; i < 4; i++)
		assert_true(classes_games(yote_rules_by_name(builtin_names[i]),
		    30) > 10000);
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		own = test_rules(files[i]);
		assert_true(classes_games(own, 20) > 1000);
		yote_rules_free(own);
	}
}

static void
test_bridges(void **state)
{
	static const char *const files[] = { "hand-bridge", "huge-chains" };
	const struct yote_rules *r = yote_rules_by_name("traditional");
	struct yote_rules *own;
	size_t i;

	(void)state;
	assert_true(bridges_games(r, 60) > 1000);
	assert_true(bridges_random(r, 20000) > 10000);
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		own = test_rules(files[i]);
		assert_true(bridges_games(own, 20) > 100);
		assert_true(bridges_random(own, 20000) > 10000);
		yote_rules_free(own);
	}
}

/*
 * The move-scoring rule is defined once (score_rule, archive_int.h) and
 * yote_arc_score_by_play applies it to the position after the move as
 * the library plays and judges it.  Every faster way both move models
 * score a move must give the same number, or an archive written by one
 * path does not read back by another: yote_arc_score (model 1's
 * encoder), yote_arc_capture_score and quiet_score (its decoder), and
 * the boards at once of the encoder (yote_arc_moves_at_once) and of the
 * decoder (yote_arc_boards_at_once, with the bridges added move by
 * move), read through score_quiet as the models read them.  `seen`
 * counts the moves each path scored, so that the test can see that it
 * tried every one, and the moves that end the game.
 */
enum { SP_SCORE, SP_CAPTURE, SP_QUIET, SP_ENC_BOARDS, SP_DEC_BOARDS,
	SP_ENDS, SP_N };

static void
score_mismatch(const struct yote_rules *r, const struct yote_pos *p,
    const struct yote_move *m, const char *path, long got, long want)
{
	char pos[YOTE_POS_TEXT], mt[YOTE_MOVE_TEXT];

	yote_pos_format(r, p, pos);
	fail_msg("%s, %s: %s gives %ld, the rule %ld", pos,
	    yote_move_format(r, m, mt), path, got, want);
}

static void
score_paths_in(const struct yote_rules *r, const struct yote_pos *p,
    const struct yote_movelist *l, unsigned long seen[SP_N])
{
	struct ply_ctx c;
	struct at_once enc, dec, quick;
	size_t k, nstep = 0;
	int s = p->side, quick_ok, dec_ok, bridges, no_capture_yet, d;

	c.r = r;
	c.p = p;
	c.side = s;
	c.mover_left = yote_pos_remaining(p, s);
	c.opp_left = yote_pos_remaining(p, !s);
	for (k = 0; k < l->n; k++)
		nstep += l->v[k].kind == YOTE_STEP;
	bridges = r->selfjump == YOTE_SJ_BRIDGE;
	no_capture_yet = r->opening == YOTE_OPEN_FIRST_PLACE &&
	    p->ply + 1 <= 2;
	yote_arc_moves_at_once(&c, nstep, &enc);
	quick_ok = yote_arc_at_once(&c, 1, &quick);
	dec_ok = !yote_over_unless_blocked(r, p);
	yote_arc_boards_at_once(&c, bridges, &dec);
	for (k = 0; k < l->n; k++) {
		const struct yote_move *m = &l->v[k];
		long want = yote_arc_score_by_play(r, p, m), got;
		struct yote_pos q = *p;
		struct yote_outcome o;
		uint64_t opp_capture, mover_capture;
		int place = m->kind == YOTE_PLACE;

		yote_pos_play(r, &q, m);
		yote_pos_outcome(r, &q, &o);
		seen[SP_ENDS] += o.term != YOTE_TERM_NONE;
		if ((got = yote_arc_score(&c, m)) != want)
			score_mismatch(r, p, m, "yote_arc_score", got, want);
		seen[SP_SCORE]++;
		if (yote_move_is_capture(m)) {
			if ((got = yote_arc_capture_score(&c, m)) != want)
				score_mismatch(r, p, m,
				    "yote_arc_capture_score", got, want);
			seen[SP_CAPTURE]++;
			continue;
		}
		if (quick_ok && (quick.place || !place)) {
			if ((got = quiet_score(&c, m)) != want)
				score_mismatch(r, p, m, "quiet_score", got,
				    want);
			seen[SP_QUIET]++;
		}
		if (m->kind == YOTE_SELFJUMP)
			continue;
		for (d = 0; !place && r->adj[m->from][d] != m->seg_to[0]; d++)
			;
		if (place ? enc.place : enc.step) {
			opp_capture = place ? enc.place_opp_capture :
			    enc.step_opp_capture[d];
			mover_capture = place ? enc.place_mover_capture :
			    enc.step_mover_capture[d];
			got = score_quiet(opp_capture >> m->from & 1,
			    mover_capture >> m->from & 1, place);
			if (got != want)
				score_mismatch(r, p, m, "the encoder's boards",
				    got, want);
			seen[SP_ENC_BOARDS]++;
		}
		if (dec_ok && (place ? dec.place : dec.step)) {
			opp_capture = place ? dec.place_opp_capture :
			    dec.step_opp_capture[d];
			mover_capture = place ? dec.place_mover_capture :
			    dec.step_mover_capture[d];
			if (bridges && !no_capture_yet)
				yote_mv_bridge_boards(r, p, place ? 4 : d,
				    BIT(m->from), &opp_capture,
				    &mover_capture);
			got = score_quiet(opp_capture >> m->from & 1,
			    mover_capture >> m->from & 1, place);
			if (got != want)
				score_mismatch(r, p, m, "the decoder's boards",
				    got, want);
			seen[SP_DEC_BOARDS]++;
		}
	}
}

/* score_paths_in for every position of `games` random games of r. */
static void
score_paths_games(const struct yote_rules *r, int games,
    unsigned long seen[SP_N])
{
	struct yote_movelist l = { NULL, 0, 0 };
	struct yote_game *g;
	long nm;
	int i;

	for (i = 0; i < games; i++) {
		assert_non_null(g = yote_game_new(r, NULL));
		while ((nm = yote_gen_moves(r, yote_game_now(g), &l)) > 0 &&
		    yote_game_plies(g) < 300) {
			/* thousands of chained captures: the first 400 */
			if (l.n > 400)
				l.n = 400;
			score_paths_in(r, yote_game_now(g), &l, seen);
			assert_int_equal(yote_game_play(g, &l.v[rnd(l.n)],
			    NULL), 0);
		}
		yote_game_free(g);
	}
	yote_movelist_free(&l);
}

static void
test_score_rule(void **state)
{
	unsigned long seen[SP_N];
	struct yote_rules *own;
	size_t i;
	int k;

	(void)state;
	for (k = 0; k < 8; k++)
		assert_int_equal(yote_arc_class_score[k],
		    score_quiet(k >> 1 & 1, k & 1, k >> 2));
	memset(seen, 0, sizeof(seen));
	for (i = 0; i < 4; i++)
		score_paths_games(yote_rules_by_name(builtin_names[i]), 30,
		    seen);
	for (i = 0; i < NCUSTOM; i++) {
		own = test_rules(custom_names[i]);
		score_paths_games(own, 12, seen);
		yote_rules_free(own);
	}
	for (k = 0; k < SP_N; k++)
		if (seen[k] < 100)
			fail_msg("path %d scored only %lu moves", k, seen[k]);
}

/*
 * The key/value models: random record trees, several to a block so that
 * the models have a past, coded with their heads and decoded equal.
 */
static void
test_keys(void **state)
{
	static const char *const start = "w:a1,b2 b:c3 h:10,10 w";
	const struct yote_rules *r = yote_rules_by_name("classic");
	struct yote_node *roots[60], *back;
	struct yote_arena *arena;
	struct buf tree = { NULL, 0, 0, 0 }, lit = { NULL, 0, 0, 0 };
	struct tree_coder *h = malloc(sizeof(*h));
	struct game_ctx g;
	char *st, where[32], why[512];
	uint32_t ri;
	int raw, mode;
	size_t i, n = sizeof(roots) / sizeof(roots[0]);

	(void)state;
	assert_non_null(h);
	for (i = 0; i < n; i++)
		roots[i] = random_game(r, (int)rnd(2));
	yote_keys_init(h);
	yote_rc_enc_init(&h->rc, &tree);
	h->lit_out = &lit;
	for (i = 0; i < n; i++) {
		memset(&g, 0, sizeof(g));
		g.raw = 1;      /* moves as text: this part on its own */
		assert_int_equal(yote_keys_enc_head(h, i % 3 == 0,
		    (uint32_t)(i % 5), (int)(i % 3), start), 0);
		assert_int_equal(yote_keys_enc_tree(h, roots[i], &g), 0);
	}
	yote_rc_flush(&h->rc);
	yote_keys_free(h);
	assert_int_equal(tree.oom || lit.oom, 0);
	yote_keys_init(h);
	yote_rc_dec_init(&h->rc, tree.p, tree.n);
	h->lit.p = lit.p;
	h->lit.n = lit.n;
	memset(&g, 0, sizeof(g));
	for (i = 0; i < n; i++) {
		assert_int_equal(yote_keys_dec_head(h, 5, &raw, &ri, &mode, &st),
		    0);
		assert_int_equal(raw, i % 3 == 0);
		if (!raw) {
			assert_int_equal(ri, i % 5);
			assert_int_equal(mode, (int)(i % 3));
			if (mode == START_TEXT)
				assert_string_equal(st, start);
		}
		free(st);
		g.raw = 1;
		assert_int_equal(yote_keys_dec_tree(h, &g, &back, &arena), 0);
		snprintf(where, sizeof(where), "game %zu", i + 1);
		if (node_diff(roots[i], back, where, why, sizeof(why)) != 0)
			fail_msg("%s", why);
		yote_node_free(back);
		yote_arena_free(arena);
	}
	assert_int_equal(h->bad, 0);
	assert_int_equal(h->lit.pos, h->lit.n);
	/* a ruleset index past the block's table is bad data */
	yote_keys_free(h);
	yote_keys_init(h);
	yote_rc_dec_init(&h->rc, tree.p, tree.n);
	h->lit.p = lit.p;
	h->lit.n = lit.n;
	assert_int_equal(yote_keys_dec_head(h, 5, &raw, &ri, &mode, &st), 0);
	free(st);
	assert_int_equal(yote_keys_dec_tree(h, &g, &back, &arena), 0);
	yote_node_free(back);
	yote_arena_free(arena);
	assert_int_equal(yote_keys_dec_head(h, 1, &raw, &ri, &mode, &st), -1);
	assert_non_null(h->why);
	yote_keys_free(h);
	for (i = 0; i < n; i++)
		yote_node_free(roots[i]);
	yote_buf_free(&tree);
	yote_buf_free(&lit);
	free(h);
}

/*
 * A classic game of n plies in canonical texts (random legal moves), as
 * an archive stores them: the checker may take its moves as decoded.
 */
static struct yote_node *
plain_game(unsigned long n)
{
	const struct yote_rules *r = yote_rules_by_name("classic");
	struct yote_node *root = map(YAML_BLOCK_MAPPING_STYLE), *moves;
	struct yote_movelist l = { NULL, 0, 0 };
	struct yote_pos p;
	char text[YOTE_MOVE_TEXT];
	unsigned long i;

	yote_pos_start(r, &p);
	set(root, "yote", scalar("1", YAML_PLAIN_SCALAR_STYLE));
	moves = seq(YAML_FLOW_SEQUENCE_STYLE);
	for (i = 0; i < n && yote_gen_moves(r, &p, &l) > 0; i++) {
		const struct yote_move *m = &l.v[rnd(l.n)];

		assert_int_equal(yote_node_push(moves, scalar(yote_move_format(r,
		    m, text), YAML_PLAIN_SCALAR_STYLE)), 0);
		yote_pos_play(r, &p, m);
	}
	set(root, "moves", moves);
	yote_movelist_free(&l);
	return root;
}

/*
 * Moves read from an archive come with the moves decoded (legal by
 * construction), and the checker plays them without proving them again;
 * but a record edited after reading is checked from its texts again,
 * and the claimed result is always checked.
 */
static void
test_decoded_moves(void **state)
{
	enum { N = 12 };
	struct yote_node *roots[N];
	struct yote_checker *ck = yote_checker_new();
	struct yote_reader *rd;
	struct yote_record *got;
	struct yote_game_info info;
	struct yote_node *moves;
	struct yote_error e;
	char *data;
	size_t len, i;
	FILE *fp;

	(void)state;
	assert_non_null(ck);
	for (i = 0; i < N; i++)
		roots[i] = plain_game(6 + i);
	data = make_archive(roots, N, 5, &len);
	fp = fmemopen(data, len, "rb");
	assert_int_equal(yote_reader_open(fp, "mem", &rd), 0);
	for (i = 0; i < N; i++) {
		assert_int_equal(yote_reader_next(rd, &got, &e), 1);
		assert_non_null(got->played);
		moves = yote_node_get(got->root, "moves");
		assert_int_equal(yote_checker_play(ck, got, "mem", &info, NULL,
		    NULL, NULL), 0);
		assert_int_equal(info.played, moves->n);
		switch (i % 3) {
		case 0: /* the third move put where the first is: illegal */
			assert_int_equal(yote_node_set_text(moves->kids[2],
			    moves->kids[0]->text, moves->kids[0]->len), 0);
			assert_int_equal(yote_checker_play(ck, got, "mem", &info,
			    NULL, NULL, NULL), 1);
			assert_int_equal(info.played, 2);
			break;
		case 1: /* a result the game does not have */
			set(got->root, "result", scalar("1-0",
			    YAML_PLAIN_SCALAR_STYLE));
			assert_int_equal(yote_checker_play(ck, got, "mem", &info,
			    NULL, NULL, NULL), 1);
			break;
		default: /* one move fewer: still legal */
			yote_node_free(moves->kids[--moves->n]);
			assert_int_equal(yote_checker_play(ck, got, "mem", &info,
			    NULL, NULL, NULL), 0);
			assert_int_equal(info.played, moves->n);
			break;
		}
		yote_record_free(got);
	}
	done_reading(rd, fp, data, roots, N);
	yote_checker_free(ck);
}

/*
 * The position sets (archive_hash.c): every key put in is found, alone
 * and among others asked about; a key not put in is found about once in
 * 2^bits; a set of an unknown kind is no set.
 */
static void
test_hset(void **state)
{
	static const int bits[] = { 1, 4, 8, 16 };
	static const size_t sizes[] = { 1, 100, 5000 };
	struct buf b = { NULL, 0, 0, 0 };
	uint64_t *key, *copy, q[3];
	size_t bi, si, i, n, distinct, fp, tries = 20000;
	double rate;

	(void)state;
	key = malloc(5000 * sizeof(*key));
	copy = malloc(5000 * sizeof(*copy));
	assert_non_null(key);
	assert_non_null(copy);
	for (bi = 0; bi < sizeof(bits) / sizeof(bits[0]); bi++)
		for (si = 0; si < sizeof(sizes) / sizeof(sizes[0]); si++) {
			n = sizes[si];
			for (i = 0; i < n; i++)   /* a few repeats among them */
				copy[i] = key[i] = i % 7 == 6 ? key[i - 1] :
				    xorshift_next(&rng);
			b.n = 0;
			assert_int_equal(yote_hset_encode(&b, key, n, bits[bi],
			    &distinct), 0);
			assert_true(distinct <= n && distinct >= n - n / 7);
			for (i = 0; i < n; i++)
				assert_int_equal(yote_hset_find(b.p, b.n,
				    &copy[i], 1), 1);
			/* among others: sorted, distinct */
			q[0] = 0;
			q[1] = copy[n / 2];
			q[2] = UINT64_MAX;
			if (q[1] == 0 || q[1] == UINT64_MAX)
				continue;
			assert_int_equal(yote_hset_find(b.p, b.n, q, 3), 1);
			for (fp = i = 0; i < tries; i++) {
				q[0] = xorshift_next(&rng);
				fp += yote_hset_find(b.p, b.n, q, 1) == 1;
			}
			rate = (double)fp / (double)tries;
			if (n >= 100 && bits[bi] <= 8)
				assert_true(rate > 0.5 / (1 << bits[bi]) &&
				    rate < 2.0 / (1 << bits[bi]));
			else if (n >= 100)
				assert_true(fp < 10);
		}
	b.p[0] = 9;     /* a kind of set this reader does not know */
	assert_int_equal(yote_hset_find(b.p, b.n, key, 1), -1);
	yote_buf_free(&b);
	free(key);
	free(copy);
}

int
main(int argc, char *argv[])
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_detect),
		cmocka_unit_test(test_features),
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_skip),
		cmocka_unit_test(test_lines),
		cmocka_unit_test(test_bytes),
		cmocka_unit_test(test_framing),
		cmocka_unit_test(test_rangecoder),
		cmocka_unit_test(test_moves),
		cmocka_unit_test(test_bridges),
		cmocka_unit_test(test_classes),
		cmocka_unit_test(test_score_rule),
		cmocka_unit_test(test_keys),
		cmocka_unit_test(test_decoded_moves),
		cmocka_unit_test(test_hset),
	};

	if (argc > 1 && strcmp(argv[1], "--keys") == 0)
		return keys_main(argc - 2, argv + 2);

	return cmocka_run_group_tests(tests, NULL, NULL);
}
