"""Links in memory, for consoles run in one process on a clock the test
drives (``sim.linkgame``): the transports of hal/CONTRACT.md, "Link play",
with what goes wrong on real ones made to happen on purpose.

A ``Net`` stands for what joins the consoles: TCP on one machine
(``cable=False``: a guest's ``join`` makes a new connection to whichever
host listens; a host restarted listens again) or UART cables, one a
guest (``cable=True``: the same two wires whatever restarts; a guest
that reopens its port finds the cable there, and a host offers each
cable once, as a board's UARTs).

A ``Wire`` is one connection. Each end reads what the other sent; an end
closed is seen by the other as closed (-1) on TCP and never on a cable
(silence is the only sign, as on a board). ``half_open(side)`` breaks
one end only: it reads -1, while the other end goes on sending into
nothing and hears nothing, as a TCP connection whose far machine lost
its network. With ``noise`` P each byte carried has a bit flipped with
probability P and a random byte put after it with probability P, as
``sim.linkplay``'s noisy cable.
"""

import random

HOST = 0
GUEST = 1


class Wire:
    """One connection: ``ends[HOST]`` and ``ends[GUEST]``."""

    def __init__(self, cable=False, noise=0.0, rng=None):
        self.cable = cable
        self.noise = noise
        self.rng = rng or random.Random(1)
        self.box = [bytearray(), bytearray()]  # what each side has to read
        self.up = [True, True]  # each side's end open
        self.heard = [True, True]  # each side still hears the other (False: half-open)
        self.flipped = 0
        self.inserted = 0
        self.ends = [End(self, HOST), End(self, GUEST)]

    def carry(self, side, data):
        """Bytes sent from ``side``, into the other side's box."""
        other = 1 - side
        if not (self.up[other] and self.heard[other]):
            return  # nobody at the other end reads them
        box = self.box[other]
        if not self.noise:
            box += data
            return
        rng = self.rng
        for b in data:
            if rng.random() < self.noise:
                b ^= 1 << rng.randrange(8)
                self.flipped += 1
            box.append(b)
            if rng.random() < self.noise:
                box.append(rng.randrange(256))
                self.inserted += 1

    def half_open(self, side):
        """``side``'s end breaks (it reads -1 from now on), but the other
        end is never told: what it sends goes nowhere, it hears nothing."""
        self.ends[side].broken = True
        self.heard[1 - side] = False
        self.heard[side] = False
        self.box[1 - side] = bytearray()

    def reopen(self, side):
        """A cable's end opened again (a port reopened, a board restarted):
        the same wires, nothing left in its box."""
        self.up[side] = True
        self.heard = [True, True]
        self.box[side] = bytearray()
        end = self.ends[side] = End(self, side)
        return end


class End:
    """One end of a ``Wire``: ``recv_into``, ``send``, ``close`` as the
    contract says; ``cable`` as a UART's (offered once, never -1)."""

    def __init__(self, wire, side):
        self.wire = wire
        self.side = side
        self.cable = wire.cable
        self.broken = False
        self.closed = False
        self.name = ("UART%d" if wire.cable else "MEM %d") % side

    def _dead(self):
        w = self.wire
        if self.closed or self.broken or w.ends[self.side] is not self:
            return True
        return not w.cable and not w.up[1 - self.side] and not w.box[self.side]

    def recv_into(self, buf, start=0):
        if self._dead():
            return -1
        box = self.wire.box[self.side]
        n = min(len(buf) - start, len(box))
        if n <= 0:
            return 0
        buf[start : start + n] = box[:n]
        del box[:n]
        return n

    def send(self, buf, n):
        if self._dead():
            return False
        self.wire.carry(self.side, bytes(memoryview(buf)[:n]))
        return True

    def close(self):
        if not (self.closed or self.broken) and self.wire.ends[self.side] is self:
            self.wire.up[self.side] = False  # (a broken end's close never reaches the other)
        self.closed = True


class Hub:
    """A host's hub: each guest's end as it comes (``accept``)."""

    name = "MEM"

    def __init__(self, net):
        self.net = net
        self.new = []
        self.open = True

    def accept(self):
        return self.new.pop(0) if self.new else None

    def close(self):
        self.open = False  # links accepted stay open


class Net:
    """What joins the consoles: ``listen`` is a host's ``link_host``,
    ``join`` a guest's ``link_join`` (``guest``: which cable is its)."""

    def __init__(self, cable=False, guests=1, noise=0.0, seed=1):
        self.cable = cable
        self.noise = noise
        self.rng = random.Random(seed)
        self.hub = None  # the host listening, if any
        self.wires = []  # every connection made, oldest first
        self.cables = [Wire(True, noise, self.rng) for _ in range(guests)] if cable else []
        for w in self.cables:
            self.wires.append(w)

    def listen(self):
        self.hub = Hub(self)
        if self.cable:  # each cable offered once, its host's end as it is now
            for w in self.cables:
                self.hub.new.append(w.reopen(HOST) if w.ends[HOST].closed else w.ends[HOST])
        return self.hub

    def join(self, guest=0):
        if self.cable:
            w = self.cables[guest]
            end = w.ends[GUEST]
            return w.reopen(GUEST) if end.closed or end.broken else end
        if self.hub is None or not self.hub.open:
            raise OSError("NO HOST AT MEM")
        w = Wire(False, self.noise, self.rng)
        self.wires.append(w)
        self.hub.new.append(w.ends[HOST])
        return w.ends[GUEST]

    def host_gone(self):
        """The host's console stopped (a power cut): its hub and every end
        of it close at once (TCP: its guests read -1; a cable says
        nothing)."""
        if self.hub is not None:
            self.hub.open = False
            self.hub = None
        for w in self.wires:
            end = w.ends[HOST]
            if not end.closed:
                end.close()  # (a cable's far end hears silence; TCP's reads -1)

    def flipped(self):
        return sum(w.flipped for w in self.wires)

    def inserted(self):
        return sum(w.inserted for w in self.wires)
