"""Roller Coaster: shed your hand in runs that climb or fall around a
circle of ranks (spec and rule IDs: ``seeds/roller-coaster.md``).

Actions: ``0 .. 107`` put that physical card next in this turn's run;
``DRAW`` draws (or passes when nothing can be drawn); ``DONE`` ends the
run. A run is entered card by card and a card is legal only when the run
can still be finished with the cards in hand, so every prefix completes.
"""

from micropython import const

import games
from engine import cards
from engine.cardset import CardSet
from engine.gamestate import TERMINAL
from games.roller_coaster_turn import MAX_TURNS, Turn, step  # noqa: F401

INFO = games.info("roller-coaster")
ID, NAME, BLURB, MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS, VARIANTS = INFO.fields()

DRAW = const(200)
DONE = const(201)


class State(Turn):
    INFO = INFO
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
