"""Pixel checks shared by the simulator tests: a block of the emulated
panel, and the pixels the glyph sheet holds for a card."""

import ui_glyphs


def panel_block(panel, x, y, w, h):
    rows = panel.pixels()
    return [list(rows[y + j][x : x + w]) for j in range(h)]


def glyph_block(card):
    """The 10x14 pixels the glyph sheet holds for a card."""
    top, bottom = ui_glyphs.card_tiles(card)
    out = []
    for tile in (top, bottom):
        for j in range(ui_glyphs.HALF_H):
            out.append([ui_glyphs.CARDS[tile * ui_glyphs.CARD_W + i, j]
                        for i in range(ui_glyphs.CARD_ART)])  # fmt: skip
    return out


def card_on_panel(panel, view_or_xy, card):
    """True when the panel shows ``card`` at a CardView (or an (x, y))."""
    if isinstance(view_or_xy, tuple):
        x, y = view_or_xy
    else:
        x, y = view_or_xy.grid.x, view_or_xy.grid.y
    return panel_block(panel, x, y, 10, 14) == glyph_block(card)


def card_in_row(panel, row, i, card):
    """True when the panel shows ``card`` as card ``i`` of a ``ui.CardRow``."""
    x, y = row.grid.x + i * ui_glyphs.CARD_W, row.grid.y
    return panel_block(panel, x, y, 10, 14) == glyph_block(card)
