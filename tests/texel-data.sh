#!/bin/sh
# The data of the evaluation's fit (bin/texel; formats/engine.md, "How
# the weights were tuned"): self-play games of yote-play, every built-in
# ruleset, their positions labelled by a deeper search.
#
#   make bin/texel all && sh tests/texel-data.sh OUT [GAMES_DIR]
#
# Per ruleset: 30 casual games (a random move now and then: positions off
# the engine's own path), 8 casual games after ten random plies of opening
# (disordered middlegames) and 4 club games of up to 200 plies (endings).
# The seeds (501 to 503) are not those of tests/data/annotate (23, 71,
# 72), whose games are the annotator's check and never training data.
# Every position after the first eight plies, once each, is searched to
# depth 8 with the default weights (bin/texel --label): OUT gets a line a
# position (ruleset, position, score, result).  The games are kept in
# GAMES_DIR when given.  Deterministic for a given build (the games and
# the labels come from the default weights); some 5 CPU minutes.
#   TEXEL_DEPTH   depth of the labelling search (default 8)
set -eu
. tests/lib/env.sh
if [ $# -lt 1 ]; then
	echo "usage: sh tests/texel-data.sh OUT [GAMES_DIR]" >&2
	exit 2
fi
out=$1
scratch texel-data
games=${2:-$tmp/games}
mkdir -p "$games"
for r in classic traditional damasi ndar-kepp; do
	{
		yote-play --self-play 30 --level casual --seed 501 \
		    --rules $r --max-plies 120
		yote-play --self-play 8 --level casual --seed 502 \
		    --random-plies 10 --rules $r --max-plies 120
		yote-play --self-play 4 --level club --seed 503 \
		    --rules $r --max-plies 200
	} >"$games/$r.yaml"
done
texel --label --depth "${TEXEL_DEPTH:-8}" --skip 8 \
    "$games/classic.yaml" "$games/traditional.yaml" "$games/damasi.yaml" \
    "$games/ndar-kepp.yaml" >"$out"
