"""The results screen: who won, every seat's place and the cards it still
holds, the deal and the statistics, and the keys to play again.

Loaded when a game ends, once its table has gone: what it says is read
from the finished game's state, which alone outlives the table (``facts``:
no table holds this code), and from the statistics, counted as the game
ended (``stat_lines``, which the statistics screen shows too).
"""

import games
import ui
from buttons import SELECT, START, A, B
from match import KIND_NAMES, PERSON
from saves.codec import BEST, FRIENDS, LAST_FRIENDS, LONGEST, PLAYED, STREAK, WON
from screens.base import Screen


class Results(Screen):
    """Who won, then every seat's place and the cards it still holds, with
    the keys on the last line. It shows by itself when a game ends (even
    after the person's own last card: ``App.results``), so its key guard is
    longer: a key still being mashed at the table is ignored."""

    guard_ms = 700

    def __init__(self, app, match, facts):
        super().__init__(app)
        self.match = match
        head, rows, self.starter, self.replay_starter = facts
        self.rows = rows + stat_lines(app.saves, match.info.ID)  # counted as the game ended
        self.group.append(ui.heading(head, 0, 0, 1 if app.small else 2))
        y0 = 12 if app.small else 24
        self.view = ui.Scroller(self.group, self.rows, y0, 7, (app.hw.height - y0 - 6) // 7)
        self.keys = keys = ui.TextRow(32, 0, app.hw.height - 6)
        keys.set(app.legend("{A} AGAIN  {SELECT} SAME DEAL  {B} MENU|"
                            "{A} NEW  {SELECT} SAME  {B} MENU"))  # fmt: skip
        self.group.append(keys.grid)

    def on_key(self, key, now):
        if self.view.scroll(key):
            return
        app = self.app
        m = self.match
        if key == A:  # a new deal, dealt as this one was (at random, or a winnable one)
            app.later(app.new_game, m.again(m.redeal, self.starter))
        elif key == SELECT:
            app.later(app.new_game, m.same_deal(self.replay_starter))
        elif key in (B, START):
            app.later(app.to_game_menu)


def stat_lines(saves, game_id):
    """What the statistics say of a game (``saves.stats``): the results'
    last rows, and the statistics screen's (``screens/stats.py``)."""
    info = games.info(game_id)
    row = saves.stats[info.SAVE_ID]
    played = row[PLAYED]
    won = row[WON]
    best = row[BEST]
    if info.MAX_PLAYERS == 1:  # the solitaire's score: the cards cleared
        best = "BEST SCORE %d" % best
    else:  # games without a score: how many cards the others held at your best win
        best = "BEST WIN: OTHERS HELD %d" % best if won else "BEST WIN: NONE YET"
    lines = [  # the panel's small font has no per cent sign
        "PLAYED %d  WON %d" % (played, won),
        "WIN RATE %d PER CENT" % (won * 100 // played if played else 0),
        best,
        "STREAK %d  LONGEST %d" % (row[STREAK], row[LONGEST]),
    ]
    if row[FRIENDS]:  # pass-and-play: the last game's people, and who won it
        last = row[LAST_FRIENDS]
        t = " ".join(["P%d" % (i + 1) for i in range(12) if last >> i & 1])
        i = last >> 12
        lines.append(("FRIENDS %d: " % row[FRIENDS] + t)[:32])
        lines.append("LAST: P%d WON" % i if i else "LAST: NO WINNER")
    return lines


def facts(match, state, me):
    """What the results say of ``match``'s finished game (``state``; ``me``:
    the seat whose hand the table showed last), read once the table has
    gone but before the game's modules go: (heading, rows, who starts the
    next game of a series, who started this one, so the same deal replays
    exactly)."""
    players = match.players
    game = games.by_id(match.info.ID)
    starter = 0
    friends = len(match.people()) > 1  # pass-and-play
    places = state.ranking()
    win = state.winners()
    rows = []
    if players == 1:  # solitaire: a score out of the pyramid
        head = "Cleared!" if win else "Score %d" % state.score()
    elif state.winner < 0:  # nobody went out (blocked, or a limit): the game says why
        from games.text import ending

        head, why = ending(state)
        rows.append(why)
        rows.append("FEWEST CARDS LEFT RANK FIRST")
    elif me in win and not friends:
        head = "You win!" if len(win) == 1 else "Shared win"
    else:
        head = "P%d wins" % (win[0] + 1)
    if players == 1:
        rows.append("%d OF %d CARDS CLEARED" % (state.score(), game.SIZE))
    else:
        series = match.info.series
        if series:
            starter = game.next_starter(state, match.deal)
        last = max(places)
        for s in sorted(range(players), key=lambda s: (places[s], s)):
            who = "YOU" if s == me and not friends else "P%d" % (s + 1)
            mark = "*" if s in win else " "
            left = state.cards_left(s)
            tail = "%2d CARDS" % left if left else "OUT"
            if series and places[s] == last and last > 0:
                tail += " BASTARD"
            if friends:  # who sat where: the people, and the computers' levels
                kind = PERSON if s == 0 else match.kind(s)  # seat 0 is a person too: you
                rows.append("%d%s %-3s %-8s %s" % (places[s] + 1, mark, who, tail,
                                                   KIND_NAMES[kind].upper()))  # fmt: skip
            else:
                rows.append("%d%s %-3s %s" % (places[s] + 1, mark, who, tail))
    if match.deal:  # (a guest of a linked game is never told the deal)
        rows.append("DEAL %d" % match.deal)
    return head, rows, starter, state.starter
