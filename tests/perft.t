#!/bin/sh
# perft.t - perft regression figures (TAP): every line of tests/perft.txt,
# RULES<TAB>POSITION<TAB>DEPTH<TAB>COUNT, must give COUNT as the last line
# of `bin/yote-analyze --rules R --position P --perft D`.
#
# The figures: depth 1-4 from the empty board are the known ones
# (tests/ref/README.md); depth 5 from the empty board and the mid-game
# positions (picked from tests/movegen.t's random games, for their
# captures, chains, bridges, '+@' bonuses and move-limit counters) were
# computed by both bin/refgen --perft and bin/yote-analyze --perft, which
# agreed.  RULES is spelled as refgen spells it; a custom:W:H:P:... spec is
# turned into a ruleset file for yote-analyze.
#
# Run from the project root:  prove tests/perft.t

LC_ALL=C
export LC_ALL
cd "$(dirname "$0")/.." || exit 1

analyze=bin/yote-analyze
data=tests/perft.txt

if [ ! -x "$analyze" ]; then
    echo "1..0 # SKIP $analyze is not built (make $analyze)"
    exit 0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/perft.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

# rules_file SPEC FILE: refgen's custom:W:H:P:opening:chain:bonus:selfjump:
# blocked:few:limit as a ruleset file (formats/rules.md section 10.2)
rules_file() {
    IFS=: read -r _ w h p opening chain bonus selfjump blocked few limit <<EOF
$1
EOF
    cat > "$2" <<EOF
yote-rules: 1
name: custom
board: ${w}x$h
pieces: $p
sides: [white, black]
opening: $opening
chain: $chain
bonus: $bonus
self-jump: $selfjump
blocked: $blocked
few-pieces: $few
no-capture-limit: $limit
EOF
}

. tests/lib/tap.sh
echo "1..$(grep -c . "$data")"
t=0
tab=$(printf '\t')
while IFS=$tab read -r rules pos depth want; do
    [ -n "$rules" ] || continue
    t=$((t + 1))
    r=$rules
    case $rules in
    custom:*)
        r=$tmp/rules$t.yaml
        rules_file "$rules" "$r"
        ;;
    esac
    got=$("$analyze" --rules "$r" --position "$pos" --perft "$depth" \
        2> "$tmp/err" | tail -n 1)
    printf '     got: %s\nexpected: %s\n' "$got" "$want" >"$tmp/got"
    c=0
    [ "$got" = "$want" ] && c=1
    ok $c "perft $depth = $want: $rules $pos" "$tmp/got" "$tmp/err"
done < "$data"
