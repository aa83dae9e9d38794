"""Reading a state's snapshot back (``save_snapshot.py`` writes it), replaying
a game's moves, and the saved game in progress for Continue. Loaded for
Continue and by tools, then let go.

A record that does not fit the game, or whose cards are not exactly the
deal's, is refused (ValueError), never played. A snapshot in the older
FORMAT 1 is read too (its dropped fields skipped: ``_OLD``).
"""

import games
from save_codec import UNDO
from save_read import Reader, read_record, read_setup
from save_snapshot import FORMAT, NOWHERE

_legal = [0] * games.MAX_ACTIONS
# FORMAT 1 (firmware before SETS) per game, by save id: bit i set for an old
# field i since dropped (the table's last move, the observer), above them
# one bit at the old field count; what is kept comes in today's order.
# Roller Coaster's ``pub`` was bytes: bit c for card c, bit ncards ``turned``.
_OLD = (0x7E200, 0x140, 0x1E800000, 0x1E800000, 0x78080)


def new_state(setup):
    """The deal a setup describes."""
    game_id, players, variant, starter, deal, _ = setup
    return games.by_id(game_id).new_state(players, deal, variant, starter)


def read(setup, data):
    """The state a snapshot holds (ValueError if it cannot be right)."""
    state = new_state(setup)
    deal_cards = sorted(state.all_cards())
    r = Reader(data)
    fields = state.FIELDS
    fmt = r.u8()
    n = r.u8()
    drop = 0  # FORMAT: every field, in today's order
    if fmt == 1:
        sid = games.info(setup[0]).SAVE_ID
        drop = _OLD[sid] if sid < len(_OLD) else 0
        ok = drop >> n == 1
    else:
        ok = fmt == FORMAT and n == len(fields)
    if not ok or r.u8() != state.ncards:
        raise ValueError("saved by other firmware")
    k = 0
    for i in range(n):
        v = r.varint()
        if drop >> i & 1:
            continue
        name = fields[k]
        k += 1
        if isinstance(getattr(state, name), bool):
            v = bool(v)
        setattr(state, name, v)
    for name in state.BUFFERS:
        buf = getattr(state, name)
        if r.u8() != len(buf):
            raise ValueError("saved by other firmware")
        buf[:] = r.take(len(buf))
    for name in state.SETS:
        if fmt == 1:  # bytes then: Roller Coaster's pub (see _OLD)
            m = state.ncards
            b = r.take(r.u8())
            if len(b) != (m + 8) >> 3:
                raise ValueError("saved by other firmware")
            for c in range(m):
                if b[c >> 3] >> (c & 7) & 1:
                    getattr(state, name).add(c)
            state.turned = b[m >> 3] >> (m & 7) & 1 == 1
            continue
        words = getattr(state, name).w
        if r.u8() != len(words):
            raise ValueError("saved by other firmware")
        for i in range(len(words)):
            w = r.varint()
            if w < 0 or w >= 1 << 27:
                raise ValueError("bad card set")
            words[i] = w
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
    for seat in range(state.num_players):
        if state.counts[seat] != state.hands[seat].count():
            raise ValueError("a hand's count is wrong")
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


def play(state, a, apply=None):
    """Apply one recorded move, refusing any the rules do not allow
    (through ``apply`` when given: a table's, which notes the move)."""
    if a == UNDO:
        if not state.undo():
            raise ValueError("nothing to take back")
        return
    n = state.legal_actions(_legal)
    for i in range(n):
        if _legal[i] == a:
            (apply or state.apply)(a)
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
