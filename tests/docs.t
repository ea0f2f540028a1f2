#!/bin/sh
# docs.t - the documentation's quoted output, against the tools (TAP).
# Where README.md, a man page or formats/ quotes what a command prints,
# and the figures are the same on every machine (a search to a fixed
# depth counts the same nodes; a perft, a message), the command is run
# and the quoted lines must be in the page as the tool prints them: a
# change of the engine or of a message that leaves a page stale fails
# here, not in a user's hands.  Longer runs (a match, a whole game at
# the default budget) are left to `make bench`'s reader.
#
# Run from the project root after `make`:  prove tests/docs.t
set -u
. tests/lib/env.sh
scratch docs
. tests/lib/tap.sh
TAP_WHY=$tmp/why
: >"$TAP_WHY"

# in FILE, every line of OUT (with SED applied to both first)
quoted() {
	file=$1 out=$2 script=${3:-}
	sed "$script" "$file" >"$tmp/page"
	sed "$script" "$out" | while IFS= read -r line; do
		grep -qxF -- "$line" "$tmp/page" ||
		    echo "$file lacks: $line" >>"$TAP_WHY"
	done
}

# yote-analyze(1), BEST MOVE and EXAMPLES: the info lines of a depth-4
# search (the milliseconds left out)
p='3o2/2o3/1xx3/o5/4o1 x 6 6 3 17'
yote-analyze --best --depth 4 --position "$p" 2>&1 | grep '^info' >"$tmp/best"
quoted man/yote-analyze.1 "$tmp/best" 's/ time [0-9]* / time T /'
[ -s "$tmp/best" ] && [ ! -s "$TAP_WHY" ]
ok $((! $?)) "yote-analyze(1): the --best --depth 4 example's info lines"

# ... and its perft: the total, and the count of first moves said
yote-analyze --perft 2 --divide --position "$p" >"$tmp/perft" 2>&1
total=$(tail -1 "$tmp/perft")
moves=$(($(wc -l <"$tmp/perft") - 1))
grep -qx "$total" man/yote-analyze.1 || echo "no total $total" >>"$TAP_WHY"
grep -q "($moves moves; an excerpt)" man/yote-analyze.1 ||
    echo "not '($moves moves; an excerpt)'" >>"$TAP_WHY"
[ ! -s "$TAP_WHY" ]
ok $((! $?)) "yote-analyze(1): the --perft 2 --divide example ($moves moves, $total)"

# README: the side figures of the depth-4 annotation of game 1
yote-analyze --depth 4 --game 1 samples/classic.yaml 2>/dev/null |
    grep -E '^  (first|second): \{inaccuracies' >"$tmp/sides"
quoted README.md "$tmp/sides"
[ "$(wc -l <"$tmp/sides")" = 2 ] && [ ! -s "$TAP_WHY" ]
ok $((! $?)) "README: the figures of 'yote-analyze --depth 4 --game 1 samples/classic.yaml'"

# formats/notation.md: each bad position of its table and the message
# that follows "bad position '...': "
awk '/^More examples under `classic`/ { on = 1; next }
    on && /^```$/ { if (++fence == 2) exit; next }
    on && fence == 1' formats/notation.md | while IFS= read -r row; do
	pos=$(printf '%s\n' "$row" | sed 's/   *field.*//')
	said=$(printf '%s\n' "$row" | sed 's/^.*   *\(field\)/\1/')
	got=$(yote-analyze --moves --position "$pos" 2>&1 | tr '\n' ' ' |
	    sed "s/^.*bad position '[^']*': //; s/ *Try 'yote-analyze.*//; s/  */ /g")
	[ "$got" = "$said" ] || echo "$pos: '$got', the page '$said'" >>"$TAP_WHY"
	echo "$pos" >>"$tmp/rows"
done
[ -s "$tmp/rows" ] && [ ! -s "$TAP_WHY" ]
ok $((! $?)) "formats/notation.md: the messages of its $(wc -l <"$tmp/rows" 2>/dev/null) bad positions"

# formats/notation.md and formats/patterns.md: the messages quoted whole
yote-analyze --moves --position '6/6/6/7/6 x 12 12 0 1' >"$tmp/m" 2>&1
quoted formats/notation.md "$tmp/m"
yote-convert --pattern '6/6/6/6/5 x' samples/classic.yaml >"$tmp/m" 2>&1
quoted formats/patterns.md "$tmp/m" 's/samples\/classic.yaml/games.yaml/'
[ ! -s "$TAP_WHY" ]
ok $((! $?)) "formats/notation.md and patterns.md: a bad --position and --pattern, as quoted"

# every problem name the library gives is listed in yote-validate(1)
: >"$TAP_WHY"
sed -n '/diag_names\[/,/};/p' src/rules/error.c | grep -o '"[a-z-]*"' |
    tr -d '"' | grep -v '^none$' >"$tmp/names"
while IFS= read -r name; do
	grep -qx ".It Li $name" man/yote-validate.1 ||
	    echo "$name: not in yote-validate(1) DIAGNOSTICS" >>"$TAP_WHY"
done <"$tmp/names"
[ "$(wc -l <"$tmp/names")" -gt 15 ] && [ ! -s "$TAP_WHY" ]
ok $((! $?)) "yote-validate(1): every problem name of the JSON diagnostics listed ($(wc -l <"$tmp/names") names)"

tap_done
