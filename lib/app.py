"""The console application: one screen at a time over a HAL.

``App(hw).run()`` is the whole main loop: it drains button events into the
current screen, lets the screen advance (computer turns, timers), and asks
the display to refresh, which sends only the areas that changed.

If the heap runs out anyway, ``step`` catches the MemoryError: the game in
progress is saved if it can be, a message says what happened, and two
seconds later the board restarts (``hw.reload()``: ``supervisor.reload()``
on a board; the simulator builds the app afresh), never a traceback on a
dark panel.
"""

import gc
import sys

import displayio
from adafruit_ticks import ticks_add, ticks_diff

from buttons import PRESS, REPEAT, Event
from prng import DEAL_MAX, Prng
from saves import IDLE_SAVE_MS, Saves

# Modules every game uses, loaded at start-up (largest compile first, while
# the heap is empty) and kept, so a game's start compiles only its own
# modules (``python -m sim.memory`` shows why: tests/mp/session.py).
_KEEP = ("table", "results", "opponents", "gamestate")


class App:
    def __init__(self, hw):
        self.hw = hw
        self.width = hw.width
        self.height = hw.height
        self.small = hw.height < 64
        self.saves = Saves(hw.nvm)
        self.settings = self.saves.settings
        self.apply_settings()
        if self.saves.message:
            print("saves: " + self.saves.message.lower())
        self.saves.print_last()
        self.rng = Prng(hw.entropy())
        self.event = Event()
        self.screen = None
        self.deal_mode = 0  # how the last game was dealt: 0 random, -1 winnable
        self.levels = []  # the opponents' level by seat (empty: Normal)
        self.quit = False
        self.last_input = hw.ticks_ms()
        self.screen_on = True
        self.dimmed = False
        self.save_soon = False  # a screen asked to be saved once it is drawn
        self.resident = None  # modules that stay loaded, once known
        self.restart_at = -1  # ticks when an out-of-memory restart is due
        self.blank = displayio.Group()  # shown while memory is short

    def apply_settings(self):
        """Put the settings that live in hardware (contrast, key repeat) there."""
        st = self.settings
        self._contrast(st.contrast)
        self.hw.buttons.repeat_every = st.repeat_ms

    def _contrast(self, level):
        try:
            self.hw.display.brightness = level / 255
        except (AttributeError, ValueError, RuntimeError):
            pass  # a panel without a contrast command

    def random_deal(self):
        return self.rng.below(DEAL_MAX) + 1

    def show(self, screen):
        self.screen = None
        gc.collect()
        self.screen = screen
        self.hw.set_axis(screen.axis)
        self.hw.display.root_group = screen.group

    def home(self, make):
        """Go to a menu screen (``make(app)`` builds it) with the last
        screen, and the modules only it needed, let go first."""
        self.clear()
        if self.resident is not None:
            self._let_go()
        self.show(make(self))

    def _let_go(self):
        """Forget the modules loaded since the title first showed (a game's
        rules, computer players and table, the pause menu): back on the
        menus, the heap is where it began, however many games were played."""
        modules = sys.modules
        for name in [n for n in modules if n not in self.resident]:
            del modules[name]
            dot = name.rfind(".")
            parent = modules.get(name[:dot]) if dot > 0 else None
            if parent is not None and hasattr(parent, name[dot + 1 :]):
                delattr(parent, name[dot + 1 :])  # games.roller_coaster, say

    def clear(self):
        """Let go of the current screen (the panel keeps its last picture)
        so its memory is free before a big module loads: compiling a
        module needs one piece of contiguous heap."""
        self.hw.display.root_group = self.blank
        self.screen = None
        gc.collect()

    def beep(self, freq=880, ms=30):
        if self.settings.sound:
            self.hw.tone(freq, ms)

    def step(self, now):
        """One frame: events, screen logic, refresh."""
        if self.restart_at >= 0:
            if ticks_diff(now, self.restart_at) >= 0:
                self.restart()
            return
        try:
            self._step(now)
        except MemoryError as e:
            self.out_of_memory(now, e)

    def out_of_memory(self, now, error=None):
        """Keep what can be kept, say so, and restart in two seconds."""
        try:  # where it ran out, on the serial console for a maintainer
            sys.print_exception(error)
        except (AttributeError, MemoryError):
            pass  # CPython has no print_exception
        screen = self.screen
        self.screen = None
        self.hw.display.root_group = self.blank
        gc.collect()
        saved = False
        if screen is not None:
            try:
                screen.checkpoint()  # the game in progress, if it changed
                saved = hasattr(getattr(screen, "table", screen), "setup") and not self.saves.dirty
            except MemoryError:
                pass
        screen = None
        gc.collect()
        try:
            import ui

            lines = ("OUT OF MEMORY", "GAME SAVED" if saved else "", "RESTARTING...")
            for i in range(3):
                row = ui.TextRow(32, 4, 2 + 10 * i)
                row.set(lines[i])
                self.blank.append(row.grid)
            self.hw.display.refresh()
        except MemoryError:
            pass  # the panel keeps its last picture; the restart still comes
        print("out of memory: " + ("game saved, " if saved else "") + "restarting")
        self.restart_at = ticks_add(now, 2000) or 1

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
        while hw.buttons.get_into(ev):
            self.last_input = now
            if self.dimmed:
                self.dimmed = False
                self._contrast(self.settings.contrast)
            if not self.screen_on:
                if ev.kind == PRESS:  # the key that wakes the panel does nothing else
                    self._wake()
                continue
            if ev.kind == PRESS or ev.kind == REPEAT:
                self.screen.on_key(ev.key, now)
        self.screen.tick(now)
        if self.screen_on:
            hw.display.refresh()
        if self.save_soon:  # after the refresh: the screen answers the key first
            self.save_soon = False
            self.screen.checkpoint()
        self._idle(now)

    def _idle(self, now):
        if self.screen.busy():
            self.last_input = now  # computer players moving: not idle
            return
        quiet = ticks_diff(now, self.last_input)
        st = self.settings
        if quiet >= IDLE_SAVE_MS and self.saves.dirty:
            self.screen.checkpoint()  # keys left alone: keep the game before power goes
        if self.screen_on and not self.dimmed and st.dim_ms and quiet >= st.dim_ms:
            self.dimmed = True  # the panel stays readable, at the lowest contrast
            self._contrast(1)
        if self.screen_on and st.screen_off_ms and quiet >= st.screen_off_ms:
            self.screen.checkpoint()
            self.screen_on = False
            self.hw.screen_power(False)
        elif not self.screen_on and st.sleep_ms and quiet >= st.sleep_ms:
            if not self.hw.deep_sleep():  # no deep sleep here: stay dark
                self.last_input = now

    def _wake(self):
        self.screen_on = True
        self.hw.screen_power(True)

    def busy(self):
        """True while the screen is animating or computer players act (or
        the console waits to restart)."""
        return self.screen is None or self.screen.busy()

    def start(self, game_id=None, players=0, deal=0, variant=0):
        """Open the title screen, or go straight to a game's table."""
        for name in _KEEP:  # loaded once, in this order, and kept
            gc.collect()
            __import__(name)
        import screens

        if self.resident is None and sys.implementation.name != "cpython":
            # modules loaded from here on are let go on the menus; the
            # simulator keeps them (its tests hold on to game modules)
            self.resident = set(sys.modules)
        if game_id:
            screens.start_game(self, game_id, players, deal, variant)
        else:
            self.show(screens.Title(self))

    def run(self):
        self.start()
        hw = self.hw
        while not self.quit:
            self.step(hw.ticks_ms())
            hw.wait_frame()
