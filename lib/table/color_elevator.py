"""The Color Elevator table: the two piles with the way each one goes
(a black top goes UP, a red top DOWN, an ace takes ANY card), everyone's
hand and face-down counts, your hand. A plays the card under the cursor on
the pile it fits; when it fits both, LEFT or RIGHT picks the pile (B
backs out). SELECT draws when nothing fits (``table/hand.py`` has the keys of
every game played from a hand)."""

from micropython import const

import ui
from buttons import LEFT, RIGHT, A, B
from engine import cards
from games import color_elevator as ce
from table.hand import HandTable

# 128x64: the piles' columns (the ways line labels them: "1:" and "2:" at
# the left of each), and the rows of the piles and of the ways
_PILE1_X = const(28)
_PILE2_X = const(80)
_PILE_Y = const(15)
_WAYS_Y = const(19)
_CHOOSE = "{LEFT} PILE 1  {RIGHT} PILE 2  {B} NO"


class Table(HandTable):
    choosing = -1  # a card waiting for its pile (set on the table while it waits)
    HELPS = (HandTable.HELP, _CHOOSE)
    PILES = ("piles", "ways")  # (``HandTable.shelve``)

    def layout_piles(self, app):
        if app.small:  # each pile with its number over its way (^, v, *) at its right
            self.piles = [ui.CardView(0, _PILE_Y, ui.CARD_NONE),
                          ui.CardView(15, _PILE_Y, ui.CARD_NONE)]  # fmt: skip
            self.ways = []
            for i in range(4):
                row = ui.TextRow(1, (i // 2) * 15 + 11, _PILE_Y + 1 + (i % 2) * 7)
                row.set(str(i // 2 + 1) if i % 2 == 0 else " ")
                self.ways.append(row)
                self.group.append(row.grid)
        else:
            self.piles = [ui.CardView(_PILE1_X, _PILE_Y, ui.CARD_NONE),
                          ui.CardView(_PILE2_X, _PILE_Y, ui.CARD_NONE)]  # fmt: skip
            self.ways = ui.TextRow(32, 0, _WAYS_Y)
            self.group.append(self.ways.grid)
        for v in self.piles:
            self.group.append(v.grid)

    def small_pile_width(self):
        return 20  # the two piles, each with its way, and room for the hand's "<"

    def mid_turn(self):
        return self.state.played >= 0

    def put_picked(self, line):
        if self.picked_n:
            line.add("NOW THE OTHER PILE")

    def put_count(self, line, seat):
        """In hand + face down."""
        s = self.state
        line.num(s.counts[seat])
        line.char(43)  # "+"
        line.num(s.fd_n[seat])

    def put_stock(self, line):
        self.put_count(line, self.me)
        line.add(" STOCK ")
        line.num(self.state.deck_n)

    def help_text(self):
        return _CHOOSE if self.choosing >= 0 else self.HELP

    def choose_card(self, card, now):
        s = self.state
        on0 = s.is_legal(card)
        on1 = s.is_legal(cards.FACES + card)
        if on0 and on1:
            self.choosing = card
            line = self.view.line
            line.clear()
            line.add("WHICH PILE FOR ")
            line.card(card)
            line.char(63)  # "?"
        elif on0 or on1:
            self.take(card if on0 else cards.FACES + card, now)
        else:
            self.refuse(card if s.played == 1 else cards.FACES + card)

    def on_turn_key(self, key, now):
        if self.choosing < 0:
            return False
        card = self.choosing
        if key == LEFT:
            self.choosing = -1
            self.take(card, now)
        elif key == RIGHT:
            self.choosing = -1
            self.take(cards.FACES + card, now)
        elif key == B:
            self.choosing = -1
            self.message = ""
        return True

    def presses_for(self, action):
        if action >= ce.DRAW:
            return HandTable.presses_for(self, action)
        card = action % cards.FACES
        keys = self.cursor.keys_to(card) + [A]
        s = self.state
        if s.is_legal(card) and s.is_legal(cards.FACES + card):
            keys.append(LEFT if action == card else RIGHT)
        return keys

    def noted(self, s, was, seat, action):
        last = self.last
        if action == ce.DRAW:  # CE-7/CE-9; a dry stock stops the draw (CE-10)
            last.a = last.b = -1
            last.n = min(3 if was.flipped else 2, was.deck_n)
        elif was.played >= 0:
            last.b = action
            return
        else:
            last.a = action
            last.b = -1
            # CE-7: one card only, then one drawn (not after a flipped card, CE-8)
            last.n = 0
            if (s.current_player() != seat or s.is_over()) and not was.flipped:
                last.n = min(1, was.deck_n)
        last.seat = seat

    def put_last(self, line):
        s = self.state
        last = self.last
        if s.flipped and s.current_player() >= 0:
            self.put_who(line, s.turn)
            line.add(" TURN UP " if s.turn == self.you else " TURNS UP ")
            line.card(s.hands[s.turn].next(-1))
            return
        if last.seat < 0:
            return
        self.put_who(line, last.seat)
        if last.a < 0:
            if last.n:
                self.put_drew(line, last.seat, last.n)
            else:
                line.add(": NEW HANDS")
            return
        self._put(line, last.a)
        if last.b >= 0:
            self._put(line, last.b)
        elif last.n:
            self.put_drew(line, last.seat, 1)

    def _put(self, line, action):
        line.char(32)
        line.card(action % cards.FACES)
        line.add(" ON ")
        line.num(action // cards.FACES + 1)

    def render_piles(self):
        s = self.state
        self.piles[0].set(s.top0)
        self.piles[1].set(s.top1)
        if self.app.small:
            self.ways[1].set(self._way(s.top0)[3])
            self.ways[3].set(self._way(s.top1)[3])
        else:
            # columns: "1:" left of pile 1, its way right of it; the same for pile 2
            line = self.view.spare
            line.clear()
            line.add("    1:    ")
            line.add(self._way(s.top0), 3)
            line.add("    2:    ")
            line.add(self._way(s.top1), 3)
            self.ways.show(line)

    def _way(self, top):
        """The way a pile goes as a word, then its mark for a small panel."""
        if ce.wild(top):
            return "ANY*"
        return "DN ~" if cards.is_red(top) else "UP ^"
