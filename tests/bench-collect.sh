#!/bin/sh
# make bench, collections: position search, the opening tree, player
# figures, selection by headers and duplicates over 10^6 games (10 copies
# of BENCH_GAMES distinct generated games, an archive each, joined with
# cat as archives allow), one core, with wall time and peak memory.
#   BENCH_GAMES     distinct games (default 100000)
#   BENCH_COPIES    copies of them (default 10)
#   BENCH_INDEX_GAMES  games of the position index figures (default
#                   BENCH_GAMES, a quarter per built-in ruleset, all
#                   distinct)
#   BENCH_INDEX_BITS   --position-index's bits (default 8)
#   BENCH_INDEX_BLOCK  games per block of those archives (default 2048)
#   BENCH_QUICK=1   2000 games, 2 copies, blocks of 128 for the index
set -u
. tests/lib/env.sh
B=$(pwd)/bin
scratch bench-collect
games=${BENCH_GAMES:-100000}
copies=${BENCH_COPIES:-10}
[ "${BENCH_QUICK:-0}" = 1 ] && games=2000 && copies=2
igames=${BENCH_INDEX_GAMES:-$games}
ibits=${BENCH_INDEX_BITS:-8}
iblock=${BENCH_INDEX_BLOCK:-2048}
[ "${BENCH_QUICK:-0}" = 1 ] && iblock=${BENCH_INDEX_BLOCK:-128}

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
run "list (every game judged: its moves played)" "$B/yote-convert" --list "$tmp/all.yta"
run "select by player and date (the games chosen judged)" "$B/yote-convert" --list --player 'Awa*' --date 2020..2022 "$tmp/all.yta"
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

# The position index (formats/archive.md section 12): the same searches
# with and without it, on distinct games of the four rulesets: a rare
# position (ply 30 of one game), a common one (ply 2), one no game
# reaches, and the tree of a mid-game position; then the false positive
# rate, over positions of other games (absent, all but surely).
echo "-- position index: $igames distinct games, a quarter per ruleset, blocks of $iblock, --position-index=$ibits"
: >"$tmp/q.yaml"
seed=31
for r in classic traditional damasi ndar-kepp; do
	"$B/gen-games" --rules "$r" --games $((igames / 4)) --seed $seed >>"$tmp/q.yaml"
	seed=$((seed + 1))
done
"$B/yote-convert" -s -b "$iblock" -o "$tmp/q.yta" "$tmp/q.yaml" 2>"$tmp/plain.sum"
"$B/yote-convert" -s -b "$iblock" --position-index="$ibits" -o "$tmp/qi.yta" "$tmp/q.yaml" 2>"$tmp/idx.sum"
sed 's/^/  without: /' "$tmp/plain.sum"
sed 's/^/  with:    /' "$tmp/idx.sum"
mid=$((igames / 2 + 7))
rare=$("$B/yote-replay" --positions --game $mid "$tmp/q.yta" | awk -F'\t' '$1 == 30 { print $3 }')
common=$("$B/yote-replay" --positions --game $mid "$tmp/q.yta" | awk -F'\t' '$1 == 2 { print $3 }')
tree=$("$B/yote-replay" --positions --game $mid "$tmp/q.yta" | awk -F'\t' '$1 == 8 { print $3 }')
absent='oooooo/oooooo/oooooo/oooooo/oooooo x 0 0'
for f in q.yta qi.yta; do
	[ $f = q.yta ] && w="without index" || w="with index"
	run "--reaches rare (ply 30), $w" "$B/yote-convert" --list --reaches "$rare" "$tmp/$f"
	run "--reaches common (ply 2), $w" "$B/yote-convert" --list --reaches "$common" "$tmp/$f"
	run "--reaches absent, $w" "$B/yote-convert" --list --reaches "$absent" "$tmp/$f"
	run "tree of a ply-8 position, $w" "$B/yote-explore" --position "$tree" "$tmp/$f"
done
run "tree from the start (every game)" "$B/yote-explore" "$tmp/qi.yta"
# false positives: positions of games of other seeds, one search each
"$B/gen-games" --rules damasi --games 20 --seed 999 >"$tmp/other.yaml"
"$B/yote-replay" --positions "$tmp/other.yaml" | awk -F'\t' '$1 >= 20 && $1 % 10 == 0 { print $3 }' >"$tmp/other.pos"
fp=0
sets=0
hits=0
while IFS= read -r p; do
	"$B/yote-convert" --list -s --reaches "$p" "$tmp/qi.yta" >"$tmp/out" 2>"$tmp/err"
	[ -s "$tmp/out" ] && { hits=$((hits + 1)); continue; }
	set -- $(sed -n 's/.*index: \([0-9]*\) blocks passed over, \([0-9]*\) searched.*/\1 \2/p' "$tmp/err")
	sets=$((sets + $1 + $2))
	fp=$((fp + $2))
done <"$tmp/other.pos"
echo "  false positives: $fp of $sets block sets asked about positions no game reaches ($(awk -v a=$fp -v b=$sets 'BEGIN { printf "%.4f", b ? a / b : 0 }'); 2^-$ibits = $(awk -v k=$ibits 'BEGIN { printf "%.4f", 2 ^ -k }'))"
