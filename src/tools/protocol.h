/*
 * protocol.h - yote-play's line protocol for programs (in the spirit of
 * UCI): one command a line in, replies out.  Separate from the tool so
 * that the fuzzer can drive it.
 */
#ifndef YOTE_PROTOCOL_H
#define YOTE_PROTOCOL_H

#include <stdio.h>

#include "yote.h"

struct protocol;

/* A session under ruleset r; `go` alone searches depth/nodes.  NULL when
 * out of memory. */
struct protocol *protocol_new(const struct yote_rules *r, size_t hash_mb,
    int depth, unsigned long long nodes);
void protocol_free(struct protocol *pr);

/* The session's engine, to set up (tables); owned by the session. */
struct yote_engine *protocol_engine(struct protocol *pr);

/*
 * For the tables' notes (yote_tb_io.note, ctx the session): said once a
 * kind per session as "info string endgame tables: MESSAGE", during the
 * search that met it.
 */
void protocol_tb_note(void *ctx, int kind, const char *msg);

/*
 * The levels of `setoption name Level`: fn(name, &depth, &nodes) gives
 * the budget of a `go` without one at the level of that name and returns
 * 0, or -1 when there is no such level; names lists them, one space
 * apart, for the option line and errors (not copied: it must outlive
 * pr); current is the one in use.  Without it there is no Level option.
 */
typedef int (*protocol_level_fn)(const char *name, int *depth,
    unsigned long long *nodes);
void protocol_set_levels(struct protocol *pr, protocol_level_fn fn,
    const char *names, const char *current);

/*
 * Carry out one command line (it is modified), writing the replies to
 * out, and return 1 after quit, else 0.  The search runs to its budget:
 * nothing stops it from outside (a `go infinite` runs to the greatest
 * depth); protocol_run is what reads `stop` during a search.
 */
int protocol_line(struct protocol *pr, char *line, FILE *out);

/*
 * The whole session: read commands from in (a thread of its own reads
 * it, so that stop, quit and isready are answered during a search) and
 * carry them out in order, until quit or the end of the input; lines
 * longer than LINE_LIMIT (line.h) are refused whole.  Returns 0, -1
 * when out could not be written, -2 when the reader thread could not
 * be started (nothing was read), or -3 when the input ended in a read
 * error (its errno: protocol_read_errno).
 */
int protocol_run(struct protocol *pr, FILE *in, FILE *out);
int protocol_read_errno(const struct protocol *pr);

#endif
