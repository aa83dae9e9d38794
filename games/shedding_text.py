"""Words for the Elevator family's table screen: what an action does and
why one is refused. Loaded only when a screen says it, so the rules
engine (``shedding.py``) loads without it and a card played loads no text."""

from engine import cards
from games.shedding import DONE, GIVE, MAX_TURNS, PASS


def describe(s, action):
    if action == PASS:
        return "pass and draw" if s.deck_n else "pass"
    if action == DONE:
        return "end the play"
    return ("give " if s.phase == GIVE else "play ") + cards.mark(action)


def why_illegal(s, action):
    if s.is_legal(action):
        return ""
    if s.phase == GIVE:
        return "Give a card from your hand"
    if action == PASS:
        if s.play_n:
            return "Finish or undo the play"
        if s.prev_passed:
            return "Last player passed: play"
        return "Two left: you must play"
    if action == DONE:
        return "Pick a card first"
    if s.play_n:
        return "Same rank, other colour"
    if cards.rank(action) < 0:
        return "Joker only on the other colour"
    if s.need >= 0:
        return "Must be " + ("red" if s.need else "black")
    if cards.is_red(action) == cards.is_red(s.top()):
        return "Play the other colour"
    return "Must be higher" if s.dir > 0 else "Must be lower"


def ending(s):
    """(heading, reason) of a game that ended with nobody out: only the
    turn limit ends one so."""
    return "Stopped", "STOPPED AT %d TURNS" % MAX_TURNS
