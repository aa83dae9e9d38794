"""What one seat sees of a game, as bytes for a guest console (link play).

The host sends a guest its seat's observation (``state.observe(seat)``)
after every move, whole: the ``FIELDS`` as signed varints, the
``BUFFERS``, the ``SETS``' words, the stock's size (its cards only when
every seat knows their order), the pile, each hand's words (another
seat's are zero but for cards every seat knows the place of) and the hand
sizes. So a guest is only ever sent what ``observe`` lets its seat see,
and never the deal number; the host table's last turn goes before it
(``put_last``). ``Reader`` reads it back into a state made once from the
same game and table: decoding allocates nothing.
"""

from micropython import const

from saves.codec import put_bytes, put_varint
from saves.snapshot import put_fields

# an OBS payload's bytes before the observation (docs/link.md): the seat
# that moved, its move, the observation's number (2), the table's last turn (5)
HEAD = const(9)
_MOST = const(54)  # (a forged count draws nonsense, never reads past a pile)


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


class Reader:
    """Reads observations into ``state`` (made once: ``_blank()`` of the
    game and table). ``read`` returns False, with the state unusable until
    the next good one, when the bytes do not fit the game. Decoding
    allocates nothing: the one ``saves.fields.Reader`` it reads with is made
    here and pointed at each observation. (That module loads with a guest's
    reader: a host only writes.)"""

    def __init__(self, state):
        from saves import fields

        self.state = state
        self.bytes = fields.Reader(b"")
        self.read_fields = fields.read_fields

    def read(self, data, pos, n):
        r = self.bytes
        r.data = data
        r.pos = pos
        r.end = pos + n
        s = self.state
        try:
            self.read_fields(s, r)
            s.deck_n = r.u8()
            if r.u8():
                r.into(s.deck, s.deck_n)
            else:  # unknown order: blank
                for i in range(len(s.deck)):
                    s.deck[i] = 0
            s.pile_n = r.u8()
            r.into(s.pile, s.pile_n)
            for hand in s.hands:
                w = hand.w
                for i in range(len(w)):
                    w[i] = r.varint()
            r.into(s.counts, s.num_players)
            if s.deck_n > len(s.deck) or r.pos != r.end:
                raise ValueError
        except ValueError:
            return False
        return True

    def last(self, last, buf, pos, players):
        """An OBS header's last turn at ``pos`` into ``last`` (the table's),
        made safe to draw whatever a host sent."""
        v = buf[pos]
        last.seat = v if v < players else -1
        last.kind = buf[pos + 1]
        last.n = min(buf[pos + 2], _MOST)
        v = buf[pos + 3]
        last.a = -1 if v == 255 else v
        v = buf[pos + 4]
        last.b = -1 if v == 255 else v
