"""Roller Coaster's basic computer player: the longest run the hand
allows, keeping jokers when a run of the same length needs none; it draws
only when nothing can be played. It decides from an observation (see
``GameState.observe``), so it knows no card its seat cannot see.

It plans on rank counts, not on copies of the state. For a fixed first
rank and direction the greedy walk (a natural card when the hand has that
rank, else a joker, never ending on a joker) gives the longest run, so
trying every start and both directions finds the best one in a few
hundred steps with two small preallocated buffers.
"""

from micropython import const

import cards
from games.roller_coaster import DONE, DRAW

_RANKS = const(13)
_counts = bytearray(_RANKS)
_best = [0, 0, 0, 0]  # length, jokers used, first rank (-1 = joker), direction


def _walk(r, d, jokers, first_is_joker_ok):
    """Greedy run from rank ``r`` going ``d``, on a copy of the counts in
    ``_counts``; returns (cards, jokers used) ending on a natural card."""
    length = 0
    used = 0
    best_len = 0
    best_used = 0
    while True:
        if _counts[r]:
            _counts[r] -= 1
            length += 1
            best_len = length  # a natural card: the run may end here
            best_used = used
        elif jokers > used and (length or first_is_joker_ok):
            used += 1
            length += 1
        else:
            break
        r = (r + d) % _RANKS
    return best_len, best_used


def _load(hand):
    for r in range(_RANKS):
        _counts[r] = hand.count_rank(r)


def _consider(length, used, first, d):
    b = _best
    if length > b[0] or (length == b[0] and used < b[1]):
        b[0] = length
        b[1] = used
        b[2] = first
        b[3] = d


def _plan(obs):
    """Fill ``_best`` with the best run for the seat to act."""
    hand = obs.hands[obs.turn]
    jokers = hand.count_jokers()
    b = _best
    b[0] = b[1] = 0
    b[2] = -1
    b[3] = 0
    if obs.run_n == 0:
        if obs.opening:
            starts = range(_RANKS)
        else:
            top = cards.rank(obs.pile[obs.pile_n - 1])
            starts = ((top + 1) % _RANKS, (top - 1) % _RANKS)
        for s in starts:
            for d in (1, -1):
                if not obs.opening and (s - d) % _RANKS != top:
                    continue  # the first card must step from the top this way
                _load(hand)
                length, used = _walk(s, d, jokers, False)
                if obs.opening and length < 2:
                    continue
                _consider(length, used, s, d)
        return
    # mid-run: the next rank is fixed (or one of two at the opening)
    if obs.run_dir:
        dirs = (obs.run_dir,)
    else:
        dirs = (1, -1)
    for d in dirs:
        nxt = obs.run_next if obs.run_dir else (obs.run_anchor + d * (obs.run_jokers + 1)) % _RANKS
        _load(hand)
        length, used = _walk(nxt, d, jokers, True)
        first = nxt if hand.count_rank(nxt) else -1
        _consider(length, used, first, d)


def basic_policy(obs, prng=None):
    """The action to take in observation ``obs`` (``prng`` is unused: the
    basic player is deterministic)."""
    _plan(obs)
    hand = obs.hands[obs.turn]
    if _best[0] == 0:
        if obs.run_n == 0:
            return DRAW
        return DONE
    if _best[2] < 0:
        return hand.first_joker()
    return hand.first_of_rank(_best[2])
