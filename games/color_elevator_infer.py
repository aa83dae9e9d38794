"""What Hard learns in two-player Color Elevator from the other player's
last turn: the cards its hand then lacked (``marks``), and how many it
drew since (``fresh``), for ``color_elevator_hard``'s chances.

Normal (``color_elevator_ai``) plays two cards when it can, one when only
one fits and draws two when none does, choosing each card by its cost
(few ranks fit on it, a wild card kept). So a player who drew two held no
card fitting either top; one who played a single card held none for the
other pile and no cheaper one for its own; one who played two held no
card cheaper than the first for either pile, nor cheaper than the second
for the second's pile. What it drew after (CE-7) may be any card.

Hard sees the table only at its turns, so it remembers the tops it left
and the other's count, and reads the turn in between from the pile and the
count. Only a turn it can read for sure teaches anything (two players, no
rebuild, the other's hand not empty); the marks are of that turn only, for
the hand changes fast. All of it comes from public information, so a
re-deal of the hidden cards changes none of it. Allocates nothing after
loading.
"""

from micropython import const

from engine.cardset import BITS
from games.color_elevator_ai import _cost
from games.color_elevator_fit import _FIT

_FACES = const(54)


class _Memory:
    def __init__(self):
        self.turns = -1  # the turn of Hard's last decision
        self.rebuilds = 0
        self.pile_n = 0  # the pile and tops after Hard's last action
        self.top0 = -1
        self.top1 = -1
        self.count = 0  # the other's cards then
        self.marks = [0, 0]
        self.fresh = 0


# Normal's cost of each card (``color_elevator_ai._cost``), looked up
_COSTS = bytes(_cost(c) for c in range(_FACES))
_mems = [_Memory(), _Memory(), _Memory(), _Memory()]  # one per seat that plays Hard
marks = [0, 0]  # this decision: the cards the next player probably lacks
fresh = [0]  # and the cards it drew since it showed that


def _below(w, top, cost):
    """Word ``w`` of the cards fitting ``top`` that Normal values below
    ``cost`` (cheaper: it would have played them)."""
    m = 0
    b = w * BITS
    word = _FIT[2 * top + w]
    costs = _COSTS
    while word:
        if word & 1 and costs[b] < cost:
            m |= 1 << (b % BITS)
        word >>= 1
        b += 1
    return m


def learn(obs, me):
    """Bring seat ``me``'s memory up to its observation ``obs`` and fill
    ``marks`` and ``fresh``."""
    m = _mems[me]
    mk = m.marks
    if obs.num_players != 2 or obs.rebuilds != m.rebuilds or obs.turns < m.turns:
        mk[0] = mk[1] = 0
        m.fresh = 0
    elif obs.turns == m.turns:
        pass  # the same turn (its second card, or asked again): nothing new
    elif obs.turns != m.turns + 2 or not m.count or obs.pile_n < m.pile_n or obs.played >= 0:
        mk[0] = mk[1] = 0
        m.fresh = 0
    else:
        _read(obs, m, 1 - me)
    marks[0] = mk[0]
    marks[1] = mk[1]
    fresh[0] = m.fresh
    m.turns = obs.turns
    m.rebuilds = obs.rebuilds
    m.count = obs.counts[1 - me] if obs.num_players == 2 else 0


def _read(obs, m, o):
    """The other player's turn since Hard's last action."""
    q = obs.pile_n - m.pile_n  # cards it played: each buried a top
    mk = m.marks
    mk[0] = mk[1] = 0
    if q == 0:  # it drew: nothing fitted either top
        for w in range(2):
            mk[w] = _FIT[2 * m.top0 + w] | _FIT[2 * m.top1 + w]
    elif q == 1:  # one card, then a draw: nothing else fitted the other pile
        p = 0 if obs.top0 != m.top0 else 1
        c = obs.top0 if p == 0 else obs.top1
        top = m.top0 if p == 0 else m.top1
        other = m.top1 if p == 0 else m.top0
        k = _cost(c)
        for w in range(2):
            mk[w] = _FIT[2 * other + w] | _below(w, top, k)
    elif q == 2:  # two: the first buried its pile's top first
        p = 0 if obs.pile[m.pile_n] == m.top0 else 1
        c = obs.top1 if p == 0 else obs.top0  # the second card
        t1 = m.top0 if p == 0 else m.top1
        t2 = m.top1 if p == 0 else m.top0
        k1 = _cost(obs.top0 if p == 0 else obs.top1)
        k2 = _cost(c)
        for w in range(2):
            mk[w] = _below(w, t1, k1) | _below(w, t2, k1 if k1 > k2 else k2)
    d = obs.counts[o] - m.count + q  # the cards it drew
    m.fresh = d if d > 0 else 0


def after(obs, a):
    """Note what Hard's action ``a`` leaves (the pile, the tops) for the
    next ``learn``; returns ``a``."""
    m = _mems[obs.current_player()]
    m.pile_n = obs.pile_n
    m.top0 = obs.top0
    m.top1 = obs.top1
    if a < 2 * _FACES:
        m.pile_n += 1
        if a // _FACES == 0:
            m.top0 = a % _FACES
        else:
            m.top1 = a % _FACES
    return a
