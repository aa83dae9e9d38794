"""Elevator solitaire's pyramid (ES-1, ES-3): 28 positions in seven rows,
which two cards lie over each, and the marks for a position emptied or
face down. Position ``row*(row+1)//2 + i`` is card ``i`` of row ``row``
(row 0 is the apex, row 6 the base).

The rules, the basic player, the solver and the text all read it, so the
player and the solver import this, not the rules module (which loads the
player on first use: imports inside ``games/`` go one way).
"""

from micropython import const

SIZE = const(28)  # ES-1
GONE = const(255)  # position emptied
HIDDEN = const(254)  # face-down card in an observation

_BASE = const(21)  # first position of the bottom row


def row_of(pos):
    r = 0
    while (r + 1) * (r + 2) // 2 <= pos:
        r += 1
    return r


def _build_below():
    t = bytearray(SIZE)
    for p in range(SIZE):
        t[p] = GONE if p >= _BASE else p + row_of(p) + 1
    return t


BELOW = _build_below()  # the left one of the two cards over each position (GONE: none)


def covers(pos):
    """The two positions lying over ``pos`` (-1, -1 on the bottom row)."""
    b = BELOW[pos]
    return (-1, -1) if b == GONE else (b, b + 1)
