"""Hard's player for the Elevator family (Elevator and Bastard): every
legal action valued in expected cards, one turn round the table ahead.

What decides these games is who pays when everyone passes: a stuck
elevator costs its player a card per player (EL-9), the bastard rule one
per other player unless they can beat their own play (BA-8, BA-9). From
the cards it has not seen (not in its hand, not on the pile) and every
other hand's size, Hard works out how likely it is that nobody holds a
card to beat a play: the chance that a hand of ``h`` cards dealt from
``u`` unseen misses all ``b`` that beat it. A play is worth the cards it
sheds, less the penalty times that chance, plus the cards the players
passing on it must draw; keeping an ace, a two or a joker (which turn or
reset the pile when nothing else goes) is worth a little. On a free pile
it leads high in the pile's direction, where Normal leads low. A pass by
choice (EL-7, BA-6) is worth the card it draws against the chance that
the player before it gets stuck. In a game of two (two-player Bastard, or
two left in) it plays Normal's choice: there these counts chose worse
than Normal in every form tried (docs/opponents.md). It decides from the
observation alone and allocates nothing but small ints.
"""

from micropython import const

from engine import cards
from engine.cardset import BITS, BLACK_MASK, JOKER_MASK, RANK_MASKS, RED_MASK, _popcount
from engine.gamestate import MAX_ACTIONS
from games import shedding_ai
from games.odds import none_of
from games.shedding import DONE, GIVE, IN, PASS, value
from games.shedding_pile import _MASKS

_CARD = const(100)  # a card in hand: the unit of every value here
_STEP = const(2)  # a step the play moves the pile (Normal's whole key)
# on a free pile (after a joker or a penalty: EL-6, EL-10, BA-5, BA-10, and
# BA-14's colour-bound one) a step up the pile's direction counts for the
# play instead: restarting high beat restarting low as Normal does (Elevator,
# four players, 10,000 deals at seeds 1 and 2: +0.9 and +1.0 points of win
# share)
_RESTART_STEP = const(2)
# The keeps and the penalty's weight below come from a cross-entropy search
# over them: 8 rounds of 14 players, each scored on the same 8,000 deals
# (four-player Elevator). Against 45, 45, 180 and a weight of 1 on 40,000
# other deals, four-player Elevator gained 1.2 points of win share and
# Bastard 0.8-0.9 (docs/opponents.md)
_ACE = const(70)  # keeping an ace (it turns a climbing pile)
_TWO = const(70)  # keeping a two (it turns a descending pile)
_JOKER = const(100)  # keeping a joker (it goes on anything and resets the pile)
# a penalty weighs 5/3 of the cards it moves: it also hands the restart on
# a free pile to the player after the stuck one (EL-10, BA-10)
_PAID_NUM = const(5)
_PAID_DEN = const(3)
_OWN = const(100)  # Bastard: nobody beats the play but its player can, and goes again
# another player's card against one of Hard's own, shared among the others
# (each card an opponent draws helps every other player)
_OTHER_CARD = const(200)
_FULL = const(0x7FFFFFF)

_buf = bytearray(MAX_ACTIONS)
_unseen = [0, 0, 0, 0]  # the cards Hard has not seen, as CardSet words


def _beaters(words, n, val, red, d):
    """How many cards of ``words`` (``n`` words) beat a natural card of
    value ``val`` and colour ``red`` on a pile going ``d`` (EL-4 to EL-6)."""
    b = 0
    up = 2 if d > 0 else 0
    other = BLACK_MASK if red else RED_MASK
    for k in range(n):
        b += _popcount(words[k] & ((other[k] & _MASKS[4 * val + up + (k & 1)]) | JOKER_MASK[k]))
    return b


def _chain(hand, a):
    """Cards a play starting with ``a`` sheds when it goes on in alternate
    colours as far as the hand allows; negative when its last card is red."""
    r = cards.rank(a)
    red = cards.is_red(a)
    reds = 0
    blacks = 0
    for k in range(hand.nwords):
        w = hand.w[k] & RANK_MASKS[r][k]
        reds += _popcount(w & RED_MASK[k])
        blacks += _popcount(w & BLACK_MASK[k])
    n = 0
    while True:
        if red and reds:
            reds -= 1
        elif not red and blacks:
            blacks -= 1
        else:
            return -n if not red else n  # the last card was the other colour
        n += 1
        red = not red


def _keep(r):
    """What keeping a card of rank ``r`` is worth."""
    if r < 0:
        return _JOKER
    if r == cards.ACE:
        return _ACE
    if r == 1:
        return _TWO
    return 0


def hard_policy(obs, prng=None):
    n = obs.legal_actions(_buf)
    if n == 1:
        return _buf[0]
    if obs.phase == GIVE or obs.active() < 3:
        return shedding_ai.basic_policy(obs, prng)
    me = obs.current_player()
    hand = obs.hands[me]
    words = hand.nwords
    u = _unseen
    for k in range(words):
        u[k] = _FULL ^ hand.w[k]
    for i in range(obs.pile_n):
        c = obs.pile[i]
        u[c // BITS] &= _FULL ^ (1 << (c % BITS))
    nu = 0
    for k in range(words):
        nu += _popcount(u[k])
    players = obs.num_players
    others = 0
    held = 0  # cards in the other hands still in
    for j in range(1, players):
        s = (me + j) % players
        if obs.place[s] == IN:
            others += 1
            held += obs.counts[s]
    bastard = obs.rules.beat_before_penalty
    penalty = players - 1 if obs.rules.penalty_others else players
    best = _buf[0]
    best_v = -1000000
    for i in range(n):
        a = _buf[i]
        if a == PASS:
            v = _pass(obs, me, u, nu, words, others, penalty, bastard)
        else:
            if a == DONE:
                top = obs.top()
                shed = 0
                red = cards.is_red(top)
                d = obs.dir
                v = 0
            else:
                top = a
                r = cards.rank(a)
                shed = 1
                red = cards.is_red(a)
                if r >= 0:
                    shed = _chain(hand, a)
                    red = shed < 0
                    if shed < 0:
                        shed = -shed
                if shed >= obs.counts[me]:
                    return a  # out
                d = obs.dir
                if r < 0:
                    d = 1
                elif r == cards.ACE:
                    d = -1
                elif r == 1:
                    d = 1
                v = _CARD * shed - _keep(r)
                if obs.play_n == 0 and r >= 0:
                    step = value(a)
                    if obs.free or obs.need >= 0:
                        step = step if obs.dir > 0 else 12 - step
                        v += _RESTART_STEP * step
                    else:
                        step -= value(obs.top())
                        step = step if step >= 0 else -step
                        v -= _STEP * step
            r = cards.rank(top)
            if r >= 0:
                val = value(top)
                b = _beaters(u, words, val, red, d)
                stuck = none_of(nu, b, held)
                if obs.deck_n:  # each player passing on it draws a card
                    seen = 0
                    passes = 0
                    for j in range(1, players):
                        s = (me + j) % players
                        if obs.place[s] == IN:
                            seen += obs.counts[s]
                            passes += none_of(nu, b, seen)
                    v += _OTHER_CARD * passes // (1000 * others)
                if bastard and _beaters(hand.w, words, val, red, d):
                    v += _OWN * stuck // 1000
                else:
                    paid = _paid(obs, penalty, others, True) * _PAID_NUM // _PAID_DEN
                    v -= paid * stuck // 1000
        if v > best_v:
            best_v = v
            best = a
    return best


def _pass(obs, me, u, nu, words, others, penalty, bastard):
    """A pass by choice: the card it draws, against the chance that every
    player from here to the one who played last passes too, so that one
    pays the penalty (in Bastard, unless they beat their own play)."""
    v = -_CARD if obs.deck_n else 0
    x = obs.last_player
    top = obs.top()
    if x < 0 or x == me or obs.place[x] != IN or cards.rank(top) < 0:
        return v
    players = obs.num_players
    held = obs.counts[x] if bastard else 0
    j = 1
    while True:
        s = (me + j) % players
        if s == x:
            break
        if obs.place[s] == IN:
            held += obs.counts[s]
        j += 1
    b = _beaters(u, words, value(top), cards.is_red(top), obs.dir)
    paid = _paid(obs, penalty, others, False) * _PAID_NUM // _PAID_DEN
    return v + paid * none_of(nu, b, held) // 1000


def _paid(obs, penalty, others, mine):
    """What a penalty is worth to Hard: the cards its player takes from the
    stock and, once the stock is short, one from each other player still in
    (EL-9, BA-9), who sheds it. Hard's own penalty (``mine``) costs it
    every card it takes; another's helps Hard as much as any card another
    takes, and a card Hard gives away is one fewer in its hand."""
    stock = penalty if penalty < obs.deck_n else obs.deck_n
    gives = penalty - stock
    if gives > others:
        gives = others
    if mine:
        return _CARD * (stock + gives) + _OTHER_CARD * gives // others
    givers = others - 1  # the players giving to another: Hard and the rest
    return (_OTHER_CARD * (stock + gives) // others + _CARD * gives // (givers + 1)
            - _OTHER_CARD * gives * givers // ((givers + 1) * others))  # fmt: skip
