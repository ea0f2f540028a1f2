/*
 * archive_int.h - private: the parts of the archive format
 * (formats/archive.md, yote-archive(5)).
 *
 * An archive is one or more members (so `cat a.yta b.yta` is an archive
 * of both); a member is a 16-byte header, data blocks, an optional index
 * block and a 32-byte end block.  Every block header carries the CRC-32
 * of itself and of its payload, so a flipped byte or a cut is found and
 * named, and the games of every intact block still come out.
 *
 * A data block holds up to N games, coded into three streams that are
 * deflated together (zlib over many games, never one game alone):
 *  - the moves, by a range coder: under move model 2 (version 2) each
 *    move as a few choices (a capture or not; a quiet move's class and
 *    place; a capture's first jump, bonus pieces and further jumps),
 *    each among choices cheap to list; under model 1 (version 1) its
 *    rank among all the legal moves of its position, best first by a
 *    one-ply score;
 *  - the record trees: every key and value in order with its YAML style
 *    and tag, coded by a second range coder with per-key models (the
 *    value before, values seen, the value that came after the same
 *    preceding value, numbers changed by a small step), so that headers
 *    that repeat cost next to nothing;
 *  - literals: the bytes of values seen for the first time.
 * A block decodes on its own (models start afresh in each block), which
 * is what lets a reader skip or lose a block and go on with the next.
 *
 * Memory is one block plus one game, whatever the collection.
 *
 * The parts, one file each in src/archive, low to high:
 *
 *   archive_int.h     this header: what the parts share
 *   archive_io.c      bytes, varints, CRC-32, the member and block
 *                     headers, zlib blocks, and the words of the
 *                     reader's messages
 *   rangecoder.c      the binary range coder and its small models
 *   archive_score.c   the move-scoring rule (score_rule, below) applied
 *                     to one move or, by bitboards, to every placement
 *                     and step at once: the scores and class boards both
 *                     move models use
 *   archive_bridge.c  which placements and steps leave a bridge capture
 *                     to either side, every one at once: the class
 *                     boards under rulesets with bridges
 *   archive_moves.c   move model 1: a move as its rank among the legal
 *                     moves, and its coding in the moves stream
 *   archive_mv2.c     move model 2: a move as a few choices
 *   archive_keys.c    the key/value models of the record trees, their
 *                     coding in the tree and literal streams, and the
 *                     parsing of a data block (yote_block_parse)
 *   archive_hash.c    the position index: a set of the positions of
 *                     each block's games, and the reader's search
 *                     through it (--reaches)
 *   archive_write.c   the writer (yote_archive_*)
 *   archive_input.c   the bytes the reader reads, puts back, seeks and
 *                     passes over
 *   archive_jump.c    the reader's jump to a game through the index
 *   archive_read.c    format detection and the reader
 *                     (src/record/yote_fmt.h)
 *
 * Every part below the writer and the reader is free of I/O and can be
 * driven on its own (tests/unit/test-archive.c does).
 */
#ifndef ARCHIVE_INT_H
#define ARCHIVE_INT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "yote_int.h"

#define MEMBER_HEAD 16          /* magic, version, flags, CRC */
#define BLOCK_HEAD 32           /* tag, lengths, games, first, CRCs */
#define LAYOUT 0                /* payload layout of version 1: model 1 */
#define LAYOUT2 1               /* of version 2: move model 2 */
#define MAX_RULESETS 256        /* rulesets one block may use */
/* a game is held to the limits of every reader
   (src/include/yote_limits.h) */
#define NODE_LIMIT YOTE_MAX_NODES

/*
 * What a reader believes of an archive's claims (formats/archive.md
 * section 8).  Every count and length in a header or a stream is a claim
 * until bytes back it: a payload's buffer grows as its bytes really
 * arrive; an inflated length may be at most what zlib can make of the
 * compressed bytes (deflate gives at most 1032 bytes for one, see
 * zlib's "technical details"); and what a block's games decode to
 * (ARC_NODE_COST for each node plus the bytes of each text) is at most
 * ARC_FLOOR + ARC_EXPANSION times its compressed payload, so that a few
 * bytes never become a huge game.  Real blocks come nowhere near: a
 * move costs about 2.5 bits, and a block's header values repeat.
 * These are the archive's own, beside the per-game limits of every reader
 * in src/include/yote_limits.h.
 */
#define ARC_ZLIB_RATIO 1032     /* inflated bytes per compressed byte */
#define ARC_ZLIB_SLACK 1024     /* and a little for a tiny stream */
#define ARC_EXPANSION 1024      /* decoded budget per input byte */
#define ARC_FLOOR (1UL << 20)   /* decoded budget of any block */
#define ARC_NODE_COST 64        /* budget one node uses, beside its text */
#define ARC_READ_STEP 65536     /* first step of a payload's buffer */

/* ----------------------------------------------------- archive_io.c */

extern const unsigned char yote_arc_magic[8];

/* A growing byte buffer; a failed allocation sets oom and drops writes. */
struct buf {
	unsigned char *p;
	size_t n, cap;
	int oom;                /* an allocation failed: contents unusable */
};

/* Room for more bytes past n: 0, or -1 (oom set). */
int yote_buf_grow(struct buf *b, size_t more);

/* Inline: the range coder and the move model append a byte at a time. */
static inline void
yote_buf_put(struct buf *b, const void *d, size_t n)
{
	if (n == 0 || yote_buf_grow(b, n) != 0)
		return;
	memcpy(b->p + b->n, d, n);
	b->n += n;
}

static inline void
yote_buf_byte(struct buf *b, unsigned c)
{
	if (yote_buf_grow(b, 1) != 0)
		return;
	b->p[b->n++] = (unsigned char)c;
}

/* v in 7-bit groups, low first, the high bit set on all but the last. */
void yote_buf_varint(struct buf *b, uint64_t v);
void yote_buf_free(struct buf *b);

/* A cursor over bytes in memory; reads past the end set bad. */
struct cur {
	const unsigned char *p;
	size_t n, pos;
	int bad;
};

uint64_t yote_cur_varint(struct cur *c);
/* The next n bytes, or NULL (bad set) when fewer are left. */
const unsigned char *yote_cur_take(struct cur *c, size_t n);

/* Little-endian integers of the headers. */
static inline void
put32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)v;
	p[1] = (unsigned char)(v >> 8);
	p[2] = (unsigned char)(v >> 16);
	p[3] = (unsigned char)(v >> 24);
}

static inline void
put64(unsigned char *p, uint64_t v)
{
	put32(p, (uint32_t)v);
	put32(p + 4, (uint32_t)(v >> 32));
}

static inline uint32_t
get32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

static inline uint64_t
get64(const unsigned char *p)
{
	return (uint64_t)get32(p) | (uint64_t)get32(p + 4) << 32;
}

/* zlib's CRC-32 of n bytes, n of any size. */
uint32_t yote_crc(const unsigned char *p, size_t n);

/* A member header for this version, its CRC included. */
void yote_arc_member_head(unsigned char h[MEMBER_HEAD], int version);
/*
 * A block header of this type for a payload of ulen bytes deflated to
 * clen bytes whose CRC is zcrc; games and first as formats/archive.md
 * says for the type.  The header's own CRC is filled in.
 */
void yote_arc_block_head(unsigned char h[BLOCK_HEAD], int type,
    uint32_t clen, uint32_t ulen, uint32_t games, uint64_t first,
    uint32_t zcrc);
/*
 * The end block of a member of size bytes (from its header to this
 * block) holding games games, whose index block is ilen bytes (0: none).
 */
void yote_arc_end_head(unsigned char h[BLOCK_HEAD], uint64_t size,
    uint64_t games, uint32_t ilen);
/* 1 when h is a block header (any type) whose CRC holds. */
int yote_arc_block_head_ok(const unsigned char *h);
/* 1 when h is a member header (any version) whose CRC holds. */
int yote_arc_member_head_ok(const unsigned char *h);
/* 1 when the n bytes at h look like a member header's start. */
int yote_arc_magic_like(const unsigned char *h, size_t n);
/* When the n bytes at h are the magic with its line ends converted, as
 * a text-mode transfer does: how ("every LF byte made CR LF"), else
 * NULL. */
const char *yote_arc_magic_converted(const unsigned char *h, size_t n);
/* Deflate in into z (z->n = 0 first): 0, or -1 out of memory, -2 zlib. */
int yote_arc_deflate(const struct buf *in, struct buf *z);
/* 1 when ulen bytes can come out of inflating clen bytes. */
int yote_arc_inflatable(uint64_t clen, uint64_t ulen);
/*
 * Check the CRC of the clen bytes at z and inflate them into the ulen
 * bytes at out: 0, -1 the CRC fails, -2 they do not inflate to ulen.
 */
int yote_arc_inflate(const unsigned char *z, size_t clen, uint32_t zcrc,
    unsigned char *out, size_t ulen);

/* ----------------------------------------------------- rangecoder.c */

/*
 * A binary range coder.  The same struct and the same calls encode or
 * decode (the value arguments are ignored when decoding, and the coded
 * value is returned either way), so every model is written once.
 */
typedef uint16_t prob_t;

#define PROB_BITS 16
#define PROB_SHIFT 5            /* adaptation: 1/32 of the way */
#define RC_TOP (1U << 24)       /* the range is normalised above this */
#define PROB_INIT 0x8000

struct rc {
	int dec;                /* 1: decoding */
	uint32_t range;
	/* encoder */
	uint64_t low;
	unsigned char cache;
	uint64_t pending;       /* bytes held back for a carry */
	struct buf *out;
	/* decoder */
	uint32_t code;
	struct cur in;
	size_t over;            /* bytes wanted past the end */
};

/* An adaptive Elias-gamma code for integers >= 0. */
#define GAMMA_MANT 12
struct gamma {
	prob_t len[64];
	prob_t mant[GAMMA_MANT][GAMMA_MANT];
};

void yote_rc_enc_init(struct rc *rc, struct buf *out);
void yote_rc_dec_init(struct rc *rc, const unsigned char *p, size_t n);
/* The encoder's last bytes. */
void yote_rc_flush(struct rc *rc);
/* One bit with the adaptive probability *p that it is 0. */
int yote_rc_bit(struct rc *rc, prob_t *p, int bit);
/* v in [0, n), all equally likely; n <= 65536. */
uint32_t yote_rc_flat(struct rc *rc, uint32_t v, uint32_t n);
/* v in [0, n), all equally likely; any n >= 1. */
uint64_t yote_rc_uniform(struct rc *rc, uint64_t v, uint64_t n);
void yote_gamma_init(struct gamma *g);
uint64_t yote_rc_gamma(struct rc *rc, struct gamma *g, uint64_t v);
/* v in [0, 2^bits) through a tree of adaptive bits (probs[2^bits]). */
unsigned yote_rc_tree(struct rc *rc, prob_t *probs, int bits, unsigned v);
void yote_probs_init(prob_t *p, size_t n);

/* -------------------------------------------------- archive_moves.c */

#define TIER_J 16
#define TIER_CTX 32

struct ply_sym;

/* Model 2's adaptive bits, by decision (archive_mv2.c). */
#define M2_QUIET 0                              /* levels of quiet moves */
#define M2_CAP (M2_QUIET + TIER_J * TIER_CTX)   /* "a capture" */
#define M2_JUMP (M2_CAP + 64)                   /* levels of first jumps */
#define M2_BONUS (M2_JUMP + TIER_J * TIER_CTX)  /* levels of bonus pieces */
#define M2_MORE (M2_BONUS + TIER_J * TIER_CTX)  /* "jumps again" */
#define M2_PROBS (M2_MORE + 16)

/*
 * The move model of one block (yote_mover_init at each block start) and
 * its scratch space.  Zero it before first use; yote_mover_free.
 */
struct first_jump;

struct mover {
	prob_t tier[TIER_J][TIER_CTX];  /* model 1: the bits "below level
					   j", by j and yote_arc_level_ctx */
	struct first_jump *first_jump_buf;      /* model 2: a position's first
						   jumps */
	prob_t m2_probs[M2_PROBS];      /* model 2 */
	struct yote_movelist list;
	long *score;            /* score of list.v[i] */
	long *level;            /* the distinct scores, best first */
	uint32_t *count;        /* moves with score level[j] */
	size_t nlevel;
	size_t cap;             /* room in score, level, count */
	size_t *groups;         /* groups of list not in text order: start,
				   count */
	size_t ngroups, capgroups;
	size_t nstep;           /* steps in the list */
	struct buf text;        /* texts of a group's moves, to sort them */
	char move_text[YOTE_MOVE_TEXT]; /* the text of the move decoded */
	size_t move_text_len;           /* its length */
	struct yote_move last;  /* the move decoded */
	/* encoder: one game's plies, ranked by yote_mover_rank_game */
	struct ply_sym *sym;    /* model 1's ranks, capsym of them */
	size_t capsym;
	struct buf ctxs;        /* bit contexts of every ply (model 2: its
				   choices) */
	struct buf canon;       /* canonical move texts */
	size_t *canon_off;      /* ply i's text at canon.p + canon_off[i] */
	size_t capcanon;        /* room in canon_off */
	size_t fail_ply;        /* the ply yote_mover_rank_game stopped at */
};

void yote_mover_init(struct mover *mv);
void yote_mover_free(struct mover *mv);
/*
 * Rank every ply of game g.  0, -1 when a move is not among the legal
 * moves, YOTE_ELIMIT when a position has more legal moves than
 * YOTE_MAX_MOVES (mv->fail_ply: its ply), or YOTE_ENOMEM.  Nothing is
 * coded yet: a game whose moves cannot be ranked can still be kept as
 * text.
 */
int yote_mover_rank_game(struct mover *mv, const struct yote_game *g);
/* Code the n plies just ranked into the moves stream. */
void yote_mover_encode(struct mover *mv, struct rc *rc, size_t n);
/*
 * Decode the next move of pos and play it; *text gets its canonical
 * text (valid until the next call), mv->last the move.  0, -1 bad data
 * (*why says what) or -2 out of memory.
 */
int yote_mover_decode(struct mover *mv, struct rc *rc,
    const struct yote_rules *r, struct yote_pos *pos, const char **text,
    const char **why);

/* -------------------------------------------------- archive_score.c */

/*
 * The move-scoring rule (formats/archive.md section 6.1), defined here
 * once: the weights, and score_rule, which every way of scoring a move
 * (one by one, by bitboards, by class) calls.  Change a weight here and
 * both move models follow; archives already written then no longer read
 * back, which is why these are frozen with the format.
 */
enum score_weight {
	SCORE_PER_PIECE_TAKEN = 16,     /* each enemy piece taken, board or
					   hand */
	SCORE_DECIDED = 1000,           /* the game ends: + the mover wins,
					   - it loses */
	SCORE_DRAW_PER_PIECE_BEHIND = 8,        /* the game ends drawn: each
						   piece the mover has fewer */
	SCORE_OPP_CAN_CAPTURE = -22,    /* the game goes on and the opponent
					   then has a capture */
	SCORE_MOVER_CAN_CAPTURE = 4,    /* and the mover has one (as if to
					   move) */
	SCORE_PLACEMENT = 3             /* and the move is a placement */
};

/* How the game stands after the move, as the rule sees it. */
enum score_end {
	SCORE_GOES_ON,                  /* not over */
	SCORE_WON,                      /* over, the mover wins */
	SCORE_LOST,                     /* over, the mover loses */
	SCORE_DRAWN                     /* over, a draw */
};

/* Scoring runs these for every move: never a call. */
#if defined(__GNUC__)
#define HOT static inline __attribute__((always_inline))
#else
#define HOT static inline
#endif

/* The rule for a move after which the game goes on (the flags 0 or 1),
   as a constant expression for the tables of classes. */
#define SCORE_GOING_ON(taken, opp_can_capture, mover_can_capture, placement) \
	(SCORE_PER_PIECE_TAKEN * (long)(taken) + \
	SCORE_OPP_CAN_CAPTURE * (long)(opp_can_capture) + \
	SCORE_MOVER_CAN_CAPTURE * (long)(mover_can_capture) + \
	SCORE_PLACEMENT * (long)(placement))

/*
 * The score of a move from what it does: `taken` enemy pieces taken;
 * how the game then stands; for a draw, `behind` = the opponent's pieces
 * left minus the mover's; otherwise whether the opponent, the mover then
 * has a capture and whether it is a placement, each 0 or 1 (no other
 * value: the boards' bits go in as they are).  Inline so that the fast
 * paths, which pass constants for what they know, cost what their own
 * arithmetic did.
 */
HOT long
score_rule(int taken, enum score_end end, int behind, int opp_can_capture,
    int mover_can_capture, int placement)
{
	long v = SCORE_PER_PIECE_TAKEN * (long)taken;

	switch (end) {
	case SCORE_WON:
		return v + SCORE_DECIDED;
	case SCORE_LOST:
		return v - SCORE_DECIDED;
	case SCORE_DRAWN:
		return v + SCORE_DRAW_PER_PIECE_BEHIND * (long)behind;
	case SCORE_GOES_ON:
		break;
	}
	return SCORE_GOING_ON(taken, opp_can_capture, mover_can_capture,
	    placement);
}

/* score_rule of a move that takes nothing and does not end the game:
   what the boards of classes give (archive_moves.c, archive_mv2.c). */
HOT long
score_quiet(int opp_can_capture, int mover_can_capture, int placement)
{
	return score_rule(0, SCORE_GOES_ON, 0, opp_can_capture,
	    mover_can_capture, placement);
}

/*
 * score_quiet by class, a table (model 1's decoder reads it every ply):
 * [2 opp_capture + mover_capture + 4 placement].
 */
extern const long yote_arc_class_score[8];

/*
 * What every move of one position shares, worked out once: the side to
 * move and both sides' pieces (board and hand).
 */
struct ply_ctx {
	const struct yote_rules *r;
	const struct yote_pos *p;
	int side;               /* p->side, the mover */
	int mover_left;         /* the mover's pieces, board and hand */
	int opp_left;           /* the opponent's, before the move */
};

/*
 * yote_rc_bit of a decoder, inline: the same bit, the same model and
 * coder state after it, without a call (the moves decoder codes a few
 * bits every ply).
 */
HOT int
yote_rc_dbit(struct rc *rc, prob_t *p)
{
	uint32_t bound = (rc->range >> PROB_BITS) * *p;
	int bit = rc->code >= bound;

	if (!bit) {
		rc->range = bound;
		*p = (prob_t)(*p + (((1U << PROB_BITS) - *p) >> PROB_SHIFT));
	} else {
		rc->code -= bound;
		rc->range -= bound;
		*p = (prob_t)(*p - (*p >> PROB_SHIFT));
	}
	while (rc->range < RC_TOP) {
		rc->range <<= 8;
		rc->code <<= 8;
		if (rc->in.pos < rc->in.n)
			rc->code |= rc->in.p[rc->in.pos++];
		else
			rc->over++;
	}
	return bit;
}

/*
 * The context of the bit "below level j" (both models): gap, the scores
 * of levels j and j + 1 apart, graded (1, 2, 3; 4-6: 4; 7-9: 5; 10-15:
 * 6; 16 and more: 7), and how their counts c0, c1 compare; by a table
 * and sums, not branches.
 */
HOT unsigned
yote_arc_level_ctx(long gap, uint32_t c0, uint32_t c1)
{
	static const unsigned char grade[16] = { 0, 1, 2, 3, 4, 4, 4, 5, 5,
		5, 6, 6, 6, 6, 6, 6 };
	unsigned g = gap < 16 ? grade[gap] : 7;
	unsigned q = (2 * (uint64_t)c1 >= c0) + (c1 >= c0) +
	    (c1 >= 2 * (uint64_t)c0);

	return g * 4 + q;
}

/* The points of `to` a jump reaches from `from` over `over`
   (src/rules/movegen.c). */
HOT uint64_t
jumps(const struct yote_rules *r, uint64_t from, uint64_t over, uint64_t to)
{
	unsigned w = (unsigned)r->width;
	uint64_t n = (((from << w) & r->board & over) << w) & r->board;
	uint64_t so = ((from >> w) & over) >> w;
	uint64_t e = (((from << 1) & r->not_col_first & over) << 1) &
	    r->not_col_first;
	uint64_t wst = (((from >> 1) & r->not_col_last & over) >> 1) &
	    r->not_col_last;

	return (n | so | e | wst) & to;
}

/* b shifted in each direction: out[d] = shift_dir(r, b, d). */
HOT void
shift4(const struct yote_rules *r, uint64_t b, uint64_t out[4])
{
	out[0] = (b << r->width) & r->board;
	out[1] = b >> r->width;
	out[2] = (b << 1) & r->not_col_first;
	out[3] = (b >> 1) & r->not_col_last;
}

/* out[d] = shift_dir(r, in[d], d ^ back). */
HOT void
shift_each(const struct yote_rules *r, const uint64_t in[4], int back,
    uint64_t out[4])
{
	out[0 ^ back] = (in[0 ^ back] << r->width) & r->board;
	out[1 ^ back] = in[1 ^ back] >> r->width;
	out[2 ^ back] = (in[2 ^ back] << 1) & r->not_col_first;
	out[3 ^ back] = (in[3 ^ back] >> 1) & r->not_col_last;
}

/* yote_pos_has_capture for side s of q, own and opp its pieces. */
HOT int
has_capture(const struct yote_rules *r, int no_capture_yet, uint64_t own,
    uint64_t opp)
{
	uint64_t empty = r->board & ~(own | opp);

	if (no_capture_yet)
		return 0;
	if (jumps(r, own, opp, empty))
		return 1;
	return r->selfjump == YOTE_SJ_BRIDGE &&
	    jumps(r, jumps(r, own, own, empty), opp, empty) != 0;
}


/*
 * fast_score of a move that takes nothing, where at_once_applies: then
 * no such move ends the game (it fills at most one point, and the
 * opponent keeps a move), so only the captures after it count.  Not for
 * a placement unless ao->place: one on the last empty point can leave
 * an opponent with pieces in hand blocked.
 */
HOT long
quiet_score(const struct ply_ctx *c, const struct yote_move *m)
{
	const struct yote_rules *r = c->r;
	int s = c->side, no_capture_yet;
	uint64_t own = c->p->pieces[s] ^ BIT(m->from), opp = c->p->pieces[!s];

	if (m->kind != YOTE_PLACE)
		own ^= BIT(m->seg_to[0]);
	no_capture_yet = r->opening == YOTE_OPEN_FIRST_PLACE &&
	    c->p->ply + 1 <= 2;
	return score_quiet(has_capture(r, no_capture_yet, opp, own),
	    has_capture(r, no_capture_yet, own, opp), m->kind == YOTE_PLACE);
}


/*
 * For each kind of move that takes nothing (d: the steps to d, 4: the
 * placements), the moves after which a side has a bridge capture:
 * placements by their point, steps by the point they leave.  Right for
 * the moves of the position only (the other bits mean nothing):
 * placements onto empty points, steps of the mover's pieces onto empty
 * points.
 */
struct bridge_boards {
	uint64_t opp_capture[5];        /* the opponent has one after them */
	uint64_t mover_capture[5];      /* the mover has one (as if to move) */
};


/*
 * Placements and steps scored all at once (at_once), when the ruleset
 * has no bridges and the end of the game cannot come into it.  For each
 * kind, bitboards of the points where the move leaves the opponent
 * (*_opp_capture) or the mover (*_mover_capture) a capture, as
 * yote_pos_has_capture would find in the position after it: for a
 * placement, indexed by its point; for a step in direction d, by the
 * point it leaves.
 */
struct at_once {
	int place, step;                /* 1: that kind is scored so */
	uint64_t place_opp_capture, place_mover_capture;
	uint64_t step_opp_capture[4], step_mover_capture[4];
	/* yote_arc_boards under plain self-jumps: the same for the
	   self-jump over an own piece towards d, by the point it leaves */
	uint64_t selfjump_opp_capture[4], selfjump_mover_capture[4];
	int bridge_ready;               /* 0: bridge not found yet */
	struct bridge_boards bridge;    /* by yote_arc_bridge_boards */
};

/*
 * The score of a legal move m of c->p (formats/archive.md section 6.1),
 * by the fast way: what it takes read off the move, the end of the game
 * asked of the library only when it may come.
 */
long yote_arc_score(const struct ply_ctx *c, const struct yote_move *m);
/*
 * The score of a legal move m of p the plain way: m played, the library
 * asked about the position after it, score_rule applied.  The slow path
 * that the fast ones fall back on and are tested against.
 */
long yote_arc_score_by_play(const struct yote_rules *r,
    const struct yote_pos *p, const struct yote_move *m);
/* yote_arc_score of a capture by other code: the decoder's. */
long yote_arc_capture_score(const struct ply_ctx *c,
    const struct yote_move *m);
/*
 * Whether the moves of c->p that take nothing can be scored at once (1)
 * or by quiet_score, and ao->place; bridges: whether a ruleset with
 * bridges may say yes (quiet_score handles them, the boards do not).
 */
int yote_arc_at_once(const struct ply_ctx *c, int bridges, struct at_once *ao);
/* The boards of *ao for the encoder; steps only when there are 8. */
void yote_arc_moves_at_once(const struct ply_ctx *c, size_t steps,
    struct at_once *ao);
/*
 * The same boards, every one, by other code: the decoder's.  bridges:
 * under a ruleset with bridges, the boards of direct captures only (the
 * decoder adds the bridges move by move).
 */
void yote_arc_boards_at_once(const struct ply_ctx *c, int bridges,
    struct at_once *ao);
/*
 * Model 2: the boards of direct captures after each placement and step,
 * whatever the end of the game (ao->place and ao->step are not set).
 */
void yote_arc_boards(const struct ply_ctx *c, struct at_once *ao);

/* --------------------------- archive_moves.c, shared with model 2 */

/* A piece's steps and self-jumps in text order: their direction, and
   whether they land two points away (a self-jump). */
extern const int yote_mv_slot_dir[8], yote_mv_slot_far[8];

/* Room in mv->canon_off for n plies: 0 or YOTE_ENOMEM. */
int yote_mv_canon_room(struct mover *mv, size_t n);
/* Whether the opening allows only placements now (src/rules/movegen.c). */
int yote_mv_placements_only(const struct yote_rules *r,
    const struct yote_pos *p);
/* Whether side s may step and self-jump (src/rules/movegen.c). */
int yote_mv_steps_allowed(const struct yote_rules *r,
    const struct yote_pos *p, int s);
/* yote_move_format by other code, for the decoders: the same text; its
   length. */
size_t yote_mv_text(const struct yote_rules *r, const struct yote_move *m,
    char *buf);
/*
 * Under bridges, the moves of t (steps to d, or placements: d = 4) after
 * which the opponent (*opp_capture) or the mover (*mover_capture) has a
 * bridge capture, added move by move (model 1's decoder; the tests'
 * reference for archive_bridge.c).
 */
void yote_mv_bridge_boards(const struct yote_rules *r,
    const struct yote_pos *p, int d, uint64_t t, uint64_t *opp_capture,
    uint64_t *mover_capture);

/* ------------------------------------------------- archive_bridge.c */

/* The bridge boards of p, every kind at once. */
void yote_arc_bridges(const struct yote_rules *r, const struct yote_pos *p,
    struct bridge_boards *b);

/*
 * What yote_mv_bridge_boards gives (the moves of t of kind d after which
 * a side has a bridge capture, onto *opp_capture, *mover_capture), by
 * yote_arc_bridges: found on the first call after yote_arc_boards (which
 * clears ao->bridge_ready), kept in ao for the other kinds.
 */
HOT void
yote_arc_bridge_boards(const struct ply_ctx *c, struct at_once *ao, int d,
    uint64_t t, uint64_t *opp_capture, uint64_t *mover_capture)
{
	if (!ao->bridge_ready) {
		yote_arc_bridges(c->r, c->p, &ao->bridge);
		ao->bridge_ready = 1;
	}
	*opp_capture |= ao->bridge.opp_capture[d] & t;
	*mover_capture |= ao->bridge.mover_capture[d] & t;
}

/* ---------------------------------------------------- archive_mv2.c */

/* Model 2 (block layout 1), as yote_mover_rank_game, _encode, _decode. */
int yote_mover2_rank_game(struct mover *mv, const struct yote_game *g);
void yote_mover2_encode(struct mover *mv, struct rc *rc, size_t n);
int yote_mover2_decode(struct mover *mv, struct rc *rc,
    const struct yote_rules *r, struct yote_pos *pos, const char **text,
    const char **why);
/* For tests: the number of moves model 2 can code in p. */
unsigned long long yote_mover2_count(struct mover *mv,
    const struct yote_rules *r, const struct yote_pos *p);

/* --------------------------------------------------- archive_keys.c */

#define SLOT_MAX 256
#define SLOT_HASH 512

struct slot;

/* The models of the record trees in one block, and their streams. */
struct tree_coder {
	struct rc rc;           /* the tree stream */
	struct buf *lit_out;    /* encoder: literal bytes */
	struct cur lit;         /* decoder: literal bytes */
	struct slot *slot[SLOT_MAX];
	int nslot;
	int16_t hash[SLOT_HASH];        /* slot index + 1, 0 free */
	prob_t p_raw, p_same_rules, p_start[2], p_simple;
	prob_t plies[1024];
	prob_t item_style[8];
	struct gamma g_rules, g_plies;
	uint32_t prev_rules;
	int bad;                /* decoder: the data make no sense */
	const char *why;        /* decoder: why */
	size_t nodes, bytes;    /* decoder: this game's size so far */
	uint64_t budget;        /* decoder: what the block may still decode
	                         * to (ARC_EXPANSION); yote_keys_init leaves
	                         * it unbounded, the reader sets it */
	/* decoder: the game's nodes are made in arena; text and tag hold
	   the text just decoded, stk the kids of collections not complete */
	struct yote_arena *arena;
	size_t arena_hint;
	int not_utf8;           /* a literal of this block is not UTF-8 */
	struct buf text, tag;
	struct yote_node **stk;
	size_t nstk, capstk;
};

/* What coding one game's tree needs beside the tree. */
struct game_ctx {
	int raw;                        /* the moves are text, not ranks */
	/* encoder */
	const struct yote_node *moves;  /* the list coded as ranks */
	const unsigned char *canon;     /* canonical texts of its moves */
	const size_t *canon_off;
	/* decoder */
	struct yote_node **fix;         /* nodes whose text is move i's */
	unsigned long *fix_ply;
	size_t nfix, capfix;
	unsigned long cur;              /* the moves item being decoded */
	struct yote_node *moves_out;    /* the decoded moves list */
	unsigned long plies;            /* its length */
};

/* How a game's start position is coded. */
enum { START_DEFAULT, START_KEY, START_TEXT };

void yote_keys_init(struct tree_coder *h);
void yote_keys_free(struct tree_coder *h);
/*
 * A game's head: raw (moves as text), else its ruleset's index in the
 * block's table and how its start is coded (start: the position's text
 * for START_TEXT).  0 or YOTE_ENOMEM.
 */
int yote_keys_enc_head(struct tree_coder *h, int raw, uint32_t ruleset,
    int start_mode, const char *start);
/* The record tree; 0 or YOTE_ENOMEM. */
int yote_keys_enc_tree(struct tree_coder *h, const struct yote_node *root,
    struct game_ctx *g);
/*
 * Decode what yote_keys_enc_head coded; a ruleset index of nrules or
 * more is bad data.  *start (START_TEXT) is the caller's to free.  0,
 * -1 (bad data: h->why) or -2 (out of memory).
 */
int yote_keys_dec_head(struct tree_coder *h, size_t nrules, int *raw,
    uint32_t *ruleset, int *start_mode, char **start);
/*
 * Decode a record tree into *out, made in a new arena *arena (its size
 * guessed from the last tree's) that the caller frees after the tree
 * (yote_node_free, then yote_arena_free); h->arena is it until the next
 * tree, for the texts of the moves.  0, -1 (bad data: h->why) or -2;
 * then *arena is NULL.
 */
int yote_keys_dec_tree(struct tree_coder *h, struct game_ctx *g,
    struct yote_node **out, struct yote_arena **arena);
/* Mark the block's data bad for this reason (the first one stays); -1. */
int yote_keys_bad(struct tree_coder *h, const char *why);

/*
 * A data block being read: its payload, inflated, parsed into its
 * ruleset table and the decoders of its streams (yote_block_parse).
 */
struct data_block {             /* the data block being handed out */
	unsigned char *data;    /* its payload, inflated */
	size_t len;
	int layout;             /* LAYOUT (move model 1) or LAYOUT2 */
	uint64_t off;           /* byte offset of its header */
	unsigned long number;   /* 1-based, in the stream */
	unsigned long games;    /* games in it */
	unsigned long next;     /* games handed out or passed */
	unsigned long first;    /* stream number of its first game */
	const struct yote_rules *rules[MAX_RULESETS];
	struct yote_rules *owned[MAX_RULESETS];
	size_t nrules;
	struct tree_coder hc;
	struct rc mrc;
	int no_moves;           /* moves left undecoded: mrc is behind */
	int passed;             /* games passed over undecoded */
	uint64_t budget;        /* hc.budget when the block was loaded */
};

/* Read b->data's ruleset table and streams; 0, or -1 with *why. */
int yote_block_parse(struct data_block *b, char *why, size_t whylen);
/* Free b and all it holds; NULL is ignored. */
void yote_block_free(struct data_block *b);

/* --------------------------------------------------- archive_hash.c */

#define HSET_BITS 8             /* default: a false positive in 256 */
#define HSET_BUCKET 256         /* fingerprints a bucket of a set, about:
				   a search decodes one bucket */
#define HSET_MAX_KEYS (1UL << 22)       /* a block with more positions gets
					   no set (32 MiB for the writer) */

/* The key of a position in a set: yote_pos_hash. */
uint64_t yote_hset_key(const struct yote_pos *p);
/*
 * Append the set of the n keys (sorted and overwritten) with a false
 * positive rate of 2^-bits (1 to 32) to out: 0 or YOTE_ENOMEM.
 * *distinct gets the number of distinct keys.
 */
int yote_hset_encode(struct buf *out, uint64_t *key, size_t n, int bits,
    size_t *distinct);
/*
 * Whether the set at p (len bytes) may hold one of the nkey (>= 1)
 * sorted, distinct keys: 1 it may, 0 it holds none, -1 not a set.
 */
int yote_hset_find(const unsigned char *p, size_t len, const uint64_t *key,
    size_t nkey);

/* A reader's search for positions through the sets (zero it first). */
struct hfilter {
	uint64_t *key;          /* the positions asked about, sorted */
	size_t nkey;            /* 0: no search, every block is read */
	int have;               /* a set was read for the block below: */
	uint64_t first;         /* its first game in the member */
	uint32_t games;         /* its games */
	int absent;             /* 1: none of the keys is in its set */
	struct yote_reach_stats st;
};

/* Search for the positions of n exact patterns (0: stop searching):
 * 0, YOTE_EVALUE (a pattern is not exact) or YOTE_ENOMEM. */
int yote_hfilter_set(struct hfilter *hf, const struct yote_pattern *pat,
    size_t n);
/* The H block h whose payload (CRC checked) is p, len bytes. */
void yote_hfilter_block(struct hfilter *hf, const unsigned char *h,
    const unsigned char *p, size_t len);
/* 1 when the data block of these games is to be passed over: its set,
 * read just before, holds none of the positions.  Counts in hf->st. */
int yote_hfilter_absent(struct hfilter *hf, uint64_t first, uint32_t games);
void yote_hfilter_free(struct hfilter *hf);

/* Words of the reader's messages (archive_io.c), written into buf:
 * "games 4097-6144" / "game 12" / "no games"; "its 2048 games are" /
 * "its game is"; "after game 12" / "before any game". */
const char *yote_arc_range_text(unsigned long first, unsigned long count,
    char *buf, size_t n);
const char *yote_arc_lost_text(unsigned long count, char *buf, size_t n);
const char *yote_arc_after_text(unsigned long games, char *buf, size_t n);

/* ------------------------------------------------------------ the reader */

/* The archive reader (archive_read.c), its input (archive_input.c) and
 * its jump to a game through the index (archive_jump.c). */
enum { S_MEMBER, S_BLOCKS, S_DONE };

struct yote_arc_reader {
	FILE *fp;
	const char *name;
	unsigned char *pb;      /* bytes to hand out before fp's */
	size_t pblen, pbpos;
	uint64_t off;           /* bytes consumed so far */
	int checked;            /* yote_arc_checked of the last record */
	long long base;         /* fp's offset of byte 0, or -1 */
	unsigned long *games;   /* games accounted for (the reader's count) */
	int state;
	int io_errno;
	uint64_t member_off;    /* where the current member starts */
	unsigned long member_base;      /* games before it */
	uint64_t member_games;  /* its games accounted for */
	unsigned long blocks;   /* data blocks met */
	int bad_head;           /* a bad block header since the last block */
	struct data_block *blk;
	struct mover mv;
	struct game_ctx g;
	char pending[400];      /* a problem to report before the next game */
	uint64_t spent;         /* decoded by the blocks before (ARC_EXPANSION) */
	struct yote_played *played;     /* the moves of the game decoded */
	size_t capplayed;
	struct hfilter hf;      /* the positions searched for, if any */
	int gave_up;            /* no header within RESYNC_MAX bytes */
};

/*
 * Its input (archive_input.c).  Read up to n bytes into dst (those put
 * back first): how many came; a read error is kept in a->io_errno.
 */
size_t yote_arc_read(struct yote_arc_reader *a, void *dst, size_t n);
/* Put the n bytes at p back, to be read again from offset off: 0, or
 * YOTE_ENOMEM. */
int yote_arc_unread(struct yote_arc_reader *a, const unsigned char *p,
    size_t n, uint64_t off);
/* Go to byte offset off of a seekable input: 0, or -1. */
int yote_arc_seek(struct yote_arc_reader *a, uint64_t off);
/* Pass over n bytes: 0, or -1 when the input ends first. */
int yote_arc_pass(struct yote_arc_reader *a, uint64_t n);
/*
 * Read up to n bytes into a new buffer that grows as they really arrive,
 * so that a length claimed by a header costs memory only once the bytes
 * are there.  NULL when out of memory; *got says how many came (fewer
 * than n: the input ended).
 */
unsigned char *yote_arc_read_claim(struct yote_arc_reader *a, uint64_t n,
    size_t *got);
/*
 * Go straight to the block holding game n + 1 through the index
 * (archive_jump.c): 1 when done, 0 when it cannot (not seekable, no
 * index, anything odd): nothing has changed.
 */
int yote_arc_jump(struct yote_arc_reader *a, unsigned long n);

#endif
