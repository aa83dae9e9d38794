"""Elevator: climb the pile in alternating colours, turn at aces and
twos, and whoever gets the elevator stuck pays a card per player (spec and
rule IDs: ``seeds/elevator.md``). The engine is ``games/shedding.py``;
this module is the Elevator preset of it.
"""

import games
from games import (
    shedding,
    shedding_ai,  # loaded with the rules: compiled before any game is dealt
)
from games.shedding import DONE, PASS  # noqa: F401  (the game's action constants)

INFO = games.info("elevator")
ID, NAME, BLURB, MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS, VARIANTS = INFO.fields()

DRAW = PASS

# EL-9: the stuck player draws one card per player; givers start on the
# left; no chance to beat one's own play; the pile restarts in the
# direction it had; emptied hands rank in the order they emptied.
RULES = shedding.Rules(
    INFO,
    "ELEVATOR STUCK",
    penalty_others=False,
    give_step=1,
    beat_before_penalty=False,
    no_pass_two_left=False,
    restart_up=False,
    share_places=False,
)


def new_state(players, deal=1, variant=0, starter=0):
    INFO.check(players, variant, starter)
    return shedding.State(RULES, players, 1, deal, 0, starter)


def basic_policy(obs, prng=None):
    """The family's basic computer player (``games/shedding_ai.py``)."""
    return shedding_ai.basic_policy(obs, prng)
