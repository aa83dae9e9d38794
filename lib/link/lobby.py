"""A hosted game's lobby (docs/link.md): consoles join while the host
sets the game up, and when it deals, those that joined take the seats no
person has, each with a token to come back with; the rest are refused.
Loaded while the host sets up and let go as the game loads
(``App.load_game``), before its table is built: a game in play has no
lobby, and a guest that comes later is ``link.seats``'.
"""

from micropython import const

from link import frame as lf
from match import GUEST, NORMAL, PERSON

_TOKEN = const(8)  # bytes of a seat's token (link.proof.TOKEN)


def join(host, p):
    """A console joins while the host sets the game up."""
    p.hello = True
    if len(host.joined()) > 11:  # a place for each guest seat of the largest table
        _full(host, p)
    else:  # in: waiting for the host to start
        host.peers.say(p, lf.LOBBY, host.count())


def seat(host, match):
    """The host deals ``match``: the guests that joined take the seats no
    person has, in the order they came (``match.kinds`` says), each with
    a token to come back with (random from the board, never from the
    deals' generator: from its numbers a guest could work back to the
    deal); the others are refused. No guest is told before the game is
    kept whole, tokens and all (``Host.start``)."""
    kinds = match.kinds
    while len(kinds) < match.players:
        kinds.append(NORMAL)
    n = host.count()
    for i in range(1, match.players):
        if n and kinds[i] != PERSON:
            kinds[i] = GUEST
            n -= 1
    match.link = host
    seats = [i for i in range(match.players) if kinds[i] == GUEST]
    k = 0
    for p in host.peers.all:
        if p.gone or not p.hello:
            continue
        if k < len(seats):
            p.seat = seats[k]
            p.token = _token(host.hw)
            p.told = False
            k += 1
        else:
            _full(host, p)


def _full(host, p):
    """``p`` is told there is no seat for it, and its link goes."""
    host.peers.say(p, lf.BYE, lf.FULL)
    host.peers.lose(p)


def _token(hw):
    """A seat's token: ``_TOKEN`` random bytes from the board's random
    source, never all zero (that says "none")."""
    while True:
        t = hw.random_bytes(_TOKEN)
        for b in t:
            if b:
                return bytes(t)
