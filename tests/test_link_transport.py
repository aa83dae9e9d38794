"""Link play's byte transports (hal/CONTRACT.md, "Link play"): TCP between
simulators over loopback, a serial port on pseudo-terminals, a board's
UARTs on a stand-in ``busio``, and the Pico W's Wi-Fi on a stand-in
``socketpool``/``wifi`` pair over real loopback sockets; then which one
each HAL builds from its profile or command line."""

import errno
import importlib
import os
import select
import socket
import sys
import time
import tracemalloc
import types

import pytest

from hal import profiles
from sim import link_serial, link_tcp, wiring

HERE = os.path.dirname(os.path.abspath(__file__))
STANDINS = os.path.join(HERE, "standins")


def _until(cond, timeout=5.0):
    """Poll ``cond`` (a few ms apart) until it is true; fails after ``timeout``."""
    end = time.monotonic() + timeout
    while True:
        v = cond()
        if v:
            return v
        assert time.monotonic() < end, "timed out"
        time.sleep(0.002)


def _read(link, want, timeout=5.0, chunk=7, pump=None):
    """``want`` bytes from ``link``, read through a small buffer at rising
    ``start`` offsets, as a framing layer would."""
    buf = bytearray(chunk)
    got = bytearray()
    end = time.monotonic() + timeout
    while len(got) < want:
        if pump:
            pump()
        start = len(got) % 3  # bytes already held at the front of buf
        n = link.recv_into(buf, start)
        assert n >= 0, "link gone after %d of %d bytes" % (len(got), want)
        assert n <= chunk - start
        got += buf[start : start + n]
        if not n:
            assert time.monotonic() < end, "timed out after %d of %d bytes" % (len(got), want)
            time.sleep(0.001)
    return bytes(got)


def _accept(hub, timeout=5.0):
    return _until(hub.accept, timeout)


# -- TCP between simulators ---------------------------------------------------


@pytest.fixture
def hub():
    h = link_tcp.TcpHub(0)
    yield h
    h.close()


def test_tcp_hub_and_two_guests_move_bytes_both_ways(hub):
    assert hub.port > 0 and hub.name == "TCP 127.0.0.1:%d" % hub.port
    assert hub.accept() is None  # nobody yet, and it did not block
    g1 = link_tcp.connect("127.0.0.1", hub.port)
    h1 = _accept(hub)
    g2 = link_tcp.connect("127.0.0.1", hub.port)
    h2 = _accept(hub)
    assert hub.accept() is None
    assert g1.name == "TCP 127.0.0.1:%d" % hub.port and h1.name.startswith("TCP 127.0.0.1:")
    assert g1.recv_into(bytearray(8)) == 0  # nothing waiting: 0 at once
    assert g1.send(b"one from guest 1 and more", 16) and g2.send(bytearray(b"two from 2"), 10)
    assert _read(h1, 16) == b"one from guest 1"
    assert _read(h2, 10) == b"two from 2"
    assert h1.send(b"\x00\xffback\x01", 7) and h2.send(memoryview(b"xyz"), 3)
    assert _read(g1, 7) == b"\x00\xffback\x01"
    assert _read(g2, 3) == b"xyz"
    assert h1.send(b"", 0)  # nothing to send is fine
    buf = bytearray(4)
    assert h1.recv_into(buf, 4) == 0  # no room: 0, nothing read
    for link in (g1, g2, h1, h2):
        link.close()
        link.close()  # idempotent
        assert link.recv_into(bytearray(4)) == -1 and not link.send(b"x", 1)


def test_tcp_a_large_burst_goes_through_partial_sends_in_order(hub):
    guest = link_tcp.connect("127.0.0.1", hub.port)
    host = _accept(hub)
    host._sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    data = bytes(i * 7 & 0xFF for i in range(300_000))
    got = bytearray()
    buf = bytearray(1500)
    tails = 0
    i = 0
    t0 = time.monotonic()
    while len(got) < len(data):
        if i < len(data) and not host._tail:  # send until the socket pushes back
            assert host.send(data[i : i + 1500], len(data[i : i + 1500]))
            i += 1500
            tails += bool(host._tail)
            continue
        assert host.recv_into(buf) == 0  # pushes the tail
        n = guest.recv_into(buf)  # the guest reads only then
        assert n >= 0
        got += buf[:n]
        assert time.monotonic() - t0 < 20
    assert bytes(got) == data
    assert tails > 0  # some sends were partial: the tail carried the rest


def test_tcp_a_peer_that_stops_reading_is_gone_past_the_tail(hub):
    guest = link_tcp.connect("127.0.0.1", hub.port)
    host = _accept(hub)
    chunk = bytes(1024)
    t0 = time.monotonic()
    sends = 0
    while host.send(chunk, len(chunk)):  # the guest never reads
        sends += 1
        assert sends < 100_000
    assert time.monotonic() - t0 < 5  # no send blocked
    assert host.recv_into(bytearray(8)) == -1 and not host.send(b"x", 1)
    guest.close()


def test_tcp_peer_close_reads_minus_one_after_its_last_bytes(hub):
    guest = link_tcp.connect("127.0.0.1", hub.port)
    host = _accept(hub)
    assert guest.send(b"bye", 3)
    guest.close()
    assert _read(host, 3) == b"bye"  # what it sent before closing comes first
    _until(lambda: host.recv_into(bytearray(8)) == -1)
    assert host.recv_into(bytearray(8)) == -1 and not host.send(b"x", 1)
    # and the other way round
    guest = link_tcp.connect("127.0.0.1", hub.port)
    host = _accept(hub)
    host.close()
    _until(lambda: guest.recv_into(bytearray(8)) == -1)
    assert not guest.send(b"x", 1)


def test_tcp_a_guest_that_reconnects_comes_back_as_a_new_link(hub):
    guest = link_tcp.connect("127.0.0.1", hub.port)
    first = _accept(hub)
    guest.close()
    _until(lambda: first.recv_into(bytearray(8)) == -1)
    guest = link_tcp.connect("127.0.0.1", hub.port)
    second = _accept(hub)
    assert second is not first
    assert guest.send(b"again", 5) and _read(second, 5) == b"again"
    hub.close()
    hub.close()
    assert hub.accept() is None  # a closed hub takes nobody new...
    assert second.send(b"still", 5) and _read(guest, 5) == b"still"  # ...keeps the links
    with pytest.raises(OSError):
        link_tcp.connect("127.0.0.1", hub.port, timeout=2)  # nobody listens now


# -- a serial port, on pseudo-terminals ---------------------------------------


def _pty():
    master, slave = os.openpty()
    name = os.ttyname(slave)
    return master, slave, name


def _master_read(fd, want, timeout=5.0):
    got = b""
    end = time.monotonic() + timeout
    while len(got) < want:
        r, _, _ = select.select([fd], [], [], max(0, end - time.monotonic()))
        assert r, "timed out after %r" % got
        got += os.read(fd, want - len(got))
    return got


def test_serial_link_over_a_pty_moves_bytes_both_ways():
    master, slave, name = _pty()
    link = link_serial.SerialLink(name)
    os.close(slave)  # pyserial holds its own descriptor
    try:
        assert link.name == "serial " + name
        assert link.recv_into(bytearray(8)) == 0
        os.write(master, bytes(range(256)))  # raw: every byte value as it is
        assert _read(link, 256, chunk=64) == bytes(range(256))
        raw = b"\r\n\x00\x03\x04\x11\x13 to master"  # no line discipline in the way
        assert link.send(raw + b"not this", len(raw))
        assert _master_read(master, len(raw)) == raw
    finally:
        link.close()
        link.close()
        os.close(master)
    assert link.recv_into(bytearray(8)) == -1 and not link.send(b"x", 1)


def test_serial_host_and_guest_on_a_null_modem_cable_of_two_ptys():
    """Two simulators, one hosting on a serial port, one joining on
    another; the test copies bytes between the two masters (the cable)."""
    ma, sa, na = _pty()
    mb, sb, nb = _pty()
    for fd in (ma, mb):
        os.set_blocking(fd, False)

    def cable():
        for src, dst in ((ma, mb), (mb, ma)):
            try:
                data = os.read(src, 4096)
            except BlockingIOError:
                continue
            os.write(dst, data)

    hub = link_serial.SerialHub(na)
    guest = link_serial.SerialLink(nb)
    os.close(sa)
    os.close(sb)
    try:
        assert hub.name == "serial " + na
        host = hub.accept()
        assert host.name == "serial " + na and hub.accept() is None  # once
        assert guest.send(b"hello host", 10)
        assert _read(host, 10, pump=cable) == b"hello host"
        assert host.send(b"hello guest", 11)
        assert _read(guest, 11, pump=cable) == b"hello guest"
        hub.close()  # the link accepted stays open
        assert host.send(b"!", 1) and _read(guest, 1, pump=cable) == b"!"
    finally:
        os.close(ma)
        os.close(mb)
    # the cable pulled out (the ptys hung up): both ports fail, the links are gone
    _until(lambda: host.recv_into(bytearray(8)) == -1)
    _until(lambda: guest.recv_into(bytearray(8)) == -1)
    assert not host.send(b"x", 1) and not guest.send(b"x", 1)


def test_serial_writes_never_block_when_nobody_reads():
    master, slave, name = _pty()
    link = link_serial.SerialLink(name)
    os.close(slave)
    try:
        t0 = time.monotonic()
        for _ in range(100):
            assert link.send(bytes(4000), 4000)  # a UART: never gone for a silent peer
        assert time.monotonic() - t0 < 2
        assert link.dropped > 0 and len(link._tail) <= link_serial.TAIL
        assert link.recv_into(bytearray(4)) == 0
    finally:
        link.close()
        os.close(master)


def test_a_missing_serial_port_raises_oserror():
    with pytest.raises(OSError):
        link_serial.SerialLink("/dev/nonexistent-link-port")


# -- a board's UARTs, on a stand-in busio -------------------------------------


class _Pin:
    def __init__(self, name):
        self.name = name


class FakeUART:
    """busio.UART as CircuitPython 10 has it: ``readinto(buf)`` takes what
    waits up to ``len(buf)`` (None when nothing), ``write`` goes to the
    UART wired to this one."""

    made = []
    busy = set()

    def __init__(self, tx, rx, *, baudrate, timeout, receiver_buffer_size):
        if tx.name in self.busy:
            raise ValueError("%s in use" % tx.name)
        self.tx, self.rx = tx.name, rx.name
        self.baudrate, self.timeout, self.size = baudrate, timeout, receiver_buffer_size
        self.inbox = bytearray()
        self.peer = None
        self.deinits = 0
        FakeUART.made.append(self)

    @property
    def in_waiting(self):
        return len(self.inbox)

    def readinto(self, buf):
        n = min(len(buf), len(self.inbox))
        if not n:
            return None
        buf[:n] = self.inbox[:n]
        del self.inbox[:n]
        return n

    def write(self, buf):
        if self.peer is not None:
            self.peer.inbox += bytes(buf)
        return len(buf)

    def deinit(self):
        self.deinits += 1


def _wire(a, b):
    """A cable: each one's TX to the other's RX."""
    a.peer, b.peer = b, a


@pytest.fixture
def fake_busio():
    FakeUART.made = []
    FakeUART.busy = set()
    busio = types.ModuleType("busio")
    busio.UART = FakeUART
    board = types.ModuleType("board")
    for name in ("GP0", "GP1", "GP8", "GP9", "TX", "RX"):
        setattr(board, name, _Pin(name))
    return busio, board


class _Modules:
    """Swap modules into sys.modules (and the ``hal`` package) for one
    test; everything as it was afterwards."""

    def __init__(self):
        import hal

        self.hal = hal
        self.saved = dict(sys.modules)
        self.attrs = {k: getattr(hal, k, None) for k in ("device", "link_uart", "link_wifi")}

    def restore(self):
        for k in list(sys.modules):
            if k not in self.saved:
                del sys.modules[k]
        sys.modules.update(self.saved)
        for k, v in self.attrs.items():
            if v is None:
                if hasattr(self.hal, k):
                    delattr(self.hal, k)
            else:
                setattr(self.hal, k, v)


@pytest.fixture
def modules():
    m = _Modules()
    yield m
    m.restore()


def _fresh(name, fakes):
    """Import ``name`` anew with ``fakes`` ({module name: module}) in place."""
    sys.modules.update(fakes)
    sys.modules.pop(name, None)
    return importlib.import_module(name)


def test_uart_hub_offers_each_uart_once_and_bytes_cross(fake_busio, modules):
    busio, board = fake_busio
    lu = _fresh("hal.link_uart", {"busio": busio, "board": board})
    pico = profiles.get("pico-128x64")
    hub = lu.UartHub(pico["link"], pico["link_baud"])
    u0, u1 = FakeUART.made
    assert (u0.tx, u0.rx, u1.tx, u1.rx) == ("GP0", "GP1", "GP8", "GP9")
    assert all(u.baudrate == 115200 and u.timeout == 0 and u.size == 512 for u in (u0, u1))
    a = hub.accept()
    b = hub.accept()
    assert (a.name, b.name, hub.accept()) == ("UART0", "UART1", None)
    guest = lu.UartLink("GP0", "GP1", 115200, "UART0")
    _wire(u1, FakeUART.made[-1])  # the guest is cabled to the host's UART1
    assert guest.recv_into(bytearray(8)) == 0 and b.recv_into(bytearray(8)) == 0
    assert guest.send(b"from the guest!", 15)
    assert _read(b, 15) == b"from the guest!"
    assert b.send(bytearray(b"to guest, and not this"), 8)
    assert _read(guest, 8) == b"to guest"
    assert a.recv_into(bytearray(8)) == 0  # nobody on UART0: silence, never -1
    buf = bytearray(b"keep....")
    assert b.send(b"abcdef", 6)
    assert guest.recv_into(buf, 4) == 4 and buf == b"keepabcd"  # at most len(buf) - start
    assert guest.recv_into(buf, 8) == 0  # no room
    assert guest.recv_into(buf, 0) == 2 and buf[:2] == b"ef"
    hub.close()  # the links accepted stay open
    assert u1.deinits == 0 and b.send(b"z", 1)
    b.close()
    b.close()
    assert u1.deinits == 1
    assert b.recv_into(bytearray(4)) == -1 and not b.send(b"x", 1)


def test_uart_hub_closes_what_it_offered_but_nobody_took(fake_busio, modules):
    busio, board = fake_busio
    lu = _fresh("hal.link_uart", {"busio": busio, "board": board})
    hub = lu.UartHub((("GP0", "GP1"), ("GP8", "GP9")), 115200)
    hub.accept()
    hub.close()
    assert [u.deinits for u in FakeUART.made] == [0, 1]
    assert hub.accept() is None
    FakeUART.busy.add("GP8")  # the second UART's pins in use: the first let go
    with pytest.raises(ValueError):
        lu.UartHub((("GP0", "GP1"), ("GP8", "GP9")), 115200)
    assert FakeUART.made[-1].deinits == 1


def test_uart_recv_into_allocates_nothing_in_steady_use(fake_busio, modules):
    busio, board = fake_busio
    lu = _fresh("hal.link_uart", {"busio": busio, "board": board})
    link = lu.UartLink("GP0", "GP1", 115200, "UART0")
    uart = FakeUART.made[-1]
    buf = bytearray(64)

    def rounds():
        for _ in range(200):
            uart.inbox += b"0123456789"
            assert link.recv_into(buf, 0) == 10
            assert link.recv_into(buf, 0) == 0  # nothing waiting
            uart.inbox += b"abc"
            assert link.recv_into(buf, 20) == 3  # one place in one buffer

    rounds()  # warm: the view of buf[20:] is made once
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        rounds()
        after = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
    only = [tracemalloc.Filter(True, lu.__file__)]
    grown = after.filter_traces(only).compare_to(before.filter_traces(only), "lineno")
    assert not [s for s in grown if s.count_diff > 0], grown[:3]


_MP_FAKES = {
    "board.py": 'GP0 = "GP0"\nGP1 = "GP1"\n',
    "busio.py": """
class UART:
    def __init__(self, tx, rx, baudrate=9600, timeout=1, receiver_buffer_size=64):
        self.n = 0  # bytes waiting (their values do not matter here)
    @property
    def in_waiting(self):
        return self.n
    def readinto(self, buf):
        k = min(len(buf), self.n)
        self.n -= k
        return k or None
    def write(self, buf):
        return len(buf)
    def deinit(self):
        pass
""",
    "wifi.py": "class _R:\n    ipv4_address = '10.0.0.2'\nradio = _R()\n",
    "socketpool.py": "class SocketPool:\n    def __init__(self, radio):\n        pass\n",
}
_MP_CHECK = """
import sys
sys.path.insert(0, %r)
import errno, gc
from hal import link_uart, link_wifi
link = link_uart.UartLink("GP0", "GP1", 115200, "UART0")
u = link._uart
buf = bytearray(64)
def rounds(k):
    for _ in range(k):
        u.n = 10
        assert link.recv_into(buf, 0) == 10
        assert link.recv_into(buf, 0) == 0
        u.n = 3
        assert link.recv_into(buf, 20) == 3
rounds(2)
gc.collect()
gc.disable()
a = gc.mem_alloc()
rounds(100)
print("uart", gc.mem_alloc() - a)
gc.enable()
class S:  # a socket taking what quota says, raising OSError(errno) as a board's does
    def __init__(self):
        self.quota, self.out, self.err, self.closed = [], bytearray(), errno.EAGAIN, False
    def setblocking(self, f):
        pass
    def setsockopt(self, *a):
        raise OSError(errno.EOPNOTSUPP)
    def send(self, d):
        k = min(len(d), self.quota.pop(0) if self.quota else 0)
        if not k:
            raise OSError(errno.EAGAIN)
        self.out.extend(d[:k])
        return k
    def recv_into(self, b, n):
        raise OSError(self.err)
    def close(self):
        self.closed = True
s = S()
w = link_wifi.WifiLink(s, "x")
sent = bytearray()
for data, quota in ((bytes(range(200)) * 7, [100]), (b"B" * 500, [0]), (b"", [1000]),
                    (b"C" * 1000, [0]), (b"", [5000])):
    s.quota = quota
    sent.extend(data)
    assert w.send(data, len(data))
assert s.out == sent and w._tail == 0
s.err = errno.ETIMEDOUT
assert w.recv_into(bytearray(8), 3) == 0
s.err = errno.ECONNRESET
assert w.recv_into(bytearray(8), 3) == -1 and s.closed
print("wifi ok")
"""


def test_uart_and_wifi_links_on_the_micropython_vm(tmp_path):
    """The device modules under MicroPython itself: its OSError(errno), its
    bytearray slices, and no allocation by ``recv_into`` in steady use."""
    from sim.mpvm import ROOT, run_mp

    for name, text in _MP_FAKES.items():
        (tmp_path / name).write_text(text)
    (tmp_path / "check.py").write_text(_MP_CHECK % ROOT)
    r = run_mp(["check.py"], cwd=str(tmp_path), timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.split() == ["uart", "0", "wifi", "ok"]


# -- the Pico W's Wi-Fi, on a stand-in socketpool over real sockets -----------


class _Radio:
    def __init__(self):
        self.ipv4_address = None
        self.joined = None

    def connect(self, ssid, password=""):
        self.joined = (ssid, password)
        self.ipv4_address = "127.0.0.1"


def _oserror(code):
    """CircuitPython's OSError(errno); CPython sets ``.errno`` only with a message."""
    return OSError(code, os.strerror(code))


class FakeSocket:
    """A socketpool Socket as CircuitPython's: plain OSError(errno) for every
    failure, ``recv_into(buf, nbytes)``, ``bind(("", port))`` = any address
    (here loopback only)."""

    def __init__(self, sock):
        self.s = sock
        self.opts = []
        self.blocking = None

    def _call(self, fn, *args):
        try:
            return fn(*args)
        except OSError as e:
            raise _oserror(e.errno or errno.EIO) from None

    def setblocking(self, flag):
        self.blocking = flag
        self.s.setblocking(flag)

    def settimeout(self, t):
        self.s.settimeout(t)

    def setsockopt(self, level, opt, value):
        self.opts.append((level, opt, value))
        self.s.setsockopt(level, opt, value)

    def bind(self, addr):
        self._call(self.s.bind, (addr[0] or "127.0.0.1", addr[1]))

    def listen(self, n):
        self.s.listen(n)

    def accept(self):
        c, a = self._call(self.s.accept)
        return FakeSocket(c), a

    def connect(self, addr):
        self._call(self.s.connect, addr)

    def recv_into(self, buf, nbytes=0):
        return self._call(self.s.recv_into, buf, nbytes)

    def send(self, data):
        return self._call(self.s.send, data)

    def close(self):
        self.s.close()


def _fake_wifi():
    wifi = types.ModuleType("wifi")
    wifi.radio = _Radio()
    pool_mod = types.ModuleType("socketpool")

    class SocketPool:
        AF_INET = socket.AF_INET
        SOCK_STREAM = socket.SOCK_STREAM
        IPPROTO_TCP = socket.IPPROTO_TCP
        TCP_NODELAY = socket.TCP_NODELAY
        SOL_SOCKET = socket.SOL_SOCKET
        SO_REUSEADDR = socket.SO_REUSEADDR

        def __init__(self, radio):
            assert radio is wifi.radio and radio.ipv4_address is not None

        def socket(self, family, kind):
            return FakeSocket(socket.socket(family, kind))

    pool_mod.SocketPool = SocketPool
    return wifi, pool_mod


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def link_wifi(modules, monkeypatch):
    monkeypatch.setenv("CIRCUITPY_WIFI_SSID", "console-net")
    monkeypatch.setenv("CIRCUITPY_WIFI_PASSWORD", "secret")
    wifi, pool = _fake_wifi()
    return _fresh("hal.link_wifi", {"wifi": wifi, "socketpool": pool}), wifi


def test_wifi_hub_and_guests_over_a_stand_in_socketpool(link_wifi):
    lw, wifi = link_wifi
    port = _free_port()
    hub = lw.WifiHub(port)
    assert wifi.radio.joined == ("console-net", "secret")  # joined the network first
    assert hub.name == "TCP 127.0.0.1:%d" % port
    assert hub.accept() is None  # EAGAIN: nobody yet
    g1 = lw.join("127.0.0.1", port)
    g2 = lw.join("127.0.0.1:%d" % port, 1)  # CONSOLE_LINK_HOST with its port
    h1 = _accept(hub)
    h2 = _accept(hub)
    assert g1.name == g2.name == "TCP 127.0.0.1:%d" % port and h1.name.startswith("TCP 127.0.0.1:")
    for link in (g1, h1):
        assert link._sock.blocking is False
        assert (socket.IPPROTO_TCP, socket.TCP_NODELAY, 1) in link._sock.opts
    assert g1.recv_into(bytearray(4)) == 0
    assert g1.send(b"guest one", 9) and g2.send(b"guest two...", 9)
    assert _read(h1, 9) == b"guest one" and _read(h2, 9) == b"guest two"
    assert h2.send(bytearray(b"\x00\x01\x02"), 3) and _read(g2, 3) == b"\x00\x01\x02"
    g1.close()
    _until(lambda: h1.recv_into(bytearray(4)) == -1)  # the peer closed
    assert not h1.send(b"x", 1)
    g3 = lw.join("127.0.0.1", port)  # a guest coming back: a new link
    h3 = _accept(hub)
    assert h3 is not h1 and g3.send(b"back", 4) and _read(h3, 4) == b"back"
    hub.close()
    hub.close()
    assert hub.accept() is None and h3.send(b"on", 2) and _read(g3, 2) == b"on"
    for link in (g2, h2, g3, h3):
        link.close()
        link.close()
    with pytest.raises(OSError):
        lw.join("127.0.0.1", port)  # nobody listens


def test_wifi_burst_partial_sends_and_a_peer_that_stops_reading(link_wifi):
    lw, _ = link_wifi
    port = _free_port()
    hub = lw.WifiHub(port)
    guest = lw.join("127.0.0.1", port)
    host = _accept(hub)
    host._sock.s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    data = bytes(i * 13 & 0xFF for i in range(200_000))
    got = bytearray()
    buf = bytearray(1000)
    i = tails = 0
    while len(got) < len(data):
        if i < len(data) and not host._tail:  # send until the socket pushes back
            chunk = data[i : i + 1200]
            assert host.send(chunk, len(chunk))
            i += len(chunk)
            tails += bool(host._tail)
            continue
        assert host.recv_into(buf, 0) == 0  # pushes the tail
        n = guest.recv_into(buf, 0)  # the guest reads only then
        assert n >= 0
        got += buf[:n]
    assert bytes(got) == data and tails > 0
    sends = 0
    while host.send(bytes(1024), 1024):  # now the guest reads no more
        sends += 1
        assert sends < 100_000
    assert host.recv_into(buf) == -1 and host._sock is None  # gone, its socket let go
    guest.close()
    hub.close()


class _Scripted:
    """A socket that takes what ``quota`` says on each send (0: EAGAIN)."""

    def __init__(self):
        self.quota = []
        self.out = bytearray()
        self.closed = False
        self.recv_error = errno.EAGAIN

    def setblocking(self, flag):
        pass

    def setsockopt(self, *a):
        raise _oserror(errno.EOPNOTSUPP)  # a port without TCP_NODELAY still works

    def send(self, data):
        k = min(len(data), self.quota.pop(0) if self.quota else 0)
        if not k:
            raise _oserror(errno.EAGAIN)
        self.out += bytes(data[:k])
        return k

    def recv_into(self, buf, n):
        raise _oserror(self.recv_error)

    def close(self):
        self.closed = True


def test_wifi_tail_keeps_order_through_short_sends_and_compaction(link_wifi):
    lw, _ = link_wifi
    s = _Scripted()
    link = lw.WifiLink(s, "TCP x")
    sent = bytearray()

    def send(data, quota):
        s.quota = list(quota)
        sent.extend(data)
        assert link.send(data, len(data))

    send(bytes(range(200)) * 7, [100])  # 1400 bytes: 100 go, 1300 wait
    assert (link._head, link._tail) == (0, 1300)
    send(b"B" * 500, [0])  # EAGAIN on the push: queued behind
    assert (link._head, link._tail) == (0, 1800)
    s.quota = [1000]
    assert link.recv_into(bytearray(8)) == 0  # pushes 1000; EAGAIN on the read
    assert (link._head, link._tail) == (1000, 1800)
    send(b"C" * 1000, [0])  # 800 + 1000 fit, but not after 1800: moved to the front
    assert (link._head, link._tail) == (0, 1800)
    s.quota = [5000]
    assert link.send(b"", 0) and link._tail == 0  # everything out
    assert s.out == sent
    s.recv_error = errno.ETIMEDOUT
    assert link.recv_into(bytearray(8), 3) == 0  # ETIMEDOUT: nothing now
    s.quota = [0]
    assert not link.send(bytes(3000), 3000) and s.closed  # past 2 KB: gone
    assert link.recv_into(bytearray(8)) == -1


def test_wifi_errors_other_than_eagain_mean_gone(link_wifi):
    lw, _ = link_wifi
    s = _Scripted()
    link = lw.WifiLink(s, "TCP x")
    s.recv_error = errno.ECONNRESET
    assert link.recv_into(bytearray(8)) == -1 and s.closed and not link.send(b"x", 1)


# -- which transport each HAL builds -------------------------------------------


@pytest.fixture
def device(modules, fake_busio, monkeypatch):
    """hal.device on the board stand-ins (tests/standins), with a UART in
    busio and the Wi-Fi stand-ins."""
    for name in ("board", "busio", "microcontroller", "keypad", "supervisor", "pwmio", "alarm"):
        sys.modules.pop(name, None)
    monkeypatch.syspath_prepend(STANDINS)
    import board
    import busio

    monkeypatch.setattr(busio, "UART", FakeUART)
    for name in ("TX", "RX"):  # the Feather's UART pins, beside the stand-in's
        monkeypatch.setattr(board, name, _Pin(name), raising=False)
    wifi, pool = _fake_wifi()
    sys.modules.update({"wifi": wifi, "socketpool": pool})
    for name in ("CIRCUITPY_WIFI_SSID", "CIRCUITPY_WIFI_PASSWORD", "CONSOLE_LINK_HOST"):
        monkeypatch.delenv(name, raising=False)
    dev = _fresh("hal.device", {})

    def hal(profile):
        hw = dev.DeviceHAL.__new__(dev.DeviceHAL)  # the links need only the profile
        hw.profile = profile if isinstance(profile, dict) else profiles.get(profile)
        return hw

    return hal


def test_device_hal_builds_uart_links_from_the_profile(device):
    hub = device("pico-128x64").link_host()
    assert [u.tx + u.rx for u in FakeUART.made] == ["GP0GP1", "GP8GP9"]
    assert (hub.accept().name, hub.accept().name, hub.accept()) == ("UART0", "UART1", None)
    guest = device("feather-128x32").link_join()
    assert guest.name == "UART0" and (FakeUART.made[-1].tx, FakeUART.made[-1].rx) == ("TX", "RX")
    bare = dict(profiles.get("pico-128x64"))
    del bare["link"]
    assert device(bare).link_host() is None and device(bare).link_join() is None
    # a Pico W without a network in settings.toml: its UARTs
    assert device("picow-128x64").link_join().name == "UART0"


def test_device_hal_uses_wifi_when_settings_name_a_network(device, monkeypatch):
    port = _free_port()
    monkeypatch.setitem(profiles.PROFILES, "picow-test", dict(profiles.get("picow-128x64"),
                                                              link_port=port))  # fmt: skip
    monkeypatch.setenv("CIRCUITPY_WIFI_SSID", "console-net")
    made = len(FakeUART.made)
    hub = device("picow-test").link_host()
    assert hub.name == "TCP 127.0.0.1:%d" % port
    guest = device("picow-test").link_join()  # no CONSOLE_LINK_HOST: the UART
    assert guest.name == "UART0"
    monkeypatch.setenv("CONSOLE_LINK_HOST", "127.0.0.1")
    guest = device("picow-test").link_join()
    assert guest.name == "TCP 127.0.0.1:%d" % port
    host = _accept(hub)
    assert guest.send(b"wifi", 4) and _read(host, 4) == b"wifi"
    assert len(FakeUART.made) == made + 1  # only the UART guest above opened a UART
    # the plain Pico has no Wi-Fi, whatever settings.toml says
    assert device("pico-128x64").link_join().name == "UART0"
    for x in (guest, host, hub):
        x.close()


def test_sim_hal_builds_links_from_its_command_line_spec():
    from sim.hal import SimHAL

    host_hw, guest_hw = SimHAL(), SimHAL()
    assert host_hw.link is None and host_hw.link_host() is None and host_hw.link_join() is None
    host_hw.link = ("host", 0)
    hub = host_hw.link_host()
    assert isinstance(hub, link_tcp.TcpHub) and hub.name == "TCP 127.0.0.1:%d" % hub.port
    assert host_hw.link_join() is None  # a host does not join
    guest_hw.link = ("join", "127.0.0.1:%d" % hub.port)
    assert guest_hw.link_host() is None
    guest = guest_hw.link_join()
    host = _accept(hub)
    assert guest.send(b"sim", 3) and _read(host, 3) == b"sim"
    for x in (guest, host, hub):
        x.close()
    host_hw.link = ("host", "127.0.0.1:%d" % _free_port())
    hub = host_hw.link_host()
    hub.close()
    master, slave, name = _pty()
    try:
        host_hw.link = ("host", "serial:" + name)
        hub = host_hw.link_host()
        assert isinstance(hub, link_serial.SerialHub) and hub.name == "serial " + name
        hub.close()
        guest_hw.link = ("join", "serial:" + name)
        guest = guest_hw.link_join()
        assert isinstance(guest, link_serial.SerialLink)
        guest.close()
    finally:
        os.close(slave)
        os.close(master)


def test_link_pins_are_in_the_wiring_diagrams():
    for name, prof in profiles.PROFILES.items():
        text = wiring.svg(name)
        for tx, rx in prof.get("link", ()):
            assert ">%s " % tx in text or ">%s<" % tx in text, (name, tx)
            assert ">%s " % rx in text or ">%s<" % rx in text, (name, rx)
        assert text.count(">Another console<") == len(prof.get("link", ()))


def test_a_board_without_a_random_source_refuses_to_host_in_words(device, monkeypatch):
    """Finding: without os.urandom (a SAMD21) the link key fell back to
    the millisecond clock; a SEAT token gave away 17 bits of it and the
    deal fell in 30 s. Now such a board refuses to host, in words on the
    panel, and draws no key from the clock; it can still join."""
    hal = device("pico-128x64")
    dev = sys.modules["hal.device"]

    def none(n):
        raise NotImplementedError

    monkeypatch.setattr(dev.os, "urandom", none)
    made = len(FakeUART.made)
    with pytest.raises(OSError) as e:
        hal.link_host()
    assert e.value.args[0] == dev.NO_RANDOM == "NO RANDOM SOURCE: CANNOT HOST"
    assert len(FakeUART.made) == made  # no link opened
    with pytest.raises(OSError):
        hal.random_bytes(8)  # never the clock
    assert hal.link_join().name == "UART0"  # joining needs no key
    from sim.headless import Session

    s = Session(seed=3, pace_ms=0)
    s.hw.link = ("host", 0)
    s.hw.link_host = hal.link_host
    s.app.to_title()
    s.wait_guard()
    while s.screen.items[s.screen.menu.index] != "Link play":
        s.press("DOWN")
    s.press("A")
    s.press("A")  # Host game
    assert type(s.screen).__name__ == "LinkMenu" and s.app.link is None
    assert s.screen.note.text().rstrip() == "NO RANDOM SOURCE: CANNOT HOST"


def test_the_simulators_seed_sets_deals_never_link_keys():
    """Finding: ``--seed N`` derived the link key and tokens from N: the
    same key every time, and a guest found N from its own token. Now the
    simulator's random bytes are os.urandom's whatever the seed (the game
    hosted with one seed twice: tests/test_link_host.py)."""
    from sim.hal import SimHAL

    a, b = SimHAL(seed=5), SimHAL(seed=5)
    assert a.entropy() == b.entropy() == 5  # (solo deals keep their numbers)
    assert a.random_bytes(8) != b.random_bytes(8)
