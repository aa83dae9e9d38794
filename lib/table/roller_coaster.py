"""The Roller Coaster table: your hand, the run being played on the pile,
the others' counts. A adds the card under the cursor to this turn's run,
B takes the last one back, SELECT plays the run (or, before it starts,
draws a card); ``table/hand.py`` has the keys of every game played from a
hand."""

from micropython import const

import ui
from games import roller_coaster as rc
from table.hand import HandTable

_PILE_SHOWN = const(11)
_PILE_Y = const(15)
# what the last turn did (table.hand.Last.kind)
_PLAYED = const(1)
_DREW = const(2)
_PASSED = const(3)
_ADD = "{A} ADD  {SELECT} PLAY  {B} TAKE BACK|{A} ADD  {SELECT} PLAY  {B} BACK"


class Table(HandTable):
    HELP = "{A} PLAY  {SELECT} DRAW  {START} MENU"
    HELPS = (HELP, _ADD)
    PILES = ("pile",)  # (``HandTable.shelve``)

    def help_text(self):
        return _ADD if self.mid_turn() else self.HELP

    def layout_piles(self, app):
        self.pile_slots = 1 if app.small else _PILE_SHOWN
        self.pile = ui.CardRow(self.pile_slots, 0, _PILE_Y)
        self.group.append(self.pile.grid)

    def mid_turn(self):
        return self.state.run_n > 0

    def put_picked(self, line):
        if self.picked_n:
            line.add("RUN: ")
            line.codes(self.picked, 0, self.picked_n)

    def noted(self, s, was, seat, action):
        last = self.last
        if action == rc.DRAW:
            last.kind = _DREW if s.counts[seat] > was.counts[seat] else _PASSED
        elif s.run_n == 0:  # the run is over (DONE, or the last card in hand)
            last.kind = _PLAYED
            last.n = was.run_n + (action != rc.DONE)
        else:
            return
        last.seat = seat

    def put_last(self, line):
        s = self.state
        last = self.last
        if s.run_n:
            self.put_who(line, s.turn)
            line.add(" PLAYS ")
            line.codes(s.pile, s.pile_n - s.run_n, s.pile_n)
            return
        if last.seat < 0:
            return
        self.put_who(line, last.seat)
        if last.kind == _PLAYED:
            line.add(" PLAYED ")
            line.codes(s.pile, s.pile_n - last.n, s.pile_n)
        elif last.kind == _DREW:
            self.put_drew(line, last.seat, 1)
        else:
            line.add(" PASSED")

    def render_piles(self):
        s = self.state
        last = self.last
        shown = (s.run_n if s.run_n else (last.n if last.kind == _PLAYED else 0)) + 1
        shown = min(shown, s.pile_n, self.pile_slots)
        for i in range(self.pile_slots):
            if s.pile_n == 0:
                card = ui.CARD_SLOT if i == 0 else ui.CARD_NONE
            elif i < shown:
                card = s.pile[s.pile_n - shown + i]
            else:
                card = ui.CARD_NONE
            self.pile.set(i, card)
