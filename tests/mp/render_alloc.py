"""A table's redraw allocates nothing, after a key or a computer's move.

Run from a bundle root laid out by ``sim.mpvm.app_tree``:

    micropython -X heapsize=1M -m render_alloc [measure]

Each game, at its largest tables and on both panels, is played through
the app to its end: the person's turns by key presses (the cursor's
LEFT and RIGHT, then A or SELECT: the presses its table names for a
legal move), the computer players at the console's pace between. Every
redraw the table makes (``table.render``) is run under
``micropython.heap_lock()``: one that allocates raises MemoryError,
which the harness reports (the app would catch it and restart). The
table's first picture, made as it opens, is not held to it.

With ``measure`` the heap is not locked: each redraw's bytes allocated
(``gc.mem_alloc`` with the collector off) are printed per game and per
kind (a cursor move, a card played, a computer's move).
"""

import gc
import sys

sys.path.insert(0, "lib")
sys.path.insert(0, "display")

import micropython  # noqa: E402
from vmhal import HAL, frame  # noqa: E402

from app import App  # noqa: E402
from buttons import LEFT, RIGHT  # noqa: E402

# (game, players, panel height)
_GAMES = (("color-elevator", 4, 64), ("color-elevator", 4, 32), ("elevator-solitaire", 1, 64),
          ("elevator-solitaire", 1, 32), ("elevator", 6, 64), ("elevator", 6, 32),
          ("bastard", 12, 64), ("bastard", 12, 32), ("bastard", 4, 64),
          ("roller-coaster", 4, 64), ("roller-coaster", 8, 32))  # fmt: skip
_KINDS = ("cursor", "play", "computer")
_CURSOR = 0
_PLAY = 1
_COMPUTER = 2


class Watch:
    """Stands in for the table's ``render``: the view's draw, locked or
    measured, with what the redraw came after (``kind``)."""

    def __init__(self, measure):
        self.measure = measure
        self.kind = _COMPUTER
        self.n = [0, 0, 0]
        self.most = [0, 0, 0]
        self.total = [0, 0, 0]
        self.failed = None

    def watch(self, table):
        view = table.view

        def render():
            if self.measure:
                before = gc.mem_alloc()
                view.draw(table)
                used = gc.mem_alloc() - before
            else:
                micropython.heap_lock()
                try:
                    view.draw(table)
                except MemoryError:
                    micropython.heap_unlock()
                    self.failed = _KINDS[self.kind]
                    raise
                micropython.heap_unlock()
                used = 0
            k = self.kind
            self.n[k] += 1
            self.total[k] += used
            if used > self.most[k]:
                self.most[k] = used

        table.render = render


def _tap(app, hw, watch, key, kind):
    for _ in range(100):  # a new screen takes keys after its guard
        if not app.busy():
            break
        _frame(app, hw, watch)
    watch.kind = kind
    hw.buttons.tap(key, hw.ticks_ms())
    _frame(app, hw, watch)
    watch.kind = _COMPUTER


def _frame(app, hw, watch):
    if watch.measure:
        gc.collect()  # the collector is off: the heap is cleared between frames
    frame(app, hw)
    if watch.failed is not None:
        raise MemoryError("a redraw allocated after a %s" % watch.failed)


def play(game_id, players, height, deal, measure):
    hw = HAL(height)
    app = App(hw)
    app.settings.pace_ms = 0
    app.start(game_id, players, deal)
    watch = Watch(measure)
    table = app.screen
    watch.watch(table)
    turns = 0
    for _ in range(20000):
        if app.screen is not table or table.state.is_over():
            break
        s = table.state
        mine = table.turns.my_turn() if hasattr(table, "turns") else True
        if not mine or app.busy():
            _frame(app, hw, watch)
            continue
        legal = s.legal_list()
        action = legal[(turns * 7) % len(legal)]
        turns += 1
        for key in table.presses_for(action):
            _tap(app, hw, watch, key, _CURSOR if key in (LEFT, RIGHT) else _PLAY)
    assert table.state.is_over(), (game_id, turns)
    n = watch.n
    assert n[_CURSOR] and n[_PLAY] > 3 and (n[_COMPUTER] > 3 or players == 1), n
    line = "%s players=%d height=%d deal=%d" % (game_id, players, height, deal)
    for k in range(3):
        line += " %s=%d" % (_KINDS[k], n[k])
        if measure and n[k]:
            line += " %s_most=%d %s_mean=%d" % (_KINDS[k], watch.most[k], _KINDS[k],
                                                watch.total[k] // n[k])  # fmt: skip
    print(line)
    return n


def main():
    measure = "measure" in sys.argv
    if measure:
        gc.disable()
    total = [0, 0, 0]
    games = 0
    for game_id, players, height in _GAMES:
        for deal in (7, 11):
            n = play(game_id, players, height, deal, measure)
            for k in range(3):
                total[k] += n[k]
            games += 1
            gc.collect()
    print("games=%d cursor=%d play=%d computer=%d" % (games, total[0], total[1], total[2]))


main()
