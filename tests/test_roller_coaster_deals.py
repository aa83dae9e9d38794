"""The curated deals listed in seeds/roller-coaster.md still deal what the
table says and show what it claims."""

import os
import re

from engine import cards
from games import roller_coaster as rc
from sim.mpvm import ROOT


def _rows():
    with open(os.path.join(ROOT, "seeds", "roller-coaster.md")) as f:
        text = f.read().split("## Curated deals", 1)[1]
    return [
        (int(m.group(1)), m.group(2).strip())
        for m in re.finditer(r"^\| (\d+) \| ([0-9AJQKCDHS ]+) \|", text, re.M)
    ]


def _first_turn(deal):
    """Seat 0's whole first turn by the basic player: the cards it plays."""
    s = rc.new_state(3, deal)
    while s.current_player() == 0:
        a = rc.basic_policy(s.observe(0))
        s.apply(a)
        if a == rc.DRAW:
            return s, []
    return s, list(s.pile[: s.pile_n])  # the opening run: the pile starts empty


def test_curated_hands_match_the_deal():
    rows = _rows()
    assert [d for d, _ in rows] == [2, 105, 143, 158]
    for deal, hand in rows:
        dealt = rc.new_state(3, deal).hands[0].to_list()
        assert sorted(cards.codes(dealt).split()) == sorted(hand.split()), deal


def test_rc4_rc6_deal_2_has_no_opening():
    s = rc.new_state(3, 2)
    assert s.legal_list() == [rc.DRAW]
    assert _first_turn(2)[1] == []


def test_rc2_rc5_deal_105_runs_through_the_ace():
    _s, played = _first_turn(105)
    assert [cards.rank_code(cards.rank(c)) for c in played] in (
        ["2", "A", "K", "Q"],
        ["Q", "K", "A", "2"],
    )


def test_rc8_deal_143_joker_inside_a_five_card_run():
    _s, played = _first_turn(143)
    assert len(played) == 5 and cards.is_joker(played[2])
    assert not cards.is_joker(played[0]) and not cards.is_joker(played[-1])


def test_rc8_deal_158_jokers_alone_cannot_play():
    s = rc.new_state(3, 158)
    assert s.hands[0].count_jokers() == 2
    jokers = [c for c in s.hands[0].to_list() if cards.is_joker(c)]
    assert not any(j in s.legal_list() for j in jokers)
