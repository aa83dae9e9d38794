"""The device bundle's app under the MicroPython VM, on stand-in displayio.

Run from a bundle root (``build/CIRCUITPY`` layout) with this directory's
``display/`` stand-ins first on the path:

    micropython -X heapsize=256K -m app_run GAME PLAYERS DEAL HEIGHT [VARIANT]

It walks title -> menu -> setup -> table with button events, plays the
person's seat with the presses its table names until the results screen, and
prints 'results reached screens=N heap_peak=B heap_after=B ...', then
reads the store back as the next power-up would, with the whole app still
loaded ('reread=ok'): a check of the harness, on a line of its own, so
the smallest heap of the game is not set by it.
"""

import gc
import sys

sys.path.insert(0, "lib")
sys.path.insert(0, "display")

from vmhal import HAL, frame, peak, press, shown  # noqa: E402

import games  # noqa: E402
from app import App  # noqa: E402
from buttons import DOWN, RIGHT, SELECT, START, UP, A, B  # noqa: E402


def main(game_id, players, deal, height, variant):
    hw = HAL(height)
    app = App(hw)
    app.settings.pace_ms = 0
    app.start()
    screens = [shown(app)]
    press(app, hw, A)
    while games.CATALOGUE[app.screen.menu.index].ID != game_id:
        press(app, hw, DOWN)
    press(app, hw, A)
    setup = app.screen
    screens.append(type(setup).__name__)
    for row in setup.rows:
        if row == "players":
            while setup.players != players:
                press(app, hw, RIGHT)
        elif row == "variant":
            while setup.variant != variant:
                press(app, hw, RIGHT)
        elif row == "deal":
            press(app, hw, A)  # deal number: digit entry
            setup.deal = deal
            press(app, hw, B)
        press(app, hw, DOWN)
    setup = None  # the harness holds no screen the console has let go (its heap is the game's)
    press(app, hw, START)
    table = app.screen
    screens.append(type(table).__name__)
    assert type(table).__name__ == "Table", screens
    # the pause menu, the round view and the rules pages load when a key
    # first asks for them, not with the table (app._SHARED); the menus'
    # widgets (ui_menu: the title's, let go as the game loads) once the
    # table is built (App.play)
    early = [m for m in ("screens.pause", "screens.rules") if m in sys.modules]
    assert not early, early
    assert "ui_menu" in sys.modules, "the pause menu's widgets not loaded"
    if game_id == "elevator-solitaire":
        press(app, hw, SELECT)  # turn a card, then ask for a hint (the solver, on a budget)
        press(app, hw, UP)
        assert table.message.startswith("HINT"), table.message
    table = None  # the harness holds no table while the console runs: when
    gc.collect()  # the game ends its heap is the console's to let go
    for _ in range(5000):
        if shown(app) == "Results":
            break
        keys = _next_keys(app)
        if keys is None:
            frame(app, hw)  # the computers' turn
            continue
        for key in keys:
            press(app, hw, key)
    screens.append(shown(app))
    assert screens[-1] == "Results", screens
    press(app, hw, B)  # back to the menu
    gc.collect()
    # the deal written whole, each move appended, and the end written
    saves = app.saves
    played = saves.stats[games.info(game_id).SAVE_ID][0]
    assert saves.writes >= 2 and not saves.dirty and not saves.has_game(), saves.message
    assert saves.last is not None and played == 1, saves.message
    print(
        "results reached screens=%d heap_peak=%d heap_after=%d refreshes=%d saved=ok"
        % (len(screens), peak[0], gc.mem_alloc(), hw.display.refreshes)
    )
    # what the next power-up reads, read back beside the whole app still
    # loaded: the harness's check, not the game (a board reads it alone, at
    # power-up), so it is said on a line of its own
    from saves.keep import Saves

    try:
        again = Saves(hw.nvm)
    except MemoryError:
        again = None
    if again is None or not again.loaded:
        print("reread=failed")
        return
    assert again.stats == saves.stats and again.last == saves.last, again.message
    print("reread=ok")


def _next_keys(app):
    """The presses of the person's next move (A alone once the game is
    over: to the results), or None while the computers play. Only a
    frame of this function sees the table."""
    table = app.screen
    state = table.state
    if state.is_over():
        return (A,)  # to the results (or hurry the last move along)
    if state.current_player() != 0:
        return None
    # observed into the table's own scratch state, as the console's hint
    # does (table.keys): a new state a move would be the harness's
    # allocation, not the console's, and it set Roller Coaster's edge
    return table.presses_for(table.game.basic_policy(state.observe(0, table.obs), None))


if __name__ == "__main__":
    a = sys.argv[1:]
    main(a[0] if a else "roller-coaster", int(a[1]) if len(a) > 1 else 4,
         int(a[2]) if len(a) > 2 else 7, int(a[3]) if len(a) > 3 else 64,
         int(a[4]) if len(a) > 4 else 0)  # fmt: skip
