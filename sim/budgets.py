"""The heap budgets ``make test`` holds on the MicroPython VM, in KB.

Each is the smallest steady heap a run needed on the VM before the app
layer was re-cut by concept (r102; ``sim.mpvm.steady_min_kb``: every heap
from it up to 6 KB above completes too), plus 3 KB; a run that needs more
fails its test. Every budget run first makes the VM's name pool for
names 1,281 to 2,560 (``tests/mp/vmhal.py``, ``grow_names``: about 17 KB
on this VM, the same for every version measured), so that a few names
more or less never move a figure by a whole pool: where a VM's pools
double is not where a board's do.

They are VM figures (a 64-bit build): what a board needs is measured on a
board (``../shared/notes/device-measurements.md``), never scaled from
these. ``tests/test_micropython_vm.py`` holds them; ``make bench`` prints
what the code needs now beside them.
"""

# The long session (tests/mp/session.py): fifty games from the title, by
# (.py or .mpy, panel height)
SESSION = {("py", 64): 206, ("mpy", 64): 202, ("py", 32): 202}

# One game played from the title to its results and back to the menu
# (tests/mp/app_run.py, up to four players, 128x64), by (game, .py or .mpy)
APP = {
    ("color-elevator", "py"): 194,
    ("elevator-solitaire", "py"): 197,
    ("elevator", "py"): 196,
    ("bastard", "py"): 190,
    ("roller-coaster", "py"): 190,
    ("color-elevator", "mpy"): 187,
    ("elevator-solitaire", "mpy"): 189,
    ("elevator", "mpy"): 190,
    ("bastard", "mpy"): 190,
    ("roller-coaster", "mpy"): 182,
}

# Link play (tests/mp/link_run.py): hosting twelve-seat Bastard with three
# guests, and joining it, by (role, .py or .mpy, panel height)
LINK = {
    ("host", "py", 64): 216,
    ("host", "mpy", 64): 217,
    ("host", "py", 32): 217,
    ("guest", "py", 64): 208,
    ("guest", "mpy", 64): 209,
    ("guest", "py", 32): 208,
}
