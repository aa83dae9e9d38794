"""The engine and the app on the real MicroPython VM: rules tests,
heap_lock proofs, identical PRNG output and deals on both VMs, and the
heap budgets (sim/budgets.py) of the build a board is given (.mpy), each
run also completing from .py."""

import subprocess
import sys

import pytest

import games
from sim import budgets
from sim.mpvm import ROOT, app_tree, figures, most_layouts, run_mp


def _budget(kind, key):
    """The check a budget's run must pass (``sim.budgets.check``, which
    ``python -m sim.budgets`` measures by)."""
    return lambda r: budgets.check(kind, key, r)


def _held(app_trees, kind, key, args, mpy):
    """The run ``args`` of a budgeted ``kind``: from .mpy (as shipped) in
    its budget in most heap layouts; from .py it only has to complete."""
    if mpy:
        _in_most_layouts(args, budgets.budget(kind, key), app_trees["mpy"], _budget(kind, key))
    else:
        budgets.check(kind, key, run_mp(args, heap="%dK" % budgets.PY_HEAP, cwd=app_trees["py"]))


def _in_most_layouts(args, kb, cwd, check):
    """``args`` in a heap of ``kb`` KB, in each of the heap layouts a budget
    is held over (sim.mpvm.LAYOUTS): ``check(r)`` (raising AssertionError
    when the finished run ``r`` did not do all it must) passes in most
    (near its edge a run passes or fails with where its holes fall)."""

    def run(layout):
        r = run_mp(args, heap="%dK" % kb, cwd=cwd, layout=layout)
        try:
            check(r)
        except (AssertionError, ValueError) as e:  # (a run cut short: figures missing)
            return False, str(e)[-3000:]
        return True, ""

    ok, failed = most_layouts(run)
    assert ok, "in %d KB, most layouts failed:\n" % kb + "\n".join(failed)


@pytest.fixture(scope="module")
def app_trees(tmp_path_factory):
    """The device bundle laid out for the VM runners, as .py and as .mpy."""
    base = tmp_path_factory.mktemp("session")
    return {"py": app_tree(str(base / "py")), "mpy": app_tree(str(base / "mpy"), mpy=True)}


def test_mp_runner_rules_and_heap_lock():
    r = run_mp(["tests/mp/run.py"])
    assert r.returncode == 0, r.stdout + r.stderr
    last = r.stdout.strip().splitlines()[-1]
    assert last.endswith(" passed, 0 failed")
    assert "test_engine_mp.test_observe_legal_actions_and_apply_allocate_nothing" in r.stdout
    assert "test_engine_mp.test_roller_coaster_normal_allocates_nothing" in r.stdout
    assert "test_engine_mp.test_hard_players_of_their_own_allocate_nothing" in r.stdout
    assert "test_engine_mp.test_hard_endgame_search_allocates_nothing" in r.stdout


@pytest.mark.parametrize("game_id,players,variant", budgets.FULL_GAMES)
def test_mp_full_computer_game_in_its_budget(app_trees, game_id, players, variant):
    # the rules and computer players alone, from .mpy as shipped
    for deal in budgets.FULL_DEALS:
        args = ["-m", "full_game", game_id, str(players), str(deal), str(variant)]
        key = (game_id, players, variant, deal)
        _in_most_layouts(args, budgets.GAME, app_trees["mpy"], _budget("GAME", key))


def test_mp_heap_lock_really_catches_allocation():
    # guard against a VM where heap_lock silently does nothing
    r = run_mp(["-c", "import micropython\nmicropython.heap_lock()\nx=[1,2]\nprint('no')"])
    assert "MemoryError" in r.stderr + r.stdout


def test_same_prng_and_deals_on_both_vms():
    mp = run_mp(["tests/mp/vm_identity.py"])
    assert mp.returncode == 0, mp.stderr
    cp = subprocess.run(
        [sys.executable, "tests/mp/vm_identity.py"], cwd=ROOT, capture_output=True, text=True
    )
    assert cp.returncode == 0, cp.stderr
    assert len(cp.stdout.splitlines()) >= 16
    assert mp.stdout == cp.stdout


@pytest.mark.parametrize("game_id", [i.ID for i in games.CATALOGUE])
@pytest.mark.parametrize("mpy", [False, True])
def test_each_game_is_played_from_the_title_in_its_budget(app_trees, game_id, mpy):
    # The bundle's own files (app, screens, tables, saves, the panel's
    # driver) on the MicroPython VM with a displayio stand-in: title to
    # results by button events, the result saved once, in the game's heap
    # budget (sim/budgets.py) from .mpy, and completing from .py.
    info = games.info(game_id)
    args = ["-m", "app_run", game_id, str(min(4, info.MAX_PLAYERS)), "7"]
    _held(app_trees, "APP", game_id, args, mpy)


@pytest.mark.parametrize("game_id", sorted(budgets.HARD))
@pytest.mark.parametrize("mpy", [False, True])
def test_a_game_against_hard_players_is_played_in_its_budget(app_trees, game_id, mpy):
    # four players, the others Hard: the endgame search's module and its
    # scratch states (made at its first search, which this deal reaches)
    # beside Hard's own player, in the budget from .mpy
    args = ["-m", "app_hard", game_id, "4", "7"]
    _held(app_trees, "HARD", game_id, args, mpy)


@pytest.mark.parametrize(
    "game_id,players,variant,height",
    [("color-elevator", 3, 1, 32), ("elevator-solitaire", 1, 1, 32), ("bastard", 5, 1, 32)],
)
def test_a_game_on_the_small_panel_is_saved_and_read_back(app_trees, game_id, players, variant,
                                                         height):  # fmt: skip
    # the 128x32 panel, the other variants, and the harness's own check: the
    # store the game wrote, read back as the next power-up would (reported
    # on a line of its own: it is not the game's memory)
    args = ["-m", "app_run", game_id, str(players), "7", str(height), str(variant)]
    r = run_mp(args, heap="288K", cwd=app_trees["py"])
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    assert "results reached" in r.stdout and "reread=ok" in r.stdout, r.stdout[-3000:]


@pytest.mark.parametrize(
    "game_id,moves", [("color-elevator", 28), ("elevator", 0), ("roller-coaster", 0)]
)
def test_hard_decides_the_same_on_both_vms(game_id, moves):
    """Hard at the device budget (0: the game's own; Color Elevator's own
    is too small to search, so a larger one) runs on the MicroPython VM
    and, with the same seed, takes exactly the actions it takes on
    CPython (its sampling uses the console's own PRNG)."""
    from tests.mp import hard_time

    want = hard_time.main(game_id, 4, moves)
    args = ["tests/mp/hard_time.py", game_id, "4", str(moves)]
    r = run_mp(args, heap="128K")
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.split()[-1] == "actions=%d" % want


def test_hard_deep_search_decides_the_same_on_both_vms():
    """Roller Coaster over 20 games reaches the deep search (the stock
    turned over and known to all): the same actions on both VMs."""
    from tests.mp import hard_time

    want = hard_time.main("roller-coaster", 4, 0, 20)
    args = ["tests/mp/hard_time.py", "roller-coaster", "4", "0", "20"]
    r = run_mp(args, heap="128K")
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.split()[-1] == "actions=%d" % want


def test_saves_work_on_micropython():
    """Keep a game of each kind in a 4 KB store, restore it as a power-up
    would, cut saves part-way, keep a finished game's record: all on the
    MicroPython VM (tests/mp/save_check.py)."""
    r = run_mp(["tests/mp/save_check.py"], heap="192K")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "saves=ok" in r.stdout


# (from .py, a long run: make test-long)
@pytest.mark.parametrize(
    "mpy,height", [(True, 64), (True, 32), pytest.param(False, 64, marks=pytest.mark.long)]
)
def test_the_long_session_completes_in_its_budget(app_trees, mpy, height):
    """Fifty games from the title by button presses (tests/mp/session.py):
    ten played to their results, the second round against Hard at the
    largest tables, forty left from the pause menu, with the statistics,
    a settings change, hints and a rules page on the way. In its budget
    (sim/budgets.py) from .mpy, completing from .py: every save written,
    no out-of-memory restart, and from the second round on the heap at
    the title stays where it is."""
    _held(app_trees, "SESSION", height, ["-m", "session", "50", str(height)], mpy)


def test_a_save_at_the_sessions_tightest_moment_is_written(app_trees):
    """After the long session in its budget, a table of twelve and the heap
    filled with small blocks as full as the session ever was between
    frames: the pause menu's save is still written, without a restart
    (tests/mp/save_squeeze.py). The save's code and buffers are made at
    start-up; one save asks the heap for a few hundred bytes at most."""
    _held(app_trees, "SQUEEZE", 64, ["-m", "save_squeeze"], True)


@pytest.mark.parametrize("mpy,height", [(True, 64), (True, 32), (False, 64)])
def test_a_linked_game_is_hosted_in_its_budget(app_trees, mpy, height):
    """The host console by button presses (tests/mp/link_run.py): Link play,
    Host game, Bastard at twelve seats, three guests joined through
    in-memory links, played to the results in its budget (sim/budgets.py)
    from .mpy and on the 128x32 panel, completing from .py, without a
    restart."""
    _held(app_trees, "LINK", ("host", height), ["-m", "link_run", "3", "12", str(height)], mpy)


@pytest.mark.parametrize("mpy,height", [(True, 64), (True, 32), (False, 64)])
def test_a_linked_game_is_joined_in_its_budget(app_trees, mpy, height):
    """The guest console by button presses (tests/mp/link_run.py guest):
    Link play, Join game, its seat at a twelve-seat Bastard table played to
    the results against a host made of frames, in its budget."""
    args = ["-m", "link_run", "guest", "12", str(height)]
    _held(app_trees, "LINK", ("guest", height), args, mpy)


def test_a_guest_decodes_without_allocating(app_trees):
    """A whole 12-seat Bastard game's observations for one seat, framed and
    fed in 64-byte pieces, decoded under micropython.heap_lock()."""
    r = run_mp(["-m", "link_run", "decode"], heap="4M", cwd=app_trees["py"])
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    assert figures(r.stdout)["decoded"] > 50, r.stdout


def test_a_card_played_allocates_nothing(app_trees):
    """Every game's table takes the person's legal moves and refuses the
    rest under micropython.heap_lock() (tests/mp/take_alloc.py), and the
    game's text module loads only once a refusal is shown."""
    r = run_mp(["-m", "take_alloc"], heap="1M", cwd=app_trees["py"])
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    fig = figures(r.stdout)
    assert fig["games"] == 5 and fig["takes"] > 100 and fig["refusals"] > 300, fig


@pytest.mark.parametrize("tag", [pytest.param("py", marks=pytest.mark.long), "mpy"])
def test_a_redraw_after_a_key_or_a_computer_move_allocates_nothing(app_trees, tag):
    """Every game, at its largest tables and on both panels, played through
    the app by key presses to its end (tests/mp/render_alloc.py): each
    redraw the table makes after a cursor move, a card played and a
    computer's move runs under micropython.heap_lock()."""
    r = run_mp(["-m", "render_alloc"], heap="1M", cwd=app_trees[tag])
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    fig = figures(r.stdout)
    assert fig["games"] == 22 and fig["cursor"] > 100, fig
    assert fig["play"] > 400 and fig["computer"] > 1000, fig
