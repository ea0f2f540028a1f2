#!/bin/sh
# The game API (src/game.c) through libyote (TAP from cmocka,
# tests/unit/test-game.c).  Run from the project root (prove does).
set -eu
LC_ALL=C
export LC_ALL
if [ ! -x bin/test-game ]; then
	echo "1..1"
	echo "not ok 1 - bin/test-game is built (make bin/test-game)"
	exit 1
fi
CMOCKA_MESSAGE_OUTPUT=TAP
export CMOCKA_MESSAGE_OUTPUT
exec bin/test-game
