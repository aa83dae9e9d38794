"""The About screen, from the title's menu: what a maker reports when
something goes wrong (the same lines go to the serial console at
start-up: ``app.App.about``). UP/DOWN scroll on a 128x32 panel; B or A
goes back.
"""

import ui
from buttons import DOWN, LEFT, RIGHT, START, UP, A, B
from screens import Screen, Title


class About(Screen):
    def __init__(self, app):
        super().__init__(app)
        self.lines = app.about()
        head = ui.TextRow(32, 0, 0)
        head.set("ABOUT THIS CONSOLE")
        self.group.append(head.grid)
        self.visible = (app.height - 8) // 8
        self.rows = []
        for i in range(self.visible):
            row = ui.TextRow(32, 0, 8 + 8 * i)
            self.rows.append(row)
            self.group.append(row.grid)
        self.first = 0
        self._render()

    def _render(self):
        for i in range(self.visible):
            j = self.first + i
            self.rows[i].set(self.lines[j] if j < len(self.lines) else "")

    def on_key(self, key, now):
        if key in (UP, LEFT) and self.first > 0:
            self.first -= 1
            self._render()
        elif key in (DOWN, RIGHT) and self.first + self.visible < len(self.lines):
            self.first += 1
            self._render()
        elif key in (A, B, START):
            self.app.home(Title)
