"""Which card fits which top in Color Elevator (CE-4, CE-5), as a table
of card words made at import, so a hand is judged a word at a time."""

from micropython import const

from engine import cards
from engine.cardset import BITS, _popcount

_FACES = const(54)


def wild(card):
    """CE-5: an ace (or, with the joker variant, a joker) is wild."""
    return cards.rank(card) <= 0


def _fits(card, top):
    # CE-4/CE-5, ranks 2 (low) .. K (high): builds the table below
    if wild(card) or wild(top):
        return True
    r = cards.rank(card)
    t = cards.rank(top)
    if cards.is_red(top):
        return r < t or (r == t and not cards.is_red(card))
    return r > t or (r == t and cards.is_red(card))


def _fit_table():
    out = [0] * (2 * _FACES)
    for top in range(_FACES):
        for c in range(_FACES):
            if _fits(c, top):
                out[2 * top + c // BITS] |= 1 << (c % BITS)
    return out


# The cards that fit each top: words 2*top and 2*top+1, as a CardSet's.
_FIT = tuple(_fit_table())


def fits(card, top):
    """CE-4/CE-5: may ``card`` go on ``top``?"""
    return (_FIT[2 * top + card // BITS] >> (card % BITS)) & 1 == 1


def fit_count(hand, top):
    """How many cards of ``hand`` fit on ``top``."""
    w = hand.w
    return _popcount(w[0] & _FIT[2 * top]) + _popcount(w[1] & _FIT[2 * top + 1])
