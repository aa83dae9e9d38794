"""Computer-only games, for statistics and as a soak test.

    python -m sim.selfplay --game color-elevator --players 4 --games 2000 --variant 1

Every seat plays the game's basic policy from its own observation. A
progress bar goes to a terminal (stderr); the last line on stdout is one
JSON object: games, finished, won, blocked, cards_conserved, endings (how
many games ended each way: won, blocked, stalled, turn-limit, ranked,
cleared, stuck), mean_turns, max_turns, wins_by_seat, and where the game
has them: penalties (Elevator's stuck elevator, Bastard's rule), shared
wins, stock rebuilds (Color Elevator), mean score (solitaire); then
seconds and games_per_second.

With ``--levels hard,normal,normal,normal`` it plays a seat-rotated match
between opponent levels instead (``sim/tournament.py``): each level's win
share with its 95% interval, mean game length and seat bias.
"""

import json
import sys
import time

from engine.prng import DEAL_MAX, Prng
from games import CATALOGUE, by_id
from sim import cli


def fail(message):
    cli.fail("selfplay", message)


# How a finished game ended, by the codes each game keeps (its ``ending``
# field, or its winner and idle turns): for these reports only, so the
# board holds none of the words.
_ENDINGS = {
    "color-elevator": ("", "won", "stalled", "limit"),
    "elevator": ("", "ranked", "turn-limit"),
    "bastard": ("", "ranked", "turn-limit"),
}


def ending_name(s):
    """How the finished game ``s`` ended (a word for the reports)."""
    game_id = s.INFO.ID
    if game_id in _ENDINGS:
        return _ENDINGS[game_id][s.ending]
    if game_id == "roller-coaster":
        if s.winner >= 0:
            return "won"
        return "blocked" if s.idle >= s.num_players else "turn-limit"
    return "cleared" if s.winner == 0 else "stuck"  # the solitaire


def play_one(game, players, deal, prng, variant=0):
    """One game; returns (state, moves, cards_conserved)."""
    s = game.new_state(players, deal, variant)
    before = sorted(s.all_cards())
    moves = 0
    while not s.is_over():
        s.apply(game.basic_policy(s.observe(s.current_player()), prng))
        moves += 1
    return s, moves, sorted(s.all_cards()) == before


def run(game, players, games, seed, progress=None, variant=0):
    deals = Prng(seed)
    policy_rng = Prng(seed ^ 0x5A5A5A5)
    wins = [0] * players
    won = finished = 0
    conserved = True
    turns = max_turns = 0
    endings = {}
    penalties = shared = rebuilds = max_rebuilds = score = 0
    t0 = time.perf_counter()
    for i in range(games):
        deal = deals.below(DEAL_MAX) + 1
        s, _moves, ok = play_one(game, players, deal, policy_rng, variant)
        conserved = conserved and ok
        finished += s.is_over()
        turns += s.turns
        max_turns = max(max_turns, s.turns)
        name = ending_name(s)
        endings[name] = endings.get(name, 0) + 1
        win = s.winners()
        if s.winner >= 0:
            won += 1
            for w in win:
                wins[w] += 1
        shared += len(win) > 1
        penalties += getattr(s, "penalties", 0)
        r = getattr(s, "rebuilds", 0)
        rebuilds += r
        max_rebuilds = max(max_rebuilds, r)
        if players == 1:
            score += s.score()
        if progress:
            progress(i + 1, games)
    seconds = time.perf_counter() - t0
    out = {
        "game": game.ID,
        "players": players,
        "variant": game.VARIANTS[variant],
        "games": games,
        "seed": seed,
        "finished": finished,
        "won": won,
        "blocked": games - won,
        "cards_conserved": conserved,
        "endings": endings,
        "mean_turns": round(turns / games, 2),
        "max_turns": max_turns,
        "wins_by_seat": wins,
    }
    if hasattr(s, "penalties"):
        out["penalties"] = penalties
        out["penalties_per_game"] = round(penalties / games, 3)
    if hasattr(s, "share_at"):
        out["shared_wins"] = shared
    if hasattr(s, "rebuilds"):
        out["rebuilds_per_game"] = round(rebuilds / games, 3)
        out["max_rebuilds"] = max_rebuilds
    if players == 1:
        out["mean_score"] = round(score / games, 2)
    out["seconds"] = round(seconds, 3)
    out["games_per_second"] = round(games / seconds, 1) if seconds else None
    return out


def main(argv=None):
    p = cli.Parser("python -m sim.selfplay", "selfplay")
    ids = ", ".join(g.ID for g in CATALOGUE)
    p.add_argument("--game", required=True, help="one of: " + ids)
    p.add_argument("--players", type=int, default=0)
    p.add_argument("--variant", type=int, default=0, help="variant number (0 = the standard game)")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--levels",
        help="opponent levels by seat, e.g. hard,normal,normal,normal (easy, normal, hard): "
        "a seat-rotated match instead of basic players",
    )
    p.add_argument("--jobs", type=int, default=1, help="processes for --levels matches")
    args = p.parse_args(argv)
    game = by_id(args.game)
    if game is None:
        fail("unknown game %r; choose one of: %s" % (args.game, ids))
    players = args.players or game.DEFAULT_PLAYERS
    if not game.MIN_PLAYERS <= players <= game.MAX_PLAYERS:
        fail(
            "%s takes %d to %d players, not %d"
            % (game.ID, game.MIN_PLAYERS, game.MAX_PLAYERS, players)
        )
    if not 0 <= args.variant < len(game.VARIANTS):
        names = ", ".join("%d = %s" % (i, v) for i, v in enumerate(game.VARIANTS))
        fail("%s has variants %s, not %d" % (game.ID, names, args.variant))
    if not 1 <= args.games <= 10_000_000:
        fail("--games must be 1 to 10000000")
    if not 1 <= args.seed <= DEAL_MAX:
        fail("--seed must be 1 to %d" % DEAL_MAX)
    if not 1 <= args.jobs <= 64:
        fail("--jobs must be 1 to 64")
    progress = cli.progress_bar if sys.stderr.isatty() else None
    if args.levels is not None:
        from sim import tournament

        if players < 2:
            fail("%s has no opponents: --levels needs 2 or more players" % game.ID)
        levels = tournament.parse_levels(args.levels, players)
        if levels is None:
            fail("--levels takes easy, normal or hard, comma-separated, not %r" % args.levels)
        r = tournament.run(
            game, players, levels, args.games, args.seed, args.variant, args.jobs, progress
        )
        print(json.dumps(r))
        return 0
    print(json.dumps(run(game, players, args.games, args.seed, progress, args.variant)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
