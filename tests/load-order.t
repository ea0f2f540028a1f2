#!/bin/sh
# Positions hash and search the same whatever a program loads first
# (bin/test-load-order, tests/order/test-load-order.c): a ruleset read
# from a file before any built-in one, in one process, against a process
# that asked for a built-in first.  Run from the project root (prove does).
set -eu
LC_ALL=C
export LC_ALL
prog=bin/test-load-order
. tests/lib/tap.sh
tap_need $prog
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "1..4"
for order in file-first builtin-first; do
	st=0
	$prog $order formats/rules/classic.yaml >"$tmp/$order" 2>&1 || st=$?
	ok $((st == 0)) "$order: hashes non-zero and distinct" "$tmp/$order"
done
a=$(grep '^search: ' "$tmp/file-first" || true)
b=$(grep '^search: ' "$tmp/builtin-first" || true)
c=0
[ -n "$a" ] && c=1
ok $c "file-first: the search ran${a:+ ($a)}"
c=0
[ -n "$a" ] && [ "$a" = "$b" ] && c=1
printf 'file-first:    %s\nbuiltin-first: %s\n' "$a" "$b" >"$tmp/searches"
ok $c "the same score, nodes and move in both orders" "$tmp/searches"
