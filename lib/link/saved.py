"""Link play's seats in the store (``saves/keep.py``'s link record): a host's,
each guest seat of its saved game with the token its console comes back
with; or a guest's, the seat and token it holds, so a guest powered off
rejoins its own seat. Loaded only by link play and by Continue on a
linked game: a solo console never compiles it.

The record: whose it is (``BY_GUEST`` or ``BY_HOST``: the console's role
in link play, not ``match.GUEST``, a seat's kind), how many seats, then
each seat (1 byte) and its token (4 bytes, big-endian); at most 11.
"""

from micropython import const

BY_GUEST = const(1)
BY_HOST = const(2)  # (``saves.keep._BY_HOST`` too: the saves know it without link play)


def seats(saves, whose):
    """[(seat, token)] of the link record if it is ``whose``, else []."""
    b = saves.link_buf
    n = saves.link_n
    if n < 2 or b[0] != whose:
        return []
    end = min(n, 2 + 5 * b[1])  # (a damaged count reads no further than the record)
    return [(b[i], b[i + 1] << 24 | b[i + 2] << 16 | b[i + 3] << 8 | b[i + 4])
            for i in range(2, end - 4, 5)]  # fmt: skip


def put(saves, whose, pairs):
    """Make the link record ``whose``'s, of ``pairs`` [(seat, token)]."""
    b = saves.link_buf
    b[0] = whose
    b[1] = len(pairs)
    i = 2
    for seat, token in pairs:
        b[i] = seat
        for k in range(4):
            b[i + 1 + k] = token >> (24 - 8 * k) & 0xFF
        i += 5
    saves.link_n = i


def guest_seat(saves, seat, token):
    """A guest was given ``seat`` and ``token``: written now (a seat is
    given at the start and at each return, never per move)."""
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


def guest_token(saves):
    """The token this console last held as a guest (0: none)."""
    s = seats(saves, BY_GUEST)
    return s[0][1] if s else 0
