#!/bin/sh
# movegen.t - libyote's move generator and end-of-game checks against the
# independent reference generator tests/ref/refgen.c (TAP).
#
# For each ruleset (the four built-in ones and the custom ones that
# `bin/test-movegen --list` names), bin/test-movegen plays random games and
# writes RULES<TAB>POSITION lines; bin/refgen and bin/test-movegen --extra
# each answer every line with RULES<TAB>POSITION<TAB>STATUS<TAB>MOVES, and
# the two answers must be the same byte for byte.  One test per ruleset.
# On a failure the first few differing positions are shown with both
# answers; test-movegen's own findings (count against yote_count_moves,
# duplicate moves, yote_pos_play, ...) appear as fields starting with "!!".
#
# Run from the project root:  prove tests/movegen.t
# MOVEGEN_SEED picks other random games (default 1); MOVEGEN_SCALE
# multiplies the number of positions (default 1).

LC_ALL=C
export LC_ALL
cd "$(dirname "$0")/.." || exit 1

refgen=bin/refgen
lib=bin/test-movegen
seed=${MOVEGEN_SEED:-1}
scale=${MOVEGEN_SCALE:-1}
# positions per built-in and per custom ruleset (scale may be a fraction)
builtin_n=$(awk -v s="$scale" 'BEGIN { n = int(15000 * s); print n < 10 ? 10 : n }')
custom_n=$(awk -v s="$scale" 'BEGIN { n = int(6000 * s); print n < 10 ? 10 : n }')
show=5                          # differing positions shown per ruleset

for b in "$refgen" "$lib"; do
    if [ ! -x "$b" ]; then
        echo "1..0 # SKIP $b is not built (make $b)"
        exit 0
    fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/movegen.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

if ! "$lib" --list > "$tmp/rules" 2> "$tmp/list.err"; then
    echo "1..1"
    echo "not ok 1 - test-movegen --list: the custom rulesets load"
    sed 's/^/# /' "$tmp/list.err"
    exit 1
fi
plan=$(($(wc -l < "$tmp/rules") + 1))
echo "1..$plan"
echo "ok 1 - the custom rulesets load from YAML and match their specs"
echo "# seed $seed"

# diff_report REF LIB: the first $show differing lines, with both answers
diff_report() {
    awk -F '\t' -v lib="$2" -v show="$show" '
    function words(s, set,    a, k, i) {
        k = split(s, a, " ")
        for (i = 1; i <= k; i++)
            set[a[i]] = 1
        return k
    }
    # the words of s that are not in set, at most 8 of them
    function missing(s, set,    a, k, i, n, out) {
        k = split(s, a, " ")
        n = 0
        out = ""
        for (i = 1; i <= k; i++)
            if (!(a[i] in set)) {
                if (++n <= 8)
                    out = out " " a[i]
            }
        if (n > 8)
            out = out " ... (" n " in all)"
        return out
    }
    {
        if ((getline l < lib) <= 0)
            l = "(no line)"
        if ($0 == l)
            next
        if (++bad > show)
            next
        nb = split(l, b, "\t")
        delete rs
        delete ls
        nr = words($4, rs)
        nl = words(b[4], ls)
        print "# " $1 "\t" $2
        print "#   refgen:   " $3 ", " nr " moves"
        print "#   libyote:  " b[3] ", " nl " moves"
        if (nr + nl <= 24) {
            print "#   refgen moves:  " $4
            print "#   libyote moves: " b[4]
        } else {
            o = missing($4, ls)
            if (o != "")
                print "#   only refgen: " o
            o = missing(b[4], rs)
            if (o != "")
                print "#   only libyote:" o
        }
        for (i = 5; i <= nb; i++)
            print "#   libyote: " b[i]
    }
    END { printf "# %d of %d positions differ\n", bad, NR }
    ' "$1"
}

t=1
while IFS= read -r rules; do
    t=$((t + 1))
    case $rules in
    custom:*) n=$custom_n ;;
    *) n=$builtin_n ;;
    esac
    if ! "$lib" --generate --positions "$n" --seed "$seed" "$rules" \
            > "$tmp/pos" 2> "$tmp/gen.err"; then
        echo "not ok $t - $rules: generating positions"
        sed 's/^/# /' "$tmp/gen.err"
        continue
    fi
    got=$(wc -l < "$tmp/pos")
    # both answer at once: the machine has two cores
    "$refgen" < "$tmp/pos" > "$tmp/ref" 2> "$tmp/ref.err" &
    pid=$!
    "$lib" --extra < "$tmp/pos" > "$tmp/lib" 2> "$tmp/lib.err"
    librc=$?
    wait "$pid"
    refrc=$?
    if [ "$got" -lt "$n" ]; then
        echo "not ok $t - $rules: only $got of $n positions"
        sed 's/^/# /' "$tmp/gen.err"
    elif [ "$refrc" != 0 ] || [ "$librc" != 0 ]; then
        echo "not ok $t - $rules: refgen exit $refrc, test-movegen exit $librc"
        head -n 5 "$tmp/ref.err" "$tmp/lib.err" | sed 's/^/# /'
    elif cmp -s "$tmp/ref" "$tmp/lib"; then
        echo "ok $t - $rules: $got positions agree"
    else
        echo "not ok $t - $rules: refgen and libyote disagree"
        diff_report "$tmp/ref" "$tmp/lib"
    fi
done < "$tmp/rules"
