"""displayio for the console in a browser (MicroPython's WebAssembly
port), and under the unix MicroPython of the tests: the part of
CircuitPython's displayio the console uses (Bitmap, Palette, TileGrid,
Group), drawn with MicroPython's ``framebuf`` into a 1-bit panel.

A Bitmap is a ``framebuf.FrameBuffer`` (MONO_HLSB); a TileGrid's tile is
cut from its sheet once, into a FrameBuffer of its own (and once more at
each scale a Group draws it at), so drawing a screen is one ``blit`` a
tile. ``render(group, panel)`` draws a root group as CircuitPython does:
children in order, each over the last, a Group's ``x``, ``y`` and
``scale`` applied to all it holds, hidden layers skipped, a palette's
transparent colours left undrawn. A colour lights a pixel when it is
brighter than half (the SSD1306 is one bit). The golden test draws every
key screen of both panels so and compares it with the simulator's
(``tests/test_web_displayio.py``).
"""

import framebuf

_HLSB = framebuf.MONO_HLSB


class Bitmap:
    def __init__(self, width, height, value_count):
        if value_count > 2:
            raise ValueError("only 1-bit bitmaps")
        self.width = width
        self.height = height
        self.buf = bytearray((width + 7) // 8 * height)
        self.fb = framebuf.FrameBuffer(self.buf, width, height, _HLSB)
        self._tiles = {}  # (tile_width, tile_height, tile, scale): its FrameBuffer

    def __setitem__(self, xy, value):
        x, y = xy
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError("pixel out of range")
        self.fb.pixel(x, y, value)
        if self._tiles:
            self._tiles = {}

    def __getitem__(self, xy):
        x, y = xy
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError("pixel out of range")
        return self.fb.pixel(x, y)

    def fill(self, value):
        self.fb.fill(value)
        self._tiles = {}

    def tile(self, tw, th, tile, scale):
        """Tile ``tile`` of ``tw`` x ``th`` pixels (the sheet read row by
        row), ``scale`` times its size, as a FrameBuffer (made once)."""
        key = (tw, th, tile, scale)
        fb = self._tiles.get(key)
        if fb is None:
            per_row = self.width // tw
            sx = tile % per_row * tw
            sy = tile // per_row * th
            w, h = tw * scale, th * scale
            fb = framebuf.FrameBuffer(bytearray((w + 7) // 8 * h), w, h, _HLSB)
            src = self.fb
            for y in range(th):
                for x in range(tw):
                    if src.pixel(sx + x, sy + y):
                        fb.fill_rect(x * scale, y * scale, scale, scale, 1)
            self._tiles[key] = fb
        return fb


class Palette:
    def __init__(self, color_count, dither=False):
        self._colors = [0] * color_count
        self._clear = [False] * color_count
        self._map = None  # the blit's palette: each index to 0, 1, or 2 (undrawn)

    def __len__(self):
        return len(self._colors)

    def __setitem__(self, i, color):
        self._colors[i] = color
        self._map = None

    def __getitem__(self, i):
        return self._colors[i]

    def make_transparent(self, i):
        self._clear[i] = True
        self._map = None

    def make_opaque(self, i):
        self._clear[i] = False
        self._map = None

    def is_transparent(self, i):
        return self._clear[i]

    def mapping(self):
        """The palette as ``framebuf.blit`` takes one: index i to 1 (lit),
        0 (dark) or 2 (transparent: the blit's key)."""
        if self._map is None:
            n = len(self._colors)
            m = framebuf.FrameBuffer(bytearray((n + 3) // 4), n, 1, framebuf.GS2_HMSB)
            for i in range(n):
                m.pixel(i, 0, 2 if self._clear[i] else _lit(self._colors[i]))
            self._map = m
        return self._map


def _lit(color):
    """Whether a colour (0xRRGGBB) lights an OLED pixel: brighter than half."""
    r, g, b = color >> 16 & 0xFF, color >> 8 & 0xFF, color & 0xFF
    return 1 if (r * 299 + g * 587 + b * 114) // 1000 > 127 else 0


class TileGrid:
    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):  # fmt: skip
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.tile_width = bitmap.width if tile_width is None else tile_width
        self.tile_height = bitmap.height if tile_height is None else tile_height
        self.x = x
        self.y = y
        self.hidden = False
        self._tiles = bytearray(width * height)
        for i in range(width * height):
            self._tiles[i] = default_tile

    def _index(self, key):
        if isinstance(key, tuple):
            return key[1] * self.width + key[0]
        return key

    def __setitem__(self, key, tile):
        self._tiles[self._index(key)] = tile

    def __getitem__(self, key):
        return self._tiles[self._index(key)]

    def draw(self, panel, ox, oy, scale):
        bmp = self.bitmap
        tw, th = self.tile_width, self.tile_height
        pal = self.pixel_shader.mapping()
        x0 = ox + self.x * scale
        y0 = oy + self.y * scale
        i = 0
        for cy in range(self.height):
            for cx in range(self.width):
                tile = bmp.tile(tw, th, self._tiles[i], scale)
                panel.blit(tile, x0 + cx * tw * scale, y0 + cy * th * scale, 2, pal)
                i += 1


class Group:
    def __init__(self, *, scale=1, x=0, y=0):
        self.scale = scale
        self.x = x
        self.y = y
        self.hidden = False
        self._layers = []

    def append(self, layer):
        self._layers.append(layer)

    def insert(self, i, layer):
        self._layers.insert(i, layer)

    def remove(self, layer):
        self._layers.remove(layer)

    def pop(self, i=-1):
        return self._layers.pop(i)

    def index(self, layer):
        return self._layers.index(layer)

    def __len__(self):
        return len(self._layers)

    def __getitem__(self, i):
        return self._layers[i]

    def __setitem__(self, i, layer):
        self._layers[i] = layer

    def __iter__(self):
        return iter(self._layers)

    def draw(self, panel, ox, oy, scale):
        x0 = ox + self.x * scale
        y0 = oy + self.y * scale
        inner = scale * self.scale
        for layer in self._layers:
            if not layer.hidden:
                layer.draw(panel, x0, y0, inner)


def render(group, panel):
    """Draw ``group`` (a display's root group; None: nothing) into
    ``panel``, a 1-bit FrameBuffer, over a dark panel."""
    panel.fill(0)
    if group is not None and not group.hidden:
        group.draw(panel, 0, 0, 1)


def release_displays():
    pass
