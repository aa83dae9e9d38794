"""Where a Normal move's time goes on the MicroPython VM (for ``make bench``):

    micropython -X heapsize=256K tests/mp/move_time.py GAME PLAYERS [GAMES]

Plays GAMES whole games (deals 5, 6, ...) with every seat at Normal, each
move observed into one state made once (as a table does), then the same
games again observing every move twice. The difference is the time the
observations took, with no clock read inside a move; it prints
'move us move=M observe=O share=S moves=N': microseconds a move and an
observation (means) and observe's share of a move in per cent (the
issue's goal: under 30).
"""

import sys

for p in (".", "lib", "tests/mp"):
    if p not in sys.path:
        sys.path.insert(0, p)

from usclock import diff as _diff  # noqa: E402
from usclock import now as _now  # noqa: E402

from engine import gamestate  # noqa: E402, F401  (loaded before a game on a board: app._SHARED)
from engine.prng import Prng  # noqa: E402
from games import by_id  # noqa: E402


def _play(game, players, games, twice):
    prng = Prng(3)
    n = 0
    t0 = _now()
    for deal in range(5, 5 + games):
        s = game.new_state(players, deal)
        obs = s._blank()
        while not s.is_over():
            seat = s.current_player()
            s.observe(seat, obs)
            if twice:
                s.observe(seat, obs)
            s.apply(game.basic_policy(obs, prng))
            n += 1
    return _diff(_now(), t0), n


def main(game_id, players, games=10):
    game = by_id(game_id)
    best_once = best_twice = None
    for _ in range(3):  # the best of three: the machine is shared
        once, n = _play(game, players, games, False)
        twice, _ = _play(game, players, games, True)
        best_once = once if best_once is None else min(best_once, once)
        best_twice = twice if best_twice is None else min(best_twice, twice)
    observing = best_twice - best_once
    print("move us move=%d observe=%d share=%d moves=%d" % (
        best_once * 10 // n, observing * 10 // n, observing * 100 // best_once, n))  # fmt: skip


if __name__ == "__main__":
    a = sys.argv[1:]
    main(a[0], int(a[1]), int(a[2]) if len(a) > 2 else 10)
