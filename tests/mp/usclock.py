"""Microseconds on both VMs, for the timing scripts in this folder:
``now()`` and ``diff(a, b)`` (``time.ticks_us``/``ticks_diff`` on
MicroPython, ``perf_counter_ns`` on CPython)."""

import time

try:
    now = time.ticks_us
    diff = time.ticks_diff
except AttributeError:  # CPython

    def now():
        return time.perf_counter_ns() // 1000

    def diff(a, b):
        return a - b
