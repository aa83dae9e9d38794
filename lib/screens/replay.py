"""A recorded game replayed move by move on the game's own table: the
record the console keeps of its last game (its match and moves), or the
line it prints on the serial console (``ELEVATOR-REPLAY 1 ...``, read by
``parse_line``). It plays at the opponents' pace: A or START pauses and
resumes, RIGHT steps one move while paused, B leaves. Moves are checked
by the rules as they are played, so a record from other firmware stops
with a message instead of showing nonsense. The simulator's ``--replay``
and the browser's ``?replay=`` show it; loaded only for a replay.
"""

import games
import games.text
from buttons import RIGHT, START, A, B
from engine.ticks import ticks_add, ticks_diff
from saves import codec, decode, read, store
from screens.base import Screen

# the key line of a replay (where the table has one), or the shorter of it that fits
_KEYS = "REPLAY {A} PAUSE {RIGHT} STEP {B} QUIT|REPLAY {A} PAUSE {RIGHT} STEP"


def parse_line(line):
    """Record bytes from a printed line (ValueError if it is not one)."""
    line = line.strip()
    if not line.startswith(codec.LINE):
        raise ValueError("not a replay line")
    parts = line[len(codec.LINE) :].split()
    if len(parts) != 2 or len(parts[0]) % 2 or len(parts[1]) != 4:
        raise ValueError("damaged replay line")
    hexes = parts[0].lower()
    for ch in hexes + parts[1].lower():
        if ch not in "0123456789abcdef":
            raise ValueError("damaged replay line")
    data = bytearray(len(hexes) // 2)
    for i in range(len(data)):
        data[i] = int(hexes[2 * i : 2 * i + 2], 16)
    if store.crc16(data, len(data)) != int(parts[1], 16):
        raise ValueError("replay line fails its check: copied wrong?")
    return bytes(data)


class Replay(Screen):
    def __init__(self, app, record):
        super().__init__(app)
        match, self.moves = decode.read_record(record)
        module = app.load_game(match)  # the game's modules, its rules, then its table
        self.table = module.Table(app, match, None, None, True)
        self.group = self.table.group
        self.axis = self.table.axis
        self.i = 0
        self.paused = False
        self.wait_until = 0
        self.error = ""
        self._say("REPLAY: %d MOVES" % len(self.moves))

    def done(self):
        return self.i >= len(self.moves) or bool(self.error)

    def busy(self):
        return not self.done() and not self.paused

    def _say(self, text):
        t = self.table
        t.message = text
        t.render()
        # the key line (where the table has one) says it is a replay, and its keys
        row = getattr(getattr(t, "view", None), "help", None)
        if row is not None:
            row.set(self.app.legend(_KEYS))

    def _step(self):
        t = self.table
        s = t.state
        a = self.moves[self.i]
        seat = s.current_player()
        who = "YOU" if seat == 0 else "P%d" % (seat + 1)
        what = "take back" if a == codec.UNDO else games.text.describe(s, a)
        try:
            read.play(s, a, t.play)  # the table notes each move, as in play
        except ValueError as e:
            self.error = "MOVE %d REFUSED: %s" % (self.i + 1, e)
            self._say(self.error.upper()[:32])
            return
        self.i += 1
        tail = self.app.legend("  END: {B} QUITS") if self.done() else ""
        text = "%d/%d %s: %s" % (self.i, len(self.moves), who, what)
        self._say(text.upper()[: 32 - len(tail)] + tail)

    def tick(self, now):
        if self.paused or self.done() or ticks_diff(now, self.wait_until) < 0:
            return
        self._step()
        self.wait_until = ticks_add(now, self.app.settings.pace_ms)

    def on_key(self, key, now):
        if key == B:
            self.app.to_title()
        elif key in (A, START) and not self.done():
            self.paused = not self.paused
            if self.paused:
                self._say(self.app.legend("PAUSED: {A} GOES ON, {RIGHT} STEPS"))
        elif key == RIGHT and self.paused and not self.done():
            self._step()
