#!/bin/sh
# yote-validate --suggest against scoresheet slips (TAP): the valid games
# of samples/ and of bin/gen-games under each ruleset, each with one slip
# made by bin/make-slips (one character of a move changed; another legal
# move, the slip that breaks a record plies later; two moves swapped; a
# move written twice; a move left out), only the slips that make the
# record invalid.  The slip must be among the suggestions (top 3), most
# often the first; the figures are printed as comments.  Then two slips
# a game (make-slips --two), which pairs of edits mend.
set -u
. tests/lib/env.sh
. tests/lib/tap.sh
tap_need bin/yote-validate bin/gen-games bin/make-slips
scratch suggest
TAP_WHY=$tmp/why

for r in classic traditional damasi ndar-kepp; do
	gen-games --rules $r --games 25 --seed 3
done >"$tmp/gen.yaml"
cat samples/*.yaml "$tmp/gen.yaml" |
    make-slips --seed 1 "$tmp/truth" >"$tmp/slips.yaml"
n=$(wc -l <"$tmp/truth")
ok $((n >= 100)) "make-slips: $n records with a slip that breaks them"

yote-validate --suggest -f json "$tmp/slips.yaml" >"$tmp/json" 2>"$tmp/err"
ok $(($? == 1)) "yote-validate --suggest: exit status 1 (invalid games)"
awk -f tests/lib/slip-hits.awk "$tmp/truth" "$tmp/json" 2>"$TAP_WHY" |
    sort >"$tmp/hits"
sed 's/^/# /' "$tmp/hits"
# group slips first top3 misses: at least these per cent
at_least() { # GROUP FIRST% TOP3%
	awk -v g="$1" -v f="$2" -v t="$3" '$1 == g {
		printf "%s: first %d/%d (%.0f%%), top 3 %d/%d (%.0f%%)\n",
		    g, $3, $2, 100 * $3 / $2, $4, $2, 100 * $4 / $2
		ok = 100 * $3 >= f * $2 && 100 * $4 >= t * $2
	} END { exit !ok }' "$tmp/hits" >"$tmp/line"
	ok $((! $?)) "$(cat "$tmp/line")" "$tmp/hits"
}
at_least all 90 97
for g in classic traditional damasi ndar-kepp kind:char kind:legal \
    kind:swap kind:extra; do
	at_least $g 80 90
done
at_least kind:missing 75 85
at_least stands:legal 85 95
at_least stands:illegal 80 95

# every invalid game has a line: suggestions, or none found
games=$(grep -c '"kind":"suggestion"' "$tmp/json")
sug=$(sed -n 's/.*"game":\([0-9]*\),.*/\1/p' "$tmp/json" | sort -u | wc -l)
ok $((sug == n && games > n)) "a suggestion line for each of the $n games ($sug)"

# two slips a game (make-slips --two: char or legal slips, the four
# pairs in turn): no one edit mends them, pairs of edits do; both slips
# must be among the suggestions (top 3), or one edit mend the record
# (a slip made good by another move)
cat samples/*.yaml "$tmp/gen.yaml" |
    make-slips --two --seed 1 "$tmp/truth2" >"$tmp/two.yaml"
yote-validate --suggest -f json "$tmp/two.yaml" >"$tmp/json2" 2>/dev/null
set -- $(awk -f tests/lib/pair-hits.awk "$tmp/truth2" "$tmp/json2" \
    2>"$TAP_WHY")
echo "# two slips: games $1, both first $2, both in top 3 $3, one edit mends $4, neither $5"
[ "${1:-0}" -ge 100 ] && [ $((100 * $2)) -ge $((60 * $1)) ] &&
    [ $((100 * ($3 + $4))) -ge $((85 * $1)) ]
ok $((! $?)) "two slips in $1 records: both the first suggestion in $2, in the top 3 in $3, one edit mends $4"
sug=$(sed -n 's/.*"kind":"suggestion".*"game":\([0-9]*\),.*/\1/p' \
    "$tmp/json2" | sort -u | wc -l)
ok $((sug == ${1:-0})) "two slips: a suggestion line for each of the $1 games ($sug)"

# text and JSON say the same
yote-validate --suggest "$tmp/slips.yaml" >"$tmp/text" 2>/dev/null
ok $(($(wc -l <"$tmp/text") == games)) "text: one line a suggestion, as JSON"
tap_done
