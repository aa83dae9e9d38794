"""Computer opponents at three levels, for every game with opponents.

The levels are seat kinds (``match.py``: EASY, NORMAL, HARD):

- Easy: any legal action, chosen at random; but where a draw by choice can
  stall the game (Roller Coaster), it draws exactly when Normal would: when
  it has nothing to play, or every play would leave a hand that can never
  go out.
- Normal: the game's own heuristic (``basic_policy`` in its module).
- Hard: determinized Monte Carlo search (``opponents_hard.py``), loaded only for a
  game with a Hard seat, so a table of Easy and Normal players never
  holds its code.

Every level decides from ``observe(seat)`` alone, so no level can see a
card its seat cannot; the tests reshuffle the hidden cards and check that
no decision changes. No level keeps drawing while it could play (RC-14):
a game between computers never ends blocked or at its turn limit by
their choice (docs/opponents.md).
"""

from engine.gamestate import MAX_ACTIONS
from games import DRAW
from match import EASY, HARD

_buf = bytearray(MAX_ACTIONS)


def _easy(game, obs, prng):
    n = obs.legal_actions(_buf)
    if n > 1 and _buf[n - 1] == DRAW and obs.DRAW_STALLS:  # a draw comes last, when legal
        if game.basic_policy(obs, prng) == DRAW:
            return DRAW
        n -= 1
    return _buf[prng.below(n)]


def choose(game, obs, prng, level, moves=0, clock=None):
    """The action a ``level`` player takes from observation ``obs``; Hard
    searches ``moves`` simulated moves (0: the game's, ``INFO.search``),
    and stops early at ``opponents_hard.THINK_MS`` on ``clock`` when one is given."""
    if level == EASY:
        return _easy(game, obs, prng)
    if level == HARD:
        import opponents_hard

        return opponents_hard.hard(game, obs, prng, moves, clock)
    return game.basic_policy(obs, prng)
