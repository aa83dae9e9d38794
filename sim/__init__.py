"""Desktop simulator: the console's HAL contract on CPython.

Importing ``sim`` puts ``lib/`` and the project root first on ``sys.path``,
the same two places CircuitPython searches, so the simulator imports every
module exactly as a board does (``import cards``, ``from games import ...``).
"""

import os
import sys

# Blinka's platform-independent mode: no "GENERIC_X86 is not fully
# supported" noise, and no probing of this machine's pins.
os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# lib/ first, as on a board; the root goes last so that its code.py never
# hides the standard library's ``code`` module.
_LIB = os.path.join(ROOT, "lib")
if _LIB not in sys.path:
    sys.path.insert(0, _LIB)
if ROOT in sys.path:
    sys.path.remove(ROOT)
sys.path.append(ROOT)


def _board_font():
    # the board's built-in font as a tile sheet (sim/fontsheet.py), before
    # any device module reads terminalio.FONT
    from sim import fontsheet

    fontsheet.install()


_board_font()
