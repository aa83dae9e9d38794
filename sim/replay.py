"""Replays in the simulator: a recorded game is shown move by move by the
console's own replay screen (``lib/screens/replay.py``, which the browser's
``?replay=`` shows too). A record is what the console keeps of its last
finished game (its match and moves); the device prints it on the serial
console as one line (``ELEVATOR-REPLAY 1 ...``). ``python -m sim --replay
FILE`` takes a file holding that line (other text around it is fine) or a
saved store image (the simulator's ``--nvm`` file), or the line itself as
the argument (``load_arg``).

``GameWatch`` follows a simulator session's games (``see(app)`` each
frame) so that the terminal and the window can print the last game's
replay line when they end, finished or not (``--replay-out`` writes it
to a file).
"""

from saves import codec
from saves import store as save_store
from screens.replay import Replay, parse_line  # noqa: F401  (the screen is the console's)


def record_line(data):
    """A record as the line the console prints (``saves.codec.print_line``)."""
    check = save_store.crc16(data, len(data))
    return codec.LINE + "".join(["%02x" % b for b in data]) + " %04x" % check


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
            return codec.to_bytes(codec.put_record, r.match, r.moves, r.n)
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


def session_end(watch, out_path, write, saves=None):
    """A simulator session is over: ``write`` the last game's replay line
    and put it in ``out_path`` if given: the game this session played,
    else the last finished game the store keeps (``saves``: a session
    quit on its title still says it); nothing when there is neither.
    Returns an error line (the file could not be written), else None."""
    line = watch.line()
    if watch.table is None and saves is not None and saves.last is not None:
        line = "last game: " + record_line(saves.last)  # none played in this session
    if line is None:
        return None
    error = None
    if out_path:  # first: the file is written even when the terminal has gone
        try:
            with open(out_path, "w") as f:
                f.write(line[line.index("ELEVATOR-REPLAY") :] + "\n")
        except OSError as e:
            error = "cannot write %s: %s" % (out_path, e.strerror)
    try:
        write(line + "\n")
    except OSError:
        pass  # stdout has gone (a hang-up): the file, if asked for, has the line
    return error


def load_record(path):
    """Record bytes from a file (a replay line, or a store image); raises
    ValueError saying what is wrong."""
    with open(path, "rb") as f:
        data = f.read()
    text = data.decode("latin-1")
    at = text.find("ELEVATOR-REPLAY")
    if at >= 0:
        return parse_line(text[at:].splitlines()[0])
    from saves.keep import Saves
    from sim.nvm import FileNVM

    saves = Saves(FileNVM(path))
    if saves.last is None:
        raise ValueError(
            "%s holds no replay line and no saved last game (%s)"
            % (path, saves.message.lower() or "store read")
        )
    return saves.last


def start(app, path):
    """Show the replay of ``path`` (ValueError when it holds none)."""
    app.show(Replay(app, load_record(path)))
