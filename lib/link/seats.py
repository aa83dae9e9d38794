"""Who sits where in a linked game (docs/link.md, "Seats stay with their
owner") once the host has dealt (the seats and tokens it deals are
``link.lobby``'s): a guest told its seat again; a guest coming back,
which proves it holds its seat's token without sending it
(``link.proof``) and has its seat back on whatever link it comes by; a
seat given to a computer. (A saved game's guest seats,
waiting again after a power cut, are the host's Continue: ``link.menu``.)
The host's (``link.host.Host``), whose state these read and change: a
seat and its token live on each guest's link (``link.peers.Peer``).

HELLO's payload says who comes: nothing (a new console), a seat (a
console that holds it: the host answers with a challenge) or a seat, the
challenge's answer and the number of the last observation it has.
"""

from micropython import const

from link import frame as lf

_TOKEN = const(8)  # bytes of a seat's token (link.proof.TOKEN)


def hello(host, p):
    d = p.dec
    n = d.n
    if n not in (0, 1, 7):
        return host.refuse(p, lf.BAD)
    if host.ended:
        return _away(host, p, host.ended)
    if host.table is None:  # the host sets the game up
        from link import lobby

        return lobby.join(host, p)
    if n == 0:
        if p.seat >= 0 and not p.gone:
            return grant(host, p)  # this link's seat, said again (its SEAT was lost on the way)
        return _away(host, p, lf.LATE)  # the game has started: politely, no
    b = d.buf
    k = lf.PAYLOAD
    o = _holder(host, b[k])
    if o is None:
        return _away(host, p, lf.LATE)  # no such seat here (another game's token)
    if o is p:  # the seat this very link holds (given or proved on it): no proof asked
        p.challenge = None
        return back(host, p) if p.gone else grant(host, p)
    if n == 1:  # it says it holds a seat: the challenge (the same until it is answered)
        if p.challenge is None:
            p.challenge = host.hw.random_bytes(4)
        c = p.challenge
        host.peers.say(p, lf.CHALLENGE, c[0], c[1], c[2], c[3])
        return
    c = p.challenge
    if c is None:
        return  # an answer to no challenge (a copy of one answered, a replay): nothing
    p.challenge = None  # answered once: a replayed answer meets another challenge
    from link import proof  # (loaded only when a guest comes back)

    if not proof.holds(o.token, c, b, k + 1):
        host.refused += 1
        return _away(host, p, lf.LATE)
    if p.seat >= 0 and p.seat != o.seat:
        return host.refuse(p, lf.ANOTHER_SEAT)  # a link that holds a seat takes no other
    have = b[k + 5] << 8 | b[k + 6]
    if host.known and have != 0xFFFF and have > host.moves:
        return host.damaged()  # it saw moves this store lost: the game cannot go on
    if o is not p:  # its console, on a new link: the old one (broken, or half-open) goes
        p.seat, p.token, p.told = o.seat, o.token, True
        o.seat = -1
        host.peers.close_link(o)
        host.peers.all.remove(o)
    back(host, p)


def _holder(host, seat):
    for o in host.peers.all:
        if o.seat == seat and seat >= 0:
            return o
    return None


def _away(host, p, why):
    host.peers.say(p, lf.BYE, why)
    host.peers.lose(p)


def back(host, p):
    """``p`` is back in its seat: its seat and the game as it is, and the
    game goes on if it waited for no one else."""
    p.gone = False
    p.heard = host.now
    p.have = -1
    grant(host, p)
    host.resumed += 1
    if host.waiting() < 0:
        host.peers.send_all(lf.RESUME, 0)


def grant(host, p):
    """``p``'s seat (its token too until it has been told it on this link:
    a console coming back proves it instead), then what its seat sees,
    and whether the game waits for another."""
    t = host.table
    m = t.match
    d = host.peers.data
    d[0] = p.seat
    d[1] = m.info.SAVE_ID
    d[2] = m.players
    d[3] = m.variant
    d[4] = m.starter
    for i in range(_TOKEN):
        d[5 + i] = 0 if p.told else p.token[i]
    if host.peers.send(p, lf.SEAT, 5 + _TOKEN):
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
