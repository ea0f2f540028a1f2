/*
 * test-archive.c - cmocka tests of archives and the lines format through
 * the library: record trees written and read back must be equal node by
 * node (type, text and length, tag, style, key order), for hand-made
 * records with every feature and for seeded random ones under every
 * built-in ruleset.
 *
 * Run with CMOCKA_MESSAGE_OUTPUT=TAP for prove (tests/archive-api.t does).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <yaml.h>

#include "yote.h"

/* ------------------------------------------------------------ helpers */

static uint64_t rng = 88172645463325252ULL;

static unsigned long
rnd(unsigned long n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned long)(rng % n);
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

static struct yote_node *
scalar(const char *text, int style)
{
	struct yote_node *n = yote_node_scalar(text);

	assert_non_null(n);
	n->style = style;
	return n;
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
	struct yote_node *n = yote_node_seq();

	assert_non_null(n);
	n->style = style;
	return n;
}

static struct yote_node *
map(int style)
{
	struct yote_node *n = yote_node_map();

	assert_non_null(n);
	n->style = style;
	return n;
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
	yote_reader_close(rd);
	fclose(fp);
	free(data);
	for (i = 0; i < N; i++)
		yote_node_free(roots[i]);
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

int
main(int argc, char *argv[])
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_detect),
		cmocka_unit_test(test_features),
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_skip),
		cmocka_unit_test(test_lines),
	};

	if (argc > 1 && strcmp(argv[1], "--keys") == 0)
		return keys_main(argc - 2, argv + 2);

	return cmocka_run_group_tests(tests, NULL, NULL);
}
