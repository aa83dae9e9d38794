"""Color Elevator: two cards a turn on two face-up piles, a black top
going up and a red top going down (spec and rule IDs:
``seeds/color-elevator.md``).

Actions: ``pile * 54 + card`` plays that card (0 .. 53) on pile 0 or 1;
``DRAW`` draws when nothing fits (two cards, or three after a flipped
face-down card that fits nowhere). The cards under the two tops are kept
in ``pile`` (their order never matters again); each seat's face-down
cards are in ``fd`` (four slots per seat, top last).
"""

from micropython import const

import cards
import games
from games.color_elevator_stock import (  # noqa: F401
    END_NONE,
    END_STALLED,
    END_TURNS,
    END_WON,
    FACE_DOWN,
    HAND,
    MAX_REBUILDS,
    Stock,
)

_INFO = games.info("color-elevator")
ID, NAME, BLURB, MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS, VARIANTS = _INFO.fields()

JOKERS = const(1)
MAX_ACTIONS = const(112)
MAX_TURNS = const(1000)  # CE-15
DRAW = const(200)
DONE = const(201)  # never legal here; kept so tools can treat games alike
_FACES = const(54)


def wild(card):
    """CE-5: an ace (or, with the joker variant, a joker) is wild."""
    return cards.rank(card) <= 0


def fits(card, top):
    """CE-4/CE-5: may ``card`` go on ``top``? Ranks 2 (low) .. K (high)."""
    if wild(card) or wild(top):
        return True
    r = cards.rank(card)
    t = cards.rank(top)
    if cards.is_red(top):
        return r < t or (r == t and not cards.is_red(card))
    return r > t or (r == t and cards.is_red(card))


class State(Stock):
    TEXT = "games.color_elevator_text"
    FIELDS = (
        "deck_n", "pile_n", "top0", "top1", "turn", "turns", "played", "flipped", "rebuilds",
        "quiet", "over", "winner", "ending", "observer", "last_seat", "last_a", "last_b",
        "last_drew",
    )  # fmt: skip
    BUFFERS = ("fd", "fd_n")

    def __init__(self, players, deal=1, variant=0, _empty=False):
        if players < MIN_PLAYERS or players > MAX_PLAYERS:
            raise ValueError("players must be 2-4")
        if variant not in (0, JOKERS):
            raise ValueError("variant must be 0 or 1")
        self.max_actions = MAX_ACTIONS
        self.deal = deal
        self.variant = variant
        self._init_table(players, 1)
        self.ncards = _FACES if variant == JOKERS else cards.SUITED  # CE-1
        self.fd = bytearray(FACE_DOWN * players)
        self.fd_n = bytearray(players)
        self.top0 = self.top1 = -1
        self.turn = 0
        self.turns = 0
        self.played = -1  # pile of the first card played this turn, -1 none
        self.flipped = False  # this turn's only card came from the face-down pile
        self.rebuilds = 0
        self.quiet = False  # no card played since the last rebuild
        self.over = False
        self.winner = -1
        self.ending = END_NONE
        self.observer = -1
        self.last_seat = -1  # what the last turn did, for the table screen
        self.last_a = self.last_b = -1  # actions played
        self.last_drew = 0
        if not _empty:
            self._deal()

    def _deal(self):
        self._shuffle_pack()
        p = self.num_players
        for _ in range(FACE_DOWN):  # CE-2: face-down cards first, then hands
            for s in range(p):
                self._face_down(s)
        for _ in range(HAND):
            for s in range(p):
                self._draw_into(s)
        self.top0 = self._take_starter(False)  # CE-3: pile 0 starts black
        self.top1 = self._take_starter(True)

    def _take_starter(self, red):
        i = self.deck_n - 1
        while i >= 0:
            c = self.deck[i]
            if not cards.is_joker(c) and cards.is_red(c) == red:
                for j in range(i, self.deck_n - 1):
                    self.deck[j] = self.deck[j + 1]
                self.deck_n -= 1
                return c
            i -= 1
        raise ValueError("no starter")  # a full pack always has both colours

    # -- the interface ---------------------------------------------------------
    def current_player(self):
        return -1 if self.over else self.turn

    def top(self, pile):
        return self.top0 if pile == 0 else self.top1

    def _pair_exists(self, hand):
        """CE-6: can two different cards go one on each pile?"""
        a = b = 0  # cards fitting pile 0 / pile 1
        both = 0
        c = hand.next(-1)
        while c >= 0:
            f0 = fits(c, self.top0)
            f1 = fits(c, self.top1)
            a += f0
            b += f1
            both += f0 and f1
            c = hand.next(c)
        # a pair needs one card for each pile, and they must differ
        return a and b and (a + b - both) >= 2

    def legal_actions(self, buf):
        if self.over:
            return 0
        hand = self.hands[self.turn]
        n = 0
        if self.played >= 0:  # CE-6: the second card goes on the other pile
            p = 1 - self.played
            top = self.top(p)
            c = hand.next(-1)
            while c >= 0:
                if fits(c, top):
                    buf[n] = p * _FACES + c
                    n += 1
                c = hand.next(c)
            return n
        pair = not self.flipped and self._pair_exists(hand)
        for p in range(2):
            top = self.top(p)
            other = self.top(1 - p)
            c = hand.next(-1)
            while c >= 0:
                if fits(c, top) and (not pair or self._other_fits(hand, c, other)):
                    buf[n] = p * _FACES + c
                    n += 1
                c = hand.next(c)
        if n == 0:  # CE-7 / CE-9: nothing fits
            buf[0] = DRAW
            n = 1
        return n

    def _other_fits(self, hand, card, top):
        c = hand.next(-1)
        while c >= 0:
            if c != card and fits(c, top):
                return True
            c = hand.next(c)
        return False

    def apply(self, action):
        if self.over:
            raise ValueError("game over")
        seat = self.turn
        hand = self.hands[seat]
        if action == DRAW:
            n = self.legal_actions(_scratch)
            if n != 1 or _scratch[0] != DRAW:
                raise ValueError("a card fits: play it")
            self.last_seat = seat
            self.last_a = self.last_b = -1
            self._draw(seat, 3 if self.flipped else 2)  # CE-7, CE-9
            self._end_turn()
            return
        p = action // _FACES
        c = action % _FACES
        if p > 1 or not hand.contains(c) or not self._is_legal(action):
            raise ValueError("illegal card")
        hand.remove(c)
        self.counts[seat] -= 1
        self.quiet = False
        old = self.top(p)
        if p == 0:
            self.top0 = c
        else:
            self.top1 = c
        self.pile[self.pile_n] = old
        self.pile_n += 1
        if self.played >= 0:  # the second card
            self.last_b = action
            self._end_turn()
            return
        self.last_seat = seat
        self.last_a = action
        self.last_b = -1
        self.last_drew = 0
        if self.flipped:  # CE-8: the flipped card was played; that is the turn
            self._end_turn()
            return
        if self._other_fits(hand, -1, self.top(1 - p)):
            self.played = p
            return
        self._draw(seat, 1)  # CE-7: only one card could be played
        self._end_turn()

    def _is_legal(self, action):
        n = self.legal_actions(_scratch)
        for i in range(n):
            if _scratch[i] == action:
                return True
        return False

    def _draw(self, seat, k):
        self.last_drew = 0
        for _ in range(k):
            if self.deck_n == 0:
                self._rebuild(seat)  # CE-10 / CE-11: the new hands end the draw
                return
            self._draw_into(seat)
            self.last_drew += 1

    def _end_turn(self):
        seat = self.turn
        self.played = -1
        self.flipped = False
        if self.over:
            return
        if self.counts[seat] == 0 and self.fd_n[seat] == 0:  # CE-12
            self.over = True
            self.winner = seat
            self.ending = END_WON
            return
        self.turns += 1
        if self.turns >= MAX_TURNS:  # CE-15
            self._stop(END_TURNS)
            return
        self.turn = (seat + 1) % self.num_players
        self._start_turn()

    def _start_turn(self):
        s = self.turn
        if self.counts[s] == 0 and self.fd_n[s]:  # CE-8: flip the top face-down card
            self.fd_n[s] -= 1
            self.hands[s].add(self.fd[s * FACE_DOWN + self.fd_n[s]])
            self.counts[s] += 1
            self.flipped = True

    def _blank(self):
        return State(self.num_players, self.deal, self.variant, _empty=True)


_scratch = [0] * MAX_ACTIONS


def new_state(players, deal=1, variant=0):
    return State(players, deal, variant)


def basic_policy(obs, prng=None):
    """The basic computer player (``games/color_elevator_ai.py``)."""
    from games import color_elevator_ai

    return color_elevator_ai.basic_policy(obs, prng)
