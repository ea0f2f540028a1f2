/*
 * test-collection.c - cmocka tests of src/collection.c: position
 * patterns (formats/patterns.md) read, rejected and matched, and the key
 * of a game.  Run with CMOCKA_MESSAGE_OUTPUT=TAP (tests/collection.t).
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

static struct yote_pos
pos_of(const struct yote_rules *r, const char *s)
{
	struct yote_pos p;

	assert_int_equal(yote_pos_parse(r, s, &p, NULL), 0);
	return p;
}

/* The pattern of s, with '*' for '?' (C11 reads "??/" as a trigraph). */
static struct yote_pattern
pat_of(const char *s)
{
	struct yote_pattern pat;
	struct yote_error e;
	char buf[128], *q;

	snprintf(buf, sizeof(buf), "%s", s);
	for (q = buf; *q != '\0'; q++)
		if (*q == '*')
			*q = '?';
	yote_error_clear(&e);
	if (yote_pattern_parse(NULL, buf, 0, &pat, &e) != 0)
		fail_msg("'%s': %s", buf, e.msg);
	return pat;
}

/* A position string is a whole pattern of that position, counters aside. */
static void
test_position_is_pattern(void **state)
{
	const struct yote_rules *r = yote_rules_by_name("classic");
	struct yote_pattern a = pat_of("6/1o4/x5/3x2/o5 o 9 10 1 6"), b;
	struct yote_pos p = pos_of(r, "6/1o4/x5/3x2/o5 o 9 10 1 6");
	struct yote_pos q = pos_of(r, "6/1o4/x5/3x2/o5 o 9 10 30 90");

	(void)state;
	assert_true(yote_pattern_exact(&a));
	assert_int_equal(a.width, 6);
	assert_int_equal(a.height, 5);
	assert_true(yote_pattern_match(r, &a, &p));
	assert_true(yote_pattern_match(r, &a, &q));
	yote_pattern_of_pos(r, &p, &b);
	assert_memory_equal(&a, &b, sizeof(a));
	q = pos_of(r, "6/1o4/x5/3x2/o5 x 9 10 1 6");     /* other side */
	assert_false(yote_pattern_match(r, &a, &q));
	q = pos_of(r, "6/1o4/x5/3x2/o5 o 9 9 1 6");      /* other hand */
	assert_false(yote_pattern_match(r, &a, &q));
	q = pos_of(r, "6/1o4/x5/3x2/1o4 o 9 10 1 6");    /* o moved */
	assert_false(yote_pattern_match(r, &a, &q));
	/* its first four fields are enough */
	b = pat_of("6/1o4/x5/3x2/o5 o 9 10");
	assert_true(yote_pattern_exact(&b));
	assert_memory_equal(&a, &b, sizeof(a));
}

static void
test_wildcards(void **state)
{
	const struct yote_rules *r = yote_rules_by_name("classic");
	const struct yote_rules *nk = yote_rules_by_name("ndar-kepp");
	struct yote_pattern a = pat_of("******/******/******/******/x***** o");
	struct yote_pattern b = pat_of("*****./******/******/******/****** * 3 *");
	struct yote_pos p;

	(void)state;
	assert_false(yote_pattern_exact(&a));
	assert_int_equal(a.hand[0], -1);
	assert_int_equal(b.side, -1);
	assert_int_equal(b.hand[0], 3);
	p = pos_of(r, "6/6/6/6/x5 o 11 12 1 2");
	assert_true(yote_pattern_match(r, &a, &p));
	p = pos_of(r, "6/6/6/6/xo4 o 11 11 1 2");
	assert_true(yote_pattern_match(r, &a, &p));
	p = pos_of(r, "6/6/6/6/ox4 o 11 11 1 2");        /* o on a1 */
	assert_false(yote_pattern_match(r, &a, &p));
	p = pos_of(r, "6/6/6/6/x5 x 11 12 1 2");         /* x to move */
	assert_false(yote_pattern_match(r, &a, &p));
	/* f5 empty, first hand 3 */
	p = pos_of(r, "5x/6/6/6/6 x 3 12 0 1");
	assert_false(yote_pattern_match(r, &b, &p));
	p = pos_of(r, "x5/6/6/6/6 o 3 5 0 1");
	assert_true(yote_pattern_match(r, &b, &p));
	/* another board never matches */
	p = pos_of(nk, "5/5/5/5/x4 o 11 12 1 2");
	assert_false(yote_pattern_match(nk, &a, &p));
}

static void
test_rejected(void **state)
{
	static const struct {
		const char *text;
		unsigned long col;
	} bad[] = {
		{ "", 1 }, { "6/6/6/6/5 x", 9 }, { "6/6/6/6/6/ x", 10 },
		{ "6/6/6/6/6 y", 11 }, { "6/6/6/6/6 x 65", 13 },
		{ "6/6/6/6/6 x 01 2", 13 }, { "6/6/6/6/6 x ", 13 },
		{ "6/6/6/6/6 x 1 2 3 4 5", 20 }, { "6/6/6/6/z5", 9 },
		{ "9/9", 1 }, { "6", 2 }, { "6/6/6/6/6/6/6/6/6", 16 },
		{ "6/6/6/6/0x5", 9 },
	};
	struct yote_pattern pat;
	struct yote_error e;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		yote_error_clear(&e);
		if (yote_pattern_parse(NULL, bad[i].text, 0, &pat, &e) !=
		    YOTE_ESYNTAX)
			fail_msg("'%s' was read", bad[i].text);
		if (e.col != bad[i].col)
			fail_msg("'%s': column %lu, not %lu (%s)", bad[i].text,
			    e.col, bad[i].col, e.msg);
	}
	assert_int_equal(yote_pattern_parse(NULL, "6/5", 0, &pat, NULL),
	    YOTE_ESYNTAX);
	assert_int_equal(yote_pattern_parse(NULL, "6/6", 0, &pat, NULL), 0);
}

/*
 * A position string given as a pattern is taken or refused as
 * yote_pos_parse takes or refuses it, at the same character and in the
 * same words; an impossible hand or ply was a pattern that matched
 * nothing.
 */
static void
test_one_reader(void **state)
{
	static const char *const text[] = {
		"6/6/6/6/6 x 12 12 0 1", "6/6/6/6/6 x 13 12 0 1",
		"xxxxxx/xxxxxx/6/6/6 x 1 12 0 1", "6/6/6/6/6 x 12 12 0 0",
		"6/6/6/6/6 x 64 12 0 1", "6/6/6/7/6 x 12 12 0 1",
		"6/6/6/6/6 x 012 12 0 1", "6/6/6/6/6 xx 12 12 0 1",
		"6/6/6/6/6 x 12 12 0 1 junk", "6//6/6/6/6 x 12 12 0 1",
		"6/6/6/6/6/ x 12 12 0 1", "6/6/6/6/6 x 12 12 0 4294967295",
		"6/6/6/6/6 x 12 12 0 4294967296",
		"6/6/6/6/\xc3\xa9" "5 x 12 12 0 1", "6/6/6/6/\t5 x 12 12 0 1",
		"5/5/5/5/5 x 13 12 0 1",
	};
	const struct yote_rules *r;
	struct yote_pattern pat;
	struct yote_error a, b;
	struct yote_pos p;
	size_t i;
	int ra, rb;

	(void)state;
	for (i = 0; i < sizeof(text) / sizeof(text[0]); i++) {
		r = yote_rules_by_name(text[i][0] == '5' ? "ndar-kepp" :
		    "classic");
		yote_error_clear(&a);
		yote_error_clear(&b);
		ra = yote_pos_parse(r, text[i], &p, &a);
		rb = yote_pattern_parse(NULL, text[i], YOTE_PATTERN_WHOLE,
		    &pat, &b);
		if (ra != rb || a.col != b.col || (ra != 0 &&
		    strcmp(a.msg + strlen("position: "), b.msg) != 0))
			fail_msg("'%s': %d '%s', pattern %d '%s'", text[i], ra,
			    a.msg, rb, b.msg);
	}
	/* the 6 x 5 board's pieces hold for wildcards too; pairs only */
	assert_int_equal(yote_pattern_parse(NULL, "6/6/6/6/6 ? 13 ?", 0, &pat,
	    NULL), YOTE_ESYNTAX);
	assert_int_equal(yote_pattern_parse(NULL, "6/6/6/6/6 o 10", 0, &pat,
	    NULL), YOTE_ESYNTAX);
	assert_int_equal(yote_pattern_parse(NULL, "6/6/6/6/6 o 10 11 3", 0,
	    &pat, NULL), YOTE_ESYNTAX);
	/* a ruleset given: its pieces on its board */
	yote_error_clear(&a);
	assert_int_equal(yote_pattern_parse(yote_rules_by_name("classic"),
	    "6/6/6/6/6/6 x 30 12", 0, &pat, &a), 0);
}

/* The counters stop at YOTE_MAX_COUNT: what a tool prints, it reads. */
static void
test_counters_stop(void **state)
{
	const struct yote_rules *r = yote_rules_by_name("classic");
	struct yote_pos p = pos_of(r,
	    "6/6/6/6/6 x 12 12 4294967294 4294967295");
	struct yote_move_text mt;
	struct yote_move m;
	char buf[128];

	(void)state;
	assert_int_equal(yote_move_parse("c3", &mt, NULL), 0);
	assert_int_equal(yote_move_from_text(r, &mt, &m, NULL), 0);
	yote_pos_play(r, &p, &m);
	assert_int_equal(p.since_capture, YOTE_MAX_COUNT);
	assert_int_equal(p.ply, YOTE_MAX_COUNT);
	assert_int_equal(yote_move_parse("c4", &mt, NULL), 0);
	assert_int_equal(yote_move_from_text(r, &mt, &m, NULL), 0);
	yote_pos_play(r, &p, &m);
	assert_int_equal(p.since_capture, YOTE_MAX_COUNT);
	assert_string_equal(yote_pos_format(r, &p, buf),
	    "6/2o3/2x3/6/6 x 11 11 4294967295 4294967295");
	assert_int_equal(yote_pos_parse(r, buf, &p, NULL), 0);
}

/* The key of a game from its moves' texts under r. */
static struct yote_game_key
key_of(const struct yote_rules *r, const char *start, const char *moves)
{
	struct yote_game_key k;
	struct yote_move_text mt;
	struct yote_move m;
	struct yote_pos p;
	char buf[256], *t, *save = NULL;

	if (start != NULL)
		p = pos_of(r, start);
	else
		yote_pos_start(r, &p);
	yote_game_key_start(&k, r, &p);
	snprintf(buf, sizeof(buf), "%s", moves);
	for (t = strtok_r(buf, " ", &save); t != NULL;
	    t = strtok_r(NULL, " ", &save)) {
		assert_int_equal(yote_move_parse(t, &mt, NULL), 0);
		assert_int_equal(yote_move_from_text(r, &mt, &m, NULL), 0);
		assert_int_equal(yote_move_check(r, &p, &m, NULL), 0);
		yote_pos_play(r, &p, &m);
		yote_game_key_move(&k, &m);
	}
	return k;
}

static void
test_game_key(void **state)
{
	const struct yote_rules *c = yote_rules_by_name("classic");
	const struct yote_rules *t = yote_rules_by_name("traditional");
	const char *g = "c3 d4 c2 b4 c2-b2 d4-c4";
	struct yote_game_key a = key_of(c, NULL, g), b;

	(void)state;
	b = key_of(c, NULL, g);
	assert_memory_equal(&a, &b, sizeof(a));
	b = key_of(c, NULL, "c2 b4 c3 d4 c2-b2 d4-c4");         /* reordered */
	assert_memory_not_equal(&a, &b, sizeof(a));
	b = key_of(c, NULL, "c3 d4 c2 b4 c2-b2");               /* shorter */
	assert_memory_not_equal(&a, &b, sizeof(a));
	b = key_of(t, NULL, g);                                 /* rules */
	assert_memory_not_equal(&a, &b, sizeof(a));
	b = key_of(c, "6/6/6/6/6 x 12 12 0 3", g);              /* start */
	assert_memory_not_equal(&a, &b, sizeof(a));
	b = key_of(c, "6/6/6/6/6 x 12 12 0 1", g);              /* the same */
	assert_memory_equal(&a, &b, sizeof(a));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_position_is_pattern),
		cmocka_unit_test(test_wildcards),
		cmocka_unit_test(test_rejected),
		cmocka_unit_test(test_one_reader),
		cmocka_unit_test(test_counters_stop),
		cmocka_unit_test(test_game_key),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
