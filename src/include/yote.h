/*
 * yote.h - the public interface of libyote, the Yoté rules library.
 *
 * This header is the library's reference manual.  Every function says what
 * it returns and who owns what it hands back.  The library never prints and
 * never exits: a function that can fail returns 0 on success or a negative
 * YOTE_E* code, and fills a struct yote_error when the caller passes one.
 *
 * NULL: a pointer argument must not be NULL unless its function says
 * otherwise ("may be NULL", "NULL is ignored"; a struct yote_error * may
 * always be NULL).  Every _free and _close function ignores NULL.  The
 * functions that take what a caller hands in and can fail already
 * (yote_reader_open, yote_writer_open, yote_archive_writer_open,
 * yote_rules_load_file, yote_stream_add, yote_stream_set_reaching,
 * yote_select_add, _games and _file, yote_keyset_add, yote_node_set,
 * yote_node_set_text, yote_arena_set_*) return YOTE_EVALUE for a NULL
 * object, stream, path, key or value instead of following it.
 *
 * Boards have W columns and H rows with 2 <= W, H <= 8, so at most 64
 * points; a square is the index row * W + column (0-based, row 0 is the
 * first side's edge, written row 1).  Sets of squares are uint64_t bit sets.
 */
#ifndef YOTE_H
#define YOTE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * The engine's stop flag (yote_engine_set_stop): C11's atomic_int in C,
 * std::atomic<int> in C++, which gcc and clang lay out the same way (an
 * int, lock-free), so that a C++ program can hand the library its flag.
 */
#ifdef __cplusplus
#include <atomic>
typedef std::atomic<int> yote_atomic_int;
#else
#include <stdatomic.h>
typedef atomic_int yote_atomic_int;
#endif

#include "yote_limits.h"        /* every limit on what is read */

/* C linkage for C++ programs; the system headers stay outside */
#ifdef __cplusplus
extern "C" {
#endif
#define YOTE_VERSION "0.1.0"

#define YOTE_MAX_SIDE 8         /* largest board width or height */
#define YOTE_MAX_SQUARES 64     /* largest W x H */
#define YOTE_MAX_PIECES 64      /* largest piece count per side */
#define YOTE_MAX_SEGS 66        /* a self-jump plus one capture per enemy piece */
#define YOTE_MOVE_TEXT 400      /* buffer that holds any canonical move text */
#define YOTE_POS_TEXT 128       /* buffer that holds any position string */

/* ---------------------------------------------------------------- errors */

enum yote_status_code {
	YOTE_OK = 0,
	YOTE_ESYNTAX = -1,      /* text that does not fit its grammar */
	YOTE_EVALUE = -2,       /* well-formed but not acceptable (range, rule) */
	YOTE_EILLEGAL = -3,     /* a well-formed move that is not legal here */
	YOTE_EIO = -4,          /* read or write failure; errno is kept */
	YOTE_ENOMEM = -5,       /* allocation failed */
	YOTE_ELIMIT = -6        /* a stated limit was exceeded */
};

/*
 * Where a problem is and what it is.  Fields the library cannot know stay
 * 0 / NULL; the caller may fill them in (a tool knows the file name).
 */
struct yote_error {
	int code;               /* one of enum yote_status_code */
	char msg[512];          /* the problem, without location */
	const char *file;       /* input name, or NULL */
	unsigned long line;     /* 1-based, 0 when unknown */
	unsigned long col;      /* 1-based, 0 when unknown */
	unsigned long game;     /* 1-based game number in a stream, 0 if none */
	unsigned long ply;      /* 1-based ply, 0 if none */
	int diag;               /* enum yote_diag: which problem, for tools */
};

/*
 * Every problem a record can have, one name each (shown by
 * yote-validate --format=json as "problem").
 */
enum yote_diag {
	YOTE_D_NONE,
	YOTE_D_YAML,            /* the YAML itself cannot be read */
	YOTE_D_LIMIT,           /* a stated size or nesting limit */
	YOTE_D_NOT_MAPPING,     /* a document that is not a mapping */
	YOTE_D_MISSING_KEY,     /* yote: or moves: missing */
	YOTE_D_BAD_VERSION,     /* yote: other than 1 */
	YOTE_D_BAD_TYPE,        /* a key's value of the wrong kind */
	YOTE_D_BAD_RULES,       /* unknown ruleset or bad ruleset file */
	YOTE_D_BAD_START,       /* start: not a valid position */
	YOTE_D_MOVE_SYNTAX,     /* a move that does not fit the notation */
	YOTE_D_ILLEGAL_MOVE,    /* a well-formed move not legal there */
	YOTE_D_AFTER_END,       /* a move after the game ended */
	YOTE_D_BAD_RESULT,      /* result: not 1-0, 0-1, 1/2-1/2 or * */
	YOTE_D_BAD_TERMINATION, /* termination: not a known name */
	YOTE_D_RESULT_MISMATCH, /* result/termination disagree with play */
	YOTE_D_IO,              /* the input could not be read */
	YOTE_D_DUPLICATE_KEY,   /* a key repeated in a record */
	YOTE_D_DAMAGED,         /* an archive that is damaged or cut short */
	YOTE_D_UNKNOWN_KEY,     /* warning: a key the format does not know */
	YOTE_D_SUSPECT_VALUE,   /* warning: a value that looks mistyped */
	YOTE_D_NO_SUCH_GAME,    /* a selected game number past the end */
	YOTE_D_NO_RESULT,       /* warning: a game over on the board whose
				   record has no result: */
	YOTE_D_COUNT
};

/* The stable name of a diagnostic ("illegal-move"). */
const char *yote_diag_name(int diag);

/*
 * Whether a diagnostic is a warning: the record is still valid, but a
 * key or value looks like a slip (YOTE_D_UNKNOWN_KEY, YOTE_D_SUSPECT_VALUE)
 * or is missing (YOTE_D_NO_RESULT).
 * A warning reaches a diag callback with e->code 0; under a strict
 * checker (yote_checker_set_warnings) it comes as YOTE_EVALUE, an error.
 */
int yote_diag_is_warning(int diag);

/*
 * The word of the NULL-terminated list cands that word is most likely a
 * slip for (letter case, or one or two letters added, dropped, changed or
 * swapped), or NULL when none is close or word is itself in the list.
 * The result points into cands.
 */
const char *yote_suggest(const char *word, const char *const *cands);

/* Reset an error object to "no error". */
void yote_error_clear(struct yote_error *err);

/* Set code and a printf-style message, and clear the rest (place, game,
 * ply, diag: nothing of an error said before in the same object stays);
 * returns code.  err may be NULL. */
int yote_error_set(struct yote_error *err, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/*
 * Untrusted text (a name, a comment, a move as written, a message that
 * quotes them: yote_error.msg may hold any bytes of the input) on its way
 * to a terminal, a picture or any output that is not the record itself:
 * the text as it is, except that control characters (C0, DEL, C1: what a
 * terminal would obey, as in ESC ] 0 ; ... BEL or ESC [ 2 J) and bytes
 * that are not UTF-8 are shown as \xHH, one per byte, so that the reader
 * sees them and the terminal does nothing; bidirectional controls
 * (U+202A-202E, U+2066-2069, U+200E, U+200F, U+061C), which would turn the
 * rest of the line round, the line and paragraph separators (U+2028,
 * U+2029), and characters seen nowhere (U+200B, U+2060-2064, U+FEFF, the
 * byte order mark), as \uXXXX.  how: YOTE_ESC_* or 0.
 */
#define YOTE_ESC_XML 1          /* also & < > " ' as XML references; the
				   result holds only what XML 1.0 allows */
#define YOTE_ESC_FIELD 2        /* tab, CR and LF as a space (a TSV field
				   stays one field of one line) */
#define YOTE_ESC_JSON 4         /* the inside of a JSON string: " and \
				   escaped, control characters as \u00XX,
				   a byte that is not UTF-8 as \ufffd */
#define YOTE_ESC_MAX 12         /* the most one character becomes */

/* Into dst (size bytes, terminated; a longer result is cut at a
 * character and ends in "..."); returns the length written. */
size_t yote_escape(char *dst, size_t size, const char *src, unsigned how);

/* The character at s (n > 0 bytes left) as shown: into out (at most
 * YOTE_ESC_MAX bytes, not terminated), its length in *olen; returns the
 * bytes of s it stands for. */
size_t yote_escape_char(const char *s, size_t n, unsigned how, char *out,
    size_t *olen);

/* The length of the well-formed UTF-8 character at s (n > 0 bytes left),
 * its code point in *cp (cp may be NULL); 0 when the bytes are not one
 * (a stray or missing continuation byte, an overlong form, a surrogate,
 * a code point above U+10FFFF). */
size_t yote_utf8_char(const char *s, size_t n, unsigned long *cp);

/* Code point cp (at most U+10FFFF, no surrogate) as UTF-8 into out (4
 * bytes of room); returns the bytes written. */
size_t yote_utf8_put(unsigned long cp, char *out);

/*
 * An error as one line, the suite's one form of a diagnostic (yote(7)):
 *   PROGRAM: FILE:LINE:COL: game N, ply P: [warning: ]MESSAGE
 * each part left out when unknown (PROGRAM when program is NULL), the
 * file name and message through yote_escape, ending in a newline (kept
 * when the line is cut to size).  Into buf (size bytes, terminated);
 * returns the length written.
 */
size_t yote_error_format(const struct yote_error *e, const char *program,
    char *buf, size_t size);

/* ---------------------------------------------------------------- rules */

enum yote_opening { YOTE_OPEN_NONE, YOTE_OPEN_FIRST_PLACE, YOTE_OPEN_HAND_FIRST };
enum yote_bonus { YOTE_BONUS_NONE, YOTE_BONUS_OPTIONAL_BOARD,
	YOTE_BONUS_MANDATORY_BOARD, YOTE_BONUS_MANDATORY_ANY };
enum yote_selfjump { YOTE_SJ_NO, YOTE_SJ_PLAIN, YOTE_SJ_BRIDGE };
enum yote_blocked { YOTE_BLOCK_LOSES, YOTE_BLOCK_LOSES_UNLESS_BOTH,
	YOTE_BLOCK_MORE_CAPTURED };

/*
 * A ruleset: every parameter of a Yoté variant.  Read-only once made; the
 * built-in ones are static, those read from files are owned by the caller
 * (yote_rules_free), and a game, or anything else that keeps one longer
 * than whoever gave it, takes a reference (yote_rules_keep), so that the
 * ruleset lives as long as its last holder.  The board masks are derived by yote_rules_finish().
 */
struct yote_rules {
	char name[64];          /* "classic", or the file's name: value */
	char description[256];  /* free text, may be empty */
	char side_name[2][128]; /* names of the first and second side,
				   1 to 31 characters of UTF-8 */
	int width, height;      /* board size, 2..8 each */
	int squares;            /* width * height */
	int pieces;             /* pieces per side, 1..64 */
	enum yote_opening opening;
	int chain;              /* 1: a capturing piece may capture again */
	enum yote_bonus bonus;
	enum yote_selfjump selfjump;
	enum yote_blocked blocked;
	int few_pieces;         /* 0 = off, else the few-pieces threshold */
	int move_limit;         /* 0 = off, else plies without capture -> draw */
	int builtin;            /* 1 for the four compiled-in rulesets
				   themselves; yote_rules_finish makes a
				   copy 0, a ruleset of its own that an
				   archive stores by its parameters */
	/* derived by yote_rules_finish */
	uint64_t board;         /* every square of the board */
	uint64_t not_col_first; /* board without column a */
	uint64_t not_col_last;  /* board without the last column */
	int8_t adj[YOTE_MAX_SQUARES][4];  /* neighbour in direction d, or -1 */
	int8_t jump[YOTE_MAX_SQUARES][4]; /* square two away in d, or -1 */
	long refs;              /* private: references taken beyond the
				   first (yote_rules_keep), whoever holds
				   the struct; never set it */
};

/* The number of built-in rulesets and the i-th of them (0 = classic). */
int yote_rules_builtin_count(void);
const struct yote_rules *yote_rules_builtin(int i);

/* The built-in ruleset of that name, or NULL. */
const struct yote_rules *yote_rules_by_name(const char *name);

/* 1 when a and b are the same ruleset (every parameter that decides a
 * game is equal), else 0; name, description and side names are labels
 * and play no part.  The suite tells rulesets apart so, never by name. */
int yote_rules_same(const struct yote_rules *a, const struct yote_rules *b);

/*
 * Read a ruleset file (YAML, see formats/rules.md in the sources; yote(7),
 * Rulesets, installed).  On success *out is a
 * new ruleset the caller frees with yote_rules_free.  Errors name the key
 * and carry line and column; err->file is set to path.  YOTE_EVALUE
 * when path or out is NULL.
 */
int yote_rules_load_file(const char *path, struct yote_rules **out,
    struct yote_error *err);

/* The same from a memory buffer; name is used in messages. */
int yote_rules_load_buffer(const char *buf, size_t len, const char *name,
    struct yote_rules **out, struct yote_error *err);

/*
 * A built-in name, or a path to a file: a spec containing '/' or ending in
 * ".yaml"/".yml" is a file.  *out is the built-in (static) or the loaded
 * file; either way the caller passes it to yote_rules_free when done,
 * which frees a loaded one and ignores a built-in.  0, YOTE_EVALUE (an
 * unknown name or a bad file) or YOTE_EIO.
 */
int yote_rules_get(const char *spec, const struct yote_rules **out,
    struct yote_error *err);

/*
 * A reference to r for a holder that may outlive whoever gave it r (a
 * game kept after its stream or its record is freed, a thread): returns
 * r.  A loaded ruleset (yote_rules_load_file, _buffer, _get, and those a
 * checker or an archive's record loads) is freed when its last holder
 * passes it to yote_rules_free; built-ins are static.  A ruleset the
 * caller made itself (a struct of its own, or a copy by assignment) is
 * the caller's: it must outlive every holder.  Thread-safe.
 */
const struct yote_rules *yote_rules_keep(const struct yote_rules *r);

/* Let go of a loaded ruleset: freed when no other reference is left
 * (yote_rules_keep).  NULL and built-in rulesets are ignored. */
void yote_rules_free(const struct yote_rules *r);

/* Fill the derived fields after changing parameters (of a copy of a
 * built-in too, which then is no longer one: builtin 0); 0 or
 * YOTE_EVALUE. */
int yote_rules_finish(struct yote_rules *r, struct yote_error *err);

/* Write a ruleset as a ruleset file (YAML); 0 or YOTE_EIO. */
int yote_rules_write(const struct yote_rules *r, FILE *fp);

/* Names of the enumerated parameter values, as in ruleset files. */
const char *yote_opening_name(enum yote_opening v);
const char *yote_bonus_name(enum yote_bonus v);
const char *yote_selfjump_name(enum yote_selfjump v);
const char *yote_blocked_name(enum yote_blocked v);

/* ---------------------------------------------------------------- squares */

/* Write "c3" for square sq into buf (at least 4 bytes), "?" for a square
 * off r's board; returns buf.  Every name function of the library gives
 * "?" for a value outside its enum (a -1 of yote_game_info.result, say). */
char *yote_square_name(const struct yote_rules *r, int sq, char *buf);

/* ---------------------------------------------------------------- positions */

enum { YOTE_FIRST = 0, YOTE_SECOND = 1 };

/*
 * A position: a value type, copied freely.  pieces[s] holds side s's
 * pieces on the board; hand[s] its pieces off the board.
 */
struct yote_pos {
	uint64_t pieces[2];     /* board pieces of the first, second side */
	uint8_t hand[2];        /* pieces in hand */
	uint8_t side;           /* side to move: YOTE_FIRST or YOTE_SECOND */
	uint8_t pad;
	uint32_t since_capture; /* plies since the last capture */
	uint32_t ply;           /* number of the ply about to be played, >= 1 */
};

/* The empty board with both hands full, first side to move, ply 1. */
void yote_pos_start(const struct yote_rules *r, struct yote_pos *p);

/*
 * Parse a position string (notation.md).  Rejections name the field
 * (1..6) and the 1-based character in err->msg and err->col.
 */
int yote_pos_parse(const struct yote_rules *r, const char *s,
    struct yote_pos *p, struct yote_error *err);

/* Write the position string into buf (YOTE_POS_TEXT bytes); returns buf. */
char *yote_pos_format(const struct yote_rules *r, const struct yote_pos *p,
    char *buf);

/* Pieces of side s on the board and in hand. */
int yote_pos_remaining(const struct yote_pos *p, int s);

/* Pieces side s has captured: pieces - remaining(opponent). */
int yote_pos_captured_by(const struct yote_rules *r, const struct yote_pos *p,
    int s);

/* 64-bit Zobrist key of the position (board, hands, side). */
uint64_t yote_pos_hash(const struct yote_pos *p);

/* ---------------------------------------------------------------- moves */

#define YOTE_BONUS_NO 0xFF      /* seg_bonus: no bonus removal */
#define YOTE_BONUS_HAND 0xFE    /* seg_bonus: a piece from the enemy's hand */

enum yote_move_kind {
	YOTE_PLACE,             /* a piece from the hand onto `from` */
	YOTE_STEP,              /* one segment, distance 1 */
	YOTE_SELFJUMP,          /* one segment over an own piece */
	YOTE_CAPTURE,           /* one or more capture segments */
	YOTE_BRIDGE             /* a self-jump, then capture segments */
};

/*
 * A move.  For a capture segment i, seg_to[i] is the landing square and
 * seg_bonus[i] the square of the bonus piece, YOTE_BONUS_HAND or
 * YOTE_BONUS_NO.  A bridge's first segment is its self-jump (no bonus).
 * The entries past nseg mean nothing and may hold anything: compare moves
 * with yote_move_equal, never byte for byte.
 */
struct yote_move {
	uint8_t kind;           /* enum yote_move_kind */
	uint8_t from;           /* square placed on or moved from */
	uint8_t nseg;           /* segments; 0 for a placement */
	uint8_t pad;
	uint8_t seg_to[YOTE_MAX_SEGS];
	uint8_t seg_bonus[YOTE_MAX_SEGS];
};

/*
 * A move as read from text, before it is checked against a board: squares
 * as (column, row), 0-based, possibly off the board.  Produced by
 * yote_move_parse.
 */
struct yote_move_text {
	int nseg;               /* 0 for a placement */
	int col[YOTE_MAX_SEGS + 1], row[YOTE_MAX_SEGS + 1]; /* [0] is the start */
	char sep[YOTE_MAX_SEGS + 1];   /* '-' or 'x' before square i (i >= 1) */
	int bonus_col[YOTE_MAX_SEGS + 1], bonus_row[YOTE_MAX_SEGS + 1];
	char bonus[YOTE_MAX_SEGS + 1]; /* 0 none, '@' hand, 's' a square */
};

/*
 * Parse move text (upper case accepted).  err->col is the 1-based
 * character of a syntax error.  Returns 0, YOTE_ESYNTAX, or YOTE_EILLEGAL
 * for a well-formed move of more than YOTE_MAX_SEGS segments, which no
 * position can play (err->col: where the segment past the bound starts).
 */
int yote_move_parse(const char *s, struct yote_move_text *mt,
    struct yote_error *err);

/*
 * Turn parsed text into a move on this board: YOTE_EILLEGAL when a square
 * is off the board or a segment has an impossible shape; legality in the
 * position is not checked here.
 */
int yote_move_from_text(const struct yote_rules *r,
    const struct yote_move_text *mt, struct yote_move *m,
    struct yote_error *err);

/* Canonical text of a move into buf (YOTE_MOVE_TEXT bytes); returns buf. */
char *yote_move_format(const struct yote_rules *r, const struct yote_move *m,
    char *buf);

/* 1 when the two moves are the same move (written the same). */
int yote_move_equal(const struct yote_move *a, const struct yote_move *b);

/* 1 for a capture or a bridge. */
int yote_move_is_capture(const struct yote_move *m);

/* ---------------------------------------------------------------- move lists */

/* A growable list of moves.  Zero-initialise, then free with _free. */
struct yote_movelist {
	struct yote_move *v;    /* the moves */
	size_t n;               /* how many */
	size_t cap;             /* allocated */
};

void yote_movelist_free(struct yote_movelist *l);

/*
 * All legal moves in p, in the generator's order: placements by square,
 * then moves of each piece by square.  A finished position has none.
 * Returns the count, YOTE_ENOMEM, or YOTE_ELIMIT past YOTE_MAX_MOVES
 * moves (custom rulesets can have hundreds of millions; count them with
 * yote_count_moves instead).
 */
long yote_gen_moves(const struct yote_rules *r, const struct yote_pos *p,
    struct yote_movelist *out);

/* Legal moves starting on square from (placements on it included). */
long yote_gen_moves_from(const struct yote_rules *r, const struct yote_pos *p,
    int from, struct yote_movelist *out);

/* Only the legal captures (and bridges), in generator order. */
long yote_gen_captures(const struct yote_rules *r, const struct yote_pos *p,
    struct yote_movelist *out);

/* The number of legal moves, without building them (time grows with the
 * count where chains are on: yote_count_moves_upto bounds it). */
unsigned long long yote_count_moves(const struct yote_rules *r,
    const struct yote_pos *p);

/* Sort a list by canonical text (strcmp order). */
void yote_movelist_sort(const struct yote_rules *r, struct yote_movelist *l);

/*
 * Play m (assumed legal: it came from the generator or yote_move_check) on
 * p in place.
 */
void yote_pos_play(const struct yote_rules *r, struct yote_pos *p,
    const struct yote_move *m);

/*
 * 1 if m is legal in p, 0 if not.  Never generates: every move is tested
 * along its own path, in time proportional to its length, so that no
 * limit on move lists can make a legal move look illegal.  scratch is
 * unused (kept for callers that pass one).
 */
int yote_move_legal(const struct yote_rules *r, const struct yote_pos *p,
    const struct yote_move *m, struct yote_movelist *scratch);

/*
 * Check that m is legal in p.  Returns 0, or YOTE_EILLEGAL with the reason
 * in err->msg (e.g. "c4 is occupied").
 */
int yote_move_check(const struct yote_rules *r, const struct yote_pos *p,
    const struct yote_move *m, struct yote_error *err);

/* ---------------------------------------------------------------- end of game */

enum yote_result { YOTE_RES_NONE, YOTE_RES_FIRST, YOTE_RES_SECOND,
	YOTE_RES_DRAW };

enum yote_termination { YOTE_TERM_NONE, YOTE_TERM_CAPTURE_ALL,
	YOTE_TERM_BLOCKED, YOTE_TERM_FEW_PIECES, YOTE_TERM_MOVE_LIMIT,
	YOTE_TERM_AGREEMENT, YOTE_TERM_RESIGNATION, YOTE_TERM_TIME,
	YOTE_TERM_ADJUDICATION, YOTE_TERM_UNFINISHED };

struct yote_outcome {
	enum yote_result result;        /* YOTE_RES_NONE while not over */
	enum yote_termination term;     /* YOTE_TERM_NONE while not over */
};

/* Whether the game is over in p (rules.md section 4, in order), and how. */
void yote_pos_outcome(const struct yote_rules *r, const struct yote_pos *p,
    struct yote_outcome *o);

/* "1-0", "0-1", "1/2-1/2", "*". */
const char *yote_result_text(enum yote_result res);
/* Parse a result; -1 if unknown. */
int yote_result_parse(const char *s);
/* "capture-all", ..., "unfinished"; "" for NONE. */
const char *yote_termination_text(enum yote_termination t);
/* Parse a termination name; -1 if unknown. */
int yote_termination_parse(const char *s);
/*
 * A record's date: YYYY, YYYY-MM or YYYY-MM-DD.  0 when s is one and its
 * month and day are in the calendar (29 February in leap years only), 1
 * when the form is not, 2 when the form is but the month or day is not
 * (2025-02-30).  The checker warns by it, and --date refuses by it.
 */
int yote_date_check(const char *s);

/* 1 if side s has a capture (or bridge) in p as if s were to move. */
int yote_pos_has_capture(const struct yote_rules *r, const struct yote_pos *p,
    int s);

/* ---------------------------------------------------------------- perft */

/*
 * The number of legal move sequences of length depth from p.  (A position
 * with more than YOTE_MAX_MOVES moves counts 0; only custom rulesets come
 * near that: yote_perft_max, in yote_limits.h, says so.)
 */
unsigned long long yote_perft(const struct yote_rules *r,
    const struct yote_pos *p, int depth);

/* ---------------------------------------------------------------- endgame tables */

#ifdef __cplusplus
}
#endif
#include "yote_tb.h"          /* endgame tables (tb.c), their manual */
#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- engine */

/*
 * Scores are from the side to move's point of view, in hundredths of a
 * piece.  A won position scores YOTE_WIN - plies to the win, a lost one
 * -(YOTE_WIN - plies); a draw by the rules scores 0.
 */
#define YOTE_WIN 30000
#define YOTE_WIN_BOUND (YOTE_WIN - 1000)        /* above: a forced win */
#define YOTE_MAX_PLY 64                         /* deepest search */

/* What a search may spend; 0 means no limit of that kind. */
struct yote_limits {
	int depth;              /* iterations, 1..YOTE_MAX_PLY - 4 (more:
				   YOTE_EVALUE); 0 or less: no limit of depth (6
				   plies when no other limit is set) */
	unsigned long long nodes;       /* nodes; deterministic */
	long movetime_ms;       /* wall-clock; not deterministic */
	int endgame;            /* 1: with YOTE_ENDGAME_PIECES or fewer
				   pieces left, search on to 16 plies (within
				   YOTE_ENDGAME_NODES) for an exact result */
	int mate;               /* > 0: look for a win in at most so many
				   plies: no deeper, every move at full
				   depth (no reductions, no futility
				   pruning), done once a result is proven */
	const struct yote_move *searchmoves;    /* not NULL: search only
				   these root moves (those of them that are
				   legal; all when none is) */
	size_t nsearchmoves;
	int deepen;             /* > 0: past depth, up to so many iterations
				   more, each only while the last one's
				   growth says it ends within deepen_nodes
				   nodes in all, three times as many after
				   an iteration whose score moved a piece
				   or more (an iteration cut short there is
				   not used) */
	unsigned long long deepen_nodes;
};

#define YOTE_ENDGAME_PIECES 5
#define YOTE_ENDGAME_NODES 2000000ULL
/* what depth 1 may still spend past any budget to finish: nodes, moves
 * generated */
#define YOTE_DEPTH1_NODES 100000ULL
#define YOTE_DEPTH1_MOVES 2000000ULL

/* What a search found. */
struct yote_search_result {
	int score;              /* of the best move, side to move's view */
	int depth;              /* last completed iteration */
	int nmoves;             /* legal moves at the root */
	struct yote_move best;  /* best move; valid when nmoves > 0 */
	struct yote_move pv[YOTE_MAX_PLY];      /* principal variation */
	int pvlen;
	unsigned long long nodes;       /* nodes searched */
	long ms;                /* time taken */
	int seldepth;           /* deepest ply reached, quiescence included */
	int multipv;            /* the line's number, 1 the best (MultiPV) */
};

/*
 * Called after every completed iteration (may be NULL); for progress and
 * the "info" lines of yote-play's protocol.
 */
typedef void (*yote_info_fn)(void *ctx, const struct yote_search_result *sr);

/* An engine: transposition table, history, killers.  One per thread. */
struct yote_engine;

/* hash_mb: transposition table size in MiB (1..4096; rounded down to a
 * power of two entries).  NULL when out of memory. */
struct yote_engine *yote_engine_new(size_t hash_mb);
void yote_engine_free(struct yote_engine *e);

/* Forget everything learnt (for reproducible results: the annotator
 * clears before every search).  Cheap: the table's entries are dropped
 * by starting a new generation of it, not by a pass over it.  The
 * history given by yote_engine_set_history is kept. */
void yote_engine_clear(struct yote_engine *e);

/*
 * The game's positions before the one to search, oldest first (the
 * searched position itself may end the list; it is ignored): a position
 * the search meets again along its own line scores as a draw (0), and so
 * does one of the history met for the third time (there is no repetition
 * rule: a player may go back to a position once and then elsewhere).
 * Board, hands and side to move count, not the ply counters.  The
 * engine copies what it needs; the history holds for every search until
 * set again (n = 0 forgets it).  Returns 0 or YOTE_ENOMEM (the old
 * history is then kept).
 */
int yote_engine_set_history(struct yote_engine *e,
    const struct yote_pos *positions, size_t n);

/*
 * yote_engine_set_history for positions that begin as those of the
 * history set last (the same game, more or fewer of its positions): only
 * the positions the engine does not hold yet are read, and what the
 * search keeps of a long history is updated, not rebuilt, so walking a
 * game's positions one by one costs a ply each, not the game so far.
 */
int yote_engine_walk_history(struct yote_engine *e,
    const struct yote_pos *positions, size_t n);

/*
 * Endgame tables for the engine's searches (formats/engine.md; installed:
 * yote-analyze(1), ENDGAME TABLES): a
 * position they cover and know is scored by them (a win in n plies from a
 * position met at ply k scores YOTE_WIN - (k + n)), not searched.  When
 * the root itself is covered and known, its move is the tables' (the
 * fastest win, else a draw, else the slowest loss; the game's history
 * plays no part), the score exact, the pv the tables' line to the end of
 * the game (a draw's first move), depth the line's length and nodes the
 * probes.  A probe the move limit leaves unknown is searched as usual.
 *
 * yote_engine_set_tb gives e the handle tb (not owned: it must outlive its
 * use; NULL: none), used by a search whose ruleset is tb's (the rules the
 * tables depend on and the move limit alike).  A handle is not safe to
 * share between threads: give each thread's engine its own.
 */
void yote_engine_set_tb(struct yote_engine *e, struct yote_tb *tb);

/*
 * Or let e open its own tables for whatever ruleset it searches:
 * yote_tb_open(r, dir, max_pieces, 0) at the first search under r (again
 * when the ruleset changes), closed by yote_engine_free; dir is copied
 * (NULL: yote_tb_open's default places).  max_pieces 0: no tables of its
 * own.  A handle given with yote_engine_set_tb comes first when it serves
 * the ruleset.  A table the search meets is built or read then, within
 * the search's budget: with movetime_ms, building takes at most half of
 * it (a class not built in that time is given up, and not tried again
 * with as little time); with a node budget, a class is used only when
 * it and the classes it may lead to hold at most YOTE_TB_NODE_POSITIONS
 * positions a node, or YOTE_TB_NODE_FLOOR (every class of up to 5
 * pieces of the built-in rulesets), whatever the cache holds, so that
 * the search stays deterministic; a depth alone leaves only the memory
 * cap.  Returns 0, YOTE_EVALUE (max_pieces beyond YOTE_TB_MAX_PIECES) or
 * YOTE_ENOMEM.
 */
#define YOTE_TB_NODE_POSITIONS 32
#define YOTE_TB_NODE_FLOOR 8000000ULL
int yote_engine_use_tb(struct yote_engine *e, const char *dir,
    int max_pieces);

/*
 * The memory cap (yote_tb_set_memory, 0: none; YOTE_TB_MEMORY until set)
 * and the hooks (yote_tb_set_io; NULL: none) of the tables e opens
 * itself, from its next search on.  A handle given with yote_engine_set_tb keeps its own.
 */
void yote_engine_tb_setup(struct yote_engine *e, unsigned long long memory,
    const struct yote_tb_io *io);

/*
 * Search p under rules r within lim.  Deterministic for a given engine
 * state, history, tables, position and depth/node limits.  Depth 1 is
 * completed whatever the budget, so out->best is a searched move, within
 * YOTE_DEPTH1_NODES nodes and YOTE_DEPTH1_MOVES moves generated past it
 * (only a custom ruleset's crowded position needs more: then the best
 * root move searched so far, else the first generated).  When the budget
 * stops a deeper iteration, a root move that iteration proved better
 * than the previous best is kept.  Returns 0, YOTE_EVALUE when lim->depth
 * is over YOTE_MAX_PLY - 4 (nothing searched), or YOTE_ENOMEM.
 */
int yote_engine_search(struct yote_engine *e, const struct yote_rules *r,
    const struct yote_pos *p, const struct yote_limits *lim,
    struct yote_search_result *out, yote_info_fn info, void *ctx);

/*
 * Driving a search from another thread, as a GUI protocol does
 * (yote-play's --protocol).
 *
 * yote_engine_set_stop: the search stops as soon as *flag is non-zero
 * (looked at every 64 nodes), even in its first iteration, with the best
 * move found so far (a legal move in any case: the first generated one
 * when no root move was searched to the end).  NULL: none.  The flag is
 * the caller's and must outlive the searches; it is a yote_atomic_int
 * (atomic_int in C, std::atomic<int> in C++).
 *
 * yote_engine_set_multipv: search the k best root moves (1..
 * YOTE_MULTIPV_MAX; fewer when there are fewer moves): each iteration
 * searches the root again for every line after the first, without the
 * moves of the lines before.  The info callback is called once a line,
 * out->multipv numbering it from 1; the search's result is the first
 * line, the same as with k = 1 (the default).
 *
 * yote_engine_set_root_fn: fn(ctx, m, n, depth) as root move m, the n-th
 * in the search order, is about to be searched at that depth (NULL:
 * none).
 *
 * yote_engine_hashfull: how full the transposition table is, per mille
 * (of its first 1000 entries).
 *
 * yote_engine_resize: a new, empty table of hash_mb MiB (as
 * yote_engine_new); 0, or YOTE_ENOMEM with the old table kept.
 */
#define YOTE_MULTIPV_MAX 256
typedef void (*yote_root_fn)(void *ctx, const struct yote_move *m, int n,
    int depth);
void yote_engine_set_stop(struct yote_engine *e,
    const yote_atomic_int *flag);
void yote_engine_set_multipv(struct yote_engine *e, int k);
void yote_engine_set_root_fn(struct yote_engine *e, yote_root_fn fn,
    void *ctx);
int yote_engine_hashfull(const struct yote_engine *e);
int yote_engine_resize(struct yote_engine *e, size_t hash_mb);

/* The static evaluation of p (side to move's view). */
int yote_evaluate(const struct yote_rules *r, const struct yote_pos *p);

/* ---------------------------------------------------------------- annotation */

/* The logistic constant of yote_win_chance, per hundredth of a piece. */
#define YOTE_WIN_K 0.0027        /* fitted: formats/engine.md
					   (yote-analyze(1), Scores) */

enum yote_class { YOTE_CLASS_NONE, YOTE_CLASS_INACCURACY, YOTE_CLASS_MISTAKE,
	YOTE_CLASS_BLUNDER };

/* Chance to win, 0..100, of the side whose score it is. */
double yote_win_chance(int score);

/* Lost chance to win (percentage points, >= 0) from before to after,
 * both from the mover's view. */
double yote_move_loss(int before, int after);

/*
 * The class of a move from the scores before and after it (mover's view),
 * as lichess grades: by its loss, 5 inaccuracy, 10 mistake, 15 blunder;
 * but a proven win kept (a slower win) is no loss, a proven win let go
 * while still well ahead is at most an inaccuracy, and a proven loss
 * walked into from a position already lost is graded by how lost it was;
 * and any move that leaves the mover four pieces ahead (W >= 75), or made
 * four pieces behind (W <= 25), is at most an inaccuracy (annotate.c
 * gives the limits).
 */
enum yote_class yote_classify(int before, int after);

/* The accuracy of a move, 0..100 (lichess's curve). */
double yote_move_accuracy(int before, int after);

/* "inaccuracy", "mistake", "blunder" ("" for none); NAGs "?!", "?", "??". */
const char *yote_class_name(enum yote_class c);
const char *yote_class_nag(enum yote_class c);

/* A score as text: "+1.25" (pieces), "#+7" (wins in 7 plies), "#-4".
 * buf holds at least 16 bytes; returns buf. */
char *yote_score_text(int score, char *buf);

/* Read yote_score_text's forms back; 0, or YOTE_EVALUE for other text. */
int yote_score_parse(const char *text, int *score);

/* ---------------------------------------------------------------- YAML values */

#ifdef __cplusplus
}
#endif
#include "yote_node.h"          /* record nodes (node.c), their manual */
#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- records */

/* What a record may hold: yote_limits.h (YOTE_MAX_SCALAR and the rest). */

/* One game: a YAML document as read. */
struct yote_played;

struct yote_record {
	struct yote_node *root; /* the document's value (a mapping if valid) */
	unsigned long game;     /* 1-based number in its stream */
	unsigned long line, col;        /* where the document starts */
	struct yote_rules *embedded;    /* the ruleset file an archive stored
					   the game under (a copy, freed with
					   the record), or NULL */
	struct yote_played *played;     /* archives: the moves as decoded,
					   legal by construction, so that the
					   checker need not prove it again;
					   private, freed with the record */
	struct yote_arena *arena;       /* the memory of the nodes read
					   (yote_node.h), or NULL; freed
					   with the record */
};

/* Free a record; NULL is ignored. */
void yote_record_free(struct yote_record *rec);

/* A reader of a stream of records.  Opaque.  A reader serves one thread
 * at a time; distinct readers may run in distinct threads at once (they
 * share no state). */
struct yote_reader;

/*
 * Read records from fp (not closed by the reader); name is the err->file
 * of every error yote_reader_next and yote_reader_skip give (not copied:
 * it must outlive the reader; may be NULL).  Returns 0, YOTE_EVALUE when
 * fp or out is NULL, or YOTE_ENOMEM.
 */
int yote_reader_open(FILE *fp, const char *name, struct yote_reader **out);

/*
 * The next record.  Returns 1 with *out set (free it with
 * yote_record_free); 0 at the end of the stream; YOTE_EVALUE for a
 * document that cannot be a record (err says why; the next call goes on
 * with the next document); YOTE_ESYNTAX, YOTE_ELIMIT or YOTE_EIO when the
 * stream cannot be read further (err says where; the next call returns 0).
 */
int yote_reader_next(struct yote_reader *rd, struct yote_record **out,
    struct yote_error *err);

/* Games seen so far (documents, good or bad). */
unsigned long yote_reader_games(const struct yote_reader *rd);

/* Close a reader; NULL is ignored. */
void yote_reader_close(struct yote_reader *rd);

/* A writer of a stream of records (YAML, through libyaml's emitter). */
struct yote_writer;

/*
 * Start a YAML stream of records on fp (not closed by the writer, which
 * only writes to it): *out is the caller's, freed by yote_writer_close,
 * which also writes the end of the stream.  Returns 0, YOTE_EVALUE when
 * fp or out is NULL, or YOTE_ENOMEM (*out NULL).  Errors writing to fp
 * come back from yote_writer_put and yote_writer_close.
 */
int yote_writer_open(FILE *fp, struct yote_writer **out);

/* Write one record as a document; 0, YOTE_ELIMIT for a record over a limit
 * of yote_limits.h (nothing written: yote_record_check_limits says which),
 * or YOTE_EIO. */
int yote_writer_put(struct yote_writer *w, const struct yote_record *rec);

/* Finish the stream, flush fp and free the writer; 0 or YOTE_EIO (a write
 * that failed, now or before).  NULL ignored. */
int yote_writer_close(struct yote_writer *w);

/* ---------------------------------------------------------------- games */

/*
 * Playing a record through: a checker resolves the record's ruleset
 * (built-in, or a file relative to the record's directory, loaded once
 * and cached), its start position, every move in turn, and compares the
 * declared result and termination with the final position.  It also
 * keeps the move texts it has read (about 70 KiB once a record has moves),
 * since a collection repeats them; a checker serves one thread at a time.
 */
struct yote_checker;

/* A new checker; NULL when out of memory.  Free with yote_checker_free
 * (NULL is ignored). */
struct yote_checker *yote_checker_new(void);
void yote_checker_free(struct yote_checker *ck);

/* The ruleset for records without rules: (default classic); not owned. */
void yote_checker_set_rules(struct yote_checker *ck,
    const struct yote_rules *r);

/*
 * Whether the checker also looks for slips that leave a record valid:
 * keys the record format does not know (a record key or a moves item's
 * key; keys beginning with "x-" are a club's own and never warned about)
 * and dates not in the form YYYY, YYYY-MM or YYYY-MM-DD of a real day.
 */
enum yote_warnings {
	YOTE_WARN_NONE,         /* the default: not looked for */
	YOTE_WARN_REPORT,       /* reported as warnings, counted apart */
	YOTE_WARN_STRICT        /* reported and counted as errors */
};
void yote_checker_set_warnings(struct yote_checker *ck,
    enum yote_warnings level);

/* What playing a record found. */
struct yote_game_info {
	const struct yote_rules *rules; /* NULL if none could be had; the
					   checker's or the record's: valid
					   while both are (a ruleset file's
					   until the checker has read 16
					   others); yote_rules_keep to hold
					   it longer, as a game does */
	struct yote_pos start;          /* start position */
	struct yote_pos final;          /* after the last legal move */
	unsigned long plies;            /* moves in the record */
	unsigned long played;           /* moves played legally */
	struct yote_outcome outcome;    /* of the final position */
	int result;                     /* declared enum yote_result, or -1 */
	int term;                       /* declared enum yote_termination, or -1 */
	unsigned long problems;         /* errors reported */
	unsigned long warnings;         /* warnings reported (not strict) */
};

/* A diagnostic callback: e is complete (file, line, col, game, ply). */
typedef void (*yote_diag_fn)(void *ctx, const struct yote_error *e);

/*
 * A per-ply callback: ply is 1-based, before/after the positions around
 * move m, item the record's node for it.  Return non-zero to stop.
 */
typedef int (*yote_ply_fn)(void *ctx, unsigned long ply,
    const struct yote_pos *before, const struct yote_move *m,
    const struct yote_pos *after, const struct yote_node *item);

/*
 * Play rec through and check it.  file names the input (for messages and
 * for ruleset paths; may be NULL).  Every problem goes to diag (may be
 * NULL); the play stops at the first bad move.  Returns the number of
 * problems (0: a valid record), or YOTE_ENOMEM.
 */
long yote_checker_play(struct yote_checker *ck, const struct yote_record *rec,
    const char *file, struct yote_game_info *info, yote_diag_fn diag,
    yote_ply_fn ply, void *ctx);

/* The move text of a moves item (a scalar, or a mapping's move:), or NULL. */
const struct yote_node *yote_item_move(const struct yote_node *item);

/* ---------------------------------------------------------------- a game */

/*
 * A game: a ruleset, a start position, the moves played from it and the
 * position after each, played through.  Ply i (1-based) is the i-th move;
 * position 0 is the start, position i the one after ply i.  Opaque.
 */
struct yote_game;

/*
 * A new game under r from start (copied; NULL: the rules' start
 * position).  The game keeps a reference to r (yote_rules_keep), so a
 * loaded ruleset lives as long as the game, whoever loaded it; one the
 * caller made itself must outlive the game.  NULL when out of memory.
 * Free with yote_game_free.
 */
struct yote_game *yote_game_new(const struct yote_rules *r,
    const struct yote_pos *start);

/* Free a game; NULL is ignored. */
void yote_game_free(struct yote_game *g);

/*
 * Play m in the position now, after checking that it is legal there.
 * Returns 0; YOTE_EILLEGAL with the reason in err->msg (the game is
 * unchanged); YOTE_ELIMIT or YOTE_ENOMEM.  Whether the game has already
 * ended is the caller's question (yote_pos_outcome on yote_game_now).
 */
int yote_game_play(struct yote_game *g, const struct yote_move *m,
    struct yote_error *err);

/* Take back the last n plies: 0, or YOTE_EVALUE when fewer were played. */
int yote_game_undo(struct yote_game *g, size_t n);

/* The plies played. */
size_t yote_game_plies(const struct yote_game *g);

/* The game's ruleset: valid as long as the game (yote_game_new). */
const struct yote_rules *yote_game_rules(const struct yote_game *g);

/*
 * The position after ply i (0: the start), or NULL when i is beyond the
 * plies played.  It points into g: valid until the next play, undo or
 * free.  The positions lie one after the other: yote_game_pos(g, 0)[i]
 * is position i, so the whole game can go to yote_engine_set_history.
 */
const struct yote_pos *yote_game_pos(const struct yote_game *g, size_t i);

/* The position now, after the last ply: yote_game_pos(g, plies). */
const struct yote_pos *yote_game_now(const struct yote_game *g);

/* The move of ply i (1 <= i <= plies), or NULL; points into g as above. */
const struct yote_move *yote_game_move(const struct yote_game *g, size_t i);

/*
 * Play a record through checker ck (as yote_checker_play, with the same
 * file, info and diag) and keep what was played: *out is the game of the
 * record's start and every move played legally (up to the first bad one),
 * owned by the caller (yote_game_free), or NULL when the record has no
 * usable ruleset (info->rules is NULL) or start position (a bad start:)
 * or on YOTE_ENOMEM.  Returns the
 * number of problems (0: a valid record), or YOTE_ENOMEM.
 */
long yote_game_from_record(struct yote_checker *ck,
    const struct yote_record *rec, const char *file,
    struct yote_game_info *info, yote_diag_fn diag, void *ctx,
    struct yote_game **out);

/* A header of a record made from a game, and its YAML scalar style. */
struct yote_tag {
	const char *key;
	const char *value;
	int style;              /* YOTE_STYLE_*: how the value is quoted */
};

/*
 * A record of g: yote: 1; rules: (rules, or the ruleset's name when
 * NULL); the ntags tags in their order; result: result; termination:
 * term (unfinished for YOTE_TERM_NONE); start: when g did not start from
 * the rules' start position; moves: g's moves as a flow list.  Returns 0
 * with *out, owned by the caller (yote_record_free), or YOTE_ENOMEM with
 * *out NULL: never a record with a part missing.
 */
int yote_game_record(const struct yote_game *g, const char *rules,
    const struct yote_tag *tags, size_t ntags, enum yote_result result,
    enum yote_termination term, struct yote_record **out,
    struct yote_error *err);
/* ---------------------------------------------------------------- analysis */

/*
 * Annotating one game (analysis.c): every position of a record is
 * searched (knowing the game's earlier positions), every move valued at
 * the same depth as the best move and graded as yote_classify says, the
 * moves that would be mistakes or blunders with a loss under 30 points
 * (or decided by a proven result) searched again two plies deeper, and
 * the grades written into the record's moves items and its analysis:
 * header (formats/record.md, section 3; yote(5), moves).  Evaluations written
 * are from the first side's view; records written before that (no
 * eval-view in their analysis: header) hold the mover's view, and are
 * converted when annotated again.  One engine and one checker per thread.
 */

/*
 * The budget per position that yote-analyze uses when given none: depth 7,
 * and never more than a million nodes (about a second on one core), which
 * only the densest positions reach.  Depth 7 rather than 6 finds more of
 * the mistakes a longer search finds, for less than re-searching doubtful
 * plies at depth 6 would cost (tests/bench-annotate.sh).
 */
#define YOTE_ANNOTATE_DEPTH 7
#define YOTE_ANNOTATE_NODES 1000000ULL
/*
 * ... and, where depth 7 was cheap, on to depth 8, 9 and 10 while each
 * next iteration is foreseen to end within 120,000 nodes in all (360,000
 * after an iteration whose score moved a piece; yote_limits' deepen): the
 * endings, sparse positions and the placements of the opening, where a
 * deeper search sees the tactics depth 7 misses.  Against the depth-10
 * search of tests/bench-annotate.sh (5.2 and 5.3 times the cost, one
 * engine for both) 98.0% of its mistakes and blunders hold and it finds
 * 95.5% of that search's (held-out games: 97.4% and 96.4%); within
 * 75,000 nodes, before the search reduced threats less, 96.6% and 92.3%
 * (95.2% and 92.7%) at 8.1 to 8.4 times less (README).
 */
#define YOTE_ANNOTATE_DEEPEN 3
#define YOTE_ANNOTATE_DEEPEN_NODES 120000ULL
/*
 * yote-analyze --thorough: depth 8 within the same million nodes, then on
 * to depth 9 and 10 while each next iteration is foreseen to end within
 * 150,000 nodes (450,000 after an iteration whose score moved a piece).
 * About 1.35 times the default's CPU; against the same depth-10 search
 * (3.9 times its cost) 99.3% and 95.5% (held-out games: 96.9% and
 * 97.9%): about the default's figures.  Not the default: a game of 100
 * plies may take more than 5 s.
 */
#define YOTE_ANNOTATE_THOROUGH_DEPTH 8
#define YOTE_ANNOTATE_THOROUGH_DEEPEN 2
#define YOTE_ANNOTATE_THOROUGH_DEEPEN_NODES 150000ULL

struct yote_annotate_opts {
	struct yote_limits lim; /* budget per position */
	enum yote_class only;   /* annotate this class and worse (NONE: every
				   move); every move still counts */
	int side;               /* YOTE_FIRST or YOTE_SECOND: only its moves
				   are annotated and counted; -1 both */
	unsigned long from_ply; /* first ply analysed (0 or 1: all) */
	const char *engine;     /* analysis: engine text; NULL: none */
	int figures_only;       /* 1: out's figures only, rec left as it is
				   (a summary needs no annotated record) */
};

/* One side's figures over the moves graded. */
struct yote_side_stats {
	unsigned long moves;    /* moves graded */
	unsigned long n[4];     /* per enum yote_class */
	double loss;            /* sum of chance-to-win losses (points) */
	double accuracy;        /* sum of move accuracies */
};

/* What annotating one game found. */
struct yote_annotation {
	int analysed;           /* 1: annotations were written */
	struct yote_side_stats st[2];   /* per side (YOTE_FIRST, YOTE_SECOND) */
	size_t plies;           /* moves played through */
	size_t first;           /* first position searched (index 0..plies) */
	double *wc;             /* first side's chance to win, 0..100, of
				   positions first..plies (index = position) */
	enum yote_class *cls;   /* class written for ply i at cls[i - 1] */
	unsigned long positions;        /* searches run, re-searches included */
	unsigned long researched;       /* plies searched again, deeper */
	unsigned long long nodes;       /* nodes over all searches */
};

/*
 * Play rec through with ck (as yote_checker_play: file names the input,
 * problems go to diag), search its positions with e (cleared first, so
 * the same game gives the same output at any load when lim has no
 * movetime; e's history is set for each search and left empty), grade
 * its moves and write the annotations into rec (unless figures_only).  A game
 * with a bad move is analysed up to it.  out is filled (zeroed first);
 * free its arrays with yote_annotation_free.  Returns the number of
 * problems sent to diag (0: a valid record), or YOTE_ENOMEM (rec may
 * then be partly annotated).
 */
long yote_annotate_game(struct yote_engine *e, struct yote_checker *ck,
    struct yote_record *rec, const char *file,
    const struct yote_annotate_opts *o, struct yote_annotation *out,
    yote_diag_fn diag, void *ctx);

/* Free what yote_annotate_game allocated in a (not a itself); NULL ok. */
void yote_annotation_free(struct yote_annotation *a);

/*
 * An evaluation key ("eval" or "eval-before") of a moves item, read back
 * as a score from the first side's view, whatever view rec was written
 * in; mover is the side that made the move (YOTE_FIRST or YOTE_SECOND).
 * Returns 0, or YOTE_EVALUE when the item has no such key or it is no
 * score text.
 */
int yote_annotation_eval(const struct yote_record *rec,
    const struct yote_node *item, const char *key, int mover, int *score);

#ifdef __cplusplus
}
#endif

#include "yote_io.h"       /* formats, archives, lines */

#include "yote_collection.h"    /* patterns, game keys (collections) */
#include "yote_repair.h"        /* scorer-error repair (suggest.c) */
#include "yote_stream.h"        /* the stream of games every tool reads */

#endif /* YOTE_H */
