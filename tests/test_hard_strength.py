"""Hard plays better than Normal, on fixed seeded samples small enough for
`make test` (the strength figures with their intervals are `make bench`'s:
docs/figures.md, docs/opponents.md). Each sample is the same games every
run, so a figure here moves only when a player's choices change."""

import pytest

import opponents
from engine.prng import Prng
from games import by_id
from match import HARD, NORMAL
from sim import tournament


@pytest.mark.parametrize(
    "game_id,players,games,least",
    [("roller-coaster", 2, 60, 0.65), ("roller-coaster", 4, 100, 0.30),
     ("color-elevator", 2, 600, 0.51)],
)  # fmt: skip
def test_hard_wins_more_than_its_share_against_normal(game_id, players, games, least):
    game = by_id(game_id)
    r = tournament.run(game, players, [HARD] + [NORMAL] * (players - 1), games)
    assert r["no_winner"] == 0, "RC-13, RC-14: every game has a winner"
    assert r["results"]["hard"]["win_share"] >= least > 1 / players


def test_hard_gets_the_elevator_stuck_less_often_than_normal():
    # EL-8, EL-9: a stuck elevator costs a card per player, and Hard weighs
    # the chance that nobody can beat its play (games/shedding_hard.py)
    game = by_id("elevator")
    stuck = [0, 0]  # Hard's seat, the three Normal seats
    for deal in range(1, 101):
        seat = deal % 4
        s = game.new_state(4, deal)
        prng = Prng(deal)
        while not s.is_over():
            turn = s.current_player()
            level = HARD if turn == seat else NORMAL
            a = opponents.choose(game, s.observe(turn), prng, level)
            before = s.penalties
            last = s.last_player
            s.apply(a)
            if s.penalties > before:
                stuck[last != seat] += 1
    assert stuck[0] * 3 < stuck[1] * 0.8, "EL-8: Hard is stuck %d times, Normal %d" % tuple(stuck)
