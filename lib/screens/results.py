"""The results screen: who won, every seat's place and the cards it still
holds, the deal and the statistics, and the keys to play again.

Loaded when a game ends, once its table and its game's modules have gone:
what it says was read from the finished game's state (``screens.facts``)
and from the statistics, counted as the game ended (``stat_lines``, which
the statistics screen shows too: no table holds it).
"""

import games
import ui
import ui_menu
from buttons import SELECT, START, A, B
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
        self.group.append(ui_menu.heading(head, 0, 0, 1 if app.small else 2))
        y0 = 12 if app.small else 24
        self.view = ui_menu.Scroller(self.group, self.rows, y0, 7, (app.hw.height - y0 - 6) // 7)
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
