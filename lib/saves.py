"""What the console keeps between power-ups, and when it writes it.

Records, most important first (a small store keeps the first that fit):

1. settings;
2. statistics per game (a row per save id: a game is always named by its
   ``SAVE_ID``, never by its place in the catalogue);
3. the game in progress: its setup and a snapshot of the state;
4. the last finished game's record (setup and moves), for replays;
5. the moves of the game in progress (so a resumed game can still be
   replayed when it ends).

Every write rewrites flash, so the console writes only when a game ends,
when the pause menu opens, when the person has left the keys alone for
``IDLE_SAVE_MS`` (so before the panel goes dark and the board sleeps),
and when settings are left changed: never per move.

Writing (``save_work.py``, with the store's layout ``save_store.py`` and the
encoders ``save_codec.py`` and ``save_snapshot.py``) is loaded when the console
starts and stays, with the store's copy buffer made then, so a save never
waits for a module or a big piece of heap. Reading (``save_read.py``,
``save_storeread.py``, ``save_snapread.py``) is loaded at power-up and for
Continue, then let go. A save that cannot be written (the heap is full)
is said and kept to be tried again: nothing is dropped.
"""

import gc
import sys

from micropython import const

SETTINGS = const(1)
STATS = const(2)
GAME = const(3)
LAST = const(4)
MOVES = const(5)
IDLE_SAVE_MS = const(10000)
# a row of statistics: yours, then the games played with friends at this
# console (pass-and-play) and the last of them: its people (a bit a seat)
# and its winner's seat + 1 (0: none) in the top four bits
PLAYED, WON, BEST, STREAK, LONGEST = range(5)  # then 5 and 6 (a name costs a board RAM)

# Saved settings in order: (attribute, default, lowest, highest). An idle
# timeout of 0 means never.
SAVED = (
    ("sound", 1, 0, 1),
    ("pace_ms", 700, 0, 10000),  # how long each computer move stays shown
    ("contrast", 128, 1, 255),
    ("repeat_ms", 120, 20, 1000),  # auto-repeat period of a held arrow
    ("screen_off_ms", 60000, 0, 3600000),  # no key this long: panel off
    ("sleep_ms", 300000, 0, 3600000),  # ... and this long: deep sleep
    ("dim_ms", 20000, 0, 3600000),  # no key this long: panel dimmed
)


class Settings:
    def __init__(self):
        for name, default, _, _ in SAVED:
            setattr(self, name, default)


def _index(game_id):
    """The game's row in ``Saves.stats``: its save id (stable, whatever
    the catalogue's order)."""
    import games

    info = games.info(game_id)
    if info is None:
        raise ValueError("unknown game")
    return info.SAVE_ID


def _let_go(*names):
    for name in names:
        if name in sys.modules:
            del sys.modules[name]
    gc.collect()


# The records kept between saves, each in a buffer made at start-up: the
# game in progress (setup and snapshot: at most about 370 bytes), its
# moves so far, and the last finished game's record (setup and moves).
KEEP_GAME = const(0)
KEEP_MOVES = const(1)
KEEP_LAST = const(2)
_SIZES = (512, 1024, 1024)


_NOT_SAVED = "NOT SAVED: MEMORY FULL"


class Saves:
    def __init__(self, nvm):
        import games
        import save_store

        self.nvm = nvm
        self.store = save_store.Store(nvm)  # its copy buffer is made now, once
        self.kept = [bytearray(n) for n in _SIZES]  # KEEP_GAME, KEEP_MOVES, KEEP_LAST
        self.kept_n = [-1, -1, -1]  # bytes of each in use; -1: none
        self.settings = Settings()
        # a row per save id (as many as the highest one needs), each game's its own
        rows = 0
        for info in games.CATALOGUE:
            rows = max(rows, info.SAVE_ID + 1)
        self.stats = [[0] * 7 for _ in range(rows)]
        self.ended = False  # a game just over: its record is printed with the next save
        self.dirty = False  # something changed since the last write
        self.writes = 0  # flash writes made
        self.failed = 0  # saves that could not be written since the last that was
        self.dropped = ()  # records the last write had no room for
        self.message = ""  # what to tell the person, once
        self.loaded = False  # the store was read (nothing is written before it is)
        import save_work  # noqa: F401  (kept loaded, low in the heap: see above)

        self.read()

    def _get(self, i):
        n = self.kept_n[i]
        return None if n < 0 else bytes(memoryview(self.kept[i])[:n])

    def _set(self, i, data):
        """Keep ``data`` (bytes, or None for nothing) as record ``i``; a
        record longer than its buffer is not kept."""
        n = -1 if data is None or len(data) > len(self.kept[i]) else len(data)
        if n > 0:
            self.kept[i][:n] = data
        self.kept_n[i] = n

    # The kept records as bytes (a copy), for reading them back and tools.
    game = property(lambda self: self._get(KEEP_GAME), lambda self, v: self._set(KEEP_GAME, v))
    moves = property(lambda self: self._get(KEEP_MOVES), lambda self, v: self._set(KEEP_MOVES, v))
    last = property(lambda self: self._get(KEEP_LAST), lambda self, v: self._set(KEEP_LAST, v))

    def read(self):
        """Read the store (power-up); on a full heap, say so and read it
        before the first write instead."""
        try:
            import save_read

            save_read.load(self)
        except MemoryError:
            self.message = "MEMORY FULL: SAVES NOT READ"
        finally:
            _let_go("save_read", "save_storeread")

    def _write(self, name, *args):
        try:
            import save_work

            ok = getattr(save_work, name)(self, *args)
            if self.failed:
                self.failed = 0
                if self.message == _NOT_SAVED:
                    self.message = ""
            return ok
        except MemoryError:  # nothing written, nothing dropped: tried again later
            self.failed += 1
            self.dirty = True
            self.message = _NOT_SAVED
            return False

    def commit(self):
        """Write every record now: one flash write. False when it could not
        be written (``failed`` counts; the records stay to be retried)."""
        return self._write("commit")

    def keep_game(self, setup, state, moves, moves_n):
        """Write the running game (``moves`` None: its moves are not known)."""
        return self._write("keep_game", setup, state, moves, moves_n)

    def saved_game(self):
        """(setup, state, moves or None) of the saved game in progress, or
        None (a record that does not restore is dropped, never played)."""
        try:
            import save_snapread

            return save_snapread.saved_game(self)
        except MemoryError:  # not a bad record: kept for when memory allows
            self.message = "MEMORY FULL: GAME KEPT FOR LATER"
            return None
        finally:
            _let_go("save_snapread", "save_read", "save_storeread")

    def game_over(self, setup, moves, moves_n, won, score, seat=-1):
        """Count the result (``seat``: the first winner's, -1 none)
        and forget the game now; its record is written (and printed) by
        the next ``commit``, which the app makes once the results are on
        screen and the table's memory is free."""
        row = self.stats[_index(setup[0])]
        people = 1
        levels = setup[5]
        for i in range(1, len(levels)):
            if levels[i] == 3:  # opponents.PERSON: a friend at this console
                people |= 1 << i
        if people > 1:
            row[5] = min(row[5] + 1, 0xFFFF)
            row[6] = people | (seat + 1) << 12
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
        kept = self.kept_n
        kept[KEEP_GAME] = kept[KEEP_MOVES] = -1
        # the last game's record (none for a resumed game whose moves were lost, or for
        # one too long to keep: its buffer holds about a thousand moves)
        kept[KEEP_LAST] = -1
        if moves is not None and moves_n + 32 <= len(self.kept[KEEP_LAST]):
            import save_codec

            kept[KEEP_LAST] = save_codec.put_record(self.kept[KEEP_LAST], 0, setup, moves, moves_n)
            self.ended = True
        self.dirty = True

    def forget_game(self):
        """A new game replaces the saved one (written with the next save)."""
        if self.kept_n[KEEP_GAME] >= 0:
            self.kept_n[KEEP_GAME] = self.kept_n[KEEP_MOVES] = -1
            self.dirty = True

    def has_game(self):
        return self.kept_n[KEEP_GAME] >= 0

    def stat_lines(self, game_id):
        played, won, best, streak, longest, n, last = self.stats[_index(game_id)]
        lines = [  # the panel's small font has no per cent sign
            "PLAYED %d  WON %d" % (played, won),
            "WIN RATE %d PER CENT" % (won * 100 // played if played else 0),
            "BEST SCORE %d" % best,
            "STREAK %d  LONGEST %d" % (streak, longest),
        ]
        if n:  # pass-and-play: the last game's people, and who won it
            t = " ".join(["P%d" % (i + 1) for i in range(12) if last >> i & 1])
            i = last >> 12
            lines.append(("FRIENDS %d: " % n + t)[:32])
            lines.append("LAST: P%d WON" % i if i else "LAST: NO WINNER")
        return lines

    def print_last(self):
        """Print the last finished game's record on the serial console (a
        maintainer can replay it: ``python -m sim --replay``)."""
        if self.kept_n[KEEP_LAST] >= 0:
            import save_codec

            save_codec.print_line(self.kept[KEEP_LAST], self.kept_n[KEEP_LAST])
