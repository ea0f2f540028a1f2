# pair-hits.awk TRUTH SUGGESTIONS: how often yote-validate --suggest -f json
# finds both slips make-slips --two made (a pair of edits, each at its ply
# with the move played), first and among the suggestions; how often one
# edit mends the record instead (a slip that another move makes good).
# TRUTH: game, ply, played, written, ply, played, written, kinds, ruleset
# (tab-separated; tests/tools/make-slips.c).  Prints
#   games first top one none
# and each game found by neither on standard error.
function num(s, key) {
	if (!match(s, "\"" key "\":[0-9]+"))
		return ""
	return substr(s, RSTART + length(key) + 3, RLENGTH - length(key) - 3)
}
function valid(s) {
	if (!match(s, /"valid":\["[^"]*"/))
		return ""
	return tolower(substr(s, RSTART + 10, RLENGTH - 11))
}
BEGIN { FS = "\t" }
FNR == NR { p1[$1] = $2; m1[$1] = tolower($3); p2[$1] = $5
	m2[$1] = tolower($6); kinds[$1] = $8; next }
/"kind":"suggestion"/ {
	g = num($0, "game")
	if (num($0, "edits") == 1)
		one[g] = 1
	if (hit[g] || num($0, "edits") != 2)
		next
	i = index($0, "\"then\":")
	a = substr($0, 1, i - 1)
	b = substr($0, i)
	if (num(a, "ply") == p1[g] && valid(a) == m1[g] &&
	    num(b, "ply") == p2[g] && valid(b) == m2[g])
		hit[g] = num($0, "rank")
}
END {
	for (g in p1) {
		n++
		if (hit[g] == 1)
			f++
		if (hit[g] > 0)
			t++
		else if (one[g])
			o++
		else
			print "miss: game " g " plies " p1[g] " and " p2[g] \
			    " (" kinds[g] ")" > "/dev/stderr"
	}
	print n + 0, f + 0, t + 0, o + 0, n - t - o
}
