"""The menu screens' widgets: a menu of rows in the built-in font with its
cursor (``Menu``), lines that scroll (``Scroller``) and a heading. Loaded
by the screens that show them (the title and game menus, setup, settings
and statistics, the pause menu, the results, About, link play's), not
while a table is built: kept with ``ui`` they were 2.4 KB of every game's
heap on the VM (``.mpy``). A game's load lets this module go with the
menus' (``App.load_game``) and loads it again once the table is built,
for the pause menu (``App.play``); a linked game's pause menu loads it
when first asked for.
"""

import displayio

import ui_glyphs
from buttons import DOWN, LEFT, RIGHT, UP
from ui import TextRow


class Scroller:
    """Lines of mini-font text shown ``visible`` rows at a time from
    (0, ``y0``), ``pitch`` pixels apart; the arrows scroll them."""

    def __init__(self, group, lines, y0, pitch, visible):
        self.lines = lines
        self.first = 0
        self.rows = [TextRow(32, 0, y0 + i * pitch) for i in range(visible)]
        for row in self.rows:
            group.append(row.grid)
        self.render()

    def render(self):
        lines = self.lines
        last = len(self.rows) - 1
        for i in range(last + 1):
            j = self.first + i
            text = lines[j] if j < len(lines) else ""
            # "more" marks at the right: lines above the first shown, below the last
            if (i == 0 and self.first > 0) or (i == last and j + 1 < len(lines)):
                text = "%-30s %s" % (text[:30], "^" if i == 0 else "~")  # ~: the down mark
            self.rows[i].set(text)

    def scroll(self, key):
        """True when ``key`` is an arrow (the view moves when it can)."""
        if key == UP or key == LEFT:
            first = self.first - 1
        elif key == DOWN or key == RIGHT:
            first = self.first + 1
        else:
            return False
        if 0 <= first and first + len(self.rows) <= len(self.lines):
            self.first = first
            self.render()
        return True


def heading(text, x, y, scale=1):
    """Text in the built-in font, ``scale`` times its size: a Group to
    append to a screen (it never changes)."""
    row = TextRow(len(text), 0, 0, big=True)
    row.set(text)
    g = displayio.Group(scale=scale, x=x, y=y)
    g.append(row.grid)
    return g


class Menu:
    """A vertical list in the built-in font, ``visible`` rows at a time,
    with a '>' cursor; it scrolls to keep the chosen row in view, with
    marks at the right when rows lie above or below. With ``keep`` (a
    bytearray) the cursor is kept in ``keep[slot]``, so the menu opens
    where it was left (counted from the end, so a title that gains or
    loses Continue at the top keeps the row it was on)."""

    def __init__(self, group, items, x, y, line_h, visible, keep=None, slot=0):
        self.items = items
        self.keep = keep
        self.slot = slot
        self.index = max(0, len(items) - keep[slot]) if keep and keep[slot] else 0
        self.top = max(0, self.index - visible + 1)
        self.visible = visible
        self.line_h = line_h
        self.y = y
        self.labels = []
        cols = (128 - x) // ui_glyphs.BIG_W  # to the panel's right edge
        for i in range(visible):
            row = TextRow(cols, x, y + i * line_h, big=True)
            self.labels.append(row)
            group.append(row.grid)
        self.cursor = TextRow(1, x - 7, y, big=True)
        self.cursor.set(">")
        group.append(self.cursor.grid)
        self.marks = [TextRow(1, 124, y + i * max(6, visible * line_h - 7)) for i in (0, 1)]
        for row in self.marks:
            group.append(row.grid)
        self.render()

    def move(self, d):
        n = len(self.items)
        self.index = (self.index + d) % n
        if self.keep:
            self.keep[self.slot] = n - self.index
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + self.visible:
            self.top = self.index - self.visible + 1
        self.render()

    def render(self):
        for i in range(self.visible):
            j = self.top + i
            self.labels[i].set(self.items[j] if j < len(self.items) else "")
        y = self.y + (self.index - self.top) * self.line_h
        if self.cursor.grid.y != y:
            self.cursor.grid.y = y
        self.marks[0].set("^" if self.top else " ")
        self.marks[1].set("~" if self.top + self.visible < len(self.items) else " ")

    def set_items(self, items):
        self.items = items
        self.render()
