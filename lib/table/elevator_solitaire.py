"""The Elevator solitaire (and Escalator) table.

Keys: LEFT/RIGHT (or DOWN) move between the free cards, A moves the card
to the waste, SELECT turns a stock card, B takes a move back (ES-10), UP
asks for a hint, START opens the pause menu (which has the hint too, for
boards with three buttons). When the game is over, B still takes moves
back and A shows the results.

Like every table it has its game's record (``table.record.GameRecord``),
its cursor (``buttons.Cursor``, over the free cards) and its view (the
pyramid's picture: ``table.pyramid.PyramidView``); a card played
allocates nothing: what it says is made when it is drawn.

The hint (``elevator_solitaire_ai.hint``, ES-12) follows the deal's
winning line, read from flash, while the game is on it (a deal of the
shipped winnable list); else it is the next move of a winning line when
the solver finds one within its budget (about a second on an RP2040), and
either way it says the move wins; otherwise it is the move that keeps the
most moves open, and it says it is a best guess.
"""

import games
from buttons import AXIS_HORIZONTAL, DOWN, LEFT, RIGHT, SELECT, START, UP, A, B, Cursor
from engine import cards
from games import elevator_solitaire as es
from games import elevator_solitaire_solver as solver  # the hint's search, loaded with the table
from saves.codec import UNDO
from screens.base import LOST, REFUSED, WON, Screen
from table.pyramid import PyramidView
from table.record import GameRecord


class Table(Screen):
    axis = AXIS_HORIZONTAL

    def __init__(self, app, match, state=None, moves=None, replaying=False):
        super().__init__(app)
        self.match = match
        self.game = es
        self.state = state if state is not None else match.new_state()
        self.record = GameRecord(app.saves, match, moves, state is not None, replaying,
                                 self.state)  # fmt: skip
        self.cursor = Cursor(es.SIZE)  # over the free cards
        self.me = 0
        self.taken = -1  # the action just taken: what it did is said when drawn
        self.refused = False  # ... and it was refused: why, said when drawn
        self.obs = self.state._blank()  # the hint replays the deal's line on it
        self.view = PyramidView(self, app)
        self.render()

    # the message line's text is the view's (written in place when drawn): a str when asked
    message = property(lambda t: t.view.line.text(), lambda t, text: t.view.write(text))

    # the round view (pause menu) of a game of one: its last message
    @property
    def said(self):
        return (self.message,)

    def who(self, seat):
        return "YOU"

    # -- keys ----------------------------------------------------------------
    def on_key(self, key, now):
        s = self.state
        if key == START:  # the pause menu (its hint is for boards with three buttons)
            if s.is_over():
                self.finish()  # a finished game goes to its results, counted
            else:
                from screens import pause  # loaded when first asked for (app._SHARED says why)

                self.app.show(pause.Pause(self.app, self))
            return
        if key == UP:
            self.hint()
        elif key == B:  # ES-10: as often as you like, also once the game is over
            if s.undo():
                self.record.log(UNDO, s)  # a move taken back, in the game's record
                self.message = "MOVE TAKEN BACK"
            else:
                self.message = "NOTHING TO TAKE BACK"
        elif key == A and s.is_over():
            self.finish()
            return
        elif key == LEFT:
            self.cursor.move(-1)
        elif key in (RIGHT, DOWN):
            self.cursor.move(1)
        elif key == A:
            if self.cursor.choices:
                self.take(self.cursor.chosen())
        elif key == SELECT:
            self.take(es.DRAW)
        self.render()

    def take(self, action, now=0):
        """Play ``action`` if the rules allow it (and log it), else refuse
        it; allocates nothing (what it says is made when it is drawn)."""
        s = self.state
        self.taken = action
        if not s.is_legal(action):
            self.refused = True
            self.beep(REFUSED)
            return
        self.play(action)
        self.record.log(action, s)
        if s.is_over():
            self.beep(WON if s.winner == 0 else LOST)

    def play(self, action):
        """Apply ``action`` (a replay plays each recorded move through here)."""
        self.state.apply(action)

    def presses_for(self, action):
        """Key presses a person makes to take ``action`` from here (the
        simulator's autopilot and tests use this)."""
        if action == es.DRAW:
            return [SELECT]
        return self.cursor.keys_to(action) + [A]

    def resumed(self):
        """Back on the panel after the pause menu."""
        self.message = ""
        self.render()

    def checkpoint(self):
        """Save the game in progress (pause menu, idle) if it changed."""
        self.record.checkpoint(self.state)

    def finish(self):
        """The game is over: counted, and its results shown (``App.results``)."""
        self.app.results(self)

    def hint(self):
        """Say which move to make (ES-12), and put the cursor on its card."""
        s = self.state
        if s.is_over():  # a cleared pyramid is no dead end
            text = "CLEARED! {A}: RESULTS" if s.winner == 0 else "NO MOVES LEFT: {B} TAKES BACK"
            self.message = self.app.legend(text)
            return
        from games import elevator_solitaire_ai

        action, wins = elevator_solitaire_ai.hint(s, solver.HINT_BUDGET, solver.HINT_MEMO,
                                                  games.data_path("elevator_solitaire_lines.bin"),
                                                  self.obs)  # fmt: skip
        tail = " - THIS WINS" if wins else " - BEST GUESS"  # ES-12: at most 30 characters
        if action == es.DRAW:
            self.message = "HINT: TURN A CARD" + tail
            return
        self.cursor.at = self.cursor.choices.index(action)
        self.message = "HINT: " + cards.mark(s.pyr[action]) + tail

    # -- drawing ---------------------------------------------------------------
    def render(self):
        self.view.draw(self)
