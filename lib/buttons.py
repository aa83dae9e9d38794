"""Button events shared by every HAL: press, release and auto-repeat.

A HAL feeds raw edges (``feed(key, pressed, now)``) as its scanner reports
them; screens read logical events with ``get_into(event)``. Events wait in
a preallocated ring, so taps that land between two frames are never lost,
and reading allocates nothing.

``ThreeButtonNav`` turns a three-button board (FeatherWing OLED A/B/C)
into the same eight logical keys: short presses for the common keys, long
presses for the rest, and "previous/next" following the screen's axis.
"""

from micropython import const

from ticks import ticks_diff

UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
A = const(4)
B = const(5)
START = const(6)
SELECT = const(7)
NKEYS = const(8)
NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")

PRESS = const(1)
RELEASE = const(2)
REPEAT = const(3)

_QUEUE = const(32)


def key_by_name(name):
    """Key number for 'UP', 'a', ...; -1 when unknown."""
    n = name.strip().upper()
    for i in range(NKEYS):
        if NAMES[i] == n:
            return i
    return -1


class Event:
    """One logical button event; reuse a single instance with get_into."""

    def __init__(self):
        self.key = 0
        self.kind = 0


class Buttons:
    """Latched event queue with auto-repeat for the arrow keys."""

    repeat_keys = (UP, DOWN, LEFT, RIGHT)

    def __init__(self, repeat_delay=400, repeat_every=120):
        self.repeat_delay = repeat_delay
        self.repeat_every = repeat_every
        self._keys = bytearray(_QUEUE)
        self._kinds = bytearray(_QUEUE)
        self._head = 0
        self._n = 0
        self.dropped = 0
        self._down = bytearray(NKEYS)
        self._next_repeat = [0] * NKEYS

    def _push(self, key, kind):
        if self._n == _QUEUE:
            self.dropped += 1  # full: keep the older events, like keypad
            return
        i = (self._head + self._n) % _QUEUE
        self._keys[i] = key
        self._kinds[i] = kind
        self._n += 1

    def feed(self, key, pressed, now):
        """A raw edge from the HAL's scanner."""
        if pressed:
            self._down[key] = 1
            self._next_repeat[key] = (now + self.repeat_delay) & 0x1FFFFFFF
            self._push(key, PRESS)
        else:
            self._down[key] = 0
            self._push(key, RELEASE)

    def tap(self, key, now=0):
        """Press and release at once (terminal keys have no release)."""
        self.feed(key, True, now)
        self.feed(key, False, now)

    def scan(self, now):
        """Emit auto-repeats for held arrow keys; call once per frame."""
        for key in self.repeat_keys:
            if self._down[key] and ticks_diff(now, self._next_repeat[key]) >= 0:
                self._next_repeat[key] = (now + self.repeat_every) & 0x1FFFFFFF
                self._push(key, REPEAT)

    def get_into(self, event):
        if self._n == 0:
            return False
        event.key = self._keys[self._head]
        event.kind = self._kinds[self._head]
        self._head = (self._head + 1) % _QUEUE
        self._n -= 1
        return True

    def pending(self):
        return self._n

    def is_down(self, key):
        return self._down[key] == 1

    def clear(self):
        self._n = 0


# Three-button scheme: physical buttons 0, 1, 2 (FeatherWing A, B, C).
AXIS_VERTICAL = const(0)
AXIS_HORIZONTAL = const(1)
LONG_MS = const(450)


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
        elif ticks_diff(now, self._t0[button]) >= LONG_MS:
            # held long but released before a scan saw it: still a long press
            self.buttons.tap((B, START, SELECT)[button], now)
        else:
            self.buttons.tap(self._short_key(button), now)

    def scan(self, now):
        for b in range(3):
            if self._held[b] and not self._long[b] and ticks_diff(now, self._t0[b]) >= LONG_MS:
                self._long[b] = 1
                self.buttons.feed((B, START, SELECT)[b], True, now)


def cursor_keys(cursor, target, n):
    """LEFT or RIGHT presses that take a cursor going round ``n`` places
    from ``cursor`` to ``target`` the shorter way (for the autopilot)."""
    right = (target - cursor) % n
    left = (cursor - target) % n
    return [RIGHT] * right if right <= left else [LEFT] * left
