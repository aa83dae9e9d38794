"""Computer opponents at three levels, for every game with opponents.

The levels are seat kinds (``match.py``: EASY, NORMAL, HARD):

- Easy: any legal action, chosen at random.
- Normal: the game's own heuristic (``basic_policy`` in its module).
- Hard: determinized Monte Carlo search (``opponents_hard.py``), loaded only for a
  game with a Hard seat, so a table of Easy and Normal players never
  holds its code.

Every level decides from ``observe(seat)`` alone, so no level can see a
card its seat cannot; the tests reshuffle the hidden cards and check that
no decision changes.
"""

from engine.gamestate import MAX_ACTIONS
from match import EASY, HARD

_buf = bytearray(MAX_ACTIONS)


def choose(game, obs, prng, level, moves=0, clock=None):
    """The action a ``level`` player takes from observation ``obs``; Hard
    searches ``moves`` simulated moves (0: the game's, ``INFO.search``),
    and stops early at ``opponents_hard.THINK_MS`` on ``clock`` when one is given."""
    if level == EASY:
        n = obs.legal_actions(_buf)
        return _buf[prng.below(n)]
    if level == HARD:
        import opponents_hard

        return opponents_hard.hard(game, obs, prng, moves, clock)
    return game.basic_policy(obs, prng)
