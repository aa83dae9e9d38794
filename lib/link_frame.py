"""Frames of the link protocol, by which consoles play one card game
together over a UART cable or TCP (docs/link.md): SYNC, VERSION, KIND,
SEAT, SEQ, LEN, the payload, and a CRC-16 of all but SYNC. ``put`` writes
a frame into a buffer made once; a ``Decoder`` takes bytes in any pieces
and hands back whole frames whose CRC holds. Neither allocates: they run
on a board's small heap while a game is played."""

from micropython import const

from save_store import crc16

VERSION = const(1)  # the protocol this firmware speaks
MAX_PAYLOAD = const(240)
MAX_FRAME = const(248)  # MAX_PAYLOAD + header + CRC
NO_SEAT = const(0xFF)  # a frame from or about no seat (lobby, ping)
PAYLOAD = const(6)  # where a frame's payload starts in Decoder.buf

# Message kinds (the session layer gives them their meaning)
HELLO = const(1)
SEAT = const(2)  # a seat granted
OBS = const(3)  # an observation
ACTION = const(4)
REFUSE = const(5)
PAUSE = const(6)
RESUME = const(7)
BYE = const(8)
LOBBY = const(9)  # who has joined
PING = const(10)

_SYNC = const(0xC5)
_HEAD = const(6)  # SYNC to LEN
_KINDS = const(15)  # the highest kind a header may carry


def put(buf, kind, seat, seq, data, n, start=0):
    """Write a frame carrying ``data[start:start + n]`` into ``buf`` (a
    bytearray of at least MAX_FRAME); return the frame's length."""
    if n > MAX_PAYLOAD or kind < 1 or kind > _KINDS:
        raise ValueError("frame")
    buf[0] = _SYNC
    buf[1] = VERSION
    buf[2] = kind
    buf[3] = seat
    buf[4] = seq & 0xFF  # callers may keep counting past 255
    buf[5] = n
    for i in range(n):
        buf[_HEAD + i] = data[start + i]
    crc = crc16(buf, n + 5, 0xFFFF, 1)
    buf[_HEAD + n] = crc >> 8
    buf[_HEAD + 1 + n] = crc & 0xFF
    return n + 8


class Decoder:
    """Whole frames out of a byte stream cut anywhere (docs/link.md,
    "Decoder"). Call ``feed`` again, with the bytes left, for as long as
    ``ready`` comes back True. A frame stays in ``buf`` (payload at
    PAYLOAD) until the next ``feed``; other versions come out too, and
    seat and seq as sent: the session layer judges them. Counters: ``bad``
    (CRC failed, kind 0 or over 15), ``big`` (LEN over MAX_PAYLOAD),
    ``junk`` (bytes skipped looking for SYNC)."""

    def __init__(self):
        self.buf = bytearray(MAX_FRAME)
        # every attribute is made here: a new one would grow the dict
        self.pos = 0  # bytes held in buf, a frame's start at buf[0]
        self.need = _HEAD  # bytes held before the next judgement
        self.ready = False
        self.version = 0
        self.kind = 0
        self.seat = 0
        self.seq = 0
        self.n = 0
        self.bad = 0
        self.big = 0
        self.junk = 0

    def reset(self):
        """Drop a partial frame (the link dropped: what follows is new)."""
        self.pos = 0
        self.need = _HEAD
        self.ready = False

    def feed(self, data, n, start=0):
        """Take bytes from ``data[start:start + n]`` until a frame is
        ready or they run out; return how many were taken."""
        if self.ready:
            # the last frame goes; bytes held after it (from a bad
            # frame's bytes searched again) may hold the next one
            self.ready = False
            self._drop(self.need)
            if self._scan():
                return 0
        buf = self.buf
        pos = self.pos
        need = self.need
        i = start
        end = start + n
        while i < end:
            if pos == 0 and data[i] != _SYNC:
                self.junk += 1  # rare: line noise, a false frame's rest
                i += 1
                continue
            # copy up to the next judgement in a tight loop: this is the
            # per-byte work (a load and a store), the rest is per frame
            k = need - pos
            if k > end - i:
                k = end - i
            for j in range(i, i + k):
                buf[pos] = data[j]
                pos += 1
            i += k
            if pos == need:
                self.pos = pos
                if self._scan():
                    return i - start
                pos = self.pos
                need = self.need
        self.pos = pos
        return n

    def _scan(self):
        """Judge the bytes held, as far as they go; True when a frame is
        ready. A loop, not recursion: a bad frame's bytes are searched
        again here, and may hold several frames' worth."""
        buf = self.buf
        while self.pos >= self.need:
            need = self.need
            if need == _HEAD:
                if buf[2] == 0 or buf[2] > _KINDS:
                    self.bad += 1
                elif buf[5] > MAX_PAYLOAD:
                    self.big += 1
                else:
                    self.need = _HEAD + 2 + buf[5]
                    continue
            elif crc16(buf, need - 3, 0xFFFF, 1) == (buf[need - 2] << 8) | buf[need - 1]:
                self.version = buf[1]
                self.kind = buf[2]
                self.seat = buf[3]
                self.seq = buf[4]
                self.n = need - 8
                self.ready = True
                return True
            else:
                self.bad += 1
            # drop this SYNC only: a real frame may start inside what
            # looked like this one (a frame cut short, then a whole one)
            self._drop(1)
        return False

    def _drop(self, k):
        """Let the first ``k`` bytes held go, skip to the next SYNC and move
        what is left to the start of ``buf``."""
        buf = self.buf
        pos = self.pos
        j = k
        while j < pos and buf[j] != _SYNC:
            j += 1
        self.junk += j - k
        for i in range(j, pos):
            buf[i - j] = buf[i]
        self.pos = pos - j
        self.need = _HEAD
