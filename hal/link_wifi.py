"""Link play over Wi-Fi on a Pico W (hal/CONTRACT.md, "Link play"): TCP,
bytes only.

The network is ``CIRCUITPY_WIFI_SSID``/``CIRCUITPY_WIFI_PASSWORD`` in
settings.toml (CircuitPython joins it at start-up for its web workflow;
joined here if not). The host listens on the profile's ``link_port``; a
guest connects to ``CONSOLE_LINK_HOST`` ("192.168.1.20", or with
":PORT"). Sockets are non-blocking: OSError EAGAIN or ETIMEDOUT means
nothing now, any other that the link is gone. What the socket cannot take
at once waits in a 2 KB tail, pushed on later calls. Loaded only when a
game is linked (``DeviceHAL.link_host``/``link_join``).
"""

import errno
import os

import socketpool
import wifi
from micropython import const

_TAIL = const(2048)  # unsent bytes a link keeps; more and it counts as gone
_IDLE = (errno.EAGAIN, errno.ETIMEDOUT)
_pool = None


def _net():
    """The socket pool, on the network settings.toml names."""
    global _pool
    if wifi.radio.ipv4_address is None:
        ssid = os.getenv("CIRCUITPY_WIFI_SSID")
        wifi.radio.connect(ssid, os.getenv("CIRCUITPY_WIFI_PASSWORD") or "")
    if _pool is None:
        _pool = socketpool.SocketPool(wifi.radio)
    return _pool


class WifiLink:
    def __init__(self, sock, name):
        pool = _net()
        sock.setblocking(False)
        try:
            sock.setsockopt(pool.IPPROTO_TCP, pool.TCP_NODELAY, 1)
        except (OSError, AttributeError):  # a port without the option: Nagle's delay
            pass
        self._sock = sock
        self.name = name
        self._queue = None  # bytes not sent yet: _queue[_head:_tail], made on the first short send
        self._head = 0
        self._tail = 0
        self._buf = None  # the caller's buffer, and a view of it from _start
        self._start = 0
        self._view = None

    def recv_into(self, buf, start=0):
        """Bytes waiting, read into ``buf[start:]``; 0 if none; -1 once the
        link is gone. Never blocks."""
        sock = self._sock
        if sock is None or (self._tail and not self._push()):
            return -1
        free = len(buf) - start
        if free <= 0:
            return 0
        view = buf
        if start:
            view = self._view
            if buf is not self._buf or start != self._start or len(view) != free:
                view = memoryview(buf)[start:]
                self._buf = buf
                self._start = start
                self._view = view
        try:
            n = sock.recv_into(view, free)
        except OSError as e:
            if e.errno in _IDLE:
                return 0
            n = 0
        if n:
            return n
        self.close()  # 0: the peer closed
        return -1

    def send(self, buf, n):
        """Write ``buf[:n]``; what the socket cannot take now waits."""
        sock = self._sock
        if sock is None or (self._tail and not self._push()):
            return False
        k = 0
        if n and not self._tail:
            try:
                k = sock.send(buf if n == len(buf) else memoryview(buf)[:n])
            except OSError as e:
                if e.errno not in _IDLE:
                    self.close()
                    return False
        return k >= n or self._keep(buf, k, n)

    def _keep(self, buf, i, n):
        """Queue ``buf[i:n]`` behind what waits; past _TAIL the link is gone."""
        queue = self._queue
        if queue is None:
            queue = self._queue = bytearray(_TAIL)
        head = self._head
        tail = self._tail
        m = n - i
        if tail - head + m > _TAIL:
            self.close()
            return False
        if tail + m > _TAIL:  # move what waits to the front
            queue[: tail - head] = queue[head:tail]
            tail -= head
            head = 0
        queue[tail : tail + m] = memoryview(buf)[i:n]
        self._head = head
        self._tail = tail + m
        return True

    def _push(self):
        """Send what waits; False (and closed) once the link is gone."""
        try:
            k = self._sock.send(memoryview(self._queue)[self._head : self._tail])
        except OSError as e:
            if e.errno in _IDLE:
                return True
            self.close()
            return False
        self._head += k
        if self._head >= self._tail:
            self._head = self._tail = 0
        return True

    def close(self):
        sock = self._sock
        self._sock = None
        self._queue = self._buf = self._view = None
        self._head = self._tail = 0
        if sock is not None:
            try:
                sock.close()
            except OSError:
                pass


class WifiHub:
    """The host's listening socket; ``name`` tells guests where it is."""

    def __init__(self, port):
        pool = _net()
        s = pool.socket(pool.AF_INET, pool.SOCK_STREAM)
        try:
            s.setsockopt(pool.SOL_SOCKET, pool.SO_REUSEADDR, 1)
            s.bind(("", port))
            s.listen(2)
            s.setblocking(False)
        except Exception:
            s.close()
            raise
        self._sock = s
        self.name = "TCP %s:%d" % (wifi.radio.ipv4_address, port)

    def accept(self):
        """A guest that has connected since, or None; never blocks."""
        s = self._sock
        if s is None:
            return None
        try:
            c, a = s.accept()
        except OSError:  # EAGAIN: nobody new
            return None
        return WifiLink(c, "TCP %s:%d" % a)

    def close(self):
        """Stop listening; the links accepted stay open."""
        if self._sock is not None:
            self._sock.close()
            self._sock = None


def join(where, port):
    """A guest's link to the host at ``where`` ("HOST" or "HOST:PORT");
    blocks while it connects (5 s at most), raising OSError in words for
    the panel if it cannot ("NO HOST AT 192.168.1.20:5555")."""
    i = where.find(":")
    if i >= 0:
        port = int(where[i + 1 :])
        where = where[:i]
    pool = _net()
    s = pool.socket(pool.AF_INET, pool.SOCK_STREAM)
    try:
        s.settimeout(5)
        s.connect((where, port))
    except Exception:  # noqa: BLE001 - refused, unreachable, timed out: one answer
        s.close()
        raise OSError("NO HOST AT %s:%d" % (where, port))  # noqa: B904 - (no chaining on a board)
    return WifiLink(s, "TCP %s:%d" % (where, port))
