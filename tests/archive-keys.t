#!/bin/sh
# Key by key: every record of every file in samples/ (invalid ones kept as
# text) and of a generated collection under every ruleset, a custom one
# included, goes into an archive and back, and each tree must come back
# equal node by node (text, style, tag, key order).  Run from the project
# root after `make check`'s programs are built.
set -u
. tests/lib/env.sh
. tests/lib/tap.sh
tap_need bin/test-archive bin/gen-games bin/yote-analyze
scratch archive-keys
big_board=$(pwd)/tests/data/big-board.yaml
seed=11
for r in classic traditional damasi ndar-kepp "$big_board"; do
	n=$(basename "$r" .yaml)
	bin/gen-games --rules "$r" --games 150 --seed "$seed" \
	    >"$tmp/gen-$n.yaml" || exit 1
	seed=$((seed + 1))
done
# games annotated by the engine, as yote-analyze writes them
bin/gen-games --rules traditional --games 12 --seed 21 |
    bin/yote-analyze --depth 1 >"$tmp/gen-analysed.yaml" || exit 1
# not exec: the scratch directory goes when the script ends
bin/test-archive --keys samples/*.yaml samples/invalid/*.yaml \
    "$tmp"/gen-*.yaml
