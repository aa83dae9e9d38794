"""The pause menu over a game's table.

Resume, Rules, Hint, Sound on/off, Restart (the same deal), New deal,
Quit to the game menu. The table stays in memory, untouched, while the
menu shows; Resume puts it back on the panel. B also resumes. Loaded with
the table (every game pauses), with the rules pages (``screen_rules.py``), so
neither compiles in a heap a game has cut up.
"""

import ui
from app import CLICK
from buttons import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B
from screen_rules import Rules
from screens import GameMenu, Screen, start_game

ITEMS = ("Resume", "Rules", "Hint", "Sound", "Restart deal", "New deal", "Quit")


class Pause(Screen):
    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        small = app.small
        head = ui.TextRow(32, 0, 0)
        head.set("PAUSED  " + table.game.NAME)
        self.group.append(head.grid)
        self.menu = ui.Menu(self.group, self._items(), 10, 8 if small else 9, 12 if small else 11,
                            2 if small else 5)  # fmt: skip
        app.save_soon = True  # the game is written once the menu shows

    def _items(self):
        sound = "On" if self.app.settings.sound else "Off"
        return [("Sound < %s >" % sound) if i == "Sound" else i for i in ITEMS]

    def checkpoint(self):
        self.table.checkpoint()

    def on_key(self, key, now):
        if key in (UP, LEFT):
            self.menu.move(-1)
        elif key in (DOWN, RIGHT):
            self.menu.move(1)
        elif key == B:
            self.resume()
        elif key in (A, START, SELECT):
            self.choose(ITEMS[self.menu.index])

    def choose(self, item):
        app = self.app
        t = self.table
        if item == "Resume":
            self.resume()
        elif item == "Rules":
            app.show(Rules(app, self, t.game.ID))
        elif item == "Hint":
            self.resume()
            t.hint()
            t.render()
        elif item == "Sound":
            st = app.settings
            st.sound = 0 if st.sound else 1
            app.saves.dirty = True  # written with the game, on the next save
            app.beep(CLICK)
            self.menu.set_items(self._items())
        elif item == "Quit":
            t.checkpoint()  # kept before the table goes (it is if nothing changed)
            if app.saves.failed:  # never dropped: stay (the panel says why) until it is written
                return
            app.home(GameMenu)  # the game stays kept: Continue on the title
        else:  # a game abandoned this way is not counted in the statistics
            game_id, players, variant, starter, deal = t.setup[:5]
            if item == "Restart deal":  # once this menu and the table have gone
                app.later(start_game, app, game_id, players, deal, variant, starter)
            else:
                app.later(start_game, app, game_id, players, app.deal_mode, variant)

    def resume(self):
        self.app.show(self.table)
        self.table.resumed()
