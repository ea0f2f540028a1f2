#!/bin/sh
# Replay the fuzz seeds and every crash case the fuzzers ever found
# (tests/fuzz/regress/) through each harness: none may crash.
set -u
harnesses="move position rules record protocol"
echo "1..5"
i=0
for h in $harnesses; do
	i=$((i + 1))
	files=$(find tests/fuzz/seeds/$h tests/fuzz/regress/$h -type f 2>/dev/null)
	if [ -z "$files" ]; then
		echo "not ok $i - $h: no inputs"
		continue
	fi
	n=$(echo "$files" | wc -l)
	# shellcheck disable=SC2086
	if out=$(bin/fuzz-$h-replay $files 2>&1); then
		echo "ok $i - $h: $n inputs"
	else
		echo "not ok $i - $h"
		echo "$out" | tail -20 | sed 's/^/# /'
	fi
done
