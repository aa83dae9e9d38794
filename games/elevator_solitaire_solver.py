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

from array import array

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


def _filled(code, n, value):
    """An array of ``n`` items of ``value``, made in one allocation."""
    a = array(code, range(n))
    for i in range(n):
        a[i] = value
    return a


_DEPTH = const(53)  # a line is at most 28 plays and 24 turns deep, plus the start
_DRAWN = const(255)  # a node whose pyramid plays are tried: the draw is next (or done)


class _Search:
    """One search. Its stack of positions lives in fixed buffers (no
    recursion: a board's pystack holds about 23 frames)."""

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
            self.t_left = _filled("i", size, -1)
            self.t_sub = _filled("H", size, 0)
            self.lost = None
        else:
            self.lost = set()  # CPython tools: every lost position, exactly
        # the stack: each node's position, the next pyramid position to try
        # (+1; 0 when none is left, _DRAWN once the draw is tried) and the
        # move that led to it
        self.s_left = _filled("i", _DEPTH, 0)
        self.s_turned = bytearray(_DEPTH)
        self.s_top = bytearray(_DEPTH)
        self.s_next = bytearray(_DEPTH)
        self.s_move = bytearray(_DEPTH)

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

    def _enter(self, d, left, turned, top, move):
        """Open node ``d`` (reached by ``move``); False when it is known
        lost or the budget is spent."""
        if self.known_lost(left, turned, top):
            return False
        self.nodes += 1
        if self.budget and self.nodes > self.budget:
            self.out_of_budget = True
            return False
        self.s_left[d] = left
        self.s_turned[d] = turned
        self.s_top[d] = top
        self.s_next[d] = SIZE if top != _EMPTY else 0
        self.s_move[d] = move
        return True

    def _child(self, d):
        """Node ``d``'s next untried move, as (left, turned, top, move) of
        the position it leads to; None when every move is tried. The
        base of the pyramid first (it frees the most), then the stock."""
        left = self.s_left[d]
        top = self.s_top[d]
        ranks = self.ranks
        nxt = self.s_next[d]
        while 0 < nxt <= SIZE:
            p = nxt - 1
            nxt -= 1
            if (left >> p) & 1 and not (left & _COVER[p]):
                diff = (ranks[p] - top) % 13
                if diff == 1 or diff == 12:
                    self.s_next[d] = nxt
                    return left & ~(1 << p), self.s_turned[d], ranks[p], p
        self.s_next[d] = _DRAWN
        turned = self.s_turned[d]
        if nxt != _DRAWN and turned < len(self.stock):
            return left, turned + 1, self.stock[turned], DRAW
        return None

    def run(self, left, turned, top):
        """True when the position can be cleared (the moves are then
        ``s_move[1 .. depth]``: see ``line``)."""
        self.depth = 0
        if left == 0:
            return True
        if not self._enter(0, left, turned, top, 0):
            return False
        d = 0
        while d >= 0:
            child = self._child(d)
            if child is None:  # every move from here loses
                self.remember_lost(self.s_left[d], self.s_turned[d], self.s_top[d])
                d -= 1
                continue
            c_left, c_turned, c_top, move = child
            if c_left == 0:
                self.s_move[d + 1] = move
                self.depth = d + 1
                return True
            if self._enter(d + 1, c_left, c_turned, c_top, move):
                d += 1
            elif self.out_of_budget:
                return False
        return False

    def line(self):
        return [self.s_move[i] for i in range(1, self.depth + 1)]


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
    if s.run(left, 0, top):
        return WIN, s.line(), s.nodes
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
