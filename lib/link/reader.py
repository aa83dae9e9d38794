"""A guest's reading of its host's observations (``link/obs.py`` writes
them): into a state made once from the same game and table, allocating
nothing. Loaded when a guest takes its seat; a host, which only writes,
never loads it.
"""

from micropython import const

from engine.gamestate import MAX_ACTIONS, TERMINAL

_MOST = const(54)  # (a forged count draws nonsense, never reads past a pile)


class Reader:
    """Reads observations into ``state`` (made once: ``_blank()`` of the
    game and table). ``read`` returns False, with the state unusable until
    the next good one, when the bytes do not fit the game. Decoding
    allocates nothing: the one ``saves.fields.Reader`` it reads with is made
    here and pointed at each observation. (That module loads with a guest's
    reader: a host only writes.) Nor is a card outside the pack, a seat to
    play that is no seat, or a state whose legal actions cannot be listed:
    what a guest's table asks first of a state must not fail on a lying
    host's."""

    def __init__(self, state):
        from saves import fields

        self.state = state
        self.bytes = fields.Reader(b"")
        self.read_fields = fields.read_fields
        self.probe = bytearray(MAX_ACTIONS)  # the legal actions, listed once a read

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
            # a card of the pile or the stock is one of the table's: the
            # rules look a card up in tables as long as the pack
            n = s.ncards
            for i in range(s.pile_n):
                if s.pile[i] >= n:
                    raise ValueError
            for i in range(s.deck_n):
                if s.deck[i] >= n:
                    raise ValueError
            # and the table can ask what it asks first: whose turn it is
            # and what may be played (a field forged past its range, a seat
            # or a rank, fails here, not in the table)
            p = s.current_player()
            if p != TERMINAL and not 0 <= p < s.num_players:
                raise ValueError
            s.legal_actions(self.probe)
        except (ValueError, IndexError, TypeError):
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
