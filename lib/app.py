"""The console application: one screen at a time over a HAL.

``App(hw).run()`` is the whole main loop: it drains button events into the
current screen, lets the screen advance (computer turns, timers), and asks
the display to refresh, which sends only the areas that changed.

Screens go to one another through the app (``to_title``, ``to_game_menu``,
``new_game``, ``play``, ``results``), which loads each screen's
module when it is needed and lets go of what only a game needed when the
menus come back, so no screen imports the screens it leads back to.

Whatever goes wrong in a frame (the heap running out, the pystack, a bug),
``step`` catches it and the failsafe (``app_failsafe.py``) takes over: the
traceback goes to the serial console, the game in progress is saved if it
can be, the panel says what happened, and two seconds later the board
restarts (``hw.reload()``: ``supervisor.reload()`` on a board; the
simulator builds the app afresh), never a dark panel.
"""

import gc
import sys

import displayio
from micropython import const

# The saves first: the store is read at power-up by a module compiled then
# and let go, so it compiles while the heap holds little else; the rest of
# what the title needs is imported once it has been read (``App``).
from saves.keep import IDLE_SAVE_MS, Saves  # isort: skip

import games
from buttons import LEGENDS, NAMES, PRESS, RELEASE, Event
from engine.prng import Prng
from engine.ticks import ticks_add, ticks_diff
from match import HARD, Match, random_deal, random_key
from unload import forget as _forget
from unload import forget_package as _forget_package

_DIM = const(1)  # the contrast of a dimmed panel: still readable
# A key that was down as a screen showed, let go and pressed again sooner
# than this, bounced: the press it made on the last screen, not a new one.
_BOUNCE_MS = const(50)

# What the title needs besides the saves, loaded leaves first, each into a
# heap without the last one's garbage: a module that loads another while it
# loads leaves its own objects above that one's garbage, high in the heap,
# where they would cut up the free space a game's start loads in.
_START = ("ui_glyphs", "ui", "app_failsafe", "screens.base")

# What every game uses, loaded with its table and let go with it (on the
# menus nothing of a game stays), largest first. Those of the games played
# from a hand (``_HAND``: the hand table and the computer players) a
# solitaire does not load. The pause menu, the round view and the rules
# pages are not among them: they load when a key first asks for them, and
# stay until the game's modules go. A key is read between frames, when no
# computer is deciding, so they need no more heap than the table did when
# they were loaded with it; the table is built and the computers decide
# without them. The menus' widgets they use (``ui_menu``) load once the
# table is built (``play``).
_SHARED = (
    "table.hand",
    "engine.cardset",
    "engine.gamestate",
    "table.record",
    "opponents",
    "table.view",
    "table.keys",
)
_HAND = ("opponents", "table.view", "table.keys", "table.hand")


class App:
    def __init__(self, hw):
        self.hw = hw
        self.saves = Saves(hw.nvm)  # read now, while the heap holds little (see the imports)
        for name in _START:
            gc.collect()
            __import__(name)
        from app_failsafe import Failsafe
        from screens.base import MENUS

        gc.collect()  # what the app keeps for good goes below the imports' garbage
        self.small = hw.height < 64
        self.settings = self.saves.settings
        if self.saves.message:
            print("saves: " + self.saves.message.lower())
        self.saves.print_last()
        self.rng = Prng(hw.entropy())
        self.legends = LEGENDS
        if hw.three:
            from buttons_three import LEGENDS as legends

            self.legends = legends
        self.event = Event()
        self.menus = bytearray(MENUS)  # where each menu was left (ui.Menu's keep)
        # The key guard (``show``, ``_step``). A key down as a screen shows
        # pressed something on the screen before: its repeats, its release,
        # its bounce do nothing on this one (``stale``, a bit a key; ``lifted``:
        # those let go since). Every press after it counts, in
        # order, typed ahead or not, on a screen a key asked for; one that
        # appeared by itself (the results, a computer's move) takes no press
        # until ``guard`` (``Screen.guard_ms``), but one still held then.
        # A screen a key asked for has none (-1), even when it took a while
        # to make: the keys typed meanwhile, queued, all count.
        self.guard = -1  # ticks until which a screen that came by itself takes no key
        self.held = -1  # a key pressed during the guard: it counts if still down after
        self.stale = 0
        self.lifted = 0
        self.lift_t = 0  # when the last of them was let go (ticks & 0xFFFF: ``Event.time``)
        self.by_key = False  # the screen shown next was asked for by a key
        self.screen = None
        self.link = None  # link play: link.host.Host, or a guest's link.guest.Guest
        self.quit = False
        self.save_soon = False  # a screen asked to be saved once it is drawn
        self.pending = None  # a screen change to make once the handler returns (later)
        self.ended = None  # a finished game's state and seat shown, until its results are read
        self.resident = None  # modules that stay loaded (None: none are let go)
        self.blank = displayio.Group()  # shown between screens, and after a failure
        self.failsafe = Failsafe(self)
        self.power = Power(self)
        self.apply_settings()

    def apply_settings(self):
        """Put the settings that live in hardware (contrast, key repeat) there."""
        self.power.contrast(self.settings.contrast)
        self.hw.buttons.repeat_every = self.settings.repeat_ms

    def legend(self, text):
        """``text`` with the keys it names ("{A} PLAY  {B} BACK") as this
        board's buttons make them (``buttons.LEGENDS``); of alternatives
        ("long|short") the first that fits a 32-character line."""
        legends = self.legends
        for line in text.split("|"):
            for i in range(len(legends)):
                line = line.replace("{%s}" % (NAMES[i] if i < 8 else ("LR", "UD")[i - 8]),
                                    legends[i])  # fmt: skip
            if len(line) <= 32:
                break
        return line

    # -- screens -----------------------------------------------------------------
    def show(self, screen):
        self.screen = None
        self.failsafe.hide_notice()
        gc.collect()
        self.failsafe.note_free()
        self.screen = screen
        self.guard = -1 if self.by_key else ticks_add(self.hw.ticks_ms(), screen.guard_ms)
        self.held = -1
        self.stale = self.hw.buttons.down  # (a key's own queued press still counts)
        self.lifted = 0
        self.hw.set_axis(screen.axis)
        self.hw.display.root_group = screen.group

    def later(self, fn, *args):
        """Call ``fn(*args)`` once the screen's handler has returned, so the
        screen it leaves (a table and its states) can go before the next
        one is made: a screen change that must not hold both at once."""
        self.pending = (fn, args)

    def _run_later(self):
        if self.pending is not None:
            fn, args = self.pending
            self.pending = None
            fn(*args)

    def clear(self, under=None):
        """Let go of the current screen (the panel keeps its last picture)
        so its memory is free before a big module loads: compiling a
        module needs one piece of contiguous heap. ``under``: a table whose
        tiles are let go or made meanwhile (the pause menu's), the screen a
        failure until the next one shows finds, to keep its game."""
        self.hw.display.root_group = self.blank
        self.failsafe.hide_notice()
        self.screen = under
        gc.collect()

    def home(self, menu):
        """Go to a menu screen (``screens.menus.<menu>``) with the last
        screen, and the modules only it needed, let go first: the menus'
        module loads into the heap they leave."""
        self.clear()
        if self.resident is not None:
            self._let_go()
        from screens import menus

        self.show(getattr(menus, menu)(self))

    def _let_go(self):
        """Forget the modules loaded since the title first showed (a game's
        rules, computer players and table, what every game uses, the pause
        menu): back on the menus, the heap is where it began, however many
        games were played."""
        for name in [n for n in sys.modules if n not in self.resident]:
            _forget(name)

    def to_title(self):
        """The title screen; a link still open goes (the others told this
        console left)."""
        self.end_link(1)
        self.home("Title")

    def to_game_menu(self):
        self.home("GameMenu")

    def end_link(self, why=0):
        """Close the link of link play, the one place it closes: every other
        console told why (0: the game is over, 1: this one left) and link
        play's code let go: the ``link`` package, every module of it."""
        link = self.link
        if link is not None:
            self.link = None
            link.close(why)
            link = None
            if self.resident is not None:  # (none of it is resident)
                _forget_package("link", self.resident)

    # -- games -------------------------------------------------------------------
    def new_game(self, match):
        """Deal ``match`` (its deal 0: at random; -1: a winnable one from the
        game's list of solved deals) and show its table; hosting, the
        guests that joined take their seats, and the deal is a key nobody
        can work out (``match.random_key``), whatever the setup said."""
        link = self.link
        if link is not None:
            match.deal = 0
            match.key = random_key(self.hw)
        elif match.deal <= 0 and match.key is None:
            match.redeal = match.deal  # so the next deal is dealt the same way
            match.deal = _winnable_deal(match.info, self.rng) if match.deal < 0 else 0
            if match.deal <= 0:
                match.deal = random_deal(self.rng)
        if link is not None:
            match.link = link
            link.seat_guests(match)
        table = self.play(match)
        if link is not None:
            link.start(table)

    def play(self, match, state=None, moves=None, replaying=False):
        """Show ``match``'s table: its deal, or ``state`` (a saved game,
        with its ``moves`` when they were kept; a guest's, filled in by its
        host). Its modules load into a heap without the last screen: what
        every game uses (the first time: they are kept), the Hard player
        when a seat plays Hard, the rules, then the table."""
        table = self.load_game(match).Table(self, match, state, moves, replaying)
        self.menus[0] = 0  # TITLE_MENU: after a game the title opens on its first row
        self.show(table)
        if match.link is None:
            # the pause menu's widgets, now the table is built, while the
            # heap is whole: at a first pause they had gone into whatever
            # holes the computers' play had left (a linked game's link code
            # needs that room: its pause menu loads them when asked)
            __import__("ui_menu")
        return table

    def load_game(self, match):
        """The table module of ``match``, with every module its game needs
        loaded first (``play``): what every game uses, largest first, each
        into a heap without the last one's garbage, the rules, the Hard
        player when a seat plays Hard (the game's own player, its search or
        both), then the table."""
        self.clear()
        solo = match.info.MAX_PLAYERS == 1  # no hand, no computer players
        for name in ("screens.menus", "screens.setup", "link.menu", "link.lobby", "ui_menu"):
            _forget(name)  # not while the table is built (``play`` loads ui_menu back after)
        for name in _SHARED:
            if name not in sys.modules and not (solo and name in _HAND):
                gc.collect()
                __import__(name)
        games.by_id(match.info.ID)
        info = match.info
        if match.has(HARD):  # the game's own Hard player, its search or both
            gc.collect()
            if info.hard:
                games.load(info.hard)
            if info.searches(match.players):
                gc.collect()
                if info.hard:
                    __import__("opponents_endgame")
                else:
                    __import__("opponents_hard")
        gc.collect()
        __import__(match.info.table)  # (which returns the package, ``table``)
        return sys.modules[match.info.table]

    def results(self, table):
        """The game on ``table`` is over (its ``finish``): a linked game's
        link closes, so that its code has gone before the game is counted
        (the end needs no more heap than the game), the game is counted, and
        its results show once the table has gone (what they say is read from
        its state then); computers play the next deal."""
        # no key asks for the results, not even the one that played the last
        # card or START at a finished game: a key mashed to hurry the game
        # must not deal the next one (their guard, ``Results.guard_ms``)
        self.by_key = False
        self.end_link(0)
        table.match.link = None  # gone, and what it held with it
        if table.record.count(table.state):
            self.save_soon = True  # written once the results are on screen
        self.ended = (table.state, table.me)
        self.later(self._results, table.match)

    def _results(self, match):
        self.clear()  # the table and its tiles go, its state kept for _facts
        facts = self._facts(match)
        if self.resident is not None:
            self._let_go()  # (the next deal loads its rules again)
        gc.collect()
        from screens import menus  # noqa: F401  (next: loaded while the heap is clearest)

        gc.collect()
        from screens import results

        self.show(results.Results(self, match, facts))

    def _facts(self, match):
        """What the results say, read from the finished game's state before
        the game's modules go; in a call of its own, so that nothing of this
        frame holds the state, whose class holds its game's modules, once it
        returns."""
        from screens.facts import facts

        state, me = self.ended
        self.ended = None
        return facts(match, state, me)

    # -- the main loop ---------------------------------------------------------
    def step(self, now):
        """One frame: events, screen logic, refresh; any failure is caught."""
        failsafe = self.failsafe
        if failsafe.restart_at >= 0:
            if ticks_diff(now, failsafe.restart_at) >= 0:
                self.restart()
            return
        try:
            self._step(now)
            # a screen change a handler asked for (``later``) is made here,
            # once the frame that called the handler has gone: a frame keeps
            # alive what its finished calls left in its stack slots, and the
            # screen left must be free before the next one's modules load
            self._run_later()
        except Exception as e:  # noqa: BLE001 - whatever it was: said, saved, restarted
            failsafe.failed(now, e)

    def restart(self):
        """A clean start: the board reloads code.py; where it cannot (the
        simulator), the app is built again over the same hardware."""
        reload = getattr(self.hw, "reload", None)
        if reload is not None:
            reload()  # does not return on a board
        hw = self.hw
        resident = self.resident
        if resident is not None:
            self._let_go()
        self.__init__(hw)
        self.resident = resident
        self.start()

    def _step(self, now):
        hw = self.hw
        hw.poll(now)
        ev = self.event
        if self.guard >= 0 and ticks_diff(now, self.guard) >= 0:
            self.guard = -1  # over (never compared again: ticks wrap after some days)
        if self.held >= 0 and self.guard < 0:
            key = self.held  # before newer keys: it was pressed first
            self.held = -1
            if hw.buttons.is_down(key):
                self.by_key = True  # held through the guard: a press after all
                self.screen.on_key(key, now)
                if self.pending is not None:
                    return  # (the keys still queued go to the next screen)
        while hw.buttons.get_into(ev):
            if not self.power.woken(ev, now):
                continue  # the key that wakes the panel does nothing else
            kind = ev.kind
            bit = 1 << ev.key
            stale = self.stale
            if kind == RELEASE:
                if stale & bit:  # the key held over from the last screen is let go
                    self.stale = stale ^ bit
                    self.lifted |= bit
                    self.lift_t = ev.time
                continue
            if kind == PRESS:
                if self.lifted & bit:
                    self.lifted ^= bit
                    if (ev.time - self.lift_t) & 0xFFFF < _BOUNCE_MS:
                        self.stale = stale | bit  # its contact bounced: still the old press
                        continue
                self.stale = stale & ~bit  # a new press (typed ahead, maybe: it counts)
            elif stale & bit:
                continue  # a repeat of a key held over from the last screen
            if self.guard >= 0:  # too soon after a screen that came by itself
                if kind == PRESS:
                    self.held = ev.key  # counts if still down once the guard is over
                continue
            self.by_key = True
            self.screen.on_key(ev.key, now)
            if self.pending is not None:
                return  # (the keys still queued go to the next screen, in order)
        self.by_key = False  # a screen the link or the screen's tick shows came by itself
        if self.link is not None:  # link play: frames in and out, whatever the screen
            self.link.poll(now)
        if self.pending is None:
            self.screen.tick(now)
        if self.pending is not None:
            return
        self.failsafe.tick(now)
        if self.power.screen_on:
            hw.display.refresh()
        if self.save_soon:  # after the refresh: the screen answers the key first
            self.save_soon = False
            self.screen.checkpoint()
        self.failsafe.retry(now)
        self.power.idle(now)

    def busy(self):
        """True while the screen is animating or computer players act, a
        new screen's key guard runs, a save waits for the next frame (one
        asked for as a screen came ``later``), or the console waits to
        restart."""
        if self.screen is None or self.save_soon or self.screen.busy():
            return True
        guard = self.guard  # keys wait for it
        return guard >= 0 and ticks_diff(self.hw.ticks_ms(), guard) < 0

    def start(self, game_id=None, players=0, deal=0, variant=0):
        """Open the title screen, or go straight to a game's table."""
        from screens import menus

        if self.resident is None and self.hw.unloads:
            # modules loaded from here on are let go on the menus
            self.resident = set(sys.modules)
        gc.collect()
        self.failsafe.note_free()
        for line in self.failsafe.about():
            self.hw.report("about: " + line.lower())
        if game_id:
            info = games.info(game_id)
            self.new_game(Match(info, players or info.DEFAULT_PLAYERS, deal, variant))
        else:
            self.show(menus.Title(self))

    def run(self):
        self.start()
        hw = self.hw
        while not self.quit:
            self.step(hw.ticks_ms())
            hw.wait_frame()


class Power:
    """The panel and the board left alone (``App.power``): the game kept
    after ``IDLE_SAVE_MS`` without a key, the panel dimmed, then dark, then
    the board in deep sleep, each after its setting's time; any key wakes
    the panel, and the key that wakes a dark one does nothing else."""

    def __init__(self, app):
        self.app = app
        self.last_input = app.hw.ticks_ms()
        self.screen_on = True
        self.dimmed = False

    def contrast(self, level):
        try:
            self.app.hw.display.brightness = level / 255
        except (AttributeError, ValueError, RuntimeError):
            pass  # a panel without a contrast command

    def woken(self, event, now):
        """A key event came: the panel comes back; False when the key only
        woke it (a dark panel's first press does nothing else)."""
        self.last_input = now
        if self.dimmed:
            self.dimmed = False
            self.contrast(self.app.settings.contrast)
        if self.screen_on:
            return True
        if event.kind == PRESS:
            self.screen_on = True
            self.app.hw.screen_power(True)
        return False

    def idle(self, now):
        app = self.app
        if app.screen.busy():
            self.last_input = now  # computer players moving: not idle
            return
        quiet = ticks_diff(now, self.last_input)
        st = app.settings
        saves = app.saves
        if quiet >= IDLE_SAVE_MS and saves.dirty and not saves.failed:
            app.screen.checkpoint()  # keys left alone: keep the game before power goes
        if self.screen_on and not self.dimmed and st.dim_ms and quiet >= st.dim_ms:
            self.dimmed = True
            self.contrast(_DIM)
        if self.screen_on and st.screen_off_ms and quiet >= st.screen_off_ms:
            app.screen.checkpoint()
            self.screen_on = False
            app.hw.screen_power(False)
        elif not self.screen_on and st.sleep_ms and quiet >= st.sleep_ms and app.link is None:
            if saves.dirty or saves.failed:
                self.last_input = now  # no sleep while something is not saved
            elif not app.hw.deep_sleep():  # no deep sleep here: stay dark
                self.last_input = now


def _winnable_deal(info, rng):
    """A deal number drawn from the game's list of solved, winnable deals
    (16-bit little-endian words in a file beside the games), or 0 when the
    game has no list or it cannot be read."""
    if not info.solved:
        return 0
    try:
        with open(games.data_path(info.solved), "rb") as f:
            f.seek(0, 2)
            n = f.tell() // 2
            if n == 0:
                return 0
            f.seek(2 * rng.below(n))
            b = f.read(2)
    except OSError:
        return 0
    return b[0] | (b[1] << 8)
