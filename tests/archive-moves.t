#!/bin/sh
# The move model of archives (formats/archive.md sections 6 and 10):
# archives written by earlier versions of the format still read back to
# the same games, and the moves of every ruleset, a custom one included,
# survive YAML -> archive -> YAML, validation and listing.
# Run from the project root after `make` and `make bin/gen-games`.
set -u
. tests/lib/env.sh
scratch archive-moves

. tests/lib/tap.sh
TAP_WHY=$tmp/why
: >"$TAP_WHY"
tap_need bin/yote-convert bin/yote-validate bin/gen-games

# -------------------------------------------------- old versions still read

# tests/data/archive-vN.yta was written by the code of format version N
# from tests/data/archive-vN.yaml (the samples, a custom ruleset, games
# annotated by yote-analyze): it must read back to what the YAML gives.
for v in tests/data/archive-v*.yta; do
	src=${v%.yta}.yaml
	yote-convert "$src" >"$tmp/ref.yaml" 2>>"$TAP_WHY"
	yote-convert "$v" >"$tmp/back.yaml" 2>>"$TAP_WHY"
	st=$?
	c=0
	[ $st = 0 ] && cmp -s "$tmp/ref.yaml" "$tmp/back.yaml" && c=1
	[ $c = 0 ] && diff "$tmp/ref.yaml" "$tmp/back.yaml" | head -20 >>"$TAP_WHY"
	ok $c "${v##*/}: an archive of an earlier version reads back"
	yote-validate -q "$v" 2>>"$TAP_WHY"
	ok $((! $?)) "${v##*/}: its games validate"
	a=$(yote-convert --list "$v" 2>>"$TAP_WHY" | wc -l)
	b=$(yote-convert --list "$src" 2>>"$TAP_WHY" | wc -l)
	c=0
	[ "$a" = "$b" ] && [ "$a" -gt 0 ] && c=1
	ok $c "${v##*/}: --list gives its $b games"
	# The writer still writes that version, and must write the same
	# bytes: the ranks of a faster move generator or scorer are the
	# ranks of the old one (formats/archive.md section 6.1).
	# Written beside its record and ruleset, as the reference was: a
	# ruleset path is named from the folder of the archive written.
	vo=$(od -An -tu1 -j8 -N1 "$v" | tr -d ' ')
	cp "$src" tests/data/big-board.yaml "$tmp/"
	yote-convert --archive-version "$vo" -o "$tmp/again.yta" \
	    "$tmp/${src##*/}" 2>>"$TAP_WHY"
	cmp -s "$v" "$tmp/again.yta"
	ok $((! $?)) "${v##*/}: the writer of version $vo writes it byte for byte"
done

# ------------------------------------------- every ruleset, through archives

# Version 1: the reader ranks moves by a faster path than the writer
# (placements and steps counted by class boards, moves that take nothing
# scored without playing them): decoding what the writer ranked checks
# one against the other, move by move.  Version 2 (the default): the
# writer and the reader walk the same choices, so a round trip checks
# that every move is among them and comes back.  Both under every
# built-in ruleset and custom ones of every kind (chains, bonus kinds,
# plain and bridging self-jumps, hand rules, a tiny board, huge chains).
for rs in classic traditional damasi ndar-kepp \
    $(ls tests/rules/*.yaml | sed "s|^|$PWD/|"); do
    for av in 1 2; do
	name="${rs##*/}, version $av"
	gen-games --rules "$rs" --games 60 --seed 7 >"$tmp/g.yaml" \
	    2>>"$TAP_WHY"
	yote-convert --archive-version $av -o "$tmp/g.yta" "$tmp/g.yaml" \
	    2>>"$TAP_WHY"
	st=$?
	yote-convert "$tmp/g.yaml" >"$tmp/ref.yaml" 2>>"$TAP_WHY"
	yote-convert "$tmp/g.yta" >"$tmp/back.yaml" 2>>"$TAP_WHY"
	c=0
	[ $st = 0 ] && [ -s "$tmp/ref.yaml" ] &&
	    cmp -s "$tmp/ref.yaml" "$tmp/back.yaml" && c=1
	[ $c = 0 ] && diff "$tmp/ref.yaml" "$tmp/back.yaml" | head -10 >>"$TAP_WHY"
	ok $c "$name: 60 generated games read back from an archive"
	yote-validate -q "$tmp/g.yta" 2>>"$TAP_WHY"
	ok $((! $?)) "$name: and validate"
    done
done

tap_done
