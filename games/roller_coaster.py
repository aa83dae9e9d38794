"""Roller Coaster: shed your hand in runs that climb or fall around a
circle of ranks (spec and rule IDs: ``seeds/roller-coaster.md``).

Actions: ``0 .. 107`` put that physical card next in this turn's run;
``DRAW`` draws (or passes when nothing can be drawn); ``DONE`` ends the
run. A run is entered card by card and a card is legal only when the run
can still be finished with the cards in hand, so every prefix completes.
"""

from micropython import const

import cards
import games
from gamestate import GameState, places_by_count

_INFO = games.info("roller-coaster")
ID, NAME, BLURB, MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS, VARIANTS = _INFO.fields()

MAX_ACTIONS = const(112)
HAND_SIZE = const(5)
MAX_TURNS = const(2000)  # RC-14

DRAW = const(200)
DONE = const(201)

# How the last turn ended, for the table screen.
LAST_NONE = const(0)
LAST_PLAYED = const(1)
LAST_DREW = const(2)
LAST_PASSED = const(3)

_RANKS = const(13)


def _step(r, d):
    return (r + d) % _RANKS


class State(GameState):
    FIELDS = (
        "deck_n", "pile_n", "turn", "turns", "idle", "over", "winner", "observer", "run_n",
        "run_dir", "run_next", "run_anchor", "run_jokers", "run_last_joker", "opening",
        "last_seat", "last_kind", "last_n",
    )  # fmt: skip
    # Bit c of pub is set once card c has been turned over into the stock
    # (RC-11): everyone watched the pile go down in order, so the stock's
    # order, and which player drew each of its cards, is known to every
    # seat from then on. Bit ncards is set once that has happened.
    BUFFERS = ("pub",)

    def __init__(self, players, deal=1, _empty=False):
        if players < MIN_PLAYERS or players > MAX_PLAYERS:
            raise ValueError("players must be 2-8")
        self.num_players = players
        self.max_actions = MAX_ACTIONS
        self.deal = deal
        self._init_table(players, 2 if players > 6 else 1)  # RC-1
        self.pub = bytearray((self.ncards + 8) >> 3)
        self.turn = 0
        self.turns = 0
        self.idle = 0
        self.over = False
        self.winner = -1
        self.observer = -1  # seat this copy was made for, -1 = full state
        self._reset_run()
        self.last_seat = -1
        self.last_kind = LAST_NONE
        self.last_n = 0
        if not _empty:
            self._deal()

    def _reset_run(self):
        self.run_n = 0
        self.run_dir = 0  # +1 up, -1 down, 0 not yet known (opening)
        self.run_next = 0  # rank the next card stands for, when dir known
        self.run_anchor = 0  # opening: rank of the first card
        self.run_jokers = 0  # opening: jokers since the anchor
        self.run_last_joker = False
        self.opening = self.pile_n == 0

    def _deal(self):
        self._shuffle_pack()
        for _ in range(HAND_SIZE):  # RC-3: one at a time
            for s in range(self.num_players):
                self._draw_into(s)
        self._reset_run()

    # -- the interface -------------------------------------------------
    def current_player(self):
        return -1 if self.over else self.turn

    def _has_rank_ahead(self, hand, start, d, jokers):
        """True when a natural card of rank start+d*(k+1), k < =jokers,
        is in hand: a run needing ``start + d`` can be finished."""
        r = start
        for _ in range(jokers + 1):
            r = _step(r, d)
            if hand.first_of_rank(r) >= 0:
                return True
        return False

    def _card_legal(self, hand, c):
        r = cards.rank(c)
        jokers = hand.count_jokers()
        if self.run_n == 0:
            if r < 0:
                return False  # RC-8: never first
            if self.opening:  # RC-6: a second card must follow
                return self._has_rank_ahead(hand, r, 1, jokers) or self._has_rank_ahead(
                    hand, r, -1, jokers
                )
            top = cards.rank(self.pile[self.pile_n - 1])
            return r == _step(top, 1) or r == _step(top, -1)  # RC-7
        if self.run_dir == 0:  # opening, direction still open
            gap = self.run_jokers + 1
            if r >= 0:
                return r == _step(self.run_anchor, gap) or r == _step(self.run_anchor, -gap)
            # another joker: some natural must still follow it
            rest = jokers - 1
            up = _step(self.run_anchor, gap)
            down = _step(self.run_anchor, -gap)
            return self._has_rank_ahead(hand, up, 1, rest) or self._has_rank_ahead(
                hand, down, -1, rest
            )
        if r >= 0:
            return r == self.run_next
        return self._has_rank_ahead(hand, self.run_next, self.run_dir, jokers - 1)

    def legal_actions(self, buf):
        if self.over:
            return 0
        n = 0
        hand = self.hands[self.turn]
        c = hand.next(-1)
        while c >= 0:
            if self._card_legal(hand, c):
                buf[n] = c
                n += 1
            c = hand.next(c)
        if self.run_n == 0:
            buf[n] = DRAW  # RC-4
            n += 1
        elif not self.run_last_joker and (self.run_n >= 2 or not self.opening):
            buf[n] = DONE
            n += 1
        return n

    def apply(self, action):
        if self.over:
            raise ValueError("game over")
        seat = self.turn
        if action == DRAW:
            if self.run_n:
                raise ValueError("cannot draw mid-run")
            self._draw()
            return
        if action == DONE:
            if self.run_n == 0 or self.run_last_joker or (self.opening and self.run_n < 2):
                raise ValueError("run cannot end here")
            self._end_run()
            return
        hand = self.hands[seat]
        if not hand.contains(action) or not self._card_legal(hand, action):
            raise ValueError("illegal card")
        r = cards.rank(action)
        hand.remove(action)
        self.counts[seat] -= 1
        self.pile[self.pile_n] = action
        self.pile_n += 1
        self.run_n += 1
        self.run_last_joker = r < 0
        if self.run_n == 1:
            if self.opening:
                self.run_anchor = r
                self.run_jokers = 0
            else:
                top = cards.rank(self.pile[self.pile_n - 2])
                self.run_dir = 1 if r == _step(top, 1) else -1
                self.run_next = _step(r, self.run_dir)
        elif self.run_dir == 0:
            if r < 0:
                self.run_jokers += 1
            else:
                gap = self.run_jokers + 1
                self.run_dir = 1 if r == _step(self.run_anchor, gap) else -1
                self.run_next = _step(r, self.run_dir)
        else:
            self.run_next = _step(self.run_next, self.run_dir)
        if self.counts[seat] == 0:  # RC-9: a legal prefix never ends on a joker
            self._end_run()

    def _end_run(self):
        seat = self.turn
        self.last_seat = seat
        self.last_kind = LAST_PLAYED
        self.last_n = self.run_n
        self.idle = 0
        if self.counts[seat] == 0:
            self.over = True
            self.winner = seat
            self._reset_run()
            return
        self._next_turn()

    def _draw(self):
        seat = self.turn
        if self.deck_n == 0 and self.pile_n > 1:  # RC-11: flip, keep the top
            m = self.pile_n - 1
            for i in range(m):
                c = self.pile[m - 1 - i]
                self.deck[i] = c
                self.pub[c >> 3] |= 1 << (c & 7)
            n = self.ncards
            self.pub[n >> 3] |= 1 << (n & 7)
            self.pile[0] = self.pile[m]
            self.pile_n = 1
            self.deck_n = m
        self.last_seat = seat
        self.last_n = 0
        if self.deck_n == 0:  # RC-12
            self.last_kind = LAST_PASSED
            self.idle += 1
        else:
            self._draw_into(seat)
            self.last_kind = LAST_DREW
            self.idle = 0
        if self.idle >= self.num_players:  # RC-13
            self.over = True
            return
        self._next_turn()

    def _next_turn(self):
        self.turns += 1
        self.turn = (self.turn + 1) % self.num_players
        self._reset_run()
        if self.turns >= MAX_TURNS:  # RC-14
            self.over = True

    def ranking(self):
        return places_by_count(self.counts, self.winner)  # RC-15

    def _public(self, card):
        return (self.pub[card >> 3] >> (card & 7)) & 1 == 1

    def deck_public(self):
        return self._public(self.ncards)

    def ending_name(self):
        """How the game ended, for self-play reports."""
        if self.winner >= 0:
            return "won"
        return "blocked" if self.idle >= self.num_players else "turn-limit"

    # -- views -----------------------------------------------------------
    def top(self):
        """The discard pile's top card, or -1."""
        return self.pile[self.pile_n - 1] if self.pile_n else -1

    def last_cards(self):
        """The cards of the last run played (a new list)."""
        if self.last_kind != LAST_PLAYED:
            return []
        return list(self.pile[self.pile_n - self.last_n : self.pile_n])

    def run_cards(self):
        """The cards of the run being entered this turn (a new list)."""
        return list(self.pile[self.pile_n - self.run_n : self.pile_n])

    def why_illegal(self, action):
        """A short reason why ``action`` is refused now ('' if legal)."""
        if action in self.legal_list():
            return ""
        if action == DRAW:
            return "Finish or undo the run first"
        if action == DONE:
            if self.run_n == 0:
                return "Pick cards first"
            if self.run_last_joker:
                return "A joker can't end a run"
            return "Opening needs 2+ cards"
        r = cards.rank(action)
        if self.run_n == 0 and r < 0:
            return "A joker can't start a run"
        if r < 0:
            return "No card to follow the joker"
        if self.run_n == 0 and self.opening:
            return "No card fits next to it"
        if self.run_n == 0:
            top = cards.rank(self.pile[self.pile_n - 1])
            return "Play %s or %s on %s" % (
                cards.rank_code(_step(top, 1)),
                cards.rank_code(_step(top, -1)),
                cards.rank_code(top),
            )
        if self.run_dir == 0:
            gap = self.run_jokers + 1
            return "Next must be %s or %s" % (
                cards.rank_code(_step(self.run_anchor, gap)),
                cards.rank_code(_step(self.run_anchor, -gap)),
            )
        return "Next must be " + cards.rank_code(self.run_next)

    def describe(self, action):
        if action == DRAW:
            return "draw" if self.deck_n or self.pile_n > 1 else "pass"
        if action == DONE:
            return "end run"
        return "play " + cards.code(action)

    def _blank(self):
        return State(self.num_players, self.deal, _empty=True)


def new_state(players, deal=1, variant=0):
    if variant != 0:
        raise ValueError("Roller Coaster has no variants")
    return State(players, deal)


def basic_policy(obs, prng=None):
    """The basic computer player (``games/roller_coaster_ai.py``), loaded
    on first use so a rules-only import stays small."""
    from games import roller_coaster_ai

    return roller_coaster_ai.basic_policy(obs, prng)


def choice_key(action):
    """Cards of one rank are the same choice (RC-2: suits never matter), so
    search tries each rank once."""
    if action < DRAW:
        return cards.rank(action)
    return action
