"""Our own pseudo-random generator, identical on CPython, MicroPython and
CircuitPython.

``random`` differs between those VMs and CircuitPython lacks ``shuffle``, so
deals come from here. ``Prng`` is Marsaglia's xorshift32 (shifts 13, 17, 5)
kept as two 16-bit halves: every intermediate stays below 2**30, so it never
makes a long integer on a board. A deal number (1 .. 2**30 - 1) seeds it: a
solo game's deal, a number a player can share; it also gives the computer
players' and the app's draws. A linked game is dealt by ``keyed.Keyed``
instead, from a key nobody can work out.
"""

from micropython import const

DEAL_MAX = const(0x3FFFFFFF)  # largest deal number: 2**30 - 1
KEY_BYTES = const(8)  # a linked game's deal key (``keyed.Keyed``)
_MASK16 = const(0xFFFF)


class Stream:
    """What a generator gives besides its 30 random bits (``next30``)."""

    def below(self, n):
        """A uniform integer in 0 .. n-1 (0 < n <= 2**30 - 1), unbiased."""
        limit = (DEAL_MAX // n) * n
        r = self.next30()
        while r >= limit:
            r = self.next30()
        return r % n

    def shuffle(self, buf, n=-1):
        """Fisher-Yates over the first ``n`` items of ``buf`` in place."""
        if n < 0:
            n = len(buf)
        i = n - 1
        while i > 0:
            j = self.below(i + 1)
            t = buf[i]
            buf[i] = buf[j]
            buf[j] = t
            i -= 1


class Prng(Stream):
    """xorshift32 over two 16-bit halves; ``next30`` gives 30 random bits."""

    def __init__(self, seed=1):
        self.hi = 0
        self.lo = 1
        self.seed(seed)

    def seed(self, seed):
        seed &= DEAL_MAX
        if seed == 0:
            seed = 0x2545F49  # xorshift must not start at zero
        self.hi = seed >> 16
        self.lo = seed & _MASK16
        for _ in range(8):  # spread a small seed over all 32 bits
            self.next30()

    def next30(self):
        h = self.hi
        lo = self.lo
        # x ^= x << 13
        h ^= ((h << 13) | (lo >> 3)) & _MASK16
        lo ^= (lo << 13) & _MASK16
        # x ^= x >> 17
        lo ^= h >> 1
        # x ^= x << 5
        h ^= ((h << 5) | (lo >> 11)) & _MASK16
        lo ^= (lo << 5) & _MASK16
        self.hi = h
        self.lo = lo
        return ((h & 0x3FFF) << 16) | lo

    def copy_from(self, other):
        self.hi = other.hi
        self.lo = other.lo
