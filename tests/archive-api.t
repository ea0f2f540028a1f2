#!/bin/sh
# Archives and the lines format through the library API (TAP from
# cmocka): hand-made records with every feature and seeded random games
# under every built-in ruleset, written and read back node by node;
# skipping, headers-only reading, lines.  Run from the project root.
set -eu
LC_ALL=C
export LC_ALL
. tests/lib/tap.sh
tap_exec_cmocka bin/test-archive
