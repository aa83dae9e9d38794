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
import search_worlds
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
    search_worlds.determinize(world, seat, Prng(deal))
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
            two_samples = 2 * (search_worlds.WORLD + n * (4 + 2))  # 4 players: 4 moves a round
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


def _test_clock(monkeypatch):
    """A board clock the test moves on by ``now[1]`` ms a reading (``now[0]``:
    the time), and ``late[0]``: the searches ``search_worlds.late`` cut
    between samples or worlds."""
    now = [0, 0]

    def clock():
        now[0] += now[1]
        return now[0]

    late = [0]
    judge = search_worlds.late

    def counted(clock, start, done):
        cut = judge(clock, start, done)
        late[0] += cut
        return cut

    monkeypatch.setattr(search_worlds, "late", counted)
    return now, clock, late


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
    now, clock, late = _test_clock(monkeypatch)

    def stopped():
        return 1234

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
    search_worlds.determinize(world, seat, Prng(deal))
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


def _endgame_positions(game_id, players, deals, prng_seed=1):
    """Positions of games of Hard at seat 0 against Normals, at Hard's
    turns from the stock's last card on; each with whether it is the
    endgame Hard searches (the stock empty, nobody out yet)."""
    from games import by_id

    game = by_id(game_id)
    out = []
    for deal in deals:
        s = game.new_state(players, deal)
        prng = Prng(deal + prng_seed)
        while not s.is_over():
            seat = s.current_player()
            obs = s.observe(seat)
            if seat == 0 and s.deck_n == 0:
                out.append((s.clone(), s.winner < 0))
            s.apply(opponents.choose(game, obs, prng, HARD if seat == 0 else NORMAL))
    return game, out


def test_searches_beside_its_own_player_at_four_players_or_fewer():
    """The catalogue says where Hard searches (``Info.searches``): Roller
    Coaster throughout at every table; Elevator and Bastard in the
    endgame, beside their own player, at three or four players; Color
    Elevator never."""
    import games

    rc, ce, el, ba = (games.info(g) for g in ("roller-coaster", "color-elevator", "elevator",
                                             "bastard"))  # fmt: skip
    assert rc.searches(2) and rc.searches(8)
    assert not any(ce.searches(n) for n in range(2, 5))
    for info in (el, ba):
        assert info.hard and info.search > 0
        assert info.searches(3) and info.searches(4) and not info.searches(5)
        assert not info.searches(info.MIN_PLAYERS) or info.MIN_PLAYERS == 3
        assert not info.searches(info.MAX_PLAYERS)


_SEARCHED = [("elevator", 3, True), ("elevator", 4, False), ("bastard", 3, False)]


@pytest.mark.parametrize("game_id,players,overrules", _SEARCHED)
def test_the_endgame_search_runs_only_in_the_endgame_within_its_budget(game_id, players, overrules):
    """Elevator's and Bastard's Hard simulates Normal moves only once the
    stock is empty while nobody is out, and then at most the game's budget
    of them (which also counts the copies and the worlds); and it does
    search there. In three-player Elevator it overrules its own player
    somewhere in these games (elsewhere rarely: in deals 1-79, 2 of 292
    such decisions in four-player Elevator, none of 164 in three-player
    Bastard)."""
    from games import shedding_hard

    game, positions_ = _endgame_positions(game_id, players, range(1, 25))
    counted = _Counted(game)
    searched = changed = 0
    for s, endgame in positions_:
        obs = s.observe(0)
        counted.calls = 0
        a = opponents.choose(counted, obs, Prng(3), HARD)
        assert a in s.legal_list()
        assert counted.calls <= (game.INFO.search if endgame else 0)
        if counted.calls:  # a world's deal, and an action's copy and apply, count too
            assert counted.calls <= game.INFO.search - search_worlds.WORLD - 2
        searched += counted.calls > 0
        changed += a != shedding_hard.hard_policy(obs, Prng(3))
    assert searched > 5 and (changed > 0 or not overrules)
    # and while the stock lasts, never
    s = game.new_state(players, 3)
    while s.deck_n and not s.is_over():
        counted.calls = 0
        p = s.current_player()
        a = opponents.choose(counted, s.observe(p), Prng(3), HARD if p == 0 else NORMAL)
        assert counted.calls <= (p != 0)
        s.apply(a)


def test_the_endgame_search_is_off_at_five_players_or_more():
    from games import shedding_hard

    for players in (5, 6):
        game, positions_ = _endgame_positions("elevator", players, range(1, 6))
        counted = _Counted(game)
        assert any(endgame for _, endgame in positions_)
        for s, _ in positions_:
            obs = s.observe(0)
            counted.calls = 0
            assert opponents.choose(counted, obs, Prng(3), HARD) == shedding_hard.hard_policy(obs)
            assert counted.calls == 0


@pytest.mark.parametrize("game_id,players,moves", [("elevator", 3, 0), ("bastard", 4, 400)])
def test_the_endgame_search_decides_the_same_whatever_it_cannot_see(game_id, players, moves):
    # its worlds are dealt from what the seat has seen: every card it
    # cannot see dealt again, at the game's own budget (0) or a larger one,
    # its choice stays; and it is the search's, not always Hard's own
    from games import shedding_hard

    game, positions_ = _endgame_positions(game_id, players, range(1, 13))
    tried = overruled = 0
    for s, endgame in positions_:
        if not endgame:
            continue
        choice = opponents.choose(game, s.observe(0), Prng(9), HARD, moves)
        for k in range(2):
            other = s.clone()
            positions.redeal_hidden(other, 0, Prng(k + 7))
            assert other.observe(0).key() == s.observe(0).key()
            assert opponents.choose(game, other.observe(0), Prng(9), HARD, moves) == choice
        tried += 1
        overruled += choice != shedding_hard.hard_policy(s.observe(0), Prng(9))
    assert tried > 5 and overruled > 0


def test_the_endgame_search_stops_at_the_board_clock(monkeypatch):
    """With a clock, the endgame search starts no world that would end
    past THINK_MS, and gives up the world in progress at the give-up
    time: a clock that moves 100 ms a reading stops the first world two
    moves in, and Hard's own choice stands; one that moves 2 ms a reading
    cuts a search of 400 moves short. A stopped clock changes nothing."""
    from games import shedding_hard

    game, positions_ = _endgame_positions("elevator", 3, range(1, 25))
    counted = _Counted(game)
    now, clock, late = _test_clock(monkeypatch)
    searched = shorter = 0
    for s, _ in positions_:
        obs = s.observe(0)
        counted.calls = 0
        free = opponents.choose(counted, obs, Prng(5), HARD, 400)
        whole = counted.calls
        counted.calls = 0
        assert opponents.choose(counted, obs, Prng(5), HARD, 400, lambda: 1234) == free
        assert counted.calls == whole
        now[1] = 100
        counted.calls = 0
        mine = shedding_hard.hard_policy(obs, Prng(5))
        assert opponents.choose(counted, obs, Prng(5), HARD, 400, clock) == mine
        assert counted.calls <= 2
        now[1] = 2
        counted.calls = 0
        opponents.choose(counted, obs, Prng(5), HARD, 400, clock)
        shorter += counted.calls < whole
        searched += whole > 0
    assert searched > 5 and shorter > 5 and late[0] > 0


def test_a_full_heap_leaves_hards_choice_and_the_search_tries_again(monkeypatch):
    """No room for the worlds' scratch states (a MemoryError while they
    are made, the second state's here): the endgame search and Roller
    Coaster's are skipped, Hard's choice without them stands, nothing is
    left half made, and the next decision with room searches."""
    from games import by_id, shedding_hard

    game, positions_ = _endgame_positions("elevator", 3, range(1, 25))
    s = next(s for s, endgame in positions_ if endgame and len(s.legal_list()) > 1)
    obs = s.observe(0)
    rc = by_id("roller-coaster")
    rc_obs = rc.new_state(4, 5).observe(0)
    made = [0]

    def tight(blank):
        def second_fails(self):
            made[0] += 1
            if made[0] % 2 == 0:
                raise MemoryError("memory allocation failed")
            return blank(self)

        return second_fails

    blank = type(obs)._blank
    search_worlds._made[:] = [None] * 4
    monkeypatch.setattr(type(obs), "_blank", tight(blank))
    monkeypatch.setattr(type(rc_obs), "_blank", tight(type(rc_obs)._blank))
    counted = _Counted(game)
    mine = shedding_hard.hard_policy(obs, Prng(3))
    assert opponents.choose(counted, obs, Prng(3), HARD) == mine and counted.calls == 0
    assert search_worlds._made == [None] * 4
    assert search_worlds.scratch(obs) is None and search_worlds._made == [None] * 4
    rc_counted = _Counted(rc)
    normal = rc.basic_policy(rc_obs, Prng(1))
    assert opponents_hard.hard(rc_counted, rc_obs, Prng(2)) == normal
    assert rc_counted.calls == 1  # Normal's own choice alone
    monkeypatch.setattr(type(obs), "_blank", blank)
    opponents.choose(counted, obs, Prng(3), HARD)
    assert counted.calls > 0 and search_worlds._made[3] is not None
    monkeypatch.undo()
    opponents_hard.hard(rc_counted, rc_obs, Prng(2))
    assert rc_counted.calls > 2  # with room, Roller Coaster's searches there


def test_the_worlds_are_made_again_for_another_table():
    """Elevator and Bastard share a state class, and a copy takes the cards,
    not the rules: a search's scratch states are made again for another
    game, variant or player count (the simulator keeps the module from
    game to game), and kept for the same table."""
    from games import by_id

    el, ba = by_id("elevator"), by_id("bastard")
    tables = [el.new_state(3, 1), ba.new_state(3, 1), ba.new_state(3, 1, 1), ba.new_state(4, 1, 1)]
    for s in tables:
        obs = s.observe(0)
        world = search_worlds.scratch(obs)[0]
        assert world.INFO is obs.INFO and world.variant == obs.variant
        assert world.rules is obs.rules and world.num_players == obs.num_players
        world._copy_from(obs)
        assert world.legal_list() == obs.legal_list()
        assert search_worlds.scratch(s.observe(1))[0] is world  # the same table: kept
