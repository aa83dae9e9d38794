"""Command line of the simulator.

    python -m sim                      the console in this terminal
    python -m sim --window             ... in a pygame window, with sound (if installed)
    python -m sim --headless --game roller-coaster --players 3 --seed 7 \\
        --keys A,RIGHT,A --screenshot out.png
    python -m sim --replay last-game.txt   a recorded game, move by move
    python -m sim --replay 'ELEVATOR-REPLAY 1 ...'   ... from the line itself
    python -m sim --nvm saves.bin          keep saves in this file
    python -m sim --record game.gif        record the session as an animated GIF
    python -m sim --replay-out last.txt    write the last game's replay line here
    python -m sim --view pixels            the panel's pixels even at 80x24 (terminal; v switches)
    python -m sim --debug                  show the bus bytes (terminal)
    python -m sim --version                the console's version (from git)

The terminal fits the panel to its size (``sim/term.py``); the terminal
and the window print the last game's replay line when they end. Saves go
to a file per user (``sim.nvm.default_path()``) in the terminal and
window; headless runs keep them in memory unless ``--nvm`` is given. A
file that is there and is not a console store is never used (nor
overwritten).

Bad arguments get one line (``sim: error: ...``) naming what is allowed,
and exit status 2: never a traceback. That includes a folder that is not
there for ``--screenshot``, ``--record`` or ``--replay-out``, ``--pace``
out of 0..10000, and ``--seed 0`` (deal numbers start at 1; leave
``--seed`` out for a random deal).
"""

import os
import sys

from buttons import NAMES, key_by_name
from engine.prng import DEAL_MAX
from games import CATALOGUE, by_id
from hal import profiles
from saves.codec import SAVED
from sim import cli

PACE_MIN, PACE_MAX = next((lo, hi) for name, _, lo, hi in SAVED if name == "pace_ms")


def _port(text):
    """Whether ``text`` is a TCP port number (1-65535)."""
    return text.isdigit() and 1 <= int(text) <= 65535


def fail(message):
    cli.fail("sim", message)


def parse_args(argv):
    p = cli.Parser("python -m sim", "sim", description="Pocket card console simulator")
    p.add_argument("--version", action="store_true", help="print the console's version and exit")
    p.add_argument("--profile", default=profiles.DEFAULT, choices=sorted(profiles.PROFILES))
    p.add_argument("--headless", action="store_true", help="no terminal UI; print the screen")
    p.add_argument("--window", action="store_true", help="show a pygame window, with sound")
    p.add_argument("--view", choices=("text", "pixels"),
                   help="terminal: the panel as text or as pixels (default: pixels where half "
                        "blocks fit, else text; v switches)")  # fmt: skip
    p.add_argument(
        "--game", help="go straight to this game's table: " + ", ".join(g.ID for g in CATALOGUE)
    )
    p.add_argument("--players", type=int, default=0)
    variants = "; ".join("%s: %s" % (g.ID, ", ".join("%d %s" % (i, v) for i, v in
                                                    enumerate(g.VARIANTS)))
                         for g in CATALOGUE if len(g.VARIANTS) > 1)  # fmt: skip
    p.add_argument(
        "--variant",
        type=int,
        default=0,
        help="the game's variant, with --game (0 by default): " + variants,
    )
    p.add_argument(
        "--seed", type=int, default=None, help="deal number, 1..%d (left out: random)" % DEAL_MAX
    )
    p.add_argument("--keys", default="", help="comma-separated presses: " + ",".join(NAMES))
    p.add_argument("--screenshot", help="headless: write a PNG of the panel at the end")
    p.add_argument("--scale", type=int, default=4, help="PNG pixels per panel pixel (1-16)")
    p.add_argument(
        "--pace",
        type=int,
        default=None,
        help="ms each computer move stays shown (%d-%d)" % (PACE_MIN, PACE_MAX),
    )
    p.add_argument(
        "--nvm",
        metavar="FILE",
        help="the byte store (saves) as a file: a new one, or a console store (no other file)",
    )
    p.add_argument(
        "--record",
        dest="gif",
        metavar="OUT.GIF",
        help="record the session as an animated GIF (written when the simulator ends)",
    )
    p.add_argument(
        "--autoplay",
        action="store_true",
        help="headless: play your seat by button presses, title to results (needs --game)",
    )
    p.add_argument(
        "--hold",
        action="store_true",
        help="headless: after the keys, stay on with no key pressed until killed (crash tests)",
    )
    p.add_argument("--state", action="store_true", help="headless: print the game's fingerprint")
    p.add_argument(
        "--replay",
        help="replay a recorded game: a file with the console's replay line, a store, "
        "or the line itself",
    )
    p.add_argument(
        "--replay-out",
        metavar="FILE",
        help="when the simulator ends, write the last game's replay line to FILE",
    )
    p.add_argument(
        "--debug", action="store_true", help="terminal: show the bus bytes on the status line"
    )
    p.add_argument(
        "--host", nargs="?", const="5555", metavar="PORT",
        help="link play: host a game for other simulators on TCP PORT (5555), or on a serial "
        "port (serial:/dev/ttyUSB0); Link play on the title",
    )  # fmt: skip
    p.add_argument(
        "--join", metavar="HOST:PORT",
        help="link play: join the game hosted at HOST:PORT, or a board's through a USB serial "
        "adapter (serial:/dev/ttyUSB0); Link play on the title",
    )  # fmt: skip
    args = p.parse_args(argv)
    args.link = None
    if args.host and args.join:
        fail("--host or --join: a console hosts or joins, not both")
    if args.host:
        spec = args.host
        if not spec.startswith("serial:") and not _port(spec.rsplit(":", 1)[-1]):
            fail("--host %s: a port number (1-65535) or serial:DEVICE" % spec)
        args.link = ("host", int(spec) if spec.isdigit() else spec)
    elif args.join:
        spec = args.join
        if not spec.startswith("serial:") and not _port(spec.rsplit(":", 1)[-1]):
            fail("--join %s: HOST:PORT (127.0.0.1:5555, a port 1-65535) or serial:DEVICE" % spec)
        args.link = ("join", spec)
    game = None
    if args.game is not None:
        game = by_id(args.game)
        if game is None:
            fail(
                "unknown game %r; choose one of: %s"
                % (args.game, ", ".join(g.ID for g in CATALOGUE))
            )
    if args.players:
        if game is None:
            fail("--players needs --game")
        if not game.MIN_PLAYERS <= args.players <= game.MAX_PLAYERS:
            fail(
                "%s takes %d to %d players, not %d"
                % (game.ID, game.MIN_PLAYERS, game.MAX_PLAYERS, args.players)
            )
    if args.variant:
        if game is None:
            fail("--variant needs --game")
        if not 0 <= args.variant < len(game.VARIANTS):
            names = ", ".join("%d = %s" % (i, v) for i, v in enumerate(game.VARIANTS))
            fail("%s has variants %s, not %d" % (game.ID, names, args.variant))
    if args.seed is not None and args.seed == 0:
        fail(
            "--seed 0 is not a deal: deal numbers are 1 to %d; leave --seed out to deal at random"
            % DEAL_MAX
        )
    if args.seed is not None and not 1 <= args.seed <= DEAL_MAX:
        fail("--seed must be a deal number from 1 to %d" % DEAL_MAX)
    if args.seed is not None and game is None and not args.autoplay:
        fail("--seed needs --game: it is a deal number of that game")
    args.seed = args.seed or 0  # 0 from here on: a random deal
    if not 1 <= args.scale <= 16:
        fail("--scale must be 1 to 16")
    if args.pace is not None and not PACE_MIN <= args.pace <= PACE_MAX:
        fail("--pace must be %d to %d ms, not %d" % (PACE_MIN, PACE_MAX, args.pace))
    if args.gif and not args.gif.lower().endswith(".gif"):
        fail("--record writes a GIF: give a file name ending in .gif")
    if args.screenshot and not args.screenshot.lower().endswith(".png"):
        fail("--screenshot writes a PNG: give a file name ending in .png")
    for flag, path in (("--screenshot", args.screenshot), ("--record", args.gif),
                       ("--replay-out", args.replay_out)):  # fmt: skip
        if path:
            why = _unwritable(path)
            if why:
                fail("%s %s: %s" % (flag, path, why))
    if args.nvm:
        from sim import nvm

        why = nvm.refusal(args.nvm)
        folder = os.path.dirname(os.path.abspath(args.nvm))
        if not why and not os.path.isdir(folder):  # (it would run and save nothing)
            why = "the folder %s does not exist" % folder
        if why:
            fail("--nvm: %s; give a new file name" % why)
    keys = []
    for part in args.keys.split(",") if args.keys.strip() else []:
        k = key_by_name(part)
        if k < 0:
            fail("unknown key %r in --keys; allowed: %s" % (part.strip(), ",".join(NAMES)))
        keys.append(k)
    args.key_list = keys
    if args.autoplay and (args.game is None or not args.headless):
        fail("--autoplay needs --headless and --game")
    if args.replay:
        if args.game:
            fail("--replay takes its game from the record; leave out --game")
        from sim import replay

        try:
            args.record = replay.load_arg(args.replay)
        except OSError as e:
            fail("cannot read %s: %s" % (args.replay, e.strerror))
        except ValueError as e:
            fail(str(e))
    return args


def _unwritable(path):
    """Why a file cannot be written at ``path`` (its folder is not there, or
    it is a folder), or None."""
    if os.path.isdir(path):
        return "is a folder; give a file name"
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        return "the folder %s is not there" % folder
    return None


def _write_out(path, fn, *args):
    """``fn(*args)``, with a file that cannot be written said in one line
    (exit status 2)."""
    try:
        return fn(*args)
    except OSError as e:
        fail("cannot write %s: %s" % (path, e.strerror))


def _replay_out(watch, path):
    """Headless: the last game's replay line into ``--replay-out``'s file
    (stdout has the panel, and the console's own lines)."""
    from sim import replay

    error = replay.session_end(watch, path, lambda text: None) if path else None
    if error:
        fail(error)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if "--version" in argv:
        from sim import version

        print(
            "elevator card console %s (the simulator, on %s %s)"
            % (version.describe(), sys.implementation.name, sys.version.split()[0])
        )
        return 0
    args = parse_args(argv)
    if args.headless:
        from sim import render
        from sim.headless import Session

        record = getattr(args, "record", None)
        game = None if args.autoplay else args.game
        s = Session(args.profile, game, args.players, args.seed, 1, args.pace,
                    args.variant, nvm_path=args.nvm, record=record)  # fmt: skip
        recorder = s.hw.record(args.gif, args.scale) if args.gif else None
        s.settle(200000 if args.replay else 20000)
        if args.autoplay:
            from sim import autopilot

            deal = args.seed or 1
            autopilot.open_game(s, args.game, args.players or by_id(args.game).DEFAULT_PLAYERS,
                                deal, args.variant)  # fmt: skip
            if not autopilot.play_to_results(s):
                print("autoplay: the results screen was not reached")
                if recorder is not None:
                    _write_out(args.gif, recorder.save)
                _replay_out(s.watch, args.replay_out)
                return 1
        for k in args.key_list:
            s.press(k)
        if args.hold:
            for _ in range(700):  # 14 s with no key: the idle save happens
                s.frame()
            print("holding", flush=True)
            import time

            while True:
                time.sleep(1)
        if args.screenshot:
            _write_out(args.screenshot, render.save_png, s.hw.panel, args.screenshot, args.scale)
        if recorder is not None:
            for _ in range(25):  # the last picture, as it stays on the panel
                s.frame()
            print("recorded %d frames to %s" % (_write_out(args.gif, recorder.save), args.gif))
        _replay_out(s.watch, args.replay_out)
        print("\n".join(render.half_blocks(s.hw.panel)))
        if args.state:
            state = getattr(s.screen, "state", None)
            print("state: " + (state.key() if state is not None else "none"))
        if args.autoplay:
            print("autoplay: results reached, %d save writes" % s.hw.nvm.writes)
        if args.replay:
            r = s.screen
            print(
                "replay: %d of %d moves%s" % (r.i, len(r.moves), ": " + r.error if r.error else "")
            )
            return 1 if r.error else 0
        return 0
    if not args.nvm:  # the terminal and the window keep saves in the person's file
        from sim import nvm

        args.nvm = nvm.default_path(guest=bool(args.link and args.link[0] == "join"))
        why = nvm.refusal(args.nvm)
        if why:
            fail("the saves file %s; move it away, or give --nvm a new file" % why)
    if args.window:
        from sim import window

        return window.run(args)
    from sim import term

    return term.run(args)


if __name__ == "__main__":
    sys.exit(main())
