"""What a search of part of the game would give Hard in Elevator and
Bastard. Hard's own player (``games/shedding_hard.py``, without the
endgame search Hard plays beside it at three or four players,
lib/opponents_endgame.py) plays as it does, but for the decisions searched: by
default (``--when empty``) those once the stock is empty (every card it
cannot see is then in the other hands) while nobody is out; with ``--when
leads`` the play that starts a free pile while the stock lasts (its first
card, and whether more of that rank go with it), what an opening book
would hold; with ``--when stock`` every play while the stock lasts. Each
legal action is tried in some worlds (the cards Hard cannot see dealt at
random, in the counts it knows) and played on with Normal at every seat
(``--rollout hard``: Hard at its own), to the game's end (``--to out``:
to the first player out, as Hard's endgame search plays). Desktop only:
the measure behind docs/opponents.md, "Once the stock is empty", "The
endgame search Hard plays" and "The card that starts a play" (the
board's time holds about 56 Normal moves a decision, its budget; 40
before a move got faster).

    python -m sim.endgame --game elevator --players 4 --worlds 16 --games 6000
    python -m sim.endgame --search gives --worlds 1 --budget 40
    python -m sim.endgame --worlds 0   # the real deal: a player who sees every card
    python -m sim.endgame --players 3 --worlds 1 --cap 40   # given up past 40 moves
    python -m sim.endgame --worlds 64 --within 435   # the worlds done in 435 moves
    python -m sim.endgame --when leads --worlds 64 --rollout hard --margin 50
    python -m sim.endgame --players 3 --within 40 --margin 50 --to out   # as Hard searches

Every deal is also played by Hard's own player alone, on the same seats, so the
report gives the searched player's win share and its gain over Hard's,
paired deal by deal, with 95% intervals, and the moves simulated for a
searched decision (the mean and the most).
"""

import math
import time
from collections import namedtuple

import games
from engine.prng import DEAL_MAX, Prng
from games.shedding import GIVE
from opponents_hard import _standing
from search_worlds import determinize
from sim import cli
from sim.solve import wilson
from sim.tournament import real_winners

SEARCHES = ("all", "plays", "gives")
WHENS = ("empty", "leads", "stock")
ROLLOUTS = ("normal", "hard")
_WIN = 1000  # a playout to the end: a win, or minus the cards left

# What is searched and how: ``which`` of SEARCHES, ``worlds`` a decision
# (0: the real deal), ``budget`` (moves a decision, one world, scored by
# _standing; 0: playouts to the end), ``cap`` (moves past which a search
# is given up; 0: none), ``when`` of WHENS, ``margin`` (thousandths of a
# win a world by which another action must beat Hard's), ``rollout``
# (who plays Hard's seat in a playout), ``within`` (moves a decision
# for a search that decides on the worlds it has done in time; 0: none)
# and ``to`` (where a playout to the end stops: "end", the game's end;
# "out", the first player out, scored a win or minus the cards left then)
_FIELDS = "which worlds budget cap when margin rollout within to"
Search = namedtuple("Search", _FIELDS, defaults=(16, 0, 0, "empty", 0, "normal", 0, "end"))


def own(game, obs):
    """Hard's own player's choice (``games/shedding_hard.py``), without the
    endgame search Hard plays beside it (lib/opponents_endgame.py): the
    player every search here is measured against, as before that was
    built."""
    return games.load(game.INFO.hard).hard_policy(obs, None)


def searched(state, which, when="empty"):
    """Is Hard's decision in ``state`` one the search makes? Only while
    nobody is out (after the winner, no choice changes a win), and only
    ``when``: once the stock is empty; while it lasts, at every play
    ("stock") or at the play that starts a free pile ("leads": its first
    card, and each card more of its rank, for the pile stays free until
    the play ends). A give comes only once the stock is empty."""
    if state.winner >= 0 or len(state.legal_list()) < 2:
        return False
    if when != "empty":
        return state.deck_n > 0 and (state.free or when == "stock") and which != "gives"
    if state.deck_n:
        return False
    give = state.phase == GIVE
    return which == "all" or (which == "gives") == give


def _playout(game, s, seat, horizon, rollout="normal", to="end"):
    """Normal moves for every seat (``rollout`` "hard": Hard's own
    player's at ``seat``), up to ``horizon`` (0: to the end, or with
    ``to`` "out" to the first player out); the score and the moves made."""
    n = 0
    while not s.is_over() and (not horizon or n < horizon) and (to == "end" or s.winner < 0):
        if rollout == "hard" and s.current_player() == seat:
            s.apply(own(game, s.observe(seat)))
        else:
            s.apply(game.basic_policy(s, None))
        n += 1
    if horizon:
        return _standing(s, seat), n
    if to == "out":
        return (_WIN if s.winner == seat else -s.cards_left(seat)), n
    return (_WIN if seat in real_winners(s) else -s.cards_left(seat)), n


def decide(game, view, seat, prng, search, fair=True):
    """The searched action, and the moves it simulated. ``view`` is the
    seat's observation (``fair``), or the real state for a player who
    sees every card (one world, the real one). With ``search.budget``,
    one world: each action is played on for ``budget // actions - 2``
    moves (a copy counts one, the apply one) and scored by
    ``opponents_hard._standing``; too few moves for that and Hard's own
    choice stands. With ``search.cap``, a search that simulates more moves
    than that is given up and Hard's choice stands, as a board's clock
    would end it (the moves returned are then 0). With ``search.within``,
    a clock that lets the search decide on the worlds it has done: a world
    starts only if one more as long as those before ends within that many
    moves, and one that runs past them is left out (the first: Hard's
    choice stands); the moves returned are at most ``within``, where the
    clock would cut. Hard's choice stands on a tie, and unless another
    beats it by ``search.margin`` a world."""
    if fair and any(view.hands[j].count() for j in range(view.num_players) if j != seat):
        raise ValueError("a fair search is given the seat's observation, not the deal")
    hard = own(game, view.observe(seat) if not fair else view)
    acts = view.legal_list()
    worlds = search.worlds if fair else 1
    horizon = 0
    if search.budget:
        worlds = 1
        horizon = search.budget // len(acts) - 2
        if horizon < 4:
            return hard, 0
    within = search.within
    totals = [0] * len(acts)
    moves = done = 0
    while done < worlds:
        if within and done and moves + moves // done > within:
            break  # one more world would end past the clock
        world = view.clone()
        if fair:
            determinize(world, seat, prng)
        these = []
        for a in acts:
            s = world.clone()
            s.apply(a)
            v, n = _playout(game, s, seat, horizon, search.rollout, search.to)
            these.append(v)
            moves += n
            if search.cap and moves > search.cap:
                return hard, 0
            if within and moves > within:
                break
        if within and moves > within:
            moves = within  # the clock cuts the world in progress
            if not done:
                return hard, 0
            break
        for i, v in enumerate(these):
            totals[i] += v
        done += 1
    best = acts.index(hard)
    bar = totals[best] + search.margin * done
    for i in range(len(acts)):
        if totals[i] > totals[best] and totals[i] > bar:
            best = i
    return acts[best], moves


def play(game, players, deal, seat, search, prng, variant=0, trace=None):
    """One game, Hard at ``seat`` and Normal elsewhere, with Hard's
    decisions searched as ``search`` (a Search; None: not at all) says.
    Returns (Hard's share of the win, decisions searched, moves, the most
    moves of one decision); ``trace``, a list, gets every action and
    whether it was searched. A decision the budget, the cap or a late first
    world (``within``) leaves to Hard is not counted as searched."""
    s = game.new_state(players, deal, variant)
    count = moves = most = 0
    while not s.is_over():
        p = s.current_player()
        if p != seat:
            a = game.basic_policy(s.observe(p), None)
            if trace is not None:
                trace.append((a, False))
            s.apply(a)
            continue
        n = 0
        if search and searched(s, search.which, search.when):
            if search.worlds:
                a, n = decide(game, s.observe(seat), seat, prng, search)
            else:
                a, n = decide(game, s, seat, prng, search, fair=False)
            count += n > 0
            moves += n
            most = max(most, n)
        else:
            a = own(game, s.observe(seat))
        if trace is not None:
            trace.append((a, n > 0))
        s.apply(a)
    win = real_winners(s)
    return (1.0 / len(win) if seat in win else 0.0), count, moves, most


def _chunk(args):
    game_id, players, variant, seed, first, n, search = args
    game = games.by_id(game_id)
    deals = Prng(seed)
    for _ in range(first):
        deals.below(DEAL_MAX)
    prng = Prng(seed ^ 0x3C3C3C3 ^ first)  # the worlds' generator
    out = []
    for i in range(first, first + n):
        deal = deals.below(DEAL_MAX) + 1
        seat = (players - i % players) % players  # as sim.tournament seats the first level
        base = play(game, players, deal, seat, None, prng, variant)[0]
        out.append((base,) + play(game, players, deal, seat, search, prng, variant))
    return out


def run(game_id, players, games_n, search, variant=0, seed=7, jobs=1):
    """Per deal: (Hard's share as it is, the searched player's, decisions
    searched, moves simulated, the most moves of a decision)."""
    chunk = 20
    tasks = [(game_id, players, variant, seed, f, min(chunk, games_n - f), search)
             for f in range(0, games_n, chunk)]  # fmt: skip
    if jobs > 1:
        from multiprocessing import Pool

        with Pool(jobs) as pool:
            parts = pool.map(_chunk, tasks)
    else:
        parts = [_chunk(t) for t in tasks]
    return [row for part in parts for row in part]


def paired(rows):
    """The mean gain of the searched player over Hard, deal by deal, and
    its 95% half-width."""
    d = [r[1] - r[0] for r in rows]
    n = len(d)
    mean = sum(d) / n
    if n < 2:
        return mean, 0.0
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1))
    return mean, 1.96 * sd / math.sqrt(n)


def main(argv=None):
    p = cli.Parser("python -m sim.endgame", "endgame", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="elevator", choices=["elevator", "bastard"])
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--variant", type=int, default=0)
    p.add_argument("--search", default="all", choices=SEARCHES)
    p.add_argument("--worlds", type=int, default=16, help="worlds a decision (0: the real deal)")
    p.add_argument(
        "--budget", type=int, default=0, help="moves a decision, one world (0: playouts to the end)"
    )
    p.add_argument(
        "--cap", type=int, default=0, help="moves past which a search is given up (0: none)"
    )
    p.add_argument("--when", default="empty", choices=WHENS, help="the decisions searched")
    p.add_argument("--rollout", default="normal", choices=ROLLOUTS, help="Hard's seat in a playout")
    p.add_argument(
        "--margin", type=int, default=0, help="thousandths of a win a world over Hard's choice"
    )
    p.add_argument(
        "--within", type=int, default=0, help="moves a decision, the worlds done decide (0: none)"
    )
    p.add_argument("--to", default="end", choices=("end", "out"), help="a playout's end")
    p.add_argument("--games", type=int, default=6000)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--jobs", type=int, default=2)
    a = p.parse_args(argv)
    info = games.info(a.game)
    if not max(3, info.MIN_PLAYERS) <= a.players <= info.MAX_PLAYERS:
        p.fail("%s's endgame search takes 3 to %d players (with two in, Hard plays Normal's choice)"
               % (a.game, info.MAX_PLAYERS))  # fmt: skip
    if not 0 <= a.variant < len(info.VARIANTS):
        p.fail("%s has variants 0 to %d" % (a.game, len(info.VARIANTS) - 1))
    if min(a.worlds, a.budget, a.cap, a.margin, a.within) < 0 or min(a.games, a.jobs) < 1:
        p.fail("--worlds, --budget, --cap, --margin, --within take 0 or more; --games, --jobs 1+")
    if a.when != "empty" and a.search == "gives":
        p.fail("a give comes once the stock is empty: --when %s searches none" % a.when)
    search = Search(
        a.search, a.worlds, a.budget, a.cap, a.when, a.margin, a.rollout, a.within, a.to
    )
    t0 = time.time()
    rows = run(a.game, a.players, a.games, search, a.variant, a.seed, a.jobs)
    n = len(rows)
    for name, k in (("Hard", 0), ("searched", 1)):
        share = sum(r[k] for r in rows) / n
        lo, hi = wilson(round(share * n), n)
        print("%s: %.4f [%.4f, %.4f], %.3fx" % (name, share, lo, hi, share * a.players))
    gain, half = paired(rows)
    decisions = sum(r[2] for r in rows)
    print("gain: %+.4f +- %.4f (paired, 95%%); %.2f decisions searched a game, %.0f moves each"
          " (at most %d); %d games in %.0f s" % (gain, half, decisions / n, sum(r[3] for r in rows)
          / max(1, decisions), max(r[4] for r in rows), n, time.time() - t0))  # fmt: skip


if __name__ == "__main__":
    main()
