"""The base of every game's State (the contract: ``games/CONTRACT.md``).

``GameState`` holds the machinery shared by card games laid out as hands,
a stock and a discard pile: copying a state, what a seat observes (other
hands and the stock hidden by whole words, never card by card), whether
an action is legal (without allocating), results (winners, ranking
helpers) and the whole view tools and tests use (every card, a
fingerprint, the legal actions as a list), and the defaults of the
contract's optional hooks. What an action does, and why one is refused,
in words, is each game's text module's (``games/text.py``): the engine
holds rules, never text.
"""

from micropython import const

from engine import cards
from engine.cardset import CardSet
from engine.prng import Prng

# The bound of every legal-action buffer, in every game: two decks' cards
# (108) and the moves that are not a card (pass, done, draw).
MAX_ACTIONS = const(112)
# What ``current_player()`` returns once the game is over.
TERMINAL = const(-1)

# Blank stocks, one per pack count, so hiding a stock is one copy.
_ZEROS = (b"", bytes(cards.FACES), bytes(2 * cards.FACES))
# The legal actions of ``is_legal``, filled in place: made once, for every
# state (a bytearray: every action id is under 256)
_legal = bytearray(MAX_ACTIONS)
# The generator a solo deal's shuffles draw from (``_stream``), made once
_solo = Prng(1)


class GameState:
    """Shared machinery for card games laid out as hands, a stock and a
    discard pile: ``hands`` (CardSets), ``counts`` (hand sizes, public),
    ``deck``/``deck_n`` (the stock, top at ``deck_n - 1``) and
    ``pile``/``pile_n``. A game lists its other scalar attributes in
    ``FIELDS``, its extra bytearrays in ``BUFFERS`` and its extra CardSets
    in ``SETS``, and implements ``_blank()`` (an empty state of the same
    shape); copying and observing then come from here."""

    num_players = 0
    starter = 0  # the seat that played first (series play)
    variant = 0  # a game of one variant is in its first
    # whether a draw (or pass) by choice can stall the game, blocked or at its
    # turn limit (Roller Coaster, RC-13/RC-14): computer players then make
    # one only as lib/opponents.py says
    DRAW_STALLS = False
    FIELDS = ()
    BUFFERS = ()  # names of extra bytearrays, copied whole
    SETS = ()  # names of extra CardSets, copied word by word

    def _init_table(self, players, decks):
        self.num_players = players
        self.decks = decks
        n = decks * cards.FACES
        self.ncards = n
        self.hands = [CardSet(decks) for _ in range(players)]
        self.counts = bytearray(players)
        self.deck = bytearray(n)
        self.deck_n = 0
        self.pile = bytearray(n)
        self.pile_n = 0

    def _shuffle_pack(self):
        """The whole pack into the stock, shuffled as the deal says: the
        same deal on every VM."""
        n = self.ncards
        for i in range(n):
            self.deck[i] = i
        self._stream(0).shuffle(self.deck, n)
        self.deck_n = n

    def _stream(self, n):
        """The generator of the deal's ``n``-th shuffle (0: the deal; Color
        Elevator's rebuilds of the stock after it). A state's ``deal`` is a
        solo game's deal number (``Prng``, which a player can share) or a
        linked game's key of ``KEY_BYTES`` (``keyed.Keyed``: nobody can
        work it out from the cards they see). An observation has neither: its deal
        is 0 (``_copy_from``)."""
        d = self.deal
        if isinstance(d, int):
            _solo.seed(d ^ (n * 7919))
            return _solo
        from engine.keyed import stream  # only a linked game's deal loads it

        return stream(d, n)

    def is_over(self):
        return self.over

    def _draw_into(self, seat):
        """Top card of the stock into ``seat``'s hand (the stock is not empty)."""
        self.deck_n -= 1
        self.hands[seat].add(self.deck[self.deck_n])
        self.counts[seat] += 1

    def clone(self):
        s = self._blank()
        s._copy_from(self)
        return s

    def _copy_from(self, o, seat=-1):
        """Become a copy of ``o``; with ``seat`` >= 0, of what that seat
        sees of it. Whole words and buffers at a time: nothing allocated."""
        p = o._public()
        one = o.decks == 1  # two words a hand, else four: written out, as a
        # loop over them cost as much again (a table observes every move)
        mine = self.hands
        theirs = o.hands
        for i in range(o.num_players):
            w = mine[i].w  # the words, in place (no method call a hand)
            h = theirs[i].w
            if seat < 0 or i == seat:
                w[0] = h[0]
                w[1] = h[1]
                if not one:
                    w[2] = h[2]
                    w[3] = h[3]
            elif p is None:
                w[0] = w[1] = 0
                if not one:
                    w[2] = w[3] = 0
            else:  # only the cards every seat knows the place of
                for k in range(len(w)):
                    w[k] = h[k] & p.w[k]
        self.counts[:] = o.counts
        if seat < 0 or o.deck_public():
            self.deck[:] = o.deck
        else:
            self.deck[:] = _ZEROS[o.decks]
        self.pile[:] = o.pile
        self._copy_fields(o)
        if seat >= 0:
            self._hide_extra(seat)
            self.deal = 0  # no seat, and no computer player, knows the deal
        else:
            self.deal = o.deal

    def observe(self, seat, into=None):
        """What ``seat`` sees: its own hand, the pile, every count; not the
        other hands nor the stock's order (but the cards every seat knows
        the place of, ``_public``). ``into``: a state of the same game and
        table (from ``_blank``) to fill instead of a new one, so a table
        that observes every turn allocates nothing for it."""
        s = self._blank() if into is None else into
        s._copy_from(self, seat)
        return s

    def _copy_fields(self, o):
        """Copy the ``FIELDS``, ``BUFFERS`` and ``SETS`` (a game whose copies
        are hot writes them out: a loop by name costs four times as much)."""
        for name in self.FIELDS:
            setattr(self, name, getattr(o, name))
        for name in self.BUFFERS:
            getattr(self, name)[:] = getattr(o, name)
        for name in self.SETS:
            getattr(self, name).copy_from(getattr(o, name))

    # -- optional hooks (games/CONTRACT.md): the defaults ------------------------
    def _public(self):
        """A CardSet of the cards in hands whose place every seat knows
        (Roller Coaster's stock after a turnover), or None for none."""
        return None

    def deck_public(self):
        """True when every seat knows the stock's order."""
        return False

    def undo(self):
        """Take back the last move (Elevator Solitaire); False: no undo."""
        return False

    # Games with more hidden places (face-down cards) override these three.
    def _hide_extra(self, seat):
        """Blank the extra places ``seat`` cannot see (in an observation)."""

    def _deal_extra(self, seat, buf, k):
        """Refill the extra hidden places from ``buf`` at ``k``; return
        the new position."""
        return k

    def _visible_extra(self):
        """Cards in the extra places that every seat can see (a sequence;
        none here: an empty tuple, which allocates nothing)."""
        return ()

    # -- legality, results and views -------------------------------------------
    def is_legal(self, action):
        """Whether the rules allow ``action`` now (allocates nothing: a
        card played is checked with this, its reason found only when one
        is shown)."""
        n = self.legal_actions(_legal)
        for i in range(n):
            if _legal[i] == action:
                return True
        return False

    def _extra_cards(self):
        """Cards held in places other than hands, stock and pile (a list)."""
        return []

    def all_cards(self):
        """Every card id in the game, wherever it is (allocates)."""
        out = []
        for h in self.hands:
            out.extend(h.to_list())
        out.extend(self.deck[: self.deck_n])
        out.extend(self.pile[: self.pile_n])
        out.extend(self._extra_cards())
        return out

    def key(self):
        """A text fingerprint: equal states give equal keys."""
        parts = [str(getattr(self, name)) for name in self.FIELDS]
        for h in self.hands:
            parts.append(cards.codes(h.to_list()))
        parts.append(cards.codes(self.deck[: self.deck_n]))
        parts.append(cards.codes(self.pile[: self.pile_n]))
        parts.append(str(list(self.counts)))
        parts.append(cards.codes(self._extra_cards()))
        return "|".join(parts)

    def cards_left(self, seat):
        """Cards ``seat`` still has to get rid of (for the results)."""
        return self.counts[seat]

    def legal_list(self):
        """Legal actions as a new list (allocates; for tools and tests)."""
        buf = [0] * MAX_ACTIONS
        n = self.legal_actions(buf)
        return buf[:n]

    def winners(self):
        places = self.ranking()
        return [s for s in range(self.num_players) if places[s] == 0]


def places_by_count(counts, first=-1):
    """Places from hand sizes: ``first`` (if >= 0) alone in first place,
    then fewest cards first; equal counts share a place."""
    n = len(counts)
    places = [0] * n
    for s in range(n):
        if s == first:
            continue
        p = 1 if first >= 0 else 0
        for o in range(n):
            if o != s and o != first and counts[o] < counts[s]:
                p += 1
        places[s] = p
    return places
