"""A save at the long session's tightest moment, on the MicroPython VM.

Run from a bundle root (``sim.mpvm.app_tree``):

    micropython -X heapsize=200K -m save_squeeze [FREE]

It plays the long session (``session.py``) noting the least free heap
at the end of any frame; then opens a table of twelve (Bastard), plays a
few turns, fills the heap with small blocks until no more is free than
at that tightest moment (or ``FREE`` bytes, when given), and opens the
pause menu, which saves the game. Prints 'tightest=B free=B written=N
restarts=N save_bytes=B' (written: flash writes that save made;
save_bytes: what one save of that game allocated, with the collector
held off).
"""

import gc
import sys

sys.path.insert(0, "lib")
sys.path.insert(0, "display")

import session  # noqa: E402
import vmhal  # noqa: E402
from vmhal import press, shown  # noqa: E402

from buttons import START, B  # noqa: E402

least = [1 << 30]
_frame = vmhal.frame


def _watched(app, hw):
    _frame(app, hw)
    gc.collect()
    free = gc.mem_free()
    if free < least[0]:
        least[0] = free


def main(free=-1):
    vmhal.frame = _watched
    tally = session.Tally(50)
    app, hw = session.run(50, 64, tally)
    vmhal.frame = _frame
    import games

    info = games.info("bastard")
    session.open_setup(app, hw, info, info.MAX_PLAYERS, False)
    cost = 0
    for turn in range(3):
        while not session.my_turn(app):
            press(app, hw, B)  # hurry the computer players along
        session.play_turn(app, hw)
        if turn == 1:  # what one save asks of the heap (nothing collected meanwhile)
            gc.collect()
            gc.disable()
            before = gc.mem_alloc()
            app.saves.dirty = True  # (every move is kept as made: a whole save is asked for)
            app.screen.checkpoint()
            cost = gc.mem_alloc() - before
            gc.enable()
    while not session.my_turn(app):
        press(app, hw, B)
    target = least[0] if free < 0 else free
    gc.collect()
    holder = None  # a chain of small lists: nothing larger than a block or two
    while gc.mem_free() > target + 64:
        holder = [holder]
    gc.collect()
    left = gc.mem_free()
    writes = app.saves.store.writes  # (the store's count: moves' records too)
    before = hw.reloads
    app.saves.dirty = True  # something not yet written: the game is written whole
    press(app, hw, START)  # the pause menu: the game is saved as it opens
    assert shown(app) == "Pause", shown(app)
    written = app.saves.store.writes - writes
    holder = None
    print(
        "tightest=%d free=%d written=%d restarts=%d save_bytes=%d"
        % (target, left, written, hw.reloads - before, cost)
    )


if __name__ == "__main__":
    a = sys.argv[1:]
    main(int(a[0]) if a else -1)
