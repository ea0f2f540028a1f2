/*
 * engine.c - an engine's life: its transposition table (made, resized,
 * forgotten), its settings, its history and endgame tables; the search
 * itself is search.c's.
 */
#if defined(__linux__)
#define _DEFAULT_SOURCE         /* madvise, MADV_HUGEPAGE */
#endif
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "yote_int.h"
#include "yote_engine.h"
#include "search_int.h"

/*
 * A table of n entries, zeroed, into *mem (free that), and where the
 * system allows it in pages of 2 MiB: a node reads one entry at random,
 * and with pages of 4 KiB (4,096 of them for 16 MiB) such a read misses
 * the processor's cache of page addresses as well as its data cache.
 * calloc's memory is zero; where it comes fresh from the system, as a
 * table this large nearly always does, the kernel gives the large pages
 * as it is first written.
 */
#define TT_PAGE ((size_t)2 << 20)

static struct tt_entry *
tt_alloc(size_t n, void **mem)
{
	size_t size = n * sizeof(struct tt_entry);
	uintptr_t a;

	if ((*mem = calloc(1, size + TT_PAGE)) == NULL)
		return NULL;
	a = ((uintptr_t)*mem + TT_PAGE - 1) & ~(uintptr_t)(TT_PAGE - 1);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
	(void)madvise((void *)a, size, MADV_HUGEPAGE);
#endif
	return (struct tt_entry *)a;
}

/* Table entries for hash_mb MiB (1..4096): a power of two. */
static size_t
tt_entries(size_t hash_mb)
{
	size_t n = 1;

	if (hash_mb < 1)
		hash_mb = 1;
	if (hash_mb > 4096)
		hash_mb = 4096;
	while (n * 2 * sizeof(struct tt_entry) <= hash_mb << 20)
		n *= 2;
	return n;
}

struct yote_engine *
yote_engine_new(size_t hash_mb)
{
	struct yote_engine *e;
	size_t n = tt_entries(hash_mb);

	if ((e = calloc(1, sizeof(*e))) == NULL)
		return NULL;
	if ((e->tt = tt_alloc(n, &e->tt_mem)) == NULL) {
		free(e);
		return NULL;
	}
	e->tt_mask = n - 1;
	e->gen = 1;
	e->w = yote_eval_default;
	e->multipv = 1;
	yote_srch_tb_init(&e->tbs);
	if (yote_srch_hist_init(&e->hist) != 0) {
		free(e->tt_mem);
		free(e);
		return NULL;
	}
	return e;
}

void
yote_engine_set_exact(struct yote_engine *e, int on)
{
	e->exact = on;
}

void
yote_engine_set_stop(struct yote_engine *e, const atomic_int *flag)
{
	e->halt = flag;
}

void
yote_engine_set_multipv(struct yote_engine *e, int k)
{
	e->multipv = k < 1 ? 1 : k > YOTE_MULTIPV_MAX ? YOTE_MULTIPV_MAX : k;
}

void
yote_engine_set_root_fn(struct yote_engine *e, yote_root_fn fn, void *ctx)
{
	e->root_fn = fn;
	e->root_ctx = ctx;
}

int
yote_engine_hashfull(const struct yote_engine *e)
{
	size_t i, n = e->tt_mask + 1 < 1000 ? e->tt_mask + 1 : 1000, used = 0;

	for (i = 0; i < n; i++)
		used += e->tt[i].key != 0 && e->tt[i].gen == e->gen;
	return (int)(used * 1000 / n);
}

int
yote_engine_resize(struct yote_engine *e, size_t hash_mb)
{
	struct tt_entry *tt;
	size_t n = tt_entries(hash_mb);
	void *mem;

	if ((tt = tt_alloc(n, &mem)) == NULL)
		return YOTE_ENOMEM;
	free(e->tt_mem);
	e->tt = tt;
	e->tt_mem = mem;
	e->tt_mask = n - 1;
	return 0;
}

void
yote_engine_set_weights(struct yote_engine *e,
    const struct yote_eval_weights *w)
{
	e->w = *w;
}

int
yote_engine_set_history(struct yote_engine *e, const struct yote_pos *pos,
    size_t n)
{
	return yote_srch_hist_set(&e->hist, pos, n, 0);
}

int
yote_engine_walk_history(struct yote_engine *e, const struct yote_pos *pos,
    size_t n)
{
	return yote_srch_hist_set(&e->hist, pos, n, 1);
}

void
yote_engine_free(struct yote_engine *e)
{
	int i;

	if (e == NULL)
		return;
	for (i = 0; i < LISTS; i++) {
		yote_movelist_free(&e->list[i]);
		free(e->ord[i].score);
		free(e->ord[i].idx);
	}
	yote_srch_hist_free(&e->hist);
	free(e->tt_mem);
	yote_srch_tb_free(&e->tbs);
	free(e);
}

void
yote_engine_set_tb(struct yote_engine *e, struct yote_tb *tb)
{
	e->tbs.given = tb;
}

void
yote_engine_tb_setup(struct yote_engine *e, unsigned long long memory,
    const struct yote_tb_io *io)
{
	yote_srch_tb_setup(&e->tbs, memory, io);
}

int
yote_engine_use_tb(struct yote_engine *e, const char *dir, int max_pieces)
{
	return yote_srch_tb_use(&e->tbs, dir, max_pieces);
}

/*
 * Forgetting the table is a new generation (its entries of earlier ones
 * are empty), not a pass over it: the annotator forgets before every
 * search.  Only when the generations wrap is the table wiped.
 */
void
yote_engine_clear(struct yote_engine *e)
{
	if (++e->gen == 0) {
		memset(e->tt, 0, (e->tt_mask + 1) * sizeof(struct tt_entry));
		e->gen = 1;
	}
	memset(e->history, 0, sizeof(e->history));
	memset(e->killer, 0, sizeof(e->killer));
}
