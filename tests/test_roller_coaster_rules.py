"""Roller Coaster rules, one test per spec rule (seeds/roller-coaster.md).

Plain asserts only: tests/mp/run.py runs this file under MicroPython too.
"""

import cardtext
import catalog
from positions import raises
from rc_position import legal_codes, play, position

import games
import games.text
from engine import cards
from engine.prng import Prng
from games import roller_coaster as rc


def test_rc1_players_and_decks():
    for n in range(2, 9):
        s = rc.new_state(n, 5)
        total = 108 if n > 6 else 54
        assert s.decks == (2 if n > 6 else 1), (
            "RC-1: one pack up to six players, two for seven or eight"
        )
        assert len(s.all_cards()) == total
        assert sorted(s.all_cards()) == list(range(total))
    assert raises(rc.new_state, 1, 1)
    assert raises(rc.new_state, 9, 1)


def test_rc2_ranks_wrap_around_ace():
    s = position(["AH KS 2C 5D", "9D"], pile="AS")
    # top ace: king (down) and two (up) are both one step away
    assert legal_codes(s) == ["2C", "DRAW", "KS"], "RC-2: the ace sits next to the two and the king"
    s = position(["AH 5D", "9D"], pile="KC")
    assert legal_codes(s) == ["AH", "DRAW"]


def test_rc3_deal_five_each_seat0_first():
    deal = 4321
    s = rc.new_state(3, deal)
    order = bytearray(range(54))
    Prng(deal).shuffle(order)
    top = 53
    for _ in range(5):
        for seat in range(3):
            assert s.hands[seat].contains(order[top])
            top -= 1
    assert s.deck_n == 54 - 15 and list(s.counts) == [5, 5, 5], "RC-3: five cards each"
    assert s.current_player() == 0 and s.pile_n == 0


def test_rc4_draw_always_allowed():
    s = position(["8H 3C", "4D"], pile="7S", stock="2H 9C")
    assert "8H" in legal_codes(s) and "DRAW" in legal_codes(s), (
        "RC-4: a draw even when a card could go"
    )
    s.apply(rc.DRAW)
    assert s.counts[0] == 3 and s.current_player() == 1


def test_rc5_one_direction_only():
    s = position(["KH AH JD QC 2S", "4D"], pile="QS")
    play(s, "KH")
    assert legal_codes(s) == ["AH", "DONE"]  # going up: Q K A
    play(s, "AH")
    assert legal_codes(s) == ["2S", "DONE"]
    play(s, "2S")
    assert "QC" not in legal_codes(s) and "JD" not in legal_codes(s), "RC-5: one direction"


def test_rc6_opening_needs_two_cards():
    s = position(["7H 8C KD", "4D"])
    assert legal_codes(s) == ["7H", "8C", "DRAW"]  # KD has no neighbour
    play(s, "7H")
    # one card is not a run yet
    assert legal_codes(s) == ["8C"], "RC-6: an opening run needs two cards"
    play(s, "8C")
    assert "DONE" in legal_codes(s)
    s2 = position(["7H 6C 5D", "4D"])
    play(s2, "6C")
    play(s2, "5D")  # the second card fixes the direction: down
    assert legal_codes(s2) == ["DONE"]


def test_rc7_first_card_next_to_top():
    s = position(["KH JD 9C", "4D"], pile="QS")
    assert legal_codes(s) == ["DRAW", "JD", "KH"], "RC-7: the first card one step from the top"
    play(s, "JD")
    assert s.run_dir == -1
    assert legal_codes(s) == ["DONE"]  # single card allowed after the opening
    s.apply(rc.DONE)
    assert s.current_player() == 1 and cards.code(s.top()) == "JD"


def test_rc8_jokers_inside_runs_only():
    s = position(["JK 5H 7C 10C", "2D"], pile="4S")
    assert legal_codes(s) == ["5H", "DRAW"], "RC-8: a joker never starts a run"  # never first
    play(s, "5H")
    assert legal_codes(s) == ["DONE", "JK"]  # JK stands for 6, then 7C
    play(s, "JK")
    assert legal_codes(s) == ["7C"], "RC-8: nor ends one"  # never last
    play(s, "7C")
    assert legal_codes(s) == ["DONE"]
    # a joker may stand in for a rank also held, and jokers may follow each other
    s = position(["JK JK 6H 5D 8C 9S", "2D"], pile="4C")
    play(s, "5D")
    assert "JK" in legal_codes(s) and "6H" in legal_codes(s)
    play(s, "JK JK")
    assert legal_codes(s) == ["8C"]
    # a joker with no natural card able to follow it is refused
    s = position(["JK 5H 9C", "2D"], pile="4S")
    play(s, "5H")
    assert legal_codes(s) == ["DONE"]
    # opening: first card, joker, then either direction
    s = position(["5H JK 3C 7D", "2D"])
    play(s, "5H JK")
    assert legal_codes(s) == ["3C", "7D"]


def test_rc9_empty_hand_wins_at_once():
    s = position(["5H 6H", "2D 9C", "KS"], pile="4S", stock="3C")
    play(s, "5H 6H")
    assert s.is_over() and s.winner == 0 and s.current_player() == -1, (
        "RC-9: an empty hand wins at once"
    )
    assert s.ranking() == [0, 2, 1] and catalog.returns(s) == [1.0, 0.0, 0.0]


def test_rc10_draw_takes_top_of_stock():
    s = position(["5H", "2D"], pile="9S", stock="3C 8D")
    s.apply(rc.DRAW)
    assert s.hands[0].contains(cardtext.parse("8D")) and s.deck_n == 1, (
        "RC-10: the stock's top card"
    )
    assert s.current_player() == 1 and s.counts[0] == 2


def test_rc11_flip_pile_keeps_top():
    s = position(["5H", "2D"], pile="3C 4C 5C 6C")
    s.apply(rc.DRAW)
    # pile 3C 4C 5C (bottom first) turned over: 3C is now on top of the stock
    assert s.hands[0].contains(cardtext.parse("3C"))
    assert cards.code(s.top()) == "6C" and s.pile_n == 1, "RC-11: the pile's top card stays"
    assert [cards.code(c) for c in s.deck[: s.deck_n]] == ["5C", "4C"], (
        "RC-11: the pile turned over, unshuffled"
    )


def test_rc12_nothing_to_draw_passes():
    s = position(["5H", "2D", "9S"], pile="KC")
    s.apply(rc.DRAW)
    assert s.counts[0] == 1 and s.deck_n == 0 and s.idle == 1, "RC-12: nothing to draw: no card"
    assert s.current_player() == 1 and not s.is_over()


def test_rc13_blocked_round_ends_game():
    s = position(["5H 5D", "9S", "2D 2C 2H"], pile="KC")
    for _ in range(3):
        assert not s.is_over()
        s.apply(rc.DRAW)
    assert s.is_over() and s.winner == -1, "RC-13: a round with no play and no card ends blocked"
    assert s.ranking() == [1, 0, 2]


def test_rc14_turn_limit():
    s = position(["5H", "9D"], pile="KC 2C 3C")
    turns = 0
    while not s.is_over():
        s.apply(rc.DRAW)
        turns += 1
        if turns % 2 == 0 and s.pile_n < 2:
            # keep cards moving so RC-13 never fires: hand them back
            for seat in range(2):
                c = s.hands[seat].first_masked((0x7FFFFFF, 0x7FFFFFF))
                if s.counts[seat] > 1:
                    s.hands[seat].remove(c)
                    s.counts[seat] -= 1
                    s.pile[s.pile_n] = c
                    s.pile_n += 1
    assert s.turns == rc.MAX_TURNS, "RC-14: the game ends at the turn limit"


def test_rc15_ranking_by_cards_left():
    s = position(["5H 6H", "2D", "9C 9D 9H", "KS KH"], pile="QC", stock="3C")
    for _ in range(4):
        s.apply(rc.DRAW)  # stock empties, then nothing more to draw
    s.idle = 0
    for _ in range(4):
        s.apply(rc.DRAW)
    assert s.is_over()
    assert s.ranking() == [2, 0, 2, 1], "RC-15: fewest cards first, equal counts share a place"


def test_rc7_refusals_say_why():
    s = position(["KH JD 9C 5H", "4D"], pile="QS")
    assert games.text.why_illegal(s, cardtext.parse("9C")) == "Play K or J on Q"
    assert games.text.why_illegal(s, cardtext.parse("KH")) == ""
    assert games.text.why_illegal(s, rc.DONE) == "Pick cards first"
    play(s, "KH")
    assert games.text.why_illegal(s, cardtext.parse("5H")) == "Next must be A"
    assert games.text.why_illegal(s, rc.DRAW) == "Finish or undo the run first"
