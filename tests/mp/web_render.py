"""Draw screens with the browser's displayio (web/displayio.py) on the
MicroPython VM: ``web_render.py TREES.json`` reads a list of screens
(``sim.displaytree``: what the simulator's displayio held), builds each
one's Bitmaps, Palettes, TileGrids and Groups through the constructors
the app calls, draws it into a 1-bit panel and prints one line a screen:
its width, height and the panel's MONO_HLSB bytes in hex."""

import json
import sys

import displayio
import framebuf


def _build(node, bitmaps):
    if "group" in node:
        g = displayio.Group(scale=node["scale"], x=node["x"], y=node["y"])
        for child in node["group"]:
            g.append(_build(child, bitmaps))
        g.hidden = node["hidden"]
        return g
    pal = displayio.Palette(len(node["palette"]))
    for i, (color, clear) in enumerate(node["palette"]):
        pal[i] = color
        if clear:
            pal.make_transparent(i)
    t = displayio.TileGrid(bitmaps[node["tilegrid"]], pixel_shader=pal, width=node["width"],
                           height=node["height"], tile_width=node["tw"], tile_height=node["th"],
                           x=node["x"], y=node["y"])  # fmt: skip
    for i, tile in enumerate(node["tiles"]):
        t[i % node["width"], i // node["width"]] = tile
    t.hidden = node["hidden"]
    return t


def main(path):
    with open(path) as f:
        screens = json.load(f)
    for s in screens:
        bitmaps = []
        for b in s["bitmaps"]:
            bmp = displayio.Bitmap(b["w"], b["h"], 2)
            bmp.buf[:] = bytes.fromhex(b["hex"])
            bitmaps.append(bmp)
        w, h = s["width"], s["height"]
        buf = bytearray((w + 7) // 8 * h)
        panel = framebuf.FrameBuffer(buf, w, h, framebuf.MONO_HLSB)
        root = _build(s["root"], bitmaps) if s["root"] is not None else None
        displayio.render(root, panel)
        print(w, h, buf.hex())


main(sys.argv[1])
