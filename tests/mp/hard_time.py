"""Time per Hard decision on the MicroPython VM (for ``make bench``):

    micropython -X heapsize=256K tests/mp/hard_time.py GAME PLAYERS PLAYOUTS

Plays a game with seat 0 at Hard and the others at Normal, and prints
'hard ms mean=M max=X decisions=N'.
"""

import sys
import time

for p in (".", "lib"):
    if p not in sys.path:
        sys.path.insert(0, p)

import opponents  # noqa: E402
from games import by_id  # noqa: E402
from prng import Prng  # noqa: E402


def main(game_id, players, playouts):
    game = by_id(game_id)
    prng = Prng(3)
    total = worst = n = 0
    for deal in (5, 6):
        s = game.new_state(players, deal)
        while not s.is_over():
            seat = s.current_player()
            obs = s.observe(seat)
            if seat == 0:
                t = time.ticks_ms()
                a = opponents.hard(game, obs, prng, playouts)
                dt = time.ticks_diff(time.ticks_ms(), t)
                total += dt
                worst = max(worst, dt)
                n += 1
            else:
                a = game.basic_policy(obs, prng)
            s.apply(a)
    print("hard ms mean=%d max=%d decisions=%d" % (total // n, worst, n))


if __name__ == "__main__":
    a = sys.argv[1:]
    main(a[0], int(a[1]), int(a[2]))
