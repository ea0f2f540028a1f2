#!/bin/sh
# Unit tests of the libyote API (TAP from cmocka).  Run from the project
# root (prove does).
set -eu
LC_ALL=C
export LC_ALL
. tests/lib/tap.sh
tap_exec_cmocka bin/test-unit
