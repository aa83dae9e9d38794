"""Power-loss-safe records in the HAL's byte store (``microcontroller.nvm``).

The store is split into two slots, and each slot is a log of copies, one
after another. A save appends a whole new copy after the newest one, into
bytes still erased (0xFF), which flash can program without erasing
anything; when that slot has no room left, the save starts the other slot
afresh (the copy, then 0xFF to the slot's end). So a write cut at any
byte leaves the copy before it readable, and flash is erased only once
every several saves. A copy (little-endian)::

    0  2  magic "EC"
    2  1  layout version (LAYOUT)
    3  1  0
    4  2  sequence number (mod 65536; the newest good copy wins)
    6  2  payload length
    8  2  CRC-16/CCITT-FALSE of bytes 0..7 and the payload
    10 .. payload: records, each kind (1 byte), length (2), data

Records are kept in the order given: a store too small for all of them
keeps those that fit, most important first (the app lists settings,
statistics, the game in progress, the last game's record, then the
running game's moves). A record kind this firmware does not know is
skipped, and a record's data only ever grows at its end, so newer
firmware reads older saves.

On an RP2040 both slots share the one 4 KB flash sector behind ``nvm``:
starting a slot afresh erases and rewrites that sector, and a power cut
inside that window (tens of milliseconds, once every several saves) can
lose both copies. Boards whose ``nvm`` spans two erase blocks keep the
other slot whatever happens.
"""

from micropython import const

LAYOUT = const(1)  # the slot layout this firmware writes
_HEAD = const(10)
_MAGIC0 = const(0x45)  # "E"
_MAGIC1 = const(0x43)  # "C"

# What ``load`` found (``status``), and the words the console shows (at
# most 32 characters: one line of the panel).
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
    "LAST SAVE LOST: USING ONE BEFORE",  # (or a stray damaged copy)
    "SAVES DAMAGED: STARTED CLEAN",
    "NEWER FIRMWARE SAVE: CLEAN START",
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
    """Two logs of copies over ``nvm`` (any bytearray-like object, or None)."""

    def __init__(self, nvm):
        self.nvm = nvm
        self.size = len(nvm) // 2 if nvm is not None else 0
        self.seq = 0
        self.slot = -1  # slot of the newest good copy (-1: none)
        self.end = 0  # where the next copy goes in that slot (-1: start the other)
        self.status = NO_STORE if nvm is None else FRESH
        self.writes = 0  # nvm assignments made (each one a flash write)
        self.dropped = ()  # record kinds the last save had no room for

    def _scan(self, k, found, bad):
        """Read slot ``k``'s copies into ``found`` as (version, seq, payload,
        slot, end). Past damage it looks for the next copy that checks out,
        so one bad copy hides no other. Damage goes into ``bad`` as (slot,
        position, seq or -1 when the header is gone or -2 for a newer
        firmware's copy, whether a good copy follows it in the slot).
        Returns where the log ends (-1: it ends in damage)."""
        data = bytes(self.nvm[k * self.size : (k + 1) * self.size])
        top = self.size
        pos = 0
        end = 0
        while pos + _HEAD <= top:
            if data[pos] == 0xFF and data[pos : pos + _HEAD] == b"\xff" * _HEAD:
                break  # erased: the log ends here
            n = _u16(data, pos + 6)
            ok = data[pos] == _MAGIC0 and data[pos + 1] == _MAGIC1 and pos + _HEAD + n <= top
            if ok:
                crc = crc16(memoryview(data)[pos + _HEAD :], n, crc16(data[pos : pos + 8], 8))
                ok = crc == _u16(data, pos + 8)
            if not ok:
                if pos == end and (pos or any(data[:_HEAD])):
                    seq = _u16(data, pos + 4) if data[pos] == _MAGIC0 else -1
                    bad.append([k, pos, seq, False])
                pos += 1  # resynchronise on the next copy that checks out
                continue
            for b in bad:
                if b[0] == k:
                    b[3] = True  # a good copy after it: that damage is older
            if data[pos + 2] > LAYOUT:
                bad.append([k, pos, -2, False])  # a newer firmware's copy: not read
            else:
                found.append((data[pos + 2], _u16(data, pos + 4),
                              data[pos + _HEAD : pos + _HEAD + n], k, pos + _HEAD + n))  # fmt: skip
            pos += _HEAD + n
            end = pos
        return end if end == pos else -1

    def load(self):
        """The newest good copy's records as {kind: bytes}; ``status``
        says what was found."""
        if self.nvm is None:
            return {}
        found = []
        bad = []
        ends = [0, 0]
        if self.size > _HEAD:
            for k in range(2):
                ends[k] = self._scan(k, found, bad)
        if not found:
            newer = False
            for b in bad:
                newer = newer or b[2] == -2
            self.status = NEWER if newer else DAMAGED if bad else FRESH
            return {}
        best = found[0]
        for c in found:
            if _newer(c[1], best[1]):
                best = c
        self.seq = best[1]
        self.slot = best[3]
        # append after it only where the log ends cleanly right there
        self.end = best[4] if ends[self.slot] == best[4] else -1
        self.status = RESTORED
        for k, pos, seq, followed in bad:
            if k == self.slot:
                lost = not followed  # after the newest copy: a newer one, cut
            else:  # a slot starts afresh at 0: damage there may be a cut restart
                lost = pos == 0 and (seq < 0 or _newer(seq, self.seq))
            if lost:
                self.status = OLDER
        return parse(best[2])

    def save(self, records):
        """Write ``records`` (a list of (kind, bytes), most important first)
        as the next copy, in one assignment to the store; records that do
        not fit are left out (``dropped``). Returns False when there is no
        store."""
        if self.nvm is None or self.size <= _HEAD:
            return False
        room = self.size - _HEAD
        out = bytearray(_HEAD)
        dropped = []
        for kind, data in records:
            if len(out) + 3 + len(data) - _HEAD > room:
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
        k = self.slot
        at = self.end
        if k < 0 or at < 0 or at + len(out) > self.size or not self._erased(k, at, len(out)):
            # start the other slot afresh: this copy, then erased bytes
            k = 1 - k if k >= 0 else 0
            at = 0
            out.extend(b"\xff" * (self.size - len(out)))
            used = _HEAD + n
        else:
            used = len(out)
        base = k * self.size + at
        self.nvm[base : base + len(out)] = out
        self.writes += 1
        self.slot = k
        self.end = at + used
        self.seq = seq
        self.dropped = tuple(dropped)
        return True

    def _erased(self, k, at, n):
        base = k * self.size + at
        chunk = bytes(self.nvm[base : base + n])
        return chunk == b"\xff" * n


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
