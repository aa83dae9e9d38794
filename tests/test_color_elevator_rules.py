"""Color Elevator rules, one test per spec rule (seeds/color-elevator.md).

Plain asserts only: tests/mp/run.py runs this file under MicroPython too.
"""

import cardtext
import catalog
from positions import ce_action, ce_codes, ce_position, raises

import games
import games.text
from engine import cards
from games import color_elevator as ce


def _play(s, *texts):
    for t in texts:
        s.apply(ce.DRAW if t == "DRAW" else ce_action(s, t))


def test_ce1_players_and_packs():
    for n in range(2, 5):
        s = ce.new_state(n, 9)
        assert sorted(s.all_cards()) == list(range(52)), "CE-1: one 52-card pack"
        j = ce.new_state(n, 9, ce.JOKERS)
        assert sorted(j.all_cards()) == list(range(54)), "CE-1: jokers add two"
    assert raises(ce.new_state, 1, 1)
    assert raises(ce.new_state, 5, 1)


def test_ce2_deal_four_down_four_in_hand_hidden_from_all():
    s = ce.new_state(3, 12)
    for seat in range(3):
        assert s.counts[seat] == 4 and s.fd_n[seat] == 4, "CE-2: four face down, four in hand"
    assert s.deck_n == 52 - 24 - 2
    obs = s.observe(0)
    # the owner cannot see their own face-down cards either
    assert list(obs.fd) == [0] * 12 and list(obs.fd_n) == [4, 4, 4], "CE-2: hidden from all"
    assert obs.hands[0] == s.hands[0]


def test_ce3_piles_start_black_then_red_from_the_stock_top():
    for deal in range(1, 30):
        s = ce.new_state(2, deal, ce.JOKERS)
        assert not cards.is_red(s.top0) and cards.is_red(s.top1), "CE-3: black pile 1, red pile 2"
        assert not cards.is_joker(s.top0) and not cards.is_joker(s.top1)
        assert s.current_player() == 0


def test_ce4_black_climbs_red_descends_same_rank_other_colour():
    s = ce_position(["3C 5H 9D 9S KH 2H", "4C"], "9C 9H", stock="QS QD")
    # black 9: higher, or red 9; red 9: lower, or black 9
    assert ce.fits(cardtext.parse("9D"), cardtext.parse("9C")), "CE-4: same rank, red on black"
    assert not ce.fits(cardtext.parse("9S"), cardtext.parse("9C"))
    assert ce.fits(cardtext.parse("KH"), cardtext.parse("9C"))
    assert not ce.fits(cardtext.parse("5H"), cardtext.parse("9C"))
    assert ce.fits(cardtext.parse("9S"), cardtext.parse("9H"))
    assert not ce.fits(cardtext.parse("9D"), cardtext.parse("9H"))
    assert ce.fits(cardtext.parse("2H"), cardtext.parse("9H"))
    assert not ce.fits(cardtext.parse("KH"), cardtext.parse("9H"))
    assert "9D>1" in ce_codes(s) and "9S>2" in ce_codes(s)
    # black K: only an ace or a red K; red 2: only an ace or a black 2
    assert not ce.fits(cardtext.parse("KS"), cardtext.parse("KC")), "CE-4: black K"
    assert ce.fits(cardtext.parse("KD"), cardtext.parse("KC"))
    assert ce.fits(cardtext.parse("2S"), cardtext.parse("2D"))
    assert not ce.fits(cardtext.parse("2H"), cardtext.parse("2D"))


def test_ce5_aces_and_jokers_are_wild():
    assert ce.fits(cardtext.parse("AH"), cardtext.parse("KC")), "CE-5: an ace fits any top"
    assert ce.fits(cardtext.parse("AS"), cardtext.parse("2D"))
    assert ce.fits(cardtext.parse("KC"), cardtext.parse("AD"))
    assert ce.fits(cardtext.parse("2D"), cardtext.parse("AS"))
    s = ce_position(["JK 7C", "4C"], "KC 2D", variant=ce.JOKERS)
    assert ce_codes(s) == ["JK>1", "JK>2"]  # 7C fits neither: a single play
    assert ce.fits(cardtext.parse("7C"), cardtext.parse("JK")), "CE-5: a joker is an ace"


def test_ce6_two_cards_one_on_each_pile_when_possible():
    # on black 3 / red 6: 4D fits both piles, 8H and KS only the black one
    s = ce_position(["4D 8H KS", "4C"], "3C 6D", stock="2C 3S 4S")
    codes = ce_codes(s)
    assert codes == ["4D>2", "8H>1", "KS>1"]
    # 4D on the black pile would leave nothing for the red pile: refused
    why = games.text.why_illegal(s, ce_action(s, "4D>1"))
    assert why == "Keep a card for the other pile", "CE-6"
    _play(s, "8H>1")
    # the second card goes on the other pile
    assert ce_codes(s) == ["4D>2"], "CE-6: the second card on the other pile"
    _play(s, "4D>2")
    assert s.current_player() == 1 and s.counts[0] == 1 and s.deck_n == 3
    assert s.top0 == cardtext.parse("8H") and s.top1 == cardtext.parse("4D")
    assert s.pile_n == 2  # the old tops lie under the new ones


def test_ce7_one_playable_card_draws_one_none_draws_two():
    # black K takes only an ace or a red K; 9D is not lower than the red 6
    s = ce_position(["5S 9D", "4C QH"], "KC 6D", stock="2C 3S 4S JS")
    assert ce_codes(s) == ["5S>2"]
    _play(s, "5S>2")
    assert s.counts[0] == 2 and s.deck_n == 3, "CE-7: one played, one drawn"  # played one, drew one
    assert s.current_player() == 1
    s2 = ce_position(["4C 6C", "9D"], "KC 2D", stock="2C 3S 4S JS")
    assert ce_codes(s2) == ["DRAW"]
    _play(s2, "DRAW")
    assert s2.counts[0] == 4 and s2.deck_n == 2, "CE-7: none fits, two drawn"
    s3 = ce_position(["5S 9D", "4C"], "3C 6D")
    # never draw while a card fits
    assert raises(s3.apply, ce.DRAW), "CE-7: never a draw while a card fits"


def test_ce8_empty_hand_flips_the_top_face_down_card():
    s = ce_position(["", "4C"], "3C 6D", fd=["9C 5D", "2C"], stock="2S 3S 4S")
    assert s.flipped and s.counts[0] == 1 and s.fd_n[0] == 1, "CE-8: the top face-down card turned"
    assert ce_codes(s) == ["5D>1", "5D>2"]  # the flipped 5D fits both piles
    _play(s, "5D>2")
    assert s.current_player() == 1 and s.counts[0] == 0 and s.deck_n == 3


def test_ce9_flipped_card_that_fits_nowhere_is_kept_and_three_drawn():
    s = ce_position(["", "4C"], "KC 2D", fd=["9C 6C"], stock="2S 3S 4S 5S")
    assert ce_codes(s) == ["DRAW"]
    _play(s, "DRAW")
    assert s.counts[0] == 4 and s.deck_n == 1 and s.fd_n[0] == 1, "CE-9: kept, three drawn"
    assert s.hands[0].contains(cardtext.parse("6C"))


def test_ce10_first_dry_stock_reshuffles_under_cards_and_hands():
    s = ce_position(
        ["4C 6C", "9D 9H 9S", "3H"], "KC 2D", under="5C 5D 5H 5S 7C 7D AH", fd=["QC", "QD", "QH"]
    )
    assert ce_codes(s) == ["DRAW"] and s.deck_n == 0
    _play(s, "DRAW")
    assert s.rebuilds == 1 and s.pile_n == 0
    assert list(s.counts) == [4, 4, 4]  # everybody got four new cards
    assert list(s.fd_n) == [1, 1, 1]  # the face-down cards stayed out of it
    assert s.deck_n == 7 + 6 - 12
    assert s.top0 == cardtext.parse("KC") and s.top1 == cardtext.parse("2D")
    assert s.current_player() == 1


def test_ce11_later_rebuilds_take_the_face_down_cards_too():
    s = ce_position(
        ["4C 6C", "9D 9H 9S", "3H"],
        "KC 2D",
        under="5C 5D 5H 5S 7C 7D 7H 8C 8D AH",
        fd=["QC JC", "QD", ""],
    )
    s.rebuilds = 1
    _play(s, "DRAW")
    assert s.rebuilds == 2
    assert list(s.fd_n) == [2, 1, 0]  # as many face-down cards as before
    assert list(s.counts) == [4, 4, 4]
    assert sorted(s.all_cards()) == sorted(
        cardtext.parse_list("4C 6C 9D 9H 9S 3H KC 2D 5C 5D 5H 5S 7C 7D 7H 8C 8D AH QC JC QD")
    )


def test_ce12_no_cards_at_all_wins():
    s = ce_position(["5S 4D", "4C"], "3C 6D", fd=["", "9H"])
    _play(s, "5S>1", "4D>2")
    assert s.is_over() and s.winner == 0 and s.ending == ce.END_WON, "CE-12: no cards at all wins"
    # a hand emptied with face-down cards left is not a win: they flip next turn
    s = ce_position(["5S 4D", "4C 8S"], "3C 6D", fd=["7H", "9H"], stock="2S")
    _play(s, "5S>1", "4D>2")
    assert not s.is_over() and s.current_player() == 1, "CE-12: face-down cards left"


def test_ce13_ranking_by_cards_held():
    s = ce_position(["5S 4D", "4C 8S", "3S"], "3C 6D", fd=["", "9H", "2S 2C"])
    _play(s, "5S>1", "4D>2")
    # seat 1 and 2 both hold three cards
    assert s.ranking() == [0, 1, 1], "CE-13: by cards held, ties share"
    assert catalog.returns(s) == [1.0, 0.0, 0.0]


def test_ce14_no_card_that_fits_anywhere_ends_blocked():
    s = ce_position(["4C 6C", "3H 5H"], "KC 2D", under="8C 8D 9C 9D", fd=["QC", "QD"])
    s.rebuilds = 1
    _play(s, "DRAW")
    assert s.is_over() and s.ending == ce.END_STALLED and s.winner == -1, "CE-14"
    assert s.ranking() == [0, 0]
    # the results say so (issue 38): not "P1 wins" with no reason
    assert games.text.ending(s) == ("Blocked", "NO CARD CAN EVER FIT AGAIN"), "CE-14"


def test_ce14_fitting_cards_face_down_are_shuffled_in_not_blocked():
    """Piles KS and 2H; every card that fits them (the aces, KH, KD, 2C,
    2S) is face down. The first rebuild leaves them out (CE-10), so nothing
    is played through a whole stock; the second shuffles them in (CE-11),
    so the game must go on, not end blocked."""
    fitting = "AC AD AH AS KH KD 2C 2S"
    used = set(fitting.split()) | {"KS", "2H"}
    rest = [cards.code(c) for c in range(52) if cards.code(c) not in used]
    s = ce_position([" ".join(rest[:4]), " ".join(rest[4:8])], "KS 2H",
                    stock=" ".join(rest[8:]), fd=["AC AD AH AS", "KH KD 2C 2S"])  # fmt: skip
    assert ce_codes(s) == ["DRAW"]
    plays = 0
    while not s.is_over() and s.rebuilds < 2:
        a = s.legal_list()[0]
        plays += a != ce.DRAW
        s.apply(a)
    assert plays == 0 and s.rebuilds == 2, "CE-10: a whole stock went by with nothing to play"
    assert not s.is_over(), "CE-14: the face-down aces are in the second shuffle (CE-11)"
    assert sorted(s.fd_n) == [4, 4]  # CE-11: as many face-down cards as before
    while not s.is_over() and s.rebuilds < ce.MAX_REBUILDS and not plays:
        a = s.legal_list()[0]
        plays += a != ce.DRAW
        s.apply(a)
    assert plays, "CE-14: after the second rebuild a card is played"


def test_ce15_safety_limits_end_the_game():
    s = ce_position(["4C 6C", "3H 5H"], "KC 2D", under="8C 8D 9C AD", fd=["QC", "QD"])
    s.rebuilds = ce.MAX_REBUILDS
    _play(s, "DRAW")
    assert s.is_over() and s.ending == ce.END_TURNS, "CE-15: the 20th rebuild"
    s = ce_position(["4C 6C", "3H 5H"], "KC 2D", stock="8C 8D 9C 9D")
    s.turns = ce.MAX_TURNS - 1
    _play(s, "DRAW")
    assert s.is_over() and s.ending == ce.END_TURNS, "CE-15: 1,000 turns"
    assert games.text.ending(s) == ("Stopped", "A SAFETY LIMIT WAS REACHED"), "CE-15"
