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


def _run(site, steps):
    r = subprocess.run([NODE, os.path.join(ROOT, "tests", "web_run.mjs"), site],
                       input=json.dumps(steps), capture_output=True, text=True,
                       timeout=120)  # fmt: skip
    assert r.returncode == 0, r.stderr[-3000:]
    lines = [json.loads(x) for x in r.stdout.splitlines() if x.startswith("{")]
    return {x["name"]: x for x in lines if "name" in x}, lines[-1]


def _differ(snap, name):
    want = Image.open(golden.path("pico-128x64", name)).convert("L").tobytes()
    w, h = snap["w"], snap["h"]
    data = bytes.fromhex(snap["hex"])
    stride = (w + 7) // 8
    n = 0
    for y in range(h):
        for x in range(w):
            lit = bool(data[y * stride + x // 8] & (0x80 >> (x % 8)))
            n += lit != (want[y * w + x] > 127)
    return n


def test_the_site_holds_the_runtime_the_page_and_every_module_compiled(site):
    files = json.load(open(os.path.join(site, "files.json")))
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
    assert done["done"] and "about: board browser-128x64" in done["out"]
    for name in ("title", "menu"):
        assert _differ(snaps[name], name) == 0, "%s differs in %d pixels" % (
            name, _differ(snaps[name], name))  # fmt: skip
