"""The setup screen: players, variant, who sits at the other seats (a
computer at a level, or a person passed the console), and the deal; START
makes the match (``match.Match``) and deals it.

Loaded when a game is chosen from the menu, and let go on the menus.
Hosting a linked game, it says how many consoles have joined.
"""

from micropython import const

import ui
import ui_menu
from buttons import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B
from engine.prng import DEAL_MAX
from match import KIND_NAMES, NORMAL, PERSON, Match, random_deal
from screens.base import Screen

# the Others row's choices: a computer level or PERSON for every seat, or
# each seat its own (_PER_SEAT)
_PER_SEAT = const(4)


class Setup(Screen):
    """Players, variant, others, deal (random or a number entered digit by
    digit, or winnable where the game has a list), start. Rows a game does
    not need (one player count, one variant) are left out."""

    def __init__(self, app, info):
        super().__init__(app)
        self.info = info
        self.players = info.DEFAULT_PLAYERS
        self.variant = 0
        self.deal = 0  # 0 = random, -1 = a solved, winnable deal, else that number
        self.digit = -1  # >= 0 while editing that digit of the deal number
        self.others = NORMAL  # the other seats: one kind for all, or _PER_SEAT
        self.seat_kinds = bytearray([NORMAL] * 12)
        self.rows = []
        self.seen = -1  # hosting: guests joined when last said
        self._build_rows()
        self.group.append(ui_menu.heading(info.NAME, 8, 0))
        visible = 1 if app.small else 3
        self.menu = ui_menu.Menu(self.group, self._items(), 10, 14, 12, visible)
        self.help = ui.TextRow(32, 0, 26 if app.small else 52)
        self.group.append(self.help.grid)
        self._refresh()

    def _build_rows(self):
        info = self.info
        rows = []
        if info.MIN_PLAYERS < info.MAX_PLAYERS:
            rows.append("players")
        if len(info.VARIANTS) > 1:
            rows.append("variant")
        if info.MAX_PLAYERS > 1:
            rows.append("others")
            if self.others == _PER_SEAT:
                rows.extend(["seat%d" % s for s in range(1, self.players)])
        rows.append("deal")
        rows.append("start")
        self.rows = rows

    def _items(self):
        out = []
        for row in self.rows:
            if row == "players":
                out.append("Players  < %d >" % self.players)
            elif row == "others":
                name = ("People" if self.others == PERSON else "By seat"
                        if self.others == _PER_SEAT else KIND_NAMES[self.others])  # fmt: skip
                out.append("Others < %s >" % name)
            elif row.startswith("seat"):
                s = int(row[4:])
                out.append("  P%d < %s >" % (s + 1, KIND_NAMES[self.seat_kinds[s]]))
            elif row == "variant":
                out.append("< %s >" % self.info.VARIANTS[self.variant])
            elif row == "deal":
                mode = "random" if self.deal == 0 else "winnable" if self.deal < 0 else None
                out.append("Deal  " + (mode or self._deal_text()))
            else:
                out.append("Start")
        return out

    def tick(self, now):
        link = self.app.link  # hosting: say when another has joined (the app polls)
        if link is not None and self.digit < 0 and link.count() != self.seen:
            self._refresh()

    def _row(self):
        return self.rows[self.menu.index]

    def kinds(self):
        """Each seat's kind (``match.py``; seat 0 is you: unused)."""
        if self.others == _PER_SEAT:
            return bytearray(self.seat_kinds[: self.players])
        return bytearray([self.others] * self.players)

    def _deal_text(self):
        t = "%010d" % self.deal
        if self.digit < 0:
            return str(self.deal)
        return t[: self.digit] + "[" + t[self.digit] + "]" + t[self.digit + 1 :]

    def _refresh(self):
        self.menu.set_items(self._items())
        row = self._row()
        legend = self.app.legend
        if self.digit >= 0:
            self.help.set(legend("{UD} DIGIT  {A} NEXT  {B} DONE"))
        elif row == "deal":
            self.help.set(legend("{LR} RANDOM/NUMBER/WINNABLE" if self.info.solved
                                 else "{LR} RANDOM/NUMBER  {A} EDIT"))  # fmt: skip
        elif self.app.link is not None:  # hosting: how many have joined
            self.seen = self.app.link.count()
            self.help.set("%d JOINED  %s" % (self.seen, legend("{START} PLAY  {B} BACK")))
        elif row == "start":
            self.help.set(legend("{A} START  {B} BACK"))
        else:
            # three buttons' long words leave room for two: how to deal comes first
            self.help.set(legend("{LR} CHANGE  {START} PLAY  {B} BACK|{START} PLAY  {LR} CHANGE"))

    def _change(self, d):
        row = self._row()
        if row == "players":
            n = self.players + d
            lo, hi = self.info.MIN_PLAYERS, self.info.MAX_PLAYERS
            self.players = hi if n < lo else lo if n > hi else n
            self._build_rows()
        elif row == "others":
            self.others = (self.others + d) % (_PER_SEAT + 1)
            self._build_rows()
        elif row.startswith("seat"):
            s = int(row[4:])
            self.seat_kinds[s] = (self.seat_kinds[s] + d) % (PERSON + 1)
        elif row == "variant":
            self.variant = (self.variant + d) % len(self.info.VARIANTS)
        elif row == "deal":  # random -> a number -> winnable (where the game has a list)
            n = 3 if self.info.solved else 2
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
                match = Match(self.info, self.players, self.deal, self.variant, 0, self.kinds())
                self.app.later(self.app.new_game, match)
                return
            if row == "deal":
                if self.deal <= 0:
                    self.deal = random_deal(self.app.rng)
                self.digit = 0
            else:
                self._change(1)
        elif key == B:
            self.app.to_game_menu()
            return
        self._refresh()
