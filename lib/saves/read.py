"""Reading back what the console keeps (``saves/keep.py``): the store's newest
good copy at power-up, the saved game in progress for Continue, and a
game's moves replayed. Loaded for those moments and by tools, then let go
(``saves/keep.py``); the records' decoders are ``saves/decode.py``'s (let
go with it), and the store's layout ``saves/store.py``'s.

A record that does not fit its game, or whose cards are not exactly the
deal's, is refused (ValueError), never played; a damaged store starts
clean and says so.
"""

from saves.codec import UNDO
from saves.decode import Reader, read_record, read_settings, read_setup, read_snapshot, read_stats
from saves.store import (
    DAMAGED,
    FRESH,
    GAME,
    HEAD,
    LAST,
    LAYOUT,
    LINK,
    MAGIC0,
    MAGIC1,
    MESSAGES,
    MOVES,
    NEWER,
    OLDER,
    RESTORED,
    SETTINGS,
    STATS,
    TAIL_MOVE,
    TAIL_UNLOG,
    crc16,
    tail_check,
)


# -- the store: the newest good copy in either slot ------------------------------
def _u16(b, i):
    return b[i] | (b[i + 1] << 8)


def _newer(a, b):
    """Sequence ``a`` came after ``b`` (serial-number arithmetic mod 2**16)."""
    return a != b and ((a - b) & 0xFFFF) < 0x8000


def _scan(st, k, found, bad):
    """Read slot ``k``'s copies into ``found`` as (version, seq, payload,
    slot, end, where its tail records start, how many). A tail record
    cut part-way (the move in flight at a power cut) ends the tail
    silently, and the log: nothing is appended after it. Past damage it
    looks for the next copy that checks out, so one bad copy hides no
    other. Damage goes into ``bad`` as (slot,
    position, seq or -1 when the header is gone or -2 for a newer
    firmware's copy, whether a good copy follows it in the slot). Returns
    where the log ends (-1: it ends in damage)."""
    data = bytes(st.nvm[k * st.size : (k + 1) * st.size])
    top = st.size
    pos = 0
    end = 0
    torn = False
    while pos + HEAD <= top:
        if data[pos] == 0xFF and data[pos : pos + HEAD] == b"\xff" * HEAD:
            break  # erased: the log ends here
        n = _u16(data, pos + 6)
        ok = data[pos] == MAGIC0 and data[pos + 1] == MAGIC1 and pos + HEAD + n <= top
        if ok:
            crc = crc16(data, n, crc16(data, 8, 0xFFFF, pos), pos + HEAD)
            ok = crc == _u16(data, pos + 8)
        if not ok:
            if pos == end and (pos or any(data[:HEAD])):
                seq = _u16(data, pos + 4) if data[pos] == MAGIC0 else -1
                bad.append([k, pos, seq, False])
            pos += 1  # resynchronise on the next copy that checks out
            continue
        for b in bad:
            if b[0] == k:
                b[3] = True  # a good copy after it: that damage is older
        seq = _u16(data, pos + 4)
        at = pos + HEAD + n
        t = 0  # its tail records
        while at + 3 <= top and data[at] in (TAIL_MOVE, TAIL_UNLOG):
            if data[at + 2] != tail_check(data[at], data[at + 1], t):
                # the last thing written, cut: the move in flight, ignored, and the
                # log ends here; followed by anything, it is damage (said below)
                rest = data[at + 3 : min(top, at + 3 + HEAD)]
                torn = rest == b"\xff" * len(rest)
                break
            t += 1
            at += 3
        if data[pos + 2] > LAYOUT:
            bad.append([k, pos, -2, False])  # a newer firmware's copy: not read
        else:
            found.append((data[pos + 2], seq, data[pos + HEAD : pos + HEAD + n], k,
                          at, pos + HEAD + n, t))  # fmt: skip
        if torn:
            return -1
        pos = at
        end = pos
    return end if end == pos else -1


def read_store(st):
    """The newest good copy's records as {kind: bytes}; sets the store's
    ``status``, sequence, slot and where the next copy goes."""
    if st.nvm is None:
        return {}
    found = []
    bad = []
    ends = [0, 0]
    if st.size > HEAD:
        for k in range(2):
            ends[k] = _scan(st, k, found, bad)
    if not found:
        newer = False
        for b in bad:
            newer = newer or b[2] == -2
        st.status = NEWER if newer else DAMAGED if bad else FRESH
        return {}
    best = found[0]
    for c in found:
        if _newer(c[1], best[1]):
            best = c
    st.seq = best[1]
    st.slot = best[3]
    # append after it only where the log ends cleanly right there
    st.end = best[4] if ends[st.slot] == best[4] else -1
    st.tail_at = best[5]
    st.at = best[5] - len(best[2]) - HEAD
    st.tail_n = best[6]
    st.status = RESTORED
    for k, pos, seq, followed in bad:
        if k == st.slot:
            lost = not followed  # after the newest copy: a newer one, cut
        else:  # a slot starts afresh at 0: damage there may be a cut restart
            lost = pos == 0 and (seq < 0 or _newer(seq, st.seq))
        if lost:
            st.status = OLDER
    return parse(best[2])


def parse(payload):
    """Records of a payload as {kind: bytes}; a truncated tail is ignored."""
    out = {}
    i = 0
    n = len(payload)
    while i + 3 <= n:
        kind = payload[i]
        size = _u16(payload, i + 1)
        if i + 3 + size > n:
            break
        out[kind] = payload[i + 3 : i + 3 + size]
        i += 3 + size
    return out


# -- power-up ----------------------------------------------------------------------
def _length(found, kind):
    data = found.get(kind)
    return -1 if data is None else len(data)


def load(saves):
    """Power-up: the store's newest copy into ``saves`` (settings,
    statistics, the kept records) and what to tell the person."""
    st = saves.store
    try:
        found = read_store(st)
    except MemoryError:  # not damage: the store is left alone, never written over
        raise
    except Exception:  # a store that cannot even be read: start clean
        found = {}
        st.status = DAMAGED
    bad = []
    data = found.get(SETTINGS)
    if data is not None:
        try:
            if not read_settings(saves.settings, data):
                bad.append("SETTINGS")
        except MemoryError:
            raise
        except Exception:
            saves.settings.__init__()
            bad.append("SETTINGS")
    data = found.get(STATS)
    if data is not None:
        try:
            if not read_stats(saves.stats, data):
                bad.append("STATISTICS")
        except MemoryError:
            raise
        except Exception:
            for row in saves.stats:
                row[:] = [0] * len(row)
            bad.append("STATISTICS")
    # the game's, its moves' and the last game's records stay in the store
    saves.game_n = _length(found, GAME)
    saves.moves_n = _length(found, MOVES)
    if saves.aside < 0:  # (a game over since power-up has its record put aside: newer)
        saves.last_n = _length(found, LAST)
    saves.link = found.get(LINK)
    saves.message = MESSAGES[st.status]
    if bad:
        saves.message = " AND ".join(bad) + " RESET"
    saves.loaded = True


# -- the game in progress, and games replayed ---------------------------------------
def snapshot(match, data):
    """The state a snapshot of ``match`` holds, checked to play on
    (ValueError if it cannot be right)."""
    state = read_snapshot(match, data)
    probe(state)
    return state


def probe(state, seed=1):
    """Play a copy to its end with random legal moves: a state whose
    numbers were damaged (past the store's CRC) shows it here, and is
    refused (ValueError) rather than met in the middle of a game."""
    from engine.gamestate import MAX_ACTIONS
    from engine.prng import Prng

    legal = bytearray(MAX_ACTIONS)
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
            n = s.legal_actions(legal)
            if n <= 0:
                raise ValueError("no legal move")
            s.apply(legal[rng.below(n)])
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
    if not state.is_legal(a):
        raise ValueError("a move the rules refuse")
    (apply or state.apply)(a)


def replay(match, moves):
    """The state after ``moves`` from ``match``'s deal (ValueError on a
    move the rules refuse: a record from other firmware)."""
    state = match.new_state()
    for a in moves:
        play(state, a)
    return state


def saved_game(saves):
    """(match, state, moves or None) of the game in progress, from its
    snapshot, checked against its moves when those were kept: they are
    replayed (the rules check every one) and, if the snapshot differs, the
    replay is the game. None when neither reads (both are dropped)."""
    snap = None
    game = saves.game
    try:
        r = Reader(game)
        match = read_setup(r)
        snap = (match, snapshot(match, game[r.pos :]))
    except MemoryError:  # not a bad record: keep it for when memory allows
        raise
    except Exception:
        pass
    replayed = None
    kept = saves.moves
    if kept is not None:
        try:
            match, moves = read_record(kept)
            replayed = (match, replay(match, moves), moves)
        except MemoryError:
            raise
        except Exception:
            pass
    if replayed is not None:
        match, state, moves = replayed
        if snap is None or not snap[0].same(match) or snap[1].key() != state.key():
            saves.message = "SAVED GAME REBUILT FROM MOVES"
        return _tail(saves, match, state, moves)
    if snap is None:
        saves.game_n = saves.moves_n = -1
        saves.message = "SAVED GAME UNREADABLE: DROPPED"
        return None
    return _tail(saves, snap[0], snap[1], None)


def _tail(saves, match, state, moves):
    """The saved game brought up to its last committed move: the store's
    tail records after its copy (``saves/store.py``), each checked by the
    rules, stopping at the first they refuse (then nothing more is
    appended to that tail: the game is written whole at its next move).
    ``moves`` (the kept moves, or None) come back extended by the tail."""
    st = saves.store
    n = st.tail_n
    if n <= 0 or st.slot < 0:
        return match, state, moves
    base = st.slot * st.size + st.tail_at
    nvm = st.nvm
    k = len(moves) if moves is not None else 0
    eff = bytearray(k + n)  # the moves, then the tail's
    eff[:k] = moves if k else b""
    m = k  # eff[:m]: the moves as the records leave them
    low = k  # eff[:low]: kept moves the state already has
    whole = True  # every record taken
    for i in range(n):
        if nvm[base + 3 * i] == TAIL_UNLOG:
            if m == 0 or moves is None:
                whole = False  # nothing to take back: the records stop here
                break
            m -= 1
            low = min(low, m)
        else:
            eff[m] = nvm[base + 3 * i + 1]
            m += 1
    if low < k:
        state = replay(match, eff[:low])  # a kept move was taken back
    for j in range(low, m):
        try:
            play(state, eff[j])
        except ValueError:
            m = j
            whole = False
            break
    if not whole:  # records refused: they stay behind, nothing goes after them, and the
        st.end = -1  # game is written whole at its next move or save
        saves.dirty = True
    return match, state, (bytes(eff[:m]) if moves is not None else None)
