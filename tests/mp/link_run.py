"""A linked game hosted on the MicroPython VM, by button presses, in the
session's heap: the host console's app opens Link play, Host game, sets up
Bastard at its largest table, and deals once its guests have joined. The
guests are consoles reduced to their link (in-memory pipes): each reads
its frames and, when an observation comes and its seat is to play, sends
the Normal policy's move from that seat's observation. (A guest console's
own memory: ``guest``; its decoding without allocation: ``decode``.)
Run from a bundle root (``sim.mpvm.app_tree``):

    micropython -X heapsize=200K -m link_run [GUESTS] [PLAYERS] [HEIGHT]

Prints ``finished=1 restarts=0 ... kept=0 least_free=N`` last: ``kept``
counts link play's modules still held at the results (``link_kept``); a
guest's ``decoders`` is 1 if the records' decoders were loaded during its
game (it reads observations with ``saves.fields`` alone). With ``decode``:
a guest's decoding of a whole game's observations under ``heap_lock``
(nothing allocated per message), ``decoded=N``.
"""

import gc
import sys

sys.path.insert(0, "lib")
sys.path.insert(0, "display")

NVM = bytearray(4096)

from vmhal import HAL, frame, press, shown  # noqa: E402

import games  # noqa: E402
from app import App  # noqa: E402
from buttons import DOWN, RIGHT, START, A  # noqa: E402
from link import frame as lf  # noqa: E402
from link import obs  # noqa: E402


class Pipe:
    """One end of an in-memory cable: what the other end sent waits here."""

    cable = True

    def __init__(self, size):
        self.inbox = bytearray(size)
        self.n = 0
        self.at = 0
        self.peer = None
        self.up = True
        self.name = "PIPE"

    def recv_into(self, buf, start=0):
        if not self.up:
            return -1
        k = min(self.n - self.at, len(buf) - start)
        for i in range(k):
            buf[start + i] = self.inbox[self.at + i]
        self.at += k
        if self.at == self.n:
            self.at = self.n = 0
        return k

    def send(self, buf, n):
        p = self.peer
        if not self.up or not p.up:
            return False
        if p.inbox is None:  # a guest reduced to its link reads it at once
            return p.take(buf, n)
        if p.n + n > len(p.inbox):
            return False
        for i in range(n):
            p.inbox[p.n + i] = buf[i]
        p.n += n
        return True

    def close(self):
        self.up = False


def cable(near, far):
    """Two joined ends: this console's (an inbox of ``near`` bytes) and the
    other's (``far``)."""
    a, b = Pipe(near), Pipe(far)
    a.peer, b.peer = b, a
    return a, b


class Hub:
    def __init__(self, links):
        self.links = links
        self.name = "PIPES"

    def accept(self):
        return self.links.pop(0) if self.links else None

    def close(self):
        pass


class RawGuest:
    """A guest console as its link alone: HELLO, then, for the observations
    read since it last spoke, PING and the Normal move when its seat is to
    play. It is another console: what it holds is not the host's, so it
    holds little in the host's heap. It reads a frame the moment the host
    sends it (no inbox of its own), with one decoder and one frame buffer
    for all the guests (each frame comes whole), and speaks when served."""

    app = None  # the host's app (its table decides for the guests' seats)
    inbox = None  # (what the host sends is read at once: ``take``)
    dec = None  # the guests' one decoder, frame and data (``_shared``)
    frame = None
    data = None

    def __init__(self, end):
        if RawGuest.dec is None:
            RawGuest.dec = lf.Decoder()
            RawGuest.frame = bytearray(lf.MAX_FRAME)
            RawGuest.data = bytearray(4)
        self.peer = end  # the host's end: what this guest says waits in its inbox
        end.peer = self
        self.up = True
        self.seq = 0
        self.seat = -1
        self.moves = 0  # the number of the last observation (said back with each frame)
        self.heard = False  # an observation read since this guest last spoke
        self.asked = False  # a PING read since then
        self.say(lf.HELLO, 0)  # a new console

    def say(self, kind, n):
        k = lf.put(self.frame, kind, self.seat if self.seat >= 0 else lf.NO_SEAT, self.seq,
                   self.data, n)  # fmt: skip
        self.seq += 1
        p = self.peer
        if self.up and p.up and p.n + k <= len(p.inbox):
            for i in range(k):
                p.inbox[p.n + i] = self.frame[i]
            p.n += k

    def take(self, buf, n):
        """The host's frame, read as it is sent."""
        d = self.dec
        d.reset()
        i = 0
        while i < n or d.ready:
            i += d.feed(buf, n - i, i)
            if not d.ready:
                break
            b = d.buf
            if d.kind == lf.SEAT:
                self.seat = b[lf.PAYLOAD]
            elif d.kind == lf.OBS:
                self.moves = b[lf.PAYLOAD + 2] << 8 | b[lf.PAYLOAD + 3]
                self.heard = True
            elif d.kind == lf.PING:
                self.asked = True
        return True

    def serve(self):
        """What the guest says to what it read: an observation is said to
        have come at once (the host sends it again until it hears), and
        its seat's move follows when it is to play."""
        if self.heard or self.asked:
            self._ping()
        if self.heard:
            move = _move(self.seat)
            if move >= 0:
                self.data[0] = move
                self.data[1] = self.moves >> 8
                self.data[2] = self.moves & 0xFF
                self.say(lf.ACTION, 3)
        self.heard = self.asked = False

    def close(self):
        self.up = False

    def _ping(self):
        self.data[0] = self.moves >> 8
        self.data[1] = self.moves & 0xFF
        self.say(lf.PING, 2)


def _moves(app):
    return app.screen.record.n


def _my_keys(app):
    """The presses of the host person's move when it is theirs, else ()."""
    t = app.screen
    if not t.turns.my_turn():
        return ()
    return t.presses_for(t.game.basic_policy(t.state.observe(0, t.obs), None))


def _guest_keys(app):
    """The presses of the guest console's move when its seat is to play."""
    t = app.screen
    if type(t).__name__ != "Table" or not t.turns.my_turn():
        return ()
    return t.presses_for(t.game.basic_policy(t.state.observe(t.me, t.obs), None))


def _move(seat):
    """``seat``'s move if it is to play (else -1), decided from what it sees:
    the host table's own observation, made in that table's scratch state (a
    guest console keeps its state on its own board, not in this heap). Only
    this small function's frame sees the table: the VM's collector scans
    its C stack conservatively, and a harness's frame still pointing at the
    table would keep it alive through the results (counted against the
    game)."""
    t = RawGuest.app.screen
    s = getattr(t, "state", None)
    if s is None or s.is_over() or s.current_player() != seat:
        return -1
    return t.game.basic_policy(s.observe(seat, t.obs), None)


def link_decode():
    """A guest's decoding of a whole 12-seat Bastard game's observations
    (every move's, for seat 5), framed, fed in 64-byte pieces: under
    heap_lock, so nothing is allocated per message. Returns how many."""
    import micropython

    from link import frame as lf
    from link import obs

    game = games.by_id("bastard")
    s = game.new_state(12, 77, 0)
    stream = bytearray(60000)
    frame = bytearray(lf.MAX_FRAME)
    data = bytearray(lf.MAX_PAYLOAD)
    n = 0
    sent = 0
    while not s.is_over() and n + lf.MAX_FRAME < len(stream):
        data[0] = data[1] = 255
        data[2] = sent >> 8
        data[3] = sent & 0xFF
        data[4:9] = b"\xff\x00\x00\xff\xff"  # (no last turn)
        k = lf.put(frame, lf.OBS, 5, sent, data, obs.put(s.observe(5), data, obs.HEAD))
        stream[n : n + k] = frame[:k]
        n += k
        sent += 1
        s.apply(game.basic_policy(s.observe(s.current_player()), None))
    from link.reader import Reader

    reader = Reader(s._blank())
    dec = lf.Decoder()
    got = 0
    i = 0
    gc.collect()
    micropython.heap_lock()
    try:
        while i < n or dec.ready:
            i += dec.feed(stream, min(64, n - i), i)
            if dec.ready and reader.read(dec.buf, lf.PAYLOAD + obs.HEAD, dec.n - obs.HEAD):
                got += 1
    finally:
        micropython.heap_unlock()
    assert got == sent, (got, sent)
    return got


class RawHost:
    """A host console as its link alone: seats the guest, sends it its
    observation after every move, plays the other seats with the Normal
    policy and the guest's with the actions it sends (checked)."""

    def __init__(self, end, game_id, players, seat):
        self.end = end
        self.game = games.by_id(game_id)
        self.state = self.game.new_state(players, 77, 0)
        self.obs = self.state._blank()
        self.seat = seat
        self.dec = lf.Decoder()
        self.rx = bytearray(64)
        self.frame = bytearray(lf.MAX_FRAME)
        self.data = bytearray(lf.MAX_PAYLOAD)
        self.seq = 0
        self.seated = False
        self.moves = 0

    def say(self, kind, n):
        k = lf.put(self.frame, kind, self.seat, self.seq, self.data, n)
        self.seq += 1
        self.end.send(self.frame, k)

    def sync(self, mover, action):
        d = self.data
        d[0] = mover
        d[1] = 255 if action < self.state.ncards else action  # cards: the guest reads them
        d[2] = self.moves >> 8  # the observation's number: the moves made
        d[3] = self.moves & 0xFF
        d[4:9] = b"\xff\x00\x00\xff\xff"  # (no last turn: this host keeps no table)
        self.say(lf.OBS, obs.put(self.state.observe(self.seat, self.obs), d, obs.HEAD))

    def serve(self):
        s = self.state
        while True:
            n = self.end.recv_into(self.rx)
            if n <= 0:
                break
            i = 0
            while i < n or self.dec.ready:
                i += self.dec.feed(self.rx, n - i, i)
                if not self.dec.ready:
                    break
                d = self.dec
                if d.kind == lf.HELLO and not self.seated:
                    self.seated = True
                    for j, v in enumerate((self.seat, self.game.INFO.SAVE_ID, s.num_players,
                                           0, 0, 0, 0, 0, 0, 0, 0, 0, 1)):  # fmt: skip
                        self.data[j] = v  # (its token: 8 bytes)
                    self.say(lf.SEAT, 13)
                    self.sync(255, 255)
                elif d.kind == lf.ACTION and s.current_player() == self.seat:
                    a = d.buf[lf.PAYLOAD]  # (chosen on the last observation: no frame is lost here)
                    assert s.is_legal(a), a
                    s.apply(a)
                    self.moves += 1
                    self.sync(self.seat, a)
                elif d.kind == lf.PING:
                    for j, v in enumerate((self.moves >> 8, self.moves & 0xFF, 255, 1)):
                        self.data[j] = v
                    self.say(lf.PING, 4)
        if self.seated and not s.is_over() and s.current_player() != self.seat:
            seat = s.current_player()
            a = self.game.basic_policy(s.observe(seat, self.obs), None)
            s.apply(a)
            self.moves += 1
            self.sync(seat, a)


def link_kept(app):
    """Link play's modules the app still holds once its game is over, but
    the harness's own (loaded before the app): in ``sys.modules``, or as an
    attribute of the ``link`` package, which would keep a module alive
    after it left ``sys.modules``. ``App.end_link`` lets the package go."""
    kept = [m for m in sys.modules if m.startswith("link.") and m not in app.resident]
    pkg = sys.modules.get("link")
    if pkg is not None:
        for name in dir(pkg):
            v = getattr(pkg, name)
            if type(v) is type(sys) and "link." + name not in app.resident:
                kept.append("link." + name)
        if "link" not in app.resident:
            kept.append("link")
    return len(kept)


def link_menu(hw):
    """The console's app on ``hw`` (a board with a link), from its title to
    Link play's menu by presses."""
    hw.link = True
    app = App(hw)
    app.settings.pace_ms = 0
    app.start()
    while app.screen.items[app.screen.menu.index] != "Link play":
        press(app, hw, DOWN)
    press(app, hw, A)
    return app


def guest_main(players=12, height=64):
    """The guest console by button presses: Link play, Join game, its
    seat's table, played to the results against a raw host."""
    hw = HAL(height, NVM)
    a, b = cable(512, 256)  # the guest's end, the host's
    hw.link_join = lambda: a
    app = link_menu(hw)
    least = [gc.mem_free()]
    press(app, hw, DOWN)
    press(app, hw, A)  # Join game: its HELLO waits in the cable
    host = RawHost(b, "bastard", players, 3)  # (the other console: made after the guest's code)
    moves = 0
    decoders = 0  # the records' decoders seen loaded during the game (the guest needs none)
    for _ in range(20000):
        host.serve()
        decoders |= "saves.decode" in sys.modules
        if shown(app) == "Results":
            break
        for k in _guest_keys(app):  # (the table not held: as the host's run)
            hw.buttons.tap(k, hw.ticks_ms())
            frame(app, hw)
        frame(app, hw)
        gc.collect()
        free = gc.mem_free()
        if free < least[0]:
            least[0] = free
    moves = host.moves
    done = shown(app) == "Results"
    print("finished=%d restarts=%d moves=%d over=%d kept=%d decoders=%d least_free=%d" % (
        done, hw.reloads, moves, host.state.is_over(), link_kept(app), decoders,
        least[0]))  # fmt: skip


def main(guests=3, players=12, height=64):
    hw = HAL(height, NVM)
    ends = [Pipe(256) for _ in range(guests)]  # the host's ends: the guests' are RawGuest
    hub = Hub(list(ends))  # (which it takes from)
    hw.link_host = lambda: hub
    app = link_menu(hw)
    least = [gc.mem_free()]
    press(app, hw, A)  # Host game
    while games.CATALOGUE[app.screen.menu.index].ID != "bastard":
        press(app, hw, DOWN)
    press(app, hw, A)
    while app.screen.players != players:
        press(app, hw, RIGHT)
    RawGuest.app = app
    members = [RawGuest(e) for e in ends]
    for _ in range(50):
        frame(app, hw)
        for g in members:
            g.serve()
    assert app.link.count() == guests, app.link.count()
    press(app, hw, START)
    assert shown(app) == "Table"
    refused = 0
    moves = 0
    for _ in range(20000):
        if shown(app) != "Table":
            break
        moves = _moves(app)
        refused = app.link.refused if app.link is not None else refused
        for g in members:
            g.serve()
        for k in _my_keys(app):  # the table is not held while they are pressed:
            hw.buttons.tap(k, hw.ticks_ms())  # the last one may end the game,
            frame(app, hw)  # and the results need its heap
        frame(app, hw)
        gc.collect()
        free = gc.mem_free()
        if free < least[0]:
            least[0] = free
    done = shown(app) == "Results"
    seats = sorted(g.seat for g in members)
    print(
        "finished=%d restarts=%d seats=%s moves=%d refused=%d kept=%d least_free=%d"
        % (done, hw.reloads, "".join(str(x) for x in seats), moves, refused, link_kept(app),
           least[0])
    )  # fmt: skip


if __name__ == "__main__":
    a = sys.argv[1:]
    if a and a[0] == "decode":
        print("decoded=%d" % link_decode())
        sys.exit(0)
    if a and a[0] == "guest":
        guest_main(int(a[1]) if len(a) > 1 else 12, int(a[2]) if len(a) > 2 else 64)
        sys.exit(0)
    main(int(a[0]) if a else 3, int(a[1]) if len(a) > 1 else 12, int(a[2]) if len(a) > 2 else 64)
