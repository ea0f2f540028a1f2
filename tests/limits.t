#!/bin/sh
# The limits of src/yote_limits.h (man/yote.5, LIMITS) as every reader and
# tool meets them (TAP): the same limit, the same message, whatever the
# format; no tool writes what the tools then refuse.
# Run from the project root (prove tests/limits.t) after `make`.
set -u
. tests/lib/env.sh
scratch limits-t

. tests/lib/tap.sh
tap_need bin/yote-validate bin/yote-convert

# N copies of the string S, without a newline
rep() {
	awk -v n="$1" -v s="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", s }'
}

# ------------------------------------------------------------ values
# A 1 MiB + 1 value: refused by the YAML and lines readers alike, and the
# next game is read.
{
	printf '@yote=1\tevent='
	rep 1048577 a
	printf '\tmoves=[c3 d4]\n@yote=1\tmoves=[c3 d4]\n'
} >"$tmp/big.lines"
yote-validate --summary "$tmp/big.lines" >"$tmp/out" 2>"$tmp/err"
rc=$?
ok "$([ $rc = 1 ] && grep -q 'game 1: a value longer than 1 MiB (the limit)' \
    "$tmp/err" && grep -q '^2 games, 1 valid, 1 invalid' "$tmp/out" &&
    echo 1)" "lines: a value over 1 MiB is refused, the next game read" \
    "$tmp/err" "$tmp/out"

# a line over 64 MiB: refused at the column where it begins, as every
# diagnostic of a lines file has a column (it had none), the next read
{
	printf '@yote=1\tevent='
	head -c 67200000 /dev/zero | tr '\0' a
	printf '\n@yote=1\tmoves=[c3 d4]\n'
} | yote-validate --summary >"$tmp/out" 2>"$tmp/err"
ok "$(grep -q '^yote-validate: <stdin>:1:1: game 1: a game longer than 64 MiB (the limit)$' \
    "$tmp/err" && grep -q '^2 games, 1 valid, 1 invalid' "$tmp/out" &&
    echo 1)" "lines: a game over 64 MiB is named at its line's column 1, the next game read" \
    "$tmp/err" "$tmp/out"

# the largest value allowed goes through lines -> yaml -> lines
{
	printf '@yote=1\tevent='
	rep 1048576 a
	printf '\tmoves=[c3 d4]\n'
} >"$tmp/max.lines"
yote-convert -t yaml "$tmp/max.lines" >"$tmp/max.yaml" 2>"$tmp/err" &&
    yote-validate -q "$tmp/max.yaml" 2>>"$tmp/err" &&
    yote-convert -t lines "$tmp/max.yaml" >"$tmp/max2.lines" 2>>"$tmp/err" &&
    yote-validate -q "$tmp/max2.lines" 2>>"$tmp/err"
ok $((! $?)) "a value of exactly 1 MiB converts and validates in both formats" \
    "$tmp/err"
# ... and so do values within the limit that the writers escape to more
# than it: 1,000,000 bytes of emoji (YAML writes each "\U0001F981"),
# 600,000 tabs (lines write each %09), each one refused by the reader
# as 'longer than 1 MiB' after a conversion that said nothing
{
	printf '@1\tyote=1\tevent='
	rep 250000 '\360\237\246\201'
	printf '\tsite='
	rep 600000 '%09'
	printf '\tmoves=[c3 d4]\n'
} >"$tmp/esc.lines"
yote-validate -q "$tmp/esc.lines" 2>"$tmp/err" &&
    yote-convert -t yaml "$tmp/esc.lines" >"$tmp/esc.yaml" 2>>"$tmp/err" &&
    yote-validate -q "$tmp/esc.yaml" 2>>"$tmp/err" &&
    yote-convert -t lines "$tmp/esc.yaml" >"$tmp/esc2.lines" 2>>"$tmp/err" &&
    yote-validate -q "$tmp/esc2.lines" 2>>"$tmp/err" &&
    yote-convert -t yaml "$tmp/esc2.lines" 2>>"$tmp/err" | cmp -s - "$tmp/esc.yaml"
ok $((! $?)) "values within the limit that the writers escape past it: written and read back, YAML -> lines -> YAML the same" \
    "$tmp/err"

# ------------------------------------------------------------ keys, items
# 4097 keys in one mapping, 131073 items in one list, YAML and lines: the
# same message
{
	printf 'yote: 1\nmoves: [c3]\n'
	awk 'BEGIN { for (i = 0; i < 4096; i++) printf "x-k%d: v\n", i }'
} >"$tmp/keys.yaml"
{
	printf '@yote=1\tmoves=[c3]'
	awk 'BEGIN { for (i = 0; i < 4096; i++) printf "\tx-k%d=v", i }'
	printf '\n'
} >"$tmp/keys.lines"

# 131073 items in one list
{ printf 'yote: 1\nmoves: ['; rep 131072 'c3, '; printf 'c3]\n'; } \
    >"$tmp/items.yaml"
{ printf '@yote=1\tmoves=['; rep 131072 'c3 '; printf 'c3]\n'; } \
    >"$tmp/items.lines"
for f in keys.yaml keys.lines items.yaml items.lines; do
	case $f in
	keys.*) why='a mapping with more than 4096 keys (the limit)' ;;
	*) why='a list with more than 131072 items (the limit)' ;;
	esac
	yote-validate "$tmp/$f" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	ok "$([ $rc = 1 ] && grep -q ": game 1: $why\$" "$tmp/err" && echo 1)" \
	    "$f: refused with '$why'" "$tmp/err"
done

# ... and with a game after it: the message says where reading resumes,
# as a YAML error's and an over-long value's do (it ended at "(the limit)")
for f in keys items; do
	{ cat "$tmp/$f.yaml"; printf -- '---\nyote: 1\nmoves: [c3]\n'; } \
	    >"$tmp/$f-next.yaml"
done
yote-validate --summary "$tmp/keys-next.yaml" "$tmp/items-next.yaml" \
    >"$tmp/out" 2>"$tmp/err"
ok "$(grep -q 'keys-next.yaml:4097:1: game 1: a mapping with more than 4096 keys (the limit); reading resumes at line 4099, game 2$' "$tmp/err" &&
    grep -q 'items-next.yaml:2:[0-9]*: game 1: a list with more than 131072 items (the limit); reading resumes at line 3, game 2$' "$tmp/err" &&
    grep -q '^4 games, 2 valid, 2 invalid' "$tmp/out" && echo 1)" \
    "keys and items over their limits, a game after: where reading resumes, said" \
    "$tmp/err" "$tmp/out"

# A game over the list limit whose rest runs on past 64 MiB, then a valid
# game: no next game within the 64 MiB looked through, and the message
# says so (it ended at "(the limit)", and the games after it vanished in
# silence)
{
	printf 'yote: 1\nmoves: ['
	rep 131073 'c3, '
	head -c 68000000 /dev/zero | tr '\0' a
	printf ']\n---\nyote: 1\nmoves: [c3]\n'
} | yote-validate --summary >"$tmp/out" 2>"$tmp/err"
ok "$(grep -q '^yote-validate: <stdin>:2:[0-9]*: game 1: a list with more than 131072 items (the limit); no game begins (---) in the next 64 MiB: the rest of the input is not read$' \
    "$tmp/err" && grep -q '^1 game, 0 valid, 1 invalid' "$tmp/out" &&
    echo 1)" "a list over its limit, the rest past 64 MiB: the rest of the input is not read, said" \
    "$tmp/err" "$tmp/out"

# a game within the limits whose line, escaped, would pass 64 MiB: the
# lines writer refuses it (the lines reader would), and writes nothing
{
	printf 'yote: 1\nmoves: [c3]\n'
	i=0
	while [ $i -lt 23 ]; do
		printf 'x-v%d: "' $i
		rep 1048576 '\t'
		printf '"\n'
		i=$((i + 1))
	done
} >"$tmp/wide.yaml"
yote-validate -q "$tmp/wide.yaml" 2>"$tmp/err" &&
    yote-convert -t lines "$tmp/wide.yaml" >"$tmp/out" 2>>"$tmp/err"
rc=$?
ok "$([ $rc = 1 ] && [ ! -s "$tmp/out" ] &&
    grep -q 'a line longer than 64 MiB (the limit) once escaped' "$tmp/err" &&
    echo 1)" "lines writer: a line the reader would refuse is not written" \
    "$tmp/err"

# ------------------------------------------------------------ recovery
# A YAML error inside one game hides none after it (issue 14): the message
# says where reading resumes, the broken game counts as invalid.
printf 'yote: 1\nmoves: [c3, d4]\n---\nyote: 1\nmoves: [c3, d4\nevent: x\n---\nyote: 1\nmoves: [c3, d4]\n' \
    >"$tmp/broken.yaml"
yote-validate --summary "$tmp/broken.yaml" >"$tmp/out" 2>"$tmp/err"
rc=$?
ok "$([ $rc = 1 ] && grep -q ':5:8: game 2: YAML syntax error: .* (the .\[. here is not closed by line 6, column 6); reading resumes at line 7, game 3$' \
    "$tmp/err" && grep -q '^3 games, 2 valid, 1 invalid' "$tmp/out" &&
    echo 1)" "a syntax error in game 2 of 3: game 3 is read" "$tmp/err" \
    "$tmp/out"

# an unclosed quote runs into the next "---"; a "..." line ends a game too
printf 'yote: 1\nevent: "abc\n---\nyote: 1\nmoves: [c3]\n--- [\n...\nyote: 1\nmoves: [c3]\n' \
    >"$tmp/broken2.yaml"
yote-validate --summary "$tmp/broken2.yaml" >"$tmp/out" 2>"$tmp/err"
ok "$(grep -q ':2:8: game 1: .* (the quote here is not closed by line 3, column 1); reading resumes at line 3, game 2$' \
    "$tmp/err" && grep -q 'game 3: .*reading resumes at line 8, game 4$' \
    "$tmp/err" && grep -q '^4 games, 2 valid, 2 invalid' "$tmp/out" &&
    echo 1)" "recovery at '---' and after '...', line numbers kept" \
    "$tmp/err" "$tmp/out"

# the games after a broken one keep their own line numbers
printf 'yote: 1\nmoves: [c3, ]]\n---\nyote: 1\nmoves: [c3, c3]\n' \
    >"$tmp/broken3.yaml"
yote-validate "$tmp/broken3.yaml" >"$tmp/out" 2>"$tmp/err"
ok "$(grep -q ':5:13: game 2, ply 2: illegal move' "$tmp/err" && echo 1)" \
    "after a resume, lines and columns are the file's" "$tmp/err"

# bytes that are not UTF-8 in game 1: game 2 is still read
{ printf 'yote: 1\nevent: \377\n---\nyote: 1\nmoves: [c3]\n'; } >"$tmp/bin.yaml"
yote-validate --summary "$tmp/bin.yaml" >"$tmp/out" 2>"$tmp/err"
ok "$(grep -q 'game 1: not a YAML text.*reading resumes at line 3, game 2' \
    "$tmp/err" && grep -q '^2 games, 1 valid, 1 invalid' "$tmp/out" &&
    echo 1)" "not UTF-8 in game 1: game 2 is read" "$tmp/err" "$tmp/out"

# ------------------------------------------------------------ nesting
# 100,000 '[' (a minute of libyaml's time when fed whole): refused at the
# 65th, and the game after it read, the message saying where
for sep in '' '\n'; do
	{
		printf 'yote: 1\nmoves: [c3]\n---\nyote: 1\nmoves: '
		rep 100000 "[$sep"
		printf '\n---\nyote: 1\nmoves: [c3]\n'
	} >"$tmp/deep.yaml"
	at=$(grep -n '^---$' "$tmp/deep.yaml" | sed -n '2s/:.*//p')
	yote-validate --summary "$tmp/deep.yaml" >"$tmp/out" 2>"$tmp/err"
	ok "$(grep -q "game 2: nesting deeper than 64 levels (the limit); reading resumes at line $at, game 3\$" \
	    "$tmp/err" && grep -q '^3 games, 2 valid, 1 invalid' "$tmp/out" &&
	    echo 1)" "100,000 nested lists${sep:+ on lines}: refused, game 3 read" \
	    "$tmp/err" "$tmp/out"
done


# ------------------------------------------------------------ duplicate keys
# sorted, not compared pair by pair: every repeat reported, in order
{
	printf 'yote: 1\nmoves: [c3]\n'
	awk 'BEGIN { for (i = 0; i < 4000; i++) printf "x-k%d: v\n", i % 2000 }'
} >"$tmp/dups.yaml"
yote-validate "$tmp/dups.yaml" >"$tmp/out" 2>"$tmp/err"
ok "$([ "$(grep -c 'given twice' "$tmp/err")" = 2000 ] &&
    head -1 "$tmp/err" | grep -q ":2003:1: game 1: key 'x-k0' given twice (first at line 3)" &&
    echo 1)" "4,000 keys, 2,000 repeated: each repeat reported once, in order" \
    "$tmp/err"

# ------------------------------------------------------------ rules: files
# A record may make a tool open a regular ruleset file only.
good() {
	printf 'yote: 1\nrules: %s\nmoves: [c3]\n' "$1"
}
mkfifo "$tmp/fifo" 2>/dev/null
if [ -p "$tmp/fifo" ]; then
	{ good "$tmp/fifo"; printf -- '---\n'; good classic; } >"$tmp/r-fifo.yaml"
	yote-validate --summary "$tmp/r-fifo.yaml" >"$tmp/out" 2>"$tmp/err"
	ok "$(grep -q 'not a regular file' "$tmp/err" &&
	    grep -q '^2 games, 1 valid, 1 invalid' "$tmp/out" && echo 1)" \
	    "rules: a FIFO is refused at once (no wait for a writer)" \
	    "$tmp/err" "$tmp/out"
else
	skip "no mkfifo"
fi
# /dev/stdin would eat the records that follow on a pipe
{ good /dev/stdin; printf -- '---\n'; good classic; } |
    yote-validate --summary >"$tmp/out" 2>"$tmp/err"
ok "$(grep -q 'not a regular file' "$tmp/err" &&
    grep -q '^2 games, 1 valid, 1 invalid' "$tmp/out" && echo 1)" \
    "rules: /dev/stdin is refused, the next record still read" "$tmp/err" \
    "$tmp/out"
# a file that is not a ruleset: named, none of its text shown
printf 'secret-key: hunter2\nroot: x:0:0:root:/root:/bin/sh\n' >"$tmp/secret.yaml"
printf 'root:$6$hunter2:19000:0:99999:7:::\nsecret-key: hunter2\n' \
    >"$tmp/shadow.yaml"
{ good "$tmp/secret.yaml"; printf -- '---\n'; good "$tmp/shadow.yaml"; } \
    >"$tmp/r-secret.yaml"
yote-validate "$tmp/r-secret.yaml" >"$tmp/out" 2>"$tmp/err"
ok "$(grep -q 'secret.yaml.*not a ruleset file' "$tmp/err" &&
    grep -q 'game 2: ruleset file .*shadow.yaml' "$tmp/err" &&
    ! grep -q 'hunter2\|secret-key\|root' "$tmp/err" && echo 1)" \
    "rules: a file that is not a ruleset is named, its text never shown" \
    "$tmp/err"
# YOTE_NO_RULES_FILES: no file at all, the built-ins still fine
cp tests/rules/chain-any.yaml "$tmp/chain-any.yaml"
{ good "$tmp/chain-any.yaml"; printf -- '---\n'; good classic; } >"$tmp/r-env.yaml"
yote-validate --summary "$tmp/r-env.yaml" >"$tmp/out" 2>"$tmp/err"
ok $((! $?)) "rules: a ruleset file is read by default" "$tmp/err"
YOTE_NO_RULES_FILES=1 yote-validate --summary "$tmp/r-env.yaml" \
    >"$tmp/out" 2>"$tmp/err"
ok "$(grep -q 'YOTE_NO_RULES_FILES' "$tmp/err" &&
    grep -q '^2 games, 1 valid, 1 invalid' "$tmp/out" && echo 1)" \
    "YOTE_NO_RULES_FILES=1: a record naming a file is invalid" "$tmp/err" \
    "$tmp/out"
# 100,000 '[' in a ruleset file (quadratic in libyaml): refused at depth 9
{ printf 'yote-rules: 1\nname: '; rep 60000 '['; printf '\n'; } >"$tmp/deep-rules.yaml"
good "$tmp/deep-rules.yaml" >"$tmp/r-deep.yaml"
yote-validate "$tmp/r-deep.yaml" >"$tmp/out" 2>"$tmp/err"
ok "$(grep -q 'nesting deeper than 8 levels (the limit for a ruleset file)' \
    "$tmp/err" && echo 1)" "rules: a ruleset nested 60,000 deep is refused at once" \
    "$tmp/err"

# a byte that is not text in a ruleset file: named on its own line and
# column, as the record reader names one (not at the document's start,
# where libyaml's mark still is)
printf 'yote-rules: 1\nname: x\ndescription: caf\351\nboard: 5x6\n' \
    >"$tmp/utf-rules.yaml"
yote-validate --rules "$tmp/utf-rules.yaml" samples/classic.yaml \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
ok "$([ $rc = 1 ] && grep -q 'utf-rules.yaml:3:18: rules: not a YAML text: invalid trailing UTF-8 octet (byte 0x0A at offset 39)$' "$tmp/err" && echo 1)" \
    "rules: a byte that is not UTF-8 named at its line and column" "$tmp/err"
printf '\357\273\277yote-rules: 1\nname: a\001b\n' >"$tmp/ctl-rules.yaml"
good "$tmp/ctl-rules.yaml" >"$tmp/r-ctl.yaml"
yote-validate "$tmp/r-ctl.yaml" >"$tmp/out" 2>"$tmp/err"
ok "$(grep -q 'ctl-rules.yaml:2:8: rules: not a YAML text: control characters are not allowed (byte 0x01 at offset 24)' "$tmp/err" && echo 1)" \
    "rules: a control character after a byte order mark, at its place" "$tmp/err"

# ------------------------------------------------------------ other files
# Every file an option names is read whole within its limit, and a text
# one is refused at its first NUL byte, with the file and the line
# (issue 24: --criteria /dev/zero grew by 0.5 GB a second; a criteria line
# that began with a NUL was an empty line, and every game was chosen).
# The address space is held to 400 MB where that means memory.
sanitized=0
grep -q sanitize bin/build.mk 2>/dev/null && sanitized=1
capped() {
	if [ $sanitized = 1 ]; then "$@"; else (ulimit -v 400000 && "$@"); fi
}
capped timeout 60 yote-convert -l --criteria /dev/zero samples/classic.yaml \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
ok "$([ $rc = 2 ] && [ ! -s "$tmp/out" ] &&
    grep -q '^yote-convert: /dev/zero:1:1: a NUL byte: a criteria file is text$' \
    "$tmp/err" && echo 1)" "--criteria /dev/zero: refused at once, exit 2 ($rc)" \
    "$tmp/err"
printf 'player Hawa\n\000result 1-0\n' >"$tmp/nul.crit"
yote-convert -l --criteria "$tmp/nul.crit" samples/classic.yaml \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
ok "$([ $rc = 2 ] && [ ! -s "$tmp/out" ] &&
    grep -q "nul.crit:2:1: a NUL byte: a criteria file is text" "$tmp/err" &&
    echo 1)" "--criteria: a line that begins with NUL is refused, not empty ($rc)" \
    "$tmp/err" "$tmp/out"
# 1 MiB and one byte, from a pipe: the line where it passes the limit
awk 'BEGIN { for (i = 0; i < 65536; i++) print "player abcdefghij" }' |
    capped yote-convert -l --criteria - samples/classic.yaml \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
ok "$([ $rc = 2 ] && grep -q '^yote-convert: <stdin>:58255:[0-9]*: larger than 1 MiB (the limit for a criteria file)$' \
    "$tmp/err" && echo 1)" "--criteria: over 1 MiB (from a pipe) is refused with its line ($rc)" \
    "$tmp/err"
# a ruleset file: the NUL's own line, on the command line and in a record
{ sed -n 1,2p formats/rules/classic.yaml; printf '# a\000b\n';
    sed 1,2d formats/rules/classic.yaml; } >"$tmp/nul-rules.yaml"
yote-validate --rules "$tmp/nul-rules.yaml" samples/classic.yaml \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
ok "$([ $rc = 1 ] && grep -q 'nul-rules.yaml:3:4: rules: a NUL byte: a ruleset file is text' \
    "$tmp/err" && echo 1)" "--rules FILE: a NUL byte named at its line and column ($rc)" \
    "$tmp/err"
good "$tmp/nul-rules.yaml" >"$tmp/r-nul.yaml"
yote-validate --summary "$tmp/r-nul.yaml" >"$tmp/out" 2>"$tmp/err"
ok "$(grep -q '^1 game, 0 valid, 1 invalid' "$tmp/out" &&
    grep -q 'nul-rules.yaml:3:4: rules: a NUL byte' "$tmp/err" && echo 1)" \
    "rules: a record's ruleset file with a NUL byte is named at its line" \
    "$tmp/err" "$tmp/out"
if [ -x bin/yote-play ]; then
	capped timeout 60 yote-play --match beginner,beginner --games 2 --no-tb \
	    --openings /dev/zero >"$tmp/out" 2>"$tmp/err"
	rc=$?
	ok "$([ $rc = 1 ] && grep -q '^yote-play: /dev/zero:.*larger than 16 MiB (the limit for an openings file)$' \
	    "$tmp/err" && echo 1)" "yote-play --openings /dev/zero: refused past 16 MiB, exit 1 ($rc)" \
	    "$tmp/err"
	# the protocol's rules command names the file and the line too
	printf 'rules %s\nisready\n' "$tmp/nul-rules.yaml" |
	    timeout 20 yote-play --protocol >"$tmp/out" 2>"$tmp/err"
	ok "$(grep -q "^error rules: $tmp/nul-rules.yaml:3:4: rules: a NUL byte: a ruleset file is text\$" \
	    "$tmp/out" && echo 1)" "protocol: rules FILE with a NUL byte: named at its line and column" \
	    "$tmp/out"
fi
# --merge-summaries reads lines of at most 64 MiB (/dev/zero grew by 0.3 GB
# a second), and names a NUL byte
sum='{"kind":"summary","games":2,"valid":2,"invalid":0,"plies":9,"warnings":0,"games_with_warnings":0,"status":0}'
{ head -c 70000000 /dev/zero; printf '\n%s\n' "$sum"; } |
    capped timeout 60 yote-validate --merge-summaries >"$tmp/out" 2>"$tmp/err"
rc=$?
ok "$([ $rc = 1 ] && grep -q '^yote-validate: <stdin>:1: longer than 64 MiB' "$tmp/err" &&
    grep -q '^2 games, 2 valid' "$tmp/out" && echo 1)" \
    "--merge-summaries: a line over 64 MiB is passed over, the next read ($rc)" \
    "$tmp/err" "$tmp/out"
printf '%s\n\000%s\n' "$sum" "$sum" >"$tmp/nul.sum"
yote-validate --merge-summaries "$tmp/nul.sum" >"$tmp/out" 2>"$tmp/err"
rc=$?
ok "$([ $rc = 1 ] && grep -q 'nul.sum:2: a NUL byte' "$tmp/err" &&
    grep -q '^2 games, 2 valid' "$tmp/out" && echo 1)" \
    "--merge-summaries: a NUL byte is named at its line ($rc)" "$tmp/err" "$tmp/out"

# ------------------------------------------------------------ huge positions
# tests/rules/huge-chains.yaml: 6x6, 64 pieces, chains, bonus from the board
# or the hand, bridges.  This position has more moves than can be counted
# in a lifetime (issue 16: validation never ended).
pos='o1o1o1/1o1o1o/o1o1o1/1o1o1o/o1o1o1/xo1o1o x 40 40 0 1'
cp tests/rules/huge-chains.yaml "$tmp/huge.yaml"
huge() {
	printf 'yote: 1\nrules: huge.yaml\nstart: "%s"\nmoves: [%s]\n' "$pos" "$1"
}
# a legal chain of three captures, each with a bonus: legal, whatever the limit
huge 'a1xc1+@xe1+a6xe3+e6' >"$tmp/h-legal.yaml"
yote-validate "$tmp/h-legal.yaml" >"$tmp/out" 2>"$tmp/err"
ok $((! $?)) "huge position: a legal chain is legal (checked along its path)" \
    "$tmp/err"
# an archive of version 1 cannot rank its moves: with -k it keeps the
# valid game as text, said at the move, and not counted among the invalid
yote-convert --archive-version 1 -k -o "$tmp/h.yta" "$tmp/h-legal.yaml" \
    2>"$tmp/err"
rc=$?
ok "$([ $rc = 0 ] && grep -q 'h-legal.yaml:4:9: game 1, ply 1: more legal moves than the limit' "$tmp/err" &&
    ! grep -q 'invalid' "$tmp/err" &&
    echo 1)" "huge position: an archive -k keeps a valid game as text, said at its move, not invalid ($rc)" \
    "$tmp/err"
huge 'a1xa3' >"$tmp/h-illegal.yaml"
yote-validate "$tmp/h-illegal.yaml" >"$tmp/out" 2>"$tmp/err"
ok "$(grep -q "illegal move 'a1xa3': .* (more than 10000 legal moves from a1)" \
    "$tmp/err" && echo 1)" "huge position: an illegal move lists a bounded number and says so" \
    "$tmp/err"
huge 'a6' >"$tmp/h-occupied.yaml"
yote-validate "$tmp/h-occupied.yaml" >"$tmp/out" 2>"$tmp/err"
ok "$(grep -q 'more than 1000000 legal moves in all' "$tmp/err" && echo 1)" \
    "huge position: the count in all is bounded and says so" "$tmp/err"
if [ -x bin/yote-analyze ]; then
	yote-analyze --perft 1 --rules "$tmp/huge.yaml" --position "$pos" \
	    >"$tmp/out" 2>"$tmp/err"
	rc=$?
	ok "$([ $rc = 1 ] && grep -q 'more than 4194304 legal moves (the limit' \
	    "$tmp/err" && echo 1)" "huge position: --perft 1 names the limit" \
	    "$tmp/err"
	yote-analyze --moves --rules "$tmp/huge.yaml" --position "$pos" \
	    >"$tmp/out" 2>"$tmp/err"
	rc=$?
	ok "$([ $rc = 1 ] && grep -q 'more than 4194304 legal moves (the limit' \
	    "$tmp/err" && echo 1)" "huge position: --moves names the limit" \
	    "$tmp/err"
	yote-analyze --best --depth 1 --rules "$tmp/huge.yaml" --position "$pos" \
	    >"$tmp/out" 2>"$tmp/err"
	ok "$(grep -q '^bestmove [a-f]' "$tmp/out" && echo 1)" \
	    "huge position: the engine still answers with a move" "$tmp/err" \
	    "$tmp/out"
	mv=$(sed -n 's/^bestmove //p' "$tmp/out")
	huge "$mv" >"$tmp/h-best.yaml"
	yote-validate "$tmp/h-best.yaml" >"$tmp/out" 2>"$tmp/err"
	ok $((! $?)) "huge position: the engine's move ($mv) is legal" "$tmp/err"
fi
# ------------------------------------------------------------ out of memory
# Out of memory in one input ends that input, not the run: a game of
# 960,000 values (within every limit) in 60 MB of address space is said
# with its file and game, counted invalid, exit 3, and the next input is
# read (the run stopped there: the games after it were lost in silence).
# The sanitizers reserve more address space than any such bound.
if [ $sanitized = 1 ]; then
	skip "out of memory in one input (not under the sanitizers)"
	skip "out of memory in one input, other tools"
else
	awk 'BEGIN { print "---\nyote: 1\nmoves: [a1]\nnotes:"
	    for (k = 0; k < 8; k++) { printf "  k%d: [a", k
	    for (i = 1; i < 120000; i++) printf ", a"; print "]" } }' \
	    >"$tmp/huge.yaml"
	(ulimit -v 60000 && yote-validate --summary "$tmp/huge.yaml" \
	    samples/classic.yaml) >"$tmp/out" 2>"$tmp/err"
	rc=$?
	ok "$([ $rc = 3 ] && grep -q "^yote-validate: $tmp/huge.yaml: game 1: out of memory: the rest of this input is not read\$" \
	    "$tmp/err" && grep -q '^10 games, 9 valid, 1 invalid' "$tmp/out" &&
	    echo 1)" "out of memory in one input: said, counted, exit 3, the next input read ($rc)" \
	    "$tmp/err" "$tmp/out"
	bad=
	for t in "yote-convert -l" "yote-replay --final"; do
		# shellcheck disable=SC2086
		(ulimit -v 60000 && $t "$tmp/huge.yaml" samples/classic.yaml) \
		    >"$tmp/out" 2>"$tmp/err"
		rc=$?
		[ $rc = 3 ] && grep -q 'huge.yaml: game 1: out of memory' \
		    "$tmp/err" && grep -q 'Rokhaya Ndour' "$tmp/out" ||
		    bad="$bad $t($rc)"
	done
	echo "failed:$bad" >"$tmp/why"
	ok "$([ -z "$bad" ] && echo 1)" "out of memory in one input: convert and replay go on too" \
	    "$tmp/why"
fi

tap_done
