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
from ticks import ticks_diff

GUEST = const(4)  # a seat's kind in the levels (opponents.py): a linked console

_QUIET_MS = const(3000)  # a guest silent this long has gone (a UART never says)
_PING_MS = const(1000)
# REFUSE reasons (docs/link.md)
BAD = const(1)
OTHER = const(2)  # another version
SEAT = const(3)  # a frame for another seat
TURN = const(4)
ILLEGAL = const(5)
FULL = const(6)
LATE = const(7)
REPLAY = const(8)


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


class Host:
    remote = False
    seat = 0  # the host plays seat 0

    def __init__(self, hub, rng):
        self.hub = hub
        self.rng = rng
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

    # -- sending -----------------------------------------------------------
    def send(self, p, kind, n):
        """A frame of ``data[:n]`` to peer ``p``; False when its link is gone."""
        k = lf.put(self.frame, kind, p.seat if p.seat >= 0 else lf.NO_SEAT, p.out, self.data, n)
        p.out += 1
        self.messages += 1
        self.bytes += k
        ok = p.link.send(self.frame, k)
        if not ok:
            self.drop(p)
        return ok

    def send_all(self, kind, n):
        for p in self.peers:
            if p.seat >= 0 and not p.gone:
                self.send(p, kind, n)

    def say(self, p, kind, *values):
        for i in range(len(values)):
            self.data[i] = values[i]
        return self.send(p, kind, len(values))

    def sync(self, mover=255, action=255):
        """Every guest's observation, after a move (by ``mover``)."""
        t = self.table
        s = t.state
        for p in self.peers:
            if p.seat < 0 or p.gone:
                continue
            obs = s.observe(p.seat, t.obs)  # the table's scratch state: free once a move is noted
            d = self.data
            d[0] = mover
            d[1] = action if action < 255 and _seen(obs, action) else 255
            self.send(p, lf.OBS, link_obs.put(obs, d, 2))

    # -- the lobby and the game ----------------------------------------------
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

    # -- the table's hooks (table.py): a table of a linked game calls these ----
    def tick(self, table, now):
        """Frames come and go; True while the game waits for a guest."""
        self.poll(now)
        return self.waiting() >= 0

    def on_key(self, table, key):
        """While the game waits for a guest, keys do nothing but pause
        (START) and give its seat to a computer (SELECT)."""
        seat = self.waiting()
        if seat < 0 or key == START:
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
        return "LINK TO P%d LOST: WAITING" % (seat + 1) if seat >= 0 else ""

    def poll(self, now):
        """Take new links and every frame that came; drop the silent."""
        while True:
            link = self.hub.accept()
            if link is None:
                break
            self.peers.append(Peer(link, now))
        for p in self.peers:
            if p.gone:
                continue
            n = p.link.recv_into(self.rx)
            if n < 0 or ticks_diff(now, p.heard) > _QUIET_MS:
                self.drop(p)
                continue
            i = 0
            while i < n or p.dec.ready:
                i += p.dec.feed(self.rx, n - i, i)
                if not p.dec.ready:
                    break
                p.heard = now
                self.frame_from(p)
            if not p.gone and ticks_diff(now, p.sent) > _PING_MS:
                p.sent = now
                self.say(p, lf.PING)
        if self.table is None:  # in the lobby: gone for good
            self.peers = [p for p in self.peers if not p.gone]

    def frame_from(self, p):
        d = p.dec
        if d.version != lf.VERSION:
            return self.refuse(p, OTHER)
        if d.seq == p.seq and d.kind != lf.PING:
            return self.refuse(p, REPLAY)
        p.seq = d.seq
        kind = d.kind
        if kind == lf.PING:
            return
        if kind == lf.HELLO:
            return self.hello(p)
        if kind == lf.BYE:
            self.drop(p)
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

    def hello(self, p):
        d = p.dec
        if d.n != 4:
            return self.refuse(p, BAD)
        b = d.buf
        k = lf.PAYLOAD
        token = b[k] << 24 | b[k + 1] << 16 | b[k + 2] << 8 | b[k + 3]
        if self.table is None:
            p.hello = True
            if len(self.joined()) > 11:
                self.say(p, lf.BYE, FULL)
                self.drop(p)
            else:  # in: waiting for the host to start
                self.say(p, lf.LOBBY, self.count())
            return
        for o in self.peers:  # a guest back: its seat, and the game as it is
            if o is not p and o.token == token and token and o.seat >= 0 and o.gone:
                p.seat = o.seat
                p.token = token
                o.seat = -1
                self.peers.remove(o)
                self.grant(p)
                self.resumed += 1
                if self.waiting() < 0:
                    self.send_all(lf.RESUME, 0)
                return
        self.say(p, lf.BYE, LATE)  # the game has started: politely, no
        self.drop(p)

    def grant(self, p):
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
            self.sync()

    def start(self, table):
        """The game is dealt: each guest is told its seat (``open``), with a
        token to come back with; the others are refused."""
        self.table = table
        levels = table.app.levels
        seats = [i for i in range(len(levels)) if levels[i] == GUEST]
        k = 0
        for p in self.peers:
            if p.gone or not p.hello:
                continue
            if k < len(seats):
                p.seat = seats[k]
                p.token = self.rng.below(0x3FFFFFFF) + 1
                k += 1
                self.grant(p)
            else:
                self.say(p, lf.BYE, FULL)
                self.drop(p)

    def drop(self, p):
        """``p``'s link is gone: the game waits for it (its seat, if any)."""
        if p.gone:
            return
        p.gone = True
        p.link.close()
        p.dec.reset()
        if p.seat >= 0 and self.waiting() >= 0:  # a seat in a game going on: it waits
            self.cut += 1
            self.data[0] = p.seat
            self.send_all(lf.PAUSE, 1)

    def waiting(self):
        """The seat of a guest that is gone (the game waits for it), or -1."""
        if self.table is not None and not self.table.state.is_over():
            for p in self.peers:
                if p.gone and p.seat >= 0:
                    return p.seat
        return -1

    def give_up(self, seat):
        """A computer takes the seat of a guest that did not come back."""
        for p in self.peers:
            if p.seat == seat and p.gone:
                self.peers.remove(p)
                break
        if self.waiting() < 0:
            self.send_all(lf.RESUME, 0)

    def pop(self, seat):
        """The checked action waiting for ``seat``, or -1."""
        a = self.want[seat]
        if a == 255:
            return -1
        self.want[seat] = 255
        return a

    def close(self, why=0):
        for p in self.peers:
            if not p.gone:
                self.say(p, lf.BYE, why)
                p.link.close()
                p.gone = True
        self.hub.close()
        self.table = None  # the game's heap goes with the table
        import sys

        for name in ("link_host", "link_frame", "link_obs"):  # and the link's code, now
            sys.modules.pop(name, None)


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
