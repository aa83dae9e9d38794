"""The link's frames allocate nothing: ``put`` and ``Decoder.feed`` over a
long noisy stream, all under ``micropython.heap_lock()`` (any allocation
raises MemoryError). Run from the project root by tests/test_link_frame.py:

    micropython -X heapsize=64K tests/mp/link_frame_alloc.py [ROUNDS]

Each round writes about 4 KB of wire: whole frames of every kind and
payload length, random garbage, bad headers and frames cut short (each
followed by a quiet line, as a link that drops is: the frame it claimed
is over before the next comes), then an idle line (zeros) long enough to
settle any frame still open; the wire is fed to a decoder in random
pieces (often one byte). Every whole frame must come out once, in order,
with its fields and payload, and every too-long header with a kind must
be counted ``big``. Prints 'frames=N bad=B big=G crc=C junk=J
too_long=L ok' (L: the too-long headers with a kind) and exits 1 on
failure.
"""

import sys

for p in (".", "lib"):
    if p not in sys.path:
        sys.path.insert(0, p)

import micropython  # noqa: E402

from engine.prng import Prng  # noqa: E402
from link import frame as lf  # noqa: E402


# frame number s (mod 256) has kind 1 + s % 15, seat s % 12 and a payload
# of n bytes from data[at(s, n)]: a check needs no record of what was sent
# (no tuple either: it would be allocated)
def at(s, n):
    return (s * 7) % (lf.MAX_PAYLOAD + 1 - n)


def main(rounds):
    tx = bytearray(lf.MAX_FRAME)
    data = bytearray(lf.MAX_PAYLOAD)
    line = bytearray(4096)
    dec = lf.Decoder()
    p = Prng(2024)
    for i in range(len(data)):
        data[i] = p.below(256)
    sent = 0  # whole frames written (each one's seq is this count, mod 256)
    got = 0
    fail = 0  # no exception may be made under the lock: a code instead
    too_long = 0  # too-long headers written with a kind: each must count as big
    micropython.heap_lock()
    try:
        for _ in range(rounds):
            w = 0
            while w + 3 * lf.MAX_FRAME < len(line):
                r = p.below(10)
                if r == 0:  # garbage
                    for _ in range(1 + p.below(40)):
                        line[w] = p.below(256)
                        w += 1
                    continue
                if r == 2:  # a header with LEN over MAX_PAYLOAD, or kind 0
                    kind = p.below(2) * (1 + p.below(15))
                    line[w] = 0xC5
                    line[w + 1] = lf.VERSION
                    line[w + 2] = kind
                    line[w + 3] = 0
                    line[w + 4] = 0
                    # LEN is one byte: MAX_PAYLOAD + 1 .. 255. A larger value
                    # raises on CircuitPython, and MicroPython keeps its low 8
                    # bits: 256-295 went out as LEN 0-39, which fits
                    line[w + 5] = lf.MAX_PAYLOAD + 1 + p.below(255 - lf.MAX_PAYLOAD)
                    line[w + 6] = p.below(256)  # its check: LEN is judged first
                    # the byte on the wire, read back, must be too long
                    if line[w + 5] <= lf.MAX_PAYLOAD:
                        fail = 5
                    if kind:
                        too_long += 1
                    w += 7
                    continue
                n = p.below(lf.MAX_PAYLOAD + 1)
                s = sent & 0xFF
                k = lf.put(tx, 1 + s % 15, s % 12, sent, data, n, at(s, n))
                if r == 1:  # cut short: its seq is used again by the next
                    k = p.below(k)
                else:
                    sent += 1
                for i in range(k):
                    line[w + i] = tx[i]
                w += k
                if r == 1:  # the line goes quiet: a link that dropped
                    for i in range(lf.MAX_FRAME):
                        line[w + i] = 0
                    w += lf.MAX_FRAME
            for i in range(lf.MAX_FRAME):  # the idle line
                line[w + i] = 0
            w += lf.MAX_FRAME
            start = 0
            while w > 0:
                c = 1 if p.below(4) == 0 else 1 + p.below(300)
                c = min(c, w)
                w -= c
                while True:
                    k = dec.feed(line, c, start)
                    start += k
                    c -= k
                    if not dec.ready:
                        break
                    s = got & 0xFF
                    if dec.seq != s or dec.kind != 1 + s % 15 or dec.seat != s % 12:
                        fail = 1
                    st = at(s, dec.n)
                    if dec.version != lf.VERSION:
                        fail = 2
                    for i in range(dec.n):
                        if dec.buf[lf.PAYLOAD + i] != data[st + i]:
                            fail = 3
                    got += 1
            if dec.pos != 0 or got != sent:
                fail = 4
            # each too-long header with a kind was judged big (garbage that
            # happens to look like one may add more)
            if dec.big < too_long:
                fail = 6
            if fail:
                break
    finally:
        micropython.heap_unlock()
    if fail:
        print("failed=%d frames=%d sent=%d" % (fail, got, sent))
        sys.exit(1)
    print(
        "frames=%d bad=%d big=%d crc=%d junk=%d too_long=%d ok"
        % (got, dec.bad, dec.big, dec.crc, dec.junk, too_long)
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
