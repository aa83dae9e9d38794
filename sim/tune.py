"""Tuning Hard's weights for Elevator and Bastard (``games/shedding_hard.py``)
by a cross-entropy search: each round deals a fresh set of games, plays a
seat-rotated match of Hard against Normal for each of a round's weight
sets on those same deals, and moves the search to the best few. Weights
are the module's own names, set on it for the match (CPython only: on a
board they are constants). ``docs/opponents.md`` gives what it found.

    python -m sim.tune --game elevator --players 4 --rounds 8 --size 14 --games 8000
    python -m sim.tune --game bastard --players 4 --check '{"_ACE": 70}' --games 40000

Prints each round's best and mean weights, and with ``--check`` the win
share of the given weights against today's on the same fresh deals.
"""

import json
import random
import time

import games
from match import HARD, NORMAL
from sim import cli, tournament
from sim.solve import wilson

# the weights searched, and the spread of the first round's draws
SPREAD = {
    "_STEP": 1.5,
    "_RESTART_STEP": 1.5,
    "_ACE": 25,
    "_TWO": 25,
    "_JOKER": 60,
    "_OTHER_CARD": 60,
    "_OWN": 50,
    "_PAID_NUM": 1.0,  # over _PAID_DEN: the penalty's weight
}
_FIRST_DEAL = 100000  # deals past those sim.selfplay and make bench play


def _module():
    return games.load("shedding_hard")


def current():
    """Today's weights, as the module holds them."""
    m = _module()
    return {name: getattr(m, name) for name in SPREAD}


def _match(args):
    """Hard's wins with ``weights`` in a chunk of a match (worker process)."""
    weights, game_id, players, first, n, variant = args
    m = _module()
    kept = current()
    for name, v in weights.items():
        setattr(m, name, v)
    try:
        out = tournament._games((game_id, players, [HARD] + [NORMAL] * (players - 1), first, n,
                                 1, variant, 0))  # fmt: skip
    finally:
        for name, v in kept.items():
            setattr(m, name, v)
    return sum(share for _, won, _, _, _ in out for level, _, share in won if level == HARD)


def shares(sets, game_id, players, first, n, variant=0, jobs=1):
    """Hard's win share with each weight set of ``sets``, on the same ``n``
    deals from deal number ``first``."""
    chunk = max(1, n // (4 * jobs))
    tasks = []
    for w in sets:
        for at in range(first, first + n, chunk):
            tasks.append((w, game_id, players, at, min(chunk, first + n - at), variant))
    if jobs > 1:
        from multiprocessing import Pool

        with Pool(jobs) as pool:
            wins = pool.map(_match, tasks)
    else:
        wins = [_match(t) for t in tasks]
    per = len(tasks) // len(sets)
    return [sum(wins[i * per : (i + 1) * per]) / n for i in range(len(sets))]


def search(game_id, players, rounds, size, n, variant=0, jobs=1, seed=5, say=print):
    """The cross-entropy search from today's weights: ``rounds`` rounds of
    ``size`` weight sets (today's mean first), each on ``n`` fresh deals;
    the best quarter's mean and spread make the next round's. Returns the
    last mean."""
    rng = random.Random(seed)
    mean = {k: float(v) for k, v in current().items()}
    spread = dict(SPREAD)
    elite = max(1, size // 4)
    for r in range(rounds):
        cands = [mean] + [
            {k: mean[k] + rng.gauss(0, spread[k]) for k in mean} for _ in range(size - 1)
        ]
        sets = [{k: int(round(v)) for k, v in c.items()} for c in cands]
        t0 = time.time()
        got = shares(sets, game_id, players, _FIRST_DEAL + r * n, n, variant, jobs)
        order = sorted(range(size), key=lambda i: -got[i])
        best = [cands[i] for i in order[:elite]]
        for k in mean:
            mean[k] = sum(c[k] for c in best) / elite
            dev = (sum((c[k] - mean[k]) ** 2 for c in best) / elite) ** 0.5
            spread[k] = max(0.5 * spread[k], dev + 0.3 * spread[k])
        say("round %d (%.0f s): the mean's %.4f, best %.4f %s" % (
            r, time.time() - t0, got[0], got[order[0]], json.dumps(sets[order[0]])))  # fmt: skip
    return {k: int(round(v)) for k, v in mean.items()}


def main(argv=None):
    p = cli.Parser("python -m sim.tune", "tune", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="elevator", choices=["elevator", "bastard"])
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--variant", type=int, default=0)
    p.add_argument("--rounds", type=int, default=8)
    p.add_argument("--size", type=int, default=14)
    p.add_argument("--games", type=int, default=8000, help="deals a round (or for --check)")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--check", help="weights as JSON: their share against today's")
    a = p.parse_args(argv)
    info = games.info(a.game)
    if not info.MIN_PLAYERS <= a.players <= info.MAX_PLAYERS:
        p.fail("%s takes %d to %d players" % (a.game, info.MIN_PLAYERS, info.MAX_PLAYERS))
    if not 0 <= a.variant < len(info.VARIANTS):
        p.fail("%s has variants 0 to %d" % (a.game, len(info.VARIANTS) - 1))
    if min(a.rounds, a.size, a.games, a.jobs) < 1 or a.size < 2:
        p.fail("--rounds, --games and --jobs take 1 or more, --size 2 or more")
    if a.check:
        try:
            given = json.loads(a.check)
            ok = isinstance(given, dict) and all(
                k in SPREAD and isinstance(v, int) for k, v in given.items()
            )
        except ValueError:
            ok = False
        if not ok:
            p.fail("--check takes a JSON object of whole numbers for: " + ", ".join(SPREAD))
        w = dict(current(), **given)
        got = shares([current(), w], a.game, a.players, _FIRST_DEAL * 5, a.games, a.variant,
                     a.jobs)  # fmt: skip
        for name, share in zip(("today", "given"), got):
            lo, hi = wilson(round(share * a.games), a.games)
            print("%s: %.4f [%.4f, %.4f], %.3fx" % (name, share, lo, hi, share * a.players))
        return
    print(json.dumps(search(a.game, a.players, a.rounds, a.size, a.games, a.variant, a.jobs)))


if __name__ == "__main__":
    main()
