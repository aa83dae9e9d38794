"""Every game's rules module, for tools and tests (the board imports only
the game being played)."""

import games


def all_games():
    return tuple(games.by_id(i.ID) for i in games.CATALOGUE)


def records():
    """Every game as (its catalogue record, its rules module), in the
    catalogue's order."""
    return tuple((i, games.by_id(i.ID)) for i in games.CATALOGUE)


def returns(state):
    """1.0 for each seat among the winners, 0.0 for the others (OpenSpiel's
    returns, for tools and tests)."""
    win = state.winners()
    return [1.0 if seat in win else 0.0 for seat in range(state.num_players)]
