"""The Roller Coaster table: your hand, the pile, the others' counts.

Keys on your turn: LEFT/RIGHT move the cursor, A adds the card under it
to the run (a refused card says why), B takes the last card back, START
plays the run, SELECT draws a card. B with nothing picked opens a small
menu (A resumes, B quits to the game menu).

Picked cards go straight into the engine state, so the engine alone says
what is legal; a copy taken at the start of the turn makes undo exact.
"""

from adafruit_ticks import ticks_add, ticks_diff
from micropython import const

import cards
import ui
from buttons import AXIS_HORIZONTAL, DOWN, LEFT, RIGHT, SELECT, START, UP, A, B
from games import roller_coaster as rc
from screens import Results, Screen

_HUMAN = const(0)
_PILE_SHOWN = const(11)


def _by_rank(card):
    """Hand order: by rank (runs read left to right), jokers last."""
    r = cards.rank(card)
    return (r if r >= 0 else 13) * 8 + cards.suit(card) + 1


class Table(Screen):
    axis = AXIS_HORIZONTAL

    def __init__(self, app, game, players, deal):
        super().__init__(app)
        self.game = game
        self.players = players
        self.deal = deal
        self.state = game.new_state(players, deal)
        self.base = None  # state at the start of the person's turn
        self.picked = []
        self.cursor = 0
        self.first = 0  # first hand card shown (scrolling)
        self.hand = []  # the person's hand as a sorted list
        self.wait_until = 0
        self.skip = False
        self.message = ""
        self.menu_open = False
        self._layout(app)
        self._begin_turn(0)
        self.render()

    # -- layout ----------------------------------------------------------
    def _layout(self, app):
        g = self.group
        small = app.small
        self.status = ui.TextRow(32, 0, 0)
        g.append(self.status.grid)
        if small:
            self.status2 = None
            self.msg = ui.TextRow(32, 0, 7)
            self.help = None
            pile_y = hand_y = 15
            self.pile_slots = 1
            hand_x = 14
        else:
            self.status2 = ui.TextRow(32, 0, 7)
            g.append(self.status2.grid)
            self.msg = ui.TextRow(32, 0, 30)
            self.help = ui.TextRow(32, 0, 37)
            g.append(self.help.grid)
            pile_y = 15
            hand_y = 46
            self.pile_slots = _PILE_SHOWN
            hand_x = 4
        g.append(self.msg.grid)
        self.pile = [ui.CardView(i * ui.HAND_PITCH, pile_y, -3) for i in range(self.pile_slots)]
        for v in self.pile:
            g.append(v.grid)
        self.slots = (app.width - hand_x - 4) // ui.HAND_PITCH
        self.hand_x = hand_x
        self.hand_y = hand_y
        self.cards = [
            ui.CardView(hand_x + i * ui.HAND_PITCH, hand_y, -3) for i in range(self.slots)
        ]
        for v in self.cards:
            g.append(v.grid)
        self.more_left = ui.TextRow(1, hand_x - 4, hand_y + 4)
        self.more_right = ui.TextRow(1, app.width - 4, hand_y + 4)
        g.append(self.more_left.grid)
        g.append(self.more_right.grid)
        self.bar = ui.bar(ui.HAND_PITCH - 1, 2 if not small else 1, hand_x, hand_y + 15)
        g.append(self.bar)

    # -- turn flow ---------------------------------------------------------
    def _begin_turn(self, now):
        s = self.state
        if s.is_over() or s.current_player() != _HUMAN:
            # the last move stays on screen a moment before the next one (or the results)
            self.wait_until = ticks_add(now, 0 if self.skip else self.app.settings.pace_ms)
            return
        self.base = s.clone()
        self.picked = []
        self.skip = False

    def busy(self):
        return self.state.is_over() or self.state.current_player() != _HUMAN

    def tick(self, now):
        s = self.state
        if s.is_over():
            if ticks_diff(now, self.wait_until) >= 0 or self.skip:
                self.app.show(Results(self.app, self.game, s, self.players, self.deal))
            return
        if self.menu_open or s.current_player() == _HUMAN:
            return
        if not self.skip and ticks_diff(now, self.wait_until) < 0:
            return
        seat = s.current_player()
        action = self.game.basic_policy(s.observe(seat), self.app.rng)
        s.apply(action)
        if s.current_player() == seat and not s.is_over():
            # mid-run: show each card for a moment
            self.wait_until = ticks_add(now, 0 if self.skip else self.app.settings.pace_ms // 2)
        else:
            self.wait_until = ticks_add(now, 0 if self.skip else self.app.settings.pace_ms)
            if s.current_player() == _HUMAN:
                self._begin_turn(now)
                self.app.beep(660, 40)
        self.message = self._last_text()
        self.render()

    def _last_text(self):
        s = self.state
        if s.run_n:
            who = "YOU" if s.turn == _HUMAN else "P%d" % (s.turn + 1)
            return who + " PLAYS " + cards.codes(s.run_cards())
        if s.last_seat < 0:
            return ""
        who = "YOU" if s.last_seat == _HUMAN else "P%d" % (s.last_seat + 1)
        if s.last_kind == rc.LAST_PLAYED:
            return who + " PLAYED " + cards.codes(s.last_cards())
        if s.last_kind == rc.LAST_DREW:
            return who + " DREW A CARD"
        return who + " PASSED"

    # -- the person's keys ---------------------------------------------------
    def on_key(self, key, now):
        s = self.state
        if self.menu_open:
            if key == A or key == START:
                self.menu_open = False
                self.message = ""
            elif key == B:
                from screens import GameMenu

                self.app.show(GameMenu(self.app))
                return
            self.render()
            return
        if s.is_over() or s.current_player() != _HUMAN:
            if key in (B, START, A):
                self.skip = True  # hurry the computer players along
            return
        if key in (LEFT, UP):
            self._move(-1)
        elif key in (RIGHT, DOWN):
            self._move(1)
        elif key == A:
            self._pick()
        elif key == B:
            if self.picked:
                self._undo()
            else:
                self.menu_open = True
                self.message = "PAUSED: A RESUME  B QUIT"
        elif key == START:
            self._finish(rc.DONE, now)
        elif key == SELECT:
            self._finish(rc.DRAW, now)
        self.render()

    def _move(self, d):
        n = len(self.hand)
        if n:
            self.cursor = (self.cursor + d) % n

    def _pick(self):
        if not self.hand:
            return
        card = self.hand[self.cursor]
        if self._refused(card):
            return
        self.state.apply(card)
        self.picked.append(card)
        self.message = "RUN: " + cards.codes(self.picked)

    def _undo(self):
        self.picked.pop()
        self.state = self.base.clone()
        for c in self.picked:
            self.state.apply(c)
        self.message = "RUN: " + cards.codes(self.picked) if self.picked else ""

    def _refused(self, action):
        """Say why ``action`` is not allowed now (and buzz); False if it is."""
        why = self.state.why_illegal(action)
        if why:
            self.message = why.upper()
            self.app.beep(220, 60)
        return bool(why)

    def _finish(self, action, now):
        if self._refused(action):
            return
        self.state.apply(action)
        self.picked = []
        self.message = self._last_text()
        self._begin_turn(now)

    # -- drawing -------------------------------------------------------------
    def render(self):
        s = self.state
        self.hand = s.hands[_HUMAN].to_list()
        self.hand.sort(key=_by_rank)
        n = len(self.hand)
        if self.cursor >= n:
            self.cursor = max(0, n - 1)
        if self.cursor < self.first:
            self.first = self.cursor
        elif self.cursor >= self.first + self.slots:
            self.first = self.cursor - self.slots + 1
        if self.first > max(0, n - self.slots):
            self.first = max(0, n - self.slots)
        for i in range(self.slots):
            j = self.first + i
            self.cards[i].set(self.hand[j] if j < n else -3)
        self.more_left.set("<" if self.first > 0 else " ")
        self.more_right.set(">" if self.first + self.slots < n else " ")
        bar_x = self.hand_x + (self.cursor - self.first) * ui.HAND_PITCH
        if self.bar.x != bar_x:
            self.bar.x = bar_x
        self.bar.hidden = n == 0 or s.current_player() != _HUMAN
        self._render_pile()
        self._render_status()
        self.msg.set(self.message)
        if self.help is not None:
            if self.menu_open:
                self.help.set("")
            elif s.current_player() == _HUMAN:
                self.help.set("A ADD B BACK START PLAY SEL DRAW")
            else:
                self.help.set("B: SKIP AHEAD")

    def _render_pile(self):
        s = self.state
        shown = (s.run_n if s.run_n else (s.last_n if s.last_kind == rc.LAST_PLAYED else 0)) + 1
        shown = min(shown, s.pile_n, self.pile_slots)
        for i in range(self.pile_slots):
            if s.pile_n == 0:
                card = -1 if i == 0 else -3
            elif i < shown:
                card = s.pile[s.pile_n - shown + i]
            else:
                card = -3
            self.pile[i].set(card)

    def _render_status(self):
        s = self.state
        parts = []
        for seat in range(1, self.players):
            mark = ">" if s.current_player() == seat else " "
            parts.append("%sP%d:%d" % (mark, seat + 1, s.counts[seat]))
        opp = "".join(parts)
        you = ">" if s.current_player() == _HUMAN else " "
        stock = "%sYOU STOCK %d" % (you, s.deck_n)
        if self.status2 is None:
            self.status.set((opp + " S" + str(s.deck_n))[:32])
            return
        if len(opp) <= 32:
            self.status.set(opp)
            self.status2.set(stock + " DEAL " + str(self.deal))
        else:
            self.status.set(opp[:30])
            self.status2.set(opp[30:] + " " + stock)
