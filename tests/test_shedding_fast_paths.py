"""The Elevator family's hot paths agree with their readable forms.

A Normal move runs in every playout of Hard's endgame search, so
``legal_actions`` walks a hand a card at a time, ``starts`` fills every
word in one call, and Normal's key (``games/shedding_ai.py``) is written
inline over card tables. Here the readable forms stay as references, and
every state of many games (both games, every table size, both Bastard
variants, random and Normal play) must get the same actions and the same
choice from both."""

import pytest

from engine import cards
from engine.cardset import BITS
from engine.gamestate import MAX_ACTIONS
from engine.prng import Prng
from games import bastard, elevator, shedding_ai
from games.shedding import DONE, GIVE, PASS, value


def _legal(s):
    """The legal actions as the rules read: each card of the hand that may
    open the pile (or join the play being made), in order; then a pass
    where ``may_pass`` allows it, or DONE during a play."""
    if s.is_over():
        return []
    if s.phase == GIVE:
        return s.hands[s.giver].to_list()
    out = []
    opening = s.starts([0] * 4)
    for c in s.hands[s.turn].to_list():
        k = c // BITS
        word = opening[k] if s.play_n == 0 else s._follows(k)
        if (word >> (c % BITS)) & 1:
            out.append(c)
    if s.play_n:
        out.append(DONE)
    elif s.may_pass():
        out.append(PASS)
    return out


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


TABLES = [(elevator, n, 0) for n in (3, 4, 6)] + [
    (bastard, n, v) for n in (2, 4, 7, 12) for v in (0, bastard.COLOUR_JOKERS)
]


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
