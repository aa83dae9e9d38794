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
  see (other hands and the stock are emptied, their sizes kept); computer
  players decide from this and nothing else;
- ``redeal_hidden(seat, prng)``: shuffle what ``seat`` cannot see and
  deal it back in the same counts (determinization for search; fairness
  tests);
- ``clone()``, ``describe(action)``, ``why_illegal(action)``,
  ``all_cards()`` (for conservation checks), ``key()`` (a text
  fingerprint, equal for equal states).
"""

import cards
from cardset import CardSet


class GameState:
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
                s.hands[i].clear()
        for i in range(self.ncards):
            s.deck[i] = 0
        s._hide_extra(seat)
        return s

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

    def _extra_cards(self):
        """Cards held in places other than hands, stock and pile (a list)."""
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
                n += self.hands[i].fill_from(hidden, n)
                self.hands[i].clear()
        for i in range(self.deck_n):
            hidden[n] = self.deck[i]
            n += 1
        n = self._hidden_extra(seat, hidden, n)
        prng.shuffle(hidden, n)
        k = 0
        for i in range(self.num_players):
            if i != seat:
                for _ in range(self.counts[i]):
                    self.hands[i].add(hidden[k])
                    k += 1
        for i in range(self.deck_n):
            self.deck[i] = hidden[k]
            k += 1
        self._deal_extra(seat, hidden, k)

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

    # Text for the screens lives in a module of its own (``TEXT``), loaded
    # only when a screen asks, so the rules modules compile in less memory.
    TEXT = None

    def _text(self):
        parts = self.TEXT.split(".")
        m = __import__(self.TEXT)
        for name in parts[1:]:
            m = getattr(m, name)
        return m

    def describe(self, action):
        """What ``action`` does, in a few words."""
        return self._text().describe(self, action)

    def why_illegal(self, action):
        """A short reason why ``action`` is refused now ('' if legal)."""
        return self._text().why_illegal(self, action)

    def cards_left(self, seat):
        """Cards ``seat`` still has to get rid of (for the results)."""
        return self.counts[seat]

    def legal_list(self):
        """Legal actions as a new list (allocates; for tools and tests)."""
        buf = [0] * self.max_actions
        n = self.legal_actions(buf)
        return buf[:n]

    def returns(self):
        """1.0 for each seat in first place, 0.0 for the others."""
        places = self.ranking()
        return [1.0 if p == 0 else 0.0 for p in places]

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
