"""The saves on the MicroPython VM (for the tests and ``make bench``):

    micropython -X heapsize=192K tests/mp/save_check.py

For each game: plays a few moves, keeps the game in a 4 KB store (one
write), reads it back as a fresh power-up would and checks the restored
state equals the saved one; cuts a save at every tenth byte and checks
the copy before survives; then a finished game's record. Prints
'save us mean=M max=X bytes=B writes=W' (time per save of a game in
progress with the save modules loaded, as from start-up: encoding and writing; the
largest game record) and 'saves=ok'. All five games' rules stay loaded
here, which a console never does: hence the larger heap.
"""

import sys

for p in (".", "lib", "tests/mp"):
    if p not in sys.path:
        sys.path.insert(0, p)

from usclock import diff as _diff  # noqa: E402
from usclock import now as _now  # noqa: E402

import games  # noqa: E402
import opponents  # noqa: E402
from engine.prng import Prng  # noqa: E402
from match import NORMAL, Match  # noqa: E402
from saves.keep import Saves  # noqa: E402
from saves.store import TAIL_MOVE, TAIL_UNLOG  # noqa: E402


class CutNVM:
    """A bytearray store whose next write can stop after ``cut`` bytes."""

    def __init__(self):
        self.data = bytearray(b"\xff" * 4096)
        self.cut = -1
        self.writes = 0

    def __len__(self):
        return 4096

    def __getitem__(self, i):
        return self.data[i]

    def __setitem__(self, i, v):
        n = len(v) if self.cut < 0 else self.cut
        self.data[i.start : i.start + n] = v[:n]
        self.cut = -1
        self.writes += 1


def tail_moves(sv, game, state, rng):
    """Two moves appended to the saved game, the second taken back, and a
    third: read back as a power-up would, the game is at the third."""
    s1 = state.clone()
    a = opponents.choose(game, s1.observe(s1.current_player()), rng, 1)
    s1.apply(a)
    assert sv.store.append(TAIL_MOVE, a)
    if not s1.is_over():
        s2 = s1.clone()
        b = opponents.choose(game, s2.observe(s2.current_player()), rng, 1)
        s2.apply(b)
        assert sv.store.append(TAIL_MOVE, b) and sv.store.append(TAIL_UNLOG, 0)
        c = opponents.choose(game, s1.observe(s1.current_player()), rng, 1)
        s1.apply(c)
        assert sv.store.append(TAIL_MOVE, c)
    got = Saves(sv.nvm).saved_game()
    assert got is not None and got[1].key() == s1.key()
    return s1


def main():
    total = worst = n = big = 0
    for info in games.CATALOGUE:
        game = games.by_id(info.ID)
        players = info.DEFAULT_PLAYERS
        nvm = CutNVM()
        sv = Saves(nvm)
        state = game.new_state(players, 9)
        rng = Prng(4)
        moves = bytearray()
        for _ in range(12):
            if state.is_over():
                break
            a = opponents.choose(game, state.observe(state.current_player()), rng, 1)
            state.apply(a)
            moves.append(a)
        setup = Match(info, players, 9, 0, 0, bytes([NORMAL] * players))
        t0 = _now()
        sv.keep_game(setup, state, moves, len(moves))
        dt = _diff(_now(), t0)
        assert sv.message == "" and sv.game is not None, sv.message
        total += dt
        worst = max(worst, dt)
        n += 1
        big = max(big, len(sv.game) + len(sv.moves))
        back = Saves(nvm)
        got = back.saved_game()
        assert got is not None and got[1].key() == state.key(), info.ID
        # a save cut part-way leaves the one before readable
        for cut in range(0, 200, 10):
            nvm.cut = cut
            sv.commit()
            sv = Saves(nvm)  # a cut write: the board starts again
            assert sv.saved_game()[1].key() == state.key(), (info.ID, cut)
        # moves after it, a three-byte record each (one taken back), and one cut part-way
        sv.keep_game(setup, state, moves, len(moves))  # (the last cut left no room after it)
        want = tail_moves(sv, game, state, rng)
        nvm.cut = 2
        a = opponents.choose(game, want.observe(want.current_player()), rng, 1)
        sv.store.append(TAIL_MOVE, a)  # the power cut mid-record: the move in flight
        sv = Saves(nvm)
        assert sv.message == "" and sv.saved_game()[1].key() == want.key(), info.ID
        sv.game_over(setup, moves, len(moves), True, 3)
        sv.commit()
        assert Saves(nvm).last == sv.last and sv.last is not None
    print("save us mean=%d max=%d bytes=%d writes=%d" % (total // n, worst, big, n))
    print("saves=ok")


main()
