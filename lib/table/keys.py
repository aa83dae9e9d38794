"""The person's keys at a table played from a hand, and what each does
(``table.hand.HandTable.keys``): START pauses, whoever is to play (and at a
finished game goes to its results); LEFT/RIGHT/DOWN move the cursor; A
plays the card under it (each game's table may ask more: ``choose_card``,
``on_turn_key``); B takes back a card of a turn not finished; SELECT ends a
play of several cards, or else draws or passes; UP shows the round so far.
While the others play, A or B hurries them; while the console waits to be
passed (pass-and-play), A shows the next person's hand. A linked game's
link may take a key first.
"""

from buttons import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B


class HandKeys:
    def __init__(self, table):
        self.table = table

    def press(self, key, now):
        """A key the person pressed: what it does at the table now."""
        t = self.table
        if t.link is not None and t.link.on_key(t, key):
            t.render()
            return
        if key == START:  # START pauses at every table, whoever is to play
            if t.state.is_over():
                t.finish()  # a finished game goes to its results, counted
            else:
                t.app.later(_paused, t)  # (once this frame has returned)
            return
        if t.turns.passing():
            if key == A:
                t.turns.uncover(now)
                t.render()
            elif key == UP:
                t.app.show(_pause().Round(t.app, t, t))
            return
        if t.busy():
            if key in (B, A):
                t.turns.hurry = True
            return
        if t.on_turn_key(key, now):
            t.render()
            return
        if key == UP and t.match.players > 1:
            t.app.show(_pause().Round(t.app, t, t))  # what each seat did last
        elif key == LEFT:
            t.cursor.move(-1)
        elif key in (RIGHT, DOWN):
            t.cursor.move(1)
        elif key == A:
            if t.cursor.choices:
                t.choose_card(t.cursor.chosen(), now)
        elif key == B:
            if t.picked_n and t.link is None:  # linked: the others saw the card go down
                t._undo()
            else:
                t.message = "NOTHING TO TAKE BACK"
        elif key == SELECT:  # ends a play of several cards, else draws or passes
            t.take(t.game.DONE if t.mid_turn() else t.game.DRAW, now)
        t.render()

    def hint(self):
        """Say what the Normal computer player would do from here, and put
        the cursor on its card."""
        t = self.table
        s = t.state
        if not t.turns.my_turn():
            return
        action = t.game.basic_policy(s.observe(t.me, t.obs), t.app.rng)
        for key in t.presses_for(action):
            if key == LEFT:
                t.cursor.move(-1)
            elif key == RIGHT:
                t.cursor.move(1)
            else:
                break
        import games.text

        t.message = ("HINT: " + games.text.describe(s, action).upper())[:32]


def _paused(t):
    """The pause menu over table ``t``, made once the table has let go of
    its tiles (``HandTable.shelve``) and in their room."""
    app = t.app
    app.clear(t)  # (a failure making the menu keeps the game, and says so)
    t.shelve()
    app.show(_pause().Pause(app, t))


def _pause():
    """The pause menu's module (and the round view's), loaded the first
    time a game asks for either and kept until the game's modules go
    (``app._SHARED``)."""
    from screens import pause

    return pause
