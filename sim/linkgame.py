"""A whole linked game between simulated consoles in one process, on a clock
the caller drives: the host and its guests are each the whole app
(``sim.headless.Session``) on virtual time, joined by links in memory
(``sim.link_mem``), all stepped a frame at a time together. So the link's
timeouts, resends, drops and rejoins are those of a board, whatever the
machine's load, and a run repeats exactly.

``LinkedGame(...).play()`` returns what ``sim.linkplay`` prints, and more:

- links cut at random after moves (``cut``: a probability a move), closed
  or, with probability ``half_open``, half-open (one end breaks, the other
  never hears of it); a guest closing its own link (``reopen``);
- a noisy cable (``cable=True``, ``noise`` P);
- consoles killed and started again from their stores at chosen moves
  (``kill_host``, ``kill_guest``: lists of move numbers), the host's
  position checked then against what its guests hold (``resumes``);
- ``stalls``: stretches of ``STALL_MS`` without a move while no link was
  lost, and ``longest_ms``, the longest such stretch;
- ``rejoin_ms``: how long each guest took to be back in its seat after
  its link broke or its host came back.
"""

import os
import random
import tempfile

from sim import link_mem

STALL_MS = 10000  # a stretch this long without a move, no link lost: a stall
FRAME = 20  # ms a frame (sim.hal.FRAME_MS)


def _name(s):
    return type(s.screen).__name__


def _last(last):
    """A table's last turn (``table.hand.Last``) as a tuple to compare."""
    return (last.seat, last.kind, last.n, last.a, last.b)


class Console:
    """A Session with a person pressing one key a frame, as the game asks."""

    def __init__(self, role, nvm, seed, net, index=0):
        self.role = role
        self.nvm = nvm
        self.seed = seed
        self.net = net
        self.index = index
        self.s = None
        self.choice = None  # (state key, the keys still to press) of the person's move
        self.link = None
        self.captures = []  # every byte a guest console received, per Guest
        self.seat = -1  # a guest's seat, once given
        self.seen = 0  # the guest's last observation thought of for ``reopen``
        self.reads = []  # (number, state) of each observation a guest read
        self.ends = []  # why a guest's game ended, each time it did (a person then joins again)
        self.boot()

    def boot(self, now=0):
        from sim import hal
        from sim.headless import Session

        d = hal.displayio
        release = d.release_displays
        # the other consoles' panels stay: taken off displayio's lists, not shut
        d.release_displays = lambda: (d.displays.clear(), d.display_buses.clear())
        try:
            s = Session(seed=self.seed, pace_ms=0, nvm_path=self.nvm)
        finally:
            d.release_displays = release
        s.hw._now = now  # (the clocks of all consoles run together)
        net = self.net
        # a run repeats: the host's keys from a generator of this run's (a test's
        # choice; the simulator's own are os.urandom's, whatever its --seed)
        s.hw.random_bytes = random.Random(self.seed * 7919 + now).randbytes
        if self.role == "host":
            s.hw.link = ("host", 0)
            s.hw.link_host = net.listen
        else:
            s.hw.link = ("join", "mem")
            s.hw.link_join = lambda: net.join(self.index)
        s.app.to_title()
        self.s = s
        self.link = None
        self.ended = None  # the Guest whose end was noted
        self.choice = None

    def now(self):
        return self.s.hw.ticks_ms()

    def press(self, key):
        from buttons import key_by_name
        from engine.ticks import ticks_diff

        app = self.s.app
        if app.screen is None or ticks_diff(self.now(), app.guard) < 0:
            return False
        self.s.hw.press(key_by_name(key) if isinstance(key, str) else key)
        return True

    def frame(self):
        self.s.frame()
        link = self.s.app.link
        if link is not None and link is not self.link:
            self.link = link
            if self.role == "guest":
                link.capture = bytearray()
                self.captures.append(link.capture)
                self._watch_reads(link)
        if link is not None and getattr(link, "seat", 0) > 0:
            self.seat = link.seat
        if self.role == "guest" and link is not None and link.ended and link is not self.ended:
            self.ended = link
            self.ends.append(link.ended)

    def _watch_reads(self, link):
        """Every observation this guest reads: (its number, the state then)."""
        read = link.observed

        def observed(table, *args):
            read(table, *args)
            self.reads.append((link.moves, table.state.key()))

        link.observed = observed

    def menu_to(self, items, want):
        """A key toward ``want`` on a menu of ``items``; True when chosen."""
        menu = self.s.screen.menu
        if items[menu.index] == want:
            return self.press("A")
        self.press("DOWN")
        return False

    def play(self):
        """The person's key, when it is their turn at a table."""
        t = self.s.screen
        st = t.state
        if st.is_over() or t.turns.waiting or not t.turns.my_turn():
            return
        key = st.key()
        if self.choice is None or self.choice[0] != key or not self.choice[1]:
            action = t.game.basic_policy(st.observe(t.me), self.s.app.rng)
            self.choice = (key, list(t.presses_for(action)))  # pressed one a frame
        keys = self.choice[1]
        if keys and self.press(keys[0]):
            keys.pop(0)


class LinkedGame:
    def __init__(self, game, players, guests, seed, cable=False, noise=0.0, cut=0.0,
                 half_open=False, reopen=0.0, kill_host=(), kill_guest=(), limit_s=900,
                 folder=None):  # fmt: skip
        self.game = game
        self.players = players
        self.guests_n = guests
        self.rng = random.Random(seed)
        self.net = link_mem.Net(cable, guests, noise, seed)
        self.cut = cut
        self.half_open = half_open
        self.reopen = reopen  # a guest closes its own link after a move it saw, so often
        self.reopened = 0
        self.kill_host = sorted(kill_host)
        self.kill_guest = sorted(kill_guest)
        self.limit = limit_s * 1000
        self.folder = folder or tempfile.mkdtemp(prefix="linkgame-")
        self.host = Console("host", os.path.join(self.folder, "host.bin"), seed, self.net)
        self.guests = [Console("guest", os.path.join(self.folder, "guest%d.bin" % k),
                               seed * 100 + k + 1, self.net, k)
                       for k in range(guests)]  # fmt: skip
        self.t = 0  # ms of the shared clock
        self.moves = 0  # the host's moves, as last seen
        self.at = 0  # ... since when
        self.counted = False  # that stretch counted as a stall
        self.seen = 0  # the moves after which cuts and kills were last thought of
        self.stalls = 0
        self.longest = 0
        self.cuts = 0
        self.resumes = []  # at each host restart: (moves, guests' highest, equal)
        self.rejoin_ms = []
        self.breaks = 0  # times a guest's link broke while it was there (each rejoin is timed)
        self.rejoined = []  # for each rejoin, whether the guest then held its seat's view exactly
        self.held = {}  # guest index -> how many observations it had read at each host restart
        self.broken = {}  # guest index -> ms its link broke (a rejoin is timed from it)
        self.down = None  # (ms the host comes back, moves) while it is off
        self.table = None  # the host's table, the last one seen
        self.refused = 0  # frames the host refused (its consoles before a restart too)
        self.hosting = None  # the host's link.host.Host, the last one seen

    # -- the shared clock ------------------------------------------------------------
    def tick(self):
        for c in [self.host] + self.guests:
            if c.s is not None:
                c.frame()
        self.t += FRAME

    def everyone(self, pred, frames):
        for _ in range(frames):
            if pred():
                return True
            self.tick()
        return pred()

    # -- getting there -----------------------------------------------------------------
    def _lobby(self):
        """Host game on the host, its setup; Join game on each guest; START
        once all have joined."""
        import games

        h = self.host
        for _ in range(3000):
            name = _name(h.s)
            if name == "Title":
                h.menu_to(h.s.screen.items, "Link play")
            elif name == "LinkMenu":
                h.menu_to(["Host game", "Join game"], "Host game")
            elif name == "GameMenu":
                idx = h.s.screen.menu.index
                if games.CATALOGUE[idx].ID == self.game:
                    h.press("A")
                else:
                    h.press("DOWN")
            elif name == "Setup":
                setup = h.s.screen
                if "players" in setup.rows and setup.players != self.players:
                    h.press("RIGHT")
                elif h.s.app.link.count() == self.guests_n:
                    h.press("START")
            elif name == "Table":
                return
            for g in self.guests:
                self._join(g)
            self.tick()
        raise AssertionError("never dealt: host at %s" % _name(h.s))

    def _join(self, g):
        name = _name(g.s)
        if name == "Title":
            g.menu_to(g.s.screen.items, "Link play")
        elif name == "LinkMenu":
            g.menu_to(["Host game", "Join game"], "Join game")

    # -- playing -----------------------------------------------------------------------
    def play(self):
        self._lobby()
        self.table = self.host.s.screen
        self.at = self.t
        while self.t < self.limit:
            if self._done():
                break
            self._step()
        return self.result()

    def _done(self):
        if self.down is not None or _name(self.host.s) != "Results":
            return False
        for g in self.guests:
            link = g.s.app.link
            if _name(g.s) != "Results" and not (link is not None and link.ended):
                return False
        return True

    def _step(self):
        if self.down is not None:
            if self.t >= self.down[0]:
                self._host_back()
        else:
            self._host_keys()
        for g in self.guests:
            self._guest_keys(g)
        self.tick()
        self._watch()

    def _host_keys(self):
        h = self.host
        name = _name(h.s)
        if name == "Rejoin":
            h.menu_to(["Wait for guests", "Computers play"], "Wait for guests")
            return
        if name == "Title":
            h.menu_to(h.s.screen.items, "Continue")
            return
        if name != "Table":
            return
        t = h.s.screen
        self.table = t
        host = h.s.app.link
        if host is not None:
            self.hosting = host
        n = t.record.n
        if n != self.seen:
            self.seen = n
            if self.kill_host and n >= self.kill_host[0] and not t.state.is_over():
                self.kill_host.pop(0)
                return self._host_off()
            if self.kill_guest and n >= self.kill_guest[0] and not t.state.is_over():
                self.kill_guest.pop(0)
                return self._guest_off(self.rng.randrange(self.guests_n))
            live = [p for p in host.peers.all if not p.gone and p.seat >= 0 and p.link]
            if live and self.cut and self.rng.random() < self.cut and not t.state.is_over():
                self._cut(host, self.rng.choice(live))
                return
        if host is not None and host.waiting() >= 0:
            return
        h.play()

    def _guest_keys(self, g):
        link = g.s.app.link
        if self.reopen and link is not None and link.link is not None and link.moves > g.seen:
            g.seen = link.moves
            if self.rng.random() < self.reopen and not g.s.screen.state.is_over():
                link.link.close()  # its own end: a socket closed, a cable's port reopened
                self.reopened += 1
                self._break(g.index)
        name = _name(g.s)
        if name in ("Title", "LinkMenu"):
            self._join(g)
        elif name == "Table":
            link = g.s.app.link
            if link is not None and link.ended and not g.s.screen.state.is_over():
                g.press("B")  # the person leaves, and joins again from the title
            else:
                g.play()
        elif name == "Join" and g.s.app.link is not None and g.s.app.link.ended:
            g.press("B")

    def _break(self, k):
        """Guest ``k``'s link breaks now (its rejoin is timed from the first
        break while it is away)."""
        if k is not None and k not in self.broken:
            self.broken[k] = self.t
            self.breaks += 1

    def _cut(self, host, p):
        self.cuts += 1
        self._break(self._guest_of(p.seat))
        if not p.link.cable and self.rng.random() < self.half_open:
            # one end breaks and the other never hears of it: the guest's (it
            # reads -1) or the host's (the guest hears silence)
            p.link.wire.half_open(self.rng.choice((link_mem.GUEST, link_mem.HOST)))
        else:
            host.peers.drop(p)  # the cable pulled, the socket closed

    def _guest_of(self, seat):
        for k, g in enumerate(self.guests):
            link = g.s.app.link
            if link is not None and getattr(link, "seat", -1) == seat:
                return k
        return None

    def _host_off(self):
        """A power cut at the host: its console stops, its links with it; it
        starts again from its store after 1-6 s."""
        self.refused += self.hosting.refused
        self.hosting = None
        self.down = (self.t + self.rng.randrange(1000, 6000), self.moves)
        for k, g in enumerate(self.guests):
            self.held.setdefault(k, []).append(len(g.reads))
        self.net.host_gone()
        self.host.s = None

    def _host_back(self):
        h = self.host
        was = self.down[1]
        self.down = None
        h.boot(self.t)
        for _ in range(400):  # Continue, Wait for guests: the person's keys
            if _name(h.s) == "Table":
                break
            self._host_keys()
            for g in self.guests:
                self._guest_keys(g)
            self.tick()
        t = h.s.screen
        assert _name(h.s) == "Table", _name(h.s)
        self.table = t
        got = [g.s.app.link.moves for g in self.guests if g.s.app.link is not None]
        most = max(got) if got else -1
        self.resumes.append({"killed_at": was, "resumed_at": t.record.n, "guests_held": most,
                             "host_moves": h.s.app.link.moves, "state": t.state.key()})  # fmt: skip
        self.moves = self.seen = t.record.n
        for k in range(self.guests_n):  # each guest's rejoin timed from when its host is back
            self._break(k)
            self.broken[k] = self.t

    def _guest_off(self, k):
        """A guest's console stops; it starts again from its store at once
        and joins its seat again."""
        g = self.guests[k]
        self._break(k)
        link = g.s.app.link
        if link is not None and link.link is not None:
            link.link.close()  # (its end: the host hears it close)
        g.boot(self.t)

    def _watch(self):
        t = self.table
        host = self.host.s.app.link if self.down is None else None
        if self.down is None and _name(self.host.s) == "Table":
            n = self.host.s.screen.record.n
        else:
            n = self.moves
        lost = self.down is not None or host is None or host.waiting() >= 0
        if n != self.moves or lost or (t is not None and t.state.is_over()):
            self.moves = n
            self.at = self.t
            self.counted = False
        elif self.t - self.at > STALL_MS and not self.counted:
            self.stalls += 1
            self.counted = True
        self.longest = max(self.longest, self.t - self.at)
        for k in list(self.broken):
            g = self.guests[k]
            link = g.s.app.link
            if (link is None or not link.seated or link.lost >= 0 or host is None
                    or host.waiting() >= 0 or link.moves != host.moves):  # fmt: skip
                continue
            self.rejoin_ms.append(self.t - self.broken.pop(k))
            seen = g.s.screen.state.key()  # what it holds back: exactly what its seat sees,
            shown = _last(g.s.screen.last) == _last(host.table.last)  # its pile as the host's
            self.rejoined.append(seen == host.table.state.observe(link.seat).key() and shown)

    # -- what happened -----------------------------------------------------------------
    def _held_again(self):
        """For each guest at each host restart: whether the first
        observation it read after it is the last it read before (the
        same number, the same view): nothing it saw taken back or hidden."""
        out = []
        for k, marks in self.held.items():
            reads = self.guests[k].reads
            for i in marks:
                if 0 < i < len(reads):
                    out.append(reads[i] == reads[i - 1])
        return out

    def result(self):
        from sim import linkplay

        t = self.table
        m = t.match
        st = t.state
        deal = m.new_state()
        host = {"setup": [m.info.ID, m.players, m.variant, m.starter,
                          m.key.hex() if m.key else m.deal],
                "moves": bytes(t.record.moves[: t.record.n]).hex(), "key": st.key()}  # fmt: skip
        guests = []
        for g in self.guests:
            guests.append({"seat": g.seat, "capture": b"".join(bytes(c) for c in g.captures).hex()})
        leaked, unmatched, replayed = linkplay.check(host, [g for g in guests if g["seat"] >= 0])
        return {
            "game": self.game,
            "players": self.players,
            "finished": self._done(),
            "over": st.is_over(),
            "cards_conserved": sorted(st.all_cards()) == sorted(deal.all_cards()),
            "replayed": replayed,
            "leaked_cards": leaked,
            "unmatched": unmatched,
            "moves": t.record.n,
            "links_cut": self.cuts,
            "refused": self.refused + (self.hosting.refused if self.hosting else 0),
            "stalls": self.stalls,
            "longest_ms": self.longest,
            "rejoin_ms": self.rejoin_ms,
            "breaks": self.breaks,
            # breaks not rejoined when the game ended: how long before its end each came
            "away_at_end": [self.t - t for t in self.broken.values()],
            "rejoined_exactly": self.rejoined,
            "held_again": self._held_again(),
            "reopened": self.reopened,
            "resumes": self.resumes,
            "noise_flipped": self.net.flipped(),
            "noise_inserted": self.net.inserted(),
            "seconds": self.t / 1000,
            "seats": sorted(g.seat for g in self.guests),
            "guests_ended": [e for g in self.guests for e in g.ends],
        }
