"""The Elevator family's turn flow: who plays next, the penalty when
everyone passes on a play (getting the elevator stuck, the bastard rule)
with its give phase, the finishing order and the end of the game. The
plays themselves are in ``shedding.py``; both presets share this."""

from micropython import const

from engine.gamestate import GameState
from engine.prng import Prng

PASS = const(200)
DONE = const(201)
HAND = const(7)
MAX_TURNS = const(3000)
IN = const(255)  # place of a player still holding cards

# phases
PLAY = const(0)
GIVE = const(1)

# how the game ended
END_NONE = const(0)
END_RANKED = const(1)  # one player left holding cards
END_TURNS = const(2)  # turn limit


class Flow(GameState):
    """The part of ``shedding.State`` that moves the game along."""

    def active(self):
        n = 0
        for s in range(self.num_players):
            n += self.place[s] == IN
        return n

    # -- the interface ---------------------------------------------------------
    def _finish(self, seat, place):
        self.place[seat] = place
        self.finished += 1
        if self.winner < 0:
            self.winner = seat

    def _next_in(self, seat, step=1):
        p = self.num_players
        for k in range(1, p + 1):
            s = (seat + step * k) % p
            if self.place[s] == IN:
                return s
        return -1

    def _advance(self, seat):
        """Hand the turn on, applying the penalty rule when everyone else
        passed on the last play."""
        active = self.active()  # counted once: this runs at every move
        if active < 2:
            self._check_end()
            return
        self.turns += 1
        if self.turns >= MAX_TURNS:
            self._end(END_TURNS)
            return
        nxt = self._next_in(seat)
        last = self.last_player
        if last >= 0 and self.passes > 0:
            others = active - (1 if self.place[last] == IN else 0)
            if self.passes >= others:
                if self.place[last] != IN:  # its player is out: just restart
                    self._restart(nxt)
                    return
                if not self.rules.beat_before_penalty or not self.can_play(last):
                    self._penalty(last)
                    return
        self.turn = nxt

    def _restart(self, seat):
        self.free = True
        self.need = -1
        if self.rules.restart_up:
            self.dir = 1
        self.last_player = -1
        self.passes = 0
        self.prev_passed = False
        self.turn = seat

    def _penalty(self, seat):
        self.penalties += 1
        owed = self.num_players - (1 if self.rules.penalty_others else 0)
        while owed and self.deck_n:
            self._draw_into(seat)
            owed -= 1
        self.target = seat
        self.owed = owed
        self.asked = self.active() - 1
        self.share_at = self.finished
        self.giver = seat
        self._next_giver()

    def _next_giver(self):
        if self.owed and self.asked:
            self.giver = self._next_in(self.giver, self.rules.give_step)
            self.asked -= 1
            self.phase = GIVE
            return
        self.phase = PLAY
        target = self.target
        self.target = self.giver = -1
        if self._check_end():
            return
        self._restart(self._next_in(target))

    def _give(self, c):
        g = self.giver
        if not self.hands[g].contains(c):
            raise ValueError("not in the giver's hand")
        self.hands[g].remove(c)
        self.counts[g] -= 1
        self.hands[self.target].add(c)
        self.counts[self.target] += 1
        self.owed -= 1
        if self.counts[g] == 0:
            self._finish(g, self.share_at if self.rules.share_places else self.finished)
        self._next_giver()

    def _check_end(self):
        if self.active() > 1:
            return False
        for s in range(self.num_players):
            if self.place[s] == IN:
                self.place[s] = self.finished
        self._end(END_RANKED)
        return True

    def _end(self, ending):
        self.over = True
        self.ending = ending
        self.phase = PLAY

    def ranking(self):
        places = [0] * self.num_players
        for s in range(self.num_players):
            if self.place[s] != IN:
                places[s] = self.place[s]
                continue
            p = self.finished  # still holding cards (turn limit): fewest first
            for o in range(self.num_players):
                if self.place[o] == IN and self.counts[o] < self.counts[s]:
                    p += 1
            places[s] = p
        return places


def next_starter(state, deal):
    """A series' next game starts left of the last game's winner; when a
    penalty made several winners at once, the next deal picks one."""
    win = state.winners()
    if not win:
        return 0
    w = win[Prng(deal).below(len(win))] if len(win) > 1 else win[0]
    return (w + 1) % state.num_players
