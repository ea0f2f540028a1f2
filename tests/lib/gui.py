"""gui.py - drive `yote-play --protocol` the way a graphical board does:
a child process on pipes, lines written to it at chosen moments, its
answers read with a timeout (select), so that an engine that hangs fails
a test instead of blocking it.  Used by tests/protocol.t; run alone,
`python3 tests/lib/gui.py bench [RUNS]` measures how long `stop` takes
to bring the bestmove (median and worst) and prints the nps.
"""
import os
import select
import subprocess
import sys
import time


class Engine:
    def __init__(self, *args, prog="yote-play"):
        self.p = subprocess.Popen([prog, "--protocol", *args],
                                  stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE)
        self.buf = b""
        self.lines = []         # every line read, in order

    def send(self, text):
        """Write text (lines joined as given; bytes or str) and flush."""
        if isinstance(text, str):
            text = text.encode()
        self.p.stdin.write(text)
        self.p.stdin.flush()

    def line(self, timeout=10.0):
        """The next line (str, without its newline), or None on a timeout
        or at the end of the output."""
        end = time.monotonic() + timeout
        while b"\n" not in self.buf:
            left = end - time.monotonic()
            if left <= 0:
                return None
            r, _, _ = select.select([self.p.stdout], [], [], left)
            if not r:
                return None
            chunk = os.read(self.p.stdout.fileno(), 65536)
            if not chunk:
                return None
            self.buf += chunk
        ln, self.buf = self.buf.split(b"\n", 1)
        s = ln.decode(errors="replace")
        self.lines.append(s)
        return s

    def until(self, prefix, timeout=10.0):
        """Lines up to and including the first that starts with prefix:
        (that line or None, the lines before it)."""
        end = time.monotonic() + timeout
        seen = []
        while True:
            s = self.line(max(0.0, end - time.monotonic()))
            if s is None:
                return None, seen
            if s.startswith(prefix):
                return s, seen
            seen.append(s)

    def quiet(self, wait=0.3):
        """The lines that come within wait seconds."""
        out = []
        while True:
            s = self.line(wait)
            if s is None:
                return out
            out.append(s)

    def close_input(self):
        self.p.stdin.close()

    def wait(self, timeout=10.0):
        """The exit status, or None when the process is still running
        after timeout seconds (it is killed then)."""
        try:
            return self.p.wait(timeout)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
            return None

    def end(self):
        if self.p.poll() is None:
            self.p.kill()
        self.p.wait()
        for f in (self.p.stdin, self.p.stdout, self.p.stderr):
            try:
                f.close()
            except (OSError, ValueError):
                pass


def legal(moves, move, rules="classic", prog="yote-play"):
    """Whether move is legal after the moves (a new engine checks it)."""
    e = Engine("--rules", rules, prog=prog)
    e.send("position start moves %s %s\nisready\n" % (moves, move))
    ready, before = e.until("readyok")
    e.send("quit\n")
    e.wait()
    e.end()
    return ready is not None and not any(s.startswith("error")
                                         for s in before)


def stop_latency(moves="c3 d4", think=0.1):
    """go infinite, stop after think seconds: (seconds from the stop to
    the bestmove, the bestmove line, the last info line)."""
    e = Engine("--no-tb")
    e.send("position start moves %s\ngo infinite\n" % moves)
    time.sleep(think)
    t = time.monotonic()
    e.send("stop\n")
    best, before = e.until("bestmove")
    dt = time.monotonic() - t
    e.send("quit\n")
    e.wait()
    e.end()
    infos = [s for s in before if s.startswith("info depth")
             and " nps " in s]
    return dt, best, infos[-1] if infos else ""


def bench(runs):
    lat = []
    for _ in range(runs):
        dt, best, last = stop_latency()
        if best is None:
            print("no bestmove after stop")
            return 1
        lat.append(dt * 1000)
    lat.sort()
    print("stop -> bestmove over %d runs: median %.2f ms, worst %.2f ms"
          % (runs, lat[len(lat) // 2], lat[-1]))
    e = Engine("--no-tb")
    e.send("position start moves c3 d4\ngo movetime 3000\n")
    best, before = e.until("bestmove", 20)
    e.send("quit\n")
    e.wait()
    e.end()
    infos = [s for s in before if " nps " in s]
    print("go movetime 3000 after c3 d4: " + (infos[-1] if infos
                                                 else "no info"))
    return 0


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "bench":
        sys.exit(bench(int(sys.argv[2]) if len(sys.argv) > 2 else 50))
    print(__doc__)
