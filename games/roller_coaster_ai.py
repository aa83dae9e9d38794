"""Roller Coaster's basic computer player: the longest run the hand
allows, keeping jokers when a run of the same length needs none; it draws
only when nothing can be played. It decides from an observation (see
``GameState.observe``), so it knows no card its seat cannot see.
"""

import cards
from games.roller_coaster import DONE, DRAW, MAX_ACTIONS


def _best_run(state, depth):
    """(cards shed, -jokers used, first action) of the best way to finish
    the run under way; cards of equal rank lead to equal futures, so one
    per rank is tried."""
    buf = [0] * MAX_ACTIONS
    n = state.legal_actions(buf)
    best = (-1, 0, -1)
    tried = 0  # bit r set: a natural of rank r tried; bit 13: a joker
    for i in range(n):
        a = buf[i]
        if a == DRAW:
            continue
        if a == DONE:
            cand = (state.run_n, 0, DONE)
        else:
            r = cards.rank(a)
            bit = 1 << (13 if r < 0 else r)
            if tried & bit:
                continue
            tried |= bit
            child = state.clone()
            child.apply(a)
            if child.turn != state.turn or child.over:  # hand emptied
                cand = (state.run_n + 1, -(1 if r < 0 else 0), a)
            else:
                sub = _best_run(child, depth + 1)
                cand = (sub[0], sub[1] - (1 if r < 0 else 0), a)
        if cand[0] > best[0] or (cand[0] == best[0] and cand[1] > best[1]):
            best = cand
    return best


def basic_policy(obs, prng=None):
    """The action to take in observation ``obs`` (``prng`` is unused: the
    basic player is deterministic)."""
    best = _best_run(obs, 0)
    if best[2] >= 0:
        return best[2]
    return DRAW
