#!/bin/sh
# Rules as data (TAP): every case of tests/rules/*.txt, run by bin/test-rules
# against libyote.  Run from the project root (prove does).
set -eu
LC_ALL=C
export LC_ALL
if [ ! -x bin/test-rules ]; then
	echo "1..1"
	echo "not ok 1 - bin/test-rules is built (make bin/test-rules)"
	exit 1
fi
exec bin/test-rules tests/rules/*.txt
