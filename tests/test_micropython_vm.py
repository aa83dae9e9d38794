"""The engine on the real MicroPython VM: rules tests, heap_lock proofs,
a full computer game in a 64 KB heap, and identical PRNG output and deals
on both VMs."""

import subprocess
import sys

import pytest

from sim.mpvm import ROOT, app_tree, figures, run_mp


def test_mp_runner_rules_and_heap_lock():
    r = run_mp(["tests/mp/run.py"])
    assert r.returncode == 0, r.stdout + r.stderr
    last = r.stdout.strip().splitlines()[-1]
    assert last.endswith(" passed, 0 failed")
    assert "test_engine_mp.test_legal_actions_and_apply_allocate_nothing" in r.stdout
    assert "test_engine_mp.test_roller_coaster_normal_allocates_nothing" in r.stdout


# every game, at its largest table and in each variant: (game, players, variant)
_FULL_GAMES = [
    ("roller-coaster", 4, 0),
    ("roller-coaster", 8, 0),
    ("color-elevator", 4, 0),
    ("color-elevator", 4, 1),
    ("elevator-solitaire", 1, 0),
    ("elevator-solitaire", 1, 1),
    ("elevator", 6, 0),
    ("bastard", 12, 0),
    ("bastard", 4, 1),
]


@pytest.mark.parametrize("game_id,players,variant", _FULL_GAMES)
def test_mp_full_computer_game_in_64k(game_id, players, variant):
    for deal in (7, 11):
        args = ["tests/mp/full_game.py", game_id, str(players), str(deal), str(variant)]
        r = run_mp(args, heap="64K")
        assert r.returncode == 0, r.stdout + r.stderr
        assert "cards=ok" in r.stdout


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


_APP_GAMES = [
    ("roller-coaster", 4, 0, 64),
    ("roller-coaster", 4, 0, 32),
    ("color-elevator", 3, 1, 64),
    ("elevator-solitaire", 1, 1, 32),
    ("elevator", 4, 0, 64),
    ("bastard", 5, 1, 32),
]


@pytest.mark.parametrize("game_id,players,variant,height", _APP_GAMES)
def test_device_bundle_app_plays_a_game_on_micropython(tmp_path, game_id, players, variant, height):
    # The bundle's own files (app, screens, table, saves, Adafruit's label
    # library) on the MicroPython VM with a displayio stand-in: title to
    # results by button events, the result saved. The unix VM is 64-bit,
    # so 288 KB here is roughly 144 KB on a 32-bit board, under the 171 KB
    # an RP2040 has free (README, "Figures": the saves cost about 5 KB).
    d = app_tree(str(tmp_path / "d"))
    args = ["app_run.py", game_id, str(players), "7", str(height), str(variant)]
    r = run_mp(args, heap="288K", cwd=d)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "results reached" in r.stdout and "saved=ok" in r.stdout


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


@pytest.mark.parametrize("mpy,height", [(False, 64), (False, 32), (True, 64)])
def test_fifty_games_and_back_leave_the_heap_where_it_began(tmp_path, mpy, height):
    # Title -> a game (the five in turn) -> a move -> pause (saved) -> a
    # rules page -> quit -> title, fifty times. The first round loads
    # each game once (the VM's string table keeps their names: it never
    # shrinks); from the fifth cycle on, the heap in use at the title must
    # not grow. 336 KB here is about 168 KB on a 32-bit board; from 312 KB
    # up no run here ran out (README, "Figures").
    d = app_tree(str(tmp_path / "d"), mpy=mpy)
    r = run_mp(["heap_cycle.py", "50", str(height)], heap="336K", cwd=d)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "out of memory" not in r.stdout, r.stdout  # no restart on the way
    fig = figures(r.stdout)
    base, last, most = fig["base"], fig["last"], fig["most"]
    assert fig["cycles"] == 50 and fig["writes"] >= 25  # most cycles keep a game
    assert last - base <= 64 and most - base <= 256, fig
