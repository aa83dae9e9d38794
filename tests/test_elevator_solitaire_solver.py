"""The Elevator solitaire solver against brute force on small positions,
its verdicts replayed move by move through the game engine, and the hint."""

from positions import es_position, random_position

from engine import cards
from engine.prng import Prng
from games import elevator_solitaire as es
from games import elevator_solitaire_solver as sv


def _brute(s):
    """Every line tried, nothing remembered: True when one clears it."""
    if s.winner == 0:
        return True
    for a in s.legal_list():
        c = s.clone()
        c.apply(a)
        if _brute(c):
            return True
    return False


def _small_position(prng):
    """A few pyramid positions filled (the rest gone), a short stock and a
    waste card, all of random cards."""
    pack = list(range(52))
    prng.shuffle(pack)
    k = 3 + prng.below(5)
    present = set()
    while len(present) < k:
        present.add(prng.below(28))
    codes = []
    n = 0
    for p in range(28):
        if p in present:
            codes.append(cards.code(pack[n]))
            n += 1
        else:
            codes.append("-")
    stock = " ".join(cards.code(c) for c in pack[n : n + prng.below(6)])
    n += 6
    waste = cards.code(pack[n]) if prng.below(4) else ""
    return es_position(" ".join(codes), stock=stock, waste=waste)


def test_solver_agrees_with_brute_force_on_small_positions():
    prng = Prng(2024)
    wins = losses = 0
    for _ in range(300):
        s = _small_position(prng)
        verdict, line = sv.solve(s)
        assert verdict == (sv.WIN if _brute(s) else sv.LOSS)
        if verdict == sv.WIN:
            wins += 1
            c = s.clone()
            for a in line:
                c.apply(a)  # every move of the line is legal ...
            assert c.winner == 0  # ... and it clears the pyramid
        else:
            losses += 1
    assert wins >= 15 and losses >= 100  # both verdicts were really tested


def test_verdicts_on_deals_replay_through_the_engine():
    wins = 0
    for deal in range(1, 26):
        s = es.new_state(1, deal)
        verdict, line = sv.solve(s)
        if verdict == sv.WIN:
            wins += 1
            c = s.clone()
            for a in line:
                c.apply(a)
            assert c.is_over() and c.winner == 0 and c.score() == 28
        else:
            assert verdict == sv.LOSS and line == []
            # a lost deal stays lost after any first move (the verdict is consistent)
            for a in s.legal_list():
                c = s.clone()
                c.apply(a)
                assert sv.solve(c)[0] == sv.LOSS
    assert 2 <= wins <= 20  # about one deal in six can be cleared


def test_winning_position_has_a_winning_move_and_the_line_is_one():
    s = es.new_state(1, 14)  # a curated winnable deal
    verdict, line = sv.solve(s)
    assert verdict == sv.WIN
    c = s.clone()
    for a in line:
        assert a in c.legal_list()
        c.apply(a)
        if not c.is_over():
            assert sv.solve(c)[0] == sv.WIN  # every step keeps the win


def test_budget_gives_unknown_not_a_guess():
    s = es.new_state(1, 2)
    assert sv.solve(s)[0] == sv.LOSS
    verdict, line = sv.solve(s, budget=50)
    assert verdict == sv.UNKNOWN and line == []


def test_hint_is_the_next_move_of_a_winning_line_or_keeps_options_open():
    s = es.new_state(1, 14)
    action, wins = sv.hint(s)
    assert wins and action == sv.solve(s)[1][0]
    lost = es.new_state(1, 2)
    action, wins = sv.hint(lost)
    assert not wins and action in lost.legal_list()
    # with a small budget and memory the hint still answers with a legal move
    action, _ = sv.hint(es.new_state(1, 21), budget=300, memo=100)
    assert action in es.new_state(1, 21).legal_list()


def _shipped():
    import os

    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "games",
                        "elevator_solitaire_winnable.bin")  # fmt: skip
    data = open(path, "rb").read()
    return [data[i] | (data[i + 1] << 8) for i in range(0, len(data), 2)]


def test_shipped_winnable_list_matches_the_solver():
    shipped = _shipped()
    assert len(shipped) > 1000 and shipped == sorted(set(shipped))
    listed = set(shipped)
    for deal in range(1, 31):  # the list is exactly the winnable deals
        won = sv.solve(es.new_state(1, deal))[0] == sv.WIN
        assert won == (deal in listed), deal


def test_curated_solved_deals_are_winnable_and_graded():
    import os
    import re

    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    text = open(os.path.join(here, "seeds", "elevator-solitaire-deals.md")).read()
    rows = re.findall(r"^\| (easy|medium|hard) \| (\d+) \| (\d+) \| (\d+) \|$", text, re.M)
    assert len(rows) == 15
    searched = {"easy": [], "medium": [], "hard": []}
    for level, deal, positions, moves in rows:
        verdict, line, nodes = sv.search(es.new_state(1, int(deal)))
        assert verdict == sv.WIN and nodes == int(positions) and len(line) == int(moves)
        searched[level].append(nodes)
    assert max(searched["easy"]) < min(searched["medium"])
    assert max(searched["medium"]) < min(searched["hard"])


def test_solve_command(tmp_path, monkeypatch):
    import json

    from sim import solve

    monkeypatch.setattr(solve, "WINNABLE", str(tmp_path / "w.bin"))
    monkeypatch.setattr(solve, "DEALS_MD", str(tmp_path / "d.md"))
    monkeypatch.setattr(solve, "LINES", str(tmp_path / "l.bin"))
    results = solve.run(list(range(1, 31)), jobs=2)
    info = solve.summary("1-30", results, 1.0)
    assert info["count"] == 30 and 0 < info["winnable"] < 30
    lo, hi = info["ci95"]
    assert lo < info["share"] < hi
    solve.write(results, info)
    data = (tmp_path / "w.bin").read_bytes()
    assert len(data) == 2 * info["winnable"]
    # the lines, written with the list: one record a listed deal, in its order,
    # each the solver's line, which clears the deal (ES-12)
    lines = (tmp_path / "l.bin").read_bytes()
    assert len(lines) == solve.RECORD * info["winnable"]
    for i in range(info["winnable"]):
        deal, places = solve.unpack(lines[i * solve.RECORD : (i + 1) * solve.RECORD])
        assert deal == data[2 * i] | (data[2 * i + 1] << 8)
        s = es.new_state(1, deal)
        line = []
        while not s.is_over():
            line.append(s.legal_list()[places[len(line)]])
            s.apply(line[-1])
        assert s.winner == 0 and line == sv.solve(es.new_state(1, deal))[1], "ES-12"
    assert "| easy |" in (tmp_path / "d.md").read_text()
    assert json.loads(json.dumps(info)) == info


def _reference(s, budget=0, memo=0):
    """The solver as it was before it found plays by the waste's rank and
    keyed positions by one int: every position scanned at each node for a
    free card (ES-3) one rank from the waste (ES-5), (left, turned, top)
    remembered as tuples (or, with ``memo``, in a table with the same
    slots). The same moves in the same order, so the same verdicts, lines
    and positions searched. (verdict, line, nodes, the lost positions)."""
    ranks = [cards.rank(c) if c != es.GONE else -1 for c in s.pyr]
    stock = [cards.rank(s.deck[i]) for i in range(s.deck_n - 1, -1, -1)]
    top = cards.rank(s.pile[s.pile_n - 1]) if s.pile_n else 13
    left = sum(1 << p for p in range(es.SIZE) if s.pyr[p] != es.GONE)
    lost = set()
    table = {}
    size = 64
    while size < 2 * memo:
        size *= 2

    def slot(pos):
        key = (pos[0], pos[1] * 14 + pos[2])
        h = (key[0] ^ (key[0] >> 9) ^ (key[1] << 5)) & (size - 1)
        for _ in range(8):
            if table.get(h, key) == key:
                return h, key
            h = (h + 1) & (size - 1)
        return -1, key

    def known(pos):
        if not memo:
            return pos in lost
        h, key = slot(pos)
        return h >= 0 and table.get(h) == key

    def remember(pos):
        lost.add(pos)
        h, key = slot(pos)
        if memo and h >= 0:
            table[h] = key

    def children(pos):
        left, turned, top = pos
        for p in range(es.SIZE - 1, -1, -1):
            free = (left >> p) & 1 and not any((left >> q) & 1 for q in es.covers(p) if q >= 0)
            if free and top != 13 and (ranks[p] - top) % 13 in (1, 12):
                yield (left & ~(1 << p), turned, ranks[p]), p
        if turned < len(stock):
            yield (left, turned + 1, stock[turned]), es.DRAW

    if not left:
        return sv.WIN, [], 0, lost
    nodes = 1
    if budget and nodes > budget:
        return sv.UNKNOWN, [], nodes, lost
    root = (left, 0, top)
    stack = [(root, children(root), None)]
    while stack:
        pos, moves, _ = stack[-1]
        nxt = next(moves, None)
        if nxt is None:
            remember(pos)
            stack.pop()
            continue
        child, move = nxt
        if child[0] == 0:
            return sv.WIN, [m for _, _, m in stack[1:]] + [move], nodes, lost
        if known(child):
            continue
        nodes += 1
        if budget and nodes > budget:
            return sv.UNKNOWN, [], nodes, lost
        stack.append((child, children(child), move))
    return sv.LOSS, [], nodes, lost


def _gappy_position(prng):
    """Up to 20 random pyramid positions filled (gaps anywhere, so cards of
    a row may lie over empty places), a stock of up to 24 and a waste card
    most times."""
    pack = list(range(52))
    prng.shuffle(pack)
    present = set()
    for _ in range(8 + prng.below(13)):
        present.add(prng.below(28))
    codes = []
    n = 0
    for p in range(28):
        codes.append(cards.code(pack[n]) if p in present else "-")
        n += p in present
    stock = " ".join(cards.code(c) for c in pack[n : n + prng.below(25)])
    waste = cards.code(pack[51]) if prng.below(5) else ""
    return es_position(" ".join(codes), stock=stock, waste=waste)


def _widest_position():
    """The pyramid whose runs (cards ``i`` of rows next to each other) give
    the most positions (2, 2, 1 cards down the first diagonal, and so on: a
    key's place values multiply to 279,936), with the longest stock."""
    keep = ((0, 1, 3, 4, 6), (0, 1, 3, 4, 5), (0, 1, 3, 4), (0, 1, 3), (0, 1, 2), (0, 1), (0,))
    present = set()
    for i, rows in enumerate(keep):
        for k in rows:
            r = i + k
            present.add(r * (r + 1) // 2 + i)
    pack = list(range(52))
    Prng(7).shuffle(pack)
    codes = [cards.code(pack.pop()) if p in present else "-" for p in range(28)]
    waste = cards.code(pack.pop())
    return es_position(" ".join(codes), stock=" ".join(cards.code(c) for c in pack), waste=waste)


def test_plays_by_rank_match_a_full_scan_on_random_positions():
    prng = Prng(77)
    for _ in range(60):
        s = _gappy_position(prng)
        for budget, memo in ((0, 0), (sv.HINT_BUDGET, sv.HINT_MEMO), (300, 100)):
            want = _reference(s, budget, memo)[:3]
            assert sv.search(s, budget, memo) == want, "ES-3/ES-5: %s %s" % (budget, memo)
    for deal in range(1, 13):  # positions of real games, under a budget
        s = random_position(es, 1, 0, deal, deal % 7)
        for budget, memo in ((4000, 0), (sv.HINT_BUDGET, sv.HINT_MEMO)):
            want = _reference(s, budget, memo)[:3]
            assert sv.search(s, budget, memo) == want, "ES-5: deal %d" % deal
            action, wins = sv.hint(s, budget, memo)  # the next move of that line
            assert wins == (want[0] == sv.WIN), "ES-12: deal %d" % deal
            assert action == want[1][0] if wins else action in s.legal_list(), "ES-12"


def test_position_keys_are_small_and_never_merge_two_positions(monkeypatch):
    """Every lost position is remembered by one int below 2**28 (a board's
    ints stay small below 2**30), and no two lost positions share a key: as
    many keys as the reference remembers tuples."""

    class Keys(set):
        made = []

        def __init__(self):
            set.__init__(self)
            Keys.made.append(self)

    monkeypatch.setattr(sv, "set", Keys, raising=False)
    prng = Prng(5)
    positions = [_gappy_position(prng) for _ in range(40)]
    positions += [es.new_state(1, deal) for deal in (2, 3, 14)] + [_widest_position()]
    for s in positions:
        budget = 20000 if s.deck_n > 24 else 0
        Keys.made.clear()
        got = sv.search(s, budget)
        want = _reference(s, budget)
        assert got == want[:3], "ES-5"
        keys = Keys.made[0] if Keys.made else set()
        assert len(keys) == len(want[3]), "two lost positions share a key"
        assert all(0 <= k < (1 << 28) for k in keys)
    assert max(Keys.made[0]) >= 1 << 26, "the widest position comes near the bound"
