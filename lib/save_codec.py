"""The saved forms of the console's records (see ``saves.py``), written:
signed varints, a game's setup, the settings, the statistics and a game's
record (setup and moves), and that record as one line on the serial
console.

Every encoder writes into a buffer made once (the store's copy, or the
game buffer) from a position and returns where it stopped, so saving
allocates nothing per record; running past the buffer raises IndexError
(the record is then left out). Reading them back is ``save_read.py``'s.
Values only ever grow at a record's end, so a record written by older
firmware reads with defaults for what it lacks.
"""

from micropython import const

import games
import save_store

UNDO = const(255)  # a move taken back (Elevator Solitaire), in a list of moves
LINE = "ELEVATOR-REPLAY 1 "  # how a game's record starts on the serial console


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


# -- setup: (game id, players, variant, starter, deal, levels bytes) ----------
# The game is saved as its SAVE_ID, never its place in the catalogue.
def put_setup(buf, pos, setup):
    game_id, players, variant, starter, deal, levels = setup
    info = games.info(game_id)
    if info is None:
        raise ValueError("unknown game")
    buf[pos] = info.SAVE_ID
    buf[pos + 1] = players
    buf[pos + 2] = variant
    buf[pos + 3] = starter
    pos = put_varint(buf, pos + 4, deal)
    buf[pos] = len(levels)
    return put_bytes(buf, pos + 1, levels, len(levels))


# -- settings: the attributes of saves.SAVED, in order ------------------------
def put_settings(buf, pos, settings, saved):
    for name, _, _, _ in saved:
        pos = put_varint(buf, pos, int(getattr(settings, name)))
    return pos


# -- statistics: rows of (played, won, best, streak, longest), row i the game
# whose SAVE_ID is i (whatever the catalogue's order) --------------------------
def put_stats(buf, pos, table):
    buf[pos] = len(table)
    buf[pos + 1] = len(table[0])
    pos += 2
    for row in table:
        for v in row:
            pos = put_varint(buf, pos, v)
    return pos


# -- a game's record: setup, then its moves, one byte each --------------------
def put_record(buf, pos, setup, moves, n):
    pos = put_setup(buf, pos, setup)
    pos = put_varint(buf, pos, n)
    return put_bytes(buf, pos, moves, n)


def print_line(data, n):
    """Print the record ``data[:n]`` as one line (a tag, hex and a CRC, so
    a line cut or mistyped is caught when read back), a few bytes at a
    time: no string as long as the record is ever made."""
    print("last game: " + LINE, end="")
    for i in range(0, n, 16):
        print("".join(["%02x" % data[j] for j in range(i, min(i + 16, n))]), end="")
    print(" %04x" % save_store.crc16(data, n))


def to_bytes(put, *args):
    """What ``put(buf, 0, *args)`` writes, as bytes (for tools and tests)."""
    buf = bytearray(4096)
    return bytes(buf[: put(buf, 0, *args)])
