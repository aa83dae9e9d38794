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
from hypothesis import settings  # noqa: E402

import sim  # noqa: E402,F401  (the board's font sheet on Blinka: sim/fontsheet.py)

# The same examples on every run, so `make test` passes or fails alike on
# any machine (tests that count what their examples met, such as
# test_saves_app's damaged stores, once found no dropped game in 60 random
# ones). HYPOTHESIS_PROFILE=explore draws new examples each run.
settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


@pytest.fixture(autouse=True)
def _saves_in_tmp(tmp_path, monkeypatch):
    """The simulator's per-user save file lands in a temporary folder, so
    tests never touch (or depend on) the person's own saves."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))


@pytest.fixture(autouse=True, scope="session")
def _no_forced_collections():
    """The app collects garbage at every screen change, as a board's small
    heap needs; on CPython that checks nothing (mem_free is -1 here) and
    was a third of the suite's time. The MicroPython VM tests measure
    memory for real. For the whole session, so module fixtures that run
    the app skip it too: a worker's heap is large, and the text view's
    screens alone made 680 collections of about 0.1 s each."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(gc, "collect", lambda *args: 0)
        yield
