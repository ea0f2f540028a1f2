/*
 * tb_budget.c - what the endgame tables may spend: the memory cap, and
 * the budget of the search that asks for them (formats/tablebase.md,
 * "Budgets").  A class is read or built for a probe only when it fits:
 * the class and every class it may lead to, counted once per class, are
 * compared with the memory cap (for good) and with a node budget (as
 * many positions a node: deterministic), and a search with a deadline
 * does not start what cannot be done in the time left, and gives up what
 * runs past it.  The program is told once per class (io.note).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb_int.h"

/* Positions a millisecond no machine builds: a class with more positions
 * to build than the time left allows at this rate is not started (a
 * core of 2024 builds about 3,000 a millisecond) */
#define BUILD_RATE_MAX 10000
/* Positions solved between two looks at the clock */
#define TICK_MASK 0xFFFF

/* Milliseconds from now to t (negative: past). */
static long
ms_until(const struct timespec *t)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (long)(t->tv_sec - now.tv_sec) * 1000 +
	    (t->tv_nsec - now.tv_nsec) / 1000000;
}

/* Whether the search is stopped from outside. */
static int
halted(const struct yote_tb *tb)
{
	return tb->have_bud && tb->bud.halt != NULL &&
	    atomic_load_explicit(tb->bud.halt, memory_order_relaxed);
}

/* Whether the search's budget stops the build under way, one more
 * position done: the clock is read every TICK_MASK + 1 positions. */
int
yote_tb_out_of_time(struct yote_tb *tb)
{
	if (!tb->have_bud || (++tb->ticks & TICK_MASK) != 0)
		return 0;
	return halted(tb) || (tb->bud.timed && ms_until(&tb->bud.deadline) <=
	    0);
}

/* A note about class c (io.note): "class 3+0v2+0 " and the rest. */
void
yote_tb_note_class(struct yote_tb *tb, int kind, const struct yote_tb_class *c,
    const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	int k;

	if (tb->io.note == NULL)
		return;
	k = snprintf(msg, sizeof(msg), "class %d+%dv%d+%d ", c->board[0],
	    c->hand[0], c->board[1], c->hand[1]);
	va_start(ap, fmt);
	vsnprintf(msg + k, sizeof(msg) - (size_t)k, fmt, ap);
	va_end(ap);
	tb->io.note(tb->io.ctx, kind, msg);
}

/* n bytes as "1.9 GiB", "152 MiB" or "12 KiB". */
static const char *
bytes_text(unsigned long long n, char buf[32])
{
	if (n >= 10ULL << 30)
		snprintf(buf, 32, "%llu GiB", n >> 30);
	else if (n >= 1ULL << 30)
		snprintf(buf, 32, "%.1f GiB", (double)n / (1 << 30));
	else if (n >= 1ULL << 20)
		snprintf(buf, 32, "%llu MiB", (n + (1 << 19)) >> 20);
	else
		snprintf(buf, 32, "%llu KiB", (n + 1023) >> 10);
	return buf;
}

int
yote_tb_class_valid(const struct yote_tb *tb, const struct yote_tb_class *c)
{
	uint64_t n0, n1;
	int s;

	for (s = 0; s < 2; s++)
		if (c->board[s] < 0 || c->hand[s] < 0 ||
		    c->hand[s] > YOTE_MAX_PIECES)
			return 0;
	if (tb_class_total(c) > tb->max ||
	    c->board[0] + c->board[1] > tb->rules.squares)
		return 0;
	tb_class_sizes(tb, c, &n0, &n1);
	return n0 * n1 <= UINT32_MAX / 2;
}

void
yote_tb_table_free(struct yote_tb *tb, struct table *t)
{
	if (t->state == 1)
		tb->held -= KEEP_BYTES * t->n;
	free(t->v);
	free(t->z);
	t->v = NULL;
	t->z = NULL;
	t->n = 0;
}

/*
 * Whether class (b0, h0, b1, h1) may come up while class c is solved:
 * each side's remaining pieces and its hand only ever shrink, and a
 * class may be solved as the copy of its colour-swapped class.
 */
static int
class_within(const struct yote_tb_class *c, int b0, int h0, int b1, int h1)
{
	int s, ok[2] = { 1, 1 };
	int x[2][2] = { { b0, h0 }, { b1, h1 } };

	for (s = 0; s < 2; s++) {
		/* as it is, then swapped */
		if (x[s][1] > c->hand[s] || x[s][0] + x[s][1] > c->board[s] +
		    c->hand[s])
			ok[0] = 0;
		if (x[s][1] > c->hand[!s] || x[s][0] + x[s][1] >
		    c->board[!s] + c->hand[!s])
			ok[1] = 0;
	}
	return ok[0] || ok[1];
}

/*
 * The positions of c and of every class it may lead to, and of those not
 * in memory yet: their sum and the largest class.  When drop is set, the
 * tables in memory of classes c cannot lead to are dropped (they are read
 * or built again when met again).
 */
static void
class_needs(struct yote_tb *tb, const struct yote_tb_class *c,
    uint64_t *all, uint64_t *all_max, uint64_t *todo, uint64_t *todo_max,
    int drop)
{
	struct yote_tb_class k;
	struct table *t;
	uint64_t n0, n1, n;

	*all = *all_max = *todo = *todo_max = 0;
	for (k.board[0] = 0; k.board[0] <= tb->max; k.board[0]++)
	for (k.hand[0] = 0; k.hand[0] <= tb->max; k.hand[0]++)
	for (k.board[1] = 0; k.board[1] <= tb->max; k.board[1]++)
	for (k.hand[1] = 0; k.hand[1] <= tb->max; k.hand[1]++) {
		if (!yote_tb_class_valid(tb, &k))
			continue;
		t = &tb->tab[tb_class_key(tb, &k)];
		if (!class_within(c, k.board[0], k.hand[0], k.board[1],
		    k.hand[1])) {
			if (drop && t->state == 1) {
				yote_tb_table_free(tb, t);
				t->state = 0;
			}
			continue;
		}
		tb_class_sizes(tb, &k, &n0, &n1);
		n = 2 * n0 * n1;
		*all += n;
		if (n > *all_max)
			*all_max = n;
		if (t->state == 1)
			continue;
		*todo += n;
		if (n > *todo_max)
			*todo_max = n;
	}
}

/* Said once a class: it is not built for a search of this budget, why
 * holding a %llu for n. */
static void
note_budget(struct yote_tb *tb, const struct yote_tb_class *c,
    struct table *t, const char *why, unsigned long long n)
{
	if (!(t->noted & 1U << YOTE_TB_NOTE_BUDGET))
		yote_tb_note_class(tb, YOTE_TB_NOTE_BUDGET, c, "is not built: "
		    "%s %llu %s; its positions are searched instead", why ==
		    NULL ? "it takes longer than the search's time, which had" :
		    why, n,
		    why == NULL ? "ms left" : "positions");
	t->noted |= 1U << YOTE_TB_NOTE_BUDGET;
}

/*
 * Whether class c may be had for this search: 1 no (said once a class and
 * reason), 0 yes, room made in memory when it is not there yet.  Beyond
 * the cap is for good.  Beyond the node budget is checked even for a
 * table in memory: a search of so many nodes never uses it, whatever the
 * handle or the cache holds.  A deadline only keeps a class from being
 * started: one that cannot be built in the time left at BUILD_RATE_MAX,
 * or after one given up with as much time.
 */
int
yote_tb_admit(struct yote_tb *tb, const struct yote_tb_class *c,
    struct table *t)
{
	uint64_t all, all_max, todo, todo_max;
	char b[2][32];
	long left;

	if (t->need_pos == 0) {
		class_needs(tb, c, &all, &all_max, &todo, &todo_max, 0);
		t->need_pos = all;
		t->need_bytes = KEEP_BYTES * all + SOLVE_BYTES * all_max;
	}
	if (tb->memory && t->need_bytes > tb->memory) {
		yote_tb_table_free(tb, t);
		t->state = 3;
		yote_tb_note_class(tb, YOTE_TB_NOTE_MEMORY, c, "is not built: "
		    "with the classes it leads to it needs %s, more than the "
		    "%s allowed; its positions are searched instead",
		    bytes_text(t->need_bytes, b[0]), bytes_text(tb->memory,
		    b[1]));
		return 1;
	}
	if (tb->have_bud && tb->bud.positions && t->need_pos >
	    tb->bud.positions) {
		note_budget(tb, c, t, "with the classes it leads to, more than "
		    "a search of this node budget may build:", (unsigned long
		    long)t->need_pos);
		return 1;
	}
	if (t->state == 1)
		return 0;
	if (halted(tb))
		return 1;       /* the search is stopping: nothing new */
	class_needs(tb, c, &all, &all_max, &todo, &todo_max, 0);
	if (tb->have_bud && tb->bud.timed) {
		left = ms_until(&tb->bud.deadline);
		if (left <= t->slow_ms || left <= 0 ||
		    todo / BUILD_RATE_MAX >= (uint64_t)left) {
			if (left > t->slow_ms)
				t->slow_ms = left;
			note_budget(tb, c, t, "too many to solve in the "
			    "search's time:", (unsigned long long)todo);
			return 1;
		}
	}
	if (tb->memory && tb->held + KEEP_BYTES * todo + SOLVE_BYTES *
	    todo_max > tb->memory)
		class_needs(tb, c, &all, &all_max, &todo, &todo_max, 1);
	return 0;
}

/* A build the deadline stopped, left ms before it: not tried again with
 * as little time, and said once (not after a stop from outside). */
void
yote_tb_stopped(struct yote_tb *tb, const struct yote_tb_class *c,
    struct table *t, long left)
{
	if (halted(tb))
		return;         /* stopped from outside: another search may */
	if (left > t->slow_ms)
		t->slow_ms = left;
	note_budget(tb, c, t, NULL, (unsigned long long)left);
}

long
yote_tb_ms_left(const struct yote_tb *tb)
{
	return tb->have_bud && tb->bud.timed ? ms_until(&tb->bud.deadline) : 0;
}

void
yote_tb_set_memory(struct yote_tb *tb, unsigned long long bytes)
{
	tb->memory = bytes;
}

void
yote_tb_set_io(struct yote_tb *tb, const struct yote_tb_io *io)
{
	if (io != NULL)
		tb->io = *io;
	else
		memset(&tb->io, 0, sizeof(tb->io));
}

void
yote_tb_set_budget(struct yote_tb *tb, const struct yote_tb_budget *b)
{
	tb->have_bud = b != NULL;
	if (b != NULL)
		tb->bud = *b;
	tb->ticks = 0;
}

