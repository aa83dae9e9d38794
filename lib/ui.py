"""Widgets on displayio: text and cards as tiles of the glyph sheets.

Every text area is one TileGrid over a font sheet (the 3x5 mini font, or
the board's built-in 6x12 terminal font for menus and headings), every
card a 1x2 TileGrid over the card sheet, made once per screen. Updates
change tile numbers (or a grid's position) only where something changed,
so displayio sends only those areas over the bus.
"""

import displayio
from micropython import const

import ui_glyphs
from buttons import DOWN, LEFT, RIGHT, UP
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


class Scroller:
    """Lines of mini-font text shown ``visible`` rows at a time from
    (0, ``y0``), ``pitch`` pixels apart; the arrows scroll them."""

    def __init__(self, group, lines, y0, pitch, visible):
        self.lines = lines
        self.first = 0
        self.rows = [TextRow(32, 0, y0 + i * pitch) for i in range(visible)]
        for row in self.rows:
            group.append(row.grid)
        self.render()

    def render(self):
        lines = self.lines
        last = len(self.rows) - 1
        for i in range(last + 1):
            j = self.first + i
            text = lines[j] if j < len(lines) else ""
            # "more" marks at the right: lines above the first shown, below the last
            if (i == 0 and self.first > 0) or (i == last and j + 1 < len(lines)):
                text = "%-30s %s" % (text[:30], "^" if i == 0 else "~")  # ~: the down mark
            self.rows[i].set(text)

    def scroll(self, key):
        """True when ``key`` is an arrow (the view moves when it can)."""
        if key == UP or key == LEFT:
            first = self.first - 1
        elif key == DOWN or key == RIGHT:
            first = self.first + 1
        else:
            return False
        if 0 <= first and first + len(self.rows) <= len(self.lines):
            self.first = first
            self.render()
        return True


def heading(text, x, y, scale=1):
    """Text in the built-in font, ``scale`` times its size: a Group to
    append to a screen (it never changes)."""
    row = TextRow(len(text), 0, 0, big=True)
    row.set(text)
    g = displayio.Group(scale=scale, x=x, y=y)
    g.append(row.grid)
    return g


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


class Menu:
    """A vertical list in the built-in font, ``visible`` rows at a time,
    with a '>' cursor; it scrolls to keep the chosen row in view, with
    marks at the right when rows lie above or below. With ``keep`` (a
    bytearray) the cursor is kept in ``keep[slot]``, so the menu opens
    where it was left (counted from the end, so a title that gains or
    loses Continue at the top keeps the row it was on)."""

    def __init__(self, group, items, x, y, line_h, visible, keep=None, slot=0):
        self.items = items
        self.keep = keep
        self.slot = slot
        self.index = max(0, len(items) - keep[slot]) if keep and keep[slot] else 0
        self.top = max(0, self.index - visible + 1)
        self.visible = visible
        self.line_h = line_h
        self.y = y
        self.labels = []
        cols = (128 - x) // ui_glyphs.BIG_W  # to the panel's right edge
        for i in range(visible):
            row = TextRow(cols, x, y + i * line_h, big=True)
            self.labels.append(row)
            group.append(row.grid)
        self.cursor = TextRow(1, x - 7, y, big=True)
        self.cursor.set(">")
        group.append(self.cursor.grid)
        self.marks = [TextRow(1, 124, y + i * max(6, visible * line_h - 7)) for i in (0, 1)]
        for row in self.marks:
            group.append(row.grid)
        self.render()

    def move(self, d):
        n = len(self.items)
        self.index = (self.index + d) % n
        if self.keep:
            self.keep[self.slot] = n - self.index
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + self.visible:
            self.top = self.index - self.visible + 1
        self.render()

    def render(self):
        for i in range(self.visible):
            j = self.top + i
            self.labels[i].set(self.items[j] if j < len(self.items) else "")
        y = self.y + (self.index - self.top) * self.line_h
        if self.cursor.grid.y != y:
            self.cursor.grid.y = y
        self.marks[0].set("^" if self.top else " ")
        self.marks[1].set("~" if self.top + self.visible < len(self.items) else " ")

    def set_items(self, items):
        self.items = items
        self.render()
