"""Put the board's import paths first, as CircuitPython does: ``lib/``
and the project root (so ``import cards`` and ``from games import ...``
resolve the same way as on a device)."""

import os
import sys

# Blinka's platform-independent mode: no "GENERIC_X86 is not fully
# supported" noise, and no probing of this machine's pins.
os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for path in (os.path.join(ROOT, "tests"), ROOT, os.path.join(ROOT, "lib")):
    if path not in sys.path:
        sys.path.insert(0, path)
