"""The console in a browser: the page (``web/console.js``) calls
``start`` once, then ``frame`` every animation frame and ``key`` for each
key edge. The app is the board's, unchanged (``lib/app.py``); a failure
inside a frame is the app's to catch, as on a board.

The page's address may open a deal (``?game=ID&deal=N``, with
``&players=P`` and ``&variant=V``: a challenge a friend sends) or play a
recorded game (``?replay=ELEVATOR-REPLAY 1 ...``, the line the results
print); a link that names no such game or deal, or a damaged line, opens
the title, which says why.
"""

import json

_app = None
_hw = None


def start(height=64, query="{}"):
    global _app, _hw
    from app import App
    from hal_web import WebHAL

    _hw = WebHAL(height)
    _app = App(_hw)
    args = json.loads(query)  # the address's ?a=b&c=d, decoded by the page
    if "replay" in args:
        _replay(args["replay"])
        return
    opened, why = _deal(args)
    if why:
        _app.saves.message = why  # the title's note line says it, once
    if opened is None:
        _app.start()
    else:
        _app.start(*opened)


def _replay(line):
    """The recorded game of a replay line, shown by the console's replay
    screen; a damaged line opens the title, which says so."""
    from screens.replay import Replay, parse_line

    try:
        record = parse_line(line)
        screen = Replay(_app, record)
    except ValueError:
        _app.saves.message = "LINK: NOT A REPLAY LINE"
        _app.start()
        return
    _app.start()
    _app.show(screen)


def _deal(args):
    """(game id, players, deal, variant) a link asks for, or None; and
    what to say of a link that cannot be followed ("" if none)."""
    if "game" not in args and "deal" not in args:
        return None, ""
    import games
    from engine.prng import DEAL_MAX

    info = games.info(args.get("game", ""))
    if info is None:
        return None, "LINK: NO SUCH GAME"
    try:
        deal = int(args.get("deal", "0"))
        players = int(args.get("players", str(info.DEFAULT_PLAYERS)))
        variant = int(args.get("variant", "0"))
    except ValueError:
        return None, "LINK: NOT A NUMBER"
    if "deal" not in args:
        deal = 0  # a game and no deal: dealt at random, as New game does
    elif not 0 < deal <= DEAL_MAX:
        return None, "LINK: NO SUCH DEAL"
    try:
        info.check(players, variant)
    except ValueError:
        return None, "LINK: NO SUCH TABLE"
    return (info.ID, players, deal, variant), ""


def frame():
    _app.step(_hw.ticks_ms())


def hidden():
    """The page is hidden (another tab, the phone's screen off, closing):
    the game in progress and anything changed are written now, as a
    board writes before it sleeps."""
    screen = _app.screen
    if screen is not None:
        screen.checkpoint()
    if _app.saves.dirty and not _app.saves.failed:
        _app.saves.commit()


def key(k, down):
    _hw.key(k, bool(down))


def idle():
    """True when no key waits to be read and the screen waits on nothing
    (no animation, no computer to move, no key guard): a test takes the
    panel's picture then, not after a time that a loaded machine can
    outrun."""
    return not _hw.buttons.pending() and not _app.busy()


def screen():
    """The name of the screen on show (a test asks where the page is)."""
    return type(_app.screen).__name__


def replay_at():
    """[moves played, moves, error] of the replay on show, or [] (a test
    steps a replay to its end)."""
    t = _app.screen
    if not hasattr(t, "moves"):
        return []
    return [t.i, len(t.moves), t.error]


def next_keys():
    """The keys of the person's next move as the Normal player would make
    it, or [] while the console waits on nothing the person presses: a
    test plays whole games by key events so, as the simulator's autopilot
    does (``sim/autopilot.py``)."""
    from buttons import A

    t = _app.screen
    state = getattr(t, "state", None)
    if state is None or _app.busy():
        return []
    if state.is_over():
        return [A]  # a finished solitaire waits for A
    turns = getattr(t, "turns", None)
    if turns is not None and turns.passing():
        return [A]
    seat = state.current_player()
    if seat != getattr(t, "me", 0) or seat not in getattr(t, "people", [0]):
        return []
    return t.presses_for(t.game.basic_policy(state.observe(seat), _app.rng))
