#!/bin/sh
# yote-replay against the independent reference generator (TAP).
# Run from the project root (prove tests/replay.t) after `make` and
# `make bin/refgen`; when bin/refgen is missing it is compiled here.
#
#  1. --positions: for every game of samples/*.yaml and
#     tests/data/replay/*.yaml, the moves are read out of the record with
#     awk (not through libyote), played with `refgen --play`, and the
#     PLY/MOVE/POSITION lines and the exit status (1 when the record holds
#     an illegal move) must be what yote-replay --positions gives.
#  2. --svg: well-formed XML (xmllint), one `class="piece ` circle per piece
#     on the board and one hand circle per piece in hand, for several plies.
#  3. --svg-dir: one file per ply plus the start, each one checked as in 2.
#  4. annotations in the text diagrams, -i and the SVG pictures; bidi
#     controls in an SVG title shown escaped.
set -u
LC_ALL=C
export LC_ALL
NO_COLOR=1
export NO_COLOR
PATH="$(pwd)/bin:$PATH"
export PATH
tmp=$(mktemp -d "${TMPDIR:-/tmp}/replay-t.XXXXXX") || exit 3
trap 'rm -rf "$tmp"' EXIT INT TERM
T=$(printf '\t')

. tests/lib/tap.sh

refgen=bin/refgen
if [ ! -x "$refgen" ]; then
	refgen=$tmp/refgen
	${CC:-cc} -std=c99 -O2 -o "$refgen" tests/ref/refgen.c || {
		echo "1..0 # skip cannot build tests/ref/refgen.c"
		exit 0
	}
fi

# ------------------------------------------------------------ records
# One line per game of a YAML stream: NUMBER|RULES|START|MOVES.
# Reads the plain shapes the records here use: `rules:` and `start:` at the
# top level, `moves:` as a flow list (over one or more lines) or as a block
# list of scalars or of mappings with `move:`.  RULES is "classic" and
# START empty when the record has none.
games() {
	awk '
	function flush() {
		if (!indoc)
			return
		gsub(/^[ ,]+|[ ,]+$/, "", mv)
		gsub(/[ ,]+/, " ", mv)
		printf "%d|%s|%s|%s\n", ++game, rules, start, mv
		indoc = 0
	}
	function value(s) {
		sub(/^[^:]*:[ ]*/, "", s)
		sub(/[ ]+#.*$/, "", s)
		gsub(/^["\047]|["\047]$/, "", s)
		return s
	}
	/^---/ { flush(); indoc = 1; rules = "classic"; start = ""; mv = ""
		 inflow = inblock = 0; next }
	/^[ ]*#/ || /^[ ]*$/ { next }
	!indoc { indoc = 1; rules = "classic"; start = ""; mv = ""
		 inflow = inblock = 0 }
	inflow {
		line = $0
		if (sub(/\].*$/, "", line))
			inflow = 0
		mv = mv " " line
		next
	}
	inblock && /^[ ]/ {
		line = $0
		if (line ~ /^[ ]*-[ ]*move:/ || line ~ /^[ ]*move:/)
			mv = mv " " value(line)
		else if (line ~ /^[ ]*-[ ]*[A-Za-z][0-9A-Za-z+@-]*[ ]*$/) {
			sub(/^[ ]*-[ ]*/, "", line)
			mv = mv " " line
		}
		next
	}
	{ inblock = 0 }
	/^rules:/ { rules = value($0); next }
	/^start:/ { start = value($0); next }
	/^moves:[ ]*\[/ {
		line = $0
		sub(/^moves:[ ]*\[/, "", line)
		if (sub(/\].*$/, "", line))
			inflow = 0
		else
			inflow = 1
		mv = line
		next
	}
	/^moves:[ ]*$/ { inblock = 1; mv = ""; next }
	END { flush() }
	' "$1"
}

start_of() {	# the empty board of a built-in ruleset
	case $1 in
	ndar-kepp) echo "5/5/5/5/5 x 12 12 0 1" ;;
	*) echo "6/6/6/6/6 x 12 12 0 1" ;;
	esac
}

# ------------------------------------------------------------ 1. positions
files=
for f in samples/*.yaml tests/data/replay/*.yaml; do
	[ -f "$f" ] && files="$files $f"
done
for f in $files; do
	games "$f" >"$tmp/games"
	if [ ! -s "$tmp/games" ]; then
		ok 0 "$f: no game found"
		continue
	fi
	want=$(wc -l <"$tmp/games" | tr -d ' ')
	got=$(yote-replay "$f" 2>/dev/null | grep -c '^Game [0-9]')
	if [ "$got" = "$want" ]; then
		ok 1 "$f: $want games, as yote-replay counts them"
	else
		ok 0 "$f: awk finds $want games, yote-replay replays $got"
	fi
	while IFS="|" read -r g rules start moves; do
		case $rules in
		classic | traditional | damasi | ndar-kepp) ;;
		*)
			skip "$f game $g: ruleset '$rules' is not built in"
			continue
			;;
		esac
		[ -n "$start" ] || start=$(start_of "$rules")
		# shellcheck disable=SC2086
		"$refgen" --play "$rules" "$start" $moves >"$tmp/want" \
		    2>"$tmp/want.err"
		want=$?
		yote-replay --positions --game "$g" "$f" >"$tmp/got5" \
		    2>"$tmp/got.err"
		got=$?
		# the game and file fields are the tool's, not refgen's
		cut -f 1-3 "$tmp/got5" >"$tmp/got"
		if [ "$want" -gt 1 ]; then
			ok 0 "$f game $g: refgen --play failed"
			sed 's/^/# /' "$tmp/want.err"
		elif [ "$got" != "$want" ]; then
			ok 0 "$f game $g: exit status $got, refgen says $want"
			sed 's/^/# yote-replay: /' "$tmp/got.err"
			sed 's/^/# refgen: /' "$tmp/want.err"
		elif ! cmp -s "$tmp/want" "$tmp/got"; then
			ok 0 "$f game $g: --positions differs from refgen"
			diff -u "$tmp/want" "$tmp/got" | head -20 | sed 's/^/# /'
		else
			k=$(wc -l <"$tmp/got" | tr -d ' ')
			why=
			[ "$want" = 1 ] && why=", then an illegal move"
			ok 1 "$f game $g: $k plies$why, as refgen plays them ($rules)"
		fi
	done <"$tmp/games"
done

# refgen and yote-replay both stop at the same illegal move
"$refgen" --play classic "6/6/6/6/6 x 12 12 0 1" c3 d4 d3 c4 c3xe3+c4 \
    >/dev/null 2>"$tmp/err"
[ $? = 1 ] && grep -q "ply 5: illegal move 'c3xe3+c4'" "$tmp/err"
ok $((1 - $?)) "refgen rejects ply 5 of game 1 of illegal.yaml too"

# ------------------------------------------------------------ 2. --svg
if ! command -v xmllint >/dev/null 2>&1; then
	skip "xmllint not installed (libxml2-utils): no SVG checks"
	tap_done
	exit 0
fi

# check_svg FILE POSITION DESCRIPTION [MOVE]: well-formed, one piece circle
# per piece on the board and one hand circle per piece in hand; with MOVE,
# one cross per piece the move removed from the board (each x jumps one,
# each +SQUARE takes one; +@ takes from the hand)
check_svg() {
	if [ $# -ge 4 ] && [ -s "$1" ]; then
		want=$(($(printf '%s' "$4" | tr -cd 'x' | wc -c) +
		    $(printf '%s' "$4" | grep -o '+[a-z]' | wc -l)))
		got=$(sed -n '/<g class="removed"/,/<\/g>/p' "$1" |
		    grep -c '<path')
		if [ "$got" = "$want" ]; then
			ok 1 "$3: $want removed pieces crossed out ($4)"
		else
			ok 0 "$3: $got crosses for $want removed pieces ($4)"
		fi
	fi
	if [ ! -s "$1" ]; then
		ok 0 "$3: no SVG written"
		return
	fi
	if ! xmllint --noout "$1" 2>"$tmp/xml.err"; then
		ok 0 "$3: not well-formed XML"
		head -5 "$tmp/xml.err" | sed 's/^/# /'
		return
	fi
	# split the position string into its six fields
	# shellcheck disable=SC2086
	set -- "$1" "$3" $2
	board=$(printf '%s' "$3" | tr -cd 'xo' | wc -c | tr -d ' ')
	hands=$(($5 + $6))
	pieces=$(grep -o 'class="piece ' "$1" | wc -l | tr -d ' ')
	inhand=$(grep -o 'class="hand ' "$1" | wc -l | tr -d ' ')
	if [ "$pieces" = "$board" ] && [ "$inhand" = "$hands" ]; then
		ok 1 "$2: well-formed, $board pieces, $hands in hand"
	else
		ok 0 "$2: $pieces piece circles for $board pieces, $inhand" \
		    "hand circles for $hands in hand"
	fi
}

# move_at FILE GAME PLY: the move of PLY
move_at() {
	yote-replay --positions --game "$2" "$1" |
	    awk -F "$T" -v p="$3" '$1 == p { print $2 }'
}

# position_at FILE GAME PLY: the position string after PLY (0: start)
position_at() {
	if [ "$3" = 0 ]; then
		yote-replay --ply 0 --game "$2" "$1" | sed -n 's/^Start: //p'
	else
		yote-replay --positions --game "$2" "$1" |
		    awk -F "$T" -v p="$3" '$1 == p { print $3 }'
	fi
}

D=tests/data/replay
for spec in classic:1:0 classic:1:7 classic:1:11 classic:2:3 \
    traditional:1:9 traditional:2:1 damasi:1:8 ndar-kepp:1:5 \
    ndar-kepp:2:2; do
	f=$D/${spec%%:*}.yaml
	rest=${spec#*:}
	g=${rest%%:*}
	p=${rest#*:}
	rm -f "$tmp/one.svg"
	yote-replay --svg "$tmp/one.svg" --ply "$p" --game "$g" "$f" \
	    2>"$tmp/err"
	if [ "$p" = 0 ]; then
		check_svg "$tmp/one.svg" "$(position_at "$f" "$g" 0)" \
		    "--svg ${spec%%:*} game $g ply 0"
	else
		check_svg "$tmp/one.svg" "$(position_at "$f" "$g" "$p")" \
		    "--svg ${spec%%:*} game $g ply $p" "$(move_at "$f" "$g" "$p")"
	fi
done
rm -f "$tmp/one.svg"
yote-replay --svg "$tmp/one.svg" --final --game 3 $D/ndar-kepp.yaml
check_svg "$tmp/one.svg" "$(position_at $D/ndar-kepp.yaml 3 2)" \
    "--svg --final ndar-kepp game 3"

# ------------------------------------------------------------ 3. --svg-dir
mkdir "$tmp/dir"
yote-replay --svg-dir "$tmp/dir" --game 1 $D/classic.yaml 2>"$tmp/err"
st=$?
ls "$tmp/dir" >"$tmp/list"
i=0
: >"$tmp/expect"
while [ $i -le 12 ]; do
	printf 'game1-ply%03d.svg\n' $i >>"$tmp/expect"
	i=$((i + 1))
done
if [ $st = 0 ] && cmp -s "$tmp/expect" "$tmp/list"; then
	ok 1 "--svg-dir: the start and 12 plies of classic game 1, 13 files"
else
	ok 0 "--svg-dir: exit $st, files differ from game1-ply000..012"
	diff "$tmp/expect" "$tmp/list" | head -10 | sed 's/^/# /'
fi
i=0
check_svg "$tmp/dir/game1-ply000.svg" "$(position_at $D/classic.yaml 1 0)" \
    "--svg-dir ply 0"
i=1
while [ $i -le 12 ]; do
	check_svg "$tmp/dir/$(printf 'game1-ply%03d.svg' $i)" \
	    "$(position_at $D/classic.yaml 1 $i)" "--svg-dir ply $i" \
	    "$(move_at $D/classic.yaml 1 $i)"
	i=$((i + 1))
done

# every game of a collection: start plus plies, per game
rm -rf "$tmp/dir"
mkdir "$tmp/dir"
yote-replay --svg-dir "$tmp/dir" $D/ndar-kepp.yaml 2>"$tmp/err"
st=$?
# shellcheck disable=SC2012
got=$(ls "$tmp/dir" | tr '\n' ' ')
want="game1-ply000.svg game1-ply001.svg game1-ply002.svg game1-ply003.svg"
want="$want game1-ply004.svg game1-ply005.svg game1-ply006.svg"
want="$want game1-ply007.svg game1-ply008.svg game1-ply009.svg"
want="$want game2-ply000.svg game2-ply001.svg game2-ply002.svg"
want="$want game3-ply000.svg game3-ply001.svg game3-ply002.svg "
if [ $st = 0 ] && [ "$got" = "$want" ]; then
	ok 1 "--svg-dir on a collection: one file per ply and start of each game"
else
	ok 0 "--svg-dir on a collection (exit $st)"
	echo "#      got: $got"
	echo "# expected: $want"
fi
bad=0
for s in "$tmp"/dir/*.svg; do
	xmllint --noout "$s" 2>/dev/null || bad=1
done
ok $((1 - bad)) "--svg-dir on a collection: every file well-formed"

# a game that stops at an illegal move: pictures up to it, exit 1
rm -rf "$tmp/dir"
mkdir "$tmp/dir"
yote-replay --svg-dir "$tmp/dir" --game 1 $D/illegal.yaml 2>"$tmp/err"
st=$?
# shellcheck disable=SC2012
got=$(ls "$tmp/dir" | tr '\n' ' ')
want="game1-ply000.svg game1-ply001.svg game1-ply002.svg game1-ply003.svg"
want="$want game1-ply004.svg "
if [ $st = 1 ] && [ "$got" = "$want" ] && grep -q 'ply 5: illegal' "$tmp/err"
then
	ok 1 "--svg-dir stops before an illegal move, exit 1"
else
	ok 0 "--svg-dir with an illegal move: exit $st, files: $got"
fi

# annotations (grade, evaluation, best move, line, comment) in the text
# diagrams, the -i screens and the SVG pictures, as on the study page
A=tests/data/html/annotated.yaml
yote-replay --ply 15 $A > "$tmp/notes" 2>&1
st=$?
grep -qx '  Notes: blunder ??, eval -3.04 (before -0.05), best e5, line e5 e1 a2 d2 b2 b5' "$tmp/notes" &&
    grep -qx '    e4 c5, clock 0:04:12' "$tmp/notes" &&
    grep -qx '  Comment: Gives away the piece on the edge.' "$tmp/notes"
ok $((! $? && st == 0)) "text diagram of a graded ply: its notes (wrapped at 80 columns) and comment"
# every line at 80 columns: the notes, a long comment, a chain's removals,
# the names and the ending (an 80 x 24 terminal, as yote-play's messages)
awk '/^- move: b4$/ && !done { print; print "  comment: \"" \
    "A long comment from the coach, who explains at length why this move" \
    " loses the game: the piece on the edge cannot be defended twice.\""; \
    done = 1; next } { print }' $A > "$tmp/long-comment.yaml"
yote-replay "$tmp/long-comment.yaml" samples/*.yaml > "$tmp/wide" 2>&1
LC_ALL=C.UTF-8 grep -E '.{80}' "$tmp/wide" > "$tmp/wide-lines"
grep -q '^  Comment: A long comment' "$tmp/wide" && [ ! -s "$tmp/wide-lines" ]
ok $((! $?)) "text replay: every line fits 80 columns (notes, comments, captures, endings)" "$tmp/wide-lines"
n=$(yote-replay $A | grep -c '^  Notes: ')
[ "$n" = 100 ]
ok $((! $?)) "text replay: a notes line for each of the 100 annotated plies ($n)"

yote-replay --ply 15 --svg "$tmp/b15.svg" $A &&
    yote-replay --ply 25 --svg "$tmp/b25.svg" $A
st=$?
xmllint --noout "$tmp/b15.svg" "$tmp/b25.svg" 2>/dev/null &&
    grep -q '<g class="best"' "$tmp/b15.svg" &&
    grep -A1 '<g class="best"' "$tmp/b15.svg" | grep -q '<circle cx="306" cy="70"' &&
    grep -A2 '<g class="best"' "$tmp/b25.svg" | grep -q '<polygon' &&
    grep -q '<text x="36" y="[0-9]*">blunder ??, eval -3.04' "$tmp/b15.svg" &&
    grep -q '>Gives away the piece on the edge.</text>' "$tmp/b15.svg"
ok $((! $? && st == 0)) "SVG of a graded ply: the notes under the board, the best move as a ring (e5) or an arrow (c4-c5)"
yote-replay --ply 16 --svg "$tmp/b16.svg" $A
! grep -q 'class="best"' "$tmp/b16.svg" && grep -q 'eval -2.99' "$tmp/b16.svg"
ok $((! $?)) "SVG of an ungraded ply: its evaluation, no arrow"

if command -v script >/dev/null 2>&1 &&
    script -qec true /dev/null >/dev/null 2>&1; then
	printf '15\nq\n' | timeout 10 script -qec "yote-replay -i $A" \
	    /dev/null 2>/dev/null | tr -d '\r' > "$tmp/i"
	grep -q '^  Notes: blunder ??, eval -3.04' "$tmp/i" &&
	    grep -q '^  Comment: Gives away the piece on the edge.' "$tmp/i" &&
	    [ "$(sed 's/\x1b\[[0-9;]*m//g' "$tmp/i" | LC_ALL=C.UTF-8 wc -L)" -le 79 ]
	ok $((! $?)) "yote-replay -i: the notes and comment of ply 15, in 80 columns"
else
	skip "script(1) not available: no terminal for -i"
fi

# bidirectional controls in names: shown as \uXXXX in the SVG's title
yote-replay --final --svg "$tmp/bidi.svg" tests/data/html/bidi.yaml
grep -q '<text [^>]*>Eve\\u202e0-\.\.\. - \\u200fAdam' "$tmp/bidi.svg" &&
    ! grep -q "$(printf '\342\200\256')" "$tmp/bidi.svg"
ok $((! $?)) "SVG title: a right-to-left override shown as \\u202e, not obeyed"

# --position is yote-analyze's name for a position given, never taken as
# an abbreviation of --positions (it read the position as a file name)
P='6/6/6/2x3/6 o 11 12 0 2'
yote-replay --position "$P" >"$tmp/pos1" 2>&1
st=$?
yote-replay --start "$P" >"$tmp/pos2" 2>&1
ok "$([ $st = 0 ] && cmp -s "$tmp/pos1" "$tmp/pos2" && grep -q "^Start: $P\$" "$tmp/pos1" && echo 1)" \
    "--position POS draws the position, as --start POS" "$tmp/pos1"
# a picture's title keeps its ply and move whatever the names: each cut
# to 14 characters, whole ones (a 300-character name filled the title,
# 2700 px in a picture of 432, and the ply was cut off)
long=$(awk 'BEGIN { for (i = 0; i < 150; i++) printf "\303\251N" }')
printf -- '---\nyote: 1\nfirst: "%s"\nsecond: Short\nmoves: [c3]\n' "$long" >"$tmp/long.yaml"
yote-replay -n 1 --svg "$tmp/long.svg" "$tmp/long.yaml" 2>"$tmp/err"
t=$(sed -n 's/.*y="24"[^>]*>\([^<]*\)<.*/\1/p' "$tmp/long.svg")
ok "$([ "$t" = "$(printf '\303\251N\303\251N\303\251N\303\251N\303\251N\303\251...') - Short: ply 1, c3" ] && echo 1)" \
    "--svg: long names cut at whole characters, the ply and the move kept ($t)" "$tmp/err"
# a title wider than the picture (two cut names and a long chain on the
# narrowest picture) is pressed into it with textLength; a short one is not
printf -- '---\nyote: 1\nrules: %s/tests/data/mini.yaml\nfirst: Awa Diop Sangare\nsecond: Moussa Ndiaye Keita\nmoves: [a1, d4, b2]\n' "$PWD" >"$tmp/narrow.yaml"
yote-replay -n 3 --svg "$tmp/narrow.svg" "$tmp/narrow.yaml" 2>"$tmp/err"
w=$(sed -n 's/.*<svg[^>]* width="\([0-9]*\)".*/\1/p' "$tmp/narrow.svg")
tl=$(sed -n 's/.*y="24"[^>]* textLength="\([0-9]*\)".*/\1/p' "$tmp/narrow.svg")
yote-replay -n 1 --svg "$tmp/short.svg" samples/classic.yaml 2>>"$tmp/err"
ok "$([ -n "$tl" ] && [ "$tl" -lt "$w" ] && ! grep -q textLength "$tmp/short.svg" && echo 1)" \
    "--svg: a title wider than the picture is fitted with textLength ($tl of $w px), a short one left as it is" "$tmp/err"
# The diagram's heading is wrapped by columns: 70 accented letters made
# of a letter and a mark (70 columns) fit beside "Game 1: "; 45 wide
# characters (90 columns) do not, and no line passes 79 columns.
e=$(awk 'BEGIN { for (i = 0; i < 70; i++) printf "e\314\201" }')
printf 'yote: 1\nevent: "%s"\nmoves: [c3]\n' "$e" >"$tmp/acc.yaml"
w=$(awk 'BEGIN { for (i = 0; i < 45; i++) printf "\346\227\245" }')
printf 'yote: 1\nevent: "%s"\nmoves: [c3]\n' "$w" >"$tmp/wide.yaml"
ok "$(yote-replay "$tmp/acc.yaml" 2>>"$tmp/err" | head -1 | grep -qx "Game 1: $e" &&
    [ "$(yote-replay "$tmp/wide.yaml" 2>>"$tmp/err" | sed -n 1,3p | sed 's/^    //' | awk 'NR == 1 && $0 == "Game 1:" { a = 1 } NR == 2 { b = length($0) } NR == 3 { c = length($0) } END { print a, b + c }')" = "1 135" ] && echo 1)" \
    "the diagram's heading wrapped by columns: an accent as a mark takes none, a wide character two" "$tmp/err"
tap_done
