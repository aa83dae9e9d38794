"""The hosting console against a guest made of raw frames, on links in
memory (``sim.link_mem``) and the board's clock, which the test drives:
seats and tokens, observations, every kind of bad frame refused and
counted without a change to the game, a dropped link that pauses the
game for everyone until the guest comes back and proves its token (or
its seat goes to a computer), a replayed HELLO that opens nothing, and
late joiners refused politely."""

import sys

import pytest

import games
from link import frame as lf
from link import host as link_host
from link import obs as link_obs
from link import peers, proof
from link.reader import Reader
from match import GUEST, NORMAL
from sim import link_mem
from sim.headless import Session


class _Sock:
    """A guest's end of a link in memory, as the socket it stands for."""

    def __init__(self, end):
        self.end = end
        self.buf = bytearray(4096)

    def sendall(self, data):
        if not self.end.send(data, len(data)):
            raise OSError("closed")

    def recv(self, n):
        k = self.end.recv_into(self.buf)
        if k <= 0:
            raise OSError("nothing" if k == 0 else "closed")
        return bytes(self.buf[:k])

    def close(self):
        self.end.close()


class RawGuest:
    """A guest console reduced to its frames."""

    def __init__(self, hub):
        self.sock = _Sock(hub.net.join())
        self.dec = lf.Decoder()
        self.seq = 0
        self.frames = []  # (kind, seat, payload)
        self.buf = bytearray(lf.MAX_FRAME)

    def send(self, kind, payload=b"", seat=lf.NO_SEAT, seq=None, version=None):
        n = lf.put(self.buf, kind, seat, self.seq if seq is None else seq, payload, len(payload))
        if version is not None:  # another firmware's frame, its checks made right
            from saves.store import crc16

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

    def ack(self):
        """PING: the number of the last observation it has."""
        m = self.moves()
        self.send(lf.PING, bytes([m >> 8, m & 0xFF]))

    def rejoin(self, s, seat, token, have=0xFFFF):
        """Back to ``seat``: HELLO with it, then the host's challenge
        answered with ``token`` (the token itself never sent). Returns the
        answer's payload (what a listener on the wire saw)."""
        self.send(lf.HELLO, bytes([seat]))
        _run(s, [self], 3)
        asked = [p for k, _, p in self.frames if k == lf.CHALLENGE]
        assert asked, self.kinds()
        answer = bytearray(7)
        answer[0] = seat
        proof.sign(token, asked[-1], 0, answer, 1)
        answer[5:7] = bytes([have >> 8, have & 0xFF])
        self.send(lf.HELLO, bytes(answer))
        return bytes(answer)


def _net(hw):
    """Links in memory for ``hw``'s app: what it hosts on (``hw.link_host``)."""
    net = link_mem.Net()
    hw.link = ("host", 0)
    hw.link_host = net.listen
    return net


def _run(s, guests, frames=5):
    """``frames`` frames of the host's, each guest reading what came and
    saying back each observation it read, as a guest console does."""
    for i in range(frames):
        s.frame()
        for g in guests:
            had = len(g.frames)
            g.read()
            if lf.OBS in [k for k, _, _ in g.frames[had:]]:
                g.ack()
            if i % 20 == 19:  # a guest says it is there (the host drops the silent),
                m = g.moves()  # and which observation it has
                g.send(lf.PING, bytes([m >> 8, m & 0xFF]))


@pytest.fixture
def hosted():
    """A host in its setup (Elevator, 4 players) with one raw guest joined."""
    s = Session(seed=5, pace_ms=0)
    _net(s.hw)
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
    assert type(host).__name__ == "Host"  # (a linked game lets go of link.host: a new one)
    while games.CATALOGUE[s.screen.menu.index].ID != "elevator":
        s.press("DOWN")
    s.press("A")
    g = RawGuest(host.hub)
    g.send(lf.HELLO)
    _run(s, [g], 20)
    assert len(host.joined()) == 1
    assert "1 JOINED" in s.screen.help.text()
    assert "link.lobby" in sys.modules  # (the HELLO it answered)
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
    token = p[5:13]
    assert seat == 1 and p[1] == table.game.INFO.SAVE_ID and p[2] == table.match.players
    assert "link.lobby" not in sys.modules  # let go as the game loaded: a game has no lobby
    return table, seat, token


def _last_obs(table, g, seat):
    obs = [f for f in g.frames if f[0] == lf.OBS]
    assert obs
    blank = table.state._blank()
    payload = obs[-1][2]
    assert Reader(blank).read(payload, link_obs.HEAD, len(payload) - link_obs.HEAD)
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
    assert sorted(refusals) == sorted([lf.OTHER, lf.ANOTHER_SEAT, lf.ILLEGAL,
                                       lf.BAD, lf.BAD, lf.REPLAY])  # fmt: skip
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


def test_the_host_waiting_for_a_guest_offers_no_skip_ahead(hosted):
    """Issue 38, item 7: A hurries this console's computers; while a
    guest's console plays, the key line says who the game waits for."""
    s, host, g = hosted
    _start(s, host, g)
    table = _to_the_guests_turn(s, host, g, 1)
    _run(s, [g], 2)
    assert table.view.help.text().strip() == "WAITING FOR P2  START MENU"


def test_a_guest_behind_is_sent_the_last_observation_again(hosted):
    # a frame damaged on the way is dropped whole: a guest that says it has
    # an older observation than the last (its PING) gets the last again,
    # at most once a _RESEND_MS however often it asks, until it says it has it
    s, host, g = hosted
    _, seat, _ = _start(s, host, g)
    _to_the_guests_turn(s, host, g, seat)
    assert host.moves > 0
    every = link_host._RESEND_MS // 20  # frames of 20 ms
    _run(s, [g], every + 1)  # (the guest has said it has the last: nothing is due)
    g.frames = []
    resent = host.resent
    for _ in range(3):  # "I have observation 0", three times at once: sent once
        g.send(lf.PING, bytes([0, 0]), seat=seat)
    s.frame()
    g.read()
    obs = [p for k, _, p in g.frames if k == lf.OBS]
    assert len(obs) == 1 and (obs[0][2] << 8 | obs[0][3]) == host.moves
    assert host.resent == resent + 1 and host.refused == 0
    for _ in range(2 * every + 2):  # not said back: sent again every _RESEND_MS, no more often
        s.frame()
        g.read()
    obs = [p for k, _, p in g.frames if k == lf.OBS]
    assert len(obs) == 3, len(obs)
    g.ack()  # said back: no more
    _run(s, [g], 5)
    n = len([k for k in g.kinds() if k == lf.OBS])
    _run(s, [g], 20)
    assert len([k for k in g.kinds() if k == lf.OBS]) == n
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
    assert table.record.moves[n] == a
    if a < table.state.ncards:  # a card goes down once (a pass is any seat's to make again:
        # the deal is the link's random key, and two other seats' passes once failed a count)
        assert a not in table.record.moves[n + 1 : table.record.n]


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
    late = RawGuest(host.hub)  # another console, without the token: politely no
    late.send(lf.HELLO)
    _run(s, [late], 20)
    assert (lf.BYE, lf.LATE) in [(k, p[0]) for k, _, p in late.frames]
    back = RawGuest(host.hub)
    back.rejoin(s, seat, token)
    _run(s, [back], 20)
    assert host.waiting() < 0 and host.resumed == 1, (
        back.frames,
        [(o.seat, o.token, o.gone) for o in host.peers.all],
        token.hex(),
    )
    # back in its seat: its seat (the token not sent again: it proved it has it), what
    # it sees, and that the game goes on (docs/link.md, "A guest comes back")
    assert [k for k in back.kinds() if k not in (lf.PING, lf.CHALLENGE)][:3] == [
        lf.SEAT, lf.OBS, lf.RESUME]  # fmt: skip
    assert [p[5:13] for k, _, p in back.frames if k == lf.SEAT] == [bytes(8)]
    obs = _last_obs(table, back, seat)
    assert obs.key() == table.state.observe(seat).key()  # the exact state back
    back.sock.close()
    _run(s, [], 10)
    assert host.waiting() == seat
    _give_to_a_computer(s, host, table, seat)


def _give_to_a_computer(s, host, table, seat):
    """Finding 6: SELECT gave a gone guest's seat to a computer, whatever
    the key line said. Now SELECT does nothing while the game waits; the
    pause menu has the choice, made twice."""
    s.press("SELECT", settle=False)
    _run(s, [], 10)
    assert host.waiting() == seat and table.match.kinds[seat] == GUEST
    assert "START" in table.view.help.text() and "SELECT" not in table.view.help.text()
    s.press("START", settle=False)
    _run(s, [], 5)
    pause = s.screen
    item = "P%d to a computer" % (seat + 1)
    assert pause.menu.items[-1] == item
    while pause.menu.index != len(pause.menu.items) - 1:
        s.press("DOWN", settle=False)
    s.press("A", settle=False)  # once: asked to be sure
    assert pause.menu.items[-1].startswith("Sure?") and host.waiting() == seat
    s.press("DOWN", settle=False)  # anything else: not sure
    assert pause.menu.items[-1] == item
    s.press("UP", settle=False)
    s.press("A", settle=False)
    s.press("A", settle=False)  # twice: done, and back at the table
    _run(s, [], 10)
    assert s.screen is table and host.waiting() < 0 and table.match.kinds[seat] == NORMAL
    assert "COMPUTER PLAYS ON" in table.view.msg.text()


def test_a_silent_guest_is_said_lost_within_3_s_without_a_key(hosted):
    """Finding 6: the host showed the old message line 35 s after its guest
    went; "LOST" came only with the pause menu. Now the line changes on its
    own, within 3 s of the guest's last frame."""
    s, host, g = hosted
    table, seat, _ = _start(s, host, g)
    _run(s, [g], 40)  # the guest's last PING is at frame 39
    t0 = s.hw.ticks_ms()
    for _ in range(200):
        _run(s, [], 1)
        if "LOST" in table.view.msg.text():
            break
    took = s.hw.ticks_ms() - t0
    assert "LINK TO P%d LOST" % (seat + 1) in table.view.msg.text() and took <= 3000, took


def _hosting(nvm, game_id):
    """A host (its store in ``nvm``) at ``game_id``'s setup, one raw guest joined."""
    s = Session(seed=5, pace_ms=0, nvm_path=nvm)
    _net(s.hw)
    s.app.to_title()
    s.wait_guard()
    while s.screen.items[s.screen.menu.index] != "Link play":
        s.press("DOWN")
    s.press("A")
    s.press("A")  # Host game
    host = s.app.link
    while games.CATALOGUE[s.screen.menu.index].ID != game_id:
        s.press("DOWN")
    s.press("A")
    g = RawGuest(host.hub)
    g.send(lf.HELLO)
    _run(s, [g], 20)
    return s, host, g


def _my_move(s, table, guests):
    st = table.state
    for k in table.presses_for(table.game.basic_policy(st.observe(0), s.app.rng)):
        s.press(k, settle=False)
        _run(s, guests, 2)
    _run(s, guests, 10)


def _play_out(s, host, g, seat, frames=4000):
    """The game to its results, ``g`` playing ``seat`` by the basic policy."""
    for _ in range(frames):
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
    return type(s.screen).__name__ == "Results"


def test_the_hosts_save_resumes_the_game_with_computers_in_the_guests_seats(tmp_path):
    """The host's own save keeps a linked game (its guests' seats saved as
    linked); Continue, then Computers play, resumes it exactly with a
    computer in each such seat."""
    nvm = str(tmp_path / "nvm.bin")
    s, host, g = _hosting(nvm, "roller-coaster")
    table, seat, _ = _start(s, host, g)
    assert table.turns.my_turn()  # the host's seat starts: a move, so there is a game to keep
    _my_move(s, table, [g])
    assert table.record.n >= 1
    key = table.state.key()
    s.press("START", settle=False)  # the pause menu: the game is written
    _run(s, [g], 10)
    assert type(s.screen).__name__ == "Pause" and s.app.saves.has_game()
    g.sock.close()
    back = Session(seed=6, pace_ms=0, nvm_path=nvm)  # the host, powered up again
    _net(back.hw)
    assert back.screen.items[0] == "Continue"
    match, state, _ = back.app.saves.saved_game()
    assert state.key() == key and match.kinds[seat] == GUEST  # kept as it was
    back.press("A")
    assert type(back.screen).__name__ == "Rejoin"
    back.press("DOWN")
    back.press("A", settle=False)
    back.frame()
    t = back.screen
    assert type(t).__name__ == "Table" and t.link is None
    assert not t.match.has(GUEST) and t.match.kinds[seat] == NORMAL
    from sim import autopilot

    assert autopilot.play_to_results(back)  # a computer plays the guest's seat


def test_a_host_cut_off_while_it_waits_resumes_and_its_guest_comes_back(tmp_path):
    """Finding 4: nothing was saved while the host waited for a guest, and
    after a power cut the title offered no Continue. Now the wait is an
    idle point like any other: the game is kept with its guests' tokens;
    Continue, Wait for guests, and the guest's token gives it its seat
    back, the game exactly as it was, played on to its results."""
    nvm = str(tmp_path / "nvm.bin")
    s, host, g = _hosting(nvm, "elevator")
    table, seat, token = _start(s, host, g)
    if table.turns.my_turn():
        _my_move(s, table, [g])
    for _ in range(400):  # the guest plays while it is there, and goes on its turn
        st = table.state
        if st.current_player() == seat and host.want[seat] == 255:
            if table.record.n >= 2:
                break
            g.act(table.game.basic_policy(st.observe(seat), s.app.rng), seat)
        elif table.turns.my_turn():
            _my_move(s, table, [g])
        _run(s, [g], 2)
    assert table.state.current_player() == seat
    writes = s.app.saves.writes
    g.sock.close()  # the guest goes; the host's person leaves the keys alone
    _run(s, [], 10)
    assert host.waiting() == seat
    _run(s, [], 600)  # 12 s of the board's clock
    # kept: every move as it was made, the tokens with the game written whole after the deal
    assert s.app.saves.writes >= writes and not s.app.saves.dirty and s.app.saves.has_game()
    from link import saved as save_link
    from saves import keep

    assert keep._BY_HOST == save_link.BY_HOST  # the saves know it without loading link play
    assert save_link.seats(s.app.saves, save_link.BY_HOST) == [(seat, token)]
    key = table.state.key()
    back = Session(seed=6, pace_ms=0, nvm_path=nvm)  # power cut: up again
    _net(back.hw)
    assert back.screen.items[0] == "Continue"
    back.press("A")
    assert type(back.screen).__name__ == "Rejoin"
    back.press("A", settle=False)  # Wait for guests
    back.frame()
    t = back.screen
    host = back.app.link
    assert type(t).__name__ == "Table" and t.link is host and t.state.key() == key
    _run(back, [], 5)
    assert host.waiting() == seat and "LOST" in t.view.msg.text()
    g = RawGuest(host.hub)
    g.rejoin(back, seat, token)
    _run(back, [g], 20)
    assert host.waiting() < 0 and host.resumed == 1
    assert [k for k in g.kinds() if k not in (lf.PING, lf.CHALLENGE)][:2] == [lf.SEAT, lf.OBS]
    assert _last_obs(t, g, seat).key() == t.state.observe(seat).key()
    assert _play_out(back, host, g, seat)
    g.sock.close()


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
    assert len(token) == proof.TOKEN == 8  # 64 bits: no guess, no search
    assert int.from_bytes(token[:4], "big") & 0x3FFFFFFF not in said


def test_late_joiners_do_not_pile_up_and_a_host_is_never_nested_deep(hosted):
    s, host, g = hosted
    _start(s, host, g)
    for _ in range(40):  # consoles joining late, one after another
        late = RawGuest(host.hub)
        late.send(lf.HELLO)
        _run(s, [late], 3)
        late.sock.close()
        m = g.moves()  # (the seated guest still says it is there)
        g.send(lf.PING, bytes([m >> 8, m & 0xFF]))
    _run(s, [g], 10)
    assert len(host.peers.all) <= 2 and host.waiting() < 0


def test_after_a_linked_game_the_next_deal_plays_with_computers(hosted):
    """At the results the link has gone; A deals again at the same table,
    the guests' seats now computers (no link to wait for)."""
    s, host, g = hosted
    table, seat, _ = _start(s, host, g)
    assert _play_out(s, host, g, seat)
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
    cable = True

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
    end.inbox += buf[: lf.put(buf, lf.HELLO, lf.NO_SEAT, 0, b"", 0)]
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
        p = peers.Peer(e, 0)
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
    from link import guest as link_guest

    hw, line = _Clock(), _Line()
    g = link_guest.Guest(hw, line, 0)
    assert [k for k, _ in line.frames()] == [lf.HELLO]
    # its SEAT lost on the way: the host's PING says the game has started
    _host_says(line, lf.PING, bytes([0, 0, 255, 1]))
    g.poll(hw.now)
    assert [k for k, _ in line.frames()] == [lf.HELLO]  # asked again
    g.seat = 1  # (as a SEAT says)
    g.seated = True
    g.moves = 7
    g.act(12)
    assert line.frames() == [(lf.ACTION, bytes([12, 0, 7]))]
    every = link_guest._RESEND_MS
    for hw.now in range(20, every, 20):  # answered soon: nothing more
        g.poll(hw.now)
    assert [k for k, _ in line.frames()] == []
    hw.now = every + 20  # unanswered: sent again, on the same observation
    g.poll(hw.now)
    assert line.frames() == [(lf.ACTION, bytes([12, 0, 7]))] and g.resent == 1
    # the host's PING says it has observation 9: this console asks for it
    _host_says(line, lf.PING, bytes([0, 9, 255, 1]))
    hw.now = every + 120
    g.poll(hw.now)
    assert line.frames() == [(lf.PING, bytes([0, 7]))] and g.resent == 2


def _idle(s, hub, n):
    """``n`` connections that never say a word (a lobby held shut), four
    a frame."""
    socks = []
    for i in range(n):
        socks.append(_Sock(hub.net.join()))
        if i % 4 == 3:
            s.frame()
    return socks


def _closed(sock):
    """Whether the host closed ``sock`` (after whatever it sent first)."""
    buf = bytearray(4096)
    while True:
        k = sock.end.recv_into(buf)
        if k <= 0:
            return k < 0


def test_links_that_say_no_hello_are_closed_and_cannot_hold_the_lobby(hosted):
    """Finding 3: sixteen connections that never said HELLO held every slot
    and an honest guest saw NO HOST. Now each is closed ~2 s after it came,
    a flood never takes more than the links held at once, and a console
    that comes during it still joins."""
    s, host, g = hosted
    flood = _idle(s, host.hub, 20)
    _run(s, [g], 5)
    assert len(host.peers.all) <= peers._PEERS  # bounded, whatever knocks
    honest = RawGuest(host.hub)  # the oldest silent link makes room
    honest.send(lf.HELLO)
    _run(s, [g, honest], 10)
    assert host.count() == 2, [(p.hello, p.born) for p in host.peers.all]
    _run(s, [g, honest], 120)  # 2.4 s of the board's clock: the silent are let go
    assert len(host.peers.all) == 2 and host.count() == 2
    assert [i for i, c in enumerate(flood) if not _closed(c)] == []
    for c in flood:
        c.close()
    honest.sock.close()


def test_a_dropped_guest_finds_room_however_many_links_knock(hosted):
    """Finding 3: links that PING without a seat kept a dropped guest out
    and its seat went to a computer. Now the oldest link without a seat
    makes room, and the guest is back in its seat."""
    s, host, g = hosted
    table, seat, token = _start(s, host, g)
    g.sock.close()
    _run(s, [], 10)
    assert host.waiting() == seat
    pingers = []
    for i in range(16):
        p = RawGuest(host.hub)
        p.send(lf.PING, bytes(2))
        pingers.append(p)
        if i % 4 == 3:
            s.frame()
    _run(s, pingers, 5)
    assert len(host.peers.all) <= peers._PEERS
    back = RawGuest(host.hub)
    back.rejoin(s, seat, token)
    _run(s, [back] + pingers, 20)
    assert host.waiting() < 0 and host.resumed == 1 and table.match.kind(seat) == GUEST
    _run(s, [back], 120)  # the pingers never said HELLO: closed
    assert [p.seat for p in host.peers.all] == [seat]
    for p in pingers:
        p.sock.close()
    back.sock.close()


def _two_guests(hosted):
    s, host, g = hosted
    g2 = RawGuest(host.hub)
    g2.send(lf.HELLO)
    _run(s, [g, g2], 20)
    assert host.count() == 2
    table, seat, token = _start(s, host, g)
    _run(s, [g, g2], 5)
    seats = [f[2] for f in g2.frames if f[0] == lf.SEAT]
    return s, host, table, (g, seat, token), (g2, seats[-1][0], seats[-1][5:13])


def test_a_seated_link_cannot_move_into_another_seat(hosted):
    """Finding 5: a seated guest that said HELLO with a gone seat's token
    moved into it, leaving its own seat stalled. Now a link keeps the seat
    it has: a HELLO for another seat is refused, even with its token
    proved (a token seen at the grant), and neither seat changes hands."""
    s, host, table, (g, seat, token), (g2, seat2, token2) = _two_guests(hosted)
    assert seat != seat2
    g2.sock.close()
    _run(s, [g], 10)
    assert host.waiting() == seat2
    g.frames = []
    g.send(lf.HELLO)  # a seated console that asks again: its own seat, said again
    _run(s, [g], 10)
    assert [f[2][0] for f in g.frames if f[0] == lf.SEAT] == [seat]
    refused = host.refused
    g.frames = []
    g.rejoin(s, seat2, token2)  # the other seat's token, sniffed at its grant
    _run(s, [g], 10)
    assert host.refused == refused + 1 and (lf.REFUSE, lf.ANOTHER_SEAT) in [
        (k, p[0]) for k, _, p in g.frames
    ]
    assert host.waiting() == seat2 and [p.seat for p in host.peers.all if not p.gone] == [seat]
    owners = sorted(p.seat for p in host.peers.all)
    assert owners == sorted([seat, seat2])  # neither seat changed hands
    g.sock.close()


def test_a_replayed_hello_from_the_wire_gets_no_seat(hosted):
    """Finding: a token seen on the wire took the seat after a drop and
    locked its owner out. Now a returning guest proves its token by
    answering the host's challenge, and the token never goes on the wire
    again: the answer a listener saw, replayed on a new link, meets
    another challenge and opens nothing; its owner comes back still."""
    s, host, g = hosted
    table, seat, token = _start(s, host, g)
    g.sock.close()
    _run(s, [], 10)
    back = RawGuest(host.hub)
    seen = back.rejoin(s, seat, token)  # what a listener on the wire saw
    _run(s, [back], 20)
    assert host.waiting() < 0 and host.resumed == 1
    sent = b"".join(p for _, _, p in back.frames)
    assert token not in sent  # (the guest's frames: the challenge's answer only)
    back.sock.close()
    _run(s, [], 10)
    assert host.waiting() == seat
    thief = RawGuest(host.hub)
    thief.send(lf.HELLO, bytes([seat]))
    _run(s, [thief], 5)
    thief.send(lf.HELLO, seen)  # the answer seen before, replayed
    _run(s, [thief], 20)
    assert host.waiting() == seat and host.resumed == 1
    assert (lf.BYE, lf.LATE) in [(k, p[0]) for k, _, p in thief.frames]
    assert lf.SEAT not in thief.kinds()
    cold = RawGuest(host.hub)  # without asking for a challenge first: nothing either
    cold.send(lf.HELLO, seen)
    _run(s, [cold], 20)
    assert lf.SEAT not in cold.kinds() and host.waiting() == seat
    owner = RawGuest(host.hub)
    owner.rejoin(s, seat, token)  # the same token, proved again: the owner is back
    _run(s, [owner], 20)
    assert host.waiting() < 0 and host.resumed == 2
    for x in (owner, thief, cold):
        x.sock.close()


def test_a_guest_whose_old_link_still_looks_alive_has_its_seat_back(hosted):
    """Finding: a guest whose own end of the link broke came back with its
    token while the host still held the old link (half-open): the host
    took it for a stolen token (BYE 7) and the seat went to a computer.
    Now the proof says it is the seat's console: the old link is let go
    and the seat is the new link's at once, the game as it is."""
    s, host, g = hosted
    table, seat, token = _start(s, host, g)
    old = host.peers.all[0]
    g.sock.end.wire.half_open(link_mem.GUEST)  # the guest's end breaks; the host hears nothing
    assert not old.gone
    t0 = s.hw.ticks_ms()
    back = RawGuest(host.hub)
    back.rejoin(s, seat, token)
    _run(s, [back], 5)
    took = s.hw.ticks_ms() - t0
    assert host.waiting() < 0 and host.resumed == 1 and took < 3000, took
    assert old not in host.peers.all and old.link is None  # the old link let go
    assert [p.seat for p in host.peers.all] == [seat]
    assert _last_obs(table, back, seat).key() == table.state.observe(seat).key()
    assert host.refused == 0 and lf.BYE not in back.kinds()


def test_a_slow_guest_is_said_and_its_seat_given_from_the_pause_menu(hosted):
    """A guest still there but 30 s over its turn: the host's line says so
    unasked, and the pause menu offers its seat to a computer (chosen
    twice); the guest is told a computer took its seat."""
    s, host, g = hosted
    table, seat, _ = _start(s, host, g)
    for _ in range(400):
        if table.state.current_player() == seat:
            break
        if table.turns.my_turn():
            _my_move(s, table, [g])
        _run(s, [g], 2)
    assert table.state.current_player() == seat
    _run(s, [g], 1400)  # 28 s of pings, no action: not yet
    assert "TAKING LONG" not in table.view.msg.text()
    _run(s, [g], 150)
    assert "P%d IS TAKING LONG" % (seat + 1) in table.view.msg.text()
    s.press("START", settle=False)
    pause = s.screen
    assert pause.menu.items[-1] == "P%d to a computer" % (seat + 1)
    while pause.menu.index != len(pause.menu.items) - 1:
        s.press("DOWN", settle=False)
    s.press("A", settle=False)
    s.press("A", settle=False)
    _run(s, [g], 20)
    assert table.match.kinds[seat] == NORMAL and (lf.BYE, lf.TAKEN) in [
        (k, p[0]) for k, _, p in g.frames if p
    ]
    assert table.state.current_player() != seat or table.state.is_over()


def test_a_link_marked_gone_comes_back_by_speaking_for_its_own_seat_only(hosted):
    """A link that fell silent (frames lost on a cable) but stays open is
    marked gone; its next PING for its own seat brings it back (the same
    wire, the same console: its seat, the game; no token on the wire). A
    PING on it for another seat brings back nothing."""
    s, host, g = hosted
    table, seat, token = _start(s, host, g)
    _run(s, [], 150)  # three silent seconds: marked gone, the link still open
    p = host.peers.all[0]
    assert p.gone and p.link is not None and host.waiting() == seat
    g.read()
    g.frames = []
    g.send(lf.PING, bytes(2), seat=seat + 1)  # another seat's: nothing
    _run(s, [g], 5)
    assert host.waiting() == seat and host.resumed == 0
    g.send(lf.PING, bytes(2), seat=seat)
    _run(s, [g], 10)
    assert host.waiting() < 0 and host.resumed == 1
    seats = [f[2] for f in g.frames if f[0] == lf.SEAT]
    assert seats and seats[-1][0] == seat and seats[-1][5:13] == bytes(8)  # no token again


def test_a_move_is_shown_to_the_guests_only_once_it_is_kept(hosted):
    """Finding: a host's power cut after a move its guests had seen gave
    back a game before it: a guest had seen cards that were hidden again.
    Now each move goes to the store (a record after the copy) before any
    guest is sent the observation after it."""
    s, host, g = hosted
    table, seat, _ = _start(s, host, g)
    saves = s.app.saves
    said = []
    append, send = saves.store.append, host.peers.send

    def kept(mark, move):
        said.append(("kept", table.record.n))
        return append(mark, move)

    def shown(p, kind, n):
        if kind == lf.OBS:
            said.append(("shown", host.moves))
        return send(p, kind, n)

    saves.store.append = kept
    host.peers.send = shown
    for _ in range(6):  # the host's moves and its guest's
        _to_the_guests_turn(s, host, g, seat)
        g.act(table.game.basic_policy(table.state.observe(seat), s.app.rng), seat)
        _run(s, [g], 5)
    first = {}
    for i, (what, m) in enumerate(said):
        first.setdefault((what, m), i)
    shown_at = sorted(m for what, m in first if what == "shown" and m > 0)
    assert len(shown_at) >= 4, said
    for m in shown_at:
        assert ("kept", m) in first and first[("kept", m)] < first[("shown", m)], (m, said)


def test_the_deal_is_kept_with_its_tokens_before_any_guest_is_seated(tmp_path):
    """Finding: a linked host's game was first written at its first move:
    a power cut right after the deal lost a game whose guests held seats
    and hands. Now the deal and its tokens are written before the SEATs
    go: the host powered up at once has the game, and its guest's token."""
    nvm = str(tmp_path / "nvm.bin")
    s, host, g = _hosting(nvm, "elevator")
    writes = s.app.saves.writes
    table, seat, token = _start(s, host, g)
    assert s.app.saves.writes > writes and table.record.n == 0
    back = Session(seed=6, pace_ms=0, nvm_path=nvm)  # the power cut: up again at once
    assert back.screen.items[0] == "Continue"
    match, state, _ = back.app.saves.saved_game()
    assert state.key() == table.state.key() and match.key == table.match.key
    from link import saved as save_link

    assert save_link.seats(back.app.saves, save_link.BY_HOST) == [(seat, token)]


def test_one_seed_hosts_two_linked_games_with_two_keys_and_tokens(tmp_path):
    """Finding: the simulator's ``--seed`` derived a linked game's key and
    tokens from it (the same every time; a guest worked the seed back from
    its token, then every hand). Now they are os.urandom's: the same seed
    hosts twice with other keys and tokens (its solo deals stay its own)."""
    got = []
    for k in range(2):
        s, host, g = _hosting(str(tmp_path / ("nvm%d.bin" % k)), "elevator")
        assert s.hw._seed == 5
        table, seat, token = _start(s, host, g)
        got.append((table.match.key, token))
    assert got[0][0] != got[1][0] and got[0][1] != got[1][1]


def test_a_copy_of_a_returning_guests_answer_does_not_send_it_away(hosted):
    """Found on a noisy cable: a guest that said HELLO twice before the
    challenge came got it twice and answered twice; the first answer gave
    its seat back, the second (no challenge left) sent it away as a thief
    (BYE 7). Now an answer to no challenge is ignored, and a link asking
    for the seat it holds is given it again without a challenge."""
    s, host, g = hosted
    table, seat, token = _start(s, host, g)
    g.sock.close()
    _run(s, [], 10)
    back = RawGuest(host.hub)
    back.send(lf.HELLO, bytes([seat]))
    back.send(lf.HELLO, bytes([seat]))  # again, before the challenge came
    _run(s, [back], 3)
    asked = [p for k, _, p in back.frames if k == lf.CHALLENGE]
    assert len(asked) == 2 and asked[0] == asked[1]  # the same challenge, until answered
    answer = bytearray(7)
    answer[0] = seat
    proof.sign(token, asked[0], 0, answer, 1)
    answer[5:7] = b"\xff\xff"
    back.send(lf.HELLO, bytes(answer))
    back.send(lf.HELLO, bytes(answer))  # each copy answered
    _run(s, [back], 10)
    assert host.waiting() < 0 and host.resumed == 1 and host.refused == 0
    assert lf.BYE not in back.kinds() and [p.seat for p in host.peers.all] == [seat]
    back.frames = []
    back.send(lf.HELLO, bytes([seat]))  # its own seat, asked again on its link: no challenge
    _run(s, [back], 5)
    assert lf.CHALLENGE not in back.kinds() and [
        p[0] for k, _, p in back.frames if k == lf.SEAT
    ] == [seat]


@pytest.mark.parametrize("game_id", ["elevator", "bastard", "roller-coaster", "color-elevator"])
def test_a_guest_refuses_an_observation_its_table_could_not_judge(game_id):
    # The rules look a card up in tables as long as the pack (Elevator's
    # and Bastard's values and colours): a forged pile or stock byte past
    # it must be refused (the guest keeps its state and asks again), not
    # read into the state the table then judges.
    game = games.by_id(game_id)
    s = game.new_state(4 if game_id != "color-elevator" else 2, 5)
    buf = bytearray(2048)
    for where in ("pile", "deck"):
        obs = s.observe(s.current_player())
        good = link_obs.put(obs, buf, 0)
        assert Reader(obs._blank()).read(buf, 0, good), "the honest observation is read"
        if where == "deck" and not obs.deck_public():
            obs.deck_n = min(obs.deck_n, 1)  # a stock of one card, shown: forge its byte
            obs.deck_public = lambda: True
        if where == "pile":
            obs.pile_n = max(obs.pile_n, 1)  # (Color Elevator's piles are fields)
        spot = getattr(obs, where)
        spot[(obs.pile_n if where == "pile" else obs.deck_n) - 1] = obs.ncards
        n = link_obs.put(obs, buf, 0)
        assert not Reader(obs._blank()).read(buf, 0, n), "%s byte %d refused" % (where, obs.ncards)
    # a seat to play past the table's, and (Elevator, Bastard) a rank in
    # play past the ranks: the legal actions could not be listed
    forged = [{"turn": 9}]
    if hasattr(s, "play_rank"):
        forged.append({"play_n": 1, "play_rank": 99})
    for fields in forged:
        obs = s.observe(s.current_player())
        for name, v in fields.items():
            setattr(obs, name, v)
        n = link_obs.put(obs, buf, 0)
        assert not Reader(obs._blank()).read(buf, 0, n), "%s refused" % fields
