#!/bin/sh
# The game API (src/game.c) through libyote (TAP from cmocka,
# tests/unit/test-game.c).  Run from the project root (prove does).
set -eu
LC_ALL=C
export LC_ALL
. tests/lib/tap.sh
tap_exec_cmocka bin/test-game
