"""Roller Coaster's basic computer player: the longest run the hand
allows, keeping jokers when a run of the same length needs none. It never
leaves itself a dead hand (``dead``: jokers and at most one natural card,
which can never go out) while another run would not, and it draws only
when nothing can be played or every play would leave such a hand: so
computer players never keep drawing (RC-14), and never cycle for ever
playing the one card they drew beside a joker they cannot shed. It decides
from an observation (see ``GameState.observe``), so it knows no card its
seat cannot see.

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
# the last walk (no tuple per walk): its longest run's cards and jokers
# used, and the longest of its runs that leaves no dead hand (-1: none)
_run = [0, 0, 0, 0]
_best = [0, 0, 0, 0, 0]  # length, jokers used, first rank (-1 = joker), direction, dead


def dead(jokers, naturals):
    """Whether a hand of ``jokers`` and ``naturals`` is dead: it holds a joker,
    which needs a natural card on each side to be played (RC-8), and at
    most one natural card, so it can never go out without drawing."""
    return jokers > 0 and naturals < 2


def _walk(hand, r, d, jokers, first_is_joker_ok, naturals=99, stop_ok=False):
    """Greedy run from rank ``r`` going ``d``, into ``_run``: (cards, jokers
    used) ending on a natural card, and the longest such run that leaves
    the hand (``naturals`` natural cards and ``jokers``) alive, stopping
    before the first card when ``stop_ok``. A walk seldom passes more
    than a few ranks, so ranks are counted only when the walk reaches them."""
    _used[:] = _zero
    length = 0
    used = 0
    best = 0
    best_used = 0
    alive = 0 if stop_ok and not dead(jokers, naturals) else -1
    alive_used = 0
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
            if not dead(jokers - used, naturals - length + used):
                alive = length
                alive_used = used
        elif jokers > used and (length or first_is_joker_ok):
            used += 1
            length += 1
        else:
            break
        r = (r + d) % _RANKS
    _run[0] = best
    _run[1] = best_used
    _run[2] = alive
    _run[3] = alive_used


def _consider(first, d):
    """Keep the last walk (``_run``) if it beats the best so far: a run
    that leaves the hand alive beats one that does not, then the longer,
    then the one with fewer jokers."""
    b = _best
    dead_run = 1
    length = _run[0]
    used = _run[1]
    if _run[2] >= 0:
        dead_run = 0
        length = _run[2]
        used = _run[3]
    if (dead_run < b[4] or (dead_run == b[4] and length > b[0])
            or (dead_run == b[4] and length == b[0] and used < b[1])):  # fmt: skip
        b[0] = length
        b[1] = used
        b[2] = first
        b[3] = d
        b[4] = dead_run


def _plan(obs):
    """Fill ``_best`` with the best run for the seat to act."""
    hand = obs.hands[obs.turn]
    jokers = hand.count_jokers()
    naturals = obs.counts[obs.turn] - jokers
    b = _best
    b[0] = b[1] = 0
    b[2] = -1
    b[3] = 0
    b[4] = 2  # worse than any run
    _counts[:] = _unknown
    if obs.run_n == 0:
        if obs.opening:
            for s in range(_RANKS):
                for d in (1, -1):
                    _walk(hand, s, d, jokers, False, naturals)
                    if _run[0] >= 2:
                        if _run[2] < 2:
                            _run[2] = -1  # an opening run has two cards or more (RC-6)
                        _consider(s, d)
            return
        # the first card steps from the top, and that step sets the way
        top = cards.rank(obs.pile[obs.pile_n - 1])
        for d in (1, -1):
            s = (top + d) % _RANKS
            _walk(hand, s, d, jokers, False, naturals)
            if _run[0]:
                _consider(s, d)
        return
    # mid-run: the next rank is fixed (or one of two at the opening); the
    # run may stop here unless its last card was a joker or it is an
    # opening run of one card
    stop_ok = not obs.run_last_joker and (obs.run_n >= 2 or not obs.opening)
    for d in (1, -1):
        if obs.run_dir and d != obs.run_dir:
            continue
        nxt = obs.run_next if obs.run_dir else (obs.run_anchor + d * (obs.run_jokers + 1)) % _RANKS
        _walk(hand, nxt, d, jokers, True, naturals, stop_ok)
        _consider(nxt if _counts[nxt] else -1, d)


def basic_policy(obs, prng=None):
    """The action to take in observation ``obs`` (``prng`` is unused: the
    basic player is deterministic)."""
    _plan(obs)
    hand = obs.hands[obs.turn]
    if _best[0] == 0 or (obs.run_n == 0 and _best[4]):
        # nothing to play, or every play leaves a dead hand: draw
        if obs.run_n == 0:
            return DRAW
        return DONE
    if _best[2] < 0:
        return hand.first_joker()
    return hand.first_of_rank(_best[2])
