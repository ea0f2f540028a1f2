/*
 * test-node.c - cmocka tests of record nodes (src/node.c) and their
 * arenas: a record read from YAML keeps its nodes in an arena of its own,
 * and every edit a tool makes to such a tree (push, set, remove, new
 * text, a node moved under a new one, a copy kept beyond the record)
 * must neither leak nor free twice.  `make asan check` runs these under
 * AddressSanitizer, which is what sees a leak or a double free; here the
 * values are checked.  Also the YAML reader's plain lines
 * (src/record/plain_lines.c): the vector scan against the portable one,
 * on chosen texts and random ones.  Run with CMOCKA_MESSAGE_OUTPUT=TAP
 * (tests/node.t).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "yote.h"
#include "yote_fmt.h"

static const char doc[] =
    "yote: 1\n"
    "event: !!str Club night\n"
    "moves: [c3, d4, {move: b2, comment: a quiet move}]\n"
    "x-deep: {a: [1, [2, [3, {b: c}]]], e: []}\n"
    "---\n"
    "yote: 1\n"
    "moves: [c3, d4, e5\n"            /* cut short: a syntax error */
    "---\n"
    "yote: 1\n"
    "moves: []\n";

/* The records of text, read as a YAML stream: how many (at most max). */
static int
read_all(const char *text, struct yote_record **recs, int max)
{
	struct yote_reader *rd;
	struct yote_record *rec;
	struct yote_error e;
	FILE *fp = tmpfile();
	int n = 0, rc;

	assert_non_null(fp);
	assert_int_equal(fputs(text, fp) >= 0, 1);
	rewind(fp);
	assert_int_equal(yote_reader_open(fp, "test", &rd), 0);
	while ((rc = yote_reader_next(rd, &rec, &e)) != 0) {
		if (rc == 1 && n < max)
			recs[n++] = rec;
		else if (rc == 1)
			yote_record_free(rec);
	}
	yote_reader_close(rd);
	fclose(fp);
	return n;
}

/* A record read from YAML: its nodes, tags and lines as written. */
static void
test_read_tree(void **state)
{
	struct yote_record *recs[4];
	const struct yote_node *ev, *moves, *deep;

	(void)state;
	assert_int_equal(read_all(doc, recs, 4), 2);
	assert_non_null(recs[0]->arena);
	ev = yote_node_get(recs[0]->root, "event");
	assert_true(yote_node_is(ev, "Club night"));
	assert_string_equal(ev->tag, "tag:yaml.org,2002:str");
	assert_int_equal(ev->line, 2);
	assert_int_equal(ev->col, 8);
	moves = yote_node_get(recs[0]->root, "moves");
	assert_int_equal(moves->n, 3);
	assert_int_equal(moves->style, YOTE_STYLE_FLOW);
	assert_true(yote_node_is(yote_node_get(moves->kids[2], "comment"),
	    "a quiet move"));
	assert_int_equal(moves->kids[2]->col, 17);
	deep = yote_node_get(recs[0]->root, "x-deep");
	assert_int_equal(deep->n, 4);
	assert_int_equal(yote_node_get(deep, "e")->n, 0);
	assert_true(yote_node_is(yote_node_get(yote_node_get(deep,
	    "a")->kids[1]->kids[1]->kids[1], "b"), "c"));
	assert_int_equal(recs[1]->game, 3);
	assert_int_equal(yote_node_get(recs[1]->root, "moves")->n, 0);
	yote_record_free(recs[0]);
	yote_record_free(recs[1]);
}

/* Every edit a tool makes to a tree read from YAML, then the record
 * freed: heap nodes in an arena's tree, arena nodes under heap ones. */
static void
test_edit_arena_tree(void **state)
{
	struct yote_record *rec;
	struct yote_node *root, *moves, *map, *item, *copy;
	int i;

	(void)state;
	assert_int_equal(read_all(doc, &rec, 1), 1);
	root = rec->root;
	moves = yote_node_get(root, "moves");
	/* the arena's array of kids grows into the heap's */
	for (i = 0; i < 40; i++)
		assert_int_equal(yote_node_push(moves, yote_node_scalar("a1")),
		    0);
	assert_int_equal(moves->n, 43);
	assert_true(yote_node_is(moves->kids[1], "d4"));
	assert_true(yote_node_is(moves->kids[42], "a1"));
	/* an arena's value replaced, an arena's key removed */
	assert_int_equal(yote_node_set(root, "event", yote_node_scalar("Cup")),
	    0);
	assert_true(yote_node_is(yote_node_get(root, "event"), "Cup"));
	assert_int_equal(yote_node_remove(root, "x-deep"), 1);
	assert_null(yote_node_get(root, "x-deep"));
	/* an arena's scalar given new text */
	assert_int_equal(yote_node_set_text(moves->kids[0], "c4", 2), 0);
	assert_true(yote_node_is(moves->kids[0], "c4"));
	/* an arena's node moved under a new heap mapping put in its place,
	 * as analysis.c does with a move */
	item = moves->kids[1];
	moves->kids[1] = NULL;
	assert_non_null(map = yote_node_map());
	assert_int_equal(yote_node_set(map, "move", item), 0);
	moves->kids[1] = map;
	assert_int_equal(yote_node_set(map, "comment",
	    yote_node_scalar("sharp")), 0);
	/* a heap tag on an arena node that had none */
	assert_non_null(moves->kids[2]->tag == NULL ?
	    (moves->kids[2]->tag = strdup("!m")) : NULL);
	/* a copy outlives the record */
	copy = yote_node_copy(root);
	assert_non_null(copy);
	yote_record_free(rec);
	moves = yote_node_get(copy, "moves");
	assert_true(yote_node_is(yote_node_get(moves->kids[1], "move"), "d4"));
	assert_true(yote_node_is(moves->kids[0], "c4"));
	assert_string_equal(moves->kids[2]->tag, "!m");
	assert_int_equal(moves->n, 43);
	yote_node_free(copy);
}

/* An arena on its own: blocks of every size, aligned nodes, a tree freed
 * node by node first (nothing of the arena's freed), then the arena. */
static void
test_arena_blocks(void **state)
{
	struct yote_arena *a;
	struct yote_node *seq, *kids[300], *big;
	char *text;
	size_t i, len = 300000;

	(void)state;
	assert_non_null(a = yote_arena_new(0));
	assert_int_equal(yote_arena_used(a), 0);
	assert_non_null(seq = yote_arena_collection(a, YOTE_NODE_SEQ));
	for (i = 0; i < 300; i++) {
		char t[2] = { (char)('a' + i % 26), '\0' };

		assert_non_null(kids[i] = yote_arena_scalar(a, t, i % 7 == 0 ?
		    0 : 1));
		assert_int_equal((uintptr_t)kids[i] % sizeof(void *), 0);
	}
	assert_non_null(text = malloc(len));
	memset(text, 'z', len);
	assert_non_null(big = yote_arena_scalar(a, text, len));
	free(text);
	assert_int_equal(big->len, len);
	assert_int_equal(big->text[len], '\0');
	assert_int_equal(yote_arena_set_tag(a, big, "!big"), 0);
	assert_int_equal(yote_arena_set_kids(a, seq, kids, 300), 0);
	assert_int_equal(yote_node_push(seq, big), 0);
	assert_int_equal(seq->n, 301);
	assert_true(yote_node_is(seq->kids[1], "b"));
	assert_true(yote_node_is(seq->kids[7], ""));
	assert_string_equal(seq->kids[300]->tag, "!big");
	assert_true(yote_arena_used(a) > len);
	yote_node_free(seq);
	yote_arena_free(a);
	yote_arena_free(NULL);
	/* a hint makes the first block; a huge one is bounded */
	assert_non_null(a = yote_arena_new(100000));
	assert_non_null(yote_arena_scalar(a, "x", 1));
	yote_arena_free(a);
	assert_non_null(a = yote_arena_new((size_t)1 << 40));
	yote_arena_free(a);
}

/* The run of plain lines at the start of text (len bytes, copied to a
 * buffer of its own size, so that AddressSanitizer sees a read past it),
 * both ways, which must agree; the vector one's is returned. */
static struct yote_plain_run
plain_run(const char *text, size_t len)
{
	struct yote_plain_run v, w;
	unsigned char *b = malloc(len > 0 ? len : 1);

	assert_non_null(b);
	memcpy(b, text, len);
	yote_plain_lines(b, len, &v);
	yote_plain_lines_portable(b, len, &w);
	free(b);
	assert_int_equal(v.bytes, w.bytes);
	assert_int_equal(v.value, w.value);
	assert_int_equal(v.lines, w.lines);
	if (v.lines > 0)
		assert_int_equal(v.last, w.last);
	return v;
}

#define PLAIN(text) plain_run(text, sizeof(text) - 1)

static void
test_plain_lines(void **state)
{
	/* bytes a random text is made of: a line's, and each that stops a
	 * run or is not plain */
	static const char pick[] = "ab:  \t\t\n\n\n#-.%\r\x01\x7F\xC3\x80xyz0";
	struct yote_plain_run r;
	char text[300];
	uint64_t s = 12345;
	size_t i, len, n;

	(void)state;
	r = PLAIN("a: 1\n  b\n-x\n");
	assert_int_equal(r.bytes, 9);
	assert_int_equal(r.lines, 2);
	assert_int_equal(r.last, 3);
	assert_int_equal(r.value, 9);
	/* a comment and a blank line are no value's bytes */
	r = PLAIN("# note\n \t \nkey: value\n");
	assert_int_equal(r.bytes, 22);
	assert_int_equal(r.lines, 3);
	assert_int_equal(r.value, 11);
	/* a control byte, a CR, a byte of UTF-8 end the run at its line */
	assert_int_equal(PLAIN("first line here\nsecond \x01 line\n").bytes, 16);
	assert_int_equal(PLAIN("a line of more than sixteen bytes\r\n").bytes, 0);
	assert_int_equal(PLAIN("moves: [a1]\nevent: Caf\xC3\xA9\n").bytes, 12);
	/* a line cut short by the block is not taken; nor one after '.' */
	assert_int_equal(PLAIN("moves: [a1, b2,\n  c3").bytes, 16);
	assert_int_equal(PLAIN("x: 1\n...\n").bytes, 5);
	assert_int_equal(PLAIN("").bytes, 0);
	assert_int_equal(PLAIN("---\n").bytes, 0);
	/* and random texts, long lines and short, both ways the same */
	for (n = 0; n < 20000; n++) {
		len = (size_t)((s = s * 6364136223846793005u +
		    1442695040888963407u) >> 33) % sizeof(text);
		for (i = 0; i < len; i++) {
			s = s * 6364136223846793005u + 1442695040888963407u;
			/* mostly letters, now and then anything */
			text[i] = (s >> 40) % 8 != 0 ? "abcdefgh :,"
			    [(s >> 20) % 11] : pick[(s >> 24) %
			    (sizeof(pick) - 1)];
		}
		(void)plain_run(text, len);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read_tree),
		cmocka_unit_test(test_edit_arena_tree),
		cmocka_unit_test(test_arena_blocks),
		cmocka_unit_test(test_plain_lines),
	};

	return cmocka_run_group_tests_name("nodes", tests, NULL, NULL);
}
