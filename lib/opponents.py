"""Computer opponents at three levels, for every game with opponents.

The levels are seat kinds (``match.py``: EASY, NORMAL, HARD):

- Easy: any legal action, chosen at random; but where a draw by choice can
  stall the game (Roller Coaster), it draws exactly when Normal would: when
  it has nothing to play, or every play would leave a hand that can never
  go out.
- Normal: the game's own heuristic (``basic_policy`` in its module).
- Hard: a player of the game's own (its catalogue record's ``hard``, a
  module of ``games/``), with a search of the endgame where the record
  gives it a budget (``opponents_endgame.py``), or else a determinized
  Monte Carlo search (``opponents_hard.py``), each loaded only for a game
  with a Hard seat, so a table of Easy and Normal players never holds its
  code.

Every level decides from ``observe(seat)`` alone, so no level can see a
card its seat cannot; the tests reshuffle the hidden cards and check that
no decision changes. No level keeps drawing while it could play (RC-14):
a game between computers never ends blocked or at its turn limit by
their choice (docs/opponents.md).
"""

import games
from engine.gamestate import MAX_ACTIONS
from games import DRAW
from match import EASY, HARD

_buf = bytearray(MAX_ACTIONS)
_own = [None, None]  # the game's own Hard player: its name and module


def _easy(game, obs, prng):
    n = obs.legal_actions(_buf)
    if n > 1 and _buf[n - 1] == DRAW and obs.DRAW_STALLS:  # a draw comes last, when legal
        if game.basic_policy(obs, prng) == DRAW:
            return DRAW
        n -= 1
    return _buf[prng.below(n)]


def choose(game, obs, prng, level, moves=0, clock=None):
    """The action a ``level`` player takes from observation ``obs``. Hard
    plays its game's own player (``INFO.hard``) if it has one, and where
    the record also gives a ``search``, searches the endgame with it
    (``opponents_endgame.py``); else it searches throughout
    (``opponents_hard.py``). A search simulates ``moves`` moves (0: the
    game's, ``INFO.search``), and stops early at
    ``search_worlds.THINK_MS`` on ``clock`` when one is given."""
    if level == EASY:
        return _easy(game, obs, prng)
    if level == HARD:
        info = game.INFO
        own = info.hard
        if own:  # the game's own Hard player (docs/opponents.md)
            start = clock() if clock else 0  # the decision's time starts here
            if _own[0] is not own:  # looked up once a game: a decision allocates nothing
                _own[1] = games.load(own)
                _own[0] = own
            mine = _own[1].hard_policy(obs, prng)
            if not info.searches(obs.num_players):
                return mine
            import opponents_endgame

            return opponents_endgame.search(game, obs, prng, mine, moves, clock, start)
        import opponents_hard

        return opponents_hard.hard(game, obs, prng, moves, clock)
    return game.basic_policy(obs, prng)
