"""Bastard: the Elevator family with its own details: a second pack past
six players, the bastard rule, and red and black jokers as a variant
(spec and rule IDs: ``seeds/bastard.md``). The engine is
``games/shedding.py``; this module is the Bastard preset of it.
"""

from micropython import const

import games
from games import (
    shedding,
    shedding_ai,  # loaded with the rules: compiled before any game is dealt
)
from games.shedding import DONE, PASS, next_starter  # noqa: F401  (BA-13: series play)

INFO = games.info("bastard")
ID, NAME, BLURB, MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS, VARIANTS = INFO.fields()

COLOUR_JOKERS = const(1)
DRAW = PASS

RULES = shedding.Rules(
    INFO,
    "BASTARD RULE",
    penalty_others=True,  # BA-9: one card per other player who started
    give_step=-1,  # BA-9: givers start on the right
    beat_before_penalty=True,  # BA-8
    no_pass_two_left=True,  # BA-7
    restart_up=True,  # BA-10
    share_places=True,  # BA-11
    colour_jokers=True,  # BA-14, with variant 1
)


def decks(players):
    return 2 if players > 6 else 1  # BA-1


def new_state(players, deal=1, variant=0, starter=0):
    INFO.check(players, variant, starter)
    return shedding.State(RULES, players, decks(players), deal, variant, starter)


def basic_policy(obs, prng=None):
    """The family's basic computer player (``games/shedding_ai.py``)."""
    return shedding_ai.basic_policy(obs, prng)
