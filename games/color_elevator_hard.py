"""Hard's player for Color Elevator: the whole turn's two cards chosen at
once, valued by what the next player can do with the tops they leave.

A turn that sheds two cards is the only way a hand gets smaller (CE-6,
CE-7), so what counts is whether the next player can play two. From the
cards Hard has not seen (not in its hand, not under or on the piles) and
the next hand's size, it works out the chance that that hand holds a card
for each top (a hand of ``h`` cards dealt from ``u`` unseen missing all
``b`` that fit a top), and so a pair, or none at all (it then draws two);
with two players it deals that hand's older cards only from the unseen
cards its last turn showed it may hold (``color_elevator_infer``). It also
counts the cards it keeps that fit the tops, for the turn the tops come
back to it unchanged. Each card played is also valued as Normal values it
(few ranks fit on it, a wild card kept). Normal chooses its first card
alone and the second after it; Hard weighs every pair of first and second
card together. It decides from what its seat has seen and allocates
nothing but small ints.
"""

from micropython import const

from engine.cardset import BITS
from engine.gamestate import MAX_ACTIONS
from games import color_elevator_infer as infer
from games.color_elevator_ai import _cost
from games.color_elevator_fit import _FIT
from games.odds import none_of

_FACES = const(54)
_FULL = const(0x7FFFFFF)
_PAIR = const(80)  # the next player able to play two cards, per certainty
_KEEP = const(5)  # a card kept that fits a top
_STUCK = const(400)  # the next player drawing two (no card fits either top), per certainty

_buf = bytearray(MAX_ACTIONS)
# bits set in each byte: a word's count in four looks, where the tops' fit
# words are dense (a low black top takes most of the pack)
_BYTE_BITS = bytes(bin(i).count("1") for i in range(256))
_unseen = [0, 0]
# the unseen cards the next hand may hold (not marked by ``infer``), and how
# many (-1: no marks this decision)
_may = [0, 0, -1]
# per card of the hand, as the top it would leave: the unseen cards that fit
# it, the chance (per mille) that the next hand holds none of them, and the
# hand's cards that fit it; filled once a decision, so a pair costs one count
_fit_unseen = bytearray(_FACES)
_miss = bytearray(_FACES)  # per mille, in fours
_fit_hand = bytearray(_FACES)
_top = [0, 0]  # the best turn of two so far: its value and its card for pile 0
_costs = bytearray(_FACES)  # Normal's costs of a hand's cards that fit a top, sorted
_card_cost = bytearray(_FACES)  # Normal's cost of each card of the hand (``_cut``)
_WIDE = const(6)  # the cards weighed on each pile (``_cut``)


def _popcount(x):
    b = _BYTE_BITS
    return b[x & 255] + b[(x >> 8) & 255] + b[(x >> 16) & 255] + b[x >> 24]


def _fits(w, top):
    return _popcount(w[0] & _FIT[2 * top]) + _popcount(w[1] & _FIT[2 * top + 1])


def _fit(c, top):
    return (_FIT[2 * top + c // BITS] >> (c % BITS)) & 1


def _note(c, nu, h, hand):
    """Fill the three figures of card ``c`` as a top."""
    f = _fits(_unseen, c)
    _fit_unseen[c] = f
    if _may[2] < 0:  # no marks: the hand is dealt from all unseen
        _miss[c] = none_of(nu, f, h) >> 2
    else:
        _miss[c] = _none(f, _fits(_may, c), h, nu) >> 2
    _fit_hand[c] = _fits(hand.w, c)


def _none(f, fm, h, nu):
    """Per mille: the next hand of ``h`` cards holds none of ``f`` unseen
    cards, ``fm`` of them among those it may hold: the cards it drew since
    its last turn are dealt from all ``nu`` unseen, the rest from those."""
    fr = infer.fresh[0]
    if fr > h:
        fr = h
    if _may[2] < h - fr:  # it played otherwise than Normal would
        return none_of(nu, f, h)
    return none_of(_may[2], fm, h - fr) * none_of(nu, f, fr) // 1000


def _value(t0, t1, out0, out1, nu, h):
    """The tops ``t0`` and ``t1`` left to a next hand of ``h`` cards (both
    noted), with the cards ``out0`` and ``out1`` (or -1) gone from Hard's
    hand this turn: the next player's chance of a pair, against Hard's cards
    that still fit them."""
    u = _unseen
    both = _popcount(u[0] & _FIT[2 * t0] & _FIT[2 * t1]) + _popcount(
        u[1] & _FIT[2 * t0 + 1] & _FIT[2 * t1 + 1]
    )
    f = _fit_unseen[t0] + _fit_unseen[t1] - both
    m = _may
    if m[2] < 0:
        miss = none_of(nu, f, h)
    else:
        fm = _popcount(m[0] & (_FIT[2 * t0] | _FIT[2 * t1])) + _popcount(
            m[1] & (_FIT[2 * t0 + 1] | _FIT[2 * t1 + 1])
        )
        miss = _none(f, fm, h, nu)
    pair = 1000 - 4 * (_miss[t0] + _miss[t1]) + miss
    keep = _fit_hand[t0] + _fit_hand[t1]
    if out0 >= 0:
        keep -= _fit(out0, t0) + _fit(out0, t1)
    if out1 >= 0:
        keep -= _fit(out1, t0) + _fit(out1, t1)
    return _KEEP * keep - _PAIR * pair // 1000 + _STUCK * miss // 1000


def hard_policy(obs, prng=None):
    n = obs.legal_actions(_buf)
    me = obs.current_player()
    infer.learn(obs, me)
    if n == 1:
        return infer.after(obs, _buf[0])
    hand = obs.hands[me]
    u = _unseen
    u[0] = _FULL ^ hand.w[0]
    u[1] = (_FULL ^ hand.w[1]) & ((1 << (obs.ncards - BITS)) - 1)
    for i in range(obs.pile_n):
        c = obs.pile[i]
        u[c // BITS] &= _FULL ^ (1 << (c % BITS))
    top0 = obs.top0
    top1 = obs.top1
    u[top0 // BITS] &= _FULL ^ (1 << (top0 % BITS))
    u[top1 // BITS] &= _FULL ^ (1 << (top1 % BITS))
    nu = _popcount(u[0]) + _popcount(u[1])
    h = obs.counts[(me + 1) % obs.num_players]
    _may[2] = -1
    if infer.marks[0] | infer.marks[1]:
        _may[0] = u[0] & (_FULL ^ infer.marks[0])
        _may[1] = u[1] & (_FULL ^ infer.marks[1])
        _may[2] = _popcount(_may[0]) + _popcount(_may[1])
    _note(top0, nu, h, hand)
    _note(top1, nu, h, hand)
    first = obs.played
    if first < 0 and not obs.flipped:
        a = _pairs(hand, top0, top1, nu, h)
        if a >= 0:  # the best turn's card for pile 0, which leaves its second (CE-6)
            return infer.after(obs, a)
    best = _buf[0]
    best_v = -1000000
    for i in range(n):  # the turn's only card, or its second (the first is on the other pile)
        a = _buf[i]
        p = a // _FACES
        c = a % _FACES
        _note(c, nu, h, hand)
        v = _value(c if p == 0 else top0, c if p == 1 else top1, c, -1, nu, h) - _cost(a)
        if v > best_v:
            best_v = v
            best = a
    return infer.after(obs, best)


def _pairs(hand, top0, top1, nu, h):
    """Every turn of two (a card on each pile) valued once: the card for
    pile 0 of the best, or -1 if no two cards of the hand make one."""
    w = hand.w
    cut0 = _cut(w, top0)
    cut1 = _cut(w, top1)
    for k in range(2):  # the figures of the cards that may go on pile 1
        word = w[k] & _FIT[2 * top1 + k]
        b = k * BITS
        while word:
            if word & 1 and _card_cost[b] <= cut1:
                _note(b, nu, h, hand)
            word >>= 1
            b += 1
    _top[0] = -1000000
    _top[1] = -1
    for k in range(2):
        word = w[k] & _FIT[2 * top0 + k]
        c = k * BITS
        while word:
            if word & 1 and _card_cost[c] <= cut0:
                _note(c, nu, h, hand)
                _with(hand, c, top1, cut1, nu, h)
            word >>= 1
            c += 1
    return _top[1]


def _cut(w, top):
    """The highest of Normal's costs among the ``_WIDE`` cheapest cards of
    hand words ``w`` that fit ``top``: a big hand weighs no more than these
    on each pile, so a decision's time stays bounded."""
    n = 0
    for k in range(2):
        word = w[k] & _FIT[2 * top + k]
        c = k * BITS
        while word:
            if word & 1:
                cost = _cost(c)
                _card_cost[c] = cost
                i = n  # insertion into the sorted costs so far
                while i and _costs[i - 1] > cost:
                    _costs[i] = _costs[i - 1]
                    i -= 1
                _costs[i] = cost
                n += 1
            word >>= 1
            c += 1
    return _costs[_WIDE - 1] if n > _WIDE else 255


def _with(hand, c, top1, cut1, nu, h):
    """Every turn of ``c`` on pile 0 and a card of ``hand`` on pile 1 (top
    ``top1``, Normal's cost at most ``cut1``), kept in ``_top`` if better."""
    w = hand.w
    cost = _card_cost[c]
    for k in range(2):
        word = w[k] & _FIT[2 * top1 + k]
        b = k * BITS
        while word:
            if word & 1 and b != c and _card_cost[b] <= cut1:
                v = _value(c, b, c, b, nu, h) - cost - _card_cost[b]
                if v > _top[0]:
                    _top[0] = v
                    _top[1] = c
            word >>= 1
            b += 1
