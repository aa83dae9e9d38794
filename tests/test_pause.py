"""The pause menu (resume, rules, hint, sound, restart, new deal, quit),
the rules pages, idle dimming, and the out-of-memory restart."""

import gc
import os
import re
import sys
import types
import weakref

import pytest

import buttons
import buttons_three
import games
import ui_glyphs
from app import App
from buttons import START, A
from saves import codec, decode
from saves.keep import Saves
from screens import pause as screen_pause
from screens import rules as screen_rules
from sim import autopilot
from sim.headless import Session

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_RULE = re.compile(r"^- \*\*([A-Z]{2,4}-\d+)\*\*", re.M)
_CITED = re.compile(r"([A-Z]{2})-(\d+)((?:(?:,|\.\.)\d+)*)$")


def _open_pause(profile="pico-128x64", game="roller-coaster", players=3, deal=8, move=False):
    s = Session(profile, game, players, deal, pace_ms=0)
    table = s.screen
    if move:
        s.press("SELECT")  # draw (or turn a card): the game has something to keep
    s.press("START")  # START pauses at every table
    assert type(s.screen).__name__ == "Pause"
    return s, table


def _choose(s, item):
    for _ in range(len(screen_pause.ITEMS)):
        if screen_pause.ITEMS[s.screen.menu.index] == item:
            break
        s.press("DOWN")
    s.press("A")


def _cited(title):
    """Rule IDs named at the end of a page title: CE-4,5 or EL-8..11."""
    m = _CITED.search(title)
    assert m, "page title names no rule IDs: " + title
    prefix, first, rest = m.group(1), int(m.group(2)), m.group(3)
    ids = [first]
    for sep, n in re.findall(r"(,|\.\.)(\d+)", rest):
        n = int(n)
        ids.extend(range(ids[-1] + 1, n + 1) if sep == ".." else [n])
    return {"%s-%d" % (prefix, i) for i in ids}


@pytest.mark.parametrize("game_id", [i.ID for i in games.CATALOGUE])
def test_rules_pages_fit_the_panel_and_cover_every_rule_of_the_spec(game_id):
    path = screen_rules.rules_path(games.info(game_id))
    starts = screen_rules.page_starts(path)
    assert 4 <= len(starts) <= 9
    cited = set()
    title, lines = screen_rules.read_page(path, starts[0])
    assert title == "CONTROLS"  # the first page: the keys, as each board names them
    for legends in (buttons.LEGENDS, buttons_three.LEGENDS):
        app = types.SimpleNamespace(legends=legends)
        for line in lines:
            text = App.legend(app, line)
            assert "{" not in text and len(text) <= 32, text
            assert all(ch.upper() in ui_glyphs.CHARS for ch in text), text
    with open(path) as f:
        headings = [line[1:].strip() for line in f if line.startswith("=")]
    for start, heading in zip(starts[1:], headings[1:]):
        title, lines = screen_rules.read_page(path, start)
        # the heading and its page number, whole before the "more follows" mark
        assert len("%d/%d %s" % (len(starts), len(starts), title)) <= 30, title
        assert 1 <= len(lines) <= 7
        for line in [title] + lines:
            assert len(line) <= 32, line
            assert all(ch.upper() in ui_glyphs.CHARS for ch in line), line  # the mini font has it
        cited |= _cited(heading)  # the file's heading names the rules (CE-4,5) ...
        assert not _CITED.search(title) and heading.startswith(title + " "), title  # ... unshown
    with open(os.path.join(ROOT, "seeds", game_id + ".md")) as f:
        spec = set(_RULE.findall(f.read()))
    assert cited == spec  # every rule summarised, none invented


def test_pause_menu_resume_leaves_the_table_as_it_was():
    s, table = _open_pause(move=True)
    key = table.state.key()
    assert not s.app.saves.dirty  # the game was kept, move by move
    assert s.hw.nvm.writes == 1 + table.record.n  # the deal, then a record a move
    text = [s.screen.menu.labels[i].text().rstrip() for i in range(5)]
    assert text == ["Resume", "Round so far", "Rules", "Hint", "Sound < On >"]
    s.press("A")  # Resume
    assert s.screen is table and table.state.key() == key
    s.press("B")  # at the table B takes back, or says there is nothing to
    assert s.screen is table and "NOTHING TO TAKE BACK" in table.view.msg.text()
    s.press("START")
    s.press("B")  # B resumes too
    assert s.screen is table and table.state.key() == key
    s.press("START")
    s.press("START")  # and so does START, which paused
    assert s.screen is table and table.state.key() == key


@pytest.mark.parametrize("profile", ["pico-128x64", "feather-128x32"])
@pytest.mark.parametrize(
    "game_id,players",
    [("color-elevator", 4), ("elevator", 6), ("bastard", 12), ("roller-coaster", 8)],
)
def test_a_paused_table_lets_go_of_its_tiles_and_shows_as_it_was(profile, game_id, players):
    """The pause menu is made in the room of the table's tiles (the rows,
    the hand, the piles), which go while it shows and are made again on
    Resume: the panel then shows what it showed before the pause, and the
    round view, asked for from the menu, still has every seat's last move."""
    from sim import golden

    s = Session(profile, game_id, players, 7, pace_ms=0)
    table = s.screen
    for _ in range(20):  # until the computers have moved after you
        autopilot.play_turn(s)
        s.settle()
        if any(table.said[1:]):
            break
    table.message = ""  # (as Resume leaves it)
    table.render()
    s.frame()
    before = golden.pixels(s)
    said = table.said
    assert any(said[1:]), said
    tiles = [weakref.ref(table.group[i]) for i in range(len(table.group))]
    assert table.PILES  # every hand table names its pile widgets
    s.press("START")
    assert type(s.screen).__name__ == "Pause" and s.screen.table is table
    gc.collect()
    assert table.group is None and table.view.status is None
    assert all(getattr(table, name) is None for name in table.PILES)
    assert len(tiles) >= 7 and [t for t in tiles if t() is not None] == []  # gone, not hidden
    assert table.obs is None  # the scratch state too: nothing is played while it shows
    _choose(s, "Round so far")
    assert type(s.screen).__name__ == "Round"
    assert table.said == said
    s.press("B")  # back to the menu
    s.press("B")  # which resumes
    assert s.screen is table and table.view.status is not None
    assert s.hw.display.root_group is table.group
    assert golden.pixels(s) == before
    assert type(table.obs) is type(table.state)  # made again: the next decision reads it
    autopilot.play_turn(s)  # and play goes on
    s.settle()


@pytest.mark.parametrize("profile", ["pico-128x64", "feather-128x32"])
def test_a_scrolled_hand_is_as_it_was_after_the_pause_menu(profile):
    """A hand wider than the panel, scrolled, shows the same cards after
    the pause menu (the view keeps where it was scrolled)."""
    from sim import golden

    s = Session(profile, "roller-coaster", 2, 1, pace_ms=0)
    table = s.screen
    for _ in range(80):  # draw until the hand is wider than the panel
        s.settle()
        n = len(table.cursor.choices)
        if table.turns.my_turn() and n >= table.view.slots + 4:
            break
        if table.turns.my_turn():
            s.press("SELECT")
    assert n >= table.view.slots + 4, n
    for _ in range(n):
        s.press("RIGHT")
    for _ in range(3):
        s.press("LEFT")
    first = table.view.first
    assert first > 0
    table.message = ""  # (as Resume leaves it)
    table.render()
    s.frame()
    before = golden.pixels(s)
    s.press("START")
    assert table.group is None
    s.press("B")
    assert s.screen is table and table.view.first == first
    assert golden.pixels(s) == before


@pytest.mark.parametrize("profile", ["pico-128x64", "feather-128x32"])
def test_rules_pages_turn_and_come_back(profile):
    s, table = _open_pause(profile, "bastard", 4, 3)
    menu = weakref.ref(s.screen)
    _choose(s, "Rules")
    screen_rules = s.screen
    assert type(screen_rules).__name__ == "Rules" and screen_rules.starts
    gc.collect()
    assert menu() is None  # the pause menu's tiles are not kept while the pages show
    shown = set()
    for _ in range(40):
        shown.add((screen_rules.page, screen_rules.part))
        s.press("DOWN")
    assert {p for p, _ in shown} == set(range(len(screen_rules.starts)))  # every page
    if profile == "feather-128x32":
        assert len(shown) > len(screen_rules.starts)  # long pages come in three-line parts
        assert len(screen_rules.rows) == 3
    head = screen_rules.head.text().strip()
    assert head.startswith("%d/%d " % (screen_rules.page + 1, len(screen_rules.starts)))
    s.press("UP")
    s.press("B")
    assert type(s.screen).__name__ == "Pause"
    assert s.screen.items[s.screen.menu.index] == "Rules"  # made again, on the row left
    s.press("B")
    assert s.screen is table


def test_a_missing_rules_file_is_said_not_crashed(monkeypatch, tmp_path):
    monkeypatch.setattr(screen_rules, "rules_path", lambda info: str(tmp_path / "none.txt"))
    s, table = _open_pause()
    _choose(s, "Rules")
    assert "NO RULES FILE" in s.screen.rows[0].text()
    s.press("DOWN")
    s.press("B")
    assert type(s.screen).__name__ == "Pause"


@pytest.mark.parametrize(
    "game_id,players,deal",
    [("color-elevator", 2, 4), ("elevator", 4, 6), ("bastard", 5, 2), ("roller-coaster", 3, 11)],
)
def test_hint_names_the_normal_players_move_and_points_the_cursor_at_it(game_id, players, deal):
    s, table = _open_pause(game=game_id, players=players, deal=deal)
    _choose(s, "Hint")
    assert s.screen is table
    text = table.view.msg.text().strip()
    assert text.startswith("HINT: ")
    action = table.game.basic_policy(table.state.observe(0), s.app.rng)
    # the hint is legal and, when it is a card, the cursor is on it
    assert action in table.state.legal_list()
    card_keys = autopilot.presses_for(table, action)
    if card_keys[0] == A:
        assert table.cursor.chosen() in (action, action % 54)


@pytest.mark.parametrize("game_id", ["bastard", "elevator-solitaire"])
def test_the_pause_menus_widgets_load_once_the_table_is_built(monkeypatch, game_id):
    """The menus' widgets (``ui_menu``) go as a game loads, so that its
    table is built without them, and come back once it is (``App.play``),
    while the heap is whole, for the pause menu; which then opens."""
    import ui_menu  # noqa: F401  (as the title had left it)

    seen = []
    real = App.load_game

    def load_game(self, match):
        module = real(self, match)
        seen.append("ui_menu" in sys.modules)  # as the table is built
        return module

    monkeypatch.setattr(App, "load_game", load_game)
    s = Session("pico-128x64", game_id, 1 if game_id == "elevator-solitaire" else 4, 3, pace_ms=0)
    assert seen == [False]
    assert "ui_menu" in sys.modules
    s.press("START")
    assert type(s.screen).__name__ == "Pause"


def test_sound_can_be_muted_from_the_pause_menu_and_is_kept():
    s, table = _open_pause()
    _choose(s, "Sound")
    assert s.app.settings.sound == 0
    assert s.screen.menu.labels[4].text().rstrip() == "Sound < Off >"
    s.press("B")  # resume
    before = len(s.hw.tones)
    s.screen.beep()
    assert len(s.hw.tones) == before  # muted: no tone
    s.press("START")  # pause again: one write, with the setting
    from saves.keep import Saves

    assert Saves(s.hw.nvm).settings.sound == 0


def test_restart_deals_the_same_cards_and_new_deal_another():
    s, table = _open_pause(deal=8)
    fresh = table.game.new_state(3, 8).key()
    s.press("B")
    s.press("SELECT")  # a move, so the table differs from the deal
    s.press("START")
    played = s.app.saves.stats[4][0]
    _choose(s, "Restart deal")
    again = s.screen
    assert again is not table and again.match.deal == 8 and again.state.key() == fresh
    assert s.app.saves.stats[4][0] == played  # an abandoned game is not counted
    s.press("START")
    _choose(s, "New deal")
    assert s.screen.match.deal != 8
    s.press("START")
    _choose(s, "Quit")
    assert type(s.screen).__name__ == "GameMenu"
    s.press("B")
    assert s.screen.items[0] == "Continue"


def test_solitaire_pause_has_the_solver_hint():
    s, table = _open_pause(game="elevator-solitaire", players=1, deal=14)
    _choose(s, "Hint")
    assert s.screen is table and table.view.msg.text().startswith("HINT:")


def test_idle_dims_then_turns_off_and_a_key_brings_the_contrast_back():
    s = Session()
    st = s.app.settings
    st.dim_ms, st.screen_off_ms = 1000, 3000
    panel = s.hw.panel
    bright = panel.contrast
    for _ in range(60):  # 1.2 s without a key
        s.frame()
    assert s.app.power.dimmed and panel.contrast == 1 and panel.on
    s.press("DOWN")  # brightens and acts: the menu cursor moves
    assert panel.contrast == bright and s.screen.menu.index == 1
    for _ in range(160):
        s.frame()
    assert not panel.on
    s.press("A")  # wakes only
    assert panel.on and panel.contrast == bright and type(s.screen).__name__ == "Title"


def test_dim_setting_is_on_the_settings_screen_and_survives_an_older_record():
    from saves import codec
    from saves.codec import SAVED, Settings
    from screens import stats

    assert "dim_ms" in [c[0] for c in stats.CHOICES]
    before = Settings()
    before.pace_ms = 2000
    # written before dimming existed
    old = codec.to_bytes(codec.put_settings, before, SAVED[:-1])
    st = Settings()  # what loading starts from
    assert decode.read_settings(st, old, SAVED)
    assert st.pace_ms == 2000 and st.dim_ms == 20000


@pytest.mark.parametrize("profile", ["pico-128x64", "feather-128x32"])
def test_out_of_memory_saves_says_so_and_restarts(profile):
    s = Session(profile, seed=5, pace_ms=0)
    table = autopilot.open_game(s, "roller-coaster", 3, 8)
    s.press("SELECT")
    key = table.state.key()
    s.app.saves.dirty = True  # something not yet written: the game is written whole
    writes = s.hw.nvm.writes

    def boom(now):
        raise MemoryError("memory allocation failed")

    table.tick = boom
    s.frame()
    assert s.hw.nvm.writes == writes + 1  # the game was kept first
    lines = [r for r in s.hw.panel.pixels()]
    assert any(lines)  # a message, not a dark panel
    assert s.app.screen is None and s.app.failsafe.lines[0].text().strip() == "OUT OF MEMORY"
    assert s.app.failsafe.lines[1].text().strip() == "GAME SAVED"
    for _ in range(110):  # two seconds later: a clean start
        s.frame()
    assert s.hw.reloads == 1
    assert type(s.screen).__name__ == "Title" and s.screen.items[0] == "Continue"
    s.press(A)
    assert s.screen.state.key() == key
    s.press(START)  # the restarted console plays on
    assert type(s.screen).__name__ == "Pause"


def test_a_pause_menu_that_cannot_be_made_finds_the_game_saved(monkeypatch):
    """Out of memory making the pause menu (the table's tiles already let
    go): what was not yet kept was written first, and the panel says so."""
    s = Session("pico-128x64", "roller-coaster", 3, 8, pace_ms=0)
    table = s.screen
    s.press("SELECT")
    key = table.state.key()
    s.app.saves.dirty = True  # as after a move whose record found no room
    writes = s.hw.nvm.writes

    def boom(self, app, table, at=0):
        raise MemoryError("memory allocation failed")

    monkeypatch.setattr(screen_pause.Pause, "__init__", boom)
    s.press("START", settle=False)
    assert s.hw.nvm.writes == writes + 1
    assert s.app.failsafe.lines[0].text().strip() == "OUT OF MEMORY"
    assert s.app.failsafe.lines[1].text().strip() == "GAME SAVED"
    monkeypatch.undo()
    for _ in range(110):  # a clean start, and the game where it was
        s.frame()
    assert type(s.screen).__name__ == "Title" and s.screen.items[0] == "Continue"
    s.press(A)
    assert s.screen.state.key() == key


@pytest.mark.parametrize(
    "error,said",
    [(RuntimeError("pystack exhausted"), "ERROR: RUNTIMEERROR"),
     (ZeroDivisionError("division by zero"), "ERROR: ZERODIVISIONERROR")],
)  # fmt: skip
def test_any_failure_is_logged_saved_said_and_restarted(capsys, error, said):
    """Not only MemoryError: whatever a frame raises, the traceback goes
    to the serial console, the game is kept, the panel says what happened
    and the console starts again, where Continue finds the game."""
    s = Session("pico-128x64", seed=5, pace_ms=0)
    table = autopilot.open_game(s, "elevator", 4, 8)
    autopilot.play_turn(s)
    key = table.state.key()
    s.app.saves.dirty = True  # something not yet written: the game is written whole
    writes = s.hw.nvm.writes

    def boom(key, now):
        raise error

    table.on_key = boom
    s.press(A, settle=False)
    cap = capsys.readouterr()
    assert "Traceback" in cap.err and str(error) in cap.err  # on the serial console
    assert s.hw.nvm.writes == writes + 1  # kept first
    lines = s.app.failsafe.lines
    assert lines[0].text().strip() == said and "GAME SAVED" in lines[1].text()
    assert any(s.hw.panel.pixels())
    for _ in range(110):
        s.frame()
    assert s.hw.reloads == 1 and type(s.screen).__name__ == "Title"
    s.press(A)
    assert s.screen.state.key() == key


def test_a_failure_as_the_results_appear_still_counts_the_game(monkeypatch):
    """The game is over and counted when the results screen fails to
    build: the count and the record are written all the same, and no
    game in progress is left to Continue."""
    from screens import results as screen_results

    s = Session("pico-128x64", seed=5, pace_ms=0)
    autopilot.open_game(s, "elevator-solitaire", 1, 8)

    def broken(*args, **kwargs):
        raise MemoryError("memory allocation failed")

    monkeypatch.setattr(screen_results, "Results", broken)
    table = s.screen
    while not table.state.is_over():
        autopilot.play_turn(s) or s.press("SELECT")
    s.press(A, settle=False)  # to the results: they fail
    assert s.app.failsafe.lines[0].text().strip() == "OUT OF MEMORY"
    back = Saves(bytearray(s.hw.nvm.data))
    assert back.stats[1][codec.PLAYED] == 1 and back.last is not None and not back.has_game()
