#!/bin/sh
# Tool cases: each folder tests/cases/NAME holds
#   cmd     the command line (sh), run from the project root with bin/ first
#           in PATH; $CASE is the case's folder
#   stdin   optional: fed to standard input (else /dev/null)
#   stdout  expected standard output (missing: must be empty)
#   stderr  expected standard error (missing: must be empty)
#   status  expected exit status (missing: 0)
# Output is compared byte for byte.
set -u
LC_ALL=C
export LC_ALL
PATH="$(pwd)/bin:$PATH"
export PATH
NO_COLOR=1
export NO_COLOR
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
for d in tests/cases/*/; do
	[ -f "$d/cmd" ] && n=$((n + 1))
done
. tests/lib/tap.sh
echo "1..$n"
for d in tests/cases/*/; do
	d=${d%/}
	[ -f "$d/cmd" ] || continue
	in=/dev/null
	[ -f "$d/stdin" ] && in="$d/stdin"
	CASE=$d sh -c "$(cat "$d/cmd")" <"$in" >"$tmp/out" 2>"$tmp/err"
	st=$?
	want=0
	[ -f "$d/status" ] && want=$(cat "$d/status")
	pass=1
	why=
	[ "$st" = "$want" ] || { pass=0; why="exit status $st, expected $want"; }
	for f in stdout stderr; do
		got=$tmp/out
		[ $f = stderr ] && got=$tmp/err
		exp=$d/$f
		[ -f "$exp" ] || exp=/dev/null
		if ! cmp -s "$got" "$exp"; then
			pass=0
			why="$why${why:+; }$f differs"
			diff -u "$exp" "$got" >"$tmp/diff.$f"
		fi
	done
	ok $pass "${d#tests/cases/}${why:+: $why}" "$tmp"/diff.*
	rm -f "$tmp"/diff.*
done
