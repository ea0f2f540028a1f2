#!/bin/sh
# Key by key: every record of every file in samples/ (invalid ones kept as
# text) and of a generated collection under every ruleset, a custom one
# included, goes into an archive and back, and each tree must come back
# equal node by node (text, style, tag, key order).  Run from the project
# root after `make check`'s programs are built.
set -u
LC_ALL=C
export LC_ALL
for p in bin/test-archive bin/gen-games bin/yote-analyze; do
	if [ ! -x "$p" ]; then
		echo "1..1"
		echo "not ok 1 - $p is built"
		exit 1
	fi
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/archive-keys.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
# the endgame tables the engine builds stay in the test's directory
: "${YOTE_TB_DIR:=$tmp/tb}"
export YOTE_TB_DIR
cat >"$tmp/big-board.yaml" <<'EOF'
yote-rules: 1
name: big-board
board: 7x6
pieces: 14
sides: [white, black]
opening: none
chain: yes
bonus: optional-board
self-jump: plain
blocked: loses
few-pieces: 2
no-capture-limit: 80
EOF
seed=11
for r in classic traditional damasi ndar-kepp "$tmp/big-board.yaml"; do
	n=$(basename "$r" .yaml)
	bin/gen-games --rules "$r" --games 150 --seed "$seed" \
	    >"$tmp/gen-$n.yaml" || exit 1
	seed=$((seed + 1))
done
# games annotated by the engine, as yote-analyze writes them
bin/gen-games --rules traditional --games 12 --seed 21 |
    bin/yote-analyze --depth 1 >"$tmp/gen-analysed.yaml" || exit 1
exec bin/test-archive --keys samples/*.yaml samples/invalid/*.yaml \
    "$tmp"/gen-*.yaml
