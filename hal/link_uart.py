"""Link play over UART wires (hal/CONTRACT.md, "Link play"): bytes only.

A guest uses the profile's first (TX, RX) pair; a host offers each pair
as one guest's link. A UART has no connection state: a link never reads
-1 while open (the session layer notices a silent peer by its timeouts).
Loaded only when a game is linked (``DeviceHAL.link_host``/``link_join``).
"""

import board
import busio
from micropython import const

_RXBUF = const(512)  # bytes the UART keeps in the background between frames


class UartLink:
    cable = True  # offered once by its hub: kept open through silence

    def __init__(self, tx, rx, baud, name):
        self._uart = busio.UART(
            getattr(board, tx),
            getattr(board, rx),
            baudrate=baud,
            timeout=0,
            receiver_buffer_size=_RXBUF,
        )
        self.name = name
        self._buf = None  # the caller's buffer, and a view of it from _start
        self._start = 0
        self._view = None

    def recv_into(self, buf, start=0):
        """Bytes waiting, read into ``buf[start:]``; 0 if none; never blocks.
        Allocates nothing when nothing waits or ``start`` is 0, nor while
        the caller keeps reading into one buffer at one place."""
        uart = self._uart
        if uart is None:
            return -1
        if not uart.in_waiting or start >= len(buf):
            return 0
        if not start:
            return uart.readinto(buf) or 0
        view = self._view
        if buf is not self._buf or start != self._start or len(view) != len(buf) - start:
            view = memoryview(buf)[start:]
            self._buf = buf
            self._start = start
            self._view = view
        return uart.readinto(view) or 0

    def send(self, buf, n):
        """Write ``buf[:n]`` (about 17 ms for 200 bytes at 115200 baud)."""
        uart = self._uart
        if uart is None:
            return False
        if n:
            uart.write(buf if n == len(buf) else memoryview(buf)[:n])
        return True

    def close(self):
        if self._uart is not None:
            self._uart.deinit()
            self._uart = None
        self._buf = self._view = None


class UartHub:
    """A host's UARTs: ``accept`` gives each one's link once."""

    def __init__(self, pins, baud):
        self._new = []
        self.name = "UART"
        try:
            for i, (tx, rx) in enumerate(pins):
                self._new.append(UartLink(tx, rx, baud, "UART%d" % i))
        except Exception:  # a pin in use: let go of the UARTs already made
            self.close()
            raise

    def accept(self):
        return self._new.pop(0) if self._new else None

    def close(self):
        """Stop offering links; the ones accepted stay open."""
        for link in self._new:
            link.close()
        self._new = []
