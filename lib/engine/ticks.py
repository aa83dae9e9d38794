"""Millisecond ticks that wrap at 2**29, as ``supervisor.ticks_ms`` counts
them: adding to a deadline and comparing two of them across the wrap.

The same arithmetic as ``adafruit_ticks`` (``ticks_add``, ``ticks_diff``),
the only two functions of it the console uses, without the rest of that
module in the heap.
"""

from micropython import const

_PERIOD = const(1 << 29)
_MASK = const(_PERIOD - 1)
_HALF = const(_PERIOD // 2)


def ticks_add(ticks, n):
    """``ticks`` + ``n`` (|delta| below 2**28), wrapped."""
    if -_HALF < n < _HALF:
        return (ticks + n) % _PERIOD
    raise OverflowError("ticks interval overflow")


def ticks_diff(a, b):
    """``a`` - ``b``, signed, for ticks within 2**28 of each other."""
    diff = (a - b) & _MASK
    return ((diff + _HALF) & _MASK) - _HALF
