"""Roller Coaster's turn around the table: the deal (RC-3), the run's
state, the stock turned over when it runs dry (RC-11, RC-12), the turn's
end and the limits (RC-13, RC-14), the ranking (RC-15) and what every seat
has seen of the stock. Which card may come next in a run, and playing it,
is in ``roller_coaster.py`` (kept apart so that neither module's compile
needs much heap at once: from ``.py`` a game's start is where a board
first runs out)."""

from micropython import const

from engine.gamestate import GameState, places_by_count

_HAND_SIZE = const(5)
MAX_TURNS = const(2000)  # RC-14

_RANKS = const(13)


def step(r, d):
    return (r + d) % _RANKS


class Turn(GameState):
    """The part of ``roller_coaster.State`` that is not the run's rules."""

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

    def ranking(self):
        return places_by_count(self.counts, self.winner)  # RC-15

    def _public(self):
        return self.pub if self.turned else None

    def deck_public(self):
        return self.turned

    def top(self):
        """The discard pile's top card, or -1."""
        return self.pile[self.pile_n - 1] if self.pile_n else -1
