"""Link play's figures for ``make bench`` (docs/figures.md, "Link play").

Per multiplayer game: a whole game between a host and two guest
simulators (``sim.linkplay``, separate processes on loopback, no cuts):
frames and bytes both ways, per move. Then what a move costs to reach a
guest over a 115,200-baud UART: the largest observation frame of the game
on the wire (10 bits a byte), and the time to make it (the host: observe
and encode) and to read it (the guest: decode), measured on CPython and on
the MicroPython VM: VM figures, never scaled to a board (what a Pico takes
is measured on one: docs/architecture.md, "Memory").
"""

import json
import os
import subprocess
import sys
import time

from sim import mpvm

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BAUD = 115200

# the VM's side: frames of a whole game's observations for one seat, made and
# read (raw: the bytes literal's escapes are the VM's to read, not a NUL here)
_VM = r"""
import sys, time
sys.path.insert(0, "lib")
import games
from link import frame as lf, obs as link_obs
from link.reader import Reader
game = games.by_id(%r)
s = game.new_state(%d, 77, 0)
frame = bytearray(lf.MAX_FRAME)
data = bytearray(lf.MAX_PAYLOAD)
reader = Reader(s._blank())
dec = lf.Decoder()
obs = s._blank()
made = read = 0
n = big = 0
while not s.is_over():
    t0 = time.ticks_us()
    s.observe(1, obs)
    data[0] = data[1] = 255
    data[2] = data[3] = 0
    data[4:9] = b"\xff\x00\x00\xff\xff"  # (no last turn)
    k = lf.put(frame, lf.OBS, 1, n, data, link_obs.put(obs, data, link_obs.HEAD))
    t1 = time.ticks_us()
    i = 0
    while i < k or dec.ready:
        i += dec.feed(frame, k - i, i)
        if dec.ready:
            reader.read(dec.buf, lf.PAYLOAD + link_obs.HEAD, dec.n - link_obs.HEAD)
    t2 = time.ticks_us()
    made += t1 - t0
    read += t2 - t1
    n += 1
    big = max(big, k)
    s.apply(game.basic_policy(s.observe(s.current_player()), None))
print("frames=%%d made_us=%%d read_us=%%d biggest=%%d" %% (n, made // n, read // n, big))
"""


def _linkplay(game_id, players):
    r = subprocess.run([sys.executable, "-m", "sim.linkplay", "--game", game_id, "--players",
                        str(players), "--guests", "2", "--seed", "3"],
                       capture_output=True, text=True, timeout=600, cwd=ROOT)  # fmt: skip
    return json.loads(r.stdout.strip().splitlines()[-1])


def vm_frames(game_id, players, tree=ROOT):
    """A whole game's observation frames for one seat, made and read on the
    MicroPython VM in ``tree`` (a bundle, or the project's own .py):
    {"frames", "made_us", "read_us", "biggest"}."""
    vm = mpvm.run_mp(["-c", _VM % (game_id, players)], heap="4M", cwd=tree)
    if vm.returncode != 0:
        raise RuntimeError(vm.stderr[-2000:] or vm.stdout[-2000:])
    return mpvm.figures(vm.stdout)


def figures():
    import games

    out = {}
    tree = os.path.join(ROOT, "build", "linkbench-tree")
    mpvm.app_tree(tree)
    for info in games.CATALOGUE:
        if info.MAX_PLAYERS < 2:
            continue
        g = info.ID
        players = max(info.MIN_PLAYERS, 4)
        t0 = time.time()
        r = _linkplay(g, players)
        out["link_%s_seconds" % g] = round(time.time() - t0, 1)
        out["link_%s_players" % g] = players
        out["link_%s_moves" % g] = r["moves"]
        out["link_%s_messages" % g] = r["messages"]
        out["link_%s_bytes" % g] = r["bytes"]
        out["link_%s_bytes_to_guests" % g] = r["bytes_to_guests"]
        out["link_%s_finished" % g] = r["finished"] and r["leaked_cards"] == 0
        big = info.MAX_PLAYERS
        f = vm_frames(g, big, tree)
        out["link_%s_largest_players" % g] = big
        out["link_%s_largest_frame_bytes" % g] = f["biggest"]
        out["link_%s_vm_make_us" % g] = f["made_us"]
        out["link_%s_vm_read_us" % g] = f["read_us"]
    out.update(decoder_figures())
    return out


# the streams of tests/mp/link_decode_cost.py, as the page names them
_STREAMS = (
    ("honest", "frames of every length"),
    ("repeat", "C5 F0 01 00 over and over"),
    ("sync", "nothing but SYNC"),
    ("headers", "C5 02 01 over and over"),
    ("seq", "headers good to their SEAT, a SYNC as SEQ"),
    ("len", "headers good to their SEAT, a SYNC as LEN"),
    ("long", "good headers claiming 240 bytes, a wrong CRC"),
    ("noise", "random bytes"),
)


def decoder_figures():
    """The decoder's ns a byte on the VM for an honest and hostile streams."""
    r = mpvm.run_mp(["tests/mp/link_decode_cost.py"], heap="256K")
    out = {}
    for kv in r.stdout.split()[:-1]:
        k, v = kv.split("=")
        out["link_decode_ns_%s" % k] = int(v)
    return out


def _ms(bytes_):
    return bytes_ * 10 * 1000.0 / BAUD


def markdown(f, section, table, num):
    """The page's section (``sim.figures``' helpers passed in)."""
    import games

    rows = []
    late = []
    for info in games.CATALOGUE:
        g = info.ID
        if f.get("link_%s_moves" % g) is None:
            continue
        moves = f.get("link_%s_moves" % g)
        msgs = f.get("link_%s_messages" % g)
        byt = f.get("link_%s_bytes" % g)
        rows.append((info.NAME, num(f.get("link_%s_players" % g)), num(moves), num(msgs),
                     num(byt), num(round(byt / max(moves, 1))),
                     num(f.get("link_%s_bytes_to_guests" % g)),
                     "yes" if f.get("link_%s_finished" % g) else "NO"))  # fmt: skip
        f.get("link_%s_seconds" % g)
        big = f.get("link_%s_largest_frame_bytes" % g)
        make, read = f.get("link_%s_vm_make_us" % g), f.get("link_%s_vm_read_us" % g)
        wire = _ms(big)
        late.append((info.NAME, num(f.get("link_%s_largest_players" % g)), num(big),
                     "%.1f" % wire, "%d + %d" % (make, read)))  # fmt: skip
    if not rows:
        return []
    out = table(("game", "players", "moves", "frames", "bytes", "bytes a move",
                 "bytes to the guests", "finished, nothing leaked"), rows)  # fmt: skip
    out += [
        "What a move takes to reach a guest over a UART at 115,200 baud: the game's "
        "largest observation frame at its largest table on the wire, plus the host making "
        "it and the guest reading it (µs on the MicroPython VM; not measured on a board "
        "here, and not scaled to one).",
        "",
    ]
    out += table(("game", "players", "largest frame (bytes)", "on the wire (ms)",
                  "made + read on the VM (µs)"), late)  # fmt: skip
    honest = f.get("link_decode_ns_honest")
    if honest:
        out += [
            "What the frame decoder costs a byte on the MicroPython VM, an honest stream "
            "against streams made to cost it most (`tests/mp/link_decode_cost.py`, 8 KB "
            "in 64-byte pieces, each KB timed alone, the fastest of thirty passes, the streams "
            "taking turns).",
            "",
        ]
        out += table(("stream", "ns a byte", "against the honest stream"),
                     [(what, num(f.get("link_decode_ns_" + k)),
                       "%.1fx" % ((f.get("link_decode_ns_" + k) or 0) / honest))
                      for k, what in _STREAMS if f.get("link_decode_ns_" + k)])  # fmt: skip
    return section(
        "Link play",
        "A whole game between a host and two guest simulators, each its own process on "
        "loopback (`python -m sim.linkplay`, seed 3, no links cut): every frame both ways.",
        out,
    )
