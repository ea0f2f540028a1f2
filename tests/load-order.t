#!/bin/sh
# Positions hash and search the same whatever a program loads first
# (bin/test-load-order, tests/order/test-load-order.c): a ruleset read
# from a file before any built-in one, in one process, against a process
# that asked for a built-in first.  Run from the project root (prove does).
set -eu
LC_ALL=C
export LC_ALL
prog=bin/test-load-order
if [ ! -x $prog ]; then
	echo "1..1"
	echo "not ok 1 - $prog is built (make $prog)"
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "1..4"
n=0
for order in file-first builtin-first; do
	n=$((n + 1))
	if $prog $order formats/rules/classic.yaml > "$tmp/$order" 2>&1; then
		echo "ok $n - $order: hashes non-zero and distinct"
	else
		echo "not ok $n - $order: hashes non-zero and distinct"
		sed 's/^/# /' "$tmp/$order"
	fi
done
a=$(grep '^search: ' "$tmp/file-first" || true)
b=$(grep '^search: ' "$tmp/builtin-first" || true)
if [ -n "$a" ]; then
	echo "ok 3 - file-first: the search ran ($a)"
else
	echo "not ok 3 - file-first: the search ran"
fi
if [ -n "$a" ] && [ "$a" = "$b" ]; then
	echo "ok 4 - the same score, nodes and move in both orders"
else
	echo "not ok 4 - the same score, nodes and move in both orders"
	echo "# file-first:    $a"
	echo "# builtin-first: $b"
fi
