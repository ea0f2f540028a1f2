#!/bin/sh
# The endgame tables' tests (TAP from bin/test-tb, tests/tb/test-tb.c):
# consistency of every table on tiny rulesets, a brute-force search, a
# known ndar-kepp result, and the cache (in a temporary directory).  Run
# from the project root (prove does) after `make bin/test-tb`.
set -eu
. tests/lib/env.sh
. tests/lib/tap.sh
tap_exec bin/test-tb
