/*
 * refgen.c - slow, simple, independent reference move generator for Yote.
 *
 * The generator itself is in ref.c (shared with the exact solver, solve.c).
 * This is a test oracle. It is written straight from the contract
 * (/work/shared/spec/rules.md and notation.md) and shares no code with the
 * project's own move generator in src/.  Clarity over speed: the board is a
 * grid of characters ('x', 'o', '.'), moves are built as strings by recursion,
 * every rule is a few plain lines that follow the spec's wording.
 *
 * Build:  gcc -std=c99 -Wall -Wextra -Wpedantic -O2 -o refgen refgen.c ref.c
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

#include "ref.h"

/* Apply each move in turn.  A move is legal when, lower-cased, it is one of
 * the strings ref_legal_moves() lists (so a finished position accepts none).
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

    if (ref_parse_rules(rules, &R, err) || ref_parse_position(&R, pos, &p, err)) {
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
                    ref_ml_free(&m);
                    return 2;
                }
                char ch = *s++;
                mv[n++] = (ch >= 'A' && ch <= 'Z') ? (char)(ch - 'A' + 'a') : ch;
            }
            mv[n] = '\0';
            ply++;
            int over = ref_legal_moves(&R, &p, &m, status);
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
            if (ref_apply_move(&R, &p, mv)) {
                fprintf(stderr, "refgen: internal error applying %s\n", mv);
                exit(2);
            }
            ref_format_position(&R, &p, text);
            printf("%ld\t%s\t%s\n", ply, mv, text);
        }
    }
    ref_ml_free(&m);
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
    long n = ref_parse_num(ns);
    if (n < 0) {
        fprintf(stderr, "refgen: bad depth %s\n", ns);
        return 2;
    }
    if (ref_parse_rules(rules, &R, err) || ref_parse_position(&R, pos, &p, err)) {
        fprintf(stderr, "refgen: %s\n", err);
        return 2;
    }
    if (!divide) {
        printf("%llu\n", ref_perft(&R, &p, (int)n));
        return 0;
    }
    MoveList m = { 0 };
    char status[64];
    ref_legal_moves(&R, &p, &m, status);
    unsigned long long total = 0;
    for (size_t i = 0; i < m.n; i++) {
        Pos q = p;
        ref_apply_move(&R, &q, m.v[i]);
        unsigned long long k = n > 0 ? ref_perft(&R, &q, (int)n - 1) : 0;
        printf("%s %llu\n", m.v[i], k);
        total += k;
    }
    printf("total %llu\n", total);
    ref_ml_free(&m);
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
        if (!tab || ref_parse_rules(rules, &R, err) || ref_parse_position(&R, pos, &p, err)) {
            fprintf(stderr, "refgen: line %ld: %s\n", lineno, err);
            printf("%s\t%s\tinvalid\t\n", rules, pos);
            bad = 1;
            continue;
        }

        char status[64];
        ref_legal_moves(&R, &p, &m, status);
        printf("%s\t%s\t%s\t", rules, pos, status);
        if (count_only) {
            printf("%zu", m.n);
        } else {
            for (size_t i = 0; i < m.n; i++)
                printf(i ? " %s" : "%s", m.v[i]);
        }
        printf("\n");
    }
    ref_ml_free(&m);
    return bad;
}
