"""The basic computer player for the Elevator family (Elevator and
Bastard). It always plays when it can, starting with the smallest step
from the top in the pile's direction so its big cards last; it sheds as
many cards of that rank as the colours allow; it keeps jokers until
nothing else fits; and when it must give a card away it gives its lowest.
It decides from the observation only.
"""

from engine import cards
from engine.cardset import RANK_MASKS
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
    # from the bottom of it), a joker last; of equal steps the rank with more
    # cards (of the other colour to follow). The card tables and the rank
    # count are inline: this runs at every move of every playout.
    if obs.free or obs.need >= 0:
        base = 0 if obs.dir > 0 else 12
        sign = 1 if obs.dir > 0 else -1
    else:
        base = VALUES[obs.pile[obs.pile_n - 1]]
        sign = 0
    w = obs.hands[obs.turn].w
    best = -1
    lo = 1000
    for i in range(n):
        a = _buf[i]
        if a >= PASS:
            break
        r = cards.rank(a)
        if r < 0:
            key = 799  # a step of 100, one card: jokers last
        else:
            d = VALUES[a] - base
            if sign < 0:
                d = -d
            elif not sign and d < 0:
                d = -d
            m = RANK_MASKS[r]
            key = d * 8
            for k in range(len(w)):
                x = w[k] & m[k]
                while x:
                    x &= x - 1
                    key -= 1
        if key < lo:
            lo = key
            best = a
    return best
