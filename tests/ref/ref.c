/*
 * ref.c - the reference move generator of tests/ref (see refgen.c and
 * README.md): rulesets, positions, legal moves, applying a move.
 *
 * This is a test oracle.  It is written straight from the contract
 * (/work/shared/spec/rules.md and notation.md) and shares no code with the
 * project's own move generator in src/.  Clarity over speed: the board is a
 * grid of characters ('x', 'o', '.'), moves are built as strings by recursion,
 * every rule is a few plain lines that follow the spec's wording.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref.h"

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

static const char PIECE[2] = { 'x', 'o' };

static int on_board(const Rules *R, int r, int c)
{
    return r >= 0 && r < R->H && c >= 0 && c < R->W;
}

int ref_count_board(const Rules *R, const Pos *p, int s)
{
    int n = 0;
    for (int r = 0; r < R->H; r++)
        for (int c = 0; c < R->W; c++)
            if (p->g[r][c] == PIECE[s])
                n++;
    return n;
}

/* ref_remaining(s) = pieces of side s on the board + in its hand */
int ref_remaining(const Rules *R, const Pos *p, int s)
{
    return ref_count_board(R, p, s) + p->hand[s];
}

/* "c3": column letter, row number */
static int sqname(char *out, int r, int c)
{
    return sprintf(out, "%c%d", 'a' + c, r + 1);
}

/* ------------------------------------------------------------------ */
/* Move lists                                                          */
/* ------------------------------------------------------------------ */


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

void ref_ml_clear(MoveList *m)
{
    for (size_t i = 0; i < m->n; i++)
        free(m->v[i]);
    m->n = 0;
}

void ref_ml_free(MoveList *m)
{
    ref_ml_clear(m);
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
    int on_board_left = ref_count_board(R, a, en);
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
    ref_ml_free(&m);
    return found;
}

static int has_any_move(const Rules *R, const Pos *p, int s)
{
    Pos q = *p;
    q.side = s;
    MoveList m = { 0 };
    gen_raw(R, &q, &m);
    int any = m.n > 0;
    ref_ml_free(&m);
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
int ref_legal_moves(const Rules *R, const Pos *p, MoveList *moves, char *status)
{
    int S = p->side, O = 1 - S;

    ref_ml_clear(moves);
    gen_raw(R, p, moves);
    ml_sort_unique(moves);

    int winner = -2;
    const char *why = NULL;

    if (ref_remaining(R, p, S) == 0) {
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
                int bs = ref_count_board(R, p, S), bo = ref_count_board(R, p, O);
                winner = bs > bo ? S : bo > bs ? O : -1;
            }
        } else { /* BL_MORE_CAPTURED_WINS */
            int cap0 = R->P - ref_remaining(R, p, 1);   /* captured_by(first) */
            int cap1 = R->P - ref_remaining(R, p, 0);   /* captured_by(second) */
            winner = cap0 > cap1 ? 0 : cap1 > cap0 ? 1 : -1;
        }
    } else if (R->few != OFF &&
               ref_remaining(R, p, 0) <= R->few && ref_remaining(R, p, 1) <= R->few &&
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
    ref_ml_clear(moves);
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
int ref_apply_move(const Rules *R, Pos *p, const char *mv)
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

unsigned long long ref_perft(const Rules *R, const Pos *p, int depth)
{
    if (depth == 0)
        return 1;
    MoveList m = { 0 };
    char status[64];
    ref_legal_moves(R, p, &m, status);
    unsigned long long n = 0;
    if (depth == 1) {
        n = m.n;
    } else {
        for (size_t i = 0; i < m.n; i++) {
            Pos q = *p;
            if (ref_apply_move(R, &q, m.v[i])) {
                fprintf(stderr, "refgen: internal error applying %s\n", m.v[i]);
                exit(2);
            }
            n += ref_perft(R, &q, depth - 1);
        }
    }
    ref_ml_free(&m);
    return n;
}

/* ------------------------------------------------------------------ */
/* Parsing rulesets and positions                                      */
/* ------------------------------------------------------------------ */

/* a non-negative decimal number, at most 9 digits; -1 if not one */
long ref_parse_num(const char *s)
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
    long v = ref_parse_num(s);
    if (v < 0)
        return -1;
    *out = (int)v;
    return 0;
}

int ref_parse_rules(const char *s, Rules *R, char *err)
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

    long W = ref_parse_num(f[0]), H = ref_parse_num(f[1]), P = ref_parse_num(f[2]);
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

int ref_parse_position(const Rules *R, const char *s, Pos *p, char *err)
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

    long h0 = ref_parse_num(f[2]), h1 = ref_parse_num(f[3]);
    long psc = ref_parse_num(f[4]), ply = ref_parse_num(f[5]);
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
    if (ref_remaining(R, p, 0) > R->P || ref_remaining(R, p, 1) > R->P) {
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
void ref_format_position(const Rules *R, const Pos *p, char *out)
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
