#!/bin/sh
# The engine's cost over a fixed, varied set of positions: every line of
# tests/data/bench-positions.tsv (ruleset, position; all four rulesets,
# dense boards included) searched by `yote-analyze --best` with its
# default settings, or with the options given as arguments.  Prints the
# distribution of time and nodes.
#   BENCH_POSITIONS_OUT=FILE  also keep one line per position: ruleset,
#                             nodes, ms, depth, score, best move, position,
#                             cpu ms (to compare best moves between builds)
# Nodes are deterministic; times depend on the machine and its load: "ms"
# is the search's own wall-clock time, "cpu ms" the whole process's user
# and system time (start-up included), which a busy machine disturbs less.
set -u
. tests/lib/env.sh
B=${BIN:-$(pwd)/bin}
list=${BENCH_POSITIONS:-tests/data/bench-positions.tsv}
# the endgame tables are built in the scratch directory, from an empty
# cache: the first positions that meet a class pay for building it
scratch bench-positions
grep -v '^#' "$list" | while IFS='	' read -r rules pos; do
	/usr/bin/time -f '%U %S' -o "$tmp/cpu" "$B/yote-analyze" --best \
	    --rules "$rules" --position "$pos" "$@" >"$tmp/out" 2>/dev/null
	cpu=$(awk '{ printf "%d", ($1 + $2) * 1000 }' "$tmp/cpu")
	# the last info line: depth D score S nodes N time T pv ...
	awk -v r="$rules" -v p="$pos" -v c="$cpu" '
	    $1 == "info" { d = $3; s = $5; n = $7; t = $9 }
	    $1 == "bestmove" { b = $2 }
	    END { if (n == "") { n = 0; t = 0; d = 0; s = "-" }
		printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r, n, t, d, s, b,
		    p, c }' "$tmp/out"
done >"$tmp/all"
[ -n "${BENCH_POSITIONS_OUT:-}" ] && cp "$tmp/all" "$BENCH_POSITIONS_OUT"
dist() { # column name
	cut -f"$1" "$tmp/all" | sort -n | awk -v what="$2" '
	    { v[NR] = $1; s += $1 }
	    END { q = "median p90 p99 max"; split("0.5 0.9 0.99 1", f, " ")
		split(q, nm, " ")
		printf "%-7s", what
		for (i = 1; i <= 4; i++) {
			k = int(f[i] * NR + 0.999999); if (k < 1) k = 1
			printf "  %s %s", nm[i], v[k]
		}
		printf "  total %s\n", s }'
}
echo "$(wc -l <"$tmp/all") positions, yote-analyze --best ${*:-(defaults)}"
dist 3 "ms"
dist 8 "cpu ms"
dist 2 "nodes"
for rules in classic traditional damasi ndar-kepp; do
	awk -F'\t' -v r="$rules" '$1 == r { n++; s += $2; t += $3; if ($3 > m) m = $3 }
	    END { printf "  %-12s %3d positions  %11d nodes  %7d ms  max %d ms\n", r, n, s, t, m }' "$tmp/all"
done
