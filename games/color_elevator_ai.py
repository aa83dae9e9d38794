"""Color Elevator's basic computer player. It plays whatever the rules
ask (two cards when it can), keeps its wild cards (aces, jokers) while a
plain card will do, and prefers small steps from a pile's top, so the pile
stays easy for its own next turn. It decides from the observation only.
"""

import cards
from games.color_elevator import DRAW, wild

_buf = [0] * 112
_FACES = 54


def _cost(obs, action):
    c = action % _FACES
    if wild(c):
        return 100
    top = obs.top(action // _FACES)
    if wild(top):
        return 20
    d = cards.rank(c) - cards.rank(top)
    return d if d >= 0 else -d


def basic_policy(obs, prng=None):
    n = obs.legal_actions(_buf)
    best = _buf[0]
    if best == DRAW:
        return DRAW
    best_cost = 1000
    for i in range(n):
        k = _cost(obs, _buf[i])
        if k < best_cost:
            best_cost = k
            best = _buf[i]
    return best
