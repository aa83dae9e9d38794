"""The HAL contract (hal/CONTRACT.md) on a CircuitPython 10 board.

The only module that opens hardware: the I2C bus at the profile's speed
(400 kHz), the SSD1306 through ``i2cdisplaybus`` (CircuitPython 10 has no
``displayio.I2CDisplay``), buttons through ``keypad`` (scanned and
debounced in the background, so no tap is lost between frames), the
piezo through ``pwmio`` when the profile has one, ``microcontroller.nvm``
and, where the port has it, ``alarm`` for deep sleep. Link play's UARTs
(``hal/link_uart.py``) and Wi-Fi (``hal/link_wifi.py``) are loaded only
when a game is linked.
"""

import os
import time

import board
import busio
import displayio
import i2cdisplaybus
import keypad
import microcontroller
import supervisor
from adafruit_displayio_ssd1306 import SSD1306
from micropython import const

from buttons import AXIS_VERTICAL, Buttons, key_by_name
from engine.ticks import ticks_add, ticks_diff
from hal import profiles

try:
    import pwmio
except ImportError:  # a board with no PWM: silent
    pwmio = None
try:
    import alarm
except ImportError:  # RP2350, SAMD21: no deep sleep
    alarm = None

_FRAME_S = 0.02
_DUTY_ON = const(0x8000)
NO_RANDOM = "NO RANDOM SOURCE: CANNOT HOST"  # (a line of the panel: link play's menu says it)


def _panel(prof):
    """(the I2C bus, the SSD1306) of the profile ``prof``."""
    displayio.release_displays()
    i2c = busio.I2C(getattr(board, prof["scl"]), getattr(board, prof["sda"]),
                    frequency=prof["i2c_hz"])  # fmt: skip
    bus = i2cdisplaybus.I2CDisplayBus(i2c, device_address=prof["address"])
    return i2c, SSD1306(bus, width=prof["width"], height=prof["height"], auto_refresh=False)


def notice(profile, lines):
    """``lines`` on the panel in the built-in font, as many as fit: what
    code.py shows when the app cannot run at all (hal.notice)."""
    import terminalio

    prof = profiles.get(profile or profiles.DEFAULT)
    _i2c, display = _panel(prof)
    font = terminalio.FONT.bitmap  # printable ASCII, one row of tiles from " "
    w, h = terminalio.FONT.get_bounding_box()[:2]
    palette = displayio.Palette(2)
    palette[1] = 0xFFFFFF
    group = displayio.Group()
    cols = prof["width"] // w
    for row, line in enumerate(lines[: prof["height"] // h]):
        grid = displayio.TileGrid(font, pixel_shader=palette, width=cols, height=1,
                                  tile_width=w, tile_height=h, y=row * h)  # fmt: skip
        for col, ch in enumerate(line[:cols]):
            grid[col, 0] = ord(ch) - 32
        group.append(grid)
    display.root_group = group
    display.refresh()
    return display


class DeviceHAL:
    def __init__(self, profile=None):
        self.profile_name = profile or profiles.DEFAULT
        prof = profiles.get(self.profile_name)
        self.profile = prof
        self.link = prof.get("link") or prof.get("wifi")  # link play: the title offers it
        self.width = prof["width"]
        self.height = prof["height"]
        self.i2c, self.display = _panel(prof)
        self._pins = tuple(getattr(board, name) for name, _ in prof["buttons"])
        self._keys = keypad.Keys(self._pins, value_when_pressed=False, pull=True)
        self._event = keypad.Event()
        self.three = prof["nav"] == "three"
        self.unloads = True  # a game's modules are let go on the menus
        self.buttons = Buttons()
        self.nav = None
        if self.three:  # only a three-button board loads the module that reads them
            from buttons_three import ThreeButtonNav

            self.nav = ThreeButtonNav(self.buttons)
        self._keymap = bytes(0 if self.three else key_by_name(k) for _, k in prof["buttons"])
        self.overflows = 0
        self.nvm = microcontroller.nvm  # None on ports without it
        try:
            from version import VERSION  # written into the bundle by make build

            self.version = VERSION
        except ImportError:
            self.version = "unknown"
        # settings.toml can set the pystack (CIRCUITPY_PYSTACK_SIZE); unset, a Pico
        # running CircuitPython 10.2.1 was measured with 2,048 bytes
        self.pystack = int(os.getenv("CIRCUITPY_PYSTACK_SIZE") or 2048)
        self._piezo = None
        self._tone_end = 0
        if prof.get("piezo") and pwmio is not None:
            try:
                self._piezo = pwmio.PWMOut(
                    getattr(board, prof["piezo"]),
                    duty_cycle=0,
                    frequency=440,
                    variable_frequency=True,
                )
            except (ValueError, RuntimeError):  # pin busy or no PWM slice: play silent
                self._piezo = None

    # -- time --------------------------------------------------------------
    def ticks_ms(self):
        return supervisor.ticks_ms()

    def wait_frame(self):
        time.sleep(_FRAME_S)

    # -- input -------------------------------------------------------------
    def poll(self, now):
        ev = self._event
        events = self._keys.events
        while events.get_into(ev):
            if self.three:
                self.nav.feed(ev.key_number, ev.pressed, ev.timestamp)
            else:
                self.buttons.feed(self._keymap[ev.key_number], ev.pressed, ev.timestamp)
        if events.overflowed:
            events.overflowed = False
            self.overflows += 1
        if self.nav is not None:
            self.nav.scan(now)
        self.buttons.scan(now)
        if self._piezo is not None and self._tone_end and ticks_diff(now, self._tone_end) >= 0:
            self._piezo.duty_cycle = 0
            self._tone_end = 0

    def set_axis(self, axis=AXIS_VERTICAL):
        if self.nav is not None:
            self.nav.axis = axis

    # -- link play ---------------------------------------------------------
    def _wifi(self):
        """True on a Wi-Fi board whose settings.toml names a network."""
        return bool(self.profile.get("wifi") and os.getenv("CIRCUITPY_WIFI_SSID"))

    def link_host(self):
        """The hub guests join (hal/CONTRACT.md, "Link play"), or None. A
        board without a random source cannot host: a linked game's deal key
        and its seats' tokens must be what no guest can predict."""
        self.random_bytes(1)  # (OSError, said on the panel, when there is none)
        prof = self.profile
        if self._wifi():
            from hal.link_wifi import WifiHub

            return WifiHub(prof["link_port"])
        if prof.get("link"):
            from hal.link_uart import UartHub

            return UartHub(prof["link"], prof["link_baud"])
        return None

    def link_join(self):
        """A guest's link to the host, or None: Wi-Fi when settings.toml
        names the host (CONSOLE_LINK_HOST), else the first UART."""
        prof = self.profile
        host = os.getenv("CONSOLE_LINK_HOST")
        if host and self._wifi():
            from hal.link_wifi import join

            return join(host, prof["link_port"])
        if prof.get("link"):
            from hal.link_uart import UartLink

            tx, rx = prof["link"][0]
            return UartLink(tx, rx, prof["link_baud"], "UART0")
        return None

    # -- misc --------------------------------------------------------------
    def report(self, line):
        """A line for the maker, on the serial console."""
        print(line)

    def random_bytes(self, n):
        """``n`` bytes of the board's true random source; OSError (in words
        for the panel) on a port without one (SAMD21): the clock is no key."""
        try:
            return bytes(os.urandom(n))
        except (NotImplementedError, AttributeError):
            pass  # (raised below: no exception chaining on the board)
        raise OSError(NO_RANDOM)

    def entropy(self):
        try:
            b = os.urandom(4)
            return ((b[0] << 22) | (b[1] << 14) | (b[2] << 6) | (b[3] & 63)) or 1
        except NotImplementedError:  # SAMD21
            return (supervisor.ticks_ms() & 0x3FFFFFFF) or 1

    def tone(self, freq, ms):
        """Start a beep and return at once; ``poll`` ends it."""
        if self._piezo is None:
            return
        self._piezo.frequency = freq
        self._piezo.duty_cycle = _DUTY_ON
        self._tone_end = ticks_add(supervisor.ticks_ms(), ms) or 1

    def screen_power(self, on):
        if on:
            self.display.wake()
        else:
            self.display.sleep()

    def reload(self):
        """Restart code.py from a clean heap (after a MemoryError)."""
        supervisor.reload()

    def deep_sleep(self):
        """Sleep until a button is pressed; code.py restarts on waking.
        Returns False where the port has no ``alarm``."""
        if alarm is None:
            return False
        self.display.sleep()
        self._keys.deinit()
        alarms = [alarm.pin.PinAlarm(p, value=False, pull=True) for p in self._pins]
        alarm.exit_and_deep_sleep_until_alarms(*alarms)
        return True
