"""Writing what the console keeps (``saves/keep.py``): every record, most
important first, put together in the store's copy buffer and written
with one assignment.

Loaded with ``saves/keep.py`` when the console starts and kept, with the
formats it writes (``saves/codec.py``, ``saves/snapshot.py``) and the store
(``saves/store.py``). The game in progress is encoded straight into the
buffer ``Saves`` keeps it in, made at start-up like the store's copy, so
a save at the table loads no module and asks the heap for nothing bigger
than a memoryview. Reading is ``saves/read.py``'s.
"""

from match import GUEST
from saves import codec, snapshot
from saves.store import GAME, LAST, LINK, MOVES, SETTINGS, STATS


def commit(saves, carry=True):
    """Write every record now: one flash write. A game just over has its
    record printed on the serial console here (a maintainer can replay
    it), once the results are on screen. The game in progress keeps the
    moves made since its copy (the store's tail records) unless
    ``carry`` is False (its copy is new)."""
    if not saves.loaded:  # power-up could not read the store: read it first,
        saves.read()  # a write over records never read would wipe them
        if not saves.loaded:
            raise MemoryError("saves not read")
    if saves.ended:
        codec.print_line(saves.last_buf, saves.last_n)
        saves.ended = False
    st = saves.store
    if st.copy is None:
        saves.dirty = False
        return False
    st.begin()
    pos = st.open(SETTINGS)
    try:
        end = codec.put_settings(st.copy, pos, saves.settings)
    except IndexError:  # a store too small even for this: left out
        end = st.size + 1
    st.close(SETTINGS, end)
    pos = st.open(STATS)
    try:
        end = codec.put_stats(st.copy, pos, saves.stats)
    except IndexError:
        end = st.size + 1
    st.close(STATS, end)
    if saves.game_n >= 0:
        st.add(GAME, saves.game_buf, saves.game_n)
    if saves.last_n >= 0:
        st.add(LAST, saves.last_buf, saves.last_n)
    if saves.game_n >= 0 and saves.moves_n >= 0:
        st.add(MOVES, saves.moves_buf, saves.moves_n)
    if saves.link_n >= 0:
        st.add(LINK, saves.link_buf, saves.link_n)
    ok = st.finish(carry and saves.game_n >= 0)
    saves.writes = st.writes
    saves.dropped = st.dropped
    saves.dirty = st.waits  # (kept for the game's next whole write: its moves stay)
    return ok


def keep_game(saves, match, state, moves, moves_n):
    """Write the running game (``moves`` None: its moves are not known),
    encoded into the buffers ``saves`` keeps it in; a linked game's host
    keeps its guest seats and their tokens with it."""
    link = match.link
    if link is not None and not link.seat:
        from link import saved  # (link play's: loaded with its code)

        saved.put(saves, saved.BY_HOST, link.seats())
    elif not match.has(GUEST):  # (a linked game written back from the store keeps them)
        saves.forget_guests()
    buf = saves.game_buf
    try:
        saves.game_n = snapshot.put(state, buf, codec.put_setup(buf, 0, match))
    except IndexError:  # longer than a record can be: the game is not kept
        saves.game_n = -1
    saves.moves_n = -1
    if moves is not None and saves.game_n >= 0:
        try:
            saves.moves_n = codec.put_record(saves.moves_buf, 0, match, moves, moves_n)
        except IndexError:  # a game longer than its buffer: resumed without its moves
            pass
    return commit(saves, False)
