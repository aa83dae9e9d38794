"""What the app does when something goes wrong, mixed into ``app.App``:
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

from ticks import ticks_add, ticks_diff

_RETRY_MS = const(3000)  # a save that failed is tried again this often


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


def _name(error):
    return type(error).__name__.upper()


class Failsafe:
    def about(self):
        """What a maker reports (the About screen, and the serial console at
        start-up): the version, the runtime, the board, the heap and the
        pystack."""
        hw = self.hw
        free = mem_free()
        i = sys.implementation
        v = i.version
        return [
            "VERSION " + hw.version,
            "%s %d.%d.%d" % (i.name.upper(), v[0], v[1], v[2]),
            "BOARD " + hw.profile_name.upper(),
            "FREE HEAP %s LOWEST %s" % (_kb(free), _kb(self.least_free)),
            ("PYSTACK %d BYTES" % hw.pystack) if hw.pystack else "PYSTACK NONE (NOT A BOARD)",
        ]

    def failed(self, now, error):
        """Keep what can be kept, say so on the panel, say where it failed
        on the serial console, and restart in two seconds. Each step is
        guarded: whatever else fails, the restart comes."""
        self.restart_at = ticks_add(now, 2000) or 1
        screen = self.screen
        self.screen = None
        self.hw.display.root_group = self.blank
        saved = False
        try:
            self._hide_notice()
            gc.collect()
            if screen is not None:
                screen.checkpoint()  # the game in progress, if it changed
            if self.saves.dirty:  # what needs no screen: a result just counted, settings
                self.saves.commit()
            saved = hasattr(getattr(screen, "table", screen), "setup") and not self.saves.dirty
        except Exception:  # noqa: BLE001 - the restart comes all the same
            pass
        screen = None
        what = "OUT OF MEMORY" if isinstance(error, MemoryError) else "ERROR: " + _name(error)
        try:
            gc.collect()
            self.lines[0].set(what[:31])
            self.lines[1].set("GAME SAVED" if saved else "")
            self.lines[2].set("RESTARTING...")
            self.hw.display.refresh()
        except Exception:  # noqa: BLE001 - the panel keeps its picture; the restart comes
            pass
        try:
            print_exception(error)
            print(what.lower() + ": " + ("game saved, " if saved else "") + "restarting")
        except Exception:  # noqa: BLE001
            pass

    def checkpoint(self, now):
        """Save what the screen holds (a save that fails is ``retry``'s)."""
        self.screen.checkpoint()

    def retry(self, now):
        """A save that failed, wherever it was asked for, is said and tried
        again every few seconds until it is written (once a frame)."""
        failed = self.saves.failed
        if not failed:
            self.failed_seen = 0
        elif failed != self.failed_seen:  # a new failure: say it, try again in a while
            self.failed_seen = failed
            self.retry_at = ticks_add(now, _RETRY_MS)
            self.say("NOT SAVED: MEMORY FULL, RETRYING")
        elif ticks_diff(now, self.retry_at) >= 0:
            self.checkpoint(now)

    def say(self, text, ms=3000):
        """A line across the bottom of the panel, over any screen, for a while."""
        self._hide_notice()
        self.notice.set(text)
        self.notice_group = self.screen.group
        self.notice_group.append(self.notice.grid)
        self.notice_until = ticks_add(self.hw.ticks_ms(), ms)

    def _hide_notice(self):
        if self.notice_group is not None:
            self.notice_group.remove(self.notice.grid)
            self.notice_group = None
