"""What one seat sees of a game, as bytes for a guest console (link play).

The host sends a guest its seat's observation (``state.observe(seat)``)
after every move, whole: the ``FIELDS`` as signed varints, the
``BUFFERS``, the ``SETS``' words, the stock's size (its cards only when
every seat knows their order), the pile, each hand's words (another
seat's are zero but for cards every seat knows the place of) and the hand
sizes. So a guest is only ever sent what ``observe`` lets its seat see,
and never the deal number. ``get`` reads it back into a state made once
from the same game and table: decoding allocates nothing.
"""

from save_codec import put_bytes, put_varint
from save_snapshot import put_fields


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
    the next good one, when the bytes do not fit the game. (Not
    ``save_read.Reader``: that one slices, and is let go after start-up.)"""

    def __init__(self, state):
        self.state = state
        self.data = None
        self.pos = 0
        self.end = 0

    def _u8(self):
        if self.pos >= self.end:
            raise ValueError
        b = self.data[self.pos]
        self.pos += 1
        return b

    def _varint(self):
        b = self._u8()
        neg = b & 0x40
        v = b & 0x3F
        shift = 6
        while b & 0x80:
            b = self._u8()
            if shift > 27 or (b & 0x7F) >> (30 - shift):
                raise ValueError  # at most 30 bits: no long int
            v |= (b & 0x7F) << shift
            shift += 7
        return -v if neg else v

    def _bytes(self, into, n):
        if n > len(into) or self.pos + n > self.end:
            raise ValueError
        data = self.data
        for i in range(n):
            into[i] = data[self.pos + i]
        self.pos += n

    def read(self, data, pos, n):
        self.data = data
        self.pos = pos
        self.end = pos + n
        s = self.state
        try:
            for name in s.FIELDS:
                v = self._varint()
                if isinstance(getattr(s, name), bool):
                    v = bool(v)
                setattr(s, name, v)
            for name in s.BUFFERS:
                into = getattr(s, name)
                if self._u8() != len(into):
                    raise ValueError
                self._bytes(into, len(into))
            for name in s.SETS:
                w = getattr(s, name).w
                if self._u8() != len(w):
                    raise ValueError
                for i in range(len(w)):
                    w[i] = self._varint()
            s.deck_n = self._u8()
            if self._u8():
                self._bytes(s.deck, s.deck_n)
            else:  # unknown order: blank
                for i in range(len(s.deck)):
                    s.deck[i] = 0
            s.pile_n = self._u8()
            self._bytes(s.pile, s.pile_n)
            for hand in s.hands:
                w = hand.w
                for i in range(len(w)):
                    w[i] = self._varint()
            self._bytes(s.counts, s.num_players)
            if s.deck_n > len(s.deck) or self.pos != self.end:
                raise ValueError
        except ValueError:
            return False
        return True
