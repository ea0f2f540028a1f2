#!/bin/sh
# Archive benchmark (run by `make bench`, from the project root, after
# `make bin/gen-games`): the varied collection of tests/bench-varied.sh
# (about BENCH_GAMES games, default 100000: the four built-in rulesets,
# short, usual and long games, set-up start positions, self-play, a
# ruleset file, annotated records), then
#  - size: bits per move of the archive against gzip -9 and xz -9 of the
#    same YAML (every format holds the whole records, headers included);
#  - speed: moves per second to pack (YAML -> archive) and to unpack
#    (archive -> YAML), with YAML -> YAML as the yardstick, and the time
#    of --list and of --game N for the last game;
#  - peak memory (maximum resident set, /usr/bin/time -f %M);
#  - reading, side by side on the same games: yote-validate of the
#    archive and of the YAML in plies per second, and libyaml alone
#    parsing the YAML into events (bin/yaml-parse-bench), the floor of
#    any YAML reader, with the ratios that issue 13 sets targets for
#    (archive read at least as fast as YAML read; yote-validate on YAML
#    at most 1.3 times libyaml alone).  These times are processor
#    seconds (user + system), the best of BENCH_RUNS runs (default 3),
#    to keep out a busy machine's worst; and the same ratios in
#    instructions (valgrind's callgrind) on a smaller collection of the
#    same recipe (BENCH_IR_GAMES, default 4000), part by part, which a
#    shared machine does not change.
# Timings are whatever this machine gives; nothing here is a test.
set -eu
LC_ALL=C
export LC_ALL
N=${BENCH_GAMES:-100000}
B=bin
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-archive.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "bench-archive: needs /usr/bin/time" >&2; exit 3; }

echo "generating the varied collection (about $N games) ..."
mkdir "$tmp/coll"
sh tests/bench-varied.sh "$tmp/coll" "$N"
# the records of the ruleset file name it beside them
cp "$tmp/coll/all.yaml" "$tmp/coll/bench-rules.yaml" "$tmp"
mv "$tmp/all.yaml" "$tmp/games.yaml"
N=$("$B/yote-validate" --summary "$tmp/games.yaml" | awk '{ print $1 }')

# run LABEL CMD...: time and peak memory of CMD, output to $tmp/out
run() {
	label=$1
	shift
	"$TIME" -f "%e %M %U %S" -o "$tmp/time" "$@" >"$tmp/out" \
	    2>"$tmp/err" || { echo "bench-archive: $label failed:" >&2;
	    cat "$tmp/err" >&2; exit 1; }
	read -r secs kb usr sys <"$tmp/time"
	cpu=$(awk -v u="$usr" -v s="$sys" 'BEGIN { print u + s }')
}

run pack "$B/yote-convert" --stats -o "$tmp/games.yta" "$tmp/games.yaml"
pack_s=$secs pack_kb=$kb
stats=$(cat "$tmp/err")
plies=$("$B/yote-convert" --list "$tmp/games.yta" |
    awk -F'\t' '{ n += $6 } END { print n }')
run unpack "$B/yote-convert" -o "$tmp/back.yaml" "$tmp/games.yta"
unpack_s=$secs unpack_kb=$kb
run yaml "$B/yote-convert" -o "$tmp/again.yaml" "$tmp/games.yaml"
yaml_s=$secs yaml_kb=$kb
cmp -s "$tmp/back.yaml" "$tmp/again.yaml" ||
    { echo "bench-archive: the round trip differs" >&2; exit 1; }
run list "$B/yote-convert" --list "$tmp/games.yta"
list_s=$secs
run game "$B/yote-convert" --game "$N" "$tmp/games.yta"
game_s=$secs
run gamepipe sh -c "cat '$tmp/games.yta' | '$B/yote-convert' --game $N"
gamepipe_s=$secs

# best of BENCH_RUNS runs of CMD...: its processor seconds in $secs
runs=${BENCH_RUNS:-3}
best() {
	label=$1
	shift
	b=
	i=0
	while [ "$i" -lt "$runs" ]; do
		run "$label" "$@"
		b=$(awk -v a="${b:-$cpu}" -v c="$cpu" 'BEGIN { print (c < a ? c : a) }')
		i=$((i + 1))
	done
	secs=$b
}
best "validate archive" "$B/yote-validate" -q "$tmp/games.yta"
va_s=$secs
best "validate YAML" "$B/yote-validate" -q "$tmp/games.yaml"
vy_s=$secs
best "libyaml" "$B/yaml-parse-bench" "$tmp/games.yaml"
lib_s=$secs
vyc_s=$vy_s

# Instructions, which a shared machine does not change (callgrind), on a
# smaller collection of the same recipe: the same ratios, part by part;
# skipped without valgrind (BENCH_IR=0 skips it too).
ir_line=
if [ "${BENCH_IR:-1}" != 0 ] && command -v valgrind >/dev/null 2>&1; then
	mkdir "$tmp/ir"
	sh tests/bench-varied.sh "$tmp/ir" "${BENCH_IR_GAMES:-4000}"
	# ir CMD...: the instructions CMD runs, in $ir
	ir() {
		ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		    "$@" 2>&1 >/dev/null | awk '/Collected/ { print $NF }')
	}
	# reading an archive against reading YAML, part by part: the mix
	# hides the worst of them
	ir_rules=$(printf '%-12s %7s %9s %9s %9s %7s %7s %9s %9s\n' part \
	    games archive YAML libyaml arc/YAML YAML/lib bits/move \
	    "version 1")
	for r in classic traditional damasi ndar-kepp custom annotated all; do
		f=$tmp/ir/$r
		"$B/yote-convert" -o "$f.yta" "$f.yaml"
		"$B/yote-convert" --archive-version 1 -o "${f}v1.yta" "$f.yaml"
		ir "$B/yote-validate" -q "$f.yta"
		ia=$ir
		ir "$B/yote-validate" -q "$f.yaml"
		iy=$ir
		ir "$B/yaml-parse-bench" "$f.yaml"
		il=$ir
		ng=$("$B/yote-validate" --summary "$f.yaml" | awk '{ print $1 }')
		pl=$("$B/yote-convert" --list "$f.yta" |
		    awk -F'\t' '{ n += $6 } END { print n }')
		ab=$(wc -c <"$f.yta")
		ab1=$(wc -c <"${f}v1.yta")
		ir_rules=$ir_rules$(awk -v r="$r" -v g="$ng" -v a="$ia" \
		    -v y="$iy" -v l="$il" -v p="$pl" -v b="$ab" -v b1="$ab1" \
		    'BEGIN { printf "\n%-12s %7d %8.0fM %8.0fM %8.0fM %7.2f " \
		    "%7.2f %9.2f %9.2f", r, g, a / 1e6, y / 1e6, l / 1e6, \
		    (y > 0 ? a / y : 0), (l > 0 ? y / l : 0), 8 * b / p,
		    8 * b1 / p }')
	done
	ir_line=$(awk -v v="$iy" -v l="$il" -v a="$ia" -v g="$ng" 'BEGIN {
	    printf "instructions (callgrind, the same recipe, %d games): " \
	    "archive / YAML %.2f (target: 1 or less);\n", g,
	    (v > 0 ? a / v : 0)
	    printf "yote-validate YAML / libyaml alone %.0fM / %.0fM = %.2f " \
	    "(target: 1.3 or less)", v / 1e6, l / 1e6,
	    (l > 0 ? v / l : 0) }')
fi

yaml_b=$(wc -c <"$tmp/games.yaml")
arc_b=$(wc -c <"$tmp/games.yta")
gz_b=$(gzip -9 -c "$tmp/games.yaml" | wc -c)
xz_b=$(xz -9 -c "$tmp/games.yaml" | wc -c)

awk -v n="$N" -v p="$plies" -v y="$yaml_b" -v a="$arc_b" -v g="$gz_b" \
    -v x="$xz_b" -v ps="$pack_s" -v pk="$pack_kb" -v us="$unpack_s" \
    -v uk="$unpack_kb" -v ys="$yaml_s" -v yk="$yaml_kb" -v ls="$list_s" \
    -v gs="$game_s" -v gp="$gamepipe_s" -v va="$va_s" -v vy="$vy_s" \
    -v lb="$lib_s" -v vyc="$vyc_s" 'BEGIN {
	printf "%d games, %d moves, %.1f moves per game\n\n", n, p, p / n
	printf "%-22s %12s %12s\n", "format", "bytes", "bits/move"
	printf "%-22s %12d %12.2f\n", "YAML", y, 8 * y / p
	printf "%-22s %12d %12.2f\n", "gzip -9 of the YAML", g, 8 * g / p
	printf "%-22s %12d %12.2f\n", "xz -9 of the YAML", x, 8 * x / p
	printf "%-22s %12d %12.2f\n\n", "archive (.yta)", a, 8 * a / p
	printf "%-24s %8s %14s %10s\n", "run", "seconds", "moves/second",
	    "peak KiB"
	printf "%-24s %8.2f %14.0f %10d\n", "pack (YAML -> archive)", ps,
	    (ps > 0 ? p / ps : 0), pk
	printf "%-24s %8.2f %14.0f %10d\n", "unpack (archive -> YAML)", us,
	    (us > 0 ? p / us : 0), uk
	printf "%-24s %8.2f %14.0f %10d\n", "YAML -> YAML", ys,
	    (ys > 0 ? p / ys : 0), yk
	printf "%-24s %8.2f\n", "--list (archive)", ls
	printf "%-24s %8.2f\n", "--game N, last, file", gs
	printf "%-24s %8.2f\n\n", "--game N, last, pipe", gp
	printf "reading the same games (best of the runs; bits per move: "
	printf "archive %.2f, YAML %.1f)\n", 8 * a / p, 8 * y / p
	printf "%-34s %8s %14s\n", "run", "cpu s", "plies/second"
	printf "%-34s %8.3f %14.0f\n", "yote-validate, archive", va,
	    (va > 0 ? p / va : 0)
	printf "%-34s %8.3f %14.0f\n", "yote-validate, YAML", vy,
	    (vy > 0 ? p / vy : 0)
	printf "%-34s %8.3f %14.0f\n", "libyaml alone, parse to events", lb,
	    (lb > 0 ? p / lb : 0)
	printf "archive read / YAML read, plies per second: %.2f " \
	    "(target: 1 or more)\n", (va > 0 ? vy / va : 0)
	printf "yote-validate YAML / libyaml alone, processor time: " \
	    "%.2f (target: 1.3 or less)\n", (lb > 0 ? vyc / lb : 0)
}'
[ -n "$ir_line" ] && echo "$ir_line"
if [ -n "$ir_line" ]; then
	echo
	echo "yote-validate, instructions (callgrind, part by part): archive"
	echo "against YAML (target: 1 or less), YAML against libyaml alone"
	echo "(target: 1.3 or less), and bits per move, version 2 against 1"
	echo "$ir_rules"
fi
echo
echo "$stats"
