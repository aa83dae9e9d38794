"""The simulator in a terminal: Unicode half blocks, keyboard as buttons.

Keys: arrows = UP/DOWN/LEFT/RIGHT, z or space = A, x or backspace = B,
Enter = START, s or Tab = SELECT, p = PNG screenshot, q = quit.
On the three-button profile, j/k/l tap the board's buttons A/B/C and
J/K/L hold them (a long press).
"""

import os
import select
import sys
import termios
import time
import tty

from app import App
from buttons import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B
from sim import render
from sim.hal import SimHAL
from sim.nvm import default_path

_KEYS = {
    "\x1b[A": UP,
    "\x1b[B": DOWN,
    "\x1b[D": LEFT,
    "\x1b[C": RIGHT,
    "z": A,
    " ": A,
    "x": B,
    "\x7f": B,
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
HELP = "arrows  z=A  x=B  Enter=START  s=SELECT  p=PNG  q=quit"


def _read_keys(fd):
    """Whatever the keyboard sent since last frame, split into keys."""
    out = []
    while select.select([fd], [], [], 0)[0]:
        data = os.read(fd, 64).decode("utf-8", "replace")
        i = 0
        while i < len(data):
            if data[i] == "\x1b" and data[i + 1 : i + 2] == "[" and i + 2 < len(data):
                out.append(data[i : i + 3])
                i += 3
            else:
                out.append(data[i])
                i += 1
    return out


def run(args):
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        sys.stderr.write(
            "sim: error: the interactive simulator needs a terminal; use --headless or --window\n"
        )
        return 2
    hw = SimHAL(args.profile, virtual_time=False, seed=args.seed or None,
                nvm_path=args.nvm or default_path())  # fmt: skip
    recorder = hw.record(args.gif, args.scale) if getattr(args, "gif", None) else None
    app = App(hw)
    if args.pace is not None:
        app.settings.pace_ms = args.pace
    if args.replay:
        from sim.replay import Replay

        app.show(Replay(app, args.record))
    else:
        app.start(args.game, args.players, args.seed, args.variant)
    for k in args.key_list:
        hw.press(k)
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    out = sys.stdout
    shots = 0
    last = -1
    help_line = HELP + ("   j/k/l=buttons J/K/L=hold" if hw.three else "")
    try:
        tty.setraw(fd)
        out.write("\x1b[?1049h\x1b[?25l")  # alternate screen, hide cursor
        while True:
            for key in _read_keys(fd):
                if key in ("q", "\x03"):
                    return 0
                if key == "p":
                    shots += 1
                    render.save_png(hw.panel, "sim-%d.png" % shots, args.scale)
                elif hw.three and key in _PHYSICAL:
                    hw.physical(*_PHYSICAL[key])
                elif key in _KEYS:
                    hw.press(_KEYS[key])
            app.step(hw.ticks_ms())
            if hw.i2c.bytes_sent != last:  # redraw only when the panel changed
                last = hw.i2c.bytes_sent
                lines = render.half_blocks(hw.panel)
                out.write("\x1b[H" + "\r\n".join(lines))
                out.write(
                    "\r\n\x1b[2K"
                    + help_line
                    + "\r\n\x1b[2Kbus bytes: last refresh %d, total %d"
                    % (hw.display.last_refresh_bytes, last)
                )
                out.flush()
            time.sleep(0.02)
    finally:
        out.write("\x1b[?25h\x1b[?1049l")
        out.flush()
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        if recorder is not None:
            print("recorded %d frames to %s" % (recorder.save(), args.gif))
