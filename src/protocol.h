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
 * Carry out one command line (it is modified), writing the replies to
 * out.  Returns 1 after quit, else 0.
 */
int protocol_line(struct protocol *pr, char *line, FILE *out);

#endif
