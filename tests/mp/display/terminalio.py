"""terminalio stand-in: a 6x12 built-in font whose glyphs share one
bitmap, as CircuitPython's does."""

import displayio


class _Glyph:
    def __init__(self, bitmap, index):
        self.bitmap = bitmap
        self.tile_index = index
        self.width = 6
        self.height = 12
        self.dx = 0
        self.dy = 0
        self.shift_x = 6
        self.shift_y = 0


class _Font:
    def __init__(self):
        self.bitmap = displayio.Bitmap(6 * 95, 12, 2)

    def get_bounding_box(self):
        return (6, 12)

    def get_glyph(self, codepoint):
        if codepoint < 32 or codepoint > 126:
            codepoint = 63
        return _Glyph(self.bitmap, codepoint - 32)


FONT = _Font()
