"""Computer players never keep drawing while they could play (RC-14), so a
game between computers never ends blocked (RC-13) or at its turn limit by
their choice. Normal draws (or passes) only when it has nothing to play
or, in Roller Coaster, a dead hand. Where a draw by choice can stall the
game (Roller Coaster), Easy draws when Normal would and Hard may draw by
choice only a few cards early in a game; in the Elevator family a pass by
choice cannot stall it (two passes running are never by choice, EL-7,
BA-7), and Easy and Hard may make one."""

import pytest
from catalog import all_games
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import random_position
from rc_position import legal_codes, position

import opponents
import opponents_hard
from engine import cards
from engine.prng import Prng
from games import DRAW, by_id
from games import roller_coaster as rc
from match import EASY, HARD, NORMAL
from sim import tournament

_MULTI = [
    (g, n, v)
    for g in all_games()
    if g.MAX_PLAYERS > 1
    for n in sorted({g.MIN_PLAYERS, min(4, g.MAX_PLAYERS)})
    for v in range(len(g.VARIANTS))
]


def _rc_draw_is_sound(obs):
    """Roller Coaster's one reason to draw with a card to play: every play
    would leave a dead hand (jokers and at most one natural card), so the
    hand holds a joker and at most two natural cards."""
    hand = obs.hands[obs.turn]
    jokers = hand.count_jokers()
    return obs.INFO.ID == "roller-coaster" and jokers > 0 and obs.counts[obs.turn] - jokers <= 2


@settings(max_examples=60, deadline=None)
@given(case=st.sampled_from(_MULTI), deal=st.integers(1, 2**30 - 1), steps=st.integers(0, 120))
def test_no_level_draws_while_it_could_play(case, deal, steps):
    game, players, variant = case
    s = random_position(game, players, variant, deal, steps)
    if s.is_over():
        return
    obs = s.observe(s.current_player())
    legal = s.legal_list()
    if DRAW not in legal or len(legal) == 1:
        return
    seat = obs.current_player()
    normal = game.basic_policy(obs, Prng(1))
    assert normal != DRAW or _rc_draw_is_sound(obs), "RC-14: Normal draws with a card to play"
    for seed in (1, 2, 3):
        a = opponents.choose(game, obs, Prng(seed), EASY, 6)
        if obs.DRAW_STALLS:
            assert a != DRAW or normal == DRAW, "RC-14: Easy draws only when Normal would"
        a = opponents.choose(game, obs, Prng(seed), HARD, 6)
        if a == DRAW and normal != DRAW and obs.DRAW_STALLS:
            # a considered draw: it takes a card, from a small hand, early on
            assert opponents_hard._may_draw(obs, seat), "RC-14: Hard never keeps drawing"
            assert obs.deck_n or obs.pile_n > 1, "RC-12, RC-13: never a draw of nothing"


def test_a_joker_and_one_card_draws_rather_than_cycle():
    # a joker needs a natural card on each side (RC-8): a hand of a joker
    # and one natural card that plays the natural card is left with the
    # joker alone, draws one card, plays it, and so on for ever when the
    # stock is a turned-over pile of runs (the turn limit, RC-14)
    game = by_id("roller-coaster")
    s = position(["JK 6H", "9C 9D 9S"], pile="2C 3C 4C 5C", stock="KS QS")
    assert legal_codes(s) == ["6H", "DRAW"]
    for level in (EASY, NORMAL, HARD):
        for seed in (1, 2, 3):
            assert opponents.choose(game, s.observe(0), Prng(seed), level) == DRAW, (
                "RC-14: never play the last natural card beside a joker"
            )
    # with a card two steps on, the joker goes out between them
    s = position(["JK 6H 8D", "9C 9D 9S"], pile="2C 3C 4C 5C", stock="KS QS")
    for level in (NORMAL, HARD):
        s = position(["JK 6H 8D", "9C 9D 9S"], pile="2C 3C 4C 5C", stock="KS QS")
        played = []
        while s.current_player() == 0:
            a = opponents.choose(game, s.observe(0), Prng(1), level)
            played.append(cards.code(a))
            s.apply(a)
        assert played == ["6H", "JK", "8D"] and s.winner == 0, "RC-8, RC-9: out with the joker"


def test_the_reported_stall_ends_with_a_winner():
    # issue 39's reproduction: two players, deal 11, seat 0 Hard and seat 1
    # Normal, the computers' generator seeded 11: Hard drew while it could
    # play and the game ended blocked at turn 274
    game = by_id("roller-coaster")
    s, _, _ = tournament.play(game, 2, 11, [HARD, NORMAL], Prng(11))
    assert s.winner >= 0 and s.turns < rc.MAX_TURNS, "RC-13, RC-14: the game has a winner"


@pytest.mark.parametrize(
    "seats", [(HARD, HARD), (HARD, NORMAL), (NORMAL, HARD), (EASY, EASY), (HARD, EASY)]
)
def test_roller_coaster_between_computers_always_has_a_winner(seats):
    # two players stall most easily: deals 1-30 at each mix of levels
    game = by_id("roller-coaster")
    for deal in range(1, 31):
        s, _, _ = tournament.play(game, 2, deal, list(seats), Prng(deal))
        assert s.winner >= 0, "RC-13, RC-14: deal %d ended %s" % (deal, s.turns)
