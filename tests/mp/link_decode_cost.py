"""What the link's decoder costs a byte, for an honest stream and for
hostile ones, on the MicroPython VM (``tests/test_link_frame.py`` holds
the ratio; ``make bench`` reports it, docs/figures.md):

    micropython tests/mp/link_decode_cost.py

Each stream is about 8 KB, fed in 64-byte pieces (as a board reads its
UART), several times; the least time of the runs is kept. Streams:
``honest`` (frames of every length), ``repeat`` (``C5 F0 01 00`` over and
over: a SYNC and a bad header every four bytes), ``sync`` (nothing but
SYNC), ``headers`` (``C5 02 01`` over and over: a plausible start every
three bytes), ``seq`` and ``len`` (headers good to their SEAT with a SYNC
where SEQ or LEN goes, so each is searched again at 7 bytes: the
costliest the header allows), ``long`` (well-formed headers claiming 240
bytes, each with a wrong CRC: the most a frame can waste), ``noise``
(random bytes).
Prints 'name=ns_per_byte' for each, then 'ok'."""

import sys
import time

for p in (".", "lib"):
    if p not in sys.path:
        sys.path.insert(0, p)

import link_frame as lf  # noqa: E402
from engine.prng import Prng  # noqa: E402

_SIZE = 8192


def honest():
    out = bytearray()
    buf = bytearray(lf.MAX_FRAME)
    data = bytearray(range(256))[: lf.MAX_PAYLOAD]
    p = Prng(7)
    seq = 0
    while len(out) < _SIZE:
        n = p.below(lf.MAX_PAYLOAD + 1)
        out.extend(buf[: lf.put(buf, 1 + seq % 10, seq % 12, seq, data, n)])
        seq += 1
    return out[:_SIZE]


def pattern(chunk):
    return (bytes(chunk) * (_SIZE // len(chunk) + 1))[:_SIZE]


def long_claims():
    """Headers that pass every check but claim 240 bytes, then a bad CRC."""
    out = bytearray()
    buf = bytearray(lf.MAX_FRAME)
    data = bytearray(lf.MAX_PAYLOAD)
    while len(out) < _SIZE:
        k = lf.put(buf, lf.OBS, 0, 0, data, lf.MAX_PAYLOAD)
        buf[k - 1] ^= 0xFF  # the CRC wrong
        out.extend(buf[:k])
    return out[:_SIZE]


def noise():
    p = Prng(11)
    return bytearray([p.below(256) for _ in range(_SIZE)])


def cost(stream, runs=5):
    """Least ns a byte over ``runs`` passes of ``stream`` through a decoder."""
    dec = lf.Decoder()
    best = None
    n = len(stream)
    for _ in range(runs):
        dec.reset()
        t = time.ticks_us()
        start = 0
        while start < n:
            c = min(64, n - start)
            while True:
                k = dec.feed(stream, c, start)
                start += k
                c -= k
                if not dec.ready:
                    break
        dt = time.ticks_diff(time.ticks_us(), t)
        best = dt if best is None or dt < best else best
    return best * 1000 // n


def main():
    streams = (
        ("honest", honest()),
        ("repeat", pattern(b"\xc5\xf0\x01\x00")),
        ("sync", pattern(b"\xc5")),
        ("headers", pattern(b"\xc5\x02\x01")),
        ("seq", pattern(b"\xc5\x02\x01\x00")),
        ("len", pattern(b"\xc5\x02\x01\x00\x00")),
        ("long", long_claims()),
        ("noise", noise()),
    )
    for name, s in streams:
        print("%s=%d" % (name, cost(s)))
    print("ok")


main()
