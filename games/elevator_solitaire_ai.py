"""Elevator solitaire's basic player: take a pyramid card whenever one
fits, turning the stock only when none does. Among the cards that fit it
prefers the one whose removal turns most cards face up, then the one
lowest in the pyramid (the source's advice: build a strong foundation by
clearing the base first). It decides from the observation only.
"""

from games import MAX_ACTIONS
from games.elevator_solitaire import DRAW, GONE, SIZE, covers

_buf = [0] * MAX_ACTIONS


def _frees(obs, pos):
    """How many cards turn face up when ``pos`` leaves the pyramid."""
    n = 0
    pyr = obs.pyr
    for p in range(SIZE):
        if pyr[p] == GONE or obs.uncovered(p):
            continue
        a, b = covers(p)
        if (a == pos and pyr[b] == GONE) or (b == pos and pyr[a] == GONE):
            n += 1
    return n


def basic_policy(obs, prng=None):
    n = obs.legal_actions(_buf)
    best = DRAW
    best_score = -1
    for i in range(n):
        a = _buf[i]
        if a == DRAW:
            continue
        score = _frees(obs, a) * 64 + a  # a higher position lies lower
        if score > best_score:
            best_score = score
            best = a
    return best
