"""Link play's seats in the store (``saves/keep.py``'s link record): a host's,
each guest seat of its saved game with the token its console comes back
with; or a guest's, the seat and token it holds, so a guest powered off
rejoins its own seat. Loaded only by link play and by Continue on a
linked game: a solo console never compiles it.

The record: whose it is (``BY_GUEST`` or ``BY_HOST``: the console's role
in link play, not ``match.GUEST``, a seat's kind), how many seats, then
each seat (1 byte) and its token (``link.proof.TOKEN``, 8 bytes); at
most 11. Records of the protocol before (``whose`` 1 or 2, 4-byte tokens)
read as none: those tokens open no seat now.
"""

from micropython import const

BY_GUEST = const(3)
BY_HOST = const(4)  # (``saves.keep._BY_HOST`` too: the saves know it without link play)
_TOKEN = const(8)  # link.proof.TOKEN


def seats(saves, whose):
    """[(seat, token)] of the link record if it is ``whose``, else []."""
    b = saves.link_buf
    n = saves.link_n
    if n < 2 or b[0] != whose:
        return []
    end = min(n, 2 + (1 + _TOKEN) * b[1])  # (a damaged count reads no further than the record)
    return [(b[i], bytes(b[i + 1 : i + 1 + _TOKEN]))
            for i in range(2, end - _TOKEN, 1 + _TOKEN)]  # fmt: skip


def put(saves, whose, pairs):
    """Make the link record ``whose``'s, of ``pairs`` [(seat, token)]."""
    b = saves.link_buf
    b[0] = whose
    b[1] = len(pairs)
    i = 2
    for seat, token in pairs:
        b[i] = seat
        b[i + 1 : i + 1 + _TOKEN] = token
        i += 1 + _TOKEN
    saves.link_n = i


def guest_seat(saves, seat, token):
    """A guest was given ``seat`` and ``token``: written now (once a game:
    a guest coming back proves its token, and keeps it)."""
    if seats(saves, BY_GUEST) != [(seat, token)]:
        put(saves, BY_GUEST, [(seat, token)])
        saves.commit()


def guest_gone(saves):
    """The seat this console held as a guest is gone for good (its game
    is over, or a computer took it): forgotten, so the title no longer
    offers Rejoin game (written now: one write a linked game)."""
    if seats(saves, BY_GUEST):
        saves.link_n = -1
        saves.commit()


def guest_held(saves):
    """(seat, token) this console last held as a guest, or (-1, None)."""
    s = seats(saves, BY_GUEST)
    return s[0] if s else (-1, None)
