"""The HAL contract (hal/CONTRACT.md) in a browser, on MicroPython's
WebAssembly port: the page (``web/console.js``) registers the module
``console_js`` with what only it can do (draw the panel on a canvas, beep
through Web Audio, keep the store in ``localStorage``, draw random bytes
from ``crypto``), calls ``web_main.frame`` once an animation frame and
feeds key edges in. Everything else is the console's own code, unchanged.
"""

import console_js as js
import displayio
import framebuf

from buttons import Buttons

_STORE = 4096  # bytes, as a Pico's microcontroller.nvm


class Display:
    """A panel the app's root group is drawn into on each refresh
    (``displayio.render``), then handed to the page whole."""

    def __init__(self, w, h):
        self.width = w
        self.height = h
        self.root_group = None
        self.brightness = 1.0
        self.buf = bytearray((w + 7) // 8 * h)
        self.panel = framebuf.FrameBuffer(self.buf, w, h, framebuf.MONO_HLSB)
        self.on = True

    def refresh(self, **kw):
        displayio.render(self.root_group, self.panel)
        js.show(self.buf, self.width, self.height, self.on, self.brightness)
        return True


class Store:
    """The 4 KB store (``microcontroller.nvm``'s part), kept by the page:
    read at start, handed back whole after each write (the console writes
    at its save points only, never per move)."""

    def __init__(self, size=_STORE):
        self.data = bytearray(b"\xff" * size)
        saved = js.store_load()  # hex, or "" (none, or refused by the page)
        if saved:
            try:
                raw = bytes.fromhex(saved)
                if len(raw) == size:
                    self.data[:] = raw
            except ValueError:
                pass  # not ours: the console starts fresh (the page kept it aside)
        self.writes = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return self.data[i]

    def __setitem__(self, i, value):
        self.data[i] = value
        self.writes += 1
        js.store_save(self.data)


class WebHAL:
    """``height`` 64: the Pico's panel and eight keys; 32: the Feather's
    panel and its three buttons (``buttons_three``: short and long
    presses make the eight keys, as on that board)."""

    def __init__(self, height=64):
        self.width = 128
        self.height = height
        self.display = Display(128, height)
        self.buttons = Buttons()
        self.three = height == 32
        self.nav = None
        if self.three:
            from buttons_three import ThreeButtonNav

            self.nav = ThreeButtonNav(self.buttons)
        self.unloads = True  # as a board: the heap stays where it began
        self.nvm = Store()
        self.profile_name = "browser-feather-128x32" if self.three else "browser-pico-128x64"
        try:
            from version import VERSION

            self.version = VERSION
        except ImportError:
            self.version = "browser"
        self.pystack = 0
        self.link = None

    def heap_line(self):
        """The About screen's heap line: this runtime's heap grows on demand
        (what is "free" is the page's whole memory), so it says what the
        console holds instead."""
        import gc

        return "HEAP IN USE %d KB (BROWSER)" % (gc.mem_alloc() // 1024)

    def ticks_ms(self):
        return js.now() & 0x1FFFFFFF  # the page's clock (a test's runs on virtual time)

    def wait_frame(self):
        pass  # the page calls a frame each animation frame

    def poll(self, now):
        if self.nav is not None:
            self.nav.scan(now)
        self.buttons.scan(now)

    def set_axis(self, axis):
        if self.nav is not None:
            self.nav.axis = axis

    def key(self, key, down):
        """A key edge from the page (keyboard, on-screen button, touch):
        one of the eight keys, or on the three-button panel a physical
        button (0 top, 1 middle, 2 bottom)."""
        if self.nav is not None:
            self.nav.feed(key, down, self.ticks_ms())
        else:
            self.buttons.feed(key, down, self.ticks_ms())

    def entropy(self):
        b = self.random_bytes(4)
        return ((b[0] & 0x3F) << 24 | b[1] << 16 | b[2] << 8 | b[3]) or 1

    def random_bytes(self, n):
        return bytes.fromhex(js.random_hex(n))

    def tone(self, freq, ms):
        js.tone(freq, ms)

    def screen_power(self, on):
        self.display.on = on

    def deep_sleep(self):
        return False

    def report(self, line):
        print(line)

    def link_host(self):
        return None

    def link_join(self):
        return None
