#!/bin/sh
# Every record in samples/ must pass yote-validate (exit 0, nothing on
# stderr), and every file in samples/invalid/ must be rejected (exit 1,
# at least one diagnostic naming that file).  Run from the project root
# after `make`.
set -u
LC_ALL=C
export LC_ALL
v=bin/yote-validate
tmp=$(mktemp -d "${TMPDIR:-/tmp}/samples.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

good=$(ls samples/*.yaml 2>/dev/null)
bad=$(ls samples/invalid/*.yaml 2>/dev/null)
n=0
for f in $good $bad; do
	n=$((n + 1))
done
echo "1..$((n + 2))"
. tests/lib/tap.sh
TAP_WHY=$tmp/err         # each tool's messages, shown when its test fails

# both sets are there at all: a glob that matched nothing is a failure
: >"$tmp/err"
ok "$([ -n "$good" ] && echo 1)" "samples/*.yaml exist"
ok "$([ -n "$bad" ] && echo 1)" "samples/invalid/*.yaml exist"

for f in $good; do
	"$v" "$f" >"$tmp/out" 2>"$tmp/err"
	st=$?
	c=0
	[ $st = 0 ] && [ ! -s "$tmp/err" ] && [ ! -s "$tmp/out" ] && c=1
	[ $c = 1 ] || echo "exit status $st" >>"$tmp/err"
	ok $c "$f is valid"
done

for f in $bad; do
	"$v" "$f" >"$tmp/out" 2>"$tmp/err"
	st=$?
	c=0
	[ $st = 1 ] && grep -q "^yote-validate: $f:" "$tmp/err" && c=1
	[ $c = 1 ] || echo "exit status $st" >>"$tmp/err"
	ok $c "$f is rejected"
done
