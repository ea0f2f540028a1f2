#!/bin/sh
# yote-replay -i driven through a pseudo-terminal as a person would (TAP).
# Run from the project root (prove tests/interactive.t) after `make`.
#
# A python3 script (pty module) starts bin/yote-replay -i on a terminal,
# waits for each prompt, types a command, and checks the screen that comes
# back: the ply counter in the prompt and the diagram of that ply, compared
# with what `yote-replay --ply N` prints for the same game.  Every read has
# a timeout, so a tool that hangs fails the test instead of the run.
set -u
LC_ALL=C
export LC_ALL
unset NO_COLOR
. tests/lib/tap.sh

if [ ! -x bin/yote-replay ]; then
	echo "1..0 # skip bin/yote-replay not built"
	exit 0
fi

# Without a terminal -i is a usage error (exit 2), whatever the input.
bin/yote-replay -i tests/data/replay/classic.yaml </dev/null >/dev/null \
    2>"${TMPDIR:-/tmp}/interactive-t.$$"
st=$?
grep -q 'needs a terminal' "${TMPDIR:-/tmp}/interactive-t.$$"
found=$?
rm -f "${TMPDIR:-/tmp}/interactive-t.$$"
[ $st = 2 ] && [ $found = 0 ]
ok $((! $?)) "-i without a terminal: usage error, exit 2 (exit $st)"

if ! command -v python3 >/dev/null 2>&1 ||
    ! python3 -c 'import pty, select' 2>/dev/null; then
	skip "python3 with the pty module is needed"
	tap_done
	exit 0
fi

python3 - "$tap_n" <<'EOF'
import os, pty, re, select, signal, subprocess, sys, time

sys.dont_write_bytecode = True
sys.path.insert(0, "tests/lib")
from ptysession import Session, Tap, plain  # noqa: E402

TOOL = "bin/yote-replay"
FILE = "tests/data/replay/classic.yaml"
PROMPT = re.compile(re.escape(b"q)uit> "))
TIMEOUT = 10.0          # seconds to wait for any one screen

tap = Tap(int(sys.argv[1]))
ok = tap.ok


def expected_diagram(ply, game=1):
    """The diagram yote-replay --ply prints (ASCII, not on a terminal)."""
    out = subprocess.run([TOOL, "--ply", str(ply), "--game", str(game),
                          FILE], stdout=subprocess.PIPE, check=True,
                         env=dict(os.environ, NO_COLOR="1")).stdout.decode()
    lines = out.splitlines()[2:]        # skip the game header
    if lines and lines[-1].startswith("Position: "):
        lines = lines[:-1]
    return lines


def check_screen(screen, ply, desc, game=1, plies=12):
    if screen is None:
        return ok(False, desc + ": no prompt within %gs" % TIMEOUT)
    text = plain(screen)
    prompt = "[ply %d of %d] n)ext p)rev f)irst l)ast NUMBER q)uit> " % (
        ply, plies)
    want = expected_diagram(ply, game)
    last = text.rfind("\n[ply ")
    body = text[:last + 1] if last >= 0 else text
    good = text.endswith(prompt) and "\n".join(want) + "\n" in body
    return ok(good, desc, "expected prompt: %r\nexpected diagram:\n%s\n"
              "got screen:\n%s" % (prompt, "\n".join(want), text))


env = dict(os.environ, NO_COLOR="1", TERM="dumb")

# ---- one session: n, n, p, l, f, 3, q
s = Session([TOOL, "-i", FILE], env, PROMPT, TIMEOUT)
try:
    first = s.screen()
    check_screen(first, 0, "start screen: header, start diagram, ply 0 of 12")
    ok(first is not None and plain(first).startswith(
        "Game 1: Replay Test Open, round 1, 2026-03-14\n"
        "Awa Diop (white) - Moussa Ndiaye (black), classic\n"),
       "start screen opens with the game header",
       plain(first or ""))
    ok(first is not None and "\u25cf" not in first and "\x1b[" not in first
       and "\u00b7" in first,
       "NO_COLOR on a terminal: Unicode points, no colour", first or "")
    for key, ply, desc in (("n", 1, "n: ply 1"), ("n", 2, "n: ply 2"),
                           ("p", 1, "p: back to ply 1"),
                           ("l", 12, "l: last ply, 12"),
                           ("f", 0, "f: first, the start"),
                           ("3", 3, "3: ply 3")):
        s.send(key)
        scr = s.screen()
        check_screen(scr, ply, desc)
        if key == "n" and ply == 1 and scr is not None:
            ok("Ply 1, white: c3\n" in plain(scr),
               "n: the move of ply 1 is named", plain(scr))
        if key == "l" and scr is not None:
            ok("Ply 12, black: b4\n" in plain(scr) and
               "Position: 4x1/xo4/6/x5/6 x 9 7 1 13\n" in plain(scr),
               "l: the last move and its position string", plain(scr))
    s.send("q")
    tail = s.rest()
    ok(s.wait() and s.status == 0, "q: quits with exit status 0",
       "status %r" % s.status)
    ok("Game 2" not in tail, "q: no further game is shown", tail)
finally:
    s.close()

# ---- Enter steps on; n past the last ply goes on to the next game;
#      an unknown command is explained and the screen stays
s = Session([TOOL, "-i", FILE], env, PROMPT, TIMEOUT)
try:
    s.screen()
    s.send("")
    check_screen(s.screen(), 1, "Enter: ply 1")
    s.send("zz")
    scr = s.screen()
    ok(scr is not None and "unknown command 'zz'" in scr and
       plain(scr).endswith("[ply 1 of 12] n)ext p)rev f)irst l)ast NUMBER "
                           "q)uit> "),
       "unknown command: explained, still at ply 1", plain(scr or ""))
    s.send("99")
    scr = s.screen()
    ok(scr is not None and "unknown command '99'" in scr,
       "a ply number past the end is refused", plain(scr or ""))
    s.send("l")
    s.screen()
    s.send("n")
    scr = s.screen()
    ok(scr is not None and "Game 2: Replay Test Open, round 2" in scr,
       "n after the last ply: the next game", plain(scr or ""))
    check_screen(scr, 0, "next game: its start, ply 0 of 3", game=2, plies=3)
    s.send("q")
    s.rest()
    ok(s.wait() and s.status == 0, "q in game 2: exit status 0",
       "status %r" % s.status)
finally:
    s.close()

# ---- colour on a terminal when NO_COLOR is not set
env_colour = dict(os.environ, TERM="xterm")
env_colour.pop("NO_COLOR", None)
s = Session([TOOL, "-i", "--game", "2", FILE], env_colour, PROMPT,
            TIMEOUT)
try:
    scr = s.screen()
    ok(scr is not None and "\x1b[" in scr and "\u25cf" in scr,
       "without NO_COLOR: coloured discs", repr(scr))
    s.send("q")
    s.rest()
    s.wait()
finally:
    s.close()

# ---- -i with a terminal for input but output to a pipe: usage error
pid, fd = pty.fork()
if pid == 0:
    r, w = os.pipe()
    os.dup2(w, 1)
    os.execve(TOOL, [TOOL, "-i", FILE], env)
deadline = time.monotonic() + TIMEOUT
status = None
while time.monotonic() < deadline:
    try:
        while select.select([fd], [], [], 0.1)[0] and os.read(fd, 4096):
            pass
    except OSError:
        pass
    p, st = os.waitpid(pid, os.WNOHANG)
    if p:
        status = os.waitstatus_to_exitcode(st)
        break
if status is None:
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
os.close(fd)
ok(status == 2, "-i with standard output not a terminal: exit 2",
   "status %r" % status)

tap.done()
EOF
