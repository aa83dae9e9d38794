"""Build Roller Coaster positions from card codes, for rules tests.

Plain Python so the MicroPython runner can use it too.
"""

import cardtext
from positions import Taker, action_codes, fill

from engine import cards
from games import roller_coaster as rc


def position(hands, pile="", stock="", turn=0):
    """A state with the given hands (list of code strings), discard pile
    (bottom first) and stock (bottom first, last code on top)."""
    s = rc.State(len(hands), 1, _empty=True)
    fill(s, Taker(s.decks), hands, pile, stock)
    s.turn = turn
    s._reset_run()
    return s


def legal_codes(s):
    """Legal actions as text: card codes, 'DRAW', 'DONE' (sorted)."""
    assert rc.DRAW == 200 and rc.DONE == 201
    return action_codes(s, "DRAW")


def play(s, codes):
    """Play the named cards of the current hand in order."""
    hand = s.hands[s.turn]
    for code in codes.split():
        want = cards.code(cardtext.parse(code))
        c = hand.next(-1)
        while c >= 0 and cards.code(c) != want:
            c = hand.next(c)
        if c < 0:
            raise ValueError("not in hand: " + code)
        s.apply(c)
