#!/bin/sh
# Record nodes and their arenas (src/node.c) through libyote (TAP from
# cmocka, tests/unit/test-node.c).  Run from the project root (prove does).
set -eu
LC_ALL=C
export LC_ALL
. tests/lib/tap.sh
tap_exec_cmocka bin/test-node
