"""The keys as a player meets them: legends named by the board's own key
scheme, START pausing at every table, B taking back, the key guard on a
new screen, the round view, menus that keep their place and say when
more rows lie beyond, and a mini font whose letters stay apart."""

import re

import cardtext
import pytest

import buttons
import buttons_three
import games
import ui_glyphs
from app import App
from buttons import DOWN, LEFT, SELECT, START, UP, A, B
from sim import autopilot
from sim.headless import Session

ROOT = __file__.rsplit("/", 2)[0]
_TEMPLATE = re.compile(r'"([^"\n]*\{(?:UP|DOWN|LEFT|RIGHT|A|B|START|SELECT|LR|UD)\}[^"\n]*)"')
HAND_GAMES = [("color-elevator", 3), ("elevator", 4), ("bastard", 5), ("roller-coaster", 3)]


class _Keys:
    def __init__(self, legends):
        self.legends = legends


def _templates():
    """Every legend written in the device code (``"{A} PLAY ..."``)."""
    import glob

    found = []
    for path in sorted(glob.glob(ROOT + "/lib/**/*.py", recursive=True)):
        with open(path) as f:
            text = f.read()
        # join the parts of a legend split over two lines ("..." "...")
        text = re.sub(r'"\s*\n\s*"', "", text)
        found += _TEMPLATE.findall(text)
    return found


def test_every_legend_fits_a_line_on_both_key_schemes():
    templates = _templates()
    assert len(templates) >= 12, templates
    for legends in (buttons.LEGENDS, buttons_three.LEGENDS):
        assert len(legends) == len(buttons.NAMES) + 2
        for t in templates:
            text = App.legend(_Keys(legends), t)
            assert "{" not in text and len(text) <= 32, (t, text)
            assert all(ch in ui_glyphs.CHARS for ch in text.upper()), text


def test_a_three_button_board_names_only_its_buttons():
    """The 128x32 three-button board's screens never name SEL, START or
    an arrow: its legends are A/B/C, short or held."""
    eight_only = re.compile(r"\b(SEL|UP|DN)\b|<>|START (PLAY|MENU)")
    seen = []
    s = Session("feather-128x32", pace_ms=0)
    s.press(A)  # title -> game menu
    s.press(A)  # -> the first game's setup
    setup = s.screen
    for _ in range(len(setup.rows)):
        seen.append(setup.help.text())
        s.press(DOWN)
    for game_id, players in HAND_GAMES:  # a table's keys, on its message line when quiet
        seen.append(Session("feather-128x32", game_id, players, 7).screen.view.msg.text())
    assert seen[-1].strip() == "B PLAY  HOLD C DRAW  HOLD B MENU", seen
    solitaire = (
        Session("feather-128x32", "elevator-solitaire", 1, 14).screen.view.msg.text().strip()
    )
    assert solitaire == "B PLAY HOLD C TURN HOLD A BACK"  # the hint: in the pause menu
    seen.append(solitaire)
    pico = Session("pico-128x64", "elevator-solitaire", 1, 14).screen.view.msg.text().strip()
    assert pico == "A PLAY SEL TURN B BACK UP HINT"
    assert any("HOLD" in t for t in seen), seen
    for text in seen:
        assert not eight_only.search(text), text
    # the same screen on the eight-button board names its keys
    s = Session("pico-128x64", pace_ms=0)
    s.press(A)
    s.press(A)
    assert s.screen.help.text().strip() == "<> CHANGE  START PLAY  B BACK"


@pytest.mark.parametrize("game_id,players", HAND_GAMES)
def test_start_pauses_at_every_table_and_b_never_does(game_id, players):
    s = Session("pico-128x64", game_id, players, 5, pace_ms=2000)
    table = s.screen
    s.press(B)  # nothing taken this turn: B says so, and stays
    assert s.screen is table and "NOTHING TO TAKE BACK" in table.view.msg.text()
    s.press(START)
    assert type(s.screen).__name__ == "Pause"
    s.press(START)  # START again resumes
    assert s.screen is table
    # while the computer players move, START still pauses
    while table.turns.my_turn():  # a turn: then the others play, slowly
        action = table.game.basic_policy(table.state.observe(0), s.app.rng)
        for key in table.presses_for(action):
            s.press(key, settle=False)
    assert table.busy()
    s.press(START, settle=False)
    assert type(s.screen).__name__ == "Pause"


def test_legends_at_a_table_follow_the_turn():
    s = Session("pico-128x64", "roller-coaster", 3, 5, pace_ms=0)
    table = s.screen
    assert table.view.help.text().strip() == "A PLAY  SEL DRAW  START MENU"


def _to_results(s):
    for _ in range(3000):
        if not autopilot.play_turn(s):
            s.settle()
            if type(s.screen).__name__ == "Results":
                return s.screen
    raise AssertionError("no results")


def _play_out(s):
    """Play the table's game to its end at once, every seat by the Normal
    player, as the table plays and records moves; returns the table."""
    table = s.screen
    state = table.state
    while not state.is_over():
        a = table.game.basic_policy(state.observe(state.current_player()), s.app.rng)
        table.play(a)
        table.record.log(a)
    return table


def test_a_key_mashed_as_the_results_appear_is_ignored():
    """The results show by themselves when a game ends: a key pressed
    before they appeared, or just after, does not deal the next game;
    one pressed after the guard does, and one held through it counts."""
    s = Session("pico-128x64", "roller-coaster", 2, 3, pace_ms=0)
    _play_out(s)
    s.hw.press(A)  # mashed as the game ends: waits in the queue for the next frame
    s.frame()  # the game's end: the results appear, and the A pressed before them
    s.hw.press(A)  # and one 20 ms after they appeared
    s.frame()
    results = s.screen
    assert type(results).__name__ == "Results"
    games_played = s.app.saves.stats[games.info("roller-coaster").SAVE_ID][0]
    for _ in range(3):
        s.frame()
    assert s.screen is results  # both presses were ignored
    assert results.keys.text().strip() == "A AGAIN  SEL SAME DEAL  B MENU"
    # a key held down through the guard counts once the guard is over
    s.hw.buttons.feed(SELECT, True, s.hw.ticks_ms())
    for _ in range(60):
        s.frame()
        if s.screen is not results:
            break
    s.hw.buttons.feed(SELECT, False, s.hw.ticks_ms())
    assert type(s.screen).__name__ == "Table" and s.screen.match.deal == 3  # SELECT: same deal
    assert s.app.saves.stats[games.info("roller-coaster").SAVE_ID][0] == games_played


def test_the_round_view_gives_each_seat_its_last_move_and_marks_the_turn():
    s = Session("pico-128x64", "elevator", 4, 6, pace_ms=0)
    table = s.screen
    for _ in range(3):
        autopilot.play_turn(s)
    s.settle()
    assert all(table.said[seat] for seat in range(4)), table.said
    s.press(UP)
    view = s.screen
    assert type(view).__name__ == "Round"
    lines = [r.text().rstrip() for r in view.view.rows][:4]
    for seat, line in enumerate(lines):
        assert line[1:] == table.said[seat]
        assert line[1:].startswith("YOU" if seat == 0 else "P%d" % (seat + 1))
    turn = table.state.current_player()
    assert [line[0] for line in lines] == ["@" if i == turn else " " for i in range(4)]
    s.press(A)
    assert s.screen is table


@pytest.mark.parametrize("game_id,players,said", [
    ("roller-coaster", 3, "YOU DREW "), ("elevator", 4, "YOU PASSED, DREW "),
    ("bastard", 4, "YOU PASSED, DREW ")])  # fmt: skip
def test_your_own_draw_names_the_cards(game_id, players, said):

    for deal in range(1, 60):
        s = Session("pico-128x64", game_id, players, deal, pace_ms=5000)
        table = s.screen
        if table.game.DRAW in table.state.legal_list() and table.state.deck_n:
            break
    before = set(table.state.hands[0].to_list())
    s.press(SELECT, settle=False)  # draw, or pass and draw
    new = set(table.state.hands[0].to_list()) - before
    assert len(new) == 1
    assert cardtext.shown(table.view.msg.text()).strip() == said + cardtext.face(new.pop())


def test_color_elevator_names_the_cards_you_drew():

    for deal in range(1, 400):
        s = Session("pico-128x64", "color-elevator", 2, deal, pace_ms=5000)
        table = s.screen
        if table.state.legal_list() == [table.game.DRAW]:
            break
    before = set(table.state.hands[0].to_list())
    s.press(SELECT, settle=False)
    new = sorted(set(table.state.hands[0].to_list()) - before)
    text = cardtext.shown(table.view.msg.text())  # the cards as the panel shows them: 7♥
    assert new and text.strip().startswith("YOU DREW ")
    assert set(text.split()[2:]) == {cardtext.face(c) for c in new}


def test_start_at_a_finished_game_goes_to_its_results_and_counts_it():
    s = Session("pico-128x64", "roller-coaster", 2, 3, pace_ms=3000)
    _play_out(s)
    s.press(START, settle=False)  # during the last move's pause: no menu to abandon it from
    assert type(s.screen).__name__ == "Results"
    assert s.app.saves.stats[games.info("roller-coaster").SAVE_ID][0] == 1


def test_a_key_pressed_as_a_screen_appears_counts():
    """A screen a key asked for takes the very next press (issue 38: this
    B, 20 ms after the game menu appeared, used to be dropped)."""
    s = Session("pico-128x64")
    s.press(A, settle=False)  # the game menu
    s.hw.press(B)  # 20 ms after it appeared: typed ahead, back to the title
    s.frame()
    assert type(s.screen).__name__ == "Title"


def _where(s):
    """The screen, its menu's row, and the table's message line."""
    screen = s.screen
    menu = getattr(screen, "menu", None)
    table = getattr(screen, "view", None)
    msg = getattr(table, "msg", None)
    return (type(screen).__name__, menu.index if menu is not None else None,
            msg.text().strip() if msg is not None else None)  # fmt: skip


def _start(where):
    """A console at the title, or at a Roller Coaster table."""
    if where == "table":
        return Session("pico-128x64", "roller-coaster", 3, 12, pace_ms=0)
    return Session("pico-128x64")


def _slowly(where, keys):
    """The console once ``keys`` were pressed 600 ms apart from ``where``."""
    s = _start(where)
    s.settle()
    for key in keys:
        s.press(key)
        for _ in range(30):
            s.frame()
    return s


# the keys of a path, typed at a table (roller coaster, 3 players, deal 12) or on the title
_PATHS = [
    ("table", [START, DOWN, DOWN, DOWN, A]),  # the pause menu's Hint
    ("table", [START, UP, A]),  # Quit: the game menu
    ("title", [A, DOWN, A, DOWN, DOWN]),  # the second game's setup, its third row
    ("title", [DOWN, DOWN, A, DOWN, B, UP]),  # Settings and back to the title
]


@pytest.mark.parametrize("where,keys", _PATHS)
@pytest.mark.parametrize("gap", [0, 1, 3])
def test_keys_typed_quickly_after_a_screen_opens_all_count(where, keys, gap):
    """Each key tapped ``gap`` frames (0: in the same frame) after the
    last reaches the screen that the same keys pressed slowly reach."""
    slow = _slowly(where, keys)
    fast = _start(where)
    fast.settle()
    for key in keys:
        fast.hw.press(key)
        for _ in range(gap):
            fast.frame()
    fast.settle()
    for _ in range(30):
        fast.frame()
    assert _where(fast) == _where(slow)


@pytest.mark.parametrize("where,keys", _PATHS)
def test_keys_typed_ahead_count_after_a_screen_slow_to_make(where, keys):
    """Each screen takes 300 ms to make (a board's imports; a loaded
    machine): the keys typed meanwhile wait in the queue and, read in the
    same frame after it shows, all count where they count typed slowly.
    (They were dropped: the guard of a screen a key asked for was the
    time it showed, later than the frame's.)"""
    slow = _slowly(where, keys)
    fast = _start(where)
    fast.settle()
    show = fast.app.show

    def slow_to_make(screen):
        fast.hw._now += 300  # (the virtual clock: the frame's time is 300 ms behind)
        show(screen)

    fast.app.show = slow_to_make
    for key in keys:
        fast.hw.press(key)
    fast.frame()
    fast.settle()
    assert _where(fast) == _where(slow)


def test_a_held_key_acts_once_on_the_screen_it_opens():
    """UP held at a table opens the round view once: its repeats, as the
    view shows and long after, do not act on it (nor take it back to the
    table to open it again), nor does its release; a new press does."""
    s = Session("pico-128x64", "elevator", 4, 6, pace_ms=0)
    table = s.screen
    s.settle()
    s.hw.buttons.feed(UP, True, s.hw.ticks_ms())
    s.frame()
    view = s.screen
    assert type(view).__name__ == "Round"
    shown = []
    for _ in range(75):  # 1.5 s: past the repeat delay, a dozen repeats
        s.frame()
        shown.append(s.screen)
    assert all(screen is view for screen in shown)
    s.hw.buttons.feed(UP, False, s.hw.ticks_ms())
    for _ in range(5):
        s.frame()
    assert s.screen is view
    s.hw.press(B)  # a new press: back to the table
    s.frame()
    assert s.screen is table


def test_a_key_held_over_a_screen_change_does_not_act_on_the_new_screen():
    """DOWN held on the game menu runs down its games (a press, then
    repeats); A pressed meanwhile opens the setup, where DOWN, still held,
    does nothing (its repeats were meant for the menu), nor when let go;
    pressed again, it moves one row."""
    s = Session("pico-128x64")
    s.press(A)  # the game menu
    s.hw.buttons.feed(DOWN, True, s.hw.ticks_ms())
    for _ in range(30):  # 600 ms: the press and two repeats
        s.frame()
    menu = s.screen
    assert type(menu).__name__ == "GameMenu" and menu.menu.index == 3
    s.hw.press(A)  # DOWN still down: the setup of the game under the cursor
    s.frame()
    setup = s.screen
    assert type(setup).__name__ == "Setup" and setup.menu.index == 0
    for _ in range(60):  # 1.2 s of DOWN's repeats
        s.frame()
    s.hw.buttons.feed(DOWN, False, s.hw.ticks_ms())
    for _ in range(5):
        s.frame()
    assert s.screen is setup and setup.menu.index == 0
    s.hw.press(DOWN)  # 100 ms after it was let go
    s.frame()
    assert setup.menu.index == 1


def test_a_key_bouncing_as_its_screen_opens_acts_once():
    """A's contact bouncing as it is let go (a release and a press 10 ms
    apart) does not choose on the game menu it opened; a press 60 ms after
    it was let go is a new one."""
    s = Session("pico-128x64")
    now = s.hw.ticks_ms()
    s.hw.buttons.feed(A, True, now)
    s.frame()  # the game menu
    assert type(s.screen).__name__ == "GameMenu"
    s.hw.buttons.feed(A, False, now + 30)
    s.hw.buttons.feed(A, True, now + 40)  # the bounce
    s.hw.buttons.feed(A, False, now + 45)
    for _ in range(3):
        s.frame()
    assert type(s.screen).__name__ == "GameMenu"
    s.hw.buttons.feed(A, True, now + 105)  # pressed again: the game's setup
    s.hw.buttons.feed(A, False, now + 150)
    s.frame()
    assert type(s.screen).__name__ == "Setup"


def test_the_title_keeps_its_row_between_menus_and_starts_over_after_a_game():
    s = Session("pico-128x64", pace_ms=0)
    s.press(DOWN)  # Statistics (New game, Statistics, Settings, About)
    s.press(A)
    s.press(B)
    assert s.screen.items[s.screen.menu.index] == "Statistics"
    autopilot.open_game(s, "roller-coaster", 2, 8)
    s.press(SELECT)  # a move, so there is a game to keep
    s.press(START)
    for _ in range(7):  # to Quit: the game stays kept, the title gains Continue
        s.press(UP)
        if s.screen.menu.items[s.screen.menu.index] == "Quit":
            break
    s.press(A)
    s.press(B)
    assert s.screen.items[0] == "Continue"
    # after a game the title opens on its first row, not where it was left (issue 29, 5)
    assert s.screen.menu.index == 0
    s.press(DOWN)
    s.press(A)
    s.press(B)
    assert s.screen.items[s.screen.menu.index] == "New game"  # kept between the menus


def test_the_turn_marker_is_not_a_greater_than():
    s = Session("pico-128x64", "roller-coaster", 4, 8, pace_ms=5000)
    table = s.screen
    s.press(SELECT, settle=False)
    status = table.view.status.text() + table.view.status2.text()
    assert ">" not in status and status.count("@") == 1
    assert ui_glyphs.CHARS.find("@") >= 0


def test_the_small_color_elevator_table_shows_the_ways_your_count_and_the_turn():
    s = Session("feather-128x32", "color-elevator", 3, 7, pace_ms=0)
    table = s.screen
    status = table.view.status.text()
    assert status.startswith("@YOU:") and " P2:" in status and " P3:" in status
    assert [w.text() for w in table.ways[0::2]] == ["1", "2"]
    st = table.state
    for way, top in ((table.ways[1], st.top0), (table.ways[3], st.top1)):
        assert way.text() == table._way(top)[3] and way.text() in "^~*"


def test_menus_keep_their_place_and_mark_rows_beyond():
    s = Session("pico-128x64")
    s.press(A)  # the game menu: three of five games shown
    menu = s.screen.menu
    assert menu.marks[0].text() == " " and menu.marks[1].text() == "~"
    for _ in range(3):
        s.press(DOWN)
    assert menu.marks[0].text() == "^"
    s.press(A)  # the fourth game's setup
    s.press(B)  # back: the menu is where it was left
    assert s.screen.menu.index == 3
    s.press(B)
    s.press(A)
    assert s.screen.menu.index == 3


def test_scrolled_text_marks_what_lies_beyond():
    s = Session("feather-128x32")  # the About page: five lines, three shown
    for _ in range(3):
        s.press(DOWN)  # About
    s.press(A)
    view = s.screen.view
    assert len(view.lines) > len(view.rows)
    assert view.rows[-1].text().endswith(" ~") and not view.rows[0].text().endswith("^")
    s.press(DOWN)
    assert view.rows[0].text().endswith("^")


def _glyph(ch):
    i = ui_glyphs.CHARS.index(ch)
    return {
        (x, y) for x in range(3) for y in range(5) if ui_glyphs.FONT[i * ui_glyphs.FONT_W + x, y]
    }


def test_m_n_and_w_stay_apart_in_the_mini_font():
    """ "WST" read as "HST": the wide letters differ from each other and
    from every other glyph by at least two pixels."""
    for ch in "MNW":
        for other in ui_glyphs.CHARS:
            if other != ch and other != " ":
                assert len(_glyph(ch) ^ _glyph(other)) >= 2, (ch, other)


def test_left_moves_the_cursor_and_up_does_not():
    s = Session("pico-128x64", "roller-coaster", 3, 8, pace_ms=0)
    table = s.screen
    table.cursor.at = 2
    s.press(LEFT)
    assert table.cursor.at == 1


def test_a_lowercase_v_is_a_letter_and_the_marks_have_their_own_codes():
    """ "Elevator" in a heading is ELEVATOR, not ELE-arrow-ATOR: the up and
    down marks are "^" and "~", never letters."""
    import ui

    row = ui.TextRow(32, 0, 0)
    row.set("PAUSED  Elevator's cousin")
    assert row.text().rstrip() == "PAUSED  ELEVATOR'S COUSIN"
    row.set("^~")
    assert row.text().rstrip() == "^~"
    assert _glyph("~") == {(0, 3), (1, 4), (2, 3)} != _glyph("V")  # a small arrow, not the letter
