#!/bin/sh
# Rules as data (TAP): every case of tests/rules/*.txt, run by bin/test-rules
# against libyote.  Run from the project root (prove does).
set -eu
. tests/lib/env.sh
. tests/lib/tap.sh
tap_exec bin/test-rules tests/rules/*.txt
