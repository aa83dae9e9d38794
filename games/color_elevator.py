"""Color Elevator: two cards a turn on two face-up piles, a black top
going up and a red top going down (spec and rule IDs:
``seeds/color-elevator.md``).

Actions: ``pile * 54 + card`` plays that card (0 .. 53) on pile 0 or 1;
``DRAW`` draws when nothing fits (two cards, or three after a flipped
face-down card that fits nowhere). The cards under the two tops are kept
in ``pile`` (their order never matters again); each seat's face-down
cards are in ``fd`` (four slots per seat, top last).

This module holds what may be played, playing it, the deal and the turn
around the table. Which cards fit a top is a table of card words
(``color_elevator_fit.py``), so a hand is judged a word at a time, not card
by card; the stock and the face-down piles, what a seat holds and what it
cannot see are the state's base class (``color_elevator_stock.py``).
"""

from micropython import const

import games
from engine import cards
from engine.cardset import BITS, _popcount
from engine.gamestate import TERMINAL
from games import DONE, DRAW  # noqa: F401  (DONE is never legal here; tools treat games alike)
from games.color_elevator_fit import _FIT, fit_count, fits, wild  # noqa: F401
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

INFO = games.info("color-elevator")
ID, NAME, BLURB, MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS, VARIANTS = INFO.fields()

JOKERS = const(1)
MAX_TURNS = const(1000)  # CE-15
_FACES = const(54)


def _fitting(w, top, p, other, buf, n):
    """Write the plays of hand words ``w`` on pile ``p`` (top ``top``) into
    ``buf`` from ``n``; with ``other`` >= 0, only cards that leave another
    card fitting ``other``. Returns the new count."""
    if other >= 0:  # the cards that fit the other pile
        m = _popcount(w[0] & _FIT[2 * other]) + _popcount(w[1] & _FIT[2 * other + 1])
    for k in range(2):
        word = w[k] & _FIT[2 * top + k]
        c = k * BITS
        while word:
            if word & 1 and (other < 0 or m - fits(c, other) > 0):
                buf[n] = p * _FACES + c
                n += 1
            word >>= 1
            c += 1
    return n


class State(Stock):
    INFO = INFO
    FIELDS = (
        "deck_n", "pile_n", "top0", "top1", "turn", "turns", "played", "flipped", "rebuilds",
        "over", "winner", "ending",
    )  # fmt: skip
    BUFFERS = ("fd", "fd_n")

    def _copy_fields(self, o):
        # FIELDS, BUFFERS and SETS one by one: a loop by name costs four times
        # as much on a board (tests/test_conformance.py checks they agree)
        self.deck_n = o.deck_n
        self.pile_n = o.pile_n
        self.top0 = o.top0
        self.top1 = o.top1
        self.turn = o.turn
        self.turns = o.turns
        self.played = o.played
        self.flipped = o.flipped
        self.rebuilds = o.rebuilds
        self.over = o.over
        self.winner = o.winner
        self.ending = o.ending
        self.fd[:] = o.fd
        self.fd_n[:] = o.fd_n

    def __init__(self, players, deal=1, variant=0, _empty=False):
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
        self.over = False
        self.winner = -1
        self.ending = END_NONE
        if not _empty:
            self._deal()

    # -- the interface ---------------------------------------------------------
    def current_player(self):
        return TERMINAL if self.over else self.turn

    def top(self, pile):
        return self.top0 if pile == 0 else self.top1

    def _pair_exists(self, hand):
        """CE-6: can two different cards go one on each pile?"""
        w = hand.w
        i = 2 * self.top0
        j = 2 * self.top1
        a = w[0] & _FIT[i]  # the cards fitting pile 1, by word
        b = w[1] & _FIT[i + 1]
        c = w[0] & _FIT[j]  # and pile 2
        d = w[1] & _FIT[j + 1]
        if not (a or b) or not (c or d):
            return False
        # a pair needs one card for each pile, and they must differ
        return _popcount(a | c) + _popcount(b | d) >= 2

    def legal_actions(self, buf):
        if self.over:
            return 0
        hand = self.hands[self.turn]
        n = 0
        w = hand.w
        if self.played >= 0:  # CE-6: the second card goes on the other pile
            return _fitting(w, self.top(1 - self.played), 1 - self.played, -1, buf, 0)
        pair = not self.flipped and self._pair_exists(hand)
        for p in range(2):
            # CE-6: with a pair possible, a first card must leave one for the other pile
            other = self.top(1 - p) if pair else -1
            n = _fitting(w, self.top(p), p, other, buf, n)
        if n == 0:  # CE-7 / CE-9: nothing fits
            buf[0] = DRAW
            n = 1
        return n

    def _other_fits(self, hand, card, top):
        """Does a card of ``hand`` other than ``card`` fit ``top``?"""
        n = fit_count(hand, top)
        if card >= 0 and hand.contains(card) and fits(card, top):
            n -= 1
        return n > 0

    def apply(self, action):
        if self.over:
            raise ValueError("game over")
        seat = self.turn
        hand = self.hands[seat]
        if action == DRAW:
            if self.played >= 0 or fit_count(hand, self.top0) or fit_count(hand, self.top1):
                raise ValueError("a card fits: play it")
            self._draw(seat, 3 if self.flipped else 2)  # CE-7, CE-9
            self._end_turn()
            return
        if not self._is_legal(action):
            raise ValueError("illegal card")
        p = action // _FACES
        c = action % _FACES
        hand.remove(c)
        self.counts[seat] -= 1
        old = self.top(p)
        if p == 0:
            self.top0 = c
        else:
            self.top1 = c
        self.pile[self.pile_n] = old
        self.pile_n += 1
        if self.played >= 0:  # the second card
            self._end_turn()
            return
        if self.flipped:  # CE-8: the flipped card was played; that is the turn
            self._end_turn()
            return
        if self._other_fits(hand, -1, self.top(1 - p)):
            self.played = p
            return
        self._draw(seat, 1)  # CE-7: only one card could be played
        self._end_turn()

    def _is_legal(self, action):
        """Is the card ``action`` legal now? What ``legal_actions`` would
        say of it, judged alone."""
        if action < 0 or action >= 2 * _FACES:
            return False
        p = action // _FACES
        c = action % _FACES
        hand = self.hands[self.turn]
        if not hand.contains(c) or not fits(c, self.top(p)):
            return False
        if self.played >= 0:  # CE-6: the second card goes on the other pile
            return p != self.played
        # CE-6: when two can be played, the first must leave one for the other pile
        return (
            self.flipped
            or not self._pair_exists(hand)
            or self._other_fits(hand, c, self.top(1 - p))
        )

    # -- the deal and the turn around the table -------------------------------
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

    def _draw(self, seat, k):
        for _ in range(k):
            if self.deck_n == 0:
                self._rebuild(seat)  # CE-10 / CE-11: the new hands end the draw
                return
            self._draw_into(seat)

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


def new_state(players, deal=1, variant=0, starter=0):
    INFO.check(players, variant, starter)
    return State(players, deal, variant)


def basic_policy(obs, prng=None):
    """The basic computer player (``games/color_elevator_ai.py``), loaded
    on first use so a rules-only import stays small."""
    from games import color_elevator_ai

    return color_elevator_ai.basic_policy(obs, prng)
