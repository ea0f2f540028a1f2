#!/bin/sh
# bench-varied.sh DIR N: the varied collection of make bench, about
# N games, the same bytes on every run (fixed seeds), in DIR:
#   classic.yaml traditional.yaml damasi.yaml ndar-kepp.yaml
#             each ruleset's games, per 100 of N: 10 of gen-games' usual
#             play, 5 short (at most 20 plies, declared endings), 5 from
#             a set-up position (start: after 1 to 60 plies), 2 of
#             self-play (yote-play --level beginner, its random openings
#             written as start:), and 1 in 400 long (300 to 400 plies,
#             declared endings; under traditional 1 in 2000, as those
#             are slow to make)
#   custom.yaml   10 in 100 under a ruleset file (bench-rules.yaml, 7x6,
#             hand-first, no chains, bridges), named by the records
#   annotated.yaml samples/*.yaml, once: moves as mappings with
#             comments, a game without rules:, a set-up game (copies would
#             be the same games over, which an archive may store once)
#   all.yaml  all of them, in that order
# Run from the project root, after make all bin/gen-games.
set -eu
LC_ALL=C
export LC_ALL
d=$1
n=$2
B=$(pwd)/bin
# count PER-100000: that share of N, at least 1
count() { echo $(((n * $1 + 99999) / 100000)); }
long='agreement,adjudication,time,unfinished,move-limit'
seed=1
for r in classic traditional damasi ndar-kepp; do
	f=$d/$r.yaml
	"$B/gen-games" --rules "$r" --games "$(count 10000)" --seed "$seed" >"$f"
	"$B/gen-games" --rules "$r" --games "$(count 5000)" --seed "$seed" \
	    --max-plies 20 >>"$f"
	"$B/gen-games" --rules "$r" --games "$(count 5000)" --seed "$seed" \
	    --set-up 60 >>"$f"
	nl=$(count 250)
	[ "$r" = traditional ] && nl=$(count 50)
	"$B/gen-games" --rules "$r" --games "$nl" --seed "$seed" \
	    --max-plies 400 --terminations "$long" >>"$f"
	# yote-play dates its records today: a fixed date instead
	"$B/yote-play" --self-play "$(count 2000)" --level beginner \
	    --seed "$seed" --rules "$r" |
	    sed 's/^date: [0-9-]*$/date: 2026-01-01/' >>"$f"
	seed=$((seed + 1))
done
cat >"$d/bench-rules.yaml" <<'EOF'
yote-rules: 1
name: bench-variant
description: A larger board, the hand first, single captures, bridges.
board: 7x6
pieces: 15
sides: [white, black]
opening: hand-first
chain: no
bonus: optional-board
self-jump: bridge
blocked: more-captured-wins
few-pieces: 2
no-capture-limit: 80
EOF
# the records name the file by a path relative to their own folder
(cd "$d" && "$B/gen-games" --rules ./bench-rules.yaml \
    --games "$(count 5000)" --seed "$seed" >custom.yaml &&
    "$B/gen-games" --rules ./bench-rules.yaml --games "$(count 5000)" \
    --seed "$seed" --set-up 60 >>custom.yaml)
cat samples/classic.yaml samples/traditional.yaml samples/damasi.yaml \
    samples/ndar-kepp.yaml >"$d/annotated.yaml"
cat "$d/classic.yaml" "$d/traditional.yaml" "$d/damasi.yaml" \
    "$d/ndar-kepp.yaml" "$d/custom.yaml" "$d/annotated.yaml" >"$d/all.yaml"
