#!/bin/sh
# The library's layers (TAP): no dependency cycle between its object files,
# read from their symbols (a file that uses a symbol another defines
# depends on it); and the size limits of issue 15, no file in src/ over
# 1,200 lines and no function over 150.  Run from the project root (prove
# does) after `make`; `make check` and `make lint` run it.
#
# SIZE_TODO, when set to " # TODO reason", reports the size checks without
# failing (for the middle of a split); empty, they are enforced.
set -eu
LC_ALL=C
export LC_ALL
SIZE_TODO=
MAX_FILE=1200
MAX_FUNC=150

if [ ! -f bin/libyote.a ]; then
	echo "1..1"
	echo "not ok 1 - bin/libyote.a is built (make)"
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# edges FILE...: "user definer" for every symbol a file uses that another
# of the files defines.
edges() {
	for o in "$@"; do
		nm -g --defined-only "$o" | awk -v f="${o##*/}" \
		    'NF == 3 && $2 ~ /^[TDBRCVWG]$/ { print $3, f }'
	done | sort -u > "$tmp/defs"
	for o in "$@"; do
		nm -u "$o" | awk -v f="${o##*/}" '{ print $NF, f }'
	done | sort -u > "$tmp/uses"
	join "$tmp/uses" "$tmp/defs" | awk '$2 != $3 { print $2, $3 }' |
	    sort -u
}

# cycle < EDGES: prints the files of a cycle, if any (tsort finds them).
cycle() {
	tsort 2>&1 >/dev/null | grep -v 'input contains a loop' |
	    sed 's/^tsort: //' | tr '\n' ' ' || true
}

n=0
say() {	# say OK DESCRIPTION [DIAGNOSTICS]
	n=$((n + 1))
	if [ "$1" = 1 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
	[ -z "${3:-}" ] || printf '%s\n' "$3" | sed 's/^/# /'
}

echo "1..5"

# 1. The checker finds a cycle it is shown (so that 2 means something).
c=$(printf 'a.o b.o\nb.o c.o\nc.o a.o\nc.o d.o\n' | cycle)
case $c in
*a.o*b.o*c.o*|*b.o*c.o*a.o*|*c.o*a.o*b.o*) say 1 "the cycle check finds a made-up cycle ($c)" ;;
*) say 0 "the cycle check finds a made-up cycle" "got: '$c'" ;;
esac

# 2. No cycle between the library's objects.
objs=
for m in $(ar t bin/libyote.a); do
	objs="$objs bin/obj/$m"
done
# shellcheck disable=SC2086
edges $objs > "$tmp/edges"
c=$(cycle < "$tmp/edges")
if [ -z "$c" ]; then
	say 1 "no dependency cycle between the $(echo $objs | wc -w) library objects"
else
	say 0 "no dependency cycle between the library objects" \
	    "cycle: $c
edges (user definer):
$(cat "$tmp/edges")"
fi

# 3. Every library object is known to the graph (a missing nm would pass 2).
if [ -s "$tmp/edges" ] && [ -s "$tmp/defs" ]; then
	say 1 "the symbol graph has $(wc -l < "$tmp/edges") edges"
else
	say 0 "the symbol graph has edges (nm works)"
fi

# 4. No file in src/ over MAX_FILE lines.
big=$(wc -l src/*.c src/*.h | awk -v m=$MAX_FILE \
    '$2 != "total" && $1 > m { printf "%s (%d) ", $2, $1 }')
if [ -z "$big" ]; then
	say 1 "no file in src/ over $MAX_FILE lines$SIZE_TODO"
else
	say 0 "no file in src/ over $MAX_FILE lines$SIZE_TODO" "over: $big"
fi

# 5. No function over MAX_FUNC lines: the house style opens a function
# body with '{' in column 0 and closes it with '}' in column 0.
long=$(awk -v m=$MAX_FUNC '
	FNR == 1 { start = 0 }
	/^[a-z_][a-z0-9_]*\(/ { name = $0; sub(/\(.*/, "", name) }
	/^\{/ { start = FNR }
	/^\}/ && start { if (FNR - start - 1 > m)
		printf "%s:%d %s (%d) ", FILENAME, start, name, FNR - start - 1
		start = 0 }' src/*.c)
if [ -z "$long" ]; then
	say 1 "no function in src/ over $MAX_FUNC lines$SIZE_TODO"
else
	say 0 "no function in src/ over $MAX_FUNC lines$SIZE_TODO" "over: $long"
fi
