"""The console application: one screen at a time over a HAL.

``App(hw).run()`` is the whole main loop: it drains button events into the
current screen, lets the screen advance (computer turns, timers), and asks
the display to refresh, which sends only the areas that changed.

Whatever goes wrong in a frame (the heap running out, the pystack, a bug),
``step`` catches it and ``app_failsafe.py`` takes over: the traceback goes to
the serial console, the game in progress is saved if it can be, the panel
says what happened, and two seconds later the board restarts
(``hw.reload()``: ``supervisor.reload()`` on a board; the simulator builds
the app afresh), never a dark panel. A save that cannot be written is
said on the panel and tried again every few seconds until it is.
"""

import gc
import sys

import displayio
from micropython import const

from app_failsafe import Failsafe, mem_free
from buttons import LEGENDS, NAMES, PRESS, REPEAT, Event
from prng import DEAL_MAX, Prng
from saves import IDLE_SAVE_MS, Saves
from ticks import ticks_add, ticks_diff

# Modules every game uses, loaded at start-up (largest compile first, while
# the heap is empty) and kept, so a game's start compiles only its own
# modules (``python -m sim.memory`` shows why: tests/mp/session.py).
_KEEP = ("table", "screen_results", "opponents", "gamestate")


# The console's tones, as (Hz, ms) pairs: a key, your turn, a refusal, a
# game won and a game lost
CLICK = const(0)
TURN = const(1)
REFUSED = const(2)
WON = const(3)
LOST = const(4)
_TONES = (880, 30, 660, 40, 220, 60, 880, 120, 330, 120)


class App(Failsafe):
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
        self.keys = LEGENDS
        if hw.three:
            from buttons_three import LEGENDS as keys

            self.keys = keys
        self.event = Event()
        self.cursors = bytearray(4)  # where each menu was left (ui.Menu's keep)
        self.guard = 0  # ticks until which a new screen takes no key
        self.held = -1  # a key pressed during the guard: it counts if still down after
        self.screen = None
        self.deal_mode = 0  # how the last game was dealt: 0 random, -1 winnable
        self.levels = []  # the opponents' level by seat (empty: Normal)
        self.host = None  # link play: link_host.Host, or a guest's link_guest.Guest
        self.quit = False
        self.last_input = hw.ticks_ms()
        self.screen_on = True
        self.dimmed = False
        self.save_soon = False  # a screen asked to be saved once it is drawn
        self.pending = None  # a screen change to make once the handler returns (later)
        self.resident = None  # modules that stay loaded, once known
        self.restart_at = -1  # ticks when a restart is due, after a failure
        self.retry_at = 0  # ticks when a save that failed is tried again
        self.failed_seen = 0  # the saves' failure count last said
        self.least_free = -1  # the least free heap seen at a screen change (bytes)
        self.blank = displayio.Group()  # shown between screens, and after a failure
        import ui

        self.lines = [ui.TextRow(31, 4, 2 + 10 * i) for i in range(3)]  # its message
        for row in self.lines:
            self.blank.append(row.grid)
        self.notice = ui.TextRow(32, 0, hw.height - 6, inverse=True)  # "NOT SAVED..."
        self.notice_group = None  # the screen's group the notice is shown in
        self.notice_until = 0

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

    def legend(self, text):
        """``text`` with the keys it names ("{A} PLAY  {B} BACK") as this
        board's buttons make them (``buttons.LEGENDS``); of alternatives
        ("long|short") the first that fits a 32-character line."""
        keys = self.keys
        for line in text.split("|"):
            for i in range(len(keys)):
                line = line.replace("{%s}" % (NAMES[i] if i < 8 else ("LR", "UD")[i - 8]), keys[i])
            if len(line) <= 32:
                break
        return line

    def random_deal(self):
        return self.rng.below(DEAL_MAX) + 1

    def show(self, screen):
        self.screen = None
        self._hide_notice()
        gc.collect()
        free = mem_free()
        if free >= 0 and (self.least_free < 0 or free < self.least_free):
            self.least_free = free
        self.screen = screen
        self.guard = ticks_add(self.hw.ticks_ms(), screen.guard_ms)
        self.held = -1
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
            i = name.rfind(".")
            p = modules.get(name[:i]) if i > 0 else None
            if p is not None and hasattr(p, name[i + 1 :]):
                delattr(p, name[i + 1 :])  # games.roller_coaster, say

    def clear(self):
        """Let go of the current screen (the panel keeps its last picture)
        so its memory is free before a big module loads: compiling a
        module needs one piece of contiguous heap."""
        self.hw.display.root_group = self.blank
        self._hide_notice()
        self.screen = None
        gc.collect()

    def beep(self, tone=CLICK):
        """Sound one of the console's tones (``app.CLICK``, ``TURN``,
        ``REFUSED``, ``WON``, ``LOST``), unless the sound is off."""
        if self.settings.sound:
            self.hw.tone(_TONES[2 * tone], _TONES[2 * tone + 1])

    def step(self, now):
        """One frame: events, screen logic, refresh; any failure is caught."""
        if self.restart_at >= 0:
            if ticks_diff(now, self.restart_at) >= 0:
                self.restart()
            return
        try:
            self._step(now)
        except Exception as e:  # noqa: BLE001 - whatever it was: said, saved, restarted
            self.failed(now, e)

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
        if self.held >= 0 and ticks_diff(now, self.guard) >= 0:
            key = self.held  # before newer keys: it was pressed first
            self.held = -1
            if hw.buttons.is_down(key):  # held through the guard: a press after all
                self.screen.on_key(key, now)
                self._run_later()
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
                if ticks_diff(now, self.guard) < 0:
                    self.held = ev.key  # too soon after the screen showed
                    continue
                self.screen.on_key(ev.key, now)
                self._run_later()
        if self.host is not None:  # link play: frames in and out, whatever the screen
            self.host.poll(now)
        self.screen.tick(now)
        self._run_later()
        if self.notice_group is not None and ticks_diff(now, self.notice_until) >= 0:
            self._hide_notice()
        if self.screen_on:
            hw.display.refresh()
        if self.save_soon:  # after the refresh: the screen answers the key first
            self.save_soon = False
            self.checkpoint(now)
        self.retry(now)
        self._idle(now)

    def _idle(self, now):
        if self.screen.busy():
            self.last_input = now  # computer players moving: not idle
            return
        quiet = ticks_diff(now, self.last_input)
        st = self.settings
        if quiet >= IDLE_SAVE_MS and self.saves.dirty and not self.saves.failed:
            self.checkpoint(now)  # keys left alone: keep the game before power goes
        if self.screen_on and not self.dimmed and st.dim_ms and quiet >= st.dim_ms:
            self.dimmed = True  # the panel stays readable, at the lowest contrast
            self._contrast(1)
        if self.screen_on and st.screen_off_ms and quiet >= st.screen_off_ms:
            self.checkpoint(now)
            self.screen_on = False
            self.hw.screen_power(False)
        elif not self.screen_on and st.sleep_ms and quiet >= st.sleep_ms:
            if self.saves.dirty or self.saves.failed:
                self.last_input = now  # no sleep while something is not saved
            elif not self.hw.deep_sleep():  # no deep sleep here: stay dark
                self.last_input = now

    def _wake(self):
        self.screen_on = True
        self.hw.screen_power(True)

    def busy(self):
        """True while the screen is animating or computer players act, a
        new screen's key guard runs, or the console waits to restart."""
        if self.screen is None or self.screen.busy():
            return True
        return ticks_diff(self.hw.ticks_ms(), self.guard) < 0  # keys wait for the guard

    def start(self, game_id=None, players=0, deal=0, variant=0):
        """Open the title screen, or go straight to a game's table."""
        for name in _KEEP:  # loaded once, in this order, and kept
            gc.collect()
            __import__(name)
        import screens

        if self.resident is None and self.hw.unloads:
            # modules loaded from here on are let go on the menus
            self.resident = set(sys.modules)
        gc.collect()
        self.least_free = mem_free()
        for line in self.about():
            self.hw.report("about: " + line.lower())
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
