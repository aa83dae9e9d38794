"""The heap budgets ``make test`` holds on the MicroPython VM, in KB.

Every budget is of the build a board is given: CircuitPython ``.mpy``
(``make build``), each file's first byte set back to MicroPython's for the
VM (``sim.mpvm.app_tree``). A figure is a steady edge
(``sim.mpvm.steady_min_kb``: every heap from it up to 6 KB above
completes too) held over heap layouts (most of ``sim.mpvm.LAYOUTS``
complete), and a budget is that edge plus ``MARGIN``: near its edge a run
passes or fails with where the heap's holes fall, which any edit moves by
a KB or two, so a budget held at the edge failed on unrelated edits,
while a growth past the margin is the code's to mend. From ``.mpy``
nothing compiles, so a docstring, which ``mpy-cross`` leaves out, moves
no figure. The same runs from ``.py`` (``make build FORMAT=py``, for
editing on a drive) only have to complete, in ``PY_HEAP``.

The VM's own name pool is not grown first (earlier budgets interned
dummy names so that where the 64-bit VM's pools double fell out of the
measure; on a 32-bit build that cost 37 KB and read as "does not fit"),
so a figure includes the names the code interns, as a board's does.

``*_BEFORE`` are the steady edges at 894f046, measured by this harness
before issue 36 (no name pool grown, ``.mpy``). They are VM figures (a
64-bit build): what a board needs is measured on a board (docs/figures.md
says where), never scaled from these. ``tests/test_micropython_vm.py``
holds them.
"""

MARGIN = 4  # KB over a run's steady edge
PY_HEAP = 288  # KB in which every run from .py completes

# The long session (tests/mp/session.py): fifty games from the title, by
# panel height
SESSION_BEFORE = {64: 199, 32: 198}
SESSION = {64: 189, 32: 187}

# A save at the long session's tightest moment (tests/mp/save_squeeze.py:
# the session, then a table of twelve with the heap filled as full as the
# session ever was, and the pause menu's save), at 128x64. The pause
# menu's module and widgets load there too (neither is loaded with the
# table), on the session's fullest moment of any game; the paused table
# has let go of its tiles and its scratch state
SQUEEZE_BEFORE = {64: 199}
SQUEEZE = {64: 192}

# One game played from the title to its results and back to the menu
# (tests/mp/app_run.py, up to four players, 128x64), by game. The run's
# person decides into the table's scratch state, as the console's hint
# does; until 2026-11-29 it made a new state a move, which set Roller
# Coaster's edge (151 then, 148 since)
APP_BEFORE = {
    "color-elevator": 163,
    "elevator-solitaire": 160,
    "elevator": 166,
    "bastard": 166,
    "roller-coaster": 158,
}
APP = {
    "color-elevator": 156,
    "elevator-solitaire": 147,
    "elevator": 158,
    "bastard": 158,
    "roller-coaster": 151,
}

# One game played from the title against Hard computer players, at four
# players (tests/mp/app_hard.py: app_run's walk, the others Hard).
# Elevator's and Bastard's endgame search (lib/opponents_endgame.py) loads
# there, and deal 7 reaches it, so the run holds its module and scratch
# states beside Hard's own player. HARD_BEFORE: the same run at 9239e31,
# Hard's own player alone. The harness (app_run wrapped) holds about 2 KB
# more than app_run, so these are not comparable with APP's.
HARD_BEFORE = {"elevator": 171, "bastard": 172}
HARD = {"elevator": 179, "bastard": 179}

# Link play (tests/mp/link_run.py): hosting twelve-seat Bastard with three
# guests, and joining it, by (role, panel height). The host's run made its
# three guests in its own heap until 7b12240 (a 1 KB inbox each and their
# decoders: other consoles' memory, 8.9 KB of objects); they now hold next
# to nothing there, which put the host's steady edge 6 KB lower on the same
# code (065c0a4: 192 with the old run, 186 with this one). LINK_BEFORE is
# the old run's; that run reads 188 KB for the host at b468f55, 187 once
# the lobby is let go as the game loads (link.lobby).
LINK_BEFORE = {("host", 64): 199, ("guest", 64): 194, ("host", 32): 199, ("guest", 32): 194}
LINK = {("host", 64): 186, ("guest", 64): 195, ("host", 32): 185, ("guest", 32): 194}

# A whole game between computers, rules and players alone
# (tests/mp/full_game.py), at each game's largest table and in each variant
GAME_BEFORE = 52  # Bastard at twelve; the others 39-49
GAME = 55


# every game at its largest table and in each variant, (game, players,
# variant), each dealt twice: what GAME holds
FULL_GAMES = (
    ("roller-coaster", 4, 0),
    ("roller-coaster", 8, 0),
    ("color-elevator", 4, 0),
    ("color-elevator", 4, 1),
    ("elevator-solitaire", 1, 0),
    ("elevator-solitaire", 1, 1),
    ("elevator", 6, 0),
    ("bastard", 12, 0),
    ("bastard", 4, 1),
)
FULL_DEALS = (7, 11)


# -- measuring them again: ``python -m sim.budgets [--write]`` ------------------------
#
# Prints each budgeted run's steady edge today beside its figure from before
# and its budget; ``--write`` sets every budget to the edge plus MARGIN. A
# change that fails a budget test is measured here first: growth past the
# margin is the change's to mend, not the budget's to take.


def runs():
    """(name, kind, key, args) of every budgeted run."""
    import games

    out = []
    for game_id in APP:
        players = min(4, games.info(game_id).MAX_PLAYERS)
        args = ["-m", "app_run", game_id, str(players), "7"]
        out.append(("app " + game_id, "APP", game_id, args))
    for game_id in HARD:
        args = ["-m", "app_hard", game_id, "4", "7"]
        out.append(("app %s hard" % game_id, "HARD", game_id, args))
    for height in SESSION:
        args = ["-m", "session", "50", str(height)]
        out.append(("session %d" % height, "SESSION", height, args))
    for height in SQUEEZE:
        out.append(("squeeze %d" % height, "SQUEEZE", height, ["-m", "save_squeeze"]))
    for role, height in LINK:
        who = ["3", "12"] if role == "host" else ["guest", "12"]
        args = ["-m", "link_run"] + who + [str(height)]
        out.append(("link %s %d" % (role, height), "LINK", (role, height), args))
    for game_id, players, variant in FULL_GAMES:
        for deal in FULL_DEALS:
            args = ["-m", "full_game", game_id, str(players), str(deal), str(variant)]
            name = "game %s %d v%d deal %d" % (game_id, players, variant, deal)
            out.append((name, "GAME", (game_id, players, variant, deal), args))
    return out


def check(kind, key, r):
    """Raise AssertionError, saying why, unless the run ``r`` (a finished
    ``sim.mpvm.run_mp``) of a budgeted ``kind`` did all it must: the
    budget tests and ``measure`` hold runs to this alone."""
    from sim.mpvm import figures

    out = r.stdout[-3000:] + r.stderr[-3000:]
    assert r.returncode == 0, out
    if kind in ("APP", "HARD"):
        assert "results reached" in r.stdout and "saved=ok" in r.stdout, out
        assert kind == "APP" or "searched=1" in r.stdout, out  # a search made its states
        return
    if kind == "GAME":
        assert "cards=ok" in r.stdout, out  # played to its end, every card kept
        return
    assert "out of memory" not in r.stdout and "error:" not in r.stdout, out
    fig = figures(r.stdout)
    if kind == "SESSION":
        assert fig["cycles"] == 50 and fig["restarts"] == 0, fig
        assert fig["saves_written"] == fig["saves_expected"] >= 51, fig
        assert fig["most"] - fig["least"] <= 256, fig  # nothing piles up game after game
    elif kind == "SQUEEZE":
        assert fig["written"] == 1 and fig["restarts"] == 0, fig
        assert fig["free"] <= fig["tightest"] + 256, fig  # really that full
        assert 0 < fig["save_bytes"] <= 1024, fig
    elif key[0] == "host":
        assert fig["finished"] == 1 and fig["restarts"] == 0 and fig["seats"] == 123, fig
        assert fig["moves"] > 50 and fig["refused"] == 0, fig
        assert fig["kept"] == 0, fig  # link play's code went with its link (App.end_link)
    else:
        assert fig["finished"] == 1 and fig["restarts"] == 0 and fig["over"] == 1, fig
        assert fig["moves"] > 50 and fig["kept"] == 0, fig
        assert fig["decoders"] == 0, fig  # observations read with saves.fields alone


def budget(kind, key):
    """The heap (KB) a budgeted run is held to."""
    if kind == "GAME":
        return GAME
    tables = {"APP": APP, "HARD": HARD, "SESSION": SESSION, "SQUEEZE": SQUEEZE, "LINK": LINK}
    return tables[kind][key]


def _passed(kind, key, r):
    try:
        check(kind, key, r)
    except (AssertionError, ValueError, KeyError, IndexError):
        return False
    return True


def measure(jobs=2, only=""):
    """{(kind, key): (name, steady edge in KB)} of every run whose name holds ``only``."""
    import os
    import tempfile
    from concurrent.futures import ThreadPoolExecutor

    from sim.mpvm import app_tree, most_layouts, run_mp, steady_min_kb

    tree = app_tree(os.path.join(tempfile.mkdtemp(), "mpy"), mpy=True)

    def edge(kind, key, args):
        def ok(kb):
            def run(layout):
                r = run_mp(args, heap="%dK" % kb, cwd=tree, layout=layout)
                return _passed(kind, key, r), ""

            return most_layouts(run)[0]

        return steady_min_kb(ok, 24 if kind == "GAME" else 100, 320)

    chosen = [r for r in runs() if only in r[0]]
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = [(r, pool.submit(edge, r[1], r[2], r[3])) for r in chosen]
        return {(r[1], r[2]): (r[0], f.result()) for r, f in futures}


def _spelt(key):
    if isinstance(key, tuple):
        return "(%s)" % ", ".join(_spelt(k) for k in key)
    return '"%s"' % key if isinstance(key, str) else str(key)


def _write(edges):
    """Rewrite this file's budgets: each edge plus MARGIN (GAME: the largest)."""
    import re

    with open(__file__) as f:
        text = f.read()
    games_kb = [kb for (kind, _k), (_n, kb) in edges.items() if kind == "GAME"]
    if games_kb and min(games_kb) > 0:
        text = re.sub(r"\nGAME = \d+", "\nGAME = %d" % (max(games_kb) + MARGIN), text)
    for (kind, key), (_name, kb) in edges.items():
        if kb < 0 or kind == "GAME":
            continue
        pattern = r"(\n%s = \{.*?%s: )\d+" % (kind, re.escape(_spelt(key)))
        text, n = re.subn(pattern, r"\g<1>%d" % (kb + MARGIN), text, count=1, flags=re.S)
        assert n == 1, (kind, key)
    with open(__file__, "w") as f:
        f.write(text)


def _before(kind, key):
    if kind == "GAME":
        return GAME_BEFORE
    tables = {"APP": APP_BEFORE, "HARD": HARD_BEFORE, "SESSION": SESSION_BEFORE,
              "SQUEEZE": SQUEEZE_BEFORE, "LINK": LINK_BEFORE}  # fmt: skip
    return tables[kind][key]


def main(argv=None):
    from sim import cli

    p = cli.Parser("python -m sim.budgets", "sim.budgets", description="Measure the VM budgets.")
    p.add_argument("--only", default="", help="runs whose name holds this (e.g. 'link', 'game')")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--write", action="store_true", help="set the budgets from this measure")
    a = p.parse_args(argv)
    edges = measure(a.jobs, a.only)
    print("%-40s %6s %6s %6s" % ("run (.mpy)", "today", "before", "budget"))
    for (kind, key), (name, kb) in edges.items():
        over = "" if 0 <= kb <= budget(kind, key) else "  over its budget"
        print("%-40s %6d %6d %6d%s" % (name, kb, _before(kind, key), budget(kind, key), over))
    if a.write:
        _write(edges)
        print("wrote " + __file__)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
