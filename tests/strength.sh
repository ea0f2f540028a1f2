#!/bin/sh
# Strength table: each yote-play level against the level below it, under
# every built-in ruleset (part of `make bench`; nothing here is a test).
#   STRENGTH_GAMES    games a pairing (default 40; both colours of each
#                     random opening)
#   STRENGTH_RULES    rulesets (default: the four built-in ones)
#   STRENGTH_PAIRS    pairings A,B (default: each level against the next)
#   STRENGTH_SEED     seed of the openings (default 3)
# Prints one line a match: ruleset, pairing, +wins =draws -losses of A,
# Elo difference with its 95% margin, and the wall time of the match.
set -u
LC_ALL=C
export LC_ALL
B=$(pwd)/bin
games=${STRENGTH_GAMES:-40}
rules=${STRENGTH_RULES:-classic traditional damasi ndar-kepp}
pairs=${STRENGTH_PAIRS:-casual,beginner club,casual expert,club master,expert}
seed=${STRENGTH_SEED:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the endgame tables are built once, outside the timed matches
export YOTE_TB_DIR="${YOTE_TB_DIR:-$tmp/tb}"
for r in $rules; do
	for pair in $pairs; do
		t0=$(date +%s)
		"$B/yote-play" --rules "$r" --match "$pair" --games "$games" \
		    -j 2 --max-plies 300 --seed "$seed" >"$tmp/out" 2>&1
		t1=$(date +%s)
		awk -v r="$r" -v p="$pair" -v s=$((t1 - t0)) '
		    /games:/ { sub(/.*games: /, ""); res = $0 }
		    /^Elo/ { sub(/^Elo difference: /, ""); elo = $0 }
		    END { printf "%-12s %-16s %-32s Elo %-16s %5d s\n", r, p, res, elo, s }' "$tmp/out"
	done
done
