"""Stand-in ``keypad``: tests push edges with ``inject``; the queue keeps
CircuitPython's semantics (``get_into``, ``overflowed``, newest dropped)."""

instances = []


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=0):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = timestamp

    @property
    def released(self):
        return not self.pressed


class EventQueue:
    def __init__(self, max_events):
        self._q = []
        self._max = max_events
        self.overflowed = False

    def inject(self, key, pressed, timestamp):
        if len(self._q) >= self._max:
            self.overflowed = True
            return
        self._q.append((key, pressed, timestamp))

    def get_into(self, event):
        if not self._q:
            return False
        event.key_number, event.pressed, event.timestamp = self._q.pop(0)
        return True

    def __len__(self):
        return len(self._q)

    def clear(self):
        self._q = []


class Keys:
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64):
        self.pins = pins
        self.value_when_pressed = value_when_pressed
        self.pull = pull
        self.events = EventQueue(max_events)
        self.key_count = len(pins)
        self.deinited = False
        instances.append(self)

    def deinit(self):
        self.deinited = True
