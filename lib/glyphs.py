"""The packed glyph sheets every screen draws from.

Two 1-bit Bitmaps are built once at start-up from the row strings below:

- ``FONT``: a 3x5 font in 4x6 tiles (one tile per character) for dense
  text such as counts and the status line;
- ``CARDS``: card halves in 10x7 tiles. A card is a 1x2 TileGrid (rank
  half over suit half), 10x14 pixels, white with black marks, so rank and
  suit stay legible at 8 pixels.

Larger text (menus, headings) is drawn from a third sheet that costs no
RAM: the board's built-in terminal font, ``terminalio.FONT.bitmap``, a
read-only Bitmap in flash holding printable ASCII as one row of 6x12
tiles (``big_tile``).
"""

import displayio
import terminalio
from micropython import const

import cards

FONT_W = const(4)
FONT_H = const(6)
CARD_W = const(10)
HALF_H = const(7)


def _row_tables():
    """Glyph rows as strings of 15 (3x5) or 25 (5x5) cells; built into the
    sheets once, then dropped, so the strings cost no RAM afterwards."""
    font = {
        " ": "...............",
        "0": "####.##.##.####",
        "1": ".#.##..#..#.###",
        "2": "###..#####..###",
        "3": "###..#.##..####",
        "4": "#.##.####..#..#",
        "5": "####..###..####",
        "6": "####..####.####",
        "7": "###..#.#..#..#.",
        "8": "####.#####.####",
        "9": "####.####..####",
        "A": ".#.#.#####.##.#",
        "B": "##.#.###.#.###.",
        "C": ".###..#..#...##",
        "D": "##.#.##.##.###.",
        "E": "####..##.#..###",
        "F": "####..##.#..#..",
        "G": ".###..#.##.#.##",
        "H": "#.##.#####.##.#",
        "I": "###.#..#..#.###",
        "J": "..#..#..##.#.#.",
        "K": "#.##.###.#.##.#",
        "L": "#..#..#..#..###",
        "M": "#.########.##.#",
        "N": "##.#.##.##.##.#",
        "O": ".#.#.##.##.#.#.",
        "P": "##.#.###.#..#..",
        "Q": ".#.#.##.###..##",
        "R": "##.#.###.#.##.#",
        "S": ".###...#...###.",
        "T": "###.#..#..#..#.",
        "U": "#.##.##.##.####",
        "V": "#.##.##.##.#.#.",
        "W": "#.##.########.#",
        "X": "#.##.#.#.#.##.#",
        "Y": "#.##.#.#..#..#.",
        "Z": "###..#.#.#..###",
        ":": "....#.....#....",
        ">": "#...#...#.#.#..",
        "<": "..#.#.#...#...#",
        "-": "......###......",
        "+": "....#.###.#....",
        "/": "..#..#.#.#..#..",
        ".": ".............#.",
        ",": "..........#.#..",
        "!": ".#..#..#.....#.",
        "?": "##...#.#.....#.",
        "^": ".#.#.#.........",
        "v": ".........#.#.#.",
        "*": "...#.#.#.#.#...",
        "=": "...###...###...",
        "(": ".#.#..#..#...#.",
        ")": ".#...#..#..#.#.",
        "#": "#.####.#.####.#",
        "'": ".#..#..........",
    }
    suits = (
        "..#...###...#..##.####.##",  # clubs: a top lobe and two side lobes
        "..#...###.#####.###...#..",  # diamonds
        ".#.#.##########.###...#..",  # hearts
        "..#...###.#####..#...###.",  # spades
        "..#..#####.###..#.#.#...#",  # joker star
    )
    return font, suits


# Card-half tiles
BLANK = const(0)  # black, nothing
RANK0 = const(1)  # 1..13: A..K on white
JOKER_TOP = const(14)
SUIT0 = const(15)  # 15..18: C D H S
JOKER_BOTTOM = const(19)
BACK_TOP = const(20)
BACK_BOTTOM = const(21)
SLOT_TOP = const(22)
SLOT_BOTTOM = const(23)
_CARD_TILES = const(24)


PALETTE = displayio.Palette(2)
PALETTE[0] = 0x000000
PALETTE[1] = 0xFFFFFF
INVERSE = displayio.Palette(2)
INVERSE[0] = 0xFFFFFF
INVERSE[1] = 0x000000


def _glyph_rows(font, ch):
    return font.get(ch) or font["?"]


def _put(bmp, x0, y0, cells, width, value):
    for i in range(len(cells)):
        if cells[i] == "#":
            bmp[x0 + i % width, y0 + i // width] = value


def _build_font(font, chars):
    bmp = displayio.Bitmap(FONT_W * len(chars), FONT_H, 2)
    for i in range(len(chars)):
        _put(bmp, i * FONT_W, 0, _glyph_rows(font, chars[i]), 3, 1)
    return bmp


def _fill(bmp, x0, y0, w, h, value):
    for y in range(y0, y0 + h):
        for x in range(x0, x0 + w):
            bmp[x, y] = value


def _build_cards(font, suits):
    bmp = displayio.Bitmap(CARD_W * _CARD_TILES, HALF_H, 2)
    for t in range(1, _CARD_TILES):
        if t not in (SLOT_TOP, SLOT_BOTTOM):
            _fill(bmp, t * CARD_W, 0, CARD_W, HALF_H, 1)
    for r in range(13):
        x = (RANK0 + r) * CARD_W + 1
        for ch in cards.RANK_CODES[r]:
            _put(bmp, x, 1, _glyph_rows(font, ch), 3, 0)
            x += 4
    x = JOKER_TOP * CARD_W + 1
    for ch in "JK":
        _put(bmp, x, 1, _glyph_rows(font, ch), 3, 0)
        x += 4
    for s in range(5):
        t = SUIT0 + s if s < 4 else JOKER_BOTTOM
        _put(bmp, t * CARD_W + 4, 1, suits[s], 5, 0)
    for t in (BACK_TOP, BACK_BOTTOM):  # a checked back
        for y in range(HALF_H):
            for x in range(1, CARD_W - 1):
                if (x + y) % 2:
                    bmp[t * CARD_W + x, y] = 0
    for t in (SLOT_TOP, SLOT_BOTTOM):  # dotted outline of an empty pile
        for y in range(HALF_H):
            bmp[t * CARD_W, y] = y % 2
            bmp[t * CARD_W + CARD_W - 1, y] = y % 2
        for x in range(0, CARD_W, 2):
            bmp[t * CARD_W + x, 0 if t == SLOT_TOP else HALF_H - 1] = 1
    return bmp


def _sheets():
    font, suits = _row_tables()
    chars = "".join(sorted(font))
    return chars, _build_font(font, chars), _build_cards(font, suits)


CHARS, FONT, CARDS = _sheets()


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


def card_tiles(card):
    """(top, bottom) tile numbers for a card id; -1 = empty slot, -2 = back."""
    if card == -1:
        return SLOT_TOP, SLOT_BOTTOM
    if card == -2:
        return BACK_TOP, BACK_BOTTOM
    f = card % 54
    if f >= 52:
        return JOKER_TOP, JOKER_BOTTOM
    return RANK0 + f % 13, SUIT0 + f // 13
