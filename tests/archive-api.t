#!/bin/sh
# Archives and the lines format through the library API (TAP from
# cmocka): hand-made records with every feature and seeded random games
# under every built-in ruleset, written and read back node by node;
# skipping, headers-only reading, lines.  Run from the project root.
set -eu
LC_ALL=C
export LC_ALL
if [ ! -x bin/test-archive ]; then
	echo "1..1"
	echo "not ok 1 - bin/test-archive is built (make bin/test-archive)"
	exit 1
fi
CMOCKA_MESSAGE_OUTPUT=TAP
export CMOCKA_MESSAGE_OUTPUT
exec bin/test-archive
