"""Time per Hard decision on the MicroPython VM (for ``make bench``):

    micropython -X heapsize=256K tests/mp/hard_time.py GAME PLAYERS PLAYOUTS [GAMES]

Plays two games (or GAMES, deals 5, 6, ...) with seat 0 at Hard and the others at Normal, and prints
'hard us mean=M max=X decisions=N actions=C' (microseconds; C is a
checksum of every action taken, equal on CPython and MicroPython when
both VMs make the same decisions).
"""

import sys

for p in (".", "lib", "tests/mp"):
    if p not in sys.path:
        sys.path.insert(0, p)

from usclock import diff as _diff  # noqa: E402
from usclock import now as _now  # noqa: E402

import opponents  # noqa: E402
from games import by_id  # noqa: E402
from prng import Prng  # noqa: E402


def main(game_id, players, playouts, games=2):
    game = by_id(game_id)
    prng = Prng(3)
    total = worst = n = 0
    check = 0
    for deal in range(5, 5 + games):
        s = game.new_state(players, deal)
        while not s.is_over():
            seat = s.current_player()
            obs = s.observe(seat)
            if seat == 0:
                t = _now()
                a = opponents.hard(game, obs, prng, playouts)
                dt = _diff(_now(), t)
                total += dt
                worst = max(worst, dt)
                n += 1
            else:
                a = game.basic_policy(obs, prng)
            check = (check * 31 + a + 1) % 1000003
            s.apply(a)
    line = "hard us mean=%d max=%d decisions=%d actions=%d" % (total // n, worst, n, check)
    print(line)
    return check


if __name__ == "__main__":
    a = sys.argv[1:]
    main(a[0], int(a[1]), int(a[2]), int(a[3]) if len(a) > 3 else 2)
