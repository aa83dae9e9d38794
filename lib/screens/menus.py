"""The title and the game menu: the first two screens, and the ways out
of them (``App`` loads the screen each item opens when it is chosen, so
neither sits in the heap during play).
"""

from micropython import const

import games
import ui
import ui_menu
from buttons import DOWN, LEFT, RIGHT, START, UP, A, B
from match import GUEST
from screens.base import GAME_MENU, TITLE_MENU, Screen
from unload import forget

_BY_GUEST = const(3)  # link.saved.BY_GUEST: the saves' link record holds a guest's seat


def _resume(app):
    """Continue: the saved game where it was left (or the title, which
    says why not), made once the title has gone. A linked game the host
    kept asks first: wait for its guests to come back, or computers in
    their seats."""
    app.clear()
    saves = app.saves
    saved = saves.saved_game()
    if saved is None:
        app.to_title()
        return
    match, state, moves = saved
    if match.has(GUEST) and _kept_guests(saves):
        from link import menu

        app.show(menu.Rejoin(app, saved))
        return
    app.play(match.same_deal(match.starter), state, moves)


def _kept_guests(saves):
    """Whether the saved linked game this console hosted kept its guests'
    tokens (their consoles can come back)."""
    from link import saved

    try:
        return bool(saved.seats(saves, saved.BY_HOST))
    finally:
        forget("link.saved")


class Title(Screen):
    """The name, a line about the saves (or what the console is), and the
    first menu: Rejoin game (on a board with a link, whose seat in a
    linked game not over is kept), Continue (when a game was saved), New
    game, Link play (on a board with a link), Statistics, Settings, About."""

    def __init__(self, app):
        super().__init__(app)
        small = app.small
        note = app.saves.message or "POCKET CARD CONSOLE"
        app.saves.message = ""  # said once
        if small:
            head = ui.TextRow(32, 0, 0)
            head.set("ELEVATOR CARD CONSOLE")
            self.group.append(head.grid)
            y, visible = 16, 1
            if note.startswith("POCKET"):
                note = ""
        else:
            self.group.append(ui_menu.heading("ELEVATOR", 16, 0, 2))
            y, visible = 29, 3
        self.note = ui.TextRow(32, 0, 8 if small else 22)
        self.note.set(note)
        self.group.append(self.note.grid)
        saves = app.saves
        self.items = (["Continue"] if saves.has_game() else []) + ["New game"]
        if getattr(app.hw, "link", None):  # a board with a link cable, Wi-Fi, or a simulator's
            self.items.append("Link play")
            if saves.link_n > 2 and saves.link_buf[0] == _BY_GUEST:  # (a restarted guest's)
                self.items.insert(0, "Rejoin game")
        self.items += ["Statistics", "Settings", "About"]
        self.menu = ui_menu.Menu(self.group, self.items, 30, y, 12, visible, app.menus, TITLE_MENU)

    def on_key(self, key, now):
        app = self.app
        if key in (UP, LEFT):
            self.menu.move(-1)
        elif key in (DOWN, RIGHT):
            self.menu.move(1)
        elif key in (A, START):
            item = self.items[self.menu.index]
            if item == "Continue":
                app.later(_resume, app)
            elif item == "New game":
                app.to_game_menu()
            elif item == "Link play" or item == "Rejoin game":
                app.clear()
                from link import menu

                if item == "Link play":
                    app.show(menu.LinkMenu(app))
                else:
                    menu.rejoin(app, now)
            elif item == "About":
                app.clear()
                from screens import about

                app.show(about.About(app))
            else:
                app.clear()
                from screens import stats

                make = stats.Stats if item == "Statistics" else stats.SettingsScreen
                app.show(make(app))


class GameMenu(Screen):
    """The games of the catalogue, a line about the one under the cursor;
    A sets one up (``screens/setup.py``), B goes back to the title."""

    def __init__(self, app):
        super().__init__(app)
        self.group.append(ui_menu.heading("Choose a game", 8, 0))
        visible = 1 if app.small else 3
        names = [g.NAME for g in games.CATALOGUE]
        self.menu = ui_menu.Menu(self.group, names, 10, 14, 12, visible, app.menus, GAME_MENU)
        self.blurb = ui.TextRow(32, 0, 26 if app.small else 58)
        self.group.append(self.blurb.grid)
        self._blurb()

    def _blurb(self):
        self.blurb.set(games.CATALOGUE[self.menu.index].BLURB)

    def on_key(self, key, now):
        if key in (UP, LEFT):
            self.menu.move(-1)
            self._blurb()
        elif key in (DOWN, RIGHT):
            self.menu.move(1)
            self._blurb()
        elif key in (A, START):
            self.app.clear()
            from screens import setup

            self.app.show(setup.Setup(self.app, games.CATALOGUE[self.menu.index]))
        elif key == B:
            self.app.to_title()
