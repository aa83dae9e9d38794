"""The HAL contract (hal/CONTRACT.md) for the app on the MicroPython VM:
a display that counts refreshes, the real button queue, a 4 KB store and
a clock that each frame advances 20 ms. ``press`` taps a key and runs
frames until the computer players have settled.

The VM runners (``app_run.py``, ``session.py``, ``memmap.py``) share it;
like them it is precompiled (``sim.mpvm.app_tree``), so the harness adds
no compiling to what is measured.
"""

import gc
import os

from buttons import Buttons

# Bytes held from the start (MP_LAYOUT, set by sim.mpvm.run_mp), so that
# every later allocation lands elsewhere: near its edge a run's figure
# moves with the heap's layout, so a budget is held over a few layouts
_LAYOUT = bytearray(int(os.getenv("MP_LAYOUT") or 0))


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
    def __init__(self, height, nvm=None):
        self.width = 128
        self.height = height
        self.display = Display(128, height)
        self.buttons = Buttons()
        self.three = False
        self.unloads = True  # as a board
        self.nvm = bytearray(4096) if nvm is None else nvm
        self.now = 0
        self.tones = 0
        self.reloads = 0  # out-of-memory restarts
        self.profile_name = "micropython-vm"
        self.version = "vm"
        self.pystack = 0

    def report(self, line):
        print(line)

    def reload(self):
        self.reloads += 1  # returns: the app builds itself again

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

    def random_bytes(self, n):
        # fixed, so a budget run deals the same linked game every time
        self.drawn = getattr(self, "drawn", 0) + 1
        return bytes([(self.drawn * 53 + i * 29 + 7) & 0xFF for i in range(n)])

    def tone(self, freq, ms):
        self.tones += 1

    def screen_power(self, on):
        pass

    def deep_sleep(self):
        return False


def shown(app):
    """The name of the screen on show. Asked here, in a call of its own, so
    no word of a harness's frame is left pointing at the screen: the VM's
    collector scans its C stack conservatively, and a screen the app let
    go but a harness still pointed at would count against the game."""
    return type(app.screen).__name__


peak = [0]  # the most heap in use at the end of a frame (not collected)


def frame(app, hw):
    app.step(hw.ticks_ms())
    hw.wait_frame()
    used = gc.mem_alloc()
    if used > peak[0]:
        peak[0] = used


def press(app, hw, key):
    for _ in range(100):  # a new screen takes keys after its guard (App.show)
        if not app.busy():
            break
        frame(app, hw)
    hw.buttons.tap(key, hw.ticks_ms())
    frame(app, hw)
    for _ in range(5000):
        if not app.busy():
            return
        frame(app, hw)
