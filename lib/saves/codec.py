"""The saved forms of the console's records (``saves/keep.py``), as they
are written: signed varints, a game's match (its setup), the settings,
the statistics, and a game's record (match and moves), with that record
as one line on the serial console. A state's snapshot is
``saves/snapshot.py``'s. Each form's decoder is ``saves/decode.py``'s,
loaded only to read, so the writer a table keeps in the heap holds no
reader (a round trip of every form is tested: ``tests/test_store.py``,
``tests/test_save_ids.py``).

Every encoder writes into a buffer made once (the store's copy, or the
game buffer) from a position and returns where it stopped, so saving
allocates nothing per record; running past the buffer raises IndexError
(the record is then left out). Values only ever grow at a record's end,
so a record written by older firmware reads with defaults for what it
lacks.
"""

from micropython import const

from engine.prng import KEY_BYTES
from saves.store import crc16

UNDO = const(255)  # a move taken back (Elevator Solitaire), in a list of moves
LINE = "ELEVATOR-REPLAY 1 "  # how a game's record starts on the serial console

# Saved settings in order: (attribute, default, lowest, highest). An idle
# timeout of 0 means never.
SAVED = (
    ("sound", 1, 0, 1),
    ("pace_ms", 700, 0, 10000),  # how long each computer move stays shown
    ("contrast", 128, 1, 255),
    ("repeat_ms", 120, 20, 1000),  # auto-repeat period of a held arrow
    ("screen_off_ms", 60000, 0, 3600000),  # no key this long: panel off
    ("sleep_ms", 300000, 0, 3600000),  # ... and this long: deep sleep
    ("dim_ms", 20000, 0, 3600000),  # no key this long: panel dimmed
)

# A row of statistics, by column: yours, then the games played with friends
# at this console (pass-and-play) and the last of them: its people (a bit a
# seat) and its winner's seat + 1 (0: none) in the top four bits
PLAYED = const(0)
WON = const(1)
BEST = const(2)
STREAK = const(3)
LONGEST = const(4)
FRIENDS = const(5)
LAST_FRIENDS = const(6)
COLUMNS = const(7)


class Settings:
    """The settings, each at its default until read (``SAVED``)."""

    def __init__(self):
        for name, default, _, _ in SAVED:
            setattr(self, name, default)


# -- varints and bytes ----------------------------------------------------------
def put_varint(buf, pos, v):
    """``v`` (|v| < 2**30) at ``pos``: sign and 6 bits, then 7 bits a byte
    (no zigzag, so nothing grows past a small int)."""
    b = 0x40 if v < 0 else 0
    m = -v if v < 0 else v
    b |= m & 0x3F
    m >>= 6
    while m:
        buf[pos] = b | 0x80
        pos += 1
        b = m & 0x7F
        m >>= 7
    buf[pos] = b
    return pos + 1


def put_bytes(buf, pos, data, n):
    """``data[:n]`` at ``pos`` (a loop: no slice or view to allocate)."""
    if pos + n > len(buf):
        raise IndexError("record too long")
    for i in range(n):
        buf[pos + i] = data[i]
    return pos + n


# -- a match: save id, players, variant, starter, deal, the seats' kinds -------
# The game is saved as its SAVE_ID, never its place in the catalogue. A
# linked game's deal is 0, then its key (``KEY_BYTES``): the host's save
# and replay record keep it, so the game resumes and replays dealt alike.
def put_setup(buf, pos, match):
    kinds = match.kinds
    buf[pos] = match.info.SAVE_ID
    buf[pos + 1] = match.players
    buf[pos + 2] = match.variant
    buf[pos + 3] = match.starter
    key = match.key
    pos = put_varint(buf, pos + 4, 0 if key else match.deal)
    if key:
        pos = put_bytes(buf, pos, key, KEY_BYTES)
    buf[pos] = len(kinds)
    return put_bytes(buf, pos + 1, kinds, len(kinds))


# -- settings: the attributes of SAVED, in order ----------------------------------
def put_settings(buf, pos, settings, saved=SAVED):
    for name, _, _, _ in saved:
        pos = put_varint(buf, pos, int(getattr(settings, name)))
    return pos


# -- statistics: rows of COLUMNS values, row i the game whose SAVE_ID is i -------
def put_stats(buf, pos, table):
    buf[pos] = len(table)
    buf[pos + 1] = len(table[0])
    pos += 2
    for row in table:
        for v in row:
            pos = put_varint(buf, pos, v)
    return pos


# -- a game's record: its match, then its moves, one byte each ----------------------
def put_record(buf, pos, match, moves, n):
    pos = put_setup(buf, pos, match)
    pos = put_varint(buf, pos, n)
    return put_bytes(buf, pos, moves, n)


def print_line(data, n, start=0):
    """Print the record ``data[start:start + n]`` as one line (a tag, hex
    and a CRC, so a line cut or mistyped is caught when read back), a few
    bytes at a time: no string as long as the record is ever made."""
    print("last game: " + LINE, end="")
    end = start + n
    for i in range(start, end, 16):
        print("".join(["%02x" % data[j] for j in range(i, min(i + 16, end))]), end="")
    print(" %04x" % crc16(data, n, 0xFFFF, start))


def to_bytes(put, *args):
    """What ``put(buf, 0, *args)`` writes, as bytes (for tools and tests)."""
    buf = bytearray(4096)
    return bytes(buf[: put(buf, 0, *args)])
