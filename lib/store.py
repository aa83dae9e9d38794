"""Power-loss-safe records in the HAL's byte store (``microcontroller.nvm``).

The store is split into two slots. Each save writes one whole copy into
the slot that does not hold the newest good copy, so a write cut at any
byte, or a sector erased and never rewritten, leaves the other copy
readable. A slot (little-endian)::

    0  2  magic "EC"
    2  1  layout version (LAYOUT)
    3  1  0
    4  2  sequence number (mod 65536; of two good copies the newer wins)
    6  2  payload length
    8  2  CRC-16/CCITT-FALSE of bytes 0..7 and the payload
    10 .. payload: records, each kind (1 byte), length (2), data

Records are kept in the order given: a store too small for all of them
keeps the first ones that fit (the app lists settings, statistics, the
game in progress, the last game's record, then the running game's moves).
A record kind this firmware does not know is skipped, and a record's data
only ever grows at its end, so newer firmware reads older saves.
"""

from micropython import const

LAYOUT = const(1)  # the slot layout this firmware writes
_HEAD = const(10)
_MAGIC0 = const(0x45)  # "E"
_MAGIC1 = const(0x43)  # "C"

# What ``load`` found (``status``), and the words the console shows.
NO_STORE = const(0)  # the board has no nvm: nothing is kept
FRESH = const(1)  # nothing saved yet: defaults
RESTORED = const(2)  # the newest copy
OLDER = const(3)  # the newest copy was damaged: the copy before it
DAMAGED = const(4)  # no good copy: defaults
NEWER = const(5)  # written by a newer firmware's layout: defaults, kept until we save
MESSAGES = (
    "NO SAVE MEMORY ON THIS BOARD",
    "",
    "",
    "LAST SAVE CUT OFF: USED THE ONE BEFORE",
    "SAVED DATA DAMAGED: STARTED CLEAN",
    "SAVE FROM NEWER FIRMWARE: STARTED CLEAN",
)


def crc16(data, n, crc=0xFFFF):
    """CRC-16/CCITT-FALSE of ``data[:n]`` without a table (small ints only)."""
    for i in range(n):
        x = ((crc >> 8) ^ data[i]) & 0xFF
        x ^= x >> 4
        crc = ((crc << 8) ^ (x << 12) ^ (x << 5) ^ x) & 0xFFFF
    return crc


def _u16(b, i):
    return b[i] | (b[i + 1] << 8)


def _newer(a, b):
    """Sequence ``a`` came after ``b`` (serial-number arithmetic mod 2**16)."""
    return a != b and ((a - b) & 0xFFFF) < 0x8000


class Store:
    """Two-slot records over ``nvm`` (any bytearray-like object, or None)."""

    def __init__(self, nvm):
        self.nvm = nvm
        self.size = len(nvm) // 2 if nvm is not None else 0
        self.seq = 0
        self.slot = -1  # slot of the newest good copy (-1: none)
        self.status = NO_STORE if nvm is None else FRESH
        self.writes = 0  # nvm assignments made (each one rewrites flash)
        self.dropped = ()  # record kinds the last save had no room for

    def _check(self, k):
        """(version, seq, payload bytes) of slot ``k``; None when it is
        blank (erased or zeroed); (-1, seq, None) when it holds something
        damaged (seq -1 when even the header is gone)."""
        base = k * self.size
        head = bytes(self.nvm[base : base + _HEAD])
        if head[0] != _MAGIC0 or head[1] != _MAGIC1:
            if head == b"\xff" * _HEAD or not any(head):
                return None
            return -1, -1, None
        seq = _u16(head, 4)
        n = _u16(head, 6)
        if _HEAD + n > self.size:
            return -1, seq, None
        payload = bytes(self.nvm[base + _HEAD : base + _HEAD + n])
        if crc16(payload, n, crc16(head, 8)) != _u16(head, 8):
            return -1, seq, None
        return head[2], seq, payload

    def load(self):
        """The newest good copy's records as {kind: bytes}; ``status``
        says what was found."""
        if self.nvm is None:
            return {}
        found = []
        bad = []  # sequence numbers of damaged or unreadable copies
        newer_layout = False
        for k in range(2):
            c = self._check(k) if self.size > _HEAD else None
            if c is None:
                continue
            if c[0] > LAYOUT:
                newer_layout = True
                bad.append(c[1])
            elif c[0] < 0:
                bad.append(c[1])
            else:
                found.append((k, c))
        if not found:
            self.status = NEWER if newer_layout else DAMAGED if bad else FRESH
            return {}
        k, best = found[0]
        if len(found) == 2 and _newer(found[1][1][1], best[1]):
            k, best = found[1]
        self.slot = k
        self.seq = best[1]
        self.status = RESTORED
        for seq in bad:  # a lost copy newer than this one (or of unknown age)
            if seq < 0 or _newer(seq, self.seq):
                self.status = OLDER
        return parse(best[2])

    def save(self, records):
        """Write ``records`` (a list of (kind, bytes), most important first)
        as the next copy, in one assignment to the store; records that do
        not fit are left out (``dropped``). Returns False when there is no
        store."""
        if self.nvm is None:
            return False
        room = self.size - _HEAD
        out = bytearray(_HEAD)
        dropped = []
        for kind, data in records:
            if len(out) + 3 + len(data) - _HEAD > room or len(data) > 0xFFFF:
                dropped.append(kind)
                continue
            out.append(kind)
            out.append(len(data) & 0xFF)
            out.append(len(data) >> 8)
            out.extend(data)
        n = len(out) - _HEAD
        seq = (self.seq + 1) & 0xFFFF
        out[0] = _MAGIC0
        out[1] = _MAGIC1
        out[2] = LAYOUT
        out[3] = 0
        out[4] = seq & 0xFF
        out[5] = seq >> 8
        out[6] = n & 0xFF
        out[7] = n >> 8
        crc = crc16(memoryview(out)[_HEAD:], n, crc16(out, 8))
        out[8] = crc & 0xFF
        out[9] = crc >> 8
        k = 1 - self.slot if self.slot >= 0 else 0
        base = k * self.size
        self.nvm[base : base + len(out)] = out
        self.writes += 1
        self.slot = k
        self.seq = seq
        self.dropped = tuple(dropped)
        return True


def parse(payload):
    """Records of a payload as {kind: bytes}; a truncated tail is ignored."""
    out = {}
    i = 0
    n = len(payload)
    while i + 3 <= n:
        kind = payload[i]
        size = _u16(payload, i + 1)
        if i + 3 + size > n:
            break
        out[kind] = payload[i + 3 : i + 3 + size]
        i += 3 + size
    return out
