"""The hosting console against a guest made of raw frames on a TCP socket:
seats and tokens, observations, every kind of bad frame refused and
counted without a change to the game, a dropped link that pauses the
game for everyone until the guest comes back with its token (or its seat
goes to a computer), and late joiners refused politely."""

import socket
import time

import pytest

import games
import link_frame as lf
import link_host
import link_obs
import link_peers
from match import GUEST, NORMAL
from sim.headless import Session


class RawGuest:
    """A guest console reduced to its frames."""

    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        self.sock.setblocking(False)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # no Nagle wait
        self.dec = lf.Decoder()
        self.seq = 0
        self.frames = []  # (kind, seat, payload)
        self.buf = bytearray(lf.MAX_FRAME)

    def send(self, kind, payload=b"", seat=lf.NO_SEAT, seq=None, version=None):
        n = lf.put(self.buf, kind, seat, self.seq if seq is None else seq, payload, len(payload))
        if version is not None:  # another firmware's frame, its checks made right
            from save_store import crc16

            self.buf[1] = version
            self.buf[6] = lf._check(self.buf)
            crc = crc16(self.buf, n - 3, 0xFFFF, 1)
            self.buf[n - 2] = crc >> 8
            self.buf[n - 1] = crc & 0xFF
        try:
            self.sock.sendall(bytes(self.buf[:n]))
        except OSError:  # the host closed this link
            pass
        self.seq += 1

    def read(self):
        try:
            data = self.sock.recv(65536)
        except OSError:  # nothing waiting, or closed
            return
        i = 0
        while i < len(data) or self.dec.ready:
            i += self.dec.feed(data, len(data) - i, i)
            if not self.dec.ready:
                break
            d = self.dec
            self.frames.append((d.kind, d.seat, bytes(d.buf[lf.PAYLOAD : lf.PAYLOAD + d.n])))

    def kinds(self):
        return [k for k, _, _ in self.frames]

    def moves(self):
        """The number of the last observation received (the host's moves)."""
        obs = [p for k, _, p in self.frames if k == lf.OBS]
        return obs[-1][2] << 8 | obs[-1][3] if obs else 0

    def act(self, action, seat, moves=None, **kw):
        """An ACTION: the action, and the observation it was chosen on (the
        last received, unless ``moves`` says)."""
        m = self.moves() if moves is None else moves
        self.send(lf.ACTION, bytes([action, m >> 8, m & 0xFF]), seat=seat, **kw)


def _run(s, guests, frames=5):
    for i in range(frames):
        s.frame()
        time.sleep(0.002)
        for g in guests:
            g.read()
            if i % 20 == 19:  # a guest says it is there (the host drops the silent),
                m = g.moves()  # and which observation it has
                g.send(lf.PING, bytes([m >> 8, m & 0xFF]))


@pytest.fixture
def hosted():
    """A host in its setup (Elevator, 4 players) with one raw guest joined."""
    s = Session(seed=5, pace_ms=0)
    s.hw.link = ("host", 0)
    s.app.to_title()
    s.wait_guard()
    items = s.screen.items
    assert "Link play" in items
    while items[s.screen.menu.index] != "Link play":
        s.press("DOWN")
    s.press("A")
    assert s.screen.menu.index == 0  # Host game
    s.press("A")
    host = s.app.link
    assert type(host).__name__ == "Host"  # (a linked game lets go of link_host: a new one)
    while games.CATALOGUE[s.screen.menu.index].ID != "elevator":
        s.press("DOWN")
    s.press("A")
    g = RawGuest(host.hub.port)
    g.send(lf.HELLO, bytes(4))
    _run(s, [g], 20)
    assert len(host.joined()) == 1
    assert "1 JOINED" in s.screen.help.text()
    yield s, host, g
    g.sock.close()


def _start(s, host, g):
    s.press("START", settle=False)
    _run(s, [g], 10)
    table = s.screen
    assert type(table).__name__ == "Table"
    assert table.match.kind(1) == GUEST
    seat_frames = [f for f in g.frames if f[0] == lf.SEAT]
    assert seat_frames, g.kinds()
    p = seat_frames[-1][2]
    seat = p[0]
    token = p[5:9]
    assert seat == 1 and p[1] == table.game.INFO.SAVE_ID and p[2] == table.match.players
    return table, seat, token


def _last_obs(table, g, seat):
    obs = [f for f in g.frames if f[0] == lf.OBS]
    assert obs
    blank = table.state._blank()
    payload = obs[-1][2]
    assert link_obs.Reader(blank).read(payload, 4, len(payload) - 4)
    return blank


def test_a_guest_is_seated_and_sent_only_what_its_seat_sees(hosted):
    s, host, g = hosted
    table, seat, _ = _start(s, host, g)
    obs = _last_obs(table, g, seat)
    assert obs.key() == table.state.observe(seat).key()
    for other in range(table.match.players):  # no card of another hand, nor the stock's order
        if other != seat:
            assert obs.hands[other].to_list() == []
    assert list(obs.deck[: obs.deck_n]) == [0] * obs.deck_n


def test_a_linked_game_is_dealt_from_a_key_that_never_leaves_the_host(hosted):
    # A deal number has 2**30 values: a guest tried them all against its
    # first cards in under a minute and knew every hand. A linked game is
    # dealt from 64 random bits instead, which no frame carries.
    s, host, g = hosted
    table, seat, _ = _start(s, host, g)
    m = table.match
    assert m.deal == 0 and isinstance(m.key, bytes) and len(m.key) == 8
    assert table.state.deal == m.key  # dealt from it (engine.keyed)
    dealt = m.new_state()
    assert dealt.hands[0].to_list() == m.again(0, 0, m.key).new_state().hands[0].to_list()
    sent = b"".join(p for _, _, p in g.frames)
    assert m.key not in sent and m.key[:4] not in sent
    assert table.state.observe(seat).deal == 0  # what the frames are made of


def test_bad_frames_are_refused_counted_and_change_nothing(hosted):
    s, host, g = hosted
    table, seat, _ = _start(s, host, g)
    for _ in range(400):  # to the guest's turn (the host's own seat played by its autopilot)
        if table.state.current_player() == seat:
            break
        if table.turns.my_turn():  # the host's own seat, by presses (no settling: the guest pings)
            st = table.state
            for k in table.presses_for(table.game.basic_policy(st.observe(0), s.app.rng)):
                s.press(k, settle=False)
                _run(s, [g], 2)
        _run(s, [g], 2)
    assert table.state.current_player() == seat
    key = table.state.key()
    legal = table.state.legal_list()
    illegal = [c for c in range(table.state.ncards) if c not in legal][0]
    before = host.refused
    m = g.moves()
    g.frames = []
    g.act(legal[0], seat, m, version=lf.VERSION + 1)  # another version
    g.act(legal[0], 2, m)  # for another seat (forged)
    g.act(illegal, seat, m)  # against the rules
    g.send(lf.ACTION, bytes([legal[0], m >> 8, m & 0xFF, 0]), seat=seat)  # malformed
    g.send(lf.OBS, bytes(3), seat=seat)  # a kind a guest never sends
    g.sock.sendall(b"\xc5\x02\x04\x01\x00\xf9\x00" + bytes(250))  # oversized: the decoder's
    g.act(illegal, seat, m, seq=g.seq - 1)  # a replay
    _run(s, [g], 20)
    refusals = [f[2][0] for f in g.frames if f[0] == lf.REFUSE]
    assert sorted(refusals) == sorted([link_host.OTHER, link_host.SEAT, link_host.ILLEGAL,
                                       link_host.BAD, link_host.BAD, link_host.REPLAY])  # fmt: skip
    assert host.refused - before == 6
    assert table.state.key() == key  # nothing changed
    assert host.peers.all[0].dec.big >= 1 or host.peers.all[0].dec.bad >= 1
    g.act(legal[0], seat, m)  # a good one is played
    _run(s, [g], 20)
    d = host.peers.all[0].dec
    assert table.state.key() != key, (
        g.frames[-3:],
        host.refused,
        host.want[seat],
        d.pos,
        d.need,
        d.bad,
        d.big,
        d.junk,
        host.peers.all[0].seq,
        g.seq,
    )


def _to_the_guests_turn(s, host, g, seat):
    table = s.screen
    for _ in range(400):
        if table.state.current_player() == seat:
            return table
        if table.turns.my_turn():
            st = table.state
            for k in table.presses_for(table.game.basic_policy(st.observe(0), s.app.rng)):
                s.press(k, settle=False)
                _run(s, [g], 2)
        _run(s, [g], 2)
    raise AssertionError("never the guest's turn")


def test_a_guest_behind_is_sent_the_last_observation_again(hosted):
    # a frame damaged on the way is dropped whole: a guest that says it has
    # an older observation than the last (its PING) gets the last again,
    # at most once a _RESEND_MS however often it asks
    s, host, g = hosted
    _, seat, _ = _start(s, host, g)
    _to_the_guests_turn(s, host, g, seat)
    assert host.moves > 0
    g.frames = []
    g.send(lf.PING, bytes([0, 0]), seat=seat)  # "I have observation 0"
    g.send(lf.PING, bytes([0, 0]), seat=seat)  # again at once: not sent twice
    _run(s, [g], 10)
    obs = [p for k, _, p in g.frames if k == lf.OBS]
    assert len(obs) == 1 and (obs[0][2] << 8 | obs[0][3]) == host.moves
    assert host.resent == 1 and host.refused == 0
    m = host.moves
    g.frames = []
    g.send(lf.PING, bytes([m >> 8, m & 0xFF]), seat=seat)  # up to date: nothing sent
    _run(s, [g], 10)
    assert lf.OBS not in g.kinds()


def test_an_action_sent_again_is_played_once_and_an_old_one_never(hosted):
    # a guest sends its action again until an observation answers it (its
    # first, or the answer, may be lost): the host plays it once; an action
    # chosen on an observation already past is not played nor refused, and
    # its guest is sent the last observation
    s, host, g = hosted
    table, seat, _ = _start(s, host, g)
    table = _to_the_guests_turn(s, host, g, seat)
    m = host.moves
    a = table.game.basic_policy(table.state.observe(seat), s.app.rng)
    n = table.record.n
    g.act(a, seat, m - 1)  # on an old observation
    _run(s, [g], 10)
    assert table.record.n == n and host.stale == 1 and host.refused == 0
    g.act(a, seat, m)
    g.act(a, seat, m)  # the same, sent again before the host played it
    _run(s, [g], 10)
    assert table.record.n > n and table.record.moves[n] == a
    g.act(a, seat, m)  # again after: stale, the last observation sent
    _run(s, [g], 10)
    assert host.refused == 0 and host.stale == 2
    assert (
        table.record.moves[n] == a
        and list(table.record.moves[n + 1 : table.record.n]).count(a) <= 1
    )


def test_a_dropped_guest_pauses_the_game_and_comes_back_with_its_token(hosted):
    s, host, g = hosted
    table, seat, token = _start(s, host, g)
    g.sock.close()
    _run(s, [], 10)
    assert host.waiting() == seat
    key = table.state.key()
    moves = table.record.n
    for k in ("A", "LEFT", "A", "B", "DOWN"):  # keys but SELECT and START do nothing while it waits
        s.press(k, settle=False)
        _run(s, [], 20)
    assert table.state.key() == key and table.record.n == moves
    assert "LOST" in table.view.msg.text()
    late = RawGuest(host.hub.port)  # another console, without the token: politely no
    late.send(lf.HELLO, bytes(4))
    _run(s, [late], 20)
    assert (lf.BYE, link_host.LATE) in [(k, p[0]) for k, _, p in late.frames]
    back = RawGuest(host.hub.port)
    back.send(lf.HELLO, token)
    _run(s, [back], 20)
    assert host.waiting() < 0 and host.resumed == 1, (
        back.frames,
        [(o.seat, o.token, o.gone) for o in host.peers.all],
        token.hex(),
    )
    # back in its seat: its seat and token, what it sees, and that the game goes on
    # (docs/link.md, "A guest comes back")
    assert [k for k in back.kinds() if k != lf.PING][:3] == [lf.SEAT, lf.OBS, lf.RESUME]
    obs = _last_obs(table, back, seat)
    assert obs.key() == table.state.observe(seat).key()  # the exact state back
    back.sock.close()
    _run(s, [], 10)
    assert host.waiting() == seat
    s.press("SELECT", settle=False)  # a computer takes the seat
    _run(s, [], 10)
    assert host.waiting() < 0 and table.match.kinds[seat] == NORMAL


def test_the_hosts_save_resumes_the_game_with_computers_in_the_guests_seats(tmp_path):
    """The host's own save keeps a linked game (its guests' seats saved as
    linked); Continue resumes it exactly, a computer in each such seat."""
    nvm = str(tmp_path / "nvm.bin")
    s = Session(seed=5, pace_ms=0, nvm_path=nvm)
    s.hw.link = ("host", 0)
    s.app.to_title()
    s.wait_guard()
    while s.screen.items[s.screen.menu.index] != "Link play":
        s.press("DOWN")
    s.press("A")
    s.press("A")  # Host game
    host = s.app.link
    while games.CATALOGUE[s.screen.menu.index].ID != "roller-coaster":
        s.press("DOWN")
    s.press("A")
    g = RawGuest(host.hub.port)
    g.send(lf.HELLO, bytes(4))
    _run(s, [g], 20)
    table, seat, _ = _start(s, host, g)
    assert table.turns.my_turn()  # the host's seat starts: a move, so there is a game to keep
    st = table.state
    for k in table.presses_for(table.game.basic_policy(st.observe(0), s.app.rng)):
        s.press(k, settle=False)
        _run(s, [g], 2)
    _run(s, [g], 10)
    assert table.record.n >= 1
    key = table.state.key()
    s.press("START", settle=False)  # the pause menu: the game is written
    _run(s, [g], 10)
    assert type(s.screen).__name__ == "Pause" and s.app.saves.has_game()
    g.sock.close()
    back = Session(seed=6, pace_ms=0, nvm_path=nvm)  # the host, powered up again
    assert back.screen.items[0] == "Continue"
    match, state, _ = back.app.saves.saved_game()
    assert state.key() == key and match.kinds[seat] == GUEST  # kept as it was
    back.press("A", settle=False)
    t = back.screen
    assert type(t).__name__ == "Table" and t.link is None
    assert not t.match.has(GUEST) and t.match.kinds[seat] == NORMAL
    from sim import autopilot

    assert autopilot.play_to_results(back)  # a computer plays the guest's seat


def test_the_pause_menu_keeps_the_guests(hosted):
    """The app polls the link whatever the screen: four seconds in the
    host's pause menu, the guest pinged and was pinged, and stays seated."""
    s, host, g = hosted
    _start(s, host, g)
    s.press("START", settle=False)
    assert type(s.screen).__name__ == "Pause"
    g.frames = []
    _run(s, [g], 200)  # 4 s of the board's clock
    assert lf.PING in g.kinds()
    s.press("START", settle=False)
    _run(s, [g], 5)
    assert host.waiting() < 0 and host.cut == 0 and not host.peers.all[0].gone


def test_a_token_says_nothing_of_the_deal(hosted):
    """Tokens come from the board's random source, not the deals' generator
    (from which a guest could work back to the deal): the same seeds give
    other tokens."""
    s, host, g = hosted
    _, _, token = _start(s, host, g)
    from engine.prng import Prng

    rng = Prng(s.hw.entropy())  # what the app's generator could have said
    said = [rng.below(0x3FFFFFFF) + 1 for _ in range(8)]
    assert int.from_bytes(token, "big") not in said


def test_late_joiners_do_not_pile_up_and_a_host_is_never_nested_deep(hosted):
    s, host, g = hosted
    _start(s, host, g)
    for _ in range(40):  # consoles joining late, one after another
        late = RawGuest(host.hub.port)
        late.send(lf.HELLO, bytes(4))
        _run(s, [late], 3)
        late.sock.close()
    _run(s, [g], 10)
    assert len(host.peers.all) <= 2 and host.waiting() < 0


def test_after_a_linked_game_the_next_deal_plays_with_computers(hosted):
    """At the results the link has gone; A deals again at the same table,
    the guests' seats now computers (no link to wait for)."""
    s, host, g = hosted
    table, seat, _ = _start(s, host, g)
    for _ in range(4000):
        if type(s.screen).__name__ != "Table":
            break
        t = s.screen
        st = t.state
        if st.is_over():  # the guest says it has the end (the results wait for it)
            m = g.moves()
            g.send(lf.PING, bytes([m >> 8, m & 0xFF]))
            _run(s, [g], 5)
            continue
        if t.turns.my_turn():
            for k in t.presses_for(t.game.basic_policy(st.observe(0), s.app.rng)):
                s.press(k, settle=False)
                _run(s, [g], 1)
        elif st.current_player() == seat and host.want[seat] == 255:
            g.act(t.game.basic_policy(st.observe(seat), s.app.rng), seat)
        _run(s, [g], 2)
    _run(s, [g], 60)
    assert type(s.screen).__name__ == "Results" and s.app.link is None
    assert (lf.BYE, 0) in [(k, p[0]) for k, _, p in g.frames if p]  # told: game over
    s.press("A")  # a new deal
    assert type(s.screen).__name__ == "Table" and s.screen.link is None
    assert not s.screen.match.has(GUEST)  # computers in the guests' seats
    from sim import autopilot

    assert autopilot.play_to_results(s)


class CableEnd:
    """A UART's end on the host: it never says the other board went."""

    name = "UART0"

    def __init__(self):
        self.inbox = bytearray()
        self.closed = False
        self.fail = False
        self.depth = 0

    def recv_into(self, buf, start=0):
        if self.closed:
            return -1
        n = min(len(buf) - start, len(self.inbox))
        buf[start : start + n] = self.inbox[:n]
        del self.inbox[:n]
        return n

    def send(self, buf, n):
        import sys

        f, d = sys._getframe(), 0
        while f:
            d += 1
            f = f.f_back
        self.depth = max(self.depth, d)
        return not self.closed and not self.fail

    def close(self):
        self.closed = True


class Cables:
    def __init__(self, ends):
        self.ends = list(ends)

    def accept(self):
        return self.ends.pop(0) if self.ends else None

    def close(self):
        pass


def test_a_cable_waits_in_the_lobby_for_its_guest():
    """A UART is offered once: a guest that joins seconds after the host
    reached its setup still joins (the cable is never closed for quiet)."""
    end = CableEnd()
    h = link_host.Host(Session(seed=1).hw, Cables([end]))
    for now in range(0, 4000, 20):  # four quiet seconds
        h.poll(now)
    buf = bytearray(lf.MAX_FRAME)
    end.inbox += buf[: lf.put(buf, lf.HELLO, lf.NO_SEAT, 0, bytes(4), 4)]
    for now in range(4000, 4200, 20):
        h.poll(now)
    assert not end.closed and h.count() == 1


def test_links_failing_together_do_not_nest_calls(hosted):
    """Every guest's link failing at once (Wi-Fi gone) is marked, and said
    once after: no send -> drop -> send chain deep enough to overflow a
    board's 2 KB Python stack."""
    import sys

    s, host, g = hosted
    table, seat, _ = _start(s, host, g)
    ends = [CableEnd() for _ in range(10)]
    for i, e in enumerate(ends):
        p = link_peers.Peer(e, 0)
        p.seat, p.hello = 2 + (i % 2), True
        host.peers.all.append(p)
        e.fail = True
    f, base = sys._getframe(), 0
    while f:
        base += 1
        f = f.f_back
    host.sync()
    assert max(e.depth for e in ends) - base <= 4
    assert all(p.gone for p in host.peers.all[1:])


class _Clock:
    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now

    def link_join(self):
        return None


class _Line:
    """A link's end as a guest console sees it: what the host sent waits in
    ``inbox``; what the guest sends is kept, frame by frame."""

    name = "LINE"

    def __init__(self):
        self.inbox = bytearray()
        self.out = bytearray()

    def recv_into(self, buf, start=0):
        n = min(len(self.inbox), len(buf) - start)
        buf[start : start + n] = self.inbox[:n]
        del self.inbox[:n]
        return n

    def send(self, buf, n):
        self.out += buf[:n]
        return True

    def close(self):
        pass

    def frames(self):
        """(kind, payload) of every frame the guest sent since the last call."""
        dec = lf.Decoder()
        got = []
        i = 0
        data = bytes(self.out)
        self.out = bytearray()
        while i < len(data) or dec.ready:
            i += dec.feed(data, len(data) - i, i)
            if not dec.ready:
                break
            got.append((dec.kind, bytes(dec.buf[lf.PAYLOAD : lf.PAYLOAD + dec.n])))
        return got


def _host_says(line, kind, payload):
    buf = bytearray(lf.MAX_FRAME)
    line.inbox += buf[: lf.put(buf, kind, 1, 0, payload, len(payload))]


def test_a_guest_sends_its_action_again_and_asks_for_what_it_missed():
    import link_guest

    hw, line = _Clock(), _Line()
    g = link_guest.Guest(hw, line, 0)
    assert [k for k, _ in line.frames()] == [lf.HELLO]
    # its SEAT lost on the way: the host's PING says the game has started
    _host_says(line, lf.PING, bytes([0, 0, 255, 1]))
    g.poll(hw.now)
    assert [k for k, _ in line.frames()] == [lf.HELLO]  # asked again
    g.seat = 1
    g.moves = 7
    g.act(12)
    assert line.frames() == [(lf.ACTION, bytes([12, 0, 7]))]
    for hw.now in range(20, 780, 20):  # answered soon: nothing more
        g.poll(hw.now)
    assert [k for k, _ in line.frames()] == []
    hw.now = 900  # unanswered: sent again, on the same observation
    g.poll(hw.now)
    assert line.frames() == [(lf.ACTION, bytes([12, 0, 7]))] and g.resent == 1
    # the host's PING says it has observation 9: this console asks for it
    _host_says(line, lf.PING, bytes([0, 9, 255, 1]))
    hw.now = 1400
    g.poll(hw.now)
    assert (lf.PING, bytes([0, 7])) in line.frames() and g.resent == 2
