"""The built page in a real browser: Debian's Chromium, headless, driven
by playwright-core (pinned in web/package-lock.json) through
``web/drive.mjs``, the site served over HTTP as a static host
would. The canvas shows the golden title, the keyboard reaches the game
menu, a game left when the page is hidden is offered by Continue after
the page is opened again, a whole game is played by key events to
its results, and the replay link the results offer plays it to its
end. On a phone (touch) and a desktop, each panel's page fits the window
and shows one set of buttons, each doing what its label says; each key
of the keyboard does what the console's key it stands for does. Where no
Chromium is installed the test says it was skipped and why (``.ci/run``
installs it)."""

import functools
import http.server
import json
import os
import shutil
import subprocess
import threading

import pytest
from test_web import _run

from sim import web

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NODE = shutil.which("node")
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium")
PLAYWRIGHT = os.path.join(ROOT, "web", "node_modules", "playwright-core")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if NODE is None or CHROMIUM is None:
        pytest.skip("no Chromium (or no node) here: apt-get install chromium (.ci/run does)")
    if not os.path.exists(PLAYWRIGHT) or not os.path.exists(web.RUNTIME):
        pytest.skip("web/node_modules is missing: make test runs npm ci in web/ first")
    site = str(tmp_path_factory.mktemp("site") / "web")
    web.build(site)
    return site


@pytest.fixture(scope="module")
def served(site):
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
    extra["layouts"] = [x for x in lines if "layout" in x]
    return {x["name"]: x for x in lines if "name" in x}, dict(lines[-1], played=played, **extra)


def test_the_page_in_chromium_draws_plays_and_keeps_its_game(served):
    from test_web import _differ, differs_from, replayed

    from sim import golden

    snaps, done = _browse(served, [
        ["goto", ""], ["settle"], ["snap", "title"],
        ["key", "z"], ["settle"], ["key", "ArrowDown"], ["settle"], ["snap", "menu"],
        ["goto", "?game=roller-coaster&players=3&deal=8"], ["settle"], ["key", "s"],
        ["settle"], ["hide"], ["goto", ""], ["settle"], ["snap", "continue"],
        ["goto", "?game=elevator-solitaire&players=1&deal=48"], ["settle"], ["play", 60],
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


# a phone held upright (touch emulated: fingers on the buttons) and a desktop window
DEVICES = {"phone": {"width": 390, "height": 844, "touch": True},
           "desktop": {"width": 1280, "height": 800}}  # fmt: skip
PANELS = {"pico": "", "feather": "?panel=feather"}
HEIGHTS = {"pico": 64, "feather": 32}
# each on-screen button's label and the console's key it is (docs/web.md), in
# an order in which each, pressed at TABLE after the one before, changes the panel
LABELS = {
    "pico": {">": "RIGHT", "<": "LEFT", "DN": "DOWN", "UP": "UP", "A": "A", "B": "B",
             "SEL": "SELECT", "START": "START"},
    "feather": {"A": "TOP", "B": "MIDDLE", "C": "BOTTOM"},
}  # fmt: skip
# the keyboard's key for each of the console's (docs/web.md)
KEYBOARD = {
    "pico": {"RIGHT": "ArrowRight", "LEFT": "ArrowLeft", "DOWN": "ArrowDown", "UP": "ArrowUp",
             "A": "z", "B": "x", "SELECT": "s", "START": "Enter"},
    "feather": {"TOP": "j", "MIDDLE": "k", "BOTTOM": "l"},
}  # fmt: skip
# a table where every key changes the panel (a short press, and the Feather's long one)
TABLE = "game=elevator-solitaire&players=1&deal=14"
HOLD_MS = 800  # the Feather's long press is 450 ms (lib/buttons_three.py)
REPEAT_MS = 400  # an arrow held this long repeats (lib/buttons.py): a tap held so is none


def _table(panel):
    return PANELS[panel] + ("&" if PANELS[panel] else "?") + TABLE


def _presses(panel, pairs, tap, hold):
    """(name, the page's step, the console's key, "tap" or "hold") of each
    (what the page presses, the console's key) of ``pairs`` tapped, and on
    the Feather each held: ``tap`` and ``hold`` name the page's steps."""
    out = [("tap " + what, [tap, what], key, "tap") for what, key in pairs]
    if panel == "feather":
        out += [("hold " + what, [hold, what, HOLD_MS], key, "hold") for what, key in pairs]
    return out


def _in_turn(site, served, panel, presses, first=(), size=None):
    """``presses`` ((name, the page's step, the console's key, "tap" or
    "hold")) made one after another at TABLE: on ``panel``'s page, after
    the steps ``first``, and on its console in Node (virtual time: no key
    is ever late there). A tap the machine held past REPEAT_MS (its
    messages late) is no tap: the presses are made again from the table,
    in the page (web/drive.mjs's "again"), then in a new browser (a page
    of ``size``), three times each at most. Returns the page's snaps and
    its last line, and the console's snaps: each by name, ``before`` the
    first press too. A run whose pictures are not the console's is made
    again in a new browser as a late one is: the test that called compares
    the last."""
    typed = [["goto", _table(panel)], ["settle"], ["snap", "before"]]
    want = [["settle"], ["snap", "before"]]
    for name, step, key, how in presses:
        typed += [step, ["settle"], ["snap", name]]
        want += [["press", key] if how == "tap" else ["hold", key, HOLD_MS // 20], ["settle"],
                 ["snap", name]]  # fmt: skip
    answers, _ = _run(site, want, WEB_HEIGHT=str(HEIGHTS[panel]), WEB_QUERY="?" + TABLE)
    names = ["before"] + [name for name, _, _, _ in presses]
    for was, name in zip(names, names[1:]):
        assert answers[name]["hex"] != answers[was]["hex"], (panel, name)  # it does something
    snaps, done = _browse(served, list(first) + [["again", REPEAT_MS, typed]])
    for tries in range(4):
        assert done["errors"] == [], done["errors"]
        late = [name for name, _, _, how in presses if snaps[name]["held"] >= REPEAT_MS]
        # a page starved of frames can see a tap late that the driver saw on time, and
        # every press after it then meets another panel: such a run is made again too
        # (what a wrong key does, it does every time)
        if not late and all(snaps[n]["hex"] == answers[n]["hex"] for n in names) or tries == 3:
            break
        snaps, again = _browse(served, ([["open", size]] if size else []) + typed)
        # (the first page's layouts kept)
        done = dict(done, errors=again["errors"], missing=done["missing"] + again["missing"])
    assert not late, (panel, late)
    return snaps, done, answers


@pytest.mark.long
@pytest.mark.parametrize("panel", sorted(PANELS))
def test_each_key_of_the_keyboard_is_the_consoles_key_it_names(site, served, panel):
    """docs/web.md's keys, typed one after another at a table of the
    panel's page (and on the Feather's, each held), do there what the
    console's keys they name do one after another from the same table,
    each changing the panel."""
    presses = _presses(panel, [(k, key) for key, k in KEYBOARD[panel].items()], "key", "keyhold")
    snaps, _, answers = _in_turn(site, served, panel, presses)
    wrong = [n for n in answers if snaps[n]["hex"] != answers[n]["hex"]]
    assert wrong == [], wrong


def _unfit(page, panel):
    """What of a page (a layout step's) does not fit its window: a sideways
    scroll, the board's corners cut, other buttons than the panel's one set,
    a button cut or on another."""
    width = page["layout"]  # the window's width, as the step is named
    out = []
    if page["scrollWidth"] > width or page["width"] > width:
        out.append("%d: scrolls sideways, %d px wide" % (width, page["scrollWidth"]))
    if page["board"][0] < 0 or page["board"][2] > width:
        out.append("%d: the board is cut: %s" % (width, page["board"]))
    shown = sorted((b["label"], b["key"]) for b in page["buttons"])
    if shown != sorted(LABELS[panel].items()):  # each label on the console's key it names
        out.append(
            "%d: buttons shown: %s" % (width, [(b["label"], b["key"]) for b in page["buttons"]])
        )
    for i, b in enumerate(page["buttons"]):
        left, top, right, bottom = b["box"]
        if left < 0 or right > width:
            out.append("%d: button %s is cut: %s" % (width, b["label"], b["box"]))
        for c in page["buttons"][i + 1 :]:
            x0, y0, x1, y1 = c["box"]
            if left < x1 and x0 < right and top < y1 and y0 < bottom:
                out.append("%d: buttons %s and %s overlap" % (width, b["label"], c["label"]))
    return out


@pytest.mark.long
@pytest.mark.parametrize("device", sorted(DEVICES))
@pytest.mark.parametrize("panel", sorted(PANELS))
def test_each_panel_fits_the_window_and_its_buttons_do_as_labelled(site, served, panel, device):
    """At a phone's 390x844 (by touch) and a desktop's 1280x800, both panels:
    the page fits the window (no sideways scroll, no corner cut; a phone's
    360 and 430 px wide too), one set of
    buttons shows, each does what the console's key its label names does
    (pressed in turn at a table, as on the console in Node: ``_in_turn``), the help
    line speaks of what there is to press (keys, or buttons on a touch
    screen), each panel's page links to the other's, and the icon loads.
    ``WEB_SHOTS=DIR`` keeps a screenshot of each page there."""
    size = DEVICES[device]
    width, touch = size["width"], size.get("touch", False)
    steps = [["open", size], ["goto", PANELS[panel]], ["wait", 500], ["layout", width]]
    if os.environ.get("WEB_SHOTS"):
        os.makedirs(os.environ["WEB_SHOTS"], exist_ok=True)
        shot = os.path.join(os.environ["WEB_SHOTS"], "%s-%s.png" % (panel, device))
        steps.append(["shot", shot])
    if touch:  # the narrowest phones and the widest, then back to this one
        for narrow in (360, 430):
            steps += [["open", dict(size, width=narrow)], ["goto", PANELS[panel]],
                      ["wait", 300], ["layout", narrow]]  # fmt: skip
        steps.append(["open", size])
    presses = _presses(panel, LABELS[panel].items(), "tap", "hold")
    snaps, done, keyed = _in_turn(site, served, panel, presses, steps, size)
    page = done["layouts"][0]
    problems = []
    for fitted in done["layouts"]:
        problems += _unfit(fitted, panel)
    # the help line: keyboard keys on a desktop, the buttons on a touch screen
    keys_said = "Z or space" if panel == "pico" else "J, K, L"
    if touch and (keys_said in page["help"] or "Tap the buttons" not in page["help"]):
        problems.append("a touch screen's help line: %r" % page["help"])
    if not touch and keys_said not in page["help"]:
        problems.append("a desktop's help line: %r" % page["help"])
    # each panel's page links to the other's, not to itself
    other = [x for x in page["links"] if "LICENSES" not in x]
    want = "?panel=feather" if panel == "pico" else ""
    if [x.replace(served, "").replace("index.html", "") for x in other] != [want]:
        problems.append("the %s page links to %s" % (panel, other))
    # the icon is the page's own, no request refused
    if page["iconStatus"] != 200 or done["missing"]:
        problems.append("icon %s: %s; refused: %s" % (page["icon"], page["iconStatus"],
                                                      done["missing"]))  # fmt: skip
    # each button does what the console's key it names does there, in turn from the same table
    for name, _, key, _ in presses:
        if snaps[name]["hex"] != keyed[name]["hex"]:
            problems.append("%s: not what the console's %s does" % (name, key))
    if snaps["before"]["hex"] != keyed["before"]["hex"]:
        problems.append("the table is not the console's")
    assert done["errors"] == [] and problems == [], done["errors"] + problems
