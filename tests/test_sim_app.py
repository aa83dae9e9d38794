"""The app on the simulator: screens, panel contents, bus bytes, a whole
game through button presses, both board profiles."""

from panel_check import glyph_block, panel_block

import games
import games.text
from buttons import START, A, B
from games import roller_coaster as rc
from sim import autopilot, render
from sim.headless import Session


def test_title_screen_renders():
    s = Session()
    assert type(s.screen).__name__ == "Title"
    panel = s.hw.panel
    assert panel.on and not panel.unknown
    lit = panel.lit_count()
    assert 200 < lit < 128 * 64 // 2  # text, not blank and not all white
    # "ELEVATOR" at scale 2 fills the top band; the bottom corners stay dark
    rows = panel.pixels()
    assert sum(sum(r) for r in rows[4:30]) > 150
    assert sum(rows[63][:8]) == 0


def test_table_shows_the_dealt_hand(tmp_path):
    s = Session(game="roller-coaster", players=3, deal=7)
    table = s.screen
    assert type(table).__name__ == "Table"
    hand = table.cursor.choices
    assert len(hand) == 5
    for i, card in enumerate(hand):
        x = table.view.hand_x + i * 11
        assert panel_block(s.hw.panel, x, table.view.hand_y, 10, 14) == glyph_block(card), card
    # the PNG is the panel, scaled with crisp pixels
    path = tmp_path / "table.png"
    render.save_png(s.hw.panel, str(path), scale=4)
    from PIL import Image

    img = Image.open(path)
    assert img.size == (512, 256)
    rows = s.hw.panel.pixels()
    for y in (0, 20, 50):
        for x in (5, 64, 100):
            lit = img.getpixel((x * 4 + 2, y * 4 + 2)) != (0, 0, 0)
            assert lit == bool(rows[y][x])


def test_cursor_move_sends_under_64_bytes():
    s = Session(game="roller-coaster", players=4, deal=11)
    before = s.bus_bytes()
    refreshes = s.hw.display.refreshes
    s.press("RIGHT")
    assert 0 < s.bus_bytes() - before < 64
    assert s.hw.display.refreshes == refreshes + 1
    assert s.hw.display.last_refresh_bytes == s.bus_bytes() - before
    before = s.bus_bytes()
    s.press("LEFT")
    assert 0 < s.bus_bytes() - before < 64


def test_screen_change_is_one_frame():
    s = Session()
    before = s.bus_bytes()
    s.press("A")
    # one full frame: 1024 data bytes plus addressing and control bytes
    assert 1024 < s.bus_bytes() - before < 1100


def test_refused_card_says_why():
    s = Session(game="roller-coaster", players=3, deal=7)
    table = s.screen
    state = table.state
    bad = [c for c in table.cursor.choices if c not in state.legal_list()]
    assert bad, "deal 7 has a card that cannot open"
    while table.cursor.chosen() != bad[0]:
        s.press("RIGHT")
    s.press("A")
    assert table.view.msg.text().strip() == games.text.why_illegal(state, bad[0]).upper()
    assert s.hw.tones and s.hw.tones[-1][0] == 220
    assert table.picked_n == 0


def test_pick_undo_and_play_a_run():
    s = Session(game="roller-coaster", players=3, deal=7)
    table = s.screen
    state = table.state
    first = [c for c in table.cursor.choices if c in state.legal_list()][0]
    while table.cursor.chosen() != first:
        s.press("RIGHT")
    s.press("A")
    assert list(table.picked[: table.picked_n]) == [first] and first not in table.cursor.choices
    s.press("B")  # take it back
    assert table.picked_n == 0 and first in table.cursor.choices
    assert table.state.key() == table.base.key()


def test_opponents_wait_then_skip_ahead():
    s = Session(game="roller-coaster", players=4, deal=5, pace_ms=1000)
    table = s.screen
    s.press("SELECT", settle=False)  # draw: the computer players' turn
    assert table.state.current_player() == 1
    for _ in range(10):
        s.frame()
    assert table.state.current_player() == 1  # still showing, 200 ms in
    s.hw.press(B)  # skip ahead
    s.settle()
    assert table.state.current_player() in (0, -1)


def test_pause_menu_quits_to_menu():
    s = Session(game="roller-coaster", players=3, deal=9)
    table = s.screen
    s.press("START")
    assert type(s.screen).__name__ == "Pause"
    s.hw.press(A)  # Resume
    s.frame()
    assert s.screen is table
    s.press("START")
    s.press("UP")  # round to Quit
    s.press("A")
    assert type(s.screen).__name__ == "GameMenu"


def test_feather_128x32_three_buttons_reach_the_table():
    s = Session(profile="feather-128x32")
    assert s.hw.height == 32 and s.hw.panel.mux == 31
    s.hw.physical(1)  # middle short: A (title -> menu)
    s.settle()
    for _ in range(4):  # bottom short: DOWN to Roller Coaster, the fifth game
        s.hw.physical(2)
        s.settle()
    s.hw.physical(1)  # A: menu -> setup
    s.settle()
    s.hw.physical(1, long=True)  # middle long: START
    s.settle()
    table = s.screen
    assert type(table).__name__ == "Table"
    cur = table.cursor.at
    s.hw.physical(2)  # bottom short on the table: RIGHT
    s.settle()
    assert table.cursor.at == (cur + 1) % len(table.cursor.choices)
    s.hw.physical(2, long=True)  # bottom long: SELECT draws
    s.settle()
    assert table.state.counts[0] == 6 or table.state.is_over()
    assert s.hw.panel.lit_count() > 200


def test_results_screen_again_and_same_deal():
    s = Session(game="roller-coaster", players=2, deal=3, pace_ms=0)
    for _ in range(3000):
        if not autopilot.play_turn(s):
            s.settle()
            if type(s.screen).__name__ == "Results":
                break
    assert type(s.screen).__name__ == "Results"
    s.press("SELECT")  # replay the same deal
    assert type(s.screen).__name__ == "Table" and s.screen.match.deal == 3
    assert s.screen.state.key() == rc.new_state(2, 3).key()


def test_start_key_on_setup_starts():
    s = Session()
    s.press("A")
    s.press("A")
    s.hw.press(START)
    s.settle()
    assert type(s.screen).__name__ == "Table"


def test_idle_turns_the_panel_off_and_a_key_wakes_it():
    s = Session()
    s.app.settings.screen_off_ms = 1000
    s.app.settings.sleep_ms = 3000
    for _ in range(60):  # 1.2 s without a key
        s.frame()
    assert not s.hw.panel.on and not s.app.power.screen_on
    for _ in range(120):
        s.frame()
    assert s.hw.deep_sleep_asked >= 1  # asked; the desktop answers "not here"
    s.press("A")  # wakes the panel only: still on the title screen
    assert s.hw.panel.on and type(s.screen).__name__ == "Title"
    s.press("A")
    assert type(s.screen).__name__ == "GameMenu"


def test_the_panels_start_up_pauses_pass_on_the_virtual_clock(monkeypatch):
    """The SSD1306's init sequence pauses 10 ms after each command, as a
    board's displayio does; a headless (virtual-time) console passes them
    on its own clock, a real-time one (the window) waits them out."""
    import time

    from sim.hal import SimHAL

    waits = []
    monkeypatch.setattr(time, "sleep", waits.append)
    hw = SimHAL(virtual_time=True)
    assert waits == [] and hw.panel.on
    SimHAL(virtual_time=False)
    assert len(waits) >= 10 and all(w >= 0.01 for w in waits)
