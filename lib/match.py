"""The game being played: which game, at what table, dealt how, who sits at
each seat, and the link to the other consoles of a linked game.

One record, made by the setup screen (or read back from a save, or given
by a linked game's host) and handed to what needs it: the table, the
pause menu, the results, the saves and the link. What may sit at a seat
is named here, once.
"""

from micropython import const

# What sits at a seat: a computer at a level, a person the console is
# passed to (pass-and-play), or another console (link play). Seat 0 is
# the console's own person, whatever its kind says.
EASY = const(0)
NORMAL = const(1)
HARD = const(2)
PERSON = const(3)
GUEST = const(4)
KIND_NAMES = ("Easy", "Normal", "Hard", "Person", "Other console")


class Match:
    """``info``: the game's catalogue record (``games.Info``); ``deal``: the
    deal number, a solo game's, which a player can share (0 in a linked
    game); ``key``: a linked game's deal instead, ``KEY_BYTES`` from the
    host's random source (``random_key``: nobody can work it out from the
    cards they see), known to the host alone (None elsewhere); ``starter``:
    the seat that plays first (series play); ``kinds``: a bytearray of each
    seat's kind (empty: every other seat a Normal computer), saved with
    the game; ``redeal``: how Again and New deal choose a deal (0 at
    random, -1 from the game's winnable list); ``link``: a linked game's
    ``link.host.Host`` or ``link.guest.Guest``, else None."""

    def __init__(self, info, players, deal, variant=0, starter=0, kinds=b"", redeal=0,
                 link=None, key=None):  # fmt: skip
        self.info = info
        self.players = players
        self.deal = deal
        self.key = key
        self.variant = variant
        self.starter = starter
        self.kinds = bytearray(kinds)
        self.redeal = redeal
        self.link = link

    def kind(self, seat):
        """What sits at ``seat`` (a seat past ``kinds``: a Normal computer)."""
        return self.kinds[seat] if seat < len(self.kinds) else NORMAL

    def has(self, kind):
        """Whether any seat but yours is of ``kind``."""
        for s in range(1, len(self.kinds)):
            if self.kinds[s] == kind:
                return True
        return False

    def people(self):
        """The seats people play at this console: you (seat 0), and in
        pass-and-play the friends it is passed to."""
        return [0] + [s for s in range(1, self.players) if self.kind(s) == PERSON]

    def again(self, deal, starter=0, key=None):
        """The next game at this table (results, pause menu, Continue): the
        same game, seats and kinds, a new ``deal`` (or this one again: its
        ``key`` too, a linked game's); the other consoles of a linked game
        have gone, computers take their seats."""
        kinds = bytearray(self.kinds)
        for s in range(len(kinds)):
            if kinds[s] == GUEST:
                kinds[s] = NORMAL
        return Match(self.info, self.players, deal, self.variant, starter, kinds, self.redeal,
                     key=key)  # fmt: skip

    def same_deal(self, starter):
        """This deal again (Restart, the results' same deal, Continue)."""
        return self.again(self.deal, starter, self.key)

    def new_state(self):
        """The deal this match describes (the game's rules load now)."""
        import games

        rules = games.by_id(self.info.ID)
        state = rules.new_state(self.players, self.key or self.deal, self.variant, self.starter)
        if self.key:  # dealt by its key: the cipher goes until a rebuilt stock needs it
            from unload import forget

            forget("engine.keyed")
        return state

    def same(self, o):
        """Whether ``o`` is the same game at the same table and deal."""
        return (self.info is o.info and self.players == o.players and self.deal == o.deal
                and self.key == o.key and self.variant == o.variant
                and self.starter == o.starter and self.kinds == o.kinds)  # fmt: skip


def random_deal(rng):
    """A deal number at random: any of the 2**30 the PRNG deals from."""
    from engine.prng import DEAL_MAX

    return rng.below(DEAL_MAX) + 1


def random_key(hw):
    """A linked game's deal: ``KEY_BYTES`` from the board's random source
    (``hw.random_bytes``), never from the console's generator, whose numbers
    a guest could work back from."""
    from engine.prng import KEY_BYTES

    return hw.random_bytes(KEY_BYTES)
