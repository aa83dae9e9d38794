"""terminalio for the browser: the board's built-in font (Terminus 6x12,
``ter-u12n``) as CircuitPython lays it out, one row of 6x12 tiles,
printable ASCII first. A board keeps it in flash; here it is read from
``terminalio.bin`` beside this file, which ``python -m sim.fontsheet``
writes from the same BDF the simulator draws with."""

import displayio

_W = 6
_H = 12
_GLYPHS = 95


def _here(name):
    i = __file__.rfind("/")
    return __file__[: i + 1] + name if i >= 0 else name


class _Font:
    def __init__(self):
        self.bitmap = displayio.Bitmap(_W * _GLYPHS, _H, 2)
        with open(_here("terminalio.bin"), "rb") as f:
            f.readinto(self.bitmap.buf)

    def get_bounding_box(self):
        return (_W, _H)


FONT = _Font()
