"""Who sits where in a linked game (docs/link.md, "Seats stay with their
owner"): the guests seated when the host deals, each with a token; a
guest coming back with its token, given a fresh one; a saved game's
guest seats waiting again after a power cut; a seat given to a computer.
The host's (``link.host.Host``), whose state these read and change: a
seat and its token live on each guest's link (``link.peers.Peer``).
"""

from link import frame as lf
from link.peers import Peer
from match import GUEST


def start(host, table):
    """The game is dealt: each guest is told its seat, with a token to
    come back with; the others are refused. A token is random from the
    board, never from the deals' generator: from its numbers a guest
    could work back to the deal, and every hand."""
    host.table = table
    match = table.match
    seats = [i for i in range(match.players) if match.kind(i) == GUEST]
    k = 0
    for p in host.peers.all:
        if p.gone or not p.hello:
            continue
        if k < len(seats):
            p.seat = seats[k]
            p.token = _token(host.hw)
            k += 1
            grant(host, p)
        else:
            host.peers.say(p, lf.BYE, lf.FULL)
            host.peers.lose(p)


def rejoin(host, table, seats):
    """A saved linked game resumed (Continue): each of its guest seats
    (``seats``: (seat, token), as saved) waits for its console to come
    back with its token; the pause menu may give it to a computer."""
    host.table = table
    now = host.hw.ticks_ms()
    for seat, token in seats:
        if 0 < seat < table.match.players and table.match.kind(seat) == GUEST and token:
            p = Peer(None, now)
            p.seat = seat
            p.token = token
            p.gone = True
            host.peers.all.append(p)
    host.sync()  # (no one to send to yet: the turn noted)


def hello(host, p):
    d = p.dec
    if d.n != 4:
        return host.refuse(p, lf.BAD)
    b = d.buf
    k = lf.PAYLOAD
    token = (b[k] & 0x3F) << 24 | b[k + 1] << 16 | b[k + 2] << 8 | b[k + 3]  # 30 bits
    peers = host.peers
    if p.seat >= 0 and host.table is not None:
        if not p.gone:
            grant(host, p)  # this link's seat, said again (its SEAT was lost on the way)
            return
        if token != p.token:
            return host.refuse(p, lf.ANOTHER_SEAT)  # a link that holds a seat takes no other
    if host.table is None:
        p.hello = True
        if len(host.joined()) >= len(host.want):  # (a place for each seat of the largest table)
            peers.say(p, lf.BYE, lf.FULL)
            peers.lose(p)
        else:  # in: waiting for the host to start
            peers.say(p, lf.LOBBY, host.count())
        return
    for o in peers.all:  # a guest back: its seat, and the game exactly as it is
        if not token or o.token != token or o.seat < 0:
            continue
        if o is not p:
            if not o.gone:
                break  # its console is still here: a stolen token
            p.seat, o.seat = o.seat, -1
            peers.close_link(o)
        back(host, p)
        return
    peers.say(p, lf.BYE, lf.LATE)  # the game has started: politely, no
    peers.lose(p)


def back(host, p):
    """``p`` is back in its seat: a fresh token (one seen on the wire
    before opens nothing now), its seat and the game as it is, and
    the game goes on if it waited for no one else."""
    p.gone = False
    p.heard = host.now
    p.token = _token(host.hw)
    if host.table is not None:
        host.table.app.saves.dirty = True  # its new token: the game is written whole next
    grant(host, p)
    host.resumed += 1
    if host.waiting() < 0:
        host.peers.send_all(lf.RESUME, 0)


def grant(host, p):
    """``p``'s seat and token, then what its seat sees, and whether the
    game waits for another."""
    t = host.table
    m = t.match
    d = host.peers.data
    d[0] = p.seat
    d[1] = m.info.SAVE_ID
    d[2] = m.players
    d[3] = m.variant
    d[4] = m.starter
    for i in range(4):
        d[5 + i] = p.token >> (24 - 8 * i) & 0xFF
    if host.peers.send(p, lf.SEAT, 9):
        host.sync(only=p)
        seat = host.waiting()
        if seat >= 0:
            host.peers.say(p, lf.PAUSE, seat)


def give_up(host, seat):
    """A computer takes ``seat``: its guest did not come back, or took too
    long (it is told so)."""
    peers = host.peers
    for p in peers.all:
        if p.seat == seat:
            if not p.gone:
                peers.say(p, lf.BYE, lf.TAKEN)
            peers.close_link(p)
            peers.all.remove(p)
            break
    if host.waiting() < 0:
        peers.send_all(lf.RESUME, 0)


def _token(hw):
    """30 random bits from the board's random source (never 0)."""
    b = hw.random_bytes(4)
    return ((b[0] & 0x3F) << 24 | b[1] << 16 | b[2] << 8 | b[3]) or 1
