"""The base of every table screen (``table.Table``, the games played from
a hand, and ``table_es.Table``, the solitaire): the game's state, new or
resumed, and its record (``save_gamelog.Kept``); a cursor over a list of
choices (``hand``); the keys, refusals with their reason, the pause menu,
the hint, and the presses that take an action (for the autopilot). A
table lays itself out (``_layout``), draws itself (``render``) and may
use a key first (``on_turn_key``). The undo of a turn and the hint are
the hand games'; the solitaire has its own.
"""

from micropython import const

from app import REFUSED, TURN
from buttons import AXIS_HORIZONTAL, DOWN, LEFT, RIGHT, SELECT, START, UP, A, B, cursor_keys
from opponents import PERSON
from save_gamelog import Kept
from screen_pause import Pause, Round

HUMAN = const(0)


class TableKeys(Kept):
    axis = AXIS_HORIZONTAL

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
        else:
            self.state = game.new_state(players, deal, variant, starter)
        # the record (gamelog.Kept): the setup, the moves so far (``moves``
        # None: a resumed game's were not kept, so it has no replay)
        levels = bytes(app.levels[:players]) if app.levels else b""
        self.setup = (game.ID, players, variant, starter, deal, levels)
        self.moves = bytearray(512 if moves is None else len(moves) + 256)
        self.moves_n = 0
        self.moves_ok = state is None or moves is not None
        if moves is not None:
            self.moves[: len(moves)] = moves
            self.moves_n = len(moves)
        if state is None and not replaying:
            app.saves.forget_game()
        self.said = [""] * players  # what each seat did last (the round view)
        # the seats people play (you, seat 0, and pass-and-play friends); the
        # hand shown is ``me``'s, and while ``covered`` none is: the console
        # is being passed to the next person, who shows theirs with A
        levels = app.levels
        self.people = [0] + [i for i in range(1, min(players, len(levels))) if levels[i] == PERSON]
        self.me = HUMAN
        self.covered = len(self.people) > 1 and state is not None  # a resumed game: hidden
        # link play (app.host: link_host.Host, or on a guest link_guest.Guest,
        # the way to its host): a guest shows its own seat
        self.host = host = app.host
        if host is not None and host.seat:
            self.me = host.seat
            self.people = [host.seat]
        self.hand = []  # what the cursor moves over: the person's cards, or places
        self.cursor = 0
        self.message = ""
        self._layout(app)
        self.render()

    def on_key(self, key, now):
        if self.host is not None and self.host.on_key(self, key):
            self.render()
            return
        if key == START:  # START pauses at every table, whoever is to play
            if self.state.is_over():
                self.finish()  # a finished game goes to its results, counted
            else:
                self.pause()
            return
        if self.passing():
            if key == A:
                self.uncover(now)
                self.render()
            elif key == UP:
                self.app.show(Round(self.app, self, self))
            return
        if self.busy():
            if key in (B, A):
                self.skip = True  # hurry the computer players along
            return
        if self.on_turn_key(key, now):
            self.render()
            return
        if key == UP and self.players > 1:
            self.app.show(Round(self.app, self, self))  # what each seat did last
        elif key == LEFT:
            self._move(-1)
        elif key in (RIGHT, DOWN):
            self._move(1)
        elif key == A:
            if self.hand:
                self.choose_card(self.hand[self.cursor], now)
        elif key == B:
            if self.picked and self.host is None:  # linked: the others saw the card go down
                self._undo()
            else:
                self.message = "NOTHING TO TAKE BACK"
        elif key == SELECT:  # ends a play of several cards, else draws or passes
            self.take(self.game.DONE if self.mid_turn() else self.game.DRAW, now)
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
        action = self.game.basic_policy(s.observe(self.me, self.obs), self.app.rng)
        for key in self.presses_for(action):
            if key == LEFT:
                self._move(-1)
            elif key == RIGHT:
                self._move(1)
            else:
                break
        self.message = ("HINT: " + s.describe(action).upper())[:32]

    def on_turn_key(self, key, now):
        """A table's own handling of a key on the person's turn (True if
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
        if action == self.game.DONE or action == self.game.DRAW:
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
            self.app.beep(REFUSED)
        return bool(why)

    def take(self, action, now):
        """Apply the person's ``action`` if the rules allow it, and log it."""
        if self.refused(action):
            return
        if self.host is not None and self.host.take(self, action):
            return  # a guest's: the host plays it, and its observation comes back
        self.play(action)
        self.log(action)
        self.played(action, now)

    def played(self, action, now):
        """The person's ``action`` is played: their turn goes on, or ends."""
        if self.my_turn() and self.mid_turn():
            self.picked.append(action)  # the same turn goes on
            self.message = self.picked_text()
            return
        self.picked = []
        self.message = self.last_text()
        self.said[self.me] = self.message
        if len(self.people) > 1:  # the round view is everyone's: no drawn cards named
            self.drawn = []
            self.said[self.me] = self.last_text()
        self._begin_turn(now)

    def passing(self):
        """True while the console waits to be passed to the person to play
        (pass-and-play): no hand shows until they press A."""
        s = self.state
        return self.covered and not s.is_over() and s.current_player() in self.people

    def uncover(self, now):
        """The person to play pressed A: their hand shows, their turn begins."""
        self.covered = False
        self.me = self.state.current_player()
        self.drawn = []
        self.message = self.last_text()
        self._begin_turn(now)
        self.app.beep(TURN)
