#!/bin/sh
# make bench, collections: position search, the opening tree, player
# figures, selection by headers and duplicates over 10^6 games (10 copies
# of BENCH_GAMES distinct generated games, an archive each, joined with
# cat as archives allow), one core, with wall time and peak memory.
#   BENCH_GAMES     distinct games (default 100000)
#   BENCH_COPIES    copies of them (default 10)
#   BENCH_QUICK=1   2000 games, 2 copies
set -u
. tests/lib/env.sh
B=$(pwd)/bin
scratch bench-collect
games=${BENCH_GAMES:-100000}
copies=${BENCH_COPIES:-10}
[ "${BENCH_QUICK:-0}" = 1 ] && games=2000 && copies=2

# CPU seconds (user + system) are the figure to read on a shared machine;
# wall seconds beside them say how shared it was.
run() { # LABEL COMMAND...: one line of figures, output counted in lines
	label=$1
	shift
	/usr/bin/time -f '%U %S %e %M' -o "$tmp/time" "$@" >"$tmp/out" 2>"$tmp/err"
	read -r u s t m <"$tmp/time"
	printf '%-42s %7.2f s CPU (%7.2f wall) %8s KiB %8s lines out\n' "$label" \
	    "$(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }')" "$t" "$m" "$(wc -l <"$tmp/out")"
}

"$B/gen-games" --games "$games" --seed 5 >"$tmp/one.yaml"
"$B/yote-convert" -o "$tmp/one.yta" "$tmp/one.yaml"
: >"$tmp/all.yta"
i=0
while [ $i -lt "$copies" ]; do
	cat "$tmp/one.yta" >>"$tmp/all.yta"
	i=$((i + 1))
done
total=$((games * copies))
plies=$("$B/yote-validate" --summary "$tmp/one.yaml" | awk '{ print $(NF-1) }')
pos=$("$B/yote-replay" --positions --game 7 "$tmp/one.yaml" | awk -F'\t' '$1 == 6 { print $3 }')
echo "$total games ($copies copies of $games distinct, $((plies * copies)) plies), archive of $(wc -c <"$tmp/all.yta") bytes"
run "list (headers only, moves not decoded)" "$B/yote-convert" --list "$tmp/all.yta"
run "select by player and date (headers only)" "$B/yote-convert" --list --player 'Awa*' --date 2020..2022 "$tmp/all.yta"
run "--reaches a position after ply 6" "$B/yote-convert" --list --reaches "$pos" "$tmp/all.yta"
run "--pattern (x on a1, o to move)" "$B/yote-convert" --list --pattern '??????/??????/??????/??????/x????? o' "$tmp/all.yta"
run "tree, depth 1 (yote-explore)" "$B/yote-explore" "$tmp/all.yta"
run "tree, depth 4" "$B/yote-explore" -D 4 -f tsv "$tmp/all.yta"
run "players (yote-explore --players)" "$B/yote-explore" --players "$tmp/all.yta"
run "--duplicates (every game played through)" "$B/yote-convert" --duplicates "$tmp/all.yta"
echo "  (distinct games kept as keys: $games)"
run "--dedupe -s to an archive" "$B/yote-convert" --dedupe -s -o "$tmp/dd.yta" "$tmp/all.yta"
grep distinct "$tmp/err" | sed 's/^/  /'
echo "-- the same from YAML, $games games (one copy)"
run "validate (for comparison)" "$B/yote-validate" -q "$tmp/one.yaml"
run "--reaches" "$B/yote-convert" --list --reaches "$pos" "$tmp/one.yaml"
run "tree, depth 1" "$B/yote-explore" "$tmp/one.yaml"
