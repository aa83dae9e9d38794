"""Replays a recorded game move by move on the console's own table.

A record is what the console keeps of its last finished game (setup and
moves); the device prints it on the serial console as one line
(``ELEVATOR-REPLAY 1 ...``). ``python -m sim --replay FILE`` takes a file
holding that line (other text around it is fine) or a saved store image
(the simulator's ``--nvm`` file), and shows the game at the opponents'
pace: A or START pauses and resumes, RIGHT steps one move while paused,
B leaves. Moves are checked by the rules as they are played, so a record
from other firmware stops with a message instead of showing nonsense.
"""

import games
import save_codec
import save_read
import save_snapread
import save_store
import screens
from buttons import RIGHT, START, A, B
from ticks import ticks_add, ticks_diff


def record_line(data):
    """A record as the line the console prints (``save_codec.print_line``)."""
    check = save_store.crc16(data, len(data))
    return save_codec.LINE + "".join(["%02x" % b for b in data]) + " %04x" % check


def parse_line(line):
    """Record bytes from a printed line (ValueError if it is not one)."""
    line = line.strip()
    if not line.startswith(save_codec.LINE):
        raise ValueError("not a replay line")
    parts = line[len(save_codec.LINE) :].split()
    if len(parts) != 2 or len(parts[0]) % 2 or len(parts[1]) != 4:
        raise ValueError("damaged replay line")
    hexes = parts[0].lower()
    for ch in hexes + parts[1].lower():
        if ch not in "0123456789abcdef":
            raise ValueError("damaged replay line")
    data = bytearray(len(hexes) // 2)
    for i in range(len(data)):
        data[i] = int(hexes[2 * i : 2 * i + 2], 16)
    if save_store.crc16(data, len(data)) != int(parts[1], 16):
        raise ValueError("replay line fails its check: copied wrong?")
    return bytes(data)


def load_record(path):
    """Record bytes from a file (a replay line, or a store image); raises
    ValueError saying what is wrong."""
    with open(path, "rb") as f:
        data = f.read()
    text = data.decode("latin-1")
    at = text.find("ELEVATOR-REPLAY")
    if at >= 0:
        return parse_line(text[at:].splitlines()[0])
    from saves import Saves
    from sim.nvm import FileNVM

    saves = Saves(FileNVM(path))
    if saves.last is None:
        raise ValueError(
            "%s holds no replay line and no saved last game (%s)"
            % (path, saves.message.lower() or "store read")
        )
    return saves.last


class Replay(screens.Screen):
    def __init__(self, app, record):
        super().__init__(app)
        setup, self.moves = save_read.read_record(record)
        game_id, players, variant, starter, deal, levels = setup
        app.levels = list(levels)
        module = __import__(games.info(game_id).table)
        self.table = module.Table(app, games.by_id(game_id), players, deal, variant, starter,
                                  replaying=True)  # fmt: skip
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
        self.table.message = text
        self.table.render()

    def _step(self):
        t = self.table
        s = t.state
        a = self.moves[self.i]
        seat = s.current_player()
        who = "YOU" if seat == 0 else "P%d" % (seat + 1)
        what = "take back" if a == save_codec.UNDO else s.describe(a)
        try:
            save_snapread.play(s, a, t.play)  # the table notes each move, as in play
        except ValueError as e:
            self.error = "MOVE %d REFUSED: %s" % (self.i + 1, e)
            self._say(self.error.upper()[:32])
            return
        self.i += 1
        tail = "  END: B QUITS" if self.done() else ""
        self._say(("%s: %s" % (who, what)).upper()[: 32 - len(tail)] + tail)

    def tick(self, now):
        if self.paused or self.done() or ticks_diff(now, self.wait_until) < 0:
            return
        self._step()
        self.wait_until = ticks_add(now, self.app.settings.pace_ms)

    def on_key(self, key, now):
        if key == B:
            self.app.home(screens.Title)
        elif key in (A, START) and not self.done():
            self.paused = not self.paused
            if self.paused:
                self._say("PAUSED: A GOES ON, > STEPS")
        elif key == RIGHT and self.paused and not self.done():
            self._step()


def start(app, path):
    """Show the replay of ``path`` (ValueError when it holds none)."""
    app.show(Replay(app, load_record(path)))
