"""Engine checks that only mean something on the MicroPython VM: hot
paths run under ``micropython.heap_lock()`` (any allocation raises)."""

import micropython
from catalog import all_games

from engine import cards
from engine.cardset import CardSet
from engine.gamestate import MAX_ACTIONS
from engine.prng import Prng


def _locked_random_game(game, players, variant, deal, seed):
    s = game.new_state(players, deal, variant)
    obs = s._blank()
    buf = [0] * MAX_ACTIONS
    prng = Prng(seed)
    steps = 0
    while not s.is_over():
        micropython.heap_lock()
        try:
            s.observe(s.current_player(), obs)  # a table's observation, every move
            n = s.legal_actions(buf)
            s.apply(buf[prng.below(n)])
        finally:
            micropython.heap_unlock()
        steps += 1
    return steps


def test_observe_legal_actions_and_apply_allocate_nothing():
    for game in all_games():
        for players in range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1):
            for v in range(len(game.VARIANTS)):
                assert _locked_random_game(game, players, v, 1000 + players, players) > 0


def test_cardset_and_prng_allocate_nothing():
    s = CardSet(2)
    buf = bytearray(108)
    deck = bytearray(108)
    p = Prng(77)
    micropython.heap_lock()
    try:
        for c in range(108):
            s.add(c)
        s.remove(53)
        n = s.count() + s.count_rank(6) + s.count_jokers()
        k = s.fill(buf)
        c = s.next(-1)
        while c >= 0:
            c = s.next(c)
        p.shuffle(deck)
        x = p.below(52) + cards.rank(17)
    finally:
        micropython.heap_unlock()
    assert n == 107 + 8 + 3 and k == 107 and x >= 0


def _locked_policy(policy, obs):
    micropython.heap_lock()
    try:
        return policy(obs)
    finally:
        micropython.heap_unlock()


def test_roller_coaster_normal_allocates_nothing():
    # Normal's run search is most of a Hard playout's cost in Roller Coaster
    from games import by_id, roller_coaster_ai

    game = by_id("roller-coaster")
    moves = 0
    for players in (2, 4, 8):
        s = game.new_state(players, 7)
        while not s.is_over():
            obs = s.observe(s.current_player())
            s.apply(_locked_policy(roller_coaster_ai.basic_policy, obs))
            moves += 1
    assert moves > 100


def test_hard_endgame_search_allocates_nothing():
    # Elevator's and Bastard's endgame search (lib/opponents_endgame.py)
    # deals its worlds into scratch states and buffers made at its first
    # search: every Hard decision after that, searched or not, allocates
    # nothing, Hard's own player, the worlds and the playouts included
    import opponents
    import search_worlds
    from games import by_id, shedding_hard
    from match import HARD

    searched = 0
    opponents.choose(by_id("elevator"), by_id("elevator").new_state(4, 1).observe(0), Prng(1), HARD)
    for game_id, players in (("elevator", 3), ("elevator", 4), ("bastard", 3), ("bastard", 4)):
        game = by_id(game_id)
        prng = Prng(players)
        first = True
        for deal in range(1, 9):
            s = game.new_state(players, deal)
            obs = s._blank()
            while not s.is_over():
                seat = s.current_player()
                s.observe(seat, obs)
                if seat:
                    s.apply(game.basic_policy(obs, prng))
                    continue
                mine = shedding_hard.hard_policy(obs, prng)
                if first and obs.deck_n == 0 and obs.winner < 0:
                    search_worlds.scratch(obs)  # made at its first search
                    first = False
                micropython.heap_lock()
                try:
                    a = opponents.choose(game, obs, prng, HARD)
                finally:
                    micropython.heap_unlock()
                if obs.deck_n == 0 and obs.winner < 0:
                    # the states stand (a MemoryError in scratch() would have
                    # let them go, the search skipped: no allocation seen)
                    assert search_worlds._made[3] is not None
                    searched += a != mine
                s.apply(a)
        assert not first  # every table reached the endgame
    assert searched > 0  # and it did overrule Hard's own player somewhere


def test_hard_players_of_their_own_allocate_nothing():
    # Hard's own players (Color Elevator, Elevator, Bastard) value every
    # action in small ints over preallocated words: a decision allocates
    # nothing, once the module is loaded
    from games import by_id, color_elevator_hard, shedding_hard

    decided = 0
    for game_id, players, policy in (("color-elevator", 4, color_elevator_hard.hard_policy),
                                     ("color-elevator", 2, color_elevator_hard.hard_policy),
                                     ("elevator", 4, shedding_hard.hard_policy),
                                     ("bastard", 12, shedding_hard.hard_policy)):  # fmt: skip
        game = by_id(game_id)
        for variant in range(len(game.VARIANTS)):
            s = game.new_state(players, 7, variant)
            while not s.is_over():
                obs = s.observe(s.current_player())
                s.apply(_locked_policy(policy, obs))
                decided += 1
    assert decided > 300
