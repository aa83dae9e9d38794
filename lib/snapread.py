"""Reading a state's snapshot back (``snapshot.py`` writes it), replaying
a game's moves, and the saved game in progress for Continue. Loaded for
Continue and by tools, then let go.

A record that does not fit the game, or whose cards are not exactly the
deal's, is refused (ValueError), never played.
"""

import games
from savecodec import UNDO
from saveread import Reader, read_record, read_setup
from snapshot import FORMAT, NOWHERE

_legal = [0] * 120


def new_state(setup):
    """The deal a setup describes."""
    game_id, players, variant, starter, deal, _ = setup
    game = games.by_id(game_id)
    if starter:
        return game.new_state(players, deal, variant, starter)
    return game.new_state(players, deal, variant)


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
        if seat != NOWHERE:
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
    if a == UNDO:
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


def saved_game(saves):
    """The game in progress from its snapshot, checked against its moves
    when those were kept: they are replayed (the rules check every one)
    and, if the snapshot differs, the replay is the game."""
    snap = None
    game = saves.game
    try:
        r = Reader(game)
        setup = read_setup(r)
        snap = (setup, read(setup, game[r.pos :]))
    except MemoryError:  # not a bad record: keep it for when memory allows
        raise
    except Exception:
        pass
    replayed = None
    kept = saves.moves
    if kept is not None:
        try:
            msetup, moves = read_record(kept)
            replayed = (msetup, replay(msetup, moves), moves)
        except MemoryError:
            raise
        except Exception:
            pass
    if replayed is not None:
        msetup, state, moves = replayed
        if snap is None or snap[0] != msetup or snap[1].key() != state.key():
            saves.message = "SAVED GAME REBUILT FROM MOVES"
        return replayed
    if snap is None:
        saves.game = None
        saves.moves = None
        saves.message = "SAVED GAME UNREADABLE: DROPPED"
        return None
    return snap[0], snap[1], None
