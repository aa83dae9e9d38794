"""What may go on the pile in the Elevator family: a preset's ``Rules``,
the climbing order, and the checks a play must pass (colour, rank,
direction, jokers) and whether a pass is allowed. The turn itself is in
``shedding.py``, the turn order and penalties in ``shedding_flow.py``."""

import cards
from shedding_flow import Flow


class Rules:
    """A preset: the details that differ between Elevator and Bastard."""

    def __init__(self, penalty_others, give_step, beat_before_penalty, no_pass_two_left,
                 restart_up, share_places, colour_jokers=False):  # fmt: skip
        self.penalty_others = penalty_others  # draw one per other player, not per player
        self.give_step = give_step  # +1: givers start on the left, -1: on the right
        self.beat_before_penalty = beat_before_penalty
        self.no_pass_two_left = no_pass_two_left
        self.restart_up = restart_up  # a restarted pile climbs again
        self.share_places = share_places  # hands emptied by one penalty share a place
        self.colour_jokers = colour_jokers  # joker only on the other colour


def value(card):
    """Climbing order: 2 lowest (0) .. K (11), ace highest (12)."""
    return (cards.rank(card) + 12) % 13


class Pile(Flow):
    """The part of ``shedding.State`` that judges cards against the pile."""

    def _settle(self, c):
        """The pile's direction and constraints after ``c`` lands on it."""
        self.free = False
        self.need = -1
        r = cards.rank(c)
        if r < 0:  # a joker resets the pile; climbing again
            self.free = True
            self.dir = 1
            if self.rules.colour_jokers and self.variant:
                self.need = 0 if cards.is_red(c) else 1
        elif r == cards.ACE:
            self.dir = -1
        elif r == 1:
            self.dir = 1

    # -- what may be played ----------------------------------------------------
    def top(self):
        return self.pile[self.pile_n - 1] if self.pile_n else -1

    def starts(self, c):
        """May card ``c`` open a play on the current pile?"""
        red = cards.is_red(c)
        if cards.rank(c) < 0:
            if not (self.rules.colour_jokers and self.variant):
                return True
            if self.need >= 0:
                return red == (self.need == 1)
            return self.free or red != cards.is_red(self.top())
        if self.need >= 0:
            return red == (self.need == 1)
        if self.free:
            return True
        top = self.top()
        if red == cards.is_red(top):
            return False
        v = value(c)
        t = value(top)
        return v > t if self.dir > 0 else v < t

    def _follows(self, c):
        return cards.rank(c) == self.play_rank and cards.is_red(c) != self.play_red

    def can_play(self, seat):
        hand = self.hands[seat]
        c = hand.next(-1)
        while c >= 0:
            if self.starts(c):
                return True
            c = hand.next(c)
        return False

    def may_pass(self):
        """A voluntary pass is allowed unless the player before passed (or,
        in Bastard, two players are left) and a card can be played."""
        if not self.can_play(self.turn):
            return True
        if self.prev_passed:
            return False
        return not (self.rules.no_pass_two_left and self.active() == 2)
