"""The keys of a table with a hand (mixed into ``table.Table``): the
cursor, playing, taking back, refusals with their reason, the pause menu
and the hint, and the presses that take an action (for the autopilot).
"""

from micropython import const

from buttons import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B, cursor_keys
from pause import Pause

HUMAN = const(0)


class TableKeys:
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
        action = self.game.basic_policy(s.observe(HUMAN, self.obs), self.app.rng)
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
        self.state._copy_from(self.base)
        self.last.copy_from(self.base_last)
        for a in self.picked:
            self.play(a)
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
        self.play(action)
        self.log(action)
        if self.my_turn() and self.mid_turn():
            self.picked.append(action)  # the same turn goes on
            self.message = self.picked_text()
            return
        self.picked = []
        self.message = self.last_text()
        self._begin_turn(now)

    # -- drawing -------------------------------------------------------------
