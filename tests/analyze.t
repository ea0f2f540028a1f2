#!/bin/sh
# yote-analyze's annotations (TAP).  Run from the project root (prove does)
# after `make`.
#
#  1. Planted blunders (tests/data/analyze/): a move that throws a game
#     away is graded `class: blunder`, `nag: '??'` at every depth tried,
#     and a forced loss shows as #-1 / #+0.
#  2. A game of the engine's own best moves (made here with --best, one
#     position at a time) has no blunder at the same depth.
#  3. Determinism: the same run twice, -j 1 against -j 2, --nodes.
#  4. Records: the output validates, keeps unknown keys and comment:
#     annotations, the analysis: header counts what the plies say.
#  5. Won positions (tests/data/analyze/won.yaml): a slower win is no
#     mistake, a missed faster win at most an inaccuracy; evaluations
#     from the first side's view, older records (mover's view) turned.
#  6. --only, --side, --from-ply, --summary and --tsv layouts, --graph
#     (xmllint, one marker per graded ply), --best, the progress line on
#     a terminal (with script(1)), usage errors (exit 2).
#
# The YAML that yote-analyze writes is read here with awk: libyaml's
# emitter writes an annotated moves: list in block style, one `- move:`
# mapping per annotated ply with its keys indented by two spaces.
set -u
. tests/lib/env.sh
scratch analyze-t
data=tests/data/analyze
T=$(printf '\t')

. tests/lib/tap.sh
note() {	# note FILE: a file's first lines as TAP comments
	head -n "${2:-15}" "$1" | sed 's/^/# /'
}

# plies FILE [GAME]: one line per ply of game GAME (default 1) of an
# annotated stream: PLY TAB MOVE TAB EVAL-BEFORE TAB EVAL TAB BEST TAB
# CLASS TAB NAG, "-" where a key is missing.  A game whose moves: list is
# still a flow list has no annotations, and gives no lines.
plies() {
	awk -v want="${2:-1}" '
	function flush() {
		if (ply > 0)
			printf "%d\t%s\t%s\t%s\t%s\t%s\t%s\n", ply, v["move"],
			    v["eval-before"], v["eval"], v["best"], v["class"],
			    v["nag"]
		split("move eval-before eval best class nag", k, " ")
		for (i in k)
			v[k[i]] = "-"
	}
	function value(s) {
		sub(/^[^:]*:[ ]*/, "", s)
		gsub(/^["\047]|["\047]$/, "", s)
		return s
	}
	BEGIN { ply = 0; flush() }
	/^---/ { game++; inmoves = 0; next }
	game != want { next }
	/^moves:[ ]*$/ { inmoves = 1; next }
	inmoves && /^- / {
		flush()
		ply++
		line = $0
		sub(/^- /, "", line)
		if (line ~ /^move:/)
			v["move"] = value(line)
		else
			v["move"] = line
		next
	}
	inmoves && /^  [a-z-]+:/ {
		key = $0
		sub(/^  /, "", key)
		sub(/:.*/, "", key)
		v[key] = value($0)
		next
	}
	inmoves && /^[^ ]/ { flush(); ply = 0; inmoves = 0 }
	END { flush() }
	' "$1"
}

# col TABLE PLY N: field N of ply PLY's line
col() {
	awk -F "$T" -v p="$2" -v c="$3" '$1 == p { print $c }' "$1"
}

# analyse DEPTH FILE: yote-analyze's output in $tmp/out (its plies table in
# $tmp/t, standard error in $tmp/err), its exit status in st
analyse() {
	yote-analyze --depth "$1" "$2" >"$tmp/out" 2>"$tmp/err"
	st=$?
	plies "$tmp/out" >"$tmp/t"
}

# ------------------------------------------------------------ 1. blunders
for d in 1 2 3; do
	analyse $d "$data/blunder-classic.yaml"
	c=$(col "$tmp/t" 15 6)/$(col "$tmp/t" 15 7)/$(col "$tmp/t" 15 2)
	if [ $st = 0 ] && [ "$c" = "blunder/??/e3" ]; then
		ok 1 "classic, depth $d: ply 15 (e3, opens a six-piece chain) is a blunder ??"
	else
		ok 0 "classic, depth $d: ply 15 is '$c', exit status $st"
		note "$tmp/err"
	fi
done
# a better move is offered (several keep +6), and the reply is no mistake
b=$(col "$tmp/t" 15 5)
c=$(col "$tmp/t" 16 6)
ok "$([ "$b" != - ] && [ "$b" != e3 ] && [ "$c" = - ] && echo 1)" \
    "classic: a best move at ply 15 ($b), the chain at ply 16 is not graded ($c)"

for d in 1 2 3; do
	analyse $d "$data/blunder-ndar-kepp.yaml"
	c=$(col "$tmp/t" 1 6)/$(col "$tmp/t" 1 7)/$(col "$tmp/t" 1 4)
	c2=$(col "$tmp/t" 2 3)/$(col "$tmp/t" 2 4)/$(col "$tmp/t" 2 6)
	if [ $st = 0 ] && [ "$c" = "blunder/??/#+1" ] &&
	    [ "$c2" = "#+1/#+0/-" ]; then
		ok 1 "ndar-kepp, depth $d: ply 1 (second's b4-b5, walks into Ndar-Kepp) is a blunder, eval #+1 (first's view); ply 2 #+1 -> #+0"
	else
		ok 0 "ndar-kepp, depth $d: ply 1 '$c', ply 2 '$c2', exit status $st"
		note "$tmp/err"
	fi
done

# ------------------------------------------------------------ 2. best moves
# bestgame RULES DEPTH PLIES START: a record of the engine's best moves
bestgame() {
	pos=$4
	moves=
	i=0
	while [ $i -lt "$3" ]; do
		m=$(yote-analyze --rules "$1" --best --depth "$2" \
		    --position "$pos" | awk '$1 == "bestmove" { print $2 }')
		case $m in
		"" | "(none)") break ;;
		esac
		moves="$moves${moves:+, }$m"
		pos=$(yote-replay --rules "$1" --start "$4" --moves \
		    "$(echo "$moves" | tr -d ,)" --positions | tail -n 1 |
		    cut -f 3)
		i=$((i + 1))
	done
	printf -- '---\nyote: 1\nrules: %s\nstart: %s\nmoves: [%s]\n' "$1" \
	    "$4" "$moves"
}
{
	bestgame classic 2 14 "2x3/3oo1/2xx2/2xx2/o1o3 x 7 6 5 15"
	bestgame traditional 2 14 "3o2/6/1xo3/2x2o/x1o3 x 8 8 2 9"
	bestgame damasi 2 14 "o4o/6/3o2/2o3/2x3 x 4 0 0 30"
	bestgame ndar-kepp 2 14 "1o3/3o1/xxo2/4o/3x1 x 5 8 0 13"
} >"$tmp/best.yaml"
yote-validate "$tmp/best.yaml" >"$tmp/err" 2>&1
st=$?
ok "$([ $st = 0 ] && echo 1)" "four games of --best moves (depth 2) are valid records"
yote-analyze --depth 2 "$tmp/best.yaml" >"$tmp/out" 2>"$tmp/err"
st=$?
b=$(grep -c "^  nag: '*??'*$" "$tmp/out")
games=$(grep -c '^  depth: 2$' "$tmp/out")
if [ $st = 0 ] && [ "$b" = 0 ] && [ "$games" = 4 ]; then
	ok 1 "the engine's own moves, analysed at the same depth: no ??"
else
	ok 0 "the engine's own moves: $b blunders, $games analysis headers, exit status $st"
	grep -B8 "nag: '*??" "$tmp/out" | note /dev/stdin 30
fi

# ------------------------------------------------------------ 3. determinism
yote-analyze --depth 2 samples/classic.yaml >"$tmp/a1" 2>&1
yote-analyze --depth 2 samples/classic.yaml >"$tmp/a2" 2>&1
ok "$(cmp -s "$tmp/a1" "$tmp/a2" && echo 1)" "the same analysis twice: the same output"
yote-analyze --depth 1 -j 1 samples/*.yaml >"$tmp/j1" 2>&1
yote-analyze --depth 1 -j 2 samples/*.yaml >"$tmp/j2" 2>&1
games=$(grep -c '^---' "$tmp/j1")
ok "$(cmp -s "$tmp/j1" "$tmp/j2" && [ "$games" -gt 1 ] && echo 1)" \
    "-j 1 and -j 2 over samples/*.yaml ($games games): the same output"
yote-analyze --nodes 3000 -j 1 --summary samples/damasi.yaml >"$tmp/n1" 2>&1
yote-analyze --nodes 3000 -j 2 --summary samples/damasi.yaml >"$tmp/n2" 2>&1
ok "$(cmp -s "$tmp/n1" "$tmp/n2" && echo 1)" "--nodes 3000, -j 1 and -j 2: the same summary"
if [ -x bin/yote-convert ]; then
	yote-convert --to archive -o "$tmp/c.yta" samples/classic.yaml \
	    >/dev/null 2>&1
	yote-analyze --depth 2 "$tmp/c.yta" >"$tmp/a3" 2>&1
	ok "$(cmp -s "$tmp/a1" "$tmp/a3" && echo 1)" \
	    "samples/classic.yaml as an archive: the same annotated records"
else
	skip "bin/yote-convert not built: no archive input"
fi

# ------------------------------------------------------------ 4. records
yote-analyze --depth 2 "$data/blunder-classic.yaml" >"$tmp/out" 2>"$tmp/err"
yote-validate "$tmp/out" >"$tmp/v" 2>&1
st=$?
ok "$([ $st = 0 ] && [ ! -s "$tmp/v" ] && echo 1)" "the annotated game is a valid record"
note "$tmp/v"
yote-validate "$tmp/a1" >"$tmp/v" 2>&1
st=$?
ok "$([ $st = 0 ] && [ ! -s "$tmp/v" ] && echo 1)" "annotated samples/classic.yaml is valid"
note "$tmp/v"
c=0
grep -q '^x-board: club set 3$' "$tmp/out" &&
    grep -q '^site: Saint-Louis$' "$tmp/out" &&
    grep -q '^result: "\*"$' "$tmp/out" &&
    grep -q '^  comment: Mirrors white.s pair\.$' "$tmp/out" &&
    grep -q '^  clock: "9:58"$' "$tmp/out" &&
    grep -q '^  comment: The piece meant to close the e-file\.$' "$tmp/out" &&
    c=1
ok $c "unknown keys, comment: and clock: annotations and quoting are kept"
# re-analysing an annotated record gives the same record
yote-analyze --depth 2 "$tmp/out" >"$tmp/out2" 2>&1
ok "$(cmp -s "$tmp/out" "$tmp/out2" && echo 1)" "analysing the annotated output again changes nothing"
# the header counts what the plies say
plies "$tmp/a1" 1 >"$tmp/t"
want=$(awk -F "$T" '$1 % 2 == 1 && $6 == "blunder" { b++ }
    $1 % 2 == 1 && $6 == "mistake" { m++ } $1 % 2 == 1 && $6 == "inaccuracy" { i++ }
    END { printf "{inaccuracies: %d, mistakes: %d, blunders: %d,", i, m, b }' "$tmp/t")
got=$(awk '/^---/ { g++ } g == 1 && /^  first: / { sub(/^  first: /, ""); print }' \
    "$tmp/a1" | cut -d ' ' -f 1-6)
ok "$([ "$want" = "$got" ] && echo 1)" "analysis: first's counts match its graded plies ($got)"
# every graded ply has its nag, every ungraded ply none; best with pv
bad=$(awk -F "$T" '($6 == "blunder") != ($7 == "??") ||
    ($6 == "mistake") != ($7 == "?") || ($6 == "inaccuracy") != ($7 == "?!") ||
    $3 == "-" || $4 == "-"' "$tmp/t" | wc -l)
ok "$([ "$bad" = 0 ] && echo 1)" "each ply has eval-before and eval, and a nag exactly with its class"
bad=$(awk '/^- / { if (b != p) bad++; b = p = 0 } /^  best:/ { b = 1 }
    /^  pv: \[/ { p = 1 } END { if (b != p) bad++; print bad + 0 }' "$tmp/a1")
ok "$([ "$bad" = 0 ] && echo 1)" "best: and pv: come together"
# a game with an illegal move: its legal part is annotated, exit 1
printf 'yote: 1\nmoves: [c3, d4, c3xe3+d4, d3]\n' >"$tmp/ill.yaml"
yote-analyze --depth 1 "$tmp/ill.yaml" >"$tmp/out" 2>"$tmp/err"
st=$?
k=$(plies "$tmp/out" | awk -F "$T" '$3 != "-"' | wc -l)
ok "$([ $st = 1 ] && [ "$k" = 2 ] && grep -q "ply 3: illegal move 'c3xe3+d4'" "$tmp/err" && echo 1)" \
    "an illegal ply 3: exit 1, a diagnostic, plies 1-2 annotated ($k)"
note "$tmp/err"
# every kind of invalid record: exit 1 and a diagnostic naming the file
bad=
for f in samples/invalid/*.yaml; do
	yote-analyze --depth 1 -j 2 "$f" >/dev/null 2>"$tmp/err"
	st=$?
	[ $st = 1 ] && grep -q "^yote-analyze: $f:" "$tmp/err" ||
	    bad="$bad $(basename "$f"):$st"
done
ok "$([ -z "$bad" ] && echo 1)" "samples/invalid/*.yaml: each exits 1 with a diagnostic${bad:+ (not:$bad)}"

# ------------------------------------------------------------ 5. won games, views
# won.yaml: first wins at once with b1xb3 under a 3x3 ruleset
# (the ruleset comes from the records alone: its positions must hash
# apart, or the repetition check takes every one for a repetition)
yote-analyze "$data/won.yaml" >"$tmp/w" 2>"$tmp/err"
st=$?
for g in 1 2 3 4 5; do
	plies "$tmp/w" $g >"$tmp/w$g"
done
c=$(col "$tmp/w1" 1 3)/$(col "$tmp/w1" 1 4)/$(col "$tmp/w1" 1 5)/$(col "$tmp/w1" 1 6)
case $c in
"#+1/#+"*/-/-) k=1 ;;
*) k=0 ;;
esac
ok "$([ $st = 0 ] && [ $k = 1 ] && echo 1)" \
    "a slower win after a proven win (#+1, a1-a2, still a proven win) is not graded, no best: ($c)"
c=$(col "$tmp/w2" 1 3)/$(col "$tmp/w2" 1 6)/$(col "$tmp/w5" 1 6)
case $c in
"#+1/inaccuracy/blunder") k=1 ;;
*) k=0 ;;
esac
ok $k "a missed faster win (#+1, a1-a2 five pieces ahead) is an inaccuracy; c1-c2, a draw, a blunder ($c)"
c=$(col "$tmp/w3" 1 3)/$(col "$tmp/w3" 1 4)/$(col "$tmp/w4" 1 3)/$(col "$tmp/w4" 1 4)
ok "$([ "$c" = "#+1/#+0/#-1/#-0" ] && echo 1)" \
    "evaluations from the first side's view: first winning #+1 -> #+0, second winning #-1 -> #-0 ($c)"
k=$(grep -c '^  eval-view: first$' "$tmp/w")
ok "$([ "$k" = 5 ] && echo 1)" "analysis: says eval-view: first in each of the 5 records ($k)"
# the default budget goes on past depth 7 where that is cheap, and says
# so; a budget given does not
yote-analyze --depth 7 "$data/won.yaml" >"$tmp/dd" 2>/dev/null
k=$(grep -c '^  deepen: 3$' "$tmp/w")/$(grep -c '^  deepen-nodes: 120000$' "$tmp/w")/$(grep -c deepen "$tmp/dd")
ok "$([ "$k" = 5/5/0 ] && echo 1)" \
    "analysis: the default budget's deepen: 3 and deepen-nodes: 120000 in each record, none with --depth ($k)"
# --thorough: depth 8 and its own deepening, said in the header; it is a
# budget, so a budget beside it is a usage error
yote-analyze --thorough -g 1 "$data/won.yaml" >"$tmp/th" 2>/dev/null
k=$(awk '/^  depth: 8$/ { d++ } /^  deepen: 2$/ { p++ } /^  deepen-nodes: 150000$/ { n++ }
    END { print d + 0 "/" p + 0 "/" n + 0 }' "$tmp/th")
ok "$([ "$k" = 1/1/1 ] && echo 1)" \
    "--thorough: depth: 8, deepen: 2, deepen-nodes: 150000 in the header ($k)"
for b in "--depth 5" "--nodes 1000" "--movetime 100"; do
	# shellcheck disable=SC2086
	yote-analyze --thorough $b "$data/won.yaml" >"$tmp/o" 2>"$tmp/e"
	st=$?
	ok "$([ $st = 2 ] && [ ! -s "$tmp/o" ] && grep -q 'thorough is a budget of its own' "$tmp/e" && echo 1)" \
	    "--thorough $b: usage error, exit 2, nothing written (exit $st)"
done
# the sign of an ordinary score: after first's blunder at ply 15 second
# is winning, and stays so whoever moves
yote-analyze --depth 2 "$data/blunder-classic.yaml" >"$tmp/o" 2>&1
plies "$tmp/o" >"$tmp/t"
c=$(col "$tmp/t" 15 3)/$(col "$tmp/t" 15 4)/$(col "$tmp/t" 16 3)/$(col "$tmp/t" 16 4)
case $c in
+*/-*/-*/-*) k=1 ;;
*) k=0 ;;
esac
ok $k "first's blunder at ply 15: + before, - after, - around second's ply 16 ($c)"
# best: and pv: only on graded plies, and always there
bad=$(awk '/^---/ { g++ } /^- / { if (b != c) bad++; b = c = 0 }
    /^  best:/ { b = 1 } /^  class:/ { c = 1 }
    END { if (b != c) bad++; print bad + 0 }' "$tmp/a1")
k=$(grep -c '^  best:' "$tmp/a1")
ok "$([ "$bad" = 0 ] && [ "$k" -gt 0 ] && echo 1)" \
    "best: and pv: on exactly the graded plies of samples/classic.yaml ($k)"
# an older record (mover's view, no eval-view): read in its view and
# written in the first side's, here for ply 1 which --from-ply 2 leaves
yote-analyze --depth 1 --from-ply 2 "$data/old-view.yaml" >"$tmp/o" 2>&1
st=$?
plies "$tmp/o" >"$tmp/t"
c=$(col "$tmp/t" 1 3)/$(col "$tmp/t" 1 4)/$(col "$tmp/t" 2 3)/$(col "$tmp/t" 2 4)
ok "$([ $st = 0 ] && [ "$c" = "-1.01/#+1/#+1/#+0" ] && grep -q '^  eval-view: first$' "$tmp/o" && echo 1)" \
    "an older record's mover-view evals (second's +1.01, #-1) become the first side's (-1.01, #+1) ($c)"
yote-analyze --depth 1 "$tmp/o" >"$tmp/o2" 2>&1
plies "$tmp/o2" >"$tmp/t2"
c=$(col "$tmp/t2" 1 4)
ok "$([ "$c" = "#+1" ] && echo 1)" "a record in the first side's view is not turned again ($c)"
# ... and shown in the first side's view by the tools that show it, as
# the study page's curve was (its move list and yote-replay -a showed the
# mover's: the signs alternated by side)
yote-replay -a -n 1 "$data/old-view.yaml" >"$tmp/o" 2>&1
yote-replay --html "$tmp/ov.html" "$data/old-view.yaml" 2>>"$tmp/o"
ok "$(grep -q 'Notes: blunder ??, eval #+1 (before -1.01)' "$tmp/o" &&
    grep -q '"1":{"k":\[\["eval-before","-1.01"\],\["eval","#+1"\]' "$tmp/ov.html" &&
    echo 1)" "an older record's evaluations shown in the first side's view: replay -a, the study page's notes" "$tmp/o"
# --only on an annotated record: the moves it grades below the class lose
# an earlier run's grades, so that the record, its header and the chart
# say the same (a depth-4 run's blunders stayed beside the depth-3 one's)
yote-analyze --depth 4 -g 1 samples/classic.yaml >"$tmp/d4.yaml" 2>/dev/null
yote-analyze --depth 3 --only blunder --graph "$tmp/d3.svg" "$tmp/d4.yaml" \
    >"$tmp/d3.yaml" 2>/dev/null
k=$(grep -c '^  class: blunder$' "$tmp/d3.yaml")
h=$(awk '/^  (first|second): / { sub(/.*blunders: /, ""); sub(/,.*/, ""); n += $0 } END { print n + 0 }' "$tmp/d3.yaml")
g=$(grep -c 'class="blunder"' "$tmp/d3.svg")
o=$(grep -c '^  class: ' "$tmp/d3.yaml")
ok "$([ "$k" = "$h" ] && [ "$g" = "$h" ] && [ "$o" = "$k" ] && [ "$h" -gt 0 ] && echo 1)" \
    "--only blunder again: the record's blunders are the header's and the chart's ($k, $h, $g; $o graded)"

# ------------------------------------------------------------ 6. options
G=$(grep -c '^---' "$tmp/a1")	# games in samples/classic.yaml
yote-analyze --depth 2 "$data/blunder-classic.yaml" >"$tmp/o" 2>&1
plies "$tmp/o" >"$tmp/full"
yote-analyze --depth 2 --only blunders "$data/blunder-classic.yaml" \
    >"$tmp/o" 2>&1
plies "$tmp/o" >"$tmp/t"
others=$(grep -c '^  class: [^b]' "$tmp/o")
want=$(awk -F "$T" '$6 == "blunder" { print $1 }' "$tmp/full" | tr '\n' ' ')
got=$(awk -F "$T" '$3 != "-" { print $1 }' "$tmp/t" | tr '\n' ' ')
ok "$([ "$others" = 0 ] && [ -n "$want" ] && [ "$want" = "$got" ] && echo 1)" \
    "--only blunders: annotations on exactly the blunders (plies $want)"
yote-analyze --depth 2 --only mistakes samples/classic.yaml >"$tmp/o" 2>&1
others=$(grep -c '^  class: inaccuracy' "$tmp/o")
ok "$([ "$others" = 0 ] && grep -q '^  class: ' "$tmp/o" && echo 1)" \
    "--only mistakes: mistakes and blunders, no inaccuracy"

yote-analyze --depth 2 --side first samples/classic.yaml >"$tmp/o" 2>&1
plies "$tmp/o" 1 >"$tmp/t"
even=$(awk -F "$T" '$1 % 2 == 0 && $3 != "-"' "$tmp/t" | wc -l)
odd=$(awk -F "$T" '$1 % 2 == 1 && $3 == "-"' "$tmp/t" | wc -l)
hdr=$(grep -c '^  second: ' "$tmp/o")
ok "$([ -s "$tmp/t" ] && [ "$even" = 0 ] && [ "$odd" = 0 ] && [ "$hdr" = 0 ] && echo 1)" \
    "--side first: every odd ply annotated, no even one, no second: in analysis:"
# second moves first in the ndar-kepp record: its plies are the odd ones
yote-analyze --depth 1 --side second "$data/blunder-ndar-kepp.yaml" \
    >"$tmp/o" 2>&1
plies "$tmp/o" >"$tmp/t"
c=$(col "$tmp/t" 1 6)/$(col "$tmp/t" 2 3)
ok "$([ "$c" = "blunder/-" ] && echo 1)" \
    "--side second with second to move at the start: ply 1 is second's ($c)"

yote-analyze --depth 2 --from-ply 12 "$data/blunder-classic.yaml" >"$tmp/o" 2>&1
plies "$tmp/o" >"$tmp/t"
early=$(awk -F "$T" '$1 < 12 && $3 != "-"' "$tmp/t" | wc -l)
late=$(awk -F "$T" '$1 >= 12 && $3 == "-"' "$tmp/t" | wc -l)
total=$(wc -l <"$tmp/t")
c=$(col "$tmp/t" 15 6)
ok "$([ "$total" = 20 ] && [ "$early" = 0 ] && [ "$late" = 0 ] && [ "$c" = blunder ] && echo 1)" \
    "--from-ply 12: plies 12 to 20 annotated, none before; ply 15 still a blunder"

# --summary: a fixed header, then one row per game and side; columns line
# up in characters (names with accents are two bytes a letter in UTF-8)
yote-analyze --depth 1 --summary samples/classic.yaml >"$tmp/s" 2>&1
hdr='game  side   player                      ?!     ?    ??  avg-loss accuracy'
rows=$(($(wc -l <"$tmp/s") - 1))
bad=$(sed 1d "$tmp/s" | grep -Evc '^[0-9]+ +(first |second) .{24}( +[0-9]+){3} +[0-9]+\.[0-9] +[0-9]+\.[0-9]$' ||
    true)
ok "$([ "$(head -n 1 "$tmp/s")" = "$hdr" ] && [ "$rows" = $((2 * G)) ] && echo 1)" \
    "--summary: the header, and $((2 * G)) rows for $G games"
if command -v perl >/dev/null 2>&1; then
	w=$(perl -CI -ne 'chomp; print length($_), "\n"' <"$tmp/s" | sort -u |
	    tr '\n' ' ')
	ok "$([ "$w" = "74 " ] && echo 1)" "--summary: every line 74 characters wide ($w)"
else
	skip "perl not installed: --summary widths in characters"
fi
ok "$([ "$bad" = 0 ] && echo 1)" "--summary: each row is game, side, name, 3 counts, 2 decimals"
yote-analyze --depth 1 --summary --tsv samples/classic.yaml >"$tmp/s" 2>&1
hdr="game${T}side${T}player${T}inaccuracies${T}mistakes${T}blunders${T}average_loss${T}accuracy${T}file"
bad=$(sed 1d "$tmp/s" | awk -F "$T" 'NF != 9 || $9 != "samples/classic.yaml" || $1 !~ /^[0-9]+$/ ||
    ($2 != "first" && $2 != "second") || $4 !~ /^[0-9]+$/ ||
    $7 !~ /^[0-9]+\.[0-9]$/ || $8 !~ /^[0-9]+\.[0-9]$/' | wc -l)
ok "$([ "$(head -n 1 "$tmp/s")" = "$hdr" ] && [ "$bad" = 0 ] && [ "$(wc -l <"$tmp/s")" = $((2 * G + 1)) ] && echo 1)" \
    "--tsv: the header and $((2 * G)) rows of 9 fields, the file last"
yote-analyze --depth 1 --summary -f json samples/classic.yaml >"$tmp/j" 2>&1
ok "$(python3 -c '
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
ok = len(rows) == 2 * int(sys.argv[2]) and all(r["kind"] == "side" and
    r["file"] == "samples/classic.yaml" and r["side"] in ("first", "second")
    for r in rows)
print(1 if ok else 0)' "$tmp/j" "$G" 2>/dev/null)" \
    "--format=json: JSON Lines, a row per game and side with its file"
yote-analyze --depth 1 --summary --side second samples/classic.yaml >"$tmp/s" 2>&1
ok "$([ "$(grep -c ' first ' "$tmp/s")" = 0 ] && [ "$(wc -l <"$tmp/s")" = $((G + 1)) ] && echo 1)" \
    "--summary --side second: only second's rows"

# --graph
if command -v xmllint >/dev/null 2>&1; then
	mkdir "$tmp/g"
	yote-analyze --depth 2 --graph "$tmp/g/ev.svg" samples/classic.yaml \
	    >"$tmp/o" 2>&1
	# shellcheck disable=SC2012 # the names are ours: ev*.svg
	k=$(ls "$tmp/g" | wc -l)
	ok "$([ "$k" = "$G" ] && [ -f "$tmp/g/ev.svg" ] && [ -f "$tmp/g/ev-$G.svg" ] && echo 1)" \
	    "--graph: ev.svg, ev-2.svg ... ev-$G.svg for $G games ($k files)"
	bad=0
	ticks=0
	g=0
	while [ $g -lt "$G" ]; do
		g=$((g + 1))
		f=$tmp/g/ev-$g.svg
		[ $g = 1 ] && f=$tmp/g/ev.svg
		xmllint --noout "$f" 2>>"$tmp/err" || bad=$((bad + 1))
		want=$(plies "$tmp/o" $g | awk -F "$T" '$6 != "-"' | wc -l)
		got=$(grep -c '<circle class="' "$f")
		[ "$want" = "$got" ] || {
			bad=$((bad + 1))
			echo "# game $g: $got markers, $want graded plies"
		}
		# the x axis labelled as the study page's curve: 0, the
		# middle and the last ply (it said only "ply")
		n=$(plies "$tmp/o" $g | wc -l)
		want="0 $(((n + 1) / 2)) $n"
		got=$(sed -n 's/.*<text class="tick"[^>]*>\([0-9]*\)<.*/\1/p' "$f" |
		    tr '\n' ' ' | sed 's/ $//')
		[ "$want" = "$got" ] || {
			ticks=$((ticks + 1))
			echo "# game $g: x axis labelled '$got', not '$want'"
		}
	done
	ok "$([ $bad = 0 ] && echo 1)" "--graph: well-formed SVG, one marker per graded ply"
	ok "$([ "$ticks" = 0 ] && echo 1)" "--graph: the x axis labelled with plies 0, the middle and the last, as the study page's curve"
	rm -f "$tmp"/g/*
	yote-analyze --depth 2 --side first --from-ply 10 --graph "$tmp/g/ev.svg" \
	    "$data/blunder-classic.yaml" >"$tmp/o" 2>&1
	want=$(plies "$tmp/o" | awk -F "$T" '$6 != "-" { print $1 }' |
	    tr '\n' ' ')
	got=$(sed -n 's/.*<title>ply \([0-9]*\): .*/\1/p' "$tmp/g/ev.svg" |
	    tr '\n' ' ')
	pts=$(sed -n 's/.*<polyline[^>]*points="\([^"]*\)".*/\1/p' \
	    "$tmp/g/ev.svg" | wc -w)
	ok "$(xmllint --noout "$tmp/g/ev.svg" 2>/dev/null && [ "$want" = "$got" ] &&
	    [ -n "$got" ] && [ "$pts" = 12 ] && echo 1)" \
	    "--graph --side first --from-ply 10: markers on first's graded plies only ($got), the curve from ply 9 on ($pts points)"
	rm -f "$tmp"/g/*
	yote-analyze --depth 1 --game 1 --graph "$tmp/g/ev.svg" \
	    samples/classic.yaml samples/damasi.yaml >/dev/null 2>&1
	t1=$(grep -o '<text[^>]*font-size="14">[^<]*' "$tmp/g/ev.svg" 2>/dev/null)
	t2=$(grep -o '<text[^>]*font-size="14">[^<]*' "$tmp/g/ev-2.svg" 2>/dev/null)
	ok "$([ -n "$t1" ] && [ -n "$t2" ] && [ "$t1" != "$t2" ] && echo 1)" \
	    "--graph over two inputs: game 1 of each, in two files, none overwritten"
	# the chart's markers stand at the record's evals (the re-searched
	# values that grade the ply), as the study page's curve does; they
	# stood at the first search's (a blunder at -3.02, 30.7%, was drawn
	# at 44.9%)
	rm -f "$tmp"/g/*
	yote-analyze --depth 3 --no-tb -g 2 --graph "$tmp/g/ev.svg" \
	    tests/data/annotate/traditional.yaml >"$tmp/o" 2>/dev/null
	awk '/^- move:/ { n++ } /^  eval: / { e[n] = $2 }
	    END { for (i = 1; i <= n; i++) print i, e[i] }' "$tmp/o" >"$tmp/evals"
	sed -n 's/.*cy="\([0-9.]*\)".*<title>ply \([0-9]*\):.*/\2 \1/p' \
	    "$tmp/g/ev.svg" >"$tmp/marks"
	bad=$(awk 'NR == FNR { e[$1] = $2; next }
	    { v = e[$1]; gsub(/["\047]/, "", v); if (v ~ /^#\+/) w = 100; else if (v ~ /^#-/) w = 0;
	      else w = 100 / (1 + exp(-0.27 * v))
	      d = $2 - (30 + 190 * (1 - w / 100)); if (d < 0) d = -d
	      if (d > 0.2) print "ply " $1 ": cy " $2 ", eval " v }' \
	    "$tmp/evals" "$tmp/marks")
	ok "$([ -s "$tmp/marks" ] && [ -z "$bad" ] && echo 1)" \
	    "--graph: each graded ply's marker at the record's eval ($(wc -l <"$tmp/marks") markers)${bad:+: $bad}"
	# the study page's curve starts where the game does: the first
	# move's eval-before (+3.03 here, 69%), where it started at 50%
	yote-analyze --depth 3 --no-tb -g 2 --html "$tmp/g/nk.html" \
	    tests/data/annotate/ndar-kepp.yaml 2>/dev/null
	ok "$(grep -q '"e0":69,"e":\[' "$tmp/g/nk.html" && echo 1)" \
	    "--html: the curve starts at the first move's eval-before (69%)"
else
	skip "xmllint not installed (libxml2-utils): no --graph checks"
	skip "xmllint not installed"
	skip "xmllint not installed"
	skip "xmllint not installed"
	skip "xmllint not installed"
	skip "xmllint not installed"
	skip "xmllint not installed"
fi

# --best
pos="2x3/3oo1/2xx2/2xx2/o1o3 x 7 6 5 15"
yote-analyze --best --depth 3 --position "$pos" >"$tmp/b" 2>&1
st=$?
m=$(awk '$1 == "bestmove" { print $2 }' "$tmp/b")
info=$(grep -Ec '^info depth [1-3] score [-+#0-9.]+ nodes [0-9]+ time [0-9]+ pv [a-f]' "$tmp/b")
legal=$(yote-analyze --moves --position "$pos" | grep -cx -- "$m")
ok "$([ $st = 0 ] && [ "$info" = 3 ] && [ "$legal" = 1 ] && [ "$(tail -n 1 "$tmp/b")" = "bestmove $m" ] && echo 1)" \
    "--best --depth 3: three info lines, then a legal bestmove ($m)"
yote-analyze --best --depth 3 --position "$pos" >"$tmp/b2" 2>&1
sed 's/ time [0-9]*//' "$tmp/b" >"$tmp/b1.x"
sed 's/ time [0-9]*//' "$tmp/b2" >"$tmp/b2.x"
ok "$(cmp -s "$tmp/b1.x" "$tmp/b2.x" && echo 1)" \
    "--best twice: the same lines but for the time"
yote-analyze --best --rules ndar-kepp --position "o1xx1/xx2x/xx2x/2xxo/2xxo o 0 0 1 31" \
    >"$tmp/b" 2>&1
ok "$(grep -q '^info depth [0-9]* score #-2 ' "$tmp/b" && grep -qx 'bestmove a5-b5' "$tmp/b" && echo 1)" \
    "--best, shut in: score #-2, its only move"
yote-analyze --best --position "6/6/2x3/6/6 o 4 0 0 31" >"$tmp/b" 2>&1
st=$?
ok "$([ $st = 0 ] && [ "$(cat "$tmp/b")" = "bestmove (none)" ] && echo 1)" \
    "--best where the game is over: bestmove (none)"

# the progress line goes to a terminal only, and changes no output; it
# counts games done (of the total once it is known), never says 100%
# before the last game, says "1 game", and fits 80 columns
if command -v script >/dev/null 2>&1 &&
    script -qec true /dev/null >/dev/null 2>&1; then
	script -qec "yote-analyze --depth 1 samples/classic.yaml >$tmp/p" \
	    "$tmp/typescript" >/dev/null 2>&1 </dev/null
	yote-analyze --depth 1 samples/classic.yaml >"$tmp/p2" 2>"$tmp/e2"
	tr '\r' '\n' < "$tmp/typescript" | grep '^yote-analyze: ' > "$tmp/lines"
	awk 'length($0) > 79 || /1 games/ || (/100%/ && !/^yote-analyze: 9 of 9 games done/) ||
	    !/^yote-analyze: [0-9]+ (of (about )?[0-9]+ )?games? done/' "$tmp/lines" > "$tmp/badlines"
	ok "$(grep -q '^yote-analyze: 9 of 9 games done (100%), about 0 s left, [0-9.]* s a game' "$tmp/lines" &&
	    grep -q '^yote-analyze: 1 \(game\|of 9 games\) done' "$tmp/lines" &&
	    [ ! -s "$tmp/badlines" ] &&
	    cmp -s "$tmp/p" "$tmp/p2" && [ ! -s "$tmp/e2" ] && echo 1)" \
	    "progress: games done of 9, the time per game, 80 columns, on a terminal's stderr, none otherwise; the same records"
	sed 's/^/# /' "$tmp/badlines"
	# three short games of one small file: all read before the first is
	# done, yet the first line says 1 of 3, not 100%
	for i in 1 2 3; do
		printf -- '---\nyote: 1\nmoves: [c3, d3, c4, d4, c3-c2, d4-d5]\n'
	done > "$tmp/three.yaml"
	script -qec "yote-analyze --depth 2 $tmp/three.yaml >/dev/null" \
	    "$tmp/typescript" >/dev/null 2>&1 </dev/null
	tr '\r' '\n' < "$tmp/typescript" | grep '^yote-analyze: ' > "$tmp/lines"
	ok "$(sed -n 1p "$tmp/lines" | grep -q '^yote-analyze: 1 \(game done\|of 3 games done (33%)\)' &&
	    [ "$(grep -c '100%' "$tmp/lines")" -le 1 ] &&
	    tail -n 1 "$tmp/lines" | grep -q '^yote-analyze: 3 of 3 games done (100%)' && echo 1)" \
	    "progress after game 1 of 3: '$(sed -n 1p "$tmp/lines" | cut -c 1-60)'"
else
	skip "script(1) not available: no terminal for the progress line"
	skip "script(1) not available: no terminal for the progress line"
fi

# usage errors: exit 2, one message naming the tool, nothing on stdout
usage() {	# usage DESCRIPTION ARGS...
	what=$1
	shift
	yote-analyze "$@" samples/classic.yaml >"$tmp/u" 2>"$tmp/e" </dev/null
	st=$?
	ok "$([ $st = 2 ] && [ ! -s "$tmp/u" ] && grep -q '^yote-analyze: ' "$tmp/e" && echo 1)" \
	    "usage error, exit 2: $what (exit $st)"
}
usage "--depth 0" --depth 0
usage "--depth x" --depth x
usage "--depth 61" --depth 61
usage "--nodes 0" --nodes 0
usage "--jobs 0" -j 0
usage "--only everything" --only everything
usage "--side third" --side third
usage "--tsv without --summary" --tsv
usage "--position without --best" --position "6/6/6/6/6 x 12 12 0 1"
usage "--best with a file" --best
usage "--best with --perft" --best --perft 2
usage "an unknown option" --frobnicate
usage "--from-ply 0" --from-ply 0

# ---- memory per ply (issue 24): a legal game that goes round in circles,
# four pieces a side shuffling, from 1,000 and 31,000 plies; the second
# may take at most 1 KB a ply more (a search result per ply kept 9 KB,
# and the history hashed and sorted again for every position took
# quadratic time)
shuffle() {
	awk -v n="$1" 'BEGIN {
		split("d1-e1 d5-e5 e1-d1 e5-d5", c, " ")
		printf "yote: 1\nstart: \"oooo2/6/6/6/xxxx2 x 1 1 0 3\"\n"
		printf "result: \"*\"\nmoves: ["
		for (i = 0; i < n; i++)
			printf "%s%s", i ? ", " : "", c[i % 4 + 1]
		printf "]\n"
	}'
}
if [ -x /usr/bin/time ] && /usr/bin/time -f %M true >/dev/null 2>&1; then
	shuffle 1000 >"$tmp/short.yaml"
	shuffle 31000 >"$tmp/long.yaml"
	for n in short long; do
		/usr/bin/time -o "$tmp/$n.kb" -f %M yote-analyze -s --depth 1 \
		    "$tmp/$n.yaml" >"$tmp/$n.out" 2>"$tmp/$n.err"
		echo $? >"$tmp/$n.st"
	done
	kb=$(($(cat "$tmp/long.kb") - $(cat "$tmp/short.kb")))
	# under the sanitizers freed memory is held back (ASan's quarantine),
	# so what is resident is not what the tool keeps: the plain build
	# measures it, the sanitized one checks the game is done right
	grep -q sanitize bin/build.mk 2>/dev/null && kb=0
	ok "$([ "$(cat "$tmp/short.st")$(cat "$tmp/long.st")" = 00 ] &&
	    [ $kb -le 30000 ] && grep -q '^ *[0-9]* *first' "$tmp/long.out" &&
	    echo 1)" "-s on a 31,000-ply game: $kb KB more than on 1,000 plies (at most 30,000)" \
	    "$tmp/long.err" "$tmp/long.out"
else
	skip "no GNU time(1) for the memory used"
fi

# A side with no move analysed (the game's first move is illegal) has no
# average loss and no accuracy: not a perfect 100.0 in any form
printf 'yote: 1\nrules: classic\nfirst: A\nsecond: B\nmoves: [z9, c3]\n' \
    >"$tmp/ill.yaml"
yote-analyze --depth 2 -s "$tmp/ill.yaml" >"$tmp/ill.txt" 2>"$tmp/ill.err"
st=$?
yote-analyze --depth 2 -s -f tsv "$tmp/ill.yaml" >"$tmp/ill.tsv" 2>/dev/null
yote-analyze --depth 2 -s -f json "$tmp/ill.yaml" >"$tmp/ill.json" 2>/dev/null
yote-analyze --depth 2 "$tmp/ill.yaml" >"$tmp/ill.out" 2>/dev/null
ok "$([ $st = 1 ] && grep -q "game 1, ply 1: illegal move 'z9'" "$tmp/ill.err" &&
    ! grep -q '100\.0' "$tmp/ill.txt" "$tmp/ill.tsv" "$tmp/ill.json" "$tmp/ill.out" &&
    [ "$(grep -c ' -  *-$' "$tmp/ill.txt")" = 2 ] &&
    [ "$(awk -F'\t' 'NR > 1 && $7 == "" && $8 == ""' "$tmp/ill.tsv" | wc -l)" = 2 ] &&
    [ "$(grep -c '"average_loss":null,"accuracy":null' "$tmp/ill.json")" = 2 ] &&
    grep -q '^  first: {inaccuracies: 0, mistakes: 0, blunders: 0}$' "$tmp/ill.out" &&
    echo 1)" "no move analysed: no accuracy (-, an empty field, null, no key), exit 1" \
    "$tmp/ill.txt" "$tmp/ill.tsv" "$tmp/ill.json" "$tmp/ill.err"
# a ply's grade is its position's and the budget's, not what was searched
# before it: every search starts from a clear table, so annotating from
# ply 20 on grades those plies as annotating the whole game does (with
# the table of the searches before, game 2's ply 27 was a blunder or
# not depending on where the annotation began)
g=tests/data/annotate/classic.yaml
yote-analyze -g 2 --depth 6 "$g" 2>/dev/null | plies - | awk -F'\t' '$1 >= 20 { print $1, $6 }' >"$tmp/fw"
yote-analyze -g 2 --depth 6 --from-ply 20 "$g" 2>/dev/null | plies - | awk -F'\t' '$1 >= 20 { print $1, $6 }' >"$tmp/ff"
ok "$([ "$(wc -l <"$tmp/fw")" -ge 40 ] && cmp -s "$tmp/fw" "$tmp/ff" && echo 1)" \
    "--from-ply 20 grades plies 20 on as the whole game's annotation does" "$tmp/fw" "$tmp/ff"
tap_done
