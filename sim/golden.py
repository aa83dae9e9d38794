"""Golden pictures of the key screens, on both panels.

    python -m sim.golden            compare every screen with tests/golden/
    python -m sim.golden --write    draw them all again (``make golden``)

Each screen is reached the way a person reaches it, by button presses in
the headless simulator on virtual time with fixed seeds, so the pictures
only change when a screen's drawing does. They are stored as 1-bit PNGs
at the panel's own size; a mismatch writes the picture the console drew
to ``build/golden/`` next to the differing pixel count.
"""

import os
import sys

from PIL import Image

from sim import autopilot
from sim.headless import Session

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDEN = os.path.join(ROOT, "tests", "golden")
PROFILES = ("pico-128x64", "feather-128x32")


def _title(p):
    return Session(p, seed=1, pace_ms=0)


def _menu(p):
    s = _title(p)
    s.press("A")
    s.press("DOWN")  # Elevator solitaire: its line about the game shows
    return s


def _setup(p):
    s = _title(p)
    s.press("A")
    for _ in range(3):  # Bastard: players, variant, opponents, deal
        s.press("DOWN")
    s.press("A")
    return s


def _table(game, players, deal, variant=0):
    def make(p):
        return Session(p, game, players, deal, pace_ms=0, variant=variant)

    return make


def _pause(p):
    s = _table("roller-coaster", 3, 8)(p)
    s.press("SELECT")  # a move: the game is kept as the menu opens
    s.press("START")
    return s


def _rules(p):
    s = _pause(p)
    s.press("DOWN")
    s.press("DOWN")
    s.press("A")  # Rules: the first page gives the controls
    return s


def _round(p):
    s = _table("elevator", 4, 2)(p)
    for _ in range(2):
        autopilot.play_turn(s)
    s.settle()
    s.press("START")
    s.press("DOWN")
    s.press("A")  # Round so far
    return s


def _passing(p):
    s = _title(p)
    autopilot.open_game(s, "elevator", 3, 2, people=(1,))
    for _ in range(8):  # you play, then the console is passed to P2
        if s.screen.turns.passing():
            break
        autopilot.play_turn(s)
    assert s.screen.turns.passing()
    return s


def _results_friends(p):
    s = _title(p)
    autopilot.open_game(s, "roller-coaster", 3, 12, people=(2,))
    assert autopilot.play_to_results(s)
    return s


def _results(p):
    s = _title(p)
    autopilot.open_game(s, "roller-coaster", 2, 12)
    assert autopilot.play_to_results(s)
    return s


def _stats(p):
    s = _results(p)
    s.press("B")  # the game menu
    s.press("B")  # the title: New game, Statistics, Settings
    s.press("DOWN")
    s.press("A")
    s.press("LEFT")  # round to Roller Coaster, just played
    return s


def _title_continue(p):
    s = _pause(p)  # a game was left in progress: the title offers Continue
    s.press("UP")  # round to Quit
    s.press("A")
    s.press("B")
    return s


def _settings(p):
    s = _title(p)
    s.press("DOWN")
    s.press("DOWN")
    s.press("A")
    return s


SCREENS = {
    "title": _title,
    "title-continue": _title_continue,
    "menu": _menu,
    "setup": _setup,
    "table-color-elevator": _table("color-elevator", 3, 5),
    "table-color-elevator-jokers": _table("color-elevator", 2, 13, 1),
    "table-elevator-solitaire": _table("elevator-solitaire", 1, 14),
    "table-escalator": _table("elevator-solitaire", 1, 21, 1),
    "table-elevator": _table("elevator", 4, 2),
    "table-bastard": _table("bastard", 8, 4),
    "table-roller-coaster": _table("roller-coaster", 3, 143),
    "pause": _pause,
    "rules": _rules,
    "round": _round,
    "results": _results,
    "pass": _passing,
    "results-friends": _results_friends,
    "stats": _stats,
    "settings": _settings,
}


def pixels(session):
    """The panel as bytes, one per pixel: 0 dark, 255 lit."""
    return b"".join(bytes(255 if v else 0 for v in row) for row in session.hw.panel.pixels())


def path(profile, name):
    return os.path.join(GOLDEN, profile, name + ".png")


def draw(profile, name):
    s = SCREENS[name](profile)
    return Image.frombytes("L", (s.hw.width, s.hw.height), pixels(s)).convert("1")


def differences(profile, name):
    """Pixels that differ from the golden picture (-1: none stored)."""
    img = draw(profile, name)
    try:
        want = Image.open(path(profile, name)).convert("1")
    except FileNotFoundError:
        return -1, img
    if want.size != img.size:
        return img.size[0] * img.size[1], img
    a, b = want.convert("L").tobytes(), img.convert("L").tobytes()
    return sum(1 for i in range(len(a)) if a[i] != b[i]), img


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    write = "--write" in argv
    bad = 0
    for profile in PROFILES:
        os.makedirs(os.path.join(GOLDEN, profile), exist_ok=True)
        for name in SCREENS:
            if write:
                draw(profile, name).save(path(profile, name), optimize=True)
                continue
            n, img = differences(profile, name)
            if n:
                bad += 1
                out = os.path.join(ROOT, "build", "golden", profile)
                os.makedirs(out, exist_ok=True)
                img.save(os.path.join(out, name + ".png"))
                print("%s %s: %s" % (profile, name, "missing" if n < 0 else "%d pixels" % n))
    if write:
        print("wrote %d pictures under %s" % (len(PROFILES) * len(SCREENS), GOLDEN))
    elif not bad:
        print("all %d pictures match" % (len(PROFILES) * len(SCREENS)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
