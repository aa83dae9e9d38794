"""Roller Coaster's basic computer player: the longest run the hand
allows, keeping jokers when a run of the same length needs none; it draws
only when nothing can be played. It decides from an observation (see
``GameState.observe``), so it knows no card its seat cannot see.

It plans on rank counts, not on copies of the state. For a fixed first
rank and direction the greedy walk (a natural card when the hand has that
rank, else a joker, never ending on a joker) gives the longest run, so
trying every start and both directions finds the best one. Ranks are
counted only when a walk reaches them, in preallocated buffers: the
policy is most of the cost of Hard's playouts. It imports no rules module
(the rules load this one): the two actions it names are the catalogue's.
"""

from micropython import const

from engine import cards
from games import DONE, DRAW

_RANKS = const(13)
_UNKNOWN = const(255)
_unknown = b"\xff" * _RANKS
_zero = bytes(_RANKS)
_counts = bytearray(_RANKS)  # the hand's cards of each rank, counted when first asked
_used = bytearray(_RANKS)  # taken by the walk being tried
_run = [0, 0]  # the last walk's cards and jokers used (no tuple per walk)
_best = [0, 0, 0, 0]  # length, jokers used, first rank (-1 = joker), direction


def _walk(hand, r, d, jokers, first_is_joker_ok):
    """Greedy run from rank ``r`` going ``d``, into ``_run``: (cards, jokers
    used) ending on a natural card. A walk seldom passes more than a few ranks,
    so ranks are counted only when the walk reaches them."""
    _used[:] = _zero
    length = 0
    used = 0
    best = 0
    best_used = 0
    while True:
        have = _counts[r]
        if have == _UNKNOWN:
            have = hand.count_rank(r)
            _counts[r] = have
        if have > _used[r]:
            _used[r] += 1
            length += 1
            best = length  # a natural card: the run may end here
            best_used = used
        elif jokers > used and (length or first_is_joker_ok):
            used += 1
            length += 1
        else:
            break
        r = (r + d) % _RANKS
    _run[0] = best
    _run[1] = best_used


def _consider(first, d):
    """Keep the last walk (``_run``) if it beats the best so far."""
    b = _best
    length = _run[0]
    used = _run[1]
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
    _counts[:] = _unknown
    if obs.run_n == 0:
        if obs.opening:
            for s in range(_RANKS):
                for d in (1, -1):
                    _walk(hand, s, d, jokers, False)
                    if _run[0] >= 2:
                        _consider(s, d)
            return
        # the first card steps from the top, and that step sets the way
        top = cards.rank(obs.pile[obs.pile_n - 1])
        for d in (1, -1):
            s = (top + d) % _RANKS
            _walk(hand, s, d, jokers, False)
            _consider(s, d)
        return
    # mid-run: the next rank is fixed (or one of two at the opening)
    for d in (1, -1):
        if obs.run_dir and d != obs.run_dir:
            continue
        nxt = obs.run_next if obs.run_dir else (obs.run_anchor + d * (obs.run_jokers + 1)) % _RANKS
        _walk(hand, nxt, d, jokers, True)
        _consider(nxt if _counts[nxt] else -1, d)


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
