"""Computer opponents at three levels, for every game with opponents.

- Easy: any legal action, chosen at random.
- Normal: the game's own heuristic (``basic_policy`` in its module).
- Hard: determinized Monte Carlo search (``opponents_hard.py``), loaded only for a
  game with a Hard seat, so a table of Easy and Normal players never
  holds its code.

Every level decides from ``observe(seat)`` alone, so no level can see a
card its seat cannot; the tests reshuffle the hidden cards and check that
no decision changes.
"""

from micropython import const

from games import MAX_ACTIONS

EASY = const(0)
NORMAL = const(1)
HARD = const(2)
# Not a computer: another person at this console (pass-and-play). Saved in
# a game's setup with the levels, so a resumed game knows who is who.
PERSON = const(3)
NAMES = ("Easy", "Normal", "Hard", "Person")  # 4: a console linked (link_host.GUEST)

_buf = [0] * MAX_ACTIONS


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
