"""Roller Coaster: shed your hand in runs that climb or fall around a
circle of ranks (spec and rule IDs: ``seeds/roller-coaster.md``).

Actions: ``0 .. 107`` put that physical card next in this turn's run;
``DRAW`` draws (or passes when nothing can be drawn); ``DONE`` ends the
run. A run is entered card by card and a card is legal only when the run
can still be finished with the cards in hand, so every prefix completes.

This module holds the deal (RC-3), which card may come next in a run and
playing it, the stock turned over when it runs dry (RC-11, RC-12), the
turn's end and the limits (RC-13, RC-14), the ranking (RC-15) and what
every seat has seen of the stock.
"""

from micropython import const

import games
from engine import cards
from engine.cardset import CardSet
from engine.gamestate import TERMINAL, GameState, places_by_count
from games import DONE, DRAW  # noqa: F401  (the contract's two actions)

INFO = games.info("roller-coaster")
ID, NAME, BLURB, MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS, VARIANTS = INFO.fields()

_HAND_SIZE = const(5)
MAX_TURNS = const(2000)  # RC-14

_RANKS = const(13)


def step(r, d):
    """The rank ``d`` steps from ``r`` on the circle (A between K and 2)."""
    return (r + d) % _RANKS


class State(GameState):
    INFO = INFO
    DRAW_STALLS = True  # RC-13, RC-14
    FIELDS = (
        "deck_n", "pile_n", "turn", "turns", "idle", "over", "winner", "run_n", "run_dir",
        "run_next", "run_anchor", "run_jokers", "run_last_joker", "opening", "turned",
    )  # fmt: skip
    # pub holds every card turned over into the stock (RC-11): everyone
    # watched the pile go down in order, so the stock's order, and which
    # player drew each of its cards, is known to every seat from then on
    # (``turned``).
    SETS = ("pub",)

    def _copy_fields(self, o):
        # FIELDS, BUFFERS and SETS one by one: a loop by name costs four times
        # as much on a board (tests/test_conformance.py checks they agree)
        self.deck_n = o.deck_n
        self.pile_n = o.pile_n
        self.turn = o.turn
        self.turns = o.turns
        self.idle = o.idle
        self.over = o.over
        self.winner = o.winner
        self.run_n = o.run_n
        self.run_dir = o.run_dir
        self.run_next = o.run_next
        self.run_anchor = o.run_anchor
        self.run_jokers = o.run_jokers
        self.run_last_joker = o.run_last_joker
        self.opening = o.opening
        self.turned = o.turned
        self.pub.copy_from(o.pub)

    def __init__(self, players, deal=1, _empty=False):
        self.num_players = players
        self.deal = deal
        self._init_table(players, 2 if players > 6 else 1)  # RC-1
        self.pub = CardSet(self.decks)
        self.turned = False
        self.turn = 0
        self.turns = 0
        self.idle = 0
        self.over = False
        self.winner = -1
        self._reset_run()
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
        for _ in range(_HAND_SIZE):  # RC-3: one at a time
            for s in range(self.num_players):
                self._draw_into(s)
        self._reset_run()

    # -- the interface -------------------------------------------------
    def current_player(self):
        return TERMINAL if self.over else self.turn

    def _has_rank_ahead(self, hand, start, d, jokers):
        """True when a natural card of rank start+d*(k+1), k < =jokers,
        is in hand: a run needing ``start + d`` can be finished."""
        r = start
        for _ in range(jokers + 1):
            r = step(r, d)
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
            return r == step(top, 1) or r == step(top, -1)  # RC-7
        if self.run_dir == 0:  # opening, direction still open
            gap = self.run_jokers + 1
            if r >= 0:
                return r == step(self.run_anchor, gap) or r == step(self.run_anchor, -gap)
            # another joker: some natural must still follow it
            rest = jokers - 1
            up = step(self.run_anchor, gap)
            down = step(self.run_anchor, -gap)
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
                self.run_dir = 1 if r == step(top, 1) else -1
                self.run_next = step(r, self.run_dir)
        elif self.run_dir == 0:
            if r < 0:
                self.run_jokers += 1
            else:
                gap = self.run_jokers + 1
                self.run_dir = 1 if r == step(self.run_anchor, gap) else -1
                self.run_next = step(r, self.run_dir)
        else:
            self.run_next = step(self.run_next, self.run_dir)
        if self.counts[seat] == 0:  # RC-9: a legal prefix never ends on a joker
            self._end_run()

    # -- the turn around the table --------------------------------------
    def _end_run(self):
        seat = self.turn
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
                self.pub.add(c)
            self.turned = True
            self.pile[0] = self.pile[m]
            self.pile_n = 1
            self.deck_n = m
        if self.deck_n == 0:  # RC-12
            self.idle += 1
        else:
            self._draw_into(seat)
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

    # -- results, and what every seat sees -------------------------------
    def ranking(self):
        return places_by_count(self.counts, self.winner)  # RC-15

    def _public(self):
        return self.pub if self.turned else None

    def deck_public(self):
        return self.turned

    def top(self):
        """The discard pile's top card, or -1."""
        return self.pile[self.pile_n - 1] if self.pile_n else -1

    def _blank(self):
        return State(self.num_players, self.deal, _empty=True)


def new_state(players, deal=1, variant=0, starter=0):
    INFO.check(players, variant, starter)
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
