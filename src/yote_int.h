/*
 * yote_int.h - private helpers shared by the library's files.
 */
#ifndef YOTE_INT_H
#define YOTE_INT_H

#include "yote.h"

#define BIT(sq) ((uint64_t)1 << (sq))

static inline int
popcount64(uint64_t b)
{
	return __builtin_popcountll(b);
}

static inline int
lsb64(uint64_t b)
{
	return __builtin_ctzll(b);
}

/* Directions: 0 north (+W), 1 south (-W), 2 east (+1), 3 west (-1). */
static inline uint64_t
shift_dir(const struct yote_rules *r, uint64_t b, int d)
{
	switch (d) {
	case 0:
		return (b << r->width) & r->board;
	case 1:
		return b >> r->width;
	case 2:
		return (b << 1) & r->not_col_first;
	default:
		return (b >> 1) & r->not_col_last;
	}
}

static inline uint64_t
empty_squares(const struct yote_rules *r, const struct yote_pos *p)
{
	return r->board & ~(p->pieces[0] | p->pieces[1]);
}

/* rules.c: whether a --rules/rules: value names a file, not a built-in */
int yote_rules_spec_is_file(const char *spec);

/* movegen.c: any move for side s / over for a reason other than blocked */
int yote_raw_has_move(const struct yote_rules *, const struct yote_pos *, int);
int yote_over_unless_blocked(const struct yote_rules *,
    const struct yote_pos *);

#endif
