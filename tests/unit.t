#!/bin/sh
# Unit tests of the libyote API (TAP from cmocka).  Run from the project
# root (prove does).
set -eu
LC_ALL=C
export LC_ALL
if [ ! -x bin/test-unit ]; then
	echo "1..1"
	echo "not ok 1 - bin/test-unit is built (make bin/test-unit)"
	exit 1
fi
CMOCKA_MESSAGE_OUTPUT=TAP
export CMOCKA_MESSAGE_OUTPUT
exec bin/test-unit
