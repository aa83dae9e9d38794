"""sim.tune: the search over Hard's weights for Elevator and Bastard
plays the real Hard with the weights it is given, and leaves the module's
own weights as they were."""

from match import HARD, NORMAL
from sim import tournament, tune


def test_todays_weights_play_as_hard_does_and_are_left_as_they_were():
    today = tune.current()
    assert set(today) == set(tune.SPREAD) and all(isinstance(v, int) for v in today.values())
    first, n = 300, 40
    got = tune.shares([today, dict(today, _PAID_NUM=0, _ACE=0)], "elevator", 4, first, n)
    games = tournament._games(("elevator", 4, [HARD, NORMAL, NORMAL, NORMAL], first, n, 1, 0, 0))
    real = sum(s for _, won, _, _, _ in games for level, _, s in won if level == HARD)
    assert got[0] == real / n  # the match Hard itself plays on those deals
    assert 0 <= got[1] <= 1 and tune.current() == today


def test_a_search_round_returns_whole_weights():
    today = tune.current()
    lines = []
    out = tune.search("bastard", 4, 1, 2, 20, say=lines.append)
    assert set(out) == set(tune.SPREAD) and all(isinstance(v, int) for v in out.values())
    assert len(lines) == 1 and lines[0].startswith("round 0")
    assert tune.current() == today  # the module's own weights, as they were
