/*
 * engopt.c - the engine options yote-analyze and yote-play share (the
 * search budget, the hash, jobs, the endgame tables) and what memory they
 * may take.  Only the tools that search link it (tests/layers.t).
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engopt.h"

/* --tb-memory's bounds, MiB */
#define TB_MEMORY_MIN 1
#define TB_MEMORY_MAX (1 << 20)

/* The kinds of endgame table notes said so far (1 << YOTE_TB_NOTE_*):
 * once a kind per run, whichever thread's engine meets it. */
static atomic_uint notes_said;

void
engopt_init(struct engopt *eo)
{
	memset(eo, 0, sizeof(*eo));
	eo->hash_mb = 16;
	eo->jobs = 1;
	eo->tb_pieces = ENGOPT_TB_PIECES;
	eo->tb_memory = YOTE_TB_MEMORY;
}

/* SIZE: MiB, or a number with K, M or G (KiB, MiB, GiB). 0 or -1 (said). */
static int
tb_memory_arg(const char *arg, unsigned long long *bytes)
{
	static const char units[] = "KMG";
	unsigned long long x;
	const char *u = NULL;
	char *end;
	int shift = 20;

	errno = 0;
	x = strtoull(arg, &end, 10);
	if (*end != '\0' && end[1] == '\0' && (u = strchr(units, *end)) !=
	    NULL)
		shift = 10 * (int)(u - units + 1);
	if (!(arg[0] >= '0' && arg[0] <= '9') || errno != 0 || (*end != '\0' &&
	    u == NULL) || x > ((unsigned long long)TB_MEMORY_MAX << 20) >> shift
	    || (x << shift) < (unsigned long long)TB_MEMORY_MIN << 20) {
		/* in the words of every number option (tool_number) */
		tool_usage_error("--tb-memory: expected a size from %dM to %dG "
		    "(MiB, or a number with K, M or G), not '%s'",
		    TB_MEMORY_MIN, TB_MEMORY_MAX >> 10, arg);
		return -1;
	}
	*bytes = x << shift;
	return 0;
}

/* Option c with its argument if it is an engine option: 1 taken, 0 not
 * one, -1 a bad value (said). */
static int
engopt_take(struct engopt *eo, int c, const char *arg)
{
	long long x;

	switch (c) {
	case 'D':
		if (tool_number(arg, "--depth", 1, YOTE_MAX_PLY - 4, &x) != 0)
			return -1;
		eo->lim.depth = (int)x;
		return 1;
	case 'H':
		if (tool_number(arg, "--hash", 1, 4096, &x) != 0)
			return -1;
		eo->hash_mb = (size_t)x;
		eo->hash_given = 1;
		return 1;
	case 'N':
		if (tool_number(arg, "--nodes", 1, 1000000000000LL, &x) != 0)
			return -1;
		eo->lim.nodes = (unsigned long long)x;
		return 1;
	case 'j':
		if (tool_number(arg, "--jobs", 1, 256, &x) != 0)
			return -1;
		eo->jobs = (int)x;
		eo->jobs_given = 1;
		return 1;
	case 'T':
		if (tool_number(arg, "--movetime", 1, 86400000, &x) != 0)
			return -1;
		eo->lim.movetime_ms = (long)x;
		return 1;
	case ENGOPT_TB_DIR:
		eo->tb_dir = arg;       /* not empty: tool_getopt */
		eo->tb_given |= 2;
		return 1;
	case ENGOPT_TB_PIECES_OPT:
		if (tool_number(arg, "--tb-pieces", 0, YOTE_TB_MAX_PIECES,
		    &x) != 0)
			return -1;
		eo->tb_pieces = (int)x;
		eo->tb_given |= 2;
		return 1;
	case ENGOPT_NO_TB:
		eo->tb_pieces = 0;
		eo->tb_given |= 1;
		return 1;
	case ENGOPT_TB_MEMORY:
		eo->tb_given |= 2;
		return tb_memory_arg(arg, &eo->tb_memory) == 0 ? 1 : -1;
	default:
		return 0;
	}
}

int
engopt_getopt(struct engopt *eo, int argc, char *argv[],
    const char *optstring, const struct option *longopts)
{
	int c, taken;

	while ((c = tool_getopt(argc, argv, optstring, longopts, NULL)) != -1)
		if ((taken = engopt_take(eo, c, optarg)) < 0)
			return ENGOPT_BAD;
		else if (!taken)
			return c;
	if (eo->tb_given == 3) {
		tool_usage_error("--no-tb opens no tables: not with "
		    "--tb-pieces, --tb-dir or --tb-memory");
		return ENGOPT_BAD;
	}
	return engopt_memory(eo, eo->jobs) == 0 ? -1 : ENGOPT_BAD;
}

/* A number of bytes from the first line of path, or 0. */
static unsigned long long
file_bytes(const char *path)
{
	unsigned long long x = 0;
	FILE *fp = fopen(path, "r");

	if (fp != NULL) {
		if (fscanf(fp, "%llu", &x) != 1)
			x = 0;
		fclose(fp);
	}
	return x;
}

unsigned long long
tool_memory_available(void)
{
	static const char *const limits[] = {
		"/sys/fs/cgroup/memory.max",    /* cgroup v2 ("max": none) */
		"/sys/fs/cgroup/memory/memory.limit_in_bytes",  /* v1 */
	};
	unsigned long long avail = 0, kb, lim;
	char line[128];
	long pages, psize;
	size_t i;
	FILE *fp;

	if ((fp = fopen("/proc/meminfo", "r")) != NULL) {
		while (fgets(line, sizeof(line), fp) != NULL)
			if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1)
				avail = kb * 1024;
		fclose(fp);
	}
	if (avail == 0 && (pages = sysconf(_SC_PHYS_PAGES)) > 0 &&
	    (psize = sysconf(_SC_PAGESIZE)) > 0)
		avail = (unsigned long long)pages * (unsigned long long)psize;
	for (i = 0; i < sizeof(limits) / sizeof(limits[0]); i++)
		if ((lim = file_bytes(limits[i])) > 0 && (avail == 0 ||
		    lim < avail))
			avail = lim;
	return avail;
}

int
engopt_memory(const struct engopt *eo, int engines)
{
	unsigned long long each = eo->hash_mb + ENGOPT_ENGINE_MB +
	    (eo->tb_pieces > 0 ? ENGOPT_TB_MB : 0);
	unsigned long long need = (unsigned long long)engines * each +
	    ENGOPT_BASE_MB, avail = tool_memory_available() >> 20;

	if (avail == 0 || need <= avail)
		return 0;
	tool_usage_error("%d engine%s with --hash %zu need about %llu MiB "
	    "(%d x (%zu MiB hash + %d MiB%s) + %d MiB), more than the %llu "
	    "MiB of memory available: use fewer jobs (-j) or a smaller hash "
	    "(-H)", engines, engines == 1 ? "" : "s", eo->hash_mb, need,
	    engines, eo->hash_mb, (int)(each - eo->hash_mb), eo->tb_pieces >
	    0 ? " search and endgame tables" : " search", ENGOPT_BASE_MB,
	    avail);
	return EXIT_USAGE;
}

/* Said once a kind per run (notes_said). */
static void
note_said(void *ctx, int kind, const char *msg)
{
	(void)ctx;
	if (atomic_fetch_or(&notes_said, 1U << kind) & 1U << kind)
		return;
	tool_warn("endgame tables: %s%s", msg, kind == YOTE_TB_NOTE_MEMORY ?
	    " (allow more with --tb-memory)" : "");
}

static int
tmp_make(void *ctx, char *tmpl)
{
	(void)ctx;
	return tool_tmp_make(tmpl);
}

static int
tmp_end(void *ctx, const char *tmp, const char *path)
{
	(void)ctx;
	return tool_tmp_end(tmp, path);
}

static void
tb_io(struct yote_tb_io *io, void (*note)(void *, int, const char *),
    void *ctx)
{
	io->note = note != NULL ? note : note_said;
	io->tmp_make = tmp_make;
	io->tmp_end = tmp_end;
	io->ctx = ctx;
}

int
engopt_use_tb(struct yote_engine *e, const struct engopt *eo,
    void (*note)(void *ctx, int kind, const char *msg), void *ctx)
{
	struct yote_tb_io io;
	int rc;

	if ((rc = yote_engine_use_tb(e, eo->tb_dir, eo->tb_pieces)) != 0)
		return rc;
	tb_io(&io, note, ctx);
	yote_engine_tb_setup(e, eo->tb_memory, &io);
	return 0;
}

struct yote_engine *
engopt_engine(const struct engopt *eo)
{
	struct yote_engine *e = yote_engine_new(eo->hash_mb);

	if (e != NULL && engopt_use_tb(e, eo, NULL, NULL) != 0) {
		yote_engine_free(e);
		return NULL;
	}
	return e;
}

struct yote_tb *
engopt_tb(const struct engopt *eo, const struct yote_rules *r)
{
	struct yote_tb *tb;
	struct yote_tb_io io;
	struct yote_error err;

	if (eo->tb_pieces == 0 || yote_tb_open(r, eo->tb_dir, eo->tb_pieces,
	    0, &tb, &err) != 0)
		return NULL;
	tb_io(&io, NULL, NULL);
	yote_tb_set_io(tb, &io);
	yote_tb_set_memory(tb, eo->tb_memory);
	return tb;
}

void
engopt_check(const struct engopt *eo, const struct yote_rules *r)
{
	struct yote_tb *tb;
	struct yote_error err;

	if (r == NULL)
		r = yote_rules_by_name("classic");
	if ((tb = engopt_tb(eo, r)) == NULL)
		return;
	if (yote_tb_writable(tb, &err) != 0) {
		atomic_fetch_or(&notes_said, 1U << YOTE_TB_NOTE_UNSAVED);
		tool_warn("endgame tables: cannot write %s; the tables are kept "
		    "in memory, for this run only", err.msg);
	}
	yote_tb_close(tb);
}
