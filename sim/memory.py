"""The console's memory map, from the MicroPython VM.

    python -m sim.memory [--cycles 50] [--height 64] [--no-bisect] [--jobs 2]

Builds the device bundle twice (``.py`` as shipped, and precompiled to
MicroPython ``.mpy``), runs the long session (``tests/mp/session.py``:
fifty games from the title by button presses) under the instruments of
``tests/mp/memmap.py``, and prints where the heap goes: at the title, at
each game's table and at the session's peak; each module's resident code
and interned names and what loading it took; the compile peak of every
``.py`` file; display objects, game state and module-level buffers; and
fragmentation (largest free block against free). Then it finds, by
bisection, the smallest heap in which the whole session completes with
every save written and no out-of-memory restart, for both builds.

The last line is one JSON object: ``session_heap_kb`` ({"py", "mpy"}),
``title_heap_kb``, ``peak_heap_kb``, ``pystack_bytes``, ``saves_written``,
``saves_expected``, ``restarts`` and the figures behind them.

The VM is 64-bit, and these are VM figures: what a board needs is
measured on a board (docs/architecture.md, "Memory"), never
scaled from them.
"""

import json
import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

from sim import cli
from sim.mpvm import app_tree, micropython, most_layouts, run_mp, steady_min_kb

_BLOCK = 32  # bytes in a GC block on the 64-bit VM (4 words)
_OK = "restarts=0"


def session_ok(stdout):
    """True when a session run completed: every save written, no restart."""
    lines = stdout.strip().splitlines()
    if not lines or not lines[-1].startswith("cycles="):
        return False
    fig = dict(kv.split("=") for kv in lines[-1].split())
    return fig["restarts"] == "0" and fig["saves_written"] == fig["saves_expected"]


def _steady(args, tree, passed, lo, hi, layouts):
    def ok(kb):
        def run(layout):
            r = run_mp(args, heap="%dK" % kb, cwd=tree, layout=layout)
            return r.returncode == 0 and passed(r.stdout), ""

        return most_layouts(run)[0] if layouts else run(0)[0]

    return steady_min_kb(ok, lo, hi)


def session_min_kb(tree, cycles, height, lo=64, hi=512, layouts=False):
    """The smallest steady heap (KB) in which the session completes
    (``sim.mpvm.steady_min_kb``: every heap up to a few KB above it too;
    with ``layouts``, in most of ``sim.mpvm.LAYOUTS``, as a budget test
    holds it); -1 when it does not complete even in ``hi``."""
    args = ["-m", "session", str(cycles), str(height)]
    return _steady(args, tree, session_ok, lo, hi, layouts)


def link_ok(stdout):
    """True when a linked game ran to its end with no restart."""
    last = (stdout.strip().splitlines() or [""])[-1]
    return "finished=1 restarts=0" in last


def link_min_kb(tree, role, height=64, lo=96, hi=512, layouts=False):
    """The smallest heap (KB) in which a linked game completes on the VM
    (``tests/mp/link_run.py``: ``host``, Bastard at twelve seats with three
    guests, or ``guest``, one seat of it): the smallest steady heap (with
    ``layouts`` as ``session_min_kb``); -1 if not in ``hi``."""
    args = ["-m", "link_run"] + (["3", "12", str(height)] if role == "host"
                                 else ["guest", "12", str(height)])  # fmt: skip
    return _steady(args, tree, link_ok, lo, hi, layouts)


_LINK_CODE = """
import sys, gc
sys.path.insert(0, "lib")
sys.path.insert(0, "display")
from vmhal import HAL
from app import App
app = App(HAL(64, bytearray(4096)))
app.start()
for m in ("link.frame", "link.obs", "link.peers", "link.host", "link.saved", "link.guest",
          "link.menu"):
    gc.collect()
    a = gc.mem_alloc()
    __import__(m)
    gc.collect()
    print(m, gc.mem_alloc() - a)
"""


def link_code(tree):
    """{module: bytes it keeps resident}, loaded over the app at the title."""
    r = run_mp(["-c", _LINK_CODE], heap="4M", cwd=tree)
    return {n: int(v) for n, v in (line.split() for line in r.stdout.splitlines()
                                   if line.startswith("link."))}  # fmt: skip


_COMPILE = """
import gc, micropython, sys
with open(sys.argv[1]) as f:
    src = f.read()
n = len(src)
gc.collect()
gc.disable()
cur = micropython.mem_current()
code = compile(src, sys.argv[1], "exec")
peak = micropython.mem_peak() - cur
del src
gc.enable()
gc.collect()
print(peak, gc.mem_alloc(), n)
"""


def compile_peaks(tree):
    """{path: (compile peak, source bytes)} for every .py under the tree's
    lib/, games/ and hal/, each compiled alone in a fresh VM."""
    probe = os.path.join(tree, "_compile_probe.py")
    with open(probe, "w") as f:
        f.write(_COMPILE)
    out = {}
    for d in ("lib", "games", "hal"):
        for base, _dirs, files in os.walk(os.path.join(tree, d)):
            for name in sorted(files):
                if name.endswith(".py"):
                    rel = os.path.relpath(os.path.join(base, name), tree)
                    r = run_mp(["_compile_probe.py", rel], heap="2M", cwd=tree)
                    if r.returncode == 0:
                        peak, _after, n = r.stdout.split()
                        out[rel] = (int(peak), int(n))
    os.remove(probe)
    return out


def _qstr_total(line):
    # "qstr pool: n_pool=1, n_qstr=3, n_str_data_bytes=26, n_total_bytes=314"
    return int(line.rsplit("n_total_bytes=", 1)[1])


def parse(stdout):
    """The memmap run's lines, gathered."""
    m = {"imports": {}, "moments": [], "display": {}, "state": {}, "buffers": {},
         "modules": {}, "unit": {}, "peak": (0, "-"), "end": {}, "pools": [],
         "names_end": (0, 0)}  # fmt: skip
    qstr_open = {}
    pending = None
    moment = None
    names_at = None
    lines = stdout.splitlines()
    for line in lines:
        if line.startswith("qstr pool:"):
            pool = int(line.split("n_pool=")[1].split(",")[0])
            count = int(line.split("n_qstr=")[1].split(",")[0])
            if not m["pools"] or m["pools"][-1][0] != pool:
                m["pools"].append((pool, count, _qstr_total(line)))
            m["names_end"] = (count, _qstr_total(line))
        if line.startswith("qstr pool:") and names_at is not None:
            names_at["names"] = int(line.split("n_qstr=")[1].split(",")[0])
            names_at["name_bytes"] = _qstr_total(line)
            names_at = None
            continue
        if line.startswith("qstr pool:") and pending is not None:
            kind, name = pending
            if kind == "begin":
                qstr_open[name] = _qstr_total(line)
            else:
                m["imports"].setdefault(name, {})["qstr_total"] = _qstr_total(line) - qstr_open.pop(
                    name, _qstr_total(line)
                )
            pending = None
            continue
        if line.startswith("GC: total:") and moment is not None:
            moment["heap"] = int(line.split("total:")[1].split(",")[0])
            continue
        if "max free sz:" in line and moment is not None:
            moment["largest_free"] = int(line.rsplit("max free sz:", 1)[1]) * _BLOCK
            continue
        if not line.startswith("MAP "):
            continue
        words = line.split()
        kind = words[1]
        kv = dict(w.split("=", 1) for w in words[2:] if "=" in w)
        if kind == "qstr-begin":
            pending = ("begin", words[2])
        elif kind == "qstr-end":
            pending = ("end", words[2])
        elif kind == "import":
            name = words[2]
            rec = m["imports"].setdefault(name, {})
            if "kept" not in rec:  # the first load of a module
                rec.update({k: int(v) for k, v in kv.items()})
                rec["order"] = len(m["imports"])
            rec["loads"] = rec.get("loads", 0) + 1
        elif kind == "moment":
            moment = {"name": words[2], "used": int(kv["used"]), "free": int(kv["free"])}
            m["moments"].append(moment)
        elif kind == "names":
            names_at = moment
        elif kind == "modules":
            m["modules"].setdefault(words[2], words[3:])
        elif kind == "display":
            m["display"].setdefault(words[2], {k: int(v) for k, v in kv.items()})
        elif kind == "state":
            m["state"].setdefault(words[2], {k: int(v) for k, v in kv.items()})
        elif kind == "buffer":
            m["buffers"][words[2]] = {k: int(v) for k, v in kv.items()}
        elif kind == "unit":
            m["unit"] = {k: int(v) for k, v in kv.items()}
        elif kind == "peak":
            m["peak"] = (int(kv["used"]), kv["screen"])
        elif kind == "end":
            m["end"] = {k: int(v) for k, v in kv.items()}
    # a module's own share: what it kept less what the modules it imported kept
    for rec in m["imports"].values():
        if "kept" in rec:
            rec["own"] = rec["kept"] - rec.get("kids_kept", 0)
    return m


def run_map(tree, cycles, height, heap="4M", hook=True):
    """The session under ``memmap.py``'s instruments (``hook``: every
    import measured, at a heap large enough for that; without: the
    session as it runs, at ``heap``, for fragmentation)."""
    args = ["-m", "memmap", str(cycles), str(height)] + ([] if hook else ["nohook"])
    r = run_mp(args, heap=heap, cwd=tree, timeout=1800)
    m = parse(r.stdout)
    m["ok"] = r.returncode == 0 and session_ok(r.stdout)
    m["tail"] = (r.stdout[-1500:] + r.stderr[-1500:]) if not m["ok"] else ""
    if hook and not m["ok"]:
        raise RuntimeError("memmap run failed:\n" + m["tail"])
    return m


# modules of the measuring harness, and stand-ins for what is C on a board
HARNESS = ("session", "app_run", "autopilot", "memmap")
STANDINS = ("displayio", "terminalio")


def module_path(name):
    """The bundle path of a module name ('games.bastard' -> games/bastard.py,
    'table.view' -> lib/table/view.py)."""
    if name.split(".")[0] in ("games", "hal"):
        return name.replace(".", "/") + ".py"
    return "lib/%s.py" % name.replace(".", "/")


def _kb(n):
    return "%.1f" % (n / 1024)


def _moment(m, name):
    for mo in m["moments"]:
        if mo["name"] == name:
            return mo
    return {}


def report(maps, frag, peaks, budget, out=sys.stdout):
    """The map as text: .py beside .mpy."""
    w = out.write
    py, mpy = maps["py"], maps["mpy"]
    w("Memory map of the long session on the MicroPython VM (64-bit: VM figures;\n"
      "a board's are measured on a board: docs/architecture.md, Memory).\n"
      "KB.\n\n")  # fmt: skip
    w("Live heap after a collection (a 4 MB heap: nothing runs short), and the\n"
      "names interned so far (a name, once interned, is never freed; the pool\n"
      "that holds them grows by doubling, a block at a time; where it doubles is\n"
      "the VM's, not a board's, and a budget run crossing it moves by a pool):\n")  # fmt: skip
    w("  %-30s %9s %9s %16s %16s\n" % ("moment", "py", "mpy", "py names (KB)",
                                       "mpy names (KB)"))  # fmt: skip
    seen = []
    for mo in py["moments"]:
        if mo["name"] not in seen:
            seen.append(mo["name"])
    for name in seen:
        a, b = _moment(py, name), _moment(mpy, name)
        w("  %-30s %9s %9s %9d (%4s) %9d (%4s)\n" % (name, _kb(a.get("used", 0)),
          _kb(b.get("used", 0)), a.get("names", 0), _kb(a.get("name_bytes", 0)),
          b.get("names", 0), _kb(b.get("name_bytes", 0))))  # fmt: skip
    w(
        "  %-30s %9s %9s   (the most at the end of a frame: %s / %s)\n\n"
        % ("session peak", _kb(py["peak"][0]), _kb(mpy["peak"][0]), py["peak"][1], mpy["peak"][1])
    )
    for k in ("py", "mpy"):
        pools = maps[k]["pools"]
        steps = ["%d names (%s KB)" % (c, _kb(t)) for _p, c, t in pools[1:]]
        w("Name pools (%s): %d names at the end, %s KB in all; a pool was added at %s.\n"
          % (k, maps[k]["names_end"][0], _kb(maps[k]["names_end"][1]),
             ", ".join(steps) or "none"))  # fmt: skip
        if len(pools) >= 3:  # each pool holds about twice the one before
            (_p, a, ta), (_q, b, tb) = pools[-2], pools[-1]
            w("  the next pool, about %s KB at once, comes at about %d names\n"
              % (_kb(2 * (tb - ta)), b + 2 * (b - a)))  # fmt: skip
    w(
        "The instrumented run holds the instruments' own code and names (tests/mp/memmap.py):\n"
        "the session's figures without them are the fragmentation pass's below.\n\n"
    )
    w("Fragmentation in a heap of %d KB (the session as it runs): in use, free,\n"
      "and the largest free block, at each moment:\n" % budget)  # fmt: skip
    w("  %-30s %8s %8s %8s | %8s %8s %8s\n" % ("moment", "py used", "free", "largest",
                                             "mpy used", "free", "largest"))  # fmt: skip
    for name in seen:
        a, b = _moment(frag["py"], name), _moment(frag["mpy"], name)
        if a or b:
            w("  %-30s %8s %8s %8s | %8s %8s %8s\n" % (name, _kb(a.get("used", 0)),
              _kb(a.get("free", 0)), _kb(a.get("largest_free", 0)), _kb(b.get("used", 0)),
              _kb(b.get("free", 0)), _kb(b.get("largest_free", 0))))  # fmt: skip
    for k in ("py", "mpy"):
        mos = [(mo.get("largest_free", 0), i, mo) for i, mo in enumerate(frag[k]["moments"])]
        if mos:
            lf, i, mo = min(mos, key=lambda t: t[0])
            w(
                "  %s: the least largest free block of any moment: %s KB of %s free (%s, moment %d"
                " of %d)\n" % (k, _kb(lf), _kb(mo.get("free", 0)), mo["name"], i + 1, len(mos))
            )
    for k in ("py", "mpy"):
        if not frag[k]["ok"]:
            tail = frag[k]["tail"].strip().splitlines()[-8:]
            w("  %s: the session did not complete in %d KB:\n    %s\n"
              % (k, budget, "\n    ".join(tail)))  # fmt: skip
    w("\nModules in load order: own resident bytes (code, globals, interned names;\n"
      "less what the modules they import keep), names alone (the name pool grows\n"
      "in steps, charged to the module that fills it), the compile peak of the\n"
      "file alone from .py (none from .mpy), and how often it was loaded.\n")  # fmt: skip
    w("  %-32s %8s %7s %8s %8s %6s\n" % ("module", "py own", "names", "compile", "mpy own",
                                       "loads"))  # fmt: skip
    total = [0, 0]
    for name, rec in sorted(py["imports"].items(), key=lambda kv: kv[1].get("order", 0)):
        if "own" not in rec or (rec["own"] < 64 and name not in HARNESS):
            continue
        tag = " (harness)" if name in HARNESS else " (C on a board)" if name in STANDINS else ""
        mrec = mpy["imports"].get(name, {})
        peak = peaks.get(module_path(name), (0, 0))[0]
        w("  %-32s %8s %7s %8s %8s %6d%s\n" % (name, _kb(rec["own"]),
          _kb(rec.get("qstr_total", 0)), _kb(peak) if peak else "-",
          _kb(mrec.get("own", 0)), rec.get("loads", 0), tag))  # fmt: skip
        if not tag:
            total[0] += rec["own"]
            total[1] += mrec.get("own", 0)
    w("  %-32s %8s %7s %8s %8s\n" % ("the console's modules, all", _kb(total[0]), "", "",
                                    _kb(total[1])))  # fmt: skip
    w("\nCompile peak of each .py file compiled alone, against its size:\n")
    for path, (peak, n) in sorted(peaks.items(), key=lambda kv: -kv[1][0]):
        w("  %-44s %6s KB from %6d bytes (%.1fx)\n" % (path, _kb(peak), n, peak / max(n, 1)))
    unit = py.get("unit", {})
    w("\nDisplay objects under the screen (a TileGrid costs %d bytes on the VM's\n"
      "stand-in, about 96 on a board; a Group %d):\n" % (unit.get("TileGrid", 0),
                                                       unit.get("Group", 0)))  # fmt: skip
    for name, d in py["display"].items():
        w("  %-30s %s\n" % (name, " ".join("%s=%d" % kv for kv in sorted(d.items()))))
    w("\nGame state (one copy; a table keeps a second from the start of your turn):\n")
    for name, d in py["state"].items():
        w("  %-30s %6d bytes, move list %d\n" % (name, d["bytes"], d["moves"]))
    w("\nModule-level buffers (16 items or more) of every module loaded at a moment:\n")
    for name, d in sorted(py["buffers"].items(), key=lambda kv: -kv[1]["bytes"]):
        w("  %-44s %6d bytes (%d items)\n" % (name, d["bytes"], d["len"]))


def largest_items(maps, peaks, n=5):
    """The map's largest items: a module's resident share or a compile peak."""
    py = maps["py"]
    items = [("resident " + k, v.get("own", 0)) for k, v in py["imports"].items()
             if k not in HARNESS and k not in STANDINS]  # fmt: skip
    items += [("compile " + k, v[0]) for k, v in peaks.items()]
    items.sort(key=lambda kv: -kv[1])
    return items[:n]


def main(argv=None):
    p = cli.Parser("python -m sim.memory", "sim.memory", description=__doc__.split("\n")[0])
    p.add_argument("--cycles", type=int, default=50)
    p.add_argument("--height", type=int, default=64, choices=(32, 64))
    p.add_argument("--heap", type=int, default=200, help="KB for the fragmentation pass")
    p.add_argument("--no-bisect", action="store_true", help="the map only")
    p.add_argument("--no-stack", action="store_true", help="leave out the pystack measure")
    p.add_argument("--jobs", type=int, default=2)
    a = p.parse_args(argv)
    if not 1 <= a.cycles <= 500:
        p.fail("--cycles must be 1..500")
    if not 64 <= a.heap <= 4096:
        p.fail("--heap must be 64..4096 (KB)")
    micropython()
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"py": app_tree(os.path.join(tmp, "py")),
                 "mpy": app_tree(os.path.join(tmp, "mpy"), mpy=True)}  # fmt: skip
        with ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
            maps_f = {k: pool.submit(run_map, t, a.cycles, a.height) for k, t in trees.items()}
            frag_f = {k: pool.submit(run_map, t, a.cycles, a.height, "%dK" % a.heap, False)
                      for k, t in trees.items()}  # fmt: skip
            peaks_f = pool.submit(compile_peaks, trees["py"])
            heap_f = {}
            if not a.no_bisect:
                heap_f = {k: pool.submit(session_min_kb, t, a.cycles, a.height)
                          for k, t in trees.items()}  # fmt: skip
            maps = {k: f.result() for k, f in maps_f.items()}
            frag = {k: f.result() for k, f in frag_f.items()}
            peaks = peaks_f.result()
            heap = {k: f.result() for k, f in heap_f.items()}
            link_f = {}
            if not a.no_bisect:
                link_f = {"%s_%s" % (role, k): pool.submit(link_min_kb, t, role, a.height)
                          for k, t in trees.items() for role in ("host", "guest")}  # fmt: skip
            code_f = {k: pool.submit(link_code, t) for k, t in trees.items()}
            link = {k: f.result() for k, f in link_f.items()}
            code = {k: f.result() for k, f in code_f.items()}
    report(maps, frag, peaks, a.heap)
    stack = {"bytes": -1, "frames": 0, "where": "not measured"}
    if not a.no_stack:
        from sim import pystack

        stack = pystack.measure()
    py = maps["py"]
    title = _moment(py, "title")
    after = _moment(py, "title_after")
    top = largest_items(maps, peaks)
    out = sys.stdout
    out.write("\nLargest items: %s\n" % "; ".join("%s %s KB" % (k, _kb(v)) for k, v in top))
    out.write("Deepest device-code chain: %d frames, %d bytes of pystack (%s)\n"
              % (stack["frames"], stack["bytes"], stack["where"]))  # fmt: skip
    for k in ("py", "mpy"):
        c = code[k]
        host = sum(c.get(m, 0) for m in ("link.frame", "link.obs", "link.peers", "link.host"))
        guest = sum(c.get(m, 0) for m in ("link.frame", "link.obs", "link.saved", "link.guest",
                                         "link.menu"))  # fmt: skip
        out.write("Link play (%s): its code keeps %s KB resident on a host, %s KB on a guest "
                  "(%s)" % (k, _kb(host), _kb(guest), ", ".join("%s %s" % (m, _kb(v))
                                                               for m, v in c.items())))  # fmt: skip
        if link:
            out.write("; smallest heap, hosting 12 seats with 3 guests %s KB, joining %s KB"
                      % (link["host_" + k], link["guest_" + k]))  # fmt: skip
        out.write("\n")
    end = py["end"]
    result = {
        "link_heap_kb": link,
        "link_code_bytes": code,
        "session_heap_kb": heap,
        "title_heap_kb": round(title.get("used", 0) / 1024, 1),
        "title_after_heap_kb": round(after.get("used", 0) / 1024, 1),
        "peak_heap_kb": {k: round(m["peak"][0] / 1024, 1) for k, m in maps.items()},
        "largest_free_kb": {
            k: round(min([mo.get("largest_free", 0) for mo in f["moments"]] or [0]) / 1024, 1)
            for k, f in frag.items()
        },
        "pystack_bytes": stack["bytes"],
        "pystack_frames": stack["frames"],
        "saves_written": end.get("written", 0),
        "saves_expected": end.get("expected", 0),
        "restarts": end.get("restarts", 0),
        "cycles": a.cycles,
        "largest": [[k, v] for k, v in top],
    }
    out.write(json.dumps(result) + "\n")
    return result


if __name__ == "__main__":
    main()
