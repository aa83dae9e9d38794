"""Command lines: the headless simulator, self-play, the bundle and the
device HAL on stand-in boards. Bad input gets one line and exit status 2."""

import json
import subprocess
import sys

import pytest
from PIL import Image

from sim.mpvm import ROOT

PY = [sys.executable]


def _run(args, **kw):
    return subprocess.run(PY + args, cwd=ROOT, capture_output=True, text=True, timeout=600, **kw)


def test_headless_screenshot_command(tmp_path):
    out = tmp_path / "out.png"
    r = _run(
        ["-m", "sim", "--headless", "--game", "roller-coaster", "--players", "3", "--seed", "7",
         "--keys", "A,RIGHT,A", "--screenshot", str(out)]
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    img = Image.open(out)
    assert img.size == (512, 256)
    assert len(img.getcolors()) == 2  # crisp: only lit and dark pixels
    lines = r.stdout.splitlines()
    assert len(lines) == 32 and all(len(line) == 128 for line in lines)


@pytest.mark.parametrize(
    "args, names",
    [
        (["--game", "poker"], "roller-coaster"),
        (["--game", "roller-coaster", "--players", "9"], "2 to 8"),
        (["--game", "roller-coaster", "--players", "1"], "2 to 8"),
        (["--keys", "A,JUMP"], "UP,DOWN,LEFT,RIGHT,A,B,START,SELECT"),
        (["--keys", "A,,B"], "UP,DOWN"),
        (["--seed", "0x10"], "int"),
        (["--seed", "1073741824"], "1 to 1073741823"),
        (["--players", "3"], "--game"),
        (["--profile", "gameboy"], "pico-128x64"),
        (["--scale", "0"], "1 to 16"),
    ],
)
def test_sim_bad_input_one_line_exit_2(args, names):
    r = _run(["-m", "sim", "--headless"] + args)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and names in lines[0], r.stderr


def test_interactive_sim_without_terminal_says_so():
    r = _run(["-m", "sim"], stdin=subprocess.DEVNULL)
    assert r.returncode == 2 and "terminal" in r.stderr and "Traceback" not in r.stderr


def test_selfplay_json_line():
    r = _run(["-m", "sim.selfplay", "--game", "roller-coaster", "--players", "4", "--games",
              "40", "--seed", "1"])  # fmt: skip
    assert r.returncode == 0, r.stderr
    result = json.loads(r.stdout.strip().splitlines()[-1])
    assert result["games"] == 40 and result["finished"] == 40
    assert result["cards_conserved"] is True
    assert sum(result["wins_by_seat"]) == result["won"] and len(result["wins_by_seat"]) == 4
    assert result["mean_turns"] > 4 and result["seconds"] > 0
    again = _run(["-m", "sim.selfplay", "--game", "roller-coaster", "--players", "4", "--games",
                  "40", "--seed", "1"])  # fmt: skip
    a = json.loads(again.stdout.strip().splitlines()[-1])
    assert a["wins_by_seat"] == result["wins_by_seat"] and a["mean_turns"] == result["mean_turns"]


# (game, players, variant): every game and variant; tables of every size
_SELFPLAY = [
    ("color-elevator", 2, 0),
    ("color-elevator", 4, 1),
    ("elevator-solitaire", 1, 0),
    ("elevator-solitaire", 1, 1),
    ("elevator", 3, 0),
    ("elevator", 6, 0),
    ("bastard", 2, 0),
    ("bastard", 7, 1),
    ("bastard", 12, 0),
]


@pytest.mark.parametrize("game_id,players,variant", _SELFPLAY)
def test_selfplay_reports_how_games_end(game_id, players, variant):
    from games import by_id
    from sim import selfplay

    game = by_id(game_id)
    r = selfplay.run(game, players, 60, 3, variant=variant)
    assert r["finished"] == 60 and r["cards_conserved"] is True
    assert sum(r["endings"].values()) == 60
    assert r["variant"] == game.VARIANTS[variant]
    if game_id == "color-elevator":
        assert r["endings"].get("won", 0) + r["endings"].get("stalled", 0) == 60
        assert r["rebuilds_per_game"] >= 0 and r["max_rebuilds"] < 20
    elif game_id == "elevator-solitaire":
        assert set(r["endings"]) <= {"cleared", "stuck"} and 10 < r["mean_score"] <= 28
        assert r["won"] == r["endings"].get("cleared", 0)
    else:  # every hand ranked; penalties happen in most games
        assert r["endings"] == {"ranked": 60} and r["penalties"] > 0
        assert r["won"] == 60 and r["max_turns"] < 3000


def test_selfplay_variant_flag():
    r = _run(["-m", "sim.selfplay", "--game", "bastard", "--players", "8", "--variant", "1",
              "--games", "20"])  # fmt: skip
    assert r.returncode == 0, r.stderr
    result = json.loads(r.stdout.strip().splitlines()[-1])
    assert result["variant"] == "Red/black jokers" and result["finished"] == 20
    assert "penalties" in result and "shared_wins" in result


@pytest.mark.parametrize(
    "args",
    [
        ["--game", "elevator", "--variant", "1"],
        ["--game", "elevator-solitaire", "--players", "2"],
        ["--game", "chess"],
        ["--game", "roller-coaster", "--players", "12"],
        ["--game", "roller-coaster", "--games", "0"],
        ["--game", "roller-coaster", "--seed", "-4"],
        ["--game", "roller-coaster", "--games", "many"],
    ],
)
def test_selfplay_bad_input(args):
    r = _run(["-m", "sim.selfplay"] + args)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("profile", ["pico-128x64", "feather-128x32"])
def test_device_hal_and_code_py_on_stand_in_boards(profile):
    r = _run(["tests/device_check.py", profile])
    assert r.returncode == 0, r.stdout + r.stderr
    result = json.loads(r.stdout.strip().splitlines()[-1])
    assert result["ok"] and result["screen"] == "Table"


def test_solve_json_line():
    r = _run(["-m", "sim.solve", "--deals", "1-12"])
    assert r.returncode == 0, r.stderr
    info = json.loads(r.stdout.strip().splitlines()[-1])
    assert info["count"] == 12 and info["winnable"] <= 12 and len(info["ci95"]) == 2


@pytest.mark.parametrize(
    "args",
    [
        ["-m", "sim.bundle", "--bogus"],
        ["-m", "sim.bench", "--out"],
        ["-m", "sim.solve", "--deals", "9-3"],
        ["-m", "sim.solve", "--deals", "x"],
        ["-m", "sim.solve", "--jobs", "0"],
        ["-m", "sim.tune", "--game", "elevator", "--players", "9"],
        ["-m", "sim.tune", "--check", "{bad"],
        ["-m", "sim.tune", "--check", '{"_ACE": 1.5}'],
        ["-m", "sim.endgame", "--players", "2"],
        ["-m", "sim.endgame", "--worlds", "-1"],
        ["-m", "sim.endgame", "--cap", "-5"],
        ["-m", "sim.endgame", "--margin", "-1"],
        ["-m", "sim.endgame", "--within", "-1"],
        ["-m", "sim.endgame", "--when", "leads", "--search", "gives"],
        ["-m", "sim.endgame", "--when", "never"],
        ["-m", "sim.endgame", "--rollout", "easy"],
        ["-m", "sim.endgame", "--game", "roller-coaster"],
    ],
)
def test_tool_bad_input_one_line_exit_2(args):
    r = _run(args)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
