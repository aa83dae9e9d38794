"""Words for the Elevator solitaire table: what an action does and why
one is refused. Loaded only when a screen or a tool says it, so the rules
load without it and a card played loads no text."""

from engine import cards
from games.elevator_solitaire import DRAW, GONE, HIDDEN, SIZE


def why_illegal(s, action):
    if s.is_legal(action):
        return ""
    if action == DRAW:
        return "The stock is empty"
    if not (0 <= action < SIZE) or s.pyr[action] == GONE:
        return "No card there"
    if not s.uncovered(action):
        return "That card is covered"
    if s.pile_n == 0:
        return "Turn a stock card first"
    r = cards.rank(s.pile[s.pile_n - 1])
    return "Play %s or %s on %s" % (
        cards.rank_code((r + 1) % 13),
        cards.rank_code((r + 12) % 13),
        cards.rank_code(r),
    )


def describe(s, action):
    if action == DRAW:
        return "turn a stock card"
    c = s.pyr[action] if 0 <= action < SIZE else GONE
    return "play " + (cards.mark(c) if c < HIDDEN else "?")
