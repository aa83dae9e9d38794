"""Turn the emulated panel into PNG files and terminal text.

The terminal renderings are pure functions of the panel's pixels (a
``SSD1306Panel``, or rows of 0/1 values as ``panel.pixels()`` gives),
largest first:

- ``half_blocks``: 1x2 pixels a character (128x64 -> 128 columns x 32 rows);
- ``quadrants``: 2x2 pixels a character, the quadrant blocks U+2596..U+259F
  with the half and full blocks (128x64 -> 64x32);
- ``braille``: 2x4 pixels a character, the braille dots U+2800..U+28FF
  (128x64 -> 64x16).

An unlit character is always a space. ``fit`` picks the largest of them
(``MODES``) that fits a terminal of a given size with lines to spare.
"""

import os

from PIL import Image

ON = (170, 220, 255)  # the bluish white of a typical SSD1306
OFF = (0, 0, 0)


def image(panel, scale=4):
    rows = panel.pixels()
    img = Image.new("RGB", (panel.width, panel.height), OFF)
    px = img.load()
    for y, row in enumerate(rows):
        for x, v in enumerate(row):
            if v:
                px[x, y] = ON
    if scale != 1:  # nearest neighbour keeps every pixel crisp
        img = img.resize((panel.width * scale, panel.height * scale), Image.NEAREST)
    return img


def save_png(panel, path, scale=4):
    image(panel, scale).save(path)


def screenshot(panel, folder, scale=4):
    """The panel as the next ``sim-N.png`` in ``folder``; returns its path.
    The name is taken with O_EXCL before the picture is written, so two
    simulators in one folder never write the same file (OSError if the
    folder cannot be written)."""
    n = 1
    while True:
        path = os.path.join(folder, "sim-%d.png" % n)
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            n += 1
            continue
        os.close(fd)
        try:
            save_png(panel, path, scale)
        except OSError:
            os.unlink(path)
            raise
        return path


def _rows(src):
    """Rows of 0/1 values from a panel or from rows already."""
    return src.pixels() if hasattr(src, "pixels") else src


def _cells(src, cw, ch):
    """The pixels in cells of ``cw`` x ``ch``: for each line of cells, for
    each cell, the list of its pixels row by row (missing pixels unlit)."""
    rows = _rows(src)
    height = len(rows)
    width = len(rows[0]) if rows else 0
    out = []
    for y in range(0, height, ch):
        line = []
        for x in range(0, width, cw):
            cell = []
            for dy in range(ch):
                row = rows[y + dy] if y + dy < height else None
                for dx in range(cw):
                    cell.append(1 if row is not None and x + dx < width and row[x + dx] else 0)
            line.append(cell)
        out.append(line)
    return out


_HALF = (" ", "\u2584", "\u2580", "\u2588")  # none, lower, upper, both


def half_blocks(panel):
    """The panel as lines of Unicode half blocks: two pixel rows a line."""
    return ["".join(_HALF[c[0] * 2 + c[1]] for c in line) for line in _cells(panel, 1, 2)]


# by the bits top-left 1, top-right 2, bottom-left 4, bottom-right 8
_QUAD = (
    " ",
    "\u2598",  # top left
    "\u259d",  # top right
    "\u2580",  # upper half
    "\u2596",  # bottom left
    "\u258c",  # left half
    "\u259e",  # top right and bottom left
    "\u259b",  # all but bottom right
    "\u2597",  # bottom right
    "\u259a",  # top left and bottom right
    "\u2590",  # right half
    "\u259c",  # all but bottom left
    "\u2584",  # lower half
    "\u2599",  # all but top right
    "\u259f",  # all but top left
    "\u2588",  # full
)


def quadrants(panel):
    """The panel as lines of quadrant blocks: 2x2 pixels a character."""
    return [
        "".join(_QUAD[c[0] | c[1] << 1 | c[2] << 2 | c[3] << 3] for c in line)
        for line in _cells(panel, 2, 2)
    ]


# the braille dot of each pixel in a 2x4 cell, row by row (dots 1,4 / 2,5 / 3,6 / 7,8)
_DOTS = (0x01, 0x08, 0x02, 0x10, 0x04, 0x20, 0x40, 0x80)


def braille(panel):
    """The panel as lines of braille: 2x4 pixels a character."""
    lines = []
    for line in _cells(panel, 2, 4):
        chars = []
        for c in line:
            bits = 0
            for i in range(8):
                if c[i]:
                    bits |= _DOTS[i]
            chars.append(chr(0x2800 + bits) if bits else " ")
        lines.append("".join(chars))
    return lines


# (name, pixels across a character, pixels down a character, renderer), largest first
MODES = (
    ("half blocks", 1, 2, half_blocks),
    ("quadrants", 2, 2, quadrants),
    ("braille", 2, 4, braille),
)


def size(mode, width, height):
    """Columns and rows the panel takes in ``mode`` (one of ``MODES``)."""
    _, cw, ch, _ = mode
    return (width + cw - 1) // cw, (height + ch - 1) // ch


def fit(width, height, cols, rows, spare=0):
    """The largest mode that shows a ``width`` x ``height`` panel and
    ``spare`` more lines in a ``cols`` x ``rows`` terminal, or None."""
    for mode in MODES:
        w, h = size(mode, width, height)
        if w <= cols and h + spare <= rows:
            return mode
    return None


def smallest(width, height, spare=0):
    """The least terminal (columns, rows) any mode fits in."""
    w, h = size(MODES[-1], width, height)
    return w, h + spare
