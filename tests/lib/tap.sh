# tap.sh - the TAP helpers of the shell tests (POSIX sh).  A .t script
# sources it from the project root:  . tests/lib/tap.sh
#
#   ok COND DESCRIPTION [FILE...]
#       one test, passed when COND is 1 (and failed on anything else,
#       so that `ok $((! $?)) ...` passes on exit status 0); on a failure
#       the first 30 lines of each FILE, and of $TAP_WHY, follow as TAP
#       comments.
#   skip REASON         one test, skipped
#   tap_done            the plan, 1..N, for a script that counts as it goes
#   tap_need PROGRAM... the whole script is one failed test, and ends,
#                       when a PROGRAM is not built
#   tap_exec PROGRAM [ARG...]
#                       the whole script: PROGRAM's own TAP, or one failed
#                       test when PROGRAM is not built
#   tap_exec_cmocka PROGRAM
#                       the whole script: PROGRAM's cmocka tests as TAP,
#                       or one failed test when PROGRAM is not built
#
# A script that runs yote-analyze or yote-play keeps the endgame tables
# they build out of $HOME's cache: right after making its temporary
# directory (removed at its exit) it sets YOTE_TB_DIR to a directory in
# it, unless YOTE_TB_DIR is set already (`make check` shares one between
# the scripts):
#       : "${YOTE_TB_DIR:=$tmp/tb}"
#       export YOTE_TB_DIR
#
# tap_n counts the tests so far.  TAP_WHY, when set, names a file where a
# test's details collect: shown on a failure, emptied after every test.

tap_n=0

ok() {
	tap_n=$((tap_n + 1))
	if [ "$1" = 1 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		shift 2
		for f in "$@" ${TAP_WHY:+"$TAP_WHY"}; do
			[ -s "$f" ] && sed -n "1,30s|^|# ${f##*/}: |p" "$f"
		done
	fi
	[ -n "${TAP_WHY:-}" ] && : >"$TAP_WHY"
	return 0
}

skip() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n # skip $1"
}

tap_done() {
	echo "1..$tap_n"
}

tap_need() {
	for tap_p in "$@"; do
		if [ ! -x "$tap_p" ]; then
			echo "1..1"
			echo "not ok 1 - $tap_p is built (make $tap_p)"
			exit 1
		fi
	done
}

tap_exec() {
	tap_need "$1"
	exec "$@"
}

tap_exec_cmocka() {
	tap_need "$1"
	CMOCKA_MESSAGE_OUTPUT=TAP
	export CMOCKA_MESSAGE_OUTPUT
	exec "$1"
}
