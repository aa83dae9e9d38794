"""A screen's displayio objects as data, to be drawn again elsewhere.

``tree(group)`` walks a root group the console built in the simulator
(Blinka's displayio) and gives its Groups, TileGrids, Palettes and
Bitmaps as JSON-able data, each bitmap once (MONO_HLSB rows in hex).
``tests/mp/web_render.py`` builds the same objects with the browser's
``web/displayio.py`` under MicroPython, through the constructors the app
calls, and draws them: what a browser shows of that screen.
"""

from sim.fontsheet import mono_hlsb


def tree(root, packed=None):
    """``root`` as data. ``packed``: a dict kept between calls, so a sheet
    every screen shares (the fonts, the cards) is read pixel by pixel once
    (Blinka reads a pixel slowly); it holds each bitmap it packed, so no
    other can take its id. Only for bitmaps not drawn on after they show."""
    bitmaps = {}  # id -> index in out["bitmaps"]
    packed = {} if packed is None else packed  # id -> (bitmap, its entry)
    out = {"bitmaps": [], "root": None}

    def bitmap(bmp):
        key = id(bmp)
        if key not in bitmaps:
            if key not in packed:
                entry = {"w": bmp.width, "h": bmp.height, "hex": mono_hlsb(bmp).hex()}
                packed[key] = (bmp, entry)
            bitmaps[key] = len(out["bitmaps"])
            out["bitmaps"].append(packed[key][1])
        return bitmaps[key]

    def palette(pal):
        return [[pal[i], bool(pal.is_transparent(i))] for i in range(len(pal))]

    def layer(obj):
        if hasattr(obj, "tile_width"):
            n = obj.width * obj.height
            return {
                "tilegrid": bitmap(obj.bitmap),
                "palette": palette(obj.pixel_shader),
                "width": obj.width,
                "height": obj.height,
                "tw": obj.tile_width,
                "th": obj.tile_height,
                "x": obj.x,
                "y": obj.y,
                "hidden": bool(obj.hidden),
                "tiles": [obj[i % obj.width, i // obj.width] for i in range(n)],
            }
        return {
            "group": [layer(obj[i]) for i in range(len(obj))],
            "x": obj.x,
            "y": obj.y,
            "scale": obj.scale,
            "hidden": bool(obj.hidden),
        }

    if root is not None:
        out["root"] = layer(root)
    return out
