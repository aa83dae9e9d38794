"""Writing what the console keeps (``saves.py``): every record, most
important first, put together in the store's copy buffer and written
with one assignment.

Loaded with ``saves.py`` when the console starts and kept, with the
encoders it uses (``savecodec.py``, ``snapshot.py``, ``store.py``), so a
save at the table loads no module and needs no fresh heap beyond the
bytes of the records it keeps (a few hundred). Reading is
``saveread.py``'s and ``snapread.py``'s, loaded at power-up and for
Continue.
"""

import savecodec
import snapshot
from saves import GAME, LAST, MOVES, SAVED, SETTINGS, STATS


def _buffer(st):
    """Where to put a record together: the store's copy buffer, or for a
    store too small to hold a game (a SAMD21's), a buffer lent for the
    moment (the record is then left out of the copy)."""
    c = st.copy
    return c if c is not None and len(c) >= 1024 else bytearray(1024)


def commit(saves):
    """Write every record now: one flash write. A game just over has its
    record written (and printed on the serial console) here."""
    if not saves.loaded:  # power-up could not read the store: read it first,
        saves.read()  # a write over records never read would wipe them
        if not saves.loaded:
            raise MemoryError("saves not read")
    st = saves.store
    if st.copy is None:
        saves.dirty = False
        return False
    if saves.ended is not None:  # a game just over: its record becomes the last game
        setup, moves = saves.ended
        if moves is not None:
            c = _buffer(st)
            try:
                end = savecodec.put_record(c, 0, setup, moves, len(moves))
                saves.last = bytes(memoryview(c)[:end])
                savecodec.print_line(saves.last, end)
            except IndexError:  # longer than any store can keep
                pass
        saves.ended = None
    st.begin()
    _put(st, SETTINGS, savecodec.put_settings, saves.settings, SAVED)
    _put(st, STATS, savecodec.put_stats, saves.stats)
    if saves.game is not None:
        st.add(GAME, saves.game)
    if saves.last is not None:
        st.add(LAST, saves.last)
    if saves.game is not None and saves.moves is not None:
        st.add(MOVES, saves.moves)
    ok = st.finish()
    saves.writes = st.writes
    saves.dropped = st.dropped
    saves.dirty = False
    return ok


def _put(st, kind, encode, *args):
    pos = st.open(kind)
    try:
        end = encode(st.copy, pos, *args)
    except IndexError:  # ran past the copy: left out
        end = st.size + 1
    st.close(kind, end)


def keep_game(saves, setup, state, moves, moves_n):
    """Write the running game (``moves`` None: its moves are not known).
    Its records are put together in the store's copy buffer, then kept as
    bytes until the next save (a store too small for them, a SAMD21's,
    lends a buffer for the moment and leaves them out of the copy)."""
    c = _buffer(saves.store)
    try:
        end = snapshot.put(state, c, savecodec.put_setup(c, 0, setup))
        saves.game = bytes(memoryview(c)[:end])
        if moves is None:
            saves.moves = None
        else:
            end = savecodec.put_record(c, 0, setup, moves, moves_n)
            saves.moves = bytes(memoryview(c)[:end])
    except IndexError:  # longer than any store: the game is not kept
        saves.game = None
        saves.moves = None
    return commit(saves)
