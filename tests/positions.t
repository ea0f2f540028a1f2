#!/bin/sh
# One reader of positions (TAP): every option that takes a position
# (--reaches, --pattern, yote-explore --position, a criteria file's
# reaches, yote-analyze --position, yote-replay --start) takes and refuses
# the same texts with the same words, and every position a tool prints is
# one that every tool reads (formats/patterns.md, formats/notation.md).
# Run from the project root (prove does) after `make`.
set -u
. tests/lib/env.sh
scratch positions
. tests/lib/tap.sh
tap_need bin/yote-validate bin/yote-replay bin/yote-analyze bin/yote-convert \
    bin/yote-explore
TAP_WHY=$tmp/why
: >"$TAP_WHY"

src=samples/classic.yaml

# words TOOL OPTION TEXT: the message of a refused TEXT after "bad
# position '...': ", on one line, in $msg; the exit status in $st.
words() {
	case $1 in
	explore) yote-explore "$2" "$3" "$src" ;;
	convert) yote-convert "$2" "$3" "$src" ;;
	analyze) yote-analyze --moves "$2" "$3" ;;
	esac >/dev/null 2>"$tmp/err"
	st=$?
	msg=$(tr '\n' ' ' <"$tmp/err" | sed 's/  */ /g;
	    s/^[^:]*: --[a-z]*: bad p[a-z]* '"'[^']*'"': //; s/ Try .*//')
}

# Every option refuses what yote-analyze --position refuses, exit 2, in
# its words: impossible hands and plies were searched for, in silence.
n=0
bad=0
for p in '6/6/6/6/6 x 13 12 0 1' 'xxxxxx/xxxxxx/6/6/6 x 1 12 0 1' \
    '6/6/6/6/6 x 12 12 0 0' '6/6/6/6/6 x 64 12 0 1' \
    '6/6/6/6/7 x 12 12 0 1' '6/6/6/7/6 x 12 12 0 1' \
    '6/6/6/6/6 x 012 12 0 1' '6/6/6/6/6 xx 12 12 0 1' \
    '6/6/6/6/6 z 12 12 0 1' '6/6/6/6/6 x 12 12 0 1 junk' \
    '6//6/6/6/6 x 12 12 0 1' '6/6/6/6/6/ x 12 12 0 1' \
    '6/6/6/6/06 x 12 12 0 1' '6/6/6/6/6 x 12 12 00 1' \
    '6/6/6/6/6 x 12 12 0 4294967296' '6/6/6/6/6 x 12 12 0 1 ' \
    '6/6/6/6/z5 x 12 12 0 1'; do
	n=$((n + 1))
	words analyze --position "$p"
	want=$msg
	[ "$st" = 2 ] || bad=$((bad + 1))
	for t in "convert --reaches" "convert --pattern" \
	    "explore --position"; do
		# shellcheck disable=SC2086
		words $t "$p"
		got=$msg
		if [ "$st" != 2 ] || [ "$got" != "$want" ]; then
			bad=$((bad + 1))
			echo "$t '$p': $st '$got', not '$want'" >>"$TAP_WHY"
		fi
	done
done
ok $((bad == 0)) "$n bad positions: --reaches, --pattern, explore --position refuse them as analyze --position does"

# A pattern with a hand too large is refused too, and with no '?' offered
# where it is refused.
same_err() { # DESCRIPTION EXPECTED TOOL OPTION TEXT
	d=$1
	w=$2
	shift 2
	words "$@"
	got=$msg
	c=0
	[ "$st" = 2 ] && [ "$got" = "$w" ] && c=1
	[ $c = 0 ] && echo "$st '$got', not '$w'" >>"$TAP_WHY"
	ok $c "$d"
}
same_err "--pattern: a hand of 13 with '?' points" \
    "field 3 (first side's hand), character 18: hand of 13 is more than the 12 pieces of a side" \
    convert --pattern '??????/6/6/6/6 ? 13 ?'
same_err "--reaches: hands come as a pair" \
    "field 4 (second side's hand), character 15: missing field: a pattern gives both hands or neither" \
    convert --reaches '6/6/6/6/6 o 10'
same_err "--pattern: counters come as a pair" \
    "field 6 (ply), character 20: missing field: a pattern gives both counters or neither" \
    convert --pattern '6/6/6/6/6 o 10 11 3'
same_err "--reaches: a bad side offers no '?'" \
    "field 2 (side to move), character 11: expected x or o" \
    convert --reaches '6/6/6/6/6 z 12 12'
same_err "--pattern: a bad side offers '?'" \
    "field 2 (side to move), character 11: expected x, o or ?" \
    convert --pattern '6/6/6/6/6 z'
same_err "--reaches: a bad point offers no '?'" \
    "field 1 (rows), character 9: unknown character 'z': expected x, o, . or a number" \
    convert --reaches '6/6/6/6/z5 x 12 12'
same_err "--pattern: a ply of 0 is refused when the counters are given" \
    "field 6 (ply), character 21: the ply must be at least 1" \
    convert --pattern '6/6/6/6/6 ? 12 12 0 0'
same_err "explore --position: a 5 x 5 position, held to the 12 pieces of ndar-kepp" \
    "field 3 (first side's hand), character 13: hand of 13 is more than the 12 pieces of a side" \
    explore --position '5/5/5/5/5 x 13 12'

# The patterns that were taken are taken still.
c=1
for p in '6/6/6/6/6 x 12 12' '6/6/6/6/6 x 12 12 0 1' '6/6/2x3/6/6 o 11 12' \
    '??????/??????/??????/??????/x????? o' '6/6/..?.../6/6 ? ? ?' \
    '6/6/6/6/6 x 12 12 ? ?' '6/6/6/6/6/6 x 30 30 0 1'; do
	yote-convert -l --pattern "$p" "$src" >/dev/null 2>>"$TAP_WHY" || c=0
done
ok $c "--pattern: whole positions, wildcards, '?' counters and other boards are taken"

# A criteria file: the message is placed at the character, file:line:col.
printf '# a comment\n  reaches   6/6/6/6/7 x 12 12 0 1\n' >"$tmp/c2.txt"
yote-convert --criteria "$tmp/c2.txt" "$src" >/dev/null 2>"$tmp/err"
st=$?
c=0
[ $st = 2 ] && head -1 "$tmp/err" | grep -q "c2.txt:2:21: reaches: bad position '6/6/6/6/7 x 12 12 0 1': field 1 (rows), character 9: row 1 is wider than 6 points\$" && c=1
ok $c "criteria file: a bad position at its line and column" "$tmp/err"

# A bad character is shown as a character, or as \xHH when it is a
# control character or no UTF-8.
c=1
yote-replay --start "$(printf '6/6/6/6/6\tx 12 12 0 1')" -m c3 2>"$tmp/err"
[ $? = 2 ] && grep -q "unknown character '\\\\x09'" "$tmp/err" || c=0
yote-replay --start '6/6/6/6/é5 x 12 12 0 1' -m c3 2>"$tmp/err"
[ $? = 2 ] && grep -q "unknown character 'é'" "$tmp/err" || c=0
yote-replay --start "$(printf '6/6/6/6/\3015 x 12 12 0 1')" -m c3 2>"$tmp/err"
[ $? = 2 ] && grep -q "unknown character '\\\\xc1'" "$tmp/err" || c=0
yote-convert --reaches '6/6/6/6/é5 x 12 12' "$src" 2>"$tmp/err"
[ $? = 2 ] && grep -q "unknown character 'é'" "$tmp/err" || c=0
ok $c "a bad character: é as itself, a tab and a byte that is no UTF-8 as \\xHH" "$tmp/err"

# The option as typed.
yote-replay --position 6/6/6/6/6 -m c3 2>"$tmp/err"
st=$?
c=0
[ $st = 2 ] && grep -q '^yote-replay: --position: bad position' "$tmp/err" && c=1
ok $c "yote-replay --position: the message names --position" "$tmp/err"
yote-replay --start 6/6/6/6/6 -m c3 2>"$tmp/err"
st=$?
c=0
[ $st = 2 ] && grep -q '^yote-replay: --start: bad position' "$tmp/err" && c=1
ok $c "yote-replay --start: the message names --start" "$tmp/err"

# Counters: what replay prints, every tool reads.  They stop at the limit.
s='6/6/6/6/6 x 12 12 4294967294 4294967294'
yote-replay --start "$s" -m 'c3 c4 c2' -p >"$tmp/out" 2>>"$TAP_WHY"
last=$(tail -1 "$tmp/out" | cut -f3)
c=0
[ "$last" = '6/2o3/2x3/2x3/6 o 10 11 4294967295 4294967295' ] && c=1
ok $c "replay: counters stop at 4294967295" "$tmp/out"
c=1
yote-analyze --moves --position "$last" >/dev/null 2>>"$TAP_WHY" || c=0
yote-replay --start "$last" -m c1 >/dev/null 2>>"$TAP_WHY" || c=0
yote-convert -l --reaches "$last" "$src" >/dev/null 2>>"$TAP_WHY" || c=0
yote-explore --position "$last" "$src" >/dev/null 2>>"$TAP_WHY" || c=0
printf 'yote: 1\nstart: %s\nmoves: [c1]\n' "$last" |
    yote-validate >/dev/null 2>>"$TAP_WHY" || c=0
yote-convert -l --reaches '6/6/6/6/6 x 12 12 1000000000 1000000000' "$src" \
    >/dev/null 2>>"$TAP_WHY" || c=0
ok $c "the position replay printed is read by analyze, replay, --reaches, explore, a record's start"

# yote-explore's four-field position is taken back as it is.
head=$(yote-explore --depth 1 "$src" 2>>"$TAP_WHY" | head -1 | sed 's/:.*//')
c=0
[ "$head" = '6/6/6/6/6 x 12 12' ] && c=1
yote-explore --depth 1 --position "$head" "$src" >/dev/null 2>>"$TAP_WHY" || c=0
yote-convert -l --reaches "$head" "$src" >/dev/null 2>>"$TAP_WHY" || c=0
yote-convert -l --pattern "$head" "$src" >/dev/null 2>>"$TAP_WHY" || c=0
ok $c "yote-explore's position ('$head') goes back to --position, --reaches, --pattern"

tap_done
