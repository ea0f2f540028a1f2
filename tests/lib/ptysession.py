"""ptysession - the terminal side of the shell tests (python3, TAP).

A .t script's embedded python imports it from the project root:

    sys.dont_write_bytecode = True
    sys.path.insert(0, "tests/lib")
    from ptysession import Session, Tap, plain

Session runs a tool on a pseudo-terminal and reads its screens up to a
prompt; every read has a timeout, so a tool that hangs fails its test
instead of the run.  Tap numbers the tests, going on from the shell
part's count.
"""
import os
import pty
import re
import select
import signal
import sys
import time


class Tap:
    """TAP lines, numbered on from n."""

    def __init__(self, n=0):
        self.n = n

    def ok(self, cond, desc, detail=""):
        """One test, passed when cond holds; detail (its first and last
        20 lines) follows a failure as comments.  Returns cond."""
        self.n += 1
        print(("ok %d - %s" if cond else "not ok %d - %s") % (self.n, desc))
        if not cond and detail:
            lines = str(detail).splitlines()
            if len(lines) > 40:
                lines = lines[:20] + ["..."] + lines[-20:]
            for line in lines:
                print("# " + line)
        sys.stdout.flush()
        return cond

    def skip(self, reason):
        """One test, skipped."""
        self.n += 1
        print("ok %d # SKIP %s" % (self.n, reason))
        sys.stdout.flush()

    def done(self):
        """The plan, at the end."""
        print("1..%d" % self.n)


def plain(screen):
    """A screen as text: no CR, no colour, the discs of the Unicode
    style as x, o and ."""
    s = screen.replace("\r", "")
    s = re.sub(r"\x1b\[[0-9;]*m", "", s)
    return s.replace("\u25cf", "x").replace("\u25cb", "o") \
            .replace("\u00b7", ".")


class Session:
    """argv on a pseudo-terminal, with environment env; prompt (a bytes
    regular expression) ends a screen; timeout: seconds to wait for one."""

    def __init__(self, argv, env, prompt, timeout):
        self.prompt = prompt
        self.timeout = timeout
        self.status = None
        self.log = ""           # everything read so far, as text
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            # a session at a terminal starts with Ctrl-C and Ctrl-\ at
            # their defaults, whatever the tests were started with (a
            # shell ignores them in what it runs in the background, and
            # the tool rightly keeps a signal ignored on entry ignored)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            signal.signal(signal.SIGQUIT, signal.SIG_DFL)
            os.execve(argv[0], argv, env)

    def read_until(self, pattern):
        """The output up to a match of pattern at its end, as text; None
        on a timeout or when the tool closes the terminal first."""
        buf = b""
        end = time.monotonic() + self.timeout
        while not pattern.search(buf):
            left = end - time.monotonic()
            if left <= 0:
                return None
            r, _, _ = select.select([self.fd], [], [], left)
            if not r:
                return None
            try:
                data = os.read(self.fd, 4096)
            except OSError:             # EIO: the child has gone
                data = b""
            if not data:
                self.log += buf.decode("utf-8", "replace")
                return None
            buf += data
        text = buf.decode("utf-8", "replace")
        self.log += text
        return text

    def screen(self):
        """The output up to the next prompt."""
        return self.read_until(self.prompt)

    def send(self, text):
        """Type a line."""
        os.write(self.fd, text.encode() + b"\r")

    def type(self, text, until=None):
        """Type a line and read up to until (default: the prompt)."""
        self.send(text)
        return self.read_until(until or self.prompt)

    def rest(self):
        """Everything until the tool closes the terminal."""
        buf = b""
        end = time.monotonic() + self.timeout
        while time.monotonic() < end:
            r, _, _ = select.select([self.fd], [], [], 0.2)
            if r:
                try:
                    data = os.read(self.fd, 4096)
                except OSError:
                    break
                if not data:
                    break
                buf += data
            elif self.wait(0):
                break
        text = buf.decode("utf-8", "replace")
        self.log += text
        return text

    def wait(self, timeout=None):
        """Whether the tool has exited (status in self.status), waiting up
        to timeout seconds (default: the session's)."""
        end = time.monotonic() + (self.timeout if timeout is None else
                                  timeout)
        while True:
            pid, st = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(st)
                return True
            if time.monotonic() >= end:
                return False
            time.sleep(0.05)

    def close(self):
        if self.status is None and not self.wait(0):
            os.kill(self.pid, signal.SIGKILL)
            self.wait()
        os.close(self.fd)
