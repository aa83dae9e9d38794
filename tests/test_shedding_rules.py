"""Elevator and Bastard rules, one test per spec rule (seeds/elevator.md,
seeds/bastard.md). Plain asserts: tests/mp/run.py runs this file under
MicroPython too."""

import cardtext
from positions import find, raises, sh_codes, sh_play, sh_position

import games
import games.text
from engine import cards
from games import bastard as ba
from games import elevator as el
from games import shedding

# -- Elevator --------------------------------------------------------------


def test_el1_three_to_six_players_one_pack_with_jokers():
    for n in range(3, 7):
        s = el.new_state(n, 4)
        assert sorted(s.all_cards()) == list(range(54)), "EL-1: 52 cards and two jokers"
    assert raises(el.new_state, 2, 1) and raises(el.new_state, 7, 1), "EL-1: 3 to 6"


def test_el2_seven_each_one_turned_seat0_first():
    s = el.new_state(4, 8)
    assert list(s.counts) == [7, 7, 7, 7] and s.pile_n == 1, "EL-2: seven each, one turned"
    assert s.deck_n == 54 - 28 - 1 and s.current_player() == 0


def test_el3_twos_low_aces_high():
    v = [shedding.value(cardtext.parse(c)) for c in ("2S", "3S", "10S", "KS", "AS")]
    assert v == sorted(v) and v[0] == 0 and v[-1] == 12, "EL-3: twos low, aces high"


def test_el4_one_rank_alternating_colours():
    s = sh_position(el, ["6S 6H 6C 6D 9H", "3C", "3D"], "5D", stock="2C")
    assert sh_codes(s) == ["6C", "6S", "PASS"], "EL-4: the other colour first"  # black on the red 5
    sh_play(s, "6S")
    # a black six may not follow
    assert sh_codes(s) == ["6D", "6H", "DONE"], "EL-4: colours alternate"
    sh_play(s, "6H 6C 6D")
    assert s.counts[0] == 1 and s.current_player() == 1  # four sixes, play over
    assert cards.codes(s.pile[s.pile_n - 4 : s.pile_n]) == "6S 6H 6C 6D"


def test_el5_climb_then_descend_after_aces_then_climb_after_twos():
    s = sh_position(el, ["8H 10H AH", "KS 3S", "2S 4C"], "9C", stock="5C")
    # higher, red on black
    assert sh_codes(s) == ["10H", "AH", "PASS"], "EL-5: climbing at the start"
    sh_play(s, "AH")
    assert s.dir == -1, "EL-5: aces turn it down"
    assert sh_codes(s) == ["3S", "KS", "PASS"]
    sh_play(s, "3S")
    assert sh_codes(s) == ["PASS"]  # the black 2 cannot go on the black 3
    s = sh_position(el, ["2H 5D", "4C"], "3S", dir=-1)
    sh_play(s, "2H")
    assert s.dir == 1 and sh_codes(s) == ["4C", "PASS"], "EL-5: twos turn it up"


def test_el6_joker_any_turn_alone_resets_the_pile_climbing():
    s = sh_position(el, ["JK 7C", "3H 3S", "9D"], "QD", dir=-1)
    assert "JK" in sh_codes(s)
    sh_play(s, "JK")
    assert s.current_player() == 1 and s.free and s.dir == 1, "EL-6: a joker resets the pile"
    assert sh_codes(s) == ["3H", "3S", "PASS"], "EL-6: then any card"  # any card after a joker


def test_el7_voluntary_pass_draws_unless_previous_passed_and_can_play():
    s = sh_position(el, ["5H", "6D", "7H 8D"], "4S", stock="2C 3C")
    assert sh_codes(s) == ["5H", "PASS"]
    sh_play(s, "PASS")
    assert s.counts[0] == 2 and s.deck_n == 1, "EL-7: a pass draws one"
    assert sh_codes(s) == ["6D"], "EL-7: no pass after a pass"  # seat 1 can play and seat 0 passed
    assert games.text.why_illegal(s, shedding.PASS) == "Last player passed: play"
    s = sh_position(el, ["5C", "2H", "7H"], "9D")
    sh_play(s, "PASS")
    # cannot play: must pass (empty stock: no card)
    assert sh_codes(s) == ["PASS"], "EL-7: cannot play: pass"
    sh_play(s, "PASS")
    assert s.counts[1] == 1


def test_el8_el9_stuck_player_draws_one_per_player_then_takes_from_the_left():
    s = sh_position(el, ["9C 3H 10D", "4D 5D", "4H 5H", "8H 2D"], "8D", stock="2S")
    sh_play(s, "9C PASS PASS PASS")  # seat 1's pass takes the 2S
    # everyone passed on seat 0: the elevator is stuck, at once (10D unused)
    assert s.penalties == 1 and s.phase == shedding.GIVE, "EL-8: stuck at once"
    # four cards owed and the stock is empty: each other player gives one
    # the player on the left gives first
    assert s.current_player() == 1, "EL-9: the left gives first"
    sh_play(s, "4D")
    assert s.current_player() == 2
    sh_play(s, "4H")
    assert s.current_player() == 3
    sh_play(s, "2D")
    assert s.phase == shedding.PLAY and s.counts[0] == 2 + 3, "EL-9: one card a player"


def test_el10_left_player_restarts_with_any_card_same_direction():
    s = sh_position(el, ["9C 3H", "4D 5D", "4H 5H"], "8S", stock="2S 3S 4S 5S 6S", dir=-1)
    sh_play(s, "3H")  # descending: a 3 on the 8
    sh_play(s, "PASS PASS")
    assert s.penalties == 1 and s.counts[0] == 1 + 3
    assert s.current_player() == 1 and s.free and s.dir == -1, "EL-10: same direction"
    assert sh_codes(s) == ["4D", "5D", "6S", "PASS"]  # 6S came from its pass


def test_el11_everyone_passing_on_an_out_player_just_restarts():
    s = sh_position(el, ["9C", "4D 5D", "4H 5H"], "8D")
    sh_play(s, "9C")
    assert s.place[0] == 0 and s.winner == 0
    sh_play(s, "PASS PASS")
    assert s.penalties == 0 and s.free and s.current_player() == 1, "EL-11: no one stuck"


def test_el12_finishing_order_ranks_everyone_and_giving_can_empty_a_hand():
    s = sh_position(el, ["9C 3H 2C", "4D", "4H 5H", "8H 2D"], "8D")
    sh_play(s, "9C PASS PASS PASS")  # stuck; empty stock: gives from seat 1
    sh_play(s, "4D")  # seat 1 gives its last card: out first
    assert s.place[1] == 0 and s.winner == 1, "EL-12: giving the last card"
    sh_play(s, "4H 2D")
    assert s.current_player() == 2  # left of seat 0, skipping seat 1
    s2 = sh_position(el, ["9C", "10D", "JC"], "8D")
    sh_play(s2, "9C 10D")
    assert s2.is_over() and s2.ranking() == [0, 1, 2], "EL-12: order of going out"
    assert s2.ending == shedding.END_RANKED


def test_el13_turn_limit_ends_the_game():
    s = sh_position(el, ["9C 3H", "4D 5D", "4H 5H"], "8D")
    s.turns = shedding.MAX_TURNS - 1
    sh_play(s, "PASS")
    assert s.is_over() and s.ending == shedding.END_TURNS, "EL-13: the turn limit"
    assert s.ranking() == [0, 0, 0], "EL-13: ranked by cards left"
    assert games.text.ending(s) == ("Stopped", "STOPPED AT 3000 TURNS"), "EL-13: said so"


# -- Bastard ---------------------------------------------------------------


def test_ba1_two_to_twelve_players_two_packs_past_six():
    for n in (2, 6, 7, 12):
        s = ba.new_state(n, 3)
        total = 108 if n > 6 else 54
        assert s.decks == (2 if n > 6 else 1) and sorted(s.all_cards()) == list(range(total)), (
            "BA-1: two packs past six"
        )
    assert raises(ba.new_state, 1, 1) and raises(ba.new_state, 13, 1), "BA-1: 2 to 12"


def test_ba2_deal_starts_with_the_first_player():
    s = ba.new_state(5, 8, 0, 3)
    assert s.current_player() == 3 and list(s.counts) == [7] * 5, "BA-2: seven each"
    assert s.deck_n == 54 - 35 - 1


def test_ba3_alternating_colours_up_to_eight_with_two_packs():
    hands = ["6S 6H 6C 6D 6S 6H 6C 6D", "2C", "2C", "2D", "2D", "2H", "2H"]
    s = sh_position(ba, hands, "5D", stock="3C")
    sh_play(s, "6S 6H 6C 6D 6S 6H 6C")
    assert s.current_player() == 0 and sh_codes(s) == ["6D", "DONE"], "BA-3: alternating"
    sh_play(s, "6D")
    assert s.counts[0] == 0 and s.play_n == 0, "BA-3: eight cards in one play"
    assert cards.codes(s.pile[s.pile_n - 8 : s.pile_n]) == "6S 6H 6C 6D 6S 6H 6C 6D"


def test_ba4_higher_never_equal_reverse_at_aces_and_twos():
    s = sh_position(ba, ["5S 6C 6S AC", "3C", "3H"], "5D")
    assert sh_codes(s) == ["6C", "6S", "AC", "PASS"], "BA-4: never equal"  # 5S is equal: refused
    sh_play(s, "AC")
    assert s.dir == -1 and sh_codes(s) == ["PASS"], "BA-4: aces turn it down"  # 3C: black on black
    sh_play(s, "PASS")
    assert sh_codes(s) == ["3H"]  # lower and red: fits


def test_ba5_joker_resets_and_the_pile_climbs_again():
    s = sh_position(ba, ["JK 7C", "3H 9C", "9S"], "QD", dir=-1)
    sh_play(s, "JK")
    assert s.free and s.dir == 1, "BA-5: a joker resets the pile"
    sh_play(s, "3H")
    assert s.dir == 1 and s.current_player() == 2 and sh_codes(s) == ["9S", "PASS"]


def test_ba6_voluntary_pass_draws_and_the_turn_goes_on():
    s = sh_position(ba, ["6C", "7H", "8S"], "5D", stock="KD")
    assert "PASS" in sh_codes(s), "BA-6: a pass when able to play"
    sh_play(s, "PASS")
    assert s.counts[0] == 2 and s.current_player() == 1, "BA-6: drew, turn on"  # even though KD...


def test_ba7_no_pass_after_a_pass_nor_with_two_left():
    s = sh_position(ba, ["6H", "7D", "8S"], "5S", stock="KD QD")
    sh_play(s, "PASS")
    assert sh_codes(s) == ["7D"], "BA-7: no pass after a pass"
    s2 = sh_position(ba, ["6C 9C", "7H"], "5D")
    assert sh_codes(s2) == ["6C", "9C"], "BA-7: nor with two left"  # two players: no voluntary pass
    assert games.text.why_illegal(s2, shedding.PASS) == "Two left: you must play"


def test_ba8_everyone_passed_the_player_must_beat_their_own_play():
    s = sh_position(ba, ["9C 10D 3S", "2H", "2D"], "8D")
    sh_play(s, "9C PASS PASS")
    assert s.current_player() == 0 and s.penalties == 0
    assert sh_codes(s) == ["10D"], "BA-8: must beat it"  # must beat it
    s = sh_position(ba, ["9C 10C 3S", "2H", "2D"], "8D", stock="4C 5C 6C")
    sh_play(s, "9C PASS PASS")  # seat 0 cannot beat 9C (10C is black)
    assert s.penalties == 1, "BA-8: cannot: the bastard rule"


def test_ba9_one_card_per_other_starter_from_the_stock_then_from_the_right():
    s = sh_position(ba, ["9C 10C 3S", "2H 4H", "2D 4D", "3H 4S"], "8D", stock="KC")
    sh_play(s, "9C")
    sh_play(s, "PASS PASS PASS")  # the first pass takes the KC
    assert s.penalties == 1 and s.phase == shedding.GIVE
    # the player on the right gives first
    assert s.current_player() == 3, "BA-9: the right gives first"
    sh_play(s, "4S")
    assert s.current_player() == 2
    sh_play(s, "4D")
    assert s.current_player() == 1
    sh_play(s, "4H")
    assert s.counts[0] == 2 + 3 and s.phase == shedding.PLAY
    # stock first: 3 owed (4 players - 1), all from the stock
    s = sh_position(ba, ["9C 10C 3S", "2H", "2D", "3H"], "8D", stock="2S 3C 4C 5C 6C 7C")
    sh_play(s, "9C PASS PASS PASS")
    assert s.counts[0] == 2 + 3 and s.deck_n == 0 and s.phase == shedding.PLAY, "BA-9: stock first"


def test_ba10_left_player_restarts_climbing():
    s = sh_position(ba, ["3H 10C", "4D 9D", "4H 5C"], "8C", stock="2S 3S 4S 5S", dir=-1)
    sh_play(s, "3H PASS PASS")
    assert s.penalties == 1 and s.current_player() == 1 and s.free and s.dir == 1, "BA-10"


def test_ba11_hands_emptied_by_one_penalty_share_first_place():
    s = sh_position(ba, ["9C 10C 3S", "2H", "2D", "3H 4S"], "8D")
    sh_play(s, "9C PASS PASS PASS")
    sh_play(s, "4S 2D 2H")  # right to left: seats 3, 2, 1 give
    assert s.place[1] == 0 and s.place[2] == 0
    assert sorted(s.winners()) == [1, 2], "BA-11: shared first place"


def test_ba12_last_player_is_the_bastard_and_out_plays_restart_freely():
    s = sh_position(ba, ["9C", "10D", "JC"], "8D")
    sh_play(s, "9C 10D")
    # seat 2 is the bastard
    assert s.is_over() and s.ranking() == [0, 1, 2], "BA-12: the bastard last"
    s = sh_position(ba, ["9C", "4D 5D", "4H 5H"], "8D")
    sh_play(s, "9C PASS PASS")
    assert s.penalties == 0 and s.free and s.current_player() == 1, "BA-12: no penalty"
    s = sh_position(ba, ["9C 3H", "4D 5D", "4H 5H"], "8D")
    s.turns = shedding.MAX_TURNS - 1
    sh_play(s, "PASS")
    assert s.is_over() and s.ending == shedding.END_TURNS, "BA-12: 3,000 turns"


def test_ba13_series_starts_left_of_the_winner():
    s = sh_position(ba, ["9C", "10D", "JC"], "8D")
    sh_play(s, "9C 10D")
    assert ba.next_starter(s, 5) == 1, "BA-13: left of the winner"
    s = sh_position(ba, ["9C 10C 3S", "2H", "2D", "3H 4S"], "8D")
    sh_play(s, "9C PASS PASS PASS 4S 2D 2H")
    picks = set(ba.next_starter(s, d) for d in range(1, 40))
    assert picks == {2, 3}, "BA-13: one of the winners"  # left of seat 1 or of seat 2
    assert ba.new_state(4, 9, 0, 2).current_player() == 2


def test_ba14_red_and_black_jokers_on_the_other_colour():
    v = ba.COLOUR_JOKERS
    red_joker = find(sh_position(ba, ["JK JK"], ""), 0, "JK")
    s = sh_position(ba, ["JK 9S", "5H 5S 6S"], "8D", variant=v, stock="2C")
    codes = sh_codes(s)
    assert "JK" in codes  # the black joker (first copy) on a red card
    s.apply(find(s, 0, "JK"))
    # next: red, any rank
    assert s.need == 1 and sh_codes(s) == ["5H"], "BA-14: then the other colour"
    s = sh_position(ba, ["7C 9S", "5H"], "8C", variant=v)
    s.hands[0].add(53)
    s.counts[0] += 1
    assert 53 in s.legal_list(), "BA-14: red joker on black"  # red joker on a black card
    s = sh_position(ba, ["7C 9S", "5H"], "8D", variant=v)
    s.hands[0].add(53)
    s.counts[0] += 1
    assert 53 not in s.legal_list(), "BA-14: not on red"  # ... not on a red one
    assert games.text.why_illegal(s, 53) == "Joker only on the other colour"
    assert red_joker in (52, 53)
