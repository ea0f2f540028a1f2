#!/bin/sh
# Replay the fuzz seeds and every crash case the fuzzers ever found
# (tests/fuzz/regress/) through each harness: none may crash.
set -u
. tests/lib/tap.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
harnesses="move position rules record protocol archive pattern select"
echo "1..8"
for h in $harnesses; do
	files=$(find tests/fuzz/seeds/$h tests/fuzz/regress/$h -type f 2>/dev/null)
	if [ -z "$files" ]; then
		ok 0 "$h: no inputs"
		continue
	fi
	n=$(echo "$files" | wc -l)
	# shellcheck disable=SC2086
	bin/fuzz-$h-replay $files >"$tmp/out" 2>&1
	st=$?
	tail -20 "$tmp/out" >"$tmp/$h"
	ok $((st == 0)) "$h: $n inputs" "$tmp/$h"
done
