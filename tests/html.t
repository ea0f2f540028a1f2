#!/bin/sh
# Study pages (yote-replay --html, yote-analyze --html) opened in a real
# browser, headless Chromium (TAP).  Run from the project root after make.
#
#  - without a browser: the page is one file that asks for nothing from
#    elsewhere; archives and lines make the same page; sizes; atomic
#    writing; options; yote-analyze --html and
#    the pipeline yote-analyze | yote-replay --html give the same games;
#    the board templates are well-formed XML (xmllint);
#  - with Chromium (skipped, saying so, only where it is absent): every
#    ply of every game of the four samples and of a custom ruleset as the
#    page's own script shows it (#test-all) against yote-replay
#    --positions; direct loads of #gNpM and of a pv line (#gNpMvK); the
#    game list; annotations, the curve and accuracy figures; a screenshot
#    that is not blank; a hostile record whose text stays text;
#  - in frames of a reporting page (Chromium's window is never narrower
#    than 500 px): names of 64 KB and 1 MB and a legal 100,000-ply game
#    open (timed, at a generous margin) and show the right content; the
#    page fits 375 and 800 px, the game list's dates and rulesets whole;
#    the best move's arrow, the chart's axes,
#    an invalid game marked in the list, bidirectional text isolated.
set -u
. tests/lib/env.sh
scratch html-t
TAP_WHY=$tmp/why
export TAP_WHY
D=tests/data/html

. tests/lib/tap.sh
tap_need bin/yote-replay bin/yote-analyze

# the collection: the four samples and a custom ruleset's games (its
# rules: path is relative to the record, so the ruleset comes along)
cp $D/custom-rules.yaml $D/hostile-rules.yaml $D/sides-rules.yaml "$tmp/"
cat samples/classic.yaml samples/traditional.yaml samples/damasi.yaml \
    samples/ndar-kepp.yaml $D/custom.yaml > "$tmp/all.yaml"
cp $D/annotated.yaml $D/hostile.yaml $D/spoof.yaml $D/sides.yaml "$tmp/"
ngames=$(grep -c '^---' "$tmp/all.yaml")

# ------------------------------------------------------------ no browser

yote-replay --html "$tmp/all.html" "$tmp/all.yaml" 2>"$TAP_WHY"
ok $((! $?)) "yote-replay --html writes a page of the $ngames games"

# nothing fetched from elsewhere: no src/href attribute but fragments,
# no url(), no @import; a policy that forbids any request
grep -Eio '(src|href) *= *"[^#][^"]*"|url\(|@import' "$tmp/all.html" \
    > "$TAP_WHY"
n=$(wc -l < "$TAP_WHY")
grep -q "Content-Security-Policy\" content=\"default-src 'none'" \
    "$tmp/all.html" && [ "$n" -eq 0 ]
ok $((! $?)) "the page refers to nothing outside itself"

# every game's ending in words: from the position (draw_ending) or as
# the record declares it
: > "$TAP_WHY"
for want in 'capture-all: ' 'blocked: ' 'few-pieces: both sides have' \
    'move-limit: ' ' resigned; ' ' ran out of time; ' 'drawn by agreement' \
    'wins on captures' 'adjudicated a ' 'the game was not finished'; do
	grep -q "\"end\":\[\"Result: [^]]*$want" "$tmp/all.html" ||
	    echo "missing: $want" >> "$TAP_WHY"
done
[ ! -s "$TAP_WHY" ]
ok $((! $?)) "the ending of every kind in words"

# an archive makes the same page, and the lines format (which holds no
# annotations) the same positions
yote-convert -o "$tmp/all.yta" "$tmp/all.yaml" 2>"$TAP_WHY" &&
    yote-convert --lossy -o "$tmp/all.lines" "$tmp/all.yaml" 2>/dev/null &&
    yote-replay --html "$tmp/yta.html" "$tmp/all.yta" 2>>"$TAP_WHY" &&
    yote-replay --html "$tmp/lines.html" "$tmp/all.lines" 2>>"$TAP_WHY"
st=$?
for f in all yta lines; do
	grep '^<script type="application/json" id="g' "$tmp/$f.html" \
	    > "$tmp/$f.g"
	grep -o '"p0":"[^"]*","m":\[[^]]*\]' "$tmp/$f.g" > "$tmp/$f.p"
done
[ $st -eq 0 ] && [ -s "$tmp/all.g" ] && cmp -s "$tmp/all.g" "$tmp/yta.g" &&
    [ -s "$tmp/all.p" ] && cmp -s "$tmp/all.p" "$tmp/lines.p"
ok $((! $?)) "an archive gives the same games' data, the lines format the same starts and moves"

# the board templates (draw_svg's pictures) are well-formed XML
awk '/^<template id="t/ { f = "'"$tmp"'/tpl" ++n ".svg"; sub(/^<template id="t[0-9]*">/, "") }
    f { line = $0; if (sub(/<\/template>$/, "", line)) { print line > f; close(f); f = ""; next } print > f }' \
    "$tmp/all.html"
ntpl=$(ls "$tmp"/tpl*.svg 2>/dev/null | wc -l)
bad=0
for f in "$tmp"/tpl*.svg; do
	xmllint --noout "$f" 2>>"$TAP_WHY" || bad=1
done
# and xmllint's HTML parser (HTML 4) finds nothing wrong with the page
# but the HTML 5 and SVG elements it does not know
xmllint --html --noout "$tmp/all.html" 2>&1 | grep 'error' |
    grep -Ev 'Tag (header|nav|main|section|figure|figcaption|template|svg|g|rect|circle|text|path|polyline) invalid' \
    >> "$TAP_WHY"
[ "$ntpl" -eq 3 ] && [ $bad -eq 0 ] && [ ! -s "$TAP_WHY" ]
ok $((! $?)) "one board template per picture (5 rulesets, 3 pictures; got $ntpl), each well-formed XML; the page parses as HTML"

# sizes: the 100-ply annotated game well under 100 KB
yote-replay --html "$tmp/annotated.html" "$tmp/annotated.yaml" 2>"$TAP_WHY"
st=$?
size=$(wc -c < "$tmp/annotated.html")
game=$(grep '^<script type="application/json" id="g1">' "$tmp/annotated.html" | wc -c)
echo "# 100-ply annotated game: page $size bytes, its data $game bytes"
echo "# $ngames games: page $(wc -c < "$tmp/all.html") bytes"
[ $st -eq 0 ] && [ "$size" -lt 60000 ]
ok $((! $?)) "a 100-ply annotated game makes a page under 60 KB ($size bytes)"

# options and atomic writing
yote-replay --html "$tmp/x.html" --ply 3 "$tmp/all.yaml" 2>/dev/null
st=$?
yote-replay --html "$tmp/x.html" --positions "$tmp/all.yaml" 2>/dev/null
st2=$?
[ $st -eq 2 ] && [ $st2 -eq 2 ] && [ ! -e "$tmp/x.html" ]
ok $((! $?)) "--html with --ply or --positions is a usage error (exit 2)"
echo old > "$tmp/keep.html"
printf -- '---\nyote: 1\nmoves: [c3, c3]\n' | yote-replay --html \
    "$tmp/keep.html" 2>/dev/null
st=$?
yote-replay --html "$tmp/no/such/dir/p.html" "$tmp/all.yaml" 2>/dev/null
st2=$?
[ $st -eq 1 ] && [ $st2 -eq 3 ] && grep -q 'could not be played' \
    "$tmp/keep.html" && [ -z "$(ls -A "$tmp" | grep '^\.')" ]
ok $((! $?)) "a bad move: exit 1 with the page up to it; no directory: exit 3"

# the games of a page are numbered in its order, as its addresses
# (#g2p0) are, in the game list and in their data; where each came from
# (file, number there) is said when that is not one input in order: it
# listed games 3 and 5 of a file as 3 and 5 and linked them as #g1, #g2,
# and two files' games as 1-9, 1-8
yote-replay --html "$tmp/sel.html" -g 3,5 samples/classic.yaml 2>"$TAP_WHY" &&
    yote-replay --html "$tmp/two.html" samples/classic.yaml \
    samples/damasi.yaml 2>>"$TAP_WHY"
st=$?
index() {	# index PAGE: the game list's entries, one a line
	sed -n '/^<script type="application\/json" id="index">/,/<\/script>/p' "$1" |
	    sed -e 's/^<script[^>]*>\[//' -e 's/\]<\/script>$//'
}
nc=$(grep -c '^---' samples/classic.yaml)
{
	index "$tmp/sel.html" | sed 's/^\[\([0-9]*\),.*,\[\("[^"]*",[0-9]*\)\]\],*$/\1 \2/'
	grep -o '^<script type="application/json" id="g[0-9]*">{"n":[0-9]*' \
	    "$tmp/sel.html" | sed 's/.*id="g\([0-9]*\)">{"n":/g\1 n/'
	index "$tmp/two.html" | sed 's/^\[\([0-9]*\),.*,\[\("[^"]*",[0-9]*\)\]\],*$/\1 \2/' |
	    sed -n '1p;9,10p;$p'
	index "$tmp/all.html" | grep -c ',\["'
} > "$tmp/numbers"
printf '%s\n' '1 "samples/classic.yaml",3' '2 "samples/classic.yaml",5' \
    'g1 n1' 'g2 n2' '1 "samples/classic.yaml",1' "$nc \"samples/classic.yaml\",$nc" \
    "$((nc + 1)) \"samples/damasi.yaml\",1" \
    "$(index "$tmp/two.html" | wc -l) \"samples/damasi.yaml\",$(grep -c '^---' samples/damasi.yaml)" \
    0 > "$tmp/numbers.want"
diff "$tmp/numbers.want" "$tmp/numbers" > "$TAP_WHY"
[ $st -eq 0 ] && [ ! -s "$TAP_WHY" ]
ok $((! $?)) "games numbered in the page's order (-g 3,5: 1 and 2; two files: 1 to $(index "$tmp/two.html" | wc -l)), each with its file and number there; one file whole: none"

# yote-analyze --html, and the pipeline through yote-replay --html: the
# same page but for its generator's name; of a selection (game 2), the
# same games ("n":2 against "n":1, it was), the direct page saying where
# its game came from
printf -- '---\nyote: 1\nfirst: A\nsecond: B\nmoves: [c3, d3, c4, d4, c3-c2, d4-d5]\n---\nyote: 1\nfirst: C\nsecond: D\nmoves: [c3, d4, c4, d3]\n' \
    > "$tmp/short.yaml"
yote-analyze --depth 2 --html "$tmp/an.html" "$tmp/short.yaml" \
    >"$tmp/an.out" 2>"$TAP_WHY"
st=$?
yote-analyze --depth 2 "$tmp/short.yaml" 2>>"$TAP_WHY" |
    yote-replay --html "$tmp/pipe.html" 2>>"$TAP_WHY"
st2=$?
yote-analyze --depth 2 -g 2 --html "$tmp/an2.html" "$tmp/short.yaml" \
    2>>"$TAP_WHY"
st3=$?
yote-analyze --depth 2 -g 2 "$tmp/short.yaml" 2>>"$TAP_WHY" |
    yote-replay --html "$tmp/pipe2.html" 2>>"$TAP_WHY"
st4=$?
for f in an pipe an2 pipe2; do
	sed '/^<meta name="generator" content="yote-[a-z]* [^"]*">$/d' \
	    "$tmp/$f.html" > "$tmp/$f.page"
	grep '^<script type="application/json" id="g' "$tmp/$f.html" > "$tmp/$f.g"
done
[ $st -eq 0 ] && [ $st2 -eq 0 ] && [ $st3 -eq 0 ] && [ $st4 -eq 0 ] &&
    [ ! -s "$tmp/an.out" ] && grep -q '"eval"' "$tmp/an.g" &&
    cmp -s "$tmp/an.page" "$tmp/pipe.page" &&
    [ "$(wc -l < "$tmp/an.page")" -eq "$(($(wc -l < "$tmp/an.html") - 1))" ] &&
    cmp -s "$tmp/an2.g" "$tmp/pipe2.g" &&
    index "$tmp/an2.html" | grep -q "^\[1,\"C\",.*,\[\"$(echo "$tmp" | sed 's/[.[\/]/\\&/g')/short.yaml\",2\]\]$"
ok $((! $?)) "yote-analyze --html and yote-analyze | yote-replay --html make the same page; of game 2 alone the same game, the direct page naming its file and number" \
    "$tmp/an.page" "$tmp/pipe.page" "$tmp/an2.g" "$tmp/pipe2.g"

# the hostile record's text never reaches the page as markup
yote-replay --html "$tmp/hostile.html" "$tmp/hostile.yaml" 2>"$TAP_WHY"
st=$?
opened=$(grep -o '<script' "$tmp/hostile.html" | wc -l)
closed=$(grep -o '</script' "$tmp/hostile.html" | wc -l)
grep -Ei "<(img|iframe|svg onload|a href|b>|!--)|$(printf '\342\200\250')" \
    "$tmp/hostile.html" > "$TAP_WHY"
[ $st -eq 0 ] && [ "$opened" -eq 4 ] && [ "$closed" -eq 4 ] &&
    [ ! -s "$TAP_WHY" ]
ok $((! $?)) "hostile record: 4 script blocks, all the page's own (got $opened, $closed); no markup from the record"

# pages that stay light: a legal 100,000-ply game and names of 64 KB and
# 1 MB without a space; the game's data is its moves' text (the script
# plays them out), not a position a ply
awk 'BEGIN { printf "---\nyote: 1\nfirst: Long\nsecond: Game\nmoves: [a1, f5"
    split("a1-a2 f5-f4 a2-a1 f4-f5", c, " ")
    for (i = 0; i < 99998; i++) printf ", %s", c[i % 4 + 1]
    print "]" }' > "$tmp/long.yaml"
name() {	# name BYTES: that many letters, no space
	awk -v n="$1" 'BEGIN { s = "Abcdefghij"; while (length(s) < n) s = s s
	    print substr(s, 1, n) }'
}
printf -- '---\nyote: 1\nfirst: %s\nsecond: B\nmoves: [c3, d3]\n' \
    "$(name 65536)" > "$tmp/light.yaml"
printf -- '---\nyote: 1\nfirst: A\nsecond: %s\nmoves: [c3, d3]\n' \
    "$(name 1048576)" >> "$tmp/light.yaml"
cat "$tmp/long.yaml" >> "$tmp/light.yaml"
yote-validate "$tmp/light.yaml" 2>"$TAP_WHY" &&
    yote-replay --html "$tmp/light.html" "$tmp/light.yaml" 2>>"$TAP_WHY"
st=$?
game=$(grep '^<script type="application/json" id="g3">' "$tmp/light.html" | wc -c)
echo "# 100,000-ply game: its data $game bytes; the page with the long names $(wc -c < "$tmp/light.html") bytes"
[ $st -eq 0 ] && [ "$game" -lt 1000000 ]
ok $((! $?)) "long names and a 100,000-ply game validate; the game's data is under 1 MB ($game bytes)"

# a collection for the phone: the annotated game, names with
# bidirectional controls, and an invalid game (the page still shows it)
cat "$tmp/annotated.yaml" $D/bidi.yaml > "$tmp/mix.yaml"
printf -- '---\nyote: 1\nfirst: Bad\nsecond: Move\nmoves: [c3, c3]\n' \
    >> "$tmp/mix.yaml"
yote-replay --html "$tmp/mix.html" "$tmp/mix.yaml" 2>/dev/null
st=$?
grep -q '"Bad","Move",.*"line [0-9]*, ply 2: illegal move' "$tmp/mix.html"
ok $((! $?)) "an invalid game: exit $st (1), and the game list's entry says why"

# bidirectional controls left open in names, an event, a site, a comment
yote-replay --html "$tmp/spoof.html" "$tmp/spoof.yaml" 2>/dev/null
# a ruleset's side names, one with an override
yote-replay --html "$tmp/sides.html" "$tmp/sides.yaml" 2>/dev/null

# a 1,602-ply game with an evaluation a ply, its first side's name wide
# (CJK): the page's curve and yote-analyze --graph's chart of it
sed -e 's/^name: classic/name: wide/' \
    -e 's/^sides: .*/sides: ["\\u5168\\u5168\\u5168\\u5168\\u5168\\u5168\\u5168\\u5168\\u5168\\u5168\\u5168\\u5168\\u5168\\u5168", black]/' \
    formats/rules/classic.yaml > "$tmp/wide-rules.yaml"
awk 'BEGIN { printf "---\nyote: 1\nrules: wide-rules.yaml\nfirst: Long\nsecond: Game\nmoves:\n"
    printf "- move: a1\n  eval: +0.50\n- move: f5\n  eval: -0.50\n"
    split("a1-a2 f5-f4 a2-a1 f4-f5", c, " ")
    for (i = 0; i < 1600; i++) printf "- move: %s\n  eval: %+.2f\n", c[i % 4 + 1], i % 7 - 3 }' \
    > "$tmp/wide.yaml"
yote-replay --html "$tmp/wide.html" "$tmp/wide.yaml" 2>/dev/null
yote-analyze --no-tb --depth 1 -o /dev/null --graph "$tmp/wide.svg" \
    "$tmp/wide.yaml" 2>/dev/null

# a page of 20,000 games: the list shows 200 rows around the game opened
awk 'BEGIN { for (i = 1; i <= 20000; i++) printf "---\nyote: 1\nfirst: P%d\nsecond: Q%d\nresult: \"*\"\nmoves: [d2, a1, d1, b4]\n", i, i }' \
    > "$tmp/many.yaml"
yote-replay --html "$tmp/many.html" "$tmp/many.yaml" 2>/dev/null

# ------------------------------------------------------------ the browser

if ! command -v chromium >/dev/null 2>&1; then
	for t in "every ply as the page shows it" "direct loads #gNpM" \
	    "flipped board" "the game list" "a pv line" \
	    "annotations and accuracy" "screenshot" \
	    "hostile record in the browser" "long names" "100,000 plies" \
	    "phone and desktop widths" "best move arrow, chart axes" \
	    "invalid game in the list" "bidirectional text isolated" \
	    "bidirectional controls left open" "side names isolated" \
	    "the game list's numbers" "the move list around the ply" \
	    "chart labels inside"; do
		skip "chromium is not installed (Debian package chromium; .ci/run installs it): $t"
	done
	tap_done
	exit 0
fi

# browse URL MODE...: the DOM after the page's script ran, or a screenshot
browse() {
	u=$1
	shift
	chromium --headless --no-sandbox --disable-gpu --no-first-run \
	    --disable-background-networking --disable-extensions \
	    --disable-sync --disable-default-apps --mute-audio \
	    --user-data-dir="$tmp/chromium" "$@" "$u" 2>>"$tmp/chromium.log"
}

# the positions yote-replay gives: "GAME<TAB>PLY<TAB>POSITION"
expect() {	# expect FILE N
	i=1
	while [ "$i" -le "$2" ]; do
		yote-replay --game "$i" --ply 0 "$1" |
		    sed -n "s/^Start: /$i	0	/p"
		yote-replay --game "$i" --positions "$1" |
		    awk -v g="$i" -F '\t' '{ print g "\t" $1 "\t" $3 }'
		i=$((i + 1))
	done
}
expect "$tmp/all.yaml" "$ngames" > "$tmp/expect"

browse "file://$tmp/all.html#test-all" --dump-dom > "$tmp/all.dom"
sed -n '/<pre id="test-out">/,/<\/pre>/p' "$tmp/all.dom" |
    sed -e 's/.*<pre id="test-out">//' -e 's/<\/pre>.*//' | sed '/^$/d' \
    > "$tmp/shown"
n=$(wc -l < "$tmp/expect")
diff "$tmp/expect" "$tmp/shown" > "$TAP_WHY"
ok $((! $?)) "every ply of all $ngames games (5 rulesets, $n positions) as the page shows it = yote-replay --positions"

# direct loads: the board's data-position and its text alternative
bad=0
for gp in 1:0 2:7 10:25 19:40 28:100 34:41 36:60 36:1; do
	g=${gp%:*}
	p=${gp#*:}
	want=$(awk -F '\t' -v g="$g" -v p="$p" '$1 == g && $2 == p { print $3 }' \
	    "$tmp/expect")
	browse "file://$tmp/all.html#g${g}p$p" --dump-dom > "$tmp/one.dom"
	fig=$(grep -o '<figure id="board"[^>]*>' "$tmp/one.dom")
	case $fig in
	*"data-position=\"$want\""*) ;;
	*) bad=1; echo "#g${g}p$p: want $want, got $fig" >> "$TAP_WHY" ;;
	esac
	case $fig in
	*"aria-label=\""*": $want\""*) ;;
	*) bad=1; echo "#g${g}p$p: no text alternative: $fig" >> "$TAP_WHY" ;;
	esac
done
[ -n "$want" ] && [ $bad -eq 0 ]
ok $((! $?)) "direct loads of #gNpM show that ply, with the position as text"

# flip: #g2p7f shows the same position turned round, and says so
browse "file://$tmp/all.html#g2p7f" --dump-dom > "$tmp/flip.dom"
browse "file://$tmp/all.html#g2p7" --dump-dom > "$tmp/noflip.dom"
fig=$(grep -o '<figure id="board"[^>]*>' "$tmp/flip.dom")
fig0=$(grep -o '<figure id="board"[^>]*>' "$tmp/noflip.dom")
want=$(awk -F '\t' '$1 == 2 && $2 == 7 { print $3 }' "$tmp/expect")
svg=$(sed -n '/<figure id="board"/,/<\/figure>/p' "$tmp/flip.dom" | md5sum)
svg0=$(sed -n '/<figure id="board"/,/<\/figure>/p' "$tmp/noflip.dom" | md5sum)
echo "# $fig / $fig0" >> "$TAP_WHY"
case $fig in *'data-flipped="1"'*"data-position=\"$want\""* | \
    *"data-position=\"$want\""*'data-flipped="1"'*) f1=1 ;; *) f1=0 ;; esac
case $fig0 in *'data-flipped="0"'*) f0=1 ;; *) f0=0 ;; esac
[ "$f1" = 1 ] && [ "$f0" = 1 ] && [ "$svg" != "$svg0" ]
ok $((! $?)) "#g2p7f: the same position, the board turned round"

# the game list of the last load: a row per game, each opening its game
rows=$(sed -n '/<tbody id="games">/,/<\/tbody>/p' "$tmp/one.dom" |
    grep -o '<a href="#g[0-9]*p0">' | wc -l)
current=$(grep -o '<tr [^>]*aria-current="true"><td>[0-9]*</td><td><a href="#g[0-9]*p0"' \
    "$tmp/one.dom")
echo "# current: $current" >> "$TAP_WHY"
[ "$rows" -eq "$ngames" ] && [ "$current" = '<tr data-g="36" aria-current="true"><td>36</td><td><a href="#g36p0"' ]
ok $((! $?)) "the game list lists every game ($rows of $ngames), the one shown marked"

# annotations: the graded ply with a comment, its pv line, the figures
ply=$(awk '/^- move:/ { n++ } /comment: Gives away/ { print n; exit }' \
    "$tmp/annotated.yaml")
before=$(yote-replay --ply $((ply - 1)) "$tmp/annotated.yaml" |
    sed -n 's/^Position: //p')
pv=$(awk -v p="$ply" '/^- move:/ { n++ } n == p && /^  pv:/ {
    sub(/^  pv: \[/, ""); sub(/\]$/, ""); gsub(/,/, ""); print; exit }' \
    "$tmp/annotated.yaml")
want=$(yote-replay --rules ndar-kepp --start "$before" --moves "$pv" \
    --positions | sed -n 3p | cut -f3)
browse "file://$tmp/annotated.html#g1p${ply}v3" --dump-dom > "$tmp/an.dom"
grep -o '<figure id="board"[^>]*>' "$tmp/an.dom" > "$TAP_WHY"
grep -q "data-position=\"$want\"" "$TAP_WHY" && [ -n "$pv" ]
ok $((! $?)) "#g1p${ply}v3 shows the third move of ply $ply's pv line ($pv)"

acc1=$(sed -n 's/^  first: .*accuracy: \([0-9.]*\)}/\1/p' "$tmp/annotated.yaml")
acc2=$(sed -n 's/^  second: .*accuracy: \([0-9.]*\)}/\1/p' "$tmp/annotated.yaml")
blunders=$(grep -c 'class: blunder' "$tmp/annotated.yaml")
marks=$(grep -o '<circle[^>]*class="mk c3"' "$tmp/an.dom" | wc -l)
: > "$TAP_WHY"
for want in "<td><bdi>$acc1</bdi></td>" "<td><bdi>$acc2</bdi></td>" \
    '<th><bdi>accuracy</bdi></th>' '<th><bdi>average-loss</bdi></th>' \
    'class="cls c3"> blunder</span>' 'Gives away the piece on the edge.' \
    '<span class="clock"><bdi>0:04:12</bdi></span>' \
    'aria-label="Evaluation curve' 'id="b-exit">Back to the game'; do
	grep -qF "$want" "$tmp/an.dom" || echo "missing: $want" >> "$TAP_WHY"
done
graded=$(grep -c '^  class:' "$tmp/annotated.yaml")
# (the side's name isolated, between U+2068 and U+2069)
diagrams=$(grep -o "<figure class=\"diagram\" role=\"img\" aria-label=\"After ply [0-9]*, $(printf '\342\201\250')[a-z]*$(printf '\342\201\251') [a-z0-9+x@-]*: [^\"]*\"" \
    "$tmp/an.dom" | wc -l)
[ ! -s "$TAP_WHY" ] && [ "$marks" -eq "$blunders" ] && [ -n "$acc1" ] &&
    [ "$diagrams" -eq "$graded" ]
ok $((! $?)) "annotations, the curve with its $blunders blunders marked ($marks), accuracy $acc1 and $acc2, $diagrams print diagrams for $graded graded plies"

# a screenshot that is not blank: a PNG of one colour compresses to a
# few hundred bytes; count the colours of its rows with python3's zlib
browse "file://$tmp/annotated.html#g1p$ply" --screenshot="$tmp/shot.png" \
    --window-size=800,1000 > /dev/null
python3 - "$tmp/shot.png" > "$TAP_WHY" 2>&1 <<'EOF'
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
i, idat = 8, b''
while i < len(data):
    n, kind = struct.unpack('>I4s', data[i:i + 8])
    if kind == b'IHDR':
        w, h = struct.unpack('>II', data[i + 8:i + 16])
    if kind == b'IDAT':
        idat += data[i + 8:i + 8 + n]
    i += 12 + n
raw = zlib.decompress(idat)
print('%dx%d, %d bytes, %d distinct byte values' % (w, h, len(data), len(set(raw))))
sys.exit(0 if len(data) > 20000 and len(set(raw)) > 50 else 1)
EOF
ok $((! $?)) "the screenshot is not blank ($(cat "$TAP_WHY"))"

# the hostile record in the browser: its text is there, as text
browse "file://$tmp/hostile.html#g1p1" --dump-dom > "$tmp/h.dom"
: > "$TAP_WHY"
for want in '&lt;/script&gt;&lt;script&gt;document.title=' \
    '&lt;img src=x onerror=' '&lt;iframe src=javascript:alert(6)&gt;' \
    '&lt;svg onload=alert(5)&gt;' '&lt;b&gt;??&lt;/b&gt;' \
    '"\047&amp; &lt;b&gt;bold' '&lt;style&gt;*{display:none}&lt;/style&gt;'; do
	w=$(printf "$want")
	grep -qF "$w" "$tmp/h.dom" || echo "missing: $w" >> "$TAP_WHY"
done
# no element, attribute or script came from the record
for bad in '<img' '<iframe' '<b>' '<i>' '<svg onload' \
    '<title>pwned' '<a href="javascript' ' data-pwned="'; do
	grep -qiF "$bad" "$tmp/h.dom" && echo "found: $bad" >> "$TAP_WHY"
done
n=$(grep -o '<script' "$tmp/h.dom" | wc -l)
[ "$n" -eq 4 ] || echo "$n script elements, not 4" >> "$TAP_WHY"
[ ! -s "$TAP_WHY" ]
ok $((! $?)) "hostile record in the browser: the text is shown, no element or script came from it"

# Pages in frames of a page that reports on them (Chromium's window is
# never narrower than 500 px; a frame is): each frame's time to open
# (its performance.now() once laid out), widths, and what it shows.
cat > "$tmp/frames.html" <<'EOF'
<!DOCTYPE html><html><body style="margin:0">
<pre id="report"></pre>
<script>
var lines = [];
/* s closes every embedding, override and isolate it opens, and has no
 * closer that closes nothing (as UAX #9 pairs them: a PDI closes the
 * embeddings inside its isolate too) */
function balanced(s) {
	var st = [], c, k;
	for (var i = 0; i < s.length; i++) {
		c = s.charCodeAt(i);
		if (c === 0x202c) {
			if (st.pop() !== 'e') return false;
		} else if (c === 0x2069) {
			if ((k = st.lastIndexOf('i')) < 0) return false;
			st.length = k;
		} else if (c >= 0x202a && c <= 0x202e) st.push('e');
		else if (c >= 0x2066 && c <= 0x2068) st.push('i');
	}
	return st.length === 0;
}
/* the box of e's contents (a text node's too) */
function box(d, e) {
	var r = d.createRange();
	r.selectNodeContents(e);
	return r.getBoundingClientRect();
}
/* the texts of root (an svg) that reach past it */
function outside(root) {
	var R = root.getBoundingClientRect();
	return [].filter.call(root.querySelectorAll('text'), function (t) {
		var r = t.getBoundingClientRect();
		return r.left < R.left || r.right > R.right || r.top < R.top || r.bottom > R.bottom;
	}).map(function (t) { return t.textContent; }).join('|');
}
function report(f) {
	var w = f.contentWindow, d = f.contentDocument, q = function (s) { return d.querySelector(s); };
	if (d.documentElement.localName === 'svg') {
		lines.push(f.id + '\toutside\t' + outside(d.documentElement));
		lines.push(f.id + '\tticks\t' + [].map.call(d.querySelectorAll('text.tick'),
		    function (e) { return e.textContent; }).join('|'));
		document.getElementById('report').textContent = lines.join('\n') + '\n';
		return;
	}
	var sw = d.documentElement.scrollWidth;       /* lays the page out */
	var t = w.performance.now(), b = q('#svg svg'), h1 = q('#title');
	var put = function (k, v) { lines.push(f.id + '\t' + k + '\t' + v); };
	put('ms', Math.round(t));
	put('widths', sw + ' ' + w.innerWidth + ' ' + Math.round(b.getBoundingClientRect().width));
	put('position', q('#board').getAttribute('data-position'));
	put('best', q('#board').getAttribute('data-best') + ' ' + d.querySelectorAll('#svg g.best').length);
	put('moves', d.querySelectorAll('#moves li').length);
	put('title', h1.innerHTML.length > 300 ? h1.innerHTML.slice(0, 300) + '...' : h1.innerHTML);
	put('cut', [].map.call(h1.querySelectorAll('bdi'), function (e) {
		return e.textContent.length + ':' + e.title.length; }).join(' '));
	put('doctitle', JSON.stringify(d.title.slice(0, 40)));
	put('whole', d.querySelectorAll('#info details.long').length + ' ' +
	    Math.max.apply(null, [].map.call(d.querySelectorAll('#info details.long .whole'),
	        function (e) { return e.textContent.length; }).concat([0])));
	put('axes', [].map.call(d.querySelectorAll('#chart text'), function (e) { return e.textContent; }).join('|'));
	put('outside', q('#chart svg') ? outside(q('#chart svg')) : '-');
	put('invalid', [].map.call(d.querySelectorAll('#games tr.invalid'), function (e) { return e.textContent; }).join('|'));
	put('list', d.querySelectorAll('#games tr a bdi').length);
	put('rows', d.querySelectorAll('#games tr[data-g]').length + ' ' +
	    (d.querySelector('#games tr[aria-current]') || { getAttribute: function () { return '-'; } }).getAttribute('data-g'));
	/* the list's dates and rulesets, each on one line ("classi" "c") */
	put('broken', [].filter.call(d.querySelectorAll('#games tr td:nth-child(5) bdi, #games tr td:nth-child(7) bdi'),
	    function (e) { return e.getClientRects().length > 1; }).map(function (e) {
		return e.textContent; }).join('|') + ' of ' +
	    d.querySelectorAll('#games tr td:nth-child(7) bdi').length);
	/* the heading reads first name, dash, second name, left to right */
	var hb = h1.querySelectorAll('bdi'), o = [];
	if (hb.length === 2 && hb[0].nextSibling)
		o = [box(d, hb[0]), box(d, hb[0].nextSibling), box(d, hb[1])];
	put('order', o.length && o[0].right <= o[1].left + 1 && o[1].right <= o[2].left + 1 ?
	    'ok' : o.map(function (b) { return Math.round(b.left) + '-' + Math.round(b.right); }).join(' '));
	/* the plies the move list shows; the current move and game in
	 * view in their scroll boxes; for 'key', again after 150 plies
	 * forward with the arrow key */
	var seen = function () {
		return [q('#moves button.on'), q('#games tr[aria-current]')].map(function (e) {
			if (!e) return '-';
			var box = e.closest('#moves, #list'), b = box.getBoundingClientRect(), r = e.getBoundingClientRect();
			return box.scrollHeight <= box.clientHeight ? 'all' :
			    r.top >= b.top && r.bottom <= b.bottom ? 'in' : 'out';
		}).join(' ');
	};
	var window = function () {
		var li = d.querySelectorAll('#moves li[data-ply]');
		return li.length ? li[0].getAttribute('data-ply') + '-' + li[li.length - 1].getAttribute('data-ply') : '-';
	};
	put('window', window());
	put('seen', seen());
	if (f.id === 'key') {
		for (var k = 0; k < 150; k++)
			d.dispatchEvent(new w.KeyboardEvent('keydown', { key: 'ArrowRight' }));
		put('window2', window() + ' ' + q('#board').getAttribute('data-position'));
		put('seen2', seen());
	}
	/* the game list's rows: number (and where from) > address */
	put('listed', [].map.call(d.querySelectorAll('#games tr[data-g]'), function (e) {
		return e.cells[0].textContent + '>' + e.querySelector('a').getAttribute('href');
	}).slice(0, 12).join(' '));
	put('missing', (q('#missing') || { textContent: '-' }).textContent);
	put('from', (q('#meta .from') || { textContent: '-' }).textContent);
	/* where the sides' names go */
	put('caption', q('#pos').innerHTML);
	put('sides', [].map.call(d.querySelectorAll('#info dt'), function (e) {
		return e.innerHTML; }).slice(1, 3).join('|'));
	put('ending', q('#ending').innerHTML);
	put('label', q('#board').getAttribute('aria-label'));
	/* every text of the page, its tooltips, labels and title balanced */
	var texts = [d.title];
	[].forEach.call(d.querySelectorAll('bdi, text, [title], [aria-label]'), function (e) {
		texts.push(e.textContent, e.getAttribute('title') || '', e.getAttribute('aria-label') || '');
	});
	put('unbalanced', texts.filter(function (t) { return !balanced(t); }).map(function (t) {
		return JSON.stringify(t.slice(0, 40)); }).join(' '));
	document.getElementById('report').textContent = lines.join('\n') + '\n';
}
</script>
<script>
/* the frames, [id, page, width, height, border]: each reports once loaded
 * (its handler set before its page is named: one set after the frames
 * were made could come after a small page had loaded) */
[
	['long64k', 'light.html#g1p2', 800, 600],
	['long1m', 'light.html#g2p2', 800, 600],
	['plies', 'light.html#g3p99999', 800, 600],
	['key', 'light.html#g3p51201', 800, 600],
	['phone', 'mix.html#g1p15', 375, 700, 0],
	['desk', 'mix.html#g1p15', 800, 700, 0],
	['bidi', 'mix.html#g2p0', 800, 700, 0],
	['many', 'many.html#g15000p3', 800, 600],
	['spoof1', 'spoof.html#g1p1', 800, 700, 0],
	['spoof2', 'spoof.html#g2p1', 800, 700, 0],
	['sides1', 'sides.html#g1p20', 800, 700, 0],
	['sides2', 'sides.html#g2p2', 800, 700, 0],
	['sides3', 'sides.html#g3p1', 800, 700, 0],
	['sel', 'sel.html#g2p1', 800, 700, 0],
	['sel5', 'sel.html#g5p3', 800, 700, 0],
	['selp', 'sel.html#g2p999', 800, 700, 0],
	['two', 'two.html#g12p0', 800, 700, 0],
	['all28', 'all.html#g28p100', 800, 700, 0],
	['chart', 'wide.html#g1p800', 800, 700, 0],
	['graph', 'wide.svg', 700, 300, 0]
].forEach(function (f) {
	var e = document.createElement('iframe');
	e.id = f[0];
	e.onload = function () { report(e); };
	e.style.width = f[2] + 'px';
	e.style.height = f[3] + 'px';
	if (f[4] === 0) e.style.border = '0';
	e.src = f[1];
	document.body.appendChild(e);
});
</script>
</body></html>
EOF
timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run \
    --disable-background-networking --disable-extensions --disable-sync \
    --disable-default-apps --mute-audio --user-data-dir="$tmp/chromium" \
    --allow-file-access-from-files --dump-dom "file://$tmp/frames.html" \
    2>>"$tmp/chromium.log" > "$tmp/frames.dom"
sed -n '/<pre id="report">/,/<\/pre>/p' "$tmp/frames.dom" |
    sed -e 's/.*<pre id="report">//' -e 's/<\/pre>.*//' -e 's/&lt;/</g' \
    -e 's/&gt;/>/g' -e 's/&quot;/"/g' -e 's/&amp;/\&/g' > "$tmp/report"
# get FRAME KEY: one value of the report
get() { awk -F '\t' -v f="$1" -v k="$2" '$1 == f && $2 == k { print $3 }' "$tmp/report"; }
sed 's/^/# /' "$tmp/report" | cut -c 1-200

# long names: the page opens (in well under the 2 s aimed at, on an idle
# machine: the margin here is for a loaded one), shows the name cut, and
# has the whole of it one step away (a <details>)
: > "$TAP_WHY"
for f in long64k long1m; do
	ms=$(get $f ms)
	[ -n "$ms" ] && [ "$ms" -lt 10000 ] || echo "$f: opened in '$ms' ms" >> "$TAP_WHY"
	set -- $(get $f widths)
	[ "${1:-9}" -le "${2:-0}" ] || echo "$f: scrolls sideways: $*" >> "$TAP_WHY"
done
# the heading: 80 characters and an ellipsis, the whole name in the title
[ "$(get long64k cut)" = "81:65536 1:0" ] || echo "64k heading: $(get long64k cut)" >> "$TAP_WHY"
[ "$(get long1m cut)" = "1:0 81:1048576" ] || echo "1m heading: $(get long1m cut)" >> "$TAP_WHY"
[ "$(get long64k whole)" = "1 65536" ] || echo "64k whole: $(get long64k whole)" >> "$TAP_WHY"
[ "$(get long1m whole)" = "1 1048576" ] || echo "1m whole: $(get long1m whole)" >> "$TAP_WHY"
[ -s "$tmp/report" ] && [ ! -s "$TAP_WHY" ]
ok $((! $?)) "long names (64 KB, 1 MB, no space): open in $(get long64k ms) and $(get long1m ms) ms, cut, the whole text in a <details>"

want=$(yote-replay --ply 99999 "$tmp/long.yaml" | sed -n 's/^Position: //p')
want2=$(yote-replay --ply 51201 "$tmp/long.yaml" | sed -n 's/^Position: //p')
ms=$(get plies ms)
moves=$(get plies moves)
echo "# want $want and $want2, moves $moves" > "$TAP_WHY"
[ -n "$ms" ] && [ "$ms" -lt 10000 ] && [ "$(get plies position)" = "$want" ] &&
    [ "$(get key position)" = "$want2" ] &&
    [ "$moves" -gt 100 ] && [ "$moves" -lt 500 ]
ok $((! $?)) "a 100,000-ply game opens at ply 99,999 in $ms ms with the right position (and at 51,201, past a kept one), $moves plies of the move list made"

: > "$TAP_WHY"
for f in phone desk; do
	set -- $(get $f widths)
	echo "# $f: scrollWidth, innerWidth, board: $*" >> "$TAP_WHY"
	[ "${1:-9}" -le "${2:-0}" ] && [ "${3:-9}" -le "${2:-0}" ] &&
	    [ "${3:-0}" -ge 300 ] || echo "$f: does not fit" >> "$TAP_WHY"
done
[ -s "$tmp/report" ] && ! grep -q 'not fit' "$TAP_WHY"
ok $((! $?)) "at 375 and 800 px the page fits its width, the board scaled ($(get phone widths); $(get desk widths))"

: > "$TAP_WHY"
for f in phone desk; do
	echo "# $f: cells broken in two: $(get $f broken)" >> "$TAP_WHY"
	case $(get $f broken) in ' of '[1-9]*) ;; *) echo "$f: broken" >> "$TAP_WHY" ;; esac
done
[ -s "$tmp/report" ] && ! grep -q ': broken' "$TAP_WHY"
ok $((! $?)) "at 375 and 800 px the game list keeps each date and ruleset on one line ($(get phone broken); $(get desk broken))"

best=$(awk '/^- move:/ { n++ } n == 15 && /^  best:/ { print $2 }' "$tmp/annotated.yaml")
axes=$(get desk axes)
echo "# best $best; axes $axes" > "$TAP_WHY"
[ "$(get desk best)" = "$best 1" ] && case $axes in
    *'0%|50%|100%|0|50|100|ply|win %, '*red*) true ;; *) false ;; esac
ok $((! $?)) "ply 15 (a blunder): the best move $best as an arrow; the chart's axes labelled"

inv=$(get desk invalid)
echo "# $inv" > "$TAP_WHY"
case $inv in 3Bad*Move*'invalid: line '*', ply 2: illegal move'*) true ;; *) false ;; esac
ok $((! $?)) "the invalid game is marked in the game list, with the reason"

t=$(get bidi title)
dt=$(get bidi doctitle)
echo "# $t / $dt / $(get bidi list) list names" > "$TAP_WHY"
[ "$t" = "$(printf '<bdi>Eve\342\200\2560-1\342\200\254</bdi> \342\200\223 <bdi>\342\200\217Adam\342\200\216\342\200\252\342\200\253\342\200\255\342\201\247\342\201\250\342\201\251\342\201\251\342\200\254\342\200\254\342\200\254</bdi>')" ] &&
    [ "$(get bidi list)" = 6 ] &&
    case $dt in '"'"$(printf '\342\201\250')"Eve*) true ;; *) false ;; esac
ok $((! $?)) "bidirectional controls in names: isolated in the heading, the title and the game list"

# controls left open in a name (U+202E then U+2066, never closed) held
# the rest of the heading in their override: the second name stood before
# the dash, or before the first name, and "1-0" read "0-1"
: > "$TAP_WHY"
for f in spoof1 spoof2 bidi desk; do
	[ "$(get $f order)" = ok ] || echo "$f: heading out of order: $(get $f order)" >> "$TAP_WHY"
	[ -z "$(get $f unbalanced)" ] || echo "$f: unbalanced: $(get $f unbalanced)" >> "$TAP_WHY"
done
t=$(get spoof1 title)
[ "$t" = "$(printf '<bdi>Awa Diop\342\200\256\342\201\246\342\201\251\342\200\254</bdi> \342\200\223 <bdi>Moussa Ndiaye</bdi>')" ] ||
    echo "spoof1: heading $t" >> "$TAP_WHY"
[ -s "$tmp/report" ] && [ ! -s "$TAP_WHY" ]
ok $((! $?)) "bidirectional controls left open in names, an event, a site, a comment: closed at the end of each text, the heading in order, every text, title and label balanced"

# a ruleset's side name with an override, wherever the page names a side:
# in a <bdi> (in an attribute between U+2068 and U+2069), as a player's
# name; it read "\u00e9clair(dnoces)" in the header, the caption ran
# backwards and the ending gave the name escaped ("\u00e9clair\u202e")
e=$(printf '\303\251clair\342\200\256\342\200\254')
r='&lt;b&gt;rouge&lt;/b&gt;'
: > "$TAP_WHY"
want() {	# want FRAME KEY VALUE
	[ "$(get $1 $2)" = "$3" ] || echo "$1 $2: $(get $1 $2), not $3" >> "$TAP_WHY"
}
want sides1 caption "After ply 20, <bdi>$e</bdi> b2 $(printf '\342\200\224') $(get sides1 position)"
want sides1 sides "<bdi>$r</bdi> (first)|<bdi>$e</bdi> (second)"
want sides1 ending "<bdi>Result: 1-0, capture-all: </bdi><bdi>$e</bdi><bdi> has no pieces left.</bdi>"
want sides1 label "After ply 20, $(printf '\342\201\250')$e$(printf '\342\201\251') b2: $(get sides1 position)"
want sides2 ending "<bdi>Result: 0-1, resignation: </bdi><bdi>$r</bdi><bdi> resigned; </bdi><bdi>$e</bdi><bdi> wins (declared; the position is not finished).</bdi>"
want sides3 ending "<bdi>The game is not over (</bdi><bdi>$e</bdi><bdi> to move).</bdi>"
for f in sides1 sides2 sides3; do
	[ -z "$(get $f unbalanced)" ] || echo "$f: unbalanced: $(get $f unbalanced)" >> "$TAP_WHY"
done
[ -s "$tmp/report" ] && [ ! -s "$TAP_WHY" ]
ok $((! $?)) "side names with markup and an override: isolated in the header, the caption, the board's label and the ending, as the players' names"

# the list's numbers are the addresses' (#g2p1 opens the second row's
# game) with the file and number there under them; an address for a game
# the page has not says so (#g5p3 silently opened game 1)
: > "$TAP_WHY"
want sel listed '1classic.yaml 3>#g1p0 2classic.yaml 5>#g2p0'
want sel position "$(yote-replay -g 5 --ply 1 samples/classic.yaml | sed -n 's/^Position: //p')"
want sel from '; game 5 of samples/classic.yaml'
want sel missing ''
want sel5 position "$(yote-replay -g 3 --ply 3 samples/classic.yaml | sed -n 's/^Position: //p')"
want sel5 missing 'This page has no game 5 (its games are numbered 1 to 2 in its order); game 1 is shown.'
want selp position "$(yote-replay -g 5 -F samples/classic.yaml | sed -n 's/^Position: //p')"
want selp missing 'Game 2 has no ply 999 (it has 47); its last position is shown.'
want two listed "$(i=1; while [ $i -le 12 ]; do
	if [ $i -le "$nc" ]; then f=classic; n=$i; else f=damasi; n=$((i - nc)); fi
	printf '%s ' "$i$f.yaml $n>#g${i}p0"; i=$((i + 1)); done | sed 's/ $//')"
want two position "$(yote-replay -g $((12 - nc)) --ply 0 samples/damasi.yaml | sed -n 's/^Start: //p')"
want desk from -
[ -s "$tmp/report" ] && [ ! -s "$TAP_WHY" ]
ok $((! $?)) "the game list numbers games as their addresses do, with the file and number they came from; a game the page has not, or a ply past a game's end, is said"

# the move list shows the 200 plies around the ply shown (it showed
# 51,201 to 51,400 for ply 51,201, the ply before not listed), and the
# current move and game are scrolled into view in their boxes (they
# stayed out of sight, the arrow keys too)
: > "$TAP_WHY"
want key window 51102-51301
want key seen 'in all'
# (made again 20 plies before its end, around ply 51,282)
want key window2 "51183-51382 $(yote-replay --ply 51351 "$tmp/long.yaml" | sed -n 's/^Position: //p')"
want key seen2 'in all'
want plies window 99801-100000
want plies seen 'in all'
want all28 window 1-$(yote-replay -g 28 -p "$tmp/all.yaml" | wc -l)
want all28 seen 'in in'
want many seen 'all in'
want phone seen 'all in'
[ -s "$tmp/report" ] && [ ! -s "$TAP_WHY" ]
ok $((! $?)) "the move list shows the plies around the one shown, and keeps it and the current game in view"

# every label of the curve inside its picture, for a 1,602-ply game and a
# wide side's name ("1602" showed as "160" at the right edge), and of
# yote-analyze --graph's chart of the game
: > "$TAP_WHY"
want chart outside ''
want chart axes "0%|50%|100%|0|801|1602|ply|win %, $(printf '\342\201\250\345\205\250\345\205\250\345\205\250\345\205\250\345\205\250\345\205\250\345\205\250\345\205\250\345\205\250\345\205\250\345\205\250\345\205\250\342\200\246\342\201\251')"
want graph outside ''
want graph ticks '0|801|1602'
want desk outside ''
[ -s "$tmp/report" ] && [ ! -s "$TAP_WHY" ]
ok $((! $?)) "the curve's labels inside the picture for a 1,602-ply game and a wide side's name; --graph's too"

ms=$(get many ms)
echo "# $(get many rows) rows, current; $(get many position)" > "$TAP_WHY"
[ -n "$ms" ] && [ "$ms" -lt 10000 ] && [ "$(get many rows)" = "200 15000" ] &&
    [ "$(get many position)" = "$(yote-replay --game 15000 --ply 3 \
    "$tmp/many.yaml" | sed -n 's/^Position: //p')" ]
ok $((! $?)) "a page of 20,000 games opens at game 15,000 in $ms ms, 200 rows of the list made, its own marked"

tap_done
