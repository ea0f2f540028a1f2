/*
 * ref.h - the reference move generator of tests/ref (ref.c), shared by
 * refgen.c and the exact solver solve.c.  Written from the rules contract
 * only; nothing here comes from src/.
 */
#ifndef REF_H
#define REF_H

#include <stddef.h>

/* A program that only needs small boards (the solver) may define smaller
 * bounds before including this header, so that positions copy cheaply. */
#ifndef MAXW
#define MAXW 26         /* columns a..z */
#endif
#ifndef MAXH
#define MAXH 99         /* rows 1..99 */
#endif
#define MAXP 200        /* pieces per side (bounds the length of a chain) */
#define MAXMOVE 4096    /* longest move string: 6 + 8 * MAXP + slack */
#define MAXLINE 65536

/* Rulesets (rules.md section 5), as a table of parameters */
enum { OPEN_NONE, OPEN_FIRST_MOVE_PLACEMENT, OPEN_HAND_FIRST };
enum { BONUS_NONE, BONUS_OPTIONAL_BOARD, BONUS_MANDATORY_BOARD, BONUS_MANDATORY_ANY };
enum { SJ_NO, SJ_PLAIN, SJ_BRIDGE };
enum { BL_LOSES, BL_LOSES_UNLESS_BOTH, BL_MORE_CAPTURED_WINS };
#define OFF (-1)

typedef struct {
    const char *name;
    int W, H, P;
    int opening;
    int chain;      /* 1 = yes, 0 = no */
    int bonus;
    int selfjump;
    int blocked;
    int few;        /* OFF or N (few-pieces: N) */
    int limit;      /* OFF or N (no-capture-limit: N plies) */
} Rules;

typedef struct {
    char g[MAXH][MAXW]; /* g[r][c]: r = 0 is row 1 (bottom), c = 0 is column a */
    int side;           /* side to move: 0 = first ('x'), 1 = second ('o') */
    int hand[2];        /* pieces in hand */
    long psc;           /* plies since capture */
    long ply;           /* number of the ply about to be played, from 1 */
} Pos;

typedef struct {
    char **v;
    size_t n, cap;
} MoveList;

/* pieces of side s on the board; remaining = board + hand */
int ref_count_board(const Rules *R, const Pos *p, int s);
int ref_remaining(const Rules *R, const Pos *p, int s);

void ref_ml_clear(MoveList *m);
void ref_ml_free(MoveList *m);

/* Fill moves with the legal moves of p (sorted, unique) and status with
 * "*" or "RESULT TERMINATION" (result from the first side's view, e.g.
 * "0-1 blocked").  Returns 1 when the game is over (moves is then empty). */
int ref_legal_moves(const Rules *R, const Pos *p, MoveList *moves, char *status);

/* Apply a move taken from ref_legal_moves; -1 if it cannot be read. */
int ref_apply_move(const Rules *R, Pos *p, const char *mv);

unsigned long long ref_perft(const Rules *R, const Pos *p, int depth);

/* a non-negative decimal number, at most 9 digits; -1 if not one */
long ref_parse_num(const char *s);

/* RULES and POSITION as README.md describes; 0, or -1 with err filled */
int ref_parse_rules(const char *s, Rules *R, char *err);
int ref_parse_position(const Rules *R, const char *s, Pos *p, char *err);

/* the six-field form of notation.md */
void ref_format_position(const Rules *R, const Pos *p, char *out);

#endif
