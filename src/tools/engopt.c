/*
 * engopt.c - the engine options yote-analyze and yote-play share (the
 * search budget, the hash, jobs, the endgame tables) and what memory they
 * may take.  Only the tools that search link it (tests/layers.t).
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engopt.h"

void
engopt_init(struct engopt *eo)
{
	memset(eo, 0, sizeof(*eo));
	eo->hash_mb = 16;
	eo->jobs = 1;
	eo->tb_pieces = ENGOPT_TB_PIECES;
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
		return 1;
	case 'T':
		if (tool_number(arg, "--movetime", 1, 86400000, &x) != 0)
			return -1;
		eo->lim.movetime_ms = (long)x;
		return 1;
	case ENGOPT_TB_DIR:
		if (*arg == '\0') {
			tool_usage_error("--tb-dir: expected a directory");
			return -1;
		}
		eo->tb_dir = arg;
		return 1;
	case ENGOPT_TB_PIECES_OPT:
		if (tool_number(arg, "--tb-pieces", 0, YOTE_TB_MAX_PIECES,
		    &x) != 0)
			return -1;
		eo->tb_pieces = (int)x;
		return 1;
	case ENGOPT_NO_TB:
		eo->tb_pieces = 0;
		return 1;
	default:
		return 0;
	}
}

int
engopt_getopt(struct engopt *eo, int argc, char *argv[],
    const char *optstring, const struct option *longopts)
{
	int c, taken;

	while ((c = getopt_long(argc, argv, optstring, longopts, NULL)) != -1)
		if ((taken = engopt_take(eo, c, optarg)) < 0)
			return ENGOPT_BAD;
		else if (!taken)
			return c;
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

struct yote_engine *
engopt_engine(const struct engopt *eo)
{
	struct yote_engine *e = yote_engine_new(eo->hash_mb);

	if (e != NULL && yote_engine_use_tb(e, eo->tb_dir, eo->tb_pieces) !=
	    0) {
		yote_engine_free(e);
		return NULL;
	}
	return e;
}

struct yote_tb *
engopt_tb(const struct engopt *eo, const struct yote_rules *r)
{
	struct yote_tb *tb;
	struct yote_error err;

	if (eo->tb_pieces == 0 || yote_tb_open(r, eo->tb_dir, eo->tb_pieces,
	    0, &tb, &err) != 0)
		return NULL;
	return tb;
}

/*
 * Whether files can be made in dir: it, or the nearest of its parents
 * that exists (the library makes the rest), is a directory we may write
 * in.  0, or an errno value.
 */
static int
dir_writable(const char *dir)
{
	char path[PATH_MAX], *slash;
	struct stat sb;

	if (strlen(dir) >= sizeof(path))
		return ENAMETOOLONG;
	strcpy(path, dir);
	while (stat(path, &sb) != 0) {
		if (errno != ENOENT)
			return errno;
		if ((slash = strrchr(path, '/')) == NULL)
			strcpy(path, ".");
		else if (slash == path)
			path[1] = '\0';
		else
			*slash = '\0';
	}
	if (!S_ISDIR(sb.st_mode))
		return ENOTDIR;
	return access(path, W_OK | X_OK) == 0 ? 0 : errno;
}

void
engopt_check(const struct engopt *eo, const struct yote_rules *r)
{
	struct yote_tb *tb;
	const char *dir;
	int err;

	if (r == NULL)
		r = yote_rules_by_name("classic");
	if ((tb = engopt_tb(eo, r)) == NULL)
		return;
	if ((dir = yote_tb_dir(tb)) != NULL && (err = dir_writable(dir)) != 0)
		tool_warn("endgame tables: cannot write in %s (%s); they are "
		    "built in memory, for this run only", dir, strerror(err));
	yote_tb_close(tb);
}
