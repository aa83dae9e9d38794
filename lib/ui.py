"""Widgets built on displayio: mini-font text rows, cards, labels.

Every widget is a TileGrid (or a Label, itself TileGrids), created once per
screen; updates change tile numbers or positions only where something
moved, so displayio sends only those areas over the bus.
"""

import displayio
import terminalio
from adafruit_display_text import label
from micropython import const

import glyphs

_SPACE = glyphs.char_tile(" ")
HAND_PITCH = const(11)


class TextRow:
    """A row of mini-font characters (4x6 each) with a shadow copy, so
    ``set`` rewrites only the tiles whose character changed."""

    def __init__(self, cols, x, y, inverse=False):
        self.cols = cols
        self.grid = displayio.TileGrid(
            glyphs.FONT,
            pixel_shader=glyphs.INVERSE if inverse else glyphs.PALETTE,
            width=cols,
            height=1,
            tile_width=glyphs.FONT_W,
            tile_height=glyphs.FONT_H,
            default_tile=_SPACE,
            x=x,
            y=y,
        )
        self._shadow = bytearray(cols)
        for i in range(cols):
            self._shadow[i] = _SPACE

    def set(self, text):
        n = len(text)
        for i in range(self.cols):
            t = glyphs.char_tile(text[i]) if i < n else _SPACE
            if self._shadow[i] != t:
                self._shadow[i] = t
                self.grid[i] = t

    def text(self):
        return "".join([glyphs.CHARS[t] for t in self._shadow])


class CardView:
    """One card: a 1x2 TileGrid of card halves at (x, y)."""

    def __init__(self, x, y, card=-1):
        self.grid = displayio.TileGrid(
            glyphs.CARDS,
            pixel_shader=glyphs.PALETTE,
            width=1,
            height=2,
            tile_width=glyphs.CARD_W,
            tile_height=glyphs.HALF_H,
            default_tile=glyphs.BLANK,
            x=x,
            y=y,
        )
        self.card = -3
        self.set(card)

    def set(self, card):
        """Show a card id; -1 = empty slot, -2 = card back, -3 = nothing."""
        if card == self.card:
            return
        self.card = card
        if card == -3:
            self.grid[0, 0] = glyphs.BLANK
            self.grid[0, 1] = glyphs.BLANK
            return
        top, bottom = glyphs.card_tiles(card)
        self.grid[0, 0] = top
        self.grid[0, 1] = bottom

    def move_to(self, x, y):
        if self.grid.x != x:
            self.grid.x = x
        if self.grid.y != y:
            self.grid.y = y


def text_label(text, x, y, scale=1, inverse=False):
    """A terminalio Label anchored at its top-left corner."""
    lb = label.Label(
        terminalio.FONT,
        text=text,
        color=0x000000 if inverse else 0xFFFFFF,
        background_color=0xFFFFFF if inverse else None,
        scale=scale,
    )
    lb.anchor_point = (0, 0)
    lb.anchored_position = (x, y)
    return lb


def set_label(lb, text):
    if lb.text != text:
        lb.text = text


def bar(width, height, x, y):
    """A solid white rectangle (cursor underline, separators)."""
    bmp = displayio.Bitmap(width, height, 2)
    bmp.fill(1)
    return displayio.TileGrid(bmp, pixel_shader=glyphs.PALETTE, x=x, y=y)


class Menu:
    """A vertical list of Labels with an inverse cursor row."""

    def __init__(self, group, items, x, y, line_h, visible):
        self.items = items
        self.index = 0
        self.top = 0
        self.visible = visible
        self.line_h = line_h
        self.x = x
        self.y = y
        self.labels = []
        for i in range(visible):
            lb = text_label("", x, y + i * line_h)
            self.labels.append(lb)
            group.append(lb)
        self.cursor = text_label(">", x - 7, y)
        group.append(self.cursor)
        self.render()

    def move(self, d):
        n = len(self.items)
        self.index = (self.index + d) % n
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + self.visible:
            self.top = self.index - self.visible + 1
        self.render()

    def render(self):
        for i in range(self.visible):
            j = self.top + i
            set_label(self.labels[i], self.items[j] if j < len(self.items) else "")
        self.cursor.anchored_position = (self.x - 7, self.y + (self.index - self.top) * self.line_h)

    def set_items(self, items):
        self.items = items
        self.render()
