#!/bin/sh
# yote-play (TAP).  Run from the project root (prove tests/play.t) after
# `make`.  Every engine here plays at a low level or on a small budget, so
# the whole file takes a few seconds; no test asserts a timing.
#
#  1. Pipe mode: moves in, one engine reply per line out; every reply is
#     checked legal by replaying the game with yote-validate; an illegal
#     line is reported on stderr and the exit status is 1 at the end;
#     --first engine; -o writes a valid record.
#  2. The line protocol, with scripted input: exact replies for yote,
#     isready, position, rules, newgame, d and the error lines; for every
#     `go` the info lines and a bestmove that yote-analyze --moves lists as
#     legal in that position; `bestmove (none)` for a finished position;
#     `go nodes N` gives the same search in two processes.
#  3. Matches: records valid, colours paired on each opening, the summary
#     line agrees with the records, the Elo lines with the formula; -j 2
#     writes the same file as -j 1; the --max-plies adjudication; openings
#     from a file; --self-play.
#  4. Usage errors: exit 2, one message on stderr, nothing on stdout.
#  5. At a terminal (python3 and its pty module; skipped without them):
#     a game against the engine as a person plays it (moves, an illegal
#     move, moves, hint, undo, help, save, resign), a game played to its
#     end by the rules, --first engine, quit, two human-vs-human games
#     ending in an agreed draw, and the engine declining an agreement that
#     would lose it the game (traditional).
set -u
. tests/lib/env.sh
NO_COLOR=1
export NO_COLOR
scratch play-t
TMP=$tmp
PLAY=bin/yote-play
START='6/6/6/6/6 x 12 12 0 1'

if [ ! -x $PLAY ] || [ ! -x bin/yote-validate ] ||
    [ ! -x bin/yote-analyze ] || [ ! -x bin/yote-replay ]; then
	echo "1..0 # SKIP bin/yote-play and the other tools are not built"
	exit 0
fi

. tests/lib/tap.sh
run() {	# run COMMAND...: stdout, stderr, status into $TMP/out, err, $st
	"$@" >"$TMP/out" 2>"$TMP/err"
	st=$?
}
valid() {	# valid FILE: yote-validate accepts every game of FILE, silently
	bin/yote-validate "$1" >"$TMP/valid.out" 2>&1 &&
	    [ ! -s "$TMP/valid.out" ]
}
legal() {	# legal RULES POSITION MOVE: yote-analyze lists MOVE as legal
	bin/yote-analyze --rules "$1" --position "$2" --moves |
	    grep -qx -- "$3"
}
after() {	# after RULES 'MOVE...': the position string after the moves
	if [ -z "$2" ]; then
		echo "$START"
		return
	fi
	bin/yote-replay --rules "$1" --start "$START" --moves "$2" \
	    --positions | tail -n 1 | cut -f 3
}
field() {	# field KEY FILE [GAME]: the value of top-level KEY in a game
	awk -v k="$1" -v g="${3:-1}" '
	    /^---/ { doc++ }
	    (doc == g || (g == 1 && doc == 0)) && index($0, k ": ") == 1 {
		print substr($0, length(k) + 3); exit }' "$2"
}
moves_of() {	# moves_of FILE [GAME]: the moves of a game, space-separated
	bin/yote-replay --positions --game "${2:-1}" "$1" | cut -f 2 |
	    tr '\n' ' ' | sed 's/ $//'
}
empty_square() {	# empty_square POSITION: a placement square, row by row
	for sq in c3 d2 b4 e3 c2 d4 b2 e4 a1 f5 a5 f1; do
		if legal classic "$1" "$sq"; then
			echo "$sq"
			return
		fi
	done
}

# ------------------------------------------------------------ 1. pipe mode

# The first reply decides which square is free for the second move: the
# same seed gives the same first reply in the second run.
printf 'c3\n' >"$TMP/in"
run $PLAY --seed 1 <"$TMP/in"
r1=$(head -n 1 "$TMP/out")
[ "$st" = 0 ] && [ "$(wc -l <"$TMP/out")" = 1 ] && [ ! -s "$TMP/err" ]
ok $((! $?)) "pipe: c3 -> one reply line ($r1), exit 0, stderr empty" \
    "$TMP/out" "$TMP/err"
m2=$(empty_square "$(after classic "c3 $r1")")
printf 'c3\n%s\n' "$m2" >"$TMP/in"
run $PLAY --seed 1 -o "$TMP/pipe.yaml" <"$TMP/in"
r2=$(sed -n 2p "$TMP/out")
[ "$st" = 0 ] && [ "$(wc -l <"$TMP/out")" = 2 ] &&
    [ "$(head -n 1 "$TMP/out")" = "$r1" ]
ok $((! $?)) "pipe: two moves, two replies, one per line" "$TMP/out" "$TMP/err"
printf 'yote: 1\nmoves: [c3, %s, %s, %s]\n' "$r1" "$m2" "$r2" \
    >"$TMP/replies.yaml"
valid "$TMP/replies.yaml"
ok $((! $?)) "pipe: the replies are legal moves (c3 $r1 $m2 $r2 validates)" \
    "$TMP/valid.out"
valid "$TMP/pipe.yaml" && [ "$(moves_of "$TMP/pipe.yaml")" = \
    "c3 $r1 $m2 $r2" ] && [ "$(field result "$TMP/pipe.yaml")" = "'*'" ] &&
    [ "$(field termination "$TMP/pipe.yaml")" = unfinished ]
ok $((! $?)) "pipe: -o writes the game, unfinished, as a valid record" \
    "$TMP/pipe.yaml" "$TMP/valid.out"

printf 'c3\nc3\nzz\n\n%s\n' "$m2" >"$TMP/in"
run $PLAY --seed 1 <"$TMP/in"
[ "$st" = 1 ] && [ "$(cat "$TMP/out")" = "$(printf '%s\n%s' "$r1" "$r2")" ]
ok $((! $?)) "pipe: illegal lines get no reply, the game goes on, exit 1" \
    "$TMP/out" "$TMP/err"
grep -qx "yote-play: ply 3: illegal move 'c3': c3 is occupied" \
    "$TMP/err" && grep -q "^yote-play: ply 3: illegal move 'zz': " \
    "$TMP/err" && [ "$(wc -l <"$TMP/err")" = 2 ]
ok $((! $?)) "pipe: one message on stderr per illegal line" "$TMP/err"

run $PLAY --seed 1 --first engine </dev/null
e1=$(cat "$TMP/out")
[ "$st" = 0 ] && [ "$(wc -l <"$TMP/out")" = 1 ] && legal classic "$START" "$e1"
ok $((! $?)) "pipe: --first engine: the engine opens ($e1) before any input" \
    "$TMP/out" "$TMP/err"
m1=$(empty_square "$(after classic "$e1")")
printf '%s\n' "$m1" >"$TMP/in"
run $PLAY --seed 1 --first engine <"$TMP/in"
[ "$st" = 0 ] && [ "$(wc -l <"$TMP/out")" = 2 ] && legal classic \
    "$(after classic "$(head -n 1 "$TMP/out") $m1")" "$(sed -n 2p "$TMP/out")"
ok $((! $?)) "pipe: --first engine: a reply to the human's first move, legal" \
    "$TMP/out" "$TMP/err"

# ------------------------------------------------------------ 2. protocol

version=$($PLAY --version | cut -d ' ' -f 2)
cat >"$TMP/in" <<'EOF'
yote
isready
position start moves c3 d4
d
position 6/3o2/2x3/6/6 x 11 11 2 3 moves a1
d
position moves c3
d
rules ndar-kepp
d
position start moves c3
d
newgame
d

# a comment
frobnicate now
go depth 0
go depth x
go sideways 3
position start moves c3 c3
position garbage
rules nosuch
d
rules classic
position 6/6/6/6/x5 o 0 0 0 30
go depth 3
quit
isready
EOF
cat >"$TMP/want" <<EOF
id name yote-play $version
id rules classic
option name Hash type spin default 16 min 1 max 4096
option name Clear Hash type button
option name Threads type spin default 1 min 1 max 1
option name Level type combo default club var beginner var casual var club var expert var master
option name MultiPV type spin default 1 min 1 max 256
yoteok
readyok
position 6/3o2/2x3/6/6 x 11 11 2 3
position 6/3o2/2x3/6/x5 o 10 11 3 4
position 6/6/2x3/6/6 o 11 12 1 2
position 5/5/5/5/5 x 12 12 0 1
position 5/5/2x2/5/5 o 11 12 1 2
position 5/5/5/5/5 x 12 12 0 1
error unknown command 'frobnicate'
error go: depth '0': expected a number from 1 to 1000000
error go: depth 'x': expected a number from 1 to 1000000
error go: unknown budget 'sideways'
error position: move 2 'c3': c3 is occupied
error position: field 1 (rows), character 1: unknown character 'g': expected x, o or a number
error rules: unknown ruleset 'nosuch': expected classic, traditional, damasi, ndar-kepp or a ruleset file
position 5/5/5/5/5 x 12 12 0 1
bestmove (none)
EOF
run $PLAY --protocol <"$TMP/in"
diff "$TMP/want" "$TMP/out" >"$TMP/diff"
[ "$st" = 0 ] && [ ! -s "$TMP/err" ] && [ ! -s "$TMP/diff" ]
ok $((! $?)) "protocol: the replies to a script of every command and of errors" \
    "$TMP/diff" "$TMP/err"

go_check() {	# go_check RULES POSITION: $TMP/out is one go's answer
	[ "$st" = 0 ] && [ ! -s "$TMP/err" ] || return 1
	last=$(tail -n 1 "$TMP/out")
	case $last in
	"bestmove "*) ;;
	*) return 1 ;;
	esac
	sed '$d' "$TMP/out" >"$TMP/info"
	[ -s "$TMP/info" ] || return 1
	! grep -Ev '^info depth [0-9]+ score (\+|-|#\+|#-)[0-9.]+ nodes [0-9]+ time [0-9]+ nps [0-9]+ seldepth [0-9]+ multipv 1 hashfull [0-9]+ pv( [a-f][1-5][-a-f0-9x+@]*)+$' \
	    "$TMP/info" >/dev/null || return 1
	legal "$1" "$2" "${last#bestmove }"
}
pos=$(after classic "c3 d4")
printf 'position start moves c3 d4\ngo depth 3\n' >"$TMP/in"
run $PLAY --protocol <"$TMP/in"
go_check classic "$pos" &&
    [ "$(cut -d ' ' -f 3 "$TMP/info" | tr '\n' ' ')" = "1 2 3 " ]
ok $((! $?)) "protocol: go depth 3: info depth 1, 2, 3, a legal bestmove" \
    "$TMP/out" "$TMP/err"
printf 'position %s\ngo nodes 3000\n' "$pos" >"$TMP/in"
run $PLAY --protocol <"$TMP/in"
go_check classic "$pos" && awk '$7 > 3000 { exit 1 }' "$TMP/info"
ok $((! $?)) "protocol: position POS, go nodes 3000: within budget, legal" \
    "$TMP/out" "$TMP/err"
printf 'position start moves c3 d4\ngo movetime 40\n' >"$TMP/in"
run $PLAY --protocol <"$TMP/in"
go_check classic "$pos"
ok $((! $?)) "protocol: go movetime 40: info lines, a legal bestmove" \
    "$TMP/out" "$TMP/err"
printf 'rules ndar-kepp\nposition start moves c3 b2\ngo depth 2\n' >"$TMP/in"
run $PLAY --protocol <"$TMP/in"
go_check ndar-kepp '5/5/2x2/1o3/5 x 11 11 2 3'
ok $((! $?)) "protocol: rules ndar-kepp, then go: a legal ndar-kepp move" \
    "$TMP/out" "$TMP/err"
printf 'go\n' >"$TMP/in"
run $PLAY --protocol --level beginner <"$TMP/in"
go_check classic "$START" && [ "$(wc -l <"$TMP/info")" = 1 ]
ok $((! $?)) "protocol: go without a budget searches at the --level's depth" \
    "$TMP/out" "$TMP/err"
printf 'position start moves c3 d4 c2\ngo nodes 20000\n' >"$TMP/in"
$PLAY --protocol <"$TMP/in" | sed 's/ time [0-9]* nps [0-9]*//' >"$TMP/n1"
$PLAY --protocol <"$TMP/in" | sed 's/ time [0-9]* nps [0-9]*//' >"$TMP/n2"
[ -s "$TMP/n1" ] && cmp -s "$TMP/n1" "$TMP/n2"
ok $((! $?)) "protocol: go nodes 20000 twice, two processes: the same search" \
    "$TMP/n1" "$TMP/n2"

# ------------------------------------------------------------ 3. matches

run $PLAY --match beginner,casual --games 4 --max-plies 200 -o "$TMP/m.yaml"
cp "$TMP/out" "$TMP/m.out"
[ "$st" = 0 ] && [ ! -s "$TMP/err" ] && valid "$TMP/m.yaml" &&
    bin/yote-validate --summary "$TMP/m.yaml" | grep -q '^4 games, 4 valid'
ok $((! $?)) "match: 4 games, every record valid" "$TMP/m.out" "$TMP/err" \
    "$TMP/valid.out"
wdl() {	# wdl FILE: "W D L" from a match summary
	sed -n '1s/.* games: +\([0-9]*\) =\([0-9]*\) -\([0-9]*\) (score.*/\1 \2 \3/p' \
	    "$1"
}
elo_ok() {	# elo_ok FILE: line 2 is the Elo line that line 1's W, D, L give
	set -- "$1" $(wdl "$1")
	[ $# = 4 ] && [ "$(wc -l <"$1")" = 2 ] || return 1
	awk -v w="$2" -v d="$3" -v l="$4" '
	    NR == 2 {
		n = w + d + l
		s = (w + d / 2) / n
		if (s == 0 || s == 1) {
			exit $0 != "Elo difference: " (s ? \
			    "+inf (no game lost)" : "-inf (no game won)")
		}
		e = 400 * log(s / (1 - s)) / log(10)
		v = (w * (1 - s) ^ 2 + d * (0.5 - s) ^ 2 + l * s ^ 2) / n
		m = 1.96 * sqrt(v / n) * 400 / (log(10) * s * (1 - s))
		exit $0 != sprintf("Elo difference: %+.0f +/- %.0f (95%%)",
		    e, m)
	    }' "$1"
}
summary=$(head -n 1 "$TMP/m.out")
set -- $(wdl "$TMP/m.out")
w=${1:-x} d=${2:-x} l=${3:-x}
echo "$summary" | grep -Eq '^beginner vs casual, classic rules, 4 games: \+[0-9]+ =[0-9]+ -[0-9]+ \(score [0-9.]+%\)$' &&
    [ $((w + d + l)) = 4 ]
ok $((! $?)) "match: summary '$summary', W+D+L = 4" "$TMP/m.out"
# the wins of beginner (level A) counted from the records
aw=0 ad=0
for g in 1 2 3 4; do
	res=$(field result "$TMP/m.yaml" $g)
	fst=$(field first "$TMP/m.yaml" $g)
	case "$res/$fst" in
	"1-0/yote-play beginner" | "0-1/yote-play casual") aw=$((aw + 1)) ;;
	1/2-1/2/*) ad=$((ad + 1)) ;;
	esac
done
[ "$aw" = "$w" ] && [ "$ad" = "$d" ]
ok $((! $?)) "match: wins and draws in the summary are those of the records" \
    "$TMP/m.out"
elo_ok "$TMP/m.out"
ok $((! $?)) "match: the Elo line follows the formula and its 95% margin" \
    "$TMP/m.out"
[ "$(field first "$TMP/m.yaml" 1)" = "yote-play beginner" ] &&
    [ "$(field first "$TMP/m.yaml" 2)" = "yote-play casual" ] &&
    [ "$(field first "$TMP/m.yaml" 3)" = "yote-play beginner" ] &&
    [ "$(field second "$TMP/m.yaml" 4)" = "yote-play beginner" ] &&
    [ "$(field start "$TMP/m.yaml" 1)" = "$(field start "$TMP/m.yaml" 2)" ] &&
    [ "$(field start "$TMP/m.yaml" 3)" = "$(field start "$TMP/m.yaml" 4)" ] &&
    [ "$(field round "$TMP/m.yaml" 4)" = '"4"' ] &&
    [ "$(field event "$TMP/m.yaml" 1)" = "yote-play match" ]
ok $((! $?)) "match: each opening played with both colours, rounds numbered" \
    "$TMP/m.yaml"
bin/yote-validate --list "$TMP/m.yaml" | awk -F '\t' '$6 > 200 { exit 1 }'
ok $((! $?)) "match: no game longer than --max-plies 200" "$TMP/m.yaml"
run $PLAY --match beginner,casual --games 4 --max-plies 200 -j 2 \
    -o "$TMP/m2.yaml"
[ "$st" = 0 ] && cmp -s "$TMP/m.yaml" "$TMP/m2.yaml" &&
    cmp -s "$TMP/m.out" "$TMP/out"
ok $((! $?)) "match: -j 2 writes the same records and summary as -j 1" \
    "$TMP/out" "$TMP/err"
! ls "$TMP" | grep -q '\.tmp'
ok $((! $?)) "match: -o leaves no temporary file behind"

# equal levels, mixed results: the Elo line with a finite difference
run $PLAY --match casual,casual --games 10 -j 2
elo_ok "$TMP/out"
ok $((! $?)) "match: casual against casual, $(wdl "$TMP/out" | tr ' ' /): the Elo line" \
    "$TMP/out" "$TMP/err"

run $PLAY --match club,club --games 2 --max-plies 6 -o "$TMP/adj.yaml"
[ "$st" = 0 ] && valid "$TMP/adj.yaml" &&
    [ "$(field termination "$TMP/adj.yaml" 2)" = adjudication ] &&
    [ "$(field result "$TMP/adj.yaml" 1)" = 1/2-1/2 ] &&
    [ "$(bin/yote-validate --list "$TMP/adj.yaml" | cut -f 6 |
    tr '\n' ' ')" = "6 6 " ] &&
    grep -q 'games: +0 =2 -0 (score 50.0%)$' "$TMP/out"
ok $((! $?)) "match: --max-plies 6: drawn by adjudication after 6 plies" \
    "$TMP/adj.yaml" "$TMP/out" "$TMP/err" "$TMP/valid.out"
run $PLAY --match beginner,beginner --games 3 --random-plies 0 \
    -o "$TMP/r0.yaml"
[ "$st" = 0 ] && valid "$TMP/r0.yaml" &&
    [ "$(bin/yote-validate --list "$TMP/r0.yaml" | wc -l)" = 4 ] &&
    ! grep -q '^start:' "$TMP/r0.yaml"
ok $((! $?)) "match: --games 3 is rounded up to 4; --random-plies 0: no start:" \
    "$TMP/r0.yaml" "$TMP/err"

# openings from a collection: two usable games, one under another ruleset,
# one with an illegal move (reported, skipped)
cat >"$TMP/open.yaml" <<'EOF'
---
yote: 1
rules: damasi
moves: [a1, b1]
---
yote: 1
moves: [c3, d4, c2, b4]
---
yote: 1
moves: [c3, c3]
---
yote: 1
result: 0-1
termination: resignation
moves: [a1, f5, b1, e5, c1]
EOF
run $PLAY --match beginner,casual --games 4 --openings "$TMP/open.yaml" \
    -o "$TMP/mo.yaml"
o1=$(after classic "c3 d4 c2 b4")
o2=$(after classic "a1 f5 b1 e5 c1")
[ "$st" = 0 ] && valid "$TMP/mo.yaml" &&
    [ "$(field start "$TMP/mo.yaml" 1)" = "$o1" ] &&
    [ "$(field start "$TMP/mo.yaml" 2)" = "$o1" ] &&
    [ "$(field start "$TMP/mo.yaml" 3)" = "$o2" ] &&
    [ "$(field start "$TMP/mo.yaml" 4)" = "$o2" ]
ok $((! $?)) "match: --openings FILE: each game's final position, both colours" \
    "$TMP/mo.yaml" "$TMP/out" "$TMP/err" "$TMP/valid.out"
grep -q "game 3: not used as an opening" "$TMP/err" &&
    [ "$(wc -l <"$TMP/err")" = 1 ]
ok $((! $?)) "match: --openings: a game with an illegal move is reported, skipped" \
    "$TMP/err"
printf 'yote: 1\nmoves: [c3, c3]\n' >"$TMP/bad.yaml"
run $PLAY --match beginner,casual --games 2 --openings "$TMP/bad.yaml"
[ "$st" = 1 ] && grep -q 'no usable opening for classic' "$TMP/err"
ok $((! $?)) "match: --openings without a usable game: exit 1" "$TMP/err"

run $PLAY --self-play 3 --level beginner
cp "$TMP/out" "$TMP/sp.yaml"
[ "$st" = 0 ] && [ ! -s "$TMP/err" ] && valid "$TMP/sp.yaml" &&
    [ "$(bin/yote-validate --list "$TMP/sp.yaml" | wc -l)" = 3 ] &&
    [ "$(field event "$TMP/sp.yaml" 3)" = "yote-play self-play" ] &&
    [ "$(field first "$TMP/sp.yaml" 2)" = "yote-play beginner" ]
ok $((! $?)) "self-play 3: three valid records on stdout, nothing else" \
    "$TMP/sp.yaml" "$TMP/err" "$TMP/valid.out"
run $PLAY --self-play 2 --level beginner --rules ndar-kepp -o "$TMP/sp2.yaml"
[ "$st" = 0 ] && [ ! -s "$TMP/out" ] && valid "$TMP/sp2.yaml" &&
    [ "$(field rules "$TMP/sp2.yaml" 2)" = ndar-kepp ]
ok $((! $?)) "self-play -o FILE --rules ndar-kepp: valid records in FILE" \
    "$TMP/sp2.yaml" "$TMP/out" "$TMP/err"

# ------------------------------------------------------------ 4. usage

usage() {	# usage DESCRIPTION PATTERN ARGS...: exit 2, message, no stdout
	d=$1 pat=$2
	shift 2
	run $PLAY "$@" </dev/null
	[ "$st" = 2 ] && [ ! -s "$TMP/out" ] &&
	    grep -q "^yote-play: .*$pat" "$TMP/err"
	ok $((! $?)) "usage error (exit 2): $d" "$TMP/out" "$TMP/err"
}
usage "--level grandmaster" "--level: expected beginner" --level grandmaster
usage "--match with an unknown level" "unknown level 'nosuch'" \
    --match club,nosuch --games 2
usage "--match with one level" "expected two levels" --match club --games 2
usage "--match without --games" "--match needs --games" --match club,expert
usage "--games without --match" "--games goes with --match" --games 4
usage "--match and --protocol" "exclude each other" \
    --match club,club --games 2 --protocol
usage "--self-play and --human-vs-human" "exclude each other" \
    --self-play 2 --human-vs-human
usage "--openings without a match" "--openings goes with" --openings x.yaml
usage "--first nobody" "--first: expected human or engine" --first nobody
usage "--games 0" "--games: expected a number" --match a,b --games 0
usage "--human-vs-human without a terminal" "needs a terminal" \
    --human-vs-human
usage "an argument" "unexpected argument 'x'" x

# ------------------------------------------------------------ 5. terminal

if ! command -v python3 >/dev/null 2>&1 ||
    ! python3 -c 'import pty, select' 2>/dev/null; then
	skip "the terminal sessions need python3 with its pty module"
	tap_done
	exit 0
fi

python3 - "$tap_n" "$TMP" <<'EOF'
import os, re, subprocess, sys

sys.dont_write_bytecode = True
sys.path.insert(0, "tests/lib")
from ptysession import Session, Tap, plain  # noqa: E402

TOOL = "bin/yote-play"
TIMEOUT = 20.0          # seconds to wait for any one screen
PROMPT = re.compile(rb"(^|\n)(white|black|red)> $")
QUESTION = re.compile(rb"accept \(y/n\)\? $")
START = "6/6/6/6/6 x 12 12 0 1"

tap = Tap(int(sys.argv[1]))
ok = tap.ok
TMP = sys.argv[2]


def diagram(screen):
    """The last board diagram of a screen, rows and hands, as text."""
    lines = plain(screen).split("\n")
    top = max(i for i, l in enumerate(lines) if l.startswith(" 5  "))
    return "\n".join(lines[top:top + 8])


def cells(screen):
    """{square: 'x' or 'o'} of the last diagram (classic, 6x5)."""
    out = {}
    for line in diagram(screen).split("\n")[:5]:
        row = line[1]
        for i, c in enumerate(line[4:].split()):
            if c in "xo":
                out["abcdef"[i] + row] = c
    return out


def legal_moves(rules, moves):
    """yote-analyze's legal moves after the moves, from the start."""
    pos = START
    if moves:
        pos = subprocess.run(
            ["bin/yote-replay", "--rules", rules, "--start", START,
             "--moves", " ".join(moves), "--positions"],
            stdout=subprocess.PIPE, check=True).stdout.decode() \
            .splitlines()[-1].split("\t")[2]
    return subprocess.run(
        ["bin/yote-analyze", "--rules", rules, "--position", pos,
         "--moves"], stdout=subprocess.PIPE, check=True).stdout.decode() \
        .split()


def record(path):
    """Top-level keys of a one-game record, and its moves (yote-replay)."""
    keys = {}
    with open(path) as f:
        for line in f:
            m = re.match(r"^([a-z]+): (.*)$", line.rstrip("\n"))
            if m:
                keys[m.group(1)] = m.group(2)
    out = subprocess.run(["bin/yote-replay", "--positions", path],
                         stdout=subprocess.PIPE).stdout.decode()
    keys["moves"] = [l.split("\t")[1] for l in out.splitlines()]
    return keys


def validates(path):
    p = subprocess.run(["bin/yote-validate", path], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT)
    return p.returncode == 0 and p.stdout == b"", p.stdout.decode()


def saved(path):
    """Whether the record a session wrote validates, why not, and its
    keys and moves (empty unless it validates)."""
    if not os.path.exists(path):
        return False, "no file " + path, {}
    good, why = validates(path)
    return good, why, record(path) if good else {}


def ok_record(path, desc, **want):
    """One test: the record at path validates and has the wanted keys."""
    good, why, rec = saved(path)
    return ok(good and all(rec.get(k) == v for k, v in want.items()), desc,
              why + repr(rec))


class PlaySession(Session):
    """yote-play on a pseudo-terminal."""

    def __init__(self, args):
        Session.__init__(self, [TOOL] + args,
                         dict(os.environ, NO_COLOR="1", TERM="dumb"),
                         PROMPT, TIMEOUT)

    def tail(self):
        return plain(self.log)[-3000:]

    def last(self, command):
        """Type the command that ends the session and read to its end;
        whether the tool then exited with status 0."""
        self.type(command, re.compile(rb"\n$"))
        self.rest()
        return self.wait() and self.status == 0


def engine_reply(screen):
    m = re.search(r"yote-play \(beginner\) plays (\S+)\n", plain(screen or ""))
    return m.group(1) if m else None


def free_square(screen):
    taken = cells(screen)
    for sq in ("c3", "d2", "b4", "e3", "c2", "d4", "b2", "e4", "a1", "f5"):
        if sq not in taken:
            return sq


# ---- a game against the engine, as a person plays it
game = os.path.join(TMP, "game.yaml")
mid = os.path.join(TMP, "mid.yaml")
s = PlaySession(["--level", "beginner", "--seed", "7", "-o", game])
played = []
try:
    scr = s.screen()
    text = plain(scr or "")
    ok(scr is not None and text.startswith("Yoté, classic rules: ") and
       "Human plays white, yote-play (beginner) plays black." in text and
       " 5  . . . . . .\n" in text and "    a b c d e f\n" in text and
       "   > white (x): 0 on board, 12 in hand, 0 captured\n" in text and
       text.endswith("Ply 1: white (Human) to move.\nwhite> "),
       "start: ruleset, who plays what, the empty board, hands, prompt",
       text)
    for k in range(2):
        mv = free_square(scr)
        scr = s.type(mv)
        reply = engine_reply(scr)
        played += [mv, reply]
        ok(scr is not None and reply in legal_moves("classic", played[:-1])
           and cells(scr).get(mv) == "x" and
           plain(scr).endswith("Ply %d: white (Human) to move.\nwhite> "
                               % (len(played) + 1)),
           "move %s: on the board; the engine answers %s, a legal move"
           % (mv, reply), s.tail())

    legal = legal_moves("classic", played)
    mine = [sq for sq, c in sorted(cells(scr).items()) if c == "x"]
    sq = mine[0]
    scr = s.type(sq)
    m = re.search(r"Illegal: %s is occupied\. Legal from %s:((?: \S+)+)\n"
                  % (sq, sq), plain(scr or ""))
    want = sorted(x for x in legal if re.match(sq + "[-x]", x))
    ok(m is not None and sorted(m.group(1).split()) == want[:12],
       "illegal move %s: short reason and the legal moves from %s" % (sq, sq),
       "want: %s\n%s" % (" ".join(want), s.tail()))
    scr = s.type("zz")
    ok(scr is not None and "'zz' is not a move: " in scr and
       plain(scr).endswith("Ply 5: white (Human) to move.\nwhite> "),
       "not a move: said so, still white to move at ply 5", s.tail())

    scr = s.type("moves")
    m = re.search(r"(\d+) legal moves:\n((?:  .*\n)+)", plain(scr or ""))
    ok(m is not None and int(m.group(1)) == len(legal) and
       sorted(m.group(2).split()) == sorted(legal),
       "moves: every legal move (%d, as yote-analyze --moves)" % len(legal),
       s.tail())
    scr = s.type("hint")
    m = re.search(r"Hint: (\S+) \([-+#0-9.]+ for white\)\n", plain(scr or ""))
    ok(m is not None and m.group(1) in legal,
       "hint: a legal move with its score", s.tail())

    before = scr
    mv = free_square(scr)
    scr = s.type(mv)
    reply = engine_reply(scr)
    ok(reply is not None and diagram(scr) != diagram(before),
       "move %s, the engine answers %s" % (mv, reply), s.tail())
    scr = s.type("undo")
    ok(scr is not None and "Taken back: 2 plies." in scr and
       diagram(scr) == diagram(before) and
       plain(scr).endswith("Ply 5: white (Human) to move.\nwhite> "),
       "undo: the full move is taken back, the board is as it was",
       "want:\n%s\n%s" % (diagram(before), s.tail()))

    scr = s.type("help")
    ok(scr is not None and "Commands: moves" in scr and "undo" in scr and
       "save FILE" in scr and "c3xc5+e1" in scr,
       "help: the notation and the commands", s.tail())
    scr = s.type("save " + mid)
    good, why, rec = saved(mid)
    ok(scr is not None and ("Saved to %s." % mid) in scr and good and
       rec.get("moves") == played and rec.get("result") == "'*'" and
       rec.get("termination") == "unfinished",
       "save FILE mid-game: a valid record of the game so far, unfinished",
       why + s.tail())

    mv = free_square(scr)
    scr = s.type(mv)
    played += [mv, engine_reply(scr)]
    ok(s.last("resign"), "resign: exit status 0", "status %r" % s.status)
    text = plain(s.log)
    ok("white resigns. Result: 0-1.\n" in text and
       ("The game is in %s.\n" % game) in text,
       "resign: the result in words, the record written", s.tail())
finally:
    s.close()
good, why, rec = saved(game)
ok(good, "-o: the game's record validates", why)
ok(rec.get("event") == "yote-play" and
   re.match(r"^\d{4}-\d\d-\d\d$", rec.get("date", "")) and
   rec.get("first") == "Human" and
   rec.get("second") == "yote-play (beginner)" and
   rec.get("rules") == "classic" and rec.get("result") == "0-1" and
   rec.get("termination") == "resignation" and
   rec.get("moves") == played,
   "-o: event, date, first, second, rules, result 0-1, resignation, moves",
   "%r\nplayed %r" % (rec, played))

# ---- --first engine: the engine opens; the human (black) resigns
first = os.path.join(TMP, "first.yaml")
s = PlaySession(["--level", "beginner", "--seed", "3", "--first", "engine",
             "-o", first])
try:
    scr = s.screen()
    reply = engine_reply(scr)
    ok(scr is not None and "yote-play (beginner) plays white, Human plays "
       "black." in plain(scr) and reply in legal_moves("classic", []) and
       plain(scr).endswith("Ply 2: black (Human) to move.\nblack> "),
       "--first engine: the engine plays white and opens", s.tail())
    scr = s.type("undo")
    ok(scr is not None and "Nothing to take back." in scr,
       "--first engine: the engine's opening cannot be taken back",
       s.tail())
    ok(s.last("resign") and "black resigns. Result: 1-0.\n" in plain(s.log),
       "--first engine: black resigns, 1-0", s.tail())
finally:
    s.close()
ok_record(first, "--first engine: the record validates, 1-0 by resignation",
          result="1-0", termination="resignation",
          first="yote-play (beginner)", second="Human", moves=[reply])

# ---- a game to its end by the rules: the human plays the hints
full = os.path.join(TMP, "full.yaml")
s = PlaySession(["--level", "beginner", "--seed", "7", "-a", "-o", full])
try:
    scr = s.screen()
    k = 0
    while scr is not None and PROMPT.search(scr.encode()) and k < 150:
        scr = s.type("hint")
        m = re.search(r"Hint: (\S+)", scr or "")
        if m is None:
            break
        scr = s.type(m.group(1), re.compile(
            rb"((^|\n)(white|black)> |The game is in [^\n]*\n)$"))
        k += 1
    s.rest()
    ok(s.wait() and s.status == 0, "a game to the end: exit status 0",
       s.tail())
    m = re.search(r"\nResult: (1-0|0-1|1/2-1/2), ([a-z-]+): .+\.\n",
                  s.log.replace("\r", ""))
    ok(m is not None and "\u25cf" not in s.log and "\x1b[" not in s.log,
       "a game to the end: the result and how it ended, in words (-a: "
       "ASCII board)", s.tail())
finally:
    s.close()
ok_record(full, "a game to the end: the record validates, with that result",
          result=m and m.group(1), termination=m and m.group(2))

# ---- quit: the game is left unfinished
quit_rec = os.path.join(TMP, "quit.yaml")
s = PlaySession(["--level", "beginner", "--seed", "1", "-o", quit_rec])
try:
    s.screen()
    ok(s.last("quit") and
       "Game left unfinished after 0 plies.\n" in plain(s.log),
       "quit: the game is left unfinished, exit 0", s.tail())
finally:
    s.close()
ok_record(quit_rec, "quit: the record validates, '*' unfinished",
          result="'*'", termination="unfinished", moves=[])

# ---- human against human: a draw offered, declined, offered, accepted
hh = os.path.join(TMP, "hh.yaml")
s = PlaySession(["--human-vs-human", "-o", hh])
try:
    scr = s.screen()
    ok(scr is not None and "first player plays white, second player plays "
       "black." in scr, "--human-vs-human: two players", s.tail())
    s.type("c3")
    scr = s.type("d4")
    scr = s.type("undo")
    ok(scr is not None and "Taken back: 1 ply." in scr and
       plain(scr).endswith("Ply 2: black (second player) to move.\n"
                           "black> "),
       "--human-vs-human: undo takes back one ply", s.tail())
    s.type("d4")
    scr = s.type("draw", QUESTION)
    ok(scr is not None and scr.endswith("white offers a draw. black, accept "
                                        "(y/n)? "),
       "draw: the other player is asked", s.tail())
    scr = s.type("n")
    ok(scr is not None and "Draw declined." in scr and
       plain(scr).endswith("Ply 3: white (first player) to move.\nwhite> "),
       "draw declined: the game goes on", s.tail())
    s.type("draw", QUESTION)
    ok(s.last("y") and "Draw agreed. Result: 1/2-1/2.\n" in plain(s.log),
       "draw accepted (y): 1/2-1/2 under classic", s.tail())
finally:
    s.close()
ok_record(hh, "human-vs-human: the record validates, 1/2-1/2 by agreement",
          result="1/2-1/2", termination="agreement", first="first player",
          moves=["c3", "d4"])

# ---- under traditional an agreement goes to the side with more captures
tr = os.path.join(TMP, "trad.yaml")
s = PlaySession(["--human-vs-human", "--rules", "traditional", "-o", tr])
try:
    s.screen()
    for mv in ("c3", "c4", "c3xc5"):
        scr = s.type(mv)
    s.type("draw", QUESTION)
    ok(s.last("y") and
       "Agreed: no more captures; white has captured more. Result: 1-0.\n"
       in plain(s.log),
       "traditional: an agreement after white's capture gives 1-0",
       s.tail())
finally:
    s.close()
ok_record(tr, "traditional: the record validates, 1-0 by agreement",
          result="1-0", termination="agreement", rules="traditional")

# ---- the engine does not agree to lose: under traditional, a draw offered
#      by the side that has captured more is declined
s = PlaySession(["--rules", "traditional", "--level", "beginner", "--seed", "7",
             "-a"])
try:
    scr = s.screen()
    ahead = False
    for k in range(60):
        if scr is None or not PROMPT.search(scr.encode()):
            break
        caps = re.findall(r"(\d+) captured\n", plain(scr))[-2:]
        if len(caps) == 2 and int(caps[0]) > int(caps[1]):
            ahead = True
            break
        m = re.search(r"Hint: (\S+)", s.type("hint") or "")
        if m is None:
            break
        scr = s.type(m.group(1))       # None once the game is over
    if ahead:
        scr = s.type("draw")
        ok(scr is not None and "Draw declined." in scr and
           "Result" not in scr,
           "traditional: the engine declines an agreement it would lose "
           "(white has captured %s, black %s)" % tuple(caps), s.tail())
    else:
        tap.skip("white never got ahead in captures")
    s.last("quit")
finally:
    s.close()

tap.done()
EOF
