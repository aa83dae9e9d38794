"""What the app does when something goes wrong (``app.App``'s failsafe):
a failure in a frame (the heap running out, the pystack, a bug) is
printed on the serial console with its traceback, the game in progress
is saved if it can be, the panel says what happened (rows made at
start-up, so saying it needs no fresh heap) and the console restarts two
seconds later; a save that could not be written is said across the
bottom of the panel and tried again every few seconds until it is; and
``about()`` is what a maker reports (the About screen, the serial console
at start-up). Loaded with the app and kept: none of it may wait for a
module when the heap is short.
"""

import gc
import sys

from micropython import const

import ui
from engine.ticks import ticks_add, ticks_diff

_RETRY_MS = const(3000)  # a save that failed is tried again this often
_RESTART_MS = const(2000)


def mem_free():
    """Free heap in bytes after a collection; -1 where it cannot be known
    (CPython)."""
    try:
        return gc.mem_free()
    except AttributeError:
        return -1


def print_exception(error):
    """The traceback on the serial console: ``traceback`` on CircuitPython
    and CPython, ``sys.print_exception`` on MicroPython."""
    try:
        import traceback

        traceback.print_exception(error)
    except ImportError:
        sys.print_exception(error)


def _kb(n):
    return "%d KB" % (n // 1024) if n >= 0 else "N/A"


class Failsafe:
    def __init__(self, app):
        self.app = app
        self.restart_at = -1  # ticks when a restart is due, after a failure
        self.retry_at = 0  # ticks when a save that failed is tried again
        self.failed_seen = 0  # the saves' failure count last said
        self.least_free = -1  # the least free heap seen at a screen change (bytes)
        self.lines = [ui.TextRow(31, 4, 2 + 10 * i) for i in range(3)]  # what happened
        for row in self.lines:
            app.blank.append(row.grid)
        self.notice = ui.TextRow(32, 0, app.hw.height - 6, inverse=True)  # "NOT SAVED..."
        self.notice_group = None  # the screen's group the notice is shown in
        self.notice_until = 0

    def note_free(self):
        """The heap free now (after a collection), kept as the least seen
        if it is (a screen changes, About asks); returns it."""
        free = mem_free()
        if free >= 0 and (self.least_free < 0 or free < self.least_free):
            self.least_free = free
        return free

    def about(self):
        """What a maker reports (the About screen, and the serial console at
        start-up): the version, the runtime, the board, the heap free now
        and the least seen free at a screen change (never above it), and
        the pystack the board is set to give Python (a setting, not a
        measure)."""
        hw = self.app.hw
        free = self.note_free()
        i = sys.implementation
        v = i.version
        if not hw.pystack:
            pystack = "PYSTACK NONE (NOT A BOARD)"
        else:
            pystack = "PYSTACK SET TO %d BYTES" % hw.pystack
        heap = getattr(hw, "heap_line", None)  # (a heap that grows: its own words)
        return [
            "VERSION " + hw.version,
            "%s %d.%d.%d" % (i.name.upper(), v[0], v[1], v[2]),
            "BOARD " + hw.profile_name.upper(),
            heap() if heap else "FREE HEAP %s LOWEST %s" % (_kb(free), _kb(self.least_free)),
            pystack,
        ]

    def failed(self, now, error):
        """Keep what can be kept, say so on the panel, say where it failed
        on the serial console, and restart in two seconds. Each step is
        guarded: whatever else fails, the restart comes."""
        app = self.app
        self.restart_at = ticks_add(now, _RESTART_MS) or 1
        screen = app.screen
        app.screen = None
        app.hw.display.root_group = app.blank
        saved = False
        try:
            self.hide_notice()
            gc.collect()
            if screen is not None:
                screen.checkpoint()  # the game in progress, if it changed
            if app.saves.dirty:  # what needs no screen: a result just counted, settings
                app.saves.commit()
            table = getattr(screen, "table", screen)
            saved = hasattr(table, "record") and not app.saves.dirty
        except Exception:  # noqa: BLE001 - the restart comes all the same
            pass
        screen = table = None
        what = "OUT OF MEMORY" if isinstance(error, MemoryError) else "ERROR: " + _name(error)
        try:
            gc.collect()
            self.lines[0].set(what[:31])
            self.lines[1].set("GAME SAVED" if saved else "")
            self.lines[2].set("RESTARTING...")
            app.hw.display.refresh()
        except Exception:  # noqa: BLE001 - the panel keeps its picture; the restart comes
            pass
        try:
            print_exception(error)
            print(what.lower() + ": " + ("game saved, " if saved else "") + "restarting")
        except Exception:  # noqa: BLE001
            pass

    def retry(self, now):
        """A save that failed, wherever it was asked for, is said and tried
        again every few seconds until it is written (once a frame)."""
        failed = self.app.saves.failed
        if not failed:
            self.failed_seen = 0
        elif failed != self.failed_seen:  # a new failure: say it, try again in a while
            self.failed_seen = failed
            self.retry_at = ticks_add(now, _RETRY_MS)
            self.say("NOT SAVED: MEMORY FULL, RETRYING")
        elif ticks_diff(now, self.retry_at) >= 0:
            self.app.screen.checkpoint()

    def say(self, text, ms=3000):
        """A line across the bottom of the panel, over any screen, for a while."""
        self.hide_notice()
        self.notice.set(text)
        self.notice_group = self.app.screen.group
        self.notice_group.append(self.notice.grid)
        self.notice_until = ticks_add(self.app.hw.ticks_ms(), ms)

    def tick(self, now):
        if self.notice_group is not None and ticks_diff(now, self.notice_until) >= 0:
            self.hide_notice()

    def hide_notice(self):
        if self.notice_group is not None:
            self.notice_group.remove(self.notice.grid)
            self.notice_group = None


def _name(error):
    return type(error).__name__.upper()
