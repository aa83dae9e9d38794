"""The device bundle's app under the MicroPython VM, on stand-in displayio.

Run from a bundle root (``build/CIRCUITPY`` layout) with this directory's
``display/`` stand-ins first on the path:

    micropython -X heapsize=128K app_run.py PLAYERS DEAL

It walks title -> menu -> setup -> table with button events, plays the
person's seat with the autopilot's presses until the results screen, and
prints 'results reached screens=N heap_peak=B heap_after=B'.
"""

import gc
import sys

sys.path.insert(0, "lib")
sys.path.insert(0, "display")

from autopilot import presses_for  # noqa: E402

from app import App  # noqa: E402
from buttons import DOWN, RIGHT, START, A, B, Buttons  # noqa: E402


class Display:
    def __init__(self, w, h):
        self.width = w
        self.height = h
        self.root_group = None
        self.refreshes = 0

    def refresh(self, **kw):
        self.refreshes += 1
        return True

    def sleep(self):
        pass

    def wake(self):
        pass


class HAL:
    def __init__(self, height):
        self.width = 128
        self.height = height
        self.display = Display(128, height)
        self.buttons = Buttons()
        self.three = False
        self.nvm = bytearray(4096)
        self.now = 0
        self.tones = 0

    def ticks_ms(self):
        return self.now

    def wait_frame(self):
        self.now = (self.now + 20) & 0x1FFFFFFF

    def poll(self, now):
        self.buttons.scan(now)

    def set_axis(self, axis):
        pass

    def entropy(self):
        return 12345

    def tone(self, freq, ms):
        self.tones += 1

    def screen_power(self, on):
        pass

    def deep_sleep(self):
        return False


peak = [0]


def frame(app, hw):
    app.step(hw.ticks_ms())
    hw.wait_frame()
    used = gc.mem_alloc()
    if used > peak[0]:
        peak[0] = used


def press(app, hw, key):
    hw.buttons.tap(key, hw.ticks_ms())
    frame(app, hw)
    for _ in range(5000):
        if not app.busy():
            return
        frame(app, hw)


def main(players, deal, height):
    hw = HAL(height)
    app = App(hw)
    app.settings.pace_ms = 0
    app.start()
    screens = [type(app.screen).__name__]
    for key in (A, A):
        press(app, hw, key)
        screens.append(type(app.screen).__name__)
    setup = app.screen
    while setup.players != players:
        press(app, hw, RIGHT)
    press(app, hw, DOWN)
    press(app, hw, A)  # deal number: digit entry
    setup.deal = deal
    press(app, hw, B)
    press(app, hw, START)
    table = app.screen
    screens.append(type(table).__name__)
    assert type(table).__name__ == "Table", screens
    gc.collect()
    for _ in range(3000):
        if type(app.screen).__name__ == "Results":
            break
        state = table.state
        if state.is_over() or state.current_player() != 0:
            frame(app, hw)
            continue
        action = table.game.basic_policy(state.observe(0), None)
        for key in presses_for(table, action):
            press(app, hw, key)
    screens.append(type(app.screen).__name__)
    assert screens[-1] == "Results", screens
    press(app, hw, B)  # back to the menu: the game's objects can go
    gc.collect()
    print(
        "results reached screens=%d heap_peak=%d heap_after=%d refreshes=%d"
        % (len(screens), peak[0], gc.mem_alloc(), hw.display.refreshes)
    )


if __name__ == "__main__":
    args = sys.argv[1:]
    main(int(args[0]) if args else 4, int(args[1]) if len(args) > 1 else 7,
         int(args[2]) if len(args) > 2 else 64)  # fmt: skip
