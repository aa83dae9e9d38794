"""A returning guest proves it holds its seat's token without sending it
(docs/link.md, "Seats stay with their owner"): the host asks with a
challenge of 4 random bytes, and the guest answers with that challenge
enciphered by Speck32/64 keyed with the token (``engine.keyed``). A frame
seen on the wire is worth nothing afterwards: the next challenge is
another, and the token, 64 bits, cannot be worked back from the answers.
Loaded by link play's host and guest when a guest comes back.
"""

from micropython import const

TOKEN = const(8)  # bytes of a seat's token
SIZE = const(4)  # bytes of a challenge, and of its answer


def sign(token, data, k, out, at):
    """The answer to the challenge ``data[k:k + 4]`` under ``token``, into
    ``out[at:at + 4]``."""
    from engine.keyed import Keyed

    c = Keyed()  # (its own: the deal's generator is never touched)
    c.seed(token)
    c.block(data[k] << 8 | data[k + 1], data[k + 2] << 8 | data[k + 3])
    out[at] = c.x >> 8
    out[at + 1] = c.x & 0xFF
    out[at + 2] = c.y >> 8
    out[at + 3] = c.y & 0xFF


def holds(token, challenge, data, k):
    """Whether ``data[k:k + 4]`` answers ``challenge`` under ``token``."""
    if not token or not challenge:
        return False
    want = bytearray(SIZE)
    sign(token, challenge, 0, want, 0)
    same = 0
    for i in range(SIZE):
        same |= want[i] ^ data[k + i]
    return same == 0
