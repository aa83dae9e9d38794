"""The seats of a linked game, as its host keeps them (docs/link.md): the
lobby, who joined and in what order; each guest's seat and token at the
deal; a guest gone, the seat the game waits for, and the guest back with
its token; a seat given to a computer; the end of the link. The base of
``link_host.Host``, kept in a module of its own so each compiles in a
smaller piece of a board's heap.
"""

from micropython import const

import link_frame as lf
import opponents

GUEST = const(4)  # a seat's kind in the levels (opponents.py): a linked console
# REFUSE reasons (docs/link.md)
BAD = const(1)
OTHER = const(2)  # another version
SEAT = const(3)  # a frame for another seat
TURN = const(4)
ILLEGAL = const(5)
FULL = const(6)
LATE = const(7)
REPLAY = const(8)
TAKEN = const(9)  # BYE: a computer took the seat


class Seats:
    def joined(self):
        return [p for p in self.peers if not p.gone and p.hello]

    def count(self):
        """How many guests are in the lobby (the setup screen says)."""
        return len(self.joined())

    def open(self, app, players):
        """The host pressed START: the guests that joined take the seats
        no person has, in the order they came (``app.levels`` says)."""
        levels = app.levels = list(app.levels) + [opponents.NORMAL] * 12
        n = self.count()
        for i in range(1, players):
            if n and levels[i] != opponents.PERSON:
                levels[i] = GUEST
                n -= 1
        del levels[max(players, 1) :]

    def hello(self, p):
        d = p.dec
        if d.n != 4:
            return self.refuse(p, BAD)
        b = d.buf
        k = lf.PAYLOAD
        token = (b[k] & 0x3F) << 24 | b[k + 1] << 16 | b[k + 2] << 8 | b[k + 3]  # 30 bits
        if self.table is None:
            p.hello = True
            if len(self.joined()) > 11:
                self.say(p, lf.BYE, FULL)
                self._lose(p)
            else:  # in: waiting for the host to start
                self.say(p, lf.LOBBY, self.count())
            return
        for o in self.peers:  # a guest back: its seat, and the game exactly as it is
            if not token or o.token != token or o.seat < 0:
                continue
            if o is not p:
                if not o.gone:
                    break  # its console is still here: a stolen token
                p.seat, p.token, o.seat = o.seat, token, -1
                if o.link is not None:
                    o.link.close()
                    o.link = None
            back = p.gone or o is not p
            p.gone = False
            p.heard = self.now
            self.grant(p)
            if back:
                self.resumed += 1
                if self.waiting() < 0:
                    self.send_all(lf.RESUME, 0)
            return
        self.say(p, lf.BYE, LATE)  # the game has started: politely, no
        self._lose(p)

    def grant(self, p):
        """``p``'s seat and token, then what its seat sees, and whether the
        game waits for another."""
        t = self.table
        d = self.data
        d[0] = p.seat
        d[1] = t.game.INFO.SAVE_ID
        d[2] = t.players
        d[3] = t.variant
        d[4] = t.starter
        for i in range(4):
            d[5 + i] = p.token >> (24 - 8 * i) & 0xFF
        if self.send(p, lf.SEAT, 9):
            self.sync(only=p)
            seat = self.waiting()
            if seat >= 0:
                self.say(p, lf.PAUSE, seat)

    def start(self, table):
        """The game is dealt: each guest is told its seat (``open``), with a
        token to come back with; the others are refused. A token is random
        from the board, never from the deals' generator: from its numbers a
        guest could work back to the deal, and every hand."""
        self.table = table
        levels = table.app.levels
        seats = [i for i in range(len(levels)) if levels[i] == GUEST]
        k = 0
        for p in self.peers:
            if p.gone or not p.hello:
                continue
            if k < len(seats):
                p.seat = seats[k]
                p.token = _token()
                k += 1
                self.grant(p)
            else:
                self.say(p, lf.BYE, FULL)
                self._lose(p)

    def _lose(self, p):
        """``p`` is gone (its link may stay open: a cable); the game waits
        for its seat, if any. Only marked here: ``poll`` says it once."""
        if p.gone:
            return
        p.gone = True
        p.dec.reset()
        if p.seat >= 0 and self.waiting() >= 0:
            self.cut += 1
            self.tell = True

    def drop(self, p):
        """Close ``p``'s link (a cable pulled): the game waits for its seat."""
        if p.link is not None:
            p.link.close()
            p.link = None
        self._lose(p)

    def waiting(self):
        """The seat of a guest that is gone (the game waits for it), or -1."""
        if self.table is not None and not self.table.state.is_over():
            for p in self.peers:
                if p.gone and p.seat >= 0:
                    return p.seat
        return -1

    def give_up(self, seat):
        """A computer takes ``seat``: its guest did not come back, or took too
        long (it is told so)."""
        for p in self.peers:
            if p.seat == seat:
                if not p.gone:
                    self.say(p, lf.BYE, TAKEN)
                if p.link is not None:
                    p.link.close()
                    p.link = None
                self.peers.remove(p)
                break
        if self.waiting() < 0:
            self.send_all(lf.RESUME, 0)

    def close(self, why=0):
        """The link ends: each guest told why (0 the game is over, 1 the host
        left), the hub shut, and the link's code let go."""
        for p in self.peers:
            if p.link is not None:
                if not p.gone:
                    self.say(p, lf.BYE, why)
                if p.link is not None:
                    p.link.close()
                p.link = None
            p.gone = True
        self.hub.close()
        self.table = None  # the game's heap goes with the table
        import sys

        for name in (
            "link_host",
            "link_seats",
            "link_frame",
            "link_obs",
        ):  # and the link's code, now
            sys.modules.pop(name, None)


def _token():
    """30 random bits from the board (never 0)."""
    import os

    b = os.urandom(4)
    return ((b[0] & 0x3F) << 24 | b[1] << 16 | b[2] << 8 | b[3]) or 1
