"""A game state in a few hundred bytes, to resume it exactly.

It holds what ``clone`` copies: the scalar ``FIELDS`` as signed varints,
the ``BUFFERS`` as bytes, the stock and the pile in order (a byte a
card), where every other card is (4 bits a card: the seat holding it,
or 15) and the hand sizes. A record that does not fit the game, or whose
cards are not exactly the deal's, is refused (ValueError), never played.
Loaded only to save or resume, then let go.
"""

import games
from savecodec import Reader, put_varint

FORMAT = 1
_NOWHERE = 15
_legal = [0] * 120


def new_state(setup):
    """The deal a setup describes."""
    game_id, players, variant, starter, deal, _ = setup
    game = games.by_id(game_id)
    if starter:
        return game.new_state(players, deal, variant, starter)
    return game.new_state(players, deal, variant)


def put(state, out):
    """Append the state's snapshot to ``out`` (a bytearray)."""
    out.append(FORMAT)
    out.append(len(state.FIELDS))
    out.append(state.ncards)
    for name in state.FIELDS:
        put_varint(out, int(getattr(state, name)))
    for name in state.BUFFERS:
        buf = getattr(state, name)
        out.append(len(buf))
        out.extend(buf)
    out.append(state.deck_n)
    out.extend(state.deck[: state.deck_n])
    out.append(state.pile_n)
    out.extend(state.pile[: state.pile_n])
    where = bytearray(state.ncards + 1)
    for c in range(len(where)):
        where[c] = _NOWHERE
    for seat in range(state.num_players):
        hand = state.hands[seat]
        c = hand.next(-1)
        while c >= 0:
            where[c] = seat
            c = hand.next(c)
    for i in range(0, state.ncards, 2):
        out.append(where[i] | (where[i + 1] << 4))
    out.extend(state.counts)


def read(setup, data):
    """The state a snapshot holds (ValueError if it cannot be right)."""
    state = new_state(setup)
    deal_cards = sorted(state.all_cards())
    r = Reader(data)
    if r.u8() != FORMAT or r.u8() != len(state.FIELDS) or r.u8() != state.ncards:
        raise ValueError("saved by other firmware")
    for name in state.FIELDS:
        v = r.varint()
        if isinstance(getattr(state, name), bool):
            v = bool(v)
        setattr(state, name, v)
    for name in state.BUFFERS:
        buf = getattr(state, name)
        if r.u8() != len(buf):
            raise ValueError("saved by other firmware")
        buf[:] = r.take(len(buf))
    for name in ("deck", "pile"):
        n = r.u8()
        if n > state.ncards:
            raise ValueError("bad " + name)
        getattr(state, name)[:n] = r.take(n)
        setattr(state, name + "_n", n)
    for seat in range(state.num_players):
        state.hands[seat].clear()
    packed = r.take((state.ncards + 1) // 2)
    for c in range(state.ncards):
        seat = (packed[c >> 1] >> (4 * (c & 1))) & 15
        if seat != _NOWHERE:
            if seat >= state.num_players:
                raise ValueError("bad hand")
            state.hands[seat].add(c)
    state.counts[:] = r.take(state.num_players)
    if sorted(state.all_cards()) != deal_cards:
        raise ValueError("cards do not match the deal")
    probe(state)
    return state


def probe(state, seed=1):
    """Play a copy to its end with random legal moves: a state whose
    numbers were damaged (past the store's CRC) shows it here, and is
    refused (ValueError) rather than met in the middle of a game."""
    from prng import Prng

    rng = Prng(seed)
    s = state.clone()
    broken = False
    try:
        for _ in range(4000):
            if s.is_over():
                break
            seat = s.current_player()
            if not 0 <= seat < s.num_players:
                raise ValueError("no one to play")
            n = s.legal_actions(_legal)
            if n <= 0:
                raise ValueError("no legal move")
            s.apply(_legal[rng.below(n)])
        if s.is_over() and sorted(s.all_cards()) != sorted(state.all_cards()):
            raise ValueError("cards lost")
    except (IndexError, KeyError, TypeError, ValueError, ZeroDivisionError, AttributeError):
        broken = True  # raised below: no exception chaining on the board
    if broken:
        raise ValueError("saved game does not play")
    if not s.is_over():
        raise ValueError("saved game does not end")


def play(state, a):
    """Apply one recorded move, refusing any the rules do not allow."""
    if a == 255:  # savecodec.UNDO
        if not hasattr(state, "undo") or not state.undo():
            raise ValueError("nothing to take back")
        return
    n = state.legal_actions(_legal)
    for i in range(n):
        if _legal[i] == a:
            state.apply(a)
            return
    raise ValueError("a move the rules refuse")


def replay(setup, moves):
    """The state after ``moves`` from the deal (ValueError on a move the
    rules refuse: a record from other firmware)."""
    state = new_state(setup)
    for a in moves:
        play(state, a)
    return state
