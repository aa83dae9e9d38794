"""What one seat sees of a game, as bytes for a guest console (link play).

The host sends a guest its seat's observation (``state.observe(seat)``)
after every move, whole: the ``FIELDS`` as signed varints, the
``BUFFERS``, the ``SETS``' words, the stock's size (its cards only when
every seat knows their order), the pile, each hand's words (another
seat's are zero but for cards every seat knows the place of) and the hand
sizes. So a guest is only ever sent what ``observe`` lets its seat see,
and never the deal number; the host table's last turn goes before it
(``put_last``). A guest reads it back with ``link/reader.py``, which a
host never loads.
"""

from micropython import const

from saves.codec import put_bytes, put_varint
from saves.snapshot import put_fields

# an OBS payload's bytes before the observation (docs/link.md): the seat
# that moved, its move, the observation's number (2), the table's last turn (5)
HEAD = const(9)


def put_last(last, buf):
    """The host table's last turn (``table.hand.Last``: what a pile and the
    message line show) into an OBS header, so a guest that came back, or
    missed the move's own observation, shows what the host shows."""
    buf[4] = last.seat & 0xFF
    buf[5] = last.kind
    buf[6] = last.n
    buf[7] = last.a & 0xFF
    buf[8] = last.b & 0xFF


def put(obs, buf, pos):
    """``obs`` (an observation) at ``pos`` in ``buf``; returns its end."""
    pos = put_fields(obs, buf, pos)  # as a save's snapshot starts
    public = obs.deck_public()
    buf[pos] = obs.deck_n
    buf[pos + 1] = 1 if public else 0
    pos += 2
    if public:
        pos = put_bytes(buf, pos, obs.deck, obs.deck_n)
    buf[pos] = obs.pile_n
    pos = put_bytes(buf, pos + 1, obs.pile, obs.pile_n)
    for hand in obs.hands:
        for v in hand.w:
            pos = put_varint(buf, pos, v)
    return put_bytes(buf, pos, obs.counts, obs.num_players)
