"""The hosting console of a linked game (docs/link.md): the one that holds
the whole state. Guests join in the setup screen (``lobby``), are given a
seat and a token when the game starts, and from then on are sent only
their seat's observation after every move (``sync``) and send only their
seat's actions, which the rules check before the table plays them
(``want``). A frame that is malformed, of another version, for another
seat, out of turn, replayed or illegal is refused and counted
(``refused``), and changes nothing. A guest whose link drops pauses the
game for everyone until it comes back with its token, or its seat is
given to a computer (``give_up``).
"""

from micropython import const

import link_frame as lf
import link_obs
import opponents
from buttons import SELECT, START
from link_seats import BAD, GUEST, ILLEGAL, OTHER, REPLAY, SEAT, TURN, Seats
from ticks import ticks_diff

_QUIET_MS = const(3000)  # a guest silent this long has gone (a UART never says)
_PING_MS = const(1000)
_SLOW_MS = const(30000)  # a guest's turn this long: SELECT may give its seat to a computer
_PEERS = const(16)  # links held at once, at most


class Peer:
    """One guest's link: its decoder, seat and token, what it last sent."""

    def __init__(self, link, now):
        self.link = link
        self.dec = lf.Decoder()
        self.seat = -1  # given when the game starts
        self.token = 0
        self.seq = -1  # the last frame's seq from it (a replay is refused)
        self.out = 0  # the seq of our next frame to it
        self.heard = now
        self.sent = now
        self.gone = False
        self.hello = False  # it said HELLO: a console, not just a cable


class Host(Seats):
    remote = False
    seat = 0  # the host plays seat 0

    def __init__(self, hub):
        self.hub = hub
        self.peers = []
        self.frame = bytearray(lf.MAX_FRAME)
        self.data = bytearray(lf.MAX_PAYLOAD)
        self.rx = bytearray(64)
        self.want = bytearray(12)  # a checked action waiting for each guest seat (255: none)
        for i in range(12):
            self.want[i] = 255
        self.table = None  # the game's table once it started
        self.refused = 0
        self.messages = 0
        self.bytes = 0
        self.cut = 0  # links dropped
        self.resumed = 0  # guests back in their seat
        self.tell = False  # a seat was lost this frame: PAUSE goes out once
        self.now = 0
        self.turn = -1  # the seat to play when last synced, and since when
        self.since = 0

    # -- sending -----------------------------------------------------------
    def send(self, p, kind, n):
        """A frame of ``data[:n]`` to peer ``p``; False when its link is
        gone (then only marked: what follows is said once, after the frames)."""
        if p.link is None:
            return False
        k = lf.put(self.frame, kind, p.seat if p.seat >= 0 else lf.NO_SEAT, p.out, self.data, n)
        p.out += 1
        self.messages += 1
        self.bytes += k
        if p.link.send(self.frame, k):
            return True
        self._lose(p)
        return False

    def send_all(self, kind, n):
        for p in self.peers:
            if p.seat >= 0 and not p.gone:
                self.send(p, kind, n)

    def say(self, p, kind, *values):
        for i in range(len(values)):
            self.data[i] = values[i]
        return self.send(p, kind, len(values))

    def sync(self, mover=255, action=255, only=None):
        """Each guest's observation (or ``only``'s), after a move by ``mover``."""
        t = self.table
        s = t.state
        for p in self.peers:
            if p.seat < 0 or p.gone or (only is not None and p is not only):
                continue
            obs = s.observe(p.seat, t.obs)  # the table's scratch state: free once a move is noted
            d = self.data
            d[0] = mover
            d[1] = action if action < 255 and _seen(obs, action) else 255
            self.send(p, lf.OBS, link_obs.put(obs, d, 2))
        seat = -1 if s.is_over() else s.current_player()
        if seat != self.turn:  # a new turn: a guest's starts its clock (``slow``)
            self.turn = seat
            self.since = self.now

    # -- the table's hooks (table.py): a table of a linked game calls these ----
    def tick(self, table, now):
        """True while the game waits for a guest (the app polls the link)."""
        return self.waiting() >= 0

    def on_key(self, table, key):
        """While the game waits for a guest, keys do nothing but pause
        (START) and give its seat to a computer (SELECT); SELECT does that
        too for a guest that has taken too long over its turn."""
        seat = self.waiting()
        if seat < 0:
            seat = self.slow()
            if seat < 0 or key != SELECT:
                return False
        if key == START:
            return False
        if key == SELECT:
            app = table.app
            app.levels[seat] = opponents.NORMAL
            table.setup = table.setup[:5] + (bytes(app.levels[: table.players]),)
            self.give_up(seat)
            table.message = "P%d: A COMPUTER PLAYS ON" % (seat + 1)
        return True

    def take(self, table, action):
        return False  # the host's own moves are played at its table

    def text(self, table):
        seat = self.waiting()
        if seat >= 0:
            return "LINK TO P%d LOST: WAITING" % (seat + 1)
        seat = self.slow()
        return "P%d IS TAKING LONG" % (seat + 1) if seat >= 0 else ""

    def slow(self):
        """The guest seat to play if its turn has lasted over ``_SLOW_MS``, or -1."""
        t = self.table
        if t is None or self.turn < 0 or t.app.levels[self.turn] != GUEST:
            return -1
        return self.turn if ticks_diff(self.now, self.since) > _SLOW_MS else -1

    def poll(self, now):
        """Take new links and every frame that came; mark the silent gone
        (a cable stays open: its guest may speak again); then say once
        who the game waits for. The app calls this every frame."""
        self.now = now
        while True:
            link = self.hub.accept()
            if link is None:
                break
            if len(self.peers) >= _PEERS:  # more links than a table has seats: no
                link.close()
                continue
            self.peers.append(Peer(link, now))
        tidy = False
        for p in self.peers:
            if p.link is None:
                continue
            n = p.link.recv_into(self.rx)
            if n < 0:
                p.link.close()
                p.link = None
                self._lose(p)
                tidy = True
                continue
            i = 0
            while i < n or p.dec.ready:
                i += p.dec.feed(self.rx, n - i, i)
                if not p.dec.ready:
                    break
                p.heard = now
                self.frame_from(p)
            if p.gone:
                tidy = tidy or p.seat < 0
                continue
            if ticks_diff(now, p.heard) > _QUIET_MS:
                if self.table is None:  # in the lobby: not joined until it speaks again
                    p.hello = False  # (its link stays: a cable's guest may come later)
                else:
                    self._lose(p)
            elif ticks_diff(now, p.sent) > _PING_MS:
                p.sent = now
                self.say(p, lf.PING)
        for p in self.peers:
            if p.gone and p.seat < 0:
                tidy = True
        if tidy:  # links that hold no seat and are gone: let go
            for p in self.peers:
                if p.gone and p.seat < 0 and p.link is not None:
                    p.link.close()
            self.peers = [p for p in self.peers if not (p.gone and p.seat < 0)]
        if self.tell:
            self.tell = False
            seat = self.waiting()
            if seat >= 0:
                self.data[0] = seat
                self.send_all(lf.PAUSE, 1)

    def frame_from(self, p):
        d = p.dec
        if d.version != lf.VERSION:
            return self.refuse(p, OTHER)
        if d.seq == p.seq and d.kind != lf.PING:
            return self.refuse(p, REPLAY)
        p.seq = d.seq
        kind = d.kind
        if kind == lf.HELLO:
            return self.hello(p)
        if p.gone or kind == lf.PING:
            return  # a link marked gone speaks again: only HELLO brings it back
        if kind == lf.BYE:
            self._lose(p)
            return
        if kind != lf.ACTION or d.n != 1:
            return self.refuse(p, BAD)
        if p.seat < 0 or d.seat != p.seat:
            return self.refuse(p, SEAT)
        t = self.table
        s = t.state
        if s.is_over() or s.current_player() != p.seat or self.want[p.seat] != 255:
            return self.refuse(p, TURN)
        a = d.buf[lf.PAYLOAD]
        if s.why_illegal(a):
            return self.refuse(p, ILLEGAL)
        self.want[p.seat] = a  # the table plays it on its next frame

    def refuse(self, p, why):
        self.refused += 1
        self.say(p, lf.REFUSE, why, p.dec.kind)

    def pop(self, seat):
        """The checked action waiting for ``seat``, or -1."""
        a = self.want[seat]
        if a == 255:
            return -1
        self.want[seat] = 255
        return a


def _seen(obs, a):
    """Whether the seat that ``obs`` is of may know the card ``a`` moved:
    any move that is not a card, a card on the pile or in a hand it sees
    (not a card given from hand to hand behind its back)."""
    if a >= obs.ncards:
        return True
    for h in obs.hands:
        if h.contains(a):
            return True
    for i in range(obs.pile_n):
        if obs.pile[i] == a:
            return True
    return a in obs._visible_extra()  # Color Elevator's two piles
