"""Button events shared by every HAL: press, release and auto-repeat.

A HAL feeds raw edges (``feed(key, pressed, now)``) as its scanner reports
them; screens read logical events with ``get_into(event)``. Events wait in
a preallocated ring, so taps that land between two frames are never lost,
and reading allocates nothing. Each event keeps the time of its edge (a
board's ``keypad`` timestamp), its low 16 bits, so the app can tell a
key's bounce from a new press (``App._step``).

``buttons_three.ThreeButtonNav`` turns a three-button board (FeatherWing
OLED A/B/C) into the same eight logical keys; only such a board loads it.
"""

from micropython import const

from engine.ticks import ticks_diff

UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
A = const(4)
B = const(5)
START = const(6)
SELECT = const(7)
_NKEYS = const(8)
NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")

# How a screen names the keys ("{A}", "{SELECT}" in a legend: ``App.legend``):
# the eight, then LEFT/RIGHT as a pair ("{LR}") and UP/DOWN as a pair ("{UD}").
# A three-button board names its own (``buttons_three.LEGENDS``).
LEGENDS = ("UP", "DN", "<", ">", "A", "B", "START", "SEL", "<>", "UP/DN")

PRESS = const(1)
RELEASE = const(2)
REPEAT = const(3)

_QUEUE = const(32)


def key_by_name(name):
    """Key number for 'UP', 'a', ...; -1 when unknown."""
    n = name.strip().upper()
    for i in range(_NKEYS):
        if NAMES[i] == n:
            return i
    return -1


class Event:
    """One logical button event; reuse a single instance with get_into."""

    def __init__(self):
        self.key = 0
        self.kind = 0
        self.time = 0  # ticks of the edge & 0xFFFF (a repeat: of the scan that made it)


class Buttons:
    """Latched event queue with auto-repeat for the arrow keys."""

    repeat_keys = (UP, DOWN, LEFT, RIGHT)

    def __init__(self, repeat_delay=400, repeat_every=120):
        self.repeat_delay = repeat_delay
        self.repeat_every = repeat_every
        self._keys = bytearray(_QUEUE)
        self._kinds = bytearray(_QUEUE)
        self._times = bytearray(2 * _QUEUE)  # each event's ticks & 0xFFFF, low byte first
        self._head = 0
        self._n = 0
        self.dropped = 0
        self.down = 0  # the keys down now, a bit each (``1 << key``)
        self._next_repeat = [0] * _NKEYS

    def _push(self, key, kind, now):
        if self._n == _QUEUE:
            self.dropped += 1  # full: keep the older events, like keypad
            return
        i = (self._head + self._n) % _QUEUE
        self._keys[i] = key
        self._kinds[i] = kind
        self._times[2 * i] = now & 0xFF
        self._times[2 * i + 1] = (now >> 8) & 0xFF
        self._n += 1

    def feed(self, key, pressed, now):
        """A raw edge from the HAL's scanner."""
        if pressed:
            self.down |= 1 << key
            self._next_repeat[key] = (now + self.repeat_delay) & 0x1FFFFFFF
            self._push(key, PRESS, now)
        else:
            self.down &= ~(1 << key)
            self._push(key, RELEASE, now)

    def tap(self, key, now=0):
        """Press and release at once (terminal keys have no release)."""
        self.feed(key, True, now)
        self.feed(key, False, now)

    def scan(self, now):
        """Emit auto-repeats for held arrow keys; call once per frame."""
        for key in self.repeat_keys:
            if self.down >> key & 1 and ticks_diff(now, self._next_repeat[key]) >= 0:
                self._next_repeat[key] = (now + self.repeat_every) & 0x1FFFFFFF
                self._push(key, REPEAT, now)

    def get_into(self, event):
        if self._n == 0:
            return False
        event.key = self._keys[self._head]
        event.kind = self._kinds[self._head]
        i = 2 * self._head
        event.time = self._times[i] | (self._times[i + 1] << 8)
        self._head = (self._head + 1) % _QUEUE
        self._n -= 1
        return True

    def pending(self):
        return self._n

    def is_down(self, key):
        return self.down >> key & 1 == 1

    def clear(self):
        self._n = 0


# Which way "previous/next" go on a three-button board (``buttons_three.py``)
AXIS_VERTICAL = const(0)
AXIS_HORIZONTAL = const(1)


def cursor_keys(cursor, target, n):
    """LEFT or RIGHT presses that take a cursor going round ``n`` places
    from ``cursor`` to ``target`` the shorter way (for the autopilot)."""
    right = (target - cursor) % n
    left = (cursor - target) % n
    return [RIGHT] * right if right <= left else [LEFT] * left


class _Index:
    def __getitem__(self, index):
        return index


_ALL = _Index()[:]  # the slice [:] made once: one written out is made at each use


class Cursor:
    """Where the person's cursor is over a row of choices (a hand's cards,
    the solitaire's free cards): ``choices[at]``. The arrows move it round
    the row; ``keys_to`` gives the presses that bring it to a choice (the
    simulator's autopilot, and a hint)."""

    def __init__(self, room=0):
        # the choices' list, with room for ``room`` made once: a row drawn
        # again is refilled in place (``clear``, then appends) with no allocation
        self.choices = [0] * room
        self.clear()
        self.at = 0

    def clear(self):
        """No choices, the list's room kept (``list.clear`` gives it back)."""
        del self.choices[_ALL]

    def set(self, choices):
        """New choices (the row drawn again): the cursor stays in the row."""
        self.choices = choices
        if self.at >= len(choices):
            self.at = max(0, len(choices) - 1)

    def move(self, d):
        n = len(self.choices)
        if n:
            self.at = (self.at + d) % n

    def chosen(self):
        return self.choices[self.at]

    def keys_to(self, choice):
        """LEFT or RIGHT presses that bring the cursor to ``choice`` (the
        shorter way round)."""
        return cursor_keys(self.at, self.choices.index(choice), len(self.choices))
