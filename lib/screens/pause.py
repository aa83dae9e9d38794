"""The pause menu over a game's table, and the round view.

Resume, Round so far (``Round``: what each seat did last), Rules, Hint,
Sound on/off, Restart (the same deal), New deal, Quit to the game menu;
hosting a linked game whose guest is gone or slow, a computer for its
seat (chosen twice: it cannot be taken back).
The table stays in memory while the menu shows, its tiles let go and
the menu's made in their room (``Screen.shelve``); Resume makes them
again and puts the table back on the panel, and so do B and START.
Loaded the first time a game asks for the menu or the round view (the
menus' widgets, ``ui_menu``, loaded once the table was built: ``App.play``;
a linked game's with this module), and let go with the game's modules
(``app._SHARED``). The menu opens on Resume each time the table pauses;
while the rules pages show, it is let go (its tiles are the rules' room)
and made again, on Rules, when they close. The rules pages' module
(``screens/rules.py``) loads the first time they are asked for, once the
menu has gone, and goes with the game's modules.
"""

import ui
import ui_menu
from buttons import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B
from screens.base import CLICK, REFUSED, Screen

ITEMS = ("Resume", "Round so far", "Rules", "Hint", "Sound", "Restart deal", "New deal", "Quit")


class Pause(Screen):
    def __init__(self, app, table, at=0):
        super().__init__(app)
        self.table = table
        self.seat = -1  # a guest seat a computer may take (hosting)
        self.sure = False  # that choice made once: once more does it
        link = table.match.link
        if link is not None and not link.seat:
            self.seat = link.givable()
        self.items = ITEMS + (("Computer",) if self.seat >= 0 else ())
        small = app.small
        head = ui.TextRow(32, 0, 0)
        head.set("PAUSED  " + table.game.NAME)
        self.group.append(head.grid)
        self.menu = ui_menu.Menu(self.group, self._items(), 10, 8 if small else 9,
                                 12 if small else 11, 2 if small else 5)  # fmt: skip
        self.menu.move(at)  # (the row it was left on, back from the rules)
        app.save_soon = True  # the game is written once the menu shows

    def _items(self):
        sound = "On" if self.app.settings.sound else "Off"
        out = [("Sound < %s >" % sound) if i == "Sound" else i for i in self.items]
        if self.seat >= 0:
            out[-1] = ("Sure? P%d: computer" if self.sure else "P%d to a computer") % (
                self.seat + 1
            )
        return out

    def checkpoint(self):
        self.table.checkpoint()

    def on_key(self, key, now):
        if self.sure and key not in (A, SELECT):
            self.sure = False  # anything but the choice again: not sure
            self.menu.set_items(self._items())
        if key in (UP, LEFT):
            self.menu.move(-1)
        elif key in (DOWN, RIGHT):
            self.menu.move(1)
        elif key in (B, START):  # START pauses and resumes
            self.resume()
        elif key in (A, SELECT):
            self.choose(self.items[min(self.menu.index, len(self.items) - 1)])

    def choose(self, item):
        app = self.app
        t = self.table
        match = t.match
        if item == "Resume":
            self.resume()
        elif item == "Round so far":
            app.show(Round(app, self, t))
        elif item == "Rules":  # this menu goes while the pages show, and is made again after
            at = self.menu.index
            app.later(_rules, app, match.info, lambda: Pause(app, t, at))
        elif item == "Hint":
            self.resume(t.hint)
        elif item == "Sound":
            st = app.settings
            st.sound = 0 if st.sound else 1
            app.saves.dirty = True  # written with the game, on the next save
            self.beep(CLICK)
            self.menu.set_items(self._items())
        elif item == "Computer":
            if not self.sure:
                self.sure = True  # said on the item: once more to do it
                self.menu.set_items(self._items())
                return
            seat = self.seat
            self.resume(lambda: match.link.computer_for(t, seat))  # (said on its message line)
        elif item == "Quit":
            t.checkpoint()  # kept before the table goes (it is if nothing changed)
            if app.saves.failed:  # never dropped: stay (the panel says why) until it is written
                return
            app.end_link(1)  # the others are told: the host's save resumes it
            app.later(
                app.to_game_menu
            )  # once this menu and the table have gone; the game stays kept
        elif match.link is not None:  # a linked game goes on: not restarted from here
            self.beep(REFUSED)
        else:  # a game abandoned this way is not counted in the statistics
            if item == "Restart deal":  # once this menu and the table have gone
                app.later(app.new_game, match.same_deal(match.starter))
            else:
                app.later(app.new_game, match.again(match.redeal))

    def resume(self, then=None):
        """Back to the table, once this menu has gone (its tiles made again
        in the menu's room: ``Screen.unshelve``), and ``then`` done there."""
        self.app.later(_back, self.app, self.table, then)


def _rules(app, info, back):
    """The rules pages, their module loaded (the first time) once this
    menu has gone, into its room."""
    app.clear()
    from screens import rules

    rules.over(app, info, back)


def _back(app, table, then):
    app.clear(table)  # (a failure making its tiles keeps the game, and says so)
    table.unshelve()
    app.show(table)
    table.resumed()
    if then is not None:
        then()
        table.render()


class Round(Screen):
    """The round so far: a line per seat with what it did last (the
    table's ``said``), the seat to play marked; the arrows scroll, any
    other key goes back to ``back`` (the table or its pause menu)."""

    def __init__(self, app, back, table):
        super().__init__(app)
        self.back = back
        head = ui.TextRow(32, 0, 0)
        head.set(app.legend("ROUND SO FAR  {B} BACK"))
        self.group.append(head.grid)
        s = table.state
        turn = -1 if s.is_over() else s.current_player()
        lines = []
        said = table.said  # (strs made now, from the table's lines)
        for seat in range(table.match.players):
            lines.append(("@" if seat == turn else " ") + (said[seat] or table.who(seat)))
        self.view = ui_menu.Scroller(self.group, lines, 8, 7, (app.hw.height - 8) // 7)

    def on_key(self, key, now):
        if not self.view.scroll(key):
            self.app.show(self.back)  # its picture is as it was left
