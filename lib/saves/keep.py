"""What the console keeps between power-ups, and when it writes it.

Records, most important first (a small store keeps the first that fit):

1. settings;
2. statistics per game (a row per save id: a game is always named by its
   ``SAVE_ID``, never by its place in the catalogue);
3. the game in progress: its match (the setup) and a snapshot of the state;
4. the last finished game's record (match and moves), for replays;
5. the moves of the game in progress (so a resumed game can still be
   replayed when it ends);
6. link play's seats (``link``): a host's, each guest seat of its saved
   game with the token its console comes back with; or a guest's, the
   seat and token it holds, so a guest powered off rejoins its seat.

A game is written whole when it is dealt, and each move after that is
appended to it as a three-byte tail record in erased flash (no erase:
``table/record.py`` calls ``store.append``), so a power cut loses at most
the move in flight; when the store has no erased room left for one the
game is written whole again (then flash is erased, once every few games). The console also
writes when a game ends, when the pause menu opens or the keys have been
left alone for ``IDLE_SAVE_MS`` with something not yet written, and when
settings are left changed.

The modules go one way: this facade, then the writer (``saves/write.py``)
and the reader (``saves/read.py``), then the formats as written
(``saves/codec.py``, ``saves/snapshot.py``) and as read
(``saves/decode.py``), then the store (``saves/store.py``). Writing is
loaded when the console starts and stays, with the store's copy buffer
made then, so a save never waits for a module or a big piece of heap.
Reading, with the decoders, is loaded at power-up and for Continue, then
let go: a table holds no reader. A save that cannot be written (the heap
is full) is said and kept to be tried again: nothing is dropped.
"""

import gc

from micropython import const

import games
from match import PERSON
from saves import codec, store, write  # the writer kept loaded, low in the heap: see above
from saves.codec import BEST, COLUMNS, FRIENDS, LAST_FRIENDS, LONGEST, PLAYED, STREAK, WON
from saves.store import GAME, LAST, MOVES
from unload import forget

IDLE_SAVE_MS = const(10000)
_BY_HOST = const(4)  # link.saved.BY_HOST: a host's link record goes with its game
_NOT_SAVED = "NOT SAVED: MEMORY FULL"
_LAST_MOST = const(1024)  # bytes of the last game's record at most


def _let_go():
    """The reader goes, and the decoders it loaded."""
    forget("saves.read")
    forget("saves.decode")
    forget("saves.fields")
    gc.collect()


class Saves:
    """The records. The game in progress (match and snapshot), its moves
    and the last finished game's record (match and moves) are kept in the
    store, not in RAM: ``*_n`` is the length of each in the newest copy
    (-1: none), and a save carries them into the next (``store.carry``).
    A game just over has its record put aside in the store's copy buffer,
    at its end (``aside``: where it starts; -1 none), until a save writes
    it; link play's seats are kept in ``link_buf`` (``link_n`` bytes)."""

    def __init__(self, nvm):
        gc.collect()  # the buffers below are kept for good: low in the heap
        self.nvm = nvm
        self.store = store.Store(nvm)  # its copy buffer is made now, once
        self.link_buf = bytearray(2 + 9 * 11)  # link.saved: 11 seats, a seat and 8-byte token each
        self.game_n = self.moves_n = self.last_n = self.link_n = -1
        self.settings = codec.Settings()
        # a row per save id (as many as the highest one needs), each game's its own
        rows = 0
        for info in games.CATALOGUE:
            rows = max(rows, info.SAVE_ID + 1)
        self.stats = [[0] * COLUMNS for _ in range(rows)]
        self.aside = -1  # a game just over: its record waits in the copy buffer from here
        self.ended = False  # ... and is printed with the next save
        self.dirty = False  # something changed since the last write
        self.writes = 0  # flash writes made
        self.failed = 0  # saves that could not be written since the last that was
        self.dropped = ()  # records the last write had no room for
        self.message = ""  # what to tell the person, once
        self.loaded = False  # the store was read (nothing is written before it is)
        self.read()

    # The kept records (a copy, bytes or a bytearray; None: none), for
    # reading them back and tools.
    def _record(self, kind, n):
        st = self.store
        if n < 0:
            return None
        if kind == LAST and self.aside >= 0:
            return st.copy[self.aside : self.aside + n]
        at = st.find(kind)
        return None if at < 0 else st.nvm[at : at + n]  # (a board's nvm slice is a new bytearray)

    game = property(lambda self: self._record(GAME, self.game_n))
    moves = property(lambda self: self._record(MOVES, self.moves_n))
    last = property(lambda self: self._record(LAST, self.last_n))

    def _keep_link(self, data):
        n = -1 if data is None or len(data) > len(self.link_buf) else len(data)
        if n > 0:
            self.link_buf[:n] = data
        self.link_n = n

    link = property(lambda self: None if self.link_n < 0
                    else bytes(memoryview(self.link_buf)[: self.link_n]), _keep_link)  # fmt: skip

    def read(self):
        """Read the store (power-up); on a full heap, say so and read it
        before the first write instead."""
        try:
            from saves import read

            read.load(self)
        except MemoryError:
            self.message = "MEMORY FULL: SAVES NOT READ"
        finally:
            _let_go()

    def _wrote(self, ok):
        if self.failed:
            self.failed = 0
            if self.message == _NOT_SAVED:
                self.message = ""
        return ok

    def _not_written(self):
        """Nothing written, nothing dropped: tried again later."""
        self.failed += 1
        self.dirty = True
        self.message = _NOT_SAVED
        return False

    def commit(self):
        """Write every record now: one flash write. False when it could not
        be written (``failed`` counts; the records stay to be retried). A
        saved game whose moves since its copy would not fit beside a new
        copy is written whole with them (``_fold``): no move is dropped."""
        try:
            ok = self._wrote(write.commit(self))
            if self.store.waits:
                ok = self._fold()
            return ok
        except MemoryError:
            return self._not_written()

    def _fold(self):
        """The saved game brought up to its last move (``saved_game``) and
        written whole: its copy and the moves since, in one."""
        saved = self.saved_game()
        if saved is None:
            return False
        match, state, moves = saved
        return self.keep_game(match, state, moves, len(moves) if moves is not None else 0)

    def keep_game(self, match, state, moves, moves_n):
        """Write the running game (``moves`` None: its moves are not known)."""
        try:
            return self._wrote(write.keep_game(self, match, state, moves, moves_n))
        except MemoryError:
            return self._not_written()

    def saved_game(self):
        """(match, state, moves or None) of the saved game in progress, or
        None (a record that does not restore is dropped, never played)."""
        try:
            from saves import read

            return read.saved_game(self)
        except MemoryError:  # not a bad record: kept for when memory allows
            self.message = "MEMORY FULL: GAME KEPT FOR LATER"
            return None
        finally:
            _let_go()

    def game_over(self, match, moves, moves_n, won, score, seat=-1):
        """Count the result (``seat``: the first winner's, -1 none)
        and forget the game now; its record is written (and printed) by
        the next ``commit``, which the app makes once the results are on
        screen and the table's memory is free."""
        row = self.stats[match.info.SAVE_ID]
        people = 1
        for s in range(1, len(match.kinds)):
            if match.kinds[s] == PERSON:  # a friend at this console
                people |= 1 << s
        if people > 1:
            row[FRIENDS] = min(row[FRIENDS] + 1, 0xFFFF)
            row[LAST_FRIENDS] = people | (seat + 1) << 12
        row[PLAYED] = min(row[PLAYED] + 1, 0xFFFF)
        if won:
            row[WON] = min(row[WON] + 1, 0xFFFF)
            row[STREAK] = min(row[STREAK] + 1, 0xFFFF)
            if row[STREAK] > row[LONGEST]:
                row[LONGEST] = row[STREAK]
        else:
            row[STREAK] = 0
        if score > row[BEST]:
            row[BEST] = min(score, 0xFFFF)
        self.game_n = self.moves_n = -1
        self.forget_guests()
        # the last game's record, put aside at the end of the store's copy buffer for
        # the next save (none for a resumed game whose moves were lost, or for one of
        # more than about a thousand moves: it would crowd out a game in progress)
        self.last_n = self.aside = -1
        self.ended = False
        copy = self.store.copy
        if moves is not None and copy is not None and moves_n + 32 <= _LAST_MOST:
            try:
                n = codec.put_record(copy, 0, match, moves, moves_n)
            except IndexError:  # a store too small for it
                n = -1
            if n >= 0:
                self.aside = len(copy) - n
                self.store.move(self.aside, 0, n)
                self.last_n = n
                self.ended = True
        self.dirty = True

    def forget_game(self):
        """A new game replaces the saved one (written with the next save)."""
        if self.game_n >= 0:
            self.game_n = self.moves_n = -1
            self.dirty = True
        self.forget_guests()

    def forget_guests(self):
        """The saved game's guest seats go with it (``link.saved``'s
        record, when it is a host's: a guest's own seat stays)."""
        if self.link_n > 0 and self.link_buf[0] == _BY_HOST:
            self.link_n = -1

    def has_game(self):
        return self.game_n >= 0

    def print_last(self):
        """Print the last finished game's record on the serial console (a
        maintainer can replay it: ``python -m sim --replay``)."""
        if self.last_n >= 0 and self.aside < 0:
            codec.print_line(self.store.nvm, self.last_n, self.store.find(LAST))
