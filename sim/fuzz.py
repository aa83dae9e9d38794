"""Random button presses over every screen of the console.

    python -m sim.fuzz                      10,000 presses on each panel
    python -m sim.fuzz --presses 500000     the long run (``make fuzz``):
                                            1,000,000 presses in all

Presses go to the headless simulator on virtual time: logical keys on the
eight-button board, short and long presses of the three physical buttons
on the 128x32 board. After every press, whatever game is on the table
must keep the engine's invariants (every card of its deal still in play,
each hand as big as its public count, a live game has sorted, distinct
legal actions and the person's observation agrees with them, a finished
one ranks every seat), and from time to time the table's move list must
replay to exactly the state it shows. Any exception, or a broken
invariant, stops the run with the seed and the press number, so it can be
played again.
"""

import random
import sys
import time

from buttons import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B
from engine.prng import Prng
from sim import cli
from sim.headless import Session

# A and the arrows weigh most, so games are played as well as left
_KEYS = (UP, DOWN, LEFT, RIGHT, A, A, A, B, START, SELECT, RIGHT, DOWN, A, LEFT)
PROFILES = ("pico-128x64", "feather-128x32")


class Broken(AssertionError):
    pass


def check_state(state, match, cards_of_deal):
    """The engine's invariants for the state on the table of ``match``."""
    if sorted(state.all_cards()) != cards_of_deal:
        raise Broken("cards not conserved in %s %d players, deal %d"
                     % (match.info.ID, match.players, match.deal))  # fmt: skip
    for seat in range(state.num_players):
        if state.counts[seat] != len(state.hands[seat]):  # the public hand sizes
            raise Broken("seat %d's hand holds %d cards, its count says %d"
                         % (seat, len(state.hands[seat]), state.counts[seat]))  # fmt: skip
    if state.is_over():
        if state.current_player() != -1:
            raise Broken("a finished game still has a player to move")
        if len(state.ranking()) != state.num_players:
            raise Broken("a finished game does not rank every seat")
        return
    seat = state.current_player()
    if not 0 <= seat < state.num_players:
        raise Broken("current player %d out of range" % seat)
    legal = state.legal_list()
    if not legal or legal != sorted(set(legal)):
        raise Broken("legal actions empty, unsorted or repeated: %r" % (legal,))
    if state.observe(seat).legal_list() != legal:
        raise Broken("the seat's observation disagrees with the legal actions")


def check_log(table):
    """The table's move list replays to the state it shows."""
    from saves import read

    r = table.record
    if not r.complete or r.replaying:
        return
    if read.replay(r.match, bytes(r.moves[: r.n])).key() != table.state.key():
        raise Broken("the move list does not replay to the table's state")


def run(presses, seed=1, profile="pico-128x64", replay_every=250, report=None):
    """``presses`` random presses; returns what was seen. Raises Broken
    (or whatever the console raised) with the press number in the message."""
    rng = Prng(seed)
    s = Session(profile, seed=seed, pace_ms=0)
    three = s.hw.three
    screens = {}
    games_seen = set()
    finished = 0
    last_state = None
    last_screen = None
    cards_of_deal = None
    t0 = time.monotonic()
    i = 0
    try:
        for i in range(presses):
            if three:
                s.hw.physical(rng.below(3), long=rng.below(4) == 0)
            else:
                s.hw.press(_KEYS[rng.below(len(_KEYS))])
            for _ in range(1 + rng.below(4)):
                s.frame()
            screen = s.screen
            name = type(screen).__name__
            if name == "Results" and screen is not last_screen:
                finished += 1
            last_screen = screen
            screens[name] = screens.get(name, 0) + 1
            state = getattr(screen, "state", None)
            if state is None or not hasattr(screen, "record"):
                continue
            if state is not last_state:  # a new deal (or a resumed game)
                last_state = state
                games_seen.add(screen.match.info.ID)
                cards_of_deal = sorted(screen.match.new_state().all_cards())
            check_state(state, screen.match, cards_of_deal)
            if i % replay_every == 0:
                check_log(screen)
            if report is not None and i % 10000 == 0 and i:
                report(i, presses)
    except Exception as e:
        raise Broken("%s at press %d (profile %s, seed %d)" % (e, i, profile, seed)) from e
    return {
        "profile": profile,
        "presses": presses,
        "screens": screens,
        "games": sorted(games_seen),
        "finished": finished,
        "seconds": round(time.monotonic() - t0, 1),
    }


def main(argv=None):
    p = cli.Parser("python -m sim.fuzz", "fuzz", description="random presses over every screen")
    p.add_argument("--presses", type=int, default=10000, help="presses per panel")
    p.add_argument("--seed", type=int, default=0, help="0: a random seed (printed)")
    p.add_argument("--profile", choices=PROFILES + ("both",), default="both")
    args = p.parse_args(sys.argv[1:] if argv is None else argv)
    if args.presses < 1:
        p.fail("--presses must be at least 1")
    seed = args.seed or random.randrange(1, 1 << 30)
    profiles = PROFILES if args.profile == "both" else (args.profile,)
    jobs = [(args.presses, seed, profile) for profile in profiles]
    if len(jobs) > 1:  # one process per panel: the machine's two cores
        import multiprocessing

        with multiprocessing.Pool(len(jobs)) as pool:
            results = pool.map(_one, jobs)
    else:
        results = [_one(jobs[0])]
    failed = 0
    for r in results:
        if isinstance(r, str):
            print("fuzz: FAILED: %s" % r)
            failed += 1
            continue
        screens = ", ".join("%s %d" % kv for kv in sorted(r["screens"].items()))
        print(
            "fuzz %s seed %d: %d presses in %.0f s, no failure; %d games finished (%s); "
            "screens: %s"
            % (r["profile"], seed, r["presses"], r["seconds"], r["finished"],
               ", ".join(r["games"]), screens)
        )  # fmt: skip
    return 1 if failed else 0


def _one(job):
    presses, seed, profile = job
    try:
        return run(presses, seed, profile)
    except Broken as e:
        return str(e)


if __name__ == "__main__":
    sys.exit(main())
