"""A card played allocates nothing, legal or refused, in every game.

Run from a bundle root laid out by ``sim.mpvm.app_tree``:

    micropython -X heapsize=400K -m take_alloc

Each game's table, reached as the app reaches it, plays the person's
turns through ``take`` (what A on a card, or SELECT, comes to) under
``micropython.heap_lock()``: every action the rules refuse (its reason
is only looked up when the table is drawn) and then a legal one, until
the game ends. The computer players move between, unlocked. The game's
text module is checked to load only once a refusal is drawn. Prints a
line per game, then ``games=N takes=N refusals=N``.
"""

import sys

sys.path.insert(0, "lib")
sys.path.insert(0, "display")

import micropython  # noqa: E402
from vmhal import HAL, frame  # noqa: E402

import games  # noqa: E402
from app import App  # noqa: E402

_GAMES = (("color-elevator", 4), ("elevator-solitaire", 1), ("elevator", 4), ("bastard", 5),
          ("roller-coaster", 3))  # fmt: skip


def _locked_take(table, action, now):
    micropython.heap_lock()
    try:
        table.take(action, now)
    finally:
        micropython.heap_unlock()


def play(app, hw, game_id, players):
    info = games.info(game_id)
    text = "games." + info.text
    app.start(game_id, players, 11)
    takes = refusals = 0
    for _ in range(4000):
        table = app.screen
        if type(table).__name__ != "Table":
            break
        s = table.state
        if s.is_over():
            break
        if table.turns.passing() if hasattr(table, "turns") else False:
            frame(app, hw)
            continue
        if s.current_player() != table.me or (
            hasattr(table, "turns") and not table.turns.my_turn()
        ):
            frame(app, hw)
            continue
        legal = s.legal_list()
        refused = [a for a in range(s.ncards) if a not in legal]
        for a in refused[:3]:  # refused: nothing allocated, no text module loaded
            _locked_take(table, a, hw.ticks_ms())
            assert text not in sys.modules, "the text module loaded for a refusal not yet shown"
            refusals += 1
        if refused:
            table.render()  # the refusal shown: its reason, from the text module
            assert text in sys.modules and table.message, table.message
            del sys.modules[text]  # (so the next refusal is checked again)
        action = legal[0]
        _locked_take(table, action, hw.ticks_ms())
        takes += 1
        table.render()
        frame(app, hw)
    print("%s takes=%d refusals=%d" % (game_id, takes, refusals))
    assert takes > 3 and refusals > 3, (takes, refusals)
    return takes, refusals


def main():
    hw = HAL(64)
    app = App(hw)
    app.settings.pace_ms = 0
    app.start()
    total = [0, 0]
    for game_id, players in _GAMES:
        t, r = play(app, hw, game_id, players)
        total[0] += t
        total[1] += r
    print("games=%d takes=%d refusals=%d" % (len(_GAMES), total[0], total[1]))


main()
