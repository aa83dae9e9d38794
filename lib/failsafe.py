"""What the app does when something goes wrong, mixed into ``app.App``:
a failure in a frame (the heap running out, the pystack, a bug) is
printed on the serial console with its traceback, the game in progress
is saved if it can be, the panel says what happened (rows made at
start-up, so saying it needs no fresh heap) and the console restarts two
seconds later; a save that could not be written is said across the
bottom of the panel and tried again every few seconds until it is; and
``about`` is what a maker reports (the About screen, the serial console
at start-up). Loaded with the app and kept: none of it may wait for a
module when the heap is short.
"""

import gc
import sys

from micropython import const

from ticks import ticks_add

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
        impl = sys.implementation
        v = impl.version
        return [
            "VERSION " + hw.version,
            "%s %d.%d.%d" % (impl.name.upper(), v[0], v[1], v[2]),
            "BOARD " + hw.profile_name.upper(),
            "FREE HEAP %s LOWEST %s" % (_kb(free), _kb(self.least_free)),
            ("PYSTACK %d BYTES" % hw.pystack) if hw.pystack else "PYSTACK NONE (NOT A BOARD)",
        ]

    def failed(self, now, error):
        """Say where it failed on the serial console, keep what can be
        kept, say so on the panel, and restart in two seconds."""
        print_exception(error)
        screen = self.screen
        self.screen = None
        self._hide_notice()
        self.hw.display.root_group = self.blank
        gc.collect()
        saved = False
        if screen is not None:
            try:
                screen.checkpoint()  # the game in progress, if it changed
                saved = hasattr(getattr(screen, "table", screen), "setup") and not self.saves.dirty
            except Exception:  # noqa: BLE001 - the restart comes all the same
                pass
        screen = None
        gc.collect()
        what = "OUT OF MEMORY" if isinstance(error, MemoryError) else "ERROR: " + _name(error)
        try:
            self.lines[0].set(what[:32])
            self.lines[1].set("GAME SAVED" if saved else "")
            self.lines[2].set("RESTARTING...")
            self.hw.display.refresh()
        except Exception:  # noqa: BLE001 - the panel keeps its picture; the restart comes
            pass
        print(what.lower() + ": " + ("game saved, " if saved else "") + "restarting")
        self.restart_at = ticks_add(now, 2000) or 1

    def checkpoint(self, now):
        """Save what the screen holds; a save that fails is said, and tried
        again in a few seconds (``_step``), until it is written."""
        self.screen.checkpoint()
        if self.saves.failed:
            self.say("NOT SAVED: MEMORY FULL. RETRYING")
            self.retry_at = ticks_add(now, _RETRY_MS)

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
