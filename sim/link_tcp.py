"""Link play between simulators over TCP (hal/CONTRACT.md, "Link play").

``TcpHub(port)`` listens (port 0: any free one, then in ``.port``);
``connect(host, port)`` is a guest's link. Sockets are non-blocking with
TCP_NODELAY; what a socket cannot take at once waits in a tail of at most
2 KB, pushed on later calls (more and the link counts as gone, as on the
board's Wi-Fi link, ``hal/link_wifi.py``).
"""

import socket

TAIL = 2048  # unsent bytes a link keeps; more and it counts as gone


def _nodelay(sock):
    sock.setblocking(False)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class TcpLink:
    def __init__(self, sock, name=None):
        _nodelay(sock)
        self._sock = sock
        self._tail = bytearray()
        if name is None:
            host, port = sock.getpeername()[:2]
            name = "TCP %s:%d" % (host, port)
        self.name = name

    def recv_into(self, buf, start=0):
        """Bytes waiting, read into ``buf[start:]``; 0 if none; -1 once the
        link is gone. Never blocks."""
        if self._sock is None or not self._push():
            return -1
        if start >= len(buf):
            return 0
        try:
            n = self._sock.recv_into(memoryview(buf)[start:])
        except (BlockingIOError, InterruptedError):
            return 0
        except OSError:
            n = 0
        if n:
            return n
        self.close()  # 0: the peer closed
        return -1

    def send(self, buf, n):
        """Write ``buf[:n]``; what the socket cannot take now waits."""
        if self._sock is None or not self._push():
            return False
        data = memoryview(buf)[:n]
        sent = 0
        if not self._tail and n:
            try:
                sent = self._sock.send(data)
            except (BlockingIOError, InterruptedError):
                pass
            except OSError:
                self.close()
                return False
        if n - sent:
            if len(self._tail) + n - sent > TAIL:
                self.close()
                return False
            self._tail += data[sent:]
        return True

    def _push(self):
        """Send what waits; False (and closed) once the link is gone."""
        if not self._tail:
            return True
        try:
            k = self._sock.send(self._tail)
        except (BlockingIOError, InterruptedError):
            return True
        except OSError:
            self.close()
            return False
        del self._tail[:k]
        return True

    def close(self):
        sock, self._sock = self._sock, None
        self._tail = bytearray()
        if sock is not None:
            sock.close()


class TcpHub:
    """A host's listening socket: ``accept`` gives each new guest's link."""

    def __init__(self, port, host="127.0.0.1"):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((host, port))
            sock.listen(8)
            sock.setblocking(False)
        except OSError:
            sock.close()
            raise
        self._sock = sock
        self.host = host
        self.port = sock.getsockname()[1]
        self.name = "TCP %s:%d" % (host, self.port)

    def accept(self):
        """A guest that has connected since, or None; never blocks."""
        if self._sock is None:
            return None
        try:
            sock, _addr = self._sock.accept()
        except OSError:  # nobody new (or a guest that gave up while waiting)
            return None
        return TcpLink(sock)

    def close(self):
        """Stop listening; the links accepted stay open."""
        if self._sock is not None:
            self._sock.close()
            self._sock = None


def connect(host, port, timeout=5):
    """A guest's link to the hub at ``host:port``; OSError if it cannot
    connect within ``timeout`` seconds."""
    sock = socket.create_connection((host, port), timeout=timeout)
    return TcpLink(sock, "TCP %s:%d" % (host, port))
