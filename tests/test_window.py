"""The pygame window (``python -m sim --window``) on SDL's dummy driver:
real key-down/key-up events reach the app and the window shows the panel."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from sim import window  # noqa: E402
from sim.__main__ import parse_args  # noqa: E402


def _tap_right(frame, pygame):
    """RIGHT pressed at frame 5 and released at frame 6."""
    if frame == 5:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT))
    if frame == 6:
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RIGHT))


def test_window_plays_keys_and_shows_the_panel():
    args = parse_args(["--window", "--game", "roller-coaster", "--players", "3", "--seed", "7"])
    assert window.run(args, frames=20, feed=_tap_right) == 0
    app, screen = window.run.last
    assert type(app.screen).__name__ == "Table" and app.screen.cursor == 1
    # the window is the panel scaled: a lit panel pixel is lit on screen
    rows = app.hw.panel.pixels()
    y = app.screen.hand_y + 3
    x = next(i for i in range(128) if rows[y][i])
    assert screen.get_at((x * 4 + 1, y * 4 + 1))[:3] == window.ON


def test_window_records_a_gif(tmp_path):
    from PIL import Image

    out = tmp_path / "w.gif"
    args = parse_args(["--window", "--game", "roller-coaster", "--players", "3", "--seed", "7",
                       "--record", str(out), "--scale", "1"])  # fmt: skip
    assert window.run(args, frames=20, feed=_tap_right) == 0
    gif = Image.open(out)
    assert gif.size == (128, 64) and gif.n_frames >= 2  # the table, then the cursor moved
