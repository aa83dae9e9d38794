"""Cards as small integers, and their text codes.

A physical card is ``deck * 54 + face``. A face is ``suit * 13 + rank`` for the
52 suited cards (rank 0 is the ace, 12 the king; suits in bridge order C D H S)
and 52 / 53 for the black and red jokers. Two-deck games number the second
deck's cards 54..107, so every physical card has its own id and can be
counted exactly once; the rules only look at the face.

Text codes are for logs, tools and tests: ``7H``, ``QS``, ``10D``, ``AC``,
``JK`` (the tests read them back with ``tests/cardtext.py``). The panel writes
a card as the cards show it, ``7♥`` (``mark``).
"""

from micropython import const

FACES = const(54)  # faces in one deck, jokers included
SUITED = const(52)
JOKER_BLACK = const(52)
JOKER_RED = const(53)
RANKS = const(13)
ACE = const(0)

RANK_CODES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_CODES = "CDHS"
# Rank 1-13 as used in rule text: A=1 ... K=13.


def is_joker(card):
    return card % FACES >= SUITED


def rank(card):
    """Rank 0 (ace) .. 12 (king); -1 for a joker."""
    f = card % FACES
    if f >= SUITED:
        return -1
    return f % RANKS


def suit(card):
    """Suit 0..3 (C D H S); -1 for a joker."""
    f = card % FACES
    if f >= SUITED:
        return -1
    return f // RANKS


def is_red(card):
    """Diamonds, hearts and the red joker are red."""
    f = card % FACES
    if f >= SUITED:
        return f == JOKER_RED
    s = f // RANKS
    return s == 1 or s == 2


def code(card):
    """Text code of a card: '7H', '10D', 'JK'."""
    f = card % FACES
    if f >= SUITED:
        return "JK"
    return RANK_CODES[f % RANKS] + SUIT_CODES[f // RANKS]


def mark(card):
    """A card as the panel writes it: its rank, then its suit's two tiles
    of the mini font (codes 1-4 and 5-8, ``ui_glyphs``), the second the
    space after it; 'JK' for a joker."""
    f = card % FACES
    if f >= SUITED:
        return "JK"
    s = f // RANKS
    return RANK_CODES[f % RANKS] + chr(1 + s) + chr(5 + s)


def rank_code(r):
    return RANK_CODES[r]


def codes(cards):
    return " ".join([code(c) for c in cards])
