"""The Elevator solitaire (and Escalator) table.

On 128x64 the whole pyramid is drawn as text, one cell per card (its rank,
``##`` face down), with the waste and the stock at the right; the cursor
is the rank half of the card it is on (the rank's glyphs black on white,
with a pixel of white round them, as on every card) over its cell. On
128x32 only the cards free to play are shown, as a row of cards after the
waste.

Keys: LEFT/RIGHT (or DOWN) move between the free cards, A moves the card
to the waste, SELECT turns a stock card, B takes a move back (ES-10), UP
asks for a hint, START opens the pause menu (which has the hint too, for
boards with three buttons). When the game is over, B still takes moves
back and A shows the results.

The table's lifecycle (the game and its record, the cursor over the free
cards, refusals, playing and logging, the pause menu, the results) is
``table_keys.py``'s: this module draws the pyramid and has the keys and
the hint of its own.

The hint (``elevator_solitaire_ai.hint``, ES-12) follows the deal's
winning line, read from flash, while the game is on it (a deal of the
shipped winnable list); else it is the next move of a winning line when
the solver finds one within its budget (about a second on an RP2040), and
either way it says the move wins; otherwise it is the move that keeps the
most moves open, and it says it is a best guess.
"""

import displayio
from micropython import const

import cards
import ui
import ui_glyphs
from app import LOST, WON
from buttons import UP, A, B
from games import elevator_solitaire as es
from games import elevator_solitaire_solver as solver
from save_codec import UNDO
from screens import data_path
from table_keys import TableKeys

_ROWS = const(7)
# 128x64: the waste and the stock right of the pyramid
_WASTE_X = const(98)
_STOCK_X = const(113)
_PILE_Y = const(14)


def _cell(s, pos):
    c = s.pyr[pos]
    if c == es.GONE:
        return "  "
    if not s.face_up(pos):
        return "##"
    r = cards.rank_code(cards.rank(c))
    return r if len(r) == 2 else " " + r


class Table(TableKeys):
    HELP = "{A} PLAY {SELECT} TURN {B} BACK"  # on the message line when it says nothing

    def _layout(self, app):
        g = self.group
        self.obs = self.state._blank()  # the hint replays the deal's line on it
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
                row = ui.TextRow(3 * (r + 1), self._row_x(r), 8 + 7 * r)
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

    def _row_x(self, r):
        return 2 + (_ROWS - 1 - r) * 6

    def _cell_xy(self, pos):
        r = es.row_of(pos)
        i = pos - r * (r + 1) // 2
        return self._row_x(r) + i * 12, 8 + 7 * r

    # -- keys ----------------------------------------------------------------
    def on_turn_key(self, key, now):
        s = self.state
        if key == UP:
            self.hint()
        elif key == B:
            if s.undo():
                self.log(UNDO)  # a move taken back, in the game's record
                self.message = "MOVE TAKEN BACK"
            else:
                self.message = "NOTHING TO TAKE BACK"
        elif s.is_over() and key == A:
            self.finish()
        else:
            return False  # the cursor, A plays, SELECT turns a card: the base's
        return True

    def play(self, action):
        self.state.apply(action)  # no record of the last turn: ``played`` says it

    def played(self, action, now):
        s = self.state
        self.message = ("TURNED " if action == es.DRAW else "PLAYED ") + cards.code(s.top())
        if s.is_over():
            self.message = self.app.legend(
                "CLEARED! {A}: RESULTS" if s.winner == 0 else "NO MOVES: {B} UNDO {A} END")
            self.app.beep(WON if s.winner == 0 else LOST)

    def hint(self):
        s = self.state
        if s.is_over():
            self.message = self.app.legend("NO MOVES LEFT: {B} TAKES BACK")
            return
        from games import elevator_solitaire_ai

        action, wins = elevator_solitaire_ai.hint(s, solver.HINT_BUDGET, solver.HINT_MEMO,
                                                  data_path("elevator_solitaire_lines.bin"),
                                                  self.obs)  # fmt: skip
        tail = " - THIS WINS" if wins else " - BEST GUESS"  # ES-12: at most 30 characters
        if action == es.DRAW:
            self.message = "HINT: TURN A CARD" + tail
            return
        self.cursor = self.hand.index(action)
        self.message = "HINT: " + cards.code(s.pyr[action]) + tail

    # -- drawing ---------------------------------------------------------------
    def render(self):
        s = self.state
        self.hand = [p for p in range(es.SIZE) if s.present(p) and s.uncovered(p)]
        n = len(self.hand)
        if self.cursor >= n:
            self.cursor = max(0, n - 1)
        self.status.set("SCORE %d/28 STOCK %d DEAL %d" % (s.score(), s.deck_n, self.deal))
        self.waste.set(s.top() if s.pile_n else ui.CARD_SLOT)
        # a three-button board has no UP at the table: its hint is in the pause menu
        self.msg.set(self.message or self.app.legend(self.HELP + ("" if self.app.hw.three else
                                                                  " {UP} HINT")))  # fmt: skip
        if self.app.small:
            for i in range(10):
                self.slots.set(i, s.pyr[self.hand[i]] if i < n else ui.CARD_NONE)
            x = 14 + self.cursor * ui.HAND_PITCH
            if self.bar.x != x:
                self.bar.x = x
            self.bar.hidden = n == 0
            return
        for r in range(_ROWS):
            first = r * (r + 1) // 2
            self.rows[r].set(" ".join([_cell(s, first + i) for i in range(r + 1)]))
        self.stock.set(ui.CARD_BACK if s.deck_n else ui.CARD_SLOT)
        self.count.set("%3d  %3d" % (s.pile_n, s.deck_n))
        cur = self.cur
        cur.hidden = n == 0
        if n:
            pos = self.hand[self.cursor]
            t = ui_glyphs.card_tiles(s.pyr[pos])[0]
            if cur[0] != t:
                cur[0] = t
            x, y = self._cell_xy(pos)
            if cur.x != x - 1:
                cur.x = x - 1
            if cur.y != y - 1:
                cur.y = y - 1
