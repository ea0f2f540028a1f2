#!/bin/sh
# The endgame tables' cache trusts nothing (TAP; issue 24).  Run from the
# project root after `make`.  Each case plants something in a cache
# directory of its own and asks yote-analyze for the ndar-kepp win in 11
# (class 2+1v1+0, a tenth of a second to build), under `timeout` so that
# a tool that hangs fails instead of blocking the run:
#  - a FIFO named like the table file, a symbolic link to a FIFO, a link
#    to /dev/zero: not opened, said once, the table built again (the
#    planted name replaced by a regular file, the FIFO left as it was);
#  - a link to a regular table file: used as it is, nothing said;
#  - a table whose values are impossible (every position "won in 32767
#    plies", checksum right): refused, said once, rebuilt (the loser to
#    move scores as with the right table, not +27.67);
#  - $HOME that does not exist: nothing made, said once, answered;
#  - a file-size limit (ulimit -f): the tables used from memory, said
#    once, no temporary file left; an -o file under the same limit is a
#    write error (exit 3), its temporary file removed;
#  - SIGTERM while a table file is being written (bin/tb-build -k kills
#    itself once the temporary file exists): the temporary file goes.
set -u
. tests/lib/env.sh
scratch tbcache-t

. tests/lib/tap.sh
tap_need bin/yote-analyze bin/yote-convert bin/tb-build

WIN='x4/5/2o2/5/4x x 1 0 10 60'

win() {		# win DIR: the ndar-kepp win, cache in DIR
	timeout 20 yote-analyze --best --rules ndar-kepp \
	    --position "$WIN" --tb-dir "$1" >"$tmp/out" 2>"$tmp/err"
	st=$?
	grep -q '^info depth 11 score #+11 .*' "$tmp/out" &&
	    grep -q '^bestmove c1$' "$tmp/out"
	right=$((! $?))
}

said() {	# said TEXT: one line on stderr, and it has TEXT
	[ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "$1" "$tmp/err" &&
	    echo 1 || echo 0
}

win "$tmp/ref"
ok $((st == 0 && right)) "a cache of our own: the win in 11" "$tmp/out" \
    "$tmp/err"
N=$(cd "$tmp/ref" && ls | grep -e '-2\.1-1\.0\.ytb$')
ok $([ -n "$N" ] && echo 1 || echo 0) "its file: $N"

# special files where the table should be
mkdir "$tmp/fifo" "$tmp/tofifo" "$tmp/tozero" "$tmp/toreg"
mkfifo "$tmp/fifo/$N" "$tmp/a-fifo"
ln -s "$tmp/a-fifo" "$tmp/tofifo/$N"
ln -s /dev/zero "$tmp/tozero/$N"
for c in fifo tofifo tozero; do
	win "$tmp/$c"
	ok $((st == 0 && right)) "$c: answered (status $st)" "$tmp/out" \
	    "$tmp/err"
	ok "$(said 'not a regular file; the file is not used')" \
	    "$c: said once" "$tmp/err"
	[ -f "$tmp/$c/$N" ] && [ ! -h "$tmp/$c/$N" ] &&
	    cmp -s "$tmp/$c/$N" "$tmp/ref/$N"
	ok $((! $?)) "$c: replaced by the table built again"
done
[ -p "$tmp/a-fifo" ]
ok $((! $?)) "the FIFO a link named is left as it was"

cp "$tmp/ref/$N" "$tmp/a-table"
ln -s "$tmp/a-table" "$tmp/toreg/$N"
win "$tmp/toreg"
ok $((st == 0 && right && $(wc -c <"$tmp/err") == 0)) \
    "a link to a regular table file: used, nothing said" "$tmp/err"
[ -h "$tmp/toreg/$N" ]
ok $((! $?)) "... and the link stays"

# impossible values with a right checksum
if command -v python3 >/dev/null 2>&1; then
	mkdir "$tmp/bad"
	python3 - "$tmp/ref/$N" "$tmp/bad/$N" <<'EOF'
import struct, sys, zlib
head = open(sys.argv[1], "rb").read()[:48]
n = struct.unpack("<Q", head[28:36])[0]
raw = b"\xff\xff" * n + b"\0" * n          # won in 32767 plies, everywhere
z = zlib.compress(raw, 6)
head = head[:36] + struct.pack("<QI", len(z), zlib.crc32(raw))
open(sys.argv[2], "wb").write(head + z)
EOF
	# the loser to move: with the values as they are, +27.67
	LOSS='x4/5/2o2/5/4x o 1 0 10 60'
	yote-analyze --best --rules ndar-kepp --position "$LOSS" --tb-dir "$tmp/ref" \
	    2>/dev/null | grep '^info' | tail -1 | cut -d' ' -f 5 >"$tmp/want"
	timeout 20 yote-analyze --best --rules ndar-kepp --position "$LOSS" \
	    --tb-dir "$tmp/bad" >"$tmp/out" 2>"$tmp/err"
	st=$?
	grep '^info' "$tmp/out" | tail -1 | cut -d' ' -f 5 >"$tmp/got"
	ok $((st == 0 && $(cmp -s "$tmp/want" "$tmp/got" && echo 1 || echo 0))) \
	    "impossible values: the loser's score is $(cat "$tmp/want"), as with the right table" \
	    "$tmp/got" "$tmp/err"
	ok "$(said 'says won in 32767 plies; the format allows 32000 at most')" \
	    "impossible values: said once, naming the position" "$tmp/err"
	cmp -s "$tmp/bad/$N" "$tmp/ref/$N"
	ok $((! $?)) "impossible values: the file replaced by the right table"

else
	skip "python3 is needed"
	skip "python3 is needed"
	skip "python3 is needed"
fi

# a home that does not exist (a daemon's /nonexistent)
env -u YOTE_TB_DIR -u XDG_CACHE_HOME HOME="$tmp/gone/home" timeout 20 \
    yote-analyze --best --rules ndar-kepp --position "$WIN" >"$tmp/out" \
    2>"$tmp/err"
st=$?
grep -q '^bestmove c1$' "$tmp/out"
ok $((st == 0 && ! $?)) "HOME missing: answered" "$tmp/out" "$tmp/err"
ok "$(said 'kept in memory')" "HOME missing: said once" "$tmp/err"
[ ! -e "$tmp/gone" ]
ok $((! $?)) "HOME missing: nothing made, HOME included"

# a relative XDG_CACHE_HOME is ignored (the XDG specification): the
# tables go under $HOME, and no folder is made where the tool runs
mkdir -p "$tmp/home" "$tmp/cwd"
(cd "$tmp/cwd" && env -u YOTE_TB_DIR XDG_CACHE_HOME=rel HOME="$tmp/home" \
    timeout 20 yote-analyze --best --rules ndar-kepp --position "$WIN" \
    >"$tmp/out" 2>"$tmp/err")
st=$?
[ ! -e "$tmp/cwd/rel" ] && ls "$tmp/home/.cache/yote/tb/"*.ytb >/dev/null 2>&1
ok $((st == 0 && ! $?)) "XDG_CACHE_HOME relative: ignored, the tables under \$HOME" \
    "$tmp/out" "$tmp/err"

# a file-size limit: from memory
mkdir "$tmp/small"
(ulimit -f 20 && win "$tmp/small" && echo "$st $right" >"$tmp/res")
read st right <"$tmp/res"
ok $((st == 0 && right)) "ulimit -f: answered, from memory" "$tmp/out" \
    "$tmp/err"
ok "$(said 'File too large; the tables are kept in memory')" \
    "ulimit -f: said once" "$tmp/err"
ok $([ -z "$(ls "$tmp/small" | grep -v '\.ytb$')" ] && echo 1 || echo 0) \
    "ulimit -f: no temporary file left"

cp samples/classic.yaml "$tmp/keep.yaml"
(ulimit -f 1 && yote-convert -o "$tmp/keep.yaml" samples/*.yaml \
    >/dev/null 2>"$tmp/err"; echo $? >"$tmp/res")
cmp -s "$tmp/keep.yaml" samples/classic.yaml &&
    [ "$(cat "$tmp/res")" = 3 ] && grep -q 'File too large' "$tmp/err" &&
    [ -z "$(ls -A "$tmp" | grep '^\.keep\.yaml\.')" ]
ok $((! $?)) "ulimit -f and -o: exit 3, said, the old file kept, no temporary file" \
    "$tmp/err" "$tmp/res"

# a signal while a table file is written
mkdir "$tmp/sig"
tb-build -k -d "$tmp/sig" ndar-kepp 3 >/dev/null 2>"$tmp/err"
st=$?
ok $((st > 128 && $(ls "$tmp/sig" | grep -c 'ytb\.') == 0)) \
    "SIGTERM while a table is written: the temporary file goes (status $st)" \
    "$tmp/err"

tap_done
