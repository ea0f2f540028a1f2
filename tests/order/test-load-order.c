/*
 * test-load-order.c - positions hash and search the same whatever the
 * program loads first (issue 15): a ruleset read from a file or a buffer
 * before any built-in one is ever asked for once left every position
 * with hash 0, and the engine's table then returned wrong scores.
 *
 * usage: test-load-order builtin-first|file-first RULES.yaml
 *
 * Loads RULES.yaml with yote_rules_load_file and the same text with
 * yote_rules_load_buffer, asking for a built-in ruleset before them
 * (builtin-first) or not at all (file-first); then checks, as TAP, that
 * the positions of a fixed playout under the file's copy have non-zero
 * hashes, all different; and prints the result of a fixed-depth search
 * under the buffer's copy as a last line "search: SCORE NODES MOVE",
 * which tests/load-order.t compares between the two orders.
 * Exit status: 0 when every test passed, 1 otherwise, 2 usage or I/O.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "yote.h"

#define PLIES 24
#define DEPTH 6

static int tests, failures;

static void
ok(int cond, const char *what)
{
	tests++;
	if (!cond)
		failures++;
	printf("%s %d - %s\n", cond ? "ok" : "not ok", tests, what);
}

static char *
slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (fp == NULL)
		return NULL;
	if (fseek(fp, 0, SEEK_END) == 0 && (n = ftell(fp)) >= 0 &&
	    fseek(fp, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n + 1)) != NULL &&
	    fread(buf, 1, (size_t)n, fp) == (size_t)n)
		*len = (size_t)n;
	else {
		free(buf);
		buf = NULL;
	}
	fclose(fp);
	return buf;
}

int
main(int argc, char **argv)
{
	struct yote_rules *rf = NULL, *rb = NULL;
	struct yote_error err;
	struct yote_movelist ml = { 0 };
	struct yote_pos pos[PLIES + 1];
	struct yote_search_result sr;
	struct yote_limits lim = { 0 };
	struct yote_engine *e;
	char *text, mv[YOTE_MOVE_TEXT];
	size_t len = 0;
	int n, i, j, distinct = 1, nonzero = 1;

	if (argc != 3 || (strcmp(argv[1], "builtin-first") != 0 &&
	    strcmp(argv[1], "file-first") != 0)) {
		fprintf(stderr, "usage: test-load-order "
		    "builtin-first|file-first RULES.yaml\n");
		return 2;
	}
	if (strcmp(argv[1], "builtin-first") == 0 &&
	    yote_rules_builtin(0) == NULL) {
		fprintf(stderr, "test-load-order: no built-in ruleset\n");
		return 2;
	}
	if (yote_rules_load_file(argv[2], &rf, &err) != 0 ||
	    (text = slurp(argv[2], &len)) == NULL ||
	    yote_rules_load_buffer(text, len, argv[2], &rb, &err) != 0) {
		fprintf(stderr, "test-load-order: %s: cannot load\n", argv[2]);
		return 2;
	}
	free(text);
	printf("1..3\n");

	/* A fixed playout: always the middle legal move. */
	yote_pos_start(rf, &pos[0]);
	for (n = 0; n < PLIES; n++) {
		if (yote_gen_moves(rf, &pos[n], &ml) <= 0)
			break;
		pos[n + 1] = pos[n];
		yote_pos_play(rf, &pos[n + 1], &ml.v[ml.n / 2]);
	}
	for (i = 0; i <= n; i++) {
		nonzero &= yote_pos_hash(&pos[i]) != 0;
		for (j = 0; j < i; j++)
			distinct &= yote_pos_hash(&pos[i]) !=
			    yote_pos_hash(&pos[j]);
	}
	ok(n > 0, "the playout has moves");
	ok(nonzero, "every position of the playout has a non-zero hash");
	ok(distinct, "the positions of the playout hash differently");

	if ((e = yote_engine_new(16)) == NULL) {
		fprintf(stderr, "test-load-order: out of memory\n");
		return 2;
	}
	lim.depth = DEPTH;
	if (yote_engine_search(e, rb, &pos[n / 2], &lim, &sr, NULL, NULL) != 0) {
		fprintf(stderr, "test-load-order: search failed\n");
		return 2;
	}
	yote_move_format(rb, &sr.best, mv);
	printf("search: %d %llu %s\n", sr.score, sr.nodes, mv);
	yote_engine_free(e);
	yote_movelist_free(&ml);
	yote_rules_free(rf);
	yote_rules_free(rb);
	return failures ? 1 : 0;
}
