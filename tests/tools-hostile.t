#!/bin/sh
# The tools against hostile input and hostile places to write (issue 16,
# the tools' side; the rule in man/yote.7, OUTPUT AND EXIT STATUS):
#  - a bad game in the middle: what was read is written, the rest read
#    on, every game left out said and counted, exit 1;
#  - -o onto a symbolic link, a device, a FIFO, a folder; a full disk;
#  - signals while a file is written leave no temporary file, and a
#    signal ignored at the start (nohup) stays ignored;
#  - escape sequences in names, moves and side names never reach the
#    terminal, and the SVGs stay XML;
#  - --jobs x --hash beyond the memory: refused, exit 2.
# Devices are only ever reached through symbolic links in the scratch
# folder, so that a regression replaces a link there, not /dev/full.
# Run from the project root after `make`.
set -u
. tests/lib/env.sh
scratch tools-hostile

. tests/lib/tap.sh
TAP_WHY=$tmp/why
: >"$TAP_WHY"

# no_temp: no temporary file of tool_atomic_open left in $tmp
no_temp() {
	[ -z "$(ls -A "$tmp" | grep '^\..*\.[A-Za-z0-9]\{6\}$')" ]
}

# has_ctl FILE: FILE holds a control byte other than tab and newline
has_ctl() {
	LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]')" "$1"
}

# ------------------------------------------------------------ the output rule

# game 2 of 3 is not a record (the reader goes on after it today)
cat >"$tmp/three.yaml" <<'EOF'
---
yote: 1
first: Ann
moves: [c3, d4]
---
- not a record
---
yote: 1
first: Cy
moves: [c3, d4]
EOF
echo old >"$tmp/out.yta"
yote-convert -o "$tmp/out.yta" "$tmp/three.yaml" 2>"$tmp/err"
st=$?
yote-convert --list "$tmp/out.yta" >"$tmp/list" 2>>"$tmp/err"
c=0
[ $st = 1 ] && grep -q '	Ann	' "$tmp/list" && grep -q '	Cy	' "$tmp/list" &&
    grep -q 'game 2' "$tmp/err" &&
    grep -q "out.yta: 2 games written, 1 left out (said above)" "$tmp/err" &&
    no_temp && c=1
ok $c "game 2 of 3 rejected: games 1 and 3 written, game 2 said and counted, exit 1" "$tmp/err"

# game 2 of 3 has a syntax error
sed 's/^- not a record$/first: [Bo/' "$tmp/three.yaml" >"$tmp/syntax.yaml"
yote-convert -o "$tmp/out.yaml" "$tmp/syntax.yaml" 2>"$tmp/err"
st=$?
c=0
[ $st = 1 ] && grep -q 'first: Ann' "$tmp/out.yaml" &&
    grep -q 'syntax.yaml:[0-9]*:[0-9]*: game 2: ' "$tmp/err" &&
    grep -q "out.yaml: [0-9] games\{0,1\} written, 1 left out" "$tmp/err" &&
    c=1
ok $c "a syntax error in game 2: game 1 written, game 2 said and counted, exit 1" "$tmp/err"
# the YAML reader resumes at the next document
c=0
grep -q 'first: Cy' "$tmp/out.yaml" && c=1
ok $c "... and game 3 is read after it" "$tmp/out.yaml"

for t in validate replay; do
	yote-$t "$tmp/three.yaml" >"$tmp/out" 2>"$tmp/err"
	st=$?
	c=0
	[ $st = 1 ] && grep -q 'game 2' "$tmp/err" && c=1
	[ $t = replay ] && ! grep -q '^Game 3' "$tmp/out" && c=0
	ok $c "yote-$t: game 2 said, game 3 still read, exit 1" "$tmp/err"
done
yote-analyze --depth 1 --no-tb --summary "$tmp/three.yaml" >"$tmp/out" \
    2>"$tmp/err"
st=$?
c=0
[ $st = 1 ] && grep -q 'game 2' "$tmp/err" && grep -q '^3 ' "$tmp/out" &&
    c=1
ok $c "yote-analyze: game 2 said, game 3 still analysed, exit 1" "$tmp/err" "$tmp/out"

# an input that cannot be read: exit 3, the old file stays, said
echo old >"$tmp/keep.yaml"
yote-convert -o "$tmp/keep.yaml" "$tmp/three.yaml" "$tmp/missing.yaml" \
    2>"$tmp/err"
st=$?
c=0
[ $st = 3 ] && [ "$(cat "$tmp/keep.yaml")" = old ] &&
    grep -q 'keep.yaml: not written, as the run failed (said above); the old file is left as it was' \
    "$tmp/err" && no_temp && c=1
ok $c "an unreadable input: exit 3, the old file stays, and it is said" "$tmp/err"

# on standard output, an error is said once, with its reason, in the
# words of every tool (tests/suite.t)
yote-convert "$tmp/three.yaml" >/dev/full 2>"$tmp/err"
st=$?
c=0
[ $st = 3 ] && [ "$(grep -v ': game 2: ' "$tmp/err")" = \
    "yote-convert: write error on standard output: No space left on device" ] &&
    c=1
ok $c "standard output on a full disk: the reason, once, exit 3" "$tmp/err"

# ------------------------------------------------------------ where -o writes

# a symbolic link: its target is replaced, the link stays
echo old >"$tmp/target.yaml"
ln -s target.yaml "$tmp/link.yaml"
yote-convert -o "$tmp/link.yaml" "$tmp/three.yaml" 2>"$tmp/err"
c=0
[ -L "$tmp/link.yaml" ] && grep -q 'first: Cy' "$tmp/target.yaml" &&
    no_temp && c=1
ok $c "-o onto a symbolic link: the file it names is replaced, the link stays" "$tmp/err"

# a dangling link: the file it names is made
ln -s made.yaml "$tmp/dangling.yaml"
yote-convert -o "$tmp/dangling.yaml" "$tmp/three.yaml" 2>/dev/null
c=0
[ -L "$tmp/dangling.yaml" ] && grep -q 'first: Cy' "$tmp/made.yaml" && c=1
ok $c "-o onto a dangling link: the file it names is made"

# a device (through a link): written directly, stays a device
ln -s /dev/null "$tmp/null"
yote-convert -t yaml -o "$tmp/null" "$tmp/three.yaml" 2>/dev/null
st=$?
c=0
# (game 2 of three.yaml is not a record: named, kept, exit 1)
[ $st = 1 ] && [ -L "$tmp/null" ] && [ -c /dev/null ] && no_temp && c=1
ok $c "-o onto /dev/null: written directly, no temporary file"

ln -s /dev/full "$tmp/full"
for t in convert play; do
	if [ $t = convert ]; then
		yote-convert -t yaml -o "$tmp/full" samples/classic.yaml 2>"$tmp/err"
	else
		printf 'c3\n' | yote-play --level beginner --no-tb --seed 1 \
		    -o "$tmp/full" >/dev/null 2>"$tmp/err"
	fi
	st=$?
	c=0
	[ $st = 3 ] && [ -L "$tmp/full" ] && [ -c /dev/full ] &&
	    grep -q "full: No space left on device" "$tmp/err" && no_temp &&
	    c=1
	ok $c "yote-$t -o on a full disk: the file and the reason, exit 3" "$tmp/err"
done

# a FIFO: written directly, stays a FIFO
mkfifo "$tmp/pipe"
cat "$tmp/pipe" >"$tmp/from-pipe" &
cpid=$!
yote-convert -t yaml -o "$tmp/pipe" "$tmp/three.yaml" 2>/dev/null
# Should it not have opened the FIFO, a read-write open (which never
# waits) and its close let cat end; no process is left waiting.
exec 8<>"$tmp/pipe"
exec 8>&-
wait $cpid
c=0
[ -p "$tmp/pipe" ] && grep -q 'first: Cy' "$tmp/from-pipe" && c=1
ok $c "-o onto a FIFO: the reader gets the collection, the FIFO stays"

# a FIFO nobody reads: the tool waits for a reader, as the shell would,
# but a signal ends the wait (it was opened with every signal blocked:
# only SIGKILL ended it; yote-play's save the same)
if command -v timeout >/dev/null 2>&1; then
	mkfifo "$tmp/noreader"
	timeout -k 3 1 yote-convert -t yaml -o "$tmp/noreader" "$tmp/three.yaml" \
	    2>/dev/null
	st=$?
	ok $((st == 124)) "-o onto a FIFO nobody reads: SIGTERM ends the wait (status $st)"
else
	skip "no timeout(1)"
fi

yote-convert -t yaml -o "$tmp" "$tmp/three.yaml" 2>"$tmp/err"
st=$?
c=0
[ $st = 3 ] && grep -q 'Is a directory' "$tmp/err" && c=1
ok $c "-o onto a folder: refused, exit 3" "$tmp/err"

# ------------------------------------------------------------ signals

# sig_run SIG [trap]: yote-convert -o sig.yaml blocked on a FIFO, sent
# SIG; with trap, started with SIG ignored.  Sets st.
mkfifo "$tmp/in"
sig_run() {
	rm -f "$tmp/sig.yaml"
	if [ $# -gt 1 ]; then
		(trap '' "$1"; exec yote-convert -o "$tmp/sig.yaml" "$tmp/in") \
		    2>"$tmp/err" &
	else
		yote-convert -o "$tmp/sig.yaml" "$tmp/in" 2>"$tmp/err" &
	fi
	pid=$!
	# read-write: the open never waits for the tool
	exec 7<>"$tmp/in"
	n=0
	while no_temp && [ $n -lt 100 ]; do
		sleep 0.1
		n=$((n + 1))
	done
	kill -"$1" $pid
	if [ $# -gt 1 ]; then
		# the tool makes its temporary file before it opens its
		# input: the collection must wait in the FIFO until it has,
		# for a FIFO that nobody holds open loses what it holds
		n=0
		while [ -d /proc/$pid/fd ] && [ $n -lt 100 ] &&
		    ! ls -l /proc/$pid/fd 2>/dev/null | grep -q "$tmp/in\$"; do
			sleep 0.1
			n=$((n + 1))
		done
		[ -d /proc/$pid/fd ] || sleep 1
		cat "$tmp/three.yaml" >&7
	fi
	exec 7>&-
	wait $pid 2>/dev/null
	st=$?
}
# ignored_here SIG: whether SIG was ignored when these tests began (run
# under nohup, say): a shell cannot undo that for the tool it starts,
# and the tool rightly keeps it ignored (the test after these)
ignored_here() {
	case $1 in
	HUP) b=1 ;; USR1) b=10 ;; PIPE) b=13 ;; ALRM) b=14 ;; TERM) b=15 ;;
	esac
	m=$(awk '/^SigIgn:/ { print $2 }' /proc/$$/status 2>/dev/null)
	[ -n "$m" ] && [ $(((0x$m >> (b - 1)) & 1)) = 1 ]
}
for sig in PIPE ALRM TERM HUP USR1; do
	if ignored_here $sig; then
		skip "SIG$sig is ignored where the tests run (nohup?), and so by the tool"
		continue
	fi
	sig_run $sig
	c=0
	[ $st -gt 128 ] && [ ! -e "$tmp/sig.yaml" ] && no_temp && c=1
	ok $c "SIG$sig while writing -o: no temporary file left, no file made" "$tmp/err"
done

sig_run HUP ignored
c=0
[ $st = 1 ] && grep -q 'first: Cy' "$tmp/sig.yaml" && no_temp && c=1
ok $c "SIGHUP ignored at the start (nohup) stays ignored: the file is written" "$tmp/err"

if command -v timeout >/dev/null 2>&1; then
	rm -f "$tmp/sig.yaml"
	timeout -s ALRM 1 yote-convert -o "$tmp/sig.yaml" "$tmp/in" \
	    2>/dev/null &
	pid=$!
	exec 7<>"$tmp/in"
	wait $pid 2>/dev/null
	st=$?
	exec 7>&-
	c=0
	[ $st != 0 ] && [ ! -e "$tmp/sig.yaml" ] && no_temp && c=1
	ok $c "timeout -s ALRM: no temporary file left"
else
	skip "no timeout(1)"
fi

# Pictures, one a game (--svg, --graph): written together or not at all,
# as -o's file (each was put in place as it was made: a run that failed
# on its second input, or a signal, had replaced the old pictures and
# left some new ones).  --svg-dir's, one a ply, are put in place one by
# one: a collection's would be too many to hold back.
mkdir "$tmp/pics"
pics_old() {
	rm -f "$tmp/pics/"* "$tmp/pics/".??*
	echo OLD >"$tmp/pics/r.svg"
	echo OLD >"$tmp/pics/r-2.svg"
}
pics_kept() { # the old two as they were, nothing else there
	[ "$(cat "$tmp/pics/r.svg" "$tmp/pics/r-2.svg")" = "$(printf 'OLD\nOLD')" ] &&
	    [ "$(ls -A "$tmp/pics" | wc -l)" = 2 ]
}
pics_old
yote-replay -F --svg "$tmp/pics/r.svg" "$tmp/three.yaml" "$tmp/nosuch.yaml" \
    2>"$tmp/err"
st=$?
c=0
[ $st = 3 ] && pics_kept &&
    grep -qx "yote-replay: $tmp/pics/r.svg and 1 more: not written, as the run failed (said above); those there before are left as they were" "$tmp/err" &&
    c=1
ok $c "yote-replay --svg, a run that fails: no picture written, the old ones kept, said" "$tmp/err"
pics_old
yote-analyze -D 1 --no-tb --graph "$tmp/pics/r.svg" -o /dev/null \
    "$tmp/three.yaml" "$tmp/nosuch.yaml" 2>"$tmp/err"
st=$?
c=0
[ $st = 3 ] && pics_kept && grep -q "r.svg and 1 more: not written" "$tmp/err" &&
    c=1
ok $c "yote-analyze --graph, a run that fails: no chart written, the old ones kept" "$tmp/err"
# term_fed NAME GAMES CMD...: CMD started on the FIFO $tmp/in, fed GAMES
# (a file, or nothing), sent SIGTERM once its temporary file for
# $tmp/pics/NAME is there; its status in st, its stderr in $tmp/err
term_fed() {
	tf_name=$1
	tf_games=$2
	shift 2
	"$@" 2>"$tmp/err" &
	pid=$!
	exec 7<>"$tmp/in"
	[ -n "$tf_games" ] && cat "$tf_games" >&7
	await_tmp "$tmp/pics" "$(echo "$tf_name" | sed 's/\./\\./g')"
	kill -TERM $pid
	exec 7>&-
	wait $pid 2>/dev/null
	st=$?
}
# a signal once a game's picture is made, the next game awaited: the
# first game, and the line that ends it
pics_old
awk '/^---/ { n++ } n == 1 || (n == 2 && /^---/)' "$tmp/three.yaml" \
    >"$tmp/first.yaml"
term_fed r.svg "$tmp/first.yaml" yote-replay -F --svg "$tmp/pics/r.svg" \
    "$tmp/in"
c=0
[ $st -gt 128 ] && pics_kept &&
    grep -qx "yote-replay: interrupted: $tmp/pics/r.svg not written; the old file is left as it was" "$tmp/err" &&
    c=1
ok $c "yote-replay --svg ended by SIGTERM: the old picture kept, nothing left, said" "$tmp/err"

# yote-play begins its output before it reads its openings, as every tool
# begins its output before it reads games: a signal while they are read
# says what became of the file (it said nothing)
if [ -x bin/yote-play ]; then
	echo OLD >"$tmp/pics/m.yaml"
	term_fed m.yaml "" yote-play -S 2 -L beginner --no-tb -O "$tmp/in" \
	    -o "$tmp/pics/m.yaml"
	c=0
	[ $st -gt 128 ] && [ "$(cat "$tmp/pics/m.yaml")" = OLD ] &&
	    grep -qx "yote-play: interrupted: $tmp/pics/m.yaml not written; the old file is left as it was" "$tmp/err" &&
	    c=1
	ok $c "yote-play -O FIFO ended by SIGTERM while reading openings: said, the old file kept" "$tmp/err"
fi

# ------------------------------------------------------------ hostile text

cat >"$tmp/evil.yaml" <<'EOF'
---
yote: 1
event: "Cup \e]0;pwned\a \e[2J"
first: "Al\x01i <b> & \x0b \uFFFE"
second: "Bad \e[31m \u009b"
round: "1\e[5m"
moves: [c3, d4, "b2\e[2J"]
EOF
yote-validate "$tmp/evil.yaml" 2>"$tmp/err"
st=$?
c=0
[ $st = 1 ] && ! has_ctl "$tmp/err" && grep -q "'b2\\\\x1b\[2J'" "$tmp/err" &&
    c=1
ok $c "a diagnostic shows an escape sequence in a move as \\x1b, never raw" "$tmp/err"

sed 's/, "b2.*\]/]/' "$tmp/evil.yaml" >"$tmp/evil-ok.yaml"
yote-replay "$tmp/evil-ok.yaml" >"$tmp/out" 2>"$tmp/err"
c=0
! has_ctl "$tmp/out" && grep -q 'Cup \\x1b\]0;pwned\\x07' "$tmp/out" &&
    grep -q 'Bad \\x1b\[31m \\xc2\\x9b' "$tmp/out" && c=1
ok $c "yote-replay's headers show control characters escaped" "$tmp/out"

# names in the tables of yote-explore --players and yote-analyze -s: cut
# to 24 characters between whole escapes (never \u202 of \u202e); a tab
# escaped as on a terminal, a space only in a TSV field
cat >"$tmp/names.yaml" <<'EOF'
---
yote: 1
first: "Awa\e]0;X\aDiop\u202e"
second: "B\tC"
moves: [c3, d4]
EOF
yote-explore --players "$tmp/names.yaml" >"$tmp/pl" 2>&1
yote-analyze -s --depth 1 --no-tb "$tmp/names.yaml" >"$tmp/as" 2>&1
yote-analyze -s --tsv --depth 1 --no-tb "$tmp/names.yaml" >"$tmp/at" 2>&1
c=1
for f in pl as; do
	grep -q 'Awa\\x1b\]0;X\\x07Diop\.\.\. ' "$tmp/$f" &&
	    grep -q 'B\\x09C  ' "$tmp/$f" && ! has_ctl "$tmp/$f" || c=0
done
grep -q '	Awa\\x1b\]0;X\\x07Diop\\u202e	' "$tmp/at" &&
    grep -q '	B C	' "$tmp/at" || c=0
cat "$tmp/pl" "$tmp/as" "$tmp/at" >"$tmp/tables"
ok $c "table cells cut between whole escapes, the cut marked ... a tab as \\x09 in a table, a space in TSV" "$tmp/tables"

for cmd in "yote-validate --list" "yote-convert --list" \
    "yote-analyze --depth 1 --no-tb --summary" \
    "yote-analyze --depth 1 --no-tb --summary --tsv" \
    "yote-explore --players" "yote-explore --players -f tsv"; do
	$cmd "$tmp/evil-ok.yaml" >"$tmp/out" 2>"$tmp/err"
	c=0
	! has_ctl "$tmp/out" && ! has_ctl "$tmp/err" &&
	    grep -q 'Al\\x01i' "$tmp/out" && c=1
	ok $c "$cmd: no control character from the file" "$tmp/out"
done

yote-validate --format=json "$tmp/evil.yaml" >"$tmp/out" 2>/dev/null
c=0
! has_ctl "$tmp/out" && grep -q '\\u001b\[2J' "$tmp/out" && c=1
if [ $c = 1 ] && command -v python3 >/dev/null 2>&1; then
	python3 -c 'import json, sys
for l in open(sys.argv[1]): json.loads(l)' "$tmp/out" || c=0
fi
ok $c "--format=json: control characters as \\u escapes, valid JSON" "$tmp/out"

# a ruleset file's side names
cat >"$tmp/evil-rules.yaml" <<'EOF'
yote-rules: 1
name: evil
board: 6x5
pieces: 12
sides: ["wh\e]0;x\aite", "bl\x9back"]
opening: none
chain: yes
bonus: mandatory-any
self-jump: no
blocked: loses
few-pieces: off
no-capture-limit: off
EOF
printf -- '---\nyote: 1\nrules: %s\nmoves: [c3, d4]\n' \
    "$tmp/evil-rules.yaml" >"$tmp/er.yaml"
yote-replay "$tmp/er.yaml" >"$tmp/out" 2>"$tmp/err"
c=0
! has_ctl "$tmp/out" && grep -q 'wh\\x1b\]0;x\\x07ite (x)' "$tmp/out" &&
    c=1
ok $c "side names of a ruleset file are escaped on the board" "$tmp/out"

if command -v xmllint >/dev/null 2>&1; then
	yote-replay --final --svg "$tmp/evil.svg" "$tmp/evil-ok.yaml" \
	    2>"$tmp/err"
	yote-replay --final --svg "$tmp/evil-rules.svg" "$tmp/er.yaml" \
	    2>>"$tmp/err"
	yote-analyze --depth 1 --no-tb --summary --graph "$tmp/graph.svg" \
	    "$tmp/evil-ok.yaml" >/dev/null 2>>"$tmp/err"
	for f in evil.svg evil-rules.svg graph.svg; do
		c=0
		[ -s "$tmp/$f" ] && xmllint --noout "$tmp/$f" 2>"$tmp/why" &&
		    ! has_ctl "$tmp/$f" && c=1
		ok $c "$f with hostile names is well-formed XML" "$tmp/err"
	done
else
	skip "no xmllint (libxml2-utils)"
	skip "no xmllint (libxml2-utils)"
	skip "no xmllint (libxml2-utils)"
fi

# ------------------------------------------------------------ memory

for t in analyze play; do
	if [ $t = analyze ]; then
		yote-analyze -j 256 -H 4096 "$tmp/three.yaml" >/dev/null \
		    2>"$tmp/err"
	else
		yote-play -j 256 -H 4096 --self-play 1 >/dev/null 2>"$tmp/err"
	fi
	st=$?
	c=0
	# wrapped at 80 columns, as every usage error: the lines joined
	sed -e ':a' -e '$!{N;ba' -e '}' -e 's/\n  / /g' "$tmp/err" > "$tmp/err1"
	[ $st = 2 ] && grep -q '256 engines with --hash 4096 need about [0-9]* MiB' \
	    "$tmp/err1" && grep -q 'MiB of memory available' "$tmp/err1" && c=1
	ok $c "yote-$t -j 256 -H 4096: refused with the figures, exit 2" "$tmp/err"
done
yote-analyze -j 2 -H 1 --depth 1 --no-tb --summary "$tmp/three.yaml" \
    >/dev/null 2>"$tmp/err"
st=$?
c=0
[ $st = 1 ] && ! grep -q 'memory available' "$tmp/err" && c=1
ok $c "-j 2 -H 1 fits" "$tmp/err"

# ------------------------------------------------------------ endless input

# An input that never ends and never holds a next game (a pipe from
# /dev/zero or `yes`): every reader gives up past its size limit, says so
# and exits 3 (an input not read whole), instead of reading for ever.
# timeout only so that a regression fails instead of hanging the run.
if command -v timeout >/dev/null 2>&1; then
	ln -s /dev/zero "$tmp/zero"
	for t in validate replay "analyze --depth 1 --no-tb" convert explore; do
		timeout -k 5 60 yote-$t "$tmp/zero" >/dev/null 2>"$tmp/err"
		st=$?
		c=0
		[ $st = 3 ] && grep -q 'zero:1:1: game 1: not a YAML text: control characters.*no game begins (---) in the next 64 MiB: the rest of the input is not read' 		    "$tmp/err" && c=1
		ok $c "yote-${t%% *} on /dev/zero: gives up after 64 MiB, exit 3 ($st)" "$tmp/err"
	done
	yes | timeout -k 5 60 yote-validate >/dev/null 2>"$tmp/err"
	st=$?
	c=0
	[ $st = 3 ] && grep -q 'no game begins (---) in the next 64 MiB' "$tmp/err" &&
	    c=1
	ok $c "yes | yote-validate: gives up after 64 MiB, exit 3 ($st)" "$tmp/err"
	# lines: one endless line after a good one
	yote-convert -t lines "$tmp/three.yaml" 2>/dev/null | head -1 >"$tmp/one.lines"
	for t in validate convert; do
		{ cat "$tmp/one.lines"; printf '@2\tyote=1\tmoves=[c3 ';
		    cat "$tmp/zero"; } | timeout -k 5 60 yote-$t >/dev/null 2>"$tmp/err"
		st=$?
		c=0
		[ $st = 3 ] && grep -q '<stdin>:2:1: game 2: a game longer than 64 MiB (the limit), its line with no end in the next 64 MiB either: the rest of the input is not read' 		    "$tmp/err" && c=1
		ok $c "yote-$t: an endless line ends the input, exit 3 ($st)" "$tmp/err"
	done
	# archive: a damaged block, then nothing but zeros
	yote-convert -t archive "$tmp/three.yaml" >"$tmp/arc.yta" 2>/dev/null
	for t in validate convert; do
		{ head -c 40 "$tmp/arc.yta"; cat "$tmp/zero"; } |
		    timeout -k 5 60 yote-$t >/dev/null 2>"$tmp/err"
		st=$?
		c=0
		[ $st = 3 ] && grep -q 'no valid block follows in the next 128 MiB: the rest of the input is not read' \
		    "$tmp/err" && c=1
		ok $c "yote-$t: zeros after an archive's first bytes end the input, exit 3 ($st)" "$tmp/err"
	done
else
	for t in 1 2 3 4 5 6 7 8 9 10; do skip "no timeout(1)"; done
fi


# Standard output past a file-size limit (ulimit -f), standard error on a
# full disk, a directory on standard input: every tool says it, or at
# least exits 3, as yote(7) says, instead of being killed or counting a
# game that is not there.
yote-convert -t yaml samples/*.yaml 2>/dev/null >"$tmp/many.yaml"
for cmd in "validate -l" "replay" "convert -t yaml" "explore -D 12" "analyze --depth 1 --no-tb -g 1-2" "play -S 8 -L greedy --no-tb"; do
	set -- $cmd
	t=$1
	shift
	in=$tmp/many.yaml
	[ "$t" = play ] && in=
	( ulimit -f 2; exec "yote-$t" "$@" $in >"$tmp/fsz" 2>"$tmp/err" )
	st=$?
	c=0
	[ $st = 3 ] && grep -q 'write error on standard output: File too large' "$tmp/err" && c=1
	ok $c "yote-$t: standard output past ulimit -f: said, exit 3 ($st)" "$tmp/err"
done
c=0
ln -s /dev/full "$tmp/full2"
yote-validate samples/invalid/*.yaml >/dev/null 2>"$tmp/full2"
a=$?
yote-explore samples/invalid/*.yaml >/dev/null 2>"$tmp/full2"
b=$?
[ $a = 3 ] && [ $b = 3 ] && c=1
ok $c "standard error on a full disk: exit 3, not 1 ($a, $b)"
mkdir -p "$tmp/dir"
for t in validate replay convert explore analyze; do
	"yote-$t" <"$tmp/dir" >"$tmp/out" 2>"$tmp/err"
	st=$?
	c=0
	[ $st = 3 ] && grep -qx "yote-$t: <stdin>: a directory, not a file of games" "$tmp/err" &&
	    ! grep -q 'game 1' "$tmp/err" "$tmp/out" && c=1
	ok $c "yote-$t < a directory: a directory, not a game (exit $st)" "$tmp/err" "$tmp/out"
done
c=0
yote-play -S 1 -L greedy --no-tb -O - <"$tmp/dir" >/dev/null 2>"$tmp/err"
a=$?
grep -qx 'yote-play: <stdin>: a directory, not an openings file' "$tmp/err" || a=x
yote-play --protocol <"$tmp/dir" >/dev/null 2>"$tmp/err"
b=$?
grep -qx 'yote-play: <stdin>: read error: Is a directory' "$tmp/err" || b=x
yote-play <"$tmp/dir" >/dev/null 2>"$tmp/err"
d=$?
grep -qx 'yote-play: <stdin>: read error: Is a directory' "$tmp/err" || d=x
[ "$a$b$d" = 333 ] && c=1
ok $c "yote-play -O -, --protocol and pipe mode < a directory: said, exit 3 ($a $b $d)"
# libyaml's bound on a key: said at the key, as a limit
c=0
printf 'yote: 1\nx-%s: 1\nmoves: [c3]\n' "$(head -c 1030 /dev/zero | tr '\0' k)" |
    yote-validate 2>"$tmp/err"
grep -q "^yote-validate: <stdin>:2:1: game 1: YAML syntax error: .* (a key of more than 1024 characters: the limit)$" "$tmp/err" && c=1
ok $c "a key of 1,030 characters: said at the key, as a limit" "$tmp/err"
# A game nested deeper than the limit whose rest runs on past 64 MiB,
# between valid games: every tool says that the rest of the input is not
# read, and takes the input as not read whole (exit 3, no -o file
# replaced), as after a read error.  The games after it had vanished in
# silence, and `yote-convert --dedupe -o f.yaml f.yaml` rewrote f.yaml
# without them, exit 1.
{
	printf 'yote: 1\nfirst: Ann\nmoves: [c3, d4]\n---\nyote: 1\nmoves: '
	awk 'BEGIN { for (i = 0; i < 65; i++) printf "[" }'
	printf '\n'
	yes 'c3, d4, c3, d4, c3, d4, c3, d4, c3, d4, c3, d4, c3, d4,' |
	    head -c 68000000
	printf ']\n---\nyote: 1\nfirst: Cy\nmoves: [c3, d4]\n'
} >"$tmp/deep.yaml"
cp "$tmp/deep.yaml" "$tmp/deep.orig"
why='deep.yaml:6:71: game 2: nesting deeper than 64 levels (the limit); no game begins (---) in the next 64 MiB: the rest of the input is not read$'
yote-convert --dedupe -o "$tmp/deep.yaml" "$tmp/deep.yaml" 2>"$tmp/err"
st=$?
c=0
[ $st = 3 ] && cmp -s "$tmp/deep.yaml" "$tmp/deep.orig" &&
    grep -q "$why" "$tmp/err" &&
    grep -q 'deep.yaml: not written, as the run failed (said above); the old file is left as it was$' "$tmp/err" &&
    no_temp && c=1
ok $c "yote-convert -o in place, the rest of the input not read: the file is left as it was, exit 3 ($st)" "$tmp/err"
for t in replay "analyze --depth 1 --no-tb" explore; do
	echo old >"$tmp/old.out"
	yote-$t -o "$tmp/old.out" "$tmp/deep.yaml" >/dev/null 2>"$tmp/err"
	st=$?
	c=0
	[ $st = 3 ] && [ "$(cat "$tmp/old.out")" = old ] &&
	    grep -q "$why" "$tmp/err" && grep -q 'old.out: not written' "$tmp/err" &&
	    c=1
	ok $c "yote-${t%% *} -o, the rest of the input not read: not replaced, exit 3 ($st)" "$tmp/err"
done
# the report that holds the failure is written, as for an unreadable
# input; a game asked for after it is not said missing: it was not read
yote-validate -g 3 -f json -o "$tmp/report.json" "$tmp/deep.yaml" \
    >/dev/null 2>"$tmp/err"
st=$?
c=0
[ $st = 3 ] && [ ! -s "$tmp/err" ] &&
    grep -q '"game":2,.*"problem":"limit",.*the rest of the input is not read"' "$tmp/report.json" &&
    ! grep -q 'no game 3' "$tmp/report.json" && c=1
ok $c "yote-validate -f json -o: the report written, exit 3, no game said missing ($st)" \
    "$tmp/err" "$tmp/report.json"

# --html's page on a run that failed (an input missing): kept as it was
# and named, as -o's file and --svg's pictures are (it was kept in
# silence)
: >"$TAP_WHY"
for run in "replay" "analyze --depth 1 --no-tb -g 1"; do
	echo OLD >"$tmp/page.html"
	# shellcheck disable=SC2086
	yote-$run --html "$tmp/page.html" samples/classic.yaml "$tmp/none.yaml" \
	    >/dev/null 2>"$tmp/err"
	st=$?
	t=${run%% *}
	[ $st = 3 ] && [ "$(cat "$tmp/page.html")" = OLD ] &&
	    grep -qx "yote-$t: $tmp/page.html: not written, as the run failed (said above); the old file is left as it was" "$tmp/err" ||
	    echo "yote-$run: $st" >>"$TAP_WHY"
done
[ ! -s "$TAP_WHY" ]
ok $((! $?)) "--html on a failed run: the page left as it was and named, exit 3" "$TAP_WHY" "$tmp/err"

# ------------------------------------------------ escapes cut or wrapped
# Names and comments of escapes only (\u202e is six characters for one):
# a wrapped line, an SVG note or a title never splits an escape (\u2 on
# one line, 02e on the next), a title keeps its ply (names are cut as
# shown), and a table marks a name it cuts with "..." (two names alike
# for 24 columns read the same without it)
printf -- '---\nyote: 1\nfirst: "%s"\nsecond: "%s"\nmoves:\n  - move: c3\n    comment: "%s"\n  - d3\n' \
    "$(printf '\\u202e%.0s' 1 2 3 4 5 6 7 8 9 10 11 12 13 14)" \
    "$(printf '\\e%.0s' 1 2 3 4 5 6 7 8 9 10 11 12 13 14)" \
    "$(printf '\\u202e%.0s' $(seq 40)) $(printf 'word %.0s' $(seq 30))" \
    >"$tmp/esc.yaml"
# split: a backslash not followed by a whole escape, or hex digits that
# begin a line after its indent (the rest of one)
split() {
	grep -E '\\(x[0-9a-f]?|u[0-9a-f]{0,3})($|[^0-9a-f])|^ *[0-9a-f]{2,3}\\' "$@"
}
: >"$TAP_WHY"
yote-replay -a "$tmp/esc.yaml" >"$tmp/esc.txt" 2>>"$TAP_WHY"
split "$tmp/esc.txt" >>"$TAP_WHY"
yote-replay -F --svg "$tmp/esc.svg" "$tmp/esc.yaml" 2>>"$TAP_WHY"
sed -n 's/.*<text[^>]*>\([^<]*\)<\/text>.*/\1/p' "$tmp/esc.svg" >"$tmp/esc.svgtext"
split "$tmp/esc.svgtext" >>"$TAP_WHY"
grep -q ': ply 2, d3$' "$tmp/esc.svgtext" || echo "svg title without its ply" >>"$TAP_WHY"
[ ! -s "$TAP_WHY" ]
ok $((! $?)) "escapes: never split by a wrap (text, SVG notes); an SVG title of escaped names keeps its ply" \
    "$TAP_WHY" "$tmp/esc.svgtext"
printf -- '---\nyote: 1\nfirst: "AAAAAAAAAAAAAAAAAAAAA\\eZZ"\nsecond: B\nresult: 1-0\ntermination: resignation\nmoves: [c3, d3]\n' >"$tmp/cut.yaml"
yote-explore --players "$tmp/cut.yaml" >"$tmp/cut.txt" 2>&1
grep -q '^AAAAAAAAAAAAAAAAAAAAA\.\.\. ' "$tmp/cut.txt"
ok $((! $?)) "a name cut in a table ends in ..." "$tmp/cut.txt"

tap_done
