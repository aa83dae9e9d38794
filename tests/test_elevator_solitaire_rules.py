"""Elevator solitaire rules, one test per spec rule
(seeds/elevator-solitaire.md). Plain asserts: tests/mp/run.py runs this
file under MicroPython too."""

import catalog
from positions import es_position, raises

import games
import games.text
from engine import cards
from games import elevator_solitaire as es

# a pyramid with the bottom row 2C..8C, everything above it the hearts and
# spades; '-' marks a gone card
_FULL = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AS 2S 3S 4S 5S 6S 7S 8S 2C 3C 4C 5C 6C 7C 8C"


def _code(s, pos):
    return cards.code(s.pyr[pos])


def test_es1_one_player_one_pack_no_jokers():
    s = es.new_state(1, 5)
    assert sorted(s.all_cards()) == list(range(52)), "ES-1: one pack, no jokers"
    assert raises(es.new_state, 2, 1), "ES-1: one player"
    assert s.current_player() == 0


def test_es2_deal_pyramid_base_face_up_waste_empty():
    s = es.new_state(1, 77)
    assert s.left == 28 and s.deck_n == 24 and s.pile_n == 0, "ES-2: 28 up, 24 stock, no waste"
    up = [p for p in range(28) if s.face_up(p)]
    assert up == list(range(21, 28)), "ES-2: only the bottom row face up"
    # apex first, from the top of the shuffled pack
    from engine.prng import Prng

    deck = bytearray(range(52))
    Prng(77).shuffle(deck, 52)
    assert s.pyr[0] == deck[51] and s.pyr[27] == deck[51 - 27]
    obs = s.observe(0)
    assert all(obs.pyr[p] == es.HIDDEN for p in range(21))
    assert list(obs.pyr[21:]) == list(s.pyr[21:])


def test_es3_a_card_turns_up_when_both_cards_below_are_gone():
    assert es.covers(0) == (1, 2) and es.covers(20) == (26, 27) and es.covers(21) == (-1, -1)
    s = es_position(_FULL, waste="3D")
    assert _code(s, 15) == "3S" and not s.face_up(15)  # 3S rests on 2C and 3C
    s.apply(21)  # 2C on the 3
    assert not s.face_up(15)  # 3C still covers it
    s.apply(22)  # 3C on the 2
    assert s.face_up(15) and s.uncovered(15)
    assert not s.face_up(16)


def test_es4_stock_turns_one_card_no_redeal():
    s = es_position(_FULL, stock="KD QD", waste="10D")
    assert es.DRAW in s.legal_list()
    s.apply(es.DRAW)
    assert cards.code(s.top()) == "QD" and s.deck_n == 1, "ES-4: one card turned"
    s.apply(es.DRAW)
    assert s.deck_n == 0 and es.DRAW not in s.legal_list(), "ES-4: no redeal"
    assert raises(s.apply, es.DRAW)


def test_es5_one_rank_up_or_down_with_wrap_and_no_play_on_empty_waste():
    s = es_position(_FULL, stock="9D")
    assert s.legal_list() == [es.DRAW]  # empty waste: turn a card first
    assert games.text.why_illegal(s, 21) == "Turn a stock card first"
    s = es_position(_FULL, waste="KD")
    assert s.legal_list() == []
    s = es_position(_FULL, waste="AD")
    assert s.legal_list() == [21]  # 2C on the ace (and K would be too)
    s = es_position(_FULL, waste="4D")
    assert s.legal_list() == [22, 24]  # 3C and 5C
    assert games.text.why_illegal(s, 23) == "Play 5 or 3 on 4"
    assert games.text.why_illegal(s, 10) == "That card is covered"
    wrap = es_position(_FULL.replace("8C", "KC"), waste="AD")
    assert 27 in wrap.legal_list()


def test_es6_one_point_per_pyramid_card():
    s = es_position(_FULL, stock="9D", waste="4D")
    assert s.score() == 0
    s.apply(22)
    s.apply(21)
    assert s.score() == 2, "ES-6: a point a pyramid card"
    s.apply(es.DRAW)
    assert s.score() == 2


def test_es7_clearing_the_pyramid_wins():
    last = " ".join(["-"] * 27 + ["5C"])
    s = es_position(last, stock="9D", waste="4D")
    s.apply(27)
    assert s.is_over() and s.winner == 0 and s.score() == 28 and catalog.returns(s) == [1.0], "ES-7"


def test_es8_lost_when_stock_empty_and_nothing_fits():
    s = es_position(_FULL, stock="JD", waste="4D")
    s.apply(22)  # 3C on the 4
    s.apply(21)  # 2C on the 3
    assert not s.is_over()
    s.apply(es.DRAW)  # JD: no 10 or Q is free and the stock is empty
    assert s.is_over() and s.winner == -1 and s.legal_list() == [], "ES-8: lost"
    assert catalog.returns(s) == [0.0]


def test_es9_escalator_shows_every_card_but_covered_cards_wait():
    s = es.new_state(1, 77, es.ESCALATOR)
    assert all(s.face_up(p) for p in range(28)), "ES-9: every card face up"
    assert s.observe(0).pyr == s.pyr
    e = es_position(_FULL, waste="4D", variant=es.ESCALATOR)
    assert e.legal_list() == [22, 24], "ES-9: covered cards wait"  # 5S above is face up but covered
    assert not e.uncovered(15)


def test_es10_undo_takes_moves_back_to_the_deal():
    s = es.new_state(1, 3)
    start = s.key()
    seen = [start]
    while not s.is_over():
        s.apply(es.basic_policy(s.observe(0)))
        seen.append(s.key())
    assert s.undo()
    while s.turns:
        seen.pop()
        assert s.key() == seen[-1], "ES-10: one move at a time"
        assert s.undo() or s.turns == 0
    assert s.key() == start and not s.undo(), "ES-10: back to the deal"


def test_es11_deal_number_gives_the_same_deal():
    assert es.new_state(1, 4242).key() == es.new_state(1, 4242).key(), "ES-11"
    assert es.new_state(1, 4242).key() != es.new_state(1, 4243).key()


def _lines_path():
    """The shipped lines file, beside the games (as the table finds it)."""
    import games

    f = games.__file__
    return f[: max(f.rfind("/"), f.rfind("\\")) + 1] + "elevator_solitaire_lines.bin"


def test_es12_the_hint_follows_the_shipped_line_to_a_win():
    from games import elevator_solitaire_ai as ai
    from games import elevator_solitaire_solver as sv

    s = es.new_state(1, 6235)  # a shipped deal the board's solver alone cannot prove
    into = s._blank()
    unproven = 0
    while not s.is_over():
        a, sure = ai.hint(s, sv.HINT_BUDGET, sv.HINT_MEMO, _lines_path(), into)
        assert sure and a in s.legal_list(), "ES-12: the line's next move, proven"
        unproven += not sv.hint(s, sv.HINT_BUDGET, sv.HINT_MEMO)[1]
        s.apply(a)
    assert s.winner == 0, "ES-12: the hint alone clears the deal"
    assert unproven > 0
    # no lines file, or a deal off the list: the solver within its budget
    s = es.new_state(1, 6235)
    s.apply(es.DRAW)
    guess = sv.hint(s, sv.HINT_BUDGET, sv.HINT_MEMO)
    assert not guess[1]
    assert ai.hint(s, sv.HINT_BUDGET, sv.HINT_MEMO, "no_such.bin", into) == guess, "ES-12"
    lost = es.new_state(1, 2)
    lost.apply(es.DRAW)
    want = sv.hint(lost, sv.HINT_BUDGET, sv.HINT_MEMO)
    assert ai.hint(lost, sv.HINT_BUDGET, sv.HINT_MEMO, _lines_path(), into) == want, "ES-12"
