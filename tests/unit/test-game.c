/*
 * test-game.c - cmocka tests of the game API (src/game.c): playing with
 * legality checks, taking back, accessors, filling a game from a record
 * through the checker, and making a record from a game that reads back
 * as the same game.  Run with CMOCKA_MESSAGE_OUTPUT=TAP (tests/game.t).
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
#include "yote_io.h"

/* The move of text in g's position now. */
static struct yote_move
move_of(const struct yote_game *g, const char *text)
{
	struct yote_move_text mt;
	struct yote_move m;

	assert_int_equal(yote_move_parse(text, &mt, NULL), 0);
	assert_int_equal(yote_move_from_text(yote_game_rules(g), &mt, &m,
	    NULL), 0);
	return m;
}

/* The first record of a YAML text. */
static struct yote_record *
read_record(const char *text)
{
	struct yote_reader *rd;
	struct yote_record *rec = NULL;
	FILE *fp = fmemopen((void *)(uintptr_t)text, strlen(text), "rb");

	assert_non_null(fp);
	assert_int_equal(yote_reader_open(fp, "t.yaml", &rd), 0);
	assert_int_equal(yote_reader_next(rd, &rec, NULL), 1);
	yote_reader_close(rd);
	fclose(fp);
	return rec;
}

static void
test_play_undo(void **state)
{
	const struct yote_rules *r = yote_rules_by_name("classic");
	struct yote_game *g = yote_game_new(r, NULL);
	struct yote_pos p;
	struct yote_move m;
	struct yote_error e;

	(void)state;
	assert_non_null(g);
	yote_pos_start(r, &p);
	assert_int_equal(yote_game_plies(g), 0);
	assert_memory_equal(yote_game_pos(g, 0), &p, sizeof(p));
	assert_null(yote_game_move(g, 1));
	assert_null(yote_game_pos(g, 1));
	m = move_of(g, "c3");
	assert_int_equal(yote_game_play(g, &m, NULL), 0);
	yote_pos_play(r, &p, &m);
	assert_int_equal(yote_game_plies(g), 1);
	assert_memory_equal(yote_game_now(g), &p, sizeof(p));
	assert_true(yote_move_equal(yote_game_move(g, 1), &m));
	/* c3 again: occupied; the game is unchanged */
	yote_error_clear(&e);
	assert_int_equal(yote_game_play(g, &m, &e), YOTE_EILLEGAL);
	assert_non_null(strstr(e.msg, "occupied"));
	assert_int_equal(yote_game_plies(g), 1);
	assert_int_equal(yote_game_undo(g, 2), YOTE_EVALUE);
	assert_int_equal(yote_game_undo(g, 1), 0);
	assert_int_equal(yote_game_plies(g), 0);
	yote_game_free(g);
	yote_game_free(NULL);
}

/* Many plies: the game grows past its first allocation. */
static void
test_long_game(void **state)
{
	const struct yote_rules *r = yote_rules_by_name("classic");
	struct yote_game *g = yote_game_new(r, NULL);
	struct yote_movelist l = { 0 };
	struct yote_outcome o;
	size_t i, k;

	(void)state;
	for (i = 0; i < 300; i++) {
		yote_pos_outcome(r, yote_game_now(g), &o);
		if (o.term != YOTE_TERM_NONE ||
		    yote_gen_moves(r, yote_game_now(g), &l) <= 0)
			break;
		/* no captures, so that the game lasts */
		for (k = 0; k + 1 < l.n && yote_move_is_capture(&l.v[k]); k++)
			;
		assert_int_equal(yote_game_play(g, &l.v[k], NULL), 0);
	}
	assert_int_equal(yote_game_plies(g), i);
	assert_true(i > 128);
	for (; i > 0; i--)
		assert_int_equal(yote_game_pos(g, i)->ply,
		    yote_game_pos(g, i - 1)->ply + 1);
	yote_movelist_free(&l);
	yote_game_free(g);
}

static void
count_diag(void *ctx, const struct yote_error *e)
{
	(void)e;
	(*(int *)ctx)++;
}

static void
test_from_record(void **state)
{
	struct yote_checker *ck = yote_checker_new();
	struct yote_record *rec;
	struct yote_game_info info;
	struct yote_game *g;
	int ndiag = 0;

	(void)state;
	/* an illegal third move: the game holds the two before it */
	rec = read_record("yote: 1\nrules: damasi\nmoves: [c3, d3, c3]\n");
	assert_int_equal(yote_game_from_record(ck, rec, "t.yaml", &info,
	    count_diag, &ndiag, &g), 1);
	assert_int_equal(ndiag, 1);
	assert_non_null(g);
	assert_ptr_equal(yote_game_rules(g), info.rules);
	assert_string_equal(yote_game_rules(g)->name, "damasi");
	assert_int_equal(yote_game_plies(g), 2);
	assert_memory_equal(yote_game_pos(g, 0), &info.start,
	    sizeof(info.start));
	assert_memory_equal(yote_game_now(g), &info.final, sizeof(info.final));
	yote_game_free(g);
	yote_record_free(rec);
	/* no ruleset: no game */
	rec = read_record("yote: 1\nrules: no-such\nmoves: [c3]\n");
	assert_true(yote_game_from_record(ck, rec, NULL, &info, NULL, NULL,
	    &g) > 0);
	assert_null(g);
	yote_record_free(rec);
	yote_checker_free(ck);
}

/* A record made from a game is valid and plays back as the same game. */
static void
test_record(void **state)
{
	const struct yote_rules *r = yote_rules_by_name("classic");
	struct yote_checker *ck = yote_checker_new();
	struct yote_game *g, *back;
	struct yote_record *rec, *again;
	struct yote_game_info info;
	struct yote_tag tags[] = { { "event", "Test", YOTE_STYLE_ANY },
		{ "round", "2", YOTE_STYLE_DOUBLE } };
	struct yote_writer *w;
	struct yote_pos start;
	struct yote_move m;
	char *buf = NULL;
	size_t len = 0, i;
	FILE *fp;

	(void)state;
	assert_int_equal(yote_pos_parse(r, "6/6/2x3/6/6 o 11 12 0 2", &start,
	    NULL), 0);
	g = yote_game_new(r, &start);
	m = move_of(g, "d4");
	assert_int_equal(yote_game_play(g, &m, NULL), 0);
	m = move_of(g, "c3-c2");
	assert_int_equal(yote_game_play(g, &m, NULL), 0);
	assert_int_equal(yote_game_record(g, NULL, tags, 2, YOTE_RES_NONE,
	    YOTE_TERM_NONE, &rec, NULL), 0);
	assert_string_equal(yote_node_get(rec->root, "rules")->text,
	    "classic");
	assert_string_equal(yote_node_get(rec->root, "termination")->text,
	    "unfinished");
	assert_non_null(yote_node_get(rec->root, "start"));
	assert_string_equal(rec->root->kids[6]->text, "round");
	assert_int_equal(rec->root->kids[7]->style, YOTE_STYLE_DOUBLE);
	fp = open_memstream(&buf, &len);
	assert_int_equal(yote_writer_open(fp, &w), 0);
	assert_int_equal(yote_writer_put(w, rec), 0);
	assert_int_equal(yote_writer_close(w), 0);
	fclose(fp);
	assert_non_null(strstr(buf, "round: \"2\"\n"));
	assert_non_null(strstr(buf, "moves: [d4, c3-c2]\n"));
	again = read_record(buf);
	assert_int_equal(yote_game_from_record(ck, again, NULL, &info, NULL,
	    NULL, &back), 0);
	assert_int_equal(yote_game_plies(back), 2);
	for (i = 0; i <= 2; i++)
		assert_memory_equal(yote_game_pos(back, i), yote_game_pos(g,
		    i), sizeof(struct yote_pos));
	yote_game_free(back);
	yote_record_free(again);
	/* a full disk: the writers' close says it (a record or two fit in
	 * fp's buffer, and only fclose would have failed) */
	if ((fp = fopen("/dev/full", "w")) != NULL) {
		struct yote_archive_writer *aw;
		struct yote_error e;

		assert_int_equal(yote_writer_open(fp, &w), 0);
		assert_int_equal(yote_writer_put(w, rec), 0);
		assert_int_equal(yote_writer_close(w), YOTE_EIO);
		clearerr(fp);
		assert_int_equal(yote_archive_writer_open(fp, 0, &aw, &e), 0);
		assert_int_equal(yote_archive_put(aw, rec, NULL, NULL, NULL,
		    &e), 0);
		assert_int_equal(yote_archive_writer_close(aw, NULL, &e),
		    YOTE_EIO);
		fclose(fp);
	}
	/* no writer writes a game a reader would refuse: a list one item
	 * over the limit (yote_limits.h) is refused by all three, and
	 * nothing is written */
	{
		struct yote_node *list = yote_node_seq();
		struct yote_archive_writer *aw;
		struct yote_error e;
		size_t k;

		for (k = 0; k <= YOTE_MAX_PLIES; k++)
			assert_int_equal(yote_node_push(list,
			    yote_node_scalar("x")), 0);
		assert_int_equal(yote_node_set(rec->root, "x-long", list), 0);
		assert_int_equal(yote_record_check_limits(rec, NULL),
		    YOTE_ELIMIT);
		free(buf);      /* the record written above */
		buf = NULL;
		fp = open_memstream(&buf, &len);
		assert_int_equal(yote_writer_open(fp, &w), 0);
		assert_int_equal(yote_writer_put(w, rec), YOTE_ELIMIT);
		assert_int_equal(yote_writer_close(w), 0);
		assert_int_equal(yote_lines_put(fp, rec, 0, &e), YOTE_ELIMIT);
		assert_int_equal(yote_archive_writer_open(fp, 0, &aw, &e), 0);
		assert_int_equal(yote_archive_put(aw, rec, NULL, NULL, NULL,
		    &e), YOTE_EILLEGAL);
		assert_int_equal(yote_archive_writer_close(aw, NULL, &e), 0);
		fclose(fp);
		/* the YAML stream's start and end, an empty archive member */
		assert_null(strstr(buf, "x-long"));
		free(buf);
	}
	yote_record_free(rec);
	yote_game_free(g);
	yote_checker_free(ck);
}

/* The edits yote_record_repair finds for text, judged by a checker. */
static long
repair(const char *text, size_t max, unsigned long long work,
    struct yote_repair *out, int *complete)
{
	struct yote_repair_opts o = { max, work };
	struct yote_checker *ck = yote_checker_new();
	struct yote_record *rec = read_record(text);
	struct yote_game_info info;
	long n;

	assert_non_null(ck);
	yote_checker_play(ck, rec, "t.yaml", &info, NULL, NULL, NULL);
	n = yote_record_repair(rec, &info, &o, out, complete);
	/* the nodes point into rec: only their places are kept here */
	for (long i = 0; i < n; i++)
		out[i].at = out[i].next = NULL;
	yote_record_free(rec);
	yote_checker_free(ck);
	return n;
}

static void
test_repair(void **state)
{
	struct yote_repair v[5];
	int complete;
	long n;

	(void)state;
	/* c3 placed twice: one character changed, at either ply, the
	 * nearer squares and the earlier ply first */
	n = repair("yote: 1\nmoves: [c3, d4, c3]\n", 5, 0, v, &complete);
	assert_int_equal(n, 5);
	assert_int_equal(complete, 1);
	assert_int_equal(v[0].edit, YOTE_EDIT_REPLACE);
	assert_int_equal(v[0].near, YOTE_NEAR_ONE_CHAR);
	assert_int_equal(v[0].distance, 1);
	assert_int_equal(v[0].ply, 1);
	assert_int_equal(v[0].gap, 1);
	assert_string_equal(v[0].move, "b3");
	for (long i = 1; i < n; i++)
		assert_true(v[i - 1].distance < v[i].distance ||
		    (v[i - 1].distance == v[i].distance &&
		    v[i - 1].gap <= v[i].gap));
	/* at most max, and the best of them */
	assert_int_equal(repair("yote: 1\nmoves: [c3, d4, c3]\n", 1, 0, v,
	    &complete), 1);
	assert_string_equal(v[0].move, "b3");
	/* a move written twice: dropped once */
	n = repair("yote: 1\nmoves: [c3, d4, d4, c2]\nresult: '*'\n", 3, 0,
	    v, &complete);
	assert_true(n >= 1);
	assert_int_equal(v[0].edit, YOTE_EDIT_REPLACE);
	/* two slips (c3 and d4 each placed twice): no one edit mends,
	 * pairs do, the earlier edit first, each one character */
	n = repair("yote: 1\nmoves: [c3, c3, d4, d4]\nresult: '*'\n", 3, 0,
	    v, &complete);
	assert_int_equal(n, 3);
	assert_int_equal(complete, 1);
	for (long i = 0; i < n; i++) {
		assert_int_equal(v[i].edits, 2);
		assert_true(v[i].ply < v[i].then.ply);
		assert_int_equal(v[i].distance + v[i].then.distance, 2);
	}
	/* one slip: single edits, no pairs */
	n = repair("yote: 1\nmoves: [c3, d4, c3]\n", 5, 0, v, &complete);
	for (long i = 0; i < n; i++)
		assert_int_equal(v[i].edits, 1);
	/* nothing wrong with the moves: no repair */
	assert_int_equal(repair("yote: 2\nmoves: [c3, d4]\n", 3, 0, v,
	    &complete), YOTE_EVALUE);
	assert_int_equal(repair("yote: 1\nmoves: 3\n", 3, 0, v,
	    &complete), YOTE_EVALUE);
	/* the work limit: the search stops, and says so */
	n = repair("yote: 1\nmoves: [c3, d4, c3]\n", 3, 1, v, &complete);
	assert_true(n >= 0 && n <= 3);
	assert_int_equal(complete, 0);
	assert_string_equal(yote_edit_name(YOTE_EDIT_SWAP), "swap");
	assert_string_equal(yote_near_name(YOTE_NEAR_CHAIN_SHORT),
	    "chain-cut-short");
}

/* A depth past what a search can hold is refused, where it was searched
 * to YOTE_MAX_PLY - 4 in silence; the deepest allowed one searches. */
static void
test_engine_depth(void **state)
{
	const struct yote_rules *r = yote_rules_by_name("classic");
	struct yote_engine *e = yote_engine_new(1);
	struct yote_search_result out;
	struct yote_limits lim;
	struct yote_pos p;

	(void)state;
	assert_non_null(e);
	yote_pos_start(r, &p);
	memset(&lim, 0, sizeof(lim));
	lim.nodes = 2000;
	lim.depth = YOTE_MAX_PLY - 3;
	assert_int_equal(yote_engine_search(e, r, &p, &lim, &out, NULL, NULL),
	    YOTE_EVALUE);
	lim.depth = YOTE_MAX_PLY - 4;
	assert_int_equal(yote_engine_search(e, r, &p, &lim, &out, NULL, NULL),
	    0);
	assert_true(out.depth >= 1);
	yote_engine_free(e);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_play_undo),
		cmocka_unit_test(test_long_game),
		cmocka_unit_test(test_from_record),
		cmocka_unit_test(test_record),
		cmocka_unit_test(test_repair),
		cmocka_unit_test(test_engine_depth),
	};

	return cmocka_run_group_tests_name("game", tests, NULL, NULL);
}
