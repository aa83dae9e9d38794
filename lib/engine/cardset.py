"""Bit-packed sets of physical cards, in words of 27 bits.

Card id ``c`` lives in word ``c // 27`` at bit ``c % 27``: one deck (54 ids)
fills two words, two decks four. 27 bits keep every word a small int on
every CircuitPython board (small ints stop at 2**30 - 1), so no operation
here ever makes a long integer or allocates.

Two of a face (two-deck games) are simply two ids, ``c`` and ``c + 54``:
a set holds physical cards, and the rank/colour masks below cover every
deck, so "count the sevens" counts both decks' sevens.
"""

from micropython import const

from engine import cards

BITS = const(27)
_FULL = const(0x7FFFFFF)

# Precomputed per-rank and per-colour masks for four words (two decks).
_WORDS_MAX = const(4)


def _build_masks():
    by_rank = []
    for r in range(13):
        words = [0] * _WORDS_MAX
        for c in range(_WORDS_MAX * BITS):
            if cards.rank(c) == r:
                words[c // BITS] |= 1 << (c % BITS)
        by_rank.append(tuple(words))
    red = [0] * _WORDS_MAX
    black = [0] * _WORDS_MAX
    jokers = [0] * _WORDS_MAX
    for c in range(_WORDS_MAX * BITS):
        if cards.is_joker(c):
            jokers[c // BITS] |= 1 << (c % BITS)
        elif cards.is_red(c):
            red[c // BITS] |= 1 << (c % BITS)
        else:
            black[c // BITS] |= 1 << (c % BITS)
    return tuple(by_rank), tuple(red), tuple(black), tuple(jokers)


RANK_MASKS, RED_MASK, BLACK_MASK, JOKER_MASK = _build_masks()


def _popcount(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


class CardSet:
    """A set of card ids below ``decks * 54``."""

    def __init__(self, decks=1):
        self.nwords = decks * 2
        self.w = [0] * self.nwords

    def clear(self):
        w = self.w
        for i in range(self.nwords):
            w[i] = 0

    def copy_from(self, other):
        w = self.w
        o = other.w
        for i in range(self.nwords):
            w[i] = o[i]

    def remove_all(self, other):
        """Take out every card of ``other`` (word by word: nothing allocated)."""
        w = self.w
        o = other.w
        for i in range(self.nwords):
            w[i] &= _FULL ^ o[i]

    def add(self, c):
        self.w[c // BITS] |= 1 << (c % BITS)

    def remove(self, c):
        self.w[c // BITS] &= _FULL ^ (1 << (c % BITS))

    def contains(self, c):
        if c < 0 or c >= self.nwords * BITS:
            return False
        return (self.w[c // BITS] >> (c % BITS)) & 1 == 1

    def count(self):
        n = 0
        for i in range(self.nwords):
            n += _popcount(self.w[i])
        return n

    def count_masked(self, mask):
        n = 0
        for i in range(self.nwords):
            n += _popcount(self.w[i] & mask[i])
        return n

    def count_rank(self, r):
        return self.count_masked(RANK_MASKS[r])

    def count_jokers(self):
        return self.count_masked(JOKER_MASK)

    def next(self, c):
        """The smallest card id above ``c`` in the set, or -1.

        ``c = s.next(-1)`` then ``c = s.next(c)`` walks the set in order
        without allocating (a generator would).
        """
        c += 1
        limit = self.nwords * BITS
        w = self.w
        while c < limit:
            word = w[c // BITS] >> (c % BITS)
            if word == 0:
                c = (c // BITS + 1) * BITS
                continue
            while not word & 1:
                word >>= 1
                c += 1
            return c
        return -1

    def first_masked(self, mask):
        """The smallest card id in the set and in ``mask``, or -1."""
        w = self.w
        for i in range(self.nwords):
            word = w[i] & mask[i]
            if word:
                c = i * BITS
                while not word & 1:
                    word >>= 1
                    c += 1
                return c
        return -1

    def first_of_rank(self, r):
        return self.first_masked(RANK_MASKS[r])

    def first_joker(self):
        return self.first_masked(JOKER_MASK)

    def fill(self, buf):
        """Write the ids in order into ``buf``; return how many."""
        return self.fill_from(buf, 0)

    def fill_from(self, buf, start):
        """Write the ids in order into ``buf`` from index ``start``; return
        how many."""
        n = 0
        c = self.next(-1)
        while c >= 0:
            buf[start + n] = c
            n += 1
            c = self.next(c)
        return n

    def to_list(self, mask=None):
        """The ids in order as a new list (allocates: not for hot paths)."""
        out = []
        c = self.next(-1)
        while c >= 0:
            if mask is None or (mask[c // BITS] >> (c % BITS)) & 1:
                out.append(c)
            c = self.next(c)
        return out

    def __eq__(self, other):
        return self.nwords == other.nwords and self.w == other.w

    def __len__(self):
        return self.count()

    def __contains__(self, c):
        return self.contains(c)

    def __iter__(self):
        return iter(self.to_list())

    def __repr__(self):
        return "CardSet(" + cards.codes(self.to_list()) + ")"
