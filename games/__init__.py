"""The games the console plays: one module each, same State interface.

Only games that really work are listed; the menu shows exactly these.
"""

from games import roller_coaster

GAMES = (roller_coaster,)


def by_id(game_id):
    for g in GAMES:
        if g.ID == game_id:
            return g
    return None
