"""The Roller Coaster table: your hand, the run being played on the pile,
the others' counts. A adds the card under the cursor to this turn's run,
B takes the last one back, START plays the run, SELECT draws a card
(``table.py`` has the keys shared by every game)."""

from micropython import const

import cards
import table
import ui
from games import roller_coaster as rc
from table import who

_PILE_SHOWN = const(11)


class Table(table.Table):
    HELP = "A ADD B BACK START PLAY SEL DRAW"

    def layout_piles(self, app):
        self.pile_slots = 1 if app.small else _PILE_SHOWN
        self.pile = ui.CardRow(self.pile_slots, 0, 15)
        self.group.append(self.pile.grid)

    def mid_turn(self):
        return self.state.run_n > 0

    def picked_text(self):
        return "RUN: " + cards.codes(self.picked) if self.picked else ""

    def last_text(self):
        s = self.state
        if s.run_n:
            return who(s.turn) + " PLAYS " + cards.codes(s.run_cards())
        if s.last_seat < 0:
            return ""
        if s.last_kind == rc.LAST_PLAYED:
            return who(s.last_seat) + " PLAYED " + cards.codes(s.last_cards())
        if s.last_kind == rc.LAST_DREW:
            return who(s.last_seat) + " DREW A CARD"
        return who(s.last_seat) + " PASSED"

    def render_piles(self):
        s = self.state
        shown = (s.run_n if s.run_n else (s.last_n if s.last_kind == rc.LAST_PLAYED else 0)) + 1
        shown = min(shown, s.pile_n, self.pile_slots)
        for i in range(self.pile_slots):
            if s.pile_n == 0:
                card = -1 if i == 0 else -3
            elif i < shown:
                card = s.pile[s.pile_n - shown + i]
            else:
                card = -3
            self.pile.set(i, card)
