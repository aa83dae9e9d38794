"""sim/fastfill.py draws exactly what Blinka's own pixel loop draws: random
scenes (sheets of 1-8 bits a value, transparent colours, tiles of any size,
grids off the panel's edges, flipped, transposed, scaled, overlapping) are
drawn into random areas with both, and every byte and mask bit compared."""

import random

import displayio
import displayio._tilegrid as tilegrid_module
import pytest

from sim import fastfill
from sim.hal import SimHAL


def _scene(rng):
    group = displayio.Group(scale=rng.choice((1, 1, 1, 2)))
    for _ in range(rng.randint(1, 4)):
        bits = rng.choice((1, 1, 2, 4, 8))
        tile_w, tile_h = rng.randint(1, 12), rng.randint(1, 12)
        sheet = displayio.Bitmap(tile_w * rng.randint(1, 5),
                                 tile_h * rng.randint(1, 4), 1 << bits)  # fmt: skip
        for y in range(sheet.height):
            for x in range(sheet.width):
                sheet[x, y] = rng.randrange(1 << bits)
        palette = displayio.Palette(1 << bits)
        for i in range(1 << bits):
            palette[i] = rng.choice((0x000000, 0xFFFFFF, 0x808080))
            if rng.random() < 0.25:
                palette.make_transparent(i)
        per_row = sheet.width // tile_w
        count = per_row * (sheet.height // tile_h)
        grid = displayio.TileGrid(sheet, pixel_shader=palette, width=rng.randint(1, 12),
                                  height=rng.randint(1, 8), tile_width=tile_w,
                                  tile_height=tile_h, x=rng.randint(-20, 120),
                                  y=rng.randint(-10, 60))  # fmt: skip
        for i in range(grid.width * grid.height):
            grid[i] = rng.randrange(count)
        grid.flip_x = rng.random() < 0.2
        grid.flip_y = rng.random() < 0.2
        grid.transpose_xy = rng.random() < 0.2
        group.append(grid)
    return group


def _draw(core, group, area, fill):
    tilegrid_module._fill_pixels_packed = fill
    try:
        size = area.size()
        buffer = memoryview(bytearray(4 * (size // 32 + 1))).cast("I")
        mask = memoryview(bytearray(4 * (size // 32 + 1))).cast("I")
        group._fill_area(core.colorspace, area, mask, buffer)
        return bytes(buffer.cast("B")), bytes(mask.cast("B"))
    finally:
        tilegrid_module._fill_pixels_packed = fastfill.fill_pixels_packed


@pytest.mark.parametrize("profile", ["pico-128x64", "feather-128x32"])
def test_random_scenes_draw_the_same_bytes_as_blinka(profile):
    from displayio._area import Area

    hw = SimHAL(profile)
    core = hw.display._core
    rng = random.Random(profile)
    fast_cases = 0
    for _ in range(60):
        group = _scene(rng)
        hw.display.root_group = group
        for _ in range(4):
            x1, y1 = rng.randrange(hw.width), rng.randrange(0, hw.height, 8)
            area = Area(x1, y1, rng.randint(x1 + 1, hw.width),
                        min(hw.height, y1 + 8 * rng.randint(1, 8)))  # fmt: skip
            ours = _draw(core, group, area, fastfill.fill_pixels_packed)
            theirs = _draw(core, group, area, fastfill.BLINKA)
            assert ours == theirs
            fast_cases += group.scale == 1 and any(ours[0])
    assert fast_cases >= 50  # most drew something through the fast path


def test_the_simulator_draws_with_it():
    SimHAL()
    assert tilegrid_module._fill_pixels_packed is fastfill.fill_pixels_packed
