"""Seat-rotated matches between opponent levels (``python -m sim.selfplay
--levels hard,normal,normal,normal``).

Game ``i`` seats the levels turned round by ``i`` places, so every level
sits in every seat equally often. A shared win (Bastard's rule can make
several winners) counts as a fraction. Only a real win counts: a game that
ends blocked or at its turn limit before anyone has won (Roller Coaster's
RC-13/RC-14, Color Elevator's CE-14/CE-15) credits no seat, though its
ranking puts someone first; the report counts such games
(``no_winner``) and every way the games ended (``endings``). It gives
each level's win share per player with Wilson's 95% interval, the fair
share (1/players) and the ratio to it, the mean game length, the wins by
seat (seat bias) and each level's time per decision.
"""

import time

import opponents
from engine.prng import DEAL_MAX, Prng
from match import EASY, HARD, KIND_NAMES, NORMAL
from sim.selfplay import ending_name
from sim.solve import wilson

LEVELS = {"easy": EASY, "normal": NORMAL, "hard": HARD}


def parse_levels(text, players):
    """'hard,normal' -> [HARD, NORMAL, ...] for ``players`` seats (a list
    shorter than the table repeats its last level); None if a name is
    unknown."""
    names = [t.strip().lower() for t in text.split(",") if t.strip()]
    if not names or any(n not in LEVELS for n in names):
        return None
    levels = [LEVELS[n] for n in names][:players]
    while len(levels) < players:
        levels.append(levels[-1])
    return levels


def play(game, players, deal, seats, prng, variant=0, moves=0):
    """One game with a level per seat; returns (state, seconds per level,
    decisions per level)."""
    s = game.new_state(players, deal, variant)
    spent = [0.0, 0.0, 0.0]
    count = [0, 0, 0]
    while not s.is_over():
        seat = s.current_player()
        level = seats[seat]
        t0 = time.perf_counter()
        a = opponents.choose(game, s.observe(seat), prng, level, moves)
        spent[level] += time.perf_counter() - t0
        count[level] += 1
        s.apply(a)
    return s, spent, count


def real_winners(s):
    """The seats that won the finished game ``s``: none when it ended
    blocked or at its turn limit with nobody out, whoever its ranking
    puts first (a seat ahead on cards when play stopped has not won)."""
    return s.winners() if s.winner >= 0 else []


def _games(args):
    """A chunk of a match (for worker processes): per game, the winners'
    levels with their share and the seat of each win, and how it ended."""
    game_id, players, levels, first, n, seed, variant, moves = args
    from games import by_id

    game = by_id(game_id)
    deals = Prng(seed)
    for _ in range(first):
        deals.below(DEAL_MAX)
    prng = Prng(seed ^ 0x5A5A5A5 ^ first)
    out = []
    for i in range(first, first + n):
        deal = deals.below(DEAL_MAX) + 1
        seats = [levels[(k + i) % players] for k in range(players)]
        s, spent, count = play(game, players, deal, seats, prng, variant, moves)
        win = real_winners(s)
        won = [(seats[w], w, 1.0 / len(win)) for w in win]
        out.append((s.turns, won, spent, count, ending_name(s)))
    return out


def run(game, players, levels, games, seed=1, variant=0, jobs=1, progress=None,
        moves=0):  # fmt: skip
    chunk = 10
    tasks = [
        (game.ID, players, levels, first, min(chunk, games - first), seed, variant, moves)
        for first in range(0, games, chunk)
    ]
    results = []
    t0 = time.perf_counter()
    if jobs > 1:
        from multiprocessing import Pool

        with Pool(jobs) as pool:
            for part in pool.imap(_games, tasks):
                results.extend(part)
                if progress:
                    progress(len(results), games)
    else:
        for task in tasks:
            results.extend(_games(task))
            if progress:
                progress(len(results), games)
    return report(game, players, levels, results, seed, variant, time.perf_counter() - t0)


def report(game, players, levels, results, seed, variant, seconds):
    n = len(results)
    wins = [0.0, 0.0, 0.0]
    by_seat = [0.0] * players
    spent = [0.0, 0.0, 0.0]
    count = [0, 0, 0]
    turns = 0
    endings = {}
    no_winner = 0
    for t, won, sp, ct, ending in results:
        turns += t
        endings[ending] = endings.get(ending, 0) + 1
        no_winner += not won
        for level, seat, share in won:
            wins[level] += share
            by_seat[seat] += share
        for k in range(3):
            spent[k] += sp[k]
            count[k] += ct[k]
    fair = 1.0 / players
    out_levels = {}
    for name, level in LEVELS.items():
        seats = levels.count(level)
        if not seats:
            continue
        lo, hi = wilson(wins[level], n)  # "a player of this level won", then per player
        share = wins[level] / n / seats
        out_levels[name] = {
            "players": seats,
            "win_share": round(share, 4),
            "ci95": [round(lo / seats, 4), round(hi / seats, 4)],
            "fair_share": round(fair, 4),
            "ratio_to_fair": round(share / fair, 3),
            "ms_per_decision": round(1000 * spent[level] / count[level], 2) if count[level] else 0,
        }
    return {
        "game": game.ID,
        "players": players,
        "variant": game.VARIANTS[variant],
        "levels": ",".join(KIND_NAMES[x].lower() for x in levels),
        "games": n,
        "seed": seed,
        "results": out_levels,
        "no_winner": no_winner,
        "endings": endings,
        "mean_turns": round(turns / n, 2),
        "wins_by_seat": [round(w, 1) for w in by_seat],
        "seat_bias": round(max(by_seat) / n - min(by_seat) / n, 4),
        "seconds": round(seconds, 1),
    }
