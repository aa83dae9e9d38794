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

After a copy, in the erased bytes that follow it, the moves made since
come as tail records of three bytes each (``append``): a mark (``TAIL_MOVE``
or ``TAIL_UNLOG``: a move taken back; neither is 0xFF nor the magic's "E"),
the move, and a check byte mixing both with the record's index in the
tail (never 0xFF; ``tail_check``). A move
costs three programmed bytes and no erase; a record cut part-way is the
move in flight: ignored, and nothing is appended after it. The next
copy goes after the tail; a copy written without the game changing
(``finish(carry)``) carries the tail with it, or, when a slot cannot
hold both, waits for the game to be written whole (``waits``).

Records are kept in the order given: a store too small for all of them
keeps those that fit, most important first. A record kind this firmware
does not know is skipped, and a record's data only ever grows at its end,
so newer firmware reads older saves.

A copy is put together in one buffer made when the console starts
(``copy``, a slot long), record by record, and written with one
assignment: saving needs no fresh heap. A record the new copy keeps
unchanged is carried from the newest copy (``carry``): the store is where
the records are kept, not a second copy of them in RAM. Reading the
store at power-up is ``saves/read.py``'s (with ``saves/decode.py``),
loaded then and let go.

On an RP2040 both slots share the one 4 KB flash sector behind ``nvm``:
starting a slot afresh erases and rewrites that sector, and a power cut
inside that window (tens of milliseconds, once every several saves) can
lose both copies. Boards whose ``nvm`` spans two erase blocks keep the
other slot whatever happens.
"""

from micropython import const

LAYOUT = const(1)  # the slot layout this firmware writes
# The records of a copy, most important first (``saves/keep.py`` says what each is)
SETTINGS = const(1)
STATS = const(2)
GAME = const(3)
LAST = const(4)
MOVES = const(5)
LINK = const(6)
HEAD = const(10)  # bytes before a copy's payload
MAGIC0 = const(0x45)  # "E"
MAGIC1 = const(0x43)  # "C"
TAIL_MOVE = const(0x4D)  # "M": a tail record, a move made since the copy
TAIL_UNLOG = const(0x55)  # "U": a tail record, the last move taken back

# What loading found (``status``), and the words the console shows (at
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


def crc16(data, n, crc=0xFFFF, start=0):
    """CRC-16/CCITT-FALSE of ``data[start:start + n]`` without a table
    (small ints only)."""
    for i in range(start, start + n):
        x = ((crc >> 8) ^ data[i]) & 0xFF
        x ^= x >> 4
        crc = ((crc << 8) ^ (x << 12) ^ (x << 5) ^ x) & 0xFFFF
    return crc


def tail_check(mark, move, i):
    """The check byte of tail record ``i`` (``mark``, ``move``): each of
    them changes it, and it is never 0xFF, so a record whose last byte was
    not written yet never checks out."""
    c = (mark + 5 * move + 3 * i + 11 * (i >> 8)) & 0xFF
    return c ^ 1 if c == 0xFF else c


class Store:
    """Two logs of copies over ``nvm`` (any bytearray-like object, or None).

    Writing a copy: ``begin()``, then for each record ``open(kind)``, its
    data written into ``copy`` from the position returned, and
    ``close(kind, end)`` (a record that ran past the slot is dropped);
    then ``finish()``. ``save(records)`` does all of that for records
    given as bytes."""

    def __init__(self, nvm):
        self.nvm = nvm
        self.size = len(nvm) // 2 if nvm is not None else 0
        self.copy = bytearray(self.size) if self.size > HEAD else None
        self.seq = 0
        self.slot = -1  # slot of the newest good copy (-1: none)
        self.end = 0  # where the next copy goes in that slot (-1: start the other)
        self.status = NO_STORE if nvm is None else FRESH
        self.writes = 0  # nvm assignments made (each one a flash write)
        self.dropped = ()  # record kinds the last save had no room for
        self.n = HEAD  # the copy being put together ends here
        self._dropped = []
        self.spilled = False
        self.at = 0  # the newest copy starts here in its slot
        self.tail_at = 0  # ... its tail records here
        self.tail_n = 0  # ... and there are this many
        self.rec = bytearray(3)  # a tail record is put together here (made once)
        self.waits = False  # the last copy asked for was not written: its tail would not fit

    def begin(self):
        self.n = HEAD
        self._dropped = []
        self.spilled = False  # a record's encoder ran past the copy's end (``spill``)

    def open(self, kind):
        """Where record ``kind``'s data starts in ``copy``."""
        return self.n + 3

    def close(self, kind, end):
        """Record ``kind`` ends at ``end``; False (and dropped) when it did
        not fit."""
        at = self.n
        size = end - at - 3
        if end > self.size or size > 0xFFFF:
            self._dropped.append(kind)
            return False
        c = self.copy
        c[at] = kind
        c[at + 1] = size & 0xFF
        c[at + 2] = size >> 8
        self.n = end
        return True

    def spill(self):
        """An encoder ran past the copy's end (it raised IndexError there,
        having written up to it): its record is dropped with ``close(kind,
        size + 1)``, and nothing put aside at the end is whole."""
        self.spilled = True
        return self.size + 1

    def add(self, kind, data, n, start=0):
        """A record whose data is ready: ``data[start:start + n]``, from any
        buffer, ``copy`` itself too (a record put aside there: copied from
        the end that no byte is overwritten before it is read)."""
        pos = self.open(kind)
        end = pos + n
        if end <= self.size:
            c = self.copy
            if data is c:
                self.move(pos, start, n)
            else:
                for i in range(n):
                    c[pos + i] = data[start + i]
        return self.close(kind, end)

    def move(self, to, at, n):
        """``copy[at:at + n]`` to ``copy[to:to + n]``, from the end that
        overwrites no byte before it is read."""
        c = self.copy
        if to > at:
            for i in range(n - 1, -1, -1):
                c[to + i] = c[at + i]
        elif to < at:
            for i in range(n):
                c[to + i] = c[at + i]

    def find(self, kind):
        """Where record ``kind``'s data starts in the store, in the newest
        copy (-1: not there); its length is the two bytes before."""
        nvm = self.nvm
        if self.slot < 0:
            return -1
        base = self.slot * self.size
        i = base + self.at + HEAD
        end = base + self.tail_at
        while i + 3 <= end:
            if nvm[i] == kind:
                return i + 3
            i += 3 + (nvm[i + 1] | nvm[i + 2] << 8)
        return -1

    def carry(self, kind):
        """Record ``kind`` of the newest copy into the copy put together
        (read from the store, a byte at a time: ``nvm`` may be no buffer).
        False when it is not there or does not fit."""
        src = self.find(kind)
        if src < 0:
            return False
        nvm = self.nvm
        return self.add(kind, nvm, nvm[src - 2] | nvm[src - 1] << 8, src)

    def save(self, records):
        """Write ``records`` (a list of (kind, bytes), most important first)
        as the next copy; records that do not fit are left out
        (``dropped``). Returns False when there is no store."""
        if self.copy is None:
            return False
        self.begin()
        for kind, data in records:
            self.add(kind, data, len(data))
        return self.finish()

    def append(self, mark, move):
        """A tail record (``mark``, ``move``) after the newest copy and its
        tail, in erased bytes: three bytes programmed, no erase. False
        when there is no room (or the log there ends in a cut record):
        then a whole copy must be written instead."""
        at = self.end
        base = self.slot * self.size + at
        if self.slot < 0 or at < 0 or at + 3 > self.size or not self._erased(base, 3):
            return False
        r = self.rec
        r[0] = mark
        r[1] = move
        r[2] = tail_check(mark, move, self.tail_n)
        self.nvm[base : base + 3] = r
        self.writes += 1
        self.end = at + 3
        self.tail_n += 1
        return True

    def finish(self, carry=False):
        """Seal the copy put together and write it: after the newest copy
        where the slot has erased room, else at the start of the other
        slot (then 0xFF to its end). One assignment to the store. With
        ``carry`` the newest copy's tail records follow the new copy
        (the game did not change: its moves since stay), else the new
        copy has no tail. A copy whose tail would not fit in a slot is not
        written (``waits``): the moves are never dropped."""
        c = self.copy
        if c is None:
            return False
        n = self.n - HEAD
        seq = (self.seq + 1) & 0xFFFF
        c[0] = MAGIC0
        c[1] = MAGIC1
        c[2] = LAYOUT
        c[3] = 0
        c[4] = seq & 0xFF
        c[5] = seq >> 8
        c[6] = n & 0xFF
        c[7] = n >> 8
        crc = crc16(c, n, crc16(c, 8), HEAD)
        c[8] = crc & 0xFF
        c[9] = crc >> 8
        used = self.n
        t = self.tail_n if carry and self.slot >= 0 else 0
        self.waits = used + 3 * t > self.size
        if self.waits:  # a slot cannot hold the copy and the moves since: the copy waits
            return False  # for the game's next whole write, and the moves stay where they are
        src = self.slot * self.size + self.tail_at
        for i in range(3 * t):  # (the check bytes do not depend on where the tail is)
            c[used + i] = self.nvm[src + i]
        used += 3 * t
        k = self.slot
        at = self.end
        if k < 0 or at < 0 or at + used > self.size or not self._erased(k * self.size + at, used):
            k = 1 - k if k >= 0 else 0  # start the other slot afresh
            at = 0
            for i in range(used, self.size):
                c[i] = 0xFF
            length = self.size
        else:
            length = used
        base = k * self.size + at
        dropped = tuple(self._dropped)  # (what allocates, before the write: a full heap
        data = memoryview(c)[:length]  # then stops it with nothing written)
        self.nvm[base : base + length] = data
        self.writes += 1
        self.slot = k
        self.end = at + used
        self.at = at
        self.tail_at = at + self.n
        self.tail_n = t
        self.seq = seq
        self.dropped = dropped
        return True

    def _erased(self, base, n):
        nvm = self.nvm
        for i in range(base, base + n):
            if nvm[i] != 0xFF:
                return False
        return True
