"""Color Elevator's Normal computer player. It plays whatever the rules
ask (two cards when it can) and chooses them to leave the next player
stuck: a high card on a pile that goes up, a low one on a pile that goes
down, so few cards fit the new top. It keeps its wild cards (aces,
jokers) while a plain card will do, since a wild top lets anyone play.
It decides from the observation only, and imports the fit table, not the
rules module (which loads this one).
"""

from engine import cards
from engine.gamestate import MAX_ACTIONS
from games import DRAW
from games.color_elevator_fit import wild

_buf = bytearray(MAX_ACTIONS)  # (an action is a byte)
_FACES = 54


def _fitting_ranks(top):
    """How many of the 24 plain cards by rank and colour fit on ``top``
    (a wild top takes them all): small means the next player is stuck."""
    if wild(top):
        return 24
    r = cards.rank(top)  # 1 (two) .. 12 (king)
    if cards.is_red(top):
        return 2 * (r - 1) + 1  # every lower rank, or a black one of the same rank
    return 2 * (12 - r) + 1  # every higher rank, or a red one of the same rank


def _cost(action):
    c = action % _FACES
    return (100 if wild(c) else 0) + _fitting_ranks(c)


def basic_policy(obs, prng=None):
    n = obs.legal_actions(_buf)
    best = _buf[0]
    if best == DRAW:
        return DRAW
    lo = 1000
    for i in range(n):
        k = _cost(_buf[i])
        if k < lo:
            lo = k
            best = _buf[i]
    return best
