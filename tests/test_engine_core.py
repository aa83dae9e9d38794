"""Cards, card sets and the PRNG. Plain asserts: tests/mp/run.py runs
this file under MicroPython too."""

import cardtext

from engine import cards, cardset
from engine.cardset import BITS, CardSet
from engine.prng import DEAL_MAX, Prng


def test_card_codes_round_trip():
    for c in range(108):
        code = cards.code(c)
        assert cardtext.parse(code) % 54 == c % 54 or cards.is_joker(c)
    assert cards.code(cardtext.parse("10D")) == "10D"
    assert cardtext.parse("7h") == cardtext.parse("7H")
    assert cards.code(52) == "JK" and cards.code(53) == "JK" and cards.code(107) == "JK"
    assert cards.rank(cardtext.parse("AS")) == 0 and cards.rank(cardtext.parse("KS")) == 12
    assert cards.is_red(cardtext.parse("QD")) and not cards.is_red(cardtext.parse("QC"))
    assert cards.is_red(cards.JOKER_RED) and not cards.is_red(cards.JOKER_BLACK)
    assert cardtext.parse_list("JK JK 7H 7H", decks=2) == [52, 53, 32, 86]
    for bad in ("", "1", "11H", "7X", "ZZ"):
        try:
            cardtext.parse(bad)
            raise AssertionError("accepted " + bad)
        except ValueError:
            pass


def test_cardset_basic_ops_two_decks():
    s = CardSet(2)
    assert s.count() == 0 and s.next(-1) == -1
    for c in (0, 26, 27, 53, 54, 107):
        s.add(c)
    assert s.count() == 6 and s.contains(27) and not s.contains(28)
    assert s.to_list() == [0, 26, 27, 53, 54, 107]
    s.remove(27)
    s.remove(27)  # removing twice is harmless
    assert s.to_list() == [0, 26, 53, 54, 107]
    assert s.count_jokers() == 2  # 53 and 107
    assert s.count_rank(0) == 3  # AC of both decks and AH
    assert s.first_joker() == 53
    buf = bytearray(10)
    assert s.fill(buf) == 5 and list(buf[:5]) == [0, 26, 53, 54, 107]
    assert not s.contains(-1) and not s.contains(500)


def test_cardset_words_stay_small_ints():
    s = CardSet(2)
    for c in range(108):
        s.add(c)
    assert s.count() == 108
    for w in s.w:
        assert 0 <= w < (1 << BITS) <= (1 << 30)


def test_cardset_filters_by_rank_and_colour():
    s = CardSet(1)
    for code in ("7H", "7S", "8D", "JK", "KC"):
        s.add(cardtext.parse(code))
    assert [cards.code(c) for c in s.to_list(cardset.RANK_MASKS[6])] == ["7H", "7S"]
    assert [cards.code(c) for c in s.to_list(cardset.RED_MASK)] == ["8D", "7H"]
    assert [cards.code(c) for c in s.to_list(cardset.BLACK_MASK)] == ["KC", "7S"]
    assert s.count_rank(6) == 2 and s.first_of_rank(6) == cardtext.parse("7H")


def test_prng_is_deterministic_and_in_range():
    a = Prng(12345)
    b = Prng(12345)
    xs = [a.next30() for _ in range(200)]
    assert xs == [b.next30() for _ in range(200)]
    assert all(0 <= x <= DEAL_MAX for x in xs)
    assert len(set(xs)) == 200
    assert Prng(1).next30() != Prng(2).next30()
    p = Prng(7)
    counts = [0] * 6
    for _ in range(6000):
        counts[p.below(6)] += 1
    assert min(counts) > 850 and max(counts) < 1150


def test_shuffle_is_a_permutation_and_depends_on_deal():
    d1 = bytearray(range(54))
    d2 = bytearray(range(54))
    Prng(99).shuffle(d1)
    Prng(100).shuffle(d2)
    assert sorted(d1) == list(range(54)) and d1 != d2
    d3 = bytearray(range(54))
    Prng(99).shuffle(d3)
    assert d3 == d1


def test_keyed_stream_is_speck32_64():
    # the cipher's own test vector (Beaulieu et al., 2013): key 1918 1110
    # 0908 0100, plaintext 6574 694c, ciphertext a868 42f2
    from engine.keyed import Keyed

    k = Keyed()
    k.seed(bytes([0x01, 0x00, 0x09, 0x08, 0x11, 0x10, 0x19, 0x18]))
    k.block(0x6574, 0x694C)
    assert (k.x, k.y) == (0xA868, 0x42F2)
    k.seed(b"\x00" * 8, 3)
    outs = [k.next30() for _ in range(200)]
    assert all(0 <= v <= DEAL_MAX for v in outs) and len(set(outs)) == 200
    k.seed(b"\x00" * 8, 3)
    assert [k.next30() for _ in range(200)] == outs  # a stream is replayed exactly
    k.seed(b"\x00" * 8, 4)
    assert k.next30() not in outs[:1]  # another stream of the same key


def test_every_bit_of_a_linked_deal_key_changes_the_deal():
    # A linked game is dealt from a 64-bit key, not a 30-bit deal number: a
    # seat cannot try every deal against its hand (all 2**30 deal numbers
    # were tried in under a minute). Every one of the 64 bits matters.
    from engine.keyed import Keyed

    def deal(key):
        d = bytearray(range(108))
        k = Keyed()
        k.seed(key)
        k.shuffle(d)
        return bytes(d)

    key = bytes([0x5A, 0x11, 0xC3, 0x07, 0x88, 0xE4, 0x29, 0x6B])
    base = deal(key)
    assert sorted(base) == list(range(108))
    for bit in range(64):
        other = bytearray(key)
        other[bit // 8] ^= 1 << (bit % 8)
        assert deal(bytes(other)) != base, bit


def test_a_linked_deal_lets_its_cipher_go_and_a_rebuilt_stock_loads_it_again():
    # The host's twelve-seat table is built with the heap at its fullest: the
    # cipher's code is not kept there once the deal is dealt (issue 36).
    import sys

    import games
    from match import Match

    def dealt(key):
        m = Match(games.info("color-elevator"), 4, 0, 0)
        m.key = key
        return m.new_state()

    key = bytes([9, 8, 7, 6, 5, 4, 3, 2])
    s = dealt(key)
    assert "engine.keyed" not in sys.modules
    assert dealt(key).key() == s.key()  # loaded again for the next deal: the same cards
    first = s._stream(1).next30()  # Color Elevator's rebuilt stock (its second shuffle)
    from engine.keyed import Keyed

    k = Keyed()
    k.seed(key, 1)
    assert first == k.next30()
