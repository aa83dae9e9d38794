"""Whose turn it is at a table played from a hand, and the turns that are
not the person's (``table.hand.HandTable.turns``): the computer players' moves
at the console's pace (A or B hurries them), a linked guest's seat, and
pass-and-play's cover, behind which no hand shows until the next person
presses A.
"""

import opponents
from engine.ticks import ticks_add, ticks_diff
from match import GUEST
from screens.base import TURN


class Turns:
    def __init__(self, table, covered):
        self.table = table
        self.covered = covered  # waiting to be passed to the person to play
        self.wait_until = 0  # the last move stays on the panel until then
        self.hurry = False  # the person asked the computer players to hurry
        self.waiting = False  # link play: this guest's action is on its way to the host
        # pass-and-play: the person who just drew still sees their hand and what they
        # drew, behind no cover, until they press A
        self.reveal = False

    def my_turn(self):
        """True while the person whose hand shows is to play."""
        t = self.table
        s = t.state
        if s.is_over() or self.covered or self.waiting:
            return False
        return s.current_player() == t.me

    def passing(self):
        """True while the console waits to be passed to the person to play
        (pass-and-play): no hand shows until they press A."""
        s = self.table.state
        return self.covered and not s.is_over() and s.current_player() in self.table.people

    def drew(self, now, drew):
        """The person's move is made: if it drew cards and the console is
        to be passed, the drawer sees them for 3 s (or until A) before the
        cover comes."""
        self.reveal = self.covered and drew
        if self.reveal:
            self.wait_until = ticks_add(now, 3000)

    def uncover(self, now):
        """A was pressed while the console is to be passed: the drawer has
        seen their card (the cover comes), or the person to play has it
        (their hand shows, their turn begins)."""
        t = self.table
        if self.reveal:
            self.reveal = False
            return
        self.covered = False
        t.me = t.state.current_player()
        t.drawn.clear()
        t.tell(-1)
        self.begin(now)
        t.beep(TURN)

    def begin(self, now):
        """A turn begins: another person's waits behind the cover; the
        person's is kept as it starts (for B's take-back); the others'
        wait for the last move to have been seen."""
        t = self.table
        seat = t.state.current_player()
        if seat != t.me and seat in t.people:
            self.covered = True  # another person's turn: pass the console first
        if not self.my_turn():
            # the last move stays on screen a moment before the next one (or the results)
            self.wait_until = ticks_add(now, 0 if self.hurry else t.app.settings.pace_ms)
            return
        t.kept_turn()
        self.hurry = False

    def busy(self):
        return not self.my_turn() and not self.passing()

    def tick(self, now):
        """The seat to play moves when it is not the person's: a computer
        player, or a linked guest whose action has come."""
        t = self.table
        if self.reveal and ticks_diff(now, self.wait_until) >= 0:
            self.reveal = False  # the drawer's hand goes behind the cover by itself
            t.render()
        s = t.state
        link = t.link
        if link is not None and link.tick(t, now):
            return  # link play: a guest waits for its host, a host for a guest
        if s.is_over():
            if ticks_diff(now, self.wait_until) >= 0 or self.hurry:
                t.finish()
            return
        if self.my_turn() or self.passing():
            return
        if not self.hurry and ticks_diff(now, self.wait_until) < 0:
            return
        seat = s.current_player()
        kind = t.match.kind(seat)
        if kind == GUEST and link is not None:  # a linked console's seat
            action = link.pop(seat)
            if action < 0:
                return
        else:
            app = t.app  # Hard watches the board's clock (THINK_MS)
            action = opponents.choose(t.game, s.observe(seat, t.obs), app.rng, kind, 0,
                                      app.hw.ticks_ms)  # fmt: skip
        t.play(action)
        t.record.log(action, s)
        pace = 0 if self.hurry else t.app.settings.pace_ms
        if s.current_player() == seat and not s.is_over():
            self.wait_until = ticks_add(now, pace // 2)  # mid-turn: each card a moment
        else:
            self.wait_until = ticks_add(now, pace)
            if not s.is_over() and s.current_player() in t.people:
                self.begin(now)
                if self.my_turn():
                    t.beep(TURN)
        t.tell(seat)
        t.render()
