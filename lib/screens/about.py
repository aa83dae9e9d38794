"""The About screen, from the title's menu: what a maker reports when
something goes wrong (the same lines go to the serial console at
start-up: ``app_failsafe.Failsafe.about``). UP/DOWN scroll on a 128x32
panel; B or A goes back.
"""

import ui
import ui_menu
from buttons import START, A, B
from screens.base import Screen


class About(Screen):
    def __init__(self, app):
        super().__init__(app)
        self.lines = app.failsafe.about()
        head = ui.TextRow(32, 0, 0)
        head.set("ABOUT THIS CONSOLE")
        self.group.append(head.grid)
        self.view = ui_menu.Scroller(self.group, self.lines, 8, 8, (app.hw.height - 8) // 8)

    def on_key(self, key, now):
        if not self.view.scroll(key) and key in (A, B, START):
            self.app.to_title()
