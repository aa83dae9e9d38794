"""terminalio stand-in: the built-in font as CircuitPython has it, one
Bitmap holding every printable ASCII glyph as a row of 6x12 tiles (on a
board it lives in flash; here it is a blank Bitmap of the same size)."""

import displayio


class _Font:
    def __init__(self):
        self.bitmap = displayio.Bitmap(6 * 95, 12, 2)

    def get_bounding_box(self):
        return (6, 12)


FONT = _Font()
