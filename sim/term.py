"""The simulator in a terminal: the panel in block or braille characters,
the keyboard as buttons.

The panel is drawn as large as the terminal's size allows with two lines
under it (the keys, and a status line), in the first of these that fits
(``sim.render``): half blocks, 1x2 pixels a character (a 128x64 panel
takes 128x32, so the terminal needs 128x34); quadrant blocks, 2x2 pixels
(64x32: 64x34); braille, 2x4 pixels (64x16: 64x18, so an ordinary 80x24
terminal shows it all). The 128x32 panel needs half the rows. The key
line is shortened to the terminal's width. A resize redraws at once
(SIGWINCH). In a terminal smaller than the least of them the screen says
which size it needs ("make the terminal at least 64x18 (now 50x12)"), and
the panel comes back as soon as it is large enough.

Keys: arrows = UP/DOWN/LEFT/RIGHT, z or space = A, x or backspace = B,
Enter = START, s or Tab = SELECT, p = PNG screenshot (its absolute path
is shown on the status line), q or Ctrl-C = quit. On the three-button
profile, j/k/l tap the board's buttons A/B/C and J/K/L hold them (a long
press). When the console has turned its panel off after the idle time
(Settings: "Off after"), the status line says so and any key wakes it.
``--debug`` shows the bus bytes of the last refresh on the status line.

On exit the terminal is restored and the last game's replay line printed
(``last game: ELEVATOR-REPLAY 1 ...``, or ``last game (unfinished): ...``;
nothing when no game was played; ``--replay-out FILE`` also writes it to
FILE). What the console prints on its serial console goes nowhere while
the panel is drawn, but a traceback is printed after the terminal is
restored.

Hang-up: when the terminal goes away (end of input, an I/O error on it,
SIGHUP) or on SIGTERM, the simulator saves as the console does when the
keys are left alone (``App.checkpoint``, and any other change not yet
written), restores the terminal as far as it still can, and exits with
status 129 (a hang-up or a lost terminal) or 143 (SIGTERM): 128 plus the
signal's number, as a shell reports a process that signal ended.
"""

import codecs
import io
import os
import select
import signal
import sys
import termios
import time
import tty

from app import App
from buttons import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B
from sim import render
from sim.hal import SimHAL
from sim.nvm import default_path
from sim.replay import GameWatch, keep_game, session_end

FRAME_S = 0.02  # the console's frame (sim.hal.FRAME_MS)
SPARE = 2  # lines under the panel: the keys, and the status line
HUNG_UP = 128 + signal.SIGHUP  # exit status after a hang-up or a lost terminal
TERMINATED = 128 + signal.SIGTERM
STATUS_S = 6  # how long a message (where the PNG went) stays on the status line
ASLEEP = "the console's screen is asleep: press any key"

_KEYS = {
    "\x1b[A": UP,
    "\x1b[B": DOWN,
    "\x1b[D": LEFT,
    "\x1b[C": RIGHT,
    "\x1bOA": UP,  # the same arrows in the terminal's application mode
    "\x1bOB": DOWN,
    "\x1bOD": LEFT,
    "\x1bOC": RIGHT,
    "z": A,
    " ": A,
    "x": B,
    "\x7f": B,
    "\x08": B,
    "\r": START,
    "\n": START,
    "s": SELECT,
    "\t": SELECT,
}
_PHYSICAL = {
    "j": (0, False),
    "k": (1, False),
    "l": (2, False),
    "J": (0, True),
    "K": (1, True),
    "L": (2, True),
}
# the key line, longest first: the first that fits the terminal's width is shown
HELP = (
    "arrows  z=A  x=B  Enter=START  s=SELECT  p=PNG  q=quit",
    "arrows z=A x=B Enter=START s=SELECT p=PNG q=quit",
    "z=A x=B Enter=START s=SELECT q=quit",
)
HELP_THREE = (
    "arrows  z=A  x=B  Enter=START  s=SELECT  p=PNG  q=quit   j/k/l=buttons J/K/L=hold",
    "j/k/l=buttons J/K/L=hold  arrows z=A x=B Enter=START s=SELECT  p=PNG q=quit",
    "j/k/l=buttons J/K/L=hold  arrows z=A x=B Enter s=SELECT p=PNG q=quit",
    "j/k/l=buttons J/K/L=hold arrows z=A x=B p=PNG q=quit",
)
_ENTER = "\x1b[?1049h\x1b[?25l\x1b[?7l"  # alternate screen, no cursor, no line wrap
_LEAVE = "\x1b[?7h\x1b[?25h\x1b[?1049l"


def help_line(cols, three=False):
    """The key line for a terminal ``cols`` wide: the longest form that fits."""
    forms = HELP_THREE if three else HELP
    for form in forms:
        if len(form) <= cols:
            return form
    return forms[-1][:cols]


def too_small(need, now):
    """What a terminal too small for any picture of the panel shows: lines
    no wider than it is."""
    cols, rows = now
    forms = (
        "make the terminal at least %dx%d (now %dx%d)" % (need + now),
        "at least %dx%d (now %dx%d)" % (need + now),
        "need %dx%d" % need,
    )
    text = next((f for f in forms if len(f) <= cols), forms[-1][:cols])
    lines = [text]
    if rows >= 2 and cols >= 7:
        lines.append("q quits")
    return lines[: max(rows, 1)]


def _fit(text, cols):
    """``text`` cut to ``cols`` characters, keeping its end (a path's file name)."""
    if len(text) <= cols:
        return text
    if cols <= 3:
        return text[:cols]
    return "..." + text[len(text) - cols + 3 :]


class HangUp(Exception):
    """The terminal went away (or the process was told to end)."""

    def __init__(self, status=HUNG_UP):
        super().__init__(status)
        self.status = status


class Screen:
    """The terminal: its size, what was last drawn on it, and the keys read
    from it."""

    def __init__(self, hw, in_fd, out_fd, debug=False):
        self.hw = hw
        self.in_fd = in_fd
        self.out_fd = out_fd
        self.debug = debug
        self.size = None
        self.mode = None  # the render mode drawn (None: too small)
        self.resized = True  # a SIGWINCH came, or the first frame
        self.message = ""  # the status line's message, for a while
        self.message_until = 0.0
        self.shown = None  # what the screen shows: (bus bytes, status, panel on)
        self._pending = ""  # the start of an escape sequence cut between reads
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")

    # -- input ----------------------------------------------------------------
    def read_keys(self, timeout):
        """The keys typed, waiting up to ``timeout`` seconds for the first;
        raises ``HangUp`` when the terminal has gone (end of input, an
        I/O error)."""
        try:
            ready = select.select([self.in_fd], [], [], timeout)[0]
            if not ready:
                return []
            data = os.read(self.in_fd, 1024)
        except OSError:
            raise HangUp() from None
        if not data:  # end of input: the terminal is gone
            raise HangUp()
        return self.split(self._decoder.decode(data))

    def split(self, text):
        """``text`` (after what an earlier read left unfinished) as keys:
        characters and whole escape sequences."""
        text = self._pending + text
        self._pending = ""
        out = []
        i = 0
        n = len(text)
        while i < n:
            ch = text[i]
            if ch != "\x1b":
                out.append(ch)
                i += 1
                continue
            if i + 1 >= n:
                self._pending = text[i:]  # ESC alone, so far
                break
            kind = text[i + 1]
            if kind == "O":  # SS3: ESC O and one letter
                if i + 2 >= n:
                    self._pending = text[i:]
                    break
                out.append(text[i : i + 3])
                i += 3
            elif kind == "[":  # CSI: parameters, then one final character
                j = i + 2
                while j < n and not "\x40" <= text[j] <= "\x7e":
                    j += 1
                if j >= n:
                    self._pending = text[i:]
                    break
                out.append(text[i : j + 1])
                i = j + 1
            else:  # ESC then a key: the key
                out.append("\x1b")
                i += 1
        return out

    # -- output ---------------------------------------------------------------
    def write(self, text):
        data = text.encode("utf-8")
        try:
            while data:
                n = os.write(self.out_fd, data)
                data = data[n:]
        except OSError:
            raise HangUp() from None

    def say(self, text):
        """A message on the status line for a few seconds."""
        self.message = text
        self.message_until = time.monotonic() + STATUS_S

    def status(self):
        hw = self.hw
        if self.message and time.monotonic() < self.message_until:
            return self.message
        self.message = ""
        if not hw.screen_on:
            return ASLEEP
        if self.debug:
            return "bus bytes: last refresh %d, total %d" % (
                hw.display.last_refresh_bytes,
                hw.i2c.bytes_sent,
            )
        return ""

    def measure(self):
        try:
            cols, rows = os.get_terminal_size(self.out_fd)
        except OSError:
            return self.size or (80, 24)
        return max(cols, 1), max(rows, 1)

    def draw(self):
        """Draw whatever changed since the last time (everything after a
        resize or a change of mode)."""
        hw = self.hw
        clear = False
        if self.resized:
            self.resized = False
            size = self.measure()
            if size != self.size:
                self.size = size
                clear = True
                self.shown = None
        cols, rows = self.size
        mode = render.fit(hw.width, hw.height, cols, rows, SPARE)
        if mode is not self.mode:
            self.mode = mode
            clear = True
            self.shown = None
        if mode is None:  # the same words until the size changes
            if clear:
                need = render.smallest(hw.width, hw.height, SPARE)
                self.write("\x1b[2J\x1b[H" + "\r\n".join(too_small(need, (cols, rows))))
            return clear
        status = self.status()
        shown = (hw.i2c.bytes_sent, status, hw.screen_on)
        if shown == self.shown and not clear:
            return False
        self.shown = shown
        lines = mode[3](hw.panel)
        lines.append("\x1b[2K" + help_line(cols, hw.three))
        lines.append("\x1b[2K" + _fit(status, cols))
        self.write(("\x1b[2J" if clear else "") + "\x1b[H" + "\r\n".join(lines))
        return True


def _png_path(folder):
    """The next ``sim-N.png`` in ``folder`` that is not there yet."""
    n = 1
    while os.path.exists(os.path.join(folder, "sim-%d.png" % n)):
        n += 1
    return os.path.join(folder, "sim-%d.png" % n)


def _emit(fd, text):
    """Write ``text`` to ``fd`` if it is still there."""
    try:
        os.write(fd, text.encode("utf-8", "replace"))
    except OSError:
        pass


def run(args):
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        sys.stderr.write(
            "sim: error: the interactive simulator needs a terminal; use --headless or --window\n"
        )
        return 2
    signals = {}
    got = []  # the ending signal's exit status, once one came

    def on_end(signum, frame):
        got.append(128 + signum)

    for sig in (signal.SIGHUP, signal.SIGTERM):
        signals[sig] = signal.signal(sig, on_end)
    in_fd = sys.stdin.fileno()
    out_fd = sys.stdout.fileno()
    real_out, real_err = sys.stdout, sys.stderr
    console = io.StringIO()  # the console's serial lines: not on the panel's terminal
    errors = io.StringIO()  # tracebacks: printed once the terminal is restored
    sys.stdout, sys.stderr = console, errors
    saved = None
    status = 0
    app = None
    hw = None
    recorder = None
    watch = GameWatch()
    try:
        saved = termios.tcgetattr(in_fd)
        hw = SimHAL(args.profile, virtual_time=False, seed=args.seed or None,
                    nvm_path=args.nvm or default_path())  # fmt: skip
        recorder = hw.record(args.gif, args.scale) if getattr(args, "gif", None) else None
        hw.link = getattr(args, "link", None)  # --host / --join: Link play on the title
        app = App(hw)
        if args.pace is not None:
            app.settings.pace_ms = args.pace
        if args.replay:
            from sim.replay import Replay

            app.show(Replay(app, args.record))
        else:
            app.start(args.game, args.players, args.seed, args.variant)
        screen = Screen(hw, in_fd, out_fd, getattr(args, "debug", False))
        signals[signal.SIGWINCH] = signal.signal(
            signal.SIGWINCH, lambda signum, frame: setattr(screen, "resized", True)
        )
        tty.setraw(in_fd)
        screen.write(_ENTER)
        status = _loop(args, hw, app, screen, watch, got)
        keep_game(app, hw.ticks_ms())  # q: the game is kept, as on a hang-up
    except HangUp as e:
        status = e.status
        try:
            if app is not None:
                keep_game(app, hw.ticks_ms())
        except Exception:  # noqa: BLE001 - said once the terminal is restored
            import traceback

            traceback.print_exc()
    finally:
        for sig, old in signals.items():
            signal.signal(sig, old)
        sys.stdout, sys.stderr = real_out, real_err
        _emit(out_fd, _LEAVE)
        if saved is not None:
            try:
                termios.tcsetattr(in_fd, termios.TCSADRAIN, saved)
            except (OSError, termios.error):
                pass  # the terminal is gone
    _emit(2, errors.getvalue())
    error = None
    if recorder is not None:
        try:
            _emit(out_fd, "recorded %d frames to %s\n" % (recorder.save(), args.gif))
        except OSError as e:
            error = "cannot write %s: %s" % (args.gif, e.strerror)
    error = session_end(watch, getattr(args, "replay_out", None),
                        lambda t: _emit(out_fd, t)) or error  # fmt: skip
    if error:
        _emit(2, "sim: error: %s\n" % error)
        return status or 2
    return status


def _loop(args, hw, app, screen, watch, got):
    """Frames until q (0) or an ending signal (its status); ``HangUp``
    when the terminal goes."""
    next_frame = time.monotonic()
    keys = list(args.key_list)  # --keys: each once the screen takes keys
    while True:
        if got:
            raise HangUp(got[0])
        for key in screen.read_keys(max(0.0, next_frame - time.monotonic())):
            if key in ("q", "\x03"):
                return 0
            if key == "p":
                path = _png_path(os.getcwd())
                try:
                    render.save_png(hw.panel, path, args.scale)
                    screen.say("PNG written: " + os.path.abspath(path))
                except OSError as e:
                    screen.say("PNG not written: %s: %s" % (path, e.strerror))
            elif hw.three and key in _PHYSICAL:
                hw.physical(*_PHYSICAL[key])
            elif key in _KEYS:
                hw.press(_KEYS[key])
            elif not hw.screen_on:
                hw.press(B)  # any key wakes the panel (and does nothing else)
        now = time.monotonic()
        if now >= next_frame:
            if keys and not app.busy():
                hw.press(keys.pop(0))
            app.step(hw.ticks_ms())
            watch.see(app)
            next_frame += FRAME_S
            if next_frame < now:  # fell behind (a slow frame): no catching up
                next_frame = now + FRAME_S
            screen.draw()
        elif screen.resized:
            screen.draw()
