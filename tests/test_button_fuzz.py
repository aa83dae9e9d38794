"""Random button presses over every screen and game, on both panels:
20,000 in all (10,000 per panel). Nothing raises, every game on the table
keeps the engine's invariants, and its move list replays to what it
shows (``sim/fuzz.py``; ``make fuzz`` is the 1,000,000-press run)."""

import pytest

from sim import fuzz

_SEEDS = {"pico-128x64": 11, "feather-128x32": 12}


@pytest.mark.parametrize("profile", fuzz.PROFILES)
def test_random_presses_never_break_the_console(profile):
    r = fuzz.run(10000, _SEEDS[profile], profile)
    seen = set(r["screens"])
    assert {"Title", "GameMenu", "Setup", "Table", "Pause", "Rules"} <= seen, seen
    assert len(r["games"]) >= 4, r["games"]  # the presses reached most games' tables


def test_a_broken_invariant_is_caught():
    from games import roller_coaster as rc

    state = rc.new_state(3, 5)
    cards = sorted(state.all_cards())
    fuzz.check_state(state, ("roller-coaster", 3), cards)
    with pytest.raises(fuzz.Broken):
        fuzz.check_state(state, ("roller-coaster", 3), cards[1:])
