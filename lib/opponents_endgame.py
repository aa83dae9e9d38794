"""Hard's search of the endgame in Elevator and Bastard.

Once the stock is empty every card Hard cannot see is in the other hands,
in counts it knows, and a few hands decide the game. From then on, while
nobody is out (after the winner no choice changes a win), Hard's own
player (``games/shedding_hard.py``) chooses first, and this search may
overrule it: each legal action is tried in worlds (``search_worlds``:
the cards Hard cannot see dealt at random into the other hands) and
played on with Normal at every seat until a player is out. A playout
scores _WIN if Hard's seat went out first, or else minus the cards it
still holds. Hard's choice stands unless another action wins _MARGIN
more a world.

The budget is the game's catalogue ``search``, in Normal moves (a copy
and an apply count one each, a world ``search_worlds.WORLD``), the same
unit as Roller Coaster's search (``opponents_hard.py``). Worlds go on, up
to _WORLDS, while one more as long as the average of those done fits in
the budget and before the board's clock (``search_worlds.late``); a
world that runs past the budget or the clock's give-up time is left out.
Without one whole world, Hard's choice stands. Three-player Elevator
gains the most (docs/opponents.md, "The endgame search Hard plays").

Loaded with the table when a seat plays Hard in a game and at a table
size whose record says it searches beside its own player
(``Info.searches``).
"""

from array import array

from micropython import const

import search_worlds
from engine.gamestate import MAX_ACTIONS
from search_worlds import WORLD as _WORLD
from search_worlds import actions as _actions
from search_worlds import determinize, scratch, settle
from search_worlds import totals as _totals

_WORLDS = const(16)  # the most worlds a decision: more gained nothing at the board's budget
_WIN = const(1000)  # a playout Hard's seat wins, against minus its cards left
# another action must win this much more a world (thousandths of a win)
# than Hard's own: below it, the worlds' noise undid more than it found
_MARGIN = const(50)
_these = array("i", [0] * MAX_ACTIONS)  # one world's scores: counted once the world is whole


def search(game, obs, prng, mine, moves=0, clock=None, start=0):
    """Hard's action in ``obs``: ``mine``, its own player's choice, unless
    the endgame search finds one clearly better within ``moves`` simulated
    moves (0: the game's ``INFO.search``) and before ``clock`` (board
    milliseconds, from ``start``) reaches ``search_worlds.THINK_MS``."""
    if obs.deck_n or obs.winner >= 0:
        return mine  # not the endgame
    n = obs.legal_actions(_actions)
    if n < 2:
        return mine
    if moves <= 0:
        moves = game.INFO.search
    pick = 0
    for i in range(n):
        _totals[i] = 0
        if _actions[i] == mine:
            pick = i
    seat = obs.current_player()
    made = scratch(obs)
    if made is None:
        return mine  # no room for the worlds: the choice without them
    world = made[0]
    s = made[1]
    spent = 0
    done = 0
    while done < _WORLDS:
        if done and (spent + spent // done > moves or (
                clock and search_worlds.late(clock, start, done))):  # fmt: skip
            break  # one more world would end past the budget or the clock
        used = _world(game, obs, world, s, n, seat, prng, moves - spent, clock, start)
        if used < 0:
            break  # left out: cut short
        for i in range(n):
            _totals[i] += _these[i]
        spent += used
        done += 1
    if not done:
        return mine
    return settle(n, pick, done * _MARGIN, mine)


def _world(game, obs, world, s, n, seat, prng, left, clock, start):
    """One world behind ``obs``, each of the ``n`` actions played in it to
    the first player out, their scores in ``_these``: the moves it took, or
    -1 once it would take more than ``left`` or ``clock`` reaches the
    give-up time."""
    used = _WORLD
    if used > left:
        return -1
    world._copy_from(obs)
    determinize(world, seat, prng)
    for i in range(n):
        used += 2
        if used > left:
            return -1
        s._copy_from(world)
        s.apply(_actions[i])
        while s.winner < 0 and not s.is_over():
            if used >= left or (clock and search_worlds.overtime(clock, start)):
                return -1
            s.apply(game.basic_policy(s, prng))
            used += 1
        _these[i] = _WIN if s.winner == seat else -s.cards_left(seat)
    return used
