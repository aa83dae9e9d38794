"""A game state in a few hundred bytes, to resume it exactly: writing it
(``put``) and reading it back (``read``, at Continue).

It holds what ``clone`` copies: the scalar ``FIELDS`` as signed varints,
the ``BUFFERS`` as bytes, the ``SETS`` as their words (varints), the
stock and the pile in order (a byte a card), where every other card is
(4 bits a card: the seat holding it, or 15) and the hand sizes. Reading
refuses (ValueError) a record that does not fit the game or whose cards
are not exactly the deal's; whether the state then plays is
``saves.read.probe``'s. A snapshot in the older FORMAT 1 is read too (its
dropped fields skipped: ``_OLD``).
"""

from micropython import const

from saves.codec import Reader, put_bytes, put_varint

FORMAT = const(2)  # 1: before SETS, with the table's last-move fields
NOWHERE = const(15)
# FORMAT 1 (firmware before SETS) per game, by save id: bit i set for an old
# field i since dropped (the table's last move, the observer), above them
# one bit at the old field count; what is kept comes in today's order.
# Roller Coaster's ``pub`` was bytes: bit c for card c, bit ncards ``turned``.
_OLD = (0x7E200, 0x140, 0x1E800000, 0x1E800000, 0x78080)


def put_fields(state, buf, pos):
    """The state's ``FIELDS`` (signed varints), ``BUFFERS`` (a length, the
    bytes) and ``SETS`` (a length, the words as varints) at ``pos``; returns
    where they end. A guest's observation starts the same (``link/obs.py``)."""
    for name in state.FIELDS:
        pos = put_varint(buf, pos, int(getattr(state, name)))
    for name in state.BUFFERS:
        data = getattr(state, name)
        buf[pos] = len(data)
        pos = put_bytes(buf, pos + 1, data, len(data))
    for name in state.SETS:
        words = getattr(state, name).w
        buf[pos] = len(words)
        pos += 1
        for w in words:
            pos = put_varint(buf, pos, w)
    return pos


def read_fields(state, r, n=-1, drop=0):
    """What ``put_fields`` wrote, read with ``r`` (a ``saves.codec.Reader``)
    into ``state``; ValueError if it does not fit. Allocates nothing (a
    guest reads every observation so). A FORMAT 1 snapshot gives ``n``
    fields, those whose bit is set in ``drop`` since dropped, and its SETS
    as bytes (``_OLD``)."""
    fields = state.FIELDS
    k = 0
    for i in range(len(fields) if n < 0 else n):
        v = r.varint()
        if drop >> i & 1:
            continue
        name = fields[k]
        k += 1
        if isinstance(getattr(state, name), bool):
            v = bool(v)
        setattr(state, name, v)
    for name in state.BUFFERS:
        buf = getattr(state, name)
        if r.u8() != len(buf):
            raise ValueError("saved by other firmware")
        r.into(buf, len(buf))
    for name in state.SETS:
        if n >= 0:  # FORMAT 1: bytes then, Roller Coaster's pub
            m = state.ncards
            b = r.take(r.u8())
            if len(b) != (m + 8) >> 3:
                raise ValueError("saved by other firmware")
            for c in range(m):
                if b[c >> 3] >> (c & 7) & 1:
                    getattr(state, name).add(c)
            state.turned = b[m >> 3] >> (m & 7) & 1 == 1
            continue
        words = getattr(state, name).w
        if r.u8() != len(words):
            raise ValueError("saved by other firmware")
        for i in range(len(words)):
            w = r.varint()
            if w < 0 or w >= 1 << 27:
                raise ValueError("bad card set")
            words[i] = w


def put(state, buf, pos):
    """The state's snapshot at ``pos`` in ``buf``; returns where it ends."""
    buf[pos] = FORMAT
    buf[pos + 1] = len(state.FIELDS)
    buf[pos + 2] = state.ncards
    pos = put_fields(state, buf, pos + 3)
    buf[pos] = state.deck_n
    pos = put_bytes(buf, pos + 1, state.deck, state.deck_n)
    buf[pos] = state.pile_n
    pos = put_bytes(buf, pos + 1, state.pile, state.pile_n)
    # where each card is: two cards a byte, a nibble each (NOWHERE when
    # in no hand), written in place
    packed = (state.ncards + 1) // 2
    if pos + packed > len(buf):
        raise IndexError("record too long")
    for i in range(pos, pos + packed):
        buf[i] = NOWHERE | (NOWHERE << 4)
    for seat in range(state.num_players):
        hand = state.hands[seat]
        c = hand.next(-1)
        while c >= 0:
            i = pos + (c >> 1)
            shift = 4 * (c & 1)
            buf[i] = (buf[i] & ~(15 << shift)) | (seat << shift)
            c = hand.next(c)
    pos += packed
    return put_bytes(buf, pos, state.counts, state.num_players)


def read(match, data):
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
