"""The work behind ``saves.py``: reading the store at power-up, writing
it, and turning games into records and back. Imported for each of these
and let go after, so none of it stays in the heap during play.
"""

import savecodec
import store
from saves import GAME, LAST, MOVES, SAVED, SETTINGS, STATS


def load(saves):
    st = store.Store(saves.nvm)
    try:
        recs = st.load()
    except MemoryError:  # not damage: the store is left alone, never written over
        raise
    except Exception:  # a store that cannot even be read: start clean
        recs = {}
        st.status = store.DAMAGED
    problems = []
    data = recs.get(SETTINGS)
    if data is not None:
        try:
            if not savecodec.read_settings(saves.settings, SAVED, data):
                problems.append("SETTINGS")
        except MemoryError:
            raise
        except Exception:
            saves.settings.__init__()
            problems.append("SETTINGS")
    data = recs.get(STATS)
    if data is not None:
        try:
            if not savecodec.read_stats(saves.stats, data):
                problems.append("STATISTICS")
        except MemoryError:
            raise
        except Exception:
            for row in saves.stats:
                row[:] = [0] * len(row)
            problems.append("STATISTICS")
    saves.game = recs.get(GAME)
    saves.moves = recs.get(MOVES)
    saves.last = recs.get(LAST)
    saves.slot, saves.seq, saves.status = st.slot, st.seq, st.status
    saves.message = store.MESSAGES[st.status]
    if problems:
        saves.message = " AND ".join(problems) + " RESET"
    saves.loaded = True


def _loaded(saves):
    """Read the store first if power-up could not (the heap was full then):
    a write over records never read would wipe them."""
    if not saves.loaded:
        load(saves)


def commit(saves):
    _loaded(saves)
    if saves.ended is not None:  # a game just over: its record, also on the serial console
        setup, moves = saves.ended
        saves.ended = None
        if moves is not None:
            saves.last = savecodec.put_record(setup, moves, len(moves))
            print("last game: " + savecodec.record_line(saves.last))
    recs = [(SETTINGS, savecodec.put_settings(saves.settings, SAVED)),
            (STATS, savecodec.put_stats(saves.stats))]  # fmt: skip
    if saves.game is not None:
        recs.append((GAME, saves.game))
    if saves.last is not None:
        recs.append((LAST, saves.last))
    if saves.game is not None and saves.moves is not None:
        recs.append((MOVES, saves.moves))
    st = store.Store(saves.nvm)
    st.slot, st.seq = saves.slot, saves.seq
    ok = st.save(recs)
    saves.slot, saves.seq, saves.dropped = st.slot, st.seq, st.dropped
    saves.writes += st.writes
    saves.dirty = False
    return ok


def keep_game(saves, setup, state, moves, moves_n):
    import snapshot

    out = bytearray()
    savecodec.put_setup(out, setup)
    snapshot.put(state, out)
    saves.game = bytes(out)
    saves.moves = None if moves is None else savecodec.put_record(setup, moves, moves_n)
    commit(saves)


def saved_game(saves):
    """The game in progress from its snapshot, checked against its moves
    when those were kept: they are replayed (the rules check every one)
    and, if the snapshot differs, the replay is the game."""
    import snapshot

    snap = None
    try:
        r = savecodec.Reader(saves.game)
        setup = savecodec.read_setup(r)
        snap = (setup, snapshot.read(setup, saves.game[r.pos :]))
    except MemoryError:  # not a bad record: keep it for when memory allows
        raise
    except Exception:
        pass
    replayed = None
    if saves.moves is not None:
        try:
            msetup, moves = savecodec.read_record(saves.moves)
            replayed = (msetup, snapshot.replay(msetup, moves), moves)
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


def last_line(saves):
    return savecodec.record_line(saves.last)
