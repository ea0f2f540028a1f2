/*
 * yote_repair.h - scorer-error repair (suggest.c): for a record whose
 * moves break it, the edits of its moves list that make the whole record
 * valid to its end, its declared result and termination included.
 * Included by yote.h; include yote.h, not this file.
 *
 * A scoresheet slip is most often one move written wrong.  When the move
 * written is illegal the checker stops there; when it is legal where it
 * stands, the record breaks plies later, and the slip is somewhere before.
 * The edits tried are each one edit of the moves list:
 *
 *   - one move replaced by another legal there (this covers a capture
 *     chain cut short or written too long, a bonus square wrong, one
 *     character changed, the same squares in another order);
 *   - two adjacent moves swapped;
 *   - a move dropped (written, not played: a move too many);
 *   - a move inserted (played, not written: a move missing).
 *
 * When no one edit mends the record (two slips), pairs are tried: a
 * first edit among the closest few that carry the record past where it
 * broke, then one edit after it, as above; a pair ranks by the sum of its
 * distances, after every single edit.
 *
 * They are ranked by edits (one or two), then by how close the writing is:
 * distance 1 for one character changed (added, dropped, changed, or two
 * neighbours swapped), the same squares in another order, a chain cut
 * short or too long and a bonus square wrong; else the characters
 * changed; 2 for a swap, a drop or an insertion.  Equal distances:
 * replacements first, then swaps, drops and insertions; then the square
 * nearer the one written (c4 for c3 before c5; fewer characters added
 * or dropped); then the earlier ply (a
 * slip that was legal where it stands breaks the record later, where a
 * second, later edit could also mend it); then the move text.
 */
/* yote.h first, which includes this file in its place: included on its
 * own, this file then finds what it uses declared */
#include "yote.h"

#ifndef YOTE_REPAIR_H
#define YOTE_REPAIR_H

#ifdef __cplusplus
extern "C" {
#endif
enum yote_edit {
	YOTE_EDIT_REPLACE,      /* one move written for another */
	YOTE_EDIT_SWAP,         /* two adjacent moves in the wrong order */
	YOTE_EDIT_DROP,         /* a move written that was not played */
	YOTE_EDIT_INSERT        /* a move played that was not written */
};

/* How a replacement's writing differs from the move written. */
enum yote_near {
	YOTE_NEAR_OTHER,        /* another move */
	YOTE_NEAR_ONE_CHAR,     /* one character changed */
	YOTE_NEAR_SAME_SQUARES, /* the same squares, in another order */
	YOTE_NEAR_CHAIN_SHORT,  /* the capture chain written cut short */
	YOTE_NEAR_CHAIN_LONG,   /* the capture chain written too long */
	YOTE_NEAR_BONUS         /* the same jumps, another bonus square */
};

/* The names of an edit ("replace", "swap", "drop", "insert") and of a
 * nearness ("other", "one-character", "same-squares", "chain-cut-short",
 * "chain-too-long", "bonus-square"). */
const char *yote_edit_name(enum yote_edit e);
const char *yote_near_name(enum yote_near n);

/* The second edit of a repair that needs two (the fields of the first,
 * below, with the ply counted in the record as written). */
struct yote_repair_edit {
	enum yote_edit edit;
	enum yote_near near;
	unsigned long ply;
	unsigned distance;
	const struct yote_node *at, *next;
	char move[YOTE_MOVE_TEXT];
};

/* One edit that makes a record valid, or the first of two. */
struct yote_repair {
	enum yote_edit edit;
	enum yote_near near;    /* YOTE_EDIT_REPLACE; else YOTE_NEAR_OTHER */
	unsigned long ply;      /* 1-based: the ply edited (a swap: the first
				   of the two; an insertion: the ply the
				   missing move becomes) */
	unsigned distance;      /* the ranking's second key (above) */
	unsigned gap;           /* a replacement: how far its characters
				   are from those written (c3 for c4 1,
				   for c5 2), or of another length, the
				   characters added or dropped */
	const struct yote_node *at;     /* the move text written at ply (a
					   scalar of the record: line, col,
					   text; the item when it holds no
					   move text), NULL for an insertion
					   after the last move */
	const struct yote_node *next;   /* a swap: the text of ply + 1 */
	char move[YOTE_MOVE_TEXT];      /* a replacement's or insertion's
					   move, canonical */
	unsigned edits;                 /* 1; 2 when the record needs then
					   as well (two slips) */
	struct yote_repair_edit then;   /* the second edit, at a later ply
					   (edits 2) */
};

/* What a repair may spend and return. */
struct yote_repair_opts {
	size_t max;             /* edits wanted, the best first (0: 3) */
	unsigned long long work;        /* moves tried at most (0:
					   YOTE_REPAIR_WORK): past it, the
					   search stops with what it has */
};
#define YOTE_REPAIR_MAX 3
#define YOTE_REPAIR_WORK 50000000ULL    /* a second or two; a 10,000-
					   ply game is mended in 0.4 s */

/*
 * The best edits (o->max of them at most, into out, which holds that
 * many) that make rec valid to its end, as yote_checker_play judged it
 * into info (its ruleset, start, declared result and termination).  The
 * nodes in out point into rec.  Returns how many were found (0: no one
 * edit nor pair makes the record valid), with *complete 1 when every edit was
 * tried (0: the work limit stopped the search); YOTE_EVALUE when there is
 * nothing to repair in the moves (no ruleset or no moves list, a result
 * or termination that is none of its key's values, or the moves and the
 * result agree and the record is invalid for another reason);
 * YOTE_ENOMEM.
 */
long yote_record_repair(const struct yote_record *rec,
    const struct yote_game_info *info, const struct yote_repair_opts *o,
    struct yote_repair *out, int *complete);

#ifdef __cplusplus
}
#endif
#endif /* YOTE_REPAIR_H */
