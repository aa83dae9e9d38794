"""Fifty times from the title into a game and back, on the MicroPython VM.

Run from a bundle root like ``app_run.py``:

    micropython -X heapsize=288K heap_cycle.py [CYCLES] [HEIGHT]

Each cycle: title -> New game -> a game (the five in turn) -> setup ->
START -> a move or two -> the pause menu (the game is kept) -> a rules
page -> Quit -> the game menu -> the title. After each cycle the heap in
use is measured at the title (after a collection). The first round of
five loads every game's modules, which then stay; from there on the heap
must not grow. Prints 'cycles=N base=B last=B most=B least=B' (bytes).
"""

import gc
import sys

sys.path.insert(0, "lib")
sys.path.insert(0, "display")

from app_run import HAL, press  # noqa: E402

import games  # noqa: E402
from app import App  # noqa: E402
from buttons import DOWN, SELECT, START, A, B  # noqa: E402
from pause import ITEMS  # noqa: E402


def to_item(app, hw, items, menu, want):
    while items[menu.index] != want:
        press(app, hw, DOWN)


def cycle(app, hw, n):
    title = app.screen
    assert type(title).__name__ == "Title", type(title).__name__
    to_item(app, hw, title.items, title.menu, "New game")
    press(app, hw, A)
    menu = app.screen
    info = games.CATALOGUE[n % len(games.CATALOGUE)]
    while games.CATALOGUE[menu.menu.index].ID != info.ID:
        press(app, hw, DOWN)
    press(app, hw, A)  # setup
    press(app, hw, START)  # deal and play
    table = app.screen
    assert type(table).__name__ == "Table", type(table).__name__
    press(app, hw, SELECT)  # draw, pass or turn a card: a move to keep
    if type(app.screen).__name__ == "Results":  # the others played it out at once
        press(app, hw, B)
        press(app, hw, B)
        return
    press(app, hw, START if info.ID == "elevator-solitaire" else B)
    pause = app.screen
    if type(pause).__name__ != "Pause":  # B took back a card of an unfinished play
        press(app, hw, B)
        pause = app.screen
    assert type(pause).__name__ == "Pause", type(pause).__name__
    press(app, hw, DOWN)
    press(app, hw, A)  # Rules
    assert app.screen.starts, "no rules pages"
    press(app, hw, DOWN)
    press(app, hw, B)  # back to the pause menu
    to_item(app, hw, ITEMS, pause.menu, "Quit")
    press(app, hw, A)
    assert type(app.screen).__name__ == "GameMenu"
    press(app, hw, B)


def main(cycles, height):
    hw = HAL(height)
    app = App(hw)
    app.settings.pace_ms = 0
    app.start()
    used = [0] * cycles  # allocated before measuring: a growing list would count
    for n in range(cycles):
        cycle(app, hw, n)
        gc.collect()
        used[n] = gc.mem_alloc()
    base = used[len(games.CATALOGUE) - 1]  # every game's modules loaded once
    later = used[len(games.CATALOGUE) - 1 :]
    print("heap in use at the title after each cycle: " + " ".join([str(u) for u in used]))
    print(
        "cycles=%d base=%d last=%d most=%d least=%d writes=%d"
        % (cycles, base, used[-1], max(later), min(later), app.saves.writes)
    )


if __name__ == "__main__":
    a = sys.argv[1:]
    main(int(a[0]) if a else 50, int(a[1]) if len(a) > 1 else 64)
