#!/bin/sh
# Self-test of the reference move generator tests/ref/refgen.c (TAP).
# Run from the repository root:  prove tests/ref/selftest.sh
# Every expected output below was worked out by hand from
# /work/shared/spec/rules.md (see the comment above each case), except the
# perft figures, which are given in the task brief.

here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/refgen.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

CC=${CC:-gcc}
if ! $CC -std=c99 -Wall -Wextra -Wpedantic -Werror -O2 \
        -o "$tmp/refgen" "$here/refgen.c" "$here/ref.c" 2>"$tmp/cc.err"; then
    echo "1..1"
    echo "not ok 1 - refgen.c builds without warnings"
    sed 's/^/# /' "$tmp/cc.err"
    exit 1
fi

T=$(printf '\t')
n=0
plan=0
out=""

ok() {  # ok COND DESCRIPTION [got] [expected]
    n=$((n + 1))
    if [ "$1" = 1 ]; then
        echo "ok $n - $2"
    else
        echo "not ok $n - $2"
        echo "#      got: $3"
        echo "# expected: $4"
    fi
}

# check DESCRIPTION FLAGS RULES POSITION STATUS MOVES
check() {
    got=$(printf '%s\t%s\n' "$3" "$4" | "$tmp/refgen" $2 2>/dev/null)
    want="$3$T$4$T$5$T$6"
    if [ "$got" = "$want" ]; then ok 1 "$1"; else ok 0 "$1" "$got" "$want"; fi
}

perft() {  # perft RULES POSITION DEPTH EXPECTED
    got=$("$tmp/refgen" --perft "$3" "$1" "$2")
    if [ "$got" = "$4" ]; then ok 1 "perft $1 depth $3 = $4"; else ok 0 "perft $1 depth $3" "$got" "$4"; fi
}

echo "1..59"
echo "ok 1 - refgen.c builds without warnings"
n=1

E6="6/6/6/6/6 x 12 12 0 1"
E5="5/5/5/5/5 x 12 12 0 1"

# --- perft from the empty board (figures from the brief) -------------------
perft classic     "$E6" 1 30
perft classic     "$E6" 2 870
perft classic     "$E6" 3 27180
perft classic     "$E6" 4 823848
perft traditional "$E6" 1 30
perft traditional "$E6" 2 870
perft traditional "$E6" 3 27180
perft traditional "$E6" 4 823848
perft damasi      "$E6" 1 30
perft damasi      "$E6" 2 870
perft damasi      "$E6" 3 27180
perft damasi      "$E6" 4 827952
perft ndar-kepp   "$E5" 1 25
perft ndar-kepp   "$E5" 2 600
perft ndar-kepp   "$E5" 3 13860
perft ndar-kepp   "$E5" 4 310320

# --- opening constraints -----------------------------------------------------
# classic start: 30 placements
check "classic start: 30 placements" -c classic "$E6" '*' 30
# first-move-placement looks at the ply, not the side: ply 2 with x to move,
# x on c1 could step but may only place (29 empty points)
check "first-move-placement: ply 2, x to move, only placements" -c \
    classic "6/6/6/6/2x3 x 11 12 0 2" '*' 29
# at ply 3 the steps c1-b1 c1-d1 c1-c2 come in: 29 + 3
check "first-move-placement: ply 3 allows steps" -c \
    classic "6/6/6/6/2x3 x 11 12 0 3" '*' 32
# ply 1, empty hand: no placement possible -> x has no legal move; with o to
# move (same ply) o could place, so x loses (loses-unless-both)
check "first-move-placement: ply 1 with empty hand is blocked" "" \
    classic "6/6/6/6/2x3 x 0 12 0 1" '0-1 blocked' ''
# hand-first (ndar-kepp): x has a piece in hand: only placements (23 empty
# points) and captures; c3xc5 removes c4, o has nothing left on the board but
# 2 in hand: mandatory-any takes +@
check "hand-first: places and captures only" "" \
    ndar-kepp "5/2o2/2x2/5/5 x 1 2 0 10" '*' \
    "a1 a2 a3 a4 a5 b1 b2 b3 b4 b5 c1 c2 c3xc5+@ c5 d1 d2 d3 d4 d5 e1 e2 e3 e4 e5"
# empty hand: steps are back
check "hand-first: empty hand steps" "" \
    ndar-kepp "5/2o2/2x2/5/5 x 0 2 0 10" '*' "c3-b3 c3-c2 c3-d3 c3xc5+@"
# a bridge counts as a capture under hand-first (custom 7x1 board:
# x a1 b1, o d1 f1; a1-c1 over b1 then xe1 over d1, chain on over f1 to g1)
check "hand-first: bridge counts as a capture" "" \
    custom:7:1:4:hand-first:yes:none:bridge:loses:off:off "xx1o1o1 x 1 0 0 3" '*' \
    "a1-c1xe1 a1-c1xe1xg1 c1 e1 g1"
# ... but a plain self-jump is a self-jump, not allowed with a piece in hand
check "hand-first: no plain self-jump with pieces in hand" "" \
    custom:7:1:4:hand-first:yes:none:plain:loses:off:off "xx1o1o1 x 1 0 0 3" '*' \
    "c1 e1 g1"

# --- captures, bonus, chains -------------------------------------------------
# classic: x a1, o b1 d1 e1. a1xc1 then the bonus must take d1 or e1;
# taking e1 opens the landing square for c1xe1 over d1 (no o left on the
# board then: no bonus, written without +)
check "chain: bonus opens the landing square" "" \
    classic "6/6/6/6/xo1oo1 x 0 0 0 20" '*' \
    "a1-a2 a1xc1+d1 a1xc1+e1 a1xc1+e1xe1"
# traditional: x a1, o b1 d1 c3: +c3 leaves d1 to be jumped, +d1 ends it
check "chain: every prefix ending after a bonus is a move" "" \
    traditional "6/6/2o3/6/xo1o2 x 0 0 0 20" '*' \
    "a1-a2 a1xc1+c3 a1xc1+c3xe1 a1xc1+d1"
# custom 3x3, no bonus: the chain goes round the board and lands back on a1
check "chain: lands back on its start square" "" \
    custom:3:3:5:none:yes:none:no:loses:off:off "1o1/o1o/xo1 x 0 1 0 10" '*' \
    "a1xa3 a1xa3xc3 a1xa3xc3xc1 a1xa3xc3xc1xa1 a1xc1 a1xc1xc3 a1xc1xc3xa3 a1xc1xc3xa3xa1"
# damasi: optional-board bonus (take a1 or decline), no chain
check "damasi: optional bonus, no chain" "" \
    damasi "6/2o3/2x3/6/o5 x 0 0 0 9" '*' \
    "c3-b3 c3-c2 c3-d3 c3xc5 c3xc5+a1"
# ndar-kepp: mandatory-any, board piece a1 or hand (@)
check "ndar-kepp: mandatory-any from board or hand" "" \
    ndar-kepp "5/2o2/2x2/5/o4 x 0 1 0 30" '*' \
    "c3-b3 c3-c2 c3-d3 c3xc5+@ c3xc5+a1"
# ndar-kepp: nothing left anywhere after the jump: no bonus
check "ndar-kepp: mandatory-any with nothing left" "" \
    ndar-kepp "5/2o2/2x2/5/5 x 0 0 0 30" '*' "c3-b3 c3-c2 c3-d3 c3xc5"

# --- self-jumps --------------------------------------------------------------
# traditional (bridge): x a1 b1, o d1 f5. a1-c1 over b1 is legal only as a
# bridge: c1xe1 over d1, then the bonus must take f5. Both sides have <= 3
# pieces but the bridge is a capture, so no few-pieces draw.
check "traditional: bridge, and it counts as a capture for few-pieces" "" \
    traditional "5o/6/6/6/xx1o2 x 0 0 0 30" '*' \
    "a1-a2 a1-c1xe1+f5 b1-b2 b1-c1"
# the same position under classic: a1-c1 is a plain self-jump and nothing
# may follow it; then nobody has a capture and both have <= 3: draw
check "classic: same position is a few-pieces draw" "" \
    classic "5o/6/6/6/xx1o2 x 0 0 0 30" '1/2-1/2 few-pieces' ''
# ... and with two pieces in x's hand (4 remaining) the game goes on:
# 26 placements, a1-a2, a1-c1 (plain), b1-b2, b1-c1
check "classic: plain self-jump is a move of its own" -c \
    classic "5o/6/6/6/xx1o2 x 2 0 0 30" '*' 30
# custom bridge with chain: no: exactly one capture follows the self-jump
check "bridge with chain: no" "" \
    custom:7:1:4:none:no:none:bridge:loses:off:off "xx1o1o1 x 0 0 0 3" '*' \
    "a1-c1xe1 b1-c1"
check "bridge with chain: yes" "" \
    custom:7:1:4:none:yes:none:bridge:loses:off:off "xx1o1o1 x 0 0 0 3" '*' \
    "a1-c1xe1 a1-c1xe1xg1 b1-c1"
# the brief's example ruleset: bridge a1-c1 over b1, c1xc3 over c2, then
# mandatory-any: d4 or the hand
check "custom 4x4 example ruleset" "" \
    custom:4:4:5:none:yes:mandatory-any:bridge:loses:off:10 "3o/4/2o1/xx2 x 0 1 3 17" '*' \
    "a1-a2 a1-c1xc3+@ a1-c1xc3+d4 b1-b2 b1-c1"

# --- end of the game ---------------------------------------------------------
# capture-all: x, to move, has nothing left
check "capture-all" "" classic "6/6/6/6/o5 x 0 3 4 40" '0-1 capture-all' ''
# capture-all looks only at S: x has nothing but o is to move (29 places + 2 steps)
check "capture-all looks only at the side to move" -c \
    classic "6/6/6/6/o5 o 0 3 4 40" '*' 31
# x a1 shut in by o a2 b1 (a3 c1 behind them); o can move
check "classic blocked: o can move, x loses" "" classic "6/6/o5/o5/xoo3 x 0 0 0 20" '0-1 blocked' ''
# traditional: captured_by(first) = 12-4 = 8 < captured_by(second) = 12-1 = 11
check "traditional blocked: more captured wins" "" traditional "6/6/o5/o5/xoo3 x 0 0 0 20" '0-1 blocked' ''
check "damasi blocked: loses" "" damasi "6/6/o5/o5/xoo3 x 0 0 0 20" '0-1 blocked' ''
check "ndar-kepp blocked: loses" "" ndar-kepp "5/5/o4/o4/xoo2 x 0 0 0 20" '0-1 blocked' ''
# ndar-kepp: with a piece in hand x is not blocked, it places (20 empty points)
check "ndar-kepp: a piece in hand is never blocked" -c ndar-kepp "5/5/o4/o4/xoo2 x 1 0 0 20" '*' 20
# 2x2 board x a2 b1, o b2 a1: nobody can move
check "blocked loses" "" \
    custom:2:2:4:none:yes:mandatory-board:no:loses:off:off "xo/ox x 0 0 0 9" '0-1 blocked' ''
check "blocked loses-unless-both: both blocked, equal on board" "" \
    custom:2:2:4:none:yes:mandatory-board:no:loses-unless-both:off:off "xo/ox x 1 0 0 9" '1/2-1/2 blocked' ''
check "blocked more-captured-wins: x has captured 2, o 1" "" \
    custom:2:2:4:none:yes:mandatory-board:no:more-captured-wins:off:off "xo/ox x 1 0 0 9" '1-0 blocked' ''
check "blocked more-captured-wins: equal" "" \
    custom:2:2:4:none:yes:mandatory-board:no:more-captured-wins:off:off "xo/ox x 0 0 0 9" '1/2-1/2 blocked' ''
# x a2 blocked, o b2 can step to b1: S loses
check "blocked loses-unless-both: o can move" "" \
    custom:2:2:4:none:yes:mandatory-board:no:loses-unless-both:off:off "xo/o1 x 0 0 0 9" '0-1 blocked' ''
# 3x1 x a1 b1, o c1: both blocked, x has more on the board, whoever is to move
check "blocked loses-unless-both: S has more on the board and wins" "" \
    custom:3:1:3:none:yes:mandatory-board:no:loses-unless-both:off:off "xxo x 0 0 0 5" '1-0 blocked' ''
check "blocked loses-unless-both: O has more on the board and wins" "" \
    custom:3:1:3:none:yes:mandatory-board:no:loses-unless-both:off:off "xxo o 0 0 0 5" '1-0 blocked' ''
# few-pieces: o a1 could jump x a2 to a3 if it were to move: no draw
check "few-pieces: the side not to move has a capture" "" \
    classic "6/6/6/x5/o5 x 0 0 0 11" '*' "a2-a3 a2-b2"
# column a: x a5 a4 a2, o a3 a1: nobody can capture, 3 and 2 remaining
check "few-pieces draw" "" classic "x5/x5/o5/x5/o5 x 0 0 0 15" '1/2-1/2 few-pieces' ''
# one more x in hand: 4 remaining, no draw (25 places + a5-b5 a4-b4 a2-b2)
check "few-pieces counts the hand" -c classic "x5/x5/o5/x5/o5 x 1 0 0 15" '*' 28
# move-limit: 120 plies without a capture in ndar-kepp
check "move-limit not yet at 119" "" ndar-kepp "5/2o2/2x2/5/5 x 0 2 119 200" '*' "c3-b3 c3-c2 c3-d3 c3xc5+@"
check "move-limit at 120" "" ndar-kepp "5/2o2/2x2/5/5 x 0 2 120 200" '1/2-1/2 move-limit' ''
check "custom move-limit 10" "" \
    custom:4:4:5:none:yes:mandatory-any:bridge:loses:off:10 "3o/4/2o1/xx2 x 0 1 10 17" '1/2-1/2 move-limit' ''

# --- input handling ----------------------------------------------------------
check "upper-case X/O accepted, position echoed as given" "" \
    damasi "6/2O3/2X3/6/O5 X 0 0 0 9" '*' \
    "c3-b3 c3-c2 c3-d3 c3xc5 c3xc5+a1"
check "row too narrow is invalid" "" classic "6/6/6/6/5 x 12 12 0 1" invalid ''
