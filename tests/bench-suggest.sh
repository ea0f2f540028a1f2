#!/bin/sh
# bench-suggest.sh [N]: the worst case of yote-validate --suggest, per
# ruleset: N games (10) of 300 plies (make-slips --long), each with a slip
# at ply 1; and the games without a slip but with a declared result the
# board does not give (1-0 by capture-all), where the record breaks only
# at its end, so that every edit at every ply is tried (and none mends
# it); prints the slowest game's time of each, the process included.  Run from
# the project root after make all bin/make-slips.
set -eu
LC_ALL=C
export LC_ALL
n=${1:-10}
B=$(pwd)/bin
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
slowest() { # FILE: the slowest game's seconds
	g=1
	worst=0
	while [ $g -le "$n" ]; do
		t0=$(date +%s.%N)
		"$B/yote-validate" --suggest --game $g "$1" >/dev/null 2>&1 || :
		t1=$(date +%s.%N)
		worst=$(echo "$t0 $t1 $worst" |
		    awk '{ d = $2 - $1; print (d > $3 ? d : $3) }')
		g=$((g + 1))
	done
	echo "$worst"
}
for r in classic traditional damasi ndar-kepp; do
	"$B/make-slips" --long 300 --rules $r --games "$n" --seed 8 \
	    >"$tmp/long.yaml"
	"$B/make-slips" --ply 1 --seed 3 "$tmp/truth" <"$tmp/long.yaml" \
	    >"$tmp/slip.yaml"
	sed 's/^result: .*/result: 1-0/; s/^termination: .*/termination: capture-all/' \
	    "$tmp/long.yaml" >"$tmp/result.yaml"
	printf '%-12s slip at ply 1: %.3f s; a wrong result: %.3f s\n' \
	    $r "$(slowest "$tmp/slip.yaml")" "$(slowest "$tmp/result.yaml")"
done
