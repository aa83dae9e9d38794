"""The Hard computer player's search: determinized Monte Carlo search,
for a game without a Hard player of its own (Roller Coaster; Color
Elevator, Elevator and Bastard have theirs, ``games/*_hard.py``, which fit
the board's time where a search does not: docs/opponents.md).

It deals the cards its seat cannot see at random in the counts the seat
knows (``determinize``), plays each candidate action there, lets every
seat play on with the Normal policy for one round, and scores where its
seat stands (``_standing``); the Normal choice stands unless another
action scores clearly better over all samples. Its budget is a number of
simulated moves, set for each game (its catalogue record's ``search``) to
fit the board's time. When the stock's order is known to every seat
(Roller Coaster after a turnover), it searches one world deeper instead
(``_deep``). A draw with a card to play is a candidate only while it
takes a card from a small hand early in the game (``_may_draw``). The
worlds and the clock are ``search_worlds.py``'s.

Loaded (``opponents.choose``) only for games with a Hard seat that
search.
"""

from micropython import const

import search_worlds
from games import DRAW
from search_worlds import WORLD as _WORLD
from search_worlds import actions as _actions
from search_worlds import determinize, scratch, settle
from search_worlds import totals as _totals

# Hard's budget is counted in simulated moves, so that a decision costs
# about the same time in every game and at every player count: a Normal
# move in a playout is one unit, a copy of the state about one, a sampled
# world (copy and deal) search_worlds.WORLD. Each game's budget (its catalogue record's
# ``search``) is the largest whose slowest decision over 20 four-player
# games on the MicroPython VM (tests/mp/hard_time.py), times 350, stays
# under 300 ms: the Pico ran the same decisions 225-350 times slower
# (measured on the firmware: docs/opponents.md). A playout is one sampled world, one
# candidate action and one round of play after it.
_ROUNDS = const(1)  # rounds of play (every seat once) a playout looks ahead
_CARD = const(40)  # one card of lead on the 0..1000 standing scale
_MARGIN = const(40)  # per sample: Normal's choice stands unless beaten by a card
# Why one round: 48 playouts to the end of the game were no stronger than
# one round with this evaluation, at a tenth of the cost (docs/opponents.md).
# When every seat knows the stock's order (deck_public), a world is nearly
# known and depth pays instead: one world, up to _DEEP_ROUNDS rounds (docs/opponents.md).
_DEEP_ROUNDS = const(5)
# A draw by choice (Roller Coaster, RC-4) is tried only while the hand is
# smaller than this and the game younger than this (``_may_draw``)
_DRAW_HAND = const(8)
_DRAW_TURNS = const(300)


def _standing(state, seat):
    """How well ``seat`` stands, 0..1000: a finished game scores the win
    (shared wins split it); a running one the lead in cards left, against
    the mean of the other players and against the closest of them."""
    n = state.num_players
    if state.is_over():
        won = 0
        k = 0
        for w in state.winners():
            k += 1
            if w == seat:
                won = 1
        return 1000 // k if won else 0
    if n < 2:
        return 500
    mine = state.cards_left(seat)
    total = 0
    least = 1000
    for s in range(n):
        if s != seat:
            left = state.cards_left(s)
            total += left
            if left < least:
                least = left
    v = 500 + (_CARD * total) // (n - 1) - _CARD * mine + (_CARD // 2) * (least - mine)
    if v < 1:
        return 1
    if v > 999:
        return 999
    return v


def _playout(game, world, s, action, horizon, seat, prng, clock, start):
    """Play ``action`` in ``s``, a copy of ``world`` (made once a decision:
    a playout allocates no state), then ``horizon`` Normal moves; how
    ``seat`` stands after them, or -1 if ``clock`` ran to the give-up
    time since ``start`` on the way (the decision is then Normal's)."""
    s._copy_from(world)
    s.apply(action)
    steps = 0
    while not s.is_over() and steps < horizon:
        if clock and search_worlds.overtime(clock, start):
            return -1
        s.apply(game.basic_policy(s, prng))
        steps += 1
    return _standing(s, seat)


def _may_draw(obs, seat):
    """May Hard draw by choice, with a card to play (Roller Coaster's RC-4)?
    Only a draw that takes a card (RC-12: an empty stock and a pile of one
    give none), while its hand holds fewer than _DRAW_HAND cards and the
    game is younger than _DRAW_TURNS turns: so it never keeps drawing
    (RC-14), and a game between computers never ends blocked or at its
    turn limit by its choice (docs/opponents.md)."""
    return (
        (obs.deck_n > 0 or obs.pile_n > 1)
        and obs.counts[seat] < _DRAW_HAND
        and obs.turns < _DRAW_TURNS
    )


def hard(game, obs, prng, moves=0, clock=None):
    start = clock() if clock else 0  # the decision's time starts here
    seat = obs.current_player()
    n = obs.legal_actions(_actions)
    if n == 1:
        return _actions[0]
    normal = game.basic_policy(obs, prng)
    if _actions[n - 1] == DRAW:
        if normal == DRAW:
            return DRAW  # nothing to play, or a dead hand (RC-14)
        if obs.DRAW_STALLS and not _may_draw(obs, seat):
            n -= 1
            if n == 1:
                return _actions[0]
    if moves <= 0:
        moves = game.INFO.search
    if obs.deck_public():
        return _deep(game, obs, prng, moves, n, normal, clock, start)
    horizon = _ROUNDS * obs.num_players
    # a sample: one world, then each action copied, applied, played on
    rounds = moves // (_WORLD + n * (horizon + 2))
    if rounds < 2:
        # one sample per action is noise: it must not undo a sound heuristic
        return normal
    for i in range(n):
        _totals[i] = 0
    done = 0
    made = scratch(obs)
    if made is None:
        return normal  # no room for the worlds: the choice without them
    world = made[0]
    s = made[1]  # the sampled world and each playout's copy
    while done < rounds:
        world._copy_from(obs)
        determinize(world, seat, prng)
        for i in range(n):
            v = _playout(game, world, s, _actions[i], horizon, seat, prng, clock, start)
            if v < 0:
                return normal
            _totals[i] += v
        done += 1
        if clock and done < rounds and search_worlds.late(clock, start, done):
            break
    if done < 2:
        return normal
    pick = 0
    for i in range(n):
        if _actions[i] == normal:
            pick = i
    return settle(n, pick, done * _MARGIN, normal)


def _deep(game, obs, prng, moves, n, normal, clock, start):
    """Search when the stock's order is known (Roller Coaster after the pile
    has been turned over): the sampled worlds then differ only in the
    cards held since the deal, so one world serves every action and the
    budget goes into looking further ahead, up to ``_DEEP_ROUNDS`` rounds.
    Actions the game calls the same choice (``choice_key``) are tried once."""
    seat = obs.current_player()
    key = game.choice_key
    mine = key(normal)
    m = 0
    pick = -1
    for i in range(n):  # keep the first action of each choice
        a = _actions[i]
        k = key(a)
        fresh = True
        for j in range(m):
            if key(_actions[j]) == k:
                fresh = False
        if fresh:
            _actions[m] = a
            if k == mine:
                pick = m
            m += 1
    rounds = ((moves - _WORLD) // m - 2) // obs.num_players
    if rounds > _DEEP_ROUNDS:
        rounds = _DEEP_ROUNDS
    if m == 1 or rounds < 2:
        return normal
    made = scratch(obs)
    if made is None:
        return normal  # no room for the worlds: the choice without them
    world = made[0]
    s = made[1]
    world._copy_from(obs)
    determinize(world, seat, prng)
    horizon = rounds * obs.num_players
    for i in range(m):
        if clock and i and search_worlds.late(clock, start, i):
            return normal  # every choice or none: a partial count is no comparison
        _totals[i] = _playout(game, world, s, _actions[i], horizon, seat, prng, clock, start)
        if _totals[i] < 0:
            return normal
    return settle(m, pick, _MARGIN, normal)
