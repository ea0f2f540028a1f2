#!/bin/sh
# The stream of games and its selection (src/stream/) through libyote
# (TAP from cmocka, tests/unit/test-stream.c).  Run from the project root
# (prove does).
set -eu
LC_ALL=C
export LC_ALL
. tests/lib/tap.sh
tap_exec_cmocka bin/test-stream
