"""sim.endgame: the measure of a search of part of the game for Elevator
and Bastard searches only the decisions it names (once the stock is
empty, or the leads while it lasts), decides from the seat's observation
alone, and pairs each deal with Hard's own game."""

import pytest

import games
from engine.prng import Prng
from games import by_id
from games.shedding import GIVE
from match import HARD, NORMAL
from sim import endgame, tournament
from sim.endgame import Search


def _endgame_states(game_id, deals):
    """States of Normal games once the stock is empty, with the seat to act."""
    game = by_id(game_id)
    out = []
    for deal in deals:
        s = game.new_state(4, deal)
        while not s.is_over():
            if s.deck_n == 0:
                out.append(s.clone())
            s.apply(game.basic_policy(s.observe(s.current_player()), None))
    return game, out


def test_it_searches_only_once_the_stock_is_empty():
    game = by_id("elevator")
    kinds = set()
    for deal in range(1, 6):
        s = game.new_state(4, deal)
        while not s.is_over():
            assert s.phase != GIVE or s.deck_n == 0  # a give comes only with the stock empty
            for which in endgame.SEARCHES:
                if endgame.searched(s, which):
                    assert s.deck_n == 0 and s.winner < 0 and len(s.legal_list()) > 1
                    assert which != "gives" or s.phase == GIVE
                    assert which != "plays" or s.phase != GIVE
                    kinds.add((which, s.phase))
            s.apply(game.basic_policy(s.observe(s.current_player()), None))
    assert ("gives", GIVE) in kinds and ("plays", 0) in kinds and ("all", GIVE) in kinds


def test_a_fair_search_is_given_the_seats_view_and_plays_the_same_deal():
    game, states = _endgame_states("bastard", range(1, 4))
    s = next(t for t in states if endgame.searched(t, "all"))
    seat = s.current_player()
    with pytest.raises(ValueError):
        endgame.decide(game, s, seat, Prng(3), Search("all", 2))  # the deal itself, as if fair
    assert endgame.decide(game, s.observe(seat), seat, Prng(3), Search("all", 2))[1] > 0
    searched = 0
    for deal in range(1, 9):  # play() hands the fair search the observation (else it raises)
        base, trace = [], []
        endgame.play(game, 4, deal, deal % 4, None, Prng(1), trace=base)
        endgame.play(game, 4, deal, deal % 4, Search("all", 1), Prng(1), trace=trace)
        first = next((i for i, (_, done) in enumerate(trace) if done), len(trace))
        assert trace[:first] == base[:first]  # the same deal and seat up to the first search
        searched += first < len(trace)
    assert searched >= 3


def test_a_budget_too_small_or_a_search_past_its_cap_leaves_hards_choice():
    game, states = _endgame_states("elevator", range(1, 6))
    s = next(t for t in states if endgame.searched(t, "all"))
    seat = s.current_player()
    hard = endgame.own(game, s.observe(seat))
    view = s.observe(seat)
    assert endgame.decide(game, view, seat, Prng(1), Search("all", 1, budget=5)) == (hard, 0)
    a, moves = endgame.decide(game, view, seat, Prng(1), Search("all", 1, budget=400))
    assert a in s.legal_list() and 0 < moves <= 400
    # a search past its cap is given up, as the board's clock would end it
    whole = endgame.decide(game, view, seat, Prng(1), Search("all", 2))
    assert whole[1] > 1
    assert endgame.decide(game, view, seat, Prng(1), Search("all", 2, cap=whole[1] - 1)) == (
        hard,
        0,
    )
    assert endgame.decide(game, view, seat, Prng(1), Search("all", 2, cap=whole[1])) == whole


def test_hards_row_is_hards_own_player_and_the_gain_is_paired(monkeypatch):
    # the row every search is measured against: Hard's own player, the
    # match Hard plays once its endgame search is off
    n = 30
    rows = endgame.run("elevator", 4, n, Search("all", 0), jobs=1)
    monkeypatch.setattr(games.info("elevator"), "search", 0)
    played = tournament._games(("elevator", 4, [HARD, NORMAL, NORMAL, NORMAL], 0, n, 7, 0, 0))
    hard = [sum(sh for level, _, sh in won if level == HARD) for _, won, _, _, _ in played]
    assert [r[0] for r in rows] == hard
    assert sum(r[2] for r in rows) > n  # several searched decisions a game
    gain, half = endgame.paired(rows)
    assert gain == sum(r[1] - r[0] for r in rows) / n and half >= 0


def test_paired_gain():
    gain, half = endgame.paired([(0, 1), (1, 1), (0, 0), (1, 0), (0, 1)])
    assert abs(gain - 0.2) < 1e-12
    assert abs(half - 1.96 * (0.7**0.5) / 5**0.5) < 1e-12


def _lead_states(deals):
    """Hard's leads on a free pile while the stock lasts, in games of
    Hard at seat 0 against Normals."""
    game = by_id("elevator")
    out = []
    for deal in deals:
        s = game.new_state(4, deal)
        while not s.is_over():
            p = s.current_player()
            if p == 0 and endgame.searched(s, "all", "leads"):
                out.append(s.clone())
            s.apply(endgame.own(game, s.observe(p)) if p == 0 else game.basic_policy(s, None))
    return game, out


def test_leads_are_the_free_piles_while_the_stock_lasts():
    game, states = _lead_states(range(1, 41))
    assert len(states) >= 20
    # a lead's first card, and whether more of its rank go with it
    assert {s.play_n > 0 for s in states} == {False, True}
    for s in states:
        assert s.free and s.deck_n > 0 and s.phase != GIVE and s.winner < 0
        assert not endgame.searched(s, "all")  # the endgame's search leaves them
        assert not endgame.searched(s, "gives", "leads")
        assert endgame.searched(s, "all", "stock")  # a lead is one of the plays
    _, ends = _endgame_states("elevator", range(1, 4))
    for when in ("leads", "stock"):
        assert not any(endgame.searched(t, "all", when) for t in ends)
    game = by_id("elevator")
    s = game.new_state(4, 3)
    plays = 0
    while s.deck_n and not s.is_over():  # every play with a choice while the stock lasts
        if endgame.searched(s, "all", "stock"):
            assert s.phase != GIVE and s.winner < 0 and len(s.legal_list()) > 1
            plays += not s.free
        s.apply(game.basic_policy(s.observe(s.current_player()), None))
    assert plays


def test_the_search_settings_reach_every_decision_searched():
    game = by_id("elevator")
    for when in ("leads", "stock"):
        count = 0
        for deal in range(1, 5):
            trace = []
            endgame.play(game, 4, deal, 0, Search("all", 1, when=when), Prng(1), trace=trace)
            s = game.new_state(4, deal)
            for a, done in trace:
                if done:  # searched: just the decisions ``when`` names
                    assert s.current_player() == 0 and endgame.searched(s, "all", when)
                    assert s.free or when == "stock"
                    count += 1
                s.apply(a)
        assert count >= 3
    _, states = _lead_states(range(1, 7))
    moves = {}
    for rollout in ("hard", "normal"):
        search = Search("all", 2, when="leads", rollout=rollout)
        moves[rollout] = [endgame.decide(game, t.observe(0), 0, Prng(2), search)[1] for t in states]
    assert moves["hard"] != moves["normal"]  # the playouts are Hard's at its seat


def test_a_margin_keeps_hards_choice_unless_beaten_by_it():
    game, states = _lead_states(range(1, 13))
    changed = 0
    for s in states:
        view = s.observe(0)
        hard = endgame.own(game, view)
        free = endgame.decide(game, view, 0, Prng(5), Search("all", 4, when="leads"))
        held = endgame.decide(game, view, 0, Prng(5), Search("all", 4, when="leads", margin=2000))
        # a margin of two wins a world is more than any playout can score over another
        assert held == (hard, free[1])
        changed += free[0] != hard
    assert changed  # without a margin, the worlds overrule Hard somewhere


def test_a_hard_rollout_plays_hards_choices_at_its_seat():
    game, states = _lead_states(range(1, 7))
    differ = 0
    for s in states:
        a = s.legal_list()[0]
        runs = []
        for rollout in ("hard", "normal"):
            t = s.clone()
            t.apply(a)
            runs.append((endgame._playout(game, t, 0, 0, rollout), t))
        t = s.clone()
        t.apply(a)
        while not t.is_over():
            p = t.current_player()
            t.apply(endgame.own(game, t.observe(p)) if p == 0 else game.basic_policy(t, None))
        (hard_score, hard_end), (normal_score, normal_end) = runs
        assert [hard_end.cards_left(p) for p in range(4)] == [t.cards_left(p) for p in range(4)]
        assert hard_end.winners() == t.winners()
        differ += hard_score != normal_score
    assert differ  # Hard at its seat plays other games than Normal there


def test_within_decides_on_the_worlds_done_in_time():
    game, states = _endgame_states("elevator", range(1, 6))
    s = next(t for t in states if endgame.searched(t, "all"))
    seat = s.current_player()
    view = s.observe(seat)
    hard = endgame.own(game, view)
    one = endgame.decide(game, view, seat, Prng(4), Search("all", 1))
    three = endgame.decide(game, view, seat, Prng(4), Search("all", 3))
    assert one[1] > 1 and three[1] > one[1]
    # the first world not done in time: Hard's choice
    assert endgame.decide(game, view, seat, Prng(4), Search("all", 3, within=one[1] - 1)) == (
        hard,
        0,
    )
    # in time for the first world alone (a second as long would run past)
    assert endgame.decide(game, view, seat, Prng(4), Search("all", 3, within=one[1])) == one
    # time for all three: the three-world decision
    assert endgame.decide(game, view, seat, Prng(4), Search("all", 3, within=9 * three[1])) == three
    # a world started in time that runs past the clock is left out, the moves cut at it
    cut = 0
    for t in states:
        if endgame.searched(t, "all"):
            v = t.observe(t.current_player())
            two = endgame.decide(game, v, t.current_player(), Prng(4), Search("all", 2))
            three = endgame.decide(game, v, t.current_player(), Prng(4), Search("all", 3))
            if three[1] > two[1] + two[1] // 2:  # the third world longer than the two before
                cut = three[1] - 1
                search = Search("all", 3, within=cut)
                assert endgame.decide(game, v, t.current_player(), Prng(4), search) == (two[0], cut)
    assert cut


def test_a_playout_to_the_first_out_stops_there_and_scores_it():
    # --to out: as Hard's endgame search plays (lib/opponents_endgame.py),
    # a playout ends when a player goes out: a win, or minus the cards left
    game, states = _endgame_states("elevator", range(1, 6))
    ended_early = 0
    for s in states:
        if not endgame.searched(s, "all"):
            continue
        seat = s.current_player()
        short, long = s.clone(), s.clone()
        v, n = endgame._playout(game, short, seat, 0, "normal", "out")
        w, m = endgame._playout(game, long, seat, 0, "normal", "end")
        assert short.winner >= 0 and short.winner == long.winner and n <= m
        assert v == (1000 if short.winner == seat else -short.cards_left(seat))
        ended_early += not short.is_over()
    assert ended_early > 0  # the game went on past its winner, the playout did not
