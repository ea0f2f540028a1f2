#!/bin/sh
# The engine and the annotator against exact values (TAP from
# bin/test-oracle, tests/oracle/test-oracle.c; see tests/oracle/README.md):
# the exact solver of tests/ref on tiny custom rulesets and small ndar-kepp
# endings.  The solver's own consistency, perft and the moves of the sampled
# positions are real tests, and so are the engine's and the annotator's aims
# of issue 11 over all the games together; each game's own figures are TODO
# tests, reported.  Run from the project
# root (prove does) after `make bin/test-oracle`.  ORACLE_SAMPLES sets
# the positions sampled per game (default 60; make valgrind-check uses 5).
set -eu
LC_ALL=C
export LC_ALL
. tests/lib/tap.sh
n=${ORACLE_SAMPLES:-60}
c=3
[ "$n" -ge 30 ] || c=1
tap_exec bin/test-oracle -n "$n" -c "$c"
