/*
 * engopt.h - the engine options of the tools that search (engopt.c).
 */
#ifndef YOTE_ENGOPT_H
#define YOTE_ENGOPT_H

#include <getopt.h>

#include "tool.h"

/*
 * The engine options that yote-analyze and yote-play share, each with its
 * short option: -D/--depth, -N/--nodes, -T/--movetime (the search budget
 * per position), -H/--hash MB, -j/--jobs N; and the endgame tables' long
 * options (ENGOPT_LONGOPTS, for the tool's getopt_long table): --tb-dir
 * DIR, --tb-pieces N, --tb-memory SIZE, --no-tb.
 */
struct engopt {
	struct yote_limits lim; /* --depth, --nodes, --movetime */
	size_t hash_mb;         /* --hash (default 16) */
	int hash_given;         /* --hash was given */
	int jobs;               /* --jobs (default 1) */
	int jobs_given;         /* --jobs was given */
	const char *tb_dir;     /* --tb-dir (NULL: yote_tb_open's places) */
	int tb_pieces;          /* --tb-pieces, 0 (--no-tb): no tables */
	int tb_given;           /* a table option was given: --no-tb 1,
				   the others 2 (bits) */
	unsigned long long tb_memory;   /* --tb-memory, bytes (default
					   YOTE_TB_MEMORY) */
};

/* Tables for up to so many pieces unless told (formats/tablebase.md: the
 * first use under a ruleset builds them in a few seconds at most). */
#define ENGOPT_TB_PIECES 5

enum { ENGOPT_TB_DIR = 0x100, ENGOPT_TB_PIECES_OPT, ENGOPT_NO_TB,
	ENGOPT_TB_MEMORY, ENGOPT_BAD };

#define ENGOPT_LONGOPTS \
	{ "no-tb", no_argument, NULL, ENGOPT_NO_TB }, \
	{ "tb-dir", required_argument, NULL, ENGOPT_TB_DIR }, \
	{ "tb-memory", required_argument, NULL, ENGOPT_TB_MEMORY }, \
	{ "tb-pieces", required_argument, NULL, ENGOPT_TB_PIECES_OPT }

void engopt_init(struct engopt *eo);

/*
 * What one engine costs besides its hash, in MiB, measured with
 * yote-analyze on samples/ (the search's own tables and stacks; the
 * endgame tables of the four rulesets a job may open), and the tool's
 * own share.
 */
#define ENGOPT_ENGINE_MB 8
#define ENGOPT_TB_MB 32
#define ENGOPT_BASE_MB 16

/*
 * Whether engines engines with eo's hash and tables fit in the memory
 * available (tool_memory_available): 0, or EXIT_USAGE after a usage
 * error that names the figures.  engopt_getopt checks eo->jobs engines
 * itself; a tool that runs more (two a game) checks again.
 */
int engopt_memory(const struct engopt *eo, int engines);

/*
 * Bytes of memory this process may use: MemAvailable of /proc/meminfo
 * (else the machine's memory, sysconf), or the cgroup's limit when
 * smaller; 0 when unknown.
 */
unsigned long long tool_memory_available(void);

/*
 * getopt_long for a tool that takes the engine options (their letters in
 * optstring, ENGOPT_LONGOPTS in longopts): takes those into eo and
 * returns the next other option, -1 at the end, or ENGOPT_BAD after the
 * usage error of a bad value, or of --jobs engines of --hash MiB that do
 * not fit in memory (engopt_memory; exit with EXIT_USAGE).
 */
struct option;
int engopt_getopt(struct engopt *eo, int argc, char *argv[],
    const char *optstring, const struct option *longopts);

/*
 * A new engine with eo's hash and endgame tables (the engine opens its own
 * for each ruleset it searches: one handle per engine, so per thread).
 * NULL when out of memory (not said).
 */
struct yote_engine *engopt_engine(const struct engopt *eo);

/*
 * Give engine e eo's endgame tables: their directory, pieces and memory
 * cap, their temporary files made by tool_tmp_make (removed by a signal),
 * and their notes (a class not built, a file refused or not saved) given
 * to note(ctx), or with note NULL said on standard error once a kind per
 * run ("yote-play: endgame tables: ...").  0 or YOTE_ENOMEM.
 */
int engopt_use_tb(struct yote_engine *e, const struct engopt *eo,
    void (*note)(void *ctx, int kind, const char *msg), void *ctx);

/*
 * Or a handle on eo's tables under r, for engines that take turns on one
 * thread (yote_engine_set_tb), set up as engopt_use_tb does; NULL when
 * tables are off or out of memory.  yote_tb_close it.
 */
struct yote_tb *engopt_tb(const struct engopt *eo, const struct yote_rules *r);

/*
 * Once per run, before the engine works: when tables are on and their
 * directory cannot be written (nor made, as $HOME is never made), say
 * that the tables will be built in memory only (each run again).  r: any
 * ruleset (NULL: classic).
 */
void engopt_check(const struct engopt *eo, const struct yote_rules *r);

#endif
