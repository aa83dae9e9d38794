"""The opponent levels (lib/opponents.py): every level plays only legal
actions, decides from its seat's observation alone, and Hard's sampled
worlds agree with everything the seat has seen."""

import positions
import pytest
from catalog import all_games
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import random_position

import opponents
import opponents_hard
from engine.prng import Prng
from games import DRAW
from match import EASY, HARD, NORMAL

_MULTI = [
    (g, n, v)
    for g in all_games()
    if g.MAX_PLAYERS > 1
    for n in sorted({g.MIN_PLAYERS, min(4, g.MAX_PLAYERS), g.MAX_PLAYERS})
    for v in range(len(g.VARIANTS))
]
_LEVELS = (EASY, NORMAL, HARD)


@settings(max_examples=25, deadline=None)
@given(case=st.sampled_from(_MULTI), deal=st.integers(1, 2**30 - 1), steps=st.integers(0, 60))
def test_every_level_plays_a_legal_action(case, deal, steps):
    game, players, variant = case
    s = random_position(game, players, variant, deal, steps)
    if s.is_over():
        return
    obs = s.observe(s.current_player())
    legal = s.legal_list()
    for level in _LEVELS:
        assert opponents.choose(game, obs, Prng(deal), level, 6) in legal


@settings(max_examples=20, deadline=None)
@given(case=st.sampled_from(_MULTI), deal=st.integers(1, 2**30 - 1), steps=st.integers(0, 60))
def test_no_level_sees_hidden_cards(case, deal, steps):
    # reshuffling what the seat cannot see never changes any level's decision
    game, players, variant = case
    s = random_position(game, players, variant, deal, steps)
    if s.is_over():
        return
    seat = s.current_player()
    # no observation carries the deal (nor a linked game's key): from it the
    # hands and Color Elevator's rebuilds could be worked out
    assert s.observe(seat).deal == 0 and s.deal == deal
    for level in _LEVELS:
        choice = opponents.choose(game, s.observe(seat), Prng(9), level, 6)
        for k in range(2):
            other = s.clone()
            positions.redeal_hidden(other, seat, Prng(deal + k))
            assert other.deal != s.deal
            assert other.observe(seat).key() == s.observe(seat).key()
            assert other.observe(seat).deal == 0
            assert opponents.choose(game, other.observe(seat), Prng(9), level, 6) == choice


@settings(max_examples=25, deadline=None)
@given(case=st.sampled_from(_MULTI), deal=st.integers(1, 2**30 - 1), steps=st.integers(0, 80))
def test_sampled_worlds_agree_with_the_observation(case, deal, steps):
    game, players, variant = case
    s = random_position(game, players, variant, deal, steps)
    seat = s.current_player() if not s.is_over() else 0
    obs = s.observe(seat)
    world = obs.clone()
    opponents_hard.determinize(world, seat, Prng(deal))
    assert sorted(world.all_cards()) == sorted(s.all_cards())  # the same pack
    assert world.observe(seat).key() == obs.key()  # and the seat sees the same
    assert list(world.counts) == list(s.counts)


@pytest.mark.parametrize("game_id", ["color-elevator", "elevator", "bastard", "roller-coaster"])
def test_a_whole_game_at_each_level(game_id):
    from games import by_id

    game = by_id(game_id)
    s = game.new_state(3 if game_id != "color-elevator" else 2, 5)
    prng = Prng(5)
    seats = [HARD, NORMAL, EASY]
    while not s.is_over():
        seat = s.current_player()
        s.apply(opponents.choose(game, s.observe(seat), prng, seats[seat], 6))
    assert s.winners()


@settings(max_examples=40, deadline=None)
@given(case=st.sampled_from(_MULTI), deal=st.integers(1, 2**30 - 1), steps=st.integers(0, 400))
def test_hard_scores_a_win_above_any_running_game_and_fewer_cards_higher(case, deal, steps):
    """Hard's evaluation: a finished game is worth the win (split when it
    is shared) and nothing otherwise; a running one lies strictly between,
    and a seat with fewer cards than every other scores above one with
    more cards than every other."""
    game, players, variant = case
    s = random_position(game, players, variant, deal, steps)
    if s.is_over():
        won = s.winners()
        for seat in range(players):
            want = 1000 // len(won) if seat in won else 0
            assert opponents_hard._standing(s, seat) == want
        return
    left = [s.cards_left(x) for x in range(players)]
    for seat in range(players):
        assert 0 < opponents_hard._standing(s, seat) < 1000
    low = min(range(players), key=lambda x: left[x])
    high = max(range(players), key=lambda x: left[x])
    if left.count(left[low]) == 1 and left.count(left[high]) == 1:
        assert opponents_hard._standing(s, low) > opponents_hard._standing(s, high)


def test_hard_keeps_the_normal_choice_with_too_few_playouts():
    """Fewer than two samples per action would be noise: Hard's search
    (Roller Coaster's, before the stock is known) then plays exactly what
    Normal plays."""
    from games import by_id

    game = by_id("roller-coaster")
    tried = 0
    for deal in range(1, 60):
        s = random_position(game, 4, 0, deal, deal % 30)
        if s.is_over():
            continue
        seat = s.current_player()
        obs = s.observe(seat)
        legal = obs.legal_list()
        normal = game.basic_policy(obs, Prng(1))
        n = len(legal) - (DRAW in legal and not opponents_hard._may_draw(obs, seat))
        if n > 1 and normal != DRAW and not obs.deck_public():
            tried += 1
            two_samples = 2 * (opponents_hard._WORLD + n * (4 + 2))  # 4 players: 4 moves a round
            assert opponents_hard.hard(game, obs, Prng(2), two_samples - 1) == normal
    assert tried > 5


class _Counted:
    """A game module whose Normal policy counts its calls: how many moves
    a Hard decision simulated."""

    def __init__(self, game):
        self.game = game
        self.ID = game.ID
        self.INFO = game.INFO
        self.calls = 0
        self.choice_key = getattr(game, "choice_key", None)

    def basic_policy(self, obs, prng=None):
        self.calls += 1
        return self.game.basic_policy(obs, prng)


@pytest.mark.parametrize("players", [2, 4, 8])
def test_hard_stays_within_its_budget_of_moves(players):
    """A Hard decision of the search (Roller Coaster's) simulates at most
    the game's budget of moves, at every player count (a round is longer
    with more players, so fewer samples fit), and it does search."""
    from games import by_id

    game = by_id("roller-coaster")
    counted = _Counted(game)
    prng = Prng(7)
    searched = 0
    for deal in range(1, 4):
        s = game.new_state(players, deal)
        while not s.is_over() and s.turns < 150:
            seat = s.current_player()
            counted.calls = 0
            a = opponents_hard.hard(counted, s.observe(seat), prng)
            # the first call is Normal's own choice
            assert counted.calls - 1 <= game.INFO.search
            searched += counted.calls > 1
            s.apply(a)
    assert searched > 0


def test_hard_stops_at_the_board_clock(monkeypatch):
    """With a clock, Hard's search (Roller Coaster's: the other games' Hard
    players do not search) starts no sample that would end past THINK_MS,
    and gives up in the middle of one at _GIVE_UP_MS: a clock that shows
    each sample taking longer than half of THINK_MS leaves one sample, too
    few, and one that shows each move taking a third of it stops the first
    playout; either way Normal's choice stands. A stopped clock changes
    nothing."""
    from games import by_id

    game = by_id("roller-coaster")
    now = [0, 0]  # the time, and the milliseconds a reading moves it on

    def clock():
        now[0] += now[1]
        return now[0]

    def stopped():
        return 1234

    late = [0]
    judge = opponents_hard._late

    def counted(clock, start, done):  # the searches cut between samples
        cut = judge(clock, start, done)
        late[0] += cut
        return cut

    monkeypatch.setattr(opponents_hard, "_late", counted)
    cuts = [0, 0]  # between samples, in a playout
    for deal in range(1, 40):
        s = game.new_state(4, deal)
        prng = Prng(deal)
        while not s.is_over() and s.turns < 60:
            obs = s.observe(s.current_player())
            normal = game.basic_policy(obs, Prng(1))
            free = opponents_hard.hard(game, obs, Prng(5))
            assert opponents_hard.hard(game, obs, Prng(5), 0, stopped) == free
            for k, step in enumerate((20, 100)):  # ms a reading
                now[1] = step
                before = late[0]
                readings = now[0]
                assert opponents_hard.hard(game, obs, Prng(5), 0, clock) == normal
                if k == 0:
                    cuts[0] += late[0] > before
                else:  # searched (read the clock in a playout), with no cut between samples
                    cuts[1] += now[0] - readings > 2 * step and late[0] == before
            s.apply(game.basic_policy(obs, prng))
    assert cuts[0] > 0 and cuts[1] > 0


def _rc_after_turnover(deal):
    """A 4-player Roller Coaster game played by Normal players until the
    pile has been turned over into the stock (RC-11), and a few turns on."""
    from games import by_id

    game = by_id("roller-coaster")
    for d in range(deal, deal + 200):
        s = game.new_state(4, d)
        prng = Prng(d)
        extra = 6
        while not s.is_over() and extra:
            assert s.deck_public() or s.pile_n + s.deck_n + sum(s.counts) == s.ncards
            s.apply(opponents.choose(game, s.observe(s.current_player()), prng, 1))
            if s.deck_public():
                extra -= 1
        if not s.is_over():
            return game, s
    raise AssertionError("no turnover in 200 deals")


@pytest.mark.parametrize("deal", [1, 40, 900])
def test_roller_coaster_stock_is_public_once_turned_over(deal):
    # RC-11: the pile goes back as the stock in order, so every seat knows
    # the stock and who drew which of its cards; the cards dealt at the
    # start stay hidden, and no level depends on them.
    game, s = _rc_after_turnover(deal)
    seat = s.current_player()
    obs = s.observe(seat)
    assert obs.deck_public()
    assert [obs.deck[i] for i in range(obs.deck_n)] == [s.deck[i] for i in range(s.deck_n)]
    hidden = 0
    for o in range(4):
        for c in s.hands[o]:
            shown = obs.hands[o].contains(c)
            assert shown == (o == seat or c in s._public())
            hidden += not shown
    assert hidden, "the deal's own cards stay hidden"
    for level in _LEVELS:
        choice = opponents.choose(game, obs, Prng(3), level)
        for k in range(3):
            other = s.clone()
            positions.redeal_hidden(other, seat, Prng(deal + k))
            assert other.observe(seat).key() == obs.key()
            assert opponents.choose(game, other.observe(seat), Prng(3), level) == choice
    world = obs.clone()
    opponents_hard.determinize(world, seat, Prng(deal))
    assert sorted(world.all_cards()) == sorted(s.all_cards())
    assert world.observe(seat).key() == obs.key()


@pytest.mark.parametrize("case", _MULTI)
def test_hard_at_its_budget_decides_the_same_whatever_it_cannot_see(case):
    # Hard searching at its game's own budget: every card the seat cannot
    # see dealt again, and the deal changed (Color Elevator's rebuilds of
    # the stock are shuffled from it: Hard draws its own), its choice stays
    game, players, variant = case
    for deal in (3, 17, 58, 202):
        s = random_position(game, players, variant, deal, deal % 50)
        if s.is_over():
            continue
        seat = s.current_player()
        choice = opponents.choose(game, s.observe(seat), Prng(9), HARD)
        other = s.clone()
        positions.redeal_hidden(other, seat, Prng(deal + 1))
        assert opponents.choose(game, other.observe(seat), Prng(9), HARD) == choice
