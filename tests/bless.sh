#!/bin/sh
# tests/bless.sh CASE... - rewrite the expected stdout, stderr and status of
# tool cases from what the tools do now.  Read the diff before committing:
# blessing a wrong output makes the test pass on a bug.
set -u
LC_ALL=C NO_COLOR=1 PATH="$(pwd)/bin:$PATH"
export LC_ALL NO_COLOR PATH
for d in "$@"; do
	d=${d%/}
	in=/dev/null
	[ -f "$d/stdin" ] && in="$d/stdin"
	CASE=$d sh -c "$(cat "$d/cmd")" <"$in" >"$d/stdout" 2>"$d/stderr"
	echo $? >"$d/status"
	[ -s "$d/stdout" ] || rm -f "$d/stdout"
	[ -s "$d/stderr" ] || rm -f "$d/stderr"
	[ "$(cat "$d/status")" = 0 ] && rm -f "$d/status"
done
