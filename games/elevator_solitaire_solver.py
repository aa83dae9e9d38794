"""An exact solver for Elevator solitaire: from any position it proves
whether the pyramid can still be cleared, and returns a winning line when
it can.

It sees the whole deal (the face-down cards and the stock's order), as a
solver of deals must. The search is a depth-first search over (cards
left in the pyramid, cards turned from the stock, the waste's top rank),
with every position proved lost remembered, so no position is searched
twice. A node budget bounds the work on a board; with the budget spent
the answer is UNKNOWN rather than a guess.

A node finds its plays by the waste's rank (a mask of the free cards
one rank up or down) rather than by looking at every position, and a
position is remembered by one small int (``search`` says how), so the
search makes no long ints and allocates nothing per position.

    verdict, line = solve(state)           # WIN and the moves, or LOSS
    verdict, line = solve(state, 2000)     # at most 2,000 positions
"""

from array import array

from micropython import const

from engine import cards
from games import DRAW
from games.elevator_solitaire_pyramid import BELOW, GONE, SIZE

# A board's hint (ES-12): at most 1,500 positions, about 3 ms a hint on the
# MicroPython VM on a PC (deals 1-20 after a turn: sim/bench.py); the table
# of lost positions takes 512 slots of one int.
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
        b = BELOW[p]
        out.append(0 if b == GONE else (1 << b) | (1 << (b + 1)))
    return out


_COVER = _cover_masks()
_DEPTH = const(53)  # a line is at most 28 plays and 24 turns deep, plus the start
# A node's moves to try are one mask: position p is bit 27 - p (so the
# lowest bit is the base's rightmost card: the base first, as it frees the
# most) and the stock's turn is bit 28, tried last.
_LAST = const(27)
_TURN = const(0x10000000)


def _bit_moves():
    """The move of each one-bit mask, by the bit's remainder mod 37 (2 is a
    primitive root mod 37, so bits 0 .. 28 all differ)."""
    t = bytearray(37)
    for j in range(_LAST + 1):
        t[(1 << j) % 37] = _LAST - j
    t[_TURN % 37] = DRAW
    return t


_MOVE = _bit_moves()


def _frees():
    """What a play of p frees: the move bit of a card it lay over, once the
    other card over that one is gone too (``p``'s left and right
    neighbours: which card, then which neighbour's bit)."""
    out = [[0] * SIZE for _ in range(4)]
    for q in range(SIZE):
        b = BELOW[q]
        if b != GONE:
            out[0][b + 1] = out[2][b] = 1 << (_LAST - q)
            out[1][b + 1] = 1 << b
            out[3][b] = 1 << (b + 1)
    return out


_UNDER_A, _OTHER_A, _UNDER_B, _OTHER_B = _frees()


def _slot(table, mask, left, sub, key):
    """Where ``key`` (the position (left, sub)) is in the table, or else a
    free slot, or -1."""
    h = (left ^ (left >> 9) ^ (sub << 5)) & mask
    for _ in range(8):
        k = table[h]
        if k == -1 or k == key:
            return h
        h = (h + 1) & mask
    return -1


def solve(state, budget=0, memo=0):
    """(WIN, moves) / (LOSS, []) / (UNKNOWN, []) from ``state`` (a full
    state, not an observation). ``budget`` caps the positions searched;
    ``memo`` > 0 keeps lost positions in a fixed table of about twice that
    many slots instead of an unbounded set. A board's hint uses both, so
    its memory stays small and fixed; either way a verdict is exact."""
    verdict, line, _nodes = search(state, budget, memo)
    return verdict, line


def search(state, budget=0, memo=0):
    """``solve`` plus the number of positions it searched.

    The search keeps its stack of positions in fixed lists (no recursion:
    a board's pystack holds about 23 frames). A position's key: the
    pyramid's cards fall into runs (cards ``i`` of rows next to each other,
    all there at the start); a card is played only once the card below it
    in its run is gone, so a run loses its cards from the bottom up, and
    the cards left are given by how many each run keeps. Those counts are
    the digits of a mixed-radix number (``c`` values all told, 40,320 from
    a deal), and the key is that number plus ``c`` times ``turned * 14 +
    top``: one int, distinct for every position the search can reach and
    below 2**28 from any position (at most 279,936 x 14 x 53)."""
    pyr = state.pyr
    ranks = [cards.rank(c) if c != GONE else -1 for c in pyr]
    # stock cards in the order they will be turned (top of the stock first)
    stock = [cards.rank(state.deck[i]) for i in range(state.deck_n - 1, -1, -1)]
    n_stock = len(stock)
    top = cards.rank(state.pile[state.pile_n - 1]) if state.pile_n else _EMPTY
    left = 0
    for p in range(SIZE):
        if pyr[p] != GONE:
            left |= 1 << p
    if left == 0:
        return WIN, [], 0
    # the key's change for a play, less c x the old top: first less the
    # card's weight (its run's place value)
    k_play = [0] * SIZE
    c = 1
    for i in range(7):
        n = 0
        for r in range(i, 8):
            p = r * (r + 1) // 2 + i
            if r < 7 and (left >> p) & 1:
                k_play[p] = -c
                n += 1
            elif n:
                c *= n + 1
                n = 0
    key = c - 1 + c * top
    k_turn = [c * (14 + r) for r in stock]
    # the free cards, by their move bits; by rank, the cards that fit (a
    # play may mark free a position empty from the start: no mask of
    # ``fits`` holds it, so it is never tried)
    free = 0
    fits = [0] * 14
    for p in range(SIZE):
        if (left >> p) & 1:
            k_play[p] += c * ranks[p]
            b = 1 << (_LAST - p)
            if not left & _COVER[p]:
                free |= b
            r = ranks[p]
            fits[(r + 1) % 13] |= b
            fits[(r + 12) % 13] |= b
    lost = table = None
    if memo:
        # a board: a fixed table of lost positions, made once, so the
        # search allocates nothing per position and cannot fragment the
        # heap; when the table is full, positions are not kept
        size = 64
        while size < 2 * memo:
            size *= 2
        mask = size - 1
        table = array("i", range(size))  # one allocation
        for i in range(size):
            table[i] = -1
    else:
        lost = set()  # CPython tools: every lost position, exactly
    # the stack: each node's position, its moves still to try and the move
    # that led to it
    s_left = [0] * _DEPTH
    s_free = [0] * _DEPTH
    s_key = [0] * _DEPTH
    s_moves = [0] * _DEPTH
    s_turned = bytearray(_DEPTH)
    s_top = bytearray(_DEPTH)
    s_move = bytearray(_DEPTH)
    turned = 0
    nodes = 1
    if budget and nodes > budget:
        return UNKNOWN, [], nodes
    s_left[0] = left
    s_free[0] = free
    s_key[0] = key
    s_top[0] = top
    moves = fits[top] & free
    if n_stock:
        moves |= _TURN
    d = 0
    while True:
        if not moves:  # every move from here loses
            if table is None:
                lost.add(key)
            else:
                h = _slot(table, mask, left, turned * 14 + top, key)
                if h >= 0:
                    table[h] = key
            d -= 1
            if d < 0:
                return LOSS, [], nodes
            left = s_left[d]
            free = s_free[d]
            key = s_key[d]
            turned = s_turned[d]
            top = s_top[d]
            moves = s_moves[d]
            continue
        b = moves & -moves
        moves ^= b
        move = _MOVE[b % 37]
        if move == DRAW:
            n_left = left
            n_turned = turned + 1
            n_top = stock[turned]
            n_key = key + k_turn[turned] - c * top
        else:
            n_left = left ^ (1 << move)
            if n_left == 0:
                s_move[d + 1] = move
                return WIN, [s_move[i] for i in range(1, d + 2)], nodes
            n_turned = turned
            n_top = ranks[move]
            n_key = key + k_play[move] - c * top
        if table is None:
            if n_key in lost:
                continue
        else:
            h = _slot(table, mask, n_left, n_turned * 14 + n_top, n_key)
            if h >= 0 and table[h] == n_key:
                continue
        nodes += 1
        if budget and nodes > budget:
            return UNKNOWN, [], nodes
        if move != DRAW:
            free ^= b
            if not n_left & _OTHER_A[move]:
                free |= _UNDER_A[move]
            if not n_left & _OTHER_B[move]:
                free |= _UNDER_B[move]
        s_moves[d] = moves
        d += 1
        left = n_left
        turned = n_turned
        top = n_top
        key = n_key
        s_left[d] = left
        s_free[d] = free
        s_key[d] = key
        s_turned[d] = turned
        s_top[d] = top
        s_move[d] = move
        moves = fits[top] & free
        if turned < n_stock:
            moves |= _TURN


def hint(state, budget=0, memo=0):
    """(action, True) for the next move of a winning line the solver finds
    within its budget (a proven win, ES-12); when none is found, (the move
    that leaves the most moves open, False): a best guess; (-1, False)
    when no move is left. The table's hint follows the deal's shipped line
    first (``elevator_solitaire_ai.hint``)."""
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
