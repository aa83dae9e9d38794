"""A whole linked game between simulators, each its own process, on loopback.

    python -m sim.linkplay --game G --players N --guests K --seed S [--cut-links R]
                           [--reopen R] [--uart [--noise P]] [--patience F]
    python -m sim.linkplay --virtual ... [--half-open] [--kill-host N] [--kill-guest N]

starts a host and K guests (``python -m sim.linkplay --role ...``), each a
headless simulator on the real clock. The host opens Host game, sets up the
table and presses START once K have joined; each guest opens Join game.
Every seat is decided by the Normal policy: the host's own and the guests'
through their console's button presses (``sim.autopilot``), the other
seats by the host's computers. With ``--cut-links R`` the host drops a
guest's link after a move with probability R; with ``--reopen R`` a guest
closes its own link (a cable: its port) after a move with probability R;
either way the guest joins again and proves its token. ``--virtual``
plays the same game in one process on a clock it drives, the links in
memory (``sim.linkgame``): every timeout as on a board, whatever the
machine's load, and consoles killed and started again from their stores
(``--kill-host N``, ``--kill-guest N``: N times, at random moves). Last,
one JSON line:

- ``finished``: the host and every guest reached the results;
- ``cards_conserved``: the host's final state holds the deal's cards;
- ``replayed``: the host's record (setup and moves) replays to its end;
- ``leaked_cards``: cards in what the guests received that their seat may
  not see (every byte each guest received is decoded and checked against
  the true state it was sent at: must be 0), ``unmatched``: observations
  that are no state's;
- ``messages``, ``bytes``: frames and bytes both ways; ``links_cut``,
  ``resumed``, ``refused``;
- ``resent``: frames sent again because one was lost (observations the
  host sent again, actions a guest sent again, observations it asked for);
  ``stalls``: times the game went STALL_S without a move while no guest's
  link was lost (must be 0), ``longest_s`` the longest such stretch; with
  ``--uart --noise P``, the damage the line did (``noise_flipped``,
  ``noise_inserted``); ``reopened``: the times a guest closed its own link,
  ``seated``: the times a guest was given its seat (the first and each return).
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "lib"), ROOT):
    if _p not in sys.path:
        sys.path.insert(0, _p)

FRAME_S = 0.002  # a frame of the real clock: fast, but the links' timeouts hold
# this long without a move, nobody's link lost: a stall (docs/link.md, "Lost
# frames": a frame lost is sent again within 100 ms to 1 s)
STALL_S = 10.0


def _patience(factor):
    """The times after which a silent console counts as gone (a guest's
    host: lost, then ended; a host's guest: lost), ``factor`` times the
    board's. A test machine running a whole suite beside these processes
    can starve one of them for seconds, which no board does; the timings
    themselves are tested on virtual time (tests/test_link_guest.py,
    tests/test_link_host.py)."""
    from link import guest as link_guest
    from link import peers

    link_guest._QUIET_MS = int(link_guest._QUIET_MS * factor)
    link_guest._GONE_MS = int(link_guest._GONE_MS * factor)
    peers._QUIET_MS = int(peers._QUIET_MS * factor)


def _session(seed, link):
    from sim.headless import Session

    s = Session(seed=seed, pace_ms=0)
    hw = s.hw
    hw.virtual_time = False
    hw.wait_frame = lambda: time.sleep(FRAME_S)
    hw.link = link
    s.app.to_title()  # the title again: it offers the link now
    s.wait_guard()
    return s


def _choose(s, item):
    """Title -> Link play -> ``item`` (Host game or Join game)."""
    items = s.screen.items
    for _ in range(len(items)):
        if items[s.screen.menu.index] == "Link play":
            break
        s.press("DOWN")
    s.press("A")
    want = 0 if item == "Host game" else 1
    while s.screen.menu.index != want:
        s.press("DOWN")
    s.press("A")


def _computer_plays_on(s):
    """The host's person gives the seat the game waits for to a computer:
    the pause menu's last item, chosen twice (it asks to be sure)."""
    s.press("START")
    pause = s.screen
    if type(pause).__name__ != "Pause":
        return
    if not pause.menu.items[-1].endswith("computer"):  # (it came back meanwhile)
        s.press("B")
        return
    while pause.menu.index != len(pause.menu.items) - 1:
        s.press("DOWN")
    s.press("A")
    s.press("A")


def _frames(s, n):
    for _ in range(n):
        s.frame()


def run_host(a):
    import games
    from sim import autopilot

    _patience(a.patience)
    s = _session(a.seed, ("host", a.serial or 0))
    _choose(s, "Host game")
    host = s.app.link
    port = getattr(host.hub, "port", 0)
    if a.port_file:
        with open(a.port_file + ".tmp", "w") as f:
            f.write(str(port))
        os.replace(a.port_file + ".tmp", a.port_file)
    else:
        print("hosting on %s: waiting %d s for %d guest(s)" % (host.hub.name, a.wait, a.guests),
              flush=True)  # fmt: skip
    menu = s.screen
    while games.CATALOGUE[menu.menu.index].ID != a.game:
        s.press("DOWN")
    s.press("A")
    setup = s.screen
    if "players" in setup.rows:
        while setup.players != a.players:
            s.press("RIGHT")
    deadline = time.time() + a.wait
    while len(host.joined()) < a.guests and time.time() < deadline:
        s.frame()
    if len(host.joined()) < a.guests:
        sys.stderr.write("python -m sim.linkplay: no guest joined %s in %d s (%d of %d)\n"
                         % (host.hub.name, a.wait, len(host.joined()), a.guests))  # fmt: skip
        s.app.end_link(1)
        return 2
    _frames(s, 5)
    s.press("START")
    table = s.screen
    rng = random.Random(a.seed)
    moves = 0
    gave_up = 0
    lost_at = None
    watch = {"stalls": 0, "moves": 0, "at": time.time(), "longest": 0.0, "counted": False}
    frame = s.frame

    def watched_frame():
        """A frame, and the game's progress watched on every one (the
        autopilot's presses run frames of their own): a stall is STALL_S
        without a move while no guest's link is lost."""
        frame()
        t = s.screen
        n = t.record.n if type(t).__name__ == "Table" else watch["moves"]
        now = time.time()
        if n != watch["moves"] or host.table is None or host.waiting() >= 0:
            watch["moves"] = n
            watch["at"] = now
            watch["counted"] = False
        elif now - watch["at"] > STALL_S and not watch["counted"]:
            watch["stalls"] += 1
            watch["counted"] = True
        watch["longest"] = max(watch["longest"], now - watch["at"])

    s.frame = watched_frame
    deadline = time.time() + a.timeout
    while type(s.screen).__name__ != "Results" and time.time() < deadline:
        t = s.screen
        if type(t).__name__ != "Table":
            s.frame()
            continue
        if host.waiting() >= 0:  # a guest gone: back within 20 s, or a computer plays on
            lost_at = lost_at or time.time()
            if time.time() - lost_at > 20:
                _computer_plays_on(s)
                gave_up += 1
                lost_at = None
            s.frame()
            continue
        lost_at = None
        if t.record.n > moves:
            moves = t.record.n
            live = [p for p in host.peers.all if not p.gone and p.seat >= 0]
            if live and a.cut_links and rng.random() < a.cut_links and not t.state.is_over():
                host.peers.drop(rng.choice(live))  # the cable pulled
                continue
        if not autopilot.play_turn(s):
            s.frame()
    _frames(s, 10)
    st = table.state
    m = table.match
    deal = m.new_state()
    out = {
        "finished": type(s.screen).__name__ == "Results",
        # a linked game's deal is its key (hex), which only the host knows
        "setup": [m.info.ID, m.players, m.variant, m.starter, m.key.hex() if m.key else m.deal],
        "moves": bytes(table.record.moves[: table.record.n]).hex(),
        "key": st.key(),
        "over": st.is_over(),
        "cards_conserved": sorted(st.all_cards()) == sorted(deal.all_cards()),
        "messages": host.peers.messages,
        "bytes": host.peers.bytes,
        "links_cut": host.cut,
        "resumed": host.resumed,
        "refused": host.refused,
        "resent": host.resent,
        "stalls": watch["stalls"],
        "longest_s": round(watch["longest"], 2),
        "gave_up": gave_up,
        "seats": [p.seat for p in host.peers.all],
    }
    with open(a.out, "w") as f:
        json.dump(out, f)


def run_guest(a):
    from link import guest as link_guest
    from sim import autopilot

    _patience(a.patience)
    real_init = link_guest.Guest.__init__

    def init(self, *args):
        self.capture = None
        real_init(self, *args)
        self.capture = bytearray()  # every byte this console receives

    link_guest.Guest.__init__ = init
    s = _session(a.seed, ("join", a.serial or "127.0.0.1:%d" % a.port))
    _choose(s, "Join game")
    guest = s.app.link
    rng = random.Random(a.seed)
    reopened = 0
    seen = 0
    deadline = time.time() + a.timeout
    while type(s.screen).__name__ != "Results" and time.time() < deadline:
        if guest.ended:
            break
        t = s.screen
        if type(t).__name__ == "Table":
            m = guest.moves
            if m > seen and a.reopen and guest.link is not None and not t.state.is_over():
                seen = m
                if rng.random() < a.reopen:
                    guest.link.close()  # its own end (a cable: the port closed, opened again)
                    reopened += 1
            seen = max(seen, m)
            if autopilot.play_turn(s):
                continue
        s.frame()
    out = {
        "finished": type(s.screen).__name__ == "Results",
        "seat": guest.seat,
        "ended": guest.ended,
        "messages": guest.messages,
        "sent": guest.out,
        "bytes_in": guest.bytes,
        "bytes_out": guest.said,
        "refused": guest.refused,
        "resent": guest.resent,
        "reopened": reopened,
        "seated": _count(guest.capture, "SEAT"),
        "screen": type(s.screen).__name__,  # (where a guest that did not finish stopped:
        "link": [guest.seated, guest.lost, guest.link is not None],  # seated, lost since, up)
        "capture": bytes(guest.capture).hex(),
    }
    with open(a.out, "w") as f:
        json.dump(out, f)


def _count(data, kind):
    """How many whole frames of ``kind`` (a name: link.frame's) ``data`` holds."""
    from link import frame as lf

    dec = lf.Decoder()
    n = i = 0
    while i < len(data) or dec.ready:
        i += dec.feed(data, len(data) - i, i)
        if not dec.ready:
            break
        n += dec.kind == getattr(lf, kind)
    return n


def _visible(obs):
    """The cards an observation shows (the hands it sees, the pile, the
    stock when its order is known, the cards in extra places it sees)."""
    seen = set()
    for h in obs.hands:
        seen.update(h.to_list())
    seen.update(obs.pile[: obs.pile_n])
    seen.update(c for c in obs._visible_extra() if c >= 0)
    return seen


def _allowed(state, seat):
    """What ``seat`` may see of the true ``state``: its hand, the pile,
    the cards every seat knows the place of, the stock if public."""
    ok = set(state.hands[seat].to_list())
    ok.update(state.pile[: state.pile_n])
    pub = state._public()
    if pub is not None:
        ok.update(pub.to_list())
    if state.deck_public():
        ok.update(state.deck[: state.deck_n])
    ok.update(c for c in state._visible_extra() if c >= 0)
    return ok


def check(host, guests):
    """(leaked cards, unmatched observations, replayed) from the host's
    record and each guest's capture."""
    import games
    from link import frame as lf
    from link import obs as link_obs
    from link.reader import Reader

    game_id, players, variant, starter, deal = host["setup"]
    if isinstance(deal, str):
        deal = bytes.fromhex(deal)  # a linked game's key
    game = games.by_id(game_id)
    state = game.new_state(players, deal, variant, starter)
    states = [state.clone()]
    for a in bytes.fromhex(host["moves"]):
        state.apply(a)
        states.append(state.clone())
    replayed = state.key() == host["key"]
    leaked = unmatched = 0
    for g in guests:
        seat = g["seat"]
        if seat < 0:
            continue
        keys = [s.observe(seat).key() for s in states]
        blank = states[0]._blank()
        reader = Reader(blank)
        dec = lf.Decoder()
        data = bytes.fromhex(g["capture"])
        i = 0
        at = 0
        while i < len(data) or dec.ready:
            i += dec.feed(data, len(data) - i, i)
            if not dec.ready:
                break
            if dec.kind != lf.OBS:
                continue
            if not reader.read(dec.buf, lf.PAYLOAD + link_obs.HEAD, dec.n - link_obs.HEAD):
                unmatched += 1
                continue
            k = blank.key()
            j = at
            while j < len(keys) and keys[j] != k:
                j += 1
            if j == len(keys):
                unmatched += 1
                j = at
            at = j
            leaked += len(_visible(blank) - _allowed(states[j], seat))
    return leaked, unmatched, replayed


def _cable(noise=0.0, seed=1):
    """Two pseudo-terminals whose far ends a thread joins, byte for byte:
    a UART cable between two boards (TX to RX both ways). With ``noise``
    P, each byte on the way has a bit flipped with probability P, and a
    random byte is put in after it with probability P (a line's glitches);
    returns (the two ports, the counts {flipped, inserted})."""
    import threading

    m1, s1 = os.openpty()
    m2, s2 = os.openpty()
    for fd in (s1, s2):  # raw: every byte as sent
        import tty

        tty.setraw(fd)
    rng = random.Random(seed)
    counts = {"flipped": 0, "inserted": 0}

    def damage(data):
        out = bytearray()
        for b in data:
            if rng.random() < noise:
                b ^= 1 << rng.randrange(8)
                counts["flipped"] += 1
            out.append(b)
            if rng.random() < noise:
                out.append(rng.randrange(256))
                counts["inserted"] += 1
        return bytes(out)

    def carry():
        import select

        while True:
            r, _, _ = select.select([m1, m2], [], [], 1.0)
            for fd in r:
                try:
                    data = os.read(fd, 4096)
                    os.write(m2 if fd == m1 else m1, damage(data) if noise else data)
                except OSError:  # an end closed, or opened again: the cable stays (a guest
                    time.sleep(0.01)  # that reopens its port finds it there)

    threading.Thread(target=carry, daemon=True).start()
    return (os.ttyname(s1), os.ttyname(s2)), counts


def _virtual(a):
    """The game on a clock this process drives (``sim.linkgame``)."""
    from sim.linkgame import LinkedGame

    rng = random.Random(a.seed)
    est = 60  # (kills at random moves among the first this many)
    game = LinkedGame(a.game, a.players, a.guests, a.seed, cable=a.uart, noise=a.noise,
                      cut=a.cut_links, half_open=0.5 if a.half_open else 0.0, reopen=a.reopen,
                      kill_host=[rng.randrange(2, est) for _ in range(a.kill_host)],
                      kill_guest=[rng.randrange(2, est) for _ in range(a.kill_guest)],
                      limit_s=a.timeout)  # fmt: skip
    out = game.play()
    print(json.dumps(out))
    return 0 if out["finished"] else 1


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m sim.linkplay", description=__doc__.split("\n")[0])
    p.add_argument("--game", default="elevator")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--guests", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--cut-links", type=float, default=0.0)
    p.add_argument("--reopen", type=float, default=0.0, metavar="R",
                   help="a guest closes its own link (with --uart: its port) after a move "
                   "with probability R, and joins again")  # fmt: skip
    p.add_argument("--virtual", action="store_true",
                   help="every console in this process, on a clock it drives, the links "
                   "in memory (sim.linkgame): a board's timings whatever the load")  # fmt: skip
    p.add_argument("--half-open", action="store_true",
                   help="--virtual: a cut breaks one end only (the other never hears)")  # fmt: skip
    p.add_argument("--kill-host", type=int, default=0, metavar="N",
                   help="--virtual: the host's power cut N times at random moves")  # fmt: skip
    p.add_argument("--kill-guest", type=int, default=0, metavar="N",
                   help="--virtual: a guest's power cut N times at random moves")  # fmt: skip
    p.add_argument("--timeout", type=float, default=240)
    p.add_argument("--role", choices=("host", "guest"))
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--port-file")
    p.add_argument("--wait", type=float, default=60, metavar="S",
                   help="--role host: how long to wait for the guests to join")  # fmt: skip
    p.add_argument("--uart", action="store_true",
                   help="one guest, over a UART: a pseudo-terminal pair for each end, the "
                   "bytes carried between them as by a cable (no cuts)")  # fmt: skip
    p.add_argument("--noise", type=float, default=0.0, metavar="P",
                   help="with --uart: each byte on the cable has a bit flipped with "
                   "probability P, and a random byte after it with probability P")  # fmt: skip
    p.add_argument("--serial", help=argparse.SUPPRESS)  # a role's serial port (with --uart)
    p.add_argument("--patience", type=float, default=1.0, metavar="F",
                   help="a silent console counts as gone after F times the board's time "
                   "(a loaded test machine starves processes; default 1)")  # fmt: skip
    p.add_argument("--out")
    a = p.parse_args(argv)
    if a.role == "host":
        return run_host(a)
    if a.role == "guest":
        return run_guest(a)
    import games

    info = games.info(a.game)
    if info is None or info.MAX_PLAYERS < 2:
        p.error("--game: one of the multiplayer games")
    if not 1 <= a.guests < a.players or not info.MIN_PLAYERS <= a.players <= info.MAX_PLAYERS:
        p.error("--guests 1..players-1, --players within the game's range")
    if not 0 <= a.cut_links <= 1:
        p.error("--cut-links: a probability, 0..1")
    if a.uart and (a.guests != 1 or a.cut_links):
        p.error("--uart: one guest, a cable between two boards, no cuts")
    if not 0 <= a.noise <= 0.2 or (a.noise and not a.uart):
        p.error("--noise: a probability, 0..0.2, with --uart")
    if not 0 <= a.reopen <= 1:
        p.error("--reopen: a probability, 0..1")
    if (a.half_open or a.kill_host or a.kill_guest) and not a.virtual:
        p.error("--half-open, --kill-host, --kill-guest: with --virtual")
    if a.virtual:
        return _virtual(a)
    ends, noise = _cable(a.noise, a.seed) if a.uart else ((None, None), {})
    tmp = tempfile.mkdtemp(prefix="linkplay-")
    me = [sys.executable, "-m", "sim.linkplay", "--timeout", str(a.timeout), "--patience",
          str(a.patience)]  # fmt: skip
    port_file = os.path.join(tmp, "port")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYTHONPATH=ROOT)
    procs = [subprocess.Popen(me + ["--role", "host", "--game", a.game, "--players",
                                    str(a.players), "--guests", str(a.guests), "--seed",
                                    str(a.seed), "--cut-links", str(a.cut_links), "--port-file",
                                    port_file, "--out", os.path.join(tmp, "host.json")]
                                   + (["--serial", "serial:" + ends[0]] if a.uart else []),
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL)]  # fmt: skip
    deadline = time.time() + 60
    while not os.path.exists(port_file) and time.time() < deadline:
        time.sleep(0.05)
    with open(port_file) as f:
        port = int(f.read())
    for k in range(a.guests):
        out = os.path.join(tmp, "guest%d.json" % k)
        procs.append(subprocess.Popen(me + ["--role", "guest", "--port", str(port), "--seed",
                                            str(a.seed * 100 + k + 1), "--out", out,
                                            "--reopen", str(a.reopen)]
                                      + (["--serial", "serial:" + ends[1]] if a.uart else []),
                                      cwd=ROOT, env=env, stdout=subprocess.DEVNULL))  # fmt: skip
    for pr in procs:
        try:
            pr.wait(a.timeout + 60)
        except subprocess.TimeoutExpired:
            pr.kill()
    with open(os.path.join(tmp, "host.json")) as f:
        host = json.load(f)
    guests = []
    for k in range(a.guests):
        with open(os.path.join(tmp, "guest%d.json" % k)) as f:
            guests.append(json.load(f))
    leaked, unmatched, replayed = check(host, guests)
    result = {
        "game": a.game,
        "players": a.players,
        "guests": a.guests,
        "seed": a.seed,
        "finished": host["finished"] and all(g["finished"] for g in guests),
        "cards_conserved": host["cards_conserved"],
        "replayed": replayed,
        "leaked_cards": leaked,
        "unmatched": unmatched,
        "messages": host["messages"] + sum(g["sent"] for g in guests),
        "bytes": host["bytes"] + sum(g["bytes_out"] for g in guests),
        "bytes_to_guests": sum(g["bytes_in"] for g in guests),
        "moves": len(host["moves"]) // 2,
        "links_cut": host["links_cut"],
        "resumed": host["resumed"],
        "refused": host["refused"] + sum(g["refused"] for g in guests),
        "resent": host["resent"] + sum(g["resent"] for g in guests),
        "stalls": host["stalls"],
        "longest_s": host["longest_s"],
        "reopened": sum(g["reopened"] for g in guests),
        "seated": sum(g["seated"] for g in guests),
        "noise_flipped": noise.get("flipped", 0),
        "noise_inserted": noise.get("inserted", 0),
        "gave_up": host["gave_up"],
        "seats": sorted(g["seat"] for g in guests),
        "host_finished": host["finished"],
        "guests_finished": [g["finished"] for g in guests],
        "guests_ended": [g["ended"] for g in guests],
        "guests_at": [(g["screen"], g["link"]) for g in guests if not g["finished"]],
    }
    print(json.dumps(result))
    return 0 if result["finished"] else 1


if __name__ == "__main__":
    sys.exit(main())
