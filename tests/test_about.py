"""The About screen and the version a maker reports: from the title's
menu, on the serial console at start-up, from ``python -m sim
--version``, and written into the bundle by ``make build``."""

import subprocess
import sys

import pytest

from sim import bundle, version
from sim.headless import Session
from sim.mpvm import ROOT


def _about(profile):
    s = Session(profile, seed=3)
    for _ in range(len(s.screen.items)):
        if s.screen.items[s.screen.menu.index] == "About":
            break
        s.press("DOWN")
    s.press("A")
    return s


@pytest.mark.parametrize("profile", ["pico-128x64", "feather-128x32"])
def test_about_says_version_runtime_board_heap_and_pystack(profile):
    s = _about(profile)
    assert type(s.screen).__name__ == "About"
    lines = s.screen.lines
    assert lines[0] == "VERSION " + version.describe()
    assert lines[1].startswith("CPYTHON 3.")
    assert lines[2] == "BOARD " + profile.upper()
    assert lines[3].startswith("FREE HEAP") and "LOWEST" in lines[3]
    assert lines[4].startswith("PYSTACK")
    shown = [r.text().strip() for r in s.screen.view.rows]
    assert shown[0] == lines[0][:32].upper()  # the small font has capitals only
    for _ in range(len(lines)):  # a small panel scrolls to the last line
        s.press("DOWN")
    assert lines[-1][:32].upper() in [r.text().strip() for r in s.screen.view.rows]
    s.press("B")
    assert type(s.screen).__name__ == "Title"


def test_about_lines_go_to_the_serial_console_at_start_up():
    s = Session(seed=3)
    out = s.hw.reports  # printed on a board (tests/device_check.py sees them there)
    assert "about: version " + version.describe().lower() in out
    assert "about: board pico-128x64" in out and "about: pystack none (not a board)" in out


def test_sim_version_flag():
    r = subprocess.run([sys.executable, "-m", "sim", "--version"], cwd=ROOT, capture_output=True,
                       text=True)  # fmt: skip
    assert r.returncode == 0 and version.describe() in r.stdout
    assert version.describe() != "unknown"  # a git checkout: a real version


def test_make_build_writes_the_version_into_the_bundle(tmp_path):
    files = bundle.build(str(tmp_path / "CIRCUITPY"), fmt="py")
    assert "lib/version.py" in files
    text = (tmp_path / "CIRCUITPY" / "lib" / "version.py").read_text()
    assert 'VERSION = "%s"' % version.describe() in text
    files = bundle.build(str(tmp_path / "CIRCUITPY"))  # as shipped: compiled
    assert (
        version.describe().encode() in (tmp_path / "CIRCUITPY" / "lib" / "version.mpy").read_bytes()
    )
