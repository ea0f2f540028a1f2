#!/bin/sh
# yote-convert, archives and the lines format from the command line:
# round trips (samples and generated collections), concatenation, every
# truncation and every single-byte flip of a small archive, empty input,
# a version from the future, --keep-invalid, atomic writes, archives and
# lines read by the other tools from files and pipes, --list and --game.
# Run from the project root after `make` and `make bin/gen-games`.
set -u
. tests/lib/env.sh
scratch archive

. tests/lib/tap.sh
TAP_WHY=$tmp/why         # a test's details, shown when it fails
: >"$TAP_WHY"

samples=$(ls samples/*.yaml samples/invalid/*.yaml)
nsamples=$(echo "$samples" | wc -l)
echo "1..$((nsamples + 37))"

# ------------------------------------------------------------ round trips

# Every sample: YAML -> archive -> YAML gives what YAML -> YAML gives
# (invalid records kept as text), and each conversion exits as
# yote-validate does on its input (an invalid game is named and kept: 1;
# a record that cannot be read at all is not in the archive).
for f in $samples; do
	yote-validate -q "$f"
	want=$?
	yote-convert "$f" >"$tmp/ref.yaml" 2>/dev/null
	yote-convert -k "$f" -o "$tmp/s.yta" 2>/dev/null
	a=$?
	yote-validate -q "$tmp/s.yta"
	want2=$?
	yote-convert "$tmp/s.yta" >"$tmp/back.yaml" 2>"$tmp/why"
	st=$?
	c=0
	[ $a = $want ] && [ $st = $want2 ] &&
	    cmp -s "$tmp/ref.yaml" "$tmp/back.yaml" && c=1
	[ $c = 0 ] && echo "exit $a (validate $want), back $st (validate" \
	    "$want2)" >>"$tmp/why"
	[ $c = 0 ] && diff "$tmp/ref.yaml" "$tmp/back.yaml" >>"$tmp/why"
	ok $c "$f: YAML -> archive -> YAML"
done

# A generated collection under every ruleset, a custom one too.
big_board=$(pwd)/tests/data/big-board.yaml
seed=3
: >"$tmp/all.yaml"
for r in classic traditional damasi ndar-kepp "$big_board"; do
	gen-games --rules "$r" --games 120 --seed "$seed" >>"$tmp/all.yaml"
	seed=$((seed + 1))
done
yote-convert "$tmp/all.yaml" >"$tmp/all.ref" 2>"$tmp/why"
yote-convert -o "$tmp/all.yta" "$tmp/all.yaml" 2>>"$tmp/why"
a=$?
yote-convert "$tmp/all.yta" >"$tmp/all.back" 2>>"$tmp/why"
c=0
[ $a = 0 ] && [ $? = 0 ] && cmp -s "$tmp/all.ref" "$tmp/all.back" && c=1
ok $c "600 generated games, 5 rulesets: YAML -> archive -> YAML"

gen-games --rules damasi --games 10 --seed 8 |
    yote-analyze --depth 1 >"$tmp/an.yaml" 2>"$tmp/why"
yote-convert "$tmp/an.yaml" >"$tmp/an.ref" 2>>"$tmp/why"
yote-convert -o "$tmp/an.yta" "$tmp/an.yaml" 2>>"$tmp/why"
a=$?
yote-convert "$tmp/an.yta" >"$tmp/an.back" 2>>"$tmp/why"
c=0
[ $a = 0 ] && [ $? = 0 ] && [ -s "$tmp/an.ref" ] &&
    cmp -s "$tmp/an.ref" "$tmp/an.back" && c=1
ok $c "games annotated by yote-analyze: YAML -> archive -> YAML"

yote-convert --to lines "$tmp/all.yaml" >"$tmp/all.lines" 2>"$tmp/why"
yote-convert "$tmp/all.lines" >"$tmp/all.fromlines" 2>>"$tmp/why"
c=0
cmp -s "$tmp/all.ref" "$tmp/all.fromlines" && c=1
ok $c "generated games: YAML -> lines -> YAML"

yote-convert --to lines "$tmp/all.yta" >"$tmp/all.lines2" 2>"$tmp/why"
c=0
cmp -s "$tmp/all.lines" "$tmp/all.lines2" && c=1
ok $c "archive -> lines gives what YAML -> lines gives"

yote-convert -o "$tmp/fromlines.yta" "$tmp/all.lines" 2>"$tmp/why"
c=0
cmp -s "$tmp/fromlines.yta" "$tmp/all.yta" && c=1
ok $c "lines -> archive gives the same archive, byte for byte"

c=0
[ "$(grep -c '^@' "$tmp/all.lines")" = 600 ] &&
    [ "$(wc -l <"$tmp/all.lines")" = 600 ] && c=1
ok $c "lines: one line per game, each starting with @"

yote-validate -s "$tmp/all.yaml" >"$tmp/v1" 2>&1
for f in all.yta all.lines; do
	yote-validate -s "$tmp/$f" >"$tmp/v2" 2>&1
	c=0
	cmp -s "$tmp/v1" "$tmp/v2" && c=1
	[ $c = 0 ] && cat "$tmp/v1" "$tmp/v2" >"$tmp/why"
	ok $c "yote-validate reads $f as it reads the YAML"
done

# ------------------------------------------------------------ concatenation

gen-games --games 7 --seed 9 >"$tmp/b.yaml"
yote-convert -o "$tmp/b.yta" "$tmp/b.yaml"
cat "$tmp/all.yta" "$tmp/b.yta" >"$tmp/ab.yta"
yote-convert "$tmp/ab.yta" >"$tmp/ab.yaml" 2>"$tmp/why"
a=$?
yote-convert "$tmp/all.yaml" "$tmp/b.yaml" >"$tmp/ab.ref"
c=0
[ $a = 0 ] && cmp -s "$tmp/ab.ref" "$tmp/ab.yaml" && c=1
ok $c "cat a.yta b.yta is an archive of both"

yote-validate -s "$tmp/ab.yta" >"$tmp/out" 2>"$tmp/why"
c=0
grep -q '^607 games, 607 valid' "$tmp/out" && c=1
ok $c "yote-validate counts the games of both members"

# ------------------------------------------------------------ damage

# A small archive of 6 short games (moves only) in blocks of 2: where
# its data blocks end, from their headers.
gen-games --games 6 --seed 5 --max-plies 16 | yote-convert --to lines |
    awk -F'\t' '{ print $1 "\t" $2 "\t" $NF }' >"$tmp/small.lines"
yote-convert -b 2 -o "$tmp/small.yta" "$tmp/small.lines"
yote-convert "$tmp/small.lines" >"$tmp/small.yaml"
size=$(wc -c <"$tmp/small.yta")
perl -e '
	open my $f, "<", $ARGV[0] or die; binmode $f; local $/; my $d = <$f>;
	my $at = 16;
	while ($at + 32 <= length $d) {
		my ($tag, $clen) = unpack "a4 V", substr($d, $at, 8);
		last unless $tag eq "YTBD";
		$at += 32 + $clen;
		print "$at\n";
	}' "$tmp/small.yta" >"$tmp/ends"

# check_damaged FILE OFFSET KIND: exit 1, a message naming the file, a
# game and a byte offset, the games that come out are original ones in
# order, and every game of a block that ends before OFFSET is there.
check_damaged() {
	yote-convert --to lines "$1" >"$tmp/d.out" 2>"$tmp/d.err"
	awk -v st=$? -v at="$2" -v what="$3 at $2" -v file="$1" \
	    -v ends="$tmp/ends" -v want="$tmp/small.lines" \
	    -v err="$tmp/d.err" '
	FILENAME == ends { if ($1 + 0 <= at) k += 2; next }
	FILENAME == want { w[++n] = $0; next }
	FILENAME == err {
		if ($0 ~ /byte offset [0-9]/ &&
		    index($0, "yote-convert: " file ": game ") == 1)
			msg = 1
		next
	}
	{ got[++m] = $0 }
	END {
		if (st != 1) { print what ": exit " st; exit 1 }
		if (!msg) { print what ": no message naming the offset"; exit 1 }
		j = 0
		for (x = 1; x <= m; x++) {
			while (j < n && w[++j] != got[x]) ;
			if (w[j] != got[x]) { print what ": a game not from the original"; exit 1 }
		}
		for (x = 1; x <= k; x++)
			if (got[x] != w[x]) { print what ": game " x " of an intact block missing"; exit 1 }
	}' "$tmp/ends" "$tmp/small.lines" "$tmp/d.err" "$tmp/d.out" \
	    >>"$tmp/why"
}

bad=0
n=1
while [ $n -lt "$size" ]; do
	head -c "$n" "$tmp/small.yta" >"$tmp/cut.yta"
	check_damaged "$tmp/cut.yta" "$n" truncation || bad=$((bad + 1))
	n=$((n + 1))
done
ok "$([ $bad = 0 ] && echo 1)" "truncated at each of $((size - 1)) bytes: exit 1, offset named, earlier games out"

perl -e '
	open my $f, "<", $ARGV[0] or die; binmode $f; local $/; my $d = <$f>;
	for my $i (0 .. length($d) - 1) {
		my $e = $d;
		substr($e, $i, 1) = chr(ord(substr($e, $i, 1)) ^ 0x41);
		open my $o, ">", "$ARGV[1]/flip.$i" or die; binmode $o;
		print $o $e; close $o;
	}' "$tmp/small.yta" "$tmp"
bad=0
n=0
while [ $n -lt "$size" ]; do
	check_damaged "$tmp/flip.$n" "$n" flip || bad=$((bad + 1))
	rm -f "$tmp/flip.$n"
	n=$((n + 1))
done
ok "$([ $bad = 0 ] && echo 1)" "a byte flipped at each of $size bytes: exit 1, offset named, other games out"

perl -e '
	open my $f, "<", $ARGV[0] or die; binmode $f; local $/; my $d = <$f>;
	my $at = $ARGV[1] - 5;
	substr($d, $at, 1) = chr(ord(substr($d, $at, 1)) ^ 1);
	print $d' "$tmp/small.yta" "$(head -n 1 "$tmp/ends")" >"$tmp/hurt.yta"
yote-convert --to lines "$tmp/hurt.yta" >"$tmp/out" 2>"$tmp/err"
c=0
grep -q 'yote-convert: .*hurt.yta: game 1: archive damaged: block 1 at byte offset 16 (games 1-2) fails its checksum; its 2 games are lost' "$tmp/err" &&
    [ "$(wc -l <"$tmp/out")" = 4 ] && c=1
[ $c = 0 ] && cat "$tmp/err" >"$tmp/why"
ok $c "a damaged block is named with its games; the others come out"

yote-validate "$tmp/hurt.yta" >/dev/null 2>"$tmp/err"
st=$?
c=0
[ $st = 1 ] && grep -q 'fails its checksum' "$tmp/err" && c=1
ok $c "yote-validate reports the damage too (exit 1)"

# ------------------------------------------------------------ empty, version

yote-convert </dev/null >"$tmp/out" 2>"$tmp/err"
c=0
[ $? = 0 ] && [ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ] && c=1
ok $c "empty input: no games, exit 0"

yote-convert --to archive </dev/null >"$tmp/empty.yta" 2>"$tmp/why"
yote-convert "$tmp/empty.yta" >"$tmp/out" 2>>"$tmp/why"
st=$?
c=0
[ $st = 0 ] && [ ! -s "$tmp/out" ] && [ -s "$tmp/empty.yta" ] && c=1
ok $c "an empty archive is valid and holds no games"

yote-validate -s "$tmp/empty.yta" >"$tmp/out" 2>"$tmp/why"
c=0
[ $? = 0 ] && grep -q '^0 games' "$tmp/out" && c=1
ok $c "yote-validate reads an empty archive"

perl -MCompress::Zlib -e '
	open my $f, "<", $ARGV[0] or die; binmode $f; local $/; my $d = <$f>;
	substr($d, 8, 2) = pack "v", 3;
	substr($d, 12, 4) = pack "V", crc32(substr($d, 0, 12));
	print $d' "$tmp/small.yta" >"$tmp/v3.yta"
yote-convert "$tmp/v3.yta" >"$tmp/out" 2>"$tmp/err"
st=$?
c=0
[ $st = 1 ] && [ ! -s "$tmp/out" ] &&
    grep -q 'archive version 3 at byte offset 0 is not supported (this reader reads versions 1 to 2)' "$tmp/err" && c=1
[ $c = 0 ] && cat "$tmp/err" >"$tmp/why"
ok $c "a newer version is refused by name, exit 1"

# ------------------------------------------------------------ invalid games

f=samples/invalid/illegal-move-occupied.yaml
{ yote-validate "$f" 2>&1 | sed 's/^yote-validate:/yote-convert:/'
  echo "yote-convert: $tmp/i.yta: 0 games written, 1 left out (said above)"
} >"$tmp/want"
yote-convert -o "$tmp/i.yta" "$f" >/dev/null 2>"$tmp/err"
st=$?
c=0
[ $st = 1 ] && cmp -s "$tmp/want" "$tmp/err" && c=1
[ $c = 0 ] && diff "$tmp/want" "$tmp/err" >"$tmp/why"
ok $c "an illegal game: the validate diagnostic, the count, exit 1"

yote-convert "$tmp/i.yta" >"$tmp/out" 2>"$tmp/why"
c=0
[ $? = 0 ] && [ ! -s "$tmp/out" ] && c=1
ok $c "... and it is not in the archive"

yote-convert -k -o "$tmp/k.yta" "$f" >/dev/null 2>"$tmp/err"
st=$?
c=0
[ $st = 1 ] && grep -q 'kept as text' "$tmp/err" &&
    grep -q 'illegal move' "$tmp/err" && c=1
ok $c "--keep-invalid: reported, kept, exit 1 (the game is invalid)"

yote-convert "$tmp/k.yta" >"$tmp/out" 2>/dev/null
yote-convert "$f" >"$tmp/want" 2>/dev/null
c=0
cmp -s "$tmp/want" "$tmp/out" && c=1
ok $c "... and it comes back as it was"

# ------------------------------------------------------------ atomic writes

cp "$tmp/b.yta" "$tmp/keep.yta"
cksum <"$tmp/keep.yta" >"$tmp/sum1"
mkfifo "$tmp/fifo"
yote-convert -o "$tmp/keep.yta" "$tmp/fifo" 2>/dev/null &
pid=$!
exec 7>"$tmp/fifo"
cat "$tmp/all.yaml" >&7
await_tmp "$tmp" 'keep\.yta'
kill -TERM $pid
exec 7>&-
wait $pid 2>/dev/null
st=$?
cksum <"$tmp/keep.yta" >"$tmp/sum2"
c=0
[ $st -gt 128 ] && cmp -s "$tmp/sum1" "$tmp/sum2" &&
    [ -z "$(ls -A "$tmp" | grep '^\.keep\.yta\.')" ] && c=1
ok $c "SIGTERM while writing: the old file stays, the temporary one goes"

yote-convert -o "$tmp/keep.yta" "$tmp/no-such-file.yaml" 2>/dev/null
st=$?
cksum <"$tmp/keep.yta" >"$tmp/sum2"
c=0
[ $st = 3 ] && cmp -s "$tmp/sum1" "$tmp/sum2" &&
    [ -z "$(ls -A "$tmp" | grep '^\.keep\.yta\.')" ] && c=1
ok $c "a failure (unreadable input, exit 3): the old file stays"

yote-convert -b 2 -o "$tmp/keep.yta" "$tmp/small.yaml" 2>"$tmp/why"
st=$?
c=0
[ $st = 0 ] && cmp -s "$tmp/keep.yta" "$tmp/small.yta" && c=1
ok $c "a finished write replaces the file"

# ------------------------------------------------------------ other tools

yote-validate -s <"$tmp/all.yta" >"$tmp/v2" 2>&1
c=0
cmp -s "$tmp/v1" "$tmp/v2" && c=1
ok $c "yote-validate reads an archive on standard input (a file)"

cat "$tmp/all.yta" | yote-validate -s >"$tmp/v2" 2>&1
c=0
cmp -s "$tmp/v1" "$tmp/v2" && c=1
ok $c "yote-validate reads an archive from a pipe"

cat "$tmp/all.lines" | yote-validate -s >"$tmp/v2" 2>&1
c=0
cmp -s "$tmp/v1" "$tmp/v2" && c=1
ok $c "yote-validate reads lines from a pipe"

yote-replay --game 3 "$tmp/small.yaml" >"$tmp/r1" 2>&1
yote-replay --game 3 "$tmp/small.yta" >"$tmp/r2" 2>&1
c=0
cmp -s "$tmp/r1" "$tmp/r2" && c=1
ok $c "yote-replay replays a game from an archive"

yote-convert -t lines samples/invalid/illegal-move-occupied.yaml |
    yote-validate - 2>"$tmp/err" >/dev/null
c=0
grep -q '^yote-validate: <stdin>:1:[0-9]*: game 1, ply 9: illegal move' "$tmp/err" && c=1
[ $c = 0 ] && cat "$tmp/err" >"$tmp/why"
ok $c "diagnostics on lines point at the line and column"

# ------------------------------------------------------------ --list, --game

yote-convert --list "$tmp/all.yaml" | cut -f 2- >"$tmp/l1"
yote-convert --list "$tmp/all.yta" | cut -f 2- >"$tmp/l2"
c=0
cmp -s "$tmp/l1" "$tmp/l2" && [ "$(wc -l <"$tmp/l1")" = 600 ] && c=1
ok $c "--list: the same lines from the YAML and the archive"

yote-convert --game 377 "$tmp/all.yaml" >"$tmp/g1"
yote-convert --game 377 "$tmp/all.yta" >"$tmp/g2"
cat "$tmp/all.yta" | yote-convert --game 377 >"$tmp/g3"
c=0
[ -s "$tmp/g1" ] && cmp -s "$tmp/g1" "$tmp/g2" && cmp -s "$tmp/g1" "$tmp/g3" &&
    c=1
ok $c "--game N: the same game from YAML, an archive file, a pipe"

yote-convert --game 605-607 "$tmp/ab.yta" >"$tmp/g1"
yote-convert --game 5-7 "$tmp/b.yaml" >"$tmp/g2"
c=0
cmp -s "$tmp/g1" "$tmp/g2" && c=1
ok $c "--game N-M across concatenated archives"

yote-convert --game 700 "$tmp/ab.yta" >"$tmp/out" 2>"$tmp/err"
st=$?
c=0
[ $st = 1 ] && [ ! -s "$tmp/out" ] && grep -q 'no game 700 (607 games)' "$tmp/err" && c=1
ok $c "--game past the end: exit 1, says how many there are"

# ------------------------------------------------------------ lines

yote-convert --to lines samples/classic.yaml >"$tmp/out" 2>"$tmp/err"
st=$?
c=0
[ $st = 1 ] && grep -q 'a line cannot hold annotations' "$tmp/err" && c=1
ok $c "lines refuse annotations (exit 1) ..."

yote-convert --lossy --to lines samples/classic.yaml >"$tmp/out" 2>"$tmp/err"
st=$?
yote-validate "$tmp/out" 2>>"$tmp/why"
vst=$?
c=0
[ $st = 0 ] && [ $vst = 0 ] && grep -q 'dropped what a line cannot hold' "$tmp/err" && c=1
ok $c "... and --lossy drops them, saying so, still valid games"
# every kind of loss said, not the first alone
# (a quoted list item is no loss: written as its text, as a quoted key)
printf -- "---\nyote: 1\nx-note: !mine keep\nx-map: {a: 1}\nmoves: [c3, {move: d4, comment: x}]\n" >"$tmp/kinds.yaml"
yote-convert --lossy --to lines "$tmp/kinds.yaml" >/dev/null 2>"$tmp/err"
ok "$(grep -q 'dropped what a line cannot hold (a tag, a mapping and annotations)$' "$tmp/err" && echo 1)" \
    "--lossy names each kind of loss of a game (a tag, a mapping and annotations)" "$tmp/err"
