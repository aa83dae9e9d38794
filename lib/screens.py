"""Title, game menu, setup and results screens (text screens).

Each screen owns a displayio Group and answers ``on_key(key, now)``,
``tick(now)`` and ``busy()``; ``axis`` tells three-button boards whether
previous/next mean UP/DOWN or LEFT/RIGHT here.
"""

import displayio

import games
import opponents
import ui
from buttons import AXIS_VERTICAL, DOWN, LEFT, RIGHT, SELECT, START, UP, A, B
from prng import DEAL_MAX

TABLES = {
    "color-elevator": "table_ce",
    "elevator-solitaire": "table_es",
    "elevator": "table_sh",
    "bastard": "table_sh",
    "roller-coaster": "table_rc",
}


class Screen:
    axis = AXIS_VERTICAL

    def __init__(self, app):
        self.app = app
        self.group = displayio.Group()

    def on_key(self, key, now):
        pass

    def tick(self, now):
        pass

    def busy(self):
        return False

    def checkpoint(self):
        """Save what this screen holds that a power cut would lose."""
        if self.app.saves.dirty:
            self.app.saves.commit()


class Title(Screen):
    """The name, a line about the saves (or what the console is), and the
    first menu: Continue (when a game was saved), New game, Statistics,
    Settings."""

    def __init__(self, app):
        super().__init__(app)
        small = app.small
        note = app.saves.message or "POCKET CARD CONSOLE"
        app.saves.message = ""  # said once
        if small:
            head = ui.TextRow(32, 0, 0)
            head.set("ELEVATOR CARD CONSOLE")
            self.group.append(head.grid)
            y, visible = 16, 1
            if note.startswith("POCKET"):
                note = ""
        else:
            self.group.append(ui.text_label("ELEVATOR", 16, 0, 2))
            y, visible = 29, 3
        self.note = ui.TextRow(32, 0, 8 if small else 22)
        self.note.set(note)
        self.group.append(self.note.grid)
        self.items = (["Continue"] if app.saves.game is not None else []) + [
            "New game",
            "Statistics",
            "Settings",
        ]
        self.menu = ui.Menu(self.group, self.items, 30, y, 12, visible)

    def on_key(self, key, now):
        if key in (UP, LEFT):
            self.menu.move(-1)
        elif key in (DOWN, RIGHT):
            self.menu.move(1)
        elif key in (A, START):
            item = self.items[self.menu.index]
            if item == "Continue":
                resume_game(self.app)
            elif item == "New game":
                self.app.home(GameMenu)
            else:
                import statscreen

                screen = statscreen.Stats if item == "Statistics" else statscreen.SettingsScreen
                self.app.show(screen(self.app))


class GameMenu(Screen):
    def __init__(self, app):
        super().__init__(app)
        self.group.append(ui.text_label("Choose a game", 8, 0))
        visible = 1 if app.small else 3
        self.menu = ui.Menu(self.group, [g.NAME for g in games.CATALOGUE], 10, 14, 12, visible)
        self.blurb = ui.TextRow(32, 0, 26 if app.small else 58)
        self.group.append(self.blurb.grid)
        self._blurb()

    def _blurb(self):
        self.blurb.set(games.CATALOGUE[self.menu.index].BLURB)

    def on_key(self, key, now):
        if key in (UP, LEFT):
            self.menu.move(-1)
            self._blurb()
        elif key in (DOWN, RIGHT):
            self.menu.move(1)
            self._blurb()
        elif key in (A, START):
            self.app.show(Setup(self.app, games.CATALOGUE[self.menu.index]))
        elif key == B:
            self.app.home(Title)


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
        # opponents' levels: one for all (0-2), or 3 = chosen seat by seat
        self.level = 1
        self.seat_levels = [1] * 12
        self.rows = []
        self._build_rows()
        self.group.append(ui.text_label(game.NAME, 8, 0))
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
            if self.level == 3:
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
                name = "Per seat" if self.level == 3 else opponents.NAMES[self.level]
                out.append("Level < %s >" % name)
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

    def _row(self):
        return self.rows[self.menu.index]

    def levels(self):
        """The level of each seat (seat 0, the person, is unused)."""
        if self.level == 3:
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
            self.help.set("UP/DN DIGIT  A NEXT  B DONE")
        elif row == "deal":
            self.help.set(
                "<> RANDOM/NUMBER/WINNABLE" if self.game.solved else "<> RANDOM/NUMBER  A EDIT"
            )
        elif row == "start":
            self.help.set("A START  B BACK")
        else:
            self.help.set("<> CHANGE  START PLAY  B BACK")

    def _change(self, d):
        row = self._row()
        if row == "players":
            n = self.players + d
            lo, hi = self.game.MIN_PLAYERS, self.game.MAX_PLAYERS
            self.players = hi if n < lo else lo if n > hi else n
            self._build_rows()
        elif row == "level":
            self.level = (self.level + d) % 4
            self._build_rows()
        elif row.startswith("seat"):
            s = int(row[4:])
            self.seat_levels[s] = (self.seat_levels[s] + d) % 3
        elif row == "variant":
            self.variant = (self.variant + d) % len(self.game.VARIANTS)
        elif row == "deal":  # random -> a number -> winnable (where the game has a list)
            modes = 3 if self.game.solved else 2
            mode = 0 if self.deal == 0 else 2 if self.deal < 0 else 1
            self.deal = (0, 1, -1)[(mode + d) % modes]

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
                start_game(self.app, self.game.ID, self.players, self.deal, self.variant)
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
        self.group.append(ui.text_label(head, 0, 0, 1 if app.small else 2))
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


def resume_game(app):
    """Open the saved game in progress where it was left (or say why not)."""
    app.clear()
    saved = app.saves.saved_game()
    if saved is None:
        app.home(Title)
        return
    (game_id, players, variant, starter, deal, levels), state, moves = saved
    app.levels = list(levels)
    table = __import__(TABLES[game_id])
    t = table.Table(app, games.by_id(game_id), players, deal, variant, starter,
                    state=state, moves=moves)  # fmt: skip
    app.show(t)


def start_game(app, game_id, players, deal, variant=0, starter=0):
    """Deal a game (deal 0 = random, -1 = a winnable one from the game's
    list of solved deals) and show its table."""
    app.deal_mode = deal if deal <= 0 else 0
    if deal < 0:
        deal = games.winnable_deal(games.info(game_id), app.rng)
    if deal <= 0:
        deal = app.random_deal()
    app.clear()  # the modules below load into a heap without the last screen
    game = games.by_id(game_id)
    table = __import__(TABLES[game_id])
    app.show(table.Table(app, game, players or game.DEFAULT_PLAYERS, deal, variant, starter))
