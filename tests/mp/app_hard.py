"""``app_run``'s game with the other seats at Hard, on the MicroPython VM.

Run from a bundle root, as ``app_run`` is:

    micropython -X heapsize=256K -m app_hard GAME PLAYERS DEAL [HEIGHT]

The setup's "others" row starts at Hard instead of Normal; the rest is
``app_run``'s walk, from the title to the results and back. After its
lines it prints 'searched=S': 1 if a Hard search made its scratch states
(``search_worlds``, at its first search) while the game was played, so a
budget of this run holds them. Kept apart from ``app_run`` so that the
budgets of games against Normal players do not hold this code.
"""

import sys

import app_run

from match import HARD

_searched = [0]
_press = app_run.press
_keys = app_run._next_keys


def _pressing(app, hw, key):
    """``app_run``'s press, the setup's other seats set to Hard first (what
    pressing RIGHT twice on its "others" row chooses). The harness holds
    no screen module: the app lets the setup's go as the game loads."""
    screen = app.screen
    if type(screen).__name__ == "Setup" and screen.others != HARD:
        screen.others = HARD
    screen = None
    _press(app, hw, key)


def _watched(app):
    """``app_run._next_keys``, noting on the way whether a search made its
    states (the game's modules go before its results show)."""
    worlds = sys.modules.get("search_worlds")
    if worlds is not None and worlds._made[0] is not None:
        _searched[0] = 1
    worlds = None
    return _keys(app)


def main(game_id, players, deal, height):
    app_run.press = _pressing
    app_run._next_keys = _watched
    app_run.main(game_id, players, deal, height, 0)
    print("searched=%d" % _searched[0])


if __name__ == "__main__":
    a = sys.argv[1:]
    main(a[0], int(a[1]), int(a[2]), int(a[3]) if len(a) > 3 else 64)
