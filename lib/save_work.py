"""Writing what the console keeps (``saves.py``): every record, most
important first, put together in the store's copy buffer and written
with one assignment.

Loaded with ``saves.py`` when the console starts and kept, with the
encoders it uses (``save_codec.py``, ``save_snapshot.py``, ``save_store.py``). The
game in progress is encoded straight into the buffer ``Saves`` keeps it
in, made at start-up like the store's copy, so a save at the table loads
no module and asks the heap for nothing bigger than a memoryview.
Reading is ``save_read.py``'s and ``save_snapread.py``'s, loaded at power-up
and for Continue.
"""

import save_codec
import save_snapshot
from saves import GAME, KEEP_GAME, KEEP_LAST, KEEP_MOVES, LAST, MOVES, SAVED, SETTINGS, STATS


def commit(saves):
    """Write every record now: one flash write. A game just over has its
    record printed on the serial console here (a maintainer can replay
    it), once the results are on screen."""
    if not saves.loaded:  # power-up could not read the store: read it first,
        saves.read()  # a write over records never read would wipe them
        if not saves.loaded:
            raise MemoryError("saves not read")
    kept, n = saves.kept, saves.kept_n
    if saves.ended:
        save_codec.print_line(kept[KEEP_LAST], n[KEEP_LAST])
        saves.ended = False
    st = saves.store
    if st.copy is None:
        saves.dirty = False
        return False
    st.begin()
    pos = st.open(SETTINGS)
    try:
        end = save_codec.put_settings(st.copy, pos, saves.settings, SAVED)
    except IndexError:  # a store too small even for this: left out
        end = st.size + 1
    st.close(SETTINGS, end)
    pos = st.open(STATS)
    try:
        end = save_codec.put_stats(st.copy, pos, saves.stats)
    except IndexError:
        end = st.size + 1
    st.close(STATS, end)
    if n[KEEP_GAME] >= 0:
        st.add(GAME, kept[KEEP_GAME], n[KEEP_GAME])
    if n[KEEP_LAST] >= 0:
        st.add(LAST, kept[KEEP_LAST], n[KEEP_LAST])
    if n[KEEP_GAME] >= 0 and n[KEEP_MOVES] >= 0:
        st.add(MOVES, kept[KEEP_MOVES], n[KEEP_MOVES])
    ok = st.finish()
    saves.writes = st.writes
    saves.dropped = st.dropped
    saves.dirty = False
    return ok


def keep_game(saves, setup, state, moves, moves_n):
    """Write the running game (``moves`` None: its moves are not known),
    encoded into the buffers ``saves`` keeps it in."""
    kept, n = saves.kept, saves.kept_n
    try:
        buf = kept[KEEP_GAME]
        n[KEEP_GAME] = save_snapshot.put(state, buf, save_codec.put_setup(buf, 0, setup))
    except IndexError:  # longer than a record can be: the game is not kept
        n[KEEP_GAME] = -1
    n[KEEP_MOVES] = -1
    if moves is not None and n[KEEP_GAME] >= 0:
        try:
            n[KEEP_MOVES] = save_codec.put_record(kept[KEEP_MOVES], 0, setup, moves, moves_n)
        except IndexError:  # a game longer than its buffer: resumed without its moves
            pass
    return commit(saves)
