"""The rules pages of a game, from its pause menu.

The game's rules summarised in pages of at most seven lines of 32
characters, read from ``games/<game>_rules.txt`` one page at a time (a
page starts with a ``= TITLE`` line, which ends with the IDs of the
spec's rules it sums up, ``CE-4,5``: for the tests, not shown). The
first page gives the controls,
its keys named as the board's buttons make them (``{A}`` in the file:
``App.legend``; a line naming ``{UP}`` is left out on three buttons,
which have no UP at a table). A 128x32 panel shows three lines at a time; next and
previous (arrows, A) step a screenful, across pages, and a mark at the
heading's end says more follows; B goes back.
"""

from micropython import const

import games
import ui
from buttons import DOWN, LEFT, RIGHT, START, UP, A, B
from screens.base import Screen

_PAGE_LINES = const(7)


def rules_path(info):
    """Where a game's rules pages are: beside its rules module."""
    return games.data_path(info.module + "_rules.txt")


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
    """(title, lines) of the page starting at byte ``start``; the title
    without the rule IDs it ends with (a player has no spec to read them in)."""
    lines = []
    with open(path, "rb") as f:
        f.seek(start)
        title = f.readline().decode().strip()[1:].strip()
        cut = title.rfind(" ")
        if cut > 0 and title[cut + 3 : cut + 4] == "-" and title[cut + 4 : cut + 5].isdigit():
            title = title[:cut]  # " CE-4,5"
        for line in f:
            if line[:1] == b"=" or len(lines) == _PAGE_LINES:
                break
            lines.append(line.decode().rstrip())
    return title, lines


def over(app, info, back):
    """The rules pages of ``info``'s game, once the screen shown has gone;
    B goes to the screen ``back()`` makes, once they have gone."""
    app.clear()
    app.show(Rules(app, back, info))


def _back(app, back):
    app.clear()
    app.show(back())


class Rules(Screen):
    """``back``: a function that makes the screen B goes back to (called
    once these pages have gone: ``over``)."""

    def __init__(self, app, back, info):
        super().__init__(app)
        self.back = back
        self.path = rules_path(info)
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
            self.heading, lines = read_page(self.path, self.starts[self.page])
            # UP at a table is the arrows' (a hint, the round so far): three buttons have none
            three = self.app.hw.three
            self.lines = [self.app.legend(x) for x in lines if not (three and "{UP}" in x)]

    def parts(self):
        n = len(self.lines)
        return max(1, (n + self.rows_shown - 1) // self.rows_shown)

    def _render(self):
        pages = max(1, len(self.starts))
        head = "%d/%d %s" % (self.page + 1, pages, self.heading)
        if self.part + 1 < self.parts() or self.page + 1 < pages:
            head = "%-30s %s" % (head[:30], "~")  # more follows: the down mark
        self.head.set(head)
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
            self.app.later(_back, self.app, self.back)  # made once these pages have gone
