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
    def __init__(self, tx, rx, baud, name):
        self._u = busio.UART(
            getattr(board, tx),
            getattr(board, rx),
            baudrate=baud,
            timeout=0,
            receiver_buffer_size=_RXBUF,
        )
        self.name = name
        self._b = None  # the caller's buffer, and a view of it from _at
        self._at = 0
        self._v = None

    def recv_into(self, buf, start=0):
        """Bytes waiting, read into ``buf[start:]``; 0 if none; never blocks.
        Allocates nothing when nothing waits or ``start`` is 0, nor while
        the caller keeps reading into one buffer at one place."""
        u = self._u
        if u is None:
            return -1
        if not u.in_waiting or start >= len(buf):
            return 0
        if not start:
            return u.readinto(buf) or 0
        v = self._v
        if buf is not self._b or start != self._at or len(v) != len(buf) - start:
            v = memoryview(buf)[start:]
            self._b = buf
            self._at = start
            self._v = v
        return u.readinto(v) or 0

    def send(self, buf, n):
        """Write ``buf[:n]`` (about 17 ms for 200 bytes at 115200 baud)."""
        u = self._u
        if u is None:
            return False
        if n:
            u.write(buf if n == len(buf) else memoryview(buf)[:n])
        return True

    def close(self):
        if self._u is not None:
            self._u.deinit()
            self._u = None
        self._b = self._v = None


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
        for k in self._new:
            k.close()
        self._new = []
