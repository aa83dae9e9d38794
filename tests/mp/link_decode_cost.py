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

from micropython import const

for p in (".", "lib"):
    if p not in sys.path:
        sys.path.insert(0, p)

from engine.prng import Prng  # noqa: E402
from link import frame as lf  # noqa: E402

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


_SLICE = const(1024)  # timed alone: a slice is short enough to run between two preemptions


def one_pass(dec, stream, best):
    """One pass of ``stream`` through ``dec``, each _SLICE bytes timed
    alone: ``best[j]`` keeps slice j's fastest microseconds (the decoder
    is in the same state at a slice's start on every pass)."""
    n = len(stream)
    dec.reset()
    start = 0
    j = 0
    while start < n:
        end = min(n, start + _SLICE)
        t = time.ticks_us()
        while start < end:
            c = min(64, end - start)
            while True:
                k = dec.feed(stream, c, start)
                start += k
                c -= k
                if not dec.ready:
                    break
        dt = time.ticks_diff(time.ticks_us(), t)
        if best[j] < 0 or dt < best[j]:
            best[j] = dt
        j += 1


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
    # the streams take turns, a pass each, for many rounds, and each slice of
    # each keeps its fastest: a machine busy for a moment slows every stream
    # alike, and a long pass (a slow stream's) is not more likely to be cut
    dec = lf.Decoder()
    best = [[-1] * ((len(s) + _SLICE - 1) // _SLICE) for _, s in streams]
    for _ in range(30):
        for i in range(len(streams)):
            one_pass(dec, streams[i][1], best[i])
    for i in range(len(streams)):
        print("%s=%d" % (streams[i][0], sum(best[i]) * 1000 // len(streams[i][1])))
    print("ok")


main()
