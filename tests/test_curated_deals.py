"""The curated deals listed in the specs of the newer games
(seeds/color-elevator.md, elevator-solitaire.md, elevator.md, bastard.md)
still show what their rows say."""

from engine import cards
from games import bastard, color_elevator, elevator, elevator_solitaire, shedding


def _hand(s, seat=0):
    return sorted(cards.code(c) for c in s.hands[seat].to_list())


def _same(codes, text):
    return sorted(codes) == sorted(text.split())


def test_color_elevator_deals():
    s = color_elevator.new_state(2, 2)
    assert _same(_hand(s), "4C 9C 3D JH") and cards.code(s.top0) + cards.code(s.top1) == "AC2H"
    assert all(a < 54 for a in s.legal_list())  # pile 1 only: a single card (CE-7)
    s.apply(s.legal_list()[0])
    assert s.counts[0] == 4 and s.current_player() == 1  # played one, drew one
    s = color_elevator.new_state(2, 47)
    assert _same(_hand(s), "10C 3H 6H 4S") and s.legal_list() == [color_elevator.DRAW]
    s = color_elevator.new_state(2, 13, color_elevator.JOKERS)
    assert _same(_hand(s), "KC 4D 8H JK")
    jk = s.hands[0].first_joker()
    legal = s.legal_list()
    assert jk >= 0 and jk in legal and 54 + jk in legal  # the joker fits both piles


def test_elevator_solitaire_deals():
    for deal, base, stock_top in (
        (14, "QH KH AS 2S 6S 7H 9D", "2C"),
        (21, "8S 7S JC 6H 9D QS 10S", "KS"),
    ):
        s = elevator_solitaire.new_state(1, deal)
        assert [cards.code(s.pyr[p]) for p in range(21, 28)] == base.split()
        assert cards.code(s.deck[s.deck_n - 1]) == stock_top
        s.apply(elevator_solitaire.DRAW)
        fits = [cards.code(s.pyr[a]) for a in s.legal_list() if a < 28]
        assert fits == (["AS"] if deal == 14 else ["QS"])
        while not s.is_over():
            s.apply(elevator_solitaire.basic_policy(s.observe(0)))
        assert s.winner == 0 and s.score() == 28


def test_elevator_deals():
    s = elevator.new_state(4, 2)
    assert _same(_hand(s), "8C 10C 10D JD 10H 5S 10S") and cards.code(s.top()) == "6D"
    for code in ("10C", "10D", "10S", "10H"):
        s.apply(next(c for c in s.hands[0].to_list() if cards.code(c) == code))
    assert s.pile_n == 5 and s.play_n == 0 and s.current_player() == 1
    s = elevator.new_state(4, 5)
    assert cards.code(s.top()) == "7D" and s.legal_list() == [shedding.PASS]
    s = elevator.new_state(4, 21)
    assert cards.code(s.top()) == "AD" and s.dir == -1
    assert sorted(cards.code(a) for a in s.legal_list() if a < 200) == ["2S", "JK"]
    s = elevator.new_state(4, 45)
    assert s.free and len([a for a in s.legal_list() if a < 200]) == 7


def test_bastard_deals():
    s = bastard.new_state(8, 1)
    assert _same(_hand(s), "KC 3H 5H 3S 9D 5H 6H") and s.free
    assert _hand(s).count("5H") == 2 and s.decks == 2
    s = bastard.new_state(8, 4)
    assert cards.code(s.top()) == "9D"
    assert [cards.code(a) for a in s.legal_list() if a < 200] == ["QS"]
