#!/bin/sh
# The suite's one table of options (TAP): every "-X, --long" line of each
# tool's --help must be a row of the table in man/yote.7 (THE SUITE'S
# OPTIONS) that names that tool, every row must be in the --help of each
# tool it names, and no letter may mean two things across the tools.
# --help goes to standard output, nothing to standard error.
set -u
. tests/lib/tap.sh
tools="validate replay analyze convert play explore"
for t in $tools; do
	tap_need "bin/yote-$t"
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
TAP_WHY=$tmp/why

for t in $tools; do
	"bin/yote-$t" --help >"$tmp/help.$t" 2>"$tmp/err.$t"
	st=$?
	e=0
	[ -s "$tmp/err.$t" ] && e=1
	ok $((st == 0 && e == 0)) \
	    "yote-$t --help: exit 0, standard output only" "$tmp/err.$t"
	# tool letter long
	sed -n 's/^ *-\([A-Za-z0-9]\), --\([a-z][a-z-]*\).*/\1 --\2/p' \
	    "$tmp/help.$t" | sed "s/^/$t /" >>"$tmp/pairs"
done

# the table: ".It Fl X , Fl -long", then "tool, tool: meaning."
awk '
/^\.It Fl [A-Za-z0-9] , Fl -[a-z-]+$/ { l = $3; long = $6; next }
l != "" {
	sub(/:.*/, "")
	if ($0 == "Every tool")
		$0 = "validate, replay, analyze, convert, play, explore"
	n = split($0, ts, /, /)
	for (i = 1; i <= n; i++)
		print ts[i], l, "-" long
	l = ""
}' man/yote.7 | sort >"$tmp/table"
ok $(($(wc -l <"$tmp/table") > 30)) "man/yote.7 has the table ($(wc -l \
    <"$tmp/table" | tr -d ' ') rows)" "$tmp/table"

sort "$tmp/pairs" >"$tmp/help"
none() { [ ! -s "$TAP_WHY" ] && echo 1 || echo 0; }
comm -23 "$tmp/help" "$tmp/table" >"$TAP_WHY"
ok "$(none)" "every option letter of every --help is in the table"
comm -13 "$tmp/help" "$tmp/table" >"$TAP_WHY"
ok "$(none)" "every row of the table is in each tool's --help"

# the long-only rows (the endgame tables' options): in each --help they name
awk '
/^\.It Fl -[a-z-]+$/ { long = $3; next }
long != "" {
	sub(/:.*/, "")
	n = split($0, ts, /, /)
	for (i = 1; i <= n; i++)
		print ts[i], "-" long
	long = ""
}' man/yote.7 >"$tmp/longrows"
while read -r t l; do
	grep -q -- "^ *$l[ =]" "$tmp/help.$t" || echo "$t $l" >>"$TAP_WHY"
done <"$tmp/longrows"
ok "$(none)" "every long-only row of the table is in each tool's --help ($(wc -l <"$tmp/longrows" | tr -d ' ') rows)"

# one letter, one meaning
awk '{ print $2, $3 }' "$tmp/help" | sort -u | awk '
{ n[$1]++; m[$1] = m[$1] " " $2 }
END { for (l in n) if (n[l] > 1) print "-" l ":" m[l] }' >"$TAP_WHY"
ok "$(none)" "no letter means two things"

# the common ones are where a user expects them
for want in "validate g --game" "replay g --game" "analyze g --game" \
    "convert g --game" "validate s --summary" "analyze s --summary" \
    "convert s --summary" "convert o --output" "play o --output" \
    "analyze j --jobs" "play j --jobs" "validate f --format" \
    "analyze f --format"; do
	grep -qx -- "$want" "$tmp/help"
	ok $((! $?)) "$want"
done

# the common usage errors fit a terminal of 80 columns, long words and
# all: an unknown ruleset, a bad --game, an option misspelt, a mode clash
: > "$TAP_WHY"
for t in $tools; do
	for args in "-r sahel" "--rules sahel" "-g 5-3" "--game two" \
	    "--humann-vs-human" "--sumary" "--side green" "-o games.foo" \
	    "--positions --html x.html" "--match club --protocol"; do
		# shellcheck disable=SC2086
		timeout 10 "bin/yote-$t" $args --rules sahel \
		    samples/classic.yaml </dev/null >/dev/null 2>"$tmp/usage"
		[ "$(LC_ALL=C.UTF-8 wc -L <"$tmp/usage")" -le 79 ] ||
		    { echo "yote-$t $args:"; cat "$tmp/usage"; } >>"$TAP_WHY"
	done
done
[ ! -s "$TAP_WHY" ]
ok $((! $?)) "usage errors of every tool fit 80 columns"
# and a usage error writes no file: -o games.foo above is never made
# (one once was, and was committed)
[ ! -e games.foo ] && [ ! -e x.html ]
ok $((! $?)) "a usage error writes no output file"

# a bad number is said in one shape by every option that takes one:
# "OPTION: expected ..., not 'VALUE'", exit 2 (--tb-memory put the value
# first)
: > "$TAP_WHY"
for case in "analyze --depth x" "analyze --jobs 0" "analyze --tb-memory x" \
    "play --tb-memory 5000G" "play --seed x" "replay --ply x" \
    "convert --block-games x" "analyze --nodes -1" "analyze --movetime x"; do
	# shellcheck disable=SC2086
	set -- $case
	t=$1 opt=$2 val=$3
	"bin/yote-$t" "$opt" "$val" samples/classic.yaml </dev/null \
	    >/dev/null 2>"$tmp/num"
	st=$?
	# the message's lines joined (usage errors wrap at 80 columns)
	msg=$(head -2 "$tmp/num" | grep -v '^Try ' | tr -s '\n ' '  ' |
	    sed 's/ *$//')
	case "$msg" in
	"yote-$t: $opt: expected "*", not '$val'") [ $st = 2 ] ||
	    echo "yote-$t $opt $val: status $st" >>"$TAP_WHY" ;;
	*) echo "yote-$t $opt $val: $msg" >>"$TAP_WHY" ;;
	esac
done
[ ! -s "$TAP_WHY" ]
ok $((! $?)) "a bad number: one shape of message in every option, exit 2"

# ' 3' and '+3' (which strtoll would take) are refused by every number
# option as -g refuses them; a number past a limit is refused, not
# clamped
: > "$TAP_WHY"
for case in "analyze --depth" "explore --depth" "play --max-plies" \
    "replay --ply" "validate --suggest" "analyze --jobs" "analyze --hash" \
    "convert --block-games" "explore --min-games" "analyze --from-ply" \
    "validate --game" "convert --plies"; do
	# shellcheck disable=SC2086
	set -- $case
	for val in ' 3' '+3' 99999999999999999999; do
		"bin/yote-$1" "$2=$val" samples/classic.yaml </dev/null \
		    >/dev/null 2>"$tmp/num"
		st=$?
		[ $st = 2 ] && grep -q "^yote-$1: " "$tmp/num" ||
		    echo "yote-$1 $2='$val': status $st" >>"$TAP_WHY"
	done
done
[ ! -s "$TAP_WHY" ]
ok $((! $?)) "' 3', '+3' and 20 digits: refused by every number option, exit 2"

# yote-replay: --positions and --svg-dir take every ply, and say so
bin/yote-replay -p -n 3 samples/classic.yaml >"$tmp/p" 2>"$TAP_WHY"
st=$?
ok "$([ $st = 2 ] && [ ! -s "$tmp/p" ] &&
    grep -q 'not --ply or --final' "$TAP_WHY" && echo 1)" \
    "yote-replay -p -n 3: refused, not every ply in silence ($st)"

# a known option given a value it does not take, and an abbreviation of
# two: said so, exit 2, in every tool ('unknown option' for both before)
: >"$TAP_WHY"
for t in $tools; do
	for case in "--help=x:option '--help' takes no value" \
	    "--vers=1:option '--version' takes no value" \
	    "--r:option '--r' is ambiguous: --"; do
		a=${case%%:*}
		want=${case#*:}
		"bin/yote-$t" "$a" </dev/null >/dev/null 2>"$tmp/amb"
		st=$?
		case $(head -1 "$tmp/amb") in
		"yote-$t: $want"*) [ $st = 2 ] || echo "yote-$t $a: status $st" ;;
		*) echo "yote-$t $a: $(head -1 "$tmp/amb")" ;;
		esac >>"$TAP_WHY"
	done
done
[ ! -s "$TAP_WHY" ]
ok $((! $?)) "--help=x, --vers=1: 'takes no value'; --r: 'is ambiguous', exit 2, in every tool"

# another tool's long option is never taken as an abbreviation of one of
# this tool's ('yote-convert --position' was --position-index, 'yote-play
# --game' was --games): each tool's names from its source, every other
# tool's name tried with a value, 'unknown option' (or a known option of
# its own), exit 2
: >"$TAP_WHY"
names() {
	grep -ho '{ "[a-z][a-z0-9-]*"' "src/programs/yote-$1.c" $(
	    grep -q 'SELECT_LONGOPTS\b' "src/programs/yote-$1.c" &&
	    echo src/tools/input.h) $(
	    grep -q ENGOPT_LONGOPTS "src/programs/yote-$1.c" &&
	    echo src/tools/engopt.h) | sed 's/{ "//; s/"//'
}
grep -q SELECT_LONGOPTS_BY_PLAY src/programs/yote-play.c || echo "yote-play: no selection?" >>"$TAP_WHY"
for t in $tools; do
	names "$t" | sort -u >"$tmp/own"
	[ "$t" = play ] && grep -o '"[a-z][a-z0-9-]*"' src/tools/input.h |
	    sed '/SELECT/d; s/"//g' | grep -vx 'event\|first\|second\|site\|round' \
	    >>"$tmp/own"
	for u in $tools; do names "$u"; done | sort -u >"$tmp/all"
	grep -vxFf "$tmp/own" "$tmp/all" | while read -r n; do
		"bin/yote-$t" "--$n=1" </dev/null >/dev/null 2>"$tmp/for"
		st=$?
		case $(head -1 "$tmp/for") in
		"yote-$t: unknown option '--$n"*) [ $st = 2 ] ||
		    echo "yote-$t --$n: status $st" ;;
		*) echo "yote-$t --$n=1: $(head -1 "$tmp/for")" ;;
		esac
	done >>"$TAP_WHY"
done
[ ! -s "$TAP_WHY" ]
ok $((! $?)) "no tool takes another tool's long option as an abbreviation of its own"
bin/yote-convert --posi=3 samples/classic.yaml >/dev/null 2>"$tmp/for"
st=$?
ok "$([ $st = 2 ] && grep -q "^yote-convert: option '--posi' is ambiguous: --position-index, or another tool's\$" "$tmp/for" &&
    echo 1)" "a shortening of ours and of another tool's: ambiguous, both named ($st)" "$tmp/for"

# the old long names still work
bin/yote-convert --stats -o "$tmp/x.yta" samples/classic.yaml 2>"$TAP_WHY"
ok $((! $?)) "yote-convert --stats (the old name of --summary)"
bin/yote-analyze --tsv --summary --depth 1 --game 1 samples/classic.yaml \
    >"$tmp/tsv" 2>"$TAP_WHY"
ok $(($? == 0 && $(grep -c "	" "$tmp/tsv") > 1)) "yote-analyze --tsv"
# an abbreviation names the option by its name, not its old one
bin/yote-convert --s samples/classic.yaml >/dev/null 2>"$tmp/amb"
st=$?
ok "$([ $st = 2 ] && grep -q "^yote-convert: option '--s' is ambiguous: --summary, --second or --site\$" "$tmp/amb" &&
    echo 1)" "yote-convert --s: --summary named, not its old name --stats ($st)" "$tmp/amb"

# -o with nothing to write is refused, as -q -o is: the file stays
echo old >"$tmp/v.out"
bin/yote-validate -o "$tmp/v.out" samples/classic.yaml >/dev/null 2>"$tmp/vo"
st=$?
ok "$([ $st = 2 ] && [ "$(cat "$tmp/v.out")" = old ] &&
    grep -q 'nothing would be written to it' "$tmp/vo" && echo 1)" \
    "yote-validate -o FILE without -l, -f json, --suggest or -s: refused, FILE kept ($st)" "$tmp/vo"
bin/yote-validate -s -o "$tmp/v.out" samples/classic.yaml 2>"$TAP_WHY"
ok "$([ $? = 0 ] && grep -q '^[0-9]* games, ' "$tmp/v.out" && echo 1)" \
    "yote-validate -s -o FILE: the summary in FILE"

# one game is "1 game" in every count
printf 'yote: 1\nmoves: [c3, d4]\n' >"$tmp/one.yaml"
{ bin/yote-convert --summary "$tmp/one.yaml" >/dev/null
  bin/yote-convert -t archive --summary "$tmp/one.yaml" >/dev/null
  bin/yote-explore "$tmp/one.yaml"; } >"$tmp/one.out" 2>&1
ok "$(! grep -q '\<1 games\|\<1 plies\|\<1 blocks' "$tmp/one.out" &&
    grep -q '1 game, 2 plies' "$tmp/one.out" && grep -q ': 1 game; x to move' "$tmp/one.out" &&
    grep -q '1 game (0 as text), 2 plies, 1 block;' "$tmp/one.out" && echo 1)" \
    "one game: '1 game' in convert --summary (YAML and archive) and explore" "$tmp/one.out"
# every JSON form: JSON Lines whose every object begins with its kind
{ bin/yote-validate -l -f json samples/classic.yaml samples/invalid/bad-move-syntax.yaml
  bin/yote-validate -s -f json samples/classic.yaml
  bin/yote-validate --suggest -f json samples/invalid/bad-move-syntax.yaml
  bin/yote-analyze -s -f json --depth 1 --no-tb -g 1 samples/classic.yaml
  bin/yote-explore -f json samples/classic.yaml
  bin/yote-explore --players -f json samples/classic.yaml
  bin/yote-play --match beginner,casual --games 2 -f json --no-tb
} >"$tmp/json" 2>/dev/null
k=$(sed 's/^{"kind":"\([a-z]*\)".*/\1/' "$tmp/json" | sort -u | tr '\n' ' ')
grep -v '^{"kind":"[a-z]*",' "$tmp/json" >"$TAP_WHY"
ok "$([ ! -s "$TAP_WHY" ] &&
    [ "$k" = "game line match player position problem side suggestion summary " ] &&
    echo 1)" "every JSON object of every tool begins with its kind ($k)"
# yote-analyze --graph -: never on the standard output beside another
# output (charts amid records or a page broke both)
: > "$TAP_WHY"
for args in "-g 1" "--html - -g 1" "-s -g 1"; do
	# shellcheck disable=SC2086
	bin/yote-analyze --no-tb -D 1 --graph - $args samples/classic.yaml \
	    >"$tmp/g.out" 2>"$tmp/g.err"
	st=$?
	[ $st = 2 ] && [ ! -s "$tmp/g.out" ] &&
	    grep -q 'would share the standard output' "$tmp/g.err" ||
	    echo "--graph - $args: status $st" >>"$TAP_WHY"
done
bin/yote-analyze --no-tb -D 1 --graph - -o "$tmp/g.yaml" -g 1 \
    samples/classic.yaml >"$tmp/g.out" 2>>"$TAP_WHY"
head -c 5 "$tmp/g.out" | grep -q '<?xml' || echo "--graph - -o: no chart" >>"$TAP_WHY"
[ ! -s "$TAP_WHY" ]
ok $((! $?)) "yote-analyze --graph - beside records, --summary or --html -: refused; with -o FILE: the chart alone"
# yote-convert: a list takes nothing that shapes another output, and
# --dedupe says what it left out even when every game is valid
: > "$TAP_WHY"
for a in "--duplicates --dedupe" "--duplicates -l" "-l -t archive" \
    "--duplicates -t yaml"; do
	# shellcheck disable=SC2086
	bin/yote-convert $a samples/classic.yaml >/dev/null 2>"$tmp/c.err"
	st=$?
	[ $st = 2 ] || echo "yote-convert $a: status $st" >>"$TAP_WHY"
done
bin/yote-convert --dedupe -o "$tmp/dd.yaml" samples/classic.yaml \
    samples/classic.yaml 2>"$tmp/c.err"
st=$?
[ $st = 0 ] && grep -q "dd.yaml: 9 games written, 9 repeats left out\$" "$tmp/c.err" ||
    echo "--dedupe: status $st, $(cat "$tmp/c.err")" >>"$TAP_WHY"
[ ! -s "$TAP_WHY" ]
ok $((! $?)) "yote-convert: lists refuse --to and each other; --dedupe counts its repeats, exit 0"
# --date: a day the calendar has, as the checker's warning says it, in
# every tool
: > "$TAP_WHY"
for t in validate replay analyze convert explore; do
	for d in 2025-02-30 2025-11-31 2023-02-29; do
		bin/yote-$t --date "$d" samples/classic.yaml >/dev/null 2>"$tmp/d.err"
		st=$?
		[ $st = 2 ] && tr -s "\n " "  " <"$tmp/d.err" | grep -q "with calendar dates like" ||
		    echo "yote-$t --date $d: status $st" >>"$TAP_WHY"
	done
	bin/yote-$t --date 2024-02-29 -g 1 samples/classic.yaml \
	    >/dev/null 2>&1 </dev/null
	[ $? != 2 ] || echo "yote-$t --date 2024-02-29 refused" >>"$TAP_WHY"
done
[ ! -s "$TAP_WHY" ]
ok $((! $?)) "--date 2025-02-30, 2025-11-31, 2023-02-29: refused by every tool; 2024-02-29 taken"
# yote-explore --position that no game reaches: said, and null in JSON,
# never a score of 0
bin/yote-explore --position '6/6/6/6/6 o 12 12' samples/classic.yaml >"$tmp/e1" 2>&1
bin/yote-explore -f json --position '6/6/6/6/6 o 12 12' samples/classic.yaml >"$tmp/e2" 2>&1
cat "$tmp/e1" "$tmp/e2" >"$TAP_WHY"
ok "$(grep -q '^6/6/6/6/6 o 12 12: no game reaches it (o to move)$' "$tmp/e1" &&
    grep -q '"games":0,.*"score":null,"end_ply":null}$' "$tmp/e2" && echo 1)" \
    "yote-explore: a position no game reaches has no score, not 0.0%"
# ... and so have moves and players of unfinished games only: '-' in the
# table, an empty TSV field, null in JSON (the score and the rating were
# 0.0% and 1500)
printf -- '---\nyote: 1\nfirst: A\nsecond: B\nresult: "*"\nmoves: [a1, f1]\n' >"$tmp/unf.yaml"
: >"$TAP_WHY"
bin/yote-explore "$tmp/unf.yaml" >"$tmp/u1" 2>>"$TAP_WHY"
grep -q '(no score), 1 unfinished$' "$tmp/u1" && grep -q '^a1  *1  *100.0%  *0  *0  *0  *-  *-$' "$tmp/u1" ||
    cat "$tmp/u1" >>"$TAP_WHY"
bin/yote-explore -f json "$tmp/unf.yaml" >"$tmp/u2" 2>>"$TAP_WHY"
[ "$(grep -c '"score":null,"end_ply":null}$' "$tmp/u2")" = 2 ] || cat "$tmp/u2" >>"$TAP_WHY"
bin/yote-explore -f tsv "$tmp/unf.yaml" >"$tmp/u3" 2>>"$TAP_WHY"
[ "$(sed -n 2p "$tmp/u3")" = "$(printf '1\ta1\ta1\t1\t0\t0\t0\t1\t\t')" ] || cat "$tmp/u3" >>"$TAP_WHY"
bin/yote-explore --players "$tmp/unf.yaml" >"$tmp/u4" 2>>"$TAP_WHY"
grep -q '^A  .* 0  *-  *-$' "$tmp/u4" || cat "$tmp/u4" >>"$TAP_WHY"
bin/yote-explore --players -f json "$tmp/unf.yaml" >"$tmp/u5" 2>>"$TAP_WHY"
[ "$(grep -c '"score":null,"rating":null}$' "$tmp/u5")" = 2 ] || cat "$tmp/u5" >>"$TAP_WHY"
bin/yote-explore --players -f tsv "$tmp/unf.yaml" >"$tmp/u6" 2>>"$TAP_WHY"
[ "$(sed -n 2p "$tmp/u6")" = "$(printf 'A\t1\t0\t0\t0\t0\t0\t0\t1\t\t')" ] || cat "$tmp/u6" >>"$TAP_WHY"
[ ! -s "$TAP_WHY" ]
ok $((! $?)) "yote-explore: unfinished games only give no score, no end ply and no rating ('-', empty, null), not 0.0%, 2.0 and 1500"
# yote-convert --dedupe: a repeat is left out before it is judged, as a
# game not chosen is: an invalid game repeated is said once
printf -- '---\nyote: 1\nmoves: [c3, c3]\n' >"$tmp/bad.yaml"
bin/yote-convert --dedupe -o "$tmp/dd2.yaml" "$tmp/bad.yaml" "$tmp/bad.yaml" \
    2>"$tmp/dd.err"
st=$?
cp "$tmp/dd.err" "$TAP_WHY"
ok "$([ $st = 1 ] && [ "$(grep -c 'illegal move' "$tmp/dd.err")" = 1 ] &&
    grep -q 'dd2.yaml: 1 game written, 1 of them invalid (said above), 1 repeat left out$' "$tmp/dd.err" &&
    echo 1)" "yote-convert --dedupe: an invalid game repeated is said once, its repeat counted ($st)"
# every usage error ends with the hint, an unknown ruleset and a bad
# criteria file included
: > "$TAP_WHY"
printf 'bogus 1\n' >"$tmp/bad.crit"
for t in validate replay analyze convert explore play; do
	case $t in
	play) bin/yote-play -r nosuch --self-play 1 >/dev/null 2>"$tmp/u.err" ;;
	*) bin/yote-$t -r nosuch samples/classic.yaml >/dev/null 2>"$tmp/u.err" ;;
	esac
	st=$?
	[ $st = 2 ] && [ "$(tail -1 "$tmp/u.err")" = "Try 'yote-$t --help' for more information." ] ||
	    echo "yote-$t -r nosuch: $st" >>"$TAP_WHY"
done
bin/yote-convert --criteria "$tmp/bad.crit" samples/classic.yaml >/dev/null 2>"$tmp/u.err"
st=$?
[ $st = 2 ] && [ "$(tail -1 "$tmp/u.err")" = "Try 'yote-convert --help' for more information." ] ||
    echo "yote-convert --criteria: $st" >>"$TAP_WHY"
[ ! -s "$TAP_WHY" ]
ok $((! $?)) "an unknown ruleset (six tools) and a bad criteria file: exit 2 with the usage hint"
# yote-play: a random opening never ends the game (the match's score
# would be the random plies'); a protocol go with the other side's clock
# alone is a plain go, not a search without end; -o - and a match's
# result never share the standard output; greedy is a Level like the
# others
bin/yote-play -S 2 -L beginner -R 200 --seed 9 --no-tb >"$tmp/r200.yaml" 2>"$TAP_WHY"
bin/yote-validate "$tmp/r200.yaml" >>"$TAP_WHY" 2>&1
ok "$([ $? = 0 ] && ! grep -q '^moves: \[\]' "$tmp/r200.yaml" && echo 1)" \
    "yote-play -R 200: no opening in which the game is already over (each game has moves)"
printf 'position start moves c3\ngo wtime 1000\n' |
    timeout -k 5 30 bin/yote-play --protocol -L beginner >"$tmp/pr" 2>&1
st=$?
cp "$tmp/pr" "$TAP_WHY"
ok "$([ $st = 0 ] && grep -q '^bestmove ' "$tmp/pr" && echo 1)" \
    "protocol: go with the other side's clock alone ends ($st)"
bin/yote-play --match beginner,casual --games 2 -q -o - --no-tb >"$tmp/m" 2>"$TAP_WHY"
st=$?
ok "$([ $st = 2 ] && [ ! -s "$tmp/m" ] && echo 1)" "yote-play --match -o -: refused, exit 2 ($st)"
# yote-play -r FILE: the records name the ruleset file by its absolute
# path (a relative one is read from the record's folder), so they pass
# yote-validate wherever they are written (they said 'rules: big-board',
# the name inside the file, which no tool knows)
mkdir -p "$tmp/rf/out"
cp tests/data/big-board.yaml "$tmp/rf/big.yaml"
(cd "$tmp/rf" && "$OLDPWD/bin/yote-play" -S 2 --seed 5 --no-tb -L beginner -r ./big.yaml -o out/x.yaml) 2>"$TAP_WHY"
(cd "$tmp/rf/out" && "$OLDPWD/bin/yote-validate" -s x.yaml) >"$tmp/rf.sum" 2>>"$TAP_WHY"
st=$?
ok "$([ $st = 0 ] && [ "$(grep -c "^rules: $tmp/rf/big.yaml\$" "$tmp/rf/out/x.yaml")" = 2 ] && echo 1)" \
    "yote-play -r ./FILE: the records name it by its absolute path and are valid from their own folder ($st)"
# yote-play: an option of another mode is refused as --games without
# --match is, not ignored (-f json of self-play printed no JSON, --seed of
# the protocol seeded nothing, -L of a match played the levels A,B)
: >"$TAP_WHY"
for a in "-S 1 -f json" "-S 1 -q" "--protocol --seed 3" "--protocol -j 2" \
    "--match casual,club --games 2 -L club" "--match casual,club --games 2 -a" \
    "-2 --first engine" "-2 --seed 3" "--protocol -R 2" "-M 10" \
    "-S 1 -O samples/classic.yaml -R 2"; do
	# shellcheck disable=SC2086
	bin/yote-play $a --no-tb </dev/null >"$tmp/mo.out" 2>"$tmp/mo.err"
	st=$?
	[ $st = 2 ] && [ ! -s "$tmp/mo.out" ] &&
	    [ "$(tail -1 "$tmp/mo.err")" = "Try 'yote-play --help' for more information." ] ||
	    echo "yote-play $a: $st $(head -1 "$tmp/mo.err")" >>"$TAP_WHY"
done
bin/yote-play -S 1 -L beginner -M 10 -R 2 --seed 3 -j 1 --no-tb >"$tmp/mo.out" 2>>"$TAP_WHY" ||
    echo "self-play with its own options: $?" >>"$TAP_WHY"
grep -q '^seed: 3$' "$tmp/mo.out" || echo "self-play: no seed 3" >>"$TAP_WHY"
[ ! -s "$TAP_WHY" ]
ok $((! $?)) "yote-play: eleven options of another mode refused (exit 2), a mode's own taken"
printf 'yote\nsetoption name Level value greedy\nposition start\ngo\n' |
    bin/yote-play --protocol >"$tmp/pr" 2>&1
cp "$tmp/pr" "$TAP_WHY"
ok "$(grep -q 'var greedy' "$tmp/pr" && ! grep -q '^error' "$tmp/pr" &&
    grep -q '^bestmove ' "$tmp/pr" && echo 1)" "protocol: Level greedy listed and taken"
# --merge-summaries: a summary whose counts disagree, whose status is no
# exit status, or whose sum would wrap round is passed over and said
printf '%s\n' '18446744073709551615 games, 18446744073709551615 valid, 0 invalid, 0 plies' \
    '1 game, 1 valid, 0 invalid, 0 plies' '9 games, 10 valid, 0 invalid, 5 plies' \
    '{"kind":"summary","games":1,"valid":1,"invalid":0,"plies":3,"warnings":0,"games_with_warnings":0,"status":7}' \
    '{"kind":"summary","games":2.5,"valid":1,"invalid":0,"plies":3,"warnings":0,"games_with_warnings":0,"status":0}' \
    >"$tmp/sums.txt"
bin/yote-validate --merge-summaries "$tmp/sums.txt" >"$tmp/ms.out" 2>"$tmp/ms.err"
st=$?
cat "$tmp/ms.out" "$tmp/ms.err" >"$TAP_WHY"
ok "$([ $st = 1 ] && [ "$(cat "$tmp/ms.out")" = "18446744073709551615 games, 18446744073709551615 valid, 0 invalid, 0 plies" ] &&
    grep -q 'sums.txt:2: a summary whose counts would overflow' "$tmp/ms.err" &&
    [ "$(grep -c 'counts disagree' "$tmp/ms.err")" = 2 ] &&
    grep -q 'sums.txt:5: a summary without its counts' "$tmp/ms.err" && echo 1)" \
    "--merge-summaries: counts that disagree, a status past 3, a sum that would wrap, 2.5 games: passed over and said ($st)"
# an empty file name is a usage error, said at once, in every tool and
# every option that names a file
: >"$TAP_WHY"
for cmd in "yote-validate -o" "yote-replay -o" "yote-analyze -o" \
    "yote-convert -o" "yote-explore -o" "yote-play -o" "yote-replay --svg" \
    "yote-analyze --html" "yote-analyze --graph" "yote-validate --criteria" \
    "yote-play --openings" "yote-analyze --tb-dir"; do
	# shellcheck disable=SC2086
	bin/$cmd "" samples/classic.yaml >/dev/null 2>"$tmp/e"
	st=$?
	{ [ $st = 2 ] && grep -q "needs a file name, not an empty one" "$tmp/e"; } ||
	    { echo "$cmd '': status $st"; cat "$tmp/e"; } >>"$TAP_WHY"
done
ok "$([ ! -s "$TAP_WHY" ] && echo 1)" "an empty file name (-o '', --svg '', --criteria '', ...): a usage error, exit 2, in every tool"
# options that mean nothing where given, or contradict each other:
# refused; and --tsv against -f, the last given wins
: >"$TAP_WHY"
for cmd in "yote-analyze --moves --no-tb" "yote-analyze --perft 1 --tb-dir /tmp" \
    "yote-analyze --best -D 1 --no-tb --tb-pieces 3" \
    "yote-play -S 1 --no-tb --tb-memory 64M" \
    "yote-analyze -D 1 -f text samples/classic.yaml" \
    "yote-analyze -D 1 -s --only blunders samples/classic.yaml"; do
	# shellcheck disable=SC2086
	bin/$cmd >/dev/null 2>"$tmp/e"
	st=$?
	[ $st = 2 ] || { echo "$cmd: status $st"; cat "$tmp/e"; } >>"$TAP_WHY"
done
a=$(bin/yote-analyze -g 1 -D 1 -s -f json --tsv samples/classic.yaml | head -c 4)
b=$(bin/yote-analyze -g 1 -D 1 -s --tsv -f json samples/classic.yaml | head -c 8)
[ "$a" = "game" ] && [ "$b" = '{"kind":' ] ||
    echo "-f json --tsv: '$a'; --tsv -f json: '$b'" >>"$TAP_WHY"
bin/yote-convert -l -s -g 2-3 samples/classic.yaml 2>&1 >/dev/null |
    grep -qx 'yote-convert: 2 games, 87 plies' ||
    echo "yote-convert -l -s: no count of the games listed" >>"$TAP_WHY"
ok "$([ ! -s "$TAP_WHY" ] && echo 1)" "table options with --moves/--perft, --no-tb with another, -f without -s, --only with -s: exit 2; --tsv and -f: the last wins; convert -l -s counts the games listed"
# yote-validate -q silences every output, --merge-summaries' total too
: >"$TAP_WHY"
bin/yote-validate -s -f json samples/classic.yaml >"$tmp/s1.json"
[ -z "$(bin/yote-validate --merge-summaries -q "$tmp/s1.json")" ] ||
    echo "--merge-summaries -q printed" >>"$TAP_WHY"
ok "$([ ! -s "$TAP_WHY" ] && echo 1)" "yote-validate --merge-summaries -q: the total silenced, as -s's is"
# -o - is -o FILE on the standard output: refused with --svg as -o FILE
# is; yote-explore takes --tsv as -f tsv, as yote-analyze does
: >"$TAP_WHY"
for o in - "$tmp/r.txt"; do
	bin/yote-replay --svg - -o "$o" samples/classic.yaml >/dev/null \
	    2>"$tmp/err"
	st=$?
	[ $st = 2 ] && grep -q -- '-o takes the diagrams or --positions' \
	    "$tmp/err" || echo "--svg - -o $o: exit $st" >>"$TAP_WHY"
done
bin/yote-explore -f tsv samples/classic.yaml >"$tmp/t1"
bin/yote-explore --tsv samples/classic.yaml >"$tmp/t2" 2>>"$TAP_WHY"
cmp -s "$tmp/t1" "$tmp/t2" || echo "explore --tsv is not -f tsv" >>"$TAP_WHY"
ok "$([ ! -s "$TAP_WHY" ] && echo 1)" "yote-replay --svg with -o - refused as with -o FILE; yote-explore --tsv is -f tsv"
tap_done
