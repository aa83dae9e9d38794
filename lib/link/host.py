"""The hosting console of a linked game (docs/link.md): the one that holds
the whole state. Guests join while it sets the game up (the lobby), are
given a seat and a token when it deals (``seat_guests``, ``start``: the
lobby is ``link.lobby``'s; who sits where after, and coming back with a
token, ``link.seats``'), and
from then on are sent only their seat's observation after every move
(``sync``) and send only their seat's actions, which the rules check
before the table plays them (``heard``). A frame that is malformed, of
another version, for another seat, out of turn, replayed or illegal is
refused and counted, and changes nothing. A guest whose link drops pauses
the game for everyone until it comes back with its token, or its seat is
given to a computer (a choice of the pause menu). Its links are
``link.peers.Peers``.
"""

from micropython import const

from buttons import START, A, B
from engine.ticks import ticks_diff
from link import frame as lf
from link import seats
from link.obs import HEAD, put_last
from link.obs import put as put_obs
from link.peers import Peers
from match import GUEST, NORMAL

_SLOW_MS = const(30000)  # a guest's turn this long: the pause menu may give its seat to a computer
_RESEND_MS = const(100)  # a guest that has not said it has the last observation: sent it again
_END_MS = const(5000)  # at the end, how long the results wait for a guest's last observation
_SEATS = const(12)  # the most seats at a table
_NONE = const(255)  # no action waiting (``want``)


class Host:
    seat = 0  # the host plays seat 0

    def __init__(self, hw, hub):
        self.hw = hw
        self.hub = hub
        self.peers = Peers(hub, self)
        self.want = bytearray(_SEATS)  # a checked action waiting for each guest seat
        for i in range(_SEATS):
            self.want[i] = _NONE
        self.table = None  # the game's table once it started
        self.refused = 0
        self.cut = 0  # links dropped
        self.resumed = 0  # guests back in their seat
        self.tell = False  # a seat was lost this frame: PAUSE goes out once
        self.now = 0
        self.turn = -1  # the seat to play when last synced, and since when
        self.since = 0
        self.moves = 0  # moves synced: the observations' number, which guests say back
        self.over = -1  # ticks when the game ended (the results wait for the guests to have it)
        self.resent = 0  # observations sent again to a guest that was behind
        self.stale = 0  # actions for an observation already past (a guest's resend)
        self.shown = 0  # what the table's message line says of the link (``tick``)
        self.due = False  # a move made and not yet shown: shown once it is kept (``logged``)
        self.mover = _NONE  # ... whose, and what
        self.action = _NONE
        self.granting = False  # the deal made: the seats are given once it is kept
        self.known = True  # ``moves`` counts every move of the game (a guest's number means it)
        self.ended = 0  # why the game ended for the guests (lf.DAMAGED), 0 while it goes on

    # -- the lobby and the seats ---------------------------------------------------
    def joined(self):
        return [p for p in self.peers.all if not p.gone and p.hello]

    def count(self):
        """How many guests are in the lobby (the setup screen says)."""
        return len(self.joined())

    def seat_guests(self, match):
        """The host deals: the guests that joined take their seats, each
        with a token (``link.lobby``)."""
        from link import lobby

        lobby.seat(self, match)

    def start(self, table):
        """The game is dealt and its table built: it is kept whole, tokens
        and all, before any guest is told its seat (a guest sees nothing
        a power cut could take back), then they are told."""
        self.table = table
        self.keep()
        self.granting = True
        self.flush()

    def keep(self):
        """Write the game whole now (the deal, with its tokens)."""
        t = self.table
        t.app.saves.keep_game(t.match, t.state, t.record.kept_moves(), t.record.n)

    def logged(self):
        """The table kept the move it made (``table.record``): the guests
        are shown it now, never before, so no power cut takes back what a
        guest has seen."""
        self.flush()

    def flush(self):
        """What the guests are due (their seats after the deal, the last
        move), once the store holds it: a write that failed (the heap
        full) holds it back until the save is made."""
        t = self.table
        if t is None or t.app.saves.dirty:
            return
        if self.granting:
            self.granting = False
            self.due = False
            for p in self.peers.all:
                if p.seat >= 0 and not p.gone:
                    seats.grant(self, p)
        if self.due:
            self.due = False
            self._show(self.mover, self.action, None)

    def damaged(self):
        """A guest came back having seen moves this store lost (it was
        damaged): the game cannot go on without hiding again what a seat
        saw. It ends, said to every guest (now, and to each that comes
        back) and on the host's table; the saved game goes."""
        self.ended = lf.DAMAGED
        for p in self.peers.all:
            if p.link is not None and not p.gone:
                self.peers.say(p, lf.BYE, lf.DAMAGED)
            self.peers.close_link(p)
            p.gone = True
        saves = self.table.app.saves
        saves.forget_game()
        saves.commit()
        self.table.render()

    def seats(self):
        """[(seat, token)] of the guests' seats, for the host's save."""
        return [(p.seat, p.token) for p in self.peers.all if p.seat >= 0 and p.token]

    def idle(self):
        """Whether the table waits on no computer but a guest (gone, or
        thinking): the person's keys left alone that long save the game."""
        t = self.table
        return self.waiting() >= 0 or (self.turn >= 0 and t.match.kind(self.turn) == GUEST)

    def ping(self, p):
        """A quiet link is told the game goes on: the number of the last
        observation (a guest behind asks for it again), the seat
        the game waits for (255: none) and whether it has started."""
        d = self.peers.data
        d[0] = self.moves >> 8
        d[1] = self.moves & 0xFF
        seat = self.waiting()
        d[2] = 255 if seat < 0 else seat
        d[3] = 0 if self.table is None else 1
        self.peers.send(p, lf.PING, 4)

    def lost(self, p):
        """``p`` is gone: the game waits for its seat, if it had one (said
        once, after the frames: ``poll``)."""
        if p.seat >= 0 and self.waiting() >= 0:
            self.cut += 1
            self.tell = True

    def waiting(self):
        """The seat of a guest that is gone (the game waits for it), or -1."""
        if self.table is not None and not self.table.state.is_over():
            for p in self.peers.all:
                if p.gone and p.seat >= 0:
                    return p.seat
        return -1

    def slow(self):
        """The guest seat to play if its turn has lasted over ``_SLOW_MS``, or -1."""
        t = self.table
        if t is None or self.turn < 0 or t.match.kind(self.turn) != GUEST:
            return -1
        return self.turn if ticks_diff(self.now, self.since) > _SLOW_MS else -1

    # -- frames ----------------------------------------------------------------------
    def poll(self, now):
        """Frames in and out (the app calls this every frame, whatever the
        screen); then, once, who the game waits for."""
        self.now = now
        self.peers.poll(now, self.table is not None)
        self.flush()
        self.push(now)
        if self.tell:
            self.tell = False
            seat = self.waiting()
            if seat >= 0:
                self.peers.data[0] = seat
                self.peers.send_all(lf.PAUSE, 1)

    def heard(self, p):
        """A whole frame from ``p`` (in its decoder): judged by the rules."""
        d = p.dec
        if d.version != lf.VERSION:
            return self.refuse(p, lf.OTHER)
        if d.seq == p.seq and d.kind != lf.PING:
            return self.refuse(p, lf.REPLAY)
        p.seq = d.seq
        kind = d.kind
        if kind == lf.HELLO:
            return seats.hello(self, p)
        if self.ended:
            return
        b = d.buf
        k = lf.PAYLOAD
        if p.gone:  # a link marked gone speaks again (frames lost on a cable):
            if kind == lf.PING and p.seat >= 0 and d.seat == p.seat and self.table is not None:
                seats.back(self, p)  # the same wire, the same console: its seat back
            return
        if kind == lf.PING:
            if d.n == 2 and p.seat >= 0 and self.table is not None:
                p.have = b[k] << 8 | b[k + 1]  # (the last observation is sent again: ``push``)
                p.told = True  # it has its seat, and token
            return
        if kind == lf.BYE:
            self.peers.lose(p)
            return
        if kind != lf.ACTION or d.n != 3:
            return self.refuse(p, lf.BAD)
        if p.seat < 0 or d.seat != p.seat:
            return self.refuse(p, lf.ANOTHER_SEAT)
        if (b[k + 1] << 8 | b[k + 2]) != self.moves:
            self.stale += 1  # chosen on an observation already past: its resend, or late
            p.have = -1  # (it is sent the last: ``push``)
            return
        a = b[k]
        s = self.table.state
        if self.want[p.seat] == a:
            return  # sent again before the table played it: once is enough
        if s.is_over() or s.current_player() != p.seat or self.want[p.seat] != _NONE:
            return self.refuse(p, lf.TURN)
        if not s.is_legal(a):
            return self.refuse(p, lf.ILLEGAL)
        self.want[p.seat] = a  # the table plays it on its next frame

    def push(self, now):
        """A guest that has not said it has the last observation is sent it
        again, at most once a _RESEND_MS (a noisy cable loses frames; a
        guest cannot make the host flood), until it says so."""
        if self.table is None or self.due or self.granting:
            return
        for p in self.peers.all:
            if (p.seat >= 0 and not p.gone and p.have != self.moves and p.link is not None
                    and ticks_diff(now, p.resent) >= _RESEND_MS):  # fmt: skip
                self.resent += 1
                self._show(_NONE, _NONE, p)

    def refuse(self, p, why):
        self.refused += 1
        self.peers.say(p, lf.REFUSE, why, p.dec.kind)

    def sync(self, mover=_NONE, action=_NONE, only=None):
        """Each guest's observation (or ``only``'s). After a move by
        ``mover`` (the table's ``play``), the observations' number goes up
        and they wait until the table has kept the move (``logged``)."""
        if mover != _NONE:
            self.moves += 1
            self.due = True
            self.mover = mover
            self.action = action
            return
        self._show(_NONE, _NONE, only)

    def _show(self, mover, action, only):
        t = self.table
        s = t.state
        peers = self.peers
        d = peers.data
        for p in peers.all:
            if p.seat < 0 or p.gone or (only is not None and p is not only):
                continue
            obs = s.observe(p.seat, t.obs)  # the table's scratch state: free once a move is noted
            d[0] = mover
            d[1] = action if action < _NONE and _seen(obs, action) else _NONE
            d[2] = self.moves >> 8
            d[3] = self.moves & 0xFF
            put_last(t.last, d)
            p.resent = self.now
            peers.send(p, lf.OBS, put_obs(obs, d, HEAD))
        seat = -1 if s.is_over() else s.current_player()
        if seat != self.turn:  # a new turn: a guest's starts its clock (``slow``)
            self.turn = seat
            self.since = self.now
            if seat < 0:
                self.over = self.now

    # -- the table's hooks (table/hand.py): a table of a linked game calls these --------
    def tick(self, table, now):
        """True while the game waits for a guest (the app polls the link):
        one whose link is lost, or at the end, one that has not said it has
        the last observation (its frame lost on the way: it asks again),
        for at most _END_MS: the results close the link. A change to what
        the message line says of the link is drawn at once, unasked."""
        seat = self.waiting()
        shown = (seat + 2) * 16 + self.slow() + 2 + 1000 * self.ended
        if shown != self.shown:
            self.shown = shown
            table.render()
        if seat >= 0 or self.ended:
            return True
        if self.over < 0 or ticks_diff(now, self.over) > _END_MS:
            return False
        for p in self.peers.all:  # (the last observation is sent again: ``push``)
            if p.seat >= 0 and not p.gone and p.have < self.moves:
                return True
        return False

    def on_key(self, table, key):
        """While the game waits for a guest, keys do nothing but open the
        pause menu (START), where its seat can be given to a computer. A
        game ended by a damaged store: A, B or START to the title."""
        if self.ended:
            if key in (A, B, START):
                table.app.later(table.app.to_title)
            return True
        return self.waiting() >= 0 and key != START

    def givable(self):
        """The guest seat the pause menu may give to a computer (one gone,
        or one whose turn has lasted too long), or -1."""
        seat = self.waiting()
        return seat if seat >= 0 else self.slow()

    def computer_for(self, table, seat):
        """The pause menu's choice, confirmed: a computer plays ``seat``
        from now on (and so in the game's save)."""
        table.match.kinds[seat] = NORMAL
        seats.give_up(self, seat)
        table.message = "P%d: A COMPUTER PLAYS ON" % (seat + 1)

    def take(self, table, action):
        return False  # the host's own moves are played at its table

    def text(self, table):
        if self.ended:
            return "GAME ENDED: SAVE WAS DAMAGED"
        seat = self.waiting()
        if seat >= 0:
            return "LINK TO P%d LOST: WAITING" % (seat + 1)
        seat = self.slow()
        return "P%d IS TAKING LONG" % (seat + 1) if seat >= 0 else ""

    def pop(self, seat):
        """The checked action waiting for ``seat``, or -1."""
        a = self.want[seat]
        if a == _NONE:
            return -1
        self.want[seat] = _NONE
        return a

    def close(self, why=lf.OVER):
        """The link ends (``App.end_link``, which lets its code go): each
        guest told why, the hub shut."""
        self.peers.close(why)
        self.table = None  # the game's heap goes with the table


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
