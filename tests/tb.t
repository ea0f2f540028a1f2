#!/bin/sh
# The endgame tables' tests (TAP from bin/test-tb, tests/tb/test-tb.c):
# consistency of every table on tiny rulesets, a brute-force search, a
# known ndar-kepp result, and the cache (in a temporary directory).  Run
# from the project root (prove does) after `make bin/test-tb`.
set -eu
LC_ALL=C
export LC_ALL
. tests/lib/tap.sh
tap_need bin/test-tb
exec bin/test-tb
