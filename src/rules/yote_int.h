/*
 * yote_int.h - private helpers shared by the library's files.
 */
#ifndef YOTE_INT_H
#define YOTE_INT_H

#include <stdarg.h>
#include <string.h>

#include "yote.h"

#define BIT(sq) ((uint64_t)1 << (sq))

/*
 * yote_move_is_capture and yote_move_equal, inline for the search, which
 * asks them of every move it orders (the calls, with a memcmp each even
 * of no segment, were 8% of a search's instructions).  Nearly every move
 * differs from another in its kind, square or segment count, so those
 * are compared first.
 */
static inline int
move_is_capture(const struct yote_move *m)
{
	return m->kind == YOTE_CAPTURE || m->kind == YOTE_BRIDGE;
}

static inline int
move_equal(const struct yote_move *a, const struct yote_move *b)
{
	return a->kind == b->kind && a->from == b->from &&
	    a->nseg == b->nseg && (a->nseg == 0 ||
	    (memcmp(a->seg_to, b->seg_to, a->nseg) == 0 &&
	    (a->kind == YOTE_STEP || a->kind == YOTE_SELFJUMP ||
	    memcmp(a->seg_bonus, b->seg_bonus, a->nseg) == 0)));
}

/*
 * A function that only a problem calls (a diagnostic, a recovery): the
 * compiler puts it apart from the code every game runs and lays out the
 * callers' branches to it as not taken, so that the hot loops take less
 * of the instruction cache they share with libyaml's parser.
 */
#if defined(__GNUC__)
#define YOTE_COLD __attribute__((cold))
#else
#define YOTE_COLD
#endif

/*
 * A YAML syntax error of parser p (yaml_syntax.c), err's message already
 * set: its place in err's line and column (after base lines), where the
 * user must fix it.  A quoted scalar, flow list or flow mapping left open
 * is placed where it opens, the message saying where libyaml stopped; else
 * libyaml's problem mark.  1 when libyaml stopped at the end of the input,
 * whose place the caller knows better (yote_yaml_input_end), else 0.
 * yote_yaml_input_end places err at the end of the input, line and col,
 * and says so in the message.
 */
/* yote_error_set with a va_list (error.c): the one place an error's
 * code and message are set, and what it said before cleared. */
int yote_error_vset(struct yote_error *err, int code, const char *fmt,
    va_list ap);

/*
 * yote_error_clear, inline for the paths taken once a game (the stream,
 * the checker): every field, but of the message its first byte only,
 * which nothing reads past its NUL.  A memset of the whole (over 560
 * bytes of stack) cost nine stores and two first-level misses a game,
 * twice.
 */
static inline void
yote_error_reset(struct yote_error *err)
{
	err->code = 0;
	err->msg[0] = '\0';
	err->file = NULL;
	err->line = err->col = err->game = err->ply = 0;
	err->diag = 0;
}

struct yaml_parser_s;
int yote_yaml_syntax_place(const struct yaml_parser_s *p, unsigned long base,
    struct yote_error *err);
void yote_yaml_input_end(struct yote_error *err, unsigned long line,
    unsigned long col);

/*
 * A file an option or a record names, besides the games (textfile.c):
 * the whole of path ("-": standard input, unless YOTE_FILE_REGULAR) in
 * *buf, NUL-terminated after its *len bytes (free it).  what names the
 * file in messages ("a criteria file").  At most max + 1 bytes are read.
 * 0, or, with err's message and, where the problem is in the text, its
 * line and column: YOTE_EIO (cannot be opened or read, or a directory,
 * as every file a tool is given to read), YOTE_EVALUE (YOTE_FILE_REGULAR:
 * a FIFO, a device or a socket; YOTE_FILE_TEXT: a NUL byte), YOTE_ELIMIT
 * (more than max bytes), YOTE_ENOMEM.  err->file is left to the caller.
 */
#define YOTE_FILE_REGULAR 1u    /* a regular file only, opened without
				   blocking so that a FIFO is refused */
#define YOTE_FILE_TEXT 2u       /* text: a NUL byte is refused */
int yote_file_read(const char *path, size_t max, unsigned flags,
    const char *what, char **buf, size_t *len, struct yote_error *err);

/*
 * The edit distance of two texts (error.c): characters (UTF-8), letters
 * case aside, added, dropped, changed or two neighbours swapped, one each;
 * (size_t)-1 when one is longer than YOTE_DISTANCE_MAX characters.
 */
#define YOTE_DISTANCE_MAX 400
size_t yote_text_distance(const char *a, const char *b);

/*
 * Whether a declared result and termination (enum yote_result and enum
 * yote_termination, -1 when not given) agree with the final position and
 * its outcome o (rules.md section 8; status.c): YOTE_RP_NONE when they
 * do, else what is wrong.  yote_agreement_result: the result a declared
 * agreement gives in p.
 */
enum yote_result yote_agreement_result(const struct yote_rules *r,
    const struct yote_pos *p);
enum { YOTE_RP_NONE, YOTE_RP_RESULT, YOTE_RP_TERMINATION,
	YOTE_RP_NOT_FINISHED, YOTE_RP_STAR, YOTE_RP_NO_TERMINATION,
	YOTE_RP_UNFINISHED, YOTE_RP_RESIGNATION, YOTE_RP_AGREEMENT };
int yote_result_problem(const struct yote_rules *r,
    const struct yote_pos *final, const struct yote_outcome *o, int res,
    int term);

/* Length of the UTF-8 sequence at s (at most n bytes), 0 if invalid
 * (error.c). */
/* Length of the UTF-8 character at s (at most n bytes), 0 if invalid. */
static inline size_t
yote_utf8_len(const unsigned char *s, size_t n)
{
	return yote_utf8_char((const char *)s, n, NULL);
}

/* Characters of the valid UTF-8 text s of n bytes (error.c). */
size_t yote_utf8_chars(const char *s, size_t n);

/*
 * Built for any x86-64 (no -mpopcnt), the builtin is a library call:
 * slower than these few operations, which the move scorers of archives
 * (and the engine) run for every move.  Every x86-64 since 2008 has the
 * instruction, though, and the compiler's run-time library has asked the
 * processor before main: where it says so, one instruction does it,
 * after a test of a flag that always comes out the same.
 */
static inline int
popcount64(uint64_t b)
{
#if defined(__POPCNT__)
	return __builtin_popcountll(b);
#else
#if defined(__x86_64__) && defined(__GNUC__)
	if (__builtin_cpu_supports("popcnt")) {
		uint64_t n;

		__asm__("popcntq %1, %0" : "=r" (n) : "rm" (b));
		return (int)n;
	}
#endif
	b -= (b >> 1) & 0x5555555555555555ULL;
	b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
	b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
	return (int)((b * 0x0101010101010101ULL) >> 56);
#endif
}

static inline int
lsb64(uint64_t b)
{
	return __builtin_ctzll(b);
}

/* yote_pos_hash's keys (position.c): pieces, hand counts, side. */
extern const uint64_t yote_z_piece[2][YOTE_MAX_SQUARES];
extern const uint64_t yote_z_hand[2][YOTE_MAX_PIECES + 1];
extern const uint64_t yote_z_side;

/*
 * yote_pos_hash(q) from h, the hash of p.  The hash is an exclusive or
 * of one key per piece, hand count and side, so a child's follows from
 * its parent's by the keys of what changed: a search's node pays for the
 * squares its move touched, not for every piece on the board.
 */
static inline uint64_t
yote_pos_hash_child(uint64_t h, const struct yote_pos *p,
    const struct yote_pos *q)
{
	uint64_t b;

	for (b = p->pieces[0] ^ q->pieces[0]; b; b &= b - 1)
		h ^= yote_z_piece[0][__builtin_ctzll(b)];
	for (b = p->pieces[1] ^ q->pieces[1]; b; b &= b - 1)
		h ^= yote_z_piece[1][__builtin_ctzll(b)];
	h ^= yote_z_hand[0][p->hand[0]] ^ yote_z_hand[0][q->hand[0]] ^
	    yote_z_hand[1][p->hand[1]] ^ yote_z_hand[1][q->hand[1]];
	return h ^ (yote_z_side & -(uint64_t)(p->side ^ q->side));
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

/*
 * shift_dir for a d that changes from call to call: no branch, where the
 * switch above would be mispredicted (the archive readers' loops).
 */
static inline uint64_t
shift_dir_v(const struct yote_rules *r, uint64_t b, int d)
{
	uint64_t v[4];

	v[0] = (b << r->width) & r->board;
	v[1] = b >> r->width;
	v[2] = (b << 1) & r->not_col_first;
	v[3] = (b >> 1) & r->not_col_last;
	return v[d];
}

static inline uint64_t
empty_squares(const struct yote_rules *r, const struct yote_pos *p)
{
	return r->board & ~(p->pieces[0] | p->pieces[1]);
}

/* Where a jump from sq in direction d lands when the point it passes
 * over is in `over` and the landing point in `to`; -1 when it cannot. */
static inline int
jump_to(const struct yote_rules *r, int sq, int d, uint64_t over,
    uint64_t to)
{
	int land = r->jump[sq][d];

	return land >= 0 && (over & BIT(r->adj[sq][d])) && (to & BIT(land)) ?
	    land : -1;
}

/*
 * The moves an archive reader decoded for a record (yote_record.played),
 * one allocation: played from start under rules, each legal in turn (the
 * decoder picks it from the legal moves).  The checker plays them
 * without parsing and proving them again, as long as the record still
 * says the same: same rules, same start, each item the move's text.
 */
struct yote_played {
	const struct yote_rules *rules;
	struct yote_pos start;
	struct yote_pos final;  /* after the n moves */
	const char **text;      /* text[i]: the text the reader gave move
				   i's node, or NULL */
	size_t n;
	struct yote_move v[];
};

/* node.c: a new collection / a scalar of len bytes in one allocation */
struct yote_node *yote_node_new(enum yote_node_type type);
struct yote_node *yote_scalar_new(const char *text, size_t len);

/*
 * node.c: the limits of yote_limits.h as the readers meet them while
 * building a tree, each NULL or the message that names the limit:
 * one more kid for parent (NULL: none) in a game of `nodes` values so far,
 * a value of len bytes, depth nested collections.
 */
const char *yote_limit_grow(const struct yote_node *parent,
    unsigned long nodes);
const char *yote_limit_scalar(size_t len);
const char *yote_limit_depth(int depth);

/* position.c: a and b are the same position, field by field (the pad
 * byte does not count) */
int yote_pos_same(const struct yote_pos *a, const struct yote_pos *b);

/* rules.c: the index of v among the n names, or -1 */
int yote_name_index(const char *v, const char *const *names, int n);

/* rules.c: whether a --rules/rules: value names a file, not a built-in */
int yote_rules_spec_is_file(const char *spec);

/*
 * checker.c: the ruleset ck plays rec under, as yote_checker_play finds
 * it (rules: a built-in, a file from file's folder or the copy an
 * archive carries; none: the default), nothing said; NULL when it cannot
 * be had.  Not owned, and good until ck's next call.
 */
const struct yote_rules *yote_checker_rules(struct yote_checker *ck,
    const struct yote_record *rec, const char *file);

/* movegen.c: any move for side s, whether or not the game is over */
int yote_raw_has_move(const struct yote_rules *, const struct yote_pos *, int);
/* movegen.c: play m on p when it is legal (yote_move_legal): 1, else 0
 * with p as it was */
int yote_pos_play_legal(const struct yote_rules *r, struct yote_pos *p,
    const struct yote_move *m);
/*
 * The legal moves of the piece on `from` in p, appended to out (what is
 * there stays), where p is not over (yote_over_unless_blocked is 0):
 * their count, YOTE_ENOMEM, or YOTE_ELIMIT when out would pass
 * YOTE_MAX_MOVES (movegen.c).
 */
long yote_gen_piece_append(const struct yote_rules *r,
    const struct yote_pos *p, int from, struct yote_movelist *out);

/*
 * The end of the game (status.c states the rules), all but "blocked":
 * YOTE_TERM_CAPTURE_ALL, _FEW_PIECES, _MOVE_LIMIT or _NONE.  Blocked needs
 * move generation, which calls this to generate nothing once the game is
 * over, so yote_pos_outcome tests it after capture-all and the move
 * generator shows it as an empty list.  The one place these rules are
 * written; inline because the search asks at every node.
 */
static inline enum yote_termination
yote_end_unless_blocked(const struct yote_rules *r, const struct yote_pos *p)
{
	int s = p->side;

	/* none left: no count needed (the counts are no call either: this
	 * runs for every move a record plays); each test one branch, its
	 * parts joined without one */
	if ((p->pieces[s] | (uint64_t)p->hand[s]) == 0)
		return YOTE_TERM_CAPTURE_ALL;
	if (r->few_pieces &&
	    ((popcount64(p->pieces[s]) + p->hand[s] <= r->few_pieces) &
	    (popcount64(p->pieces[!s]) + p->hand[!s] <= r->few_pieces)) &&
	    !yote_pos_has_capture(r, p, s) && !yote_pos_has_capture(r, p, !s))
		return YOTE_TERM_FEW_PIECES;
	if (r->move_limit && p->since_capture >= (uint32_t)r->move_limit)
		return YOTE_TERM_MOVE_LIMIT;
	return YOTE_TERM_NONE;
}

static inline int
yote_over_unless_blocked(const struct yote_rules *r, const struct yote_pos *p)
{
	return yote_end_unless_blocked(r, p) != YOTE_TERM_NONE;
}

/*
 * The checker's hints: " (did you mean '1-0'?)" into buf for a result
 * (result 1) or a termination (0) that is a slip for one: other dashes, a
 * one-half sign, letter case, a letter or two (status.c); " (did you mean
 * 'classic'?)" for a slip in a built-in ruleset's name, returned, or ""
 * (rules.c).
 */
void yote_value_hint(const char *text, int result, char *buf, size_t size);
const char *yote_rules_hint(const char *name, char *buf, size_t size);

/* table[i], or "?" for a value outside it (an enum's -1, "none", or a
 * value a caller made up): the name functions never read past a table. */
#define YOTE_NAME_OF(table, i) ((size_t)(i) < sizeof(table) / \
	sizeof((table)[0]) ? (table)[i] : "?")

/*
 * A move's text (what YOTE_CASE_MOVE) or a position string's
 * (YOTE_CASE_POSITION), len bytes, as every writer writes it: in lower
 * case, since readers take upper case too (C3XC5+E1, X and O).  Returns
 * buf (size bytes) holding the lowered text when text is such a move (it
 * parses) or has a position's characters only, with a capital among
 * them; else text itself, to be written as it is (an invalid record's
 * text is kept).
 */
#define YOTE_CASE_MOVE 0
#define YOTE_CASE_POSITION 1
const char *yote_lower_case(const char *text, size_t len, int what,
    char *buf, size_t size);

#endif
