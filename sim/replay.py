"""Replays a recorded game move by move on the console's own table.

A record is what the console keeps of its last finished game (its match
and moves); the device prints it on the serial console as one line
(``ELEVATOR-REPLAY 1 ...``). ``python -m sim --replay FILE`` takes a file
holding that line (other text around it is fine) or a saved store image
(the simulator's ``--nvm`` file), or the line itself as the argument
(``load_arg``), and shows the game at the opponents' pace: A or START
pauses and resumes, RIGHT steps one move while paused, B leaves. Moves
are checked by the rules as they are played, so a record from other
firmware stops with a message instead of showing nonsense.

``GameWatch`` follows a simulator session's games (``see(app)`` each
frame) so that the terminal and the window can print the last game's
replay line when they end, finished or not (``--replay-out`` writes it
to a file).
"""

import games
import games.text
import save_codec
import save_read
import save_store
from buttons import RIGHT, START, A, B
from engine.ticks import ticks_add, ticks_diff
from screen import Screen


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


def load_arg(arg):
    """Record bytes from ``--replay``'s argument: an existing file (see
    ``load_record``), else the replay line itself (``ELEVATOR-REPLAY 1 ...``,
    other text around it is fine). Raises OSError (no such file, and not
    a line) or ValueError saying what is wrong."""
    import os

    if os.path.exists(arg):
        return load_record(arg)
    at = arg.find("ELEVATOR-REPLAY")
    if at >= 0:
        return parse_line(arg[at:].splitlines()[0])
    raise FileNotFoundError(2, "no such file, and not a replay line (ELEVATOR-REPLAY 1 ...)")


def live_table(screen):
    """The table a screen shows or leads back to (the pause menu's, the
    rules' from it), or None."""
    for _ in range(4):
        if screen is None:
            return None
        if hasattr(screen, "record") and hasattr(screen, "match"):
            return screen
        screen = getattr(screen, "table", None) or getattr(screen, "back", None)
    return None


class GameWatch:
    """The last game played in a session (not a replay's), kept from the
    frames it was on screen, for its replay line at the end."""

    def __init__(self):
        self.table = None

    def see(self, app):
        t = live_table(app.screen)
        if t is not None and t is not self.table and not t.record.replaying:
            self.table = t

    def record(self):
        """The last game's record bytes (match and moves so far), or None:
        no game, or a resumed game whose earlier moves were not kept."""
        t = self.table
        if t is None or not t.record.complete:
            return None
        r = t.record
        try:
            return save_codec.to_bytes(save_codec.put_record, r.match, r.moves, r.n)
        except (IndexError, ValueError):  # longer than any record can be
            return None

    def line(self):
        """``last game: ELEVATOR-REPLAY 1 ...`` (``last game (unfinished):``
        when it was left in play), or None."""
        data = self.record()
        if data is None:
            return None
        head = "last game: " if self.table.state.is_over() else "last game (unfinished): "
        return head + record_line(data)


def keep_game(app, now):
    """Keep the game as the console does when the keys are left alone, and
    any other change not written yet: a simulator that ends (quit, closed,
    hung up) loses nothing."""
    if app.screen is not None and app.failsafe.restart_at < 0:
        app.screen.checkpoint()
    if app.saves.dirty:
        app.saves.commit()


def session_end(watch, out_path, write):
    """A simulator session is over: ``write`` the last game's replay line
    (nothing when no game was played) and put it in ``out_path`` if given.
    Returns an error line (the file could not be written), else None."""
    line = watch.line()
    if line is None:
        return None
    write(line + "\n")
    if out_path:
        try:
            with open(out_path, "w") as f:
                f.write(line[line.index("ELEVATOR-REPLAY") :] + "\n")
        except OSError as e:
            return "cannot write %s: %s" % (out_path, e.strerror)
    return None


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


class Replay(Screen):
    def __init__(self, app, record):
        super().__init__(app)
        match, self.moves = save_codec.read_record(record)
        games.by_id(match.info.ID)  # the rules, then the table
        module = __import__(match.info.table)
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
        self.table.message = text
        self.table.render()

    def _step(self):
        t = self.table
        s = t.state
        a = self.moves[self.i]
        seat = s.current_player()
        who = "YOU" if seat == 0 else "P%d" % (seat + 1)
        what = "take back" if a == save_codec.UNDO else games.text.describe(s, a)
        try:
            save_read.play(s, a, t.play)  # the table notes each move, as in play
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
            self.app.to_title()
        elif key in (A, START) and not self.done():
            self.paused = not self.paused
            if self.paused:
                self._say("PAUSED: A GOES ON, > STEPS")
        elif key == RIGHT and self.paused and not self.done():
            self._step()


def start(app, path):
    """Show the replay of ``path`` (ValueError when it holds none)."""
    app.show(Replay(app, load_record(path)))
