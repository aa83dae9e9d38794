"""The statistics and settings screens, reached from the title menu.

Statistics: one game at a time (LEFT/RIGHT or A for the next game), B
back. Settings: UP/DOWN choose a row, LEFT/RIGHT (or A) change it, B
back; changed settings are written once, on leaving.
"""

import games
import ui
import ui_menu
from buttons import AXIS_HORIZONTAL, DOWN, LEFT, RIGHT, SELECT, START, UP, A, B
from screens.base import CLICK, SETTINGS_MENU, Screen
from screens.results import stat_lines

NEVER = 0
# (attribute, label, choices, names of the choices); attributes: saves.codec.SAVED
CHOICES = (
    ("sound", "Sound", (1, 0), ("On", "Off")),
    ("pace_ms", "Pace", (300, 700, 1200, 2000), ("Fast", "Normal", "Slow", "Slower")),
    ("contrast", "Contrast", (16, 64, 128, 255), ("Dim", "Low", "Mid", "High")),
    ("repeat_ms", "Repeat", (200, 120, 60), ("Slow", "Normal", "Fast")),
    ("dim_ms", "Dim after", (10000, 20000, 60000, NEVER), ("10 s", "20 s", "1 min", "Never")),
    ("screen_off_ms", "Off after", (30000, 60000, 120000, 300000, NEVER),
     ("30 s", "1 min", "2 min", "5 min", "Never")),
    ("sleep_ms", "Sleep", (120000, 300000, 900000, NEVER),
     ("2 min", "5 min", "15 min", "Never")),
)  # fmt: skip


def choice(settings, row):
    """Which choice of settings row ``row`` is current (0 if none is)."""
    name, _, values, _ = CHOICES[row]
    v = getattr(settings, name)
    for i in range(len(values)):
        if values[i] == v:
            return i
    return 0


def step(settings, row, d):
    """Move row ``row`` to its next (d=1) or previous (d=-1) choice."""
    name, _, values, _ = CHOICES[row]
    setattr(settings, name, values[(choice(settings, row) + d) % len(values)])


def row_text(settings, row):
    _, name, _, names = CHOICES[row]
    return "%s < %s >" % (name, names[choice(settings, row)])


class Stats(Screen):
    axis = AXIS_HORIZONTAL

    def __init__(self, app):
        super().__init__(app)
        self.index = 0
        small = app.small
        self.head = ui.TextRow(32, 0, 0)
        self.group.append(self.head.grid)
        self.rows = []
        for i in range(5 if not small else 3):
            row = ui.TextRow(32, 0, (7 if small else 12) + i * (7 if small else 9))
            self.rows.append(row)
            self.group.append(row.grid)
        if not small:
            row = ui.TextRow(32, 0, 57)
            row.set(app.legend("{LR} GAME  {B} BACK"))
            self.group.append(row.grid)
        self._render()

    def _render(self):
        info = games.CATALOGUE[self.index]
        self.head.set("%d/%d %s" % (self.index + 1, len(games.CATALOGUE), info.NAME.upper()))
        lines = stat_lines(self.app.saves, info.ID)
        if len(self.rows) < len(lines):  # 128x32, or friends: the rate goes into the first line
            t = lines[1].split()[2]
            lines = [lines[0].replace("  ", " ") + " RATE " + t] + lines[2:]
        if len(self.rows) < len(lines):  # 128x32 with friends: the streak, then friends
            t = lines[3].split(":")[0] + " " + lines[4].replace(":", "")
            lines = [lines[0], lines[2], t]
        for i in range(len(self.rows)):
            self.rows[i].set(lines[i] if i < len(lines) else "")

    def on_key(self, key, now):
        n = len(games.CATALOGUE)
        if key in (LEFT, UP):
            self.index = (self.index - 1) % n
        elif key in (RIGHT, DOWN, A, SELECT):
            self.index = (self.index + 1) % n
        elif key in (B, START):
            self.app.to_title()
            return
        self._render()


class SettingsScreen(Screen):
    def __init__(self, app):
        super().__init__(app)
        self.changed = False
        small = app.small
        self.group.append(ui_menu.heading("Settings", 8, 0))
        if not small:
            row = ui.TextRow(32, 0, 57)
            row.set(app.legend("{LR} CHANGE  {B} BACK"))
            self.group.append(row.grid)
        self.menu = ui_menu.Menu(self.group, self._items(), 10, 14 if small else 13, 10,
                                 1 if small else 4, app.menus, SETTINGS_MENU)  # fmt: skip

    def _items(self):
        st = self.app.settings
        return [row_text(st, i) for i in range(len(CHOICES))]

    def on_key(self, key, now):
        st = self.app.settings
        if key == UP:
            self.menu.move(-1)
        elif key == DOWN:
            self.menu.move(1)
        elif key in (LEFT, RIGHT, A, SELECT):
            step(st, self.menu.index, -1 if key == LEFT else 1)
            self.changed = True
            self.app.apply_settings()
            if CHOICES[self.menu.index][0] == "sound":
                self.beep(CLICK)
            self.menu.set_items(self._items())
        elif key in (B, START):
            if self.changed:
                self.app.saves.commit()  # one write for all the changes
            self.app.to_title()

    def checkpoint(self):
        if self.changed:
            self.app.saves.commit()
            self.changed = False
