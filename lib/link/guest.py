"""A guest console in a linked game (docs/link.md): it joins a host, is
given a seat and a token, and from then on holds only what its seat sees
(the host's observations, read into the table's state, each said back as
it is read) and sends only its seat's actions. A link that drops is
joined again, the token proved without being sent (``link.proof``),
which gives back the seat and the game exactly as it is; a host that is
gone is said, and joined again whenever it comes back.
"""

from micropython import const

from buttons import START, A, B
from engine.ticks import ticks_add, ticks_diff
from link import frame as lf
from link import saved
from screens.base import TURN

_PING_MS = const(1000)
_QUIET_MS = const(2500)  # no frame from the host this long: it is gone (a UART never says)
_RETRY_MS = const(1000)
_GONE_MS = const(4500)  # not a byte from the host this long: it is said gone (still joined again)
_RESEND_MS = const(500)  # an action unanswered this long is sent again
_HEAD = const(9)  # link.obs.HEAD: an OBS payload's bytes before the observation
_ASK_MS = const(300)  # asking again for an observation missed: at most this often
# what a BYE or REFUSE says (link.frame's reasons, in order)
WHY = ("GAME OVER", "BAD FRAME", "OTHER VERSION", "NOT YOUR SEAT", "NOT YOUR TURN",
       "NOT ALLOWED", "TABLE FULL", "GAME ALREADY STARTED", "SENT TWICE",
       "A COMPUTER TOOK YOUR SEAT", "HOST SAVE DAMAGED")  # fmt: skip
_LOST_GAME = "HOST LOST THIS GAME"  # the host is back with another game, or none


class Guest:
    def __init__(self, hw, link, now, saves=None):
        self.hw = hw
        self.saves = saves  # this console's store: the seat and token it holds are kept there
        self.link = link
        self.dec = lf.Decoder()
        self.frame = bytearray(lf.MAX_FRAME)
        self.data = bytearray(8)
        self.rx = bytearray(64)
        self.i = 0  # bytes of rx taken (a frame may stop the loop part way)
        self.n = 0
        self.seat = -1
        # a seat held before (said in HELLO: its token is proved when the host asks)
        self.held, self.token = saved.guest_held(saves) if saves is not None else (-1, None)
        self.seated = False  # a SEAT came on this link (after a rejoin: HELLO until it does)
        self.helloed = now  # when HELLO was last sent
        self.setup = None  # (save id, players, variant, starter) once seated
        self.out = 0
        self.heard = now  # a byte came on this link (a noisy line's damaged frames say the host
        self.alive = now  # is there; a vanished one sends none), and from the host on any link
        self.sent = now
        self.lost = -1  # ticks the host was last heard, once the link dropped (-1: it is up)
        self.shown = 0  # what the table's message line says of the link (``tick``)
        self.paused = -1  # the seat the game waits for (-1: none)
        self.note = "JOINING"  # what the lobby says
        self.ended = ""  # why the game is over for this console ("" while on)
        self.table = None
        self.reader = None
        self.refused = 0
        self.messages = 0  # frames received
        self.bytes = 0
        self.said = 0  # bytes sent
        self.capture = None  # the simulator keeps every byte received here
        self.moves = -1  # the number of the last observation read (the host counts moves)
        self.had = 0xFFFF  # ... before the link dropped (0xFFFF: none), said when it comes back
        self.action = -1  # an action sent and not yet answered by an observation
        self.acted = now  # ... when it was sent
        self.asked = now  # when this console last asked for an observation again
        self.resent = 0  # actions sent again, and observations asked for again
        self.hello()

    def say(self, kind, *values):
        for i in range(len(values)):
            self.data[i] = values[i]
        self.send(kind, len(values))

    def send(self, kind, n):
        """A frame of ``data[:n]`` to the host."""
        seat = self.seat if self.seat >= 0 else lf.NO_SEAT
        k = lf.put(self.frame, kind, seat, self.out, self.data, n)
        self.out += 1
        self.said += k
        self.sent = self.hw.ticks_ms()
        if self.link is not None and not self.link.send(self.frame, k):
            self._lost(self.hw.ticks_ms())

    def act(self, action):
        """Send this seat's action, with the number of the observation it
        was chosen on; the host's next observation answers (until then it
        is sent again: ``poll``)."""
        self.action = action
        self.acted = self.hw.ticks_ms()
        m = self.moves
        self.say(lf.ACTION, action, m >> 8 & 0xFF, m & 0xFF)

    def ping(self):
        """Still here, and the number of the last observation read: a host
        whose game is past it sends the last again."""
        m = self.moves if self.moves >= 0 else 0
        self.say(lf.PING, m >> 8 & 0xFF, m & 0xFF)

    def attach(self, table):
        from link.reader import Reader

        self.table = table
        self.reader = Reader(table.state)

    def poll(self, now):
        if self.ended:
            return
        if self.link is None:
            self._rejoin(now)
            return
        dec = self.dec
        while True:
            if self.i >= self.n or self.n <= 0:
                self.i = 0
                self.n = self.link.recv_into(self.rx)
                if self.n < 0:
                    self._lost(now)
                    return
                if self.n == 0 and not dec.ready:
                    break
                if self.capture is not None:
                    self.capture.extend(memoryview(self.rx)[: self.n])
                self.bytes += self.n
                self.alive = self.heard = now
            self.i += dec.feed(self.rx, self.n - self.i, self.i)
            if not dec.ready:
                continue
            self.lost = -1  # the host is there
            self.messages += 1
            if self._frame(now):
                return  # seated: the lobby makes the table before more comes
            if self.link is None:
                return  # an answer it sent found the link broken (``say``)
        if ticks_diff(now, self.heard) > _QUIET_MS:
            self._lost(now)
        elif self.action >= 0 and self.seated and ticks_diff(now, self.acted) > _RESEND_MS:
            self.resent += 1  # no observation answered it: lost on the way, sent again
            self.act(self.action)
        elif not self.seated and ticks_diff(now, self.helloed) > _RETRY_MS:
            self.hello()  # (its answer may have been lost)
        elif ticks_diff(now, self.sent) > _PING_MS:
            self.ping()

    def _frame(self, now):
        d = self.dec
        b = d.buf
        k = lf.PAYLOAD
        kind = d.kind
        if d.version != lf.VERSION:
            self.ended = WHY[2]
        elif kind == lf.SEAT and d.n == 13:
            setup = (b[k + 1], b[k + 2], b[k + 3], b[k + 4])
            if self.table is not None and (b[k] != self.seat or setup != self.setup):
                self.ended = _LOST_GAME  # (its seat at another game: this one is gone)
                return False
            self.seat = b[k]
            self.setup = setup
            if any(b[k + 5 : k + 13]):  # a token (none when it came back: it has it)
                self.held = self.seat
                self.token = bytes(b[k + 5 : k + 13])
                if self.saves is not None:  # kept: a guest powered off comes back to its seat
                    saved.guest_seat(self.saves, self.seat, self.token)
            self.note = "SEATED AS P%d" % (self.seat + 1)
            self.seated = True
            self.paused = -1
            self.moves = -1  # (a restarted host may number anew: its next observation is read)
            return self.table is None
        elif kind == lf.CHALLENGE and d.n == 4 and self.token and not self.seated:
            from link import proof

            data = self.data  # its seat, the answer, the last observation it has
            data[0] = self.held
            proof.sign(self.token, b, k, data, 1)
            m = self.had
            data[5] = m >> 8 & 0xFF
            data[6] = m & 0xFF
            self.send(lf.HELLO, 7)
        elif kind == lf.OBS and self.table is not None and d.n >= _HEAD:
            m = b[k + 2] << 8 | b[k + 3]
            if self.reader is not None and m > self.moves:
                self.observed(self.table, b[k], b[k + 1], m, d.n - _HEAD, now)
            else:
                self.ping()  # the same one again: its "I have it" was lost
        elif kind == lf.PING and d.n == 4:
            m = b[k] << 8 | b[k + 1]
            self.paused = -1 if b[k + 2] == 255 else b[k + 2]
            if b[k + 3] and not self.seated:
                self.hello()  # the game started, and its SEAT never came
            elif b[k + 3] and m != self.moves and ticks_diff(now, self.asked) > _ASK_MS:
                self.asked = now  # an observation missed: asked for again
                self.resent += 1
                self.ping()
        elif kind == lf.LOBBY:
            self.note = "WAITING FOR THE HOST"
            if self.table is not None:
                self.ended = _LOST_GAME  # a host setting up a game: not this one
        elif kind == lf.PAUSE:
            self.paused = b[k] if d.n else 255
        elif kind == lf.RESUME:
            self.paused = -1
        elif kind == lf.REFUSE:
            self.refused += 1
            if self.table is not None:
                self.table.message = "HOST SAYS: " + WHY[b[k] if d.n and b[k] < len(WHY) else 1]
        elif kind == lf.BYE:
            self.ended = WHY[b[k] if d.n and b[k] < len(WHY) else 0]
            if d.n and b[k] == 1:
                self.ended = "THE HOST LEFT"  # (its save may resume the game: the seat is kept)
            elif self.saves is not None and (not d.n or b[k] in (lf.OVER, lf.LATE, lf.TAKEN)):
                saved.guest_gone(self.saves)  # no seat to come back to
        return False

    def _lost(self, now):
        """The link dropped: try again with the token (a UART never drops:
        a silent host is the sign)."""
        if self.link is not None:
            self.link.close()
            self.link = None
        self.dec.reset()
        self.i = self.n = 0
        self.seated = False
        if self.lost < 0:
            self.lost = self.heard
            self.sent = ticks_add(now, -_RETRY_MS)  # (joined again at once)
        if self.moves >= 0:
            self.had = self.moves  # said when it comes back: the host checks its store against it
        if self.seat < 0 and not self.ended:  # (a refusal said before the close stands)
            self.ended = "THE HOST CLOSED THE LINK"

    def gone(self, now):
        """Whether the host has been silent so long it is said gone (this
        console still joins again, every second, for as long as it stays)."""
        return self.lost >= 0 and ticks_diff(now, self.alive) > _GONE_MS

    def _rejoin(self, now):
        if ticks_diff(now, self.sent) < _RETRY_MS:
            return
        self.sent = now
        try:
            self.link = self.hw.link_join()
        except OSError:
            self.link = None
        if self.link is None:
            return
        self.heard = now  # (``lost`` stays until the host is heard: a cable always opens)
        self.hello()

    def hello(self):
        """HELLO: with the seat it holds, if any (the host asks it to prove
        its token: a seat back, and the game as it is); else a new console."""
        self.helloed = self.hw.ticks_ms()
        if self.token and self.held >= 0:
            self.say(lf.HELLO, self.held)
        else:
            self.say(lf.HELLO)

    # -- the table's hooks (table/hand.py) ------------------------------------------
    def tick(self, table, now):
        """True but to end: a guest's table only shows (the app polls). A
        change to what the message line says of the link is drawn at once,
        unasked."""
        shown = (self.paused + 2) * 8 + (4 if self.ended else 0) + (self.lost >= 0)
        shown += 2 * self.gone(now)
        if shown != self.shown:
            self.shown = shown
            table.render()
        return not table.state.is_over()

    def on_key(self, table, key):
        """A game ended for this console: any key to the title; one that
        waits for another seat, or for its host: B leaves it."""
        if table.state.is_over():
            return False
        if (self.ended and key in (A, B, START)) or (
            (self.paused >= 0 or self.gone(self.hw.ticks_ms())) and key == B
        ):
            table.app.later(table.app.to_title)  # the title closes the link: BYE
            return True
        return False

    def take(self, table, action):
        """This seat's move goes to the host, whose observation answers."""
        if self.paused < 0 and not self.ended and self.link is not None and self.seated:
            self.act(action)
            table.turns.waiting = True
        return True

    def sync(self, seat, action):
        pass  # only a host tells others of a move

    def logged(self):
        pass  # (a guest's table keeps no moves: its host does)

    def idle(self):
        return False  # (a guest's table keeps nothing: its host does)

    def text(self, table):
        if table.state.is_over():
            return ""
        e = self.ended
        if e:
            return "GAME ENDED: " + e if len(e) <= 20 else e  # (a line holds 32)
        if self.lost >= 0:
            return "HOST GONE: JOINING AGAIN" if self.gone(self.hw.ticks_ms()) else (
                "LINK LOST: JOINING AGAIN")  # fmt: skip
        if self.paused < 0:
            return ""
        return (
            "HOST PAUSED" if self.paused > 11 else "LINK TO P%d LOST: WAITING" % (self.paused + 1)
        )

    def observed(self, table, seat, action, moves, n, now):
        """The host's observation number ``moves`` (a new one), after
        ``seat``'s ``action`` (255: none, or a card this seat may not
        know), is in the decoder: read it into the table's state and say
        what happened. It answers an action this console sent."""
        was = table.obs
        s = table.state
        was._copy_from(s)
        buf = self.dec.buf
        if not self.reader.read(buf, lf.PAYLOAD + _HEAD, n):
            s._copy_from(was)  # not this game's: kept as it was, and asked for again
            self.moves = -1  # (whatever comes next is read)
            table.message = "BAD STATE FROM HOST: ASKING"
            self.ping()  # (it says it has none: the host sends the last again)
            table.render()
            return
        self.moves = moves
        self.action = -1  # answered
        table.turns.waiting = False
        self.ping()  # said at once: the host sends it again until it hears this
        me = table.me
        table.drawn.copy_from(s.hands[me])
        table.drawn.remove_all(was.hands[me])
        # the last turn as the host's table has it: the pile and message line show
        # what the host's do, also after a return or a move's observation lost
        self.reader.last(table.last, buf, lf.PAYLOAD + 4, table.match.players)
        if seat < table.match.players:
            table.tell(seat)
        table.turns.wait_until = now
        if table.turns.my_turn():
            table.turns.begin(now)
            table.beep(TURN)
        table.render()

    def close(self, why=0):
        if why == lf.OVER and self.saves is not None:
            saved.guest_gone(self.saves)  # the game is over: nothing to rejoin
        if self.link is not None:
            self.say(lf.BYE, why)
            self.link.close()
            self.link = None
        self.table = None  # the game's heap goes with the table
        self.ended = self.ended or "LEFT"
