"""The built page in a real browser: Debian's Chromium, headless, driven
by playwright-core (pinned in web/package-lock.json) through
``web/drive.mjs``, the site served over HTTP as a static host
would. The canvas shows the golden title, the keyboard reaches the game
menu, a game left when the page is hidden is offered by Continue after
the page is opened again, a whole game is played by key events to
its results, and the replay link the results offer plays it to its
end. Where no Chromium is installed the test says it was skipped and
why (``.ci/run`` installs it)."""

import functools
import http.server
import json
import os
import shutil
import subprocess
import threading

import pytest

from sim import web

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NODE = shutil.which("node")
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium")
PLAYWRIGHT = os.path.join(ROOT, "web", "node_modules", "playwright-core")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    if NODE is None or CHROMIUM is None:
        pytest.skip("no Chromium (or no node) here: apt-get install chromium (.ci/run does)")
    if not os.path.exists(PLAYWRIGHT) or not os.path.exists(web.RUNTIME):
        pytest.skip("web/node_modules is missing: make test runs npm ci in web/ first")
    site = str(tmp_path_factory.mktemp("site") / "web")
    web.build(site)
    handler = functools.partial(_Quiet, directory=site)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield "http://127.0.0.1:%d/" % httpd.server_address[1]
    httpd.shutdown()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def _browse(url, steps):
    env = dict(os.environ, PLAYWRIGHT_CORE=PLAYWRIGHT, CHROMIUM=CHROMIUM)
    r = subprocess.run([NODE, os.path.join(ROOT, "web", "drive.mjs"), url],
                       input=json.dumps(steps), capture_output=True, text=True, timeout=180,
                       env=env)  # fmt: skip
    assert r.returncode == 0, r.stderr[-3000:]
    lines = [json.loads(x) for x in r.stdout.splitlines() if x.startswith("{")]
    played = [x for x in lines if "played" in x]
    extra = {k: [x[k] for x in lines if k in x] for k in ("line", "replayed")}
    return {x["name"]: x for x in lines if "name" in x}, dict(lines[-1], played=played, **extra)


def test_the_page_in_chromium_draws_plays_and_keeps_its_game(served):
    from test_web import _differ, differs_from, replayed

    from sim import golden

    snaps, done = _browse(served, [
        ["goto", ""], ["wait", 1000], ["snap", "title"],
        ["key", "z"], ["wait", 600], ["key", "ArrowDown"], ["wait", 600], ["snap", "menu"],
        ["goto", "?game=roller-coaster&players=3&deal=8"], ["wait", 1500], ["key", "s"],
        ["wait", 1000], ["hide"], ["goto", ""], ["wait", 1000], ["snap", "continue"],
        ["goto", "?game=elevator-solitaire&players=1&deal=14"], ["wait", 800], ["play", 60],
        ["follow"], ["replay", 60], ["snap", "replayed"],
    ])  # fmt: skip
    assert done["errors"] == [], done["errors"]
    # a whole game by key events, to its results (the moves the Normal player would make)
    assert done["played"] and done["played"][0]["played"] == "Results", done["played"]
    assert done["played"][0]["presses"] > 20
    assert _differ(snaps["title"], "title") == 0
    assert _differ(snaps["menu"], "menu") == 0
    assert _differ(snaps["continue"], "title-continue") == 0
    # the results offer the game's line; its link replays it to the last move, and the
    # panel is then the simulator's at the end of the same replay
    assert done["line"] and done["line"][0].startswith("ELEVATOR-REPLAY "), done["line"]
    at = done["replayed"][0]
    assert at and at[0] == at[1] > 20 and not at[2], at
    assert differs_from(snaps["replayed"], golden.pixels(replayed(done["line"][0]))) == 0
