"""Play the shipped winnable Elevator solitaire deals by the hint alone.

    python -m sim.hintplay --deals all        # every deal of the shipped list
    python -m sim.hintplay --deals 100        # 100 of them, spread over the list
    python -m sim.hintplay --deals 100 --solver-only

Each deal is played from the start by taking every hint (ES-12) as the
table asks it: the board's budget (``HINT_BUDGET`` positions, a
``HINT_MEMO`` table), the shipped lines file, one scratch state made once
a game. ``--solver-only`` leaves the lines file out (the hint as it was
before the file shipped). The last line on stdout is one JSON object:
deals, won, hints, proven (hints that said the move wins), mean and max
hint milliseconds on CPython, seconds.
"""

import json
import os
import sys
import time

from sim import cli
from sim.solve import LINES, WINNABLE


def shipped():
    """The shipped winnable deal numbers, in the list's order."""
    with open(WINNABLE, "rb") as f:
        data = f.read()
    return [data[i] | (data[i + 1] << 8) for i in range(0, len(data) - 1, 2)]


def sample(deals, n):
    """``n`` of ``deals`` spread evenly over the list (all when n >= len)."""
    if n >= len(deals):
        return list(deals)
    return [deals[i * len(deals) // n] for i in range(n)]


def play(deal, path=LINES, variant=0, state=None):
    """Follow the hint from ``state`` (else the deal's start) to the end:
    (won, [(seconds, proven) for each hint])."""
    from games import elevator_solitaire as es
    from games import elevator_solitaire_ai as ai
    from games import elevator_solitaire_solver as sv

    s = es.new_state(1, deal, variant) if state is None else state
    into = s._blank()  # the table's scratch state, made once
    hints = []
    while not s.is_over():
        t0 = time.perf_counter()
        action, proven = ai.hint(s, sv.HINT_BUDGET, sv.HINT_MEMO, path, into)
        hints.append((time.perf_counter() - t0, proven))
        s.apply(action)
    return s.winner == 0, hints


def run(deals, path=LINES, progress=None):
    won = 0
    times = []
    proven = 0
    t0 = time.perf_counter()
    for n, deal in enumerate(deals):
        ok, hints = play(deal, path)
        won += ok
        times += [h[0] for h in hints]
        proven += sum(1 for h in hints if h[1])
        if progress:
            progress(n + 1, len(deals))
    return {
        "deals": len(deals),
        "won": won,
        "hints": len(times),
        "proven": proven,
        "hint_ms_mean_cpython": round(1000 * sum(times) / max(1, len(times)), 3),
        "hint_ms_max_cpython": round(1000 * max(times, default=0), 3),
        "seconds": round(time.perf_counter() - t0, 1),
    }


def main(argv=None):
    p = cli.Parser("python -m sim.hintplay", "hintplay")
    p.add_argument("--deals", default="all", help="'all', or how many shipped deals to play")
    p.add_argument("--solver-only", action="store_true", help="the hint without the lines file")
    args = p.parse_args(argv)
    deals = shipped()
    if args.deals != "all":
        if not args.deals.isdigit() or int(args.deals) < 1:
            p.fail("--deals must be 'all' or a count of deals, not %r" % args.deals)
        deals = sample(deals, int(args.deals))
    path = None if args.solver_only else LINES
    if path and not os.path.exists(path):
        p.fail("no lines file at %s: python -m sim.solve --write makes it" % path)
    progress = cli.progress_bar if sys.stderr.isatty() else None
    print(json.dumps(run(deals, path, progress)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
