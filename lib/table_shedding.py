"""The Elevator and Bastard table: the last play on the pile with the
pile's direction beside it (UP, DOWN, or ANY after a reset), the others'
counts (OUT once a hand is empty), your hand. A adds the card under the
cursor to your play, SELECT ends a play of several cards (or, before one
starts, passes), B takes back its last card.
When you owe a card to a penalised player, A gives the card under the
cursor (``table.py`` has the keys of every game played from a hand)."""

from micropython import const

import ui
from engine import cards
from games import shedding
from games import shedding_flow as flow
from table import HandTable

_PILE_SHOWN = const(9)
_PILE_Y = const(15)
_WAY_X = const(102)
# what the last turn did (table.Last.kind)
_PLAYED = const(1)
_PASSED = const(2)
_STUCK = const(3)  # the penalty: the pile's last player draws
_GAVE = const(4)
_CLEARED = const(5)  # everyone passed on a finished player's play


def _climb_order(card):
    """Hand order: 2 (low) to ace (high), jokers last, suits C D H S."""
    r = cards.rank(card)
    return (shedding.value(card) if r >= 0 else 13) * 8 + cards.suit(card) + 1


class Table(HandTable):
    hand_order = staticmethod(_climb_order)

    def layout_piles(self, app):
        small = app.small
        self.pile_slots = 1 if small else _PILE_SHOWN
        self.pile = ui.CardRow(self.pile_slots, 0, _PILE_Y)
        self.group.append(self.pile.grid)
        if small:  # the way's arrow right of the one pile card
            self.way = ui.TextRow(1, ui.HAND_PITCH, _PILE_Y + 3)
        else:  # its word right of the nine
            self.way = ui.TextRow(6, _WAY_X, _PILE_Y + 4)
        self.group.append(self.way.grid)

    def small_pile_width(self):
        return 4  # the pile card and the direction arrow

    def mid_turn(self):
        return self.state.play_n > 0

    def picked_text(self):
        return "PLAY: " + cards.codes(self.picked[: self.picked_n]) if self.picked_n else ""

    def help_text(self):
        if self.state.phase == flow.GIVE:
            return "{A} GIVE THIS CARD  {START} MENU"
        if self.mid_turn():
            return "{A} ADD  {SELECT} END  {B} TAKE BACK|{A} ADD  {SELECT} END  {B} BACK"
        return "{A} PLAY  {SELECT} PASS  {START} MENU"

    def noted(self, s, was, seat, action):
        last = self.last
        if was.phase == flow.GIVE:
            kind = _GAVE
        elif action == shedding.PASS:
            kind = _PASSED
            if s.penalties != was.penalties:
                kind = _STUCK
                seat = was.last_player
            elif was.last_player >= 0 and s.last_player < 0:
                kind = _CLEARED
        elif s.play_n == 0:  # the play is over
            kind = _PLAYED
            last.n = was.play_n + (action != shedding.DONE)
        else:
            return  # a play of several cards goes on
        last.kind = kind
        last.seat = seat

    def _play_cards(self):
        """The cards of the play being made, or else of the last play."""
        s = self.state
        n = s.play_n or (self.last.n if self.last.kind == _PLAYED else 0)
        return s.pile[s.pile_n - n : s.pile_n]

    def status_count(self, seat):
        s = self.state
        return "--" if s.place[seat] != flow.IN else str(s.counts[seat])

    def last_text(self):
        s = self.state
        if s.phase == flow.GIVE:
            if s.giver == self.me:
                return "GIVE %s A CARD" % self.who(s.target)
            return "%s GIVES %s A CARD" % (self.who(s.giver), self.who(s.target))
        last = self.last
        kind = last.kind
        if s.play_n:
            return self.who(s.turn) + " PLAYS " + cards.codes(self._play_cards())
        if kind == _PLAYED:
            return self.who(last.seat) + " PLAYED " + cards.codes(self._play_cards())
        if kind == _PASSED:
            if last.seat == self.me and self.drawn.count():
                return "%s PASSED,%s" % (self.who(self.me), self.drew(self.me, 1))
            return self.who(last.seat) + " PASSED"
        if kind == _STUCK:
            if last.seat == self.me and self.drawn.count():
                return s.rules.name + ": " + self.who(self.me) + self.drew(self.me, 0)
            return s.rules.name + ": " + self.who(last.seat) + " DRAWS"
        if kind == _GAVE:
            return self.who(last.seat) + " GAVE A CARD"
        if kind == _CLEARED:
            return "ALL PASSED: ANY CARD"
        return ""

    def render_piles(self):
        s = self.state
        n = s.play_n or (self.last.n if self.last.kind == _PLAYED else 0)
        shown = min(n + 1, s.pile_n, self.pile_slots)
        if s.free:
            shown = min(n, self.pile_slots)  # a restarted pile: only what is new
        for i in range(self.pile_slots):
            self.pile.set(i, s.pile[s.pile_n - shown + i] if i < shown else ui.CARD_NONE)
        if s.need >= 0:
            way = "RED" if s.need else "BLACK"
        elif s.free:
            way = "ANY"
        else:
            way = "UP" if s.dir > 0 else "DOWN"
        if self.pile_slots == 1:
            way = "*" if s.free else ("^" if s.dir > 0 else "~")  # ~: the down mark
        self.way.set(way)
