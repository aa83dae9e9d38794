"""What an action does, why one is refused, and how a game nobody won
ended, in words: each game's text module (the catalogue's ``text``),
loaded only when a screen or a tool says it, so the rules load without it
and a card played loads no text."""

import games


def describe(state, action):
    """What ``action`` does now, in a few words."""
    return games.load(state.INFO.text).describe(state, action)


def why_illegal(state, action):
    """A short reason why ``action`` is refused now ('' if it is legal)."""
    return games.load(state.INFO.text).why_illegal(state, action)


def ending(state):
    """(heading, reason) of a finished game with opponents that nobody won
    outright (blocked, or a limit reached)."""
    return games.load(state.INFO.text).ending(state)
