"""Start-up, from ``import app`` to the title, on the MicroPython VM.

    python -m sim.startup [--runs 7]

Builds the device bundle as ``.py`` and as ``.mpy`` (``sim.mpvm.app_tree``)
and runs ``tests/mp/startup.py`` in each: once to list every module the
app imports before the title shows (those let go again included), and
the bytes of their files (what a board compiles from ``.py``, or loads
from ``.mpy``); then ``--runs`` times in fresh processes, timed, for the
VM's time: the least of the runs (the machine's other work only ever adds), and
the median. A board adds
``code.py`` and its HAL (``hal/``) to both; the VM runs a stand-in HAL.
The last line is JSON.
"""

import json
import os
import statistics
import sys
import tempfile

from sim import cli
from sim.mpvm import app_tree, run_mp


def _file(tree, module, ext):
    """The bundle file that holds ``module`` (``lib/x``, ``lib/a/b``,
    ``games/x``), or None (a stand-in or the harness)."""
    parts = module.split(".")
    for base in (["lib"], []):
        path = os.path.join(tree, *(base + parts)) + ext
        if os.path.exists(path):
            return path
        path = os.path.join(tree, *(base + parts + ["__init__"])) + ext
        if os.path.exists(path):
            return path
    return None


def measure(tree, ext, runs=7):
    """{"us": median VM time, "bytes": file bytes loaded, "modules": [...]}."""
    times = []
    for i in range(runs + 1):
        r = run_mp(["-m", "startup"] + (["list"] if i == 0 else []), heap="400K", cwd=tree)
        if r.returncode != 0:
            raise RuntimeError(r.stdout[-2000:] + r.stderr[-2000:])
        lines = r.stdout.strip().splitlines()
        if i == 0:
            modules = [line.split()[1] for line in lines if line.startswith("MODULE ")]
        else:
            times.append(int(lines[-1].split("=")[1]))
    files = [_file(tree, m, ext) for m in modules]
    return {
        "us": min(times),
        "us_median": int(statistics.median(times)),
        "bytes": sum(os.path.getsize(f) for f in files if f),
        "modules": [m for m, f in zip(modules, files) if f],
    }


def figures(runs=7):
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for mpy in (False, True):
            tree = app_tree(os.path.join(tmp, "mpy" if mpy else "py"), mpy=mpy)
            out["mpy" if mpy else "py"] = measure(tree, ".mpy" if mpy else ".py", runs)
    return out


def main(argv=None):
    p = cli.Parser("python -m sim.startup", "startup")
    p.add_argument("--runs", type=int, default=7)
    a = p.parse_args(argv)
    if a.runs < 1:
        p.fail("--runs must be at least 1")
    fig = figures(a.runs)
    for tag in ("py", "mpy"):
        f = fig[tag]
        line = "%-4s %2d modules, %6d bytes, %6.1f ms on the VM: " % (
            tag,
            len(f["modules"]),
            f["bytes"],
            f["us"] / 1000,
        )
        print(line + " ".join(f["modules"]))
    print(json.dumps(fig))
    return 0


if __name__ == "__main__":
    sys.exit(main())
