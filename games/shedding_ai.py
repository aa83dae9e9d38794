"""The basic computer player for the Elevator family (Elevator and
Bastard). It always plays when it can, starting with the smallest step
from the top in the pile's direction so its big cards last; it sheds as
many cards of that rank as the colours allow; it keeps jokers until
nothing else fits; and when it must give a card away it gives its lowest.
It decides from the observation only.
"""

from engine import cards
from engine.gamestate import MAX_ACTIONS
from games.shedding import DONE, GIVE, PASS, VALUES, value

_buf = bytearray(MAX_ACTIONS)  # (an action is a byte)


def basic_policy(obs, prng=None):
    n = obs.legal_actions(_buf)
    if obs.phase == GIVE:
        best = _buf[0]
        for i in range(n):
            c = _buf[i]
            if cards.rank(best) < 0 or (cards.rank(c) >= 0 and value(c) < value(best)):
                best = c
        return best
    if not n:
        return DONE if obs.play_n else PASS  # the game is over
    a = _buf[0]
    if a == PASS or a == DONE:  # the actions are the cards first, then these
        return a
    if obs.play_n:
        return a  # shed another card of the rank
    # The smallest step from the top in the pile's direction (on a free pile:
    # from the bottom of it), a joker last, the lowest card of a step first.
    # (A play goes one way from the top, so cards of one step are of one
    # rank: "more cards of the rank" needs no count.) Inline over the card
    # tables: this runs at every move of every playout.
    if obs.free or obs.need >= 0:
        base = 0 if obs.dir > 0 else 12
        sign = 1 if obs.dir > 0 else -1
    else:
        base = VALUES[obs.pile[obs.pile_n - 1]]
        sign = 0
    best = -1
    lo = 1000
    for i in range(n):
        a = _buf[i]
        if a >= PASS:
            break
        if cards.is_joker(a):
            d = 100  # a joker, last
        else:
            d = VALUES[a] - base
            if sign < 0 or (not sign and d < 0):
                d = -d
        if d < lo:
            lo = d
            best = a
    return best
