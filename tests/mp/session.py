"""The console's long session, by button presses, on the MicroPython VM.

Run from a bundle root laid out by ``sim.mpvm.app_tree``:

    micropython -X heapsize=200K -m session [CYCLES] [HEIGHT]

Fifty games entered from the title, the five games in turn. The first
ten (two rounds) are played to their results, the second round against
Hard computer players at the game's largest table; the other forty are
left from the pause menu after a few moves, at table sizes that go round
every player count. Along the way: the statistics pages, a settings
change, a hint at the table, the solver's hint in solitaire and a rules
page. Every moment that must save (results shown, pause opened, settings
left changed) is checked: the store must have been written.

Prints a line per cycle and, last, ``summary``'s line of figures.
``memmap.py`` runs it under its instruments for the memory map.
"""

import gc
import sys

sys.path.insert(0, "lib")
sys.path.insert(0, "display")

NVM = bytearray(4096)  # the board's nvm is not in its heap: allocated first, at the bottom

from vmhal import HAL, frame, press, shown  # noqa: E402

import games  # noqa: E402
from app import App  # noqa: E402
from buttons import DOWN, LEFT, RIGHT, START, UP, A, B  # noqa: E402
from match import HARD  # noqa: E402

PLAYED = 10  # the first two rounds go to their results
FEW = 3  # the person's turns played before leaving a game


class Tally:
    def __init__(self, cycles):
        self.expected = 0
        self.written = 0
        self.title = 0
        self.title_after = 0
        self.used = [0] * cycles  # heap in use at the title after each cycle (made first)
        self.probe = None  # memmap.py's hook: probe(name, app)


def expect_save(app, tally, before):
    """A moment that must have written the store."""
    tally.expected += 1
    if app.saves.writes > before:
        tally.written += 1
    else:
        print("save missed: " + (app.saves.message or "no write"))


def to_item(app, hw, items, want):
    for _ in range(len(items)):
        if items[app.screen.menu.index] == want:
            return
        press(app, hw, DOWN)
    raise AssertionError("no item " + want)


def visit_stats(app, hw):
    to_item(app, hw, app.screen.items, "Statistics")
    press(app, hw, A)
    assert shown(app) == "Stats", shown(app)
    for _ in range(len(games.CATALOGUE)):
        press(app, hw, RIGHT)
    press(app, hw, B)


def visit_settings(app, hw, tally):
    to_item(app, hw, app.screen.items, "Settings")
    press(app, hw, A)
    assert shown(app) == "SettingsScreen", shown(app)
    press(app, hw, DOWN)  # pace
    press(app, hw, LEFT)  # a change: written on leaving
    press(app, hw, RIGHT)
    app.settings.pace_ms = 0  # the session runs at full speed
    before = app.saves.writes
    press(app, hw, B)
    expect_save(app, tally, before)


def open_setup(app, hw, info, players, hard):
    to_item(app, hw, app.screen.items, "New game")
    press(app, hw, A)
    assert shown(app) == "GameMenu", shown(app)
    while games.CATALOGUE[app.screen.menu.index].ID != info.ID:
        press(app, hw, DOWN)
    press(app, hw, A)
    setup = app.screen
    assert shown(app) == "Setup", shown(app)
    for row in setup.rows:
        if row == "players":
            while setup.players != players:
                press(app, hw, RIGHT)
        elif row == "others" and hard:
            while setup.others != HARD:
                press(app, hw, RIGHT)
        press(app, hw, DOWN)
    setup = None  # the harness holds no screen while the console changes it
    press(app, hw, START)
    assert shown(app) == "Table", shown(app)


# The harness reads the table only inside these small functions, never
# across a press: when the console lets a table go, none of it stays alive
# in the harness (its heap is the console's, as on a board)
def my_turn(app):
    s = app.screen.state
    return not s.is_over() and s.current_player() == 0


def over(app):
    return app.screen.state.is_over()


def next_keys(app):
    """The person's next presses: A once the game is over (to the
    results), the keys of the basic policy's move on the person's turn,
    None while the computers play. The decision reads an observation
    into the state the table made for it: the harness allocates nothing
    the console does not."""
    table = app.screen
    state = table.state
    if state.is_over():
        return (A,)
    if state.current_player() != 0:
        return None
    obs = getattr(table, "obs", None)
    return table.presses_for(table.game.basic_policy(state.observe(0, obs), None))


def play_turn(app, hw):
    for key in next_keys(app) or ():
        press(app, hw, key)


def play_to_results(app, hw, tally):
    for _ in range(5000):
        if shown(app) == "Results":
            return
        before = app.saves.writes
        keys = next_keys(app)
        if keys is None:
            frame(app, hw)  # the computers play
        else:
            for key in keys:
                press(app, hw, key)
        if shown(app) == "Results":
            expect_save(app, tally, before)
    assert shown(app) == "Results", shown(app)


def hint(app, hw, info):
    """Ask for a hint as a person would: UP in solitaire, else the pause
    menu's Hint."""
    if info.ID == "elevator-solitaire":
        press(app, hw, UP)
    else:
        from screens.pause import ITEMS

        press(app, hw, START)
        assert shown(app) == "Pause", shown(app)
        to_item(app, hw, ITEMS, "Hint")
        press(app, hw, A)
    assert app.screen.message.startswith("HINT"), app.screen.message


def leave(app, hw, tally, rules):
    """Pause (the game is saved, or was as each move was made), maybe a
    rules page, then Quit."""
    before = app.saves.writes
    dirty = app.saves.dirty
    press(app, hw, START)
    assert shown(app) == "Pause", shown(app)
    if dirty:
        expect_save(app, tally, before)
    else:  # every move kept as it was made: the pause menu has nothing to write
        tally.expected += 1
        if app.saves.has_game() and not app.saves.dirty and app.saves.writes == before:
            tally.written += 1
        else:
            print("save missed: the game not kept")
    from screens.pause import ITEMS

    if rules:
        to_item(app, hw, ITEMS, "Rules")
        press(app, hw, A)
        assert shown(app) == "Rules" and app.screen.starts, "no rules pages"
        press(app, hw, DOWN)
        press(app, hw, B)
    to_item(app, hw, ITEMS, "Quit")
    press(app, hw, A)
    assert shown(app) == "GameMenu", shown(app)


def players_for(info, n):
    if n < len(games.CATALOGUE):
        return info.DEFAULT_PLAYERS
    if n < PLAYED:
        return info.MAX_PLAYERS
    span = info.MAX_PLAYERS - info.MIN_PLAYERS + 1
    return info.MIN_PLAYERS + (n // len(games.CATALOGUE)) % span


def cycle(app, hw, n, tally):
    assert shown(app) == "Title", shown(app)
    if n == 2:
        visit_stats(app, hw)
    if n == 3:
        visit_settings(app, hw, tally)
    info = games.CATALOGUE[n % len(games.CATALOGUE)]
    open_setup(app, hw, info, players_for(info, n), len(games.CATALOGUE) <= n < PLAYED)
    if tally.probe:
        tally.probe("table " + info.ID, app)
    if n < PLAYED:
        if n < len(games.CATALOGUE):
            for _ in range(200):  # a hint on the person's first turn
                if my_turn(app):
                    break
                press(app, hw, A)
            if my_turn(app):
                hint(app, hw, info)
        play_to_results(app, hw, tally)
        press(app, hw, B)  # results -> game menu
    else:
        turns = 0
        while turns < FEW and shown(app) == "Table" and not over(app):
            if my_turn(app):
                play_turn(app, hw)
                turns += 1
            else:
                press(app, hw, A)
        if shown(app) != "Table" or over(app):
            play_to_results(app, hw, tally)  # it ended on its own
            press(app, hw, B)
        else:
            leave(app, hw, tally, n % len(games.CATALOGUE) == 0)
    assert shown(app) == "GameMenu", shown(app)
    press(app, hw, B)


def run(cycles, height, tally):
    hw = HAL(height, NVM)
    app = App(hw)
    app.settings.pace_ms = 0
    app.start()
    gc.collect()
    tally.title = gc.mem_alloc()
    if tally.probe:
        tally.probe("title", app)
    for n in range(cycles):
        cycle(app, hw, n, tally)
        gc.collect()
        tally.used[n] = gc.mem_alloc()
        print("cycle %d %s writes=%d" % (n, games.CATALOGUE[n % 5].ID, app.saves.writes))
    gc.collect()
    tally.title_after = gc.mem_alloc()
    if tally.probe:
        tally.probe("title after", app)
    return app, hw


def summary(cycles, tally, hw):
    """The last line a run prints (``sim.memory`` and the tests read it):
    the heap in use at the title when the session starts and ends, and from
    the second round of played games on (every game's names interned by
    then) the most and the least at the title between cycles."""
    later = tally.used[min(PLAYED, cycles - 1) :]
    return ("cycles=%d saves_written=%d saves_expected=%d restarts=%d title=%d title_after=%d "
            "most=%d least=%d" % (cycles, tally.written, tally.expected, hw.reloads, tally.title,
                                  tally.title_after, max(later), min(later)))  # fmt: skip


def main(cycles=50, height=64):
    tally = Tally(cycles)
    _app, hw = run(cycles, height, tally)
    print(summary(cycles, tally, hw))


if __name__ == "__main__":
    a = sys.argv[1:]
    main(int(a[0]) if a else 50, int(a[1]) if len(a) > 1 else 64)
