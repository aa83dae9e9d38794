"""Elevator solitaire's basic player, and the table's hint.

The basic player takes a pyramid card whenever one fits, turning the
stock only when none does. Among the cards that fit it prefers the one
whose removal turns most cards face up, then the one lowest in the
pyramid (the source's advice: build a strong foundation by clearing the
base first). It decides from the observation only.

The hint (ES-12) sees the whole deal: on a deal of the shipped winnable
list it follows the deal's winning line, read from a file in flash a
record at a time (nothing of it is kept in RAM); off the line it asks the
solver, within the board's budget.

It imports the pyramid's shape, not the rules module (which loads this one
on first use).
"""

from engine import cards
from engine.gamestate import MAX_ACTIONS
from games import DRAW
from games.elevator_solitaire_pyramid import GONE, SIZE, covers

_buf = bytearray(MAX_ACTIONS)  # (an action is a byte)


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


def hint(state, budget=0, memo=0, path=None, into=None):
    """(action, True) for a move proven to win: the next move of the deal's
    shipped winning line when ``state`` is on it (``path``: the file of
    lines; ``into``: a state of the game to replay the line on, made once
    by the caller, else a copy of ``state``), else the first move of a
    winning line the solver finds within ``budget`` positions. Otherwise
    (the move that leaves the most moves open, False): a best guess; (-1,
    False) when no move is left."""
    if path:
        a = _step(state, path, into or state.clone())
        if a >= 0:
            return a, True
    from games import elevator_solitaire_solver as solver  # not with the basic player

    return solver.hint(state, budget, memo)


def _step(state, path, into):
    """The next move of the deal's shipped winning line when ``state`` is
    on it, else -1 (the deal has no line, the file is missing or short, or
    the position is off the line). The file (``sim/solve.py`` writes it)
    holds a 22-byte record for each winnable deal, in the order of their
    numbers: from bit 3k (low bits first) the place of move k+1 among the
    legal actions of the position after k moves (3 bits: at most seven
    free cards and the stock's turn), to the line's end; then the deal
    number, 16 bits little-endian, in bytes 20 and 21. The line is replayed
    on ``into`` from the deal (the position's own moves taken back) to its
    end: ``state`` is on it when it is the position after as many moves of
    the line as it has had, and the move is proven only if the line read
    clears the pyramid."""
    b = bytearray(22)
    try:
        with open(path, "rb") as f:
            f.seek(0, 2)
            lo = 0
            hi = f.tell() // 22
            while True:  # the deal's record, by halves
                if lo >= hi:
                    return -1
                i = (lo + hi) // 2
                f.seek(22 * i)
                if f.readinto(b) != 22:
                    return -1
                d = b[20] | (b[21] << 8)
                if d == state.deal:
                    break
                if d < state.deal:
                    lo = i + 1
                else:
                    hi = i
    except OSError:
        return -1
    into._copy_from(state)
    while into.undo():
        pass
    move = -1
    k = 0
    n = into.legal_actions(_buf)
    while n:  # to the line's end: only a line that wins is followed
        i = 3 * k  # at most 153: the two bytes read stay in the record
        a = ((b[i >> 3] | (b[(i >> 3) + 1] << 8)) >> (i & 7)) & 7
        if a >= n:
            return -1  # not a line of this deal
        if k == state.turns:  # the same cards left, and a waste top of the same rank
            if into.pyr != state.pyr or into.deck_n != state.deck_n:
                return -1
            if cards.rank(into.top()) != cards.rank(state.top()):
                return -1
            move = _buf[a]
        into.apply(_buf[a])
        k += 1
        n = into.legal_actions(_buf)
    return move if into.winner == 0 else -1
