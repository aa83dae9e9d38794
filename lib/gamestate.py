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
- ``redeal_hidden(seat, prng)``: shuffle what ``seat`` cannot see and
  deal it back in the same counts (determinization for search; fairness
  tests);
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
        for i in range(o.ncards):
            self.deck[i] = o.deck[i]
            self.pile[i] = o.pile[i]
        for name in self.FIELDS:
            setattr(self, name, getattr(o, name))
        for name in self.BUFFERS:
            dst = getattr(self, name)
            src = getattr(o, name)
            for i in range(len(src)):
                dst[i] = src[i]

    def observe(self, seat):
        """What ``seat`` sees: its own hand, the pile, every count; not the
        other hands nor the stock's order."""
        s = self.clone()
        s.observer = seat
        for i in range(self.num_players):
            if i != seat:
                hand = s.hands[i]
                c = hand.next(-1)
                while c >= 0:
                    after = hand.next(c)
                    if not self._public(c):
                        hand.remove(c)
                    c = after
        if not self.deck_public():
            for i in range(self.ncards):
                s.deck[i] = 0
        s._hide_extra(seat)
        return s

    # Games where some hidden places become known (Roller Coaster's stock
    # once the pile has been turned over) override these two.
    def _public(self, card):
        """True when every seat knows where ``card`` is, even in a hand."""
        return False

    def deck_public(self):
        """True when every seat knows the stock's order."""
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

    def redeal_hidden(self, seat, prng):
        """Shuffle every card ``seat`` cannot see (the other hands and the
        stock) and deal them back in the same counts: a state that agrees
        with everything the seat has observed (for search, and for the
        fairness tests)."""
        hidden = bytearray(self.ncards)
        n = 0
        for i in range(self.num_players):
            if i != seat:
                hand = self.hands[i]
                c = hand.next(-1)
                while c >= 0:
                    after = hand.next(c)
                    if not self._public(c):
                        hidden[n] = c
                        n += 1
                        hand.remove(c)
                    c = after
        if not self.deck_public():
            for i in range(self.deck_n):
                hidden[n] = self.deck[i]
                n += 1
        n = self._hidden_extra(seat, hidden, n)
        prng.shuffle(hidden, n)
        self.deal_hidden(seat, hidden)

    def deal_hidden(self, seat, pool):
        """Deal ``pool`` into everything ``seat`` cannot see, in the counts
        the seat knows: the other hands, the stock, the extra places. Cards
        every seat knows (``_public``) stay where they are."""
        k = 0
        for i in range(self.num_players):
            if i != seat:
                hand = self.hands[i]
                for _ in range(self.counts[i] - hand.count()):
                    hand.add(pool[k])
                    k += 1
        if not self.deck_public():
            for i in range(self.deck_n):
                self.deck[i] = pool[k]
                k += 1
        self._deal_extra(seat, pool, k)
