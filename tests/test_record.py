"""``--record out.gif``: a session as an animated GIF, each frame lasting
as long as it stayed on the panel (the window's recording is tested in
``test_window.py``)."""

import pytest
from PIL import Image

from sim import render
from sim.__main__ import main, parse_args
from sim.headless import Session


def test_headless_record_holds_every_change_of_the_panel(tmp_path, capsys):
    out = tmp_path / "game.gif"
    argv = ["--headless", "--game", "roller-coaster", "--players", "3", "--seed", "4",
            "--pace", "500", "--keys", "RIGHT,RIGHT,SELECT",
            "--record", str(out), "--scale", "2"]  # fmt: skip
    assert main(argv) == 0
    said = capsys.readouterr().out
    gif = Image.open(out)
    assert gif.size == (256, 128) and gif.n_frames >= 6  # the deal, two cursor moves, the plays
    assert "recorded %d frames to %s" % (gif.n_frames, out) in said
    durations = []
    for i in range(gif.n_frames):
        gif.seek(i)
        durations.append(gif.info["duration"])
    assert min(durations) >= 20 and 500 in durations  # a computer move stays its pace
    # the last frame is the panel as the session left it
    s = Session(game="roller-coaster", players=3, deal=4, pace_ms=500)
    for k in ("RIGHT", "RIGHT", "SELECT"):
        s.press(k)
    for _ in range(25):
        s.frame()
    want = render.image(s.hw.panel, 2).convert("1").tobytes()
    gif.seek(gif.n_frames - 1)
    assert gif.convert("RGB").convert("1").tobytes() == want


def test_record_wants_a_gif_name(capsys):
    with pytest.raises(SystemExit) as e:
        parse_args(["--headless", "--record", "out.png"])
    assert e.value.code == 2 and "GIF" in capsys.readouterr().err
