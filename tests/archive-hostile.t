#!/bin/sh
# Archives that lie (issue 16): headers whose CRCs hold but whose counts,
# lengths and game numbers do not match what the bytes hold.  Each is
# made from a small archive by tests/tools/yta.py, which rewrites a field
# and computes every checksum again, so the readers meet the lie itself
# and not a checksum failure.  Also: memory bounded by the input's size,
# and the writer's limits.  Run from the project root after `make` and
# `make test-programs`.
set -u
. tests/lib/env.sh
scratch hostile

. tests/lib/tap.sh
TAP_WHY=$tmp/why
: >"$TAP_WHY"
echo "1..32"

yta() {
	python3 tests/tools/yta.py "$@"
}

# A command's status, 0 to 3, or what killed it (128 and up).
run() {
	"$@" >"$tmp/out" 2>"$tmp/err"
	echo $?
}

# Under the sanitizers the address space is not the memory used.
sanitized=0
grep -q sanitize bin/build.mk 2>/dev/null && sanitized=1

# Memory: run a command with its address space held to KB kilobytes.
bounded() {
	kb=$1
	shift
	if [ $sanitized = 1 ]; then
		"$@"
	else
		(ulimit -v "$kb" && "$@")
	fi
}

# five games in blocks of two: lines 2-4 are the data blocks, 5 the
# index, 6 the end block
gen-games --rules classic --games 5 --seed 1 >"$tmp/five.yaml"
yote-convert -b 2 -o "$tmp/five.yta" "$tmp/five.yaml"
yta dump "$tmp/five.yta" >"$tmp/five.desc"
yote-convert "$tmp/five.yta" >"$tmp/five.back"

# build NAME SED-SCRIPT: five.desc edited, as an archive NAME.yta
build() {
	sed "$2" "$tmp/five.desc" | yta build >"$tmp/$1.yta"
}

# ------------------------------------------------------------ counts

build zero '2s/games=2 /games=0 /'
for t in validate replay convert; do
	st=$(run yote-$t "$tmp/zero.yta")
	c=0
	[ "$st" = 1 ] && grep -q 'block 1 at byte offset 16 says it holds no games' \
	    "$tmp/err" && c=1
	cp "$tmp/err" "$TAP_WHY"
	ok $c "a block of 0 games: yote-$t reports it, exit 1 (was a crash)"
done
yote-validate -s "$tmp/zero.yta" >"$tmp/out" 2>"$tmp/err"
c=0
grep -q '^5 games, 3 valid, 2 invalid' "$tmp/out" && c=1
ok $c "... and the two games it hid are counted as invalid"

build more '2s/games=2 /games=3 /'
st=$(run yote-validate -s "$tmp/more.yta")
c=0
[ "$st" = 1 ] && grep -q 'block 1 at byte offset 16 (game 3): .*; game 3 lost' \
    "$tmp/err" && grep -q 'block 2 .* says it holds games 3-4, but game 4 comes next; passed over' "$tmp/err" &&
    grep -q '^5 games, 3 valid, 2 invalid' "$tmp/out" && c=1
cp "$tmp/err" "$TAP_WHY"
ok $c "a block that claims more games than it holds"

build fewer '2s/games=2 /games=1 /'
st=$(run yote-validate -s "$tmp/fewer.yta")
c=0
[ "$st" = 1 ] && grep -q 'block 1 at byte offset 16 holds more data than its 1 game use' \
    "$tmp/err" && grep -q 'game 2 missing before block 2' "$tmp/err" && c=1
cp "$tmp/err" "$TAP_WHY"
ok $c "a block that claims fewer games than it holds"

build end 's/^E size=\([0-9]*\) games=5/E size=\1 games=3/'
st=$(run yote-validate "$tmp/end.yta")
c=0
[ "$st" = 1 ] && grep -q 'says 3 games, but its blocks held 5' "$tmp/err" && c=1
cp "$tmp/err" "$TAP_WHY"
ok $c "an end block that counts fewer games than its blocks held"

build crc '3s/^D /D badpcrc /'
st=$(run yote-validate -s "$tmp/crc.yta")
c=0
[ "$st" = 1 ] && grep -q 'block 2 at byte offset [0-9]* (games 3-4) fails its checksum; its 2 games are lost' \
    "$tmp/err" && grep -q '^5 games, 3 valid, 2 invalid' "$tmp/out" && c=1
cp "$tmp/err" "$TAP_WHY"
ok $c "a block failing its CRC: its games named, counted as invalid"

# ------------------------------------------------------------ the index

# the index says block 1 holds no games: --game 3 would land on block 3
sed -n '5p' "$tmp/five.desc" >"$tmp/index"
build index '5s/^\(X payload=0310\)02/\100/'
yote-convert --game 3 "$tmp/five.yta" >"$tmp/want" 2>/dev/null
st=$(run yote-convert --game 3 "$tmp/index.yta")
c=0
[ "$st" = 1 ] && cmp -s "$tmp/out" "$tmp/want" &&
    grep -q 'the index of the member .* disagrees with the block at byte offset' "$tmp/err" && c=1
{ cat "$tmp/index"; cat "$tmp/err"; } >"$TAP_WHY"
ok $c "a tampered index: --game 3 still gives game 3, and says the index is wrong"

build index2 '5s/^X .*/X auto/'
st=$(run yote-convert --game 3 "$tmp/index2.yta")
c=0
[ "$st" = 0 ] && cmp -s "$tmp/out" "$tmp/want" && [ ! -s "$tmp/err" ] && c=1
cp "$tmp/err" "$TAP_WHY"
ok $c "... a true index made by yta.py gives the same, in silence"

# two members, the first's end block saying 3 games for its 5 (its CRC
# right): --game 8 passed over it by that word and gave game 10
{ sed 's/^E .*/E games=3/' "$tmp/five.desc"; cat "$tmp/five.desc"; } |
    yta build >"$tmp/endlie.yta"
cat "$tmp/five.yta" "$tmp/five.yta" >"$tmp/ten.yta"
yote-convert --game 8 "$tmp/ten.yta" >"$tmp/want8" 2>/dev/null
st=$(run yote-convert --game 8 "$tmp/endlie.yta")
c=0
[ "$st" != 3 ] && [ -s "$tmp/want8" ] && cmp -s "$tmp/out" "$tmp/want8" && c=1
{ cat "$tmp/out"; cat "$tmp/err"; } >"$TAP_WHY"
ok $c "an end block that lies about its member's games: --game 8 of two members is still game 8"

# a piece of a numbered lines file: its games keep their numbers
yote-convert -t lines "$tmp/five.yaml" | sed -n '3,5p' >"$tmp/piece.lines"
yote-convert --game 4 "$tmp/five.yaml" >"$tmp/want4" 2>/dev/null
st=$(run yote-convert --game 4 "$tmp/piece.lines")
c=0
[ "$st" = 0 ] && [ -s "$tmp/want4" ] && cmp -s "$tmp/out" "$tmp/want4" && c=1
cp "$tmp/err" "$TAP_WHY"
ok $c "--game 4 on lines 3-5 of a numbered lines file gives game 4 (was: no game 4)"

# ------------------------------------------------------------ lengths

build clen '2s/^D games=2 /D games=2 clen=209715200 /'
st=$(bounded 100000 run yote-validate -s "$tmp/clen.yta")
c=0
[ "$st" = 1 ] && grep -q 'archive truncated at byte offset [0-9]*: block 1 .* ends early' "$tmp/err" && c=1
cp "$tmp/err" "$TAP_WHY"
ok $c "a block that claims 200 MiB in a 1 KB file: truncated, memory as the file"

build ulen '2s/^D games=2 /D games=2 ulen=209715200 /'
st=$(bounded 100000 run yote-validate -s "$tmp/ulen.yta")
c=0
[ "$st" = 1 ] && grep -q 'claims more inflated bytes than its compressed ones can hold; its 2 games are lost' \
    "$tmp/err" && c=1
cp "$tmp/err" "$TAP_WHY"
ok $c "a block that claims 200 MiB inflated from 300 bytes: refused before allocating"

build iclen '5s/^X /X clen=209715200 /'
st=$(bounded 100000 run yote-convert --game 3 "$tmp/iclen.yta")
c=0
[ "$st" -le 1 ] && cmp -s "$tmp/out" "$tmp/want" && c=1
cp "$tmp/err" "$TAP_WHY"
ok $c "an index that claims 200 MiB: --game 3 reads without it"

# ------------------------------------------------------------ expansion

# 100,000 list items of one letter: 300 KB of YAML that the coder packs
# into a few hundred bytes; the writer pads the archive to the size a
# reader allows for what it decodes to
awk 'BEGIN {
	for (g = 0; g < 20; g++) {
		print "---"; print "yote: 1"; print "moves: []"
		printf "x: ["
		for (i = 1; i < 100000; i++)
			printf "a, "
		print "a]"
	}
}' >"$tmp/list2.yaml"
yote-convert -o "$tmp/list.yta" "$tmp/list2.yaml" 2>"$tmp/err"
yote-convert "$tmp/list.yta" >"$tmp/list.back" 2>>"$tmp/err"
st=$?
yote-convert "$tmp/list2.yaml" >"$tmp/list.ref" 2>>"$tmp/err"
c=0
[ $st = 0 ] && cmp -s "$tmp/list.back" "$tmp/list.ref" &&
    yta dump "$tmp/list.yta" | grep -q '^P raw=' && c=1
cp "$tmp/err" "$TAP_WHY"
ok $c "freakishly repetitive games: the writer pads, the archive reads back"

yta dump "$tmp/list.yta" | grep -v '^P ' | yta build >"$tmp/nopad.yta"
st=$(bounded 60000 run yote-validate "$tmp/nopad.yta")
c=0
[ "$st" = 1 ] && grep -q '(the archive expansion limit); games* [0-9-]*20 lost' "$tmp/err" && c=1
cp "$tmp/err" "$TAP_WHY"
ok $c "... without the padding: the expansion limit, in bounded memory"

# ------------------------------------------------------------ the writer

# a legal game whose first position has more legal moves than the limit
huge=tests/data/hostile/huge-moves.yaml
{ cat "$tmp/five.yaml"; echo '---'; cat "$huge"; cat "$tmp/five.yaml"; } |
    sed "s|^rules: huge-moves-rules.yaml|rules: $(pwd)/tests/data/hostile/huge-moves-rules.yaml|" >"$tmp/mix.yaml"
st=$(run yote-validate "$tmp/mix.yaml")
c=0
[ "$st" = 0 ] && c=1
cp "$tmp/err" "$TAP_WHY"
ok $c "the game with more legal moves than the limit is valid"

# version 2 codes a move as a few choices, never listing the moves
st=$(run yote-convert -t archive "$tmp/mix.yaml")
cp "$tmp/out" "$tmp/mix2.yta"
yote-convert "$tmp/mix.yaml" >"$tmp/mix.ref" 2>/dev/null
yote-convert "$tmp/mix2.yta" >"$tmp/mix2.back" 2>"$tmp/err2"
c=0
[ "$st" = 0 ] && [ ! -s "$tmp/err" ] && [ ! -s "$tmp/err2" ] &&
    cmp -s "$tmp/mix.ref" "$tmp/mix2.back" && c=1
cat "$tmp/err" "$tmp/err2" >"$TAP_WHY"
ok $c "version 2 stores it as moves, not text, and it comes back as it was"

st=$(run yote-validate -s "$tmp/mix2.yta")
c=0
[ "$st" = 0 ] && grep -q '^11 games, 11 valid' "$tmp/out" && c=1
cp "$tmp/err" "$TAP_WHY"
ok $c "... and validates from the archive"

# version 1 ranks every legal move: it cannot
st=$(run yote-convert --archive-version 1 -t archive "$tmp/mix.yaml")
cp "$tmp/out" "$tmp/mix.yta"
c=0
[ "$st" = 1 ] && grep -q 'game 6, ply 1: more legal moves than the limit of 4194304 (YOTE_MAX_MOVES)' "$tmp/err" &&
    grep -q 'not stored' "$tmp/err" && ! grep -q 'out of memory' "$tmp/err" && c=1
cp "$tmp/err" "$TAP_WHY"
ok $c "version 1: yote-convert names the limit (was: out of memory, exit 3)"

st=$(run yote-validate -s "$tmp/mix.yta")
c=0
[ "$st" = 0 ] && grep -q '^10 games, 10 valid' "$tmp/out" && c=1
cp "$tmp/err" "$TAP_WHY"
ok $c "... and its archive holds every other game, whole"

st=$(run yote-convert --archive-version 1 -k -t archive "$tmp/mix.yaml")
cp "$tmp/out" "$tmp/mixk.yta"
yote-convert "$tmp/mix.yaml" >"$tmp/mix.ref" 2>/dev/null
yote-convert "$tmp/mixk.yta" >"$tmp/mix.back" 2>"$tmp/err2"
c=0
[ "$st" = 0 ] && grep -q 'stored as text' "$tmp/err" &&
    cmp -s "$tmp/mix.ref" "$tmp/mix.back" && c=1
cat "$tmp/err" "$tmp/err2" >"$TAP_WHY"
ok $c "with --keep-invalid it is stored as text and comes back as it was"

# A literal that is not UTF-8 (the reader trusts an archive's texts only
# when every literal of the block was UTF-8 as it was decoded): game 1
# says so, game 2 of the same block is read and valid.
printf 'yote: 1\nevent: Club\nmoves: [c3]\nx-note: QQQQQQQQ\n---\nyote: 1\nevent: Club\nmoves: [c3, d4]\n' >"$tmp/u8.yaml"
yote-convert -o "$tmp/u8.yta" "$tmp/u8.yaml" 2>>"$TAP_WHY"
yta dump "$tmp/u8.yta" | sed 's/5151515151515151$/ff51515151515151/' |
    yta build >"$tmp/u8bad.yta"
st=$(run yote-validate --summary "$tmp/u8bad.yta")
c=0
[ "$st" = 1 ] && grep -q 'game 1: a value that is not UTF-8' "$tmp/err" &&
    grep -q '^2 games, 1 valid, 1 invalid' "$tmp/out" && c=1
cat "$tmp/err" "$tmp/out" >"$TAP_WHY"
ok $c "an archive's literal that is not UTF-8 is found; the next game is read"

# Collections with no items first in a block, where the decoder's stack
# of kids is still empty: they come back as they went in.  (The archive
# fuzzer found the decoder adding 0 to a null pointer there, which only
# clang's UBSan reports: tests/fuzz/regress/archive/empty-collections-first
# replays it under `make fuzz`.)
printf -- '--- []\n--- {}\n---\nyote: 1\nmoves: []\n' >"$tmp/empty.yaml"
yote-convert -k -o "$tmp/empty.yta" "$tmp/empty.yaml" 2>/dev/null
st=$(run yote-convert "$tmp/empty.yta")
c=0
# (the first two are not records: named, written as they were, exit 1)
[ "$st" = 1 ] && grep -c 'game [12]:' "$tmp/err" | grep -q 3 && printf -- '--- []\n--- {}\n---\nyote: 1\nmoves: []\n' |
    cmp -s - "$tmp/out" && c=1
cat "$tmp/err" "$tmp/out" >"$TAP_WHY"
ok $c "empty collections first in a block come back as they were"

# A moves stream cut short, in either version: the games whose moves are
# gone say so, those before them are read whole, nothing crashes.
gen-games --rules traditional --games 6 --seed 3 >"$tmp/six.yaml" 2>/dev/null
for av in 1 2; do
	yote-convert --archive-version $av -o "$tmp/six.yta" "$tmp/six.yaml" \
	    2>>"$TAP_WHY"
	yta dump "$tmp/six.yta" | python3 -c '
import sys
for line in sys.stdin:
    w = line.split()
    if w and w[0] == "D":
        f = dict(x.partition("=")[::2] for x in w[1:])
        pl = bytes.fromhex(f["payload"])
        pos, rules = 1, []
        def varint(pos):
            v = s = 0
            while True:
                b = pl[pos]; pos += 1
                v |= (b & 0x7F) << s; s += 7
                if b < 0x80:
                    return v, pos
        nr, pos = varint(pos)
        for _ in range(nr):
            ln, p2 = varint(pos + 1)
            pos = p2 + ln
        head = pos
        hl, pos = varint(pos); ml, pos = varint(pos); ll, pos = varint(pos)
        hs, ms, ls = pl[pos:pos + hl], pl[pos + hl:pos + hl + ml], pl[pos + hl + ml:]
        ms = ms[:len(ms) // 3]
        def enc(v):
            o = bytearray()
            while v >= 0x80:
                o.append(v & 0x7F | 0x80); v >>= 7
            o.append(v)
            return bytes(o)
        pl = pl[:head] + enc(hl) + enc(len(ms)) + enc(ll) + hs + ms + ls
        line = "D games=%s payload=%s\n" % (f["games"], pl.hex())
    sys.stdout.write(line)
' | yta build >"$tmp/sixcut.yta"
	st=$(run yote-validate --summary "$tmp/sixcut.yta")
	c=0
	[ "$st" = 1 ] && grep -q 'game [2-6]: .*\(moves stream ends early\|does not have\|more moves than\)' "$tmp/err" &&
	    grep -q '^6 games, [1-5] valid' "$tmp/out" && c=1
	cat "$tmp/err" "$tmp/out" >"$TAP_WHY"
	ok $c "version $av: a moves stream cut short: the games it leaves without moves say so, the first ones are valid"
done

# ------------------------------------------------------------ a damaged header

# The header of the second block of five.yta (games 3 and 4) damaged (its
# checksum fails):
# the reader goes on past it and finds its games missing at the member's
# end; every game of the block counts, as when its payload is damaged
# (a header's damage counted one game and left the others uncounted)
off=$(awk '/^D / { n++; p = $0; sub(/.*payload=/, "", p)
    if (n == 2) { print at; exit } at += 32 + length(p) / 2 }
    BEGIN { at = 16 }' "$tmp/five.desc")
perl -e '
	open my $f, "<", $ARGV[0] or die; binmode $f; local $/; my $d = <$f>;
	substr($d, $ARGV[1] + 4, 1) = chr(ord(substr($d, $ARGV[1] + 4, 1)) ^ 255);
	print $d' "$tmp/five.yta" "$off" >"$tmp/head.yta"
st=$(run yote-validate --summary "$tmp/head.yta")
yote-validate -l -g 3- "$tmp/head.yta" 2>/dev/null | cut -f2,7 | tr '\t\n' ': ' >"$tmp/list"
c=0
[ "$st" = 1 ] && grep -q "bad block header" "$tmp/err" &&
    grep -q '^5 games, 3 valid, 2 invalid' "$tmp/out" &&
    [ "$(cat "$tmp/list")" = "3:invalid 4:invalid 5:valid " ] && c=1
cat "$tmp/err" "$tmp/out" "$tmp/list" >"$TAP_WHY"
ok $c "a damaged block header: each game of its block counted and listed invalid"

# damage that loses no game counts none: an index block that fails its
# checksum, a member header the reader goes on after (each counted one
# invalid game more than the archive holds: '6 games, 1 invalid')
python3 - "$tmp/five.yta" "$tmp/idx.yta" "$tmp/mhead.yta" <<'PY'
import sys
b = bytearray(open(sys.argv[1], 'rb').read())
i = b.find(b'YTBX')            # the index block's header, 32 bytes
assert i > 0
x = bytearray(b); x[i + 34] ^= 0xFF
open(sys.argv[2], 'wb').write(x)
m = bytearray(b); m[0] ^= 0xFF
open(sys.argv[3], 'wb').write(m)
PY
: >"$TAP_WHY"
for f in idx mhead; do
	for t in validate convert; do
		case $t in
		validate) st=$(run yote-validate -s "$tmp/$f.yta") ;;
		convert) st=$(run yote-convert -o "$tmp/$f.yaml" "$tmp/$f.yta") ;;
		esac
		case $f in
		idx) why='index block at byte offset [0-9]* fails its checksum (no games lost)' ;;
		mhead) why='bad member header; going on' ;;
		esac
		{ [ "$st" = 1 ] && grep -q "archive damaged.*$why" "$tmp/err" &&
		    { [ $t = convert ] || grep -q '^5 games, 5 valid, 0 invalid' "$tmp/out"; } &&
		    { [ $t = validate ] || { cmp -s "$tmp/$f.yaml" "$tmp/five.back" &&
		    [ "$(tail -1 "$tmp/err")" = "yote-convert: $tmp/$f.yaml: 5 games written" ]; }; }; } ||
		    { echo "$f $t: $st"; cat "$tmp/out" "$tmp/err"; } >>"$TAP_WHY"
	done
done
[ ! -s "$TAP_WHY" ]
ok $((! $?)) "an index block's checksum, a member header: damage that loses no game is said (exit 1) and counts none"
# after a damaged block header, the blocks are named by their place in
# the file (the block at the third place was 'block 2')
python3 - "$tmp/five.yta" "$tmp/bhead.yta" <<'PY'
import sys
b = bytearray(open(sys.argv[1], 'rb').read())
i = b.find(b'YTBD', 20)        # the second data block's header
assert i > 0
b[i + 5] ^= 0xFF
open(sys.argv[2], 'wb').write(b)
PY
st=$(run yote-validate "$tmp/bhead.yta")
ok "$([ "$st" = 1 ] && grep -q 'games 3-4 missing before block 3 at byte offset' "$tmp/err" && echo 1)" \
    "a damaged block header: the block after it keeps its number (3)" "$tmp/err"
# An archive through a text-mode transfer, every LF byte made CR LF (sed
# 's/$/\r/', unix2dos -f): a block whose payload held an LF fails its
# checksum, and the header after it, moved by the CRs, is bad where it
# was looked for and found a byte or more on.  That header is the next
# block's own, not a block lost: the blocks keep their numbers, each
# named as in the archive undamaged (from the first header moved, every
# block was named one place on), by every tool.  Two archives joined,
# then converted: the second member's header is bad as the first's, and
# the end block before it too; its blocks are its own, numbered on from
# the first member's (they were passed over as games already read).  The
# member header says what the damage is.
yote-convert -b 2 -o "$tmp/lf.yta" samples/classic.yaml 2>>"$TAP_WHY"
cat "$tmp/lf.yta" "$tmp/lf.yta" >"$tmp/lf2.yta"
: >"$TAP_WHY"
for f in lf lf2; do
	sed 's/$/\r/' "$tmp/$f.yta" >"$tmp/crlf.yta"
	# the blocks of the archive undamaged: number, games (as the
	# messages write them)
	yta dump "$tmp/$f.yta" | awk '/^D / { n++; g = $2; sub(/games=/, "", g)
	    print n, (g == 1 ? "game " first + 1 : "games " first + 1 "-" first + g)
	    first += g }' >"$tmp/blocks"
	games=$(awk '{ sub(/.*[ -]/, ""); n = $0 } END { print n }' "$tmp/blocks")
	for t in validate convert replay; do
		case $t in
		validate) st=$(run yote-validate -s "$tmp/crlf.yta") ;;
		convert) st=$(run yote-convert -o "$tmp/crlf.yaml" "$tmp/crlf.yta") ;;
		replay) st=$(run yote-replay -p "$tmp/crlf.yta") ;;
		esac
		# what follows the first bad block header: the blocks it names
		sed -n '/bad block header/,$p' "$tmp/err" |
		    sed -n 's/.* block \([0-9]*\) at byte offset [0-9]* (\(games* [0-9-]*\)).*/\1 \2/p' \
		    >"$tmp/named"
		grep -Fxvf "$tmp/blocks" "$tmp/named" >"$tmp/wrong"
		{ [ "$st" = 1 ] && [ -s "$tmp/named" ] && [ ! -s "$tmp/wrong" ] &&
		    grep -q ': game 1: archive damaged at byte offset 0: bad member header (every LF byte made CR LF, as by a text-mode transfer: each block that held one is damaged too); going on at byte offset 18$' "$tmp/err" &&
		    ! grep -q 'passed over' "$tmp/err" &&
		    { [ $t != validate ] || grep -q "^$games games, " "$tmp/out"; }; } ||
		    { echo "$f yote-$t: exit $st; named after a bad header:"
		    cat "$tmp/named"; echo "blocks:"; cat "$tmp/blocks" "$tmp/err" \
		    "$tmp/out"; } >>"$TAP_WHY"
	done
done
ok "$([ ! -s "$TAP_WHY" ] && echo 1)" "an archive with its LFs made CR LF, alone and two joined: each damaged block named by its place (was one off after the first moved header), the second member's blocks read, the damage named, in every tool"
# the end block of a member damaged: the member after it is read
python3 - "$tmp/lf2.yta" "$tmp/end2.yta" <<'PY'
import sys
b = bytearray(open(sys.argv[1], 'rb').read())
i = b.find(b'YTBE')             # the first member's end block
assert i > 0
b[i + 30] ^= 0xFF
open(sys.argv[2], 'wb').write(b)
PY
st=$(run yote-validate -s "$tmp/end2.yta")
ok "$([ "$st" = 1 ] && grep -q '^18 games, 18 valid, 0 invalid' "$tmp/out" &&
    [ "$(grep -c 'bad block header' "$tmp/err")" = 1 ] && echo 1)" \
    "a member's end block damaged: the member after it is read whole (its blocks were passed over)" \
    "$tmp/out" "$tmp/err"
