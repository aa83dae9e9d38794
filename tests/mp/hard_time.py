"""Time per Hard decision on the MicroPython VM (for ``make bench``):

    micropython -X heapsize=256K tests/mp/hard_time.py GAME PLAYERS MOVES [GAMES [SLOWER]]

Plays two games (or GAMES, deals 5, 6, ...) with seat 0 at Hard (its
game's own player, or the search, or both: the endgame search; a search
with MOVES simulated moves a decision, 0 for the game's own budget, its
catalogue record's ``search``) and
the others at Normal, and prints 'hard us mean=M p90=P max=X decisions=N
late=L actions=C' (microseconds; C is a checksum of every action taken,
equal on CPython and MicroPython when both VMs make the same decisions).
With SLOWER (350 for a Pico, the slowest ratio measured on its firmware
against this VM), Hard also gets a clock that runs that
many times faster than this VM's, as if on the board, and stops at its
THINK_MS; L counts the decisions where that clock cut the search short.
"""

import sys

for p in (".", "lib", "tests/mp"):
    if p not in sys.path:
        sys.path.insert(0, p)

from usclock import diff as _diff  # noqa: E402
from usclock import now as _now  # noqa: E402

import opponents  # noqa: E402
import search_worlds  # noqa: E402
from engine.prng import Prng  # noqa: E402
from games import by_id, load  # noqa: E402
from match import HARD  # noqa: E402


def main(game_id, players, moves, games=2, slower=0):
    game = by_id(game_id)
    info = game.INFO
    if info.hard:  # the app loads them with the table (App.load_game): never in a decision
        load(info.hard)
    if info.searches(players):
        __import__("opponents_endgame" if info.hard else "opponents_hard")
    prng = Prng(3)
    origin = _now()

    def clock():  # milliseconds on the board
        return _diff(_now(), origin) * slower // 1000

    total = n = 0
    late = [0]  # the searches the clock cut short
    judge = search_worlds.late

    def counted(clock, start, done):
        cut = judge(clock, start, done)
        late[0] += cut
        return cut

    search_worlds.late = counted
    check = 0
    times = []
    for deal in range(5, 5 + games):
        s = game.new_state(players, deal)
        while not s.is_over():
            seat = s.current_player()
            obs = s.observe(seat)
            if seat == 0:
                t = _now()
                a = opponents.choose(game, obs, prng, HARD, moves, clock if slower else None)
                dt = _diff(_now(), t)
                total += dt
                times.append(dt)
                n += 1
            else:
                a = game.basic_policy(obs, prng)
            check = (check * 31 + a + 1) % 1000003
            s.apply(a)
    times.sort()
    line = "hard us mean=%d p90=%d max=%d decisions=%d late=%d actions=%d" % (
        total // n, times[n * 9 // 10], times[-1], n, late[0], check)  # fmt: skip
    print(line)
    return check


if __name__ == "__main__":
    a = sys.argv[1:]
    main(a[0], int(a[1]), int(a[2]), int(a[3]) if len(a) > 3 else 2, int(a[4]) if len(a) > 4 else 0)
