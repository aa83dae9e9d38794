"""A guest console (the whole app, joining over TCP) against a host made
of raw frames: refusals said in words, a host that vanishes or falls
silent said at once, and a seat's token kept in the guest's own store so
a restarted guest rejoins its seat (docs/link.md)."""

import socket

import pytest

import games
from link import frame as lf
from link import obs, proof, saved
from sim import link_mem
from sim.headless import Session


def _free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class RawHost:
    """A host console reduced to its frames, listening on links in memory
    (``sim.link_mem``): a guest's ``link_join`` is ``net.join``."""

    def __init__(self, net=None):
        self.net = net or link_mem.Net()
        self.hub = self.net.listen()
        self.sock = None  # the guest's link, once it came
        self.dec = lf.Decoder()
        self.frames = []  # (kind, payload) from the guest
        self.out = 0
        self.buf = bytearray(lf.MAX_FRAME)
        self.rx = bytearray(4096)

    def accept(self):
        self.sock = self.hub.accept()
        self.dec = lf.Decoder()
        return self.sock is not None

    def read(self):
        if self.sock is None:
            return
        n = self.sock.recv_into(self.rx)
        data = bytes(self.rx[: max(n, 0)])
        i = 0
        while i < len(data) or self.dec.ready:
            i += self.dec.feed(data, len(data) - i, i)
            if not self.dec.ready:
                break
            d = self.dec
            self.frames.append((d.kind, bytes(d.buf[lf.PAYLOAD : lf.PAYLOAD + d.n])))

    def send(self, kind, payload, seat=lf.NO_SEAT):
        n = lf.put(self.buf, kind, seat, self.out, payload, len(payload))
        self.out += 1
        self.sock.send(self.buf, n)

    def seat(self, seat, game_id, players, token):
        """SEAT, then the seat's first observation (as a host's ``grant``)."""
        game = games.by_id(game_id)
        state = game.new_state(players, 77, 0)
        info = game.INFO
        self.send(lf.SEAT, bytes([seat, info.SAVE_ID, players, 0, 0]) + token, seat)
        data = bytearray(lf.MAX_PAYLOAD)
        data[0] = data[1] = 255
        data[2] = 0
        data[3] = 1
        data[4:9] = b"\xff\x00\x00\xff\xff"  # no last turn
        n = obs.put(state.observe(seat), data, obs.HEAD)
        self.send(lf.OBS, data[:n], seat)

    def ping(self, moves=1, started=1):
        self.send(lf.PING, bytes([moves >> 8, moves & 0xFF, 255, started]))

    def close(self):
        """The host's console gone: its links close (the guest reads -1)."""
        self.net.host_gone()


def _guest(net, nvm=None):
    """A guest console at Join game: on TCP to ``net`` (a port), or on
    links in memory (``net`` a ``sim.link_mem.Net``)."""
    s = Session(seed=3, pace_ms=0, nvm_path=nvm)
    if isinstance(net, int):
        s.hw.link = ("join", "127.0.0.1:%d" % net)
    else:
        s.hw.link = ("join", "mem")
        s.hw.link_join = net.join
    s.app.to_title()
    s.wait_guard()
    while s.screen.items[s.screen.menu.index] != "Link play":
        s.press("DOWN")
    s.press("A")
    s.press("DOWN")  # Join game
    s.press("A", settle=False)
    return s


def _frames(s, host, n):
    for _ in range(n):
        s.frame()
        if host.sock is None:
            host.accept()
        host.read()


def test_no_host_is_said_with_where_it_was_looked_for():
    """Finding 6: a refused connection showed Python's raw "[ERRNO 111]"
    cut at the edge. Now the panel says where no host was found."""
    port = _free_port()
    s = _guest(port)
    note = s.screen.note.text().rstrip()
    assert note == "NO HOST AT 127.0.0.1:%d" % port, note
    assert "ERRNO" not in note


@pytest.mark.parametrize("role,choice", [("join", 0), ("host", 1)])
def test_the_other_role_chosen_says_which_this_console_has(role, choice):
    """A simulator started with --join offered Host game and, chosen, said
    only "NOT ON THIS LINK": now it says which one to choose."""
    s = Session(seed=3, pace_ms=0)
    s.hw.link = (role, "127.0.0.1:1" if role == "join" else 1)
    s.app.to_title()
    s.wait_guard()
    while s.screen.items[s.screen.menu.index] != "Link play":
        s.press("DOWN")
    s.press("A")
    if choice:
        s.press("DOWN")  # Join game
    s.press("A")
    note = s.screen.note.text().rstrip()
    want = (
        "THIS ONE JOINS: CHOOSE JOIN GAME" if role == "join" else "THIS ONE HOSTS: CHOOSE HOST GAME"
    )
    assert note == want, note


def test_a_host_that_refuses_says_why_in_words():
    """Finding 6: "game already started" and "table full" showed as "NO
    HOST". Now each refusal is said as the host gave it, even though the
    host closes the link just after."""
    for why, words in ((lf.LATE, "GAME ALREADY STARTED"), (lf.FULL, "TABLE FULL")):
        host = RawHost()
        s = _guest(host.net)
        _frames(s, host, 5)
        assert [k for k, _ in host.frames][:1] == [lf.HELLO]
        host.send(lf.BYE, bytes([why]))
        host.close()
        _frames(s, host, 10)
        assert type(s.screen).__name__ == "Join"
        assert s.screen.rows[1].text().rstrip() == words, s.screen.rows[1].text()


TOKEN = bytes(range(1, 9))


def _seated(tmp_path=None, host=None):
    host = host or RawHost()
    nvm = str(tmp_path / "guest.bin") if tmp_path is not None else None
    s = _guest(host.net, nvm)
    _frames(s, host, 5)
    host.seat(1, "elevator", 3, TOKEN)
    _frames(s, host, 20)
    assert type(s.screen).__name__ == "Table", type(s.screen).__name__
    return s, host


def test_a_guest_whose_host_vanished_says_so_and_joins_again_for_as_long_as_it_stays():
    """Finding 6: a guest whose host was gone still showed its table 20 s
    later. Now the link's loss is said at once and the host's being gone
    within 5 s of its last frame, without a key; and the guest goes on
    joining again every second (a host restarted at any moment finds its
    guests), until B leaves."""
    s, host = _seated()
    host.close()  # the host's console is gone, and its port with it
    lost, gone = _said_when(s, lambda: _frames(s, host, 1))
    assert lost is not None and lost <= 3000, lost
    assert gone is not None and gone <= 5000, gone
    guest = s.app.link
    assert not guest.ended
    host.net.listen()  # the host back, 10 s later: the guest is joining again
    for _ in range(500):
        _frames(s, host, 1)
        if host.hub.new or host.net.hub.new:
            break
    assert host.net.hub.new, "the guest never tried again"
    s.press("B", settle=False)  # B leaves
    _frames(s, host, 5)
    assert type(s.screen).__name__ == "Title"


def _said_when(s, frame):
    """Milliseconds of the board's clock until the table's message line
    said the link was lost, and the host gone (None: not in 8 s)."""
    table = s.screen
    t0 = s.hw.ticks_ms()
    lost = gone = None
    for _ in range(400):
        frame()
        text = table.view.msg.text()
        if lost is None and "LINK LOST" in text:
            lost = s.hw.ticks_ms() - t0
        if "HOST GONE" in text:
            gone = s.hw.ticks_ms() - t0
            break
    return lost, gone


def test_a_silent_host_is_said_lost_within_3_s_and_gone_within_5():
    """A UART never says its far end went: the host's silence is the sign."""
    s, host = _seated()
    host.net.hub = None  # (a new connection finds no one)
    lost, gone = _said_when(s, s.frame)  # the host's end stays open, and says nothing
    assert lost is not None and lost <= 3000, lost
    assert gone is not None and gone <= 5000, gone


def test_a_guest_keeps_its_token_and_a_restarted_guest_proves_it(tmp_path):
    """Finding 6: a guest restarted after a drop could not get its seat
    back: its token lived only in memory. Now the seat and token are kept
    in the guest's store when given; powered up again, Join game says
    HELLO with its seat and answers the host's challenge with the token
    (never the token itself); the host gives its seat back with no token
    (it has one), and the kept one stays."""
    s, host = _seated(tmp_path)
    assert saved.guest_held(s.app.saves) == (1, TOKEN)
    host.close()
    del s
    again = RawHost()  # (the same host, its game waiting)
    s = _guest(again.net, str(tmp_path / "guest.bin"))  # the guest's board, powered up again
    _frames(s, again, 5)
    hello = [p for k, p in again.frames if k == lf.HELLO]
    assert hello == [bytes([1])], again.frames  # its seat: "challenge me"
    again.send(lf.CHALLENGE, b"\x10\x20\x30\x40")
    _frames(s, again, 5)
    answer = [p for k, p in again.frames if k == lf.HELLO][-1]
    want = bytearray(4)
    proof.sign(TOKEN, b"\x10\x20\x30\x40", 0, want, 0)
    assert answer[:5] == bytes([1]) + want and TOKEN not in b"".join(p for _, p in again.frames)
    again.seat(1, "elevator", 3, bytes(8))  # its seat back, no token sent
    _frames(s, again, 20)
    assert type(s.screen).__name__ == "Table"
    assert saved.guest_held(s.app.saves) == (1, TOKEN)
    s2 = Session(seed=4, pace_ms=0, nvm_path=str(tmp_path / "guest.bin"))
    assert saved.guest_held(s2.app.saves) == (1, TOKEN)  # written, not only in memory


def test_a_guest_waiting_for_another_seat_is_offered_no_skip_ahead():
    """Issue 38, item 7: a guest waiting for the host's person was offered
    "A SKIP AHEAD", which hurries nothing there (its host paces every
    other seat); now its key line says who the game waits for."""
    s, host = _seated()
    table = s.screen
    assert table.state.current_player() == 0 and table.me == 1
    assert table.view.help.text().strip() == "WAITING FOR P1  START MENU"
    host.close()


def _title(nvm, net):
    s = Session(seed=3, pace_ms=0, nvm_path=nvm)
    s.hw.link = ("join", "mem")
    s.hw.link_join = net.join
    s.app.to_title()
    s.wait_guard()
    return s


def test_a_restarted_guest_is_offered_rejoin_game_until_its_game_is_over(tmp_path):
    """Issue 38, item 7: a guest powered up again had to find Link play,
    then Join game, to get its seat back. Now its title opens on Rejoin
    game, which joins at once with the seat kept (its token proved, never
    sent); once its game is over (the host's BYE, or its results) the seat
    is forgotten and the title offers it no more."""
    nvm = str(tmp_path / "guest.bin")
    s, host = _seated(tmp_path)
    host.close()
    del s
    again = RawHost()  # (the same host, its game waiting)
    s = _title(nvm, again.net)
    assert s.screen.items[:2] == ["Rejoin game", "New game"], s.screen.items
    assert s.screen.menu.index == 0
    s.press("A", settle=False)
    _frames(s, again, 5)
    hello = [p for k, p in again.frames if k == lf.HELLO]
    assert hello == [bytes([1])], again.frames  # the seat kept: "challenge me"
    again.send(lf.CHALLENGE, b"\x10\x20\x30\x40")
    _frames(s, again, 5)
    again.seat(1, "elevator", 3, bytes(8))
    _frames(s, again, 20)
    assert type(s.screen).__name__ == "Table" and s.screen.me == 1
    again.send(lf.BYE, bytes([lf.OVER]))  # the host's game is over
    _frames(s, again, 5)
    assert saved.seats(s.app.saves, saved.BY_GUEST) == []
    again.close()
    s = _title(nvm, RawHost().net)  # powered up again: no seat to rejoin
    assert "Rejoin game" not in s.screen.items, s.screen.items
    s = Session(seed=3, pace_ms=0, nvm_path=str(tmp_path / "solo.bin"))
    s.app.to_title()
    assert "Rejoin game" not in s.screen.items  # (no link, no seat)


def test_the_titles_record_kind_is_link_plays():
    from screens import menus

    assert menus._BY_GUEST == saved.BY_GUEST  # the title knows it without loading link play


def test_a_guest_that_leaves_keeps_its_seat_and_one_whose_game_ended_does_not(tmp_path):
    """The results close the link as over (``App.end_link(0)``): the seat
    goes; B to the title (``end_link(1)``) leaves the game waiting for
    this console, whose seat is kept to come back to."""
    s, host = _seated(tmp_path)
    s.app.end_link(1)
    assert saved.guest_held(s.app.saves) == (1, TOKEN)
    host.close()
    s, host = _seated(tmp_path)
    s.app.end_link(0)
    assert saved.seats(s.app.saves, saved.BY_GUEST) == []
    host.close()


def test_a_guest_of_a_restarted_host_reads_its_numbers_from_the_start():
    """Finding: a guest that reconnected to a host restarted within 4.5 s
    dropped every observation (the host numbered them from 0 again, the
    guest kept its number): the game stalled. Now a SEAT starts the
    guest's numbering again: the restarted host's first observation is
    read, whatever its number."""
    s, host = _seated()
    guest = s.app.link
    guest.moves = 40  # it had read up to 40 from the host before
    host.close()
    again = RawHost(host.net)  # the host back on the same network, numbering from 0
    for _ in range(200):
        _frames(s, again, 1)
        if again.sock is not None and [k for k, _ in again.frames if k == lf.HELLO]:
            break
    _frames(s, again, 3)
    again.send(lf.CHALLENGE, b"\x01\x02\x03\x04")
    _frames(s, again, 3)
    key = s.screen.state.key()
    game = games.by_id("elevator")
    state = game.new_state(3, 91, 0)  # (another position than the one it holds)
    again.send(lf.SEAT, bytes([1, game.INFO.SAVE_ID, 3, 0, 0]) + bytes(8), 1)
    data = bytearray(lf.MAX_PAYLOAD)
    data[0] = data[1] = 255
    data[2] = data[3] = 0  # observation 0
    data[4:9] = b"\xff\x00\x00\xff\xff"  # no last turn
    n = obs.put(state.observe(1), data, obs.HEAD)
    again.send(lf.OBS, data[:n], 1)
    _frames(s, again, 5)
    assert guest.moves == 0 and s.screen.state.key() != key
    assert s.screen.state.key() == state.observe(1).key()


def test_b_leaves_a_guest_only_once_its_host_is_said_gone():
    """B on a guest's table does nothing of its own: it leaves a game that
    waits for another seat or for a host said gone, never during a link's
    blip (a guest joining again takes well under a second)."""
    s, host = _seated()
    host.close()
    for _ in range(10):  # 200 ms: the link lost, joining again
        _frames(s, host, 1)
    assert "LINK LOST" in s.screen.view.msg.text()
    s.press("B", settle=False)
    _frames(s, host, 5)
    assert type(s.screen).__name__ == "Table"


def test_a_guest_whose_answer_finds_the_link_closed_joins_again():
    """Found by sim.linkplay (seed 31, links cut): a host's frame still on
    the way when its end closed made the guest answer (a PING), the send
    found the link gone and dropped it, and the guest read on from no link
    (AttributeError): the console restarted to its title. Now it stops
    reading there and joins again, its seat kept."""
    s, host = _seated()
    guest = s.app.link
    first = guest.link
    data = bytearray(obs.HEAD)
    data[0] = data[1] = 255  # observation 0: one it has (answered with a PING)
    host.send(lf.OBS, data, 1)
    host.sock.close()  # the host's end gone, the frame still to read
    for _ in range(5):
        s.frame()
    assert type(s.screen).__name__ == "Table" and s.app.link is guest and not guest.ended
    assert guest.link is not first and guest.lost >= 0  # joining again, on a new link


def test_the_hosts_last_turn_is_shown_and_a_forged_one_draws_safely():
    """Issue 38, item 7: a rejoined guest's pile showed only its top card
    where the host's showed the last play's: the guest worked the last turn
    out from the moves it saw, and had seen none. Now each observation
    carries the host table's last turn (``link.obs.put_last``); whatever a
    host puts there draws, without reading past a pile."""
    from link import guest as link_guest

    assert link_guest._HEAD == obs.HEAD  # (the guest knows it before obs loads)
    s, host = _seated()
    table = s.screen
    state = games.by_id("elevator").new_state(3, 77, 0)
    data = bytearray(lf.MAX_PAYLOAD)
    cases = (((0, 0, 2, 255, 255), (0, 0, 2, -1, -1)),
             ((200, 99, 250, 254, 254), (-1, 99, 54, 254, 254)))  # fmt: skip
    for number, (last, want) in enumerate(cases, 2):  # (it has read observation 1)
        data[0] = data[1] = 255  # (a resend: no move named)
        data[2] = 0
        data[3] = number
        data[4:9] = bytes(last)
        n = obs.put(state.observe(1), data, obs.HEAD)
        host.send(lf.OBS, data[:n], 1)
        _frames(s, host, 3)
        t = table.last
        assert (t.seat, t.kind, t.n, t.a, t.b) == want
        assert type(s.screen).__name__ == "Table" and s.app.link.moves == data[3]
        table.render()  # (drawn with it: no error, nothing read past the pile)
    host.close()
