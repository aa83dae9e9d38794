"""The worlds Hard's searches play in, and the board's clock they watch.

A world is one possible deal behind a seat's observation: every card the
seat has not seen, shuffled and dealt into the other hands, the stock
and any other hidden places, in the counts the seat knows
(``determinize``). A search plays its worlds in two scratch states and
deals them from two scratch buffers, all made at a table's first search
(``scratch``) and refilled after: a world allocates nothing.

Used by Roller Coaster's search (``opponents_hard.py``) and by the
endgame search of Elevator and Bastard (``opponents_endgame.py``); loaded
only with one of them.
"""

from array import array

from micropython import const

from engine.gamestate import MAX_ACTIONS

# On a board a search watches the clock (``clock``: milliseconds, as
# supervisor.ticks_ms counts them) from the decision's start: it starts no
# world that would end past THINK_MS (``late``), for the rare states whose
# moves cost far more than most; and, for a world longer than most (big
# hands, a long playout), it gives up mid-playout at _GIVE_UP_MS, a move
# short of THINK_MS (``overtime``)
THINK_MS = const(300)
WORLD = const(2)  # a sampled world (a copy and a deal) in a search's budget, in Normal moves
_GIVE_UP_MS = const(240)
_TICKS_MASK = const(0x1FFFFFFF)  # ticks_ms wraps at 2**29
actions = bytearray(MAX_ACTIONS)  # the actions a search tries (an action is a byte)
# their scores (a list of ints costs twice as much on a board)
totals = array("i", [0] * MAX_ACTIONS)
# the sampled world, a playout's copy, and determinize's two buffers
_made = [None, None, None, None]


def scratch(obs):
    """The search's two states, the world and a playout's copy, as the
    first two items of a list (a tuple would be allocated at every call):
    made at the first search for a table (its game, variant and players)
    with the buffers a world is dealt from, and refilled at every decision
    after. Made again for another table: a copy takes the cards, not the
    rules, and Elevator and Bastard share a state class (the simulator
    keeps this module from game to game; a board lets it go with the
    game). None if the heap has no room for them: the search is then
    skipped, and tried again next time."""
    w = _made[0]
    if w is None or _made[3] is None or type(w) is not type(obs) or w.INFO is not obs.INFO or (
            w.variant != obs.variant or w.num_players != obs.num_players or (
                w.decks != obs.decks)):  # fmt: skip
        for i in range(4):  # (the old ones go before the new are made)
            _made[i] = None
        try:
            _made[0] = obs._blank()
            _made[1] = obs._blank()
            _made[2] = bytearray(obs.ncards)
            _made[3] = bytearray(obs.ncards)
        except MemoryError:
            for i in range(4):
                _made[i] = None
            return None
    return _made


def determinize(state, seat, prng):
    """Fill an observation ``state`` made for ``seat`` with one possible
    world (every card the seat has not seen, shuffled and dealt into the
    other hands, the stock and any other hidden places, in the counts the
    seat knows), in the buffers ``scratch`` made for its table (or new
    ones, for a pack of another size: the tools and tests deal worlds
    without a search)."""
    seen = _made[2]
    buf = _made[3]
    if seen is None or len(seen) != state.ncards:
        seen = bytearray(state.ncards)
        buf = bytearray(state.ncards)
    for c in range(state.ncards):
        seen[c] = 0
    for s in range(state.num_players):  # the seat's hand, and cards all know
        hand = state.hands[s]
        c = hand.next(-1)
        while c >= 0:
            seen[c] = 1
            c = hand.next(c)
    if state.deck_public():
        for i in range(state.deck_n):
            seen[state.deck[i]] = 1
    for i in range(state.pile_n):
        seen[state.pile[i]] = 1
    for c in state._visible_extra():
        seen[c] = 1
    n = 0
    for c in range(state.ncards):
        if not seen[c]:
            buf[n] = c
            n += 1
    prng.shuffle(buf, n)
    deal_hidden(state, seat, buf)
    # an observation has no deal: the world's later shuffles (Color
    # Elevator's rebuilds of the stock) are drawn from this player's own
    # generator, as unknown to it as the real ones
    state.deal = prng.next30() or 1


def deal_hidden(state, seat, buf):
    """Deal ``buf`` into everything ``seat`` cannot see, in the counts the
    seat knows: the other hands, the stock, the extra places. Cards every
    seat knows (``_public``) stay where they are."""
    k = 0
    for i in range(state.num_players):
        if i != seat:
            hand = state.hands[i]
            for _ in range(state.counts[i] - hand.count()):
                hand.add(buf[k])
                k += 1
    if not state.deck_public():
        for i in range(state.deck_n):
            state.deck[i] = buf[k]
            k += 1
    state._deal_extra(seat, buf, k)


def late(clock, start, done):
    """Would one more world, as long as the ``done`` before, end past
    THINK_MS?"""
    spent = (clock() - start) & _TICKS_MASK
    return spent + spent // done > THINK_MS


def overtime(clock, start):
    """Has the decision run to _GIVE_UP_MS, where a search stops mid-playout?"""
    return (clock() - start) & _TICKS_MASK >= _GIVE_UP_MS


def settle(n, pick, margin, mine):
    """Hard's own choice ``mine`` (``pick`` among the ``n`` tried) stands
    unless another action's total beats it by ``margin``."""
    best = pick
    for i in range(n):
        if totals[i] > totals[best] + margin:
            best = i
            margin = 0
    return mine if best == pick else actions[best]
