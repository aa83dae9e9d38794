"""Blinka's pixel loop for a mono OLED, a row at a time instead of a pixel.

Blinka's displayio draws a TileGrid onto an SSD1306 in
``displayio._tilegrid._fill_pixels_packed``: for every pixel it works out
the tile, the tile's place in the sheet, the bit in the sheet's word and
the bit in the panel's byte. In the tests that play through the app that
loop was about 40% of the processor time (cProfile).

``fill_pixels_packed`` takes the same arguments and writes the same bytes
and mask bits, with the same result, for the case the console meets (a
panel of one bit a pixel whose bytes hold a column of eight, drawn
unscaled): a sheet's tile rows are read once while the sheet's contents
stay, and a row of the area that no upper layer covered and that holds
no transparent pixel is written as whole bytes and mask words. Other rows
go pixel by pixel, and other panels to Blinka's own loop. ``install`` puts
it in Blinka's place (``sim.hal`` does so); tests/test_fastfill.py draws
random grids (1-8 bit sheets, transparent colours, flipped, transposed,
scaled, clipped, overlapping) with both and compares every byte and bit.

Measured: the fills of 80 turns of four-player Bastard replayed, 0.60 s
with Blinka's loop, 0.10 s with this; nine test files that play through
the app (durable, pass_and_play, saves_app, autoplay, golden, tables,
controls, textview, button_fuzz), 133 -> 72 CPU seconds.
"""

import displayio._tilegrid as _tilegrid

BLINKA = _tilegrid._fill_pixels_packed


def _row_values(bitmap, tile, tile_row, tile_width, tile_height, per_row):
    """The sheet's values of ``tile``'s row ``tile_row``: what Blinka reads
    pixel by pixel (0 outside the sheet, as it gives)."""
    width = bitmap._bmp_width
    height = bitmap._bmp_height
    bits = bitmap._bits_per_value
    words = bitmap._data
    x0 = (tile % per_row) * tile_width
    y = (tile // per_row) * tile_height + tile_row
    out = [0] * tile_width
    if y >= height:
        return out
    if bits == 8:
        data = memoryview(words).cast("B")
        base = y * bitmap._stride * words.itemsize
        for i in range(tile_width):
            if x0 + i < width:
                out[i] = data[base + x0 + i]
        return out
    shift = bitmap._x_shift
    xmask = bitmap._x_mask
    bitmask = bitmap._bitmask
    base = y * bitmap._stride
    for i in range(tile_width):
        x = x0 + i
        if x < width:
            out[i] = (words[base + (x >> shift)] >> (32 - ((x & xmask) + 1) * bits)) & bitmask
    return out


_SHEETS = {}


def _rows_of(bitmap):
    """{(tile, its row): the sheet's values} of a sheet as it holds now: read
    once for all calls while its contents stay (a sheet drawn into since is
    another key)."""
    key = (bitmap._bmp_width, bitmap._bmp_height, bitmap._bits_per_value, bytes(bitmap._data))
    rows = _SHEETS.get(key)
    if rows is None:
        if len(_SHEETS) >= 64:
            _SHEETS.clear()
        rows = _SHEETS[key] = {}
    return rows


_TABLES = {}


def _tables(colors, opaque):
    """``bytes.translate`` tables of a palette: a value's colour, and 1 if opaque."""
    key = (tuple(colors), bytes(opaque))
    got = _TABLES.get(key)
    if got is None:
        got = _TABLES[key] = (
            bytes(colors) + bytes(256 - len(colors)),
            bytes(1 if o else 0 for o in opaque) + bytes(256 - len(opaque)),
        )
    return got


def fill_pixels_packed(buffer, mask, colors, opaque, geometry, tilegrid, bitmap, pack):
    """Blinka's ``_fill_pixels_packed``: the same arguments, the same bytes
    and mask bits written, the same result (False if a transparent pixel
    was left unset)."""
    depth, pixels_per_byte, reverse_in_byte, share_row, area_width = pack
    if (
        depth != 1
        or pixels_per_byte != 8
        or share_row
        or tilegrid._absolute_transform.scale != 1
        or bitmap._bits_per_value > 8
        or max(colors) > 1
        or type(mask) is not memoryview
        or type(buffer) is not memoryview
    ):
        return BLINKA(buffer, mask, colors, opaque, geometry, tilegrid, bitmap, pack)
    start, x_stride, y_stride, x_shift, y_shift = geometry[:5]
    start_x, end_x, start_y, end_y = geometry[5:]
    tiles = tilegrid._tiles
    tile_width = tilegrid._tile_width
    tile_height = tilegrid._tile_height
    left = tilegrid._top_left_x
    top = tilegrid._top_left_y
    across = tilegrid._width_in_tiles
    down = tilegrid._height_in_tiles
    per_row = tilegrid._bitmap_width_in_tiles
    top_bit = 7 if reverse_in_byte else 0
    spans = []  # the area's columns in runs within one tile: (tile column, x in it, count)
    x = start_x
    while x < end_x:
        t = x % tile_width
        n = min(tile_width - t, end_x - x)
        spans.append(((x // tile_width + left) % across, t, n))
        x += n
    count = end_x - start_x
    columns = None  # a column at a time, where a row cannot go whole: made once needed
    # a row of the area at a time, as whole bytes and mask words, where the grid
    # runs the area's way (neither flipped nor turned) and the row is all opaque
    whole_rows = x_stride == 1 and y_stride == area_width
    paint, solid = _tables(colors, opaque)
    mask_bytes = mask.cast("B")
    lit = (1 << count) - 1
    rows = _rows_of(bitmap)
    full_coverage = True
    for y in range(start_y, end_y):
        row_start = start + (y - start_y + y_shift) * y_stride
        base = ((y // tile_height + top) % down) * across
        tile_row = y % tile_height
        parts = []
        for c, t, n in spans:
            tile = tiles[base + c]
            key = tile * tile_height + tile_row
            got = rows.get(key)
            if got is None:
                got = rows[key] = bytes(
                    _row_values(bitmap, tile, tile_row, tile_width, tile_height, per_row)
                )
            parts.append(got[t : t + n])
        line = b"".join(parts)
        if whole_rows:
            first = row_start + x_shift
            w0 = first >> 5
            w1 = (first + count - 1 >> 5) + 1
            held = int.from_bytes(mask_bytes[w0 * 4 : w1 * 4], "little")
            here = lit << (first - w0 * 32)
            if not held & here and 0 not in line.translate(solid):
                mask_bytes[w0 * 4 : w1 * 4] = (held | here).to_bytes((w1 - w0) * 4, "little")
                row, col = divmod(first, area_width)
                at = (row >> 3) * area_width + col
                was = int.from_bytes(buffer[at : at + count], "little")
                ink = int.from_bytes(line.translate(paint), "little") << ((row & 7) ^ top_bit)
                buffer[at : at + count] = (was | ink).to_bytes(count, "little")
                continue
        if columns is None:
            columns = [(x - start_x + x_shift) * x_stride for x in range(start_x, end_x)]
        for i in range(count):
            offset = row_start + columns[i]
            word = offset >> 5
            bit = 1 << (offset & 31)
            if mask[word] & bit:
                continue
            pixel = line[i]
            if not opaque[pixel]:
                full_coverage = False
                continue
            mask[word] |= bit
            row, col = divmod(offset, area_width)
            buffer[(row >> 3) * area_width + col] |= colors[pixel] << ((row & 7) ^ top_bit)
    return full_coverage


def install():
    """Blinka draws with ``fill_pixels_packed`` from now on."""
    _tilegrid._fill_pixels_packed = fill_pixels_packed
