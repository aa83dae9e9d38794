"""The screen base, the title and the game menu, and the way into a game.

Each screen owns a displayio Group and answers ``on_key(key, now)``,
``tick(now)`` and ``busy()``; ``axis`` tells three-button boards whether
previous/next mean UP/DOWN or LEFT/RIGHT here. The setup screen
(``screen_setup.py``) and the results (``screen_results.py``) are loaded when they
are needed, so neither sits in the heap during play.
"""

import gc

import displayio

import games
import opponents
import ui
from buttons import AXIS_VERTICAL, DOWN, LEFT, RIGHT, START, UP, A, B


class Screen:
    axis = AXIS_VERTICAL
    # A new screen takes no key pressed before it showed: a press counts
    # once it comes this long after (or is still held then; App.show), so a
    # key mashed at a table does not start the next deal on the results.
    guard_ms = 250

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
    Settings, About."""

    def __init__(self, app):
        super().__init__(app)
        small = app.small
        note = app.saves.message or "POCKET CARD CONSOLE"
        app.saves.message = ""  # said once
        if app.host is not None:  # back from hosting or joining: the link goes
            app.host.close(1)
            app.host = None
        if small:
            head = ui.TextRow(32, 0, 0)
            head.set("ELEVATOR CARD CONSOLE")
            self.group.append(head.grid)
            y, visible = 16, 1
            if note.startswith("POCKET"):
                note = ""
        else:
            self.group.append(ui.heading("ELEVATOR", 16, 0, 2))
            y, visible = 29, 3
        self.note = ui.TextRow(32, 0, 8 if small else 22)
        self.note.set(note)
        self.group.append(self.note.grid)
        self.items = (["Continue"] if app.saves.has_game() else []) + ["New game"]
        if getattr(app.hw, "link", None):  # a board with a link cable, Wi-Fi, or a simulator's
            self.items.append("Link play")
        self.items += ["Statistics", "Settings", "About"]
        self.menu = ui.Menu(self.group, self.items, 30, y, 12, visible, app.cursors, 0)

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
            elif item == "Link play":  # its screens load only now (a name costs a board RAM)
                self.app.clear()
                self.app.show(__import__("screen_link").open(self.app))
            elif item == "About":
                self.app.clear()
                from screen_about import About

                self.app.show(About(self.app))
            else:
                self.app.clear()
                import screen_stats

                screen = screen_stats.Stats if item == "Statistics" else screen_stats.SettingsScreen
                self.app.show(screen(self.app))


class GameMenu(Screen):
    def __init__(self, app):
        super().__init__(app)
        self.group.append(ui.heading("Choose a game", 8, 0))
        visible = 1 if app.small else 3
        self.menu = ui.Menu(self.group, [g.NAME for g in games.CATALOGUE], 10, 14, 12, visible,
                            app.cursors, 1)  # fmt: skip
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
            self.app.clear()
            from screen_setup import Setup

            self.app.show(Setup(self.app, games.CATALOGUE[self.menu.index]))
        elif key == B:
            self.app.home(Title)


def data_path(name):
    """The path of a data file kept beside the games package (a rules page
    file, the list of winnable deals), on a board and on a desktop."""
    f = games.__file__
    cut = max(f.rfind("/"), f.rfind("\\"))
    return (f[: cut + 1] if cut >= 0 else "") + name


def winnable_deal(info, prng):
    """A deal number drawn from the game's list of solved, winnable deals
    (16-bit little-endian words in a file beside the games), or 0 when the
    game has no list or it cannot be read."""
    if not info.solved:
        return 0
    try:
        with open(data_path(info.solved), "rb") as f:
            f.seek(0, 2)
            n = f.tell() // 2
            if n == 0:
                return 0
            f.seek(2 * prng.below(n))
            b = f.read(2)
    except OSError:
        return 0
    return b[0] | (b[1] << 8)


def resume_game(app):
    """Open the saved game in progress where it was left (or say why not)."""
    app.clear()
    saved = app.saves.saved_game()
    if saved is None:
        app.home(Title)
        return
    (game_id, players, variant, starter, deal, levels), state, moves = saved
    # a linked game's guests are gone: computers take their seats
    app.levels = [opponents.NORMAL if v == 4 else v for v in levels]  # 4: link_host.GUEST
    game, table = load_game(app, game_id)
    app.show(table.Table(app, game, players, deal, variant, starter, state=state, moves=moves))


def load_game(app, game_id):
    """(the game's rules module, its table module), loaded in this order
    into a heap without the last screen: the Hard player's search first
    when a seat plays Hard, then the rules, then the table."""
    app.clear()
    if opponents.HARD in app.levels:
        __import__("opponents_hard")
        gc.collect()
    game = games.by_id(game_id)
    gc.collect()
    if app.host is not None:  # a host checks guests' moves with the text's reasons: now,
        __import__("games." + game.INFO.text)  # while the heap is in one piece
        gc.collect()
    return game, __import__(game.INFO.table)


def start_game(app, game_id, players, deal, variant=0, starter=0):
    """Deal a game (deal 0 = random, -1 = a winnable one from the game's
    list of solved deals) and show its table."""
    app.deal_mode = deal if deal <= 0 else 0
    if deal < 0:
        deal = winnable_deal(games.info(game_id), app.rng)
    if deal <= 0:
        deal = app.random_deal()
    host = app.host
    if host is not None:  # hosting: the guests that joined take seats
        host.open(app, players or 0)
    game, table = load_game(app, game_id)
    t = table.Table(app, game, players or game.DEFAULT_PLAYERS, deal, variant, starter)
    if host is not None:
        host.start(t)
    app.show(t)


def show_results(app, table):
    """The game on ``table`` is over: its results, shown once the table has
    gone (what they say is read from its state now)."""
    from screen_results import summary

    facts = summary(app, table.game, table.state, table.players, table.deal, table.me)
    if app.host is not None:  # a linked game is over: the link goes, computers take
        app.host.close()  # the guests' seats for the next deal
        app.host = None
        app.levels = [opponents.NORMAL if v == 4 else v for v in app.levels]
    app.later(_results, app, table.game, table.players, table.deal, table.variant, facts)


def _results(app, game, players, deal, variant, facts):
    from screen_results import Results

    app.clear()  # the table, its states and its tiles go first
    app.show(Results(app, game, players, deal, variant, facts))
