"""The Elevator and Bastard table: the last play on the pile with the
pile's direction beside it (UP, DOWN, or ANY after a reset), the others'
counts (OUT once a hand is empty), your hand. A adds the card under the
cursor to your play, SELECT ends a play of several cards (or, before one
starts, passes), B takes back its last card.
When you owe a card to a penalised player, A gives the card under the
cursor (``table/hand.py`` has the keys of every game played from a hand)."""

from micropython import const

import ui
from engine import cards
from games import shedding
from games import shedding_flow as flow
from table.hand import HandTable

_PILE_SHOWN = const(9)
_PILE_Y = const(15)
_WAY_X = const(102)
# what the last turn did (table.hand.Last.kind)
_PLAYED = const(1)
_PASSED = const(2)
_STUCK = const(3)  # the penalty: the pile's last player draws
_GAVE = const(4)
_CLEARED = const(5)  # everyone passed on a finished player's play
_PLAY = "{A} PLAY  {SELECT} PASS  {START} MENU"
_ADD = "{A} ADD  {SELECT} END  {B} TAKE BACK|{A} ADD  {SELECT} END  {B} BACK"
_GIVE = "{A} GIVE THIS CARD  {START} MENU"


def _climb_order(card):
    """Hand order: 2 (low) to ace (high), jokers last, suits C D H S."""
    r = cards.rank(card)
    return (shedding.value(card) if r >= 0 else 13) * 8 + cards.suit(card) + 1


class Table(HandTable):
    hand_order = staticmethod(_climb_order)
    HELPS = (_PLAY, _ADD, _GIVE)
    PILES = ("pile", "way")  # (``HandTable.shelve``)

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

    def put_picked(self, line):
        if self.picked_n:
            line.add("PLAY: ")
            line.codes(self.picked, 0, self.picked_n)

    def help_text(self):
        if self.state.phase == flow.GIVE:
            return _GIVE
        return _ADD if self.mid_turn() else _PLAY

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

    def _play_n(self):
        """How many cards the play being made has, or else the last play."""
        return self.state.play_n or (self.last.n if self.last.kind == _PLAYED else 0)

    def put_count(self, line, seat):
        s = self.state
        if s.place[seat] != flow.IN:
            line.add("--")
        else:
            line.num(s.counts[seat])

    def put_last(self, line):
        s = self.state
        if s.phase == flow.GIVE:
            if s.giver == self.me:
                line.add("GIVE ")
            else:
                self.put_who(line, s.giver)
                line.add(" GIVES ")
            self.put_who(line, s.target)
            line.add(" A CARD")
            return
        last = self.last
        kind = last.kind
        if s.play_n or kind == _PLAYED:
            self.put_who(line, s.turn if s.play_n else last.seat)
            line.add(" PLAYS " if s.play_n else " PLAYED ")
            line.codes(s.pile, s.pile_n - self._play_n(), s.pile_n)
        elif kind == _PASSED:
            self.put_who(line, last.seat)
            line.add(" PASSED")
            if last.seat == self.me and self.drawn.count():
                line.char(44)  # ","
                self.put_drew(line, self.me, 1)
        elif kind == _STUCK:
            line.add(s.rules.name)
            line.add(": ")
            self.put_who(line, last.seat)
            if last.seat == self.me and self.drawn.count():
                self.put_drew(line, self.me, 0)
            else:
                line.add(" DRAWS")
        elif kind == _GAVE:
            self.put_who(line, last.seat)
            line.add(" GAVE A CARD")
        elif kind == _CLEARED:
            line.add("ALL PASSED: ANY CARD")

    def render_piles(self):
        s = self.state
        n = self._play_n()
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
