"""Elevator solitaire's picture: the pyramid, the waste and the stock.

On 128x64 the whole pyramid is drawn as text, one cell per card (its rank,
``##`` face down), with the waste and the stock at the right; the cursor
is the rank half of the card it is on (the rank's glyphs black on white,
with a pixel of white round them, as on every card) over its cell. On
128x32 only the cards free to play are shown, as a row of cards after the
waste. The message line's words are written here too, when drawn: like
every text of a redraw, into lines made once (``ui.Line``), so a redraw
allocates nothing but a refusal's reason (the game's text module).
"""

import displayio
from micropython import const

import ui
import ui_glyphs
from engine import cards
from games import elevator_solitaire as es

_ROWS = const(7)
# 128x64: the waste and the stock right of the pyramid
_WASTE_X = const(98)
_STOCK_X = const(113)
_PILE_Y = const(14)
_MSG = const(64)  # the message line's text (32 shown)
_HELP = "{A} PLAY {SELECT} TURN {B} BACK"  # on the message line when it says nothing


def _cell(line, s, pos):
    """The pyramid's place ``pos`` in two columns: its rank, ``##`` face down."""
    c = s.pyr[pos]
    if c == es.GONE:
        line.add("  ")
    elif not s.face_up(pos):
        line.add("##")
    else:
        r = cards.rank_code(cards.rank(c))
        if len(r) < 2:
            line.char(32)
        line.add(r)


def _row_x(r):
    return 2 + (_ROWS - 1 - r) * 6


def cell_xy(pos):
    """Where the pyramid's place ``pos`` is drawn on 128x64."""
    r = es.row_of(pos)
    i = pos - r * (r + 1) // 2
    return _row_x(r) + i * 12, 8 + 7 * r


class PyramidView:
    """The table's widgets, made once in its group, and ``draw``."""

    def __init__(self, table, app):
        g = table.group
        self.status = ui.TextRow(32, 0, 0)
        g.append(self.status.grid)
        if app.small:
            self.msg = ui.TextRow(32, 0, 7)
            self.waste = ui.CardView(0, 15, ui.CARD_SLOT)
            self.slots = ui.CardRow(10, 14, 15)  # the free cards
            g.append(self.slots.grid)
            self.bar = ui.bar(ui.HAND_PITCH - 1, 1, 14, 30)
            g.append(self.bar)
        else:
            self.msg = ui.TextRow(32, 0, 57)
            self.rows = []
            for r in range(_ROWS):
                row = ui.TextRow(3 * (r + 1), _row_x(r), 8 + 7 * r)
                self.rows.append(row)
                g.append(row.grid)
            self.waste = ui.CardView(_WASTE_X, _PILE_Y, ui.CARD_SLOT)
            self.stock = ui.CardView(_STOCK_X, _PILE_Y, ui.CARD_BACK)
            g.append(self.stock.grid)
            labels = ui.TextRow(8, 96, 31)
            labels.set("WST  STK")
            g.append(labels.grid)
            self.count = ui.TextRow(8, 96, 38)
            g.append(self.count.grid)
            # the cursor: a card's rank half, one pixel up and left of the
            # cell, so its white reaches into the gaps round the cell only
            self.cur = displayio.TileGrid(ui_glyphs.CARDS, pixel_shader=ui_glyphs.PALETTE,
                                          tile_width=ui_glyphs.CARD_W,
                                          tile_height=ui_glyphs.HALF_H)  # fmt: skip
            g.append(self.cur)
        g.append(self.waste.grid)
        g.append(self.msg.grid)
        self.line = ui.Line(_MSG)  # the message line's text
        self.rest = ui.Line(40)  # the status row's, a pyramid row's, the counts'
        # the legends the message line shows, made now: a legend is made by replace
        self.keys = app.legend(_HELP + ("" if app.hw.three else " {UP} HINT"))
        self.cleared = app.legend("CLEARED! {A}: RESULTS")
        self.stuck = app.legend("NO MOVES: {B} UNDO {A} END")

    def write(self, text):
        """The message line says ``text`` (``table.message = text``)."""
        self.line.clear()
        self.line.add(text)

    def _words(self, table):
        """The message line's words for the action just taken
        (``table.taken``), made now, when drawn."""
        s = table.state
        action = table.taken
        table.taken = -1
        if action < 0:
            return
        if table.refused:
            table.refused = False
            import games.text  # the game's text module loads now, not for each card played

            self.write(games.text.why_illegal(s, action).upper())
        elif s.is_over():
            self.write(self.cleared if s.winner == 0 else self.stuck)
        else:
            self.write("TURNED " if action == es.DRAW else "PLAYED ")
            self.line.card(s.top())

    def draw(self, table):
        s = table.state
        app = table.app
        self._words(table)
        cursor = table.cursor
        free = cursor.choices  # refilled in place
        cursor.clear()
        for p in range(es.SIZE):
            if s.present(p) and s.uncovered(p):
                free.append(p)
        cursor.set(free)
        n = len(free)
        line = self.rest
        line.clear()
        line.add("SCORE ")
        line.num(s.score())
        line.add("/28 STOCK ")
        line.num(s.deck_n)
        k = line.n
        line.add(" DEAL ")
        line.num(table.match.deal)
        if line.n > 32:  # a long deal number whole: "#" for "DEAL"
            line.n = k
            line.add(" #")
            line.num(table.match.deal)
        self.status.show(line)
        self.waste.set(s.top() if s.pile_n else ui.CARD_SLOT)
        # a three-button board has no UP at the table: its hint is in the pause menu
        if self.line.n:
            self.msg.show(self.line)
        else:
            self.msg.set(self.keys)
        if app.small:
            for i in range(10):
                self.slots.set(i, s.pyr[free[i]] if i < n else ui.CARD_NONE)
            x = 14 + cursor.at * ui.HAND_PITCH
            if self.bar.x != x:
                self.bar.x = x
            self.bar.hidden = n == 0
            return
        for r in range(_ROWS):
            first = r * (r + 1) // 2
            line.clear()
            for i in range(r + 1):
                if i:
                    line.char(32)
                _cell(line, s, first + i)
            self.rows[r].show(line)
        self.stock.set(ui.CARD_BACK if s.deck_n else ui.CARD_SLOT)
        line.clear()
        line.num(s.pile_n, 3)
        line.add("  ")
        line.num(s.deck_n, 3)
        self.count.show(line)
        cur = self.cur
        cur.hidden = n == 0
        if n:
            pos = cursor.chosen()
            t = ui_glyphs.card_top(s.pyr[pos])
            if cur[0] != t:
                cur[0] = t
            r = es.row_of(pos)  # where cell_xy puts it (a pair would be a tuple made)
            x = _row_x(r) + (pos - r * (r + 1) // 2) * 12
            y = 8 + 7 * r
            if cur.x != x - 1:
                cur.x = x - 1
            if cur.y != y - 1:
                cur.y = y - 1
