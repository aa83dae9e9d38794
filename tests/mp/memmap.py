"""Where the heap goes during the long session, on the MicroPython VM.

Run from a bundle root (``sim.mpvm.app_tree``) by ``python -m
sim.memory``, which reads what this prints:

    micropython -X heapsize=4M -m memmap [CYCLES] [HEIGHT] [nohook]

It runs ``session.py`` with two instruments:

- every import goes through a hook that records, per module, the heap
  it keeps (after a collection) and the interned names it added
  (``qstr_info``, printed and read by the host); with ``nohook`` the
  imports run untouched (the fragmentation pass, at a small heap);
- at each moment (the title, each game's first table, the title after
  the session) the live heap, free heap, largest free block
  (``mem_info``, printed), the display objects under the screen, the
  game state, and every module-level buffer.

Lines start with 'MAP '; ``sim/memory.py`` turns them into the map.
"""

import builtins
import gc
import sys

import micropython

sys.path.insert(0, "lib")
sys.path.insert(0, "display")

_real_import = builtins.__import__
_open = []  # imports under way: [name, what the modules they imported kept]


def _alloc():
    gc.collect()
    return gc.mem_alloc()


def _hook(name, globs=None, locs=None, fromlist=None, level=0):
    if name in sys.modules:
        mod = sys.modules[name]
        if not fromlist or all([hasattr(mod, f) for f in fromlist]):
            return _real_import(name, globs, locs, fromlist, level)
    start = _alloc()
    print("MAP qstr-begin " + name)
    micropython.qstr_info()
    _open.append([name, 0])
    try:
        mod = _real_import(name, globs, locs, fromlist, level)
    finally:
        _, kids_kept = _open.pop()
        kept = _alloc() - start
        print("MAP qstr-end " + name)
        micropython.qstr_info()
        print("MAP import %s kept=%d kids_kept=%d depth=%d"
              % (name, kept, kids_kept, len(_open)))  # fmt: skip
        if _open:
            _open[-1][1] += kept
    return mod


def _size_of(obj):
    """Heap bytes of a copy of a buffer (list, bytearray, bytes, str)."""
    gc.collect()
    a = gc.mem_alloc()
    c = obj[:] if not isinstance(obj, (bytes, str)) else bytearray(obj)
    b = gc.mem_alloc()
    del c
    return b - a


def _buffers():
    """Module-level buffers: lists and bytearrays of 16 items or more."""
    for mname in sorted(sys.modules):
        mod = sys.modules[mname]
        for attr in dir(mod):
            v = getattr(mod, attr, None)
            if isinstance(v, (list, bytearray)) and len(v) >= 16:
                print("MAP buffer %s.%s len=%d bytes=%d" % (mname, attr, len(v), _size_of(v)))


def _display(group):
    """Count the display objects under ``group`` (no recursion: a stack)."""
    counts = {}
    tiles = 0
    todo = [group]
    while todo:
        g = todo.pop()
        kind = type(g).__name__
        counts[kind] = counts.get(kind, 0) + 1
        if hasattr(g, "_layers"):
            todo.extend(g._layers)
        elif kind == "TileGrid":
            tiles += g.width * g.height
    return counts, tiles


def _unit_costs():
    import displayio

    import ui_glyphs

    gc.collect()
    a = gc.mem_alloc()
    grids = [displayio.TileGrid(ui_glyphs.FONT, pixel_shader=ui_glyphs.PALETTE, width=1, height=1,
                                tile_width=4, tile_height=6) for _ in range(16)]  # fmt: skip
    b = _alloc()
    groups = [displayio.Group() for _ in range(16)]
    c = _alloc()
    print("MAP unit TileGrid=%d Group=%d" % ((b - a) // 16, (c - b) // 16))
    del grids, groups


_HOOKED = [True]


def probe(moment, app):
    gc.collect()
    used = gc.mem_alloc()
    free = gc.mem_free()
    print("MAP moment %s used=%d free=%d" % (moment.replace(" ", "_"), used, free))
    micropython.mem_info()
    print("MAP names %s" % moment.replace(" ", "_"))
    micropython.qstr_info()
    if not _HOOKED[0]:  # the fragmentation pass: nothing more that allocates
        return
    print("MAP modules %s %s" % (moment.replace(" ", "_"), " ".join(sorted(sys.modules))))
    screen = app.screen
    if screen is not None:
        counts, tiles = _display(screen.group)
        print("MAP display %s tiles=%d %s" % (moment.replace(" ", "_"), tiles,
              " ".join(["%s=%d" % (k, counts[k]) for k in sorted(counts)])))  # fmt: skip
        state = getattr(screen, "state", None)
        if state is not None:
            gc.collect()
            a = gc.mem_alloc()
            c = state.clone()
            b = _alloc()
            del c
            base = getattr(screen, "base", None)
            print("MAP state %s bytes=%d base=%d moves=%d" % (moment.replace(" ", "_"), b - a,
                  0 if base is None else b - a, len(screen.record.moves)))  # fmt: skip
    _buffers()


_peak = [0, ""]


def _frame_peak(frame):
    """Wrap app_run.frame: the live heap (after a collection) at the end
    of every frame, and where it was highest."""

    def wrapped(app, hw):
        frame(app, hw)
        gc.collect()
        used = gc.mem_alloc()
        if used > _peak[0]:
            _peak[0] = used
            _peak[1] = type(app.screen).__name__ if app.screen is not None else "-"

    return wrapped


def main(cycles, height, hook=True):
    _HOOKED[0] = hook
    if hook:
        builtins.__import__ = _hook
    import session
    import vmhal

    vmhal.frame = _frame_peak(vmhal.frame)

    if hook:
        _unit_costs()
    tally = session.Tally(cycles)
    tally.probe = probe
    app, hw = session.run(cycles, height, tally)
    print("MAP peak used=%d screen=%s" % (_peak[0], _peak[1]))
    print("MAP end written=%d expected=%d restarts=%d" % (tally.written, tally.expected,
                                                          hw.reloads))  # fmt: skip
    print(session.summary(cycles, tally, hw))


if __name__ == "__main__":
    a = sys.argv[1:]
    main(int(a[0]) if a else 50, int(a[1]) if len(a) > 1 else 64, "nohook" not in a)
