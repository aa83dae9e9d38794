"""The results screen: who won, every seat's place and the cards it still
holds, the deal and the statistics, and the keys to play again.

Loaded when a game ends (``screens.show_results``).
"""

import ui
from buttons import SELECT, START, A, B
from opponents import NAMES, NORMAL, PERSON
from screens import GameMenu, Screen, start_game


class Results(Screen):
    """Who won, then every seat's place and the cards it still holds, with
    the keys on the last line. It shows by itself when a game ends, so its
    key guard is longer: a key still being mashed at the table is ignored."""

    guard_ms = 700

    def __init__(self, app, game, players, deal, variant, facts):
        super().__init__(app)
        self.game = game
        self.players = players
        self.deal = deal
        self.variant = variant
        head, self.rows, self.starter, self.replay_starter = facts
        self.group.append(ui.heading(head, 0, 0, 1 if app.small else 2))
        y0 = 12 if app.small else 24
        self.view = ui.Scroller(self.group, self.rows, y0, 7, (app.height - y0 - 6) // 7)
        self.keys = keys = ui.TextRow(32, 0, app.height - 6)
        keys.set(app.legend("{A} AGAIN  {SELECT} SAME DEAL  {B} MENU|"
                            "{A} NEW  {SELECT} SAME  {B} MENU"))  # fmt: skip
        self.group.append(keys.grid)

    def on_key(self, key, now):
        if self.view.scroll(key):
            return
        if key == A:
            deal = self.app.deal_mode  # a new random (or winnable) deal
            self.app.later(start_game, self.app, self.game.ID, self.players, deal, self.variant,
                           self.starter)  # fmt: skip
        elif key == SELECT:
            self.app.later(start_game, self.app, self.game.ID, self.players, self.deal,
                           self.variant, self.replay_starter)  # fmt: skip
        elif key in (B, START):
            self.app.home(GameMenu)


def summary(app, game, state, players, deal, me=0):
    """What the results say of a finished ``state``, read before its table
    goes: (heading, rows, who starts the next game of a series, who
    started this one, so the same deal replays exactly)."""
    starter = 0
    levels = list(app.levels)  # (MicroPython has no ``in`` for a bytearray)
    friends = PERSON in levels  # pass-and-play
    if levels:
        levels[0] = PERSON  # seat 0 is a person too: you
    places = state.ranking()
    win = state.winners()
    if players == 1:  # solitaire: a score out of the pyramid
        head = "Cleared!" if win else "Score %d" % state.score()
    elif me in win and not friends:
        head = "You win!" if len(win) == 1 else "Shared win"
    elif win:
        head = "P%d wins" % (win[0] + 1)
    else:
        head = "Blocked"
    rows = []
    if players == 1:
        rows.append("%d OF %d CARDS CLEARED" % (state.score(), game.SIZE))
    else:
        series = game.INFO.series
        if series:
            starter = game.next_starter(state, deal)
        last = max(places)
        for s in sorted(range(players), key=lambda s: (places[s], s)):
            who = "YOU" if s == me and not friends else "P%d" % (s + 1)
            mark = "*" if s in win else " "
            left = state.cards_left(s)
            tail = "%2d CARDS" % left if left else "OUT"
            if series and places[s] == last and last > 0:
                tail += " BASTARD"
            if friends:  # who sat where: the people, and the computers' levels
                kind = levels[s] if s < len(levels) else NORMAL
                kind = NAMES[kind].upper() if kind < len(NAMES) else "OTHER CONSOLE"
                rows.append("%d%s %-3s %-8s %s" % (places[s] + 1, mark, who, tail, kind))
            else:
                rows.append("%d%s %-3s %s" % (places[s] + 1, mark, who, tail))
    if deal:  # (a guest of a linked game is never told the deal)
        rows.append("DEAL %d" % deal)
    rows.extend(app.saves.stat_lines(game.ID))  # counted as the game ended
    return head, rows, starter, state.starter
