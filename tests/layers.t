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

. tests/lib/tap.sh
say() {	# say OK DESCRIPTION [DIAGNOSTICS]: every line of them shown
	ok "$1" "$2"
	[ -z "${3:-}" ] || printf '%s\n' "$3" | sed 's/^/# /'
}

echo "1..12"

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
big=$(find src -name '*.[ch]' | sort | xargs wc -l | awk -v m=$MAX_FILE \
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
		start = 0 }' $(find src -name '*.c' | sort))
if [ -z "$long" ]; then
	say 1 "no function in src/ over $MAX_FUNC lines$SIZE_TODO"
else
	say 0 "no function in src/ over $MAX_FUNC lines$SIZE_TODO" "over: $long"
fi

# 6. Folder against folder: src/ has one folder a layer, and a folder's
# objects use only those of the folders below it, in this order (the
# README's Layout).  The tools' objects and the programs are read too.
LAYERS="rules record archive stream engine/tb engine tools programs"
rank() {	# rank FOLDER: its place in LAYERS, or nothing
	i=0
	for l in $LAYERS; do
		i=$((i + 1))
		[ "$l" = "$1" ] && { echo $i; return; }
	done
}
allobjs=
for c in $(find src -name '*.c' | sort); do
	b=${c##*/}
	d=${c%/*}
	d=${d#src/}
	echo "${b%.c}.o $d"
	[ -f "bin/obj/${b%.c}.o" ] && allobjs="$allobjs bin/obj/${b%.c}.o"
done > "$tmp/folder"
echo "rules_builtin.o rules" >> "$tmp/folder"
echo "html_assets.o tools" >> "$tmp/folder"
for g in rules_builtin html_assets; do
	[ -f "bin/obj/$g.o" ] && allobjs="$allobjs bin/obj/$g.o"
done
# shellcheck disable=SC2086
edges $allobjs > "$tmp/alledges"
# upward EDGES: the edges that go up or out of the layers, if any.
upward() {
	while read -r user definer; do
		fu=$(awk -v o="$user" '$1 == o { print $2 }' "$tmp/folder")
		fd=$(awk -v o="$definer" '$1 == o { print $2 }' "$tmp/folder")
		ru=$(rank "$fu")
		rd=$(rank "$fd")
		if [ -z "$ru" ] || [ -z "$rd" ]; then
			printf ' %s(%s)->%s(%s)' "$user" "$fu" "$definer" "$fd"
		elif [ "$ru" -lt "$rd" ]; then
			printf ' %s/%s->%s/%s' "$fu" "$user" "$fd" "$definer"
		fi
	done < "$1"
}
bad=$(upward "$tmp/alledges")
n=$(wc -l < "$tmp/alledges")
if [ -z "$bad" ] && [ "$n" -gt 100 ]; then
	say 1 "each folder of src/ uses only the folders below it ($LAYERS; $n edges)"
else
	say 0 "each folder of src/ uses only the folders below it" \
	    "upward or outside:$bad"
fi

# 7. The check refuses a made-up upward edge (so that 6 means something).
printf 'movegen.o search.o\nnode.o error.o\n' > "$tmp/madeup"
bad=$(upward "$tmp/madeup")
case $bad in
*rules/movegen.o-\>engine/search.o*)
	say 1 "a made-up edge from rules up to engine is refused" ;;
*)	say 0 "a made-up edge from rules up to engine is refused" "got: '$bad'" ;;
esac

# 8. libyote.a exports only yote_ names (and the generated rules_builtin
# tables' yote_ names too); names beginning with __ are the compiler's
# (a sanitizer build's __odr_asan.*), not ours.
other=$(nm -g --defined-only bin/libyote.a 2>/dev/null |
    awk 'NF == 3 && $2 ~ /^[TDBRCVWG]$/ && $3 !~ /^yote_/ &&
        $3 !~ /^__/ { print $3 }' |
    sort -u | tr '\n' ' ')
if [ -z "$other" ]; then
	say 1 "libyote.a exports only yote_ names"
else
	say 0 "libyote.a exports only yote_ names" "others: $other"
fi

# 9. yote-validate carries no search and no endgame tables: none of the
# engine's or the tables' functions is in the program.
if [ -x bin/yote-validate ]; then
	eng=$(nm bin/yote-validate | awk '$2 ~ /^[Tt]$/ { print $3 }' |
	    grep -E '^yote_(engine_|srch_|tb_|evaluate|annotate|analysis)' |
	    tr '\n' ' ' || true)
	all=$(nm bin/yote-validate | awk '$2 ~ /^[Tt]$/' | wc -l)
	if [ -z "$eng" ] && [ "$all" -gt 100 ]; then
		say 1 "yote-validate links no search and no tables ($all functions)"
	else
		say 0 "yote-validate links no search and no tables" "has: $eng"
	fi
else
	say 0 "bin/yote-validate is built"
fi

# 10. The tools see the library through its public headers only: no file
# of src/tools or src/programs includes a private header of the library
# (those of src/rules, record, archive, stream, engine).
priv=$(find src/rules src/record src/archive src/stream src/engine \
    -name '*.h' | sed 's|.*/||' | sort -u | tr '\n' '|' | sed 's/|$//')
inc=$(grep -lE "#include \"($priv)\"" src/tools/*.[ch] src/programs/*.c \
    2>/dev/null | tr '\n' ' ' || true)
if [ -n "$priv" ] && [ -z "$inc" ]; then
	say 1 "the tools include no private header of the library"
else
	say 0 "the tools include no private header of the library" \
	    "private: $priv; included by: $inc"
fi

# 11. Thin programs: the programs' own sources, one file a program, at
# most 2,500 lines together (what they share is in src/tools or the
# library).
n=$(cat src/programs/*.c | wc -l)
if [ "$n" -le 2500 ] && [ "$n" -gt 0 ]; then
	say 1 "the programs are $n lines together (at most 2500)"
else
	say 0 "the programs are $n lines together (at most 2500)"
fi

# 12. No file-scope variable in a program: its options live in a local
# structure (a declaration in column 0 that ends in ; or = is one).
vars=$(grep -nE '^(static |extern )?[a-z_ ]+[ *]+[a-z_][a-z0-9_]*(\[[^]]*\])* *(=|;)' \
    src/programs/*.c || true)
if [ -z "$vars" ]; then
	say 1 "no file-scope variable in src/programs"
else
	say 0 "no file-scope variable in src/programs" "$vars"
fi
