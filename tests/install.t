#!/bin/sh
# make install and make uninstall into a staging directory (TAP): install
# writes the tools, the library, its header and yote.pc; a program builds
# against the staged library through pkg-config; uninstall leaves no file
# behind; plain make builds bin/gen-games, which the README's tour uses;
# every installed header builds alone, in C and in C++ (with a C++ program
# that links), and names only files that exist, with a manual page beside
# every formats/*.md.  Run from the project root (prove does) after `make`.
set -eu
LC_ALL=C
export LC_ALL
MAKE=${MAKE:-make}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
d=$tmp/stage
prefix=/usr/local
. tests/lib/tap.sh
echo "1..9"
c=0
if $MAKE -s install DESTDIR="$d" PREFIX=$prefix >"$tmp/log" 2>&1 &&
    [ -f "$d$prefix/lib/pkgconfig/yote.pc" ] &&
    [ -f "$d$prefix/include/yote.h" ] && [ -f "$d$prefix/lib/libyote.a" ] &&
    [ -x "$d$prefix/bin/yote-validate" ]; then
	c=1
fi
ok $c "make install writes the tools, libyote.a, yote.h and yote.pc" \
    "$tmp/log"
if ! command -v pkg-config >/dev/null 2>&1; then
	skip "no pkg-config"
	skip "no pkg-config"
	skip "no pkg-config"
	skip "no pkg-config"
	skip "no pkg-config"
	skip "no pkg-config"
else
	pc="pkg-config --define-variable=prefix=$d$prefix"
	export PKG_CONFIG_PATH="$d$prefix/lib/pkgconfig"
	c=0
	if flags=$($pc --cflags --libs yote 2>"$tmp/log") &&
	    case $flags in *"-I$d$prefix/include"*-lyote*) true ;; *) false ;; esac
	then
		c=1
	fi
	ok $c "pkg-config --cflags --libs yote${flags:+ ($flags)}" "$tmp/log"
	cat >"$tmp/t.c" <<'EOC'
#include <stdio.h>
#include <yote.h>

/* the rules, and the stream of games every tool reads through */
int
main(int argc, char *argv[])
{
	const struct yote_rules *r = yote_rules_builtin(0);
	struct yote_stream *s = yote_stream_new();
	struct yote_stream_game *g;
	struct yote_error e;
	struct yote_pos p;
	char buf[YOTE_POS_TEXT];
	int i, n = 0;

	yote_pos_start(r, &p);
	printf("%s %s\n", r->name, yote_pos_format(r, &p, buf));
	if (s == NULL || yote_select_games(yote_stream_select(s), "2-3",
	    &e) != 0)
		return 3;
	for (i = 1; i < argc; i++)
		yote_stream_add(s, argv[i]);
	while (yote_stream_next(s, &g) > 0)
		n += g->verdict == YOTE_VERDICT_VALID;
	printf("%d valid of %lu\n", n, yote_stream_counts(s)->games);
	yote_stream_free(s);
	return 0;
}
EOC
	# a sanitizer build (make asan) needs its flags to link
	extra=$(sed -n 's/^LDFLAGS = //p' bin/build.mk 2>/dev/null || true)
	# shellcheck disable=SC2086
	c=0
	if ${CC:-cc} -o "$tmp/t" "$tmp/t.c" $flags $extra >"$tmp/log" 2>&1 &&
	    "$tmp/t" samples/classic.yaml >"$tmp/out" 2>>"$tmp/log" &&
	    grep -q '^classic ' "$tmp/out" &&
	    grep -qx '2 valid of 2' "$tmp/out"; then
		c=1
	fi
	ok $c "a program builds and runs against the installed library (the rules, the stream of games)" \
	    "$tmp/log"
	# yote-play's protocol needs nothing of the engine but yote.h: it
	# builds with the installed header and the tools' own headers only
	c=0
	# shellcheck disable=SC2086
	if ${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -c \
	    -o "$tmp/protocol.o" -Isrc/tools src/tools/protocol.c $flags \
	    >"$tmp/log" 2>&1; then
		c=1
	fi
	ok $c "the GUI protocol builds against the installed yote.h alone" \
	    "$tmp/log"
	# every installed header on its own, first and alone in a file
	# (yote_limits.h lacked size_t; yote_collection.h, included first,
	# met yote_stream.h's use of its own types before they were made)
	: >"$tmp/log"
	for h in "$d$prefix"/include/yote*.h; do
		printf '#include <%s>\nint yote_h_alone;\n' "${h##*/}" >"$tmp/h.c"
		# shellcheck disable=SC2086
		${CC:-cc} -std=c11 -Wall -Wextra -Werror -c -o "$tmp/h.o" \
		    "$tmp/h.c" $flags >>"$tmp/log" 2>&1 ||
		    echo "${h##*/} does not build alone" >>"$tmp/log"
	done
	c=0
	[ -n "$(ls "$d$prefix"/include/yote*.h 2>/dev/null)" ] &&
	    ! grep -q 'does not build alone' "$tmp/log" && c=1
	ok $c "every installed header builds included first and alone" "$tmp/log"
	# what the installed headers point a user to: files of the source
	# tree that exist (they named src/collection.c after the sources
	# moved to src/record/...), and beside every formats/*.md, which is
	# not installed, the installed manual page that says the same
	: >"$tmp/log"
	for h in "$d$prefix"/include/yote*.h; do
		grep -o '\(src\|formats\)/[A-Za-z0-9_./-]*[A-Za-z0-9_]' "$h" |
		    sort -u | while read -r p; do
			[ -e "$p" ] || echo "${h##*/}: $p: no such file" \
			    >>"$tmp/log"
		done
		awk -v h="${h##*/}" '
		function done_block() {
			if (text ~ /formats\/[a-z_-]+\.md/ &&
			    text !~ /[a-z][a-z-]*\([1-9]\)/)
				print h ":" start ": formats/*.md without " \
				    "its manual page"
			text = ""; inblock = 0
		}
		/\/\*/ { inblock = 1; start = NR }
		inblock { text = text " " $0 }
		inblock && /\*\// { done_block() }
		' "$h" >>"$tmp/log"
	done
	c=0
	[ ! -s "$tmp/log" ] && c=1
	ok $c "the installed headers name files that exist, and a manual page beside every formats/*.md" "$tmp/log"
	# a C++ program: the headers had no extern "C" (C++23 met mangled
	# names at link time) and yote.h's atomic_int is no C++ type before
	# C++23 (yote_atomic_int is std::atomic<int> there)
	cat >"$tmp/t.cpp" <<'EOC'
#include <atomic>
#include <cstdio>
#include <yote.h>
#include <yote_tb.h>

int
main(int argc, char *argv[])
{
	const struct yote_rules *r = yote_rules_by_name("classic");
	struct yote_stream *s = yote_stream_new();
	struct yote_stream_game *g;
	struct yote_engine *e = yote_engine_new(1);
	yote_atomic_int stop(0);
	struct yote_pos p;
	char buf[YOTE_POS_TEXT];
	int i, n = 0;

	if (r == NULL || s == NULL || e == NULL)
		return 3;
	yote_pos_start(r, &p);
	std::printf("%s %s\n", r->name, yote_pos_format(r, &p, buf));
	yote_engine_set_stop(e, &stop);
	for (i = 1; i < argc; i++)
		yote_stream_add(s, argv[i]);
	while (yote_stream_next(s, &g) > 0)
		n += g->verdict == YOTE_VERDICT_VALID;
	std::printf("%d valid of %lu\n", n, yote_stream_counts(s)->games);
	yote_engine_free(e);
	yote_stream_free(s);
	return 0;
}
EOC
	cxx=${CXX:-g++}
	if ! command -v "$cxx" >/dev/null 2>&1; then
		skip "no C++ compiler ($cxx)"
	else
		: >"$tmp/log"
		for std in c++11 c++17; do
			for h in "$d$prefix"/include/yote*.h; do
				printf '#include <%s>\nint yote_h_alone;\n' \
				    "${h##*/}" >"$tmp/h.cpp"
				# shellcheck disable=SC2086
				$cxx -std=$std -Wall -Wextra -Werror -c \
				    -o "$tmp/h.o" "$tmp/h.cpp" $flags \
				    >>"$tmp/log" 2>&1 ||
				    echo "${h##*/} -std=$std: no" >>"$tmp/log"
			done
			# shellcheck disable=SC2086
			if $cxx -std=$std -Wall -Wextra -Werror -o "$tmp/tx" \
			    "$tmp/t.cpp" $flags $extra >>"$tmp/log" 2>&1 &&
			    "$tmp/tx" samples/classic.yaml >"$tmp/out" \
			    2>>"$tmp/log" &&
			    grep -q '^classic ' "$tmp/out" &&
			    grep -qx '9 valid of 9' "$tmp/out"; then
				:
			else
				echo "-std=$std: no" >>"$tmp/log"
				cat "$tmp/out" >>"$tmp/log" 2>/dev/null || true
			fi
		done
		c=0
		grep -q ': no$' "$tmp/log" || c=1
		ok $c "every header alone and a C++ program (g++ -std=c++11, -std=c++17) build, and the program links and runs against the installed headers and library" "$tmp/log"
	fi
fi
$MAKE -s uninstall DESTDIR="$d" PREFIX=$prefix >"$tmp/log" 2>&1 || true
find "$d" ! -type d | sed "s|^$d||" >"$tmp/left"
c=0
[ ! -s "$tmp/left" ] && [ ! -d "$d$prefix/share/yote" ] && c=1
ok $c "make uninstall leaves no file and no data directory" "$tmp/left"
$MAKE -s -n -B all >"$tmp/log" 2>&1 || true
c=0
grep -q 'o bin/gen-games ' "$tmp/log" && c=1
ok $c "make (all) builds bin/gen-games, for the README's tour"
