#!/bin/sh
# yote-replay -i and yote-play's prompt driven through a pseudo-terminal as
# a person would (TAP).  Run from the project root (prove
# tests/interactive.t) after `make`.
#
# A python3 script (pty module) starts bin/yote-replay -i on a terminal,
# waits for each prompt, types a command or an arrow key, and checks the
# screen that comes back: the ply counter in the prompt and the diagram of
# that ply, compared with what `yote-replay --ply N` prints for the same
# game.  Then yote-play's line editor (src/tools/lineedit.c): a move edited
# with the arrow keys, Home and Ctrl-K, earlier lines recalled with Up,
# keys it does not know refused and never echoed raw, the terminal put
# back as it was after the session and after a signal; and with its output
# through a pipe (no editing), an arrow key shown escaped.  Every read has
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
import os, pty, re, select, signal, subprocess, sys, termios, time

sys.dont_write_bytecode = True
sys.path.insert(0, "tests/lib")
from ptysession import Session, Tap, plain  # noqa: E402

TOOL = "bin/yote-replay"
FILE = "tests/data/replay/classic.yaml"
END = "Result: 1-0, resignation (declared; the position is not finished)\n"
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


# the boards' discs and dots are UTF-8: shown under a UTF-8 locale
UTF8 = "C.UTF-8"
env = dict(os.environ, NO_COLOR="1", TERM="dumb", LC_ALL=UTF8)

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
    ok(first is not None and "\x1b[" not in first and "\u00b7" in first
       and "   > white (\u25cf): 0 on board" in first and
       "     black (\u25cb): 0 on board" in first,
       "NO_COLOR on a terminal: Unicode points, no colour; the legend "
       "names the pieces as drawn", first or "")
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
            # ... and how the game ended, as a replay's last line
            ok(END in plain(scr), "l: the last ply's screen says how the "
               "game ended (%s)" % END, plain(scr))
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
    # a word that only begins like a command is explained, not done
    # ("quack" quit the replay); help and the words themselves work
    s.send("quack")
    scr = s.screen()
    ok(scr is not None and "unknown command 'quack'" in scr and
       "[ply 1 of 12]" in plain(scr),
       "'quack': explained, not taken as q; still at ply 1", plain(scr or ""))
    s.send("help")
    scr = s.screen()
    ok(scr is not None and "unknown" not in plain(scr) and
       "the next ply" in plain(scr) and "[ply 1 of 12]" in plain(scr),
       "help: the commands, the position stays", plain(scr or ""))
    s.send("next")
    check_screen(s.screen(), 2, "next: ply 2")
    s.send("previous")
    check_screen(s.screen(), 1, "previous: back to ply 1")
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
env_colour = dict(os.environ, TERM="xterm", LC_ALL=UTF8)
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

# ---- a locale that is not UTF-8 (the C locale; one of Latin-1): the
#      terminal would show the discs as other characters, so the board is
#      ASCII, as with --ascii
for loc in ("C", "fr_FR.ISO-8859-1"):
    s = Session([TOOL, "-i", "--game", "2", FILE],
                dict(env_colour, LC_ALL=loc), PROMPT, TIMEOUT)
    try:
        scr = s.screen()
        ok(scr is not None and "\x1b[" not in scr and
           "\u25cf" not in scr and "\u00b7" not in scr and
           "white (x)" in scr,
           "LC_ALL=%s on a terminal: an ASCII board, no colour" % loc,
           repr(scr))
        s.send("q")
        s.rest()
        s.wait()
    finally:
        s.close()

# ---- TERM=dumb shows escape sequences as text: discs without colour (it
#      had colour)
env_dumb = dict(env_colour, TERM="dumb")
s = Session([TOOL, "-i", "--game", "2", FILE], env_dumb, PROMPT, TIMEOUT)
try:
    scr = s.screen()
    ok(scr is not None and "\x1b[" not in scr and "\u25cf" in scr,
       "TERM=dumb: discs, no colour", repr(scr))
    s.send("q")
    s.rest()
    s.wait()
finally:
    s.close()

# ---- the arrow keys step: Right and Left a ply, Down/End the last ply,
#      Up/Home the start; a number is typed and edited like any line
LEFT, RIGHT, UP, DOWN = b"\x1b[D", b"\x1b[C", b"\x1b[A", b"\x1b[B"
HOME, END = b"\x1b[H", b"\x1bOF"


def cooked(fd):
    """Whether the terminal is line by line with echo (as a shell has it),
    not in the raw mode of a line editor."""
    lflag = termios.tcgetattr(fd)[3]
    return bool(lflag & termios.ICANON) and bool(lflag & termios.ECHO)


s = Session([TOOL, "-i", FILE], env, PROMPT, TIMEOUT)
try:
    s.screen()
    ok(not cooked(s.fd), "at the prompt: the terminal in raw mode (keys "
       "read one by one)")
    for key, ply, desc in ((RIGHT, 1, "Right: ply 1"),
                           (RIGHT, 2, "Right: ply 2"),
                           (LEFT, 1, "Left: back to ply 1"),
                           (DOWN, 12, "Down: the last ply"),
                           (UP, 0, "Up: the start"),
                           (END, 12, "End (ESC O F): the last ply"),
                           (HOME, 0, "Home: the start"),
                           (b"3\x7f5\r", 5, "3, Backspace, 5, Enter: ply 5"),
                           (b"1" + LEFT + b"1\r", 11,
                            "1, Left, 1, Enter: ply 11")):
        os.write(s.fd, key)
        # the screen of that ply: its prompt on a line of its own (while
        # a line is edited the prompt is drawn again, and a read that
        # ends there under load would take the edit for the screen)
        check_screen(s.read_until(re.compile(
            rb"\n\[ply %d of 12\] [^\n]*q\)uit> $" % ply)), ply, desc)
    os.write(s.fd, b"\x1bOP")          # F1: not a key of -i
    scr = s.screen()
    ok(scr is not None and "unknown key '\\x1bOP'" in scr and
       "\x1b" not in scr and plain(scr).endswith(
           "[ply 11 of 12] n)ext p)rev f)irst l)ast NUMBER q)uit> "),
       "F1: 'unknown key', its bytes shown escaped, never sent raw",
       repr(scr))
    s.send("q")
    s.rest()
    ok(s.wait() and s.status == 0 and cooked(s.fd),
       "q: exit 0, the terminal line by line with echo again",
       "status %r" % s.status)
finally:
    s.close()

# a signal while the keys are read raw: the terminal is put back first,
# then the signal does what it does (TERM ends yote-replay)
s = Session([TOOL, "-i", FILE], env, PROMPT, TIMEOUT)
try:
    s.screen()
    raw = not cooked(s.fd)
    os.kill(s.pid, signal.SIGTERM)
    s.rest()
    ok(raw and s.wait() and s.status == -signal.SIGTERM and cooked(s.fd),
       "SIGTERM at the -i prompt: the terminal restored, then ended by "
       "the signal", "raw %r status %r" % (raw, s.status))
finally:
    s.close()

# ---- yote-play's prompt: line editing and history
PLAY = "bin/yote-play"
PPROMPT = re.compile(rb"(^|\n)(white|black)> $")
penv = dict(os.environ, NO_COLOR="1", TERM="dumb", LC_ALL=UTF8)


def board_has(screen, square, piece="x"):
    """Whether the last diagram shows piece on square (6x5 boards)."""
    rows = [l for l in plain(screen).split("\n")
            if re.match(r"^ [1-5]  ", l)][-5:]
    for line in rows:
        if line[1] == square[1]:
            return line[4:].split()["abcdef".index(square[0])] == piece
    return False


s = Session([PLAY, "--human-vs-human"], penv, PPROMPT, TIMEOUT)
try:
    s.screen()
    # "c4", Left, Backspace (the c), "d", End, Enter: d4 is played
    os.write(s.fd, b"c4" + LEFT + b"\x7fd" + END + b"\r")
    scr = s.screen()
    ok(scr is not None and board_has(scr, "d4") and
       "not a move" not in scr and "Illegal" not in scr and
       plain(scr).endswith("Ply 2: black (second player) to move.\n"
                           "black> "),
       "c4, Left, Backspace, d, End, Enter: d4 played", plain(scr or ""))
    # junk, Home (Ctrl-A), Ctrl-K deletes it all, then b2
    os.write(s.fd, b"zz9\x01\x0bb2\r")
    scr = s.screen()
    ok(scr is not None and board_has(scr, "b2", "o") and
       "not a move" not in scr,
       "zz9, Ctrl-A, Ctrl-K, b2, Enter: b2 played", plain(scr or ""))
    scr = s.type("moves")
    n_before = plain(s.log).count("legal moves:")
    os.write(s.fd, UP + b"\r")
    scr = s.screen()
    ok(scr is not None and "legal moves:" in scr and
       plain(s.log).count("legal moves:") == n_before + 1,
       "Up, Enter: the last line (moves) again", plain(scr or ""))
    os.write(s.fd, UP + UP + UP + DOWN + b"\r")
    scr = s.screen()
    ok(scr is not None and "'b2' is not a move" not in scr and
       "Illegal: b2 is occupied" in plain(scr),
       "Up three times, Down: an older line (b2), occupied now",
       plain(scr or ""))
    # a key the editor does not know is refused, never put in the line
    os.write(s.fd, b"\x1b[2~zz\r")
    scr = s.screen()
    ok(scr is not None and "'zz' is not a move" in scr and
       "\x1b" not in scr and "\a" in scr,
       "Insert (ESC [ 2 ~): a bell, not in the line, nothing raw echoed",
       repr(scr))
    # a move is the whole line: 'c4 junk' is refused whole, c4 not played
    scr = s.type("c4 junk")
    ok(scr is not None and "'c4 junk' is not a move" in scr and
       "3). Type" in scr,
       "c4 junk: refused whole, not played as c4", plain(scr or ""))
    scr = s.type("moves")
    ok(scr is not None and " c4" in scr,
       "c4 still empty after 'c4 junk' (listed among the legal moves)",
       plain(scr or ""))
    s.send("quit")
    s.rest()
    ok(s.wait() and s.status == 0 and cooked(s.fd),
       "quit: exit 0, the terminal as it was", "status %r" % s.status)
finally:
    s.close()

# hangup and TERM end the game as unfinished (terminal.c); the terminal is
# put back before
s = Session([PLAY, "--level", "beginner", "--seed", "7"], penv, PPROMPT,
            TIMEOUT)
try:
    s.screen()
    os.write(s.fd, b"c3")               # half a line typed
    time.sleep(0.2)
    os.kill(s.pid, signal.SIGTERM)
    tail = s.rest()
    ok(s.wait() and s.status == 0 and cooked(s.fd) and
       "Game left unfinished" in tail,
       "SIGTERM at the yote-play prompt: the game left unfinished, the "
       "terminal restored", "status %r\n%s" % (s.status, tail))
finally:
    s.close()

# output through a pipe: no editing, lines as the terminal gives them; an
# arrow key typed is in the line, and the message shows it escaped
s = Session(["/bin/sh", "-c", "%s --level beginner --seed 7 | cat" % PLAY],
            penv, PPROMPT, TIMEOUT)
try:
    s.screen()
    os.write(s.fd, UP + b"\r")
    scr = s.screen()
    ok(scr is not None and "'\\x1b[A' is not a move" in scr and
       "\x1b" not in scr,
       "| cat: an arrow key is in the line, shown escaped in the message "
       "(the terminal echoes it as ^[[A)", repr(scr))
    s.send("quit")
    s.rest()
    s.wait()
finally:
    s.close()

def on_pty(argv, stdout_pipe=False):
    """argv run on a new pseudo-terminal (its standard output a pipe with
    stdout_pipe) to its end: (exit status or None, what it wrote)."""
    pid, fd = pty.fork()
    if pid == 0:
        if stdout_pipe:
            r, w = os.pipe()
            os.dup2(w, 1)
        os.execve(TOOL, argv, env)
    out = b""
    deadline = time.monotonic() + TIMEOUT
    status = None
    while time.monotonic() < deadline:
        try:
            while select.select([fd], [], [], 0.1)[0]:
                b = os.read(fd, 4096)
                if not b:
                    break
                out += b
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
    return status, out


# ---- -i with a terminal for input but output to a pipe: usage error
status, out = on_pty([TOOL, "-i", FILE], stdout_pipe=True)
ok(status == 2, "-i with standard output not a terminal: exit 2",
   "status %r" % status)

# ---- -i - and -i /dev/stdin: the records would be read from the terminal
#      the commands come from (they were, and the keys taken for YAML)
for arg in ("-", "/dev/stdin"):
    status, out = on_pty([TOOL, "-i", arg])
    ok(status == 2 and b"is the" in out and b"terminal too" in out,
       "-i %s: usage error, exit 2" % arg, "status %r %r" % (status, out))

tap.done()
EOF
