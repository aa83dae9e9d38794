"""What may go on the pile in the Elevator family: a preset's ``Rules``,
the climbing order, and the checks a play must pass (colour, rank,
direction, jokers) and whether a pass is allowed. The turn itself is in
``shedding.py``, the turn order and penalties in ``shedding_flow.py``."""

from engine import cards
from engine.cardset import BITS, BLACK_MASK, JOKER_MASK, RANK_MASKS, RED_MASK
from games.shedding_flow import Flow


class Rules:
    """A preset: the details that differ between Elevator and Bastard."""

    def __init__(self, INFO, name, penalty_others, give_step, beat_before_penalty,
                 no_pass_two_left, restart_up, share_places, colour_jokers=False):  # fmt: skip
        self.INFO = INFO  # the game's catalogue record
        self.name = name  # what the table calls the penalty
        self.penalty_others = penalty_others  # draw one per other player, not per player
        self.give_step = give_step  # +1: givers start on the left, -1: on the right
        self.beat_before_penalty = beat_before_penalty
        self.no_pass_two_left = no_pass_two_left
        self.restart_up = restart_up  # a restarted pile climbs again
        self.share_places = share_places  # hands emptied by one penalty share a place
        self.colour_jokers = colour_jokers  # joker only on the other colour


def value(card):
    """Climbing order: 2 lowest (0) .. K (11), ace highest (12)."""
    return (cards.rank(card) + 12) % 13


# value() and is_red() of every card id of two packs (CardSet's four
# words), looked up where a move is judged: a call costs more than the rest
# of a check (a Normal move made some fifty)
VALUES = bytearray(4 * BITS)
REDS = bytearray(4 * BITS)
for _c in range(4 * BITS):
    VALUES[_c] = value(_c)
    REDS[_c] = cards.is_red(_c)
# the lowest set bit of each nibble (0 for 0): legal_actions walks a hand a
# card at a time, not a bit at a time
LOW_BIT = b"\x00\x00\x01\x00\x02\x00\x01\x00\x03\x00\x01\x00\x02\x00\x01\x00"


def _build_masks():
    # One flat tuple of card words (two a pack: a second pack's words are the
    # first's), at 4 * value + 2 * up: every rank valued below (up 0) or above
    # (up 1) that value; at 52 + 2 * red: the black or red jokers. A hand is
    # judged a word at a time.
    out = [0] * 56
    for v in range(13):
        for r in range(13):
            i = 4 * v + 2 * ((r + 12) % 13 > v)
            if (r + 12) % 13 != v:
                out[i] |= RANK_MASKS[r][0]
                out[i + 1] |= RANK_MASKS[r][1]
    for c in (cards.JOKER_BLACK, cards.JOKER_RED):
        out[52 + 2 * cards.is_red(c) + c // BITS] |= 1 << (c % BITS)
    return tuple(out)


_MASKS = _build_masks()
# starts() fills this for its callers here, each reading it at once (a
# CardSet's words: four at most)
_OPEN = [0] * 4


class Pile(Flow):
    """The part of ``shedding.State`` that judges cards against the pile."""

    def _settle(self, c):
        """The pile's direction and constraints after ``c`` lands on it."""
        self.free = False
        self.need = -1
        r = cards.rank(c)
        if r < 0:  # a joker resets the pile; climbing again
            self.free = True
            self.dir = 1
            if self.rules.colour_jokers and self.variant:
                self.need = 0 if cards.is_red(c) else 1
        elif r == cards.ACE:
            self.dir = -1
        elif r == 1:
            self.dir = 1

    # -- what may be played ----------------------------------------------------
    def top(self):
        return self.pile[self.pile_n - 1] if self.pile_n else -1

    def starts(self, out):
        """Into ``out`` (a list of at least a hand's words): each word (as a
        CardSet's) of the cards that may open a play on the pile now. One
        call fills them all: a move judges it a few times."""
        c = self.rules.colour_jokers and self.variant  # BA-14: jokers have a colour
        need = self.need
        words = 2 * self.decks
        if need >= 0:  # after a coloured joker: that colour only
            col = RED_MASK if need else BLACK_MASK
            for k in range(words):
                out[k] = col[k] | (_MASKS[52 + 2 * need + (k & 1)] if c else JOKER_MASK[k])
            return out
        if self.free:
            for k in range(words):
                out[k] = RED_MASK[k] | BLACK_MASK[k] | JOKER_MASK[k]
            return out
        top = self.pile[self.pile_n - 1]  # a pile that is not free has a top
        red = REDS[top]
        # the other colour, higher going up and lower going down
        col = BLACK_MASK if red else RED_MASK
        at = 4 * VALUES[top] + 2 * (self.dir > 0)
        joker = 52 + 2 * (not red)
        for k in range(words):
            m = col[k] & _MASKS[at + (k & 1)]
            out[k] = m | (_MASKS[joker + (k & 1)] if c else JOKER_MASK[k])
        return out

    def _follows(self, k):
        """Word ``k`` of the cards that may join the play being made: its
        rank, the other colour."""
        if self.play_rank < 0:
            return 0
        return RANK_MASKS[self.play_rank][k] & (BLACK_MASK if self.play_red else RED_MASK)[k]

    def can_play(self, seat):
        w = self.hands[seat].w
        m = self.starts(_OPEN)
        for k in range(len(w)):
            if w[k] & m[k]:
                return True
        return False

    def may_pass(self):
        """A voluntary pass is allowed unless the player before passed (or,
        in Bastard, two players are left) and a card can be played."""
        return self._may_pass(self.can_play(self.turn))

    def _may_pass(self, can):
        """``may_pass`` for a player who can (``can``) play a card or not."""
        if not can:
            return True
        if self.prev_passed:
            return False
        return not (self.rules.no_pass_two_left and self.active() == 2)
