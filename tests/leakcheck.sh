#!/bin/sh
# make leakcheck: every tool over the samples, the invalid samples and
# the fuzz crash cases under valgrind: no invalid access, no leak.
set -u
. tests/lib/env.sh
B=$(pwd)/bin
scratch leakcheck
VG="valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=99"
fails=0
n=0
run() { # description, command...
	d=$1
	shift
	n=$((n + 1))
	$VG "$@" >/dev/null 2>"$tmp/err" </dev/null
	if [ $? = 99 ]; then
		fails=$((fails + 1))
		echo "LEAK/ERROR: $d"
		grep -v '^yote' "$tmp/err" | head -20
	fi
}
run "validate samples" "$B/yote-validate" samples/*.yaml
run "validate invalid samples" "$B/yote-validate" samples/invalid/*.yaml
run "validate fuzz cases" "$B/yote-validate" tests/fuzz/regress/record/* tests/fuzz/seeds/record/*
run "replay" "$B/yote-replay" --game 2 samples/classic.yaml
run "replay svg" "$B/yote-replay" --svg-dir "$tmp" --game 1 samples/damasi.yaml
run "analyze" "$B/yote-analyze" --depth 2 --graph "$tmp/g.svg" samples/ndar-kepp.yaml
run "analyze -j 2" "$B/yote-analyze" --depth 2 -j 2 samples/damasi.yaml
run "analyze best" "$B/yote-analyze" --best --depth 6
run "perft" "$B/yote-analyze" --perft 3 --rules traditional
run "convert to archive" "$B/yote-convert" -o "$tmp/s.yta" samples/classic.yaml samples/traditional.yaml
run "convert back" "$B/yote-convert" --to yaml "$tmp/s.yta"
run "convert to lines" "$B/yote-convert" --to lines --lossy samples/ndar-kepp.yaml
run "self-play" "$B/yote-play" --self-play 2 --level beginner --max-plies 60
run "match -j 2" "$B/yote-play" --match beginner,casual --games 2 -j 2 --max-plies 60
printf 'yote\nposition start moves c3\ngo depth 3\nrules ndar-kepp\ngo nodes 500\nquit\n' >"$tmp/proto"
n=$((n + 1))
if ! $VG "$B/yote-play" --protocol <"$tmp/proto" >/dev/null 2>"$tmp/err"; then
	fails=$((fails + 1))
	echo "LEAK/ERROR: protocol"
	head -20 "$tmp/err"
fi
echo "leakcheck: $n runs, $fails with errors or leaks"
[ "$fails" = 0 ]
