"""The text view (``sim/textview.py``): every golden screen of both
panels read from its tiles and laid out at the least terminal (40x12:
40 columns, 10 lines for the panel) and at 80x24, every word and card on
it, no line wider than the terminal; cards read with their suits, red
ones marked with colour and without."""

import pytest

import ui_glyphs
from engine import cards
from sim import golden, textview


@pytest.fixture(scope="module", params=golden.PROFILES)
def screens(request):
    out = {}
    for name, make in golden.SCREENS.items():
        s = make(request.param)
        out[name] = (s.hw.width, s.hw.height, textview.runs(s.hw.display.root_group))
    return out


def test_every_word_and_card_of_every_screen_fits_40x12_and_80x24(screens):
    for name, (w, h, runs) in screens.items():
        assert runs, name
        for cols, rows in ((40, 10), (80, h // 4)):
            lines = [textview.plain(x) for x in textview.lay_out(runs, w, h, cols, rows)]
            assert len(lines) == rows
            assert max(len(x) for x in lines) <= cols, (name, cols, lines)
            text = "\n".join(lines)
            for r in runs:
                assert r.text.strip() in text, (name, cols, r.text, lines)


def test_lines_keep_the_panels_order_and_a_card_keeps_its_row(screens):
    w, h, runs = screens["table-color-elevator"]
    lines = [textview.plain(x) for x in textview.lay_out(runs, w, h, 80, 22)]
    found = [i for i, x in enumerate(lines) if x.strip()]
    assert found == sorted(found)
    status = [r for r in runs if r.y == 0][0].text
    hand = [
        r.text
        for r in runs
        if r.kind == "card" and r.y == max(x.y for x in runs if x.kind == "card")
    ]
    at_status = [i for i, x in enumerate(lines) if status in x][0]
    at_hand = [i for i, x in enumerate(lines) if hand[0] in x.split()][-1]
    shown = [x for x in lines[at_hand].split() if x[-1] in textview.SUITS or x == "JK"]
    assert at_status < at_hand and shown == hand  # the cards of that row, left to right


def test_cards_read_with_suits_and_red_is_marked_with_and_without_colour():
    for card in range(52):
        top, bottom = ui_glyphs.card_tiles(card)
        text, red = textview.card_text(top, bottom)
        code = cards.code(card)
        assert text == code[:-1] + textview.SUITS["CDHS".index(code[-1])]
        assert red == (code[-1] in "DH")
    assert textview.card_text(*ui_glyphs.card_tiles(52))[0] == "JK"
    assert textview.card_text(*ui_glyphs.card_tiles(ui_glyphs.CARD_BACK))[0] == "##"
    assert textview.card_text(*ui_glyphs.card_tiles(ui_glyphs.CARD_SLOT))[0] == "[]"
    hearts = textview.Run(0, 0, 14, "J\u2665", "card", red=True)
    spades = textview.Run(12, 0, 14, "J\u2660", "card")
    coloured = "".join(textview.lay_out([hearts, spades], 128, 64, 40, 10))
    plain = "".join(textview.lay_out([hearts, spades], 128, 64, 40, 10, colour=False))
    assert "\x1b[31mJ\u2665" in coloured and "\x1b[31mJ\u2660" not in coloured
    assert "\x1b[4mJ\u2665" in plain and "\x1b[4mJ\u2660" not in plain  # underlined: red
    assert textview.plain(coloured).split() == ["J\u2665", "J\u2660"]


def test_the_pyramids_cursor_marks_its_card_inverse(screens):
    w, h, runs = screens["table-elevator-solitaire"]
    text = "".join(textview.lay_out(runs, w, h, 64, h // 4))
    if h == 64:  # the 128x64 pyramid: a half card over the chosen cell
        assert text.count("\x1b[7m") == 1, text
    else:  # 128x32: the free cards in a row, the bar under the chosen one
        assert "^^" in textview.plain(text)


def test_a_line_too_long_is_cut_at_its_left_never_overlapped():
    long = textview.Run(0, 0, 6, "A" * 38)
    tail = textview.Run(120, 0, 6, "XYZ")
    line = "".join(textview.plain(x) for x in textview.lay_out([long, tail], 128, 64, 40, 10))
    assert len(line) <= 40 and line.endswith(" XYZ") and line.count("A") == 36, line
    hand = [textview.Run(4 + 11 * i, 0, 14, "10\u2660", "card") for i in range(11)]
    line = "".join(textview.plain(x) for x in textview.lay_out(hand, 128, 64, 33, 10))
    assert len(line) <= 33 and line.endswith("10\u2660"), line  # the last card whole
