"""The board's built-in terminal font as one tile sheet, on Blinka.

On CircuitPython, ``terminalio.FONT.bitmap`` is a read-only Bitmap in
flash: every glyph of the built-in font (Terminus 6x12, ``ter-u12n``) in
one row of 6x12 tiles, printable ASCII first, so the tile of a character
``c`` is ``ord(c) - 32`` (CircuitPython's ``tools/gen_display_resources.py``
lays it out so, each glyph on a baseline two pixels above the tile's
bottom). The console draws its larger text as TileGrids over that sheet.

Blinka's ``terminalio.FONT`` has no such sheet (its ``bitmap`` is the
Bitmap class), so ``install()`` puts a font there that builds one from the
same BDF file, laid out the board's way; the simulator then draws the
pixels a board draws.
"""

import displayio
import terminalio

FIRST = 0x20
LAST = 0x7E


class SheetFont:
    """Blinka's built-in font with the board's tile sheet as ``bitmap``."""

    def __init__(self, font):
        self._font = font
        w, h = font.get_bounding_box()[:2]
        self._box = (w, h)
        n = LAST - FIRST + 1
        sheet = displayio.Bitmap(w * n, h, 2)
        for i in range(n):
            g = font.get_glyph(FIRST + i)
            if g is None:
                continue
            top = (h - 2) - (g.height + g.dy)
            for y in range(g.height):
                for x in range(g.width):
                    if g.bitmap[x, y]:
                        sheet[i * w + g.dx + x, top + y] = 1
        self._sheet = sheet

    @property
    def bitmap(self):
        return self._sheet

    def get_bounding_box(self):
        return self._box

    def get_glyph(self, codepoint):
        return self._font.get_glyph(codepoint)


def install():
    """Give ``terminalio.FONT`` the board's tile sheet (once)."""
    if not isinstance(terminalio.FONT, SheetFont):
        terminalio.FONT = SheetFont(terminalio.FONT)
    return terminalio.FONT


def mono_hlsb(bmp):
    """A 1-bit displayio Bitmap as MicroPython's ``framebuf.MONO_HLSB``
    bytes (each row of pixels left to right, eight to a byte, the first in
    the top bit): what ``web/displayio.py`` keeps a Bitmap as."""
    w, h = bmp.width, bmp.height
    stride = (w + 7) // 8
    out = bytearray(stride * h)
    for y in range(h):
        for x in range(w):
            if bmp[x, y]:
                out[y * stride + x // 8] |= 0x80 >> (x % 8)
    return bytes(out)


def sheet_bytes():
    """The sheet as ``mono_hlsb`` bytes: what ``web/terminalio.py`` reads
    in a browser, where no BDF is parsed."""
    return mono_hlsb(install().bitmap)


def main(argv=None):
    import argparse

    p = argparse.ArgumentParser(prog="python -m sim.fontsheet", description=__doc__.split("\n")[0])
    p.add_argument("--out", required=True, help="write the sheet's bytes here (web/ reads them)")
    a = p.parse_args(argv)
    data = sheet_bytes()
    with open(a.out, "wb") as f:
        f.write(data)
    print("wrote %s: %d bytes" % (a.out, len(data)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
