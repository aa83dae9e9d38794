"""Computer opponents at three levels, for every game with opponents.

- Easy: any legal action, chosen at random.
- Normal: the game's own heuristic (``basic_policy`` in its module).
- Hard: determinized Monte Carlo. It deals the cards its seat cannot see
  at random in the counts the seat knows (``redeal_hidden``), plays each
  candidate action there, lets every seat play on with the Normal policy
  for a while, and scores where its seat stands; the action with the best
  total over all samples wins. Its budget is the number of playouts.

Every level decides from ``observe(seat)`` alone, so no level can see a
card its seat cannot; the tests reshuffle the hidden cards and check that
no decision changes.
"""

from micropython import const

EASY = const(0)
NORMAL = const(1)
HARD = const(2)
NAMES = ("Easy", "Normal", "Hard")

# Playouts per Hard decision. On the MicroPython VM on this PC (about 170,000
# pystones/s) 4 playouts take 1-3 ms on average, 5-13 ms at worst; an RP2040
# under CircuitPython runs about 930 pystones/s, some 185 times slower, so
# that is 0.2-0.6 s on average there: the most that fits "about 300 ms".
HARD_PLAYOUTS = const(4)
HORIZON = const(24)  # actions a playout runs before it scores the position
MARGIN = const(100)  # per sample, on the 0..1000 standing scale

_buf = [0] * 120
_actions = [0] * 120
_totals = [0] * 120


def choose(game, obs, prng, level, playouts=HARD_PLAYOUTS):
    """The action a ``level`` player takes from observation ``obs``."""
    if level == EASY:
        n = obs.legal_actions(_buf)
        return _buf[prng.below(n)]
    if level == HARD:
        return hard(game, obs, prng, playouts)
    return game.basic_policy(obs, prng)


def _standing(state, seat):
    """How well ``seat`` stands, 0 (last) .. 1000 (first): by place once the
    game is over, else by the cards each player has left."""
    n = state.num_players
    if n < 2:
        return 1000 if state.winner == seat else 0
    mine = state.cards_left(seat)
    ahead = 0
    ties = 0
    for s in range(n):
        if s != seat:
            left = state.cards_left(s)
            if left < mine:
                ahead += 1
            elif left == mine:
                ties += 1
    if state.is_over():
        place = state.ranking()[seat]
        return 1000 * (n - 1 - place) // (n - 1)
    return (1000 * (n - 1 - ahead) - 500 * ties) // (n - 1)


def determinize(state, seat, prng):
    """Fill an observation ``state`` made for ``seat`` with one possible world:
    every card the seat has not seen, shuffled and dealt into the
    other hands, the stock and any other hidden places, in the counts
    the seat knows (search uses this)."""
    seen = bytearray(state.ncards)
    hand = state.hands[seat]
    c = hand.next(-1)
    while c >= 0:
        seen[c] = 1
        c = hand.next(c)
    for i in range(state.pile_n):
        seen[state.pile[i]] = 1
    for c in state._visible_extra():
        seen[c] = 1
    pool = bytearray(state.ncards)
    n = 0
    for c in range(state.ncards):
        if not seen[c]:
            pool[n] = c
            n += 1
    prng.shuffle(pool, n)
    state.deal_hidden(seat, pool)
    state.observer = -1


def hard(game, obs, prng, playouts=HARD_PLAYOUTS):
    seat = obs.current_player()
    n = obs.legal_actions(_actions)
    if n == 1:
        return _actions[0]
    normal = game.basic_policy(obs, prng)
    rounds = playouts // n
    if rounds < 2:
        # one sample per action is noise: it must not undo a sound heuristic
        return normal
    for i in range(n):
        _totals[i] = 0
    for _ in range(rounds):
        world = obs.clone()
        determinize(world, seat, prng)
        for i in range(n):
            s = world.clone()
            s.apply(_actions[i])
            steps = 0
            while not s.is_over() and steps < HORIZON:
                s.apply(game.basic_policy(s, prng))
                steps += 1
            _totals[i] += _standing(s, seat)
    # The Normal choice stands unless the samples clearly favour another.
    best = 0
    for i in range(n):
        if _actions[i] == normal:
            best = i
    margin = rounds * MARGIN
    for i in range(n):
        if _totals[i] > _totals[best] + margin:
            best = i
            margin = 0
    return _actions[best]
