# scratch.sh - a script's scratch directory (POSIX sh).  Sourced from the
# project root:  . tests/lib/scratch.sh; scratch NAME
#
#   scratch NAME    sets tmp to a new directory, removed when the script
#                   ends (interrupted too), and keeps there the endgame
#                   tables the engine builds (YOTE_TB_DIR, unless the
#                   caller set it): a run starts from an empty cache and
#                   leaves nothing behind

scratch() {
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX") || exit 3
	trap 'rm -rf "$tmp"' EXIT
	trap 'exit 1' HUP INT TERM
	: "${YOTE_TB_DIR:=$tmp/tb}"
	export YOTE_TB_DIR
}
