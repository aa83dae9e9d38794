"""docs/figures.md: the page a bench run's figures are shown on.

``sim.bench`` measures and writes ``build/bench.json``; this module only
reads such a figures dict and turns it into Markdown (``markdown``), a
section a part of the console, and every figure no section knows in a last
table, so a new figure never goes missing from the page. It measures
nothing, so ``python -m sim.bench --render JSON`` can write the page again
from an old run.
"""

import json
import os
import re

from games import CATALOGUE
from sim import ROOT, speed

FIGURES_MD = os.path.join(ROOT, "docs", "figures.md")

# The rows of the page's self-play and tournament tables. sim.bench measures
# exactly these rows, so they are defined here, with the tables that show
# them, and bench imports them (the other way round would be circular).

# (game, players, variant) rows of the self-play table
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


# (game, players, variant, levels) rows of the tournament table: Hard against
# Normal and Normal against Easy at two players (three in Elevator, its
# smallest table) and four, in every game with opponents, and the variants
# at four
TOURNAMENT_ROWS = [
    (game_id, players, variant, levels)
    for game_id, players, variant in (
        ("color-elevator", 2, 0),
        ("color-elevator", 4, 0),
        ("color-elevator", 4, 1),
        ("elevator", 3, 0),
        ("elevator", 4, 0),
        ("bastard", 2, 0),
        ("bastard", 4, 0),
        ("bastard", 4, 1),
        ("roller-coaster", 2, 0),
        ("roller-coaster", 4, 0),
    )
    for levels in ("hard,normal", "normal,easy")
]


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
        "build: these are VM figures, not a board's. What a board needs is measured "
        'on a board ([architecture.md](architecture.md), "Memory"). `.mpy` is the '
        "build a board is given, its first byte set back to MicroPython's. A smallest heap "
        "for the whole app or the session is a steady edge held in most of three heap "
        "layouts, as the budgets are (`sim/budgets.py`: the edge plus 4 KB).",
        lines,
    )


# From code.py to the title before the app layer was re-cut (r102-7df9b18,
# `python -m sim.startup` on the same machine and day as the re-cut's
# first figures): modules, bytes loaded, the fastest of seven runs in us
STARTUP_BEFORE = {"py": (27, 135803, 23100), "mpy": (27, 44244, 6600)}


def _startup_md(f):
    rows = []
    for tag, name in (("py", "`.py`"), ("mpy", "`.mpy`")):
        n = f.get("startup_modules_%s" % tag)
        size = f.get("startup_bytes_%s" % tag)
        us = f.get("startup_us_%s" % tag)
        if n is None and size is None and us is None:
            continue
        bn, bsize, bus = STARTUP_BEFORE[tag]
        rows.append(
            (
                name,
                "%d modules, %s bytes, %.1f ms" % (bn, _num(bsize), bus / 1000),
                "%s modules, %s bytes, %s ms"
                % (_num(n), _num(size), "-" if us is None else "%.1f" % (us / 1000)),
            )
        )
    if not rows:
        return []
    return _section(
        "Start-up (MicroPython VM)",
        "From `code.py` to the title shown (`python -m sim.startup`: the modules the "
        "bundle loads on the way, their file bytes, the fastest of seven runs). On a "
        "Pico it took 3.25 s from `.py` and 1.21 s from `.mpy` at 894f046 (4.14 s and "
        "1.41 s at r102); a board is given `.mpy`, and the goal is under 1 s.",
        _table(("from", "before the app layer was re-cut (r102)", "now"), rows),
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
        (
            info.NAME,
            f.get("save_flash_writes_per_game_played_through_%s" % info.module),
            f.get("save_flash_erases_per_game_played_through_%s" % info.module),
        )
        for info in CATALOGUE
    ]
    writes = [(n, _num(w), _num(e)) for n, w, e in writes if w is not None]
    lines += _table(
        (
            "game",
            "writes into the store for a game played through (each move a 3-byte record)",
            "erases of its 4 KB sector",
        ),
        writes,
    )
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
                _num(r.get("no_winner")),
                _num(r.get("ms_per_decision")),
                _share(r.get("seat_bias")),
            )
        )
    return _section(
        "Opponent levels",
        "Seat-rotated matches, 2,000 games a row "
        "(`python -m sim.bench --tournament`, seed 1): the first level's win share "
        "per player with its 95% interval, and its ratio to the fair share; Hard at "
        "the board's budget. Only real wins count: a game that ended blocked or at its "
        'turn limit with nobody out credits no one ("no winner"). What the levels '
        "are: [opponents.md](opponents.md).",
        _table(
            (
                "game, players, variant",
                "match",
                "win share [95% interval]",
                "ratio to fair",
                "no winner",
                "ms a decision (CPython)",
                "seat bias",
            ),
            rows,
        ),
    )


def _size_md(f):
    py, mpy = f.get("bundle_py_bytes"), f.get("bundle_mpy_bytes")
    return _section(
        "Device bundle",
        None,
        _table(
            ("files", "size"),
            [
                _row(
                    "CircuitPython `.mpy`, as `make build` ships them",
                    None if mpy is None else _kb(mpy),
                ),  # fmt: skip
                _row(
                    "`.py`, as `make build FORMAT=py` ships them", None if py is None else _kb(py)
                ),  # fmt: skip
            ],
        ),
    )


def _link_md(f):
    # linkbench draws its own section with this page's helpers, handed over
    # here; imported late, as it pulls in the VM runner that the page needs
    # nowhere else
    from sim import linkbench

    return linkbench.markdown(f, _section, _table, _num)


def _web_md(f):
    from sim import webbench

    return webbench.markdown(f, _section, _table, _num)


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
        _startup_md,
        _speed_md,
        _hard_md,
        _solver_md,
        _bus_md,
        _saves_md,
        _size_md,
        _link_md,
        _web_md,
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
    """Write the page (``markdown``) to ``path``, docs/figures.md by default."""
    text = markdown(figures, date)  # made first: a section that fails leaves the page as it was
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
