"""From power-up to the title on the MicroPython VM: what the app loads
and how long it takes.

Run from a bundle root laid out by ``sim.mpvm.app_tree``:

    micropython -X heapsize=400K -m startup [list]

The clock runs from the HAL's making (the VM's stand-in, ``vmhal.py``,
which loads the bundle's ``buttons`` and ``ticks`` as a board's
``hal.open()`` does, over an erased store as a new board's) until the
title is the screen shown, and prints ``us=N``. With ``list`` every
module of the bundle imported on the way, those let go again included,
is printed first (``MODULE name``): the import hook that sees them costs
time, so a timed run has none.
"""

import sys
import time

sys.path.insert(0, "lib")
sys.path.insert(0, "display")

_HARNESS = ("vmhal", "startup", "displayio", "terminalio", "micropython")


def main(listing):
    seen = []
    if listing:
        import builtins

        real = builtins.__import__

        def hook(name, *args):
            if name not in sys.modules and name not in seen:
                seen.append(name)
            return real(name, *args)

        builtins.__import__ = hook
    t0 = time.ticks_us()
    from vmhal import HAL, shown

    hw = HAL(64, bytearray(b"\xff" * 4096))  # a new board's store: erased flash
    from app import App

    app = App(hw)
    app.start()
    us = time.ticks_diff(time.ticks_us(), t0)
    assert shown(app) == "Title", shown(app)
    for m in seen:
        if m not in _HARNESS:
            print("MODULE " + m)
    print("us=%d" % us)


main(sys.argv[-1] == "list")
