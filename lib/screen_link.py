"""The way into a linked game (docs/link.md): Link play on the title.

Host game opens the board's hub and goes on to the game menu and setup
as for any game; the setup then says how many have joined, and START
seats them. Join game connects to the host and waits (``Join``) until the
host starts: then this console's seat and its table, which holds only
what the seat sees. Loaded only when Link play is chosen.
"""

import ui
from buttons import DOWN, LEFT, RIGHT, START, UP, A, B
from screens import GameMenu, Screen, Title, load_game


def open(app):  # noqa: A001 - the title calls screen_link.open (a name costs a board RAM)
    return LinkMenu(app)


class LinkMenu(Screen):
    """Host game or Join game; a link that cannot open is said here."""

    def __init__(self, app):
        super().__init__(app)
        self.group.append(ui.heading("Link play", 8, 0))
        self.menu = ui.Menu(
            self.group, ["Host game", "Join game"], 10, 14, 12, 1 if app.small else 2
        )
        self.note = ui.TextRow(32, 0, 26 if app.small else 44)
        self.group.append(self.note.grid)
        keys = ui.TextRow(32, 0, app.height - 6)
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
            self.app.home(Title)

    def _open(self, host, now):
        app = self.app
        hw = app.hw
        try:
            link = hw.link_host() if host else hw.link_join()
        except (OSError, ValueError) as e:
            self.note.set(("NO LINK: " + str(e)).upper()[:32])
            return
        if link is None:
            self.note.set(
                "NOT ON THIS LINK" if getattr(hw, "link", None) else "NO LINK ON THIS BOARD"
            )
            return
        app.clear()
        import sys

        del sys.modules["screen_link"]  # not needed again: its heap goes to the game
        if host:
            from link_host import Host

            app.host = Host(link)
            app.show(GameMenu(app))
        else:
            from link_guest import Guest

            app.host = Guest(hw, link, now)
            app.show(Join(app))


class Join(Screen):
    """A guest waiting for its host: what the link says, B to give up."""

    def __init__(self, app):
        super().__init__(app)
        self.group.append(ui.heading("Join game", 8, 0))
        self.rows = [ui.TextRow(32, 0, y) for y in ((8, 15, 22) if app.small else (20, 30, 40))]
        for row in self.rows:
            self.group.append(row.grid)
        link = app.host.link
        self.rows[0].set(link.name.upper()[:32] if link is not None else "")
        self.rows[2].set(app.legend("{B} BACK"))

    def tick(self, now):
        guest = self.app.host  # (the app polls its link every frame)
        if guest is None:
            return
        if guest.ended:
            self.rows[1].set(guest.ended)
            return
        self.rows[1].set(guest.note)
        if guest.setup is not None and guest.table is None:
            self.app.later(_seated, self.app, guest)

    def on_key(self, key, now):
        if key in (B, START) or (key == A and self.app.host.ended):
            self.app.home(Title)  # the title closes the link


def _seated(app, guest):
    """The host started and gave this console a seat: its table."""
    import games

    save_id, players, variant, starter = guest.setup
    info = None
    for i in games.CATALOGUE:
        if i.SAVE_ID == save_id:
            info = i
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
    app.levels = []
    game, mod = load_game(app, info.ID)
    # the shape of the game's state, empty: the host's first observation
    # fills it before anything of it is shown
    state = game.new_state(players, 1, variant, starter)
    state._copy_from(state._blank())
    t = mod.Table(app, game, players, 0, variant, starter, state=state, replaying=True)
    guest.attach(t)
    t.waiting = True  # nothing to play until the host's observation comes
    app.show(t)
