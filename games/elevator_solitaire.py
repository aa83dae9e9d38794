"""Elevator solitaire (and its Escalator preset): clear a 28-card pyramid
onto a waste pile one rank up or down at a time, as GNOME AisleRiot plays
it (spec and rule IDs: ``seeds/elevator-solitaire.md``).

Actions: ``0 .. 27`` move that pyramid position to the waste; ``DRAW``
turns the next stock card onto the waste. The pyramid's positions, and
which cards lie over which, are ``elevator_solitaire_pyramid.py``.
"""

from micropython import const

import games
from engine import cards
from engine.gamestate import TERMINAL, GameState
from games import DONE, DRAW  # noqa: F401  (DONE is never legal here; tools treat games alike)
from games.elevator_solitaire_pyramid import (  # noqa: F401  (the pyramid's shape)
    BELOW,
    GONE,
    HIDDEN,
    SIZE,
    covers,
    row_of,
)

INFO = games.info("elevator-solitaire")
ID, NAME, BLURB, MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS, VARIANTS = INFO.fields()

ESCALATOR = const(1)


class State(GameState):
    INFO = INFO
    FIELDS = ("deck_n", "pile_n", "left", "turns", "over", "winner", "variant")
    BUFFERS = ("pyr", "hist")

    def __init__(self, players=1, deal=1, variant=0, _empty=False):
        self.deal = deal
        self.variant = variant
        self._init_table(1, 1)
        self.ncards = cards.SUITED
        self.pyr = bytearray(SIZE)
        self.hist = bytearray(cards.SUITED)  # moves so far, for undo (ES-10)
        self.left = SIZE
        self.turns = 0
        self.over = False
        self.winner = -1
        if not _empty:
            self._deal()

    def _deal(self):
        self._shuffle_pack()  # ES-1: 52 cards, no jokers
        for p in range(SIZE):  # ES-2: dealt from the top, apex first
            self.deck_n -= 1
            self.pyr[p] = self.deck[self.deck_n]

    # -- the pyramid ---------------------------------------------------------
    def present(self, pos):
        return self.pyr[pos] != GONE

    def uncovered(self, pos):
        """True when no card lies over ``pos`` (ES-3)."""
        b = BELOW[pos]
        return b == GONE or (self.pyr[b] == GONE and self.pyr[b + 1] == GONE)

    def face_up(self, pos):
        """ES-2/ES-3: the base row and every uncovered card face up;
        Escalator (ES-9) shows all."""
        return self.variant == ESCALATOR or self.uncovered(pos)

    def top(self):
        return self.pile[self.pile_n - 1] if self.pile_n else -1

    def _fits(self, card):
        """ES-5: one rank above or below the waste top, A next to K and 2."""
        if self.pile_n == 0:
            return False
        d = (cards.rank(card) - cards.rank(self.pile[self.pile_n - 1])) % 13
        return d == 1 or d == 12

    # -- the interface -------------------------------------------------------
    def current_player(self):
        return TERMINAL if self.over else 0

    def legal_actions(self, buf):
        if self.over:
            return 0
        n = 0
        for p in range(SIZE):
            c = self.pyr[p]
            if c != GONE and self.uncovered(p) and self._fits(c):
                buf[n] = p
                n += 1
        if self.deck_n:  # ES-4
            buf[n] = DRAW
            n += 1
        return n

    def apply(self, action):
        if self.over:
            raise ValueError("game over")
        if action == DRAW:
            if self.deck_n == 0:
                raise ValueError("the stock is empty")
            self.deck_n -= 1
            self.pile[self.pile_n] = self.deck[self.deck_n]
            self.pile_n += 1
        else:
            if not (0 <= action < SIZE) or self.pyr[action] == GONE:
                raise ValueError("no card there")
            c = self.pyr[action]
            if c == HIDDEN or not self.uncovered(action) or not self._fits(c):
                raise ValueError("illegal move")
            self.pyr[action] = GONE
            self.pile[self.pile_n] = c
            self.pile_n += 1
            self.left -= 1  # ES-6: one point per card
        self.hist[self.turns] = action
        self.turns += 1
        self._check_end()

    def undo(self):
        """ES-10: take back the last move; False at the deal."""
        if self.turns == 0:
            return False
        self.turns -= 1
        a = self.hist[self.turns]
        self.pile_n -= 1
        c = self.pile[self.pile_n]
        if a == DRAW:
            self.deck[self.deck_n] = c
            self.deck_n += 1
        else:
            self.pyr[a] = c
            self.left += 1
        self.over = False
        self.winner = -1
        return True

    def _check_end(self):
        if self.left == 0:  # ES-7
            self.over = True
            self.winner = 0
            return
        if self.deck_n:
            return
        for p in range(SIZE):
            c = self.pyr[p]
            if c != GONE and c != HIDDEN and self.uncovered(p) and self._fits(c):
                return
        self.over = True  # ES-8: nothing left to do

    def score(self):
        return SIZE - self.left

    def ranking(self):
        return [0]

    def winners(self):
        return [0] if self.winner == 0 else []

    # -- hidden cards: the stock and the face-down pyramid -------------------
    def _hide_extra(self, seat):
        for p in range(SIZE):
            if self.pyr[p] != GONE and not self.face_up(p):
                self.pyr[p] = HIDDEN

    def _deal_extra(self, seat, buf, k):
        for p in range(SIZE):
            if self.pyr[p] != GONE and not self.face_up(p):
                self.pyr[p] = buf[k]
                k += 1
        return k

    def _extra_cards(self):
        return [c for c in self.pyr if c < HIDDEN]

    def key(self):
        return GameState.key(self) + "|" + bytes(self.pyr).hex()

    def _blank(self):
        return State(1, self.deal, self.variant, _empty=True)


def new_state(players, deal=1, variant=0, starter=0):
    INFO.check(players, variant, starter)
    return State(players, deal, variant)


def basic_policy(obs, prng=None):
    """The basic player (``games/elevator_solitaire_ai.py``), loaded on
    first use."""
    from games import elevator_solitaire_ai

    return elevator_solitaire_ai.basic_policy(obs, prng)
