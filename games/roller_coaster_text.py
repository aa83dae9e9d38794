"""Words for Roller Coaster's table screen: what an action does and why
one is refused. Loaded only when a screen or a tool says it, so the rules
load without it and a card played loads no text."""

from engine import cards
from games import roller_coaster as rc
from games.roller_coaster import DONE, DRAW, MAX_TURNS


def why_illegal(s, action):
    """A short reason why ``action`` is refused now ('' if legal)."""
    if s.is_legal(action):
        return ""
    if action == DRAW:
        return "Finish or undo the run first"
    if action == DONE:
        if s.run_n == 0:
            return "Pick cards first"
        if s.run_last_joker:
            return "A joker can't end a run"
        return "Opening needs 2+ cards"
    r = cards.rank(action)
    if s.run_n == 0 and r < 0:
        return "A joker can't start a run"
    if r < 0:
        return "No card to follow the joker"
    if s.run_n == 0 and s.opening:
        return "No card fits next to it"
    if s.run_n == 0:
        top = cards.rank(s.pile[s.pile_n - 1])
        return "Play %s or %s on %s" % (
            cards.rank_code(rc.step(top, 1)),
            cards.rank_code(rc.step(top, -1)),
            cards.rank_code(top),
        )
    if s.run_dir == 0:
        gap = s.run_jokers + 1
        return "Next must be %s or %s" % (
            cards.rank_code(rc.step(s.run_anchor, gap)),
            cards.rank_code(rc.step(s.run_anchor, -gap)),
        )
    return "Next must be " + cards.rank_code(s.run_next)


def describe(s, action):
    if action == DRAW:
        return "draw" if s.deck_n or s.pile_n > 1 else "pass"
    if action == DONE:
        return "end run"
    return "play " + cards.mark(action)


def ending(s):
    """(heading, reason) of a game that ended with nobody out (RC-13, RC-14);
    the ranking, fewest cards first, is RC-15."""
    if s.idle >= s.num_players:
        return "Blocked", "NOBODY CAN PLAY OR DRAW"
    return "Stopped", "STOPPED AT %d TURNS" % MAX_TURNS
