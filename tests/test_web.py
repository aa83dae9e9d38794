"""The console built for a browser (``python -m sim.web``, ``make web``)
runs on MicroPython's WebAssembly port, the whole app unchanged: run by
Node as the page runs it (``tests/web_run.mjs``: the page's own glue,
``web/console.js``, on virtual time), it draws the title and the game
menu exactly as the golden pictures have them, and keeps its store
through the page."""

import json
import os
import shutil
import subprocess

import pytest
from PIL import Image

from sim import golden, web

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NODE = shutil.which("node")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if NODE is None:
        pytest.skip("no node here to run the WebAssembly port (make test installs web/ with npm)")
    if not os.path.exists(os.path.join(web.RUNTIME, "micropython.wasm")):
        pytest.skip("web/node_modules is missing: make test runs npm ci in web/ first")
    out = str(tmp_path_factory.mktemp("site") / "web")
    web.build(out)
    return out


def _run(site, steps, store=None, **env):
    """``steps`` on the console in Node (tests/web_run.mjs; ``env``: its
    WEB_HEIGHT, WEB_QUERY over the environment's): the snaps by name, and
    the last line."""
    r = subprocess.run([NODE, os.path.join(ROOT, "tests", "web_run.mjs"), site]
                       + ([store] if store else []),
                       input=json.dumps(steps), capture_output=True, text=True,
                       timeout=120, env=dict(os.environ, **env))  # fmt: skip
    assert r.returncode == 0, r.stderr[-3000:]
    lines = [json.loads(x) for x in r.stdout.splitlines() if x.startswith("{")]
    return {x["name"]: x for x in lines if "name" in x}, lines[-1]


def _differ(snap, name, profile="pico-128x64"):
    want = Image.open(golden.path(profile, name)).convert("L").tobytes()
    w, h = snap["w"], snap["h"]
    data = bytes.fromhex(snap["hex"])
    stride = (w + 7) // 8
    n = 0
    for y in range(h):
        for x in range(w):
            lit = bool(data[y * stride + x // 8] & (0x80 >> (x % 8)))
            n += lit != (want[y * w + x] > 127)
    return n


def replayed(line):
    """The simulator's replay of ``line`` (a Session), played to its last move."""
    from sim.headless import Session
    from sim.replay import parse_line

    sim = Session(record=parse_line(line), pace_ms=0)
    for _ in range(5000):
        if sim.screen.done():
            break
        sim.frame()
    assert sim.screen.done() and not sim.screen.error
    return sim


def differs_from(snap, want):
    """Pixels of a 128x64 snap (MONO_HLSB) that differ from ``want`` (a byte
    a pixel, as ``golden.pixels`` gives)."""
    got = bytes.fromhex(snap["hex"])
    return sum(1 for i in range(128 * 64) if bool(got[i // 128 * 16 + i % 128 // 8]
               & (0x80 >> (i % 8))) != bool(want[i]))  # fmt: skip


def test_the_site_holds_the_runtime_the_page_and_every_module_compiled(site):
    listed = json.load(open(os.path.join(site, "files.json")))
    files = [name for name, _size in listed]
    # one archive the page fetches once: the sizes listed add up to it
    assert sum(size for _name, size in listed) == os.path.getsize(os.path.join(site, "fs.bin"))
    assert "lib/app.mpy" in files and "games/__init__.mpy" in files
    assert "web/hal_web.mpy" in files and "web/terminalio.bin" in files
    assert not [f for f in files if f.endswith(".py")]  # every module precompiled
    assert not [f for f in files if f.startswith("hal/") or "adafruit" in f]
    assert "OFL-1.1" in open(os.path.join(site, "LICENSES.txt")).read()  # the font's terms
    for name in ("index.html", "console.js", "micropython.mjs", "micropython.wasm"):
        assert os.path.getsize(os.path.join(site, name)) > 0


def test_the_console_runs_in_webassembly_and_draws_the_golden_title_and_menu(site):
    snaps, done = _run(site, [["frames", 60], ["snap", "title"], ["press", "A"],
                              ["frames", 30], ["press", "DOWN"], ["frames", 30],
                              ["snap", "menu"]])  # fmt: skip
    assert done["done"] and "about: board browser-pico-128x64" in done["out"]
    # the About lines (also on the serial console at start): a heap line that means
    # something here, not the runtime's whole memory as "free" (131,431 KB)
    heap = [x for x in done["out"] if "heap" in x]
    assert heap and heap[0].startswith("about: heap in use ") and "(browser)" in heap[0], heap
    for name in ("title", "menu"):
        assert _differ(snaps[name], name) == 0, "%s differs in %d pixels" % (
            name, _differ(snaps[name], name))  # fmt: skip


def test_the_store_is_kept_by_the_page_and_read_back_after_a_reload(site, tmp_path):
    """A setting changed and left: the console writes its store at that save
    point, through the page (``localStorage``); the page reloaded, the
    settings screen shows the setting as it was left."""
    store = str(tmp_path / "local-storage.hex")
    to_settings = [["frames", 60], ["press", "DOWN"], ["press", "DOWN"], ["press", "A"],
                   ["frames", 30]]  # fmt: skip
    first, done = _run(site, to_settings + [["snap", "before"], ["press", "RIGHT"],
                                            ["frames", 10], ["snap", "after"], ["press", "B"],
                                            ["frames", 30]], store)  # fmt: skip
    assert first["before"]["hex"] != first["after"]["hex"] and done["saves"] >= 1
    again, _ = _run(site, to_settings + [["snap", "reloaded"]], store)
    assert again["reloaded"]["hex"] == first["after"]["hex"]
    with open(store, "w") as f:
        f.write("not a store")  # a damaged value: refused, the console starts fresh
    fresh, done = _run(site, to_settings + [["snap", "fresh"]], store)
    assert fresh["fresh"]["hex"] == first["before"]["hex"]


def test_a_link_opens_its_deal_and_a_bad_link_says_so_on_the_title(site):
    """``?game=ID&deal=N`` (a challenge a friend sends) opens that deal:
    the table the golden picture has for it. A link to no such game, a
    deal out of range or a mangled number opens the title, whose note
    says why, and the console goes on as usual; a game with no deal is
    dealt at random."""
    bad = ("?game=poker&deal=1", "?game=elevator&deal=1073741824", "?game=elevator&deal=x1",
           "?game=bastard&players=99&deal=5")  # fmt: skip
    steps = [["restart", "?game=roller-coaster&players=3&deal=143"], ["frames", 400],
             ["snap", "table"], ["restart", ""], ["frames", 60], ["snap", "title"]]  # fmt: skip
    for query in bad:  # each page opened at its address (a new console)
        steps += [["restart", query], ["frames", 60], ["snap", "title " + query],
                  ["press", "A"], ["frames", 30], ["press", "DOWN"], ["frames", 30],
                  ["snap", "menu " + query]]  # fmt: skip
    steps += [["restart", "?game=elevator"], ["frames", 400], ["snap", "random"]]
    snaps, _ = _run(site, steps)
    assert _differ(snaps["table"], "table-roller-coaster") == 0
    for query in bad:
        rows = _rows_differing(snaps["title " + query], snaps["title"])
        assert rows and 20 <= min(rows) and max(rows) < 30, (query, rows)  # the note line alone
        assert _differ(snaps["menu " + query], "menu") == 0, query  # and the console goes on
    # no deal: one at random, not an error
    assert len(_rows_differing(snaps["random"], snaps["title"])) > 40  # a table, not a note


def _rows_differing(a, b):
    w, stride = a["w"], (a["w"] + 7) // 8
    da, db = bytes.fromhex(a["hex"]), bytes.fromhex(b["hex"])
    return sorted({i // stride for i in range(len(da)) if da[i] != db[i]}) if w else []


def test_the_feathers_panel_and_three_buttons(site, monkeypatch):
    """The 128x32 panel, driven by three buttons: short presses (the middle
    one is A, the bottom one next) reach the Feather's golden title and
    game menu, and a long press of the top one (B) goes back."""
    monkeypatch.setenv("WEB_HEIGHT", "32")
    snaps, done = _run(site, [["frames", 60], ["snap", "title"], ["press", "MIDDLE"],
                              ["frames", 30], ["press", "BOTTOM"], ["frames", 30],
                              ["snap", "menu"], ["hold", "TOP"], ["frames", 30],
                              ["snap", "back"]])  # fmt: skip
    assert "about: board browser-feather-128x32" in done["out"]
    assert snaps["back"]["hex"] == snaps["title"]["hex"]  # a long press of the top one: B
    for name in ("title", "menu"):
        assert _differ(snaps[name], name, "feather-128x32") == 0, name


def test_a_game_left_in_the_browser_continues_there_and_in_the_simulator(
    site, tmp_path, monkeypatch
):
    """A game in progress when the page is hidden is written then (as a
    board writes before it sleeps); the page reloaded, the title offers
    Continue (its golden picture). The page's store, saved as a file, is
    the simulator's --nvm store: the same game continues there."""
    store = str(tmp_path / "local-storage.hex")
    monkeypatch.setenv("WEB_QUERY", "?game=roller-coaster&players=3&deal=8")
    _, done = _run(site, [["frames", 60], ["press", "SELECT"], ["frames", 60], ["hidden"]],
                   store)  # fmt: skip
    assert done["saves"] >= 1
    monkeypatch.delenv("WEB_QUERY")
    snaps, _ = _run(site, [["frames", 60], ["snap", "title"]], store)
    assert _differ(snaps["title"], "title-continue") == 0
    data = bytes.fromhex(open(store).read())  # what "Save the store as a file" gives
    nvm = tmp_path / "from-the-browser.bin"
    nvm.write_bytes(data)
    from sim import nvm as simnvm
    from sim.headless import Session

    assert simnvm.refusal(str(nvm)) is None
    s = Session(seed=2, pace_ms=0, nvm_path=str(nvm))
    assert s.screen.items[0] == "Continue"
    match, state, _ = s.app.saves.saved_game()
    assert match.info.ID == "roller-coaster" and match.deal == 8 and match.players == 3


def test_a_store_file_is_taken_only_if_it_is_a_consoles(site, tmp_path):
    """The page's "Load a store file": a simulator's store is taken and
    written back byte for byte; a file of another size, or one with no
    saved copy in it, is refused with the reason and changes nothing."""
    from saves.keep import Saves
    from sim.nvm import FileNVM

    good = tmp_path / "sim-store.bin"
    sv = Saves(FileNVM(str(good)))
    sv.settings.sound = 0
    sv.commit()
    short = tmp_path / "short.bin"
    short.write_bytes(b"EC" + bytes(100))
    zeros = tmp_path / "zeros.bin"
    zeros.write_bytes(bytes(4096))
    cmd = [NODE, os.path.join(ROOT, "tests", "web_store.mjs"), site]
    r = subprocess.run(cmd + [str(good), str(short), str(zeros)], capture_output=True,
                       text=True, timeout=60)  # fmt: skip
    assert r.returncode == 0, r.stderr[-2000:]
    got = {os.path.basename(x["file"]): x for x in map(json.loads, r.stdout.splitlines())}
    assert got["sim-store.bin"]["ok"] and got["sim-store.bin"]["roundtrip"]
    assert not got["short.bin"]["ok"] and "102 bytes" in got["short.bin"]["error"]
    assert not got["zeros.bin"]["ok"] and "no saved copy" in got["zeros.bin"]["error"]


def test_a_replay_link_plays_the_recorded_game_to_its_end(site, monkeypatch):
    """``?replay=LINE`` (the line a finished game prints) plays that game
    on the console's replay screen to its last move: the panel then is
    the simulator's at the end of the same replay. A damaged line opens
    the title, which says so."""
    from urllib.parse import quote

    from sim import autopilot
    from sim.headless import Session
    from sim.replay import record_line

    s = Session(game="bastard", players=2, deal=3, seed=3, pace_ms=0)  # (14 moves)
    assert autopilot.play_to_results(s)
    line = record_line(s.app.saves.last)
    sim = replayed(line)
    monkeypatch.setenv("WEB_QUERY", "?replay=" + quote(line))
    pace = sim.app.settings.__class__().pace_ms  # the browser's: the default setting
    frames = len(sim.screen.moves) * (pace // 20 + 1) + 100
    snaps, _ = _run(site, [["frames", frames], ["snap", "end"]])
    differ = differs_from(snaps["end"], golden.pixels(sim))
    assert differ == 0, differ
    monkeypatch.setenv("WEB_QUERY", "?replay=" + quote(line[:-1] + "0"))  # its check fails
    snaps, _ = _run(site, [["frames", 60], ["snap", "title"]])
    monkeypatch.delenv("WEB_QUERY")
    plain, _ = _run(site, [["frames", 60], ["snap", "title"]])
    rows = _rows_differing(snaps["title"], plain["title"])
    assert rows and 20 <= min(rows) and max(rows) < 30, rows  # the note line says it
