/*
 * refgen.c - slow, simple, independent reference move generator for Yote.
 *
 * This is a test oracle. It is written straight from the contract
 * (/work/shared/spec/rules.md and notation.md) and shares no code with the
 * project's own move generator in src/.  Clarity over speed: the board is a
 * grid of characters ('x', 'o', '.'), moves are built as strings by recursion,
 * every rule is a few plain lines that follow the spec's wording.
 *
 * Build:  gcc -std=c99 -Wall -Wextra -Wpedantic -O2 -o refgen refgen.c
 *
 * Usage:
 *   refgen [-c] < lines           each line: RULES<TAB>POSITION
 *                                 writes:    RULES<TAB>POSITION<TAB>STATUS<TAB>MOVES
 *                                 (-c: the number of moves instead of MOVES)
 *   refgen --perft N RULES POSITION    number of legal move sequences of length N
 *   refgen --divide N RULES POSITION   each legal move and the perft(N-1) below it
 *   refgen --play RULES POSITION MOVE...
 *                                 apply the moves in turn, each checked against
 *                                 the legal moves; per ply: PLY<TAB>MOVE<TAB>POSITION
 *
 * RULES is classic | traditional | damasi | ndar-kepp, or
 *   custom:W:H:P:opening:chain:bonus:selfjump:blocked:few:limit
 * e.g. custom:4:4:5:none:yes:mandatory-any:bridge:loses:off:10
 *
 * See README.md in this directory for the details and the readings taken
 * where the spec could be read more than one way.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXW 26         /* columns a..z */
#define MAXH 99         /* rows 1..99 */
#define MAXP 200        /* pieces per side (bounds the length of a chain) */
#define MAXMOVE 4096    /* longest move string: 6 + 8 * MAXP + slack */
#define MAXLINE 65536

/* ------------------------------------------------------------------ */
/* Rulesets (rules.md section 5), as a table of parameters             */
/* ------------------------------------------------------------------ */

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

static const Rules BUILTIN[] = {
    /* name          W  H   P  opening                    chain bonus                  self-jump  blocked                few  limit */
    { "classic",     6, 5, 12, OPEN_FIRST_MOVE_PLACEMENT, 1, BONUS_MANDATORY_BOARD, SJ_PLAIN,  BL_LOSES_UNLESS_BOTH,  3,   OFF },
    { "traditional", 6, 5, 12, OPEN_NONE,                 1, BONUS_MANDATORY_BOARD, SJ_BRIDGE, BL_MORE_CAPTURED_WINS, 3,   OFF },
    { "damasi",      6, 5, 12, OPEN_NONE,                 0, BONUS_OPTIONAL_BOARD,  SJ_NO,     BL_LOSES,              3,   OFF },
    { "ndar-kepp",   5, 5, 12, OPEN_HAND_FIRST,           0, BONUS_MANDATORY_ANY,   SJ_NO,     BL_LOSES,              OFF, 120 },
};

/* ------------------------------------------------------------------ */
/* Positions                                                           */
/* ------------------------------------------------------------------ */

typedef struct {
    char g[MAXH][MAXW]; /* g[r][c]: r = 0 is row 1 (bottom), c = 0 is column a */
    int side;           /* side to move: 0 = first ('x'), 1 = second ('o') */
    int hand[2];        /* pieces in hand */
    long psc;           /* plies since capture */
    long ply;           /* number of the ply about to be played, from 1 */
} Pos;

static const char PIECE[2] = { 'x', 'o' };

static int on_board(const Rules *R, int r, int c)
{
    return r >= 0 && r < R->H && c >= 0 && c < R->W;
}

static int count_board(const Rules *R, const Pos *p, int s)
{
    int n = 0;
    for (int r = 0; r < R->H; r++)
        for (int c = 0; c < R->W; c++)
            if (p->g[r][c] == PIECE[s])
                n++;
    return n;
}

/* remaining(s) = pieces of side s on the board + in its hand */
static int remaining(const Rules *R, const Pos *p, int s)
{
    return count_board(R, p, s) + p->hand[s];
}

/* "c3": column letter, row number */
static int sqname(char *out, int r, int c)
{
    return sprintf(out, "%c%d", 'a' + c, r + 1);
}

/* ------------------------------------------------------------------ */
/* Move lists                                                          */
/* ------------------------------------------------------------------ */

typedef struct {
    char **v;
    size_t n, cap;
} MoveList;

static void *xrealloc(void *q, size_t n)
{
    void *r = realloc(q, n);
    if (!r) {
        fprintf(stderr, "refgen: out of memory\n");
        exit(2);
    }
    return r;
}

static void ml_add(MoveList *m, const char *s)
{
    if (m->n == m->cap) {
        m->cap = m->cap ? 2 * m->cap : 64;
        m->v = xrealloc(m->v, m->cap * sizeof *m->v);
    }
    size_t len = strlen(s);
    m->v[m->n] = xrealloc(NULL, len + 1);
    memcpy(m->v[m->n], s, len + 1);
    m->n++;
}

static void ml_clear(MoveList *m)
{
    for (size_t i = 0; i < m->n; i++)
        free(m->v[i]);
    m->n = 0;
}

static void ml_free(MoveList *m)
{
    ml_clear(m);
    free(m->v);
    m->v = NULL;
    m->cap = 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* sort with strcmp and drop duplicates: two moves are the same move exactly
 * when they are written the same (rules.md section 2, move identity) */
static void ml_sort_unique(MoveList *m)
{
    if (m->n == 0)
        return;
    qsort(m->v, m->n, sizeof *m->v, cmp_str);
    size_t k = 1;
    for (size_t i = 1; i < m->n; i++) {
        if (strcmp(m->v[i], m->v[k - 1]) == 0)
            free(m->v[i]);
        else
            m->v[k++] = m->v[i];
    }
    m->n = k;
}

/* ------------------------------------------------------------------ */
/* Move generation (rules.md sections 2 and 3, precise points of 7)    */
/* ------------------------------------------------------------------ */

static const int DR[4] = { 1, -1, 0, 0 };
static const int DC[4] = { 0, 0, 1, -1 };

static void gen_captures_from(const Rules *R, const Pos *q, int r, int c,
                              char *buf, size_t len, MoveList *out);

/* A capture (and its bonus removal) has just been completed; the capturing
 * piece stands on (r, c) in position b and buf[0..len) is the move so far.
 * The move may stop here (every prefix of a chain that ends after a bonus
 * removal is itself a legal move), and with chain: yes the same piece may
 * go on capturing from the square where it landed. */
static void after_bonus(const Rules *R, const Pos *b, int r, int c,
                        char *buf, size_t len, MoveList *out)
{
    buf[len] = '\0';
    ml_add(out, buf);
    if (R->chain)
        gen_captures_from(R, b, r, c, buf, len, out);
}

/* The jumped piece has been removed (position a); the capturer stands on
 * (r, c). Do the bonus removal of the ruleset, one branch per choice. */
static void gen_bonus(const Rules *R, const Pos *a, int r, int c,
                      char *buf, size_t len, MoveList *out)
{
    int en = 1 - a->side;
    int on_board_left = count_board(R, a, en);
    int take_board = 0;     /* branch: remove each enemy board piece */
    int take_hand = 0;      /* branch: remove a piece from enemy hand (+@) */
    int no_bonus = 0;       /* branch: no bonus (written without +) */

    switch (R->bonus) {
    case BONUS_NONE:
        no_bonus = 1;
        break;
    case BONUS_OPTIONAL_BOARD:      /* may remove a board piece, or decline */
        take_board = 1;
        no_bonus = 1;
        break;
    case BONUS_MANDATORY_BOARD:     /* must, if the enemy has one left there */
        take_board = 1;
        no_bonus = (on_board_left == 0);
        break;
    case BONUS_MANDATORY_ANY:       /* must, from board or hand, if any left */
        take_board = 1;
        take_hand = (a->hand[en] > 0);
        no_bonus = (on_board_left == 0 && a->hand[en] == 0);
        break;
    }

    if (no_bonus)
        after_bonus(R, a, r, c, buf, len, out);

    if (take_board) {
        for (int rr = 0; rr < R->H; rr++)
            for (int cc = 0; cc < R->W; cc++) {
                if (a->g[rr][cc] != PIECE[en])
                    continue;
                Pos b = *a;
                b.g[rr][cc] = '.';
                size_t l = len;
                buf[l++] = '+';
                l += sqname(buf + l, rr, cc);
                after_bonus(R, &b, r, c, buf, l, out);
            }
    }

    if (take_hand) {
        Pos b = *a;
        b.hand[en]--;
        size_t l = len;
        buf[l++] = '+';
        buf[l++] = '@';
        after_bonus(R, &b, r, c, buf, l, out);
    }
}

/* Every capture the piece on (r, c) can make in position q, each followed by
 * its bonus removal (and, with chain: yes, the rest of the chain).
 * A capture: jump over the adjacent enemy piece to the empty square beyond,
 * in a straight line; the jumped piece is removed at once. */
static void gen_captures_from(const Rules *R, const Pos *q, int r, int c,
                              char *buf, size_t len, MoveList *out)
{
    int me = q->side, en = 1 - me;
    for (int d = 0; d < 4; d++) {
        int r1 = r + DR[d], c1 = c + DC[d];
        int r2 = r + 2 * DR[d], c2 = c + 2 * DC[d];
        if (!on_board(R, r2, c2))
            continue;
        if (q->g[r1][c1] != PIECE[en] || q->g[r2][c2] != '.')
            continue;
        Pos a = *q;
        a.g[r][c] = '.';            /* the piece leaves its square ... */
        a.g[r1][c1] = '.';          /* ... the jumped piece is removed ... */
        a.g[r2][c2] = PIECE[me];    /* ... and it lands beyond */
        size_t l = len;
        buf[l++] = 'x';
        l += sqname(buf + l, r2, c2);
        gen_bonus(R, &a, r2, c2, buf, l, out);
    }
}

/* All moves the side to move may make, following sections 2 and 3 only
 * (no end-of-game check here). */
static void gen_raw(const Rules *R, const Pos *p, MoveList *out)
{
    int me = p->side, en = 1 - me;
    char buf[MAXMOVE];

    /* first-move-placement: while the ply about to be played is 1 or 2,
     * only placements are legal, whichever side is to move */
    int only_place = (R->opening == OPEN_FIRST_MOVE_PLACEMENT &&
                      (p->ply == 1 || p->ply == 2));
    /* hand-first: with pieces in hand only place or capture (a bridge
     * counts as a capture); step or self-jump only once the hand is empty */
    int may_step = !(R->opening == OPEN_HAND_FIRST && p->hand[me] > 0);

    /* place: a piece from your hand onto an empty square */
    if (p->hand[me] > 0)
        for (int r = 0; r < R->H; r++)
            for (int c = 0; c < R->W; c++)
                if (p->g[r][c] == '.') {
                    sqname(buf, r, c);
                    ml_add(out, buf);
                }

    if (only_place)
        return;

    for (int r = 0; r < R->H; r++)
        for (int c = 0; c < R->W; c++) {
            if (p->g[r][c] != PIECE[me])
                continue;
            for (int d = 0; d < 4; d++) {
                int r1 = r + DR[d], c1 = c + DC[d];
                int r2 = r + 2 * DR[d], c2 = c + 2 * DC[d];
                if (!on_board(R, r1, c1))
                    continue;

                /* step: to the adjacent empty square */
                if (may_step && p->g[r1][c1] == '.') {
                    int l = sqname(buf, r, c);
                    buf[l++] = '-';
                    sqname(buf + l, r1, c1);
                    ml_add(out, buf);
                }

                /* self-jump: over an adjacent own piece to the empty square beyond */
                if (!on_board(R, r2, c2) || p->g[r1][c1] != PIECE[me] ||
                    p->g[r2][c2] != '.')
                    continue;
                if (R->selfjump == SJ_PLAIN && may_step) {
                    /* a whole move on its own; nothing follows */
                    int l = sqname(buf, r, c);
                    buf[l++] = '-';
                    sqname(buf + l, r2, c2);
                    ml_add(out, buf);
                } else if (R->selfjump == SJ_BRIDGE) {
                    /* only as the first jump of a turn that goes on to
                     * capture at least once with the same piece; at most
                     * one per turn (gen_captures_from never self-jumps) */
                    Pos a = *p;
                    a.g[r][c] = '.';
                    a.g[r2][c2] = PIECE[me];
                    size_t l = (size_t)sqname(buf, r, c);
                    buf[l++] = '-';
                    l += sqname(buf + l, r2, c2);
                    gen_captures_from(R, &a, r2, c2, buf, l, out);
                }
            }

            /* capture (and chains) starting with this piece */
            size_t l = (size_t)sqname(buf, r, c);
            gen_captures_from(R, p, r, c, buf, l, out);
        }
    (void)en;
}

/* does side s have a capture available, considered as if it were to move
 * (flip only the side to move; a bridge counts as a capture) */
static int has_capture(const Rules *R, const Pos *p, int s)
{
    Pos q = *p;
    q.side = s;
    MoveList m = { 0 };
    gen_raw(R, &q, &m);
    int found = 0;
    for (size_t i = 0; i < m.n && !found; i++)
        if (strchr(m.v[i], 'x'))
            found = 1;
    ml_free(&m);
    return found;
}

static int has_any_move(const Rules *R, const Pos *p, int s)
{
    Pos q = *p;
    q.side = s;
    MoveList m = { 0 };
    gen_raw(R, &q, &m);
    int any = m.n > 0;
    ml_free(&m);
    return any;
}

/* ------------------------------------------------------------------ */
/* End of the game (rules.md section 4)                                */
/* ------------------------------------------------------------------ */

/* winner: 0 first, 1 second, -1 draw */
static const char *result_text(int winner)
{
    return winner == 0 ? "1-0" : winner == 1 ? "0-1" : "1/2-1/2";
}

/* Fill `moves` with the legal moves of p, sorted and unique, and `status`
 * with "*" or "RESULT TERMINATION". Returns 1 when the game is over (and
 * then `moves` is empty: a finished position has no legal moves). */
static int legal_moves(const Rules *R, const Pos *p, MoveList *moves, char *status)
{
    int S = p->side, O = 1 - S;

    ml_clear(moves);
    gen_raw(R, p, moves);
    ml_sort_unique(moves);

    int winner = -2;
    const char *why = NULL;

    if (remaining(R, p, S) == 0) {
        /* 1. capture-all: S has no pieces left: O wins */
        winner = O;
        why = "capture-all";
    } else if (moves->n == 0) {
        /* 2. blocked: S has no legal move */
        why = "blocked";
        if (R->blocked == BL_LOSES) {
            winner = O;
        } else if (R->blocked == BL_LOSES_UNLESS_BOTH) {
            if (has_any_move(R, p, O)) {
                winner = O;
            } else {
                int bs = count_board(R, p, S), bo = count_board(R, p, O);
                winner = bs > bo ? S : bo > bs ? O : -1;
            }
        } else { /* BL_MORE_CAPTURED_WINS */
            int cap0 = R->P - remaining(R, p, 1);   /* captured_by(first) */
            int cap1 = R->P - remaining(R, p, 0);   /* captured_by(second) */
            winner = cap0 > cap1 ? 0 : cap1 > cap0 ? 1 : -1;
        }
    } else if (R->few != OFF &&
               remaining(R, p, 0) <= R->few && remaining(R, p, 1) <= R->few &&
               !has_capture(R, p, 0) && !has_capture(R, p, 1)) {
        /* 3. few-pieces */
        winner = -1;
        why = "few-pieces";
    } else if (R->limit != OFF && p->psc >= R->limit) {
        /* 4. move-limit: N consecutive plies without a capture */
        winner = -1;
        why = "move-limit";
    }

    if (why == NULL) {
        strcpy(status, "*");
        return 0;
    }
    sprintf(status, "%s %s", result_text(winner), why);
    ml_clear(moves);
    return 1;
}

/* ------------------------------------------------------------------ */
/* Applying a move written in canonical notation (used by perft)       */
/* ------------------------------------------------------------------ */

/* read a square at *s; returns 0 on success */
static int read_square(const Rules *R, const char **s, int *r, int *c)
{
    const char *t = *s;
    if (*t < 'a' || *t > 'z')
        return -1;
    *c = *t++ - 'a';
    if (*t < '1' || *t > '9')
        return -1;
    int n = 0;
    while (*t >= '0' && *t <= '9' && n < 1000)
        n = 10 * n + (*t++ - '0');
    *r = n - 1;
    *s = t;
    return on_board(R, *r, *c) ? 0 : -1;
}

/* apply a move (assumed legal: it comes from legal_moves) to p */
static int apply_move(const Rules *R, Pos *p, const char *mv)
{
    int me = p->side, en = 1 - me;
    int r, c, captured = 0;
    const char *s = mv;

    if (read_square(R, &s, &r, &c))
        return -1;
    if (*s == '\0') {                       /* place */
        p->g[r][c] = PIECE[me];
        p->hand[me]--;
    } else {
        while (*s) {
            char op = *s++;
            int r2, c2;
            if (op == '-' || op == 'x') {
                if (read_square(R, &s, &r2, &c2))
                    return -1;
                if (op == 'x') {            /* remove the jumped piece */
                    p->g[(r + r2) / 2][(c + c2) / 2] = '.';
                    captured = 1;
                }
                p->g[r][c] = '.';
                p->g[r2][c2] = PIECE[me];
                r = r2;
                c = c2;
            } else if (op == '+') {         /* bonus removal */
                if (*s == '@') {
                    s++;
                    p->hand[en]--;
                } else {
                    if (read_square(R, &s, &r2, &c2))
                        return -1;
                    p->g[r2][c2] = '.';
                }
            } else {
                return -1;
            }
        }
    }
    p->side = en;
    p->ply++;
    p->psc = captured ? 0 : p->psc + 1;
    return 0;
}

static unsigned long long perft(const Rules *R, const Pos *p, int depth)
{
    if (depth == 0)
        return 1;
    MoveList m = { 0 };
    char status[64];
    legal_moves(R, p, &m, status);
    unsigned long long n = 0;
    if (depth == 1) {
        n = m.n;
    } else {
        for (size_t i = 0; i < m.n; i++) {
            Pos q = *p;
            if (apply_move(R, &q, m.v[i])) {
                fprintf(stderr, "refgen: internal error applying %s\n", m.v[i]);
                exit(2);
            }
            n += perft(R, &q, depth - 1);
        }
    }
    ml_free(&m);
    return n;
}

/* ------------------------------------------------------------------ */
/* Parsing rulesets and positions                                      */
/* ------------------------------------------------------------------ */

/* a non-negative decimal number, at most 9 digits; -1 if not one */
static long parse_num(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > 9)
        return -1;
    long v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = 10 * v + (s[i] - '0');
    }
    return v;
}

static int pick(const char *s, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    return -1;
}

/* "off" or a positive number N */
static int parse_off_or_n(const char *s, int *out)
{
    if (strcmp(s, "off") == 0) {
        *out = OFF;
        return 0;
    }
    long v = parse_num(s);
    if (v < 0)
        return -1;
    *out = (int)v;
    return 0;
}

static int parse_rules(const char *s, Rules *R, char *err)
{
    for (size_t i = 0; i < sizeof BUILTIN / sizeof BUILTIN[0]; i++)
        if (strcmp(s, BUILTIN[i].name) == 0) {
            *R = BUILTIN[i];
            return 0;
        }
    if (strncmp(s, "custom:", 7) != 0) {
        sprintf(err, "unknown ruleset");
        return -1;
    }

    char tmp[512];
    if (strlen(s) >= sizeof tmp) {
        sprintf(err, "ruleset too long");
        return -1;
    }
    strcpy(tmp, s + 7);
    char *f[10];
    int nf = 0;
    char *t = tmp;
    for (;;) {
        if (nf == 10) {
            sprintf(err, "custom ruleset: too many fields");
            return -1;
        }
        f[nf++] = t;
        char *colon = strchr(t, ':');
        if (!colon)
            break;
        *colon = '\0';
        t = colon + 1;
    }
    if (nf != 10) {
        sprintf(err, "custom ruleset: need 10 fields W:H:P:opening:chain:bonus:selfjump:blocked:few:limit");
        return -1;
    }

    static const char *const OPEN[] = { "none", "first-move-placement", "hand-first" };
    static const char *const CHAIN[] = { "no", "yes" };
    static const char *const BONUS[] = { "none", "optional-board", "mandatory-board", "mandatory-any" };
    static const char *const SJ[] = { "no", "plain", "bridge" };
    static const char *const BL[] = { "loses", "loses-unless-both", "more-captured-wins" };

    long W = parse_num(f[0]), H = parse_num(f[1]), P = parse_num(f[2]);
    R->name = "custom";
    R->W = (int)W;
    R->H = (int)H;
    R->P = (int)P;
    R->opening = pick(f[3], OPEN, 3);
    R->chain = pick(f[4], CHAIN, 2);
    R->bonus = pick(f[5], BONUS, 4);
    R->selfjump = pick(f[6], SJ, 3);
    R->blocked = pick(f[7], BL, 3);
    if (W < 1 || W > MAXW || H < 1 || H > MAXH) {
        sprintf(err, "custom ruleset: board must be 1..%d x 1..%d", MAXW, MAXH);
        return -1;
    }
    if (P < 0 || P > MAXP) {
        sprintf(err, "custom ruleset: pieces must be 0..%d", MAXP);
        return -1;
    }
    if (R->opening < 0 || R->chain < 0 || R->bonus < 0 || R->selfjump < 0 ||
        R->blocked < 0) {
        sprintf(err, "custom ruleset: bad opening/chain/bonus/selfjump/blocked value");
        return -1;
    }
    if (parse_off_or_n(f[8], &R->few) || parse_off_or_n(f[9], &R->limit)) {
        sprintf(err, "custom ruleset: few and limit must be off or a number");
        return -1;
    }
    return 0;
}

static int parse_position(const Rules *R, const char *s, Pos *p, char *err)
{
    char tmp[MAXLINE];
    if (strlen(s) >= sizeof tmp) {
        sprintf(err, "position too long");
        return -1;
    }
    strcpy(tmp, s);

    /* six space-separated fields */
    char *f[7];
    int nf = 0;
    for (char *t = strtok(tmp, " "); t; t = strtok(NULL, " ")) {
        if (nf == 6) {
            sprintf(err, "position: more than six fields");
            return -1;
        }
        f[nf++] = t;
    }
    if (nf != 6) {
        sprintf(err, "position: need six fields");
        return -1;
    }

    memset(p, 0, sizeof *p);

    /* rows, from the top row (H) down to row 1 */
    int row = 0;
    const char *t = f[0];
    for (;;) {
        if (row >= R->H) {
            sprintf(err, "position: too many rows");
            return -1;
        }
        int r = R->H - 1 - row;
        int c = 0;
        while (*t && *t != '/') {
            if (*t == 'x' || *t == 'X' || *t == 'o' || *t == 'O') {
                if (c >= R->W) {
                    sprintf(err, "position: row too wide");
                    return -1;
                }
                p->g[r][c++] = (*t == 'x' || *t == 'X') ? 'x' : 'o';
                t++;
            } else if (*t >= '1' && *t <= '9') {
                int n = 0;
                while (*t >= '0' && *t <= '9' && n <= MAXW)
                    n = 10 * n + (*t++ - '0');
                if (c + n > R->W) {
                    sprintf(err, "position: row too wide");
                    return -1;
                }
                while (n-- > 0)
                    p->g[r][c++] = '.';
            } else {
                sprintf(err, "position: bad character in rows (or run 0 / leading zero)");
                return -1;
            }
        }
        if (c != R->W) {
            sprintf(err, "position: row too narrow");
            return -1;
        }
        row++;
        if (*t == '\0')
            break;
        t++;    /* '/' */
    }
    if (row != R->H) {
        sprintf(err, "position: wrong number of rows");
        return -1;
    }

    if (strcmp(f[1], "x") == 0 || strcmp(f[1], "X") == 0)
        p->side = 0;
    else if (strcmp(f[1], "o") == 0 || strcmp(f[1], "O") == 0)
        p->side = 1;
    else {
        sprintf(err, "position: side must be x or o");
        return -1;
    }

    long h0 = parse_num(f[2]), h1 = parse_num(f[3]);
    long psc = parse_num(f[4]), ply = parse_num(f[5]);
    if (h0 < 0 || h1 < 0 || psc < 0 || ply < 0) {
        sprintf(err, "position: hands and counters must be numbers");
        return -1;
    }
    if (h0 > R->P || h1 > R->P) {
        sprintf(err, "position: a hand exceeds the piece count");
        return -1;
    }
    p->hand[0] = (int)h0;
    p->hand[1] = (int)h1;
    if (remaining(R, p, 0) > R->P || remaining(R, p, 1) > R->P) {
        sprintf(err, "position: board plus hand exceeds the piece count");
        return -1;
    }
    if (ply < 1) {
        sprintf(err, "position: ply below 1");
        return -1;
    }
    p->psc = psc;
    p->ply = ply;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Writing positions and playing move sequences (--play)               */
/* ------------------------------------------------------------------ */

/* p in the six-field form of notation.md: rows from the top row down to
 * row 1, runs of empty points as numbers, then side, hands, counters */
static void format_position(const Rules *R, const Pos *p, char *out)
{
    size_t l = 0;
    for (int r = R->H - 1; r >= 0; r--) {
        int run = 0;
        for (int c = 0; c < R->W; c++) {
            if (p->g[r][c] == '.') {
                run++;
                continue;
            }
            if (run > 0)
                l += (size_t)sprintf(out + l, "%d", run);
            run = 0;
            out[l++] = p->g[r][c];
        }
        if (run > 0)
            l += (size_t)sprintf(out + l, "%d", run);
        if (r > 0)
            out[l++] = '/';
    }
    sprintf(out + l, " %c %d %d %ld %ld", PIECE[p->side], p->hand[0],
            p->hand[1], p->psc, p->ply);
}

/* Apply each move in turn.  A move is legal when, lower-cased, it is one of
 * the strings legal_moves() lists (so a finished position accepts none).
 * Prints PLY<TAB>MOVE<TAB>POSITION per move, PLY counting the moves given
 * from 1.  Returns 0, 1 at the first illegal move, 2 on bad arguments. */
static int run_play(const char *rules, const char *pos, int nmv, char **mvs)
{
    Rules R;
    Pos p;
    char err[256], status[64];
    static char text[MAXH * (MAXW + 1) + 64], mv[MAXMOVE];
    MoveList m = { 0 };
    long ply = 0;
    int rc = 0;

    if (parse_rules(rules, &R, err) || parse_position(&R, pos, &p, err)) {
        fprintf(stderr, "refgen: %s\n", err);
        return 2;
    }
    for (int i = 0; i < nmv && rc == 0; i++) {
        /* an argument may hold several moves separated by spaces/commas */
        const char *s = mvs[i];
        for (;;) {
            size_t n = 0;
            while (*s == ' ' || *s == '\t' || *s == ',')
                s++;
            if (*s == '\0')
                break;
            while (*s && *s != ' ' && *s != '\t' && *s != ',') {
                if (n + 1 >= sizeof mv) {
                    fprintf(stderr, "refgen: move too long\n");
                    ml_free(&m);
                    return 2;
                }
                char ch = *s++;
                mv[n++] = (ch >= 'A' && ch <= 'Z') ? (char)(ch - 'A' + 'a') : ch;
            }
            mv[n] = '\0';
            ply++;
            int over = legal_moves(&R, &p, &m, status);
            int found = 0;
            for (size_t k = 0; k < m.n && !found; k++)
                found = strcmp(m.v[k], mv) == 0;
            if (!found) {
                if (over)
                    fprintf(stderr, "refgen: ply %ld: illegal move '%s': "
                            "the game is over (%s)\n", ply, mv, status);
                else
                    fprintf(stderr, "refgen: ply %ld: illegal move '%s'\n",
                            ply, mv);
                rc = 1;
                break;
            }
            if (apply_move(&R, &p, mv)) {
                fprintf(stderr, "refgen: internal error applying %s\n", mv);
                exit(2);
            }
            format_position(&R, &p, text);
            printf("%ld\t%s\t%s\n", ply, mv, text);
        }
    }
    ml_free(&m);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Main                                                                */
/* ------------------------------------------------------------------ */

static void usage(void)
{
    fprintf(stderr,
            "usage: refgen [-c] < lines        (lines: RULES<TAB>POSITION)\n"
            "       refgen --perft N RULES POSITION\n"
            "       refgen --divide N RULES POSITION\n"
            "       refgen --play RULES POSITION MOVE...\n");
    exit(2);
}

static int run_perft(int divide, const char *ns, const char *rules, const char *pos)
{
    Rules R;
    Pos p;
    char err[256];
    long n = parse_num(ns);
    if (n < 0) {
        fprintf(stderr, "refgen: bad depth %s\n", ns);
        return 2;
    }
    if (parse_rules(rules, &R, err) || parse_position(&R, pos, &p, err)) {
        fprintf(stderr, "refgen: %s\n", err);
        return 2;
    }
    if (!divide) {
        printf("%llu\n", perft(&R, &p, (int)n));
        return 0;
    }
    MoveList m = { 0 };
    char status[64];
    legal_moves(&R, &p, &m, status);
    unsigned long long total = 0;
    for (size_t i = 0; i < m.n; i++) {
        Pos q = p;
        apply_move(&R, &q, m.v[i]);
        unsigned long long k = n > 0 ? perft(&R, &q, (int)n - 1) : 0;
        printf("%s %llu\n", m.v[i], k);
        total += k;
    }
    printf("total %llu\n", total);
    ml_free(&m);
    return 0;
}

int main(int argc, char **argv)
{
    int count_only = 0;

    if (argc >= 2 && (strcmp(argv[1], "--perft") == 0 || strcmp(argv[1], "--divide") == 0)) {
        if (argc != 5)
            usage();
        return run_perft(strcmp(argv[1], "--divide") == 0, argv[2], argv[3], argv[4]);
    }
    if (argc >= 2 && strcmp(argv[1], "--play") == 0) {
        if (argc < 4)
            usage();
        return run_play(argv[2], argv[3], argc - 4, argv + 4);
    }
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-c") == 0)
            count_only = 1;
        else
            usage();
    }

    static char line[MAXLINE];
    MoveList m = { 0 };
    long lineno = 0;
    int bad = 0;

    while (fgets(line, sizeof line, stdin)) {
        lineno++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            fprintf(stderr, "refgen: line %ld: too long\n", lineno);
            return 2;
        }
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';

        /* blank lines and # comments are copied through unchanged */
        if (len == 0 || line[0] == '#') {
            printf("%s\n", line);
            continue;
        }

        char *tab = strchr(line, '\t');
        const char *rules = line, *pos = "";
        if (tab) {
            *tab = '\0';
            pos = tab + 1;
            char *tab2 = strchr(pos, '\t');     /* ignore any further fields */
            if (tab2)
                *tab2 = '\0';
        }

        Rules R;
        Pos p;
        char err[256];
        if (!tab) {
            sprintf(err, "expected RULES<TAB>POSITION");
        }
        if (!tab || parse_rules(rules, &R, err) || parse_position(&R, pos, &p, err)) {
            fprintf(stderr, "refgen: line %ld: %s\n", lineno, err);
            printf("%s\t%s\tinvalid\t\n", rules, pos);
            bad = 1;
            continue;
        }

        char status[64];
        legal_moves(&R, &p, &m, status);
        printf("%s\t%s\t%s\t", rules, pos, status);
        if (count_only) {
            printf("%zu", m.n);
        } else {
            for (size_t i = 0; i < m.n; i++)
                printf(i ? " %s" : "%s", m.v[i]);
        }
        printf("\n");
    }
    ml_free(&m);
    return bad;
}
