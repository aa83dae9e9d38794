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
        self._s = sock
        self.name = name
        self._q = None  # bytes not sent yet: _q[_h:_t], made on the first short send
        self._h = 0
        self._t = 0
        self._b = None  # the caller's buffer, and a view of it from _at
        self._at = 0
        self._v = None

    def recv_into(self, buf, start=0):
        """Bytes waiting, read into ``buf[start:]``; 0 if none; -1 once the
        link is gone. Never blocks."""
        s = self._s
        if s is None or (self._t and not self._push()):
            return -1
        free = len(buf) - start
        if free <= 0:
            return 0
        v = buf
        if start:
            v = self._v
            if buf is not self._b or start != self._at or len(v) != free:
                v = memoryview(buf)[start:]
                self._b = buf
                self._at = start
                self._v = v
        try:
            n = s.recv_into(v, free)
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
        s = self._s
        if s is None or (self._t and not self._push()):
            return False
        k = 0
        if n and not self._t:
            try:
                k = s.send(buf if n == len(buf) else memoryview(buf)[:n])
            except OSError as e:
                if e.errno not in _IDLE:
                    self.close()
                    return False
        return k >= n or self._keep(buf, k, n)

    def _keep(self, buf, i, n):
        """Queue ``buf[i:n]`` behind what waits; past _TAIL the link is gone."""
        q = self._q
        if q is None:
            q = self._q = bytearray(_TAIL)
        h = self._h
        t = self._t
        m = n - i
        if t - h + m > _TAIL:
            self.close()
            return False
        if t + m > _TAIL:  # move what waits to the front
            q[: t - h] = q[h:t]
            t -= h
            h = 0
        q[t : t + m] = memoryview(buf)[i:n]
        self._h = h
        self._t = t + m
        return True

    def _push(self):
        """Send what waits; False (and closed) once the link is gone."""
        try:
            k = self._s.send(memoryview(self._q)[self._h : self._t])
        except OSError as e:
            if e.errno in _IDLE:
                return True
            self.close()
            return False
        self._h += k
        if self._h >= self._t:
            self._h = self._t = 0
        return True

    def close(self):
        s = self._s
        self._s = None
        self._q = self._b = self._v = None
        self._h = self._t = 0
        if s is not None:
            try:
                s.close()
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
        self._s = s
        self.name = "TCP %s:%d" % (wifi.radio.ipv4_address, port)

    def accept(self):
        """A guest that has connected since, or None; never blocks."""
        s = self._s
        if s is None:
            return None
        try:
            c, a = s.accept()
        except OSError:  # EAGAIN: nobody new
            return None
        return WifiLink(c, "TCP %s:%d" % a)

    def close(self):
        """Stop listening; the links accepted stay open."""
        if self._s is not None:
            self._s.close()
            self._s = None


def join(where, port):
    """A guest's link to the host at ``where`` ("HOST" or "HOST:PORT");
    blocks while it connects (5 s at most), raising OSError if it cannot."""
    i = where.find(":")
    if i >= 0:
        port = int(where[i + 1 :])
        where = where[:i]
    pool = _net()
    s = pool.socket(pool.AF_INET, pool.SOCK_STREAM)
    try:
        s.settimeout(5)
        s.connect((where, port))
    except Exception:
        s.close()
        raise
    return WifiLink(s, "TCP %s:%d" % (where, port))
