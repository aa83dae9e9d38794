"""The Color Elevator table: the two piles with the way each one goes
(a black top goes UP, a red top DOWN, an ace takes ANY card), everyone's
hand and face-down counts, your hand. A plays the card under the cursor on
the pile it fits; when it fits both, LEFT or RIGHT picks the pile (B
backs out). SELECT draws when nothing fits (``table.py`` has the keys of
every game played from a hand)."""

from micropython import const

import ui
from buttons import LEFT, RIGHT, A, B
from engine import cards
from games import color_elevator as ce
from table import HandTable

# 128x64: the piles' columns (the ways line labels them: "1:" and "2:" at
# the left of each), and the rows of the piles and of the ways
_PILE1_X = const(28)
_PILE2_X = const(80)
_PILE_Y = const(15)
_WAYS_Y = const(19)


class Table(HandTable):
    choosing = -1  # a card waiting for its pile (set on the table while it waits)

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

    def picked_text(self):
        return "NOW THE OTHER PILE" if self.picked_n else ""

    def status_count(self, seat):
        s = self.state
        return "%d+%d" % (s.counts[seat], s.fd_n[seat])

    def stock_text(self):
        s = self.state
        return "%d+%d STOCK %d" % (s.counts[self.me], s.fd_n[self.me], s.deck_n)

    def help_text(self):
        if self.choosing >= 0:
            return "{LEFT} PILE 1  {RIGHT} PILE 2  {B} NO"
        return self.HELP

    def choose_card(self, card, now):
        s = self.state
        on0 = s.is_legal(card)
        on1 = s.is_legal(cards.FACES + card)
        if on0 and on1:
            self.choosing = card
            self.message = "WHICH PILE FOR " + cards.code(card) + "?"
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

    def last_text(self):
        s = self.state
        last = self.last
        if s.flipped and s.current_player() >= 0:
            t = " TURN UP " if s.turn == self.you else " TURNS UP "
            return self.who(s.turn) + t + cards.code(s.hands[s.turn].next(-1))
        if last.seat < 0:
            return ""
        name = self.who(last.seat)
        if last.a < 0:
            return name + self.drew(last.seat, last.n) if last.n else name + ": NEW HANDS"
        text = name + " " + self._put(last.a)
        if last.b >= 0:
            text += " " + self._put(last.b)
        elif last.n:
            text += self.drew(last.seat, 1)
        return text

    def _put(self, action):
        return "%s ON %d" % (cards.code(action % cards.FACES), action // cards.FACES + 1)

    def render_piles(self):
        s = self.state
        self.piles[0].set(s.top0)
        self.piles[1].set(s.top1)
        if self.app.small:
            self.ways[1].set(self._way(s.top0)[3])
            self.ways[3].set(self._way(s.top1)[3])
        else:
            # columns: "1:" left of pile 1, its way right of it; the same for pile 2
            way = "    1:    %s    2:    %s" % (self._way(s.top0)[:3], self._way(s.top1)[:3])
            self.ways.set(way)

    def _way(self, top):
        """The way a pile goes as a word, then its mark for a small panel."""
        if ce.wild(top):
            return "ANY*"
        return "DN ~" if cards.is_red(top) else "UP ^"
