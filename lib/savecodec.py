"""The saved forms of the console's records (see ``saves.py``): signed
varints, a game's setup, the settings, the statistics and a game's record
(setup and moves, also as one line of text for the serial console).

Loaded only while saving or loading, then let go, so its code does not
sit in the heap during play. Every decoder raises ValueError on data that
cannot be right; values only ever grow at a record's end, so a record
written by older firmware reads with defaults for what it lacks.
"""

import games
import store

UNDO = 255  # a move taken back (Elevator Solitaire), in a list of moves


class Reader:
    def __init__(self, data):
        self.data = data
        self.pos = 0

    def u8(self):
        if self.pos >= len(self.data):
            raise ValueError("record too short")
        b = self.data[self.pos]
        self.pos += 1
        return b

    def varint(self):
        b = self.u8()
        neg = b & 0x40
        v = b & 0x3F
        shift = 6
        while b & 0x80:
            b = self.u8()
            v |= (b & 0x7F) << shift
            shift += 7
            if shift > 30:
                raise ValueError("number too long")
        return -v if neg else v

    def take(self, n):
        if self.pos + n > len(self.data):
            raise ValueError("record too short")
        out = self.data[self.pos : self.pos + n]
        self.pos += n
        return out

    def left(self):
        return len(self.data) - self.pos


def put_varint(out, v):
    """Append ``v`` (|v| < 2**30): sign and 6 bits, then 7 bits a byte
    (no zigzag, so nothing grows past a small int)."""
    b = 0x40 if v < 0 else 0
    m = -v if v < 0 else v
    b |= m & 0x3F
    m >>= 6
    while m:
        out.append(b | 0x80)
        b = m & 0x7F
        m >>= 7
    out.append(b)


# -- setup: (game id, players, variant, starter, deal, levels bytes) ----------
def put_setup(out, setup):
    game_id, players, variant, starter, deal, levels = setup
    index = 0
    for i in range(len(games.CATALOGUE)):
        if games.CATALOGUE[i].ID == game_id:
            index = i
    out.append(index)
    out.append(players)
    out.append(variant)
    out.append(starter)
    put_varint(out, deal)
    out.append(len(levels))
    out.extend(levels)


def read_setup(r):
    index = r.u8()
    if index >= len(games.CATALOGUE):
        raise ValueError("unknown game")
    info = games.CATALOGUE[index]
    players = r.u8()
    variant = r.u8()
    starter = r.u8()
    deal = r.varint()
    levels = bytes(r.take(r.u8()))
    if not info.MIN_PLAYERS <= players <= info.MAX_PLAYERS or len(levels) > players:
        raise ValueError("bad player count")
    if variant >= len(info.VARIANTS) or starter >= players or deal < 1:
        raise ValueError("bad setup")
    for lv in levels:
        if lv > 2:
            raise ValueError("bad level")
    return (info.ID, players, variant, starter, deal, levels)


# -- settings: the attributes of saves.SAVED, in order ------------------------
def put_settings(settings, saved):
    out = bytearray()
    for name, _, _, _ in saved:
        put_varint(out, int(getattr(settings, name)))
    return out


def read_settings(settings, saved, data):
    """Values out of range keep their default; False if any did. A
    shorter (older) record leaves the rest at their defaults."""
    r = Reader(data)
    ok = True
    for name, default, lo, hi in saved:
        if r.left() == 0:
            break
        v = r.varint()
        if lo <= v <= hi:
            setattr(settings, name, v)
        else:
            setattr(settings, name, default)
            ok = False
    return ok


# -- statistics: rows of (played, won, best, streak, longest) per game --------
def put_stats(table):
    out = bytearray()
    out.append(len(table))
    out.append(len(table[0]))
    for row in table:
        for v in row:
            put_varint(out, v)
    return out


def read_stats(table, data):
    """Rows that cannot be right (more wins than games, a streak longer
    than the longest) stay at zero; False if any did."""
    r = Reader(data)
    rows = r.u8()
    per = r.u8()
    n = len(table[0])
    ok = True
    for i in range(rows):
        row = [r.varint() for _ in range(per)]
        if i >= len(table):
            continue  # a game this firmware does not have
        row = (row + [0] * n)[:n]
        sane = True
        for v in row:
            if v < 0 or v > 0xFFFF:
                sane = False
        played, won, _, streak, longest = row[:5]
        if sane and won <= played and streak <= longest <= won:
            table[i] = row
        else:
            ok = False
    return ok


# -- a game's record: setup, then its moves, one byte each --------------------
def put_record(setup, moves, n):
    out = bytearray()
    put_setup(out, setup)
    put_varint(out, n)
    out.extend(memoryview(moves)[:n])
    return bytes(out)


def read_record(data):
    """(setup, moves) from ``put_record`` bytes; ValueError if damaged."""
    r = Reader(data)
    setup = read_setup(r)
    n = r.varint()
    if n < 0:
        raise ValueError("bad move count")
    return setup, bytes(r.take(n))


_LINE = "ELEVATOR-REPLAY 1 "


def record_line(data):
    """A record as one line of text: a tag, hex and a CRC, so a line that
    was cut or mistyped is caught when read back."""
    return _LINE + "".join(["%02x" % b for b in data]) + " %04x" % store.crc16(data, len(data))


def parse_line(line):
    """Record bytes from a ``record_line`` (ValueError if it is not one)."""
    line = line.strip()
    if not line.startswith(_LINE):
        raise ValueError("not a replay line")
    parts = line[len(_LINE) :].split()
    if len(parts) != 2 or len(parts[0]) % 2 or len(parts[1]) != 4:
        raise ValueError("damaged replay line")
    hexes = parts[0].lower()
    for ch in hexes + parts[1].lower():
        if ch not in "0123456789abcdef":
            raise ValueError("damaged replay line")
    data = bytearray(len(hexes) // 2)
    for i in range(len(data)):
        data[i] = int(hexes[2 * i : 2 * i + 2], 16)
    if store.crc16(data, len(data)) != int(parts[1], 16):
        raise ValueError("replay line fails its check: copied wrong?")
    return bytes(data)
