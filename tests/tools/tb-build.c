/*
 * tb-build - a developer's command for the endgame tables (src/tb.c):
 * build every material class up to N pieces of a ruleset and print one
 * line per class, or probe positions.
 *
 *   tb-build [-d DIR] [-c] [-k] [-m MIB] RULES N             build, one
 *                                              line per class
 *   tb-build [-d DIR] [-c] [-k] [-m MIB] RULES N POSITION... probe (builds
 *                                              on demand)
 *
 * -d DIR: the cache directory (default: as yote_tb_open); -c: no cache;
 * -m MIB: the memory cap (0: none; default YOTE_TB_MEMORY).  The files
 * are written as the tools write them (tool_tmp_make: a signal removes
 * the temporary file), and the tables' notes go to standard error; -k
 * sends the process SIGTERM once the first temporary file is made
 * (tests/tbcache.t: it must not stay).
 * A line reads: class (board+hand of first v second), positions, wins,
 * draws, losses, longest, file bytes, seconds, "built" or "cached",
 * longest dtz, reach (formats/tablebase.md).
 * Exit status 0, 1 on a bad position, 2 usage, 3 on a library error.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tool.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
note(void *ctx, int kind, const char *msg)
{
	(void)ctx;
	(void)kind;
	tool_warn("endgame tables: %s", msg);
}

static int
tmp_make(void *ctx, char *tmpl)
{
	int fd = tool_tmp_make(tmpl);

	if (ctx != NULL && fd >= 0)
		raise(SIGTERM);
	return fd;
}

static int
tmp_end(void *ctx, const char *tmp, const char *path)
{
	(void)ctx;
	return tool_tmp_end(tmp, path);
}

static int
build_all(struct yote_tb *tb)
{
	struct yote_tb_class *cls, *c;
	struct yote_tb_stats st;
	struct yote_error err;
	size_t n = yote_tb_classes(tb, NULL), i;
	double t0, total = 0;
	unsigned long long bytes = 0;

	cls = malloc((n ? n : 1) * sizeof(*cls));
	if (!cls) {
		fprintf(stderr, "tb-build: out of memory\n");
		return 3;
	}
	yote_tb_classes(tb, cls);
	for (i = 0; i < n; i++) {
		c = &cls[i];
		yote_error_clear(&err);
		t0 = now();
		if (yote_tb_build(tb, c, &st, &err) != 0 &&
		    err.code != YOTE_EIO) {
			fprintf(stderr, "tb-build: %s\n", err.msg);
			free(cls);
			return 3;
		}
		t0 = now() - t0;
		total += t0;
		bytes += st.file_bytes;
		printf("%d+%dv%d+%d %llu %llu %llu %llu %d %llu %.2f %s "
		    "%d %d\n", c->board[0], c->hand[0], c->board[1],
		    c->hand[1], st.positions, st.wins, st.draws, st.losses,
		    st.longest, st.file_bytes, t0, st.built ? "built" :
		    "cached", st.longest_dtz, st.reach);
		fflush(stdout);
	}
	printf("total %llu bytes %.2f s\n", bytes, total);
	free(cls);
	return 0;
}

int
main(int argc, char **argv)
{
	const struct yote_rules *r;
	struct yote_rules *loaded = NULL;
	struct yote_tb *tb;
	struct yote_error err;
	struct yote_pos p;
	struct yote_tb_io io = { note, tmp_make, tmp_end, NULL };
	const char *dir = NULL;
	unsigned flags = 0;
	unsigned long long mem = YOTE_TB_MEMORY;
	int ch, max, i, rc = 0, wdl, plies;

	tool_init(argv[0]);
	while ((ch = getopt(argc, argv, "cd:km:")) != -1) {
		if (ch == 'c')
			flags |= YOTE_TB_NO_CACHE;
		else if (ch == 'd')
			dir = optarg;
		else if (ch == 'k')
			io.ctx = &io;
		else if (ch == 'm')
			mem = strtoull(optarg, NULL, 10) << 20;
		else
			return 2;
	}
	argc -= optind;
	argv += optind;
	if (argc < 2) {
		fprintf(stderr, "usage: tb-build [-ck] [-d dir] [-m MiB] rules n "
		    "[position...]\n");
		return 2;
	}
	yote_error_clear(&err);
	r = yote_rules_by_name(argv[0]);
	if (!r && yote_rules_load_file(argv[0], &loaded, &err) != 0) {
		fprintf(stderr, "tb-build: %s\n", err.msg);
		return 2;
	}
	if (!r)
		r = loaded;
	max = atoi(argv[1]);
	if (yote_tb_open(r, dir, max, flags, &tb, &err) != 0) {
		fprintf(stderr, "tb-build: %s\n", err.msg);
		return 2;
	}
	yote_tb_set_memory(tb, mem);
	yote_tb_set_io(tb, &io);
	if (argc == 2)
		rc = build_all(tb);
	for (i = 2; i < argc && rc == 0; i++) {
		if (yote_pos_parse(r, argv[i], &p, &err) != 0) {
			fprintf(stderr, "tb-build: %s: %s\n", argv[i], err.msg);
			rc = 1;
			break;
		}
		switch (yote_tb_probe(tb, &p, &wdl, &plies, &err)) {
		case 1:
			printf("%s %s %d\n", argv[i], wdl > 0 ? "win" :
			    wdl < 0 ? "loss" : "draw", plies);
			break;
		case 0:
			printf("%s unknown\n", argv[i]);
			break;
		default:
			fprintf(stderr, "tb-build: %s\n", err.msg);
			rc = 3;
		}
	}
	yote_tb_close(tb);
	yote_rules_free(loaded);
	return rc;
}
