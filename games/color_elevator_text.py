"""Words for Color Elevator's table screen: what an action does and why
one is refused. Loaded only when a screen says it, so the rules load
without it and a card played loads no text."""

from engine import cards
from games.color_elevator import DRAW, END_STALLED, fits


def why_illegal(s, action):
    if s.is_legal(action):
        return ""
    if action == DRAW:
        return "A card fits: play it"
    if action > DRAW:
        return "Play on each pile" if s.played < 0 else "Now the other pile"
    p = action // cards.FACES
    c = action % cards.FACES
    if p > 1 or not s.hands[s.turn].contains(c):
        return "Not in your hand"
    top = s.top(p)
    if s.played == p:
        return "Next card: other pile"
    if fits(c, top):
        return "Keep a card for the other pile"
    r = cards.rank_code(cards.rank(top))
    if cards.is_red(top):
        return "On red %s: lower or black %s" % (r, r)
    return "On black %s: higher or red %s" % (r, r)


def describe(s, action):
    if action == DRAW:
        return "draw %d" % (3 if s.flipped else 2)
    return "play %s on pile %d" % (cards.mark(action % cards.FACES), action // cards.FACES + 1)


def ending(s):
    """(heading, reason) of a game that ended with nobody out (CE-14, CE-15);
    the ranking, fewest cards first, is CE-13."""
    if s.ending == END_STALLED:
        return "Blocked", "NO CARD CAN EVER FIT AGAIN"
    return "Stopped", "A SAFETY LIMIT WAS REACHED"
