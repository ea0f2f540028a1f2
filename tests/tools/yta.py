#!/usr/bin/env python3
"""yta.py - take archives apart and put them together again, for tests.

    yta.py dump FILE.yta          the archive as one line per part
    yta.py build [DESC]           an archive from such lines (stdin)
    yta.py seed FILE [HOW]        a fuzz-archive input that builds the
                                  archive FILE or the description FILE

A description line is a part of the archive, its fields as key=value:

    member [version=N] [badcrc]
    D games=N [first=N] [clen=N] [ulen=N] [type=C] [badcrc] [badpcrc]
      payload=HEX                        (a data block, payload inflated)
    X [auto] [badcrc] [badpcrc] payload=HEX   (an index block; auto: the
      member's data blocks so far, a true index)
    E [size=N] [games=N] [ilen=N] [badcrc]
    raw HEX                              (bytes as they are)
    C raw=HEX                            (a block of another type C, its
                                          payload as it is: padding)

Whatever is not given is what a writer would write: the lengths, the
CRCs, a data block's first game (the games of the member before it), the
end block's member size, games and index length.  So a test says only
what it changes, and every checksum still holds (formats/archive.md).
"""
import struct
import sys
import zlib

MAGIC = b"\x89YTA\r\n\x1a\n"


def crc(b):
    return zlib.crc32(b) & 0xFFFFFFFF


def read_varint(b, pos):
    """The varint at b[pos] and the position after it."""
    v, shift = 0, 0
    while True:
        c = b[pos]
        pos += 1
        v |= (c & 0x7F) << shift
        shift += 7
        if c < 0x80:
            return v, pos


def varint(v):
    out = bytearray()
    while v >= 0x80:
        out.append((v & 0x7F) | 0x80)
        v >>= 7
    out.append(v)
    return bytes(out)


def dump(data):
    pos, lines = 0, []
    while pos < len(data):
        if data[pos:pos + 8] == MAGIC:
            ver = struct.unpack_from("<H", data, pos + 8)[0]
            lines.append("member version=%d" % ver)
            pos += 16
            continue
        h = data[pos:pos + 32]
        t = chr(h[3])
        if t == "E":
            size, games, ilen = struct.unpack_from("<QQI", h, 4)
            lines.append("E size=%d games=%d ilen=%d" % (size, games, ilen))
            pos += 32
            continue
        clen, ulen, games, first = struct.unpack_from("<IIIQ", h, 4)
        body = data[pos + 32:pos + 32 + clen]
        if t not in "DX":
            lines.append("%s raw=%s" % (t, body.hex()))
            pos += 32 + clen
            continue
        pl = zlib.decompress(body)
        if t == "D":
            lines.append("D games=%d first=%d payload=%s"
                         % (games, first, pl.hex()))
        else:
            lines.append("%s payload=%s" % (t, pl.hex()))
        pos += 32 + clen
    return "\n".join(lines) + "\n"


def build(text):
    out = bytearray()
    member = games = 0
    index_at = None
    blocks = []
    for line in text.splitlines():
        words = line.split()
        if not words:
            continue
        kind, f = words[0], {}
        for w in words[1:]:
            k, _, v = w.partition("=")
            f[k] = v
        if kind == "raw":
            out += bytes.fromhex(words[1])
        elif kind == "member":
            h = MAGIC + struct.pack("<HH", int(f.get("version", 1)), 0)
            member, games, index_at, blocks = len(out), 0, None, []
            out += h + struct.pack("<I", crc(h) ^ ("badcrc" in f))
        elif "raw" in f:
            z = bytes.fromhex(f["raw"])
            h = kind.encode() + struct.pack("<IIIQI", len(z), len(z), 0, 0,
                                            crc(z))
            h = b"YTB" + h
            out += h + struct.pack("<I", crc(h)) + z
        elif kind in ("D", "X"):
            pl = bytes.fromhex(f.get("payload", ""))
            n = 0
            if kind == "X" and "auto" in f:
                pl, prev = varint(len(blocks)), 0
                for off, g in blocks:
                    pl += varint(off - prev) + varint(g)
                    prev = off
            z = zlib.compress(pl)
            if kind == "D":
                n = int(f["games"])
                first = int(f.get("first", games))
                blocks.append((len(out) - member, n))
                games += n
            else:
                n, first = len(blocks), 0
                index_at = len(out)
            t = f.get("type", kind).encode()
            h = b"YTB" + t + struct.pack(
                "<IIIQI", int(f.get("clen", len(z))),
                int(f.get("ulen", len(pl))), n, first,
                crc(z) ^ ("badpcrc" in f))
            out += h + struct.pack("<I", crc(h) ^ ("badcrc" in f)) + z
        elif kind == "E":
            ilen = len(out) - index_at if index_at is not None else 0
            h = b"YTBE" + struct.pack(
                "<QQII", int(f.get("size", len(out) - member)),
                int(f.get("games", games)), int(f.get("ilen", ilen)), 0)
            out += h + struct.pack("<I", crc(h) ^ ("badcrc" in f))
        else:
            sys.exit("yta.py: unknown part '%s'" % kind)
    return bytes(out)


KNOWN = ["classic", "traditional", "damasi", "ndar-kepp"]


def laid_out(pl):
    """A data payload's layout, built-in ruleset numbers and streams, or
    None."""
    if not pl or pl[0] not in (0, 1):
        return None
    nr, pos = read_varint(pl, 1)
    names = []
    for _ in range(nr):
        kind = pl[pos]
        ln, pos = read_varint(pl, pos + 1)
        name = pl[pos:pos + ln].decode("latin-1")
        pos += ln
        if kind != 0 or name not in KNOWN:
            return None
        names.append(KNOWN.index(name))
    hl, pos = read_varint(pl, pos)
    ml, pos = read_varint(pl, pos)
    ll, pos = read_varint(pl, pos)
    if max(hl, ml, ll) >= 65536 or pos + hl + ml + ll != len(pl):
        return None
    return pl[0], names, hl, ml, ll, pl[pos:]


def seed(text, how):
    """The steps of tests/fuzz/fuzz-archive.c that build this archive."""
    out = bytearray([how])
    for line in text.splitlines():
        words = line.split()
        if not words:
            continue
        kind = words[0]
        f = dict(w.partition("=")[::2] for w in words[1:])
        flags = ("badcrc" in f) | ("badpcrc" in f) << 1
        pl = bytes.fromhex(f.get("payload", f.get("raw", "")))
        if len(pl) >= 65536:
            sys.exit("yta.py: a block too large for a seed")
        if kind == "raw":
            out += bytes([4]) + struct.pack("<H", len(words[1]) // 2)
            out += bytes.fromhex(words[1])
        elif kind == "member":
            out += bytes([0]) + struct.pack(
                "<HB", int(f.get("version", 0)), flags)
        elif kind == "E":
            flags |= ("size" in f) << 2 | ("games" in f) << 3
            flags |= ("ilen" in f) << 5
            out += bytes([3, flags]) + struct.pack(
                "<QQI", int(f.get("size", 0)), int(f.get("games", 0)),
                int(f.get("ilen", 0)))
        elif kind == "X":
            flags |= ("auto" in f) << 7
            out += bytes([2, flags]) + struct.pack("<H", len(pl)) + pl
        elif kind == "D" and not set(f) - {"games", "first", "payload"} \
                and laid_out(pl) is not None:
            layout, names, hl, ml, ll, streams = laid_out(pl)
            out += bytes([5, 128 if layout else 0])
            out += struct.pack("<I", int(f["games"]))
            out += bytes([len(names)] + names)
            out += struct.pack("<HHH", hl, ml, ll) + streams
        else:
            flags |= ("clen" in f) << 2 | ("ulen" in f) << 3
            flags |= ("first" in f) << 5
            first = int(f.get("first", 0))
            if kind != "D":             # another type: raw payload
                flags |= 16 | 64 | 32
                first = ord(kind)
            out += bytes([1, flags]) + struct.pack(
                "<IQIIH", int(f.get("games", 0)), first,
                int(f.get("clen", 0)), int(f.get("ulen", 0)), len(pl)) + pl
    return bytes(out)


def main(argv):
    if len(argv) >= 3 and argv[1] == "dump":
        with open(argv[2], "rb") as fp:
            sys.stdout.write(dump(fp.read()))
    elif len(argv) >= 2 and argv[1] == "build":
        text = open(argv[2]).read() if len(argv) > 2 else sys.stdin.read()
        sys.stdout.buffer.write(build(text))
    elif len(argv) >= 3 and argv[1] == "seed":
        with open(argv[2], "rb") as fp:
            data = fp.read()
        how = int(argv[3]) if len(argv) > 3 else 0
        text = dump(data) if data[:8] == MAGIC else data.decode()
        sys.stdout.buffer.write(seed(text, how))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
