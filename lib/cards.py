"""Cards as small integers, and their text codes.

A physical card is ``deck * 54 + face``. A face is ``suit * 13 + rank`` for the
52 suited cards (rank 0 is the ace, 12 the king; suits in bridge order C D H S)
and 52 / 53 for the black and red jokers. Two-deck games number the second
deck's cards 54..107, so every physical card has its own id and can be
counted exactly once; the rules only look at the face.

Text codes are for people and tests: ``7H``, ``QS``, ``10D``, ``AC``, ``JK``.
The second joker prints as ``JK`` too; ``JR``/``JB`` name one explicitly.
"""

from micropython import const

FACES = const(54)  # faces in one deck, jokers included
SUITED = const(52)
JOKER_BLACK = const(52)
JOKER_RED = const(53)
RANKS = const(13)
ACE = const(0)
KING = const(12)

RANK_CODES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_CODES = "CDHS"
# Rank 1-13 as used in rule text: A=1 ... K=13.


def face(card):
    """The face (0..53) of a physical card id."""
    return card % FACES


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


def rank_code(r):
    return RANK_CODES[r]


def parse(text, deck=0):
    """Card id from a text code (case-insensitive); raises ValueError."""
    t = text.strip().upper()
    if t in ("JK", "JB", "*"):
        return deck * FACES + JOKER_BLACK
    if t == "JR":
        return deck * FACES + JOKER_RED
    if len(t) < 2:
        raise ValueError("bad card code: " + text)
    s = SUIT_CODES.find(t[-1])
    r_text = t[:-1]
    if r_text == "1" or r_text == "T":
        r_text = "10"
    if s < 0 or r_text not in RANK_CODES:
        raise ValueError("bad card code: " + text)
    return deck * FACES + s * RANKS + RANK_CODES.index(r_text)


def next_copy(card):
    """The next physical card with the same code: the red joker after the
    black one, else the same face in the next deck."""
    if card % FACES == JOKER_BLACK:
        return card + 1
    if card % FACES == JOKER_RED:
        return card - 1 + FACES
    return card + FACES


def parse_list(text, decks=1, taken=None):
    """Card ids from codes separated by spaces or commas.

    A repeated code takes the next physical copy (``next_copy``), so
    'JK JK' is both jokers and '7H 7H' both sevens of hearts of a two-deck
    game. Ids already in ``taken`` are skipped too.
    """
    out = []
    for part in text.replace(",", " ").split():
        card = parse(part)
        while card in out or (taken is not None and card in taken):
            card = next_copy(card)
        if card >= decks * FACES:
            raise ValueError("too many copies of " + part)
        out.append(card)
    return out


def codes(cards):
    return " ".join([code(c) for c in cards])
