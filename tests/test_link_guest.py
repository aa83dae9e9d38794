"""A guest console (the whole app, joining over TCP) against a host made
of raw frames: refusals said in words, a host that vanishes or falls
silent said at once, and a seat's token kept in the guest's own store so
a restarted guest rejoins its seat (docs/link.md)."""

import socket

import pytest

import games
from link import frame as lf
from link import obs, saved
from sim.headless import Session


def _free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class RawHost:
    """A host console reduced to a listening socket and its frames."""

    def __init__(self):
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(4)
        self.listener.setblocking(False)
        self.port = self.listener.getsockname()[1]
        self.sock = None
        self.dec = lf.Decoder()
        self.frames = []  # (kind, payload) from the guest
        self.out = 0
        self.buf = bytearray(lf.MAX_FRAME)

    def accept(self):
        try:
            self.sock, _ = self.listener.accept()
        except BlockingIOError:
            return False
        self.sock.setblocking(False)
        self.dec = lf.Decoder()
        return True

    def read(self):
        if self.sock is None:
            return
        try:
            data = self.sock.recv(65536)
        except OSError:
            return
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
        self.sock.sendall(bytes(self.buf[:n]))

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
        n = obs.put(state.observe(seat), data, 4)
        self.send(lf.OBS, data[:n], seat)

    def ping(self, moves=1, started=1):
        self.send(lf.PING, bytes([moves >> 8, moves & 0xFF, 255, started]))

    def close(self):
        if self.sock is not None:
            self.sock.close()
        self.listener.close()


def _guest(port, nvm=None):
    s = Session(seed=3, pace_ms=0, nvm_path=nvm)
    s.hw.link = ("join", "127.0.0.1:%d" % port)
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
        s = _guest(host.port)
        _frames(s, host, 5)
        assert [k for k, _ in host.frames][:1] == [lf.HELLO]
        host.send(lf.BYE, bytes([why]))
        host.sock.close()
        _frames(s, host, 10)
        assert type(s.screen).__name__ == "Join"
        assert s.screen.rows[1].text().rstrip() == words, s.screen.rows[1].text()
        host.listener.close()


def _seated(tmp_path=None):
    host = RawHost()
    nvm = str(tmp_path / "guest.bin") if tmp_path is not None else None
    s = _guest(host.port, nvm)
    _frames(s, host, 5)
    host.seat(1, "elevator", 3, b"\x01\x02\x03\x04")
    _frames(s, host, 20)
    assert type(s.screen).__name__ == "Table", type(s.screen).__name__
    return s, host


def test_a_guest_whose_host_vanished_says_its_game_ended_within_5_s():
    """Finding 6: a guest whose host was gone still showed its table 20 s
    later. Now the link's loss is said at once and the game's end within
    5 s of the host's last frame, without a key."""
    s, host = _seated()
    host.close()  # the host's console is gone, and its port with it
    lost, ended = _said_when(s, lambda: _frames(s, host, 1))
    assert lost is not None and lost <= 3000, lost
    assert ended is not None and ended <= 5000, ended


def _said_when(s, frame):
    """Milliseconds of the board's clock until the table's message line
    said the link was lost, and the game ended (None: not in 8 s)."""
    table = s.screen
    t0 = s.hw.ticks_ms()
    lost = ended = None
    for _ in range(400):
        frame()
        text = table.view.msg.text()
        if lost is None and "LINK LOST" in text:
            lost = s.hw.ticks_ms() - t0
        if "GAME ENDED" in text:
            ended = s.hw.ticks_ms() - t0
            break
    return lost, ended


def test_a_silent_host_is_said_lost_within_3_s_and_the_game_ended_within_5():
    """A UART never says its far end went: the host's silence is the sign."""
    s, host = _seated()
    host.listener.close()  # (a new connection finds no one)
    lost, ended = _said_when(s, s.frame)  # the host's socket stays open, and says nothing
    assert lost is not None and lost <= 3000, lost
    assert ended is not None and ended <= 5000, ended
    host.sock.close()


def test_a_guest_keeps_its_token_and_a_restarted_guest_comes_back_with_it(tmp_path):
    """Finding 6: a guest restarted after a drop could not get its seat
    back: its token lived only in memory. Now the seat and token are kept
    in the guest's store when given; powered up again, Join game says
    HELLO with that token (which the host gives its seat back for), and
    the fresh token of the return replaces it."""
    s, host = _seated(tmp_path)
    assert saved.guest_token(s.app.saves) == 0x01020304
    host.close()
    del s
    again = RawHost()  # (the same host, its game waiting: a new port here)
    s = _guest(again.port, str(tmp_path / "guest.bin"))  # the guest's board, powered up again
    _frames(s, again, 5)
    hello = [p for k, p in again.frames if k == lf.HELLO]
    assert hello and hello[0] == b"\x01\x02\x03\x04", again.frames
    again.seat(1, "elevator", 3, b"\x05\x06\x07\x08")  # its seat back, with a fresh token
    _frames(s, again, 20)
    assert type(s.screen).__name__ == "Table"
    assert saved.guest_token(s.app.saves) == 0x05060708
    s2 = Session(seed=4, pace_ms=0, nvm_path=str(tmp_path / "guest.bin"))
    assert saved.guest_token(s2.app.saves) == 0x05060708  # written, not only in memory
    again.close()


def test_a_guest_waiting_for_another_seat_is_offered_no_skip_ahead():
    """Issue 38, item 7: a guest waiting for the host's person was offered
    "A SKIP AHEAD", which hurries nothing there (its host paces every
    other seat); now its key line says who the game waits for."""
    s, host = _seated()
    table = s.screen
    assert table.state.current_player() == 0 and table.me == 1
    assert table.view.help.text().strip() == "WAITING FOR P1  START MENU"
    host.close()


def _title(nvm, port):
    s = Session(seed=3, pace_ms=0, nvm_path=nvm)
    s.hw.link = ("join", "127.0.0.1:%d" % port)
    s.app.to_title()
    s.wait_guard()
    return s


def test_a_restarted_guest_is_offered_rejoin_game_until_its_game_is_over(tmp_path):
    """Issue 38, item 7: a guest powered up again had to find Link play,
    then Join game, to get its seat back. Now its title opens on Rejoin
    game, which joins at once with the token kept; once its game is over
    (the host's BYE, or its results) the seat is forgotten and the title
    offers it no more."""
    nvm = str(tmp_path / "guest.bin")
    s, host = _seated(tmp_path)
    host.close()
    del s
    again = RawHost()  # (the same host, its game waiting: a new port here)
    s = _title(nvm, again.port)
    assert s.screen.items[:2] == ["Rejoin game", "New game"], s.screen.items
    assert s.screen.menu.index == 0
    s.press("A", settle=False)
    _frames(s, again, 5)
    hello = [p for k, p in again.frames if k == lf.HELLO]
    assert hello and hello[0] == b"\x01\x02\x03\x04", again.frames  # the token kept
    again.seat(1, "elevator", 3, b"\x05\x06\x07\x08")
    _frames(s, again, 20)
    assert type(s.screen).__name__ == "Table" and s.screen.me == 1
    again.send(lf.BYE, bytes([lf.OVER]))  # the host's game is over
    _frames(s, again, 5)
    assert saved.seats(s.app.saves, saved.BY_GUEST) == []
    again.close()
    s = _title(nvm, again.port)  # powered up again: no seat to rejoin
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
    assert saved.guest_token(s.app.saves) == 0x01020304
    host.close()
    s, host = _seated(tmp_path)
    s.app.end_link(0)
    assert saved.seats(s.app.saves, saved.BY_GUEST) == []
    host.close()
