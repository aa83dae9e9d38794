"""The chance Hard's own players count with (``color_elevator_hard``,
``shedding_hard``): that a hand dealt from the cards a seat has not seen
misses every card that would answer a play. Whole numbers per mille, so a
decision allocates nothing but small ints; loaded only with a Hard player.
"""


def none_of(u, b, h):
    """Per mille: the chance that ``h`` cards dealt from ``u`` unseen hold
    none of ``b`` of them."""
    if h >= u:
        return 0 if b else 1000
    p = 1000
    for i in range(h):
        p = p * (u - b - i) // (u - i)
        if p <= 0:
            return 0
    return p
