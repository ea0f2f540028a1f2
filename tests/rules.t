#!/bin/sh
# Rules as data (TAP): every case of tests/rules/*.txt, run by bin/test-rules
# against libyote.  Run from the project root (prove does).
set -eu
LC_ALL=C
export LC_ALL
. tests/lib/tap.sh
tap_need bin/test-rules
exec bin/test-rules tests/rules/*.txt
