"""The Elevator family's hot paths agree with their readable forms.

A Normal move runs in every playout of Hard's endgame search, so
``legal_actions`` walks a hand a card at a time, ``starts`` fills every
word in one call, and Normal's key (``games/shedding_ai.py``) is written
inline over card tables. Here the rules are written again plainly, card
by card (``_opens``, ``_follows``, ``_may_pass``), with Normal's choice as
it was before (``_normal``), and every state of many games (both games,
every table size, both Bastard variants, random and Normal play) must
get the same actions and the same choice. Games between Normals are also
pinned to what 952797c, before the fast paths, played move by move."""

import zlib

import pytest

from engine import cards
from engine.gamestate import MAX_ACTIONS
from engine.prng import Prng
from games import bastard, elevator, shedding_ai
from games.shedding import DONE, GIVE, IN, PASS, value


def _opens(s, c):
    """May ``c`` open a play on the pile? The rules card by card: a joker
    anywhere (BA-14, red/black jokers: only on the other colour, or the
    colour a coloured joker asks for); after a coloured joker, that
    colour; on a free pile, any card (EL-6, EL-10); else the other colour,
    higher going up and lower going down (EL-4, EL-5, BA-3, BA-4)."""
    coloured = s.rules.colour_jokers and s.variant
    red = cards.is_red(c)
    if cards.rank(c) < 0 and not coloured:
        return True
    if s.need >= 0:
        return red == (s.need == 1)
    if s.free:
        return True
    top = s.pile[s.pile_n - 1]
    if red == cards.is_red(top):
        return False
    if cards.rank(c) < 0:
        return True  # a coloured joker, on the other colour
    return value(c) > value(top) if s.dir > 0 else value(c) < value(top)


def _follows(s, c):
    """May ``c`` join the play being made? Its rank, the other colour."""
    return s.play_rank >= 0 and cards.rank(c) == s.play_rank and cards.is_red(c) != s.play_red


def _may_pass(s, cards_open):
    """A pass by choice: always with no card to play; else not after a pass
    (EL-7, BA-7), nor in Bastard with two players left (BA-7)."""
    if not cards_open:
        return True
    if s.prev_passed:
        return False
    left = sum(1 for p in s.place if p == IN)
    return not (s.rules.no_pass_two_left and left == 2)


def _legal(s):
    """The legal actions as the rules read: each card of the hand that may
    open the pile (or join the play being made), in order; then a pass
    where the rules allow one, or DONE during a play."""
    if s.is_over():
        return []
    if s.phase == GIVE:
        return s.hands[s.giver].to_list()
    hand = s.hands[s.turn].to_list()
    if s.play_n:
        return [c for c in hand if _follows(s, c)] + [DONE]
    out = [c for c in hand if _opens(s, c)]
    return out + [PASS] if _may_pass(s, out) else out


def _step(obs, c):
    """How far ``c`` moves the pile (small is good); jokers last."""
    if cards.rank(c) < 0:
        return 100
    if obs.free or obs.need >= 0:
        v = value(c)
        return v if obs.dir > 0 else 12 - v
    d = value(c) - value(obs.top())
    return d if d >= 0 else -d


def _normal(obs):
    """Normal's choice as its docstring says it: a give is the lowest card
    (a joker only if nothing else); a play goes on while it can; else the
    smallest step, of equal steps the rank with more cards; with no card,
    DONE or a pass."""
    legal = _legal(obs)
    if obs.phase == GIVE:
        best = legal[0]
        for c in legal:
            if cards.rank(best) < 0 or (cards.rank(c) >= 0 and value(c) < value(best)):
                best = c
        return best
    best = -1
    lo = 1000
    for a in legal:
        if a in (PASS, DONE):
            continue
        if obs.play_n:
            return a
        same = obs.hands[obs.turn].count_rank(cards.rank(a)) if cards.rank(a) >= 0 else 1
        key = _step(obs, a) * 8 - same
        if key < lo:
            lo = key
            best = a
    if best >= 0:
        return best
    return DONE if obs.play_n else PASS


TABLES = [(elevator, n, 0) for n in range(3, 7)] + [
    (bastard, n, v) for n in range(2, 13) for v in (0, bastard.COLOUR_JOKERS)
]

# What 952797c played, before the fast paths (the CRC-32 of every state
# after every move of deals 1-4 between Normals, ``_pinned``); equal since
_PINNED = {
    "elevator 3 0": 1233517485, "elevator 4 0": 3733510985, "elevator 5 0": 3934247869,
    "elevator 6 0": 373175422, "bastard 2 0": 2280469576, "bastard 2 1": 3536985917,
    "bastard 3 0": 999912096, "bastard 3 1": 3068946034, "bastard 4 0": 4096284089,
    "bastard 4 1": 744370693, "bastard 5 0": 2794660335, "bastard 5 1": 19671830,
    "bastard 6 0": 3396017459, "bastard 6 1": 934601046, "bastard 7 0": 851491928,
    "bastard 7 1": 973112947, "bastard 8 0": 651032837, "bastard 8 1": 3465442575,
    "bastard 9 0": 2092715959, "bastard 9 1": 3352588859, "bastard 10 0": 152262005,
    "bastard 10 1": 807001262, "bastard 11 0": 1161053338, "bastard 11 1": 435026561,
    "bastard 12 0": 445873901, "bastard 12 1": 3861920204,
}  # fmt: skip


def _pinned(game, players, variant):
    crc = 0
    for deal in range(1, 5):
        s = game.new_state(players, deal, variant)
        while not s.is_over():
            s.apply(shedding_ai.basic_policy(s.observe(s.current_player()), None))
            crc = zlib.crc32((s.key() + bytes(s.place).hex()).encode(), crc)
    return crc


@pytest.mark.parametrize("game,players,variant", TABLES)
def test_legal_actions_and_normal_match_their_readable_forms(game, players, variant):
    buf = bytearray(MAX_ACTIONS)
    prng = Prng(players * 7 + variant)
    states = frees = needs = downs = plays = gives = passes = 0
    for deal in range(1, 31):
        s = game.new_state(players, deal, variant)
        randomly = deal % 2  # random play reaches states Normal's never does
        while not s.is_over():
            n = s.legal_actions(buf)
            want = _legal(s)
            assert list(buf[:n]) == want, "legal_actions: the rules' actions, in order"
            obs = s.observe(s.current_player())
            assert shedding_ai.basic_policy(obs, None) == _normal(obs), "Normal's choice"
            states += 1
            frees += s.free and s.phase != GIVE
            needs += s.need >= 0
            downs += s.dir < 0
            plays += s.play_n > 0
            gives += s.phase == GIVE
            passes += PASS in want
            s.apply(want[prng.below(len(want))] if randomly else _normal(s))
    # the states that take each branch of the fast paths came
    assert states > 500 and frees and downs and plays and passes, (
        states, frees, downs, plays, passes)  # fmt: skip
    if players > 2:  # (two players: the stock pays almost every penalty)
        assert gives, "a penalty's gives came"
    if variant:
        assert needs, "BA-14: a coloured joker asks for a colour"
    name = "%s %d %d" % (game.__name__.split(".")[-1], players, variant)
    assert _pinned(game, players, variant) == _PINNED[name], "the games 952797c played"


def test_the_fast_paths_keep_a_bastard_and_pass_rule():
    """BA-7: the pass that ``legal_actions`` lists without asking
    ``can_play`` again follows the same rule: none after a pass, nor with
    two players left, while a card can be played."""
    checked = 0
    for deal in range(1, 40):
        s = bastard.new_state(2, deal)
        while not s.is_over() and checked < 400:
            legal = s.legal_list()
            if s.phase != GIVE and s.play_n == 0:
                can = any(a < PASS for a in legal)
                assert (PASS in legal) == (not can), "BA-7: two left, a pass only with no card"
                checked += 1
            s.apply(shedding_ai.basic_policy(s, None))
    assert checked == 400
