"""Turn the emulated panel into PNG files and terminal text."""

from PIL import Image

ON = (170, 220, 255)  # the bluish white of a typical SSD1306
OFF = (0, 0, 0)


def image(panel, scale=4):
    rows = panel.pixels()
    img = Image.new("RGB", (panel.width, panel.height), OFF)
    px = img.load()
    for y, row in enumerate(rows):
        for x, v in enumerate(row):
            if v:
                px[x, y] = ON
    if scale != 1:  # nearest neighbour keeps every pixel crisp
        img = img.resize((panel.width * scale, panel.height * scale), Image.NEAREST)
    return img


def save_png(panel, path, scale=4):
    image(panel, scale).save(path)


def half_blocks(panel):
    """The panel as lines of Unicode half blocks: two pixel rows a line."""
    rows = panel.pixels()
    chars = (" ", "\u2584", "\u2580", "\u2588")  # none, lower, upper, both
    lines = []
    for y in range(0, len(rows), 2):
        top = rows[y]
        bottom = rows[y + 1] if y + 1 < len(rows) else bytearray(len(top))
        lines.append("".join(chars[top[x] * 2 + bottom[x]] for x in range(len(top))))
    return lines
