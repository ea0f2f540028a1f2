#!/bin/sh
# make install and make uninstall into a staging directory (TAP): install
# writes the tools, the library, its header and yote.pc; a program builds
# against the staged library through pkg-config; uninstall leaves no file
# behind.  Run from the project root (prove does) after `make`.
set -eu
LC_ALL=C
export LC_ALL
MAKE=${MAKE:-make}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
d=$tmp/stage
prefix=/usr/local
echo "1..4"
if $MAKE -s install DESTDIR="$d" PREFIX=$prefix >"$tmp/log" 2>&1 &&
    [ -f "$d$prefix/lib/pkgconfig/yote.pc" ] &&
    [ -f "$d$prefix/include/yote.h" ] && [ -f "$d$prefix/lib/libyote.a" ] &&
    [ -x "$d$prefix/bin/yote-validate" ]; then
	echo "ok 1 - make install writes the tools, libyote.a, yote.h and yote.pc"
else
	echo "not ok 1 - make install writes the tools, libyote.a, yote.h and yote.pc"
	sed 's/^/# /' "$tmp/log"
fi
if ! command -v pkg-config >/dev/null 2>&1; then
	echo "ok 2 # SKIP no pkg-config"
	echo "ok 3 # SKIP no pkg-config"
else
	pc="pkg-config --define-variable=prefix=$d$prefix"
	export PKG_CONFIG_PATH="$d$prefix/lib/pkgconfig"
	if flags=$($pc --cflags --libs --static yote 2>"$tmp/log") &&
	    case $flags in *"-I$d$prefix/include"*-lyote*) true ;; *) false ;; esac
	then
		echo "ok 2 - pkg-config --cflags --libs yote ($flags)"
	else
		echo "not ok 2 - pkg-config --cflags --libs yote"
		sed 's/^/# /' "$tmp/log"
	fi
	cat >"$tmp/t.c" <<'EOC'
#include <stdio.h>
#include <yote.h>

int
main(void)
{
	const struct yote_rules *r = yote_rules_builtin(0);
	struct yote_pos p;
	char buf[YOTE_POS_TEXT];

	yote_pos_start(r, &p);
	printf("%s %s\n", r->name, yote_pos_format(r, &p, buf));
	return 0;
}
EOC
	# a sanitizer build (make asan) needs its flags to link
	extra=$(sed -n 's/^LDFLAGS = //p' bin/build.mk 2>/dev/null || true)
	# shellcheck disable=SC2086
	if ${CC:-cc} -o "$tmp/t" "$tmp/t.c" $flags $extra >"$tmp/log" 2>&1 &&
	    "$tmp/t" | grep -q '^classic '; then
		echo "ok 3 - a program builds and runs against the installed library"
	else
		echo "not ok 3 - a program builds and runs against the installed library"
		sed 's/^/# /' "$tmp/log"
	fi
fi
$MAKE -s uninstall DESTDIR="$d" PREFIX=$prefix >"$tmp/log" 2>&1 || true
left=$(find "$d" ! -type d | sed "s|^$d||")
if [ -z "$left" ] && [ ! -d "$d$prefix/share/yote" ]; then
	echo "ok 4 - make uninstall leaves no file and no data directory"
else
	echo "not ok 4 - make uninstall leaves no file and no data directory"
	printf '%s\n' "$left" | sed 's/^/# left: /'
fi
