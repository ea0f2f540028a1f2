#!/bin/sh
# The endgame tables in the tools' engine (TAP).  Run from the project
# root after `make`.
#
#  1. --best on a position the tables cover: the exact score (#+11 for the
#     ndar-kepp win in 11, 0.00 for a draw), the table's line as pv.
#  2. A won ending is won: engine against engine (yote-play --self-play
#     from the position), and move by move through the protocol (a new
#     process a move, the game's moves given), each ends in a win by the
#     rules within the table's 11 plies, and the record validates.
#  3. --no-tb still proves the win by searching; --tb-pieces 0 likewise;
#     a cache directory that cannot be made still answers, from memory,
#     with one warning at most; the default cache is $XDG_CACHE_HOME's or
#     $HOME's; bad values are usage errors.
#  4. Determinism with tables: -j 1 and -j 2 annotate alike.
#  5. The protocol gives the engine the game's history: a position that
#     repeats an earlier one of the game scores as a draw.
#  6. Budgets bind the tables (issue 24): on an 8 x 8 custom ruleset
#     (tests/tb/big8.yaml, a 3-against-2 class of 152 million positions)
#     and for classic 5 against 3 with --tb-pieces 12, --best --movetime
#     300 answers within 3 x 300 ms and 300 MB, saying once a kind what
#     it does not build; a node budget likewise (in seconds); a memory
#     cap below the class still answers (by searching).  Generous bounds:
#     they catch a search that builds for seconds or gigabytes, not a
#     slow machine.
set -u
. tests/lib/env.sh
scratch tbsearch-t

for p in yote-analyze yote-play yote-validate; do
	if [ ! -x "bin/$p" ]; then
		echo "1..0 # SKIP bin/$p is not built"
		exit 0
	fi
done
. tests/lib/tap.sh

WIN='x4/5/2o2/5/4x x 1 0 10 60'         # ndar-kepp: a win in 11 plies
DRAW='x4/5/5/5/4o x 0 0 10 60'          # ndar-kepp: one piece each

best() {	# best POS [options]: --best under ndar-kepp into $tmp/out, err
	pos=$1
	shift
	yote-analyze --best --rules ndar-kepp --position "$pos" "$@" \
	    >"$tmp/out" 2>"$tmp/err"
	st=$?
}

# 1. exact scores
best "$WIN"
last=$(grep '^info' "$tmp/out" | tail -1)
set -- $last
ok $((st == 0 && $# == 21 && $(grep -c '^info' "$tmp/out") == 1)) \
    "covered win: one info line, 11 moves of pv" \
    "$tmp/out" "$tmp/err"
ok $(echo "$last" | grep -c '^info depth 11 score #+11 ') \
    "covered win: depth 11, score #+11" "$tmp/out"
# the tables' line, in the protocol, is line 1, as deep as it goes (it
# said seldepth 0 multipv 0)
printf 'position %s\ngo depth 3\n' "$WIN" |
    yote-play --protocol --rules ndar-kepp >"$tmp/proto" 2>&1
ok $(grep -c '^info depth 11 score #+11 .* seldepth 11 multipv 1 ' "$tmp/proto") \
    "covered win, in the protocol: seldepth 11, multipv 1" "$tmp/proto"
grep -q '^bestmove c1$' "$tmp/out"
ok $((! $?)) "covered win: the table's first move, c1" "$tmp/out"
ok $(($(wc -c <"$tmp/err") == 0)) "covered win: nothing on stderr" \
    "$tmp/err"
ls "$YOTE_TB_DIR"/*-2.1-1.0.ytb >/dev/null 2>&1
ok $((! $?)) "the class 2+1v1+0 is cached in YOTE_TB_DIR"
tb_pv=$(echo "$last" | sed 's/.* pv //')

best "$DRAW"
grep -q '^info depth 1 score +0.00 ' "$tmp/out"
ok $((! $? && st == 0)) "covered draw: score +0.00" "$tmp/out" "$tmp/err"

# 2. conversion, engine against engine
cat >"$tmp/open.yaml" <<EOF
yote: 1
rules: ndar-kepp
start: $WIN
moves: []
EOF
for lv in club beginner master; do
	yote-play --rules ndar-kepp --self-play 1 --level $lv \
	    --openings "$tmp/open.yaml" >"$tmp/game.yaml" 2>"$tmp/err"
	st=$?
	n=$(awk '/^moves:/ { f = 1 } f' "$tmp/game.yaml" | tr -cd ',' | wc -c)
	grep -q '^result: 1-0$' "$tmp/game.yaml" &&
	    grep -Eq '^termination: (capture-all|blocked)$' "$tmp/game.yaml"
	won=$((! $?))
	# a beginner plays at random now and then: it may throw the win away
	if [ $lv = beginner ]; then
		yote-validate "$tmp/game.yaml" >/dev/null 2>"$tmp/why"
		ok $((! $? && st == 0)) "self-play at $lv: a valid record" \
		    "$tmp/game.yaml" "$tmp/why"
		continue
	fi
	yote-validate "$tmp/game.yaml" >/dev/null 2>"$tmp/why"
	ok $((! $? && st == 0 && won && n + 1 <= 11)) \
	    "self-play at $lv: won by the rules in $((n + 1)) plies (11 at most)" \
	    "$tmp/game.yaml" "$tmp/why" "$tmp/err"
done

# 2. conversion, move by move through the protocol
moves=
i=0
while [ $i -lt 20 ]; do
	printf 'position %s moves%s\ngo depth 1\n' "$WIN" "$moves" |
	    yote-play --protocol --rules ndar-kepp >"$tmp/proto" 2>&1
	m=$(sed -n 's/^bestmove //p' "$tmp/proto")
	[ -z "$m" ] || [ "$m" = "(none)" ] && break
	moves="$moves $m"
	i=$((i + 1))
done
ok $((i <= 11)) "protocol, move by move: the game ends after $i plies" \
    "$tmp/proto"
{
	echo "yote: 1"
	echo "rules: ndar-kepp"
	echo "start: $WIN"
	echo "result: 1-0"
	echo "moves: [$(echo $moves | sed 's/ /, /g')]"
} >"$tmp/pgame.yaml"
yote-validate "$tmp/pgame.yaml" >/dev/null 2>"$tmp/why"
ok $((! $?)) "protocol, move by move: a win for the first player by the rules" \
    "$tmp/pgame.yaml" "$tmp/why"

# 3. without tables, and where the cache cannot go
best "$WIN" --no-tb
last=$(grep '^info' "$tmp/out" | tail -1)
set -- $last
ok $((st == 0 && $7 > 1000)) "--no-tb: searched ($7 nodes)" "$tmp/out"
ok $(echo "$last" | grep -c ' score #+11 ') "--no-tb: the search proves #+11" \
    "$tmp/out"
best "$WIN" --tb-pieces 0
set -- $(grep '^info' "$tmp/out" | tail -1)
ok $((st == 0 && $7 > 1000)) "--tb-pieces 0: searched" "$tmp/out"
best "$WIN" --tb-pieces 2
set -- $(grep '^info' "$tmp/out" | tail -1)
ok $((st == 0 && $7 > 1000)) "--tb-pieces 2: 4 pieces left are searched" \
    "$tmp/out"

: >"$tmp/file"
best "$WIN" --tb-dir "$tmp/file/tb"
grep -q '^bestmove c1$' "$tmp/out" &&
    grep -q "score #+11 .* pv $tb_pv\$" "$tmp/out"
ok $((! $? && st == 0 && $(wc -l <"$tmp/err") <= 1)) \
    "--tb-dir that cannot be made: the same answer, at most a warning" \
    "$tmp/out" "$tmp/err"
grep -q 'endgame tables' "$tmp/err"
ok $((! $?)) "--tb-dir that cannot be made: the warning says so" "$tmp/err"
ls "$tmp/file" >/dev/null 2>&1 && [ ! -d "$tmp/file" ]
ok $((! $?)) "--tb-dir that cannot be made: nothing made"

mkdir "$tmp/home"
env -u YOTE_TB_DIR -u XDG_CACHE_HOME HOME="$tmp/home" yote-analyze --best \
    --rules ndar-kepp --position "$WIN" >"$tmp/out" 2>"$tmp/err"
ls "$tmp/home/.cache/yote/tb/"*.ytb >/dev/null 2>&1
ok $((! $?)) "no YOTE_TB_DIR: the tables go to \$HOME/.cache/yote/tb" \
    "$tmp/err"
env -u YOTE_TB_DIR XDG_CACHE_HOME="$tmp/xdg" HOME="$tmp/home" \
    yote-analyze --best --rules ndar-kepp --position "$WIN" >"$tmp/out" \
    2>"$tmp/err"
ls "$tmp/xdg/yote/tb/"*.ytb >/dev/null 2>&1
ok $((! $?)) "XDG_CACHE_HOME: the tables go to \$XDG_CACHE_HOME/yote/tb" \
    "$tmp/err"

for bad in "--tb-pieces 13" "--tb-pieces -1" "--tb-pieces x" "--tb-dir=" \
    "--tb-memory 0" "--tb-memory 512K" "--tb-memory 1025G" "--tb-memory 3X"; do
	yote-analyze --best $bad >"$tmp/out" 2>"$tmp/err"
	st=$?
	ok $((st == 2 && $(wc -c <"$tmp/out") == 0)) \
	    "yote-analyze $bad: usage error" "$tmp/err"
	yote-play --protocol $bad </dev/null >"$tmp/out" 2>"$tmp/err"
	st=$?
	ok $((st == 2 && $(wc -c <"$tmp/out") == 0)) \
	    "yote-play $bad: usage error" "$tmp/err"
done

# 4. determinism with tables
yote-analyze --depth 3 samples/ndar-kepp.yaml >"$tmp/j1.yaml" 2>"$tmp/err"
st=$?
yote-analyze --depth 3 -j 2 samples/ndar-kepp.yaml >"$tmp/j2.yaml" 2>>"$tmp/err"
cmp -s "$tmp/j1.yaml" "$tmp/j2.yaml"
ok $((! $? && st == 0)) "-j 1 and -j 2 annotate alike with tables" "$tmp/err"

# 5. the protocol's history: x, worse off, steps back and forth twice and
# is told the positions of the game, so that going round once more meets
# them a third time; the same position without its past is lost ground
P='o5/ox2x1/2oo2/2oo2/2x2x x 8 6 12 13'
M='f1-e1 d3-d4 e1-f1 d4-d3 f1-e1 d3-d4 e1-f1 d4-d3'
printf 'position %s moves %s\nshow\ngo depth 5\n' "$P" "$M" |
    yote-play --protocol --rules classic >"$tmp/hist" 2>&1
Q=$(sed -n 's/^position //p' "$tmp/hist")
printf 'position %s\ngo depth 5\n' "$Q" |
    yote-play --protocol --rules classic >"$tmp/nohist" 2>&1
h=$(grep '^info' "$tmp/hist" | tail -1 | cut -d' ' -f5)
n=$(grep '^info' "$tmp/nohist" | tail -1 | cut -d' ' -f5)
ok $(( $(echo "$Q" | grep -c '^o5/ox2x1/2oo2/2oo2/2x2x x 8 6 20 21$') == 1 &&
    $(grep -c '^error' "$tmp/hist") == 0 )) \
    "protocol: the moves bring the position back" "$tmp/hist"
ok $(( $(echo "$h" | grep -c '^+0.00$') == 1 && $(echo "$n" |
    grep -c '^+0.00$') == 0 )) \
    "protocol: with the game's history the repetition is a draw ($h, without: $n)" \
    "$tmp/hist" "$tmp/nohist"

# 6. budgets
BIG8='x7/8/8/3o4/8/8/2x5/o6x x 0 0 0 40'
FIVE3='x4x/6/1x2o1/6/o1x1ox o 0 0 0 41'
WIDE='xxxxxxxx/x1x1x1x1/1o1o1o1o/o1o1o1o1/1x1x1x1x/x1x1x1x1/1o1o1o1o/oooooooo x 30 30 0 60'
DEEP='xoxoxoxo/oxoxoxox/x1x1x1x1/1o1o1o1o/o1o1o1o1/1x1x1x1x/xoxoxoxo/oxoxoxox x 20 20 0 60'
if [ -x /usr/bin/time ]; then
	# budget WHAT MAX_S [yote-analyze args]: processor time (user and
	# system: a busy machine stretches the wall clock, not this; a
	# search that ignored its budget would still run long) and memory,
	# and done within 20 s of the wall clock
	budget() {
		what=$1
		max=$2
		shift 2
		timeout 60 /usr/bin/time -f '%e %M %U %S' -o "$tmp/time" \
		    yote-analyze --best "$@" >"$tmp/out" 2>"$tmp/err"
		st=$?
		# the last line: "Command exited ..." may come before
		set -- $(tail -1 "$tmp/time")
		wall=${1:-99} kb=${2:-0}
		secs=$(awk -v u="${3:-99}" -v s="${4:-0}" 'BEGIN { print u + s }')
		case "$wall$kb$secs" in
		*[!0-9.]* | "") wall=99 secs=99 kb=0 ;;
		esac
		ok $(echo "$st $secs $kb $max $wall" | awk '{ print ($1 == 0 &&
		    $2 <= $4 && $3 < 300 * 1024 && $5 <= 20) }') \
		    "$what: answered in $secs s of processor time (at most $max), $((kb / 1024)) MB" \
		    "$tmp/out" "$tmp/err"
	}
	budget "8 x 8, --movetime 300" 0.9 --rules tests/tb/big8.yaml \
	    --position "$BIG8" --movetime 300
	# once a kind (a slower build, as under the sanitizers, may also
	# meet the time budget: another kind, said once too)
	grep -q '^bestmove ' "$tmp/out" &&
	    [ "$(grep -c 'is not built' "$tmp/err")" -le 2 ] &&
	    [ "$(wc -l <"$tmp/err")" -eq "$(sort -u "$tmp/err" | wc -l)" ] &&
	    [ "$(grep -c 'class 3+0v2+0 is not built: .* more than the 128 MiB allowed' \
	    "$tmp/err")" -eq 1 ]
	ok $((! $?)) "8 x 8: the 3-against-2 class is said once, and not built" \
	    "$tmp/err"
	budget "classic 5 against 3, --tb-pieces 12 --movetime 300" 0.9 \
	    --tb-pieces 12 --position "$FIVE3" --movetime 300
	[ "$(grep -c 'is not built' "$tmp/err")" -le 2 ] &&
	    [ "$(wc -l <"$tmp/err")" -eq "$(sort -u "$tmp/err" | wc -l)" ]
	ok $((! $?)) "5 against 3: at most one line a kind" "$tmp/err"
	budget "8 x 8, --nodes 20000" 10 --rules tests/tb/big8.yaml \
	    --position "$BIG8" --nodes 20000
	budget "classic 5 against 3, --tb-pieces 12 --nodes 20000" 10 \
	    --tb-pieces 12 --position "$FIVE3" --nodes 20000
	# crowded custom boards: 150,637 root moves (20 s a depth, picked
	# one at a time), and a depth 1 of 851,746 nodes (2.5 s)
	budget "8 x 8, 64 pieces: 150,637 moves, --movetime 300" 0.9 \
	    --rules tests/tb/crowded.yaml --position "$WIDE" --movetime 300
	# (depth 1 may take 100,000 nodes past the budget: about 0.3 s here)
	budget "8 x 8, 64 pieces: a deep depth 1, --movetime 100" 1.2 \
	    --rules tests/tb/crowded.yaml --position "$DEEP" --movetime 100
	budget "8 x 8, 64 pieces: a deep depth 1, --nodes 20000" 2 \
	    --rules tests/tb/crowded.yaml --position "$DEEP" --nodes 20000
else
	for i in 1 2 3 4 5 6 7 8 9; do
		skip "/usr/bin/time is needed"
	done
fi
best "$WIN" --tb-memory 1M --tb-dir "$tmp/tb1m"
set -- $(grep '^info' "$tmp/out" | tail -1)
grep -q 'not built: .*more than the 1 MiB allowed.*--tb-memory' "$tmp/err"
ok $((! $? && st == 0 && $7 > 1000 && $(wc -l <"$tmp/err") == 1)) \
    "--tb-memory 1M: said once, the win searched ($7 nodes)" "$tmp/out" \
    "$tmp/err"

tap_done
