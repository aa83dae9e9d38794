"""The glyph sheets every screen draws from.

Two 1-bit Bitmaps are drawn once at start-up from packed bits:

- ``FONT``: a 3x5 font in 4x6 tiles (one tile per character of
  ``CHARS``) for dense text such as counts and the status line, and
  the four suits as the cards draw them, each over two tiles, so a card
  in words reads as it looks (``cards.mark``);
- ``CARDS``: card halves in 11x7 tiles, the card 10 pixels wide and a
  black column after it, so a row of cards is one TileGrid (a hand, a
  pile: ``ui.CardRow``). A card is a rank half over a suit half, 10x14
  pixels, white with black marks, so rank and suit stay legible at 8
  pixels.

Larger text (menus, headings) is drawn from a third sheet that costs no
RAM: the board's built-in terminal font, ``terminalio.FONT.bitmap``, a
read-only Bitmap in flash holding printable ASCII as one row of 6x12
tiles (``big_tile``).

The drawing runs at the module's top level, so its code and the packed
bits are dropped as soon as the module has loaded.
"""

import gc

import displayio
import terminalio
from micropython import const

from engine import cards

# this module's compile leaves garbage: collected first, so the sheets made
# below (kept for good) go low in the heap, not in the middle of its free part
gc.collect()

FONT_W = const(4)
FONT_H = const(6)
CARD_W = const(11)  # a card's tile: the card, then a black column
CARD_ART = const(10)  # the card itself
HALF_H = const(7)

# the last three are marks: ^ up, ~ down (drawn as a "v"), @ a solid arrow;
# then the suits C D H S as the cards draw them, 5x5, each over two tiles
# whose second is the space after the card (``cards.mark``): codes 1-4 their
# left tiles, 5-8 their right ones
CHARS = (" !#'()*+,-./0123456789:<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ^~@"
         "\x01\x05\x02\x06\x03\x07\x04\x08")  # fmt: skip
_MARK0 = const(56)  # the first suit's left tile

# What a card place shows besides a card id (ui.CardRow.set, card_tiles)
CARD_SLOT = const(-1)  # an empty place: its outline
CARD_BACK = const(-2)  # a card face down
CARD_NONE = const(-3)  # nothing at all

# Card-half tiles
BLANK = const(0)  # black, nothing
_RANK0 = const(1)  # 1..13: A..K on white
_JOKER_TOP = const(14)
_SUIT0 = const(15)  # 15..18: C D H S
_JOKER_BOTTOM = const(19)
_BACK_TOP = const(20)
_BACK_BOTTOM = const(21)
_SLOT_TOP = const(22)
_SLOT_BOTTOM = const(23)
_CARD_TILES = const(24)

PALETTE = displayio.Palette(2)
PALETTE[0] = 0x000000
PALETTE[1] = 0xFFFFFF
INVERSE = displayio.Palette(2)
INVERSE[0] = 0xFFFFFF
INVERSE[1] = 0x000000

FONT = displayio.Bitmap(FONT_W * len(CHARS), FONT_H, 2)
CARDS = displayio.Bitmap(CARD_W * _CARD_TILES, HALF_H, 2)


def _draw(bmp, x, y0, bits, width, value):
    """Set the cells of a glyph whose bit is set (bit i: column i % width,
    row i // width) to ``value``; the loop ends at the last set bit."""
    i = 0
    while bits:
        if bits & 1:
            bmp[x + i % width, y0 + i // width] = value
        bits >>= 1
        i += 1


# each character's 3x5 cells as 15 bits, two bytes (low first), in CHARS order
_BITS = (b"\x00\x00\x92 }_\x12\x00J\x22\x22)\xa8\x0a\xd0\x05\x00\x14\xc0\x01\x00 \xa4"
         b"\x12o{\x9at\xe7s\xa7y\xedI\xcfy\xcf{\xa7$\xef{\xefy\x10\x04TD8\x0e\x11\x15\xa3"
         b" \xea[\xeb:Nbk;\xcfr\xcf\x12Nk\xed[\x97t$+\xedZIr\x7f[k[j+\xeb\x12jg\xebZ\x8e8"
         b"\x97$m{m+\xed\x7f\xadZ\xad$\xa7r*\x00\x00*\xd9\x17")  # fmt: skip
for _i in range(_MARK0):
    _draw(FONT, _i * FONT_W, 0, _BITS[2 * _i] | (_BITS[2 * _i + 1] << 8), 3, 1)


# white card faces and backs: the sheet filled at once (in C on a board), then
# what is not a card's face put back to black: the blank tile, the column
# after each card, the empty piles' tiles (outlined below)
CARDS.fill(1)
for _y in range(HALF_H):
    for _t in range(_CARD_TILES):
        CARDS[_t * CARD_W + CARD_ART, _y] = 0
    for _t in (BLANK, _SLOT_TOP, _SLOT_BOTTOM):
        for _x in range(CARD_ART):
            CARDS[_t * CARD_W + _x, _y] = 0
for _r in range(14):  # the ranks A..K, then the joker's "JK", in black on white
    _x = (_RANK0 + _r) * CARD_W + 1
    for _ch in cards.RANK_CODES[_r] if _r < 13 else "JK":
        _i = CHARS.find(_ch)
        _draw(CARDS, _x, 1, _BITS[2 * _i] | (_BITS[2 * _i + 1] << 8), 3, 0)
        _x += 4
# the suits C D H S and the joker's star as 5x5 cells, 25 bits in 4 bytes each:
# the red suits outlined, the black ones solid, so a heart is no spade at a glance;
# the suits drawn again in the mini font, white (their fifth column in the next tile)
_SUITS = b"\xc4\x91\xbd\x01DEE\x00\xaaFE\x00\xc4}\xe2\x00\xe4;\x15\x01"
for _s in range(5):
    _t = _SUIT0 + _s if _s < 4 else _JOKER_BOTTOM
    _v = _SUITS[4 * _s] | (_SUITS[4 * _s + 1] << 8) | (_SUITS[4 * _s + 2] << 16)
    _v |= _SUITS[4 * _s + 3] << 24
    _draw(CARDS, _t * CARD_W + 4, 1, _v, 5, 0)
    if _s < 4:
        _draw(FONT, (_MARK0 + 2 * _s) * FONT_W, 0, _v, 5, 1)
for _t in (_BACK_TOP, _BACK_BOTTOM):  # a checked back
    for _y in range(HALF_H):
        for _x in range(1, CARD_ART - 1):
            if (_x + _y) % 2:
                CARDS[_t * CARD_W + _x, _y] = 0
for _t in (_SLOT_TOP, _SLOT_BOTTOM):  # dotted outline of an empty pile
    for _y in range(HALF_H):
        CARDS[_t * CARD_W, _y] = _y % 2
        CARDS[_t * CARD_W + CARD_ART - 1, _y] = _y % 2
    for _x in range(0, CARD_ART, 2):
        CARDS[_t * CARD_W + _x, 0 if _t == _SLOT_TOP else HALF_H - 1] = 1
# each ASCII code's tile (lower case as upper, what the font lacks as "?"):
# a row is written a code at a time, with no string made per character
TILES = bytearray(128)
for _i in range(128):
    TILES[_i] = CHARS.find("?")
for _t, _i in enumerate(CHARS.encode()):
    TILES[_i] = _t
    if 65 <= _i <= 90:
        TILES[_i + 32] = _t  # lower case as upper
# A row reads a text's codes by indexing it (``ui``), and a one-character
# str is a name, interned for good the first time it is made (``chr`` and
# indexing alike): a redraw that met a new character would allocate, and
# could fail in a full heap. So every character a text holds (printable
# ASCII and the suits' codes, 103 names) is interned now, and no other
for _i in range(1, 127):
    if _i >= 32 or _i <= 8:
        chr(_i)
del _draw, _BITS, _SUITS, _i, _t, _x, _y, _r, _ch, _s, _v
gc.collect()  # the drawing's garbage too: the functions below go low as well

BIG = terminalio.FONT.bitmap
BIG_W, BIG_H = terminalio.FONT.get_bounding_box()[:2]
BIG_SPACE = const(0)


def big_tile(ch):
    """The built-in font's tile for ``ch`` (printable ASCII; else '?')."""
    c = ord(ch)
    return c - 32 if 32 <= c <= 126 else 31


def char_tile(ch):
    i = CHARS.find(ch.upper())
    return i if i >= 0 else CHARS.find("?")


def card_top(card):
    """The top (rank) half's tile of a card id, CARD_SLOT or CARD_BACK."""
    if card == CARD_SLOT:
        return _SLOT_TOP
    if card == CARD_BACK:
        return _BACK_TOP
    f = card % 54
    return _JOKER_TOP if f >= 52 else _RANK0 + f % 13


def card_bottom(card):
    """The bottom (suit) half's tile: a pair of ints would be a tuple made."""
    if card == CARD_SLOT:
        return _SLOT_BOTTOM
    if card == CARD_BACK:
        return _BACK_BOTTOM
    f = card % 54
    return _JOKER_BOTTOM if f >= 52 else _SUIT0 + f // 13


def card_tiles(card):
    """(top, bottom) tile numbers for a card id, CARD_SLOT or CARD_BACK."""
    return card_top(card), card_bottom(card)
