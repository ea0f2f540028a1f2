# slip-hits.awk TRUTH SUGGESTIONS: how often yote-validate --suggest -f json
# finds the slip make-slips made, first and among the suggestions.
# TRUTH: game, ply, played, written, kind, legal, ruleset (tab-separated;
# tests/tools/make-slips.c).  Prints one line a group (all; each ruleset;
# each kind; a miswritten move legal or illegal where it stands):
#   group slips first top misses
# and each miss on standard error.
function field(s, key) {
	if (!match(s, "\"" key "\":\"?[^,\"}]*"))
		return ""
	s = substr(s, RSTART + length(key) + 3, RLENGTH - length(key) - 3)
	sub(/^"/, "", s)
	return s
}
# the first text of the list key ("valid":["c4"])
function first(s, key) {
	if (!sub(".*\"" key "\":\\[\"", "", s))
		return ""
	sub(/".*/, "", s)
	return tolower(s)
}
function found(s, g,    e, p) {
	e = field(s, "edit")
	p = field(s, "ply")
	if (kind[g] == "swap")
		return e == "swap" && p == ply[g]
	if (kind[g] == "extra")         # either copy may go
		return e == "drop" && (p == ply[g] || p == ply[g] - 1)
	if (kind[g] == "missing")
		return e == "insert" && p == ply[g] && first(s, "valid") == played[g]
	return e == "replace" && p == ply[g] && first(s, "valid") == played[g]
}
function count(grp) { n[grp]++; if (r == 1) f[grp]++; if (r > 0) t[grp]++ }
BEGIN { FS = "\t" }
FNR == NR { ply[$1] = $2; played[$1] = tolower($3); kind[$1] = $5;
	legal[$1] = $6; rules[$1] = $7; next }
/"kind":"suggestion"/ {
	g = field($0, "game")
	if (!hit[g] && found($0, g))
		hit[g] = field($0, "rank")
}
END {
	for (g in ply) {
		r = hit[g] + 0
		count("all")
		count(rules[g])
		count("kind:" kind[g])
		if (kind[g] == "char" || kind[g] == "legal")
			count(legal[g] ? "stands:legal" : "stands:illegal")
		if (!r)
			printf "miss: game %s ply %s (%s)\n", g, ply[g],
			    kind[g] >"/dev/stderr"
	}
	for (g in n)
		printf "%s %d %d %d %d\n", g, n[g], f[g], t[g], n[g] - t[g]
}
