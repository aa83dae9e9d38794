"""Card codes read back into card ids, for tests and tools (the console
only ever writes codes: ``lib/engine/cards.py``). Runs on the MicroPython VM too.

The second joker prints as ``JK`` too; ``JR``/``JB`` name one explicitly.
"""

from engine import cards


def parse(text, deck=0):
    """Card id from a text code (case-insensitive); raises ValueError."""
    t = text.strip().upper()
    if t in ("JK", "JB", "*"):
        return deck * cards.FACES + cards.JOKER_BLACK
    if t == "JR":
        return deck * cards.FACES + cards.JOKER_RED
    if len(t) < 2:
        raise ValueError("bad card code: " + text)
    s = cards.SUIT_CODES.find(t[-1])
    r_text = t[:-1]
    if r_text == "1" or r_text == "T":
        r_text = "10"
    if s < 0 or r_text not in cards.RANK_CODES:
        raise ValueError("bad card code: " + text)
    return deck * cards.FACES + s * cards.RANKS + cards.RANK_CODES.index(r_text)


def next_copy(card):
    """The next physical card with the same code: the red joker after the
    black one, else the same face in the next deck."""
    if card % cards.FACES == cards.JOKER_BLACK:
        return card + 1
    if card % cards.FACES == cards.JOKER_RED:
        return card - 1 + cards.FACES
    return card + cards.FACES


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
        if card >= decks * cards.FACES:
            raise ValueError("too many copies of " + part)
        out.append(card)
    return out


# the panel's text (``ui.Line``, a TextRow's ``text``): a card's suit is two
# codes, 1-4 the suit (C D H S) and 5-8 the space after it (``cards.mark``)
_SHOWN = {1: "\u2663", 2: "\u2666", 3: "\u2665", 4: "\u2660", 5: " ", 6: " ", 7: " ", 8: " "}


def shown(text):
    """Panel text as a person reads it: ``7♥``, a suit a space after."""
    return "".join([_SHOWN.get(ord(ch), ch) for ch in text])


def face(card):
    """A card as the panel shows it in words, read back: '7♥', 'JK'."""
    return shown(cards.mark(card)).rstrip()
