"""Random button presses over every screen and game, on both panels:
4,000 in all (2,000 per panel). Nothing raises, every game on the table
keeps the engine's invariants, and its move list replays to what it
shows (``sim/fuzz.py``; ``make fuzz`` is the 1,000,000-press run)."""

import gc

import pytest

from sim import fuzz

PRESSES = 2000
# seeds whose 2,000 presses reach a table of four or five games, a finished
# game's results and the menus on each panel
_SEEDS = {"pico-128x64": 1, "feather-128x32": 23}


@pytest.mark.parametrize("profile", fuzz.PROFILES)
def test_random_presses_never_break_the_console(profile, monkeypatch):
    # the app collects garbage at every screen change for a board's small
    # heap; in a test process that is a third of the run and checks nothing
    # here (the MicroPython VM tests measure memory)
    monkeypatch.setattr(gc, "collect", lambda *args: 0)
    r = fuzz.run(PRESSES, _SEEDS[profile], profile)
    seen = set(r["screens"])
    assert {"Title", "GameMenu", "Setup", "Table", "Pause", "Rules", "Results"} <= seen, seen
    assert len(r["games"]) >= 4, r["games"]  # the presses reached most games' tables
    assert r["finished"] >= 1, r


def test_a_broken_invariant_is_caught():
    import games
    from games import roller_coaster as rc
    from match import Match

    state = rc.new_state(3, 5)
    table = Match(games.info("roller-coaster"), 3, 5)
    cards = sorted(state.all_cards())
    fuzz.check_state(state, table, cards)
    with pytest.raises(fuzz.Broken):
        fuzz.check_state(state, table, cards[1:])
    state.counts[0] += 1  # a hand size that disagrees with the hand
    with pytest.raises(fuzz.Broken):
        fuzz.check_state(state, table, cards)
