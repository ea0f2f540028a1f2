#!/bin/sh
# A collection split on line boundaries and checked in pieces by GNU
# parallel (--pipe --keep-order) gives exactly what one serial run gives:
# the lines format carries each game's number, so diagnostics agree too;
# and the pieces' JSON summaries, merged, are the serial run's summary.
set -u
. tests/lib/env.sh
if ! command -v parallel >/dev/null 2>&1; then
	echo "1..0 # SKIP GNU parallel is not installed"
	exit 0
fi
scratch parallel
P="parallel --will-cite --pipe --keep-order -N 5"
. tests/lib/tap.sh
check() { # check NAME DESCRIPTION: serial.NAME and parallel.NAME agree
	diff "$tmp/serial.$1" "$tmp/parallel.$1" >"$tmp/diff.$1"
	ok $((! $?)) "$2" "$tmp/diff.$1"
}
echo "1..12"
# valid games, then games with defects in between
{ yote-convert --to lines --lossy samples/classic.yaml samples/damasi.yaml
  yote-convert --to lines samples/invalid/illegal-move-occupied.yaml \
      samples/invalid/wrong-result.yaml samples/invalid/bad-chain-in-damasi.yaml
  yote-convert --to lines --lossy samples/ndar-kepp.yaml samples/traditional.yaml
} >"$tmp/all.lines" 2>/dev/null
games=$(wc -l <"$tmp/all.lines")
c=0
[ "$games" -ge 30 ] && c=1
ok $c "$games games in lines"

yote-validate <"$tmp/all.lines" >"$tmp/serial.out" 2>"$tmp/serial.err"
echo $? >"$tmp/serial.st"
$P yote-validate <"$tmp/all.lines" >"$tmp/parallel.out" 2>"$tmp/parallel.err"
st=$?
check err "yote-validate: the same diagnostics"
c=0
[ -s "$tmp/serial.err" ] && [ "$(cat "$tmp/serial.st")" = 1 ] && [ "$st" -gt 0 ] && c=1
echo "statuses serial $(cat "$tmp/serial.st"), parallel $st" >"$tmp/st"
ok $c "both runs reject the collection" "$tmp/st"

yote-validate --format=json <"$tmp/all.lines" >"$tmp/serial.json" 2>/dev/null
$P yote-validate --format=json <"$tmp/all.lines" >"$tmp/parallel.json" 2>/dev/null
check json "yote-validate --format=json: the same objects"

yote-validate --list <"$tmp/all.lines" >"$tmp/serial.list" 2>/dev/null
$P yote-validate --list <"$tmp/all.lines" >"$tmp/parallel.list" 2>/dev/null
check list "yote-validate --list: the same lines"

# the pieces' summaries added up: the one summary of a serial run
yote-validate --summary <"$tmp/all.lines" >"$tmp/serial.sum" 2>/dev/null
cp "$tmp/serial.sum" "$tmp/serial.tsum"
$P yote-validate --summary -f json <"$tmp/all.lines" 2>/dev/null |
    yote-validate --merge-summaries >"$tmp/merged.out"
st=$?
tail -n 1 "$tmp/merged.out" >"$tmp/parallel.sum"
check sum "yote-validate --merge-summaries: the serial --summary line"
echo "status $st" >"$tmp/st"
ok $((st == 1)) "--merge-summaries: exit status 1 (some game invalid)" "$tmp/st"
# the text summary lines of the pieces, as the issue's statistician had
# them (one line a piece), added up the same
$P yote-validate --summary <"$tmp/all.lines" 2>/dev/null |
    yote-validate --merge-summaries >"$tmp/parallel.tsum"
check tsum "--merge-summaries of text summary lines: the serial --summary line"
yote-validate --summary -f json <"$tmp/all.lines" >"$tmp/serial.jsum" 2>/dev/null
$P yote-validate --summary -f json <"$tmp/all.lines" 2>/dev/null |
    yote-validate --merge-summaries -f json >"$tmp/parallel.jsum"
check jsum "--merge-summaries -f json: the serial JSON, byte for byte"
# a line that is not JSON is said, and the rest still merged
{ echo 'garbage'; cat "$tmp/serial.jsum"; } |
    yote-validate --merge-summaries >"$tmp/g.out" 2>"$tmp/g.err"
st=$?
c=0
tail -n 1 "$tmp/g.out" | cmp -s - "$tmp/serial.sum" && [ "$st" = 1 ] &&
    grep -q '^yote-validate: <stdin>:1: not a JSON object nor a summary line' "$tmp/g.err" && c=1
ok $c "--merge-summaries: a line not JSON is said, the rest merged" "$tmp/g.err"

grep -v 'termination=unfinished' "$tmp/all.lines" | head -12 >"$tmp/some.lines"
yote-analyze --depth 2 <"$tmp/some.lines" >"$tmp/serial.yaml" 2>"$tmp/serial.aerr"
parallel --will-cite --pipe --keep-order -N 3 yote-analyze --depth 2 \
    <"$tmp/some.lines" >"$tmp/parallel.yaml" 2>"$tmp/parallel.aerr"
check yaml "yote-analyze: the same annotated records"
check aerr "yote-analyze: the same diagnostics"
