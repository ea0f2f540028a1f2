#!/bin/sh
# yote-play --protocol driven the way a graphical board drives it (TAP).
# Run from the project root (prove tests/protocol.t) after `make`.
#
# A python3 script (tests/lib/gui.py) starts the engine on pipes, writes
# commands at chosen moments and reads the answers with a timeout, so an
# engine that hangs fails a test instead of blocking the run:
#  - go infinite, stop after 100 ms: a legal bestmove comes (the time it
#    took is shown; the bound, 2 s, only catches a stop that is not seen:
#    tests assert no tight timing on a shared machine); isready answered
#    during the search; quit during a search ends the process;
#    "go infinite" and "stop" in one write; end of input stops an
#    infinite search; stop with no search does nothing;
#  - time controls (wtime/btime/winc/binc/movestogo), movetime; with the
#    endgame tables on an 8 x 8 ruleset whose 3-against-2 class holds 152
#    million positions (tests/tb/big8.yaml), go movetime 200 brings the
#    bestmove within 3 x 200 ms and says once, as an info string, that
#    the class is not built (issue 24), and a stop during a build that
#    the time allows brings it at once;
#  - the handshake's option lines, setoption (Hash, Clear Hash, Threads,
#    Level, MultiPV) and its errors, newgame and ucinewgame clear the
#    table (the same search again from a cleared one), the info fields,
#    currmove lines once a search has run a second;
#  - whole lines: a position with moves longer than the old 8,192-byte
#    buffer is set whole, a line longer than 1 MiB is refused whole (its
#    tail never runs as a command), a NUL byte refuses a line;
#  - whitespace: runs of spaces and tabs anywhere, CRLF; errors name the
#    offending word;
#  - UCI: the uci handshake (id name, id author, the options, uciok) and
#    scores as "cp N" and "mate N" after it; go mate N finds a win in N
#    moves (and says when there is none), go searchmoves restricts the
#    root, alone and with other budgets after its moves.
set -u
. tests/lib/env.sh
. tests/lib/tap.sh
scratch protocol

if [ ! -x bin/yote-play ]; then
	echo "1..1"
	echo "not ok 1 - bin/yote-play is built (make)"
	exit 1
fi
if ! command -v python3 >/dev/null 2>&1; then
	echo "1..0 # skip python3 is needed"
	exit 0
fi

PYTHONPATH=tests/lib python3 - <<'EOF'
import re
import time

from gui import Engine, legal

n = 0


def ok(cond, what, *why):
    global n
    n += 1
    print("%s %d - %s" % ("ok" if cond else "not ok", n, what))
    if not cond:
        for w in why:
            for ln in str(w).splitlines()[:30]:
                print("# " + ln)


def session(*args):
    return Engine("--no-tb", *args)


def finish(e):
    e.send("quit\n")
    st = e.wait()
    e.end()
    return st


MOVES = "c3 d4"
INFO = re.compile(r"^info depth \d+ score (\+|-|#\+|#-)[0-9.]+ nodes \d+ "
                  r"time \d+ nps \d+ seldepth \d+ multipv \d+ hashfull \d+ "
                  r"pv( [a-f][1-5][-a-f0-9x+@]*)+$")

# ---------------------------------------------------------------- stop
e = session()
e.send("position start moves %s\ngo infinite\n" % MOVES)
time.sleep(0.1)
t = time.monotonic()
e.send("stop\n")
best, before = e.until("bestmove", 10)
dt = time.monotonic() - t
ok(best is not None and dt < 2.0 and
   legal(MOVES, best.split()[1]),
   "go infinite, stop after 100 ms: a legal bestmove %.1f ms later" %
   (dt * 1000), best, "\n".join(before[-5:]))
ok(before and all(INFO.match(s) for s in before if " nps " in s),
   "the info lines have depth, score, nodes, time, nps, seldepth, "
   "multipv, hashfull, pv", "\n".join(before[-5:]))
ok(finish(e) == 0, "quit after the search: exit 0")

def ready_at_once(e, commands, desc):
    """Send commands that start a search, then isready: readyok must
    come before any bestmove."""
    e.send(commands)
    time.sleep(0.1)
    e.send("isready\n")
    ready, before = e.until("readyok", 10)
    ok(ready is not None and
       not any(s.startswith("bestmove") for s in before),
       desc, "\n".join(before[-5:]))


e = session()
# three lines a depth: the root's moves are started often, so that some
# start after the first second however slow the machine
ready_at_once(e, "setoption name MultiPV value 3\nposition start moves %s\n"
              "go infinite\n" % MOVES,
              "isready during go infinite: readyok at once, the search "
              "goes on")
time.sleep(3)
e.send("stop\n")
best, before = e.until("bestmove", 10)
cur = [s for s in before if " currmove " in s]
ok(best is not None and cur and all(
    re.match(r"^info depth \d+ currmove \S+ currmovenumber \d+$", s)
    for s in cur),
   "after a second of search: info currmove lines (%d)" % len(cur),
   "\n".join(before[-5:]), "%d lines in all" % len(before))
finish(e)

e = session()
# ... and while another go waits behind the search (readyok came only
# once the search had been stopped)
ready_at_once(e, "position start moves %s\ngo infinite\ngo depth 3\n" % MOVES,
              "isready during a search with a go queued: readyok at once")
e.send("stop\n")
finish(e)

e = session()
e.send("position start moves %s\ngo infinite\n" % MOVES)
time.sleep(0.1)
t = time.monotonic()
e.send("quit\n")
st = e.wait(10)
dt = time.monotonic() - t
ok(st == 0 and dt < 2.0,
   "quit during go infinite: exit 0, %.1f ms later" % (dt * 1000))
e.end()

e = session()
e.send("position start moves %s\ngo infinite\nstop\nisready\n" % MOVES)
best, before = e.until("bestmove", 10)
ready = "readyok" in before or e.until("readyok", 10)[0] is not None
ok(best is not None and ready and legal(MOVES, best.split()[1]),
   "go infinite, stop and isready in one write: the search is stopped, "
   "readyok", best, "\n".join(before))
e.send("stop\nisready\n")
ready, before = e.until("readyok", 10)
ok(ready is not None and before == [],
   "stop without a search: nothing happens", "\n".join(before))
finish(e)

e = session()
e.send("position start moves %s\ngo infinite\n" % MOVES)
time.sleep(0.1)
e.close_input()
best, _ = e.until("bestmove", 10)
ok(best is not None and e.wait(10) == 0,
   "end of input during go infinite: bestmove, exit 0", best)
e.end()

e = session()
e.send("position start moves %s\ngo depth 3\n" % MOVES)
e.close_input()
best, before = e.until("bestmove", 20)
depths = [s.split()[2] for s in before if s.startswith("info depth")]
ok(best is not None and depths == ["1", "2", "3"] and e.wait(10) == 0,
   "end of input after go depth 3: the search ends first",
   "\n".join(before))
e.end()

# ---------------------------------------------------------------- clock
for cmd in ("go wtime 3000 btime 3000", "go wtime 2000 btime 9000 winc 100 "
            "binc 100 movestogo 5", "go movetime 300"):
    e = session()
    e.send("position start moves %s\n%s\n" % (MOVES, cmd))
    t = time.monotonic()
    best, before = e.until("bestmove", 20)
    dt = time.monotonic() - t
    ok(best is not None and dt < 3.0 and legal(MOVES, best.split()[1]),
       "%s: a legal bestmove within the time (%.0f ms)" % (cmd, dt * 1000),
       best, "\n".join(before[-3:]))
    finish(e)
e = Engine("--rules", "tests/tb/big8.yaml")
e.send("position x7/8/8/3o4/8/8/2x5/o6x x 0 0 0 40\ngo movetime 200\n")
t = time.monotonic()
best, before = e.until("bestmove", 20)
dt = time.monotonic() - t
notes = [s for s in before if s.startswith("info string")]
ok(best is not None and dt < 0.6,
   "tables on 8 x 8, go movetime 200: bestmove in %.0f ms" % (dt * 1000),
   best, "\n".join(before[-3:]))
ok(len(notes) <= 2 and len(set(s.split(":")[2] for s in notes)) == len(notes)
   and any("class 3+0v2+0 is not built: with the classes it leads to it "
           "needs 2.3 GiB" in s for s in notes),
   "... and info strings say once a kind which class is not built",
   "\n".join(notes))
# a class of 5 million positions (3 against 1 on 8 x 8) that a long
# budget lets it start: a stop ends the build and the search
e.send("position x7/8/8/8/8/8/2x5/o6x x 0 0 0 40\ngo movetime 60000\n")
time.sleep(0.3)
t = time.monotonic()
e.send("stop\n")
best, before = e.until("bestmove", 20)
dt = time.monotonic() - t
ok(best is not None and dt < 2.0,
   "stop while a table is built: bestmove %.0f ms later" % (dt * 1000),
   best, "\n".join(before[-3:]))
finish(e)
e = session()
e.send("position start moves c3\ngo btime 1 wtime 50000\n")
best, _ = e.until("bestmove", 10)
ok(best is not None and legal("c3", best.split()[1]),
   "the second side's clock at 1 ms: a legal move at once", best)
finish(e)

# ---------------------------------------------------------------- options
e = session("--hash", "8", "--level", "casual")
e.send("yote\n")
yok, lines = e.until("yoteok", 10)
want = ["option name Hash type spin default 8 min 1 max 4096",
        "option name Clear Hash type button",
        "option name Threads type spin default 1 min 1 max 1",
        "option name Level type combo default casual var beginner var "
        "casual var club var expert var master var greedy",
        "option name MultiPV type spin default 1 min 1 max 256"]
ok(yok is not None and lines[0].startswith("id name yote-play ") and
   lines[1] == "id rules classic" and lines[2:] == want,
   "yote: id lines, then an option line for each option", "\n".join(lines))
e.send("setoption name Hash value 0\nsetoption name Hash value 2\n"
       "setoption name Threads value 2\nsetoption name Threads value 1\n"
       "setoption name Level value grandmaster\n"
       "setoption name MultiPV value 999\nsetoption name Nonsense value 3\n"
       "setoption name\tclear   HASH\nsetoption Hash\nisready\n")
ready, before = e.until("readyok", 10)
ok(before == [
    "error setoption: Hash: value '0': expected a number of MiB from 1 to "
    "4096",
    "error setoption: Threads: value '2': one thread only",
    "error setoption: Level: value 'grandmaster': expected one of: beginner "
    "casual club expert master greedy",
    "error setoption: MultiPV: value '999': expected a number from 1 to 256",
    "error setoption: unknown option 'Nonsense'",
    "error setoption: expected 'name', not 'Hash'"],
   "setoption: good values taken, bad ones refused by name",
   "\n".join(before))
e.send("setoption name Level value beginner\ngo\n")
best, before = e.until("bestmove", 10)
ok([s.split()[2] for s in before] == ["1"],
   "setoption name Level value beginner: go searches one ply",
   "\n".join(before))
e.send("setoption name MultiPV value 3\nposition start moves %s\n"
       "go depth 3\n" % MOVES)
best, before = e.until("bestmove", 20)
lines = [s.split() for s in before if s.startswith("info depth")]
pv = [(s[2], s[s.index("multipv") + 1], s[s.index("pv") + 1])
      for s in lines]
firsts = [m for d, k, m in pv if d == "3"]
ok([(d, k) for d, k, m in pv] == [(d, k) for d in "123" for k in "123"] and
   len(set(firsts)) == 3 and best.split()[1] == firsts[0],
   "MultiPV 3: three lines a depth, three different moves, the first is "
   "the bestmove", "\n".join(before))
# the options' lines give the values in use (MultiPV said 'default 1')
e.send("yote\n")
yok, lines = e.until("yoteok", 10)
ok("option name MultiPV type spin default 3 min 1 max 256" in lines and
   "option name Level type combo default beginner var beginner var casual "
   "var club var expert var master var greedy" in lines,
   "yote again: MultiPV 3 and Level beginner, the values in use",
   "\n".join(lines))
finish(e)

e = session()
e.send("go depth 5\ngo depth 5\nnewgame\ngo depth 5\nucinewgame\n"
       "go depth 5\nsetoption name Clear Hash\ngo depth 5\n")
nodes = []
for _ in range(5):
    best, before = e.until("bestmove", 30)
    last = [s.split() for s in before if " nps " in s]
    nodes.append(last[-1][6] if last and best else None)
ok(None not in nodes and nodes[1] != nodes[0] and
   nodes[2] == nodes[0] and nodes[3] == nodes[0] and nodes[4] == nodes[0],
   "newgame, ucinewgame, Clear Hash: the same search as the first "
   "(nodes %s)" % " ".join(map(str, nodes)))
finish(e)

# ---------------------------------------------------------------- lines
k = 3000
game = "c3 d4" + " c3-c2 d4-d3 c2-c3 d3-d4" * k
e = session()
e.send("position start moves %s\nd\n" % game)
pos, before = e.until("position", 30)
ok(len(game) > 8192 and before == [] and
   pos == "position 6/3o2/2x3/6/6 x 11 11 %d %d" % (2 + 4 * k, 3 + 4 * k),
   "position with %d bytes of moves: set whole" % len(game), pos,
   "\n".join(before))
big = "position start moves c3 d4" + " " * (1 << 20) + "quit"
e.send("newgame\n" + big + "\nd\nisready\n")
pos, before = e.until("position", 30)
ready, _ = e.until("readyok", 10)
ok(before == ["error line 4: longer than 1048576 bytes: ignored whole"] and
   pos == "position 6/6/6/6/6 x 12 12 0 1" and ready is not None,
   "a line of more than 1 MiB: refused whole, its tail not run",
   "\n".join(before), pos)
e.send(b"position start moves c3\0 d4\nd\n")
pos, before = e.until("position", 10)
ok(before == ["error line 7: a NUL byte: ignored whole"] and
   pos == "position 6/6/6/6/6 x 12 12 0 1",
   "a line with a NUL byte: refused whole", "\n".join(before), pos)
finish(e)

# ---------------------------------------------------------------- words
e = session()
e.send("  \tposition\t start \t\tmoves   c3\t d4  \r\n\t d \r\n"
       "setoption   name\tMultiPV \t value  2 \r\n"
       "go \t depth\t 2\r\n")
pos, before = e.until("position", 10)
best, info = e.until("bestmove", 10)
ok(pos == "position 6/3o2/2x3/6/6 x 11 11 2 3" and before == [] and
   best is not None and legal(MOVES, best.split()[1]) and
   [s.split()[8] for s in info if " nps " in s][-2:] != [] and
   sorted(set(s.split(" multipv ")[1].split()[0] for s in info)) ==
   ["1", "2"],
   "runs of spaces and tabs, CRLF: as single spaces", pos,
   "\n".join(before + info))
e.send("position fen 6/3o2/2x3/6/6\tx 11  11 2 3 moves a1\nd\n")
pos, before = e.until("position", 10)
ok(pos == "position 6/3o2/2x3/6/x5 o 10 11 3 4" and before == [],
   "position fen POS moves M: UCI's fen word taken, blanks in the "
   "position", pos, "\n".join(before))
e.send("go sideways 3\ngo depth x\ngo nodes\ngo ponder\nponderhit\n"
       "position start moves c3 zz9\nposition start moves c3 c3\n"
       "position start moves c3 g9\n"
       "fly\x1b]0;x\x07\nsetoption name Hash value lots\nisready\n")
ready, before = e.until("readyok", 10)
# a typo and an illegal move told apart, in yote-validate's words: "bad
# move ... at character N" for the notation, "illegal move" for a move
# not legal there or off the board (both were "move 2 'W': why")
BAD = re.compile(r"^error position: move 2: bad move 'zz9': .+ at character 2$")
ok(before == [
    "error go: unknown budget 'sideways'",
    "error go: depth 'x': expected a number from 1 to 1000000",
    "error go: nodes '': expected a number from 1 to 4611686018427387904",
    "error go: 'ponder' is not supported",
    "error ponderhit: pondering is not supported",
    before[5] if len(before) > 5 and BAD.match(before[5]) else
    "error position: move 2: bad move 'zz9': ... at character 2",
    "error position: move 2: illegal move 'c3': c3 is occupied",
    "error position: move 2: illegal move 'g9': g9 is off the 6x5 board",
    "error unknown command 'fly\\x1b]0;x\\x07'",
    "error setoption: Hash: value 'lots': expected a number of MiB from 1 "
    "to 4096"],
   "errors name the word (control bytes shown as \\xHH, as in every "
   "message of the suite); a move that is no "
   "move (bad move ... at character N) and an illegal one told apart",
   "\n".join(before))
finish(e)

# ---------------------------------------------------------------- UCI
# white wins in 2 moves (3 plies), not in 1; c2xc4+f5 does not win in 2
MATE2 = "5o/5x/1xo3/2x1ox/2x1o1 x 0 0 0 40"
UCI_INFO = re.compile(r"^info depth \d+ score (cp -?\d+|mate -?\d+) nodes \d+ "
                      r"time \d+ nps \d+ seldepth \d+ multipv \d+ "
                      r"hashfull \d+ pv( \S+)+$")
e = session()
e.send("uci\n")
uok, lines = e.until("uciok", 10)
ok(uok == "uciok" and len(lines) >= 3 and
   lines[0].startswith("id name yote-play ") and
   lines[1].startswith("id author ") and
   all(s.startswith("option name ") for s in lines[2:]) and
   "option name Hash type spin default 16 min 1 max 4096" in lines,
   "uci: id name, id author, the option lines, uciok", "\n".join(lines))
e.send("isready\nposition startpos moves %s\ngo depth 3\n" % MOVES)
best, before = e.until("bestmove", 10)
ok(best is not None and before[0] == "readyok" and
   all(UCI_INFO.match(s) for s in before[1:]) and len(before) == 4,
   "after uci: isready answered, info scores as 'cp N'", "\n".join(before))
e.send("position fen %s\ngo mate 2\n" % MATE2)
best, before = e.until("bestmove", 10)
ok(best == "bestmove b3xd3+f5" and before and
   " score mate 2 " in before[-1] and UCI_INFO.match(before[-1]),
   "go mate 2: the winning move, its info line with 'score mate 2'",
   best, "\n".join(before))
e.send("go mate 1\n")
best, before = e.until("bestmove", 10)
ok(best is not None and best != "bestmove (none)" and
   before[-1] == "info string no win in 1 move found",
   "go mate 1 where there is none: said so, and a bestmove all the same",
   best, "\n".join(before))
e.send("go mate 2 searchmoves c2xc4+f5 b3xd3+f5\n")
best, before = e.until("bestmove", 10)
ok(best == "bestmove b3xd3+f5", "go mate 2 searchmoves: found among them",
   best, "\n".join(before))
e.send("go searchmoves c2xc4+f5 mate 2\n")
best, before = e.until("bestmove", 10)
ok(best == "bestmove c2xc4+f5" and
   before[-1] == "info string no win in 2 moves found" and
   all(s.split(" pv ")[1].startswith("c2xc4+f5") for s in before[:-1]),
   "go searchmoves M mate 2: only M searched (a budget after the moves)",
   best, "\n".join(before))
e.send("position startpos moves c3\ngo searchmoves a1 f5 depth 4\n")
best, before = e.until("bestmove", 10)
ok(best in ("bestmove a1", "bestmove f5") and
   [s.split()[2] for s in before] == ["1", "2", "3", "4"] and
   all(s.split(" pv ")[1].split()[0] in ("a1", "f5") for s in before),
   "go searchmoves a1 f5 depth 4: every line starts with one of them",
   best, "\n".join(before))
e.send("go searchmoves c3\ngo searchmoves\ngo searchmoves zz depth 2\n"
       "go searchmoves a9\ngo mate 0\ngo mate 31\nisready\n")
ready, before = e.until("readyok", 10)
BAD = re.compile(r"^error go: searchmoves: bad move 'zz': .+ at character 2$")
ok(before == [
    "error go: searchmoves: illegal move 'c3': c3 is occupied",
    "error go: searchmoves: expected one move or more",
    before[2] if len(before) > 2 and BAD.match(before[2]) else
    "error go: searchmoves: bad move 'zz': ... at character 2",
    "error go: searchmoves: illegal move 'a9': a9 is off the 6x5 board",
    "error go: mate '0': expected a number from 1 to 30",
    "error go: mate '31': expected a number from 1 to 30"],
   "go searchmoves and go mate: errors name the word; a bad move and an "
   "illegal one told apart", "\n".join(before))
e.send("yote\n")
e.until("yoteok", 10)
e.send("position %s\ngo mate 2\n" % MATE2)
best, before = e.until("bestmove", 10)
ok(best == "bestmove b3xd3+f5" and " score #+3 " in before[-1] and
   INFO.match(before[-1]),
   "after yote again: the suite's own scores (#+3: a win in 3 plies)",
   "\n".join(before))
finish(e)

print("1..%d" % n)
EOF
