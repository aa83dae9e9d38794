"""The browser page's figures for ``make bench`` (docs/figures.md, "Browser").

The site as ``make web`` builds it: its bytes, raw and gzipped file by
file (as a static host serves it). Then in Debian's Chromium, headless
(``web/drive.mjs``): the time from the page's start to the console's first
picture, on a first load and cached (a reload), and for a whole game of
each game (the person's moves made by key events, the Normal player's
choice), each frame's time in milliseconds (median, p99, max) and the
heap the console holds at its end. Nothing when there is no Chromium or
Node here (the page says so).
"""

import functools
import gzip
import http.server
import json
import os
import shutil
import subprocess
import tempfile
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# a whole game of each: (game, players, deal), the person's seat played by keys
GAMES = (("color-elevator", 2, 5), ("elevator-solitaire", 1, 14), ("elevator", 3, 2),
         ("bastard", 3, 4), ("roller-coaster", 2, 12))  # fmt: skip


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def figures():
    from sim import web

    node = shutil.which("node")
    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium")
    playwright = os.path.join(ROOT, "web", "node_modules", "playwright-core")
    if not (node and os.path.exists(web.RUNTIME)):
        return {}
    site = os.path.join(tempfile.mkdtemp(), "web")
    web.build(site)
    raw = packed = 0
    for base, _dirs, names in os.walk(site):
        for n in names:
            with open(os.path.join(base, n), "rb") as f:
                data = f.read()
            raw += len(data)
            packed += len(gzip.compress(data, 9))
    out = {"web_page_bytes": raw, "web_page_gzip_bytes": packed}
    if not (chromium and os.path.exists(playwright)):
        return out
    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=site)
    )
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d/" % httpd.server_address[1]
    steps = [["goto", ""], ["wait", 1500], ["stats", "first"], ["reload"], ["wait", 1500],
             ["stats", "cached"]]  # fmt: skip
    for game, players, deal in GAMES:
        steps += [["goto", "?game=%s&players=%d&deal=%d" % (game, players, deal)],
                  ["wait", 500], ["stats", "-"], ["play", 240], ["stats", game]]  # fmt: skip
    env = dict(os.environ, PLAYWRIGHT_CORE=playwright, CHROMIUM=chromium)
    try:
        r = subprocess.run([node, os.path.join(ROOT, "web", "drive.mjs"), url],
                           input=json.dumps(steps), capture_output=True, text=True,
                           timeout=1800, env=env)  # fmt: skip
    finally:
        httpd.shutdown()
    lines = [json.loads(x) for x in r.stdout.splitlines() if x.startswith("{")]
    played = [x for x in lines if "played" in x]
    for x in lines:
        name = x.get("stats")
        if name in ("first", "cached"):
            out["web_title_ms_%s" % name] = round(x["firstPaint"], 1)
        elif name and name != "-":
            g = name
            ok = played and played.pop(0).get("played") == "Results"
            out["web_%s_finished" % g] = bool(ok)
            for k in ("median", "p99", "max"):
                out["web_%s_frame_ms_%s" % (g, k)] = round(x[k], 2)
            out["web_%s_frames" % g] = x["frames"]
            out["web_%s_heap_bytes" % g] = x["heap"]
    return out


def markdown(f, section, table, num):
    """The page's section (``sim.figures``' helpers passed in)."""
    import games

    if f.get("web_page_bytes") is None:
        return []
    out = [
        "The site `make web` builds: %s bytes, %s gzipped file by file (goal: at most 400 KB "
        "gzipped). In Chromium, headless, on this machine: the console's first picture %s ms "
        "after the page starts on a first load, %s ms cached (goal under 500 ms cached)."
        % (
            num(f.get("web_page_bytes")),
            num(f.get("web_page_gzip_bytes")),
            num(f.get("web_title_ms_first")),
            num(f.get("web_title_ms_cached")),
        ),  # fmt: skip
        "",
    ]
    rows = []
    for info in games.CATALOGUE:
        g = info.ID
        if f.get("web_%s_frames" % g) is None:
            continue
        rows.append((info.NAME, num(f.get("web_%s_frames" % g)),
                     " / ".join(num(f.get("web_%s_frame_ms_%s" % (g, k)))
                                for k in ("median", "p99", "max")),
                     num(round(f.get("web_%s_heap_bytes" % g) / 1024)),
                     "yes" if f.get("web_%s_finished" % g) else "NO"))  # fmt: skip
    if rows:
        out.append("A whole game of each, the person's moves made by key events (frame times in "
                   "ms; goal: p99 under 16 ms):")  # fmt: skip
        out.append("")
        out += table(("game", "frames", "frame median / p99 / max (ms)",
                      "heap in use at the end (KB)", "played to the results"), rows)  # fmt: skip
    return section("Browser", None, out)
