"""What every table shares about keeping a game: the moves made so far
(one byte each), and the three moments it is saved (the pause menu, the
person idle, the end). The base of every table (``table_keys.TableKeys``)
is a ``Kept`` and starts the record; the records themselves are
``saves.py``'s.
"""

from screens import Screen, show_results


class Kept(Screen):
    """A table screen's record: ``setup``, ``moves``/``moves_n``; a
    replay's (``replaying``) are shown, never counted or saved."""

    def log(self, action):
        """Note a move (and that the game changed since its last save)."""
        if self.moves_n == len(self.moves):
            self.moves.extend(bytearray(len(self.moves)))
        self.moves[self.moves_n] = action
        self.moves_n += 1
        if not self.replaying:
            self.app.saves.dirty = True

    def unlog(self):
        """Forget the last move (the person took it back)."""
        self.moves_n -= 1

    def checkpoint(self):
        """Save the game in progress (pause menu, idle) if it changed."""
        saves = self.app.saves
        if self.replaying or self.state.is_over() or not saves.dirty:
            return
        saves.keep_game(self.setup, self.state, self._moves(), self.moves_n)

    def _moves(self):
        return self.moves if self.moves_ok else None

    def finish(self):
        """The game is over: count it and show the results; its record is
        written (one write) and printed on the serial console (a maintainer
        can replay it) just after they appear, with the table's memory free."""
        app = self.app
        if not self.replaying:
            s = self.state
            win = s.winners()
            app.saves.game_over(self.setup, self._moves(), self.moves_n, 0 in win, score(s),
                                win[0] if win else -1)  # fmt: skip
            app.save_soon = True  # written once the results are on screen
        show_results(app, self)


def score(state, seat=0):
    """A finished game's score for ``seat``: in Elevator Solitaire the
    cards cleared; with opponents, the cards they still held when
    ``seat`` won (0 when it did not)."""
    if state.num_players == 1:
        return state.score()
    if seat not in state.winners():
        return 0
    return sum([state.cards_left(s) for s in range(state.num_players) if s != seat])
