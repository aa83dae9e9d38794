"""The solitaire hint (ES-12): the shipped winning lines, one for each deal
of the winnable list (ES-13); the hint that follows them from the deal or
from anywhere on them; the solver's proof or a best guess off them; a
missing or damaged lines file; the hint's words on the table's message
line; and the table's cursor, a box round the rank's own glyphs."""

import cardtext
import pytest

import ui_glyphs
from engine import cards
from games import elevator_solitaire as es
from games import elevator_solitaire_ai as ai
from games import elevator_solitaire_solver as sv
from sim import hintplay, solve
from sim.headless import Session
from table import pyramid as table_pyramid


def _hint(s, path=solve.LINES):
    """The hint as the table asks it: the board's budget, a scratch state."""
    return ai.hint(s, sv.HINT_BUDGET, sv.HINT_MEMO, path, s._blank())


def _records():
    with open(solve.LINES, "rb") as f:
        data = f.read()
    assert len(data) % solve.RECORD == 0
    return [data[i : i + solve.RECORD] for i in range(0, len(data), solve.RECORD)]


_PLACES = {}


def _line(deal):
    """The actions of ``deal``'s shipped line."""
    if not _PLACES:
        _PLACES.update(solve.unpack(r) for r in _records())
    places = _PLACES[deal]
    s = es.new_state(1, deal)
    out = []
    while not s.is_over():
        out.append(s.legal_list()[places[len(out)]])
        s.apply(out[-1])
    return out


def _after(deal, moves, variant=0):
    s = es.new_state(1, deal, variant)
    for a in moves:
        s.apply(a)
    return s


def test_every_shipped_line_clears_its_deal():
    shipped = hintplay.shipped()
    records = _records()
    assert [solve.unpack(r)[0] for r in records] == shipped, "ES-12: a line for each listed deal"
    for r in records:
        deal, places = solve.unpack(r)
        s = es.new_state(1, deal)
        k = 0
        while not s.is_over():
            legal = s.legal_list()
            assert places[k] < len(legal) <= 8
            s.apply(legal[places[k]])
            k += 1
        assert s.winner == 0 and s.score() == 28, "ES-12: deal %d's line clears it" % deal
        assert not any(places[k:]), "the record is zeros after the line"


def test_the_lines_file_is_the_solvers_lines():
    for deal in (14, 6235, hintplay.shipped()[-1]):
        line = sv.solve(es.new_state(1, deal))[1]
        assert _line(deal) == line, "ES-12"
        assert solve.pack(deal, line) in _records()


def test_following_the_hint_from_the_deal_wins_on_a_hundred_shipped_deals():
    deals = hintplay.sample(hintplay.shipped(), 100)
    got = hintplay.run(deals + [6235])  # 6235: every solver hint was a guess, 18 of 28
    assert got["won"] == got["deals"] == 101, "ES-12: %s" % got
    assert got["proven"] == got["hints"], "ES-12: every hint on the line is proven"


@pytest.mark.parametrize("deal", [6235, 14, 591, 8517])
def test_following_the_hint_from_anywhere_on_the_line_wins(deal):
    line = _line(deal)
    for k in sorted({1, 2, 7, len(line) // 2, len(line) - 3, len(line) - 1}):
        for variant in (0, es.ESCALATOR):
            s = _after(deal, line[:k], variant)
            assert _hint(s) == (line[k], True), "ES-12: the line's next move, proven"
            won, hints = hintplay.play(deal, variant=variant, state=s)
            assert won and all(h[1] for h in hints), "ES-12: deal %d from move %d" % (deal, k)


def test_a_position_reached_another_way_is_on_the_line():
    """The line's moves in another order (the same cards gone, the same
    stock, a waste top of the same rank): the line's position, so the
    line's proven hint."""
    from itertools import permutations

    found = 0
    for deal in hintplay.shipped()[:100]:
        line = _line(deal)
        for k in range(0, len(line) - 4, 3):
            on = _after(deal, line[: k + 4])
            for order in permutations(line[k : k + 4]):
                if list(order) == line[k : k + 4]:
                    continue
                s = _after(deal, line[:k])
                try:
                    for m in order:
                        s.apply(m)
                except ValueError:
                    continue
                if s.pyr != on.pyr or cards.rank(s.top()) != cards.rank(on.top()):
                    continue
                assert _hint(s) == (line[k + 4], True), "ES-12: deal %d" % deal
                found += 1
                break
    assert found >= 10, found


def _off_line(deals):
    """Positions one move off each deal's line (a legal move other than the
    line's, taken at several points along it)."""
    for deal in deals:
        line = _line(deal)
        for k in range(0, len(line), 5):
            s = _after(deal, line[:k])
            for a in s.legal_list():
                if a != line[k]:
                    off = s.clone()
                    off.apply(a)
                    if not off.is_over():
                        yield deal, off


def test_off_the_line_the_hint_is_proven_only_when_the_solver_proves_it():
    proven = guessed = 0
    for _deal, s in _off_line(hintplay.sample(hintplay.shipped(), 12)):
        action, sure = _hint(s)
        verdict, line = sv.solve(s, sv.HINT_BUDGET, sv.HINT_MEMO)
        assert sure == (verdict == sv.WIN), "ES-12: proven only by the solver, off the line"
        if sure:
            proven += 1
            assert action == line[0]
            after = s.clone()
            after.apply(action)
            assert after.winner == 0 or sv.solve(after)[0] == sv.WIN, "ES-12: it wins"
        else:
            guessed += 1
            assert (action, sure) == sv.hint(s, sv.HINT_BUDGET, sv.HINT_MEMO), "ES-12: best guess"
    assert proven >= 20 and guessed >= 20, (proven, guessed)


def test_a_proven_hint_is_never_wrong_along_a_game_of_hints_off_the_line():
    """Off the line, take every hint: each one that says it wins leaves a
    position the full solver proves winnable."""
    checked = 0
    for deal, s in list(_off_line(hintplay.sample(hintplay.shipped(), 6)))[::7]:
        while not s.is_over():
            action, sure = _hint(s)
            s.apply(action)
            if sure:
                checked += 1
                assert s.winner == 0 or sv.solve(s)[0] == sv.WIN, "ES-12: deal %d" % deal
    assert checked > 50


def test_a_missing_short_or_damaged_lines_file_falls_back_to_the_solver(tmp_path):
    deal = 6235
    s = _after(deal, _line(deal)[:3])
    guess = sv.hint(s, sv.HINT_BUDGET, sv.HINT_MEMO)
    assert not guess[1]  # the solver alone cannot prove it on the board's budget
    assert _hint(s, str(tmp_path / "none.bin")) == guess, "ES-12: no file, the solver"
    assert _hint(s, None) == guess
    with open(solve.LINES, "rb") as f:
        data = f.read()
    at = hintplay.shipped().index(deal) * solve.RECORD
    cases = {
        "empty.bin": b"",
        "short.bin": data[: at + solve.RECORD - 1],  # the deal's record cut short
        "odd.bin": data[: at + 5],
    }
    for name, body in cases.items():
        (tmp_path / name).write_bytes(body)
        assert _hint(s, str(tmp_path / name)) == guess, "ES-12: %s" % name
    # a record with the deal's number and bits that are not its line
    for fill in (0x00, 0xFF, 0x5A):
        bad = bytearray(data)
        bad[at : at + 20] = bytes([fill]) * 20
        (tmp_path / "bad.bin").write_bytes(bytes(bad))
        action, sure = _hint(s, str(tmp_path / "bad.bin"))
        assert (action, sure) == guess, "ES-12: a line that does not win is not followed"
    assert _hint(s) == (_line(deal)[3], True)


def test_a_deal_not_shipped_asks_the_solver():
    s = es.new_state(1, 2)  # not winnable, so not in the list
    assert 2 not in hintplay.shipped()
    s.apply(es.DRAW)
    assert _hint(s) == sv.hint(s, sv.HINT_BUDGET, sv.HINT_MEMO), "ES-12"


# -- the table ---------------------------------------------------------------


def test_the_table_says_a_shipped_hint_wins_and_moves_nothing_else():
    s = Session("pico-128x64", "elevator-solitaire", 1, 6235)
    table = s.screen
    s.press("UP")
    assert table.view.msg.text().strip() == "HINT: TURN A CARD - THIS WINS", "ES-12"
    line = _line(6235)
    for a in line[:6]:
        for key in table.presses_for(a):
            s.press(key)
    s.press("UP")
    want = line[6]
    text = table.view.msg.text().strip()
    if want == es.DRAW:
        assert text == "HINT: TURN A CARD - THIS WINS", "ES-12"
    else:
        assert table.cursor.chosen() == want
        want_text = "HINT: %s - THIS WINS" % cardtext.face(table.state.pyr[want])
        assert cardtext.shown(text) == want_text, "ES-12"


@pytest.mark.parametrize("sure", [True, False])
def test_every_hint_message_fits_the_message_line(monkeypatch, sure):
    s = Session("pico-128x64", "elevator-solitaire", 1, 6235)
    table = s.screen
    st = table.state
    s.press("SELECT")
    ten = next(p for p in range(es.SIZE) if cards.rank_code(cards.rank(st.pyr[p])) == "10")
    for action in (es.DRAW, ten, 27):
        monkeypatch.setattr(ai, "hint", lambda *args, a=action: (a, sure))
        table.cursor.choices = [ten, 27]  # as if the card were free
        table.hint()
        table.render()
        text = table.message
        assert len(text) <= 32 and table.view.msg.text().rstrip() == text, "ES-12: %r" % text
        tail = " - THIS WINS" if sure else " - BEST GUESS"
        assert cardtext.shown(text).endswith(tail), "ES-12"
    monkeypatch.undo()


def _cursor_box(s, table):
    """Check the cursor on the panel: the rank's glyphs from the font, black
    on white, in a white box with a pixel of margin round them, a pixel
    up and left of the cell, and a dark ring round the box (it touches no
    other card). The rank, as a string."""
    rows = s.hw.panel.pixels()
    pos = table.cursor.chosen()
    x, y = table_pyramid.cell_xy(pos)
    rank = cards.rank_code(cards.rank(table.state.pyr[pos]))
    lit = set()
    for ci, ch in enumerate(rank):
        t = ui_glyphs.char_tile(ch)
        for j in range(5):
            for i in range(3):
                if ui_glyphs.FONT[t * ui_glyphs.FONT_W + i, j]:
                    lit.add((x + 4 * ci + i, y + j))
    assert lit, rank
    for j in range(y - 1, y + 6):  # the box: 10 x 7, white but for the glyphs
        for i in range(x - 1, x + 9):
            assert rows[j][i] == ((i, j) not in lit), (rank, i - x, j - y)
    for i in range(x - 2, x + 10):  # the ring round it, dark
        assert rows[y - 2][i] == 0 and rows[y + 6][i] == 0, (rank, i - x)
    for j in range(y - 1, y + 6):
        assert rows[j][x - 2] == 0 and rows[j][x + 9] == 0, (rank, j - y)
    return rank


def test_the_cursor_card_shows_its_rank_in_a_box_with_a_margin():
    seen = set()
    for deal in (21, 6235):
        s = Session("pico-128x64", "elevator-solitaire", 1, deal)
        table = s.screen
        for _ in range(7):  # every card of the base row
            seen.add(_cursor_box(s, table))
            s.press("RIGHT")
        for a in _line(6235)[:30] if deal == 6235 else []:  # and up the pyramid
            for key in table.presses_for(a):
                s.press(key)
            if not table.state.is_over():
                seen.add(_cursor_box(s, table))
    assert len(seen) >= 8 and "10" in seen, seen


def test_hintplay_command_prints_one_json_line(capsys):
    import json

    assert hintplay.main(["--deals", "3"]) == 0
    got = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert got["deals"] == 3 and got["won"] == 3 and got["proven"] == got["hints"] > 0, "ES-12"
    assert 0 < got["hint_ms_mean_cpython"] <= got["hint_ms_max_cpython"]
    with pytest.raises(SystemExit) as e:
        hintplay.main(["--deals", "some"])
    assert e.value.code == 2
