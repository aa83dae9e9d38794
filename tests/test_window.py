"""The pygame window (``python -m sim --window``) on SDL's dummy driver:
real key-down/key-up events reach the app and the window shows the panel."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from sim import window  # noqa: E402
from sim.__main__ import parse_args  # noqa: E402


def test_window_plays_keys_and_shows_the_panel():
    args = parse_args(["--window", "--game", "roller-coaster", "--players", "3", "--seed", "7"])

    def feed(frame, pygame):
        if frame == 5:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT))
        if frame == 6:
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RIGHT))

    assert window.run(args, frames=20, feed=feed) == 0
    app, screen = window.run.last
    assert type(app.screen).__name__ == "Table" and app.screen.cursor == 1
    # the window is the panel scaled: a lit panel pixel is lit on screen
    rows = app.hw.panel.pixels()
    y = app.screen.hand_y + 3
    x = next(i for i in range(128) if rows[y][i])
    assert screen.get_at((x * 4 + 1, y * 4 + 1))[:3] == window.ON
