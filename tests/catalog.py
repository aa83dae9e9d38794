"""Every game's rules module, for tools and tests (the board imports only
the game being played)."""

import games


def all_games():
    return tuple(games.by_id(i.ID) for i in games.CATALOGUE)


def records():
    """Every game as (its catalogue record, its rules module), in the
    catalogue's order."""
    return tuple((i, games.by_id(i.ID)) for i in games.CATALOGUE)
