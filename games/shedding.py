"""The Elevator / Bastard family engine: climb a pile in alternating
colours, turn at aces and twos, and pay when everyone passes on you.

``games/elevator.py`` and ``games/bastard.py`` are two presets of this
engine; each lists its own rules (``Rules``) and has its own spec in
``seeds/``. Actions: a card id adds that card to this turn's play (one
card, or several of one rank alternating colour); ``PASS`` passes
(drawing one card when the stock has any); ``DONE`` ends a multi-card
play; in a penalty's give phase a card id is the card handed over.
"""

from engine import cards
from engine.cardset import BITS, BLACK_MASK, RANK_MASKS, RED_MASK
from engine.gamestate import TERMINAL
from games.shedding_flow import (  # noqa: F401  (the family's constants live there)
    DONE,
    END_NONE,
    END_RANKED,
    END_TURNS,
    GIVE,
    HAND,
    IN,
    MAX_TURNS,
    PASS,
    PLAY,
    Flow,
    next_starter,
)
from games.shedding_pile import _OPEN, LOW_BIT, REDS, VALUES, Pile, Rules, value  # noqa: F401


class State(Pile):
    FIELDS = (
        "deck_n", "pile_n", "turn", "turns", "phase", "dir", "free", "need", "play_n",
        "play_rank", "play_red", "last_player", "passes", "prev_passed", "target", "owed",
        "asked", "giver", "finished", "share_at", "over", "winner", "ending", "penalties",
    )  # fmt: skip
    BUFFERS = ("place",)

    def _copy_fields(self, o):
        # FIELDS, BUFFERS and SETS one by one: a loop by name costs four times
        # as much on a board (tests/test_conformance.py checks they agree)
        self.deck_n = o.deck_n
        self.pile_n = o.pile_n
        self.turn = o.turn
        self.turns = o.turns
        self.phase = o.phase
        self.dir = o.dir
        self.free = o.free
        self.need = o.need
        self.play_n = o.play_n
        self.play_rank = o.play_rank
        self.play_red = o.play_red
        self.last_player = o.last_player
        self.passes = o.passes
        self.prev_passed = o.prev_passed
        self.target = o.target
        self.owed = o.owed
        self.asked = o.asked
        self.giver = o.giver
        self.finished = o.finished
        self.share_at = o.share_at
        self.over = o.over
        self.winner = o.winner
        self.ending = o.ending
        self.penalties = o.penalties
        self.place[:] = o.place

    def __init__(self, rules, players, decks, deal=1, variant=0, starter=0, _empty=False):
        self.rules = rules
        self.INFO = rules.INFO
        self.deal = deal
        self.variant = variant
        self.starter = starter
        self._init_table(players, decks)
        self.place = bytearray(players)
        for s in range(players):
            self.place[s] = IN
        self.turn = starter
        self.turns = 0
        self.phase = PLAY
        self.dir = 1  # +1 climbing, -1 descending
        self.free = False  # the next play may be any card
        self.need = -1  # colour the next card must have (1 red, 0 black), -1 any
        self.play_n = 0  # cards in this turn's play so far
        self.play_rank = -1
        self.play_red = False
        self.last_player = -1  # who played on the pile last (-1: restarted)
        self.passes = 0  # passes since that play
        self.prev_passed = False
        self.target = -1  # penalised seat during a give phase
        self.owed = 0
        self.asked = 0  # players still to be asked to give
        self.giver = -1
        self.finished = 0
        self.share_at = -1
        self.over = False
        self.winner = -1
        self.ending = END_NONE
        self.penalties = 0
        if not _empty:
            self._deal()

    def _deal(self):
        self._shuffle_pack()
        p = self.num_players
        for _ in range(HAND):
            for k in range(p):
                self._draw_into((self.starter + k) % p)
        self.deck_n -= 1  # one card turned to start the pile
        c = self.deck[self.deck_n]
        self.pile[0] = c
        self.pile_n = 1
        self._settle(c)

    def current_player(self):
        if self.over:
            return TERMINAL
        return self.giver if self.phase == GIVE else self.turn

    def legal_actions(self, buf):
        if self.over:
            return 0
        n = 0
        if self.phase == GIVE:
            hand = self.hands[self.giver]
            c = hand.next(-1)
            while c >= 0:
                buf[n] = c
                n += 1
                c = hand.next(c)
            return n
        w = self.hands[self.turn].w
        opening = self.play_n == 0
        if opening:
            m = self.starts(_OPEN)
        for k in range(len(w)):
            word = w[k] & (m[k] if opening else self._follows(k))
            c = k * BITS
            while word:  # a card at a time, an empty nibble at a time
                b = word & 15
                if b:
                    buf[n] = c + LOW_BIT[b]
                    n += 1
                    word &= word - 1
                else:
                    word >>= 4
                    c += 4
        if self.play_n == 0:
            if self._may_pass(n > 0):  # the cards above are every card that opens
                buf[n] = PASS
                n += 1
        else:
            buf[n] = DONE
            n += 1
        return n

    def apply(self, action):
        if self.over:
            raise ValueError("game over")
        if self.phase == GIVE:
            self._give(action)
            return
        seat = self.turn
        hand = self.hands[seat]
        if action == PASS:
            if self.play_n or not self.may_pass():
                raise ValueError("you must play")
            self._pass(seat)
            return
        if action == DONE:
            if self.play_n == 0:
                raise ValueError("nothing played")
            self._end_play(seat)
            return
        if not hand.contains(action):
            raise ValueError("illegal card")
        k = action // BITS
        m = self.starts(_OPEN)[k] if self.play_n == 0 else self._follows(k)
        if not (m >> (action % BITS)) & 1:
            raise ValueError("illegal card")
        hand.remove(action)
        self.counts[seat] -= 1
        self.pile[self.pile_n] = action
        self.pile_n += 1
        self.play_n += 1
        r = cards.rank(action)
        self.play_rank = r
        self.play_red = REDS[action] == 1
        if r < 0 or self.counts[seat] == 0:
            self._end_play(seat)
            return
        w = hand.w
        same = RANK_MASKS[r]  # _follows, inline: this runs at every card played
        other = BLACK_MASK if self.play_red else RED_MASK
        for k in range(len(w)):
            if w[k] & same[k] & other[k]:
                return
        self._end_play(seat)  # nothing more can be added: the play ends by itself

    def _end_play(self, seat):
        self._settle(self.pile[self.pile_n - 1])
        self.play_n = 0
        self.last_player = seat
        self.passes = 0
        self.prev_passed = False
        if self.counts[seat] == 0:
            self._finish(seat, self.finished)
        self._advance(seat)

    def _pass(self, seat):
        if self.deck_n:
            self._draw_into(seat)
        self.passes += 1
        self.prev_passed = True
        self._advance(seat)

    def _blank(self):
        return State(self.rules, self.num_players, self.decks, self.deal, self.variant,
                     self.starter, _empty=True)  # fmt: skip
