#!/bin/sh
# The YAML reader reads a regular file in blocks and a pipe a byte at a
# time (yaml_read.c): both must say exactly the same, every diagnostic
# with its line and column, every "reading resumes at line N, game K",
# whatever falls on a block's edge (TAP).
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

tap_done
