"""Writing what the console keeps (``saves/keep.py``): every record, most
important first, put together in the store's copy buffer and written
with one assignment.

Loaded with ``saves/keep.py`` when the console starts and kept, with the
formats it writes (``saves/codec.py``, ``saves/snapshot.py``) and the store
(``saves/store.py``). The game in progress is encoded straight into the
store's copy buffer, made at start-up, or carried from the newest copy,
so a save at the table loads no module and asks the heap for a few
hundred bytes at most.
Reading is ``saves/read.py``'s.
"""

from match import GUEST
from saves import codec, snapshot
from saves.store import GAME, LAST, LINK, MOVES, SETTINGS, STATS


def commit(saves, carry=True, match=None, state=None, moves=None, moves_n=0):
    """Write every record now: one flash write. A game just over has its
    record printed on the serial console here (a maintainer can replay
    it), once the results are on screen. The game in progress is written
    anew from ``match`` and ``state`` (``moves``: its moves, None when not
    known), or else carried from the newest copy with the moves made since
    (the store's tail records) unless ``carry`` is False."""
    if not saves.loaded:  # power-up could not read the store: read it first,
        saves.read()  # a write over records never read would wipe them
        if not saves.loaded:
            raise MemoryError("saves not read")
    st = saves.store
    c = st.copy
    if c is None:
        saves.dirty = False
        return False
    if saves.ended:  # (once: a save that fails is tried again, not printed again)
        codec.print_line(c, saves.last_n, saves.aside)
        saves.ended = False
    st.begin()
    pos = st.open(SETTINGS)
    try:
        end = codec.put_settings(c, pos, saves.settings)
    except IndexError:  # a store too small even for this: left out
        end = st.spill()
    st.close(SETTINGS, end)
    pos = st.open(STATS)
    try:
        end = codec.put_stats(c, pos, saves.stats)
    except IndexError:
        end = st.spill()
    st.close(STATS, end)
    game_n = _game(saves, st, match, state)
    last_n = _last(saves, st)
    moves_kept = saves.moves_n
    if game_n >= 0:
        if match is not None:
            moves_kept = -1
            if moves is not None:
                pos = st.open(MOVES)
                try:
                    end = codec.put_record(c, pos, match, moves, moves_n)
                except IndexError:  # a game longer than a slot: resumed without its moves
                    end = st.spill()
                if st.close(MOVES, end):
                    moves_kept = end - pos
        elif moves_kept >= 0 and not st.carry(MOVES):
            moves_kept = -1
    elif match is not None and moves is not None:
        st.close(MOVES, st.size + 1)  # dropped with the game they are the moves of
    if saves.link_n >= 0:
        st.add(LINK, saves.link_buf, saves.link_n)
    ok = st.finish(carry and match is None and game_n >= 0)
    saves.writes = st.writes
    saves.dropped = st.dropped
    saves.dirty = st.waits  # (kept for the game's next whole write: its moves stay)
    if ok:  # what the newest copy holds now
        saves.game_n = game_n
        saves.moves_n = moves_kept if game_n >= 0 else -1
        saves.last_n = last_n
        saves.aside = -1  # (in the store now)
    return ok


def _game(saves, st, match, state):
    """The game in progress into the copy: from ``match`` and ``state``, or
    carried; its length, -1 when there is none or it did not fit."""
    if match is None:
        return saves.game_n if saves.game_n >= 0 and st.carry(GAME) else -1
    c = st.copy
    pos = st.open(GAME)
    try:
        end = snapshot.put(state, c, codec.put_setup(c, pos, match))
    except IndexError:  # longer than a record can be: the game is not kept
        end = st.spill()
    return end - pos if st.close(GAME, end) else -1


def _last(saves, st):
    """The last game's record into the copy: carried, or moved from where
    it was put aside (``saves.aside``); its length, -1 when there is none
    or it did not fit. Where a record put aside is, or that it is lost, is
    settled here, whatever happens to the write after."""
    n = saves.last_n
    if n < 0:
        return -1
    at = saves.aside
    if at < 0:
        return n if st.carry(LAST) else -1
    if st.spilled or st.n > at:  # what came first wrote over it (in a slot of 2 KB a game
        kept = st.close(LAST, st.size + 1)  # is a few hundred bytes: a small store's case)
    else:
        kept = st.add(LAST, st.copy, n, at)
    saves.aside = st.n - n if kept else -1
    saves.last_n = n if kept else -1
    return saves.last_n


def keep_game(saves, match, state, moves, moves_n):
    """Write the running game (``moves`` None: its moves are not known)
    whole; a linked game's host keeps its guest seats and their tokens
    with it."""
    link = match.link
    if link is not None and not link.seat:
        from link import saved  # (link play's: loaded with its code)

        saved.put(saves, saved.BY_HOST, link.seats())
    elif not match.has(GUEST):  # (a linked game written back from the store keeps them)
        saves.forget_guests()
    return commit(saves, False, match, state, moves, moves_n)
