# env.sh - the environment of a test script (POSIX sh), sourced from the
# project root first thing:  . tests/lib/env.sh
# The C locale, and the programs built in bin/ first in PATH.
#
#   scratch NAME    sets tmp to a new directory, removed when the script
#                   ends (interrupted too), and keeps there the endgame
#                   tables the engine builds (YOTE_TB_DIR, unless the
#                   caller set it): a run starts from an empty cache and
#                   leaves nothing behind

LC_ALL=C
export LC_ALL
PATH="$(pwd)/bin:$PATH"
export PATH

scratch() {
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX") || exit 3
	trap 'rm -rf "$tmp"' EXIT
	trap 'exit 1' HUP INT TERM
	: "${YOTE_TB_DIR:=$tmp/tb}"
	export YOTE_TB_DIR
}
