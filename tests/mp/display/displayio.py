"""displayio stand-in for the MicroPython VM: the object model only
(Bitmap, Palette, TileGrid, Group), with bitmaps packed as on a board,
so the app's screens run and their memory can be measured. Nothing is
drawn; the CPython simulator draws with Blinka's real displayio."""


class Bitmap:
    def __init__(self, width, height, value_count):
        self.width = width
        self.height = height
        bits = 1
        while (1 << bits) < value_count:
            bits *= 2
        self.bits = bits
        self.stride = (width * bits + 31) // 32 * 4
        self.data = bytearray(self.stride * height)

    def _where(self, xy):
        x, y = xy
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError("pixel out of range")
        bit = x * self.bits
        return y * self.stride + bit // 8, bit % 8

    def __setitem__(self, xy, value):
        i, shift = self._where(xy)
        mask = ((1 << self.bits) - 1) << shift
        self.data[i] = (self.data[i] & ~mask & 0xFF) | ((value << shift) & mask)

    def __getitem__(self, xy):
        i, shift = self._where(xy)
        return (self.data[i] >> shift) & ((1 << self.bits) - 1)

    def fill(self, value):
        # one pass over the packed bytes, as a board's C fill is one pass
        byte = 0
        for shift in range(0, 8, self.bits):
            byte |= (value & ((1 << self.bits) - 1)) << shift
        data = self.data
        for i in range(len(data)):
            data[i] = byte


class Palette:
    def __init__(self, color_count, dither=False):
        self._colors = [0] * color_count
        self._transparent = bytearray(color_count)

    def __len__(self):
        return len(self._colors)

    def __setitem__(self, i, color):
        self._colors[i] = color

    def __getitem__(self, i):
        return self._colors[i]

    def make_transparent(self, i):
        self._transparent[i] = 1

    def make_opaque(self, i):
        self._transparent[i] = 0

    def is_transparent(self, i):
        return self._transparent[i] == 1


class TileGrid:
    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):  # fmt: skip
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.tile_width = tile_width or bitmap.width
        self.tile_height = tile_height or bitmap.height
        self.x = x
        self.y = y
        self.hidden = False
        self.changes = 0
        self._tiles = bytearray(width * height)
        for i in range(width * height):
            self._tiles[i] = default_tile

    def _index(self, key):
        if isinstance(key, tuple):
            return key[1] * self.width + key[0]
        return key

    def __setitem__(self, key, tile):
        self._tiles[self._index(key)] = tile
        self.changes += 1

    def __getitem__(self, key):
        return self._tiles[self._index(key)]


class Group:
    def __init__(self, *, scale=1, x=0, y=0):
        # plain fields, as the C type has: a subclass's properties (Label's
        # scale, x, y) must not run before the subclass has set itself up
        self._layers = []
        self._scale = scale
        self._x = x
        self._y = y
        self.hidden = False

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, value):
        self._scale = value

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, value):
        self._x = value

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, value):
        self._y = value

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


def release_displays():
    pass
