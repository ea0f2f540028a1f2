/*
 * search_tb.c - the endgame tables of an engine (search_int.h): the
 * caller's handle or the engine's own, opened for the ruleset searched,
 * and what one search may spend on building them (yote_engine_use_tb).
 */
#include <stdlib.h>
#include <string.h>

#include "search_int.h"

void
yote_srch_tb_init(struct yote_srch_tb *st)
{
	memset(st, 0, sizeof(*st));
	st->memory = YOTE_TB_MEMORY;
}

void
yote_srch_tb_free(struct yote_srch_tb *st)
{
	yote_tb_close(st->own);
	free(st->dir);
}

void
yote_srch_tb_setup(struct yote_srch_tb *st, unsigned long long memory,
    const struct yote_tb_io *io)
{
	st->memory = memory;
	if (io != NULL)
		st->io = *io;
	else
		memset(&st->io, 0, sizeof(st->io));
	if (st->own != NULL) {
		yote_tb_set_memory(st->own, memory);
		yote_tb_set_io(st->own, io);
	}
}

int
yote_srch_tb_use(struct yote_srch_tb *st, const char *dir, int max_pieces)
{
	char *d = NULL;

	if (max_pieces < 0 || max_pieces > YOTE_TB_MAX_PIECES)
		return YOTE_EVALUE;
	if (dir != NULL && (d = strdup(dir)) == NULL)
		return YOTE_ENOMEM;
	yote_tb_close(st->own);
	st->own = NULL;
	free(st->dir);
	st->dir = d;
	st->pieces = max_pieces;
	return 0;
}

/* The caller's tables when they serve r, else the engine's own, opened
 * again when the ruleset changed; NULL for none (also when they cannot
 * be opened: the search goes on without). */
static struct yote_tb *
tables_for(struct yote_srch_tb *st, const struct yote_rules *r)
{
	struct yote_error err;

	if (st->given != NULL && yote_tb_serves(st->given, r))
		return st->given;
	if (st->pieces == 0)
		return NULL;
	if (st->own != NULL && yote_tb_serves(st->own, r))
		return st->own;
	yote_tb_close(st->own);
	st->own = NULL;
	if (yote_tb_open(r, st->dir, st->pieces, 0, &st->own, &err) != 0)
		return NULL;
	yote_tb_set_memory(st->own, st->memory);
	yote_tb_set_io(st->own, &st->io);
	return st->own;
}

struct yote_tb *
yote_srch_tb_begin(struct yote_srch_tb *st, const struct yote_rules *r,
    const struct timespec *t0, long movetime, unsigned long long nodes,
    const atomic_int *halt)
{
	struct yote_tb *tb = tables_for(st, r);
	struct yote_tb_budget b;

	if (tb == NULL)
		return NULL;
	memset(&b, 0, sizeof(b));
	b.halt = halt;
	if (movetime) {
		/* half the time: the search must still have some */
		b.timed = 1;
		b.deadline = *t0;
		b.deadline.tv_sec += movetime / 2 / 1000;
		b.deadline.tv_nsec += movetime / 2 % 1000 * 1000000L;
		if (b.deadline.tv_nsec >= 1000000000L) {
			b.deadline.tv_nsec -= 1000000000L;
			b.deadline.tv_sec++;
		}
	}
	if (nodes)
		b.positions = nodes < YOTE_TB_NODE_FLOOR /
		    YOTE_TB_NODE_POSITIONS ? YOTE_TB_NODE_FLOOR : nodes *
		    YOTE_TB_NODE_POSITIONS;
	yote_tb_set_budget(tb, &b);
	return tb;
}
