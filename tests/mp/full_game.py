"""One full computer game, for heap-size checks under MicroPython:

    micropython -X heapsize=64K tests/mp/full_game.py roller-coaster 4 7 [variant]

Every seat plays the basic policy from its own observation. Prints
'finished <game> turns=N winner=S cards=ok' and exits 1 on failure.
"""

import gc
import os
import sys

# Bytes held from the start (MP_LAYOUT, as tests/mp/vmhal.py): near its
# edge a run passes or fails with where the heap's holes fall, so the test
# holds it over a few layouts (sim.mpvm.LAYOUTS)
_LAYOUT = bytearray(int(os.getenv("MP_LAYOUT") or 0))

for p in (".", "lib"):
    if p not in sys.path:
        sys.path.insert(0, p)

from engine import gamestate  # noqa: E402, F401  (loaded before a game on a board: app._SHARED)
from engine.prng import Prng  # noqa: E402
from games import by_id  # noqa: E402


def conserved(s, seen):
    """Every card of the game exactly once, counted into ``seen`` (a
    bytearray made before the game, so the check needs no big list from
    a heap that a long game has fragmented)."""
    for i in range(len(seen)):
        seen[i] = 0
    for h in s.hands:
        c = h.next(-1)
        while c >= 0:
            seen[c] += 1
            c = h.next(c)
    for i in range(s.deck_n):
        seen[s.deck[i]] += 1
    for i in range(s.pile_n):
        seen[s.pile[i]] += 1
    for c in s._extra_cards():
        seen[c] += 1
    for i in range(s.ncards):
        if seen[i] != 1:
            return False
    return True


def main(game_id, players, deal, variant=0):
    gc.collect()  # as the app does before a game's modules load
    game = by_id(game_id)
    s = game.new_state(players, deal, variant)
    seen = bytearray(s.decks * 54)
    if not conserved(s, seen):
        raise AssertionError("a bad deal")
    prng = Prng(deal)
    moves = 0
    obs = s._blank()  # made once, as a table does: observing allocates nothing
    while not s.is_over():
        s.observe(s.current_player(), obs)
        s.apply(game.basic_policy(obs, prng))
        moves += 1
        if moves % 64 == 0:
            gc.collect()
    ok = conserved(s, seen)
    verdict = "ok" if ok else "LOST"
    print("finished %s moves=%d winners=%s cards=%s" % (game_id, moves, s.winners(), verdict))
    return ok


if __name__ == "__main__":
    args = sys.argv[1:]
    game_id = args[0] if args else "roller-coaster"
    players = int(args[1]) if len(args) > 1 else 4
    deal = int(args[2]) if len(args) > 2 else 7
    variant = int(args[3]) if len(args) > 3 else 0
    if not main(game_id, players, deal, variant):
        sys.exit(1)
