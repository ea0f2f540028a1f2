#!/bin/sh
# The YAML reader reads a regular file in blocks and a pipe a byte at a
# time (yaml_read.c): both must say exactly the same, every diagnostic
# with its line and column, every "reading resumes at line N, game K",
# whatever falls on a block's edge; and the checker's cache of the moves
# it has read says what reading them anew says (TAP).
# Run from the project root (prove tests/yaml-read.t) after `make` and
# `make bin/gen-games`.
set -u
. tests/lib/env.sh
scratch yaml-read-t

. tests/lib/tap.sh
tap_need bin/yote-validate bin/gen-games

# N copies of the string S, without a newline
rep() {
	awk -v n="$1" -v s="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", s }'
}

# same FILE DESCRIPTION: yote-validate on FILE as standard input, a file
# then a pipe, prints the same and exits the same
same() {
	yote-validate --summary - <"$1" >"$tmp/file.out" 2>&1
	echo "exit $?" >>"$tmp/file.out"
	cat "$1" | yote-validate --summary - >"$tmp/pipe.out" 2>&1
	echo "exit $?" >>"$tmp/pipe.out"
	diff "$tmp/file.out" "$tmp/pipe.out" >"$tmp/diff"
	ok "$([ $? = 0 ] && grep -q ' games, ' "$tmp/file.out" && echo 1)" \
	    "file and pipe read alike: $2" "$tmp/diff" "$tmp/file.out"
}

printf 'yote: 1\nmoves: [c3, d4]\n---\nyote: 1\nmoves: [c3, d4\nevent: x\n---\nyote: 1\nmoves: [c3, d4]\n' \
    >"$tmp/a.yaml"
same "$tmp/a.yaml" "a syntax error, then a game"
printf 'yote: 1\nevent: "abc\n---\nyote: 1\nmoves: [c3]\n--- [\n...\nyote: 1\nmoves: [c3]\n' \
    >"$tmp/b.yaml"
same "$tmp/b.yaml" "an open quote and an end marker"
printf 'yote: 1\nevent: \377\n---\nyote: 1\nmoves: [c3]\n' >"$tmp/c.yaml"
same "$tmp/c.yaml" "a byte that is not UTF-8"
printf -- '---\r\nyote: 1\r\nmoves: [c3, c3]\r\n---\r\nyote: 1\r\nmoves: [c3\r\n' \
    >"$tmp/d.yaml"
same "$tmp/d.yaml" "CRLF lines, no end"
printf 'yote: 1\nmoves: [c3]\n---' >"$tmp/e.yaml"
same "$tmp/e.yaml" "a marker without a newline at the end"

# Many games, every ninth broken in a way of its own, so that errors, and
# the markers recovery looks for, fall on and around the 64 KiB edges of
# the blocks read.
gen-games --games 600 --seed 5 >"$tmp/games.yaml"
awk '
/^event:/ { g++
	if (g % 9 == 1) { print "event: \"open"; next }
	if (g % 9 == 4) { print "event: [a, b"; next }
	if (g % 9 == 7) { print "event: x: y"; next }
}
/^round:/ && g % 9 == 2 { print "round: \"1\" \"2\""; next }
{ print }' "$tmp/games.yaml" >"$tmp/broken.yaml"
same "$tmp/broken.yaml" "600 games, a third of them broken"

# A file is handed to libyaml many lines at a time: a byte libyaml
# refuses is then not always in the last line it was given, and must
# still be named on its own line, as a pipe (a line at a time) names it.
printf 'yote: 1\nevent: \377x\nsite: here\nround: 2\nmoves: [c3]\n---\nyote: 1\nmoves: [c3]\n' \
    >"$tmp/mid.yaml"
same "$tmp/mid.yaml" "a byte that is not UTF-8, lines before the next game"
yote-validate "$tmp/mid.yaml" >"$tmp/out" 2>&1
ok "$(grep -q 'mid.yaml:2:8: game 1: not a YAML text: invalid leading UTF-8 octet (byte 0xFF at offset 15); reading resumes at line 6, game 2$' "$tmp/out" && echo 1)" \
    "the refused byte named on its line" "$tmp/out"
printf 'yote: 1\nsite: a\001b\nround: 2\nmoves: [c3]\n---\nyote: 1\nmoves: [c3]\n' \
    >"$tmp/ctl.yaml"
same "$tmp/ctl.yaml" "a control character, lines before the next game"
printf 'yote: 1\nsite: a\303\nround: 2\nmoves: [c3]\n---\nyote: 1\nmoves: [c3]\n' \
    >"$tmp/cut.yaml"
same "$tmp/cut.yaml" "a UTF-8 sequence cut short, lines before the next game"
printf 'yote: 1\nsite: a\n\357\273\277round: 2\nevent: \377\nmoves: [c3]\n---\nyote: 1\nmoves: [c3]\n' \
    >"$tmp/bom.yaml"
same "$tmp/bom.yaml" "a byte order mark at a line's start, a bad byte after it"
awk '
/^event:/ { g++ }
/^site:/ && g % 7 == 3 { print "site: caf\351"; next }
/^date:/ && g % 7 == 5 { print "date: 2024\001"; next }
{ print }' "$tmp/broken.yaml" >"$tmp/bytes.yaml"
same "$tmp/bytes.yaml" "600 games, bytes libyaml refuses among the errors"

# a line longer than a block, then an error, then a game
{
	printf 'yote: 1\nmoves: [c3]\nx-long: "'
	rep 70000 ab
	printf '"\nevent: [\n---\nyote: 1\nmoves: [c3, c3]\n...\n'
	printf 'yote: 1\nx-long: '
	rep 140000 c
	printf '\nmoves: [c3]\n'
} >"$tmp/long.yaml"
same "$tmp/long.yaml" "lines longer than a block"

# the same games shifted by 1 to 9 bytes: each error at another offset
i=1
while [ $i -le 9 ]; do
	{ rep $i '#'; printf '\n'; cat "$tmp/broken.yaml"; } >"$tmp/shift.yaml"
	yote-validate --summary - <"$tmp/shift.yaml" >"$tmp/file.out" 2>&1
	cat "$tmp/shift.yaml" | yote-validate --summary - >"$tmp/pipe.out" 2>&1
	cmp -s "$tmp/file.out" "$tmp/pipe.out" || break
	i=$((i + 1))
done
ok "$([ $i = 10 ] && echo 1)" "file and pipe alike, errors shifted 1 to 9 bytes" \
    "$tmp/file.out" "$tmp/pipe.out"

# Comments and blank lines are no value: the bytes read towards a value's
# limit (5 MiB of text) leave out a blank line and a line that starts with
# '#', which more than 5 MiB of made "a value longer than 1 MiB" of a
# valid game, or of a game 1 that was not there.  Between games, inside a
# game (a 6 MB line of spaces, handed over in many reads, inside a list),
# before the first game; a file and a pipe alike.
# all_valid FILE DESCRIPTION: read alike as a file and a pipe, every game
# valid and nothing said
all_valid() {
	same "$1" "$2"
	ok "$(grep -q '^\([0-9]*\) games, \1 valid, 0 invalid' "$tmp/file.out" &&
	    [ "$(wc -l <"$tmp/file.out")" = 2 ] && echo 1)" \
	    "$2: every game valid" "$tmp/file.out"
}
gen-games --games 10000 --seed 2 | sed 's/^/# /' >"$tmp/comments"
{ gen-games --games 3 --seed 1; cat "$tmp/comments"; gen-games --games 3 --seed 4; } \
    >"$tmp/commented.yaml"
all_valid "$tmp/commented.yaml" "6 MB of commented-out games between games"
{
	printf 'yote: 1\nevent: Final\nmoves: [c3,\n'
	printf '%6000000s\n' ''
	printf '  d4]\n'
	yes '' | head -c 6000000
	printf -- '---\n'
	yes '# a comment' | head -c 6000000
	printf 'yote: 1\nmoves: [c3]\n'
} >"$tmp/blank.yaml"
all_valid "$tmp/blank.yaml" "6 MB of blank lines, spaces and comments inside games"
{
	yes '# a comment' | head -c 6000000
	printf 'yote: 1\nmoves: [c3]\n---\nyote: 1\nmoves: [c3]\n'
} >"$tmp/head.yaml"
all_valid "$tmp/head.yaml" "6 MB of comment lines before the first game"
# ... but inside a value they are still held to the limits: a block
# scalar's blank lines, a quoted value's lines that start with '#'
{
	printf 'yote: 1\nmoves: [c3]\ncomment: |\n  a\n'
	yes '' | head -c 2000000
	printf '  b\n---\nyote: 1\nmoves: [c3]\n'
} >"$tmp/inside.yaml"
{
	printf 'yote: 1\nmoves: [c3]\nevent: "a\n'
	yes '#b' | head -c 2000000
	printf '"\n'
} >"$tmp/quoted.yaml"
at=$(grep -n '^---$' "$tmp/inside.yaml" | sed 's/:.*//')
yote-validate "$tmp/inside.yaml" "$tmp/quoted.yaml" >"$tmp/out" 2>&1
ok "$(grep -q "inside.yaml:3:10: game 1: a value longer than 1 MiB (the limit); reading resumes at line $at, game 2\$" "$tmp/out" &&
    grep -q 'quoted.yaml:3:8: game 1: a value longer than 1 MiB (the limit)$' "$tmp/out" &&
    [ "$(wc -l <"$tmp/out")" = 2 ] && echo 1)" \
    "blank lines in a block scalar, '#' lines in a quoted value: a value over 1 MiB all the same" "$tmp/out"

# The checker keeps the moves it has read (checker.c): a text read on one
# board is read anew on another, and one with a NUL byte is never taken
# for the text before it.
cp tests/data/big-board.yaml "$tmp/big-board.yaml"
printf '%s\n' 'yote: 1' 'rules: big-board.yaml' 'moves: [g6, a1, f6, b1]' \
    --- 'yote: 1' 'moves: [g6]' --- 'yote: 1' 'moves: [f5, f6]' \
    --- 'yote: 1' 'moves: ["c3\0x", c3]' --- 'yote: 1' 'moves: [c3, C3]' \
    >"$tmp/sizes.yaml"
yote-validate "$tmp/sizes.yaml" >"$tmp/out" 2>&1
rc=$?
ok "$([ $rc = 1 ] &&
    grep -q ':6:9: game 2, ply 1: illegal move .g6.: g6 is off the 6x5 board$' "$tmp/out" &&
    grep -q ':9:13: game 3, ply 2: illegal move .f6.: f6 is off the 6x5 board$' "$tmp/out" &&
    grep -q ':12:9: game 4, ply 1: bad move: a NUL byte at character 3$' "$tmp/out" &&
    grep -q ':15:13: game 5, ply 2: illegal move .C3.: c3 is occupied' "$tmp/out" &&
    [ "$(wc -l <"$tmp/out")" = 4 ] && echo 1)" \
    "moves read before: on another board, with a NUL byte, in capitals" "$tmp/out"

# and the built-in ruleset it keeps by name: each record's own (a name
# with a NUL byte is none: "classic\0x" is not classic)
printf '%s\n' 'yote: 1' 'rules: classic' 'moves: [f1]' --- 'yote: 1' \
    'rules: ndar-kepp' 'moves: [f1]' --- 'yote: 1' 'rules: classic' \
    'moves: [f1]' --- 'yote: 1' 'rules: clasic' 'moves: [f1]' --- \
    'yote: 1' 'rules: "classic\0x"' 'moves: [f1]' --- 'yote: 1' \
    'rules: ndar-kepp' 'moves: [f1]' >"$tmp/rules.yaml"
yote-validate --summary "$tmp/rules.yaml" >"$tmp/out" 2>&1
ok "$(grep -q ':7:9: game 2, ply 1: illegal move .f1.: f1 is off the 5x5 board$' "$tmp/out" &&
    grep -q ":14:8: game 4: unknown ruleset 'clasic'" "$tmp/out" &&
    grep -q ":18:8: game 5: 'rules' holds a NUL byte at character 8$" "$tmp/out" &&
    grep -q ':23:9: game 6, ply 1: illegal move .f1.: f1 is off the 5x5 board$' "$tmp/out" &&
    grep -q '^6 games, 2 valid, 4 invalid' "$tmp/out" && echo 1)" \
    "rulesets named record by record, one after another" "$tmp/out"

# a game cut short by the end of the input: the place is the end of its
# last line, not the line after it (libyaml's mark, '3:1' of a file of 2
# lines), and the message says the input ends there; a ruleset file too
printf 'yote: 1\nmoves: [c3, ' >"$tmp/cut1.yaml"
printf -- '---\nyote: 1\nmoves: [c3]\n---\nyote: 1\nmoves: [c3,\n' >"$tmp/cut2.yaml"
printf 'yote-rules: 1\nname: [x\n' >"$tmp/cutrules.yaml"
yote-validate "$tmp/cut1.yaml" "$tmp/cut2.yaml" >"$tmp/out" 2>&1
yote-validate -r "$tmp/cutrules.yaml" "$tmp/cut1.yaml" >>"$tmp/out" 2>&1
ok "$(grep -q 'cut1.yaml:2:13: game 1: YAML syntax error: .* (the input ends here)$' "$tmp/out" &&
    grep -q 'cut2.yaml:6:12: game 2: YAML syntax error: .* (the input ends here)$' "$tmp/out" &&
    grep -q 'cutrules.yaml:2:9: rules: YAML syntax error: .* (the input ends here)$' "$tmp/out" &&
    echo 1)" "a game or a ruleset cut short by the end of the input: the end of its last line" "$tmp/out"

# a list or a quote left open runs on into the next line, where libyaml
# stops: the place is where it opens ('[' at 2:8), the message says where
# libyaml stopped; a ruleset file the same (one helper says both); and a
# quote cut short by the end of an input without a final newline is at the
# input's end too (it was said only with the newline)
printf 'yote: 1\nmoves: [c3\nevent: x\n---\nyote: 1\nmoves: [c3]\n' >"$tmp/open1.yaml"
printf 'yote: 1\nevent: "abc' >"$tmp/open2.yaml"
printf 'yote-rules: 1\nname: [x\ndescription: y\n' >"$tmp/openrules.yaml"
yote-validate "$tmp/open1.yaml" "$tmp/open2.yaml" >"$tmp/out" 2>&1
yote-validate -r "$tmp/openrules.yaml" "$tmp/open2.yaml" >>"$tmp/out" 2>&1
ok "$(grep -q "open1.yaml:2:8: game 1: YAML syntax error: did not find expected ',' or ']' while parsing a flow sequence (the '\\[' here is not closed by line 3, column 6); reading resumes at line 4, game 2$" "$tmp/out" &&
    grep -q 'open2.yaml:2:12: game 1: YAML syntax error: .* (the input ends here)$' "$tmp/out" &&
    grep -q "openrules.yaml:2:7: rules: YAML syntax error: .* (the '\\[' here is not closed by line 3, column 12)$" "$tmp/out" &&
    echo 1)" "a list or a quote left open: placed where it opens; at the end of the input with or without a newline" "$tmp/out"

# UTF-16 (formats/record.md 6): the reader decodes it before it looks for
# the lines to resume at, so an error in a UTF-16 file hides no game after
# it (every later game was dropped, silently), and files joined with cat,
# each with its byte order mark (UTF-8, UTF-16 LE or BE) or starting with
# '---' in its own encoding, are read as one stream
u16() {         # le|be: ASCII text on stdin as UTF-16, no byte order mark
	od -An -v -to1 | tr -s ' ' '\n' | sed '/^$/d' | while read -r o; do
		if [ "$1" = le ]; then printf "\\$o\\000"; else printf "\\000\\$o"; fi
	done
}
printf -- '---\nyote: 1\nmoves:\n\t- c3\n---\nyote: 1\nfirst: Second\nmoves: [c3]\n---\nyote: 1\nfirst: Third\nmoves: [c3]\n' \
    >"$tmp/u8err.yaml"
{ printf '\377\376'; u16 le <"$tmp/u8err.yaml"; } >"$tmp/u16le.yaml"
{ printf '\376\377'; u16 be <"$tmp/u8err.yaml"; } >"$tmp/u16be.yaml"
u16 le <"$tmp/u8err.yaml" >"$tmp/u16nobom.yaml"
same "$tmp/u16le.yaml" "UTF-16 with an error in game 1"
yote-validate --summary "$tmp/u16le.yaml" >"$tmp/out" 2>&1
ok "$(grep -q ':4:1: game 1: YAML syntax error: .*; reading resumes at line 5, game 2$' "$tmp/out" &&
    grep -q '^3 games, 2 valid, 1 invalid' "$tmp/out" && echo 1)" \
    "UTF-16: a YAML error resumes at the next game, as in UTF-8" "$tmp/out"
i=0
for pair in "u16le u16le" "u16le u16be" "u8err u16be" "u16be u8err" \
    "u8err u16nobom" "u16le u8err"; do
	set -- $pair
	cat "$tmp/$1.yaml" "$tmp/$2.yaml" >"$tmp/joined.yaml"
	yote-validate --summary "$tmp/joined.yaml" >"$tmp/out" 2>&1
	grep -q ':16:1: game 4: YAML syntax error: .*; reading resumes at line 17, game 5$' "$tmp/out" &&
	    grep -q '^6 games, 4 valid, 2 invalid' "$tmp/out" && i=$((i + 1))
	cat "$tmp/out" >>"$tmp/joined.out"
done
ok "$([ $i = 6 ] && echo 1)" \
    "files joined with cat, in UTF-8 and UTF-16 (LE, BE, with and without a byte order mark): every game read" \
    "$tmp/joined.out"

# an error in the last game of a file that ends with '...': no 'reading
# resumes at line 4, game 2' for a game that is not there
printf 'yote: 1\nmoves: [c3]\n---\nyote: 1\nmoves: [c3\n...\n' >"$tmp/dots.yaml"
same "$tmp/dots.yaml" "an error in a last game ended by '...'"
yote-validate --summary "$tmp/dots.yaml" >"$tmp/out" 2>&1
ok "$(grep -q "dots.yaml:5:8: game 2: YAML syntax error: .* (the '\\[' here is not closed by line 6, column 1)$" "$tmp/out" &&
    grep -q '^2 games, 1 valid, 1 invalid' "$tmp/out" && echo 1)" \
    "an error in a last game ended by '...': no resume promised" "$tmp/out"

# a game's diagnostics in the order of their places (the repeated keys
# below the moves were said before the illegal move above them), and
# every one of a game that has more than the 256 held for sorting
printf 'yote: 1\nmoves: [c3, c3]\nyote: 1\nmoves: [c3]\n' >"$tmp/order.yaml"
yote-validate "$tmp/order.yaml" 2>&1 | sed 's/: game.*//; s/.*order.yaml://' | tr '\n' ' ' >"$tmp/got"
awk 'BEGIN { print "yote: 1"; print "moves:"; for (i = 0; i < 1000; i++) print "  - {move: a1, coment: x}" }' \
    >"$tmp/warn.yaml"
yote-validate "$tmp/warn.yaml" 2>&1 | grep -c "unknown key 'coment'" >"$tmp/n"
yote-validate "$tmp/warn.yaml" 2>&1 | grep "unknown key 'coment'" | head -300 |
    sed 's/.*warn.yaml:\([0-9]*\):.*/\1/' | sort -nc 2>"$tmp/unsorted"
ok "$([ "$(cat "$tmp/got")" = "2:13 3:1 " ] && [ "$(cat "$tmp/n")" = 1000 ] &&
    [ ! -s "$tmp/unsorted" ] && echo 1)" \
    "a game's diagnostics in line order ($(cat "$tmp/got")), all 1,000 of one game said" "$tmp/unsorted"

# a document whose directive libyaml refuses ('%YAML 9.9') counts once:
# reading resumes after its own '---', and the games after it keep their
# numbers (it was counted twice: a phantom game 3, valid, and the rest
# shifted)
printf -- '---\nyote: 1\nmoves: [c3]\n...\n%%YAML 9.9\n---\nyote: 1\nmoves: [c3]\n---\nyote: 1\nmoves: [c3, c3]\n' \
    >"$tmp/phantom.yaml"
yote-validate --summary "$tmp/phantom.yaml" >"$tmp/out" 2>&1
ok "$(grep -q ':5:1: game 2: YAML syntax error: found incompatible YAML document; reading resumes at line 9, game 3$' "$tmp/out" &&
    grep -q ':11:13: game 3, ply 2: illegal move' "$tmp/out" &&
    grep -q '^3 games, 1 valid, 2 invalid' "$tmp/out" && echo 1)" \
    "a document refused for its directive counts once" "$tmp/out"

tap_done
