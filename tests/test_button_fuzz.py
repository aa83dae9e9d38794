"""Random button presses over every screen and game, on both panels:
nothing raises, and whatever game is on the table keeps all its cards.
(A short run; the handheld issue adds the long one.)"""

import pytest

from buttons import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B
from prng import Prng
from sim.headless import Session

_KEYS = (UP, DOWN, LEFT, RIGHT, A, A, A, B, START, SELECT, RIGHT, DOWN)


@pytest.mark.parametrize("profile", ["pico-128x64", "feather-128x32"])
def test_random_presses_never_break_a_game(profile):
    rng = Prng(11 if profile == "pico-128x64" else 12)
    s = Session(profile, seed=3, pace_ms=0)
    seen = set()
    checked = None
    for _ in range(2000):
        if profile == "feather-128x32":
            s.hw.physical(rng.below(3), long=rng.below(3) == 0)
            s.frame()
        else:
            s.press(_KEYS[rng.below(len(_KEYS))], settle=False)
        for _ in range(3):
            s.frame()
        screen = s.screen
        state = getattr(screen, "state", None)
        if state is not None:
            seen.add(screen.game.ID)
            if state is not checked:  # a new deal: note its cards
                checked = state
                total = sorted(state.all_cards())
            assert sorted(state.all_cards()) == total
    assert len(seen) >= 3  # the presses reached several games' tables
