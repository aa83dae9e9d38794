"""Link play over a serial port (hal/CONTRACT.md, "Link play"), with
pyserial: a USB-serial adapter wired to a board's link UART, or a
pseudo-terminal (``socat`` joins two of them into a cable between two
simulators).

Like a board's UART a serial port has no connection state: a peer that
falls silent is for the session layer's timeouts to notice. The link is
gone (-1, False) only when the port itself fails (unplugged, hung up).
Writes never block: on POSIX the bytes the port cannot take at once wait
in a 2 KB tail, pushed on later calls; past that they are dropped, as on
a wire nobody reads.
"""

import os

import serial

TAIL = 2048  # unsent bytes kept; past it, new bytes are dropped


class SerialLink:
    cable = True  # a wire offered once: kept open through silence

    def __init__(self, port, baud=115200):
        self._port = serial.Serial(port, baud, timeout=0, write_timeout=0)
        self._fd = getattr(self._port, "fd", None)  # POSIX: writes go straight to it
        self._tail = bytearray()
        self.dropped = 0  # bytes lost to a full tail
        self.name = "serial " + port

    def recv_into(self, buf, start=0):
        """Bytes waiting, read into ``buf[start:]``; 0 if none; -1 once the
        port has failed. Never blocks."""
        if self._port is None or not self._push():
            return -1
        if start >= len(buf):
            return 0
        try:
            data = self._port.read(len(buf) - start)
        except (serial.SerialException, OSError):
            self.close()
            return -1
        n = len(data)
        buf[start : start + n] = data
        return n

    def send(self, buf, n):
        """Write ``buf[:n]``; False once the port has failed."""
        if self._port is None or not self._push():
            return False
        data = bytes(memoryview(buf)[:n])
        if self._fd is None:  # no file descriptor (Windows): pyserial's own
            try:  # non-blocking write
                self._port.write(data)
            except (serial.SerialException, OSError):
                self.close()
                return False
            return True
        if self._tail:
            sent = 0
        else:
            sent = self._write(data)
            if sent is None:
                return False
        rest = data[sent:]
        room = TAIL - len(self._tail)
        self._tail += rest[:room]
        self.dropped += max(0, len(rest) - room)
        return True

    def _write(self, data):
        """Bytes of ``data`` the port took now; None (and closed) if it failed."""
        try:
            return os.write(self._fd, data)
        except (BlockingIOError, InterruptedError):
            return 0
        except OSError:
            self.close()
            return None

    def _push(self):
        if not self._tail:
            return True
        k = self._write(self._tail)
        if k is None:
            return False
        del self._tail[:k]
        return True

    def close(self):
        port, self._port = self._port, None
        self._tail = bytearray()
        if port is not None:
            try:
                port.close()
            except (serial.SerialException, OSError):
                pass


class SerialHub:
    """A host on one serial port: ``accept`` gives its link once."""

    def __init__(self, port, baud=115200):
        self._link = SerialLink(port, baud)
        self.name = self._link.name

    def accept(self):
        link, self._link = self._link, None
        return link

    def close(self):
        """Stop offering the link; once accepted it stays open."""
        if self._link is not None:
            self._link.close()
            self._link = None
