#!/bin/sh
# Collections (issue 13): yote-convert's selection (every key, their
# combinations, criteria files, --invert), --reaches and --pattern at the
# right ply under every ruleset, --duplicates and --dedupe among reordered
# and re-headed copies, and yote-explore's tree and player figures.  The
# truth is computed independently, with awk over the lines format and over
# yote-replay --positions.  Run from the project root after `make` and
# `make bin/gen-games`.
set -u
. tests/lib/env.sh
scratch collect

. tests/lib/tap.sh
tap_need bin/yote-convert bin/yote-explore bin/yote-replay bin/gen-games
TAP_WHY=$tmp/why
: >"$TAP_WHY"

# same EXPECTED GOT DESCRIPTION: one test, the two files equal
same() {
	c=0
	cmp -s "$1" "$2" && [ -s "$1" ] && c=1
	[ $c = 0 ] && { echo "expected (${1##*/}) / got (${2##*/}):"; diff "$1" "$2" | head -20; } >>"$TAP_WHY"
	ok $c "$3"
}

# The collection: every built-in ruleset, as YAML, an archive and lines.
: >"$tmp/all.yaml"
seed=11
for r in classic traditional damasi ndar-kepp; do
	gen-games --rules "$r" --games 150 --seed $seed >>"$tmp/all.yaml"
	seed=$((seed + 1))
done
yote-convert -o "$tmp/all.yta" "$tmp/all.yaml"
yote-convert -o "$tmp/all.lines" "$tmp/all.yaml"

# key K < lines: "game<TAB>value" of every game (empty when absent)
key() {
	awk -F'\t' -v k="$1" '{
		v = ""
		for (i = 2; i <= NF; i++) {
			p = index($i, "=")
			if (substr($i, 1, p - 1) == k) v = substr($i, p + 1)
		}
		print substr($1, 2) "\t" v
	}'
}
key first <"$tmp/all.lines" >"$tmp/k.first"
key second <"$tmp/all.lines" >"$tmp/k.second"
player=$(cut -f2 "$tmp/k.first" | sort | uniq -c | sort -rn | awk 'NR == 1 { $1 = ""; sub(/^ /, ""); print }')
other=$(cut -f2 "$tmp/k.second" | sort | uniq -c | sort -rn | awk 'NR == 2 { $1 = ""; sub(/^ /, ""); print }')

# games [OPTION...]: the numbers of the games yote-convert selects
games() {
	yote-convert --list "$@" "$tmp/all.yaml" 2>>"$TAP_WHY" | cut -f2
}

# expect AWK-CONDITION: the numbers of the lines that satisfy it, with
# f[KEY] the value of each key and n the number of moves
expect() {
	awk -F'\t' "{
		delete f
		for (i = 2; i <= NF; i++) {
			p = index(\$i, \"=\")
			f[substr(\$i, 1, p - 1)] = substr(\$i, p + 1)
		}
		m = f[\"moves\"]; gsub(/^\\[|\\]\$/, \"\", m)
		n = m == \"\" ? 0 : split(m, mv, \" \")
		if ($1) print substr(\$1, 2)
	}" "$tmp/all.lines"
}

# ------------------------------------------------------------ keys

check_key() { # DESCRIPTION AWK-CONDITION OPTION...
	d=$1 cond=$2
	shift 2
	expect "$cond" >"$tmp/exp"
	games "$@" >"$tmp/got"
	same "$tmp/exp" "$tmp/got" "$d ($(wc -l <"$tmp/exp") games)"
}

check_key "--player: either side" "f[\"first\"] == \"$player\" || f[\"second\"] == \"$player\"" --player "$player"
check_key "--first" "f[\"first\"] == \"$player\"" --first "$player"
check_key "--second" "f[\"second\"] == \"$other\"" --second "$other"
check_key "--event" 'f["event"] == "Conakry Open"' --event 'Conakry Open'
check_key "--site, a glob" 'f["site"] ~ /^Ba/' --site 'Ba*'
check_key "--round" 'f["round"] == "\"2.3\""' --round 2.3
check_key "--date, a range of months" 'f["date"] >= "2020-03" && substr(f["date"], 1, 7) <= "2021-06"' --date 2020-03..2021-06
check_key "--date, a year" 'substr(f["date"], 1, 4) == "2022"' --date 2022
check_key "--date, open above" 'f["date"] >= "2024-06-01"' --date 2024-06-01..
check_key "--result" 'f["result"] == "1/2-1/2"' --result 1/2-1/2
check_key "--termination" 'f["termination"] == "blocked"' --termination blocked
check_key "--ruleset" 'f["rules"] == "damasi"' --ruleset damasi
check_key "--plies, a range" 'n >= 40 && n <= 60' --plies 40..60
check_key "--plies, up to" 'n <= 30' --plies ..30
check_key "two keys: both must hold" "f[\"first\"] == \"$player\" && f[\"result\"] == \"1-0\"" --first "$player" --result 1-0
check_key "a key twice: either may hold" 'f["result"] == "0-1" || f["result"] == "1/2-1/2"' --result 0-1 --result 1/2-1/2
check_key "three keys, one twice" "(f[\"rules\"] == \"classic\" || f[\"rules\"] == \"ndar-kepp\") && f[\"termination\"] == \"capture-all\" && n > 50" --ruleset classic --ruleset ndar-kepp --termination capture-all --plies 51..
check_key "--invert" "!(f[\"first\"] == \"$player\" || f[\"second\"] == \"$player\")" --invert --player "$player"

printf '# the games of one player, won with the first side\nplayer %s\n\nresult   1-0  \nruleset classic\nruleset traditional\n' "$player" >"$tmp/crit"
games --criteria "$tmp/crit" >"$tmp/got"
games --player "$player" --result 1-0 --ruleset classic --ruleset traditional >"$tmp/exp"
same "$tmp/exp" "$tmp/got" "--criteria FILE: the same as the options"

# Every input format, every output format; what is kept is whole.
for f in all.yta all.lines; do
	yote-convert --list --player "$player" --plies 20.. "$tmp/$f" | cut -f2- >"$tmp/got"
	yote-convert --list --player "$player" --plies 20.. "$tmp/all.yaml" | cut -f2- >"$tmp/exp"
	same "$tmp/exp" "$tmp/got" "selection from ${f#all.} input"
done
n=$(expect 'f["result"] == "0-1"' | head -1)
yote-convert --game "$n" "$tmp/all.yaml" >"$tmp/exp"
for t in yaml archive lines; do
	yote-convert --to $t --result 0-1 "$tmp/all.yta" >"$tmp/sel.$t"
	yote-convert --to lines "$tmp/sel.$t" | head -1 | yote-convert >"$tmp/got"
	same "$tmp/exp" "$tmp/got" "--to $t: the games kept are whole"
done
grep -c "	result=0-1	" "$tmp/all.lines" >"$tmp/exp"
grep -c "	result=0-1	" "$tmp/sel.lines" >"$tmp/got"
same "$tmp/exp" "$tmp/got" "selected lines still work with grep"

gen-games --rules damasi --games 6 --seed 4 | yote-analyze --depth 1 2>/dev/null >"$tmp/an.yaml"
yote-convert --reaches "6/6/6/6/6 x 12 12 0 1" "$tmp/an.yaml" >"$tmp/got"
yote-convert "$tmp/an.yaml" >"$tmp/exp"
same "$tmp/exp" "$tmp/got" "annotations kept through a selection"

# ------------------------------------------------------------ positions

# The truth: yote-replay --positions, a line per ply, a game starting
# again at ply 1.  first_reach POS: "game<TAB>ply" of the first ply after
# which each game stands in POS (counters aside).
yote-replay --positions "$tmp/all.yaml" 2>/dev/null | awk -F'\t' '
	$1 == 1 { g++ } { print g "\t" $0 }' >"$tmp/pos"
first_reach() {
	awk -F'\t' -v p="$1" 'BEGIN { split(p, q, " "); want = q[1] " " q[2] " " q[3] " " q[4] }
	{ split($4, f, " "); if (f[1] " " f[2] " " f[3] " " f[4] == want && !($1 in seen)) { seen[$1] = 1; print $1 "\t" $2 } }' "$tmp/pos"
}
# per ruleset (games 1-150 classic, then traditional, damasi, ndar-kepp)
# the position most often seen after ply 4
for g in 1 151 301 451; do
	pos=$(awk -F'\t' -v g=$g '$1 >= g && $1 < g + 150 && $2 == 4 { split($4, f, " "); print f[1], f[2], f[3], f[4], 0, 5 }' "$tmp/pos" |
	    sort | uniq -c | sort -rn | awk 'NR == 1 { $1 = ""; sub(/^ /, ""); print }')
	rules=$(awk -F'\t' -v g=$g 'substr($1, 2) == g { for (i = 2; i <= NF; i++) if ($i ~ /^rules=/) print substr($i, 7) }' "$tmp/all.lines")
	first_reach "$pos" >"$tmp/exp"
	yote-convert --list --reaches "$pos" "$tmp/all.yta" | cut -f2,9 >"$tmp/got"
	same "$tmp/exp" "$tmp/got" "--reaches under $rules: every game at its first ply ($(wc -l <"$tmp/exp") games)"
done
first=$(sed -n 1p "$tmp/pos" | cut -f4)
set -- $first
yote-convert --list --reaches "$1 $2 $3 $4" "$tmp/all.yaml" | cut -f2,9 >"$tmp/got"
first_reach "$first" >"$tmp/exp"
same "$tmp/exp" "$tmp/got" "--reaches: a position string without its counters"
yote-convert --list --reaches "6/6/6/6/6 x 12 12 5 9" "$tmp/all.yaml" | awk -F'\t' '$9 != 0' >"$tmp/got"
c=0
[ ! -s "$tmp/got" ] && [ "$(games --reaches '6/6/6/6/6 x 12 12 5 9' | wc -l)" = "$(expect 'f["rules"] != "ndar-kepp"' | wc -l)" ] && c=1
ok $c "--reaches the start: every game on its board, at ply 0"

# A pattern: x on the corner a1 and o to move, on the 6 x 5 boards.
# (the ndar-kepp games, 451 to 600, are on a 5 x 5 board: never)
awk -F'\t' '$1 <= 450 { split($4, f, " "); split(f[1], r, "/"); if (substr(r[5], 1, 1) == "x" && f[2] == "o" && !($1 in seen)) { seen[$1] = 1; print $1 "\t" $2 } }' "$tmp/pos" >"$tmp/exp"
yote-convert --list --pattern '??????/??????/??????/??????/x????? o' "$tmp/all.yaml" | cut -f2,9 >"$tmp/got"
same "$tmp/exp" "$tmp/got" "--pattern: first ply with x on a1 and o to move ($(wc -l <"$tmp/exp") games)"
yote-convert --list --pattern '?????/?????/..?../?????/????? x ? 3' "$tmp/all.yaml" | cut -f2,9 >"$tmp/got"
awk -F'\t' '{ split($4, f, " "); n = split(f[1], r, "/"); if (n == 5 && f[2] == "x" && f[4] == 3) {
	row = r[3]; s = ""; for (i = 1; i <= length(row); i++) { ch = substr(row, i, 1); if (ch ~ /[0-9]/) for (k = 0; k < ch; k++) s = s "."; else s = s ch }
	if (length(s) == 5 && substr(s, 1, 2) == ".." && substr(s, 4, 2) == ".." && !($1 in seen)) { seen[$1] = 1; print $1 "\t" $2 } } }' "$tmp/pos" >"$tmp/exp"
same "$tmp/exp" "$tmp/got" "--pattern: empty points and a hand, on the 5 x 5 board ($(wc -l <"$tmp/exp") games)"

# ------------------------------------------------------------ duplicates

# The copy: the classic games in reverse order, with new headers, a few
# annotated; then one game changed in its last move.
yote-convert --ruleset classic --to lines "$tmp/all.yaml" >"$tmp/a.lines"
sort -t'	' -k1.2,1nr "$tmp/a.lines" | sed 's/	event=[^	]*/	event=Copied/; s/	first=[^	]*/	first=Somebody/' >"$tmp/b.lines"
head -3 "$tmp/b.lines" | yote-analyze --depth 1 2>/dev/null >"$tmp/b-an.yaml"
yote-convert --duplicates "$tmp/a.lines" "$tmp/b.lines" "$tmp/b-an.yaml" >"$tmp/got"
n=$(wc -l <"$tmp/a.lines")
{
	awk -F'\t' -v a="$tmp/a.lines" -v b="$tmp/b.lines" '{ n = substr($1, 2); print b "\t" n "\t" a "\t" n }' "$tmp/b.lines"
	for i in 1 2 3; do printf '%s\t%s\t%s\t%s\n' "$tmp/b-an.yaml" $i "$tmp/a.lines" $((n + 1 - i)); done
} >"$tmp/exp"
same "$tmp/exp" "$tmp/got" "--duplicates: reordered, re-headed and annotated copies, each to its original"
yote-convert --dedupe "$tmp/a.lines" "$tmp/b.lines" "$tmp/b-an.yaml" >"$tmp/got"
yote-convert "$tmp/a.lines" >"$tmp/exp"
same "$tmp/exp" "$tmp/got" "--dedupe keeps the first of each"
yote-convert --game 2 --to lines "$tmp/a.lines" | sed 's/ [^ ]*]$/]/' >"$tmp/short.lines"
yote-convert --game 2 "$tmp/a.lines" | sed 's/^rules: classic$/rules: traditional/' >"$tmp/trad.yaml"
c=0
yote-convert --duplicates "$tmp/a.lines" "$tmp/short.lines" "$tmp/trad.yaml" >"$tmp/got" 2>>"$TAP_WHY"
[ ! -s "$tmp/got" ] && c=1
ok $c "one move less, or another ruleset, is another game"
c=0
yote-convert --dedupe -s "$tmp/a.lines" "$tmp/a.lines" "$tmp/a.lines" 2>"$tmp/err" >/dev/null &&
    grep -q "^yote-convert: $n distinct games" "$tmp/err" && c=1
ok $c "--dedupe -s counts the distinct games"

# Rulesets are told apart by their parameters, not their names: two files
# that both say name: mini (one with an optional bonus) make two games of
# the same moves, and a file with the first's parameters under another
# name makes a repeat; in YAML and in an archive (which stores the files).
mkdir -p "$tmp/mr/rules" "$tmp/mr/other" "$tmp/mr/copy" "$tmp/mr/games"
cp tests/data/mini.yaml "$tmp/mr/rules/mini.yaml"
sed 's/^bonus: .*/bonus: optional-board/' "$tmp/mr/rules/mini.yaml" \
    >"$tmp/mr/other/mini-b.yaml"
sed 's/^name: .*/name: mini-copy/' "$tmp/mr/rules/mini.yaml" \
    >"$tmp/mr/copy/mini.yaml"
g=$tmp/mr/games/g.yaml
for f in rules/mini other/mini-b copy/mini; do
	printf -- '---\nyote: 1\nrules: ../%s.yaml\nmoves: [a1, c3, a2, c2]\n' "$f"
done >"$g"
yote-convert -o "$tmp/mr/games/g.yta" "$g" 2>>"$TAP_WHY"
for f in "$g" "$tmp/mr/games/g.yta"; do
	printf '%s\t3\t%s\t1\n' "$f" "$f" >"$tmp/exp"
	yote-convert --duplicates "$f" >"$tmp/got" 2>>"$TAP_WHY"
	same "$tmp/exp" "$tmp/got" "--duplicates ${f##*.}: another ruleset of the same name is another game, the same parameters under another name a repeat"
	c=0
	yote-convert --dedupe -l "$f" >"$tmp/got" 2>>"$TAP_WHY" &&
	    [ "$(cut -f2 "$tmp/got" | tr '\n' ' ')" = "1 2 " ] && c=1
	cat "$tmp/got" >>"$TAP_WHY"
	ok $c "--dedupe ${f##*.}: keeps the game under the other ruleset named mini"
done

# ------------------------------------------------------------ explore

# Depth 2 from the start of the classic games, against a count of the
# first two moves (and results, and lengths) from yote-replay.
yote-replay --positions "$tmp/a.lines" | awk -F'\t' '$1 == 1 { g++ } { print g "\t" $0 }' >"$tmp/apos"
key result <"$tmp/a.lines" | awk -F'\t' '{ print NR "\t" $2 }' >"$tmp/ares"
awk -F'\t' 'FNR == NR { res[$1] = $2; next }
	$2 == 1 { m1[$1] = $3 } $2 == 2 { m2[$1] = $3 } { last[$1] = $2 }
	END {
		for (g in m1) {
			r = res[g]; w = r == "1-0"; l = r == "0-1"; d = r == "1/2-1/2"
			k = m1[g]; n[k]++; W[k] += w; L[k] += l; D[k] += d; E[k] += last[g]
			if (g in m2) { k = m1[g] " " m2[g]; n[k]++; W[k] += l; L[k] += w; D[k] += d; E[k] += last[g] }
		}
		for (k in n) printf "%s\t%d\t%d\t%d\t%d\t%.1f\n", k, n[k], W[k], D[k], L[k], E[k] / n[k]
	}' "$tmp/ares" "$tmp/apos" | sort >"$tmp/exp"
yote-explore -D 2 -f tsv "$tmp/a.lines" | awk -F'\t' 'NR > 1 { print $2 "\t" $4 "\t" $5 "\t" $6 "\t" $7 "\t" $10 }' | sort >"$tmp/got"
same "$tmp/exp" "$tmp/got" "the tree, 2 plies deep: games, wins, draws, losses, end ply of every line"

# From a position of the middle game, reached by several games.
pos=$(awk -F'\t' '$2 == 4 { print $4 }' "$tmp/apos" | sort | uniq -c | sort -rn | awk 'NR == 1 { $1 = ""; sub(/^ /, ""); print }')
awk -F'\t' -v p="$pos" 'BEGIN { split(p, q, " "); want = q[1] " " q[2] " " q[3] " " q[4] }
	{ split($4, f, " "); here = f[1] " " f[2] " " f[3] " " f[4] }
	at[$1] == "" && prev[$1] == want { at[$1] = $3; n[$3]++ }
	{ prev[$1] = here }
	END { for (k in n) print k "\t" n[k] }' "$tmp/apos" | sort >"$tmp/exp"
yote-explore -f tsv --position "$pos" "$tmp/a.lines" | awk -F'\t' 'NR > 1 { print $3 "\t" $4 }' | sort >"$tmp/got"
same "$tmp/exp" "$tmp/got" "the tree from a position after ply 4 (--position)"
yote-explore -f json --position "$pos" "$tmp/a.lines" >"$tmp/json"
c=0
awk 'NR == 1 && !/^\{"kind":"position","position":"/ { exit 1 } NR > 1 && !/^\{"kind":"line","depth":1,"line":"[^"]*","move":"[^"]*","games":[0-9]+,/ { exit 1 }' "$tmp/json" && [ -s "$tmp/json" ] && c=1
ok $c "the tree as JSON Lines"

c=0
yote-explore --position '6/6/2X3/6/...... o 11 12 5 9' "$tmp/a.lines" | head -1 | grep -q '^6/6/2x3/6/6 o 11 12: [0-9]* games' && c=1
ok $c "the tree's position written canonically, without counters"

# Players: one player's figures against awk; the rating fit on a made-up
# pair (A beats B 3 games to 1: ratings symmetric about 1500).
awk -F'\t' -v p="$player" '{ split("", f); for (i = 2; i <= NF; i++) { q = index($i, "="); f[substr($i, 1, q - 1)] = substr($i, q + 1) }
	if (f["first"] == p) { g++; fw += f["result"] == "1-0"; fd += f["result"] == "1/2-1/2"; fl += f["result"] == "0-1" }
	if (f["second"] == p) { g++; sw += f["result"] == "0-1"; sd += f["result"] == "1/2-1/2"; sl += f["result"] == "1-0" } }
	END { printf "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\n", p, g, fw, fd, fl, sw, sd, sl }' "$tmp/all.lines" >"$tmp/exp"
yote-explore --players -f tsv "$tmp/all.yta" | awk -F'\t' -v p="$player" '$1 == p' | cut -f1-8 >"$tmp/got"
same "$tmp/exp" "$tmp/got" "--players: games and results by colour"
for i in 1 2 3 4; do
	if [ $i = 4 ]; then r=0-1; else r=1-0; fi
	printf '@%d\tyote=1\tfirst=A\tsecond=B\tresult=%s\ttermination=resignation\tmoves=[]\n' $i $r
done >"$tmp/pair.lines"
yote-explore --players -f tsv "$tmp/pair.lines" >"$tmp/got"
c=0
a=$(awk -F'\t' '$1 == "A" { print $11 }' "$tmp/got")
b=$(awk -F'\t' '$1 == "B" { print $11 }' "$tmp/got")
# (without the virtual draws A would be 400 log10(3) / 2 = 95 above 1500)
[ -n "$a" ] && [ $((a + b)) = 3000 ] && [ "$a" -gt 1550 ] && [ "$a" -lt 1596 ] && c=1
ok $c "--players: the rating fit is symmetric, the winner above, less than 3:1 says ($a, $b)"

# A game with one name on both sides (self-play) is left out of the
# figures, said under the text table; names alike but for case, spaces
# or invisible characters are counted apart, with a warning naming them.
{
	printf '@1\tyote=1\tfirst=A\tsecond=A\tresult=1-0\ttermination=resignation\tmoves=[]\n'
	printf '@2\tyote=1\tfirst=A\tsecond=B\tresult=0-1\ttermination=resignation\tmoves=[]\n'
	printf '@3\tyote=1\tfirst=b \tsecond=Awa\tresult=1-0\ttermination=resignation\tmoves=[]\n'
} >"$tmp/self.lines"
yote-explore --players -f tsv "$tmp/self.lines" 2>"$tmp/err" | cut -f1-8 >"$tmp/got"
printf 'player\tgames\tfirst_wins\tfirst_draws\tfirst_losses\tsecond_wins\tsecond_draws\tsecond_losses\nA\t1\t0\t0\t1\t0\t0\t0\nAwa\t1\t0\t0\t0\t0\t0\t1\nB\t1\t0\t0\t0\t1\t0\t0\nb \t1\t1\t0\t0\t0\t0\t0\n' >"$tmp/exp"
same "$tmp/exp" "$tmp/got" "--players: a game of a player against itself is left out"
c=0
yote-explore --players "$tmp/self.lines" 2>/dev/null | tail -1 | grep -qx '(1 game of a player against itself left out)' &&
    grep -qx "yote-explore: players 'B' and 'b ': the names differ only in case, spaces, invisible characters or Unicode form, and are counted apart" "$tmp/err" && c=1
ok $c "--players: the self-play games counted under the table, names alike warned of" "$tmp/err"

# A side without a name, empty or of blanks only, is no player's (a
# player named "  " was counted and one named "" left out in silence)
{
	printf '@1\tyote=1\tfirst=\tsecond=  \tresult=1-0\ttermination=resignation\tmoves=[]\n'
	printf '@2\tyote=1\tfirst=A\tresult=0-1\ttermination=resignation\tmoves=[]\n'
} >"$tmp/unnamed.lines"
yote-explore --players "$tmp/unnamed.lines" >"$tmp/got" 2>&1
c=0
[ "$(wc -l <"$tmp/got")" = 4 ] && grep -q '^A  ' "$tmp/got" &&
    tail -1 "$tmp/got" | grep -qx "(3 sides without a player's name left out)" && c=1
ok $c "--players: sides without a name (none, empty, blanks) are no player's, counted under the table" "$tmp/got"

# A name's cell is as wide on the screen with an accent as one character
# (U+00C1) or as two (A, U+0301): 24 columns, then the figures.
printf '@1\tyote=1\tfirst=\303\201da Sy\tsecond=A\314\201da Sy\tresult=1-0\ttermination=resignation\tmoves=[]\n' >"$tmp/accent.lines"
c=0
yote-explore --players "$tmp/accent.lines" 2>/dev/null | sed -n '3,4p' |
    sed 's/^\(\xc3\x81\|A\xcc\x81\)da Sy//' | awk '{ match($0, /^ */); n[NR] = RLENGTH } END { exit !(n[1] == 24 && n[2] == 24) }' && c=1
ok $c "--players: a combining accent takes no column in the table"
# ... and the two forms of one name (precomposed, or a letter and its
# accent: the Unicode forms NFC and NFD) are warned of, as names alike
# but for case (they were counted apart in silence); a letter with two
# accents (U+1EC7, e with a dot below and a circumflex) too
printf '@2\tyote=1\tfirst=Kei\314\210ta\tsecond=Ke\303\257ta\tresult=1-0\ttermination=resignation\tmoves=[]\n' >>"$tmp/accent.lines"
printf '@3\tyote=1\tfirst=Ng\341\273\207\tsecond=Nge\314\243\314\202\tresult=1-0\ttermination=resignation\tmoves=[]\n' >>"$tmp/accent.lines"
yote-explore --players "$tmp/accent.lines" 2>"$tmp/err" >/dev/null
w="the names differ only in case, spaces, invisible characters or Unicode form, and are counted apart"
{
	printf "yote-explore: players '\303\201da Sy' and 'A\314\201da Sy': %s\n" "$w"
	printf "yote-explore: players 'Kei\314\210ta' and 'Ke\303\257ta': %s\n" "$w"
	printf "yote-explore: players 'Ng\341\273\207' and 'Nge\314\243\314\202': %s\n" "$w"
} |
    sort >"$tmp/exp"
sort "$tmp/err" >"$tmp/got"
same "$tmp/exp" "$tmp/got" "--players: one name in two Unicode forms is warned of"

# A tree holds one board: the games of another are counted in a warning.
c=0
yote-explore samples/classic.yaml samples/ndar-kepp.yaml >/dev/null 2>"$tmp/err" &&
    grep -qx 'yote-explore: 8 games on another board than 6/6/6/6/6 x 12 12 left out of the tree (choose one ruleset with --ruleset)' "$tmp/err" &&
    yote-explore --ruleset classic samples/classic.yaml samples/ndar-kepp.yaml 2>&1 >/dev/null | cmp -s - /dev/null && c=1
ok $c "yote-explore: games on another board than the tree's are counted in a warning" "$tmp/err"

# The end ply is the finished games': an unfinished record stops anywhere.
{
	printf '@1\tyote=1\tresult=*\tmoves=[c3 d4 e5 f4]\n'
	printf '@2\tyote=1\tresult=1/2-1/2\ttermination=agreement\tmoves=[c3 d4]\n'
	printf '@3\tyote=1\tmoves=[c3]\n'
} >"$tmp/unf.lines"
c=0
yote-explore -f tsv "$tmp/unf.lines" | awk -F'\t' 'NR == 2 && $3 == "c3" && $4 == 3 && $8 == 2 && $10 == "2.0" { ok = 1 } END { exit !ok }' &&
    yote-explore "$tmp/unf.lines" | head -1 | grep -q '2 unfinished; finished games end at ply 2.0 on average$' &&
    yote-explore -f json --result '*' "$tmp/unf.lines" | head -1 | grep -q '"end_ply":null' && c=1
ok $c "the tree's end ply counts finished games only, none when there are none"

# ------------------------------------------------------------ odd input

# An archive of format version 1 reads as its YAML source.
v1() { # DESCRIPTION OPTION...: the selection from both, listed
	d=$1
	shift
	yote-convert --list "$@" tests/data/archive-v1.yaml 2>/dev/null | cut -f2- >"$tmp/exp"
	yote-convert --list "$@" tests/data/archive-v1.yta 2>/dev/null | cut -f2- >"$tmp/got"
	same "$tmp/exp" "$tmp/got" "an archive of version 1: $d ($(wc -l <"$tmp/exp") games)"
}
v1 "--reaches" --reaches '6/6/6/2o3/5x x 11 11'
v1 "--pattern" --pattern '?????/?????/?????/?????/????? o'
v1 "--plies, --player" --plies 10.. --player '*a*'
yote-convert --duplicates tests/data/archive-v1.yaml tests/data/archive-v1.yta | cut -f2,4 >"$tmp/got"
awk '/^moves:/ { n++; print n "\t" n }' tests/data/archive-v1.yaml >"$tmp/exp"
same "$tmp/exp" "$tmp/got" "an archive of version 1: every game the duplicate of its YAML"

# Documents that are not games, or not whole ones: no crash, no output
# for them but what they are, and no duplicates made of nothing.
printf -- '--- [a, b]\n--- 42\n---\nyote: 1\nmoves: [c3, c3]\n---\nyote: 1\nmoves: [c3, d4]\nrules: nosuch\n---\nyote: 1\n---\nyote: 1\nmoves: {a: 1}\n---\nyote: 1\nstart: "6/6/6/6/6 x 12 12 0 1"\nmoves: [c3, d4]\n---\nyote: 1\nmoves: [c3, d4]\n' >"$tmp/odd.yaml"
yote-convert --duplicates "$tmp/odd.yaml" >"$tmp/got" 2>>"$TAP_WHY"
printf '%s\t8\t%s\t7\n' "$tmp/odd.yaml" "$tmp/odd.yaml" >"$tmp/exp"
same "$tmp/exp" "$tmp/got" "odd documents: only the same start and moves are duplicates"
yote-convert --list --reaches '6/6/2x3/6/6 o 11 12' "$tmp/odd.yaml" 2>>"$TAP_WHY" | cut -f2,9 >"$tmp/got"
printf '3\t1\n7\t1\n8\t1\n' >"$tmp/exp"
same "$tmp/exp" "$tmp/got" "odd documents: positions of the moves that can be played"
# yote-explore names the invalid ones as yote-validate does, leaves them
# out of its figures (c3 opens the two valid games 7 and 8) and exits 1.
c=0
yote-validate "$tmp/odd.yaml" 2>&1 | sed 's/^yote-validate:/yote-explore:/' >"$tmp/exp"
yote-explore "$tmp/odd.yaml" >"$tmp/out" 2>"$tmp/err"
a=$?
yote-explore --players "$tmp/odd.yaml" >>"$tmp/out" 2>>"$tmp/err"
b=$?
[ $a = 1 ] && [ $b = 1 ] && grep -q '^c3  *2 ' "$tmp/out" &&
    ! grep -q '^c3  *3 ' "$tmp/out" && cat "$tmp/exp" "$tmp/exp" |
    cmp -s - "$tmp/err" && c=1
[ $c = 0 ] && cat "$tmp/out" "$tmp/err" >>"$TAP_WHY"
ok $c "odd documents: yote-explore names the invalid ones, counts the others, exit 1"

# ------------------------------------------------------------ errors

usage_error() { # DESCRIPTION ARG...
	d=$1
	shift
	"$@" "$tmp/all.yaml" >/dev/null 2>"$tmp/err"
	st=$?
	c=0
	[ $st = 2 ] && grep -q . "$tmp/err" && c=1
	cat "$tmp/err" >>"$TAP_WHY"
	ok $c "usage error: $d"
}
usage_error "a bad date" yote-convert --date 2026/03
usage_error "a pattern given to --reaches" yote-convert --reaches '6/6/6/6/?5 x 12 12'
usage_error "a bad pattern" yote-convert --pattern '6/6/6/6/5 x'
usage_error "a bad result" yote-convert --result 2-0
usage_error "an unknown key in a criteria file" yote-convert --criteria "$tmp/all.lines"
usage_error "a pattern given to --position" yote-explore --position '6/6/6/6/6 ?'
# a glob's class glibc does not know matched nothing, in silence: refused,
# at its line of a criteria file too
printf 'event Dakar\nplayer [[:alfa:]]*\n' >"$tmp/badclass.txt"
yote-convert --criteria "$tmp/badclass.txt" "$tmp/all.yaml" >/dev/null \
    2>"$tmp/err"
st=$?
c=0
[ $st = 2 ] && grep -q "badclass.txt:2: player: bad pattern '\[\[:alfa:\]\]\*': no class '\[:alfa:\]'" "$tmp/err" && c=1
cat "$tmp/err" >>"$TAP_WHY"
ok $c "usage error: an unknown class in a criteria file's glob, at its line"

tap_done
