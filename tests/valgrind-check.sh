#!/bin/sh
# make valgrind-check: the whole test suite with every program the tests
# run (tools, test programs, fuzz replays) under valgrind memcheck.  It
# works on a copy of the tree, where each program in bin/ is replaced by a
# wrapper; a memory error or a leak makes the program exit 97, which fails
# its test, and is logged in full in the copy's valgrind.log.
#   VALGRIND_SCALE  share of the random movegen positions (default 0.05)
set -u
top=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/p"
tar -C "$top" --exclude=.git -cf - . | tar -C "$tmp/p" -xf -
cd "$tmp/p" || exit 3
mkdir -p bin/.real
for f in bin/*; do
	[ -f "$f" ] && [ -x "$f" ] || continue
	n=${f#bin/}
	mv "$f" "bin/.real/$n"
	cat >"$f" <<EOW
#!/bin/sh
exec valgrind -q --error-exitcode=97 --leak-check=full \\
    --errors-for-leak-kinds=definite,indirect --log-fd=9 \\
    "$tmp/p/bin/.real/$n" "\$@" 9>>"$tmp/p/valgrind.log"
EOW
	chmod +x "$f"
done
: >valgrind.log
MOVEGEN_SCALE=${VALGRIND_SCALE:-0.05}
ORACLE_SAMPLES=5
export MOVEGEN_SCALE ORACLE_SAMPLES
LC_ALL=C prove -j2 tests/*.t
st=$?
if [ -s valgrind.log ]; then
	echo "valgrind reports:"
	head -100 valgrind.log
	st=1
else
	echo "valgrind: no memory errors, no leaks"
fi
exit $st
