"""Put the board's import paths on sys.path, as CircuitPython does:
``lib/`` and the project root (so ``import cards`` and
``from games import ...`` resolve the same way as on a device)."""

import gc
import os
import sys

# Blinka's platform-independent mode: no "GENERIC_X86 is not fully
# supported" noise, and no probing of this machine's pins.
os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Appended, not prepended: the board's root holds ``code.py``, which must not
# hide the standard library's ``code`` module (pdb imports it) on CPython.
for path in (os.path.join(ROOT, "lib"), ROOT, os.path.join(ROOT, "tests")):
    if path not in sys.path:
        sys.path.append(path)


import pytest  # noqa: E402

import sim  # noqa: E402,F401  (the board's font sheet on Blinka: sim/fontsheet.py)


@pytest.fixture(autouse=True)
def _saves_in_tmp(tmp_path, monkeypatch):
    """The simulator's per-user save file lands in a temporary folder, so
    tests never touch (or depend on) the person's own saves."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))


@pytest.fixture(autouse=True)
def _no_forced_collections(monkeypatch):
    """The app collects garbage at every screen change, as a board's small
    heap needs; on CPython that checks nothing (mem_free is -1 here) and
    was a third of the suite's time. The MicroPython VM tests measure
    memory for real."""
    monkeypatch.setattr(gc, "collect", lambda *args: 0)
