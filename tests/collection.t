#!/bin/sh
# Position patterns and game keys (src/collection.c) through libyote
# (TAP from cmocka, tests/unit/test-collection.c).  Run from the project
# root (prove does).
set -eu
LC_ALL=C
export LC_ALL
. tests/lib/tap.sh
tap_exec_cmocka bin/test-collection
