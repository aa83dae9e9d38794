"""Prints PRNG output and deals; tests compare what CPython and the
MicroPython VM print, line for line."""

import sys

for p in ("tests", ".", "lib"):
    if p not in sys.path:
        sys.path.insert(0, p)

from catalog import all_games  # noqa: E402

from engine import cards  # noqa: E402
from engine.prng import DEAL_MAX, Prng  # noqa: E402


def lines():
    out = []
    for seed in (1, 7, 12345, DEAL_MAX):
        p = Prng(seed)
        out.append("prng %d %s" % (seed, " ".join([str(p.next30()) for _ in range(12)])))
        picks = [str(p.below(n)) for n in (2, 13, 52, 108, 1000)]
        out.append("below %d %s" % (seed, " ".join(picks)))
    from engine.keyed import Keyed

    k = Keyed()
    for key in (b"\x00" * 8, b"\x01\x00\x09\x08\x11\x10\x19\x18", b"\xff" * 8):
        k.seed(key, 2)
        out.append("keyed %s" % " ".join([str(k.next30()) for _ in range(12)]))
    keys = (b"\x5a\x11\xc3\x07\x88\xe4\x29\x6b",)  # a linked game's deal, every game
    for game in all_games():
        for players in (game.MIN_PLAYERS, game.MAX_PLAYERS):
            for deal in (1, 7, 999999, DEAL_MAX) + keys:
                s = game.new_state(players, deal)
                hands = " / ".join([cards.codes(h.to_list()) for h in s.hands])
                out.append("%s %d %r %s" % (game.ID, players, deal, hands))
    return out


if __name__ == "__main__":
    for line in lines():
        print(line)
