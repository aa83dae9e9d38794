"""The table screen shared by the card games played from a hand: your hand
along the bottom with a cursor, the others' card counts on top, and the
game's own piles in between (each game's ``table_*.py`` draws those).

Keys on your turn: LEFT/RIGHT move the cursor, A plays the card under it
(a refused card says why), B takes back the last card of an unfinished
turn, START ends a multi-card play, SELECT draws or passes. B with nothing
to take back opens the pause menu (``pause.py``: resume, rules, hint,
sound, restart, new deal, quit). While the computer players move, A, B or
START hurry them along.

Your choices go straight into the engine state, so the engine alone says
what is legal; a copy taken at the start of your turn makes undo exact.
"""

from adafruit_ticks import ticks_add, ticks_diff
from micropython import const

import cards
import opponents
import ui
from buttons import AXIS_HORIZONTAL, DOWN, LEFT, RIGHT, SELECT, START, UP, A, B, cursor_keys
from gamelog import Kept
from screens import Results, Screen

HUMAN = const(0)


def by_rank(card):
    """Hand order: by rank, aces first, jokers last; suits C D H S."""
    r = cards.rank(card)
    return (r if r >= 0 else 13) * 8 + cards.suit(card) + 1


def who(seat):
    return "YOU" if seat == HUMAN else "P%d" % (seat + 1)


class Table(Kept, Screen):
    axis = AXIS_HORIZONTAL
    hand_order = staticmethod(by_rank)
    HELP = "A PLAY  B BACK  SEL DRAW"

    def __init__(self, app, game, players, deal, variant=0, starter=0, state=None, moves=None,
                 replaying=False):  # fmt: skip
        super().__init__(app)
        self.game = game
        self.players = players
        self.deal = deal
        self.variant = variant
        self.starter = starter
        self.replaying = replaying
        if state is not None:
            self.state = state  # a saved game, resumed
        elif starter:
            self.state = game.new_state(players, deal, variant, starter)
        else:
            self.state = game.new_state(players, deal, variant)
        self.keep_start(app, game, players, deal, variant, starter, state is not None, moves)
        self.base = None  # state at the start of the person's turn
        self.picked = []  # actions taken so far this turn
        self.cursor = 0
        self.first = 0  # first hand card shown (scrolling)
        self.hand = []  # the person's hand as a sorted list
        self.wait_until = 0
        self.skip = False
        self.message = ""
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
            hand_y = 15
            hand_x = 14 + self.small_pile_width()
        else:
            self.status2 = ui.TextRow(32, 0, 7)
            g.append(self.status2.grid)
            self.msg = ui.TextRow(32, 0, 30)
            self.help = ui.TextRow(32, 0, 37)
            g.append(self.help.grid)
            hand_y = 46
            hand_x = 4
        g.append(self.msg.grid)
        self.layout_piles(app)
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

    def small_pile_width(self):
        """Pixels the piles take left of the hand on a 128x32 panel."""
        return 0

    def layout_piles(self, app):
        """Create the game's pile widgets (in ``self.group``)."""

    def render_piles(self):
        """Show the game's piles."""

    def last_text(self):
        """One line about the last thing that happened."""
        return ""

    def status_count(self, seat):
        return str(self.state.counts[seat])

    def stock_text(self):
        return "STOCK %d" % self.state.deck_n

    # -- turn flow ---------------------------------------------------------
    def my_turn(self):
        s = self.state
        return not s.is_over() and s.current_player() == HUMAN

    def _begin_turn(self, now):
        if not self.my_turn():
            # the last move stays on screen a moment before the next one (or the results)
            self.wait_until = ticks_add(now, 0 if self.skip else self.app.settings.pace_ms)
            return
        self.base = self.state.clone()
        self.picked = []
        self.skip = False

    def busy(self):
        return not self.my_turn()

    def tick(self, now):
        s = self.state
        if s.is_over():
            if ticks_diff(now, self.wait_until) >= 0 or self.skip:
                self.finish()
                self.app.show(
                    Results(self.app, self.game, s, self.players, self.deal, self.variant)
                )
            return
        if self.my_turn():
            return
        if not self.skip and ticks_diff(now, self.wait_until) < 0:
            return
        seat = s.current_player()
        levels = self.app.levels
        level = levels[seat] if seat < len(levels) else opponents.NORMAL
        hw = self.app.hw  # Hard watches the board's clock (THINK_MS)
        action = opponents.choose(self.game, s.observe(seat), self.app.rng, level, 0, hw.ticks_ms)
        s.apply(action)
        self.log(action)
        pace = 0 if self.skip else self.app.settings.pace_ms
        if s.current_player() == seat and not s.is_over():
            self.wait_until = ticks_add(now, pace // 2)  # mid-turn: each card a moment
        else:
            self.wait_until = ticks_add(now, pace)
            if self.my_turn():
                self._begin_turn(now)
                self.app.beep(660, 40)
        self.message = self.last_text()
        self.render()

    # -- the person's keys ---------------------------------------------------
    def on_key(self, key, now):
        if not self.my_turn():
            if key in (B, START, A):
                self.skip = True  # hurry the computer players along
            return
        if self.on_turn_key(key, now):
            self.render()
            return
        if key in (LEFT, UP):
            self._move(-1)
        elif key in (RIGHT, DOWN):
            self._move(1)
        elif key == A:
            if self.hand:
                self.choose_card(self.hand[self.cursor], now)
        elif key == B:
            if self.picked:
                self._undo()
            else:
                self.pause()
                return
        elif key == START:
            self.take(self.game.DONE, now)
        elif key == SELECT:
            self.take(self.game.DRAW, now)
        self.render()

    def pause(self):
        from pause import Pause

        self.app.show(Pause(self.app, self))

    def resumed(self):
        """Back on the panel after the pause menu."""
        self.message = ""
        self.render()

    def hint(self):
        """Say what the Normal computer player would do from here, and put
        the cursor on its card."""
        s = self.state
        if not self.my_turn():
            return
        action = self.game.basic_policy(s.observe(HUMAN), self.app.rng)
        for key in self.presses_for(action):
            if key == LEFT:
                self._move(-1)
            elif key == RIGHT:
                self._move(1)
            else:
                break
        self.message = ("HINT: " + s.describe(action).upper())[:32]

    def on_turn_key(self, key, now):
        """A game's own handling of a key on the person's turn (True if
        it used the key)."""
        return False

    def choose_card(self, card, now):
        """A was pressed on ``card``: most games play it."""
        self.take(card, now)

    def cursor_to(self, card):
        """Key presses that bring the cursor to ``card`` (the shorter way
        round)."""
        return cursor_keys(self.cursor, self.hand.index(card), len(self.hand))

    def presses_for(self, action):
        """Key presses a person makes to take ``action`` from here (the
        simulator's autopilot and tests use this)."""
        if action == self.game.DONE:
            return [START]
        if action == self.game.DRAW:
            return [SELECT]
        return self.cursor_to(action) + [A]

    def _move(self, d):
        n = len(self.hand)
        if n:
            self.cursor = (self.cursor + d) % n

    def _undo(self):
        self.picked.pop()
        self.unlog()
        self.state = self.base.clone()
        for a in self.picked:
            self.state.apply(a)
        self.message = self.picked_text()

    def picked_text(self):
        return ""

    def mid_turn(self):
        """True while the person's turn is under way (cards chosen, more
        to come), so B takes back rather than pausing."""
        return False

    def refused(self, action):
        """Say why ``action`` is not allowed now (and buzz); False if it is."""
        why = self.state.why_illegal(action)
        if why:
            self.message = why.upper()
            self.app.beep(220, 60)
        return bool(why)

    def take(self, action, now):
        """Apply the person's ``action`` if the rules allow it."""
        if self.refused(action):
            return
        self.state.apply(action)
        self.log(action)
        if self.my_turn() and self.mid_turn():
            self.picked.append(action)  # the same turn goes on
            self.message = self.picked_text()
            return
        self.picked = []
        self.message = self.last_text()
        self._begin_turn(now)

    # -- drawing -------------------------------------------------------------
    def render(self):
        s = self.state
        self.hand = s.hands[HUMAN].to_list()
        self.hand.sort(key=self.hand_order)
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
        self.bar.hidden = n == 0 or not self.my_turn()
        self.render_piles()
        self._render_status()
        self.msg.set(self.message)
        if self.help is not None:
            if self.my_turn():
                self.help.set(self.help_text())
            else:
                self.help.set("B: SKIP AHEAD")

    def help_text(self):
        return self.HELP

    def _render_status(self):
        s = self.state
        parts = []
        many = self.players > 6  # up to 12 seats: a shorter form
        for seat in range(1, self.players):
            mark = ">" if s.current_player() == seat else " "
            name = str(seat + 1) if many else "P%d" % (seat + 1)
            parts.append("%s%s:%s" % (mark, name, self.status_count(seat)))
        opp = "".join(parts)
        you = ">" if s.current_player() == HUMAN else " "
        mine = "%sYOU %s" % (you, self.stock_text())
        if self.status2 is None:
            line = opp + " S" + str(s.deck_n)
            if len(line) > 32:  # many seats on a small panel: counts only, in seat order
                counts = [self.status_count(seat) for seat in range(1, self.players)]
                line = " ".join(counts) + " S" + str(s.deck_n)
            self.status.set(line[:32])
            return
        if len(opp) <= 32:
            self.status.set(opp)
            self.status2.set(mine + " DEAL " + str(self.deal))
        else:
            self.status.set(opp[:32])
            self.status2.set(opp[32:] + " " + mine)
