/*
 * test-unit.c - cmocka unit tests of the libyote API: move text, positions,
 * rulesets, end of game and yote_move_check's messages.
 *
 * Run with CMOCKA_MESSAGE_OUTPUT=TAP for prove (tests/unit.t does).  The
 * expected values come from rules.md and notation.md; the legal-move lists
 * of whole positions live in tests/rules/ instead.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "yote.h"

/* ------------------------------------------------------------ helpers */

static const struct yote_rules *
rules(const char *name)
{
	const struct yote_rules *r = yote_rules_by_name(name);

	if (r == NULL)
		fail_msg("no built-in ruleset '%s'", name);
	return r;
}

/* s contains sub, or the test fails naming both. */
static void
expect_substr(const char *s, const char *sub, const char *what)
{
	if (strstr(s, sub) == NULL)
		fail_msg("%s: message '%s' does not contain '%s'", what, s,
		    sub);
}

static struct yote_pos
pos_of(const struct yote_rules *r, const char *text)
{
	struct yote_pos p;
	struct yote_error e;

	yote_error_clear(&e);
	if (yote_pos_parse(r, text, &p, &e) != 0)
		fail_msg("position '%s': %s", text, e.msg);
	return p;
}

/* Text to move on r's board, which must succeed. */
static struct yote_move
move_of(const struct yote_rules *r, const char *text)
{
	struct yote_move_text mt;
	struct yote_move m;
	struct yote_error e;

	yote_error_clear(&e);
	if (yote_move_parse(text, &mt, &e) != 0)
		fail_msg("move '%s' does not parse: %s", text, e.msg);
	if (yote_move_from_text(r, &mt, &m, &e) != 0)
		fail_msg("move '%s' does not fit the board: %s", text, e.msg);
	return m;
}

/* A move of n segments "a1-a1-a1..." (only the parser looks at it). */
static char *
long_move(int n)
{
	char *s = malloc(2 + 3 * (size_t)n + 1), *o;
	int i;

	if (s == NULL)
		fail_msg("out of memory for %d segments", n);
	o = s;
	*o++ = 'a';
	*o++ = '1';
	for (i = 0; i < n; i++) {
		*o++ = '-';
		*o++ = 'a';
		*o++ = '1';
	}
	*o = '\0';
	return s;
}

/* ------------------------------------------------------------ move text */

/* a field that a case of test_move_parse_kinds leaves unchecked */
#define ANY (-1)

static void
test_move_parse_kinds(void **state)
{
	/* what segment k of the text holds (a text with several segments
	 * to check has a row for each) */
	static const struct {
		const char *text;
		int nseg, k;
		int sep, col, row, bonus, bonus_col, bonus_row;
	} cases[] = {
		/* place */
		{ "c3", 0, 0, ANY, 2, 2, ANY, ANY, ANY },
		/* step */
		{ "c3-c4", 1, 1, '-', 2, 3, 0, ANY, ANY },
		/* capture with a board bonus */
		{ "c3xc5+e1", 1, 1, 'x', 2, 4, 's', 4, 0 },
		/* capture, bonus from the hand */
		{ "c3xc5+@", 1, 1, ANY, ANY, ANY, '@', ANY, ANY },
		/* capture without a bonus */
		{ "c3xc5", 1, 1, 'x', ANY, ANY, 0, ANY, ANY },
		/* chained capture */
		{ "c3xc5+e1xe5+a2", 2, 2, 'x', 4, 4, 's', 0, 1 },
		/* self-jump */
		{ "c3-c5", 1, 1, '-', ANY, 4, ANY, ANY, ANY },
		/* bridge */
		{ "c3-c5xe5+a1", 2, 1, '-', ANY, ANY, 0, ANY, ANY },
		{ "c3-c5xe5+a1", 2, 2, 'x', ANY, ANY, 's', 0, 0 },
		/* rows of more than one digit fit the grammar */
		{ "a12", ANY, 0, ANY, ANY, 11, ANY, ANY, ANY },
		{ "z10xz12", ANY, 0, ANY, 25, ANY, ANY, ANY, ANY },
		{ "z10xz12", ANY, 1, ANY, ANY, 11, ANY, ANY, ANY },
	};
	struct yote_move_text mt;
	struct yote_error e;
	size_t i;
	int k;

	(void)state;
	yote_error_clear(&e);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		k = cases[i].k;
		assert_int_equal(yote_move_parse(cases[i].text, &mt, &e), 0);
		if (cases[i].nseg != ANY)
			assert_int_equal(mt.nseg, cases[i].nseg);
		if (cases[i].sep != ANY)
			assert_int_equal(mt.sep[k], cases[i].sep);
		if (cases[i].col != ANY)
			assert_int_equal(mt.col[k], cases[i].col);
		if (cases[i].row != ANY)
			assert_int_equal(mt.row[k], cases[i].row);
		if (cases[i].bonus != ANY)
			assert_int_equal(mt.bonus[k], cases[i].bonus);
		if (cases[i].bonus_col != ANY)
			assert_int_equal(mt.bonus_col[k], cases[i].bonus_col);
		if (cases[i].bonus_row != ANY)
			assert_int_equal(mt.bonus_row[k], cases[i].bonus_row);
	}
}

#undef ANY

static void
test_move_parse_upper(void **state)
{
	static const char *const pairs[][2] = {
		{ "C3", "c3" },
		{ "C3-C4", "c3-c4" },
		{ "C3XC5+E1", "c3xc5+e1" },
		{ "C3XC5+@", "c3xc5+@" },
		{ "c3Xc5", "c3xc5" },
		{ "C3XC5+E1XE5+A2", "c3xc5+e1xe5+a2" },
		{ "C3-C5", "c3-c5" },
		{ "C3-c5xE5+a1", "c3-c5xe5+a1" },
	};
	struct yote_move_text a, b;
	struct yote_error e;
	size_t i;
	int k;

	(void)state;
	for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		yote_error_clear(&e);
		if (yote_move_parse(pairs[i][0], &a, &e) != 0)
			fail_msg("'%s' rejected: %s", pairs[i][0], e.msg);
		assert_int_equal(yote_move_parse(pairs[i][1], &b, &e), 0);
		assert_int_equal(a.nseg, b.nseg);
		for (k = 0; k <= a.nseg; k++) {
			assert_int_equal(a.col[k], b.col[k]);
			assert_int_equal(a.row[k], b.row[k]);
			assert_int_equal(a.bonus[k], b.bonus[k]);
			if (k > 0)
				assert_int_equal(a.sep[k], b.sep[k]);
			if (a.bonus[k] != 's')
				continue;
			assert_int_equal(a.bonus_col[k], b.bonus_col[k]);
			assert_int_equal(a.bonus_row[k], b.bonus_row[k]);
		}
	}
}

struct parse_case {
	const char *text;
	int code;
	unsigned long col;      /* 1-based character of the problem */
	const char *msg;        /* part of the message */
};

static void
test_move_parse_errors(void **state)
{
	static const struct parse_case cases[] = {
		{ "", YOTE_ESYNTAX, 1, "empty move" },
		/* row 0 and leading zeros, in every square of a move */
		{ "c0", YOTE_ESYNTAX, 2, "cannot be 0 or start with 0" },
		{ "c03", YOTE_ESYNTAX, 2, "cannot be 0 or start with 0" },
		{ "c3-c0", YOTE_ESYNTAX, 5, "cannot be 0" },
		{ "c3xc05", YOTE_ESYNTAX, 5, "start with 0" },
		{ "c3xc5+e0", YOTE_ESYNTAX, 8, "cannot be 0" },
		{ "c3xc5+e01", YOTE_ESYNTAX, 8, "start with 0" },
		/* bad separators */
		{ "c3*c4", YOTE_ESYNTAX, 3, "expected '-', 'x'" },
		{ "c3/c4", YOTE_ESYNTAX, 3, "expected '-', 'x'" },
		{ "c3 c4", YOTE_ESYNTAX, 3, "expected '-', 'x'" },
		{ "c3--c4", YOTE_ESYNTAX, 4, "expected a square" },
		/* 'x' after a separator is a column letter (of a wide board) */
		{ "c3xxc5", YOTE_ESYNTAX, 5, "expected a row number" },
		{ "c3xc5+@@", YOTE_ESYNTAX, 8, "expected '-', 'x'" },
		/* '+' after '-' or without a capture */
		{ "c3-c5+e1", YOTE_ESYNTAX, 6, "may only follow a capture" },
		{ "c3-c4+@", YOTE_ESYNTAX, 6, "may only follow a capture" },
		{ "c3+e1", YOTE_ESYNTAX, 3, "may only follow a capture" },
		{ "c3-c5xe5+a1-a3+b1", YOTE_ESYNTAX, 15,
		    "may only follow a capture" },
		{ "c3xc5+e1+e2", YOTE_ESYNTAX, 9,
		    "a capture has at most one bonus" },
		{ "c3xc5+@+@", YOTE_ESYNTAX, 8,
		    "a capture has at most one bonus" },
		/* junk */
		{ "3c", YOTE_ESYNTAX, 1, "expected a square" },
		{ "@", YOTE_ESYNTAX, 1, "expected a square" },
		{ "-c3", YOTE_ESYNTAX, 1, "expected a square" },
		{ " c3", YOTE_ESYNTAX, 1, "expected a square" },
		{ "\xc3\xa9" "3", YOTE_ESYNTAX, 1, "expected a square" },
		{ "c", YOTE_ESYNTAX, 2, "expected a row number" },
		{ "cc3", YOTE_ESYNTAX, 2, "expected a row number" },
		{ "c3xc", YOTE_ESYNTAX, 5, "expected a row number" },
		{ "c3x5", YOTE_ESYNTAX, 4, "expected a square" },
		{ "c3xc5+5", YOTE_ESYNTAX, 7, "expected a square" },
		/* a square missing at the end */
		{ "c3-", YOTE_ESYNTAX, 4, "missing square" },
		{ "c3x", YOTE_ESYNTAX, 4, "missing square" },
		{ "c3xc5+", YOTE_ESYNTAX, 7, "missing square" },
		{ "c3xc5+@x", YOTE_ESYNTAX, 9, "missing square" },
		/* trailing characters */
		{ "c3 ", YOTE_ESYNTAX, 3, "expected '-', 'x'" },
		{ "c3\n", YOTE_ESYNTAX, 3, "expected '-', 'x'" },
		{ "c3-c4,", YOTE_ESYNTAX, 6, "expected '-', 'x'" },
		{ "c3xc5+e1 ", YOTE_ESYNTAX, 9, "expected '-', 'x'" },
		{ "c3xc5+@!", YOTE_ESYNTAX, 8, "expected '-', 'x'" },
	};
	struct yote_move_text mt;
	struct yote_error e;
	size_t i;
	int rc;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		yote_error_clear(&e);
		rc = yote_move_parse(cases[i].text, &mt, &e);
		if (rc != cases[i].code || e.code != cases[i].code ||
		    e.col != cases[i].col)
			fail_msg("'%s': rc %d, code %d, col %lu (%s); expected "
			    "%d at col %lu", cases[i].text, rc, e.code, e.col,
			    e.msg, cases[i].code, cases[i].col);
		expect_substr(e.msg, cases[i].msg, cases[i].text);
	}
}

static void
test_move_parse_limit(void **state)
{
	struct yote_move_text *mt;
	struct yote_error e;
	char *s;

	(void)state;
	mt = malloc(sizeof(*mt));
	assert_non_null(mt);

	/* YOTE_MAX_SEGS segments are fine */
	s = long_move(YOTE_MAX_SEGS);
	yote_error_clear(&e);
	assert_int_equal(yote_move_parse(s, mt, &e), 0);
	assert_int_equal(mt->nseg, YOTE_MAX_SEGS);
	free(s);

	/* one more is well-formed and illegal (notation.md 2.4), at the
	 * separator that passes the bound */
	s = long_move(YOTE_MAX_SEGS + 1);
	yote_error_clear(&e);
	assert_int_equal(yote_move_parse(s, mt, &e), YOTE_EILLEGAL);
	assert_int_equal(e.code, YOTE_EILLEGAL);
	assert_int_equal(e.col, 2 + 3 * YOTE_MAX_SEGS + 1);
	assert_int_equal(s[e.col - 1], '-');
	expect_substr(e.msg, "a move of 67 segments", "limit");
	free(s);

	/* far too many: the same, counted */
	s = long_move(1000);
	yote_error_clear(&e);
	assert_int_equal(yote_move_parse(s, mt, &e), YOTE_EILLEGAL);
	assert_int_equal(e.col, 2 + 3 * YOTE_MAX_SEGS + 1);
	expect_substr(e.msg, "a move of 1000 segments", "limit");
	/* and a syntax error past the bound is one */
	s[strlen(s) - 1] = '0';
	assert_int_equal(yote_move_parse(s, mt, &e), YOTE_ESYNTAX);
	free(s);
	free(mt);
}

static void
test_move_from_text_kinds(void **state)
{
	const struct yote_rules *r = rules("classic");
	struct yote_move m;

	(void)state;
	m = move_of(r, "c3");
	assert_int_equal(m.kind, YOTE_PLACE);
	assert_int_equal(m.from, 2 * 6 + 2);
	assert_int_equal(m.nseg, 0);
	assert_false(yote_move_is_capture(&m));

	m = move_of(r, "c3-c4");
	assert_int_equal(m.kind, YOTE_STEP);
	assert_int_equal(m.nseg, 1);
	assert_int_equal(m.seg_to[0], 3 * 6 + 2);
	assert_false(yote_move_is_capture(&m));

	m = move_of(r, "c3-c5");
	assert_int_equal(m.kind, YOTE_SELFJUMP);
	assert_int_equal(m.nseg, 1);
	assert_int_equal(m.seg_to[0], 4 * 6 + 2);
	assert_false(yote_move_is_capture(&m));

	m = move_of(r, "c3xc5");
	assert_int_equal(m.kind, YOTE_CAPTURE);
	assert_int_equal(m.nseg, 1);
	assert_int_equal(m.seg_to[0], 4 * 6 + 2);
	assert_int_equal(m.seg_bonus[0], YOTE_BONUS_NO);
	assert_true(yote_move_is_capture(&m));

	m = move_of(r, "c3xc5+@");
	assert_int_equal(m.kind, YOTE_CAPTURE);
	assert_int_equal(m.seg_bonus[0], YOTE_BONUS_HAND);

	m = move_of(r, "c3xc5+e1xe5+a2");
	assert_int_equal(m.kind, YOTE_CAPTURE);
	assert_int_equal(m.nseg, 2);
	assert_int_equal(m.seg_to[0], 4 * 6 + 2);
	assert_int_equal(m.seg_bonus[0], 0 * 6 + 4);
	assert_int_equal(m.seg_to[1], 4 * 6 + 4);
	assert_int_equal(m.seg_bonus[1], 1 * 6 + 0);

	m = move_of(r, "c3-c5xe5+a1");
	assert_int_equal(m.kind, YOTE_BRIDGE);
	assert_int_equal(m.nseg, 2);
	assert_int_equal(m.seg_to[0], 4 * 6 + 2);
	assert_int_equal(m.seg_bonus[0], YOTE_BONUS_NO);
	assert_int_equal(m.seg_to[1], 4 * 6 + 4);
	assert_int_equal(m.seg_bonus[1], 0);
	assert_true(yote_move_is_capture(&m));

	/* a chain back to its start square is a shape like any other */
	m = move_of(r, "c3xc5xe5xe3xc3");
	assert_int_equal(m.nseg, 4);
	assert_int_equal(m.seg_to[3], m.from);
}

static void
test_move_from_text_errors(void **state)
{
	static const struct {
		const char *rules, *text, *msg;
	} cases[] = {
		/* off the board: well-formed, so illegal, not a syntax error */
		{ "classic", "g1", "g1 is off the 6x5 board" },
		{ "classic", "a6", "a6 is off the 6x5 board" },
		{ "classic", "z9", "z9 is off the 6x5 board" },
		{ "classic", "a12", "a12 is off the 6x5 board" },
		{ "classic", "a100000", "a100000 is off the 6x5 board" },
		/* a row too large to keep is not named as another row */
		{ "classic", "a99999999", "rows above 100000 are off the 6x5 "
		    "board" },
		{ "classic", "c3xc5+b123456789", "rows above 100000 are off "
		    "the 6x5 board" },
		{ "classic", "c3-c6", "c6 is off the 6x5 board" },
		{ "classic", "e5xg5", "g5 is off the 6x5 board" },
		{ "classic", "c3xc5+a9", "a9 is off the 6x5 board" },
		{ "classic", "c3xc5+e1xe5+f6", "f6 is off the 6x5 board" },
		{ "ndar-kepp", "f1", "f1 is off the 5x5 board" },
		{ "ndar-kepp", "d3xf3+@", "f3 is off the 5x5 board" },
		/* shapes */
		{ "classic", "c3-c3", "c3 to c3 is neither a step nor a jump "
		    "in a straight line" },
		{ "classic", "c3-d4", "c3 to d4 is neither a step nor a jump "
		    "in a straight line" },
		{ "classic", "c3-e5", "c3 to e5 is neither a step nor a jump "
		    "in a straight line" },
		{ "classic", "a1-a4", "a1 to a4 is neither a step nor a jump "
		    "in a straight line" },
		{ "classic", "c3xe5+a1", "c3 to e5 is neither a step nor a "
		    "jump in a straight line" },
		{ "classic", "c3xc4", "c3xc4: a capture jumps over one point "
		    "to the point beyond" },
		{ "classic", "c3xc5+a1xc6", "c6 is off the 6x5 board" },
		{ "classic", "c3xc5+a1xb5", "c5xb5: a capture jumps over one "
		    "point to the point beyond" },
		{ "classic", "c3-c4xc2", "a step (c3-c4) ends the move" },
		{ "classic", "c3-c4-c5", "a step (c3-c4) ends the move" },
		{ "classic", "c3xc5-c4", "c5-c4: a move can only start with a "
		    "step or a self-jump" },
		{ "classic", "c3-c5-e5", "c5-e5: a move can only start with a "
		    "step or a self-jump" },
		{ "classic", "c3-c5xe5+a1-e3", "e5-e3: a move can only start "
		    "with a step or a self-jump" },
	};
	struct yote_move_text mt;
	struct yote_move m;
	struct yote_error e;
	size_t i;
	int rc;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		yote_error_clear(&e);
		if (yote_move_parse(cases[i].text, &mt, &e) != 0)
			fail_msg("'%s' does not parse: %s", cases[i].text,
			    e.msg);
		rc = yote_move_from_text(rules(cases[i].rules), &mt, &m, &e);
		if (rc != YOTE_EILLEGAL || e.code != YOTE_EILLEGAL)
			fail_msg("%s '%s': rc %d code %d, expected "
			    "YOTE_EILLEGAL", cases[i].rules, cases[i].text,
			    rc, e.code);
		if (strcmp(e.msg, cases[i].msg) != 0)
			fail_msg("'%s': message '%s', expected '%s'",
			    cases[i].text, e.msg, cases[i].msg);
	}
}

static void
test_move_format_roundtrip(void **state)
{
	static const char *const pairs[][2] = {
		{ "c3", "c3" },
		{ "F5", "f5" },
		{ "C3-C4", "c3-c4" },
		{ "c3XC5+E1", "c3xc5+e1" },
		{ "c3xc5+@", "c3xc5+@" },
		{ "C3XC5", "c3xc5" },
		{ "C3XC5+E1XE5+A2", "c3xc5+e1xe5+a2" },
		{ "c3xc5xe5xe3xc3", "c3xc5xe5xe3xc3" },
		{ "c3xc5+@xe5+@", "c3xc5+@xe5+@" },
		{ "C3-C5", "c3-c5" },
		{ "C3-C5XE5+A1", "c3-c5xe5+a1" },
		{ "c3-c5xe5xe3", "c3-c5xe5xe3" },
		{ "a1-b1", "a1-b1" },
	};
	const struct yote_rules *r = rules("classic");
	struct yote_move m, m2;
	char buf[YOTE_MOVE_TEXT];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		m = move_of(r, pairs[i][0]);
		yote_move_format(r, &m, buf);
		if (strcmp(buf, pairs[i][1]) != 0)
			fail_msg("'%s' formats as '%s', expected '%s'",
			    pairs[i][0], buf, pairs[i][1]);
		m2 = move_of(r, buf);
		assert_true(yote_move_equal(&m, &m2));
	}
	/* different bonus, different move; a prefix is another move */
	m = move_of(r, "c3xc5+e1");
	m2 = move_of(r, "c3xc5+e2");
	assert_false(yote_move_equal(&m, &m2));
	m2 = move_of(r, "c3xc5");
	assert_false(yote_move_equal(&m, &m2));
	m2 = move_of(r, "c3xc5+e1xe5+a2");
	assert_false(yote_move_equal(&m, &m2));
	m = move_of(r, "c3-c5");
	m2 = move_of(r, "c3xc5");
	assert_false(yote_move_equal(&m, &m2));
}

static void
test_move_format_longest(void **state)
{
	const struct yote_rules *r = rules("classic");
	struct yote_move m, m2;
	char buf[YOTE_MOVE_TEXT];
	size_t len;
	int i;

	(void)state;
	/* the longest a move can be written: every segment a capture with a
	 * two-character bonus square */
	memset(&m, 0, sizeof(m));
	m.kind = YOTE_CAPTURE;
	m.from = 0;
	m.nseg = YOTE_MAX_SEGS;
	for (i = 0; i < YOTE_MAX_SEGS; i++) {
		m.seg_to[i] = (uint8_t)(i % 2 ? 0 : 2);
		m.seg_bonus[i] = 29;
	}
	yote_move_format(r, &m, buf);
	len = strlen(buf);
	assert_int_equal(len, 2 + 6 * YOTE_MAX_SEGS);
	assert_true(len < YOTE_MOVE_TEXT);
	assert_string_equal(buf + len - 12, "xc1+f5xa1+f5");
	m2 = move_of(r, buf);
	assert_true(yote_move_equal(&m, &m2));
}

static void
test_suggest(void **state)
{
	static const char *const keys[] = { "first", "second", "rules",
		"termination", "event", NULL };

	(void)state;
	assert_string_equal(yote_suggest("frist", keys), "first");
	assert_string_equal(yote_suggest("Rules", keys), "rules");
	assert_string_equal(yote_suggest("TERMINATION", keys), "termination");
	assert_string_equal(yote_suggest("terminaton", keys), "termination");
	assert_string_equal(yote_suggest("secnod", keys), "second");
	assert_null(yote_suggest("first", keys));       /* not a slip */
	assert_null(yote_suggest("timecontrol", keys));
	assert_null(yote_suggest("ab", keys));  /* too short to tell */
	assert_null(yote_suggest("", keys));
	assert_true(yote_diag_is_warning(YOTE_D_UNKNOWN_KEY));
	assert_false(yote_diag_is_warning(YOTE_D_ILLEGAL_MOVE));
	assert_string_equal(yote_diag_name(YOTE_D_SUSPECT_VALUE),
	    "suspect-value");
}

static void
test_square_name(void **state)
{
	const struct yote_rules *r = rules("classic");
	const struct yote_rules *nk = rules("ndar-kepp");
	char buf[4];

	(void)state;
	assert_string_equal(yote_square_name(r, 0, buf), "a1");
	assert_string_equal(yote_square_name(r, 5, buf), "f1");
	assert_string_equal(yote_square_name(r, 6, buf), "a2");
	assert_string_equal(yote_square_name(r, 29, buf), "f5");
	assert_string_equal(yote_square_name(nk, 5, buf), "a2");
	assert_string_equal(yote_square_name(nk, 24, buf), "e5");
}

/* ------------------------------------------------------------ positions */

static void
test_pos_start(void **state)
{
	struct yote_pos p;
	char buf[YOTE_POS_TEXT];

	(void)state;
	yote_pos_start(rules("classic"), &p);
	assert_string_equal(yote_pos_format(rules("classic"), &p, buf),
	    "6/6/6/6/6 x 12 12 0 1");
	assert_int_equal(yote_pos_remaining(&p, YOTE_FIRST), 12);
	assert_int_equal(yote_pos_remaining(&p, YOTE_SECOND), 12);
	assert_int_equal(yote_pos_captured_by(rules("classic"), &p, 0), 0);
	yote_pos_start(rules("ndar-kepp"), &p);
	assert_string_equal(yote_pos_format(rules("ndar-kepp"), &p, buf),
	    "5/5/5/5/5 x 12 12 0 1");
}

static void
test_pos_roundtrip(void **state)
{
	static const struct {
		const char *rules, *in, *out;
	} cases[] = {
		{ "classic", "6/6/6/6/6 x 12 12 0 1", NULL },
		{ "classic", "xoxoxo/oxoxox/xoxoxo/oxoxox/6 o 0 0 37 99",
		    NULL },
		{ "classic", "x4o/1x4/2x3/3o2/o5 x 9 9 0 12", NULL },
		{ "classic", "6/6/6/6/6 o 12 12 0 1", NULL },     /* parity */
		{ "classic", "6/2o3/2x3/6/6 x 0 0 4000000000 4000000000",
		    NULL },
		{ "classic", "X5/6/2O3/6/5x O 10 11 0 3",
		    "x5/6/2o3/6/5x o 10 11 0 3" },
		{ "classic", "xxxxxx/xxxxxx/oooooo/oooooo/6 X 0 0 0 5",
		    "xxxxxx/xxxxxx/oooooo/oooooo/6 x 0 0 0 5" },
		{ "ndar-kepp", "5/5/5/5/5 x 12 12 0 1", NULL },
		{ "ndar-kepp", "4o/2x2/5/5/5 o 0 0 120 201", NULL },
		{ "ndar-kepp", "o3X/5/5/5/x3o x 1 1 0 4",
		    "o3x/5/5/5/x3o x 1 1 0 4" },
	};
	struct yote_pos p;
	struct yote_error e;
	char buf[YOTE_POS_TEXT];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct yote_rules *r = rules(cases[i].rules);
		const char *want = cases[i].out ? cases[i].out : cases[i].in;

		yote_error_clear(&e);
		if (yote_pos_parse(r, cases[i].in, &p, &e) != 0)
			fail_msg("'%s' rejected: %s", cases[i].in, e.msg);
		yote_pos_format(r, &p, buf);
		if (strcmp(buf, want) != 0)
			fail_msg("'%s' formats as '%s', expected '%s'",
			    cases[i].in, buf, want);
	}

	/* the fields land where they belong */
	p = pos_of(rules("classic"), "x4o/6/6/6/o5 o 3 7 5 12");
	assert_int_equal(p.pieces[YOTE_FIRST], (uint64_t)1 << 24);
	assert_int_equal(p.pieces[YOTE_SECOND],
	    ((uint64_t)1 << 29) | ((uint64_t)1 << 0));
	assert_int_equal(p.side, YOTE_SECOND);
	assert_int_equal(p.hand[0], 3);
	assert_int_equal(p.hand[1], 7);
	assert_int_equal(p.since_capture, 5);
	assert_int_equal(p.ply, 12);
	assert_int_equal(yote_pos_remaining(&p, YOTE_FIRST), 4);
	assert_int_equal(yote_pos_remaining(&p, YOTE_SECOND), 9);
	assert_int_equal(yote_pos_captured_by(rules("classic"), &p,
	    YOTE_FIRST), 3);
	assert_int_equal(yote_pos_captured_by(rules("classic"), &p,
	    YOTE_SECOND), 8);

	/* the hash sees board, hands and side */
	{
		struct yote_pos q = pos_of(rules("classic"),
		    "x4o/6/6/6/o5 o 3 7 5 12");

		assert_true(yote_pos_hash(&p) == yote_pos_hash(&q));
		q.side = YOTE_FIRST;
		assert_true(yote_pos_hash(&p) != yote_pos_hash(&q));
		q = p;
		q.hand[0]--;
		assert_true(yote_pos_hash(&p) != yote_pos_hash(&q));
	}
}

struct pos_case {
	const char *rules, *text;
	int field;              /* 1..6 */
	unsigned long col;      /* 1-based character */
	const char *msg;        /* part of the problem */
};

static void
test_pos_parse_errors(void **state)
{
	static const struct pos_case cases[] = {
		/* wrong row count */
		{ "classic", "6/6/6/6 x 12 12 0 1", 1, 8,
		    "4 rows, expected 5" },
		{ "classic", "6/6/6/6/6/6 x 12 12 0 1", 1, 10,
		    "more than 5 rows" },
		{ "ndar-kepp", "6/6/6/6/6 x 12 12 0 1", 1, 1,
		    "row 5 is wider than 5 points" },
		/* rows too wide or too narrow */
		{ "classic", "7/6/6/6/6 x 12 12 0 1", 1, 1,
		    "row 5 is wider than 6 points" },
		{ "classic", "6/6/xxxxxxx/6/6 x 0 0 0 1", 1, 5,
		    "row 3 is wider than 6 points" },
		{ "classic", "6/6/6/6/x5o x 11 11 0 1", 1, 9,
		    "row 1 is wider than 6 points" },
		{ "classic", "6/5/6/6/6 x 12 12 0 1", 1, 3,
		    "row 4 has 5 points, expected 6" },
		{ "classic", "6/6/6/6/x4 x 11 12 0 1", 1, 9,
		    "row 1 has 5 points, expected 6" },
		{ "classic", "6//6/6/6 x 12 12 0 1", 1, 3,
		    "row 4 has 0 points, expected 6" },
		{ "classic", "", 1, 1, "row 5 has 0 points, expected 6" },
		/* runs of 0 or with leading zeros */
		{ "classic", "06/6/6/6/6 x 12 12 0 1", 1, 1, "cannot be 0" },
		{ "classic", "x0x4/6/6/6/6 x 10 12 0 1", 1, 2, "cannot be 0" },
		{ "classic", "x05/6/6/6/6 x 11 12 0 1", 1, 2,
		    "start with 0" },
		{ "classic", "15/6/6/6/6 x 12 12 0 1", 1, 1, "1 to 8" },
		/* hands above the piece count, board + hand above it */
		{ "classic", "6/6/6/6/6 x 13 12 0 1", 3, 13,
		    "hand of 13 is more than the 12 pieces of a side" },
		{ "classic", "6/6/6/6/6 x 12 13 0 1", 4, 16,
		    "hand of 13 is more than the 12 pieces of a side" },
		{ "classic", "6/6/6/6/6 x 1000 12 0 1", 3, 13, "too large" },
		{ "classic", "x5/6/6/6/6 x 12 12 0 1", 3, 14,
		    "board and hand hold 13 pieces, more than 12" },
		{ "classic", "oooooo/oooooo/6/6/6 x 12 1 0 1", 4, 26,
		    "board and hand hold 13 pieces, more than 12" },
		/* ply 0 */
		{ "classic", "6/6/6/6/6 x 12 12 0 0", 6, 21,
		    "the ply must be at least 1" },
		/* unknown letters */
		{ "classic", "6/6/6/6/5y x 11 12 0 1", 1, 10,
		    "unknown character 'y'" },
		{ "classic", "6/6/6/6/.5 x 12 12 0 1", 1, 9,
		    "unknown character '.'" },
		{ "classic", "6/6/6/6/6 z 12 12 0 1", 2, 11,
		    "expected x or o" },
		{ "classic", "6/6/6/6/6 xo 12 12 0 1", 2, 12,
		    "unexpected character" },
		{ "classic", "6/6/6/6/6 x a 12 0 1", 3, 13,
		    "expected a number" },
		{ "classic", "6/6/6/6/6 x -1 12 0 1", 3, 13,
		    "expected a number" },
		{ "classic", "6/6/6/6/6 x 12 12 0 1.0", 6, 22,
		    "unexpected text after the ply" },
		/* leading zeros in the counters */
		{ "classic", "6/6/6/6/6 x 012 12 0 1", 3, 13, "leading zero" },
		{ "classic", "6/6/6/6/6 x 12 12 00 1", 5, 19, "leading zero" },
		{ "classic", "6/6/6/6/6 x 12 12 0 01", 6, 21, "leading zero" },
		{ "classic", "6/6/6/6/6 x 12 12 4294967296 1", 5, 19,
		    "too large" },
		/* missing fields */
		{ "classic", "6/6/6/6/6", 2, 10, "missing field" },
		{ "classic", "6/6/6/6/6 x", 3, 12, "missing field" },
		{ "classic", "6/6/6/6/6 x 12", 4, 15, "missing field" },
		{ "classic", "6/6/6/6/6 x 12 12", 5, 18, "missing field" },
		{ "classic", "6/6/6/6/6 x 12 12 0", 6, 20, "missing field" },
		{ "classic", "6/6/6/6/6  x 12 12 0 1", 2, 11,
		    "expected x or o" },
		/* trailing text */
		{ "classic", "6/6/6/6/6 x 12 12 0 1 ", 6, 22,
		    "unexpected text after the ply" },
		{ "classic", "6/6/6/6/6 x 12 12 0 1 classic", 6, 22,
		    "unexpected text after the ply" },
		{ "classic", "6/6/6/6/6 x 12 12 0 1x", 6, 22,
		    "unexpected text after the ply" },
	};
	static const char *const field_names[] = { "", "rows",
		"side to move", "first side's hand", "second side's hand",
		"plies since capture", "ply" };
	struct yote_pos p;
	struct yote_error e;
	char want[128];
	size_t i;
	int rc;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		yote_error_clear(&e);
		rc = yote_pos_parse(rules(cases[i].rules), cases[i].text, &p,
		    &e);
		if (rc != YOTE_ESYNTAX || e.code != YOTE_ESYNTAX ||
		    e.col != cases[i].col)
			fail_msg("'%s': rc %d code %d col %lu (%s); expected "
			    "YOTE_ESYNTAX at %lu", cases[i].text, rc, e.code,
			    e.col, e.msg, cases[i].col);
		/* every message names the field and the character */
		snprintf(want, sizeof(want), "field %d (%s), character %lu: ",
		    cases[i].field, field_names[cases[i].field],
		    cases[i].col);
		expect_substr(e.msg, want, cases[i].text);
		expect_substr(e.msg, cases[i].msg, cases[i].text);
	}
}

/* ------------------------------------------------------------ rulesets */

struct params {
	const char *name;
	int width, height, pieces;
	const char *first, *second;
	enum yote_opening opening;
	int chain;
	enum yote_bonus bonus;
	enum yote_selfjump selfjump;
	enum yote_blocked blocked;
	int few, limit;
};

static void
expect_params(const struct yote_rules *r, const struct params *w)
{
	assert_non_null(r);
	assert_string_equal(r->name, w->name);
	assert_int_equal(r->width, w->width);
	assert_int_equal(r->height, w->height);
	assert_int_equal(r->squares, w->width * w->height);
	assert_int_equal(r->pieces, w->pieces);
	assert_string_equal(r->side_name[0], w->first);
	assert_string_equal(r->side_name[1], w->second);
	assert_int_equal(r->opening, w->opening);
	assert_int_equal(r->chain, w->chain);
	assert_int_equal(r->bonus, w->bonus);
	assert_int_equal(r->selfjump, w->selfjump);
	assert_int_equal(r->blocked, w->blocked);
	assert_int_equal(r->few_pieces, w->few);
	assert_int_equal(r->move_limit, w->limit);
}

/* rules.md section 5 */
static const struct params builtin_params[] = {
	{ "classic", 6, 5, 12, "white", "black", YOTE_OPEN_FIRST_PLACE, 1,
	    YOTE_BONUS_MANDATORY_BOARD, YOTE_SJ_PLAIN,
	    YOTE_BLOCK_LOSES_UNLESS_BOTH, 3, 0 },
	{ "traditional", 6, 5, 12, "white", "black", YOTE_OPEN_NONE, 1,
	    YOTE_BONUS_MANDATORY_BOARD, YOTE_SJ_BRIDGE,
	    YOTE_BLOCK_MORE_CAPTURED, 3, 0 },
	{ "damasi", 6, 5, 12, "white", "black", YOTE_OPEN_NONE, 0,
	    YOTE_BONUS_OPTIONAL_BOARD, YOTE_SJ_NO, YOTE_BLOCK_LOSES, 3, 0 },
	{ "ndar-kepp", 5, 5, 12, "red", "black", YOTE_OPEN_HAND_FIRST, 0,
	    YOTE_BONUS_MANDATORY_ANY, YOTE_SJ_NO, YOTE_BLOCK_LOSES, 0, 120 },
};

static void
test_rules_builtin(void **state)
{
	const struct yote_rules *r;
	size_t i;

	(void)state;
	assert_int_equal(yote_rules_builtin_count(), 4);
	assert_string_equal(yote_rules_builtin(0)->name, "classic");
	assert_null(yote_rules_builtin(4));
	assert_null(yote_rules_builtin(-1));
	for (i = 0; i < 4; i++) {
		r = yote_rules_by_name(builtin_params[i].name);
		expect_params(r, &builtin_params[i]);
		assert_int_equal(r->builtin, 1);
		assert_true(r->board == ((uint64_t)1 << r->squares) - 1);
	}
	assert_null(yote_rules_by_name("Classic"));
	assert_null(yote_rules_by_name("chess"));
	assert_null(yote_rules_by_name(""));
	/* freeing a built-in ruleset is a no-op, NULL too */
	yote_rules_free(yote_rules_by_name("classic"));
	yote_rules_free(NULL);
	assert_string_equal(yote_rules_by_name("classic")->name, "classic");
}

/* A copy of a built-in ruleset with other parameters is a ruleset of its
 * own once finished: an archive stores it by its parameters (it kept
 * builtin 1, was stored as 'classic', and read back as the real classic,
 * or lost when renamed) */
static void
test_rules_builtin_copy(void **state)
{
	struct yote_rules copy = *yote_rules_by_name("classic");
	struct yote_error e;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;

	(void)state;
	copy.move_limit = 7;
	assert_int_equal(yote_rules_finish(&copy, &e), 0);
	assert_int_equal(copy.builtin, 0);
	assert_int_equal(yote_rules_by_name("classic")->builtin, 1);
	assert_int_equal(yote_rules_by_name("classic")->move_limit, 0);
	/* written whole, as a ruleset file would be */
	assert_non_null(fp = open_memstream(&buf, &len));
	assert_int_equal(yote_rules_write(&copy, fp), 0);
	fclose(fp);
	assert_non_null(strstr(buf, "no-capture-limit: 7"));
	free(buf);
}

static void
test_rules_names(void **state)
{
	(void)state;
	assert_string_equal(yote_opening_name(YOTE_OPEN_NONE), "none");
	assert_string_equal(yote_opening_name(YOTE_OPEN_FIRST_PLACE),
	    "first-move-placement");
	assert_string_equal(yote_opening_name(YOTE_OPEN_HAND_FIRST),
	    "hand-first");
	assert_string_equal(yote_bonus_name(YOTE_BONUS_NONE), "none");
	assert_string_equal(yote_bonus_name(YOTE_BONUS_OPTIONAL_BOARD),
	    "optional-board");
	assert_string_equal(yote_bonus_name(YOTE_BONUS_MANDATORY_BOARD),
	    "mandatory-board");
	assert_string_equal(yote_bonus_name(YOTE_BONUS_MANDATORY_ANY),
	    "mandatory-any");
	assert_string_equal(yote_selfjump_name(YOTE_SJ_NO), "no");
	assert_string_equal(yote_selfjump_name(YOTE_SJ_PLAIN), "plain");
	assert_string_equal(yote_selfjump_name(YOTE_SJ_BRIDGE), "bridge");
	assert_string_equal(yote_blocked_name(YOTE_BLOCK_LOSES), "loses");
	assert_string_equal(yote_blocked_name(YOTE_BLOCK_LOSES_UNLESS_BOTH),
	    "loses-unless-both");
	assert_string_equal(yote_blocked_name(YOTE_BLOCK_MORE_CAPTURED),
	    "more-captured-wins");
}

static const char good_rules[] =
    "# a custom ruleset\n"
    "yote-rules: 1\n"
    "name: big-board-2\n"
    "description: \"Eight by seven: 20 pieces, no chains\"\n"
    "board: 8x7\n"
    "pieces: 20\n"
    "sides: [north, \"south side\"]\n"
    "opening: hand-first\n"
    "chain: no\n"
    "bonus: none\n"
    "self-jump: bridge\n"
    "blocked: more-captured-wins\n"
    "few-pieces: 4\n"
    "no-capture-limit: 60\n";

static void
test_rules_load_good(void **state)
{
	static const struct params want = { "big-board-2", 8, 7, 20,
		"north", "south side", YOTE_OPEN_HAND_FIRST, 0,
		YOTE_BONUS_NONE, YOTE_SJ_BRIDGE, YOTE_BLOCK_MORE_CAPTURED, 4,
		60 };
	struct yote_rules *r;
	struct yote_error e;
	struct yote_pos p;
	char buf[YOTE_POS_TEXT];

	(void)state;
	yote_error_clear(&e);
	assert_int_equal(yote_rules_load_buffer(good_rules,
	    strlen(good_rules), "good.yaml", &r, &e), 0);
	expect_params(r, &want);
	assert_string_equal(r->description,
	    "Eight by seven: 20 pieces, no chains");
	assert_int_equal(r->builtin, 0);
	yote_pos_start(r, &p);
	assert_string_equal(yote_pos_format(r, &p, buf),
	    "8/8/8/8/8/8/8 x 20 20 0 1");
	yote_rules_free(r);

	/* description is optional; keys in any order; true/false and off */
	{
		static const char text[] =
		    "no-capture-limit: off\nfew-pieces: off\nchain: true\n"
		    "name: t\nyote-rules: 1\nboard: 2x8\npieces: 64\n"
		    "sides: [a, b]\nopening: none\nbonus: mandatory-any\n"
		    "self-jump: plain\nblocked: loses\n";

		assert_int_equal(yote_rules_load_buffer(text, strlen(text),
		    "t", &r, &e), 0);
		assert_string_equal(r->description, "");
		assert_int_equal(r->width, 2);
		assert_int_equal(r->height, 8);
		assert_int_equal(r->pieces, 64);
		assert_int_equal(r->chain, 1);
		assert_int_equal(r->few_pieces, 0);
		assert_int_equal(r->move_limit, 0);
		yote_rules_free(r);
	}
}

/* Every key of good_rules but the one named, which gets `value`. */
static char *
rules_with(const char *key, const char *value)
{
	static char buf[2048];
	const char *line, *end;
	size_t klen = strlen(key), n = 0;

	for (line = good_rules; *line; line = end) {
		end = strchr(line, '\n') + 1;
		if (strncmp(line, key, klen) == 0 && line[klen] == ':') {
			if (value != NULL)
				n += (size_t)snprintf(buf + n, sizeof(buf) - n,
				    "%s: %s\n", key, value);
			continue;
		}
		memcpy(buf + n, line, (size_t)(end - line));
		n += (size_t)(end - line);
	}
	buf[n] = '\0';
	return buf;
}

struct rules_case {
	const char *text;
	int code;
	unsigned long line, col;
	const char *msg;        /* part of the message */
};

static void
expect_rules_error(const struct rules_case *c)
{
	static struct yote_rules dummy;
	struct yote_rules *r = &dummy;
	struct yote_error e;
	int rc;

	yote_error_clear(&e);
	rc = yote_rules_load_buffer(c->text, strlen(c->text), "bad.yaml", &r,
	    &e);
	if (rc != c->code || e.code != c->code || e.line != c->line ||
	    e.col != c->col)
		fail_msg("rc %d code %d at %lu:%lu (%s); expected %d at "
		    "%lu:%lu for:\n%s", rc, e.code, e.line, e.col, e.msg,
		    c->code, c->line, c->col, c->text);
	assert_null(r);
	assert_non_null(e.file);
	assert_string_equal(e.file, "bad.yaml");
	expect_substr(e.msg, c->msg, c->text);
}

/* e acute (two bytes) 31 and 32 times */
#define E1 "\u00e9"
#define E2 E1 E1
#define E4 E2 E2
#define E8 E4 E4
#define E16 E8 E8
#define E31 E16 E8 E4 E2 E1
#define E32 E16 E16

static void
test_rules_load_errors(void **state)
{
	/* good_rules: line 2 yote-rules, 3 name, 4 description, 5 board,
	 * 6 pieces, 7 sides, 8 opening, 9 chain, 10 bonus, 11 self-jump,
	 * 12 blocked, 13 few-pieces, 14 no-capture-limit.  how: 'k' for
	 * good_rules with key given text (NULL: the key dropped), '+' for
	 * good_rules followed by text, '=' for text alone. */
	static const struct {
		char how;
		const char *key, *text;
		int code;
		unsigned long line, col;
		const char *msg;
	} cases[] = {
		/* unknown key: at the key */
		{ '+', NULL, "colour: red\n", YOTE_EVALUE, 15, 1,
		    "unknown key 'colour'" },
		/* repeated key: at the second one */
		{ '+', NULL, "pieces: 3\n", YOTE_EVALUE, 15, 1,
		    "key 'pieces' given twice" },
		/* bad values: at the value */
		{ 'k', "bonus", "sometimes", YOTE_EVALUE, 10, 8,
		    "bad value 'sometimes' for 'bonus'" },
		{ 'k', "board", "9x5", YOTE_EVALUE, 5, 8,
		    "bad value '9x5' for 'board'" },
		{ 'k', "board", "6 x 5", YOTE_EVALUE, 5, 8, "'board'" },
		{ 'k', "pieces", "012", YOTE_EVALUE, 6, 9,
		    "bad value '012' for 'pieces'" },
		{ 'k', "pieces", "65", YOTE_EVALUE, 6, 9,
		    "bad value '65' for 'pieces'" },
		{ 'k', "chain", "maybe", YOTE_EVALUE, 9, 8,
		    "bad value 'maybe' for 'chain'" },
		{ 'k', "few-pieces", "0", YOTE_EVALUE, 13, 13,
		    "bad value '0' for 'few-pieces'" },
		{ 'k', "name", "my rules", YOTE_EVALUE, 3, 7,
		    "bad value 'my rules' for 'name'" },
		{ 'k', "sides", "[one]", YOTE_EVALUE, 7, 8, "'sides'" },
		/* letters, digits and '-' alone, as formats/rules.md says */
		{ 'k', "name", "mini_1", YOTE_EVALUE, 3, 7,
		    "bad value 'mini_1' for 'name': expected ASCII letters, "
		    "digits and '-'" },
		/* ASCII letters: an accented one is refused, and said so */
		{ 'k', "name", "sahel-\xc3\xa9t\xc3\xa9", YOTE_EVALUE, 3, 7,
		    "bad value 'sahel-\xc3\xa9t\xc3\xa9' for 'name': expected "
		    "ASCII letters, digits and '-'" },
		/* a NUL byte in any value or key: the text would be cut */
		{ 'k', "name", "\"mini\\0 bad name!\"", YOTE_EVALUE, 3, 7,
		    "'name' holds a NUL byte at character 5" },
		{ 'k', "sides", "[\"wh\\0ite\", black]", YOTE_EVALUE, 7, 9,
		    "'sides' holds a NUL byte at character 3" },
		{ 'k', "description", "\"\\u00e9\\0\"", YOTE_EVALUE, 4, 14,
		    "'description' holds a NUL byte at character 2" },
		{ '+', NULL, "\"x\\0y\": 1\n", YOTE_EVALUE, 15, 1,
		    "a key holds a NUL byte at character 2" },
		/* a side's name: 1 to 31 characters, not bytes */
		{ 'k', "sides", "[\"\", \"\"]", YOTE_EVALUE, 7, 9,
		    "'sides' must be 1 to 31 characters" },
		{ 'k', "sides", "[a, \"" E32 "\"]", YOTE_EVALUE, 7, 12,
		    "'sides' must be 1 to 31 characters" },
		/* an unknown key near a known one: the hint a record's has */
		{ '+', NULL, "self_jump: no\n", YOTE_EVALUE, 15, 1,
		    "unknown key 'self_jump': did you mean 'self-jump'?" },
		{ 'k', "opening", "[none, hand-first]", YOTE_EVALUE, 8, 10,
		    "'opening'" },
		/* missing key: at the mapping that lacks it (line 2, after
		 * the comment) */
		{ 'k', "bonus", NULL, YOTE_EVALUE, 2, 1,
		    "missing key 'bonus'" },
		/* no yote-rules: not a ruleset, and nothing of it quoted */
		{ 'k', "yote-rules", NULL, YOTE_EVALUE, 2, 1,
		    "not a ruleset file" },
		/* wrong version: at the value */
		{ 'k', "yote-rules", "2", YOTE_EVALUE, 2, 13, "version '2'" },
		/* not a mapping */
		{ '=', NULL, "# list\n- classic\n- damasi\n", YOTE_EVALUE, 2, 1,
		    "not a ruleset file" },
		{ '=', NULL, "classic\n", YOTE_EVALUE, 1, 1,
		    "not a ruleset file" },
		/* YAML syntax errors: where libyaml found the problem (the
		 * end of the last line when the text ends inside a value) */
		{ '=', NULL, "yote-rules: 1\nname: [x\n", YOTE_ESYNTAX, 2, 9,
		    "did not find expected ',' or ']'" },
		{ '=', NULL, "yote-rules: 1\n  name: x\n", YOTE_ESYNTAX, 2, 7,
		    "mapping values are not allowed" },
		{ '=', NULL, "yote-rules: 1\nname: \"x\n", YOTE_ESYNTAX, 2, 9,
		    "quoted scalar" },
		/* one document only: broken YAML or a second document after
		 * it is not ignored */
		{ '+', NULL, "...\n]] not yaml\n", YOTE_ESYNTAX, 16, 1,
		    "did not find expected <document start>" },
		{ '+', NULL, "---\nname: other\n", YOTE_EVALUE, 16, 1,
		    "a ruleset file holds one document" },
	};
	struct rules_case c;
	char text[2048];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		if (cases[i].how == 'k')
			snprintf(text, sizeof(text), "%s",
			    rules_with(cases[i].key, cases[i].text));
		else
			snprintf(text, sizeof(text), "%s%s",
			    cases[i].how == '+' ? good_rules : "",
			    cases[i].text);
		c = (struct rules_case){ text, cases[i].code, cases[i].line,
		    cases[i].col, cases[i].msg };
		expect_rules_error(&c);
	}

	/* but a document end marker and comments after it are fine */
	snprintf(text, sizeof(text), "%s...\n# the end\n", good_rules);
	{
		struct yote_rules *r;
		struct yote_error e;

		yote_error_clear(&e);
		if (yote_rules_load_buffer(text, strlen(text), "ok", &r, &e)
		    != 0)
			fail_msg("document end marker rejected: %s", e.msg);
		yote_rules_free(r);
		/* and a side's name of 31 characters of two bytes each */
		snprintf(text, sizeof(text), "%s", rules_with("sides",
		    "[\"" E31 "\", black]"));
		yote_error_clear(&e);
		if (yote_rules_load_buffer(text, strlen(text), "ok", &r, &e)
		    != 0)
			fail_msg("a side of 31 characters rejected: %s", e.msg);
		assert_int_equal(strlen(r->side_name[0]), 31 * 2);
		yote_rules_free(r);
	}
}

static void
test_rules_get(void **state)
{
	const struct yote_rules *r;
	struct yote_error e;
	char dir[256], path[512];
	const char *tmp = getenv("TMPDIR");
	FILE *fp;

	(void)state;
	/* built-in names */
	yote_error_clear(&e);
	assert_int_equal(yote_rules_get("damasi", &r, &e), 0);
	assert_ptr_equal(r, yote_rules_by_name("damasi"));
	assert_int_equal(r->builtin, 1);
	assert_int_equal(yote_rules_get("chess", &r, &e),
	    YOTE_EVALUE);
	expect_substr(e.msg, "unknown ruleset 'chess'", "chess");

	/* a file in a temporary directory */
	snprintf(dir, sizeof(dir), "%s/yote-unit.XXXXXX",
	    tmp != NULL && *tmp != '\0' ? tmp : "/tmp");
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/mine.yaml", dir);
	assert_non_null(fp = fopen(path, "w"));
	fputs(good_rules, fp);
	assert_int_equal(fclose(fp), 0);
	yote_error_clear(&e);
	if (yote_rules_get(path, &r, &e) != 0)
		fail_msg("%s: %s", path, e.msg);
	assert_int_equal(r->builtin, 0);
	assert_string_equal(r->name, "big-board-2");
	assert_int_equal(r->width, 8);
	yote_rules_free(r);

	/* a file with an error: the error names the file */
	assert_non_null(fp = fopen(path, "w"));
	fputs(rules_with("bonus", "lots"), fp);
	assert_int_equal(fclose(fp), 0);
	yote_error_clear(&e);
	assert_int_equal(yote_rules_get(path, &r, &e), YOTE_EVALUE);
	assert_non_null(e.file);
	assert_string_equal(e.file, path);
	assert_int_equal(e.line, 10);
	assert_int_equal(e.col, 8);
	assert_int_equal(unlink(path), 0);

	/* no such file: an I/O error naming it */
	yote_error_clear(&e);
	assert_int_equal(yote_rules_get(path, &r, &e), YOTE_EIO);
	assert_int_equal(e.code, YOTE_EIO);
	assert_non_null(e.file);
	assert_string_equal(e.file, path);
	assert_int_equal(rmdir(dir), 0);
}

static void
test_rules_write_reload(void **state)
{
	const struct yote_rules *src[6];
	struct yote_rules *custom, *back;
	struct yote_error e;
	char *buf;
	size_t i, len;
	long size;
	FILE *fp;

	(void)state;
	yote_error_clear(&e);
	assert_int_equal(yote_rules_load_buffer(good_rules,
	    strlen(good_rules), "good", &custom, &e), 0);
	for (i = 0; i < 4; i++)
		src[i] = yote_rules_builtin((int)i);
	src[4] = custom;
	src[5] = NULL;
	for (i = 0; src[i] != NULL; i++) {
		assert_non_null(fp = tmpfile());
		assert_int_equal(yote_rules_write(src[i], fp), 0);
		assert_int_equal(fflush(fp), 0);
		size = ftell(fp);
		assert_true(size > 0);
		rewind(fp);
		assert_non_null(buf = malloc((size_t)size + 1));
		len = fread(buf, 1, (size_t)size, fp);
		assert_int_equal(len, (size_t)size);
		buf[len] = '\0';
		fclose(fp);
		yote_error_clear(&e);
		if (yote_rules_load_buffer(buf, len, "written", &back, &e) != 0)
			fail_msg("%s: written ruleset does not load: %lu:%lu: "
			    "%s\n%s", src[i]->name, e.line, e.col, e.msg, buf);
		assert_string_equal(back->name, src[i]->name);
		assert_string_equal(back->description, src[i]->description);
		assert_string_equal(back->side_name[0], src[i]->side_name[0]);
		assert_string_equal(back->side_name[1], src[i]->side_name[1]);
		assert_int_equal(back->width, src[i]->width);
		assert_int_equal(back->height, src[i]->height);
		assert_int_equal(back->pieces, src[i]->pieces);
		assert_int_equal(back->opening, src[i]->opening);
		assert_int_equal(back->chain, src[i]->chain);
		assert_int_equal(back->bonus, src[i]->bonus);
		assert_int_equal(back->selfjump, src[i]->selfjump);
		assert_int_equal(back->blocked, src[i]->blocked);
		assert_int_equal(back->few_pieces, src[i]->few_pieces);
		assert_int_equal(back->move_limit, src[i]->move_limit);
		assert_true(back->board == src[i]->board);
		assert_int_equal(back->builtin, 0);
		yote_rules_free(back);
		free(buf);
	}
	yote_rules_free(custom);
}

/* ------------------------------------------------------------ end of game */

static void
test_outcome(void **state)
{
	static const struct {
		const char *rules, *pos;
		enum yote_result res;
		enum yote_termination term;
	} cases[] = {
		{ "classic", "6/6/6/6/6 x 12 12 0 1", YOTE_RES_NONE,
		    YOTE_TERM_NONE },
		{ "classic", "6/6/6/6/6 x 0 12 0 1", YOTE_RES_SECOND,
		    YOTE_TERM_CAPTURE_ALL },
		{ "ndar-kepp", "5/5/2x2/5/5 o 0 0 0 9", YOTE_RES_FIRST,
		    YOTE_TERM_CAPTURE_ALL },
		/* capture-all looks only at the side to move */
		{ "ndar-kepp", "5/5/2x2/5/5 x 0 0 0 9", YOTE_RES_NONE,
		    YOTE_TERM_NONE },
		{ "damasi", "6/6/o5/o5/xoo3 x 0 0 0 10", YOTE_RES_SECOND,
		    YOTE_TERM_BLOCKED },
		{ "traditional", "6/6/o5/o5/xoo3 x 0 8 0 10", YOTE_RES_SECOND,
		    YOTE_TERM_BLOCKED },
		{ "traditional", "o5/xooo2/xooooo/xxxxoo/xxxxxx x 0 0 0 20",
		    YOTE_RES_FIRST, YOTE_TERM_BLOCKED },
		{ "classic", "6/2o3/2x3/6/6 x 0 0 0 2", YOTE_RES_DRAW,
		    YOTE_TERM_BLOCKED },
		{ "classic", "4o1/6/2x3/6/6 x 0 0 0 10", YOTE_RES_DRAW,
		    YOTE_TERM_FEW_PIECES },
		{ "ndar-kepp", "4o/5/2x2/5/5 x 0 0 120 200", YOTE_RES_DRAW,
		    YOTE_TERM_MOVE_LIMIT },
		{ "ndar-kepp", "4o/5/2x2/5/5 x 0 0 119 200", YOTE_RES_NONE,
		    YOTE_TERM_NONE },
	};
	struct yote_outcome o;
	struct yote_pos p;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct yote_rules *r = rules(cases[i].rules);

		p = pos_of(r, cases[i].pos);
		yote_pos_outcome(r, &p, &o);
		if (o.result != cases[i].res || o.term != cases[i].term)
			fail_msg("%s '%s': %s %s, expected %s %s",
			    cases[i].rules, cases[i].pos,
			    yote_result_text(o.result),
			    yote_termination_text(o.term),
			    yote_result_text(cases[i].res),
			    yote_termination_text(cases[i].term));
	}
}

static void
test_has_capture(void **state)
{
	const struct yote_rules *r = rules("classic");
	struct yote_pos p;

	(void)state;
	/* x c3, o c4 c5: only o (c4xc2) can capture, whoever is to move */
	p = pos_of(r, "2o3/2o3/2x3/6/6 x 0 0 0 10");
	assert_false(yote_pos_has_capture(r, &p, YOTE_FIRST));
	assert_true(yote_pos_has_capture(r, &p, YOTE_SECOND));
	/* plies 1 and 2 under first-move-placement: nobody */
	p = pos_of(r, "2o3/2o3/2x3/6/6 x 1 1 0 2");
	assert_false(yote_pos_has_capture(r, &p, YOTE_SECOND));
	/* a bridge counts */
	r = rules("traditional");
	p = pos_of(r, "3o2/2x3/2x3/6/6 x 0 0 0 10");
	assert_true(yote_pos_has_capture(r, &p, YOTE_FIRST));
	assert_false(yote_pos_has_capture(r, &p, YOTE_SECOND));
}

static void
test_result_termination_text(void **state)
{
	static const struct {
		enum yote_termination t;
		const char *text;
	} terms[] = {
		{ YOTE_TERM_CAPTURE_ALL, "capture-all" },
		{ YOTE_TERM_BLOCKED, "blocked" },
		{ YOTE_TERM_FEW_PIECES, "few-pieces" },
		{ YOTE_TERM_MOVE_LIMIT, "move-limit" },
		{ YOTE_TERM_AGREEMENT, "agreement" },
		{ YOTE_TERM_RESIGNATION, "resignation" },
		{ YOTE_TERM_TIME, "time" },
		{ YOTE_TERM_ADJUDICATION, "adjudication" },
		{ YOTE_TERM_UNFINISHED, "unfinished" },
	};
	size_t i;

	(void)state;
	assert_string_equal(yote_result_text(YOTE_RES_NONE), "*");
	assert_string_equal(yote_result_text(YOTE_RES_FIRST), "1-0");
	assert_string_equal(yote_result_text(YOTE_RES_SECOND), "0-1");
	assert_string_equal(yote_result_text(YOTE_RES_DRAW), "1/2-1/2");
	assert_int_equal(yote_result_parse("*"), YOTE_RES_NONE);
	assert_int_equal(yote_result_parse("1-0"), YOTE_RES_FIRST);
	assert_int_equal(yote_result_parse("0-1"), YOTE_RES_SECOND);
	assert_int_equal(yote_result_parse("1/2-1/2"), YOTE_RES_DRAW);
	assert_int_equal(yote_result_parse("1/2"), -1);
	assert_int_equal(yote_result_parse("1-0 "), -1);
	assert_int_equal(yote_result_parse(""), -1);
	assert_int_equal(yote_result_parse("draw"), -1);

	assert_string_equal(yote_termination_text(YOTE_TERM_NONE), "");
	for (i = 0; i < sizeof(terms) / sizeof(terms[0]); i++) {
		assert_string_equal(yote_termination_text(terms[i].t),
		    terms[i].text);
		assert_int_equal(yote_termination_parse(terms[i].text),
		    terms[i].t);
	}
	assert_int_equal(yote_termination_parse(""), -1);
	assert_int_equal(yote_termination_parse("Blocked"), -1);
	assert_int_equal(yote_termination_parse("checkmate"), -1);
}

/* Every name function gives "?" for a value outside its enum, the -1 of
 * yote_game_info.result and .term among them (yote_result_text(-1) read
 * before its table and crashed). */
static void
test_names_out_of_range(void **state)
{
	const struct yote_rules *r = yote_rules_by_name("classic");
	char b[8];

	(void)state;
	assert_string_equal(yote_result_text((enum yote_result)-1), "?");
	assert_string_equal(yote_result_text((enum yote_result)9), "?");
	assert_string_equal(yote_termination_text((enum yote_termination)-1),
	    "?");
	assert_string_equal(yote_termination_text((enum yote_termination)99),
	    "?");
	assert_string_equal(yote_class_name((enum yote_class)9), "?");
	assert_string_equal(yote_class_nag((enum yote_class)-1), "?");
	assert_string_equal(yote_opening_name((enum yote_opening)9), "?");
	assert_string_equal(yote_bonus_name((enum yote_bonus)-1), "?");
	assert_string_equal(yote_selfjump_name((enum yote_selfjump)9), "?");
	assert_string_equal(yote_blocked_name((enum yote_blocked)9), "?");
	assert_string_equal(yote_diag_name(-1), "?");
	assert_string_equal(yote_square_name(r, 99, b), "?");
	assert_string_equal(yote_square_name(r, -1, b), "?");
	assert_string_equal(yote_square_name(r, 0, b), "a1");
}

/* ------------------------------------------------------------ legality */

static void
test_move_check_messages(void **state)
{
	static const struct {
		const char *rules, *pos, *move, *msg;
	} cases[] = {
		{ "classic", "6/2o3/2x3/6/6 x 11 11 0 3", "c4",
		    "c4 is occupied" },
		{ "classic", "6/2o3/2x3/6/6 x 11 11 0 3", "c3",
		    "c3 is occupied" },
		{ "classic", "6/2o3/2x3/6/6 x 11 11 0 3", "c3-c4",
		    "c4 is occupied" },
		{ "classic", "2o3/2o3/2x3/6/6 x 11 10 0 3", "c3xc5",
		    "c5 is occupied" },
		{ "classic", "6/2o3/2x3/6/6 x 0 11 0 3", "a1",
		    "no piece left in hand to place on a1" },
		{ "classic", "6/2o3/2x3/6/6 x 11 11 0 3", "d3-d4",
		    "no white piece on d3" },
		{ "classic", "6/2o3/2x3/6/6 x 11 11 0 3", "c4-c5",
		    "no white piece on c4" },
		{ "classic", "6/2o3/2x3/6/6 o 11 11 0 3", "c3-b3",
		    "no black piece on c3" },
		{ "ndar-kepp", "5/5/2o2/5/5 x 11 11 0 3", "c3-b3",
		    "no red piece on c3" },
		{ "classic", "6/2o3/2x3/6/6 x 11 11 0 2", "c3-b3",
		    "only placements are legal on plies 1 and 2 under "
		    "classic" },
		{ "classic", "6/2o3/2x3/6/6 x 11 11 0 3", "c3xc1",
		    "no enemy piece on c2 to capture" },
		{ "classic", "5o/2o3/2x3/6/o5 x 0 5 0 10", "c3xc5",
		    "c3xc5 must remove a bonus piece from the board" },
		{ "classic", "5o/2o3/2x3/6/o5 x 0 5 0 10", "c3xc5+e1",
		    "no enemy piece on e1 to remove" },
		{ "classic", "5o/2o3/2x3/6/o5 x 0 5 0 10", "c3xc5+c4",
		    "no enemy piece on c4 to remove" },
		{ "classic", "5o/2o3/2x3/6/o5 x 0 5 0 10", "c3xc5+@",
		    "the bonus piece cannot come from the hand under classic" },
		{ "classic", "5o/2o3/2x3/6/o5 x 0 5 0 10", "c3xc5+a1xe5+f5",
		    "no enemy piece on d5 to capture" },
		{ "classic", "3o2/2x3/2x3/6/5o x 0 4 0 10", "c3-c5xe5+f1",
		    "under classic no capture may follow a self-jump" },
		{ "traditional", "3o2/2x3/2x3/6/5o x 0 4 0 10", "c3-c5",
		    "under traditional a self-jump must go on to capture "
		    "(bridge)" },
		{ "traditional", "3o2/2x3/2x3/6/5o x 0 4 0 10", "c3-c5xe5",
		    "c5xe5 must remove a bonus piece from the board" },
		{ "traditional", "3o2/2x3/6/6/5o x 0 4 0 10", "c4-c2xa2",
		    "no white piece on c3 to jump over" },
		{ "damasi", "3o2/2x3/2x3/6/5o x 0 4 0 10", "c3-c5",
		    "jumping over an own piece is not allowed under damasi" },
		{ "damasi", "5o/6/1o4/o5/x5 x 0 2 0 10", "a1xa3+f5xc3",
		    "chained captures are not allowed under damasi" },
		{ "ndar-kepp", "4o/2o2/2x2/5/5 x 1 2 0 10", "c3-b3",
		    "red still has pieces in hand: only placements and "
		    "captures are legal" },
		{ "ndar-kepp", "4o/2o2/2x2/5/5 x 0 2 0 10", "c3xc5",
		    "c3xc5 must remove a bonus piece (board or '@')" },
		{ "ndar-kepp", "4o/2o2/2x2/5/5 x 0 0 0 10", "c3xc5+@",
		    "the enemy has no piece in hand to remove" },
		{ "classic", "6/6/6/6/6 x 0 12 0 1", "c3",
		    "the game is already over (capture-all, 0-1)" },
		{ "ndar-kepp", "4o/5/2x2/5/5 x 0 0 120 200", "c3-c4",
		    "the game is already over (move-limit, 1/2-1/2)" },
	};
	struct yote_pos p;
	struct yote_move m;
	struct yote_error e;
	size_t i;
	int rc;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct yote_rules *r = rules(cases[i].rules);

		p = pos_of(r, cases[i].pos);
		m = move_of(r, cases[i].move);
		yote_error_clear(&e);
		rc = yote_move_check(r, &p, &m, &e);
		if (rc != YOTE_EILLEGAL || e.code != YOTE_EILLEGAL)
			fail_msg("%s '%s' %s: rc %d code %d, expected "
			    "YOTE_EILLEGAL", cases[i].rules, cases[i].pos,
			    cases[i].move, rc, e.code);
		if (strcmp(e.msg, cases[i].msg) != 0)
			fail_msg("%s '%s' %s: message '%s', expected '%s'",
			    cases[i].rules, cases[i].pos, cases[i].move, e.msg,
			    cases[i].msg);
	}
}

static void
test_move_check_play(void **state)
{
	const struct yote_rules *r = rules("classic");
	struct yote_pos p = pos_of(r, "5o/2o3/2x3/6/o5 x 0 5 0 10");
	struct yote_move m = move_of(r, "C3XC5+F5");
	struct yote_error e;
	char buf[YOTE_POS_TEXT];

	(void)state;
	yote_error_clear(&e);
	assert_int_equal(yote_move_check(r, &p, &m, &e), 0);
	yote_pos_play(r, &p, &m);
	assert_string_equal(yote_pos_format(r, &p, buf),
	    "2x3/6/6/6/o5 o 0 5 0 11");
	/* a placement: the hand goes down, the counter up */
	m = move_of(r, "f1");
	assert_int_equal(yote_move_check(r, &p, &m, &e), 0);
	yote_pos_play(r, &p, &m);
	assert_string_equal(yote_pos_format(r, &p, buf),
	    "2x3/6/6/6/o4o x 0 4 1 12");
}

static void
test_gen_moves_from(void **state)
{
	const struct yote_rules *r = rules("classic");
	struct yote_pos p = pos_of(r, "6/2o3/2x3/6/6 x 1 11 0 3");
	struct yote_movelist l = { 0 };
	char buf[YOTE_MOVE_TEXT];

	(void)state;
	/* from c3: its steps and its capture; no placement (occupied) */
	assert_int_equal(yote_gen_moves_from(r, &p, 2 * 6 + 2, &l), 4);
	yote_movelist_sort(r, &l);
	assert_string_equal(yote_move_format(r, &l.v[0], buf), "c3-b3");
	assert_string_equal(yote_move_format(r, &l.v[3], buf), "c3xc5");
	/* an empty point: its placement */
	assert_int_equal(yote_gen_moves_from(r, &p, 0, &l), 1);
	assert_string_equal(yote_move_format(r, &l.v[0], buf), "a1");
	/* the enemy's piece, and squares off the board: nothing */
	assert_int_equal(yote_gen_moves_from(r, &p, 3 * 6 + 2, &l), 0);
	assert_int_equal(yote_gen_moves_from(r, &p, -1, &l), 0);
	assert_int_equal(yote_gen_moves_from(r, &p, 30, &l), 0);
	assert_int_equal(yote_gen_moves(r, &p, &l), 28 + 4);
	assert_int_equal(yote_count_moves(r, &p), 28 + 4);
	yote_movelist_free(&l);
	assert_null(l.v);
	yote_movelist_free(&l);
	yote_movelist_free(NULL);
}

/* A NULL node (a failed allocation passed on) is an error, not a crash. */
static void
test_node_set_null(void **state)
{
	struct yote_node *m = yote_node_map(), *q = yote_node_seq();

	(void)state;
	assert_non_null(m);
	assert_non_null(q);
	assert_int_equal(yote_node_set(m, "k", NULL), YOTE_ENOMEM);
	assert_int_equal(m->n, 0);
	assert_int_equal(yote_node_set(NULL, "k", yote_node_scalar("v")),
	    YOTE_EVALUE);
	assert_int_equal(yote_node_set(m, NULL, yote_node_scalar("v")),
	    YOTE_EVALUE);
	assert_int_equal(yote_node_set(q, "k", yote_node_scalar("v")),
	    YOTE_EVALUE);
	assert_int_equal(yote_node_push(q, NULL), YOTE_ENOMEM);
	assert_int_equal(yote_node_push(NULL, yote_node_scalar("v")),
	    YOTE_EVALUE);
	assert_int_equal(q->n, 0);
	assert_int_equal(yote_node_set(m, "k", yote_node_scalar("v")), 0);
	assert_int_equal(yote_node_set(m, "k", NULL), YOTE_ENOMEM);
	assert_true(yote_node_is(yote_node_get(m, "k"), "v"));
	yote_node_free(m);
	yote_node_free(q);
}

/* Whether m is in the list, as the generator wrote it. */
static int
in_list(const struct yote_movelist *l, const struct yote_move *m)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (yote_move_equal(&l->v[i], m))
			return 1;
	return 0;
}

/* yote_move_legal (a move checked along its path) and the generator
 * agree on m: legal exactly when generated. */
static void
agree(const struct yote_rules *r, const struct yote_pos *p,
    const struct yote_movelist *l, const struct yote_move *m,
    struct yote_movelist *scratch)
{
	char pt[YOTE_POS_TEXT];
	int legal = yote_move_legal(r, p, m, scratch), gen = in_list(l, m);

	if (legal != gen)
		fail_msg("%s, %s: a move of kind %d from %d, %d segments: "
		    "legal %d, generated %d", r->name, yote_pos_format(r, p,
		    pt), m->kind, m->from, m->nseg, legal, gen);
}

/* Every generated move, and its variants (another bonus, a segment
 * less, another kind), checked both ways. */
static void
agree_all(const struct yote_rules *r, const struct yote_pos *p)
{
	struct yote_movelist l = { 0 }, scratch = { 0 };
	struct yote_move m;
	size_t i;
	int k, b;

	assert_true(yote_gen_moves(r, p, &l) >= 0);
	for (i = 0; i < l.n; i++) {
		agree(r, p, &l, &l.v[i], &scratch);
		if (l.n > 400 || l.v[i].kind == YOTE_PLACE)
			continue;
		for (k = 0; k < l.v[i].nseg; k++)
			for (b = -2; b < r->squares; b++) {
				m = l.v[i];
				m.seg_bonus[k] = (uint8_t)(b == -2 ?
				    YOTE_BONUS_NO : b == -1 ? YOTE_BONUS_HAND :
				    b);
				agree(r, p, &l, &m, &scratch);
			}
		m = l.v[i];
		if (m.nseg > 1) {
			m.nseg--;
			agree(r, p, &l, &m, &scratch);
		}
		for (k = YOTE_STEP; k <= YOTE_BRIDGE; k++) {
			m = l.v[i];
			m.kind = (uint8_t)k;
			agree(r, p, &l, &m, &scratch);
		}
	}
	yote_movelist_free(&l);
	yote_movelist_free(&scratch);
}

/*
 * A move is checked along its own path, never by generating (issue 16:
 * the generator's limit must not make a legal move illegal): along
 * random games under every built-in ruleset and the custom ones of
 * tests/rules, the check and the generator agree on every move and on
 * variants of it.
 */
static void
test_move_legal_agrees(void **state)
{
	static const char *const files[] = { "tests/rules/chain-any.yaml",
		"tests/rules/chain-optional.yaml",
		"tests/rules/chain-nobonus.yaml",
		"tests/rules/hand-bridge.yaml", "tests/rules/hand-plain.yaml" };
	const struct yote_rules *r;
	struct yote_rules *own;
	struct yote_movelist l = { 0 };
	struct yote_error e;
	struct yote_pos p;
	unsigned long seed = 12345;
	int k, game, ply;

	(void)state;
	for (k = 0; k < 4 + (int)(sizeof(files) / sizeof(files[0])); k++) {
		own = NULL;
		if (k < 4)
			r = yote_rules_builtin(k);
		else if (yote_rules_load_file(files[k - 4], &own, &e) != 0)
			fail_msg("%s: %s", files[k - 4], e.msg);
		else
			r = own;
		for (game = 0; game < 6; game++) {
			yote_pos_start(r, &p);
			for (ply = 0; ply < 120; ply++) {
				agree_all(r, &p);
				if (yote_gen_moves(r, &p, &l) <= 0)
					break;
				seed = seed * 6364136223846793005UL + 1;
				yote_pos_play(r, &p, &l.v[(seed >> 33) % l.n]);
			}
		}
		yote_rules_free(own);
	}
	yote_movelist_free(&l);
}

static void
test_perft_start(void **state)
{
	/* the known figures from the empty board, depth 1 to 3 */
	static const struct {
		const char *rules;
		unsigned long long n[3];
	} cases[] = {
		{ "classic", { 30, 870, 27180 } },
		{ "traditional", { 30, 870, 27180 } },
		{ "damasi", { 30, 870, 27180 } },
		{ "ndar-kepp", { 25, 600, 13860 } },
	};
	struct yote_pos p;
	size_t i;
	int d;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct yote_rules *r = rules(cases[i].rules);

		yote_pos_start(r, &p);
		assert_int_equal(yote_perft(r, &p, 0), 1);
		for (d = 1; d <= 3; d++)
			if (yote_perft(r, &p, d) != cases[i].n[d - 1])
				fail_msg("%s perft %d: %llu, expected %llu",
				    cases[i].rules, d, yote_perft(r, &p, d),
				    cases[i].n[d - 1]);
	}
}

/* An error object used again, not cleared: a new problem keeps nothing
 * of the one before (its file, line, column, game, ply and kind stayed,
 * and a bad position read "STALE:111:222: game 333, ply 444"). */
static void
dirty(struct yote_error *e)
{
	yote_error_clear(e);
	e->file = "STALE";
	e->line = 111;
	e->col = 222;
	e->game = 333;
	e->ply = 444;
	e->diag = YOTE_D_ILLEGAL_MOVE;
}

static void
test_error_reused(void **state)
{
	const struct yote_rules *r = yote_rules_by_name("classic");
	struct yote_error e;
	struct yote_pos p;
	struct yote_move_text mt;
	struct yote_move m;

	(void)state;
	yote_pos_start(r, &p);
	dirty(&e);
	assert_int_not_equal(yote_pos_parse(r, "zz", &p, &e), 0);
	assert_null(e.file);
	assert_int_equal(e.line + e.game + e.ply, 0);
	assert_int_equal(e.diag, YOTE_D_NONE);
	dirty(&e);
	assert_int_not_equal(yote_move_parse("c3-", &mt, &e), 0);
	assert_null(e.file);
	assert_int_equal(e.col, 4);     /* where the square is missing */
	assert_int_equal(e.line + e.game + e.ply, 0);
	assert_int_equal(yote_move_parse("c3-c4", &mt, NULL), 0);
	assert_int_equal(yote_move_from_text(r, &mt, &m, NULL), 0);
	dirty(&e);
	assert_int_not_equal(yote_move_check(r, &p, &m, &e), 0);
	assert_null(e.file);
	assert_int_equal(e.line + e.col + e.game + e.ply, 0);
	dirty(&e);
	assert_int_not_equal(yote_rules_get("nope", &r, &e), 0);
	assert_true(e.file == NULL || strcmp(e.file, "STALE") != 0);
	assert_int_equal(e.line + e.col + e.game + e.ply, 0);
}

/* The one form of a diagnostic, public: a library user's line is the
 * tools' line, the input's control characters shown, not obeyed (a
 * message quoting a name with ESC [ 2 J reached the terminal raw). */
static void
test_error_format(void **state)
{
	struct yote_error e;
	char buf[256], small[24], one[YOTE_ESC_MAX];
	size_t olen;

	(void)state;
	yote_error_set(&e, YOTE_EILLEGAL, "illegal move 'c3\x1b[2J': %s",
	    "no piece");
	e.file = "a\xe2\x80\xae.yaml";
	e.line = 12;
	e.col = 3;
	e.game = 2;
	e.ply = 7;
	olen = yote_error_format(&e, "prog", buf, sizeof(buf));
	assert_int_equal(olen, strlen(buf));
	assert_string_equal(buf, "prog: a\\u202e.yaml:12:3: game 2, ply 7: "
	    "illegal move 'c3\\x1b[2J': no piece\n");
	yote_error_clear(&e);
	yote_error_set(&e, 0, "unknown key 'frist'");
	e.diag = YOTE_D_UNKNOWN_KEY;
	e.game = 5;
	yote_error_format(&e, NULL, buf, sizeof(buf));
	assert_string_equal(buf, "game 5: warning: unknown key 'frist'\n");
	/* cut to size, the newline kept */
	yote_error_format(&e, NULL, small, sizeof(small));
	assert_int_equal(strlen(small), sizeof(small) - 1);
	assert_int_equal(small[sizeof(small) - 2], '\n');
	/* JSON and XML forms, and one character at a time */
	yote_escape(buf, sizeof(buf), "<\"a\"\t\x01>", YOTE_ESC_JSON);
	assert_string_equal(buf, "<\\\"a\\\"\\u0009\\u0001>");
	yote_escape(buf, sizeof(buf), "<b>&\t", YOTE_ESC_XML | YOTE_ESC_FIELD);
	assert_string_equal(buf, "&lt;b&gt;&amp; ");
	assert_int_equal(yote_escape_char("\xe2\x81\xa6x", 4, 0, one, &olen),
	    3);
	assert_int_equal(olen, 6);
	assert_memory_equal(one, "\\u2066", 6);
	assert_int_equal(yote_utf8_char("\xc3\xa9", 2, NULL), 2);
	assert_int_equal(yote_utf8_char("\xc0\xa9", 2, NULL), 0);
	/* yote_utf8_put writes what yote_utf8_char reads back, at the
	 * edges of each length */
	{
		static const unsigned long cps[] = { 0x41, 0x7F, 0x80, 0x7FF,
			0x800, 0xFFFF, 0x10000, 0x10FFFF };
		unsigned long back;
		size_t i, n;

		for (i = 0; i < sizeof(cps) / sizeof(*cps); i++) {
			n = yote_utf8_put(cps[i], one);
			assert_int_equal(n, cps[i] < 0x80 ? 1 : cps[i] < 0x800 ?
			    2 : cps[i] < 0x10000 ? 3 : 4);
			assert_int_equal(yote_utf8_char(one, n, &back), n);
			assert_int_equal(back, cps[i]);
		}
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_move_parse_kinds),
		cmocka_unit_test(test_move_parse_upper),
		cmocka_unit_test(test_move_parse_errors),
		cmocka_unit_test(test_move_parse_limit),
		cmocka_unit_test(test_move_from_text_kinds),
		cmocka_unit_test(test_move_from_text_errors),
		cmocka_unit_test(test_move_format_roundtrip),
		cmocka_unit_test(test_move_format_longest),
		cmocka_unit_test(test_square_name),
		cmocka_unit_test(test_suggest),
		cmocka_unit_test(test_pos_start),
		cmocka_unit_test(test_pos_roundtrip),
		cmocka_unit_test(test_pos_parse_errors),
		cmocka_unit_test(test_rules_builtin),
		cmocka_unit_test(test_rules_builtin_copy),
		cmocka_unit_test(test_rules_names),
		cmocka_unit_test(test_rules_load_good),
		cmocka_unit_test(test_rules_load_errors),
		cmocka_unit_test(test_rules_get),
		cmocka_unit_test(test_error_reused),
		cmocka_unit_test(test_error_format),
		cmocka_unit_test(test_rules_write_reload),
		cmocka_unit_test(test_outcome),
		cmocka_unit_test(test_has_capture),
		cmocka_unit_test(test_result_termination_text),
		cmocka_unit_test(test_names_out_of_range),
		cmocka_unit_test(test_move_check_messages),
		cmocka_unit_test(test_move_check_play),
		cmocka_unit_test(test_gen_moves_from),
		cmocka_unit_test(test_node_set_null),
		cmocka_unit_test(test_perft_start),
		cmocka_unit_test(test_move_legal_agrees),
	};

	return cmocka_run_group_tests_name("libyote", tests, NULL, NULL);
}
