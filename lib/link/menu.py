"""The way into a linked game (docs/link.md): Link play on the title.

Host game opens the board's hub and goes on to the game menu and setup
as for any game; the setup then says how many have joined, and START
seats them. Join game connects to the host and waits (``Join``) until the
host starts: then this console's seat and its table, which holds only
what the seat sees. Loaded only when Link play is chosen.
"""

import ui
import ui_menu
from buttons import DOWN, LEFT, RIGHT, START, UP, A, B
from screens.base import Screen
from unload import forget


class LinkMenu(Screen):
    """Host game or Join game; a link that cannot open is said here."""

    def __init__(self, app):
        super().__init__(app)
        self.group.append(ui_menu.heading("Link play", 8, 0))
        self.menu = ui_menu.Menu(
            self.group, ["Host game", "Join game"], 10, 14, 12, 1 if app.small else 2
        )
        self.note = ui.TextRow(32, 0, 26 if app.small else 44)
        self.group.append(self.note.grid)
        keys = ui.TextRow(32, 0, app.hw.height - 6)
        if not app.small:
            keys.set(app.legend("{A} CHOOSE  {B} BACK"))
            self.group.append(keys.grid)

    def on_key(self, key, now):
        if key in (UP, LEFT):
            self.menu.move(-1)
        elif key in (DOWN, RIGHT):
            self.menu.move(1)
        elif key in (A, START):
            self._open(self.menu.index == 0, now)
        elif key == B:
            self.app.to_title()

    def _open(self, host, now):
        app = self.app
        hw = app.hw
        try:
            link = hw.link_host() if host else hw.link_join()
        except (OSError, ValueError) as e:
            self.note.set(_words(e, "NO LINK HERE" if host else "NO HOST"))
            return
        if link is None:  # no link, or one made for the other role (the simulator's
            # --join or --host): say which to choose
            if not getattr(hw, "link", None):
                self.note.set("NO LINK ON THIS BOARD")
            else:
                self.note.set("THIS ONE JOINS: CHOOSE JOIN GAME" if host else
                              "THIS ONE HOSTS: CHOOSE HOST GAME")  # fmt: skip
            return
        app.clear()
        forget("link.menu")  # not needed again: its heap goes to the link's code
        if host:
            from link.host import Host

            app.link = Host(hw, link)
            app.to_game_menu()
        else:
            from link.guest import Guest

            app.link = Guest(hw, link, now, app.saves)
            app.show(Join(app))


class Join(Screen):
    """A guest waiting for its host: what the link says, B to give up."""

    def __init__(self, app):
        super().__init__(app)
        self.group.append(ui_menu.heading("Join game", 8, 0))
        self.rows = [ui.TextRow(32, 0, y) for y in ((8, 15, 22) if app.small else (20, 30, 40))]
        for row in self.rows:
            self.group.append(row.grid)
        link = app.link.link
        self.rows[0].set(link.name.upper()[:32] if link is not None else "")
        self.rows[2].set(app.legend("{B} BACK"))

    def tick(self, now):
        guest = self.app.link  # (the app polls it every frame)
        if guest is None:
            return
        if guest.ended:
            self.rows[1].set(guest.ended)
            return
        self.rows[1].set(guest.note)
        if guest.setup is not None and guest.table is None:
            self.app.later(_seated, self.app, guest)

    def on_key(self, key, now):
        if key in (B, START) or (key == A and self.app.link.ended):
            self.app.to_title()  # the title closes the link


def rejoin(app, now):
    """The title's Rejoin game (a seat kept from a linked game not over):
    Join game at once, whose HELLO brings the kept token, and the host the
    seat back; a link that cannot open is said on Link play's menu."""
    screen = LinkMenu(app)
    screen.menu.move(1)  # (on Join game)
    app.show(screen)
    screen._open(False, now)


def _words(e, said):
    """What a link that would not open says on the panel: the HAL's own
    words ("NO HOST AT 127.0.0.1:5555", hal/CONTRACT.md) when it gave
    some, else ``said``; never an error's raw text ("[ERRNO 111] ...")."""
    a = e.args[0] if e.args else None
    if isinstance(a, str) and a and a == a.upper() and len(a) <= 32:
        return a
    return said


def _seated(app, guest):
    """The host started and gave this console a seat: its table, which
    holds only what the seat sees (the host's first observation fills it
    before anything of it is shown)."""
    import games
    from match import Match

    save_id, players, variant, starter = guest.setup
    info = games.by_save_id(save_id)
    if info is None:
        guest.ended = "A GAME THIS CONSOLE LACKS"
        return
    try:  # a table this game is played at, and a seat at it
        info.check(players, variant, starter)
        if not 0 < guest.seat < players:
            raise ValueError
    except ValueError:
        guest.ended = "A SEAT THAT CANNOT BE"
        return
    match = Match(info, players, 0, variant, starter, link=guest)  # no deal: never told
    app.load_game(match)  # its modules compile into a heap without this screen
    rules = games.by_id(info.ID)
    state = rules.new_state(players, 1, variant, starter)  # the shape of the game's state
    state._copy_from(state._blank())
    table = app.play(match, state, None, True)
    guest.attach(table)
    table.turns.waiting = True  # nothing to play until the host's observation comes


class Rejoin(Screen):
    """Continue on a linked game this console hosted (its power was cut):
    wait for the guests to come back with their tokens, or computers in
    their seats. ``saved``: (match, state, moves) from the store."""

    def __init__(self, app, saved):
        super().__init__(app)
        self.saved = saved
        self.group.append(ui_menu.heading("Linked game", 8, 0))
        self.menu = ui_menu.Menu(self.group, ["Wait for guests", "Computers play"], 10, 14, 12,
                                 1 if app.small else 2)  # fmt: skip
        self.note = ui.TextRow(32, 0, 26 if app.small else 44)
        self.group.append(self.note.grid)

    def on_key(self, key, now):
        if key in (UP, LEFT, DOWN, RIGHT):
            self.menu.move(1)
        elif key in (A, START):
            self.app.later(self._play, self.menu.index == 0)
        elif key == B:
            self.app.to_title()

    def _play(self, wait):
        app = self.app
        match, state, moves = self.saved
        if not wait:
            app.play(match.same_deal(match.starter), state, moves)
            return
        try:
            hub = app.hw.link_host()
        except (OSError, ValueError) as e:
            hub = None
            self.note.set(_words(e, "NO LINK HERE"))
        if hub is None:
            if not self.note.text().strip():
                self.note.set("NO LINK ON THIS BOARD")
            return
        from link import saved
        from link.host import Host

        seats = saved.seats(app.saves, saved.BY_HOST)
        self.saved = None  # (the table holds the game now)
        host = Host(app.hw, hub)
        app.link = host
        match.link = host
        _rejoin(host, app.play(match, state, moves), seats)


def _rejoin(host, table, seats):
    """A saved linked game resumed (Continue): each of its guest seats
    (``seats``: (seat, token), as saved) waits for its console to come
    back and prove its token; the pause menu may give it to a computer.
    Observations go on numbered from the moves kept, so a guest's number
    says whether it saw more than the store gave back."""
    from link.peers import Peer
    from match import GUEST

    host.table = table
    rec = table.record
    host.moves = rec.n if rec.complete else 0
    host.known = rec.complete
    now = host.hw.ticks_ms()
    for seat, token in seats:
        if 0 < seat < table.match.players and table.match.kind(seat) == GUEST and token:
            p = Peer(None, now)
            p.seat = seat
            p.token = token
            p.told = True
            p.gone = True
            host.peers.all.append(p)
    host.sync()  # (no one to send to yet: the turn noted)
