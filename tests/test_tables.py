"""The table screens of the newer games on the simulated panel: what each
shows (checked against the engine state and the glyph sheet), headless
screenshots on both panel sizes, and the keys each game adds."""

import subprocess
import sys

import cardtext
import pytest
from panel_check import card_in_row, card_on_panel
from positions import sh_position

import ui_glyphs
from buttons import LEFT, SELECT, START, A, B
from engine import cards
from games import bastard, color_elevator, elevator, elevator_solitaire, roller_coaster, shedding
from match import Match
from sim.headless import Session
from sim.mpvm import ROOT
from table import pyramid


def _hand_on_panel(s, table):
    for i in range(min(len(table.cursor.choices), table.view.slots)):
        x = table.view.hand_x + i * 11
        assert card_on_panel(s.hw.panel, (x, table.view.hand_y), table.cursor.choices[i])


_HAND_GAMES = [
    ("color-elevator", 3, 0),
    ("color-elevator", 4, 1),
    ("elevator", 5, 0),
    ("bastard", 2, 1),
    ("bastard", 12, 0),
]


@pytest.mark.parametrize("profile", ["pico-128x64", "feather-128x32"])
@pytest.mark.parametrize("game_id,players,variant", _HAND_GAMES)
def test_hand_tables_show_hand_piles_and_counts(profile, game_id, players, variant):
    s = Session(profile, game_id, players, 17, pace_ms=0, variant=variant)
    table = s.screen
    st = table.state
    assert sorted(table.cursor.choices) == sorted(st.hands[0].to_list())
    _hand_on_panel(s, table)
    status = table.view.status.text()
    if game_id == "color-elevator":
        for v, top in zip(table.piles, (st.top0, st.top1)):
            assert card_on_panel(s.hw.panel, v, top)
        assert "4+4" in status
        if profile == "pico-128x64":
            assert "1:" in table.ways.text() and "2:" in table.ways.text()
        else:  # each pile's number and way beside it (test_controls.py)
            assert "".join(w.text() for w in table.ways[0::2]) == "12"
    else:
        assert card_in_row(s.hw.panel, table.pile, 0, st.top())
        assert "7" in status
    if profile == "pico-128x64" and players <= 6:
        assert ("P%d:" % players) in status


def test_solitaire_table_draws_the_pyramid():
    s = Session("pico-128x64", "elevator-solitaire", 1, 21)
    table = s.screen
    st = table.state
    # the base row shows its ranks, every row above is face down
    base = table.view.rows[6].text().split()
    assert base == [cards.rank_code(cards.rank(st.pyr[p])) for p in range(21, 28)]
    for r in range(6):
        assert table.view.rows[r].text().split() == ["##"] * (r + 1)
    assert "SCORE 0/28 STOCK 24" in table.view.status.text()
    # the cursor is the rank half of the first free card, boxed over its cell
    assert table.view.cur[0] == ui_glyphs.card_tiles(st.pyr[21])[0]
    x, y = pyramid.cell_xy(21)
    assert (table.view.cur.x, table.view.cur.y) == (x - 1, y - 1)
    esc = Session("pico-128x64", "elevator-solitaire", 1, 21, variant=1).screen
    assert "##" not in "".join(r.text() for r in esc.view.rows)


def test_solitaire_small_panel_shows_the_free_cards():
    s = Session("feather-128x32", "elevator-solitaire", 1, 21)
    table = s.screen
    st = table.state
    assert table.cursor.choices == list(range(21, 28))
    for i, p in enumerate(table.cursor.choices):
        assert card_in_row(s.hw.panel, table.view.slots, i, st.pyr[p])


@pytest.mark.parametrize("profile", ["pico-128x64", "feather-128x32"])
@pytest.mark.parametrize("game_id", ["color-elevator", "elevator-solitaire", "elevator", "bastard"])
def test_headless_screenshot_of_each_table(tmp_path, profile, game_id):
    out = tmp_path / "t.png"
    cmd = [sys.executable, "-m", "sim", "--headless", "--profile", profile, "--game", game_id,
           "--seed", "9", "--screenshot", str(out), "--scale", "2"]  # fmt: skip
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    from PIL import Image

    img = Image.open(out)
    height = 64 if profile == "pico-128x64" else 32
    assert img.size == (256, height * 2)
    s = Session(profile, game_id, 0, 9)
    rows = s.hw.panel.pixels()
    lit = sum(sum(row) for row in rows)
    assert lit > 300
    for y in range(0, height, 3):
        for x in range(0, 128, 5):
            assert (img.getpixel((x * 2, y * 2)) != (0, 0, 0)) == bool(rows[y][x]), (x, y)


def test_cursor_moves_stay_under_64_bytes_on_every_table():
    for game_id, players in (("color-elevator", 3), ("elevator", 4), ("bastard", 8)):
        s = Session("pico-128x64", game_id, players, 31)
        before = s.bus_bytes()
        s.press("RIGHT")
        assert 0 < s.bus_bytes() - before < 64, game_id
    s = Session("pico-128x64", "elevator-solitaire", 1, 31)
    before = s.bus_bytes()
    s.press("RIGHT")
    assert 0 < s.bus_bytes() - before < 64


# -- Color Elevator's pile choice ------------------------------------------


def _ce_deal_with_two_way_card():
    """A deal where seat 0 holds a card fitting both piles, with a pair."""
    for deal in range(1, 400):
        st = color_elevator.new_state(2, deal)
        legal = st.legal_list()
        for c in st.hands[0].to_list():
            if c in legal and cards.FACES + c in legal:
                return deal, c
    raise AssertionError("no such deal")


def test_color_elevator_asks_which_pile_and_undo_takes_back():
    deal, card = _ce_deal_with_two_way_card()
    s = Session("pico-128x64", "color-elevator", 2, deal, pace_ms=0)
    table = s.screen
    for key in table.cursor.keys_to(card):
        s.press(key)
    s.press(A)
    assert table.choosing == card and "WHICH PILE" in table.view.msg.text()
    s.press(LEFT)  # pile 1
    st = table.state
    assert st.top0 == card and st.current_player() == 0 and st.played == 0
    assert table.view.msg.text().startswith("NOW THE OTHER PILE")
    s.press(B)  # take it back
    assert table.state.top0 != card and table.state.hands[0].contains(card)
    s.press(SELECT)  # cards fit: drawing is refused with the reason
    assert table.view.msg.text().startswith("A CARD FITS")


# -- Elevator / Bastard: several cards, passing, giving ---------------------


def _table_with(game, position, pace_ms=0):
    s = Session("pico-128x64", game.ID, len(position.hands), 5, pace_ms=pace_ms)
    table = s.screen
    table.state = position
    table.turns.begin(s.hw.ticks_ms())
    table.render()
    return s, table


def test_shedding_play_of_several_cards_then_select_ends_it():
    pos = sh_position(elevator, ["6S 6H 6C 9H", "3C", "3D"], "5D", stock="2C 2S")
    s, table = _table_with(elevator, pos, pace_ms=5000)
    for code in ("6S", "6H"):
        c = next(c for c in table.cursor.choices if cards.code(c) == code)
        for key in table.cursor.keys_to(c) + [A]:
            s.press(key)
    played = cardtext.shown(table.view.msg.text()).strip()
    assert played == "PLAY: 6♠ 6♥" and table.state.play_n == 2
    assert table.view.help.text().strip() == "A ADD  SEL END  B TAKE BACK"
    s.press(B)
    assert table.state.play_n == 1  # the last card came back
    s.press(START)  # START pauses, mid-play too, and resumes
    assert type(s.screen).__name__ == "Pause"
    s.press(START)
    assert s.screen is table and table.state.play_n == 1
    s.press(SELECT, settle=False)  # end the play with one card
    assert table.last.n == 1 and table.last.seat == 0 and table.state.play_n == 0


def test_shedding_refusals_say_why():
    pos = sh_position(bastard, ["6H 7C", "3C", "3D"], "5D", stock="2C 2S")
    s, table = _table_with(bastard, pos)
    c = next(c for c in table.cursor.choices if cards.code(c) == "6H")
    for key in table.cursor.keys_to(c) + [A]:
        s.press(key)
    assert table.view.msg.text().strip() == "PLAY THE OTHER COLOUR"
    assert table.state.hands[0].contains(c)


def test_person_gives_a_card_when_another_player_is_stuck():
    pos = sh_position(elevator, ["3H 4D", "9C 3S", "4H 5H"], "8D")
    s, table = _table_with(elevator, pos)
    s.press(SELECT)  # we cannot play: pass; P2 plays 9C, P3 passes
    assert table.state.current_player() == 0 and table.state.phase == shedding.PLAY
    s.press(SELECT)  # pass again: everyone passed on P2, who is stuck; P3 gives first
    for _ in range(200):
        if table.state.phase == shedding.GIVE and table.state.current_player() == 0:
            break
        s.frame()
    st = table.state
    assert st.phase == shedding.GIVE and st.giver == 0 and st.target == 1
    assert table.view.help.text().startswith("A GIVE")
    s.press(SELECT)  # no passing now: a card is owed
    assert table.view.msg.text().strip() == "GIVE A CARD FROM YOUR HAND"
    before = st.counts[1]
    given = table.cursor.chosen()
    s.press(A)
    assert table.state.hands[1].contains(given) and table.state.counts[1] >= before


# -- Elevator solitaire: moves, undo, the end ------------------------------


def test_solitaire_keys_turn_play_refuse_undo():
    s = Session("pico-128x64", "elevator-solitaire", 1, 21)
    table = s.screen
    s.press(A)  # the waste is empty: refused
    assert table.view.msg.text().strip() == "TURN A STOCK CARD FIRST"
    s.press(SELECT)
    st = table.state
    assert st.pile_n == 1 and table.view.msg.text().startswith("TURNED")
    legal = [a for a in st.legal_list() if a < elevator_solitaire.SIZE]
    if legal:
        for key in table.presses_for(legal[0]):
            s.press(key)
        assert st.score() == 1
        s.press(B)
        assert st.score() == 0 and table.view.msg.text().strip() == "MOVE TAKEN BACK"
    s.press(B)
    assert st.pile_n == 0 and st.deck_n == 24


def test_solitaire_end_waits_for_a_then_results():
    s = Session("pico-128x64", "elevator-solitaire", 1, 22)
    table = s.screen
    st = table.state
    while not st.is_over():
        for key in table.presses_for(elevator_solitaire.basic_policy(st.observe(0))):
            s.press(key)
    assert type(s.screen).__name__ == "Table"  # the last position stays
    s.press(B)  # undo is still allowed after the end
    assert not st.is_over()
    for key in table.presses_for(elevator_solitaire.basic_policy(st.observe(0))):
        s.press(key)
    assert st.is_over()
    s.press(A)
    assert type(s.screen).__name__ == "Results"
    assert any("CARDS CLEARED" in row for row in s.screen.rows)


def test_bastard_series_next_game_starts_left_of_the_winner():
    s = Session("pico-128x64", "bastard", 4, 3, pace_ms=0)
    from sim import autopilot

    table = s.screen
    assert autopilot.play_to_results(s)
    results = s.screen
    win = table.state.winners()
    assert results.starter in [(w + 1) % 4 for w in win]
    assert any("BASTARD" in row for row in results.rows)
    s.press(A, settle=False)  # again: a new deal, started left of the winner
    assert s.screen.state.starter == results.starter
    assert s.screen.state.current_player() == results.starter
    # the same deal again replays exactly, with the same first player
    s2 = Session("pico-128x64", "bastard", 4, 3, pace_ms=0)
    s2.screen.state.starter = 2  # as if this deal were a series' second game
    first = s2.screen
    assert autopilot.play_to_results(s2)
    s2.press(SELECT, settle=False)
    assert s2.screen.match.deal == 3 and s2.screen.state.starter == first.state.starter


def test_es12_solitaire_hint_points_at_the_next_winning_move():
    from games import elevator_solitaire_solver as solver

    s = Session("pico-128x64", "elevator-solitaire", 1, 14)  # a winnable deal
    table = s.screen
    s.press(SELECT)  # turn the first stock card
    want = solver.solve(table.state)[1][0]
    s.press("UP")  # hint
    text = table.view.msg.text().strip()
    assert text.endswith("WINS")
    if want == elevator_solitaire.DRAW:
        assert text.startswith("HINT: TURN A CARD")
    else:
        assert table.cursor.chosen() == want  # the cursor moved to the card
        assert cardtext.shown(text).startswith("HINT: " + cardtext.face(table.state.pyr[want]))
    # three-button boards: START, then Hint in the pause menu
    s.press(START)
    for _ in range(3):  # Resume, Round so far, Rules, Hint
        s.press("DOWN")
    s.press("A")
    assert s.screen is table and table.view.msg.text().strip().startswith("HINT:")


def test_es13_setup_deals_a_winnable_solitaire_from_the_shipped_list():
    import games
    from games import elevator_solitaire_solver as solver

    s = Session("pico-128x64", seed=5)
    s.press(A)  # title -> menu
    while games.CATALOGUE[s.screen.menu.index].ID != "elevator-solitaire":
        s.press("DOWN")
    s.press(A)
    setup = s.screen
    while setup._row() != "deal":
        s.press("DOWN")
    s.press("LEFT")  # random -> winnable (going round the other way)
    assert setup.deal == -1 and "winnable" in setup.menu.items[setup.menu.index]
    s.press(START)
    table = s.screen
    assert type(table).__name__ == "Table" and table.match.deal > 0
    assert solver.solve(table.state)[0] == solver.WIN, "ES-13: a winnable deal"
    assert table.match.redeal == -1  # a new deal of this game: winnable again


def test_setup_sets_opponent_levels_for_all_or_per_seat():
    import games
    from match import EASY, HARD, NORMAL, PERSON
    from sim import autopilot

    s = Session("pico-128x64", seed=9, pace_ms=0)
    s.press(A)
    while games.CATALOGUE[s.screen.menu.index].ID != "elevator":
        s.press("DOWN")
    s.press(A)
    setup = s.screen
    while setup._row() != "others":
        s.press("DOWN")
    s.press("RIGHT")  # Normal -> Hard, for every opponent
    assert list(setup.kinds()) == [HARD] * setup.players
    s.press("RIGHT")  # -> people: pass-and-play, every other seat a person
    assert list(setup.kinds())[1:] == [PERSON] * (setup.players - 1)
    assert "Others < People >" in setup.menu.items[setup.menu.index]
    s.press("RIGHT")  # -> per seat: a row for each opponent appears
    assert "seat1" in setup.rows and "seat3" in setup.rows
    s.press("DOWN")  # P2
    s.press("LEFT")  # Normal -> Easy
    assert setup.kinds()[1] == EASY and setup.kinds()[2] == NORMAL
    s.press(START, settle=False)
    assert s.screen.match.kinds == setup.kinds()
    assert autopilot.play_to_results(s)  # the opponents play at their levels to the end


def _last_move_trace(table, moves, step):
    """(message line, pile tiles) after each of ``moves`` applied by ``step``."""
    out = []
    piles = getattr(table, "piles", None) or [table.pile]
    for a in moves:
        step(a)
        table.render_piles()
        tiles = [[p.grid[i, 0] for i in range(p.grid.width)] for p in piles]
        out.append((table.last_text(), tiles))
    return out


_LAST_MOVES = [(elevator, 4, 7), (bastard, 5, 8), (color_elevator, 3, 9), (roller_coaster, 4, 10)]


@pytest.mark.parametrize("game,players,deal", _LAST_MOVES)
def test_the_last_move_is_the_tables_and_a_replay_shows_the_same(game, players, deal):
    """What the last turn did (the message line, the play on the pile) is
    noted by the table from each action, not kept in the rules' state: a
    game played at a table, and its record replayed (``sim.replay``, as
    ``python -m sim --replay`` shows it), show the same line and pile
    after every move; and the lines name what happened."""
    from engine.prng import Prng
    from saves.codec import put_record, to_bytes
    from sim import replay

    s = Session("pico-128x64", game.ID, players, deal, pace_ms=0)
    table = s.screen
    rng = Prng(deal)
    moves = []

    def live(a):
        table.play(a)
        moves.append(a)

    state = table.state
    trace = []
    while not state.is_over() and len(moves) < 400:
        a = game.basic_policy(state.observe(state.current_player()), rng)
        trace += _last_move_trace(table, [a], live)
    setup = Match(game.INFO, players, deal, 0, 0, bytes([1] * players))
    r = replay.Replay(s.app, to_bytes(put_record, setup, bytes(moves), len(moves)))
    again = _last_move_trace(r.table, moves, lambda a: r._step())
    assert again == trace, "a replay shows each last move as the game did"
    lines = cardtext.shown(" ".join(line for line, _ in trace))
    assert " PLAYED " in lines or " ON 1" in lines, "plays are named"
    if game is not color_elevator:
        assert (" PASSED" in lines) or (" DREW" in lines), "passes and draws are named"
