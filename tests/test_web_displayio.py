"""The browser's displayio (web/displayio.py) draws every key screen of both
panels as the simulator does, bit for bit: each golden screen is reached
in the simulator (``sim.golden``), its displayio objects taken as data
(``sim.displaytree``), built again and drawn with web/displayio.py on the
pinned unix MicroPython (``tests/mp/web_render.py``), and compared with
the golden picture. A screen that differs fails with its count of
pixels."""

import json
import os
import shutil
import tempfile

from PIL import Image

from sim import displaytree, fontsheet, golden
from sim.mpvm import run_mp

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _drawn():
    """{(profile, name): (width, height, panel bytes)} drawn on the VM, in one run."""
    tmp = tempfile.mkdtemp()
    for name in ("displayio.py", "terminalio.py"):
        shutil.copy(os.path.join(ROOT, "web", name), os.path.join(tmp, name))
    shutil.copy(os.path.join(ROOT, "tests", "mp", "web_render.py"), tmp)
    with open(os.path.join(tmp, "terminalio.bin"), "wb") as f:
        f.write(fontsheet.sheet_bytes())
    keys, screens, packed = [], [], {}
    for profile in golden.PROFILES:
        for name in golden.SCREENS:
            s = golden.SCREENS[name](profile)
            t = displaytree.tree(s.hw.display.root_group, packed)
            t["width"], t["height"] = s.hw.width, s.hw.height
            keys.append((profile, name))
            screens.append(t)
    with open(os.path.join(tmp, "trees.json"), "w") as f:
        json.dump(screens, f)
    r = run_mp(["web_render.py", "trees.json"], heap="8M", cwd=tmp)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    lines = r.stdout.strip().splitlines()
    assert len(lines) == len(keys), r.stdout[-2000:]
    out = {}
    for key, line in zip(keys, lines):
        w, h, data = line.split()
        out[key] = (int(w), int(h), bytes.fromhex(data))
    return out


def _lit(w, h, data):
    stride = (w + 7) // 8
    return [1 if data[y * stride + x // 8] & (0x80 >> (x % 8)) else 0
            for y in range(h) for x in range(w)]  # fmt: skip


def test_the_browser_draws_every_golden_screen_bit_for_bit():
    """One test for all (the screens are drawn in one VM run): each that
    differs is named with its count of pixels, its drawing in /tmp."""
    drawn = _drawn()
    bad = []
    for (profile, name), (w, h, data) in drawn.items():
        want = Image.open(golden.path(profile, name)).convert("L")
        assert want.size == (w, h), (profile, name)
        got = _lit(w, h, data)
        px = want.tobytes()
        differ = sum(1 for i in range(w * h) if (px[i] > 127) != bool(got[i]))
        if differ:
            img = Image.frombytes("L", (w, h), bytes(255 if v else 0 for v in got))
            img.save("/tmp/web-%s-%s.png" % (profile, name))
            bad.append("%s %s: %d pixels (/tmp/web-%s-%s.png)" % (profile, name, differ,
                                                                  profile, name))  # fmt: skip
    assert len(drawn) == len(golden.PROFILES) * len(golden.SCREENS)
    assert not bad, "the browser's drawing differs:\n" + "\n".join(bad)


def test_a_tile_a_scale_and_a_transparent_colour_are_drawn_as_displayio_does():
    """A small tree checked by hand: a scaled group, an inverse palette and
    a transparent colour over what lies below."""
    t = {
        "width": 16, "height": 8,
        "bitmaps": [{"w": 4, "h": 2, "hex": "80" + "10"}],  # tile 0: (0,0) lit; (3,1) lit
        "root": {"group": [
            {"tilegrid": 0, "palette": [[0, False], [0xFFFFFF, False]], "width": 1,
             "height": 1, "tw": 4, "th": 2, "x": 0, "y": 0, "hidden": False, "tiles": [0]},
            {"group": [
                {"tilegrid": 0, "palette": [[0xFFFFFF, False], [0, True]], "width": 1,
                 "height": 1, "tw": 4, "th": 2, "x": 1, "y": 1, "hidden": False, "tiles": [0]},
            ], "x": 4, "y": 0, "scale": 2, "hidden": False},
        ], "x": 0, "y": 0, "scale": 1, "hidden": False},
    }  # fmt: skip
    tmp = tempfile.mkdtemp()
    for name in ("displayio.py",):
        shutil.copy(os.path.join(ROOT, "web", name), os.path.join(tmp, name))
    shutil.copy(os.path.join(ROOT, "tests", "mp", "web_render.py"), tmp)
    with open(os.path.join(tmp, "t.json"), "w") as f:
        json.dump([t], f)
    r = run_mp(["web_render.py", "t.json"], heap="1M", cwd=tmp)
    assert r.returncode == 0, r.stderr
    w, h, data = r.stdout.split()
    lit = _lit(16, 8, bytes.fromhex(data))
    on = {(i % 16, i // 16) for i in range(16 * 8) if lit[i]}
    first = {(0, 0), (3, 1)}  # the tile as it is
    # the second: at (4 + 1*2, 0 + 1*2), twice the size, inverse: its dark pixels
    # white, its lit ones (colour 1) transparent
    second = set()
    for y in range(2):
        for x in range(4):
            if (x, y) not in ((0, 0), (3, 1)):
                for dy in range(2):
                    for dx in range(2):
                        second.add((6 + 2 * x + dx, 2 + 2 * y + dy))
    assert on == first | second
