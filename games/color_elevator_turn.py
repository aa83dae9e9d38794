"""Color Elevator's deal and the turn around the table: the face-down
cards and hands dealt (CE-2), the starters (CE-3), draws (CE-7, CE-9),
the turn's end (CE-12, CE-15) and the next seat's face-down card turned
up (CE-8). What may be played, and playing it, is in ``color_elevator.py``;
the stock and the face-down piles in ``color_elevator_stock.py`` (kept
apart so that no module's compile needs much heap at once: from ``.py`` a
game's start is where a board first runs out)."""

from micropython import const

from engine import cards
from games.color_elevator_stock import END_TURNS, END_WON, FACE_DOWN, HAND, Stock

MAX_TURNS = const(1000)  # CE-15


class Turn(Stock):
    """The part of ``color_elevator.State`` that deals and passes the turn."""

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
