"""The basic computer player for the Elevator family (Elevator and
Bastard). It always plays when it can, starting with the smallest step
from the top in the pile's direction so its big cards last; it sheds as
many cards of that rank as the colours allow; it keeps jokers until
nothing else fits; and when it must give a card away it gives its lowest.
It decides from the observation only.
"""

from engine import cards
from engine.gamestate import MAX_ACTIONS
from games.shedding import DONE, GIVE, PASS, value

_buf = bytearray(MAX_ACTIONS)  # (an action is a byte)


def _step(obs, c):
    """How far ``c`` moves the pile (small is good); jokers last."""
    if cards.rank(c) < 0:
        return 100
    if obs.free or obs.need >= 0:
        v = value(c)
        return v if obs.dir > 0 else 12 - v
    d = value(c) - value(obs.top())
    return d if d >= 0 else -d


def basic_policy(obs, prng=None):
    n = obs.legal_actions(_buf)
    if obs.phase == GIVE:
        best = _buf[0]
        for i in range(n):
            c = _buf[i]
            if cards.rank(best) < 0 or (cards.rank(c) >= 0 and value(c) < value(best)):
                best = c
        return best
    best = -1
    lo = 1000
    for i in range(n):
        a = _buf[i]
        if a == PASS or a == DONE:
            continue
        if obs.play_n:
            return a  # shed another card of the rank
        hand = obs.hands[obs.turn]
        # more cards of the rank (of the other colour to follow) is better
        same = hand.count_rank(cards.rank(a)) if cards.rank(a) >= 0 else 1
        key = _step(obs, a) * 8 - same
        if key < lo:
            lo = key
            best = a
    if best >= 0:
        return best
    return DONE if obs.play_n else PASS
