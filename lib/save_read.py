"""Reading the console's records back (``save_codec.py`` writes them), and
the power-up read of the store: loaded at power-up, then let go.

Every decoder raises ValueError on data that cannot be right; a record
written by older firmware, shorter at its end, reads with defaults for
what it lacks.
"""

import games
import save_store
from saves import GAME, LAST, MOVES, SAVED, SETTINGS, STATS


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
            # at most 30 bits in all, checked before the shift: no long int
            if shift > 27 or (b & 0x7F) >> (30 - shift):
                raise ValueError("number too long")
            v |= (b & 0x7F) << shift
            shift += 7
        return -v if neg else v

    def take(self, n):
        if self.pos + n > len(self.data):
            raise ValueError("record too short")
        out = self.data[self.pos : self.pos + n]
        self.pos += n
        return out

    def left(self):
        return len(self.data) - self.pos


def by_save_id(n):
    """The game a save names, or None (a game this firmware does not have)."""
    for i in games.CATALOGUE:
        if i.SAVE_ID == n:
            return i
    return None


def read_setup(r):
    info = by_save_id(r.u8())
    if info is None:
        raise ValueError("unknown game")
    players = r.u8()
    variant = r.u8()
    starter = r.u8()
    deal = r.varint()
    levels = bytes(r.take(r.u8()))
    info.check(players, variant, starter)  # ValueError: not a table this game is played at
    if len(levels) > players or deal < 1:
        raise ValueError("bad setup")
    for v in levels:
        if v > 4:  # Easy, Normal, Hard, a person (opponents.PERSON), a linked console
            raise ValueError("bad level")
    return (info.ID, players, variant, starter, deal, levels)


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


def read_stats(table, data):
    """Row i is the game whose save id is i. Rows that cannot be right
    (more wins than games, a streak longer than the longest) stay at zero;
    False if any did. Rows past the table (games of newer firmware) are
    added, so they are written back as they came."""
    r = Reader(data)
    rows = r.u8()
    per = r.u8()
    if per == 0 < rows:
        raise ValueError("bad statistics")
    n = len(table[0])
    ok = True
    for i in range(rows):
        row = [r.varint() for _ in range(per)]
        if i >= len(table):
            table.append([0] * n)
        row = (row + [0] * n)[:n]
        sane = True
        for v in row:
            if v < 0 or v > 0xFFFF:
                sane = False
        played, won, _, streak, longest, k, last = row[:7]
        if sane and won <= played and streak <= longest <= won and k <= played and last >> 12 <= 12:
            table[i] = row
        else:
            ok = False
    return ok


def read_record(data):
    """(setup, moves) from a game's record; ValueError if damaged."""
    r = Reader(data)
    setup = read_setup(r)
    n = r.varint()
    if n < 0:
        raise ValueError("bad move count")
    return setup, bytes(r.take(n))


def load(saves):
    """Power-up: the store's newest copy into ``saves`` (settings,
    statistics, the kept records) and what to tell the person."""
    st = saves.store
    try:
        found = st.load()
    except MemoryError:  # not damage: the store is left alone, never written over
        raise
    except Exception:  # a store that cannot even be read: start clean
        found = {}
        st.status = save_store.DAMAGED
    bad = []
    data = found.get(SETTINGS)
    if data is not None:
        try:
            if not read_settings(saves.settings, SAVED, data):
                bad.append("SETTINGS")
        except MemoryError:
            raise
        except Exception:
            saves.settings.__init__()
            bad.append("SETTINGS")
    data = found.get(STATS)
    if data is not None:
        try:
            if not read_stats(saves.stats, data):
                bad.append("STATISTICS")
        except MemoryError:
            raise
        except Exception:
            for row in saves.stats:
                row[:] = [0] * len(row)
            bad.append("STATISTICS")
    saves.game = found.get(GAME)
    saves.moves = found.get(MOVES)
    saves.last = found.get(LAST)
    saves.message = save_store.MESSAGES[st.status]
    if bad:
        saves.message = " AND ".join(bad) + " RESET"
    saves.loaded = True
