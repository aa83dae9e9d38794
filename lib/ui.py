"""Widgets on displayio: text and cards as tiles of the glyph sheets.

Every text area is one TileGrid over a font sheet (the 3x5 mini font, or
the board's built-in 6x12 terminal font for menus and headings), every
card a 1x2 TileGrid over the card sheet, made once per screen. Updates
change tile numbers (or a grid's position) only where something changed,
so displayio sends only those areas over the bus. What only the menu
screens draw with (a menu, lines that scroll, a heading) is ``ui_menu``'s.
"""

import displayio
from micropython import const

import ui_glyphs
from engine import cards
from ui_glyphs import CARD_BACK, CARD_NONE, CARD_SLOT  # noqa: F401  (what a place shows)

_SPACE = ui_glyphs.char_tile(" ")
_TILES = ui_glyphs.TILES
HAND_PITCH = const(11)


class Line:
    """Text made in place, so a redraw allocates nothing: ``n`` ASCII codes
    in ``buf`` (made once; what passes its end is cut), for ``TextRow.show``.
    A card's suit is two codes (``card``), the second the space after the
    card: a space written after it is that one."""

    def __init__(self, cols):
        self.buf = bytearray(cols)
        self.n = 0

    def clear(self):
        self.n = 0

    def char(self, code):
        if self.n < len(self.buf):
            self.buf[self.n] = code
            self.n += 1

    def add(self, text, most=255):
        """``text`` (a str: indexing it makes no string, a slice would), at
        most ``most`` characters of it."""
        buf = self.buf
        n = self.n
        for i in range(min(most, len(text))):
            c = ord(text[i])
            if c == 32 and n and 4 < buf[n - 1] < 9:
                continue  # (a suit's second tile is the space)
            if n == len(buf):
                break
            buf[n] = c if c < 128 else 63  # "?"
            n += 1
        self.n = n

    def num(self, v, width=0):
        """``v`` (0 or more) in digits, right-aligned in ``width`` columns."""
        p = 1
        while v // p >= 10:  # never past v: 10 times a deal number is no small int
            p *= 10
            width -= 1
        for _ in range(width - 1):
            self.char(32)
        while p:
            self.char(48 + v // p % 10)
            p //= 10

    def card(self, c):
        """A card as the panel writes it: 7♥, 10♦, JK (``cards.mark``)."""
        f = c % cards.FACES
        if f >= cards.SUITED:
            self.add("JK")
        else:
            self.add(cards.RANK_CODES[f % cards.RANKS])
            s = f // cards.RANKS
            self.char(1 + s)
            self.char(5 + s)

    def codes(self, seq, start, end):
        """The cards ``seq[start:end]``, a space apart."""
        for i in range(start, end):
            if i > start:
                self.add(" ")  # (a suit's second tile is the space)
            self.card(seq[i])

    def copy(self, other, start=0):
        """``other``'s text from column ``start``."""
        for i in range(start, other.n):
            self.char(other.buf[i])

    def text(self):
        """The text as a str (made now: for tests and the round view)."""
        return bytes(self.buf[: self.n]).decode()


class TextRow:
    """A row of ``cols`` characters at (x, y): the mini font (4x6 tiles),
    or with ``big`` the built-in font (6x12 tiles). ``set`` rewrites only
    the tiles whose character changed."""

    def __init__(self, cols, x, y, inverse=False, big=False):
        self.big = big
        self.grid = displayio.TileGrid(
            ui_glyphs.BIG if big else ui_glyphs.FONT,
            pixel_shader=ui_glyphs.INVERSE if inverse else ui_glyphs.PALETTE,
            width=cols,
            height=1,
            tile_width=ui_glyphs.BIG_W if big else ui_glyphs.FONT_W,
            tile_height=ui_glyphs.BIG_H if big else ui_glyphs.FONT_H,
            default_tile=ui_glyphs.BIG_SPACE if big else _SPACE,
            x=x,
            y=y,
        )

    def set(self, text):
        """Show ``text`` (a str); allocates nothing."""
        grid = self.grid
        n = len(text)
        big = self.big
        blank = ui_glyphs.BIG_SPACE if big else _SPACE
        for i in range(grid.width):
            if i < n:
                c = ord(text[i])
                if big:
                    t = c - 32 if 32 <= c <= 126 else 31  # ui_glyphs.big_tile
                else:
                    t = _TILES[c] if c < 128 else ui_glyphs.char_tile(text[i])
            else:
                t = blank
            if grid[i] != t:
                grid[i] = t

    def show(self, line):
        """Show a ``Line``'s text (in the mini font)."""
        grid = self.grid
        n = line.n
        buf = line.buf
        for i in range(grid.width):
            t = _TILES[buf[i]] if i < n else _SPACE
            if grid[i] != t:
                grid[i] = t

    def text(self):
        grid = self.grid
        if self.big:
            return "".join([chr(grid[i] + 32) for i in range(grid.width)])
        return "".join([ui_glyphs.CHARS[grid[i]] for i in range(grid.width)])


class CardRow:
    """``n`` cards side by side from (x, y), one every ``HAND_PITCH``
    pixels: one TileGrid of card halves, ``n`` wide and 2 high."""

    def __init__(self, n, x, y):
        self.n = n
        self.grid = displayio.TileGrid(
            ui_glyphs.CARDS,
            pixel_shader=ui_glyphs.PALETTE,
            width=n,
            height=2,
            tile_width=ui_glyphs.CARD_W,
            tile_height=ui_glyphs.HALF_H,
            default_tile=ui_glyphs.BLANK,
            x=x,
            y=y,
        )

    def set(self, i, card):
        """Card ``i`` shows a card id, CARD_SLOT, CARD_BACK or CARD_NONE;
        only tiles that change are written."""
        if card == CARD_NONE:
            top = bottom = ui_glyphs.BLANK
        else:
            top = ui_glyphs.card_top(card)
            bottom = ui_glyphs.card_bottom(card)
        grid = self.grid
        # a tile by its number (y * width + x): an (x, y) index is a tuple made
        if grid[i] != top:
            grid[i] = top
        i += self.n
        if grid[i] != bottom:
            grid[i] = bottom


class CardView(CardRow):
    """One card at (x, y): a row of one."""

    def __init__(self, x, y, card=CARD_SLOT):
        super().__init__(1, x, y)
        self.card = CARD_NONE
        self.set(card)

    def set(self, card):
        """Show a card id, CARD_SLOT, CARD_BACK or CARD_NONE."""
        if card != self.card:
            self.card = card
            CardRow.set(self, 0, card)


def bar(width, height, x, y):
    """A solid white rectangle (cursor underline, separators)."""
    bmp = displayio.Bitmap(width, height, 2)
    bmp.fill(1)
    return displayio.TileGrid(bmp, pixel_shader=ui_glyphs.PALETTE, x=x, y=y)
