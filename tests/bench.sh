#!/bin/sh
# make bench: speed and strength figures.  Nothing here is a pass/fail
# test; the figures go in the closing notes and the README.
#   BENCH_GAMES   games in the collections (default 100000)
#   BENCH_QUICK=1 smaller everything, for a smoke run
set -u
. tests/lib/env.sh
B=$(pwd)/bin
# the endgame tables are built in the scratch directory, from an empty
# cache: the first positions that meet a class pay for building it
scratch bench
games=${BENCH_GAMES:-100000}
matchgames=40
[ "${BENCH_QUICK:-0}" = 1 ] && games=2000 && matchgames=4

secs() { # command... : wall seconds, peak KiB in $tmp/mem
	/usr/bin/time -f '%e %M' -o "$tmp/time" "$@" >/dev/null 2>"$tmp/err"
	read -r t m <"$tmp/time"
	echo "$m" >"$tmp/mem"
	echo "$t"
}
rate() { awk -v n="$1" -v t="$2" 'BEGIN { if (t <= 0) t = 0.001; printf "%.0f", n / t }'; }

# The fixed positions: ruleset, perft depth, search depth, position.
positions='classic 5 9 3o2/2o3/1xx3/o5/4o1 x 6 6 3 17
traditional 5 9 3o2/2o3/1xx3/o5/4o1 x 6 6 3 17
damasi 5 9 3o2/2o3/1xx3/o5/4o1 x 6 6 3 17
ndar-kepp 6 10 2o2/1o3/1xx2/o4/3o1 x 6 6 3 17
classic 6 9 6/6/6/6/6 x 12 12 0 1'

echo "== perft (single thread, bulk counting at the last ply)"
echo "$positions" | while read -r rules depth _ pos; do
	t=$(secs "$B/yote-analyze" --rules "$rules" --position "$pos" --perft "$depth")
	n=$("$B/yote-analyze" --rules "$rules" --position "$pos" --perft "$depth")
	printf '%-12s depth %s  %12s leaves  %6.2f s  %s leaves/s\n' "$rules" "$depth" "$n" "$t" "$(rate "$n" "$t")"
done

echo
echo "== validation of the varied collection (tests/bench-varied.sh, about $games games)"
mkdir -p "$tmp/coll"
sh tests/bench-varied.sh "$tmp/coll" "$games"
for part in classic traditional damasi ndar-kepp custom annotated all; do
	f=$tmp/coll/$part.yaml
	set -- $("$B/yote-validate" --summary "$f")
	n=$1
	plies=$(echo "$@" | awk '{ print $(NF-1) }')
	t=$(secs "$B/yote-validate" -q "$f")
	printf '%-11s %7s games %9s plies %9s bytes  %6.2f s  %s plies/s  peak %s KiB\n' \
	    "$part" "$n" "$plies" "$(wc -c <"$f")" "$t" "$(rate "$plies" "$t")" "$(cat "$tmp/mem")"
done
rm -rf "$tmp/coll"
echo "-- how cost grows: validation and conversion, 10^3 to 10^6 games (classic)"
echo "   (BENCH_MAX_SCALE, default 1000000, bounds it)"
maxscale=${BENCH_MAX_SCALE:-1000000}
[ "${BENCH_QUICK:-0}" = 1 ] && maxscale=10000
for n in 1000 10000 100000 1000000; do
	[ "$n" -gt "$maxscale" ] && break
	"$B/gen-games" --rules classic --games "$n" --seed 2 >"$tmp/g.yaml"
	tv=$(secs "$B/yote-validate" -q "$tmp/g.yaml")
	mv_=$(cat "$tmp/mem")
	tc=$(secs "$B/yote-convert" -o "$tmp/g.yta" "$tmp/g.yaml")
	mc=$(cat "$tmp/mem")
	tu=$(secs "$B/yote-convert" --to yaml "$tmp/g.yta")
	mu=$(cat "$tmp/mem")
	printf '%8s games  validate %7.2f s %6s KiB   pack %7.2f s %6s KiB   unpack %7.2f s %6s KiB\n' \
	    "$n" "$tv" "$mv_" "$tc" "$mc" "$tu" "$mu"
	rm -f "$tmp/g.yaml" "$tmp/g.yta"
done

echo
echo "== engine"
echo "$positions" | while read -r rules _ depth pos; do
	"$B/yote-analyze" --rules "$rules" --position "$pos" --best --depth "$depth" >"$tmp/best"
	tail -2 "$tmp/best" | head -1 | awk -v r="$rules" '{ ms = $9; if (ms < 1) ms = 1; printf "%-12s depth %s  %9s nodes  %5s ms  %.0f nodes/s\n", r, $3, $7, $9, $7 * 1000 / ms }'
done
echo "-- default search over the fixed positions (tests/bench-positions.sh)"
sh tests/bench-positions.sh | sed 's/^/  /'
echo "-- annotation of samples/*.yaml at depth 5: -j 1 against -j 2"
t1=$(secs "$B/yote-analyze" --depth 5 -j 1 samples/classic.yaml samples/traditional.yaml samples/damasi.yaml samples/ndar-kepp.yaml)
t2=$(secs "$B/yote-analyze" --depth 5 -j 2 samples/classic.yaml samples/traditional.yaml samples/damasi.yaml samples/ndar-kepp.yaml)
awk -v a="$t1" -v b="$t2" 'BEGIN { if (b <= 0) b = 0.001; printf "-j 1 %.2f s, -j 2 %.2f s, speed-up %.2f\n", a, b, a / b }'
echo "-- annotation: the default's mistakes and blunders against a longer search"
echo "   (tests/bench-annotate.sh; BENCH_QUICK: ndar-kepp's games only)"
if [ "${BENCH_QUICK:-0}" = 1 ]; then
	ANNOTATE_SETS=tests/data/annotate/ndar-kepp.yaml sh tests/bench-annotate.sh | sed 's/^/  /'
else
	# a second longer run, its hash table alone changed: how far the
	# longer search agrees with itself, the ceiling of the figures; and
	# the plies where the default and the longer search disagree graded
	# again at depths 8, 9, 10 and 12: whose way they go, and from which
	# depth on each goes the longer search's (its horizon)
	mkdir "$tmp/ann-main" "$tmp/ann-held"
	ANNOTATE_REF2=${ANNOTATE_REF2:---depth 10 --nodes 40000000 -H 32} \
	    ANNOTATE_JUDGE=${ANNOTATE_JUDGE:-8 9 10 12} \
	    ANNOTATE_KEEP=$tmp/ann-main \
	    sh tests/bench-annotate.sh | sed 's/^/  /'
	echo "   the held-out games (tests/data/annotate/heldout)"
	ANNOTATE_SETS="$(ls tests/data/annotate/heldout/*.yaml)" \
	    ANNOTATE_REF2=${ANNOTATE_REF2:---depth 10 --nodes 40000000 -H 32} \
	    ANNOTATE_JUDGE=${ANNOTATE_JUDGE:-8 9 10 12} \
	    ANNOTATE_KEEP=$tmp/ann-held \
	    sh tests/bench-annotate.sh | sed 's/^/  /'
	# yote-analyze --thorough against the same longer runs
	echo "   --thorough, the same games"
	ANNOTATE_DEF=--thorough ANNOTATE_REUSE=$tmp/ann-main \
	    ANNOTATE_KEEP=$tmp/ann-main sh tests/bench-annotate.sh |
	    sed 's/^/  /'
	echo "   --thorough, the held-out games"
	ANNOTATE_SETS="$(ls tests/data/annotate/heldout/*.yaml)" \
	    ANNOTATE_DEF=--thorough ANNOTATE_REUSE=$tmp/ann-held \
	    ANNOTATE_KEEP=$tmp/ann-held sh tests/bench-annotate.sh |
	    sed 's/^/  /'
fi

if [ -x tests/bench-archive.sh ]; then
	echo
	echo "== archives"
	BENCH_GAMES=$games sh tests/bench-archive.sh
fi

echo
echo "== collections: search, tree, players, duplicates over 10 copies of $games games"
BENCH_GAMES=$games sh tests/bench-collect.sh

echo
echo "== strength: each level against the one below, every built-in ruleset"
echo "   ($matchgames games a pairing, both colours of each random opening, -j 2)"
STRENGTH_GAMES=$matchgames sh tests/strength.sh | sed 's/^/  /'
