"""Build positions of the newer games from card codes, for rules tests.

Plain Python so the MicroPython runner can use it too. Stocks are given
bottom first (the last code is on top); face-down piles likewise.
"""

import cardtext

import search_worlds
from engine import cards
from games import color_elevator as ce
from games import elevator_solitaire as es
from games import shedding


def raises(fn, *args):
    """True when ``fn(*args)`` raises ValueError (the engines' refusal)."""
    try:
        fn(*args)
    except ValueError:
        return True
    return False


class Taker:
    """Hands out card ids for codes, a second copy when one is used."""

    def __init__(self, decks):
        self.decks = decks
        self.used = []

    def __call__(self, code):
        c = cardtext.parse_list(code, self.decks, self.used)[0]
        self.used.append(c)
        return c


def fill(s, take, hands, pile="", stock=""):
    """Deal the named cards: hands (one code string per seat), the pile
    (bottom first) and the stock (bottom first, last code on top)."""
    for seat, text in enumerate(hands):
        for code in text.split():
            s.hands[seat].add(take(code))
            s.counts[seat] += 1
    for code in pile.split():
        s.pile[s.pile_n] = take(code)
        s.pile_n += 1
    for code in stock.split():
        s.deck[s.deck_n] = take(code)
        s.deck_n += 1


def ce_position(hands, tops, stock="", under="", fd=None, turn=0, variant=0):
    s = ce.State(len(hands), 1, variant, _empty=True)
    take = Taker(1)
    fill(s, take, hands)
    for seat, text in enumerate(fd or []):
        for code in text.split():
            s.fd[seat * ce.FACE_DOWN + s.fd_n[seat]] = take(code)
            s.fd_n[seat] += 1
    t = tops.split()
    s.top0 = take(t[0])
    s.top1 = take(t[1])
    fill(s, take, [], under, stock)
    s.turn = turn
    s._start_turn()
    return s


def ce_codes(s):
    out = []
    for a in s.legal_list():
        if a == ce.DRAW:
            out.append("DRAW")
        else:
            out.append("%s>%d" % (cards.code(a % 54), a // 54 + 1))
    out.sort()
    return out


def ce_action(s, text):
    """'7H>1' -> the action id (the card from the mover's hand)."""
    code, pile = text.split(">")
    hand = s.hands[s.turn]
    c = hand.next(-1)
    while c >= 0 and cards.code(c) != code:
        c = hand.next(c)
    if c < 0:
        raise ValueError("not in hand: " + code)
    return (int(pile) - 1) * 54 + c


def sh_position(game, hands, pile, stock="", turn=0, variant=0, dir=1):
    """An Elevator/Bastard position: hands, pile (bottom first), stock."""
    n = len(hands)
    decks = 2 if n > 6 else 1
    s = shedding.State(game.RULES, n, decks, 1, variant, 0, _empty=True)
    fill(s, Taker(decks), hands, pile, stock)
    if s.pile_n:
        s._settle(s.pile[s.pile_n - 1])
    s.dir = dir if not s.free else s.dir
    s.turn = turn
    return s


def action_codes(s, draw="DRAW"):
    """Legal actions as text, sorted: card codes, ``draw`` for action 200
    (draw or pass) and 'DONE' for 201 (Roller Coaster and the Elevator
    family number those two the same)."""
    out = []
    for a in s.legal_list():
        if a == 200:
            out.append(draw)
        elif a == 201:
            out.append("DONE")
        else:
            out.append(cards.code(a))
    out.sort()
    return out


def sh_codes(s):
    assert shedding.PASS == 200 and shedding.DONE == 201
    return action_codes(s, "PASS")


def find(s, seat, code):
    hand = s.hands[seat]
    c = hand.next(-1)
    while c >= 0 and cards.code(c) != code:
        c = hand.next(c)
    if c < 0:
        raise ValueError("not in hand: " + code)
    return c


def sh_play(s, codes):
    for code in codes.split():
        if code == "PASS":
            s.apply(shedding.PASS)
        elif code == "DONE":
            s.apply(shedding.DONE)
        else:
            s.apply(find(s, s.current_player(), code))


def es_position(pyramid, stock="", waste="", variant=0):
    """A solitaire position: ``pyramid`` is 28 codes or '-' (gone), apex
    first, row by row."""
    s = es.State(1, 1, variant, _empty=True)
    take = Taker(1)
    codes = pyramid.split()
    assert len(codes) == es.SIZE
    s.left = 0
    for p, code in enumerate(codes):
        if code == "-":
            s.pyr[p] = es.GONE
        else:
            s.pyr[p] = take(code)
            s.left += 1
    fill(s, take, [], waste, stock)
    return s


def random_position(game, players, variant, deal, steps, starter=0):
    """A state reached by ``steps`` random legal actions from a deal (or
    fewer, if the game ends first)."""
    from engine.prng import Prng

    s = game.new_state(players, deal, variant, starter)
    prng = Prng(deal)
    for _ in range(steps):
        if s.is_over():
            break
        legal = s.legal_list()
        s.apply(legal[prng.below(len(legal))])
    return s


def _hidden_extra(state, buf, n):
    """Append to ``buf`` from ``n`` the cards no seat sees outside hands and
    stock: Color Elevator's face-down cards, the solitaire's covered ones."""
    if hasattr(state, "fd_n"):
        for s in range(state.num_players):
            for i in range(state.fd_n[s]):
                buf[n] = state.fd[s * ce.FACE_DOWN + i]
                n += 1
    if hasattr(state, "pyr"):
        for p in range(es.SIZE):
            if state.pyr[p] != es.GONE and not state.face_up(p):
                buf[n] = state.pyr[p]
                n += 1
    return n


def redeal_hidden(state, seat, prng):
    """Shuffle every card ``seat`` cannot see (the other hands and the
    stock, not the cards every seat knows) and deal them back in the same
    counts, and give the state another deal (what Color Elevator's later
    rebuilds of the stock are shuffled by): a state that agrees with
    everything the seat has observed (the fairness tests; the board never
    needs it)."""
    hidden = bytearray(state.ncards)
    n = 0
    known = state._public()
    for i in range(state.num_players):
        if i != seat:
            for c in state.hands[i].to_list():  # take out what only its owner knows
                if known is None or c not in known:
                    hidden[n] = c
                    n += 1
                    state.hands[i].remove(c)
    if not state.deck_public():
        for i in range(state.deck_n):
            hidden[n] = state.deck[i]
            n += 1
    n = _hidden_extra(state, hidden, n)
    prng.shuffle(hidden, n)
    search_worlds.deal_hidden(state, seat, hidden)
    state.deal = prng.next30() or 1  # and the deal: its later shuffles are hidden too
