"""`make release`: the whole CIRCUITPY drive as a versioned zip, and its SHA-256.

    python -m sim.release [--out dist]

Writes ``dist/elevator-console-VERSION.zip`` and ``.zip.sha256`` (the
``sha256sum`` format). The zip holds what ``make build`` writes (code.py,
settings.toml, and lib/, games/ and hal/ as CircuitPython ``.mpy``), a
README.txt for the drive and the licences of everything in it. A person
installs CircuitPython 10 and unzips it onto the CIRCUITPY drive.

Its bytes depend on the commit alone: the entries in sorted order, each
dated 1980-01-01 with the same permissions, compressed at one level, so
two builds of one commit give the same file (tests/test_bundle.py).
"""

import hashlib
import importlib.metadata
import os
import shutil
import sys
import tempfile
import zipfile

from sim import bundle

ROOT = bundle.ROOT
NAME = "elevator-console"
_DATE = (1980, 1, 1, 0, 0, 0)  # the earliest a zip can say

DRIVE_README = """Elevator card console {version}
====================================

Five card games of the "Elevator" family for a Raspberry Pi Pico (or a
Feather RP2040) with a small OLED screen and a few buttons, running
CircuitPython {major}.

To install
----------
1. Install CircuitPython {major}.x on the board: from circuitpython.org,
   download the .uf2 file for your board, hold BOOTSEL (Feather: BOOT)
   while you plug in USB, and copy the file onto the RPI-RP2 drive.
2. When the CIRCUITPY drive appears, unzip this archive onto it, so that
   code.py sits at the top of the drive, and let it replace what is there.
3. The board restarts and shows the title screen.

The modules are compiled for CircuitPython {major} (.mpy files). On any
other version the console says so on its serial port and its screen.

settings.toml chooses the board profile (which pins, screen and buttons):
edit its CONSOLE_PROFILE line for a Feather or a Pico W.

The keys, the games' rules and the wiring are in the project's docs
(docs/playing.md, docs/hardware.md). Licences: LICENSES/.
"""


def _licences():
    """{name in the zip: path} of the licence of everything shipped."""
    out = {"LICENSES/elevator-console.txt": os.path.join(ROOT, "LICENSE")}
    for name, _modules in bundle.ADAFRUIT_LIBS:
        dist = importlib.metadata.distribution(name.replace("adafruit_", "adafruit-circuitpython-"))
        found = [f for f in dist.files if "licenses/" in str(f).lower() or
                 str(f).upper().endswith("LICENSE")]  # fmt: skip
        if not found:
            bundle.fail("no licence file in the package of %s" % name)
        out["LICENSES/%s.txt" % name] = str(found[0].locate())
    return out


def _entry(name):
    info = zipfile.ZipInfo(name, _DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    info.create_system = 3  # unix, whatever machine builds it
    return info


def release(out_dir, version=None):
    """Write the zip and its checksum into ``out_dir``; returns the zip's path."""
    from sim import version as git_version

    version = version or git_version.describe()
    with tempfile.TemporaryDirectory() as tmp:
        tree = os.path.join(tmp, "CIRCUITPY")
        bundle.build(tree, version=version)
        members = {}
        for base, dirs, files in os.walk(tree):
            dirs.sort()
            for f in files:
                path = os.path.join(base, f)
                members[os.path.relpath(path, tree).replace(os.sep, "/")] = path
        members.update(_licences())
        readme = DRIVE_README.format(version=version, major=bundle.CIRCUITPYTHON)
        os.makedirs(out_dir, exist_ok=True)
        zpath = os.path.join(out_dir, "%s-%s.zip" % (NAME, version))
        with zipfile.ZipFile(zpath, "w") as z:
            for name in sorted(list(members) + ["README.txt"]):
                if name == "README.txt":
                    data = readme.encode()
                else:
                    with open(members[name], "rb") as f:
                        data = f.read()
                z.writestr(_entry(name), data, compresslevel=9)
    with open(zpath, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    with open(zpath + ".sha256", "w") as f:
        f.write("%s  %s\n" % (digest, os.path.basename(zpath)))
    return zpath


def main(argv=None):
    sys.path.insert(0, ROOT)
    from sim import cli

    p = cli.Parser("python -m sim.release", "release")
    p.add_argument("--out", default=os.path.join(ROOT, "dist"))
    args = p.parse_args(argv)
    if shutil.which("git") is None:
        cli.fail("release", "git is needed to name the version")
    path = release(args.out)
    with open(path + ".sha256") as f:
        print(
            "released %s (%d bytes), sha256 %s" % (path, os.path.getsize(path), f.read().split()[0])
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
