"""The state interface every game in ``games/`` implements, OpenSpiel style.

A game module exposes ``ID``, ``NAME``, ``BLURB``, ``MIN_PLAYERS``,
``MAX_PLAYERS``, ``MAX_ACTIONS`` (size of a legal-action buffer),
``new_state(players, deal)`` and ``basic_policy(obs, prng)``.

Its State (a subclass of ``GameState``) offers:

- ``current_player()``: the seat to act, or -1 once the game is over;
- ``legal_actions(buf)``: writes the legal actions (small ints, ascending)
  into a preallocated list and returns how many; allocates nothing;
- ``apply(action)``: plays it; allocates nothing;
- ``is_over()``, ``ranking()`` (place per seat, 0 = best), ``returns()``;
- ``observe(seat)``: a copy of the state holding only what that seat can
  see (other hands and the stock are emptied, their sizes kept, except
  cards every seat knows the place of); computer players decide from
  this and nothing else;
- the hooks ``hard.deal_hidden`` (and the tests' ``positions.redeal_hidden``) use
  to shuffle what a seat cannot see and deal it back in the same counts
  (determinization for search; fairness tests), kept out of this module
  so a game without Hard players loads less;
- ``clone()``, ``describe(action)``, ``why_illegal(action)``,
  ``all_cards()`` (for conservation checks), ``key()`` (a text
  fingerprint, equal for equal states).
"""

import cards
from cardset import CardSet
from prng import Prng
from stateview import StateView, places_by_count  # noqa: F401


class GameState(StateView):
    """Shared machinery for card games laid out as hands, a stock and a
    discard pile: ``hands`` (CardSets), ``counts`` (hand sizes, public),
    ``deck``/``deck_n`` (the stock, top at ``deck_n - 1``) and
    ``pile``/``pile_n``. A game lists its other scalar attributes in
    ``FIELDS`` and implements ``_blank()`` (an empty state of the same
    shape); copying, observing and re-dealing hidden cards then come from
    here."""

    num_players = 0
    max_actions = 1
    FIELDS = ()
    BUFFERS = ()  # names of extra bytearrays, copied element by element

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
        """The whole pack into the stock, shuffled by the deal number: the
        same deal on every VM."""
        n = self.ncards
        for i in range(n):
            self.deck[i] = i
        Prng(self.deal).shuffle(self.deck, n)
        self.deck_n = n

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

    def _copy_from(self, o):
        for i in range(o.num_players):
            self.hands[i].copy_from(o.hands[i])
            self.counts[i] = o.counts[i]
        self.deck[:] = o.deck  # one copy each (no Python loop)
        self.pile[:] = o.pile
        for name in self.FIELDS:
            setattr(self, name, getattr(o, name))
        for name in self.BUFFERS:
            getattr(self, name)[:] = getattr(o, name)

    def observe(self, seat, into=None):
        """What ``seat`` sees: its own hand, the pile, every count; not the
        other hands nor the stock's order. ``into``: a state of the same
        game and table (from ``_blank``) to fill instead of a new one, so a
        table that observes every turn allocates nothing for it."""
        if into is None:
            s = self.clone()
        else:
            s = into
            s._copy_from(self)
        s.observer = seat
        for i in range(self.num_players):
            if i != seat:
                self._hide_hand(s.hands[i], None, 0)
        if not self.deck_public():
            for i in range(self.ncards):
                s.deck[i] = 0
        s._hide_extra(seat)
        return s

    def _hide_hand(self, hand, buf, n):
        # take out the cards only the hand's owner knows (into buf at n)
        c = hand.next(-1)
        while c >= 0:
            after = hand.next(c)
            if not self._public(c):
                if buf is not None:
                    buf[n] = c
                    n += 1
                hand.remove(c)
            c = after
        return n

    # Overridden where a hidden place becomes known to all (Roller
    # Coaster's stock after a turnover): a card's place, the stock's order.
    def _public(self, card):
        return False

    def deck_public(self):
        return False

    # Games with more hidden places (face-down cards) override these three.
    def _hide_extra(self, seat):
        """Blank the extra places ``seat`` cannot see (in an observation)."""

    def _hidden_extra(self, seat, buf, n):
        """Append the cards of extra hidden places to ``buf`` from ``n``;
        return the new count."""
        return n

    def _deal_extra(self, seat, buf, k):
        """Refill the extra hidden places from ``buf`` at ``k``; return
        the new position."""
        return k

    def _visible_extra(self):
        """Cards in the extra places that every seat can see (a list)."""
        return []
