"""The Elevator and Bastard table: the last play on the pile with the
pile's direction beside it (UP, DOWN, or ANY after a reset), the others'
counts (OUT once a hand is empty), your hand. A adds the card under the
cursor to your play, START ends a play of several cards, SELECT passes.
When you owe a card to a penalised player, A gives the card under the
cursor (``table.py`` has the keys shared by every game)."""

from micropython import const

import cards
import shedding
import shedding_flow as flow
import shedding_text
import table
import ui
from table import HUMAN, who

_PILE_SHOWN = const(9)


def _climb_order(card):
    """Hand order: 2 (low) to ace (high), jokers last, suits C D H S."""
    r = cards.rank(card)
    return (shedding.value(card) if r >= 0 else 13) * 8 + cards.suit(card) + 1


class Table(table.Table):
    hand_order = staticmethod(_climb_order)

    def layout_piles(self, app):
        small = app.small
        self.pile_slots = 1 if small else _PILE_SHOWN
        self.pile = ui.CardRow(self.pile_slots, 0, 15)
        self.group.append(self.pile.grid)
        if small:
            self.way = ui.TextRow(1, 11, 18)
        else:
            self.way = ui.TextRow(6, 102, 19)
        self.group.append(self.way.grid)

    def small_pile_width(self):
        return 4  # the pile card and the direction arrow

    def mid_turn(self):
        return self.state.play_n > 0

    def picked_text(self):
        return "PLAY: " + cards.codes(self.picked) if self.picked else ""

    def help_text(self):
        if self.state.phase == flow.GIVE:
            return "A GIVE THIS CARD"
        return "A ADD START END SEL PASS B BACK"

    def status_count(self, seat):
        s = self.state
        return "--" if s.place[seat] != flow.IN else str(s.counts[seat])

    def last_text(self):
        s = self.state
        if s.phase == flow.GIVE:
            if s.giver == HUMAN:
                return "GIVE %s A CARD" % who(s.target)
            return "%s GIVES %s A CARD" % (who(s.giver), who(s.target))
        ev = s.event
        if s.play_n:
            return who(s.turn) + " PLAYS " + cards.codes(shedding_text.play_cards(s))
        if ev == flow.EV_PLAY:
            return who(s.event_seat) + " PLAYED " + cards.codes(shedding_text.play_cards(s))
        if ev == flow.EV_PASS:
            return who(s.event_seat) + " PASSED"
        if ev == flow.EV_PENALTY:
            rule = "ELEVATOR STUCK: " if self.game.ID == "elevator" else "BASTARD RULE: "
            return rule + who(s.event_seat) + " DRAWS"
        if ev == flow.EV_GIVE:
            return who(s.event_seat) + " GAVE A CARD"
        if ev == flow.EV_CLEAR:
            return "ALL PASSED: ANY CARD"
        return ""

    def render_piles(self):
        s = self.state
        n = s.play_n or (s.event_n if s.event == flow.EV_PLAY else 0)
        shown = min(n + 1, s.pile_n, self.pile_slots)
        if s.free:
            shown = min(n, self.pile_slots)  # a restarted pile: only what is new
        for i in range(self.pile_slots):
            self.pile.set(i, s.pile[s.pile_n - shown + i] if i < shown else -3)
        if s.need >= 0:
            way = "RED" if s.need else "BLACK"
        elif s.free:
            way = "ANY"
        else:
            way = "UP" if s.dir > 0 else "DOWN"
        if self.pile_slots == 1:
            way = "*" if s.free else ("^" if s.dir > 0 else "v")
        self.way.set(way)
