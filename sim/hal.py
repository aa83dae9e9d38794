"""The HAL contract (hal/CONTRACT.md) on CPython.

The display is the real ``adafruit_displayio_ssd1306`` driver on Blinka's
displayio, talking to ``sim.ssd1306``'s emulated bus and panel. Time is
either the real clock or a virtual one that each frame advances (headless
runs and tests are then exact and fast). Buttons, nvm and sound follow the
device HAL: the same ``lib/buttons.py`` queue, a 4 KB bytearray store like
an RP2040's, and a tone log instead of a piezo (``speaker``, when set, is
also called with each tone: the pygame window plays them). The app calls
``tone`` only while its sound setting is on (``App.beep``). Link play
(``link``, set from the command line) runs over TCP (``sim/link_tcp.py``)
or a serial port (``sim/link_serial.py``).
"""

import os
import time

import busdisplay
import displayio
import i2cdisplaybus
from adafruit_displayio_ssd1306 import SSD1306

from buttons import Buttons
from buttons_three import ThreeButtonNav
from hal import profiles
from sim import fastfill
from sim.nvm import FileNVM
from sim.ssd1306 import EmulatedI2C, SSD1306Panel

fastfill.install()  # Blinka's pixel loop a row at a time: the same bytes

FRAME_MS = 20
NVM_SIZE = 4096


class _Display(SSD1306):
    """The real driver, with one Blinka difference from CircuitPython undone.

    After a full refresh (a new root group), CircuitPython's
    ``displayio_tilegrid_finish_refresh`` clears every change flag; Blinka
    2.7.1 keeps them, so the next frame would send the new screen again.
    Consuming those stale areas here makes the bus carry what a board's does.
    """

    # Blinka's displayio thread calls every registered display's _background,
    # which reads _auto_refresh; BusDisplay sets it only part way through its
    # __init__, after registering: a class default closes that window (a
    # test run's "'_Display' object has no attribute '_auto_refresh'")
    _auto_refresh = False
    refreshes = 0  # refreshes that sent something
    last_refresh_bytes = 0  # bus bytes of the latest refresh that sent something
    watcher = None  # called with no argument after a refresh that sent something

    def refresh(self, **kwargs):
        bus = self.bus._i2c
        before = bus.bytes_sent
        full = self._core.full_refresh
        done = super().refresh(**kwargs)
        group = self._core.current_group
        if full and done and group is not None:
            group._get_refresh_areas([])
            group._finish_refresh()
        if bus.bytes_sent != before:
            self.refreshes += 1
            self.last_refresh_bytes = bus.bytes_sent - before
            if self.watcher is not None:
                self.watcher()
        return done


class _NoWait:
    """``time`` for Blinka's BusDisplay while a virtual-time HAL builds its
    display: the init sequence's pauses (10 ms after each of its 13
    commands, as a board's displayio makes them) pass on the virtual
    clock, not the wall's, as every other wait of a headless run does
    (130 ms a console: minutes of a test run's workers asleep)."""

    def __getattr__(self, name):
        return getattr(time, name)

    @staticmethod
    def sleep(seconds):
        pass


def _serial(spec):
    """The port of a "serial:PORT" spec, or None."""
    if isinstance(spec, str) and spec.startswith("serial:"):
        return spec[len("serial:") :]
    return None


def _address(spec, default_host):
    """(host, port) of 5555, "5555" or "HOST:PORT"."""
    if isinstance(spec, int):
        return default_host, spec
    host, sep, port = str(spec).rpartition(":")
    return (host if sep else default_host), int(port)


class SimHAL:
    def __init__(self, profile=None, virtual_time=True, seed=None, nvm_path=None):
        self.profile_name = profile or profiles.DEFAULT
        self.profile = profiles.get(self.profile_name)
        self.width = self.profile["width"]
        self.height = self.profile["height"]
        self.i2c = EmulatedI2C(frequency=self.profile["i2c_hz"])
        self.panel = SSD1306Panel(self.width, self.height)
        self.i2c.attach(self.profile["address"], self.panel)
        displayio.release_displays()
        bus = i2cdisplaybus.I2CDisplayBus(self.i2c, device_address=self.profile["address"])
        if virtual_time:
            busdisplay.time = _NoWait()
        try:
            self.display = _Display(bus, width=self.width, height=self.height, auto_refresh=False)
        finally:
            busdisplay.time = time
        self.buttons = Buttons()
        self.three = self.profile["nav"] == "three"
        # the simulator keeps a game's modules on the menus: its tests hold on to them
        self.unloads = False
        self.nav = ThreeButtonNav(self.buttons) if self.three else None
        self.virtual_time = virtual_time
        self._now = 0
        self._t0 = time.monotonic()
        self._seed = seed
        self.tones = []
        self.speaker = None  # called with (freq, ms) for each tone (the window's mixer)
        self.screen_on = True
        self.nvm = FileNVM(nvm_path, NVM_SIZE)  # in memory unless a file is given
        self.recorder = None  # a GifRecorder while --record is on
        self.pystack = 0  # CPython runs frames on its own stack
        self.reports = []  # what a board prints for the maker at start-up
        # link play, set by the command line: ("host", PORT) or ("host",
        # "ADDR:PORT") listens on TCP (127.0.0.1 unless ADDR is given),
        # ("join", "HOST:PORT") connects to a host; ("host", "serial:/dev/ttyX")
        # and ("join", "serial:/dev/ttyUSB0") use a serial port. None: no link
        self.link = None

    def report(self, line):
        """A board prints it on the serial console; the simulator keeps it
        (its stdout is the panel's)."""
        self.reports.append(line)

    @property
    def version(self):
        from sim import version

        return version.cached()

    # -- contract ------------------------------------------------------------
    def ticks_ms(self):
        if self.virtual_time:
            return self._now
        return int((time.monotonic() - self._t0) * 1000) & 0x1FFFFFFF

    def wait_frame(self):
        if self.virtual_time:
            self._now = (self._now + FRAME_MS) & 0x1FFFFFFF
        else:
            time.sleep(FRAME_MS / 1000)

    def poll(self, now):
        if self.nav is not None:
            self.nav.scan(now)
        self.buttons.scan(now)

    def set_axis(self, axis):
        if self.nav is not None:
            self.nav.axis = axis

    def random_bytes(self, n):
        """``os.urandom``, whatever the seed: a linked game's key and its
        seats' tokens are never a deal number's (the seed sets deals only)."""
        return os.urandom(n)

    def entropy(self):
        if self._seed is not None:
            return self._seed
        return (int(time.time() * 1000) ^ os.getpid()) & 0x3FFFFFFF or 1

    def tone(self, freq, ms):
        self.tones.append((freq, ms))
        del self.tones[:-32]
        if self.speaker is not None:
            self.speaker(freq, ms)

    def screen_power(self, on):
        self.screen_on = on
        if on:
            self.display.wake()
        else:
            self.display.sleep()
        if self.recorder is not None:
            self._capture()

    def record(self, path, scale=2):
        """Record every change of the panel into an animated GIF at ``path``
        (written by ``self.recorder.save()``)."""
        from sim.record import GifRecorder

        self.recorder = GifRecorder(path, self.width, self.height, scale)
        self.display.watcher = self._capture
        self._capture()
        return self.recorder

    def _capture(self):
        self.recorder.capture(self.panel, self.ticks_ms())

    def reload(self):
        """A desktop keeps running: the app rebuilds itself on return."""
        self.reloads = getattr(self, "reloads", 0) + 1

    def deep_sleep(self):
        """A desktop cannot deep-sleep: the contract's 'not here' answer."""
        self.deep_sleep_asked = getattr(self, "deep_sleep_asked", 0) + 1
        return False

    def link_host(self):
        """The hub guests join (hal/CONTRACT.md, "Link play"), or None when
        ``link`` is not a host's."""
        if not self.link or self.link[0] != "host":
            return None
        spec = self.link[1]
        port = _serial(spec)
        if port is not None:
            from sim.link_serial import SerialHub

            return SerialHub(port)
        from sim.link_tcp import TcpHub

        host, port = _address(spec, "127.0.0.1")
        try:
            return TcpHub(port, host)
        except OSError:  # the port in use, or not this machine's address
            raise OSError("PORT %d IN USE" % port) from None

    def link_join(self):
        """A guest's link to the host, or None when ``link`` is not a
        guest's; OSError when the host or port cannot be reached."""
        if not self.link or self.link[0] != "join":
            return None
        spec = self.link[1]
        port = _serial(spec)
        if port is not None:
            from sim.link_serial import SerialLink

            return SerialLink(port)
        from sim import link_tcp

        host, port = _address(spec, "127.0.0.1")
        try:
            return link_tcp.connect(host, port)
        except OSError:  # refused, unreachable, timed out: said for a person
            raise OSError("NO HOST AT %s:%d" % (host, port)) from None

    # -- simulator inputs ------------------------------------------------------
    def press(self, key):
        """A logical key tap (press and release)."""
        self.buttons.tap(key, self.ticks_ms())

    def physical(self, button, long=False):
        """Three-button boards: tap (or hold) physical button 0, 1 or 2."""
        now = self.ticks_ms()
        self.nav.feed(button, True, now)
        if long:
            self.nav.scan(now + 1000)
        self.nav.feed(button, False, now + (1000 if long else 50))
