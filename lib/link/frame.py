"""Frames of the link protocol, by which consoles play one card game
together over a UART cable or TCP (docs/link.md): SYNC, VERSION, KIND,
SEAT, SEQ, LEN, a header check, the payload, and a CRC-16 of all but
SYNC. ``put`` writes a frame into a buffer made once; a ``Decoder`` takes
bytes in any pieces and hands back whole frames whose checks hold.
Neither allocates: they run on a board's small heap while a game is
played, and a hostile byte stream costs the decoder about what an honest
one does."""

from micropython import const

from saves.store import crc16

VERSION = const(3)  # the protocol this firmware speaks
MAX_PAYLOAD = const(240)
MAX_FRAME = const(249)  # MAX_PAYLOAD + header + CRC
NO_SEAT = const(0xFF)  # a frame from or about no seat (lobby, ping)
PAYLOAD = const(7)  # where a frame's payload starts in Decoder.buf

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
CHALLENGE = const(11)  # a returning guest is asked to prove its token
# why a frame was refused (REFUSE) or a guest sent away (BYE): the first
# payload byte; link.guest.WHY says each in words
OVER = const(0)  # BYE: the game is over
LEFT = const(1)  # BYE: the host left
BAD = const(1)  # REFUSE: a malformed frame
OTHER = const(2)  # another version
ANOTHER_SEAT = const(3)  # a frame for another seat, or a seat a link may not take
TURN = const(4)
ILLEGAL = const(5)
FULL = const(6)
LATE = const(7)  # the game has started
REPLAY = const(8)
TAKEN = const(9)  # BYE: a computer took the seat
DAMAGED = const(10)  # BYE: the host's store lost moves a guest has seen: the game ends

_SYNC = const(0xC5)
_HEAD = const(7)  # SYNC to the header check
_KINDS = const(15)  # the highest kind, and version, a header may carry
_SEATS = const(12)  # seats 0..11 (the largest table)


def _check(buf):
    """The header check over VERSION to LEN: a sum weighted by odd primes,
    cheap to judge a header by (the frame's CRC-16 is what proves it)."""
    return (buf[1] + 3 * buf[2] + 5 * buf[3] + 7 * buf[4] + 11 * buf[5] + 0x5A) & 0xFF


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
    buf[6] = _check(buf)
    for i in range(n):
        buf[_HEAD + i] = data[start + i]
    crc = crc16(buf, n + 6, 0xFFFF, 1)
    buf[_HEAD + n] = crc >> 8
    buf[_HEAD + 1 + n] = crc & 0xFF
    return n + 9


class Decoder:
    """Whole frames out of a byte stream cut anywhere (docs/link.md,
    "Decoder"). Call ``feed`` again, with the bytes left, for as long as
    ``ready`` comes back True. A frame stays in ``buf`` (payload at
    PAYLOAD) until the next ``feed``; other versions come out too, and
    seat and seq as sent: the session layer judges them. Counters: ``bad``
    (a header refused: version or kind 0 or over 15, or its check wrong),
    ``big`` (LEN over MAX_PAYLOAD), ``crc`` (frames whose CRC failed),
    ``lost`` (their bytes), ``junk`` (bytes skipped looking for SYNC)."""

    def __init__(self):
        self.buf = bytearray(MAX_FRAME)
        self.buf[0] = _SYNC  # (a frame's first byte, always)
        # every attribute is made here: a new one would grow the dict
        self.pos = 0  # bytes held in buf, a frame's start at buf[0]
        self.need = _HEAD  # a whole frame's bytes, once its header holds
        self.ready = False
        self.version = 0
        self.kind = 0
        self.seat = 0
        self.seq = 0
        self.n = 0
        self.bad = 0
        self.big = 0
        self.crc = 0
        self.lost = 0
        self.junk = 0

    def reset(self):
        """Drop a partial frame (the link dropped: what follows is new)."""
        self.pos = 0
        self.need = _HEAD
        self.ready = False

    def feed(self, data, n, start=0):
        """Take bytes from ``data[start:start + n]`` until a frame is
        ready or they run out; return how many were taken."""
        if self.ready:  # the last frame goes
            self.ready = False
            self.pos = 0
            self.need = _HEAD
        buf = self.buf
        pos = self.pos
        need = self.need
        i = start
        end = start + n
        while i < end:
            if pos < _HEAD:  # the header, judged a byte at a time as it comes
                b = data[i]
                i += 1
                if pos == 0:
                    if b == _SYNC:
                        pos = 1
                    else:
                        self.junk += 1  # rare: line noise, a false frame's rest
                    continue
                # VERSION and KIND 1..15, SEAT 0..11 or NO_SEAT, judged as they
                # come: none of them is SYNC, so a header refused here holds no
                # other start (a SYNC in its place begins the next)
                if (pos < 3 and not 0 < b <= _KINDS) or (pos == 3 and _SEATS <= b < NO_SEAT):
                    self.bad += 1
                    self.junk += pos - 1 + (b != _SYNC)
                    pos = 1 if b == _SYNC else 0
                    continue
                buf[pos] = b
                pos += 1
                if pos == _HEAD:
                    pos = self._header(pos)
                    need = self.need
                continue
            # the payload and CRC: copied up to the frame's end in a tight
            # loop, the per-byte work (a load and a store)
            k = need - pos
            if k > end - i:
                k = end - i
            for j in range(i, i + k):
                buf[pos] = data[j]
                pos += 1
            i += k
            if pos == need:
                self.pos = pos
                if self._frame():
                    return i - start
                pos = 0
                need = _HEAD
        self.pos = pos
        self.need = need
        return n

    def _header(self, pos):
        """The ``pos`` header bytes held, judged: VERSION and KIND (1..15)
        and SEAT (0..11 or NO_SEAT) as far as they are held, LEN and the
        check at 7 (the bytes kept after a refused header are judged
        again here: ``feed`` judges bytes as they come). A header refused loses its
        SYNC, and the bytes held after it (at most 6) are searched for the
        next SYNC and judged again: a loop, not recursion. Returns the
        bytes held; ``need`` is the frame's length once its header holds."""
        buf = self.buf
        while pos >= 3:
            if not (0 < buf[1] <= _KINDS and 0 < buf[2] <= _KINDS):
                self.bad += 1
            elif pos > 3 and _SEATS <= buf[3] < NO_SEAT:
                self.bad += 1
            elif pos < _HEAD:
                return pos
            elif buf[5] > MAX_PAYLOAD:
                self.big += 1
            elif buf[6] != _check(buf):
                self.bad += 1
            else:
                self.need = _HEAD + 2 + buf[5]
                return pos
            j = 1
            while j < pos and buf[j] != _SYNC:
                j += 1
            self.junk += j - 1
            for k in range(j, pos):
                buf[k - j] = buf[k]
            pos -= j
        self.need = _HEAD
        return pos

    def _frame(self):
        """A whole frame held: True when its CRC holds (it is ready), else
        it is dropped whole (damaged on the way: the session layer asks
        again for what it carried)."""
        buf = self.buf
        need = self.need
        if crc16(buf, need - 3, 0xFFFF, 1) == (buf[need - 2] << 8) | buf[need - 1]:
            self.version = buf[1]
            self.kind = buf[2]
            self.seat = buf[3]
            self.seq = buf[4]
            self.n = need - 9
            self.ready = True
            return True
        self.crc += 1
        self.lost += need
        self.pos = 0
        self.need = _HEAD
        return False
