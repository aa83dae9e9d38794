"""The simulator in a terminal: the panel as text or as pixels, the
keyboard as buttons.

Two views, each with two lines under it (the keys, and a status line).
Text (``sim.textview``): what the panel says, read from its tiles, as
characters where the panel has them, cards as ``A♠`` and ``10♥`` (red
suits in red); it fits any terminal of 40x12 and up. Pixels, as large as
the terminal allows, in the first of these that fits (``sim.render``):
half blocks, 1x2 pixels a character (a 128x64 panel takes 128x32, so the
terminal needs 128x34); quadrant blocks, 2x2 pixels (64x34); braille, 2x4
pixels (64x18). The 128x32 panel needs half the rows. By default a
terminal large enough for half blocks shows the pixels and any smaller
one the text (an ordinary 80x24 terminal reads the cards as text);
``--view text`` or ``--view pixels`` chooses, and ``v`` switches between
the two. The key line is shortened to the terminal's width. A resize
redraws at once (SIGWINCH). In a terminal smaller than 40x12 the screen
says which size it needs ("make the terminal at least 40x12 (now 30x10)"),
and the panel comes back as soon as it is large enough.

Keys: arrows = UP/DOWN/LEFT/RIGHT, z or space = A, x or backspace = B,
Enter = START, s or Tab = SELECT, v = text or pixels, p = PNG screenshot (its absolute path
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
from sim import render, textview
from sim.hal import SimHAL
from sim.nvm import default_path
from sim.replay import GameWatch, keep_game, session_end

FRAME_S = 0.02  # the console's frame (sim.hal.FRAME_MS)
SPARE = 2  # lines under the panel: the keys, and the status line
HUNG_UP = 128 + signal.SIGHUP  # exit status after a hang-up or a lost terminal
TERMINATED = 128 + signal.SIGTERM
STATUS_S = 6  # how long a message (where the PNG went) stays on the status line
ASLEEP = "the console's screen is asleep: press any key"
TEXT = ("text", 0, 0, None)  # the text view, where render's modes are the pixel views
TEXT_MIN = (40, 12)  # the least terminal the text view (and its two lines) fits

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
    "arrows  z=A  x=B  Enter=START  s=SELECT  v=view  p=PNG  q=quit",
    "arrows z=A x=B Enter=START s=SELECT v=view p=PNG q=quit",
    "z=A x=B Enter s=SELECT v=view q=quit",
    "z=A x=B Enter=START s=SELECT q=quit",
)
HELP_THREE = (
    "arrows  z=A  x=B  Enter=START  s=SELECT  v=view  p=PNG  q=quit   j/k/l=buttons J/K/L=hold",
    "j/k/l=buttons J/K/L=hold  arrows z=A x=B Enter=START s=SELECT  v=view p=PNG q=quit",
    "j/k/l=buttons J/K/L=hold  arrows z=A x=B Enter s=SELECT v=view p=PNG q=quit",
    "j/k/l=buttons J/K/L=hold arrows z=A x=B v=view p=PNG q=quit",
    "j/k/l=buttons J/K/L=hold z=A x=B v=view q=quit",
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

    def __init__(self, hw, in_fd, out_fd, debug=False, view="auto"):
        self.hw = hw
        self.app = None  # the console's app: the text view asks its screen for the pyramid's cards
        self.view = view  # "auto", "text" or "pixels" (v switches the last two)
        self.colour = os.environ.get("NO_COLOR") is None and os.environ.get("TERM") != "dumb"
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
        mode = self.choose(cols, rows)
        if mode is not self.mode:
            self.mode = mode
            clear = True
            self.shown = None
        if mode is None:  # the same words until the size changes
            if clear:
                self.write("\x1b[2J\x1b[H" + "\r\n".join(too_small(TEXT_MIN, (cols, rows))))
            return clear
        status = self.status()
        shown = (hw.i2c.bytes_sent, status, hw.screen_on)
        if shown == self.shown and not clear:
            return False
        self.shown = shown
        if mode is TEXT:
            lines = self.text_lines(cols, rows - SPARE)
        else:
            lines = mode[3](hw.panel)
        lines.append("\x1b[2K" + help_line(cols, hw.three))
        lines.append("\x1b[2K" + _fit(status, cols))
        self.write(("\x1b[2J" if clear else "") + "\x1b[H" + "\r\n".join(lines))
        return True

    def choose(self, cols, rows):
        """The view this terminal shows: TEXT, one of render's pixel modes,
        or None (too small for either)."""
        hw = self.hw
        pixels = render.fit(hw.width, hw.height, cols, rows, SPARE)
        text = TEXT if cols >= TEXT_MIN[0] and rows >= TEXT_MIN[1] else None
        if self.view == "text":
            return text or pixels
        if self.view == "pixels":
            return pixels or text
        return pixels if pixels is render.MODES[0] else text or pixels

    def switch(self):
        """``v``: the other view (if the terminal can show it), drawn with
        the next frame, after the console's step: what the keys typed
        before ``v`` did is in it (tests wait for it as that sign)."""
        shown = self.choose(*self.size) if self.size else self.mode  # (the next frame's)
        self.view = "pixels" if shown is TEXT else "text"
        self.shown = None

    def text_lines(self, cols, rows):
        """The text view's lines: the panel's words and cards where it has
        them, a row for every 4 pixels down at most; nothing while the
        panel is off."""
        hw = self.hw
        rows = min(rows, hw.height // 4)
        if not hw.screen_on:
            return ["\x1b[2K"] * rows
        root = hw.display.root_group
        runs = textview.runs(root, getattr(self.app, "screen", None)) if root is not None else []
        laid = textview.lay_out(runs, hw.width, hw.height, cols, rows, self.colour)
        return ["\x1b[2K" + line for line in laid]


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
        screen = Screen(hw, in_fd, out_fd, getattr(args, "debug", False),
                        getattr(args, "view", None) or "auto")  # fmt: skip
        screen.app = app
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
    error = session_end(watch, getattr(args, "replay_out", None), lambda t: _emit(out_fd, t),
                        app.saves if app is not None else None) or error  # fmt: skip
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
            if key == "v":
                screen.switch()
            elif key == "p":
                try:
                    path = render.screenshot(hw.panel, os.getcwd(), args.scale)
                    screen.say("PNG written: " + os.path.abspath(path))
                except OSError as e:  # (the folder may have gone: no getcwd here)
                    screen.say("PNG not written: %s" % e.strerror)
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
