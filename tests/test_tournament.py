"""Seat-rotated matches (sim/tournament.py) count real wins only: a game
that ends blocked or at its turn limit credits no seat, whoever its
ranking puts first, and the report counts such games."""

from rc_position import position

from games import by_id
from games import roller_coaster as rc
from match import HARD, NORMAL
from sim import tournament


def test_a_blocked_game_credits_no_one():
    # RC-13 ranks the seat with fewest cards first, but nobody won: the
    # strength figures must not count it as that seat's win
    s = position(["5H 5D", "9S", "2D 2C 2H"], pile="KC")
    for _ in range(3):
        s.apply(rc.DRAW)
    assert s.is_over() and s.winners() == [1]
    assert tournament.real_winners(s) == [], "RC-13: a blocked game has no winner"
    results = [(10, [], [0.0] * 3, [0] * 3, "blocked"), (12, [(HARD, 0, 1.0)], [0.0] * 3,
               [0] * 3, "won")]  # fmt: skip
    r = tournament.report(by_id("roller-coaster"), 3, [HARD, NORMAL, NORMAL], results, 1, 0, 1.0)
    assert r["no_winner"] == 1 and r["endings"] == {"blocked": 1, "won": 1}
    assert r["results"]["hard"]["win_share"] == 0.5 and r["results"]["normal"]["win_share"] == 0
