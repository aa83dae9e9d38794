"""The hosting console's connections in link play (docs/link.md): each
guest's link (``Peer``), read into whole frames and written to with a
sequence number each way, pinged while quiet and marked gone when silent.
What a frame means is the host's (``link/host.py``): this module knows
links and frames, never seats or games.
"""

from micropython import const

from engine.ticks import ticks_diff
from link import frame as lf

_QUIET_MS = const(2500)  # a guest silent this long has gone (a UART never says)
_PING_MS = const(1000)
_HELLO_MS = const(2000)  # a link that has not said HELLO by then is closed (not a cable)
_PEERS = const(16)  # links held at once, at most (a table has 11 guest seats)


class Peer:
    """One guest's link: its decoder, seat and token, what it last sent."""

    def __init__(self, link, now):
        self.link = link
        self.dec = lf.Decoder()
        self.seat = -1  # given when the game starts
        self.token = None  # its seat's token (``link.proof.TOKEN`` bytes)
        self.told = False  # the token has reached its console (it is never sent again)
        self.challenge = None  # the challenge it was sent, until answered (``link.seats``)
        self.seq = -1  # the last frame's seq from it (a replay is refused)
        self.out = 0  # the seq of our next frame to it
        self.resent = 0  # ticks of the last observation sent to it (at most one a _RESEND_MS)
        self.have = -1  # the number of the last observation it said it has
        self.heard = now  # a byte came from it (a damaged frame too: its console is there)
        self.sent = now
        self.born = now  # when it was accepted
        self.gone = False
        self.hello = False  # it said HELLO: a console, not just a cable
        # a wire offered once (a UART): never closed for silence, its guest
        # may plug in later; any other link can be made again
        self.cable = getattr(link, "cable", False)


class Peers:
    """The links of a hub (``hal/CONTRACT.md``, "Link play"): ``host`` is
    told of each whole frame (``heard(peer)``, the frame in ``peer.dec``)
    and of each guest gone (``lost(peer)``); ``data`` is the payload of
    the next frame sent."""

    def __init__(self, hub, host):
        self.hub = hub
        self.host = host
        self.all = []
        self.frame = bytearray(lf.MAX_FRAME)
        self.data = bytearray(lf.MAX_PAYLOAD)
        self.rx = bytearray(64)
        self.messages = 0  # frames sent
        self.bytes = 0

    def send(self, p, kind, n):
        """A frame of ``data[:n]`` to ``p``; False when its link is gone
        (then only marked: the host says what follows once, after the frames)."""
        if p.link is None:
            return False
        k = lf.put(self.frame, kind, p.seat if p.seat >= 0 else lf.NO_SEAT, p.out, self.data, n)
        p.out += 1
        self.messages += 1
        self.bytes += k
        p.sent = self.host.now
        if p.link.send(self.frame, k):
            return True
        self.lose(p)
        return False

    def send_all(self, kind, n):
        """``data[:n]`` to every seated guest that is there."""
        for p in self.all:
            if p.seat >= 0 and not p.gone:
                self.send(p, kind, n)

    def say(self, p, kind, *values):
        for i in range(len(values)):
            self.data[i] = values[i]
        return self.send(p, kind, len(values))

    def poll(self, now, playing):
        """Take new links and every frame that came; mark the silent gone
        (while not ``playing``, only unjoined: a cable stays open, its guest
        may speak again); let go of links that hold no seat and are gone,
        and of links that said no HELLO in time."""
        while True:
            link = self.hub.accept()
            if link is None:
                break
            if len(self.all) >= _PEERS and not self._evict(now):
                link.close()  # every link is a seat's or brand new: no room
                continue
            self.all.append(Peer(link, now))
        tidy = False
        for p in self.all:
            if p.link is None:
                tidy = tidy or (p.gone and p.seat < 0)
                continue
            if not (p.hello or p.cable or p.seat >= 0) and ticks_diff(now, p.born) > _HELLO_MS:
                self.drop(p)  # a link that says nothing a console says: closed
                tidy = True
                continue
            n = p.link.recv_into(self.rx)
            if n < 0:
                self.drop(p)
                tidy = True
                continue
            if n:
                p.heard = now
            i = 0
            while i < n or p.dec.ready:
                i += p.dec.feed(self.rx, n - i, i)
                if not p.dec.ready:
                    break
                self.host.heard(p)
            if p.gone:
                tidy = tidy or p.seat < 0
                if p.seat >= 0 and ticks_diff(now, p.sent) > _PING_MS:
                    p.sent = now  # its link still open (a cable): its guest hears the host
                    self.host.ping(p)  # is there, and that the game waits for its seat
            elif ticks_diff(now, p.heard) > _QUIET_MS:
                if playing:
                    self.lose(p)
                elif p.cable:  # in the lobby: not joined until it speaks again
                    p.hello = False
                else:
                    self.drop(p)
                    tidy = True
            elif ticks_diff(now, p.sent) > _PING_MS and (p.hello or p.seat >= 0):
                p.sent = now
                self.host.ping(p)
        if tidy:
            for p in self.all:
                if p.gone and p.seat < 0:
                    self.close_link(p)
            self.all = [p for p in self.all if not (p.gone and p.seat < 0)]

    def _evict(self, now):
        """Room for a new link: the oldest that holds no seat goes (one
        that never said HELLO first). A seated guest coming back always
        finds room, whoever else knocks; links accepted this very frame
        are spared, so a flood cannot push out a guest before it speaks."""
        old = None
        for p in self.all:
            if p.seat >= 0 or p.born == now or p.cable:
                continue
            if (
                old is None
                or (old.hello and not p.hello)
                or (old.hello == p.hello and ticks_diff(old.born, p.born) > 0)
            ):
                old = p
        if old is None:
            return False
        self.close_link(old)
        old.gone = True
        self.all.remove(old)
        return True

    def lose(self, p):
        """``p`` is gone (its link may stay open: a cable); the host is told."""
        if p.gone:
            return
        p.gone = True
        p.dec.reset()
        self.host.lost(p)

    def close_link(self, p):
        if p.link is not None:
            p.link.close()
            p.link = None

    def drop(self, p):
        """Close ``p``'s link (a cable pulled, a socket closed): it is gone."""
        self.close_link(p)
        self.lose(p)

    def close(self, why):
        """Every guest told why (BYE), every link closed, the hub shut."""
        for p in self.all:
            if p.link is not None and not p.gone:
                self.say(p, lf.BYE, why)
            self.close_link(p)
            p.gone = True
        self.hub.close()
