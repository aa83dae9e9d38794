"""A linked game's deal: the Speck32/64 block cipher (Beaulieu et al.,
2013: 16-bit words, a 64-bit key, 22 rounds) in counter mode, keyed by
``KEY_BYTES`` from the host's random source (``match.random_key``).

Its outputs are a cipher's, so no seat can work the key, and with it the
hands and the stock it did not see, back from its own cards short of
trying 2**64 keys; a deal number's 2**30 seeds of xorshift32 were all
tried against a hand in under a minute. Every intermediate is a 16-bit
word (below 2**30: no long integer on a board). Loaded only for a
linked game's deal.
"""

from micropython import const

from engine.prng import Stream

_MASK16 = const(0xFFFF)
_ROUNDS = const(22)


class Keyed(Stream):
    """Speck32/64 in counter mode: ``seed(key, stream)`` with an 8-byte
    ``key`` (bytes 0-1 the first key word k0, then l0, l1, l2, each
    big-endian) starts the ``stream``-th run of 65,536 blocks (a deal is
    stream 0; Color Elevator's n-th rebuild of the stock, stream n); each
    ``next30`` enciphers the next counter and gives 30 bits of it. Made
    once: seeding and drawing allocate nothing."""

    def __init__(self):
        self.keys = [0] * _ROUNDS  # the round keys
        self.count = 0
        self.x = 0  # the last block enciphered
        self.y = 0

    def seed(self, key, stream=0):
        k = key[0] << 8 | key[1]
        a = key[2] << 8 | key[3]
        b = key[4] << 8 | key[5]
        c = key[6] << 8 | key[7]
        keys = self.keys
        for i in range(_ROUNDS):
            keys[i] = k
            # l[i+3] = (k[i] + (l[i] >>> 7)) ^ i; k[i+1] = (k[i] <<< 2) ^ l[i+3]
            t = ((k + ((a >> 7) | (a << 9))) & _MASK16) ^ i
            k = (((k << 2) | (k >> 14)) & _MASK16) ^ t
            a = b
            b = c
            c = t
        self.count = stream << 16

    def block(self, x, y):
        """Encipher the block of 16-bit words (x, y) into ``x`` and ``y``
        (two words: their 32 bits together would be a long integer)."""
        for k in self.keys:
            x = ((((x >> 7) | (x << 9)) & _MASK16) + y) & _MASK16 ^ k
            y = (((y << 2) | (y >> 14)) & _MASK16) ^ x
        self.x = x
        self.y = y

    def next30(self):
        n = self.count
        self.count = n + 1
        self.block(n >> 16, n & _MASK16)
        return ((self.x & 0x3FFF) << 16) | self.y


_keyed = Keyed()


def stream(key, n):
    """The generator of the ``n``-th shuffle of the deal ``key``: the one
    ``Keyed``, made when this module loads, seeded for it."""
    _keyed.seed(key, n)
    return _keyed
