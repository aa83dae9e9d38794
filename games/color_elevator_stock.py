"""Color Elevator's cards off the two piles: the face-down piles,
rebuilding the stock when it runs dry (CE-10, CE-11, CE-14), what a seat
holds (the ranking) and which cards it cannot see. A base class of
``color_elevator.State``, which holds the deal, the turn and what may be
played."""

from micropython import const

from engine.gamestate import GameState, places_by_count
from games.color_elevator_fit import fit_count, fits

FACE_DOWN = const(4)
HAND = const(4)
MAX_REBUILDS = const(20)  # CE-15

# how the game ended
END_NONE = const(0)
END_WON = const(1)
END_STALLED = const(2)  # CE-14: no card can ever be played again
END_TURNS = const(3)  # CE-15: a safety limit reached

_fd_keep = bytearray(4)


class Stock(GameState):
    """The part of ``color_elevator.State`` that deals with the stock and
    the face-down cards."""

    def _face_down(self, s):
        self.deck_n -= 1
        self.fd[s * FACE_DOWN + self.fd_n[s]] = self.deck[self.deck_n]
        self.fd_n[s] += 1

    def _rebuild(self, seat):
        if self._dead():  # CE-14
            self._stop(END_STALLED)
            return
        if self.rebuilds >= MAX_REBUILDS:  # CE-15
            self._stop(END_TURNS)
            return
        later = self.rebuilds > 0
        self.rebuilds += 1
        p = self.num_players
        n = 0
        for i in range(self.pile_n):  # the cards under the two tops
            self.deck[n] = self.pile[i]
            n += 1
        self.pile_n = 0
        for s in range(p):
            n += self.hands[s].fill_from(self.deck, n)
            self.hands[s].clear()
            self.counts[s] = 0
        keep = _fd_keep
        for s in range(p):
            keep[s] = self.fd_n[s]
            if later:  # CE-11: the face-down cards go in too
                for i in range(self.fd_n[s]):
                    self.deck[n] = self.fd[s * FACE_DOWN + i]
                    n += 1
                self.fd_n[s] = 0
        self._stream(self.rebuilds).shuffle(self.deck, n)  # the deal's stream
        self.deck_n = n
        if later:
            for _ in range(FACE_DOWN):
                for k in range(p):
                    s = (seat + k) % p
                    if self.fd_n[s] < keep[s] and self.deck_n:
                        self._face_down(s)
        for _ in range(HAND):  # CE-10: four new cards each, from the drawer on
            for k in range(p):
                if self.deck_n:
                    self._draw_into((seat + k) % p)

    def _dead(self):
        """CE-14: no card outside the two tops fits either of them, in a
        hand, under the tops or face down (the face-down cards go into a
        later shuffle, so a card that fits there can still come to hand):
        no card can ever be played again."""
        a = self.top0
        b = self.top1
        for s in range(self.num_players):
            if fit_count(self.hands[s], a) or fit_count(self.hands[s], b):
                return False
            for i in range(s * FACE_DOWN, s * FACE_DOWN + self.fd_n[s]):
                if fits(self.fd[i], a) or fits(self.fd[i], b):
                    return False
        for i in range(self.pile_n):
            if fits(self.pile[i], a) or fits(self.pile[i], b):
                return False
        return True

    def _stop(self, ending):
        self.over = True
        self.ending = ending

    def cards_left(self, seat):
        return self.held(seat)

    def held(self, seat):
        """Cards a seat still has: hand and face-down."""
        return self.counts[seat] + self.fd_n[seat]

    def ranking(self):
        counts = [self.held(s) for s in range(self.num_players)]
        return places_by_count(counts, self.winner)  # CE-13

    # -- hidden cards: every face-down card, even the owner's (CE-2) ----------
    def _hide_extra(self, seat):
        fd = self.fd
        for i in range(len(fd)):
            fd[i] = 0

    def _deal_extra(self, seat, buf, k):
        for s in range(self.num_players):
            for i in range(self.fd_n[s]):
                self.fd[s * FACE_DOWN + i] = buf[k]
                k += 1
        return k

    def _visible_extra(self):
        return [self.top0, self.top1]

    def _extra_cards(self):
        out = [self.top0, self.top1]
        for s in range(self.num_players):
            out.extend(self.fd[s * FACE_DOWN : s * FACE_DOWN + self.fd_n[s]])
        return out
