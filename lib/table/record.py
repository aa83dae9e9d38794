"""What a table keeps of its game: the match and the moves made so far (a
byte each), and when it is saved: whole at the deal, then each move
(every seat's, and a move taken back) appended to the store as it is
made, so a power cut loses at most the move in flight; whole again when
the store has no room for a move, or at the pause menu and after the
person left the keys alone when something was not written; and at the
end the game counted. What the results say is read from the state
(``screens.facts``). The saved forms are the saves'
(``saves/keep.py``).
"""

from saves.store import TAIL_MOVE, TAIL_UNLOG


class GameRecord:
    """``moves[:n]``: every move since the deal, unless the game was resumed
    without them (``complete`` False: a resumed game whose moves were not
    kept has no replay). A replay's record (``replaying``) is shown, never
    counted or saved; a new game's replaces the saved game."""

    def __init__(self, saves, match, moves=None, resumed=False, replaying=False, state=None):
        self.saves = saves
        self.match = match
        self.replaying = replaying
        self.moves = bytearray(512 if moves is None else len(moves) + 256)
        self.n = 0
        self.complete = not resumed or moves is not None
        if moves is not None:
            self.moves[: len(moves)] = moves
            self.n = len(moves)
        link = match.link
        self.durable = not replaying and (link is None or not link.seat)  # (not a guest's)
        if not resumed and not replaying:
            saves.forget_game()
            if state is not None and self.durable and link is None:  # Continue at once (a
                saves.keep_game(match, state, self.kept_moves(), self.n)  # host's: link.seats)

    def log(self, action, state=None):
        """Note a move, made on ``state``: appended to the saved game (or,
        without room, the game written whole)."""
        if self.n == len(self.moves):
            self.moves.extend(bytearray(len(self.moves)))
        self.moves[self.n] = action
        self.n += 1
        if not self.replaying:
            self._kept(TAIL_MOVE, action, state)
            if self.match.link is not None:  # link play: a move is shown to the guests
                self.match.link.logged()  # only once it is kept

    def unlog(self, state=None):
        """Forget the last move (the person took it back; ``state``: as it
        is now)."""
        self.n -= 1
        if not self.replaying:
            self._kept(TAIL_UNLOG, 0, state)

    def _kept(self, mark, action, state):
        saves = self.saves
        if not self.durable or state is None:
            saves.dirty = True  # (a guest's game is its host's)
        elif (saves.dirty or saves.game_n < 0 or (mark == TAIL_UNLOG and saves.moves_n < 0)
              or not saves.store.append(mark, action)):  # fmt: skip
            saves.keep_game(self.match, state, self.kept_moves(), self.n)  # (no room: whole)

    def kept_moves(self):
        """The moves, or None when they are not all known."""
        return self.moves if self.complete else None

    def checkpoint(self, state):
        """Save the game in progress (pause menu, idle) if it changed."""
        saves = self.saves
        if self.replaying or state.is_over() or not saves.dirty:
            return
        saves.keep_game(self.match, state, self.kept_moves(), self.n)

    def count(self, state):
        """The game is over: count it in the statistics and keep its record
        for the next write (printed on the serial console then, so a
        maintainer can replay it). False for a replay: nothing counted."""
        if self.replaying:
            return False
        win = state.winners()
        self.saves.game_over(self.match, self.kept_moves(), self.n, 0 in win, score(state),
                             win[0] if win else -1)  # fmt: skip
        return True


def score(state, seat=0):
    """A finished game's score for ``seat``: in Elevator Solitaire the
    cards cleared; with opponents, the cards they still held when
    ``seat`` won (0 when it did not)."""
    if state.num_players == 1:
        return state.score()
    if seat not in state.winners():
        return 0
    return sum([state.cards_left(s) for s in range(state.num_players) if s != seat])
