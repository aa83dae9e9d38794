"""The setup screen: players, variant, who sits at the other seats (a
computer at a level, or a person passed the console), and the deal.

Loaded when a game is chosen from the menu, and let go on the menus.
"""

from micropython import const

import opponents
import ui
from buttons import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B
from prng import DEAL_MAX
from screens import GameMenu, Screen, start_game

# the "Others" row's choices: the three levels, every seat a person
# (opponents.PERSON), then each seat its own
_PER_SEAT = const(4)


class Setup(Screen):
    """Players, variant, deal (random or a number entered digit by digit),
    start. Rows a game does not need (one player count, one variant) are
    left out."""

    def __init__(self, app, game, players=0, deal=0, variant=0):
        super().__init__(app)
        self.game = game
        self.players = players or game.DEFAULT_PLAYERS
        self.variant = variant
        self.deal = deal  # 0 = random, -1 = a solved, winnable deal, else that number
        self.digit = -1  # >= 0 while editing that digit of the deal number
        # the other seats: one kind for all (EASY..PERSON), or _PER_SEAT: seat by seat
        self.level = opponents.NORMAL
        self.seat_levels = [opponents.NORMAL] * 12
        self.rows = []
        self.seen = -1  # hosting: guests joined when last said
        self._build_rows()
        self.group.append(ui.heading(game.NAME, 8, 0))
        visible = 1 if app.small else 3
        self.menu = ui.Menu(self.group, self._items(), 10, 14, 12, visible)
        self.help = ui.TextRow(32, 0, 26 if app.small else 52)
        self.group.append(self.help.grid)
        self._refresh()

    def _build_rows(self):
        game = self.game
        rows = []
        if game.MIN_PLAYERS < game.MAX_PLAYERS:
            rows.append("players")
        if len(game.VARIANTS) > 1:
            rows.append("variant")
        if game.MAX_PLAYERS > 1:
            rows.append("level")
            if self.level == _PER_SEAT:
                rows.extend(["seat%d" % s for s in range(1, self.players)])
        rows.append("deal")
        rows.append("start")
        self.rows = rows

    def _items(self):
        out = []
        for row in self.rows:
            if row == "players":
                out.append("Players  < %d >" % self.players)
            elif row == "level":
                name = ("People" if self.level == opponents.PERSON else "Per seat"
                        if self.level == _PER_SEAT else opponents.NAMES[self.level])  # fmt: skip
                out.append("Others < %s >" % name)
            elif row.startswith("seat"):
                s = int(row[4:])
                out.append("  P%d < %s >" % (s + 1, opponents.NAMES[self.seat_levels[s]]))
            elif row == "variant":
                out.append("< %s >" % self.game.VARIANTS[self.variant])
            elif row == "deal":
                mode = "random" if self.deal == 0 else "winnable" if self.deal < 0 else None
                out.append("Deal  " + (mode or self._deal_text()))
            else:
                out.append("Start")
        return out

    def tick(self, now):
        host = self.app.host  # hosting: say when another has joined (the app polls)
        if host is not None and self.digit < 0 and host.count() != self.seen:
            self._refresh()

    def _row(self):
        return self.rows[self.menu.index]

    def levels(self):
        """Each seat's kind: a computer level or ``opponents.PERSON`` (seat
        0 is you: unused)."""
        if self.level == _PER_SEAT:
            return self.seat_levels[: self.players]
        return [self.level] * self.players

    def _deal_text(self):
        t = "%010d" % self.deal
        if self.digit < 0:
            return str(self.deal)
        return t[: self.digit] + "[" + t[self.digit] + "]" + t[self.digit + 1 :]

    def _refresh(self):
        self.menu.set_items(self._items())
        row = self._row()
        if self.digit >= 0:
            self.help.set(self.app.legend("{UD} DIGIT  {A} NEXT  {B} DONE"))
        elif row == "deal":
            solved = self.game.solved
            self.help.set(
                self.app.legend(
                    "{LR} RANDOM/NUMBER/WINNABLE" if solved else "{LR} RANDOM/NUMBER  {A} EDIT"
                )
            )
        elif self.app.host is not None:  # hosting: how many have joined
            self.seen = self.app.host.count()
            self.help.set("%d JOINED  %s" % (self.seen, self.app.legend("{START} PLAY  {B} BACK")))
        elif row == "start":
            self.help.set(self.app.legend("{A} START  {B} BACK"))
        else:
            self.help.set(self.app.legend("{LR} CHANGE  {START} PLAY  {B} BACK|"
                                          "{LR} CHANGE  {B} BACK"))  # fmt: skip

    def _change(self, d):
        row = self._row()
        if row == "players":
            n = self.players + d
            lo, hi = self.game.MIN_PLAYERS, self.game.MAX_PLAYERS
            self.players = hi if n < lo else lo if n > hi else n
            self._build_rows()
        elif row == "level":
            self.level = (self.level + d) % (_PER_SEAT + 1)
            self._build_rows()
        elif row.startswith("seat"):
            s = int(row[4:])
            self.seat_levels[s] = (self.seat_levels[s] + d) % (opponents.PERSON + 1)
        elif row == "variant":
            self.variant = (self.variant + d) % len(self.game.VARIANTS)
        elif row == "deal":  # random -> a number -> winnable (where the game has a list)
            n = 3 if self.game.solved else 2
            mode = 0 if self.deal == 0 else 2 if self.deal < 0 else 1
            self.deal = (0, 1, -1)[(mode + d) % n]

    def _edit_digit(self, d):
        t = bytearray(("%010d" % self.deal).encode())
        t[self.digit] = 48 + (t[self.digit] - 48 + d) % 10
        value = int(bytes(t))
        if 1 <= value <= DEAL_MAX:
            self.deal = value

    def on_key(self, key, now):
        if self.digit >= 0:
            if key in (UP, RIGHT):
                self._edit_digit(1)
            elif key in (DOWN, LEFT):
                self._edit_digit(-1)
            elif key == A:
                self.digit = (self.digit + 1) % 10
            elif key in (B, START):
                self.digit = -1
            self._refresh()
            return
        if key == UP:
            self.menu.move(-1)
        elif key == DOWN:
            self.menu.move(1)
        elif key == LEFT:
            self._change(-1)
        elif key in (RIGHT, SELECT):
            self._change(1)
        elif key in (A, START):
            row = self._row()
            if row == "start" or key == START:
                self.app.levels = self.levels()
                self.app.later(start_game, self.app, self.game.ID, self.players, self.deal,
                               self.variant)  # fmt: skip
                return
            if row == "deal":
                if self.deal <= 0:
                    self.deal = self.app.random_deal()
                self.digit = 0
            else:
                self._change(1)
        elif key == B:
            self.app.home(GameMenu)
            return
        self._refresh()
