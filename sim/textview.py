"""The panel as characters: what a screen says, read from its tiles.

Every word and card the console shows is a tile of one of its glyph
sheets (``lib/ui_glyphs.py``): the 3x5 mini font, the built-in 6x12
font, the card halves. ``runs(root)`` walks a screen's displayio tree
and reads them back as text where they sit on the panel; ``lay_out``
puts those runs on a grid of terminal cells, in the panel's order, as
large as the terminal allows. A card reads ``A♠``, ``10♥``: red suits in
red where the terminal has colour, and marked without colour too (``♥``
and ``♦`` are the outlined suits, ``♠`` and ``♣`` the solid ones, as the
panel draws them). A card face down reads ``##``, an empty place
``[]``; the cursor under a card is ``^^``. Inverse text (a menu's
chosen row) is drawn inverse.

The 128x64 solitaire pyramid is text on the panel: a rank (or ``##``) in
a cell two glyphs wide. Given the screen (``runs(root, screen)``), its
rows are read cell by cell as cards on the panel's grid, each with its
suit from the game (the panel has no room for it): ``lay_out`` sets every
cell by one mapping from panel x to column, its card at the cell's right
edge whatever its width (``J♠``, ``10♥``), suits where the cells leave a
space between cards (80 columns) and the bare ranks where not, and the
pyramid's rows a blank line apart where the terminal has the lines.

The terminal simulator (``sim/term.py``) shows this view when the
terminal is too small for the panel's pixels as half blocks, and the
``v`` key switches between the two.
"""

import ui_glyphs
from engine import cards

# what a card's suit half reads as: clubs, diamonds, hearts, spades (ui_glyphs' order)
SUITS = "\u2663\u2666\u2665\u2660"
RED = (1, 2)  # diamonds, hearts
_RANK_TILES = 13
# the mini font's suits (``cards.mark``): a suit's left tile reads as the suit, its
# right one as the space after the card
_MARKS = {1 + s: SUITS[s] for s in range(4)}
_MARKS.update({5 + s: " " for s in range(4)})
_RED_SUITS = "".join(SUITS[s] for s in RED)


class Run:
    """Text at panel pixel (x, y), ``h`` pixels high: ``kind`` is "text",
    "card" or "mark"; ``red`` marks a red card, ``inverse`` a chosen row.
    A pyramid's card has its ``cell``'s width in pixels (it is set at the
    cell's right edge) and, when the game says, its text with the suit
    (``suited``); ``text`` is what the panel shows."""

    __slots__ = ("x", "y", "h", "text", "kind", "red", "inverse", "cell", "suited")

    def __init__(self, x, y, h, text, kind="text", red=False, inverse=False):
        self.x, self.y, self.h = x, y, h
        self.text, self.kind, self.red, self.inverse = text, kind, red, inverse
        self.cell = 0
        self.suited = None

    def __repr__(self):
        return "Run(%d, %d, %r)" % (self.x, self.y, self.text)


def card_text(top, bottom):
    """(text, red) of a card place's two tiles, or None for nothing."""
    if top == ui_glyphs.BLANK and bottom == ui_glyphs.BLANK:
        return None
    if top == ui_glyphs._BACK_TOP:
        return "##", False
    if top == ui_glyphs._SLOT_TOP:
        return "[]", False
    if top == ui_glyphs._JOKER_TOP:
        return "JK", False
    rank = top - ui_glyphs._RANK0
    suit = bottom - ui_glyphs._SUIT0
    if 0 <= rank < _RANK_TILES and 0 <= suit < 4:
        return cards.RANK_CODES[rank] + SUITS[suit], suit in RED
    return "??", False


def _pyramid(screen):
    """{id(row's grid): (row, state)} of a screen showing the 128x64
    pyramid (its view's text rows over the game's ``pyr``), else {}."""
    view = getattr(screen, "view", None)
    state = getattr(screen, "state", None)
    rows = getattr(view, "rows", None)
    if rows is None or getattr(state, "pyr", None) is None:
        return {}
    out = {}
    for r, row in enumerate(rows):
        grid = getattr(row, "grid", None)
        if grid is None or grid.bitmap is not ui_glyphs.FONT or grid.width != 3 * (r + 1):
            return {}  # not the pyramid this reads
        out[id(grid)] = (r, state)
    return out


def _cell_runs(grid, x0, y0, scale, r, state, out):
    """A pyramid row's cards: a cell of two glyphs and a space for each
    place, its rank (or ``##``) as the panel shows it, its suit from the
    game where the card there has that rank."""
    tw, th = grid.tile_width * scale, grid.tile_height * scale
    x0 += grid.x * scale
    y0 += grid.y * scale
    first = r * (r + 1) // 2
    for i in range(r + 1):
        text = "".join(ui_glyphs.CHARS[grid[3 * i + k, 0]] for k in (0, 1)).strip()
        if not text:
            continue  # the card is gone
        run = Run(x0 + 3 * i * tw, y0, th, text, "card")
        run.cell = 2 * tw
        c = state.pyr[first + i]
        if text != "##" and 0 <= cards.rank(c) and cards.rank_code(cards.rank(c)) == text:
            suit = cards.suit(c)
            run.suited = text + SUITS[suit]
            run.red = suit in RED
        out.append(run)


def _grid_runs(grid, x0, y0, scale, inverse, out):
    bmp = grid.bitmap
    tw, th = grid.tile_width * scale, grid.tile_height * scale
    x0 += grid.x * scale
    y0 += grid.y * scale
    if bmp is ui_glyphs.CARDS:
        if grid.height == 1:  # a half card over a cell: the pyramid's cursor
            out.append(Run(x0, y0, th, "", "cursor"))
            return
        for col in range(grid.width):
            for row in range(0, grid.height - 1, 2):
                got = card_text(grid[col, row], grid[col, row + 1])
                if got:
                    out.append(Run(x0 + col * tw, y0 + row * th, 2 * th, got[0], "card", got[1]))
        return
    if bmp is ui_glyphs.FONT or bmp is ui_glyphs.BIG:
        inverse = inverse or grid.pixel_shader is ui_glyphs.INVERSE
        for row in range(grid.height):
            if bmp is ui_glyphs.FONT:
                text = "".join(ui_glyphs.CHARS[grid[c, row]] for c in range(grid.width))
                text = text.replace("~", "v").replace("@", ">").translate(_MARKS)
            else:
                text = "".join(chr(grid[c, row] + 32) for c in range(grid.width))
            # each word where it is: a row's words keep their places
            start = None
            for c in range(len(text) + 1):
                ch = text[c] if c < len(text) else " "
                gap = ch == " " and (c + 1 >= len(text) or text[c + 1] == " ")
                if start is None and ch != " ":
                    start = c
                elif start is not None and (gap or c == len(text)):
                    out.append(Run(x0 + start * tw, y0 + row * th, th, text[start:c],
                                   inverse=inverse))  # fmt: skip
                    start = None
            if inverse and not text.strip():
                out.append(Run(x0, y0 + row * th, th, " " * len(text), inverse=True))
        return
    # a solid bar: the cursor under a card
    if bmp.width <= 16 and bmp.height <= 2:
        out.append(Run(x0, y0, bmp.height * scale, "^^", "mark"))


def runs(root, screen=None):
    """The text runs of a displayio tree, in drawing order; ``screen``
    (the app's, if given) is asked for the pyramid's cards."""
    out = []
    pyramid = _pyramid(screen)
    stack = [(root, 0, 0, 1)]
    while stack:
        obj, x0, y0, scale = stack.pop()
        if getattr(obj, "hidden", False):
            continue
        if hasattr(obj, "tile_width"):
            row = pyramid.get(id(obj))
            if row is not None:
                _cell_runs(obj, x0, y0, scale, row[0], row[1], out)
            else:
                _grid_runs(obj, x0, y0, scale, False, out)
            continue
        s = scale * getattr(obj, "scale", 1)
        x1 = x0 + obj.x * scale
        y1 = y0 + obj.y * scale
        for child in reversed(list(obj)):
            stack.append((child, x1, y1, s))
    return out


def _lines(runs):
    """Runs grouped into the panel's lines, top to bottom: runs whose
    middles are within 3 pixels share a line (a card and the word beside
    it). Each line: [middle y, runs left to right]. A cursor drawn over a
    cell takes no room: the run it covers is drawn inverse."""
    cursors = [r for r in runs if r.kind == "cursor"]
    runs = [r for r in runs if r.kind != "cursor"]
    for c in cursors:  # the word nearest it on its line, a cell's width at most
        near = [r for r in runs if abs(r.y + r.h / 2 - c.y - c.h / 2) <= 3 and abs(r.x - c.x) <= 8]
        if near:
            min(near, key=lambda r: abs(r.x - c.x)).inverse = True
    lines = []
    for r in sorted(runs, key=lambda r: 2 * r.y + r.h):
        mid = r.y + r.h / 2
        if lines and mid - lines[-1][0] <= 3:
            lines[-1][1].append(r)
        else:
            lines.append([mid, [r]])
    for line in lines:
        line[1].sort(key=lambda r: r.x)
    return lines


def _spread(ideal, n, last, gaps=None):
    """Slots for ``n`` things in order, each at its ideal slot where it can
    be, ``gaps[i]`` (else one) after thing ``i``, none past ``last``;
    gaps of one where the wider ones leave no room."""
    if gaps is None or sum(gaps[: n - 1]) > last:
        gaps = [1] * n
    out = []
    for i in range(n):
        out.append(max(ideal[i], out[-1] + gaps[i - 1]) if out else max(ideal[i], 0))
    for i in range(n - 1, -1, -1):
        cap = last if i == n - 1 else out[i + 1] - gaps[i]
        out[i] = min(out[i], cap)
    return out


def _cells(lines, px, cols):
    """Where the pyramid's cards go, by one mapping from panel x for all:
    {id(run): (first column, text)}, each ending at its cell's right edge;
    with their suits if every card so has a space before the next one on
    its row and fits the terminal, else as their ranks."""
    for suited in (True, False):
        at = {}
        fits = True
        for _, line in lines:
            end = 0
            for r in line:
                if not r.cell:
                    continue
                text = (r.suited or r.text) if suited else r.text
                start = int((r.x + r.cell) / px + 0.5) - len(text)
                fits = fits and start >= end and start + len(text) <= cols
                at[id(r)] = (start, text)
                end = start + len(text) + 1
        if fits:
            break
    return at


def _red_cards(text):
    """The places of ``text`` that are a red card in words (``7\u2665``,
    ``10\u2666``: the suit and the rank before it)."""
    out = set()
    for i, ch in enumerate(text):
        if ch in _RED_SUITS:
            out.add(i)
            j = i - 1
            while j >= 0 and text[j] in "0123456789AJQK":
                out.add(j)
                j -= 1
    return out


def lay_out(runs, width, height, cols, rows, colour=True):
    """The runs on a ``cols`` x ``rows`` grid of characters: a list of
    ``rows`` strings (with SGR escapes for red cards and inverse rows,
    or underlined red cards without ``colour``), each at most ``cols``
    characters wide as shown. A panel line goes to the terminal line
    its place on the panel gives, lines keep their order (the pyramid's
    rows a line apart where there is room); a run goes to the column its
    place gives, after the one before it on its line; a pyramid's cards
    go to their cells' columns, all by one mapping."""
    cols = max(cols, 1)
    lines = _lines(runs)
    used = min(rows, len(lines))
    lines = lines[:used]
    ideal = [int(mid * rows / height) for mid, _ in lines]
    pyr = [any(r.cell for r in line) for _, line in lines]
    gaps = [2 if a and b else 1 for a, b in zip(pyr, pyr[1:])]
    at_row = _spread(ideal, len(lines), rows - 1, gaps) if lines else []
    px = width / min(cols, width // 2)  # at most two columns a pixel's pair: no wider
    at_cell = _cells(lines, px, cols)
    out = [""] * rows
    for (_, line), row in zip(lines, at_row):
        cells = [(" ", "")] * cols
        texts = [at_cell[id(r)][1] if r.cell else r.text for r in line]
        for gap in (1, 0):  # words a space apart; cards touching if that is what fits
            starts = []
            end = 0
            for r, text in zip(line, texts):
                if r.cell:  # on the pyramid's grid
                    start = max(at_cell[id(r)][0], end)
                else:
                    start = max(int(r.x / px + 0.5), end)
                starts.append(start)
                end = start + len(text) + (gap if r.kind == "card" else 1)
            if starts[-1] + len(texts[-1]) <= cols:
                break
        # still too long: laid out from the right edge leftwards, each run before
        # the next; what reaches past the left edge is cut there
        if starts[-1] + len(texts[-1]) > cols:
            nxt = cols + 1
            for i in range(len(line) - 1, -1, -1):
                starts[i] = min(starts[i], nxt - 1 - len(texts[i]))
                nxt = starts[i]
        red = "\x1b[31m" if colour else "\x1b[4m"
        for r, text, start in zip(line, texts, starts):
            style = red if r.kind == "card" and r.red else ""
            if r.inverse:  # a chosen row, or the pyramid's card under its cursor
                style += "\x1b[7m"
            reds = _red_cards(text) if r.kind != "card" else ()  # in words: 7\u2665 red too
            for i, ch in enumerate(text):
                if 0 <= start + i < cols and cells[start + i][0] == " ":
                    cells[start + i] = (ch, red + style if i in reds else style)
        text = []
        cur = ""
        for ch, style in cells:
            if style != cur:
                text.append("\x1b[0m" + style if style else "\x1b[0m")
                cur = style
            text.append(ch)
        if cur:
            text.append("\x1b[0m")
        out[row] = "".join(text).rstrip()
    return out


def plain(line):
    """A laid-out line without its escapes (what a reader sees)."""
    out = []
    i = 0
    while i < len(line):
        if line[i] == "\x1b":
            i = line.index("m", i) + 1
        else:
            out.append(line[i])
            i += 1
    return "".join(out)
