"""How deep the device code's Python calls go, in a board's pystack bytes.

CircuitPython runs every Python frame on a fixed pystack (2,048 bytes by
default on a Pico). This follows, on CPython, every call of device code
(``code.py``, ``lib/``, ``games/``, ``hal/`` and the panel's driver the
bundle ships) while the app plays, and keeps the deepest chain.

A frame is estimated from its code object as MicroPython lays it out on a
32-bit board: about 7 words of frame state, a word for each local and
each value-stack slot, and 2 words for each level of nested ``try`` or
``with``; rounded up to 8 bytes. (The board's measured average is about
80 bytes a frame, measured on CircuitPython 10.2.1 for the Pico.) The chain
also counts ``code.py``'s module frame and ``App.run``, which start every
path on a board.

    python -m sim.pystack        the deepest chain over the scenarios below

``measure()`` runs the scenarios: every game's autopilot (both panels),
a random-button run, hints (the solitaire solver's and the pause menu's),
Hard computer players (Roller Coaster's deep search included), and saves
(pause, results, settings, Continue after a restart).
"""

import ast
import os
import sys

from sim import ROOT

WORD = 4  # bytes in a word on the board
STATE_WORDS = 7  # frame state: code, ip, sp, n_state, exc index, globals, link
LIMIT = 1536  # the bound the tests hold the deepest chain to


def _device_file(path):
    if not path:
        return False
    path = os.path.abspath(path)
    for d in ("lib", "games", "hal"):
        if path.startswith(os.path.join(ROOT, d) + os.sep):
            return True
    if path == os.path.join(ROOT, "code.py"):
        return True
    # the one Adafruit library the bundle ships (the panel's driver)
    return "site-packages" in path and os.path.basename(path) == "adafruit_displayio_ssd1306.py"


_TRY_DEPTH = {}  # (file, line) -> deepest try/with nesting in that function body


def _try_depths(path):
    if path in _TRY_DEPTH:
        return _TRY_DEPTH[path]
    out = {}
    try:
        with open(path) as f:
            tree = ast.parse(f.read())
    except (OSError, SyntaxError):
        _TRY_DEPTH[path] = out
        return out

    def depth(nodes, d):
        best = d
        for n in nodes:
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                continue
            inner = d + 1 if isinstance(n, (ast.Try, ast.With)) else d
            best = max(best, depth(list(ast.iter_child_nodes(n)), inner))
        return best

    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            dd = depth(node.body, 0)
            out[node.lineno] = dd
            for dec in node.decorator_list:
                out[dec.lineno] = dd
    out[1] = depth(tree.body, 0)  # the module's own code
    _TRY_DEPTH[path] = out
    return out


def frame_bytes(code):
    """A board's pystack bytes for one frame of ``code``."""
    tries = _try_depths(code.co_filename).get(code.co_firstlineno, 0)
    words = (STATE_WORDS + code.co_nlocals + len(code.co_cellvars) + len(code.co_freevars)
             + code.co_stacksize + 2 * tries)  # fmt: skip
    n = words * WORD
    return (n + 7) // 8 * 8


class Tracer:
    """``with Tracer() as t:`` follows device-code calls; then ``t.bytes``,
    ``t.chain`` (the deepest chain, outermost first) and ``t.recursion``
    (functions found on a chain twice)."""

    def __init__(self, base=()):
        self.base = tuple(base)  # code objects under every chain on a board
        self.base_bytes = sum(frame_bytes(c) for c in self.base)
        self.bytes = self.base_bytes
        self.chain = [_name(c) for c in self.base]
        self.recursion = set()
        self._cum = {}
        self._sizes = {}
        self._device = {}

    def _is_device(self, code):
        d = self._device.get(code.co_filename)
        if d is None:
            d = self._device[code.co_filename] = _device_file(code.co_filename)
        return d

    def _size(self, code):
        s = self._sizes.get(code)
        if s is None:
            s = self._sizes[code] = frame_bytes(code)
        return s

    def _profile(self, frame, event, arg):
        if event == "call":
            code = frame.f_code
            if not self._is_device(code):
                return
            parent = frame.f_back
            while parent is not None and id(parent) not in self._cum:
                parent = parent.f_back
            base = self._cum[id(parent)][0] if parent is not None else self.base_bytes
            total = base + self._size(code)
            self._cum[id(frame)] = (total, parent)
            if total > self.bytes:
                self.bytes = total
                self.chain = self._chain(frame)
            p = parent
            while p is not None:
                if p.f_code is code:
                    self.recursion.add(_name(code))
                    break
                p = self._cum[id(p)][1]
        elif event == "return":
            self._cum.pop(id(frame), None)

    def _chain(self, frame):
        out = []
        f = frame
        while f is not None:
            out.append(_name(f.f_code))
            entry = self._cum.get(id(f))
            f = entry[1] if entry else None
        return [_name(c) for c in self.base] + out[::-1]

    def __enter__(self):
        sys.setprofile(self._profile)
        return self

    def __exit__(self, *exc):
        sys.setprofile(None)
        return False


def _name(code):
    rel = os.path.relpath(code.co_filename, ROOT) if code.co_filename.startswith(ROOT) else (
        os.path.basename(code.co_filename))  # fmt: skip
    return "%s:%s" % (rel, code.co_name)


def base_frames(table=False):
    """``code.py``'s module frame and ``App.run``: under every chain on a
    board. With ``table``, also the frames from there to a computer
    player's decision (``App.step``, ``App._step``, ``HandTable.tick``), for
    decisions followed without the app around them."""
    import app

    with open(os.path.join(ROOT, "code.py")) as f:
        module = compile(f.read(), os.path.join(ROOT, "code.py"), "exec")
    frames = (module, app.App.run.__code__)
    if table:
        from table.hand import HandTable

        frames += (app.App.step.__code__, app.App._step.__code__,
                   HandTable.tick.__code__)  # fmt: skip
    return frames


# -- scenarios -------------------------------------------------------------


def _autopilot(profile, game, players, seed, variant=0, levels=None):
    from sim import autopilot
    from sim.headless import Session

    s = Session(profile=profile, game=game, players=players, deal=seed, pace_ms=0,
                variant=variant)  # fmt: skip
    if levels is not None:  # the computers' levels (match.py's seat kinds)
        s.screen.match.kinds = bytearray(levels)
    autopilot.play_to_results(s)
    s.press("B")  # results -> menu: the record is written


def _hints_and_saves(profile):
    from sim import autopilot
    from sim.headless import Session

    s = Session(profile=profile, game="elevator-solitaire", deal=6235, pace_ms=0)
    s.press("SELECT")
    s.press("UP")  # the solver's hint
    s.press("START")  # pause: the game is saved
    s.press("B")
    s = Session(profile=profile, game="bastard", players=5, deal=3, pace_ms=0)
    s.settle()
    s.press("B")  # pause menu: saved
    for _ in range(2):
        s.press("DOWN")
    s.press("A")  # Hint
    autopilot.play_turn(s)
    # Continue after a restart: the saved game restored and replayed
    app = s.app
    s.press("B")
    app.restart()
    s.settle()
    s.press("A")  # Continue
    s.press("B")
    for _ in range(6):
        s.press("DOWN")
    s.press("A")  # Quit
    s.press("B")
    s.press("DOWN")
    s.press("DOWN")
    s.press("DOWN")
    s.press("A")  # settings
    s.press("DOWN")
    s.press("RIGHT")
    s.press("B")  # written on leaving


def _fuzz(profile, presses, seed):
    from sim import fuzz

    fuzz.run(presses, seed, profile)


def _hard_game(game_id, players, deal):
    """A whole game with every seat Hard, engine alone (the app's frames
    down to ``Table.tick`` are counted under it: ``base_frames(True)``)."""
    import games
    import opponents
    from engine.prng import Prng
    from match import HARD

    game = games.by_id(game_id)
    state = game.new_state(players, deal)
    rng = Prng(deal)
    while not state.is_over():
        seat = state.current_player()
        state.apply(opponents.choose(game, state.observe(seat), rng, HARD, 0, None))


def scenarios(quick=False):
    """(name, callable, under a table's tick) triples: what ``measure``
    follows. ``quick`` (the test suite's) plays one panel and fewer
    random presses."""
    out = []
    profiles = ("pico-128x64",) if quick else ("pico-128x64", "feather-128x32")
    for profile in profiles:
        for game, players in (("color-elevator", 4), ("elevator-solitaire", 1), ("elevator", 6),
                              ("bastard", 12), ("roller-coaster", 8)):  # fmt: skip
            out.append(
                (
                    "autopilot %s %s" % (game, profile),
                    lambda p=profile, g=game, n=players: _autopilot(p, g, n, 7),
                    False,
                )
            )
        out.append(("hints and saves " + profile, lambda p=profile: _hints_and_saves(p), False))
    for profile in ("pico-128x64", "feather-128x32"):
        out.append(("fuzz " + profile, lambda p=profile: _fuzz(p, 200 if quick else 3000, 11),
                    False))  # fmt: skip
    for game, players, deal in (("color-elevator", 4, 3), ("elevator", 4, 3), ("bastard", 4, 3),
                                ("bastard", 12, 3), ("roller-coaster", 4, 11),
                                ("roller-coaster", 3, 7)):  # fmt: skip
        out.append(
            (
                "hard %s %d players" % (game, players),
                lambda g=game, n=players, d=deal: _hard_game(g, n, d),
                True,
            )
        )
    return out


def measure(quick=False):
    """The deepest chain over every scenario: {'bytes', 'frames', 'where',
    'chain', 'recursion', 'per_scenario'}."""
    base = (base_frames(), base_frames(True))
    best = None
    per = {}
    recursion = set()
    for name, run, under_tick in scenarios(quick):
        with Tracer(base[under_tick]) as t:
            run()
        per[name] = t.bytes
        recursion |= t.recursion
        if best is None or t.bytes > best[0]:
            best = (t.bytes, t.chain, name)
    return {"bytes": best[0], "frames": len(best[1]), "where": best[2], "chain": best[1],
            "recursion": sorted(recursion), "per_scenario": per}  # fmt: skip


def main():
    r = measure()
    print("deepest chain: %d bytes in %d frames (%s)" % (r["bytes"], r["frames"], r["where"]))
    for i, name in enumerate(r["chain"]):
        print("  %2d %s" % (i, name))
    for name, n in sorted(r["per_scenario"].items(), key=lambda kv: -kv[1]):
        print("  %5d  %s" % (n, name))
    if r["recursion"]:
        print("recursion: " + ", ".join(r["recursion"]))
    return 0 if r["bytes"] <= LIMIT and not r["recursion"] else 1


if __name__ == "__main__":
    sys.exit(main())
