"""The read-only side of the state interface (``gamestate.py``): results
(ranking helpers, returns, winners), text for the screens, and the whole
view tools and tests use (every card, a fingerprint, the legal actions as
a list). Kept apart from ``gamestate.py`` so each compiles in a small
piece of heap on a board."""

import cards
import games


def _text(state):
    """The game's screen text module (the catalogue's ``text``), loaded now."""
    name = state.INFO.text
    return getattr(__import__("games." + name), name)


class StateView:
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

    # Text for the screens lives in the game's text module (the catalogue's
    # ``text``), loaded only when a screen or a tool asks, so the rules
    # modules compile in less memory.
    def describe(self, action):
        """What ``action`` does, in a few words."""
        return _text(self).describe(self, action)

    def why_illegal(self, action):
        """A short reason why ``action`` is refused now ('' if legal)."""
        return _text(self).why_illegal(self, action)

    def cards_left(self, seat):
        """Cards ``seat`` still has to get rid of (for the results)."""
        return self.counts[seat]

    def legal_list(self):
        """Legal actions as a new list (allocates; for tools and tests)."""
        buf = [0] * games.MAX_ACTIONS
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
