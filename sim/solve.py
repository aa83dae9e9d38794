"""Solve Elevator solitaire deals: which can be cleared, and how hard.

    python -m sim.solve --deals 1-10000 [--jobs 2] [--write]

A progress bar goes to a terminal (stderr); the last line on stdout is one
JSON object: deals, count, winnable, share, ci95 (Wilson's 95% interval),
mean and max solve seconds and positions searched. With ``--write`` it
also writes the shipped list of winnable deals
(``games/elevator_solitaire_winnable.bin``: deal numbers as 16-bit
little-endian words), each one's winning line for the hint
(``games/elevator_solitaire_lines.bin``, ``pack`` says how) and the
curated table ``seeds/elevator-solitaire-deals.md``.
"""

import json
import math
import os
import sys
import time

from sim import cli

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WINNABLE = os.path.join(ROOT, "games", "elevator_solitaire_winnable.bin")
LINES = os.path.join(ROOT, "games", "elevator_solitaire_lines.bin")
RECORD = 22  # a line's record in LINES: 20 bytes of moves, then the deal
DEALS_MD = os.path.join(ROOT, "seeds", "elevator-solitaire-deals.md")
_DEAL_BITS = 16  # the shipped list holds deals up to 65535


def fail(message):
    cli.fail("solve", message)


def solve_deal(deal):
    """(deal, won, moves, positions searched, seconds, the winning line)."""
    from games import elevator_solitaire as es
    from games import elevator_solitaire_solver as sv

    t0 = time.perf_counter()
    verdict, line, nodes = sv.search(es.new_state(1, deal))
    return deal, verdict == sv.WIN, len(line), nodes, time.perf_counter() - t0, line


def pack(deal, line):
    """The record of ``deal``'s winning ``line`` (``RECORD`` bytes): from
    bit 3k (low bits first) the place of move k+1 among the legal actions
    of the position after k moves, in ``legal_actions``' order (3 bits: at
    most seven free cards and the stock's turn); the rest zeros; then the
    deal number as a 16-bit little-endian word (the records are in the
    order of their deals, the hint finds a deal's by halves:
    ``games/elevator_solitaire_ai.py``)."""
    from games import elevator_solitaire as es

    s = es.new_state(1, deal)
    bits = 0
    for k, a in enumerate(line):
        i = s.legal_list().index(a)
        if i > 7 or k >= 52:
            raise ValueError("deal %d: move %d does not fit the record" % (deal, k + 1))
        bits |= i << (3 * k)
        s.apply(a)
    if s.winner != 0:
        raise ValueError("deal %d: the line does not clear the pyramid" % deal)
    return bits.to_bytes(RECORD - 2, "little") + bytes((deal & 0xFF, deal >> 8))


def unpack(record):
    """(deal, the moves' places among the legal actions, 52 of them: the
    line is as long as it takes to clear the pyramid)."""
    bits = int.from_bytes(record[: RECORD - 2], "little")
    return record[-2] | (record[-1] << 8), [(bits >> (3 * k)) & 7 for k in range(52)]


def wilson(k, n, z=1.96):
    """Wilson's score interval for k successes in n trials."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def run(deals, jobs=1, progress=None):
    results = []
    if jobs > 1:
        from multiprocessing import Pool

        with Pool(jobs) as pool:
            for r in pool.imap(solve_deal, deals, chunksize=8):
                results.append(r)
                if progress:
                    progress(len(results), len(deals))
    else:
        for d in deals:
            results.append(solve_deal(d))
            if progress:
                progress(len(results), len(deals))
    return results


def summary(deals_text, results, seconds):
    n = len(results)
    won = [r for r in results if r[1]]
    lo, hi = wilson(len(won), n)
    times = [r[4] for r in results]
    nodes = [r[3] for r in results]
    return {
        "deals": deals_text,
        "count": n,
        "winnable": len(won),
        "share": round(len(won) / n, 4),
        "ci95": [round(lo, 4), round(hi, 4)],
        "mean_seconds": round(sum(times) / n, 4),
        "max_seconds": round(max(times), 3),
        "mean_positions": round(sum(nodes) / n, 1),
        "max_positions": max(nodes),
        "seconds": round(seconds, 1),
    }


def curated(results, k=5):
    """Easy, medium and hard winnable deals by the positions the solver
    searched before it found the win (how much a player must look ahead)."""
    won = sorted([r for r in results if r[1]], key=lambda r: (r[3], r[0]))
    if not won:
        return [], [], []
    mid = len(won) // 2
    return won[:k], won[mid - k // 2 : mid - k // 2 + k], won[-k:]


def write(results, info):
    won = [r[0] for r in results if r[1] and r[0] < (1 << _DEAL_BITS)]
    data = bytearray()
    for d in won:
        data += bytes((d & 0xFF, d >> 8))
    with open(WINNABLE, "wb") as f:
        f.write(data)
    line = {r[0]: r[5] for r in results}
    with open(LINES, "wb") as f:
        f.write(b"".join(pack(d, line[d]) for d in won))
    easy, medium, hard = curated(results)
    lines = [
        "# Elevator solitaire — solved deals",
        "",
        "Written by `python -m sim.solve --deals %s --write`; the exact solver" % info["deals"],
        "(`games/elevator_solitaire_solver.py`) sees the whole deal, so a deal clears in Escalator",
        "exactly when it clears in Elevator.",
        "",
        "- deals solved: %d; winnable: %d (%.1f%%, 95%% interval %.1f%% to %.1f%%)"
        % (
            info["count"],
            info["winnable"],
            100 * info["share"],
            100 * info["ci95"][0],
            100 * info["ci95"][1],
        ),
        "- solve time per deal on CPython: mean %.3f s, max %.3f s; positions searched: mean %d,"
        " max %d"
        % (
            info["mean_seconds"],
            info["max_seconds"],
            info["mean_positions"],
            info["max_positions"],
        ),  # fmt: skip
        "- `games/elevator_solitaire_winnable.bin` lists the %d winnable deal numbers; the setup's"
        % len(won),
        '  "winnable" deal picks one of them; `games/elevator_solitaire_lines.bin` holds'
        " the solver's",
        "  winning line of each, %d bytes a deal, which the hint follows (ES-12)." % RECORD,
        "",
        "## Curated deals",
        "",
        "Graded by how many positions the solver searched before it found a win (how far a player",
        "must look ahead), and by the length of its winning line.",
        "",
        "| level | deal | positions searched | moves in the line |",
        "| --- | --- | --- | --- |",
    ]
    for level, rows in (("easy", easy), ("medium", medium), ("hard", hard)):
        for r in rows:
            lines.append("| %s | %d | %d | %d |" % (level, r[0], r[3], r[2]))
    with open(DEALS_MD, "w") as f:
        f.write("\n".join(lines) + "\n")


def parse_range(text):
    try:
        if "-" in text:
            a, b = text.split("-", 1)
            lo, hi = int(a), int(b)
        else:
            lo = hi = int(text)
    except ValueError:
        fail("--deals must be a number or a range like 1-10000, not %r" % text)
    if not 1 <= lo <= hi <= 1_000_000:
        fail("--deals must lie within 1-1000000 and go upwards, not %r" % text)
    return list(range(lo, hi + 1))


def main(argv=None):
    p = cli.Parser("python -m sim.solve", "solve")
    p.add_argument("--deals", default="1-100", help="deal numbers, e.g. 1-10000")
    p.add_argument("--jobs", type=int, default=1, help="processes to use")
    p.add_argument("--write", action="store_true",
                   help="write the winnable list, its lines and the seeds table")  # fmt: skip
    args = p.parse_args(argv)
    deals = parse_range(args.deals)
    if not 1 <= args.jobs <= 64:
        fail("--jobs must be 1 to 64")
    progress = cli.progress_bar if sys.stderr.isatty() else None
    t0 = time.perf_counter()
    results = run(deals, args.jobs, progress)
    info = summary(args.deals, results, time.perf_counter() - t0)
    if args.write:
        write(results, info)
    print(json.dumps(info))
    return 0


if __name__ == "__main__":
    sys.exit(main())
