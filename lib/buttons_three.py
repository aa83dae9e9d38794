"""Three buttons as the console's eight keys (FeatherWing OLED A/B/C).

Short presses are the common keys, long presses the rest, and
"previous/next" follow the screen's axis (``buttons.AXIS_VERTICAL`` on
lists, ``AXIS_HORIZONTAL`` at the table), so every screen is reachable.
Only a three-button board's HAL loads this module.
"""

from micropython import const

from buttons import AXIS_HORIZONTAL, AXIS_VERTICAL, DOWN, LEFT, RIGHT, SELECT, START, UP, A, B
from engine.ticks import ticks_diff

_LONG_MS = const(450)

# The keys as the board's buttons (top A, middle B, bottom C) make them, in
# ``buttons.LEGENDS``' order: on lists the pair of arrows is a long C
# (SELECT, which changes a value there), on the table a short A or C.
LEGENDS = ("A", "C", "A", "C", "B", "HOLD A", "HOLD B", "HOLD C", "HOLD C", "A/C")


class ThreeButtonNav:
    """Maps three physical buttons onto the logical keys.

    Short press: top = previous, middle = A, bottom = next, where
    previous/next are UP/DOWN on list screens and LEFT/RIGHT on the
    table. Long press: top = B (back), middle = START, bottom = SELECT.
    """

    def __init__(self, buttons):
        self.buttons = buttons
        self.axis = AXIS_VERTICAL
        self._t0 = [0, 0, 0]
        self._held = bytearray(3)
        self._long = bytearray(3)

    def _short_key(self, b):
        if b == 1:
            return A
        if self.axis == AXIS_HORIZONTAL:
            return LEFT if b == 0 else RIGHT
        return UP if b == 0 else DOWN

    def feed(self, button, pressed, now):
        if pressed:
            self._held[button] = 1
            self._long[button] = 0
            self._t0[button] = now
            return
        if not self._held[button]:
            return
        self._held[button] = 0
        if self._long[button]:
            self.buttons.feed((B, START, SELECT)[button], False, now)
        elif ticks_diff(now, self._t0[button]) >= _LONG_MS:
            # held long but released before a scan saw it: still a long press
            self.buttons.tap((B, START, SELECT)[button], now)
        else:
            self.buttons.tap(self._short_key(button), now)

    def scan(self, now):
        for b in range(3):
            if self._held[b] and not self._long[b] and ticks_diff(now, self._t0[b]) >= _LONG_MS:
                self._long[b] = 1
                self.buttons.feed((B, START, SELECT)[b], True, now)
