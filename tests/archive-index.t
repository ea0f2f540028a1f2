#!/bin/sh
# The position index of archives (formats/archive.md section 12):
# yote-convert --position-index, and --reaches and yote-explore
# --position through it.  Whatever the index, every tool selects the
# same games from an archive with it as from one without it and from the
# YAML: positions reached at many plies under the four built-in rulesets
# and a ruleset file, absent positions, the start, alternatives, with
# --game, across concatenated archives, with games stored as text; a
# damaged, lying or unknown set falls back to decoding.  The index must
# also be used: blocks are passed over, when the archive is trusted
# (YOTE_TRUST_INDEX, set here but for the crafted set below, which hides
# a game unless the sets are left alone, as by default).  Run from the
# project root after `make` and `make bin/gen-games`.
set -u
. tests/lib/env.sh
scratch archive-index
YOTE_TRUST_INDEX=1
export YOTE_TRUST_INDEX

. tests/lib/tap.sh
tap_need bin/yote-convert bin/yote-explore bin/yote-replay \
    bin/yote-validate bin/gen-games
TAP_WHY=$tmp/why
: >"$TAP_WHY"

# The collection: the four built-in rulesets and a ruleset file (a 7x6
# board), in blocks of 16 games so that there are many blocks.
sed -e 's/^name: classic/name: house/' -e 's/^board: 6x5/board: 7x6/' \
    formats/rules/classic.yaml >"$tmp/house.yaml"
: >"$tmp/all.yaml"
seed=21
for r in classic traditional damasi ndar-kepp "$tmp/house.yaml"; do
	gen-games --rules "$r" --games 64 --seed $seed >>"$tmp/all.yaml"
	seed=$((seed + 1))
done
yote-convert -b 16 -o "$tmp/plain.yta" "$tmp/all.yaml"
yote-convert -b 16 --position-index -o "$tmp/idx.yta" "$tmp/all.yaml"

# sel FILE OPTION...: the games yote-convert --list selects (game, plies,
# and the ply of --reaches), the file name left out; its messages go
# where the caller sends them
sel() {
	f=$1
	shift
	yote-convert --list "$@" "$f" | cut -f2,6,9
}

# The positions asked about: from every 13th game, those after plies
# 1, 2, 5, 12, 30 and the last, as yote-replay prints them.
yote-replay --positions "$tmp/all.yaml" >"$tmp/positions"
awk -F'\t' '$4 % 13 == 1 && ($1 == 1 || $1 == 2 || $1 == 5 || $1 == 12 ||
    $1 == 30) { print $3 }' "$tmp/positions" >"$tmp/asked"
awk -F'\t' '$4 % 13 == 1 { last[$4] = $3 } END { for (g in last)
    print last[g] }' "$tmp/positions" | sort >>"$tmp/asked"
# absent: two full rows of one side, all its pieces, and of the other
# (positions that can be written, that no game reaches)
printf '%s\n' 'xxxxxx/xxxxxx/6/6/6 o 0 0' \
    'oooooo/oooooo/6/6/6 x 0 0 0 1' \
    'xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx o 0 0' \
    >"$tmp/absent"
# the starts: every game of the 6x5 rulesets, and of the file's board
printf '%s\n' '6/6/6/6/6 x 12 12 0 1' '7/7/7/7/7/7 x 12 12 0 1' \
    >"$tmp/starts"
cat "$tmp/asked" "$tmp/absent" "$tmp/starts" >"$tmp/all-asked"
n=$(wc -l <"$tmp/all-asked")

# Every position: the same games and plies from the archive without an
# index and the one with it (and from the YAML, for every eighth);
# count the blocks passed over.
bad=0
passed=0
found=0
k=0
while IFS= read -r pos; do
	sel "$tmp/plain.yta" --reaches "$pos" >"$tmp/ref" 2>>"$TAP_WHY"
	cp "$tmp/ref" "$tmp/got1"
	[ $((k % 8)) = 0 ] &&
	    sel "$tmp/all.yaml" --reaches "$pos" >"$tmp/got1" 2>>"$TAP_WHY"
	k=$((k + 1))
	sel "$tmp/idx.yta" -s --reaches "$pos" >"$tmp/got2" 2>"$tmp/err"
	if ! cmp -s "$tmp/ref" "$tmp/got1" || ! cmp -s "$tmp/ref" "$tmp/got2"
	then
		bad=$((bad + 1))
		echo "differs: $pos" >>"$TAP_WHY"
		diff "$tmp/ref" "$tmp/got2" | head -5 >>"$TAP_WHY"
	fi
	[ -s "$tmp/ref" ] && found=$((found + 1))
	p=$(sed -n 's/.*position index: \([0-9]*\) blocks passed.*/\1/p' \
	    "$tmp/err")
	passed=$((passed + ${p:-0}))
done <"$tmp/all-asked"
ok $((bad == 0)) "--reaches, $n positions: the same games and plies with and without the index, as from YAML"
blocks=$(yote-convert -s -o /dev/null -t archive -b 16 "$tmp/all.yaml" 2>&1 | sed -n 's/.* \([0-9]*\) blocks;.*/\1/p')
c=0
[ "$found" -ge $((n - 4)) ] && [ "$passed" -gt $((n * blocks / 2)) ] && c=1
ok $c "... the index was used: $passed of $((n * blocks)) blocks passed over, $found positions found"

# An absent position: every block passed over, none decoded.
yote-convert --list -s --reaches "$(head -1 "$tmp/absent")" "$tmp/idx.yta" \
    >"$tmp/out" 2>"$tmp/err"
c=0
[ ! -s "$tmp/out" ] && grep -q "position index: $blocks blocks passed over, 0 searched, 0 without" "$tmp/err" && c=1
ok $c "an absent position: all $blocks blocks passed over" "$tmp/err"

# The start: no block can be passed over.
yote-convert --list -s --reaches '6/6/6/6/6 x 12 12 0 1' "$tmp/idx.yta" \
    >/dev/null 2>"$tmp/err"
c=0
grep -q "position index: 0 blocks passed over" "$tmp/err" && c=1
ok $c "the start position: no block passed over" "$tmp/err"

# Alternatives, and the criteria that cannot use the index.
p1=$(sed -n 3p "$tmp/asked")
p2=$(sed -n 40p "$tmp/asked")
p3=$(sed -n 2p "$tmp/absent")
bad=0
for opts in "--reaches|$p1|--reaches|$p2" "--reaches|$p1|--reaches|$p3" \
    "--reaches|$p1|--invert" "--reaches|$p2|--pattern|??????/??????/??????/??????/x????? o" \
    "--reaches|$p1|--ruleset|classic" "--reaches|$p2|--plies|..60" \
    "--reaches|$p1|--reaches|$p2|--dedupe" "--reaches|$p1|-g|20-200"; do
	old=$IFS
	IFS='|'
	# shellcheck disable=SC2086
	set -- $opts
	IFS=$old
	sel "$tmp/plain.yta" "$@" >"$tmp/ref"
	sel "$tmp/idx.yta" "$@" >"$tmp/got"
	cmp -s "$tmp/ref" "$tmp/got" || { bad=$((bad + 1)); echo "differs: $opts" >>"$TAP_WHY"; }
done
ok $((bad == 0)) "alternatives, --invert, --pattern, header keys, --dedupe, --game: the same games"

# The other tools: yote-validate, yote-replay and yote-explore select
# the same games through the index.
pos=$(sed -n 20p "$tmp/asked")
bad=0
for t in "yote-validate -s" "yote-replay --positions" "yote-explore -f tsv"; do
	# shellcheck disable=SC2086
	$t --reaches "$pos" "$tmp/plain.yta" 2>&1 | sed 's/plain\.yta/X/g' >"$tmp/ref"
	# shellcheck disable=SC2086
	$t --reaches "$pos" "$tmp/idx.yta" 2>&1 | sed 's/idx\.yta/X/g' >"$tmp/got"
	cmp -s "$tmp/ref" "$tmp/got" && [ -s "$tmp/ref" ] || { bad=$((bad + 1)); echo "differs: $t" >>"$TAP_WHY"; diff "$tmp/ref" "$tmp/got" | head -5 >>"$TAP_WHY"; }
done
ok $((bad == 0)) "yote-validate, yote-replay, yote-explore --reaches: the same through the index"

# yote-explore --position: the tree of a position after ply 2 and one
# after ply 12, the same with the index (which passes blocks over).
bad=0
for ply in 2 12; do
	pos=$(awk -F'\t' -v p=$ply '$4 == 100 && $1 == p { print $3 }' "$tmp/positions")
	yote-explore -D 3 -f tsv --position "$pos" "$tmp/plain.yta" >"$tmp/ref" 2>&1
	yote-explore -D 3 -f tsv --position "$pos" "$tmp/idx.yta" >"$tmp/got" 2>&1
	cmp -s "$tmp/ref" "$tmp/got" && [ -s "$tmp/ref" ] || { bad=$((bad + 1)); diff "$tmp/ref" "$tmp/got" | head -5 >>"$TAP_WHY"; }
done
ok $((bad == 0)) "yote-explore --position: the same tree with the index"

# Readers that do not search ignore the sets: the same games, --game
# through the block index as before.
yote-convert "$tmp/plain.yta" >"$tmp/ref"
yote-convert "$tmp/idx.yta" >"$tmp/got"
c=0
cmp -s "$tmp/ref" "$tmp/got" && c=1
ok $c "an archive with the index reads back as the one without"
yote-convert -g 250 "$tmp/plain.yta" >"$tmp/ref"
yote-convert -g 250 "$tmp/idx.yta" >"$tmp/got"
c=0
cmp -s "$tmp/ref" "$tmp/got" && [ -s "$tmp/ref" ] && c=1
ok $c "--game N through the block index: the same game"

# Concatenated archives, with and without sets, numbered on.
cat "$tmp/idx.yta" "$tmp/plain.yta" "$tmp/idx.yta" >"$tmp/cat.yta"
cat "$tmp/all.yaml" "$tmp/all.yaml" "$tmp/all.yaml" >"$tmp/cat.yaml"
bad=0
for k in 3 17 33; do
	pos=$(sed -n ${k}p "$tmp/asked")
	sel "$tmp/cat.yaml" --reaches "$pos" >"$tmp/ref"
	sel "$tmp/cat.yta" --reaches "$pos" >"$tmp/got"
	cmp -s "$tmp/ref" "$tmp/got" && [ -s "$tmp/ref" ] || bad=$((bad + 1))
done
sel "$tmp/cat.yta" -s --reaches "$(sed -n 33p "$tmp/asked")" >/dev/null 2>"$tmp/err"
c=0
[ $bad = 0 ] && grep -q "[1-9][0-9]* blocks passed over, [0-9]* searched, $blocks without" "$tmp/err" && c=1
ok $c "cat idx.yta plain.yta idx.yta: the same games as the YAML, sets used where there are" "$tmp/err"

# Games stored as text: their block has no set, and is decoded.
cp "$tmp/all.yaml" "$tmp/bad.yaml"
printf -- '---\nyote: 1\nfirst: A\nsecond: B\nresult: "*"\nmoves: [a1, a1]\n' >>"$tmp/bad.yaml"
yote-convert -k -b 16 --position-index -o "$tmp/bad.yta" "$tmp/bad.yaml" 2>/dev/null
pos=$(awk -F'\t' '$4 == 300 && $1 == 3 { print $3 }' "$tmp/positions")
sel "$tmp/bad.yaml" --reaches "$pos" >"$tmp/ref"
sel "$tmp/bad.yta" -s --reaches "$pos" >"$tmp/got" 2>"$tmp/err"
c=0
cmp -s "$tmp/ref" "$tmp/got" && [ -s "$tmp/ref" ] && grep -q ", 1 without a set" "$tmp/err" && c=1
ok $c "a block with a game stored as text has no set and is read" "$tmp/err"

# ------------------------------------------------------------ damage

# hblock OP K < archive > archive: the K-th set block (type H) with
# OP: flip (a payload byte, CRC left: damage), lie (its games count off
# by one, CRCs right: a set that names another block), junk (a kind of
# set unknown, CRCs right), hide (the first set's payload, CRCs right: a
# set that says its block holds positions of another)
cat >"$tmp/hblock.pl" <<'EOF'
use strict;
use Compress::Zlib;
my ($op, $k) = @ARGV;
local $/;
binmode STDIN;
binmode STDOUT;
my $a = <STDIN>;
my ($at, $n, $first) = (16, 0, undef);
while ($at + 32 <= length $a) {
	my $type = substr($a, $at + 3, 1);
	my $clen = $type eq 'E' ? 0 : unpack('V', substr($a, $at + 4, 4));
	if ($type eq 'E') { $at += 32 + 16; next; }
	$first = substr($a, $at + 32, $clen) if $type eq 'H' && !defined $first;
	if ($type eq 'H' && ++$n == $k) {
		my $p = $at + 32;
		if ($op eq 'hide') {
			substr($a, $p, $clen) = $first;
			$clen = length $first;
			substr($a, $at + 4, 8) = pack('VV', $clen, $clen);
			substr($a, $at + 24, 4) = pack('V', crc32($first));
		} elsif ($op eq 'flip') {
			substr($a, $p + 9, 1) = chr(ord(substr($a, $p + 9, 1)) ^ 0x20);
		} elsif ($op eq 'lie') {
			substr($a, $at + 12, 4) = pack('V', unpack('V', substr($a, $at + 12, 4)) + 1);
		} else {
			substr($a, $p, 1) = chr(9);
			substr($a, $at + 24, 4) = pack('V', crc32(substr($a, $p, $clen)));
		}
		substr($a, $at + 28, 4) = pack('V', crc32(substr($a, $at, 28)));
	}
	$at += 32 + $clen;
}
print $a;
EOF
if perl -MCompress::Zlib -e 1 2>/dev/null; then
	# a position of the games of the 3rd block (games 33-48)
	pos=$(awk -F'\t' '$4 == 40 && $1 == 20 { print $3 }' "$tmp/positions")
	sel "$tmp/plain.yta" --reaches "$pos" >"$tmp/ref"
	for op in flip lie junk; do
		perl "$tmp/hblock.pl" $op 3 <"$tmp/idx.yta" >"$tmp/$op.yta"
		yote-convert --list -s --reaches "$pos" "$tmp/$op.yta" 2>"$tmp/err.$op" |
		    cut -f2,6,9 >"$tmp/got.$op"
		echo $? >"$tmp/st.$op"
	done
	c=0
	cmp -s "$tmp/ref" "$tmp/got.flip" && [ -s "$tmp/ref" ] &&
	    grep -q 'index block at byte offset [0-9]* fails its checksum' "$tmp/err.flip" &&
	    grep -q ', 1 without a set' "$tmp/err.flip" && c=1
	ok $c "a set that fails its checksum: reported as damage, its block read" "$tmp/err.flip"
	c=0
	yote-convert --list --reaches "$pos" "$tmp/flip.yta" >/dev/null 2>&1
	[ $? = 1 ] && c=1
	ok $c "... exit status 1, as for any damage"
	c=0
	cmp -s "$tmp/ref" "$tmp/got.lie" && cmp -s "$tmp/ref" "$tmp/got.junk" &&
	    grep -q ', 1 without a set' "$tmp/err.lie" &&
	    grep -q ', 1 without a set' "$tmp/err.junk" &&
	    ! grep -q damaged "$tmp/err.lie" "$tmp/err.junk" && c=1
	ok $c "a set that names another block, or of an unknown kind: ignored, its block read" "$tmp/err.lie" "$tmp/err.junk"
	# a set that hides its block's positions, every checksum right: only
	# decoding the block could tell, so by default no set is believed
	perl "$tmp/hblock.pl" hide 3 <"$tmp/idx.yta" >"$tmp/hide.yta"
	YOTE_TRUST_INDEX= yote-convert --list -s --reaches "$pos" "$tmp/hide.yta" \
	    2>"$tmp/err.hide" | cut -f2,6,9 >"$tmp/got.hide"
	c=0
	cmp -s "$tmp/ref" "$tmp/got.hide" && [ -s "$tmp/ref" ] &&
	    ! grep -q 'position index' "$tmp/err.hide" && c=1
	ok $c "a set that hides its block's game: the game found all the same (sets not believed by default)" \
	    "$tmp/err.hide" "$tmp/got.hide"
	yote-convert --list -s --reaches "$pos" "$tmp/hide.yta" 2>"$tmp/err.hide" |
	    cut -f2,6,9 >"$tmp/got.hide"
	c=0
	[ ! -s "$tmp/got.hide" ] && grep -q '[1-9][0-9]* blocks passed over' "$tmp/err.hide" && c=1
	ok $c "... and missed with YOTE_TRUST_INDEX=1, which believes the sets (documented)" \
	    "$tmp/err.hide" "$tmp/got.hide"
	# a damaged data block passed over by its set is still reported
	perl -e 'local $/; binmode STDIN; binmode STDOUT; my $a = <STDIN>;
	    my $i = index($a, "YTBD", 16); $i = index($a, "YTBD", $i + 4);
	    substr($a, $i + 40, 1) = chr(ord(substr($a, $i + 40, 1)) ^ 1);
	    print $a' <"$tmp/idx.yta" >"$tmp/hurt.yta"
	yote-convert --list --reaches "$(head -1 "$tmp/absent")" "$tmp/hurt.yta" >/dev/null 2>"$tmp/err"
	st=$?
	c=0
	[ $st = 1 ] && grep -q 'block 2 at byte offset [0-9]* (games 17-32) fails its checksum' "$tmp/err" && c=1
	ok $c "a damaged data block passed over by the index: still reported" "$tmp/err"
else
	skip "perl's Compress::Zlib missing: damaged sets"
	skip "perl's Compress::Zlib missing: damaged sets"
	skip "perl's Compress::Zlib missing: lying sets"
	skip "perl's Compress::Zlib missing: hiding sets"
	skip "perl's Compress::Zlib missing: hiding sets"
	skip "perl's Compress::Zlib missing: damaged data blocks"
fi

# ------------------------------------------------------------ options

yote-convert -o /dev/null -t archive --position-index=0 "$tmp/all.yaml" 2>"$tmp/err"
st=$?
c=0
[ $st = 2 ] && grep -q 'position-index: expected bits from 1 to 16' "$tmp/err" && c=1
ok $c "--position-index=0: usage error, exit 2" "$tmp/err"
yote-convert -s -o "$tmp/b4.yta" -b 16 --position-index=4 "$tmp/all.yaml" 2>"$tmp/err4"
sel "$tmp/b4.yta" --reaches "$p1" >"$tmp/got"
sel "$tmp/plain.yta" --reaches "$p1" >"$tmp/ref"
c=0
cmp -s "$tmp/ref" "$tmp/got" && [ "$(wc -c <"$tmp/b4.yta")" -lt "$(wc -c <"$tmp/idx.yta")" ] &&
    grep -q 'position index: [0-9]* bytes for [0-9]* positions' "$tmp/err4" && c=1
ok $c "--position-index=4: smaller sets, the same games; --summary gives their size" "$tmp/err4"

# ------------------------------------------------------------ old readers

# A reader of an earlier release knows no block of type H and passes it
# over as any block of another type (formats/archive.md 1.2): the same
# archive with its sets renamed to a type nobody knows reads to the same
# games as the archive written without them.
if command -v python3 >/dev/null 2>&1; then
	python3 tests/tools/yta.py dump "$tmp/idx.yta" |
	    sed 's/^H raw=/Q raw=/' >"$tmp/old.desc"
	python3 tests/tools/yta.py build <"$tmp/old.desc" >"$tmp/old.yta"
	yote-convert "$tmp/old.yta" >"$tmp/old.yaml" 2>"$tmp/err"
	st=$?
	yote-convert "$tmp/plain.yta" >"$tmp/plain.yaml" 2>>"$tmp/err"
	c=0
	[ $st = 0 ] && [ -s "$tmp/old.yaml" ] &&
	    grep -q '^Q raw=' "$tmp/old.desc" &&
	    cmp -s "$tmp/plain.yaml" "$tmp/old.yaml" && c=1
	ok $c "a reader that knows no position sets reads the same games" "$tmp/err"
else
	skip "python3 missing: an archive as an earlier reader sees it"
fi

tap_done
