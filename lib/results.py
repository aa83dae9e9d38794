"""The results screen: who won, every seat's place and the cards it still
holds, the deal and the statistics, and the keys to play again.

Loaded when a game ends (``screens.show_results``).
"""

import ui
from buttons import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B
from screens import GameMenu, Screen, start_game


class Results(Screen):
    """Who won, then every seat's place and the cards it still holds."""

    def __init__(self, app, game, state, players, deal, variant=0):
        super().__init__(app)
        self.game = game
        self.players = players
        self.deal = deal
        self.variant = variant
        self.starter = 0  # who starts the next game of a series
        self.replay_starter = getattr(state, "starter", 0)  # the same deal replays exactly
        places = state.ranking()
        win = state.winners()
        if players == 1:  # solitaire: a score out of the pyramid
            head = "Cleared!" if win else "Score %d" % state.score()
        elif 0 in win:
            head = "You win!" if len(win) == 1 else "Shared win"
        elif win:
            head = "P%d wins" % (win[0] + 1)
        else:
            head = "Blocked"
        self.group.append(ui.heading(head, 0, 0, 1 if app.small else 2))
        self.rows = []
        if players == 1:
            self.rows.append("%d OF %d CARDS CLEARED" % (state.score(), game.SIZE))
        else:
            if getattr(game, "SERIES", False):
                self.starter = game.next_starter(state, deal)
            last = max(places)
            order = sorted(range(players), key=lambda s: (places[s], s))
            for s in order:
                who = "YOU" if s == 0 else "P%d" % (s + 1)
                mark = "*" if s in win else " "
                left = state.cards_left(s)
                tail = "%2d CARDS" % left if left else "OUT"
                if getattr(game, "SERIES", False) and places[s] == last and last > 0:
                    tail += " BASTARD"
                self.rows.append("%d%s %-3s %s" % (places[s] + 1, mark, who, tail))
        self.rows.append("DEAL %d" % deal)
        self.rows.extend(app.saves.stat_lines(game.ID))  # counted as the game ended
        self.rows.append("A AGAIN  SEL SAME DEAL  B MENU")
        self.first = 0
        y0 = 12 if app.small else 24
        self.visible = (app.height - y0) // 7
        self.lines = []
        for i in range(self.visible):
            row = ui.TextRow(32, 0, y0 + i * 7)
            self.lines.append(row)
            self.group.append(row.grid)
        self._render()

    def _render(self):
        for i in range(self.visible):
            j = self.first + i
            self.lines[i].set(self.rows[j] if j < len(self.rows) else "")

    def on_key(self, key, now):
        if key in (UP, LEFT) and self.first > 0:
            self.first -= 1
            self._render()
        elif key in (DOWN, RIGHT) and self.first + self.visible < len(self.rows):
            self.first += 1
            self._render()
        elif key == A:
            deal = self.app.deal_mode  # a new random (or winnable) deal
            start_game(self.app, self.game.ID, self.players, deal, self.variant, self.starter)
        elif key == SELECT:
            start_game(
                self.app, self.game.ID, self.players, self.deal, self.variant, self.replay_starter
            )
        elif key in (B, START):
            self.app.home(GameMenu)
