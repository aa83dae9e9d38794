"""An exact solver for Elevator solitaire: from any position it proves
whether the pyramid can still be cleared, and returns a winning line when
it can.

It sees the whole deal (the face-down cards and the stock's order), as a
solver of deals must. The search is a depth-first search over (cards
left in the pyramid, cards turned from the stock, the waste's top rank),
with every position proved lost remembered, so no position is searched
twice. A node budget bounds the work on a board; with the budget spent
the answer is UNKNOWN rather than a guess.

    verdict, line = solve(state)           # WIN and the moves, or LOSS
    verdict, line = solve(state, 2000)     # at most 2,000 positions
"""

from micropython import const

import cards
from games.elevator_solitaire import _BELOW, DRAW, GONE, SIZE

# A board's hint (ES-12): about 40 ms a hint on the MicroPython VM on a PC,
# so roughly a second at worst on an RP2040; the table of lost positions
# takes 2 x 512 slots.
HINT_BUDGET = const(1500)
HINT_MEMO = const(200)

WIN = const(1)
LOSS = const(0)
UNKNOWN = const(2)
_EMPTY = const(13)  # the waste's top rank when nothing is on it


def _cover_masks():
    """For each position, the bits of the two positions lying over it."""
    out = []
    for p in range(SIZE):
        b = _BELOW[p]
        out.append(0 if b == GONE else (1 << b) | (1 << (b + 1)))
    return out


_COVER = _cover_masks()
_FULL = (1 << SIZE) - 1


class _Search:
    def __init__(self, state, budget, memo):
        self.ranks = [cards.rank(c) if c != GONE else -1 for c in state.pyr]
        # stock cards in the order they will be turned (top of the stock first)
        self.stock = [cards.rank(state.deck[i]) for i in range(state.deck_n - 1, -1, -1)]
        self.budget = budget
        self.nodes = 0
        self.out_of_budget = False
        if memo:
            # a board: a fixed table of lost positions, made once, so the
            # search allocates nothing per position and cannot fragment
            # the heap; when the table is full, positions are not kept
            size = 64
            while size < 2 * memo:
                size *= 2
            self.mask = size - 1
            self.t_left = [-1] * size
            self.t_sub = [0] * size
            self.lost = None
        else:
            self.lost = set()  # CPython tools: every lost position, exactly

    def _slot(self, left, sub):
        """Where (left, sub) is in the table, or else a free slot, or -1."""
        h = (left ^ (left >> 9) ^ (sub << 5)) & self.mask
        for _ in range(8):
            k = self.t_left[h]
            if k == -1 or (k == left and self.t_sub[h] == sub):
                return h
            h = (h + 1) & self.mask
        return -1

    def known_lost(self, left, turned, top):
        if self.lost is not None:
            return (left, turned, top) in self.lost
        sub = turned * 14 + top
        h = self._slot(left, sub)
        return h >= 0 and self.t_left[h] == left and self.t_sub[h] == sub

    def remember_lost(self, left, turned, top):
        if self.lost is not None:
            self.lost.add((left, turned, top))
            return
        sub = turned * 14 + top
        h = self._slot(left, sub)
        if h >= 0:
            self.t_left[h] = left
            self.t_sub[h] = sub

    def win(self, left, turned, top, line):
        """True when the position can be cleared; ``line`` gets the moves."""
        if left == 0:
            return True
        if self.known_lost(left, turned, top):
            return False
        self.nodes += 1
        if self.budget and self.nodes > self.budget:
            self.out_of_budget = True
            return False
        ranks = self.ranks
        if top != _EMPTY:
            for p in range(SIZE - 1, -1, -1):  # the base first: it frees the most
                if (left >> p) & 1 and not (left & _COVER[p]):
                    d = (ranks[p] - top) % 13
                    if d == 1 or d == 12:
                        line.append(p)
                        if self.win(left & ~(1 << p), turned, ranks[p], line):
                            return True
                        line.pop()
                        if self.out_of_budget:
                            return False
        if turned < len(self.stock):
            line.append(DRAW)
            if self.win(left, turned + 1, self.stock[turned], line):
                return True
            line.pop()
            if self.out_of_budget:
                return False
        self.remember_lost(left, turned, top)
        return False


def solve(state, budget=0, memo=0):
    """(WIN, moves) / (LOSS, []) / (UNKNOWN, []) from ``state`` (a full
    state, not an observation). ``budget`` caps the positions searched;
    ``memo`` > 0 keeps lost positions in a fixed table of about twice that
    many slots instead of an unbounded set. A board's hint uses both, so
    its memory stays small and fixed; either way a verdict is exact."""
    verdict, line, _nodes = search(state, budget, memo)
    return verdict, line


def search(state, budget=0, memo=0):
    """``solve`` plus the number of positions it searched."""
    s = _Search(state, budget, memo)
    left = 0
    for p in range(SIZE):
        if state.pyr[p] != GONE:
            left |= 1 << p
    top = cards.rank(state.pile[state.pile_n - 1]) if state.pile_n else _EMPTY
    line = []
    if s.win(left, 0, top, line):
        return WIN, line, s.nodes
    return (UNKNOWN if s.out_of_budget else LOSS), [], s.nodes


def hint(state, budget=0, memo=0):
    """(action, True) for the next move of a winning line; when none is
    found, (the move that leaves the most moves open, False); (-1, False)
    when no move is left."""
    verdict, line = solve(state, budget, memo)
    if verdict == WIN:
        return line[0], True
    best = -1
    best_score = -1
    for a in state.legal_list():
        c = state.clone()
        c.apply(a)
        free = 0
        for p in range(SIZE):
            if c.pyr[p] != GONE and c.uncovered(p):
                free += 1
        score = len(c.legal_list()) * 64 + free * 2 + (a != DRAW)
        if score > best_score:
            best_score = score
            best = a
    return best, False
