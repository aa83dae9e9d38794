"""The pause menu over a game's table, and the rules pages it opens.

Pause: Resume, Rules, Hint, Sound on/off, Restart (the same deal), New
deal, Quit to the game menu. The table stays in memory, untouched, while
the menu shows; Resume puts it back on the panel. B also resumes.

Rules: the game's rules summarised in pages of at most seven lines of 32
characters, read from ``games/<game>_rules.txt`` one page at a time (a
page starts with a ``= TITLE`` line). A 128x32 panel shows three lines
at a time; next and previous (arrows, A) step a screenful, across pages;
B goes back.
"""

from micropython import const

import games
import ui
from buttons import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B
from screens import GameMenu, Screen, start_game

_PAGE_LINES = const(7)
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
            app.beep()
            self.menu.set_items(self._items())
        elif item == "Quit":
            app.home(GameMenu)  # the game stays kept: Continue on the title
        else:  # a game abandoned this way is not counted in the statistics
            game_id, players, variant, starter, deal = t.setup[:5]
            if item == "Restart deal":
                start_game(app, game_id, players, deal, variant, starter)
            else:
                start_game(app, game_id, players, app.deal_mode, variant)

    def resume(self):
        self.app.show(self.table)
        self.table.resumed()


def rules_path(game_id):
    """Where a game's rules pages are: next to the games package."""
    return games.data_path(game_id.replace("-", "_") + "_rules.txt")


def page_starts(path):
    """The byte offset of every page of a rules file."""
    starts = []
    at = 0
    with open(path, "rb") as f:
        for line in f:
            if line[:1] == b"=":
                starts.append(at)
            at += len(line)
    return starts


def read_page(path, start):
    """(title, lines) of the page starting at byte ``start``."""
    lines = []
    with open(path, "rb") as f:
        f.seek(start)
        title = f.readline().decode().strip()[1:].strip()
        for line in f:
            if line[:1] == b"=" or len(lines) == _PAGE_LINES:
                break
            lines.append(line.decode().rstrip())
    return title, lines


class Rules(Screen):
    def __init__(self, app, back, game_id):
        super().__init__(app)
        self.back = back
        self.path = rules_path(game_id)
        try:
            self.starts = page_starts(self.path)
        except OSError:  # the rules file is missing from this build
            self.starts = []
        self.page = 0
        self.part = 0  # which screenful of the page (128x32 shows 3 lines)
        self.rows_shown = 3 if app.small else _PAGE_LINES
        self.head = ui.TextRow(32, 0, 0)
        self.group.append(self.head.grid)
        self.rows = []
        for i in range(self.rows_shown):  # one row per 8-pixel page of the panel's memory
            row = ui.TextRow(32, 0, 8 + i * 8)
            self.rows.append(row)
            self.group.append(row.grid)
        self._load()
        self._render()

    def _load(self):
        if not self.starts:
            self.heading, self.lines = "RULES", ["NO RULES FILE IN THIS BUILD"]
        else:
            self.heading, self.lines = read_page(self.path, self.starts[self.page])

    def parts(self):
        n = len(self.lines)
        return max(1, (n + self.rows_shown - 1) // self.rows_shown)

    def _render(self):
        pages = max(1, len(self.starts))
        self.head.set("%d/%d %s" % (self.page + 1, pages, self.heading))
        first = self.part * self.rows_shown
        for i in range(self.rows_shown):
            j = first + i
            self.rows[i].set(self.lines[j] if j < len(self.lines) else "")

    def step(self, d):
        """Next (1) or previous (-1) screenful, across pages."""
        part = self.part + d
        if 0 <= part < self.parts():
            self.part = part
            self._render()
            return
        self.page = (self.page + d) % max(1, len(self.starts))
        self._load()
        self.part = self.parts() - 1 if d < 0 else 0
        self._render()

    def on_key(self, key, now):
        if key in (UP, LEFT):
            self.step(-1)
        elif key in (DOWN, RIGHT, A):
            self.step(1)
        elif key in (B, START):
            self.app.show(self.back)
