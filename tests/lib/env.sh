# env.sh - the environment of a test script (POSIX sh), sourced from the
# project root first thing:  . tests/lib/env.sh
# The C locale, and the programs built in bin/ first in PATH.
#
#   scratch NAME    sets tmp to a new directory, removed when the script
#                   ends (interrupted too), and keeps there the endgame
#                   tables the engine builds (YOTE_TB_DIR, unless the
#                   caller set it): a run starts from an empty cache and
#                   leaves nothing behind
#   await_tmp DIR NAME  waits (10 s at most) until DIR holds the temporary
#                   file a tool writes NAME through (.NAME.XXXXXX): the
#                   tool has begun writing, and a signal can be sent

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

await_tmp() {
	await_n=0
	while [ -z "$(ls -A "$1" | grep "^\\.$2\\.")" ] && [ $await_n -lt 100 ]; do
		sleep 0.1
		await_n=$((await_n + 1))
	done
}
