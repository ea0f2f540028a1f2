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
    "$TMP/err" && grep -qx "yote-play: ply 3: bad move 'zz': expected a row number after the column letter at character 2" \
    "$TMP/err" && [ "$(wc -l <"$TMP/err")" = 2 ]
ok $((! $?)) "pipe: one message on stderr per illegal line, a bad move told from an illegal one as yote-validate tells them" "$TMP/err"

# a move is the whole line: 'c3 junk' and 'c3 -c4' are refused whole,
# not played as their first word
printf 'c3 junk\nc3 -c4\nc3\n' >"$TMP/in"
run $PLAY --seed 1 <"$TMP/in"
[ "$st" = 1 ] && [ "$(cat "$TMP/out")" = "$r1" ] &&
    grep -qx "yote-play: ply 1: bad move 'c3 junk': expected '-', 'x' or the end of the move at character 3" "$TMP/err" &&
    grep -qx "yote-play: ply 1: bad move 'c3 -c4': expected '-', 'x' or the end of the move at character 3" "$TMP/err" &&
    [ "$(wc -l <"$TMP/err")" = 2 ]
ok $((! $?)) "pipe: a line with a blank inside is one move, refused whole (c3 is not played)" \
    "$TMP/out" "$TMP/err"

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

# commands in pipe mode, blanks around them trimmed
printf '  c3 \t\nmoves\nhint\n' >"$TMP/in"
run $PLAY --seed 1 <"$TMP/in"
mv_list=$(bin/yote-analyze --position "$(after classic "c3 $r1")" --moves |
    sort | tr '\n' ' ' | sed 's/ $//')
[ "$st" = 0 ] && [ "$(sed -n 1p "$TMP/out")" = "$r1" ] &&
    [ "$(sed -n 2p "$TMP/out" | cut -d ' ' -f 2- | tr ' ' '\n' | sort |
    tr '\n' ' ' | sed 's/ $//')" = "$mv_list" ] &&
    sed -n 3p "$TMP/out" | grep -Eq '^hint [a-f][1-5][-a-f0-9x+@]* [-+#0-9.]+$' &&
    [ "$(wc -l <"$TMP/out")" = 3 ]
ok $((! $?)) "pipe: blanks trimmed; moves: the legal moves on a line; hint" \
    "$TMP/out" "$TMP/err"
printf 'c3\nresign\nd2\n' >"$TMP/in"
run $PLAY --seed 1 -o "$TMP/resign.yaml" <"$TMP/in"
[ "$st" = 0 ] && [ "$(cat "$TMP/out")" = "$(printf '%s\nresult 0-1 resignation' "$r1")" ] &&
    valid "$TMP/resign.yaml" &&
    [ "$(field termination "$TMP/resign.yaml")" = resignation ]
ok $((! $?)) "pipe: resign ends the game (0-1 resignation), the record says so" \
    "$TMP/out" "$TMP/err" "$TMP/resign.yaml"
printf 'undo\nc3\nundo\nc3\n' >"$TMP/in"
run $PLAY --seed 1 -o "$TMP/undo.yaml" <"$TMP/in"
[ "$st" = 1 ] && [ "$(cat "$TMP/out")" = "$(printf '%s\n%s' "$r1" "$r1")" ] &&
    grep -qx "yote-play: ply 1: undo: nothing to take back" "$TMP/err" &&
    [ "$(wc -l <"$TMP/err")" = 1 ] &&
    [ "$(moves_of "$TMP/undo.yaml")" = "c3 $r1" ]
ok $((! $?)) "pipe: undo takes back a move and its reply; nothing to undo: exit 1" \
    "$TMP/out" "$TMP/err"
printf 'draw\n' >"$TMP/in"
run $PLAY --seed 1 --rules traditional <"$TMP/in"
# an agreement at the start under traditional is a draw (no captures):
# the engine takes it unless it thinks itself better
case $(cat "$TMP/out") in
"draw declined" | "result 1/2-1/2 agreement") good=0 ;;
*) good=1 ;;
esac
[ "$st" = 0 ] && [ $good = 0 ]
ok $((! $?)) "pipe: draw: declined, or agreed with its result line" \
    "$TMP/out" "$TMP/err"
printf 'save\nc3 # a comment\nquit\nd2\n' >"$TMP/in"
run $PLAY --seed 1 <"$TMP/in"
[ "$st" = 1 ] && [ "$(cat "$TMP/out")" = "$r1" ] &&
    grep -q 'save needs a file name' "$TMP/err"
ok $((! $?)) "pipe: a comment after a move; quit ends the game; save needs FILE" \
    "$TMP/out" "$TMP/err"
# a save that fails is a file not written, exit 3 as every other (it was
# 1); the game goes on
printf 'c3\nsave %s/nodir/x.yaml\nquit\n' "$TMP" >"$TMP/in"
run $PLAY --seed 1 <"$TMP/in"
[ "$st" = 3 ] && grep -q 'nodir/x.yaml: cannot write: No such file or directory' \
    "$TMP/err" && [ "$(wc -l <"$TMP/out")" = 1 ]
ok $((! $?)) "pipe: save FILE that cannot be written: said, the game goes on, exit 3" \
    "$TMP/out" "$TMP/err"

# long lines are one line, refused whole: 511 letters then resign, and a
# line of 5000 bytes, get no reply and do not resign; a line of exactly
# 4096 bytes is read (an illegal move)
long=$(printf '%0511d' 0 | tr 0 a)
huge=$(printf '%05000d' 0 | tr 0 a)
max=$(printf '%04096d' 0 | tr 0 a)
printf '%sresign\n%s\n%s\nc3\n' "$long" "$huge" "$max" >"$TMP/in"
run $PLAY --seed 1 <"$TMP/in"
[ "$st" = 1 ] && [ "$(cat "$TMP/out")" = "$r1" ] &&
    [ "$(grep -c "bad move 'a" "$TMP/err")" = 2 ] &&
    grep -qx "yote-play: <stdin>:2: a line of more than 4096 bytes: ignored whole" \
    "$TMP/err" && [ "$(wc -l <"$TMP/err")" = 3 ]
ok $((! $?)) "pipe: long lines: 511 letters + resign is one illegal line, 5000 bytes refused whole" \
    "$TMP/out" "$TMP/err"

# a line with a NUL byte is refused whole, not read as cut there:
# 'resign<NUL>x' does not resign (line.c's LINE_NUL, as the protocol's
# and --merge-summaries' lines)
printf 'resign\000x\nc3\n' >"$TMP/in"
run $PLAY --seed 1 <"$TMP/in"
[ "$st" = 1 ] && [ "$(cat "$TMP/out")" = "$r1" ] &&
    grep -qx "yote-play: <stdin>:1: a NUL byte: the line is ignored whole" \
    "$TMP/err" && [ "$(wc -l <"$TMP/err")" = 1 ]
ok $((! $?)) "pipe: a line holding a NUL byte is refused whole (resign<NUL>x does not resign)" \
    "$TMP/out" "$TMP/err"

# names and the seed in a pipe game's record
printf 'c3\n' >"$TMP/in"
run $PLAY --seed 77 --first-player 'Awa Diop' --event 'Club night' \
    --round 2 --site Dakar -o "$TMP/names.yaml" <"$TMP/in"
[ "$st" = 0 ] && valid "$TMP/names.yaml" &&
    [ "$(field first "$TMP/names.yaml")" = "Awa Diop" ] &&
    [ "$(field second "$TMP/names.yaml")" = "yote-play (club)" ] &&
    [ "$(field event "$TMP/names.yaml")" = "Club night" ] &&
    [ "$(field site "$TMP/names.yaml")" = "Dakar" ] &&
    [ "$(field round "$TMP/names.yaml")" = '"2"' ] &&
    [ "$(field seed "$TMP/names.yaml")" = 77 ]
ok $((! $?)) "pipe: --first-player, --event, --round, --site and the seed in the record" \
    "$TMP/names.yaml" "$TMP/err"

# a full disk: a file that cannot grow (ulimit -f 0, SIGXFSZ ignored) and
# standard output on /dev/full: the reason, exit 3, the old file kept
echo old >"$TMP/full.yaml"
full() {	# full ARGS...: yote-play unable to grow a file; its stderr and
	# status (a pipe: the limit holds for files only) into $TMP/err
	(ulimit -f 0 && trap '' XFSZ && $PLAY "$@" 2>&1 >/dev/null
	    echo "exit $?") <"$TMP/in" | cat >"$TMP/err"
}
full --seed 1 -o "$TMP/full.yaml"
[ "$(cat "$TMP/full.yaml")" = old ] && [ "$(cat "$TMP/err")" = "$(printf \
    'yote-play: %s: File too large; the old file is left as it was\nexit 3' \
    "$TMP/full.yaml")" ]
ok $((! $?)) "pipe -o on a full disk: the reason, exit 3, the old file kept" \
    "$TMP/err"
full --self-play 2 --level beginner -o "$TMP/full.yaml"
[ "$(cat "$TMP/full.yaml")" = old ] && [ "$(cat "$TMP/err")" = "$(printf \
    'yote-play: %s: File too large; the old file is left as it was\nexit 3' \
    "$TMP/full.yaml")" ]
ok $((! $?)) "self-play -o on a full disk: the reason, exit 3, the old file kept" \
    "$TMP/err"
run $PLAY --self-play 2 --level beginner
cp "$TMP/out" "$TMP/sp2.yaml"
$PLAY --self-play 2 --level beginner >/dev/full 2>"$TMP/err"
st=$?
[ "$st" = 3 ] && [ "$(cat "$TMP/err")" = \
    "yote-play: write error on standard output: No space left on device" ]
ok $((! $?)) "self-play >/dev/full: the reason once, exit 3" "$TMP/err"
$PLAY --match beginner,beginner --games 2 -q >/dev/full 2>"$TMP/err"
st=$?
[ "$st" = 3 ] && [ "$(cat "$TMP/err")" = \
    "yote-play: write error on standard output: No space left on device" ]
ok $((! $?)) "match summary >/dev/full: said, exit 3" "$TMP/err"
# -o onto a device is written directly (tool.c): /dev/full stays a device
for args in "--self-play 2 --level beginner" "--seed 1"; do
	printf 'c3\n' | $PLAY $args -o /dev/full >/dev/null 2>"$TMP/err"
	st=$?
	[ "$st" = 3 ] && [ -c /dev/full ] && [ "$(cat "$TMP/err")" = \
	    "yote-play: /dev/full: No space left on device; what was written of it is cut short" ]
	ok $((! $?)) "$args -o /dev/full: the reason once, exit 3" "$TMP/err"
done
printf 'c3\n' >"$TMP/in"
$PLAY --seed 1 <"$TMP/in" >/dev/full 2>"$TMP/err"
st=$?
[ "$st" = 3 ] && grep -q 'write error on standard output' "$TMP/err"
ok $((! $?)) "pipe >/dev/full: said, exit 3" "$TMP/err"

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
position start c3
position fen
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
option name Level type combo default club var beginner var casual var club var expert var master var greedy
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
error position: move 2: illegal move 'c3': c3 is occupied
error position: field 1 (rows), character 1: unknown character 'g': expected x, o or a number
error position: 'c3' after start: expected 'moves' before the moves (position start moves c3)
error position: fen without a position (position fen POS [moves M ...])
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
cp "$TMP/err" "$TMP/m.err"
[ "$st" = 0 ] && valid "$TMP/m.yaml" &&
    bin/yote-validate --summary "$TMP/m.yaml" | grep -q '^4 games, 4 valid'
ok $((! $?)) "match: 4 games, every record valid" "$TMP/m.out" "$TMP/err" \
    "$TMP/valid.out"
wdl() {	# wdl FILE: "W D L" from a match summary
	sed -n '1s/.* games: +\([0-9]*\) =\([0-9]*\) -\([0-9]*\) (score.*/\1 \2 \3/p' \
	    "$1"
}
elo_ok() {	# elo_ok FILE: line 2 is the Elo and LOS line of line 1's W, D, L
	set -- "$1" $(wdl "$1")
	[ $# = 4 ] && [ "$(wc -l <"$1")" = 2 ] || return 1
	awk -v w="$2" -v d="$3" -v l="$4" '
	    function erf(x,   t, y, s) {	# Abramowitz-Stegun 7.1.26
		s = x < 0 ? -1 : 1
		x = x < 0 ? -x : x
		t = 1 / (1 + 0.3275911 * x)
		y = 1 - (((((1.061405429 * t - 1.453152027) * t) + \
		    1.421413741) * t - 0.284496736) * t + 0.254829592) * t * \
		    exp(-x * x)
		return s * y
	    }
	    NR == 2 {
		n = w + d + l
		s = (w + d / 2) / n
		los = w + l == 0 ? 50 : 50 * (1 + erf((w - l) / sqrt(2 * (w + l))))
		if (s == 0 || s == 1) {
			want = "Elo difference: " (s ? "+inf (no game lost)" : \
			    "-inf (no game won)")
		} else {
			e = 400 * log(s / (1 - s)) / log(10)
			v = (w * (1 - s) ^ 2 + d * (0.5 - s) ^ 2 + l * s ^ 2) / n
			m = 1.96 * sqrt(v / n) * 400 / (log(10) * s * (1 - s))
			want = sprintf("Elo difference: %+.0f +/- %.0f (95%%)",
			    e, m)
		}
		# the LOS to a tenth of a percent (the series is good to 1e-7)
		if (index($0, want ", LOS ") != 1)
			exit 1
		got = substr($0, length(want) + 7)
		sub(/%$/, "", got)
		exit (got - los > 0.051 || los - got > 0.051)
	    }' "$1"
}
stderr_ok() {	# stderr_ok ERR OUT A B: a cutechess-like line pair a game
	awk -v a="$3" -v b="$4" -v last="$(head -n 1 "$2")" '
	    BEGIN { w = d = l = 0 }
	    NR % 2 == 1 {
		g = (NR + 1) / 2
		want = "^Finished game " g " \\((" a " vs " b "|" b " vs " \
		    a ")\\): (1-0|0-1|1/2-1/2) \\{[a-z-]+\\}$"
		if ($0 !~ want) { print "bad line " NR; exit 1 }
		first_a = index($0, "(" a " vs ") > 0 && (g % 2 == 1)
		res = $(NF - 1)
		if (res == "1/2-1/2") d++
		else if ((res == "1-0") == (g % 2 == 1)) w++
		else l++
		next
	    }
	    {
		n = w + d + l
		want = sprintf("Score of %s vs %s: %d - %d - %d  [%.3f] %d", a,
		    b, w, l, d, (w + d / 2) / n, n)
		if ($0 != want) { print "line " NR " not " want; exit 1 }
	    }
	    END {
		if (last !~ ": \\+" w " =" d " -" l " \\(") {
			print "summary " last " not " w "/" d "/" l; exit 1
		}
	    }' "$1"
}
stderr_ok "$TMP/m.err" "$TMP/m.out" beginner casual &&
    [ "$(wc -l <"$TMP/m.err")" = 8 ]
ok $((! $?)) "match: stderr: each finished game and the running score" \
    "$TMP/m.err"
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
ok $((! $?)) "match: the Elo line follows the formula, its 95% margin, the LOS" \
    "$TMP/m.out"
# the same result as one JSON object (-f json), the same counts
$PLAY --match beginner,casual --games 2 --seed 3 -q --no-tb -f json \
    -o "$TMP/mj.yaml" >"$TMP/mj.out" 2>&1
python3 -c '
import json, sys
o = json.loads(open(sys.argv[1]).read())
assert o["kind"] == "match" and o["games"] == 2
assert o["wins"] + o["draws"] + o["losses"] == 2
assert 0 <= o["los"] <= 100 and 0 <= o["score"] <= 100
# the score in percent, as yote-explore gives it
assert abs(o["score"] - 100 * (o["wins"] + o["draws"] / 2) / 2) < 0.01
' "$TMP/mj.out" 2>>"$TMP/mj.out"
ok $((! $?)) "match -f json: one JSON object with the counts, the score and LOS in percent" "$TMP/mj.out"
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
    cmp -s "$TMP/m.out" "$TMP/out" && cmp -s "$TMP/m.err" "$TMP/err"
ok $((! $?)) "match: -j 2 writes the same records, stderr and summary as -j 1" \
    "$TMP/out" "$TMP/err"
! ls "$TMP" | grep -q '\.tmp'
ok $((! $?)) "match: -o leaves no temporary file behind"

# equal levels, mixed results: the Elo line with a finite difference
run $PLAY --match casual,casual --games 10 -j 2
elo_ok "$TMP/out" && stderr_ok "$TMP/err" "$TMP/out" casual casual
ok $((! $?)) "match: casual against casual, $(wdl "$TMP/out" | tr ' ' /): the Elo line, stderr" \
    "$TMP/out" "$TMP/err"
run $PLAY --match casual,casual --games 2 -q
[ "$st" = 0 ] && [ ! -s "$TMP/err" ] && [ "$(wc -l <"$TMP/out")" = 2 ]
ok $((! $?)) "match: -q: no line a game on stderr, the summary on stdout" \
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
# the adjudication length: one figure in --help, the man page and README
h=$($PLAY --help | sed -n 's/.*adjudicate a draw after N plies (\([0-9]*\)).*/\1/p')
m=$(tr '\n' ' ' <man/yote-play.1 | sed -n 's/.*by adjudication; from 1 to 100000, default \([0-9]*\)\..*/\1/p')
m2=$(tr '\n' ' ' <man/yote-play.1 | sed -n 's/.*plies (\([0-9]*\) by default, the length.*/\1/p')
rd=$(tr '\n' ' ' <README.md | sed -n 's/.*adjudicate a draw at \([0-9]*\) plies (`yote-play`.s default).*/\1/p')
[ -n "$h" ] && [ "$h" = "$m" ] && [ "$h" = "$m2" ] && [ "$h" = "$rd" ] &&
    grep -q -- "--max-plies $h " tests/strength.sh
ok $((! $?)) "the adjudication length is $h plies in --help, the man page, README, strength.sh" \
    "$TMP/err"
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
# (game 3 is invalid: said, not used, and the exit status is 1)
[ "$st" = 1 ] && valid "$TMP/mo.yaml" &&
    [ "$(field start "$TMP/mo.yaml" 1)" = "$o1" ] &&
    [ "$(field start "$TMP/mo.yaml" 2)" = "$o1" ] &&
    [ "$(field start "$TMP/mo.yaml" 3)" = "$o2" ] &&
    [ "$(field start "$TMP/mo.yaml" 4)" = "$o2" ]
ok $((! $?)) "match: --openings FILE: each game's final position, both colours" \
    "$TMP/mo.yaml" "$TMP/out" "$TMP/err" "$TMP/valid.out"
bin/yote-validate "$TMP/open.yaml" 2>&1 | sed 's/^yote-validate:/yote-play:/' \
    >"$TMP/want"
grep -v '^Finished game\|^Score of' "$TMP/err" | cmp -s - "$TMP/want"
ok $((! $?)) "match: --openings: a game with an illegal move is said as yote-validate says it, skipped" \
    "$TMP/err"
# the openings needed are found early; the games after them are judged
# all the same, as every tool judges every game it takes: an invalid one
# is said and a number past the end too, whatever --games
run $PLAY --match beginner,casual --games 2 --openings "$TMP/open.yaml" \
    -g 2,3 -M 4
[ "$st" = 1 ] && grep -q 'game 3.*illegal' "$TMP/err"
ok $((! $?)) "match: --openings: an invalid game past the openings needed is said, exit 1" \
    "$TMP/err"
run $PLAY --match beginner,casual --games 2 --openings "$TMP/open.yaml" \
    -g 2,50 -M 4
[ "$st" = 1 ] && grep -q "open.yaml: no game 50 (4 games)" "$TMP/err"
ok $((! $?)) "match: --openings -g 2,50: the missing game is said, exit 1, as yote-validate says it" \
    "$TMP/err"
printf 'yote: 1\nmoves: [c3, c3]\n' >"$TMP/bad.yaml"
run $PLAY --match beginner,casual --games 2 --openings "$TMP/bad.yaml"
[ "$st" = 1 ] && grep -q 'no usable opening for classic' "$TMP/err"
ok $((! $?)) "match: --openings without a usable game: exit 1" "$TMP/err"
$PLAY --match beginner,casual --games 2 --openings - <"$TMP/bad.yaml" \
    >"$TMP/out" 2>"$TMP/err"
st=$?
[ "$st" = 1 ] && grep -q '^yote-play: <stdin>:2:.*illegal' "$TMP/err" &&
    grep -q '^yote-play: <stdin>: no usable opening for classic' "$TMP/err"
ok $((! $?)) "match: --openings -: the standard input named <stdin> in every message" "$TMP/err"

# two ruleset files that both say name: mini, one 4 x 4 and one 5 x 3: an
# opening played under one is no opening for the other (it planted a 5 x 3
# position on the 4 x 4 board), in a match as in a single game; the same
# parameters under another name and file are the same ruleset
mkdir -p "$TMP/mr/rules" "$TMP/mr/fake" "$TMP/mr/copy" "$TMP/mr/games"
cp tests/data/mini.yaml "$TMP/mr/rules/mini.yaml"
sed -e 's/^board: .*/board: 5x3/' -e 's/^pieces: .*/pieces: 4/' \
    -e 's/^bonus: .*/bonus: optional-board/' \
    -e 's/^few-pieces: .*/few-pieces: off/' \
    -e 's/^no-capture-limit: .*/no-capture-limit: 10/' \
    tests/data/mini.yaml >"$TMP/mr/fake/mini.yaml"
sed 's/^name: .*/name: mini-copy/' tests/data/mini.yaml \
    >"$TMP/mr/copy/mini.yaml"
for f in fake copy; do
	printf 'yote: 1\nrules: ../%s/mini.yaml\nmoves: [a1, c3, a2, c2]\n' \
	    $f >"$TMP/mr/games/$f.yaml"
done
for mode in "-S 1 -L beginner" "--match beginner,beginner --games 2 -q"; do
	run $PLAY $mode -O "$TMP/mr/games/fake.yaml" \
	    -r "$TMP/mr/rules/mini.yaml" -o "$TMP/mr/out.yaml"
	[ "$st" = 1 ] && [ ! -e "$TMP/mr/out.yaml" ] &&
	    grep -q 'fake.yaml: no usable opening for mini' "$TMP/err"
	ok $((! $?)) "$mode --openings: a game under another ruleset file of the same name is no opening" \
	    "$TMP/err" "$TMP/mr/out.yaml"
done
run $PLAY --match beginner,beginner --games 2 -q \
    -O "$TMP/mr/games/copy.yaml" -r "$TMP/mr/rules/mini.yaml" \
    -o "$TMP/mr/out.yaml"
[ "$st" = 0 ] && valid "$TMP/mr/out.yaml" &&
    [ "$(field start "$TMP/mr/out.yaml" 2)" = '4/2o1/x1o1/x3 x 4 4 4 5' ]
ok $((! $?)) "match --openings: the same parameters under another name and file: the same ruleset" \
    "$TMP/err" "$TMP/mr/out.yaml" "$TMP/valid.out"

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

# self-play streams its games as they finish: the first games of a run of
# 100 million reach a reader that then stops, and yote-play ends (on
# SIGPIPE) instead of playing them all first.  The timeout only keeps a
# broken build from hanging the test.
for j in 1 2; do
	(timeout 300 $PLAY --self-play 100000000 --level beginner -j $j
	    echo "exit $?" >"$TMP/sp.st") | head -n 30 >"$TMP/sp.head"
	[ "$(head -n 2 "$TMP/sp.head" | tr '\n' ' ')" = "--- yote: 1 " ] &&
	    [ "$(cat "$TMP/sp.st")" = "exit 141" ]
	ok $((! $?)) "self-play 100000000 -j $j | head: the first game at once, then SIGPIPE" \
	    "$TMP/sp.head" "$TMP/sp.st"
done
run $PLAY --self-play 6 --level beginner -j 3
$PLAY --self-play 6 --level beginner -j 1 >"$TMP/sp6"
[ "$st" = 0 ] && cmp -s "$TMP/out" "$TMP/sp6"
ok $((! $?)) "self-play -j 3: the same games, in the same order, as -j 1" \
    "$TMP/err"

# ------------------------------------------------------------ 4. usage

usage() {	# usage DESCRIPTION PATTERN ARGS...: exit 2, message, no stdout
	d=$1 pat=$2
	shift 2
	run $PLAY "$@" </dev/null
	# a usage error is wrapped at 80 columns: its lines joined
	[ "$st" = 2 ] && [ ! -s "$TMP/out" ] &&
	    sed -e ':a' -e '$!{N;ba' -e '}' -e 's/\n  / /g' "$TMP/err" |
	    grep -q "^yote-play: .*$pat"
	ok $((! $?)) "usage error (exit 2): $d" "$TMP/out" "$TMP/err"
}
usage "--level grandmaster" "--level: expected beginner" --level grandmaster
# text for the records must be UTF-8, as a record is: said before a game
# is played (the record was lost at the end, exit 3, without a word)
usage "--name not UTF-8" "--name: 'Bad.xffName' is not UTF-8 text (byte 0xFF at character 4)" \
    --name "$(printf 'Bad\377Name')"
usage "--event not UTF-8" "--event: 'Caf.xc3' is not UTF-8 text" \
    --event "$(printf 'Caf\303')" --self-play 1
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
# options that mean nothing where they are given are refused, not ignored
# (they were: the record said 'first player', and pipe mode drew nothing)
usage "--name with --human-vs-human" "--name goes with a game against the engine" \
    --human-vs-human --name Bob
usage "--ascii in pipe mode" "pipe mode draws no board" -a
usage "--first-player in a match" "go with a game at the terminal" \
    --match club,club --games 2 --first-player X
usage "--round with --self-play" "go with a game at the terminal" \
    --self-play 2 --round 1
usage "--event with --protocol" "do not go with --protocol" --protocol \
    --event X
# jobs whose engines fit in memory one a job but not two (a match's): the
# jobs from the memory available now, with room to spare both ways
j=$(awk '/^MemAvailable:/ { printf "%d", ($2 / 1024 - 16) / 4136 * 0.75 }' \
    /proc/meminfo 2>/dev/null)
if [ -n "$j" ] && [ "$j" -ge 1 ] && [ "$j" -le 256 ]; then
	usage "a match of -j $j -H 4096: two engines a job do not fit" \
	    "$((2 * j)) engines with --hash 4096 need about" --match club,club \
	    --games $((2 * j)) -j "$j" -H 4096
else
	skip "no memory figure that makes -j 1..256 -H 4096 fit once, not twice"
fi

# ------------------------------------------------------------ 5. terminal

if ! command -v python3 >/dev/null 2>&1 ||
    ! python3 -c 'import pty, select' 2>/dev/null; then
	skip "the terminal sessions need python3 with its pty module"
	tap_done
	exit 0
fi

python3 - "$tap_n" "$TMP" <<'EOF'
import os, pty, re, select, signal, subprocess, sys, time

sys.dont_write_bytecode = True
sys.path.insert(0, "tests/lib")
from ptysession import Session, Tap, plain  # noqa: E402

TOOL = "bin/yote-play"
TIMEOUT = 20.0          # seconds to wait for any one screen
PROMPT = re.compile(rb"(^|\n)(white|black|red)> $")
REPLY = re.compile(rb"plays \S+\r?\n[\s\S]*\n(white|black|red)> $")
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

    def move(self, mv):
        """Type a move and read up to the prompt after the engine's reply
        (never a prompt redrawn before it: under load the output comes
        in other pieces)."""
        return self.type(mv, REPLY)

    def last(self, command):
        """Type the command that ends the session and read to its end;
        whether the tool then exited with status 0."""
        self.type(command, re.compile(rb"\n$"))
        self.rest()
        return self.wait() and self.status == 0


def engine_reply(screen):
    m = re.search(r"yote-play \(beginner\) plays (\S+)\n", plain(screen or ""))
    return m.group(1) if m else None


def rendered(log):
    """The lines of log as a terminal shows them: a carriage return goes
    back to the first column, a backspace one column left, and what
    comes after overwrites."""
    out = []
    for text in plain(log.replace("\r\n", "\n").replace("\r", "\x00"))\
            .split("\n"):
        row, col = [], 0
        for c in text:
            if c == "\x00":
                col = 0
            elif c == "\b":
                col = max(0, col - 1)
            elif c != "\a":
                row[col:col + 1] = [c]
                col += 1
        out.append("".join(row))
    return out


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
       text.endswith("Ply 1: white (Human) to move.\nwhite> ") and
       all(len(l) <= 80 for l in text.split("\n")),
       "start: ruleset, who plays what, the empty board, hands, prompt",
       text)
    for k in range(2):
        mv = free_square(scr)
        scr = s.move(mv)
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
    board_scr = scr     # the last screen with a board
    scr = s.type(sq)
    m = re.search(r"Illegal: %s is occupied\.\n  Legal from %s:(.*?)\n"
                  r"white> $" % (sq, sq), plain(scr or ""), re.S)
    want = sorted(x for x in legal if re.match(sq + "[-x]", x))
    ok(m is not None and sorted(m.group(1).split()) == want[:12],
       "illegal move %s: short reason and the legal moves from %s" % (sq, sq),
       "want: %s\n%s" % (" ".join(want), s.tail()))
    # a pasted line over 4096 bytes is refused whole, as from a pipe (its
    # first 4096 bytes, 'c3' and spaces, were played as c3)
    scr = s.type("c3" + " " * 4094 + "d2",
                 re.compile(rb"ignored\.\r?\n(white|black|red)> $"))
    ok(scr is not None and "Line too long (more than 4096 bytes): ignored."
       in scr and " 5  " not in plain(scr),
       "a line over 4096 bytes at the prompt: refused whole, nothing played",
       s.tail())
    scr = s.type("zz")
    ok(scr is not None and "'zz' is not a move: " in scr and
       plain(scr).endswith("\nwhite> ") and " 5  " not in plain(scr),
       "not a move: said so, the prompt again, no board drawn again",
       s.tail())

    scr = s.type("moves")
    m = re.search(r"(\d+) legal moves:(.*?)\nwhite> $", plain(scr or ""),
                  re.S)
    ok(m is not None and int(m.group(1)) == len(legal) and
       sorted(m.group(2).split()) == sorted(legal),
       "moves: every legal move (%d, as yote-analyze --moves)" % len(legal),
       s.tail())
    scr = s.type("hint")
    m = re.search(r"Hint: (\S+) \([-+#0-9.]+ for white\)\n", plain(scr or ""))
    ok(m is not None and m.group(1) in legal,
       "hint: a legal move with its score", s.tail())
    ok(" 5  " not in plain(s.log[-3000:].split("white> zz")[-1]),
       "moves, hint: the board is not drawn again", s.tail())

    before = board_scr
    mv = free_square(board_scr)
    scr = s.move(mv)
    reply = engine_reply(scr)
    ok(reply is not None and diagram(scr) != diagram(before),
       "move %s, the engine answers %s" % (mv, reply), s.tail())
    scr = s.type("undo")
    ok(scr is not None and "Taken back: 2 plies." in scr and
       diagram(scr) == diagram(before) and
       plain(scr).endswith("Ply 5: white (Human) to move.\nwhite> "),
       "undo: the full move is taken back, the board is as it was",
       "want:\n%s\n%s" % (diagram(before), s.tail()))
    board_scr = scr

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

    mv = free_square(board_scr)
    scr = s.move(mv)
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
    text = plain(s.log)
    end = text.rfind("\nResult: ")
    last = text[text.rfind("\n 5  ", 0, end):end]
    ok(end > 0 and " 5  " in last and "to move" not in last,
       "a game to the end: the last board, then the result; nobody is "
       "announced to move", last)
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

# ---- Ctrl-C at the prompt: a question, not a lost game
ABANDON = re.compile(rb"\(y/n\) $")
cc = os.path.join(TMP, "ctrlc.yaml")
s = PlaySession(["--level", "beginner", "--seed", "5", "-o", cc])
try:
    scr = s.screen()
    mv = free_square(scr)
    scr = s.move(mv)
    reply = engine_reply(scr)
    os.write(s.fd, b"\x03")
    scr = s.read_until(ABANDON)
    ok(scr is not None and plain(scr).endswith(
        "^C\nAbandoned, the game is written to %s as unfinished.\n"
        "Abandon the game? (y/n) " % cc),
       "Ctrl-C at the prompt: asked whether to abandon the game", s.tail())
    scr = s.type("n")
    ok(scr is not None and plain(scr).endswith("\nwhite> ") and
       s.wait(0) is False,
       "Ctrl-C, n: the game goes on at the prompt", s.tail())
    os.write(s.fd, b"\x03")
    s.read_until(ABANDON)
    ok(s.last("y") and "Game left unfinished after 2 plies.\n" in
       plain(s.log) and ("The game is in %s.\n" % cc) in plain(s.log),
       "Ctrl-C, y: the game is left unfinished and written, exit 0",
       s.tail())
finally:
    s.close()
ok_record(cc, "Ctrl-C: the record validates, '*' unfinished, both moves",
          result="'*'", termination="unfinished", moves=[mv, reply])

s = PlaySession(["--level", "beginner", "--seed", "5"])
try:
    s.screen()
    os.write(s.fd, b"\x03")
    scr = s.read_until(ABANDON)
    ok(scr is not None and "Abandoned, the game is not saved: answer n, "
       "then 'save FILE' keeps it.\nAbandon the game? (y/n) " in plain(scr),
       "Ctrl-C without -o: the question says the game is not saved",
       s.tail())
    os.write(s.fd, b"\x03")
    s.rest()
    ok(s.wait() and s.status == 0 and "Game left unfinished" in s.log,
       "Ctrl-C twice: the game is abandoned, exit 0", s.tail())
finally:
    s.close()

# ---- Ctrl-C twice while the engine thinks: the second is the answer the
#      first asks for (it was merged into the first, and the question
#      waited); a master's first move in damasi takes a second or two
s = PlaySession(["--rules", "damasi", "--level", "master", "--first",
                 "engine", "--no-tb"])
try:
    s.read_until(re.compile(rb"Type 'help' for the commands\.\r?\n"))
    time.sleep(0.3)
    os.write(s.fd, b"\x03")
    time.sleep(0.05)
    os.write(s.fd, b"\x03")
    s.rest()
    ok(s.wait() and s.status == 0 and "Game left unfinished" in
       plain(s.log),
       "Ctrl-C twice during the engine's search: the game is left, exit 0",
       s.tail())
finally:
    s.close()

# ---- Ctrl-Z, then fg from the shell: the line typed so far comes back
#      and is edited on (it was lost, and an empty prompt came back)
pid, fd = pty.fork()
if pid == 0:
    os.execve("/bin/bash", ["bash", "--norc", "--noprofile", "-i"],
              dict(os.environ, PS1="SH$ ", NO_COLOR="1", TERM="dumb"))
buf = b""


def upto(pat, since=0):
    """Output read until pat shows after offset since; whether it did."""
    global buf
    end = time.monotonic() + TIMEOUT
    while pat not in buf[since:] and time.monotonic() < end:
        r, _, _ = select.select([fd], [], [], 0.1)
        if r:
            try:
                buf += os.read(fd, 65536)
            except OSError:
                break
    return pat in buf[since:]


try:
    upto(b"SH$ ")
    os.write(fd, ("%s -L beginner --seed 7\r" % TOOL).encode())
    upto(b"white> ")
    os.write(fd, b"c3\r")
    at = len(buf)
    upto(b"white> ", at)
    os.write(fd, b"a1")
    upto(b"a1", at)
    os.write(fd, b"\x1a")
    at = len(buf)
    stopped = upto(b"SH$ ", at)
    os.write(fd, b"fg\r")
    at = len(buf)
    back = upto(b"white> a1", at)
    os.write(fd, b"\r")
    at = len(buf)
    played = upto(b"Ply 4:", at)
    os.write(fd, b"quit\r")
    upto(b"SH$ ", at)
    os.write(fd, b"exit\r")
    ok(stopped and back and played,
       "Ctrl-Z, then fg: the line typed so far is drawn again and played",
       repr(buf[-1500:]))
finally:
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass
    os.waitpid(pid, 0)
    os.close(fd)

# ---- the screen at the prompt: the engine's move, one board, the prompt
#      in 80x24, every line in 80 columns
s = PlaySession(["--level", "beginner", "--seed", "9"])
try:
    scr = s.screen()
    scr = s.move(free_square(scr))
    lines = plain(s.log).split("\n")
    last24 = lines[-24:]
    ok(scr is not None and lines[-1] == "white> " and
       any(re.match(r"yote-play \(beginner\) plays \S+$", l)
           for l in last24) and
       sum(1 for l in last24 if l.startswith(" 5  ")) >= 1 and
       last24[-2].startswith("Ply 3: ") and
       all(len(l) <= 80 for l in lines),
       "80x24: the engine's move, its board and the prompt in the last "
       "24 lines, none wider than 80", "\n".join(last24))
    s.type("moves")
    s.type("hint")
    s.type("help")
    scr = s.type("zz")
    boards = plain(s.log).count("\n 5  ")
    ok(boards == 3, "one board a ply: 3 boards after 2 plies and four "
       "commands (%d)" % boards, s.tail())
    s.last("quit")
finally:
    s.close()

# ---- every message of a session fits 80 columns: long and illegal
#      input, the commands and their refusals, the Ctrl-C question with a
#      long -o name, the end
longname = os.path.join(TMP, "a-rather-long-directory-name-for-the-game",
                        "and-a-long-file-name-too.yaml")
os.makedirs(os.path.dirname(longname), exist_ok=True)
s = PlaySession(["--level", "beginner", "--seed", "9", "-o", longname,
                 "--name", "Somebody With A Name Long Enough To Wrap The "
                 "Opening Line Of The Session"])
try:
    scr = s.screen()
    for line in ("x" * 150, "c3", "c3", "c3xc5+e1xe5+a2xa4+f1", "moves",
                 "hint", "help", "save", "undo", "board",
                 "'%s' %s" % ("y" * 30, "z" * 60)):
        scr = s.type(line)
    os.write(s.fd, b"\x03")
    s.read_until(ABANDON)
    scr = s.type("n")
    ok(s.last("resign"), "80 columns: the session ends (resign)", s.tail())
    wide = [l for l in rendered(s.log) if len(l) > 80]
    ok(scr is not None and wide == [] and "Illegal: c3 is occupied." in
       plain(s.log) and "Abandon the game? (y/n) n\n" in plain(s.log),
       "80 columns: every line of the session fits (%d lines)" %
       plain(s.log).count("\n"), "\n".join(wide) or s.tail())
finally:
    s.close()

# ---- a long line is one line: 600 letters then resign is not a move
s = PlaySession(["--level", "beginner", "--seed", "9"])
try:
    s.screen()
    scr = s.type("a" * 600 + "resign")
    ok(scr is not None and "is not a move" in plain(scr) and
       "resigns" not in plain(scr) and plain(scr).endswith("white> "),
       "600 letters and resign on one line: not a move, no resignation",
       s.tail())
    s.last("quit")
finally:
    s.close()

# ---- names, event, round, site and the seed in the record
named = os.path.join(TMP, "named.yaml")
s = PlaySession(["--level", "beginner", "--seed", "42", "-o", named,
                 "--first-player", "Awa Diop", "--second-player",
                 "Club engine", "--event", "Club night", "--round", "3",
                 "--site", "Dakar"])
try:
    scr = s.screen()
    ok(scr is not None and "Awa Diop plays white, Club engine plays black."
       in plain(scr) and "Ply 1: white (Awa Diop) to move." in plain(scr),
       "--first-player, --second-player: the names on the screen",
       s.tail())
    s.last("resign")
finally:
    s.close()
ok_record(named, "names, event, round, site in the record",
          first="Awa Diop", second="Club engine", event="Club night",
          round='"3"', site="Dakar")
good, why, rec = saved(named)
ok(rec.get("seed") == "42", "the seed in the record: seed: 42", repr(rec))
hhn = os.path.join(TMP, "hhn.yaml")
s = PlaySession(["--human-vs-human", "-o", hhn, "--first-player", "Awa",
                 "--second-player", "Moussa", "--event", "Friendly"])
try:
    s.screen()
    s.last("quit")
finally:
    s.close()
good, why, rec = saved(hhn)
ok(good and rec.get("first") == "Awa" and rec.get("second") == "Moussa" and
   rec.get("event") == "Friendly" and "seed" not in rec,
   "--human-vs-human: the names and event; no seed (no engine played)",
   why + repr(rec))

# ---- the reader of the output gone (the tee of `yote-play | tee log`
#      killed by the Ctrl-C that reached it too): the game is written
class GoneSession(Session):
    """yote-play on a terminal with its output on a pipe that nobody
    reads any more: every write fails (EPIPE, and SIGPIPE unless
    ignored)."""

    def __init__(self, args, sigpipe):
        self.prompt = PROMPT
        self.timeout = TIMEOUT
        self.status = None
        self.log = ""
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            r, w = os.pipe()
            os.close(r)
            os.dup2(w, 1)
            signal.signal(signal.SIGPIPE, sigpipe)
            os.execve(TOOL, [TOOL] + args, dict(os.environ, NO_COLOR="1"))


for sigpipe, how in ((signal.SIG_DFL, "SIGPIPE"),
                     (signal.SIG_IGN, "EPIPE, SIGPIPE ignored")):
    gone = os.path.join(TMP, "gone.yaml")
    s = GoneSession(["--level", "beginner", "--seed", "3", "-o", gone],
                    sigpipe)
    try:
        s.rest()
        ok(s.wait() and s.status == 3 and "write error on standard output"
           in s.log, "output gone (%s): yote-play ends, exit 3" % how,
           "status %r\n%s" % (s.status, s.log))
    finally:
        s.close()
    ok_record(gone, "output gone (%s): the game is written, unfinished"
              % how, result="'*'", termination="unfinished", moves=[])
    os.unlink(gone)

# ---- colour at a terminal: no colour that vanishes on a light or a dark
#      background (white, yellow, any background colour); the last move
#      in reverse video; the sides differ in shape as well
env = dict(os.environ, TERM="xterm", LC_ALL="C.UTF-8")  # discs: UTF-8
env.pop("NO_COLOR", None)
s = Session([TOOL, "--level", "beginner", "--seed", "3"], env, PROMPT,
            TIMEOUT)
try:
    s.screen()
    scr = s.type("c3")
    codes = set(re.findall(r"\x1b\[([0-9;]*)m", scr or ""))
    bad = [c for c in codes if any(p in ("37", "33", "97", "93") or
                                   (len(p) == 2 and p[0] in "49")
                                   for p in c.split(";"))]
    ok(scr is not None and codes and not bad and "7" in codes and
       "\u25cf" in scr and "\u25cb" in scr,
       "colour: no white, yellow or background colours; reverse video "
       "for the last move; discs and rings (%s)" % " ".join(sorted(codes)),
       repr(scr))
    s.type("quit", re.compile(rb"\n$"))
    s.rest()
    s.wait()
finally:
    s.close()

# ---- a ruleset file's names reach the terminal escaped: no title set,
#      no screen cleared by a side's name or the description
evil = os.path.join(TMP, "evil.yaml")
with open("formats/rules/classic.yaml") as f:
    text = f.read()
text = text.replace("name: classic", "name: evil").replace(
    "sides: [white, black]", 'sides: [white, "bl\\e]0;pwned\\aack"]').replace(
    "description: Chained", 'description: "\\e[2J"\n# Chained')
with open(evil, "w") as f:
    f.write(text)
s = PlaySession(["--rules", evil, "--level", "beginner", "--seed", "1"])
try:
    scr = s.screen()
    ok(scr is not None and "\x1b]" not in s.log and "\x1b[2J" not in s.log
       and "\x07" not in s.log and "\\x1b]0;pwned" in s.log,
       "a ruleset file's side name and description: escaped (\\x1b)",
       repr(s.log[:600]))
    s.last("quit")
finally:
    s.close()

# ---- yote-play | tee: a terminal for input, a pipe for output: still
#      interactive, ASCII (no colour into the log)
log = os.path.join(TMP, "tee.log")
env = dict(os.environ, TERM="xterm")
env.pop("NO_COLOR", None)
s = Session(["/bin/sh", "-c", "%s --level beginner --seed 3 | tee %s"
             % (TOOL, log)], env, PROMPT, TIMEOUT)
try:
    scr = s.screen()
    ok(scr is not None and "Type 'help' for the commands." in scr and
       " 5  . . . . . .\n" in plain(scr) and "\x1b[" not in scr,
       "yote-play | tee: interactive, the board in ASCII", plain(s.log))
    scr = s.type("c3", REPLY)
    ok(scr is not None and engine_reply(scr) is not None,
       "yote-play | tee: a move, the engine answers", plain(s.log))
    s.type("quit", re.compile(rb"\n$"))
    s.rest()
    s.wait()
    with open(log) as f:
        text = f.read()
    ok(s.status == 0 and "white> " in text and "Game left unfinished after "
       "2 plies." in text, "yote-play | tee: the log holds the session",
       text)
finally:
    s.close()

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
    ok(scr is not None and plain(scr).endswith(
        "white offers a draw.\nblack, accept (y/n)? "),
       "draw: the other player is asked", s.tail())
    scr = s.type("n")
    ok(scr is not None and "Draw declined." in scr and
       plain(scr).endswith("Draw declined.\nwhite> "),
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
