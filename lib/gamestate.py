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


class GameState:
    num_players = 0
    max_actions = 1

    def legal_list(self):
        """Legal actions as a new list (allocates; for tools and tests)."""
        buf = [0] * self.max_actions
        n = self.legal_actions(buf)
        return buf[:n]

    def is_legal(self, action):
        return action in self.legal_list()

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
