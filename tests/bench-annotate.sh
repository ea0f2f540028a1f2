#!/bin/sh
# How far the annotator's mistakes and blunders hold up when it thinks
# longer (part of `make bench`; nothing here is a pass/fail test).
#
# The games of tests/data/annotate/*.yaml (one file a ruleset, made by
# yote-play self-play: one beginner game, four casual, one club game;
# tests/data/annotate/README.md says how; heldout/ holds a second set,
# made the same way with other seeds) are annotated twice, one game a
# process, one process at a time: with the default budget, and with a
# longer search (ANNOTATE_REF, by default --depth 10 --nodes 40000000,
# about seven times the cost: the default deepens where depth 7 is cheap,
# and --depth 9 --nodes 20000000 came to less than four times).  A ply
# is flagged when its class is mistake or blunder.  Prints, per ruleset
# and in total:
#   precision  of the plies the default flags, the share the longer
#              search flags too;
#   recall     of the plies the longer search flags, the share the
#              default flags too;
# the CPU seconds per game (median and worst, each scaled to 100 plies)
# of both, the ratio of their costs, and the ply where they disagree
# most (the default's and the longer search's loss in points).  The
# endgame tables are built during the longer run, so the default's times
# have none of that (YOTE_TB_DIR may name tables built before: the
# scratch directory is used otherwise).  The default budget takes about
# 58 s of CPU over the 1,597 plies, the longer one some 7 to 8 minutes.
#   ANNOTATE_SETS  files to annotate (default tests/data/annotate/*.yaml)
#   ANNOTATE_DEF   options of the default run (default: none)
#   ANNOTATE_REF   options of the longer run
#   ANNOTATE_KEEP  a directory where the annotated records are kept
#   ANNOTATE_REUSE a directory an earlier run kept (ANNOTATE_KEEP) with the
#                  same ANNOTATE_SETS and ANNOTATE_REF: its longer run's
#                  records and costs are used instead of running it again
#                  (the tables must then be built: YOTE_TB_DIR)
#   ANNOTATE_REF2  options of a second longer run (say the same with -H 32):
#                  the longer search's agreement with itself is printed
#                  (nothing but its hash table changed, it disagrees on a
#                  few plies: the ceiling of any default's figures), and
#                  the default's precision and recall against the plies
#                  where the two longer runs agree (the others left out)
#                  (kept and reused as ref2-*, as the first is)
#   ANNOTATE_JUDGE a depth D, or several in increasing order ("8 9 10
#                  12"): every ply where
#                  the default and the longer search disagree is graded
#                  again by `yote-analyze --best --depth D` of the position
#                  before the move and --depth D-1 of the one after (no
#                  game history), as the annotator grades, and the count
#                  of those that go each one's way is printed, with the
#                  nodes the two searches took (a few seconds a ply at
#                  depth 12); with several depths, the shallowest from
#                  which every deeper one sides with the longer search is
#                  that ply's horizon, and the plies are counted by it
set -u
. tests/lib/env.sh
B=${BIN:-$(pwd)/bin}
sets=${ANNOTATE_SETS:-$(ls tests/data/annotate/*.yaml)}
def=${ANNOTATE_DEF:-}
ref=${ANNOTATE_REF:---depth 10 --nodes 40000000}
scratch bench-annotate
keep=${ANNOTATE_KEEP:-$tmp}
reuse=${ANNOTATE_REUSE:-}
ref2=${ANNOTATE_REF2:-}
judge=${ANNOTATE_JUDGE:-}
mkdir -p "$keep"

# one run: file, options, output; a line per game in $keep/$3.cost:
# file, game, plies, CPU seconds
run() {
	n=$(yote-validate --summary "$1" | awk '{ print $1 }')
	g=1
	while [ "$g" -le "$n" ]; do
		# shellcheck disable=SC2086
		/usr/bin/time -f '%U %S' -o "$tmp/cpu" "$B/yote-analyze" \
		    -g "$g" $2 "$1" >"$tmp/one" 2>/dev/null
		cat "$tmp/one" >>"$keep/$3.yaml"
		p=$(grep -c '^- move:' "$tmp/one")
		awk -v f="$1" -v g="$g" -v p="$p" \
		    '{ printf "%s %d %d %.2f\n", f, g, p, $1 + $2 }' \
		    "$tmp/cpu" >>"$keep/$3.cost"
		g=$((g + 1))
	done
}

# The plies of annotated records: file game ply flagged loss position,
# from the records of $keep/$1.yaml.
plies() {
	awk -v f="$2" '
	function w(s) {
		gsub(/\047/, "", s)    # a proven score is quoted: '#+5'
		if (s ~ /^#\+/) return 100
		if (s ~ /^#-/) return 0
		return 100 / (1 + exp(-0.0027 * s * 100))
	}
	function flush() {
		if (ply == 0) return
		l = w(eb) - w(ev); if (l < 0) l = -l
		printf "%s %d %d %d %.1f %s\n", f, game, ply, fl, l, mv
	}
	/^---/ { flush(); game++; ply = 0; next }
	/^- move:/ { flush(); ply++; fl = 0; mv = $3; eb = ev = 0; next }
	/^  eval-before:/ { eb = $2 }
	/^  eval:/ { ev = $2 }
	/^  class: (mistake|blunder)/ { fl = 1 }
	END { flush() }' "$keep/$1.yaml"
}

# longer FILE RULESET NAME OPTIONS: the longer run NAME (ref, ref2) of
# FILE, or the one ANNOTATE_REUSE kept
longer() {
	if [ -n "$reuse" ] && [ -s "$reuse/$3-$2.yaml" ] &&
	    [ -s "$reuse/$3-$2.cost" ]; then
		[ "$(cd "$reuse" && pwd -P)" = "$(cd "$keep" && pwd -P)" ] ||
		    cp "$reuse/$3-$2.yaml" "$reuse/$3-$2.cost" "$keep/"
	else
		: >"$keep/$3-$2.yaml"
		: >"$keep/$3-$2.cost"
		run "$1" "$4" "$3-$2"
	fi
	plies "$3-$2" "$2" >"$keep/$3-$2.plies"
}

for f in $sets; do
	r=$(basename "$f" .yaml)
	: >"$keep/def-$r.yaml"
	: >"$keep/def-$r.cost"
	# the longer run first: it builds the endgame tables both use
	longer "$f" "$r" ref "$ref"
	[ -z "$ref2" ] || longer "$f" "$r" ref2 "$ref2"
	run "$f" "$def" "def-$r"
	plies "def-$r" "$r" >"$keep/def-$r.plies"
done
# this run's rulesets only (the directory may keep others)
for k in def ref ${ref2:+ref2}; do
	for x in plies cost; do
		for f in $sets; do
			cat "$keep/$k-$(basename "$f" .yaml).$x"
		done >"$keep/$k.$x"
	done
done

echo "default: yote-analyze ${def:-(no options)}; longer: yote-analyze $ref"
paste -d ' ' "$keep/def.plies" "$keep/ref.plies" | awk '
	$1 != $7 || $2 != $8 || $3 != $9 { print "plies out of step"; exit 1 }
	{
		r = $1; n[r]++; N++
		if ($4) { d[r]++; D++ }
		if ($10) { f[r]++; F++ }
		if ($4 && $10) { b[r]++; BB++ }
		if ($4 != $10) {
			gap = $5 - $11; if (gap < 0) gap = -gap
			if (gap > worst) { worst = gap
				w = sprintf("%s game %d ply %d (%s): default %s %.1f, longer %s %.1f",
				    r, $2, $3, $6, $4 ? "flags" : "passes", $5,
				    $10 ? "flags" : "passes", $11) }
		}
	}
	function pct(a, b) { return b ? sprintf("%5.1f%%", 100 * a / b) : "    -" }
	END {
		printf "%-12s %6s %8s %8s %6s %10s %8s\n", "ruleset", "plies",
		    "default", "longer", "both", "precision", "recall"
		split("classic traditional damasi ndar-kepp", order, " ")
		for (i = 1; i <= 4; i++) if ((r = order[i]) in n)
			printf "%-12s %6d %8d %8d %6d %10s %8s\n", r, n[r], d[r],
			    f[r], b[r], pct(b[r], d[r]), pct(b[r], f[r])
		printf "%-12s %6d %8d %8d %6d %10s %8s\n", "total", N, D, F,
		    BB, pct(BB, D), pct(BB, F)
		if (w != "") print "widest disagreement: " w
	}'
if [ -n "$ref2" ]; then
	# agree A B TITLE: B's flags against A's, as precision and recall of
	# B; with C (a third file), only the plies where A and C agree
	agree() {
		paste -d ' ' "$1" "$2" ${3:+"$3"} | awk -v t="$4" '
		$1 != $7 || $2 != $8 || $3 != $9 { print "plies out of step"; exit 1 }
		NF > 12 && $4 != $16 { u[$1]++; U++; next }
		{
			r = $1; n[r]++
			if ($10) { d[r]++; D++ }
			if ($4) { f[r]++; F++ }
			if ($4 && $10) { b[r]++; BB++ }
		}
		function pct(a, b) { return b ? sprintf("%5.1f%%", 100 * a / b) : "    -" }
		END {
			print t
			printf "  %-12s %10s %8s   %4s %4s %4s\n", "ruleset",
			    "precision", "recall", "flag", "by", "out"
			split("classic traditional damasi ndar-kepp", order, " ")
			for (i = 1; i <= 4; i++) if ((r = order[i]) in n)
				printf "  %-12s %10s %8s   %4d %4d %4d\n",
				    r, pct(b[r], d[r]), pct(b[r], f[r]), d[r],
				    f[r], u[r]
			printf "  %-12s %10s %8s   %4d %4d %4d\n",
			    "total", pct(BB, D), pct(BB, F), D, F, U
		}'
	}
	# flag: the plies the one judged flags; by: those the judge flags;
	# out: plies left out
	agree "$keep/ref.plies" "$keep/ref2.plies" "" \
	    "the longer search against itself (yote-analyze $ref2 judged by $ref):"
	agree "$keep/ref.plies" "$keep/def.plies" "$keep/ref2.plies" \
	    "the default judged by the plies where both longer runs agree:"
fi
for k in def ref; do
	# CPU seconds per 100 plies of each game: median, worst, and which
	awk '{ printf "%.3f %s game %d (%d plies, %.2f s)\n",
	    $4 * 100 / ($3 > 0 ? $3 : 1), $1, $2, $3, $4 }' "$keep/$k.cost" |
	    sort -n | awk -v k="$k" '
	{ c[NR] = $1; w = $0; sub(/^[^ ]* /, "", w) }
	END {
		printf "%-7s CPU per 100 plies: median %.2f s, worst %.2f s (%s)\n",
		    k == "def" ? "default" : "longer", c[int((NR + 1) / 2)],
		    c[NR], w
	}'
done
awk 'FNR == 1 { k++ } { t[k] += $4 }
    END { if (t[1] > 0) printf "CPU in all: default %.1f s, longer %.1f s, %.1f times as much\n", t[1], t[2], t[2] / t[1] }' \
    "$keep/def.cost" "$keep/ref.cost"

[ -n "$judge" ] || exit 0
# score POS RULES DEPTH: the --best search's last score, in centipieces
# (a proven result as +-30000 less its plies), and its nodes
score() {
	"$B/yote-analyze" --rules "$2" --position "$1" --best --depth "$3" |
	    awk '/^info depth/ { for (i = 1; i < NF; i++) {
		if ($i == "score") s = $(i + 1)
		if ($i == "nodes") n = $(i + 1) } }
	    END {
		if (s ~ /^#\+/) { sub(/^#\+/, "", s); v = 30000 - s }
		else if (s ~ /^#-/) { sub(/^#-/, "", s); v = -30000 + s }
		else v = sprintf("%d", s * 100 + (s < 0 ? -0.5 : 0.5))
		print v, n + 0
	    }'
}
paste -d ' ' "$keep/def.plies" "$keep/ref.plies" | awk '$4 != $10 { print $1, $2, $3, $4, $10 }' |
while read -r r g k d f; do
	for x in $sets; do
		[ "$(basename "$x" .yaml)" = "$r" ] && file=$x
	done
	# the positions before and after ply k: the record's start (its
	# games have one: yote-play writes its random openings so), then
	# one a ply
	start=$(awk -v g="$g" '/^---/ { n++ } n == g && /^start:/ {
	    sub(/^start: */, ""); gsub(/"/, ""); print; exit }' "$file")
	if [ -z "$start" ]; then
		echo "$r game $g ply $k: no start: key, not judged"
		continue
	fi
	{
		echo "$start"
		"$B/yote-replay" -p -g "$g" "$file" | cut -f3
	} >"$tmp/pos"
	for jd in $judge; do
		set -- $(score "$(sed -n "${k}p" "$tmp/pos")" "$r" "$jd") \
		    $(score "$(sed -n "$((k + 1))p" "$tmp/pos")" "$r" $((jd - 1)))
		awk -v r="$r" -v g="$g" -v k="$k" -v d="$d" -v f="$f" \
		    -v b="$1" -v a="$((-$3))" -v n="$(($2 + $4))" -v jd="$jd" '
		function W(s) { return s > 29000 ? 100 : s < -29000 ? 0 : 100 / (1 + exp(-0.0027 * s)) }
		function most(c, m) { return c < m ? c : m }
		BEGIN {
			# as annotate.c grades (yote_classify); a flag is a
			# mistake or worse
			l = W(b) - W(a); if (l < 0) l = 0
			c = l >= 15 ? 3 : l >= 10 ? 2 : l >= 5 ? 1 : 0
			if (b < -29000)
				c = 0
			else if (b > 29000) {
				if (a > 29000) c = 0
				else if (W(a) >= 75) c = most(c, 1)
				else if (W(a) >= 60) c = most(c, 2)
			} else {
				if (a < -29000 && W(b) <= 25) c = most(c, 1)
				else if (a < -29000 && W(b) <= 40) c = most(c, 2)
				if (W(a) >= 75 || W(b) <= 25) c = most(c, 1)
			}
			j = c >= 2
			printf "%s game %d ply %d: default %s, longer %s, depth %d %s (%+d, %+d, loss %.1f, %d nodes): the %s\n",
			    r, g, k, d ? "flags" : "passes", f ? "flags" : "passes", jd,
			    j ? "flags" : "passes", b, a, l, n,
			    j == f ? "longer search" : "default"
		}'
	done
done >"$tmp/judged"
cat "$tmp/judged"
awk '$10 != "depth" { next } { jd = $11 }
    /: the longer search$/ { l[jd]++ } /: the default$/ { d[jd]++ }
    { for (i = 1; i <= NF; i++) if ($i == "nodes):") nodes[jd] += $(i - 1)
      if (!(jd in seen)) { seen[jd] = 1; order[++m] = jd } }
    END {
	for (i = 1; i <= m; i++) { j = order[i]
		printf "judged by depth %s: of %d plies where they disagree, %d go the longer search'"'"'s way, %d the default'"'"'s (%.1f million nodes)\n",
		    j, l[j] + d[j], l[j], d[j], nodes[j] / 1e6 } }' "$tmp/judged"
[ "$(echo $judge | wc -w)" -gt 1 ] || exit 0
# the horizon of each ply: the shallowest depth judged from which every
# deeper one sides with the longer search ("beyond" when the deepest
# does not)
awk '$10 != "depth" { next } { key = $1 " " $3 " " $5; jd = $11
    if (!(key in seen)) { seen[key] = 1; keys[++n] = key; h[key] = "beyond" }
    if ($NF == "default") h[key] = "beyond"
    else if (h[key] == "beyond") h[key] = jd }
    END {
	for (i = 1; i <= n; i++) c[h[keys[i]]]++
	printf "horizon of the %d plies judged:", n
	for (x = 1; x <= 64; x++) if (x in c) printf " depth %d %d;", x, c[x]
	if ("beyond" in c) printf " beyond the deepest %d;", c["beyond"]
	printf "\n" }' "$tmp/judged"
