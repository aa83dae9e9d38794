"""A game state in a few hundred bytes, to resume it exactly: writing it
(``put``); reading it back at Continue is ``saves/decode.py``'s
(``read_snapshot``).

It holds what ``clone`` copies: the scalar ``FIELDS`` as signed varints,
the ``BUFFERS`` as bytes, the ``SETS`` as their words (varints), the
stock and the pile in order (a byte a card), where every other card is
(4 bits a card: the seat holding it, or 15) and the hand sizes. Reading
refuses (ValueError) a record that does not fit the game or whose cards
are not exactly the deal's; whether the state then plays is
``saves.read.probe``'s. A snapshot in the older FORMAT 1 is read too (its
dropped fields skipped: ``saves.decode._OLD``).
"""

from micropython import const

from saves.codec import put_bytes, put_varint

FORMAT = const(2)  # 1: before SETS, with the table's last-move fields
NOWHERE = const(15)  # where a card in no hand is


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
