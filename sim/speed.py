"""How fast the engine plays, side by side with its peer, in one run:

    python -m sim.speed [--games 300] [--seconds 5]

Four-player self-play of Bastard, Roller Coaster and Color Elevator (every
seat Normal, deciding from its own observation, made into one state a
game as a table does), as turns and decisions a second and the share of
the time spent observing; and RLCard's UNO environment with random agents
(the peer), as decisions a second, when rlcard is installed. The last
line is one JSON object.
"""

import argparse
import json
import time

from engine.prng import Prng
from games import by_id

GAMES = ("bastard", "roller-coaster", "color-elevator")


def selfplay(game_id, players=4, games=300, seed=1):
    """{turns_per_second, decisions_per_second, observe_share} of ``games``
    whole games; ``observe_share`` comes from a second, timed pass."""
    game = by_id(game_id)
    deals = Prng(seed)
    rng = Prng(seed ^ 0x5A5A5A5)
    turns = decisions = 0
    t0 = time.perf_counter()
    for _ in range(games):
        s = game.new_state(players, deals.below(30000) + 1)
        obs = s._blank()
        while not s.is_over():
            s.apply(game.basic_policy(s.observe(s.current_player(), obs), rng))
            decisions += 1
        turns += s.turns
    seconds = time.perf_counter() - t0
    return {
        "turns_per_second": round(turns / seconds),
        "decisions_per_second": round(decisions / seconds),
        "observe_share": round(_observe_share(game, players, games // 3, seed), 3),
    }


def _observe_share(game, players, games, seed):
    deals = Prng(seed)
    rng = Prng(seed ^ 0x5A5A5A5)
    clock = time.perf_counter
    observing = total = 0.0
    for _ in range(games):
        s = game.new_state(players, deals.below(30000) + 1)
        obs = s._blank()
        while not s.is_over():
            t0 = clock()
            s.observe(s.current_player(), obs)
            t1 = clock()
            s.apply(game.basic_policy(obs, rng))
            t2 = clock()
            observing += t1 - t0
            total += t2 - t0
    return observing / total


def uno(seconds=5.0, seed=1):
    """RLCard's UNO with random agents: decisions a second (None without rlcard)."""
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("uno", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    decisions = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        trajectories, _payoffs = env.run(is_training=False)
        # a trajectory alternates states and actions: one decision per action
        decisions += sum(len(t) // 2 for t in trajectories)
    return {"players": env.num_players, "decisions_per_second": round(
        decisions / (time.perf_counter() - t0))}  # fmt: skip


def run(games=300, seconds=5.0):
    out = {}
    for game_id in GAMES:
        out[game_id] = selfplay(game_id, 4, games)
    out["rlcard_uno_random"] = uno(seconds)
    return out


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m sim.speed", description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=300, help="self-play games of each game")
    p.add_argument("--seconds", type=float, default=5.0, help="seconds of RLCard's UNO")
    args = p.parse_args(argv)
    out = run(args.games, args.seconds)
    for name, row in out.items():
        print("%-18s %s" % (name, row))
    print(json.dumps(out))


if __name__ == "__main__":
    main()
