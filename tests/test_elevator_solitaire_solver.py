"""The Elevator solitaire solver against brute force on small positions,
its verdicts replayed move by move through the game engine, and the hint."""

from positions import es_position

import cards
from games import elevator_solitaire as es
from games import elevator_solitaire_solver as sv
from prng import Prng


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
    results = solve.run(list(range(1, 31)))
    info = solve.summary("1-30", results, 1.0)
    assert info["count"] == 30 and 0 < info["winnable"] < 30
    lo, hi = info["ci95"]
    assert lo < info["share"] < hi
    solve.write(results, info)
    data = (tmp_path / "w.bin").read_bytes()
    assert len(data) == 2 * info["winnable"]
    assert "| easy |" in (tmp_path / "d.md").read_text()
    assert json.loads(json.dumps(info)) == info
