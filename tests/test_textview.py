"""The text view (``sim/textview.py``): every golden screen of both
panels read from its tiles and laid out at the least terminal (40x12:
40 columns, 10 lines for the panel) and at 80x24, every word and card on
it, no line wider than the terminal; cards read with their suits, red
ones marked with colour and without."""

import itertools
import re

import pytest

import ui_glyphs
from engine import cards
from sim import golden, term, textview
from sim.headless import Session

# the tests of every screen on one pytest worker: the screens are made once
_ONE_WORKER = pytest.mark.xdist_group("textview-screens")


@pytest.fixture(scope="module", params=golden.PROFILES)
def screens(request):
    out = {}
    for name, make in golden.SCREENS.items():
        s = make(request.param)
        out[name] = (s.hw.width, s.hw.height, textview.runs(s.hw.display.root_group, s.screen))
    return out


@_ONE_WORKER
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


@_ONE_WORKER
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


def test_a_message_reads_its_cards_suits_red_ones_red():
    """Issue 38, item 6: the mini font's suits (``cards.mark``) read as the
    suit, their second tile as the space after the card; a red one red."""
    from ui import Line, TextRow

    line = Line(32)
    line.add("P2 PLAYED ")
    line.codes([cards.RANKS * 2 + 6, cards.RANKS * 3 + 6], 0, 2)  # the sevens of hearts, spades
    line.add(" ON 1")
    row = TextRow(32, 0, 0)
    row.show(line)
    runs = textview.runs(row.grid)
    assert [r.text for r in runs] == ["P2 PLAYED 7\u2665 7\u2660 ON 1"]
    coloured = textview.lay_out(runs, 128, 64, 80, 16)[0]
    assert "\x1b[31m7\u2665\x1b[0m" in coloured and "\x1b[31m7\u2660" not in coloured
    plain = textview.lay_out(runs, 128, 64, 80, 16, colour=False)[0]
    assert textview.plain(plain).strip() == "P2 PLAYED 7\u2665 7\u2660 ON 1"


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


@_ONE_WORKER
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


def _card(card):
    code = cards.code(card)
    return code[:-1] + textview.SUITS["CDHS".index(code[-1])]


# -- the solitaire's pyramid --------------------------------------------------
_PYRAMID_EDGE = 45  # the columns left of the waste and the stock (panel x 90 at 80 columns)


def _pyramid_check(s, lines, found):
    """The 80-column text of the 128x64 pyramid (``lines``, as the terminal
    shows them) against the game: each row's cards, suits and all, on a line
    of their own (the next one after the row above that shows them), in
    order and a blank line apart; each card's column its x on the panel over
    two (80 columns show the panel's 128 pixels as 64), the same for every
    card of every row and deal whatever its width. Adds each card's (offset,
    rank) to ``found``: twice the column its text ends at, less the panel x
    its cell ends at (one mapping: one offset)."""
    t = s.screen
    state = t.state
    at = []  # the line of each row with cards
    for r, row in enumerate(t.view.rows):
        want = []  # (card, panel x of its cell's right edge)
        for i in range(r + 1):
            pos = r * (r + 1) // 2 + i
            if state.present(pos):
                card = _card(state.pyr[pos]) if state.face_up(pos) else "##"
                want.append((card, row.grid.x + (3 * i + 2) * row.grid.tile_width))
        if not want:
            continue
        ranks = [c.rstrip(textview.SUITS) for c, _ in want]
        for n in range(at[-1] + 1 if at else 0, len(lines)):  # the next line showing them
            got = [(m.group(), m.end()) for m in re.finditer(r"\S+", lines[n])
                   if m.end() <= _PYRAMID_EDGE]  # fmt: skip
            if [c.rstrip(textview.SUITS) for c, _ in got] == ranks:
                break
        else:
            raise AssertionError("row %d %r: no line below the last row's shows it whole:\n%s"
                                 % (r, ranks, "\n".join(lines)))  # fmt: skip
        at.append(n)
        offsets = [2 * end - x for (_, x), (_, end) in zip(want, got)]
        assert len(set(offsets)) == 1, (r, got, want, lines)  # evenly spaced, "10" or not
        found.update((o, c.rstrip(textview.SUITS)) for o, (c, _) in zip(offsets, got))
        assert [c for c, _ in got] == [c for c, _ in want], (r, got, want, lines)  # suits
    assert at == sorted(at) and all(b - a >= 2 for a, b in zip(at, at[1:])), (at, lines)


def _greedy_plays(s, n):
    """Up to ``n`` cards played from the pyramid by its keys (A on each free
    card in turn, SELECT when none goes), each play yielded."""
    state = s.screen.state
    for _ in range(n):
        before = state.score()
        for _ in range(8):
            s.press("A")
            if state.score() != before or state.is_over():
                break
            s.press("RIGHT")
        else:
            s.press("SELECT")
        if state.is_over():
            return
        yield


@pytest.mark.parametrize("variant", [0, 1], ids=["solitaire", "escalator"])
def test_the_pyramid_at_80x24_is_on_the_panels_grid_with_suits(variant):
    """Deals 1-40 of the solitaire (face-down rows) and Escalator (all face
    up), dealt and after some plays, as an 80x24 terminal shows them: every
    card of pyramid row r on row r's line (7 lines, in order, a blank line
    apart), at the column its cell's x gives, one mapping for all (a "10"
    included: the issue's ``J 10        Q`` row), with its suit."""
    found = set()
    for deal in range(1, 41):
        s = Session("pico-128x64", "elevator-solitaire", 1, deal, seed=deal, pace_ms=0,
                    variant=variant)  # fmt: skip
        s.settle()
        screen = term.Screen(s.hw, -1, -1)
        screen.app = s.app  # as ``python -m sim`` shows it: the cards' suits from its game
        for _ in itertools.chain([None], _greedy_plays(s, 6)):  # dealt, then each play
            lines = [textview.plain(x.replace("\x1b[2K", "")) for x in screen.text_lines(80, 22)]
            assert len(lines) == 16 and max(len(x) for x in lines) <= 80, lines
            _pyramid_check(s, lines, found)
    assert any(rank == "10" for _, rank in found)  # the sample has 10s ...
    assert {offset for offset, _ in found} == {0}  # ... and every card's cell ends at x / 2
