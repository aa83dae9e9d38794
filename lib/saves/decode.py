"""Reading back what the console keeps: each record's decoder, of the forms
``saves/codec.py`` (a match, the settings, the statistics, a game's
record) and ``saves/snapshot.py`` (a state's snapshot) write.

Loaded only to read: at power-up and Continue (``saves/read.py``, then let
go with it) and by a replay (``screens/replay.py``). A table's saves only
write, so while a game is played the decoders are not in the heap; a
linked guest reads every observation with ``saves/fields.py``'s
``Reader`` and ``read_fields`` alone. Every decoder raises ValueError on data
that cannot be right; a record written by older firmware (shorter: values
only ever grow at a record's end) reads with defaults for what it lacks.
"""

import games
from engine.prng import KEY_BYTES
from match import GUEST, Match
from saves.codec import COLUMNS, FRIENDS, LAST_FRIENDS, LONGEST, PLAYED, SAVED, STREAK, WON
from saves.fields import Reader, read_fields  # noqa: F401  (the readers' reader, and a guest's)
from saves.snapshot import FORMAT, NOWHERE


# -- a match (``codec.put_setup``) --------------------------------------------
def read_setup(r):
    info = games.by_save_id(r.u8())
    if info is None:
        raise ValueError("unknown game")
    players = r.u8()
    variant = r.u8()
    starter = r.u8()
    deal = r.varint()
    key = bytes(r.take(KEY_BYTES)) if deal == 0 else None
    kinds = r.take(r.u8())
    info.check(players, variant, starter)  # ValueError: not a table this game is played at
    if len(kinds) > players or deal < 0:
        raise ValueError("bad setup")
    for v in kinds:
        if v > GUEST:
            raise ValueError("bad seat kind")
    return Match(info, players, deal, variant, starter, kinds, key=key)


# -- the settings, the statistics, a game's record (``codec.put_*``) -------------
def read_settings(settings, data, saved=SAVED):
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
    """Rows that cannot be right (more wins than games, a streak longer
    than the longest) stay at zero; False if any did. Rows past the table
    (games of newer firmware) are added, so they are written back as they
    came; a shorter (older) row reads its missing columns as 0."""
    r = Reader(data)
    rows = r.u8()
    per = r.u8()
    if per == 0 < rows:
        raise ValueError("bad statistics")
    ok = True
    for i in range(rows):
        row = [r.varint() for _ in range(per)]
        if i >= len(table):
            table.append([0] * COLUMNS)
        row = (row + [0] * COLUMNS)[:COLUMNS]
        sane = True
        for v in row:
            if v < 0 or v > 0xFFFF:
                sane = False
        won = row[WON]
        if (sane and won <= row[PLAYED] and row[STREAK] <= row[LONGEST] <= won
                and row[FRIENDS] <= row[PLAYED] and row[LAST_FRIENDS] >> 12 <= 12):  # fmt: skip
            table[i] = row
        else:
            ok = False
    return ok


def read_record(data):
    """(match, moves) from a game's record; ValueError if damaged."""
    r = Reader(data)
    match = read_setup(r)
    n = r.varint()
    if n < 0:
        raise ValueError("bad move count")
    return match, bytes(r.take(n))


# -- a state's snapshot (``snapshot.put``) -----------------------------------------
# FORMAT 1 (firmware before SETS) per game, by save id: bit i set for an old
# field i since dropped (the table's last move, the observer), above them
# one bit at the old field count; what is kept comes in today's order.
# Roller Coaster's ``pub`` was bytes: bit c for card c, bit ncards ``turned``.
_OLD = (0x7E200, 0x140, 0x1E800000, 0x1E800000, 0x78080)


def read_snapshot(match, data):
    """The state a snapshot of ``match`` holds (ValueError if it cannot be
    right)."""
    state = match.new_state()
    deal_cards = sorted(state.all_cards())
    r = Reader(data)
    fields = state.FIELDS
    fmt = r.u8()
    n = r.u8()
    drop = 0  # FORMAT: every field, in today's order
    if fmt == 1:
        sid = match.info.SAVE_ID
        drop = _OLD[sid] if sid < len(_OLD) else 0
        ok = drop >> n == 1
    else:
        ok = fmt == FORMAT and n == len(fields)
    if not ok or r.u8() != state.ncards:
        raise ValueError("saved by other firmware")
    if fmt == 1:
        read_fields(state, r, n, drop)
    else:
        read_fields(state, r)
    for name in ("deck", "pile"):
        n = r.u8()
        if n > state.ncards:
            raise ValueError("bad " + name)
        getattr(state, name)[:n] = r.take(n)
        setattr(state, name + "_n", n)
    for seat in range(state.num_players):
        state.hands[seat].clear()
    packed = r.take((state.ncards + 1) // 2)
    for c in range(state.ncards):
        seat = (packed[c >> 1] >> (4 * (c & 1))) & 15
        if seat != NOWHERE:
            if seat >= state.num_players:
                raise ValueError("bad hand")
            state.hands[seat].add(c)
    state.counts[:] = r.take(state.num_players)
    for seat in range(state.num_players):
        if state.counts[seat] != state.hands[seat].count():
            raise ValueError("a hand's count is wrong")
    if sorted(state.all_cards()) != deal_cards:
        raise ValueError("cards do not match the deal")
    return state
